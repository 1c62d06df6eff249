package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"parlor/render"
	"parlor/storage"
)

// BenchmarkLoad is the table service under load as players feel it: each
// of the players plays their own game of All the King's Men, one move
// after another as soon as the last is answered, typed as /kingsmen move,
// with the real renderer and a SQLite file (synchronous=FULL), so every
// answer carries its board's picture. It reports the answer's time, from
// the request to the Response, as p50, p95, p99 and the slowest, in
// milliseconds, and the moves answered a second.
//
//	go test ./bot -run XXX -bench Load -benchtime 400x
func BenchmarkLoad(b *testing.B) {
	for _, players := range []int{1, 16} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			ctx := context.Background()
			db, err := storage.Open(ctx, filepath.Join(b.TempDir(), "load.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			table := NewTable(Config{Store: db, Painter: render.New(render.Kingsmen()), Kits: []Kit{KingsmenKit()}, Pace: unpaced})
			seats := make([]*loadPlayer, players)
			for i := range seats {
				seats[i] = newLoadPlayer(b, table, i)
			}
			per := max(1, b.N/players)
			times := make([][]time.Duration, players)
			b.ResetTimer()
			var wg sync.WaitGroup
			for i, p := range seats {
				wg.Go(func() { times[i] = p.play(b, per) })
			}
			wg.Wait()
			elapsed := b.Elapsed()
			all := slices.Concat(times...)
			slices.Sort(all)
			at := func(q float64) float64 {
				return float64(all[min(len(all)-1, int(q*float64(len(all))))]) / float64(time.Millisecond)
			}
			b.ReportMetric(at(0.50), "p50-ms")
			b.ReportMetric(at(0.95), "p95-ms")
			b.ReportMetric(at(0.99), "p99-ms")
			b.ReportMetric(float64(all[len(all)-1])/float64(time.Millisecond), "max-ms")
			b.ReportMetric(float64(len(all))/elapsed.Seconds(), "moves/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// loadPlayer is one game of the load test and both its players.
type loadPlayer struct {
	table *Table
	n     int
	game  int64
	users [2]User
	rng   *rand.Rand
	seq   int
}

func newLoadPlayer(b *testing.B, table *Table, n int) *loadPlayer {
	p := &loadPlayer{table: table, n: n, rng: rand.New(rand.NewPCG(uint64(n), 17)),
		users: [2]User{{ID: fmt.Sprint(1000 + 2*n), Name: fmt.Sprintf("P%da", n)}, {ID: fmt.Sprint(1001 + 2*n), Name: fmt.Sprintf("P%db", n)}}}
	p.newGame(b)
	return p
}

func (p *loadPlayer) request(u User) Request {
	p.seq++
	return Request{ID: fmt.Sprintf("load-%d-%d", p.n, p.seq), GuildID: "load-guild", ChannelID: fmt.Sprintf("load-%d", p.n),
		User: u, Options: map[string]string{}, Users: map[string]User{}}
}

// newGame has the first user challenge the second, who accepts.
func (p *loadPlayer) newGame(b *testing.B) {
	ctx := context.Background()
	req := p.request(p.users[0])
	req.Kind, req.Command, req.Sub = CommandRequest, "kingsmen", "new"
	req.Options["opponent"] = p.users[1].ID
	req.Users[p.users[1].ID] = p.users[1]
	resp := p.table.Handle(ctx, req)
	if resp.Public == nil {
		b.Fatalf("player %d: new game: %s", p.n, showResp(resp))
	}
	p.game = gameOfMessage(resp.Public)
	if p.game == 0 {
		b.Fatalf("player %d: no game on %s", p.n, showResp(resp))
	}
	req = p.request(p.users[1])
	req.Kind, req.CustomID = ComponentRequest, customID(p.game, 0, "accept")
	if resp := p.table.Handle(ctx, req); resp.Public == nil {
		b.Fatalf("player %d: accept: %s", p.n, showResp(resp))
	}
}

// play makes n moves, each by the player to move and chosen at random
// among the legal ones, starting a new game when one ends, and returns how
// long each answer took.
func (p *loadPlayer) play(b *testing.B, n int) []time.Duration {
	ctx := context.Background()
	times := make([]time.Duration, 0, n)
	for len(times) < n {
		g, err := p.table.store.Game(ctx, p.game)
		if err != nil {
			b.Error(err)
			return times
		}
		st, err := p.table.kits[g.Kind].Game.Parse(g.Position)
		if err != nil {
			b.Error(err)
			return times
		}
		if g.Status != storage.StatusActive || st.Outcome().Over() {
			p.newGame(b)
			continue
		}
		legal := st.Legal()
		m := legal[p.rng.IntN(len(legal))]
		mover := seatUser(g, int(st.ToMove()))
		u := p.users[0]
		if mover.UserID == p.users[1].ID {
			u = p.users[1]
		}
		req := p.request(u)
		req.Kind, req.Command, req.Sub = CommandRequest, "kingsmen", "move"
		req.Options["move"], req.Options["game"] = m.Text, fmt.Sprint(p.game)
		start := time.Now()
		resp := p.table.Handle(ctx, req)
		times = append(times, time.Since(start))
		if resp.Public == nil || resp.Public.File == nil {
			b.Errorf("player %d: %s plays %s: %s", p.n, u.Name, m.Text, showResp(resp))
			return times
		}
	}
	return times
}

// gameOfMessage is the game a board or lobby message's buttons name.
func gameOfMessage(m *Message) int64 {
	for _, row := range m.Components {
		for _, c := range row {
			if id, ok := GameOfCustomID(c.ID); ok {
				return id
			}
		}
	}
	return 0
}
