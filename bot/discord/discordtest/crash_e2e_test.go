package discordtest_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"parlor/bot"
	"parlor/bot/discord/discordtest"
	"parlor/storage"
)

// mortal lets the test kill the bot's processes between storing a change
// and answering it (harness.dying).
func mortal(h *harness) { h.dying = new(atomic.Bool) }

// mortalTable is the table of a process that dies, while dying is set,
// right after a change is stored: the answer, and the board in it, never
// leave the process.
type mortalTable struct {
	*bot.Table
	dying *atomic.Bool
}

func (m mortalTable) Handle(ctx context.Context, req bot.Request) bot.Response {
	resp := m.Table.Handle(ctx, req)
	if m.dying.Load() && req.Kind != bot.AutocompleteRequest {
		return bot.Response{}
	}
	return resp
}

// boardsAt are the messages showing game id's board drawn at version.
func boardsAt(f *discordtest.Fake, id, version int64) []discordtest.Message {
	name := fmt.Sprintf("kingsmen-%d-%d.png", id, version)
	var out []discordtest.Message
	for _, m := range f.Messages() {
		for _, file := range m.Files {
			if file.Name == name {
				out = append(out, m)
			}
		}
	}
	return out
}

// sweepAtOnce runs the sweeps of processes at the same moment, as
// replicas on one database do, and returns once they have posted.
func sweepAtOnce(ps ...*process) {
	var wg sync.WaitGroup
	for _, p := range ps {
		wg.Go(func() { p.d.Sweep(context.Background()) })
	}
	wg.Wait()
}

// A process stores a move and dies before posting its board. The move is
// kept, and so is the debt of its board: two replicas start on the
// database; until the move's hold has passed neither posts it (the
// process that stored it might still); then, sweeping at the same
// moment, exactly one posts it, in the game's channel, saying what the
// move did and pinging the player to move; no later sweep posts it
// again. Through the HTTP door, on SQLite and PostgreSQL.
func TestBoardOfAMoveStoredBeforeACrash(t *testing.T) {
	t.Parallel()
	for _, engine := range []struct {
		name string
		on   setting
	}{{"sqlite", func(*harness) {}}, {"postgres", onPostgres}} {
		t.Run(engine.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, engine.on, viaHTTP, fakeTime, mortal)
			alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
			ch := h.f.Channel()
			id, _ := h.challenge(alice, bob, ch)

			h.dying.Store(true)
			ix := h.f.Command(alice, ch, "kingsmen", "move", discordtest.Opt{Name: "move", Value: "Ac2-c3"}, discordtest.Opt{Name: "game", Value: fmt.Sprint(id)})
			ix.Callback(t)
			g, log := h.game(id)
			if len(log) != 1 || log[0].Text != "Ac2-c3" || g.Owed.Version != g.Version {
				t.Fatalf("after the move the process died on: log %v, owed %+v at version %d", texts(log), g.Owed, g.Version)
			}
			if n := len(boardsAt(h.f, id, g.Version)); n != 0 {
				t.Fatalf("%d boards of the move a process died on", n)
			}
			h.stop()
			h.dying.Store(false)
			h.start()
			second := h.launch()
			t.Cleanup(func() { h.end(second) })
			h.f.DeliverTo(h.proc.url, second.url)

			sweepAtOnce(h.proc, second)
			if n := len(boardsAt(h.f, id, g.Version)); n != 0 {
				t.Fatalf("%d boards posted within the move's hold", n)
			}
			h.clock.advance(storage.DefaultBoardHold)
			sweepAtOnce(h.proc, second)
			boards := boardsAt(h.f, id, g.Version)
			if len(boards) != 1 {
				t.Fatalf("%d boards of the move after two replicas swept, want 1\n%s", len(boards), describe(h.f.Messages()))
			}
			b := boards[0]
			if b.ChannelID != ch.ID || !strings.Contains(b.Content, "Ac2-c3") || !strings.Contains(b.Content, "<@"+bob.ID+">") || len(b.Components) == 0 {
				t.Errorf("the board owed, in %s (want %s): %q with %d rows", b.ChannelID, ch.ID, b.Content, len(b.Components))
			}
			if g, _ := h.game(id); g.Owed != (storage.Owed{}) {
				t.Errorf("owed %+v once posted", g.Owed)
			}
			h.clock.advance(time.Hour)
			sweepAtOnce(h.proc, second)
			if n := len(boardsAt(h.f, id, g.Version)); n != 1 {
				t.Errorf("%d boards of the move after more sweeps, want 1", n)
			}
			// The game goes on from the board posted.
			h.selectMove(bob, b, "Ab7-b6")
		})
	}
}
