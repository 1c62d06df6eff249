package discordtest_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"parlor/bot"
	"parlor/bot/discord/discordtest"
	"parlor/rules/kingsmen"
)

// liveOf lists the public messages among ms that still carry controls of
// game id.
func liveOf(ms []discordtest.Message, id int64) []discordtest.Message {
	var out []discordtest.Message
	for _, m := range ms {
		if m.Ephemeral() || m.Deleted {
			continue
		}
		if _, ok := m.Find(func(c discordtest.Component) bool {
			g, ok := bot.GameOfCustomID(c.CustomID)
			return ok && g == id
		}); ok {
			out = append(out, m)
		}
	}
	return out
}

// awaitOneLive waits until board is the only public message with controls
// of game id.
func (h *harness) awaitOneLive(id int64, board discordtest.Message) {
	h.t.Helper()
	h.f.AwaitMessages(h.t, fmt.Sprintf("board %s as game #%d's only message with buttons", board.ID, id), func(ms []discordtest.Message) bool {
		live := liveOf(ms, id)
		return len(live) == 1 && live[0].ID == board.ID
	})
}

// One live board: whichever way a board is posted (a move from the
// private menus, a typed move, /board), the boards before it, and the
// invitation, lose their buttons, edited in place; the game's messages
// are otherwise untouched, and the game over board leaves none.
func TestOnlyTheNewestBoardHasButtons(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		h := newHarness(t, door)
		alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
		ch := h.f.Channel()
		invitation := h.challengeMessage(alice, bob, ch)
		accept, _ := invitation.Button("Accept")
		board := h.board(h.f.Click(bob, invitation, accept.CustomID))
		id := gameID(t, board)
		h.awaitOneLive(id, board)

		board = h.selectMove(alice, board, "Nf1-g1")
		h.awaitOneLive(id, board)
		board = h.slashMove(bob, ch, "b7", "Ab7-b6")
		h.awaitOneLive(id, board)
		board = h.board(h.f.Command(alice, ch, "kingsmen", "board"))
		h.awaitOneLive(id, board)

		// The boards that lost their buttons kept their words and picture.
		for _, m := range h.f.Messages() {
			if isBoard(m) && m.ID != board.ID && (len(m.Files) != 1 || !strings.Contains(m.Content, "Game #")) {
				t.Errorf("an old board lost more than its buttons: %+v", m)
			}
		}
		g, log := h.game(id)
		if st, err := bot.Replay(kingsmen.Game{}, 2, log); err != nil || st.String() != g.Position {
			t.Fatalf("the log does not replay to the stored position: %v", err)
		}

		// Resigning ends the game: its last board has no buttons, and none
		// is left on the others.
		h.resign(bob, ch, "kingsmen").Await(t, "the resignation", func(m discordtest.Message) bool {
			return !m.Ephemeral() && strings.Contains(m.Content, "resign")
		})
		h.f.AwaitMessages(t, "no message with buttons of the game over", func(ms []discordtest.Message) bool { return len(liveOf(ms, id)) == 0 })
	})
}

// A lapsed invitation loses its buttons when the sweep says it lapsed.
func TestLapsedInvitationLosesItsButtons(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeTime)
	alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
	invitation := h.challengeMessage(alice, bob, h.f.Channel())
	h.clock.advance(8 * 24 * time.Hour)
	h.sweep()
	h.f.AwaitMessages(t, "the lapsed invitation without buttons", func(ms []discordtest.Message) bool {
		for _, m := range ms {
			if m.ID == invitation.ID {
				return len(m.Components) == 0
			}
		}
		return false
	})
	for _, m := range h.f.Messages() {
		if strings.Contains(m.Content, "lapsed") {
			return
		}
	}
	t.Errorf("no message says the invitation lapsed")
}
