package discordtest_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"parlor/bot/discord/discordtest"
	"parlor/rules/kingsmen"
	"parlor/storage"
)

// BenchmarkComputersAtOnce is a crowd playing the computer: 30 people, each
// in a game of All the King's Men against the computer in a channel of
// their own, served through the gateway door with the real renderer, a
// SQLite file and the computer's budget of production (PARLOR_THINK's
// default, 200 ms). Each round, all 30 move at the same moment with a
// random legal move; the round ends when every computer has answered. It
// reports the computer's reply time, from the person's move leaving
// Discord to the computer's board posted in the game's channel, as p50,
// p95 and the slowest in milliseconds, over every reply of every round.
// "workers" is the bot as it runs (the computers' turns queued for a
// worker per core); "sweep" has the sweeps play them one after another
// (the bot before the queue).
//
//	go test ./bot/discord/discordtest -run XXX -bench ComputersAtOnce -benchtime 3x
func BenchmarkComputersAtOnce(b *testing.B) {
	for _, c := range []struct {
		name    string
		workers int
	}{{"workers", 0}, {"sweep", -1}} {
		b.Run(c.name, func(b *testing.B) {
			computersAtOnce(b, 30, c.workers)
		})
	}
}

func computersAtOnce(b *testing.B, games, workers int) {
	h := newHarness(b, func(h *harness) { h.think, h.computerWorkers = 200*time.Millisecond, workers })
	h.f.SetTimeout(2 * time.Minute) // the sweep's queue is slow
	parlor := h.f.BotUser()
	type table struct {
		id     int64
		ch     discordtest.Channel
		player discordtest.User
		rng    *rand.Rand
		sent   time.Time // the person's last move of the round
		over   bool
	}
	tables := make([]*table, games)
	for i := range tables {
		t := &table{ch: h.f.NewChannel(fmt.Sprintf("computer-%d", i)), player: h.f.NewUser(fmt.Sprintf("Player %d", i)),
			rng: rand.New(rand.NewPCG(uint64(i), 11))}
		first := h.board(h.f.Command(t.player, t.ch, "kingsmen", "new", discordtest.Opt{Name: "opponent", Value: parlor.ID}))
		t.id = gameID(b, first)
		tables[i] = t
	}
	var lat []time.Duration
	b.ResetTimer()
	for b.Loop() {
		// Everyone moves at once.
		var wg sync.WaitGroup
		for _, t := range tables {
			wg.Go(func() { t.sent, t.over = move(b, h, t.id, t.ch, t.player, t.rng) })
		}
		wg.Wait()
		// One waiter for every computer's board, so that waiting costs
		// the bot little.
		replies := map[int64]time.Time{}
		h.f.AwaitMessages(b, "every computer's board", func(ms []discordtest.Message) bool {
			for _, t := range tables {
				if _, ok := replies[t.id]; ok || t.over {
					continue
				}
				for _, m := range ms {
					if m.ChannelID == t.ch.ID && m.Created.After(t.sent) && strings.Contains(m.Content, "**Parlor (strong)** played") {
						replies[t.id] = m.Created
						break
					}
				}
			}
			for _, t := range tables {
				if _, ok := replies[t.id]; !ok && !t.over {
					return false
				}
			}
			return true
		})
		for _, t := range tables {
			if !t.over {
				lat = append(lat, replies[t.id].Sub(t.sent))
				awaitPerson(b, h, t.id)
			}
		}
	}
	b.StopTimer()
	if len(lat) == 0 {
		b.Fatal("no replies measured")
	}
	slices.Sort(lat)
	at := func(q float64) float64 {
		return float64(lat[min(len(lat)-1, int(q*float64(len(lat))))]) / float64(time.Millisecond)
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.95), "p95-ms")
	b.ReportMetric(float64(lat[len(lat)-1])/float64(time.Millisecond), "max-ms")
	b.ReportMetric(float64(len(lat)), "replies")
	b.ReportMetric(0, "ns/op")
}

// move has the person in game id move (a random legal move) until the
// computer is to move, and says when the last move left Discord, or that
// the game is over.
func move(b *testing.B, h *harness, id int64, ch discordtest.Channel, player discordtest.User, rng *rand.Rand) (time.Time, bool) {
	var sent time.Time
	for {
		g, _ := h.game(id)
		if g.Status != storage.StatusActive {
			return sent, true
		}
		p, err := kingsmen.Parse(g.Position)
		if err != nil {
			b.Error(err)
			return sent, true
		}
		if g.Seats[p.ToMove()].Computer != "" {
			return sent, sent.IsZero()
		}
		legal := p.Legal()
		ix := h.f.Command(player, ch, "kingsmen", "move", discordtest.Opt{Name: "move", Value: legal[rng.IntN(len(legal))].Text},
			discordtest.Opt{Name: "game", Value: fmt.Sprint(id)})
		h.board(ix)
		sent = ix.Sent()
	}
}

// awaitPerson waits until the computer is not to move in game id: its
// turn (of one move or more) is over.
func awaitPerson(b *testing.B, h *harness, id int64) {
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		g, _ := h.game(id)
		p, err := kingsmen.Parse(g.Position)
		if err != nil || g.Status != storage.StatusActive || g.Seats[p.ToMove()].Computer == "" {
			return
		}
		if time.Now().After(deadline) {
			b.Fatalf("game %d: the computer is still to move after a minute", id)
		}
	}
}
