package discordtest_test

import (
	"strings"
	"testing"
	"time"

	"parlor/bot"
	"parlor/bot/discord/discordtest"
	"parlor/rules/kingsmen"
	"parlor/storage"
)

// A whole game of All the King's Men against the computer through
// Discord: Alice names the bot as her opponent, the game begins at once,
// and after each of her moves the computer's board follows by itself (the
// sweep woken by her answer), pinging her and never the bot, until the
// game ends; the log replays to the stored position.
func TestPlayTheComputerThroughDiscord(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		h := newHarness(t, door)
		alice := h.f.NewUser("Alice")
		ch := h.f.Channel()
		parlor := h.f.BotUser()
		first := h.board(h.f.Command(alice, ch, "kingsmen", "new", discordtest.Opt{Name: "opponent", Value: parlor.ID}))
		id := gameID(t, first)
		if !strings.Contains(first.Content, "begins") {
			t.Fatalf("the game against the computer should begin at once: %q", first.Content)
		}
		seen := len(h.f.Messages()) - 1
		for turn := 0; ; turn++ {
			g, _ := h.game(id)
			if g.Status == storage.StatusOver {
				break
			}
			if turn == 400 {
				t.Fatalf("no end after %d turns", turn)
			}
			p, err := kingsmen.Parse(g.Position)
			if err != nil {
				t.Fatal(err)
			}
			if g.Seats[p.ToMove()].Computer != "" {
				// The computer's board comes by itself.
				h.awaitStored("the computer's move", func(now *storage.Game) bool { return now.Version > g.Version }, id)
				continue
			}
			h.board(h.f.Command(alice, ch, "kingsmen", "move", discordtest.Opt{Name: "move", Value: p.Legal()[0].Text}))
		}
		computerBoards := 0
		for _, m := range h.f.Messages()[seen:] {
			if !isBoard(m) {
				continue
			}
			for _, ping := range m.Pings() {
				if ping != alice.ID {
					t.Errorf("a board pings %s, not only Alice: %q", ping, m.Content)
				}
			}
			if strings.Contains(m.Content, "**Parlor (strong)** played") {
				computerBoards++
			}
		}
		g, log := h.game(id)
		if computerBoards == 0 {
			t.Fatalf("no board of the computer's moves among %d moves", len(log))
		}
		st, err := bot.Replay(kingsmen.Game{}, 2, log)
		if err != nil || st.String() != g.Position {
			t.Fatalf("the log does not replay to the stored position: %v", err)
		}
	})
}

// awaitStored waits until cond holds for game id as stored.
func (h *harness) awaitStored(what string, cond func(*storage.Game) bool, id int64) {
	h.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		g, _ := h.game(id)
		if cond(g) {
			return
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("no %s within 30 s\n%s", what, h.log)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
