package discordtest_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"parlor/bot/discord/discordtest"
)

// BenchmarkGamesAtOnce is the whole bot under a crowd: 200 games of All the
// King's Men, each in its own channel, served through the gateway door
// with the real renderer and a SQLite file. Each round, every game's player
// to move sends /kingsmen move with a random legal move at the same moment,
// and the round ends when every new board is up. It reports the first
// answer's time, from Discord's dispatch to the bot's interaction callback,
// as p50, p95, p99 and the slowest, in milliseconds; how many first answers
// were deferrals (deferred-%), and how many came after Discord's 3 s
// (late); every answer is checked to be the new board.
//
//	go test ./bot/discord/discordtest -run XXX -bench GamesAtOnce -benchtime 3x
func BenchmarkGamesAtOnce(b *testing.B) {
	const games = 200
	h := newHarness(b, paced) // the slow-down on, as in production: each player acts once a round
	type table struct {
		id      int64
		ch      discordtest.Channel
		players [2]discordtest.User
		rng     *rand.Rand
	}
	tables := make([]*table, games)
	for i := range tables {
		t := &table{ch: h.f.NewChannel(fmt.Sprintf("table-%d", i)), rng: rand.New(rand.NewPCG(uint64(i), 7)),
			players: [2]discordtest.User{h.f.NewUser(fmt.Sprintf("North %d", i)), h.f.NewUser(fmt.Sprintf("South %d", i))}}
		t.id, _ = h.challenge(t.players[0], t.players[1], t.ch)
		tables[i] = t
	}
	var (
		mu       sync.Mutex
		lat      []time.Duration
		deferred int
	)
	b.ResetTimer()
	for b.Loop() {
		var wg sync.WaitGroup
		for _, t := range tables {
			text, mover, _, over := h.randomMove(t.id, t.players, t.rng)
			if over {
				b.Fatalf("game %d is over; play fewer rounds", t.id)
			}
			wg.Go(func() {
				ix := h.f.Command(mover, t.ch, "kingsmen", "move",
					discordtest.Opt{Name: "move", Value: text}, discordtest.Opt{Name: "game", Value: fmt.Sprint(t.id)})
				h.board(ix)
				d, typ := ix.Latency(b), ix.CallbackType(b)
				mu.Lock()
				defer mu.Unlock()
				lat = append(lat, d)
				if typ == discordtest.DeferredChannelMessage || typ == discordtest.DeferredUpdateMessage {
					deferred++
				}
			})
		}
		wg.Wait()
	}
	b.StopTimer()
	slices.Sort(lat)
	at := func(q float64) float64 {
		return float64(lat[min(len(lat)-1, int(q*float64(len(lat))))]) / float64(time.Millisecond)
	}
	late := 0
	for _, d := range lat {
		if d > 3*time.Second {
			late++
		}
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.95), "p95-ms")
	b.ReportMetric(at(0.99), "p99-ms")
	b.ReportMetric(float64(lat[len(lat)-1])/float64(time.Millisecond), "max-ms")
	b.ReportMetric(100*float64(deferred)/float64(len(lat)), "deferred-%")
	b.ReportMetric(float64(late), "late")
	b.ReportMetric(0, "ns/op")
}
