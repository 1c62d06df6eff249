package discordtest_test

import (
	"fmt"
	"strings"
	"testing"

	"parlor/bot"
	"parlor/bot/discord/discordtest"
	"parlor/rules/kippykoo"
	"parlor/storage"
)

// Two people play a whole game of Kippy Koo through Discord, with the
// bot's own fair dice: a challenge accepted, then every throw by the Roll
// button and every move from the board's menu (the first choice), until
// one has all four marbles in FINISH (under the race detector, until one
// resigns). Every board pings only the player to act; a throw takes two
// interactions at most, and throws again after doubles none. The last
// board reveals the dice seed, whose SHA-256 the invitation published,
// and /kippykoo verify finds that every roll checks out.
func TestFullGameKippyKoo(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		h := newHarness(t, door, sketchy, fairDice)
		alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
		users := map[string]discordtest.User{alice.ID: alice, bob.ID: bob}
		ch := h.f.Channel()
		ix := h.f.Command(alice, ch, "kippykoo", "new", discordtest.Opt{Name: "player2", Value: bob.ID})
		invite := ix.Await(t, "the invitation", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
		accept, ok := invite.Button("Accept")
		if !ok {
			t.Fatalf("the invitation %q has no Accept button", invite.Content)
		}
		board := h.board(h.f.Click(bob, invite, accept.CustomID))
		id := gameID(t, board)
		if !strings.Contains(board.Content, "By lot, **") {
			t.Errorf("the first board %q does not say who begins", board.Content)
		}
		position := func() *kippykoo.Position {
			g, _ := h.game(id)
			p, err := kippykoo.Parse(g.Position)
			if err != nil {
				t.Fatalf("stored position: %v", err)
			}
			return p
		}
		clicks := 0
		for p := position(); !p.Outcome().Over(); p = position() {
			if raceDetector && clicks == 4*racyTurns {
				t.Logf("Alice resigns after %d interactions under the race detector; without it the game is played to its end", clicks)
				board = h.board(h.resign(alice, ch, "kippykoo"))
				break
			}
			if clicks++; clicks > 1500 {
				t.Fatalf("no winner after %d interactions:\n%s", clicks, p.Drawing())
			}
			g, _ := h.game(id)
			u := users[g.Seats[p.ToMove()].UserID]
			if pings := board.Pings(); len(pings) != 1 || pings[0] != u.ID {
				t.Fatalf("the board pings %v, want only %s\n%s", pings, u.GlobalName, board.Content)
			}
			switch p.Phase() {
			case kippykoo.PhaseThrow:
				roll, ok := board.Button("🎲 Roll")
				if !ok {
					t.Fatalf("no Roll button on %q", board.Content)
				}
				board = h.board(h.f.Click(u, board, roll.CustomID))
			case kippykoo.PhaseMove:
				menu, ok := board.Select("/pick")
				if !ok {
					t.Fatalf("no move menu on %q\n%s", board.Content, p.Drawing())
				}
				board = h.board(h.f.Choose(u, board, menu.CustomID, menu.Options[0].Value))
			default:
				t.Fatalf("phase %s for a player", p.Phase())
			}
		}
		g, _ := h.game(id)
		commitment := bot.Commitment(g.Dice)
		if commitment == "" || !strings.Contains(invite.Content, commitment) || !strings.Contains(board.Content, "`"+g.Dice.Seed+"`") {
			t.Errorf("the invitation %q should publish the seed's SHA-256 %s, and the last board %q reveal the seed", invite.Content, commitment, board.Content)
		}
		verify := h.private(h.f.Command(bob, ch, "kippykoo", "verify", discordtest.Opt{Name: "game", Value: fmt.Sprint(id)}))
		if !strings.Contains(verify.Content, "rolls check out") || strings.Contains(verify.Content, "All 0 rolls") {
			t.Errorf("/kippykoo verify says %q", verify.Content)
		}
		if raceDetector {
			return
		}
		if !strings.Contains(board.Content, "won by bringing all four marbles into FINISH") || len(board.Components) != 0 || len(board.Pings()) != 0 {
			t.Errorf("last board %q with %d rows pinging %v, want the winner and no controls", board.Content, len(board.Components), board.Pings())
		}
		if g.Status != storage.StatusOver {
			t.Errorf("stored game is %s, want over", g.Status)
		}
		if refused := h.refused(); len(refused) > 0 {
			t.Errorf("Discord refused %v", refused)
		}
		t.Logf("%d interactions", clicks)
	})
}
