package discordtest_test

import (
	"strings"
	"testing"

	"parlor/bot/discord/discordtest"
	"parlor/rules"
	"parlor/rules/rumba"
	"parlor/storage"
)

// Four people play a whole game of Rumba through Discord: Alice invites
// Carol as her partner and Bob and Dave as opponents, they accept, and
// every throw is the Roll button and every die a pick from the board's
// menus (the first choice), until one partnership has four men in
// FINISH. Every board pings only the player to act, a decision is one
// interaction, and the partners win together.
func TestFullGameRumbaFourPlayers(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		h := newHarness(t, door, sketchy)
		alice, bob, carol, dave := h.f.NewUser("Alice"), h.f.NewUser("Bob"), h.f.NewUser("Carol"), h.f.NewUser("Dave")
		users := map[string]discordtest.User{alice.ID: alice, bob.ID: bob, carol.ID: carol, dave.ID: dave}
		ch := h.f.Channel()
		ix := h.f.Command(alice, ch, "rumba", "new",
			discordtest.Opt{Name: "partner", Value: carol.ID},
			discordtest.Opt{Name: "opponent", Value: bob.ID},
			discordtest.Opt{Name: "opponent2", Value: dave.ID})
		invite := ix.Await(t, "the invitation", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
		if pings := invite.Pings(); len(pings) != 3 {
			t.Errorf("the invitation pings %v, want the three invited", pings)
		}
		var board discordtest.Message
		for i, u := range []discordtest.User{carol, bob, dave} {
			accept, ok := invite.Button("Accept")
			if !ok {
				t.Fatalf("the invitation %q has no Accept button", invite.Content)
			}
			ix := h.f.Click(u, invite, accept.CustomID)
			if i < 2 {
				invite = ix.Await(t, "the invitation updated", func(m discordtest.Message) bool { return strings.Contains(m.Content, u.GlobalName+"** accepted") })
				continue
			}
			board = h.board(ix)
		}
		id := gameID(t, board)
		if !strings.Contains(board.Content, "**Alice** plays South, Red, **Bob** plays East, Black, **Carol** plays North, Red and **Dave** plays West, Black") {
			t.Errorf("the first board %q does not seat the partners opposite", board.Content)
		}
		position := func() *rumba.Position {
			g, _ := h.game(id)
			p, err := rumba.Parse(g.Position)
			if err != nil {
				t.Fatalf("stored position: %v", err)
			}
			return p
		}
		clicks := 0
		for p := position(); !p.Outcome().Over(); p = position() {
			if raceDetector && clicks == 4*racyTurns {
				t.Logf("stopped after %d interactions under the race detector; without it the game is played to its end", clicks)
				return
			}
			if clicks++; clicks > 3000 {
				t.Fatalf("no winner after %d interactions:\n%s", clicks, p.Drawing())
			}
			g, _ := h.game(id)
			u := users[g.Seats[p.ToMove()].UserID]
			if pings := board.Pings(); len(pings) != 1 || pings[0] != u.ID {
				t.Fatalf("the board pings %v, want only %s\n%s", pings, u.GlobalName, board.Content)
			}
			switch p.Phase() {
			case rumba.PhaseThrow:
				roll, ok := board.Button("🎲 Roll")
				if !ok {
					t.Fatalf("no Roll button on %q", board.Content)
				}
				board = h.board(h.f.Click(u, board, roll.CustomID))
			case rumba.PhaseMove:
				menu, ok := board.Select("/pick")
				if !ok {
					t.Fatalf("no move menu on %q\n%s", board.Content, p.Drawing())
				}
				board = h.board(h.f.Choose(u, board, menu.CustomID, menu.Options[0].Value))
			default:
				t.Fatalf("phase %s for a player", p.Phase())
			}
		}
		p := position()
		if w := p.Outcome().Winners; len(w) != 2 || p.SideOf(w[0]) != p.SideOf(w[1]) || p.Outcome().Method != rules.Finished {
			t.Errorf("the game should be won by a partnership: %+v", p.Outcome())
		}
		if len(board.Components) != 0 || len(board.Pings()) != 0 {
			t.Errorf("last board %q with %d rows pinging %v, want the winners and no controls", board.Content, len(board.Components), board.Pings())
		}
		if g, _ := h.game(id); g.Status != storage.StatusOver {
			t.Errorf("stored game is %s, want over", g.Status)
		}
		if refused := h.refused(); len(refused) > 0 {
			t.Errorf("Discord refused %v", refused)
		}
		t.Logf("%d interactions", clicks)
	})
}
