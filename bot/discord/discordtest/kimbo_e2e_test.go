package discordtest_test

import (
	"fmt"
	"strings"
	"testing"

	"parlor/bot/discord/discordtest"
	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/storage"
)

// kimboScore is how far seat's pieces are from HOME, for the players of
// TestFullGameKimboThreePlayers, who move greedily: each piece counts its
// distance from the middle, a captured one a lot, a piece HOME nothing.
func kimboScore(p *kimbo.Position, seat rules.Seat) int {
	s := 0
	for _, sq := range p.Pieces(seat) {
		switch sq {
		case kimbo.Home:
		case kimbo.NoSquare:
			s += 40
		default:
			s += abs(sq.File()-7) + abs(sq.Rank()-7) + 5
		}
	}
	return s
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// kimboBest is the greedy move of the seat to move in p.
func kimboBest(p *kimbo.Position) rules.Move {
	legal := p.Legal()
	best, score := legal[0], 1<<30
	for _, m := range legal {
		next, err := p.Play(m)
		if err != nil {
			continue
		}
		if s := kimboScore(next.(*kimbo.Position), p.ToMove()); s < score {
			best, score = m, s
		}
	}
	return best
}

// Three people play a whole game of Kimbo through Discord: Alice invites
// Bob and leaves a seat open, Carol joins, Bob accepts; then every turn is
// played as people would: the Roll button or /kimbo fence (chosen from its
// autocomplete), the move by /kimbo move (from the autocomplete of what they
// start typing) or by the board's menus, and the corner buttons after a
// capture; until someone has all four pieces HOME. Every board pings only
// the player to act, and every turn takes at most three interactions and
// one more per corner to choose.
func TestFullGameKimboThreePlayers(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		h := newHarness(t, door, sketchy)
		alice, bob, carol := h.f.NewUser("Alice"), h.f.NewUser("Bob"), h.f.NewUser("Carol")
		users := map[string]discordtest.User{alice.ID: alice, bob.ID: bob, carol.ID: carol}
		ch := h.f.Channel()

		ix := h.f.Command(alice, ch, "kimbo", "new", discordtest.Opt{Name: "player2", Value: bob.ID}, discordtest.Opt{Name: "players", Value: "3"})
		lobby := ix.Await(t, "the invitation", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
		if p := lobby.Pings(); len(p) != 1 || p[0] != bob.ID {
			t.Errorf("the invitation pings %v, want only Bob", p)
		}
		join, ok := lobby.Button("Join")
		accept, ok2 := lobby.Button("Accept")
		if !ok || !ok2 {
			t.Fatalf("the invitation %q has no Join or Accept button", lobby.Content)
		}
		joined := h.f.Click(carol, lobby, join.CustomID)
		joined.Await(t, "the invitation updated", func(m discordtest.Message) bool { return strings.Contains(m.Content, "**Carol** joined.") })
		board := h.board(h.f.Click(bob, lobby, accept.CustomID))
		id := gameID(t, board)
		if !strings.Contains(board.Content, "Opening roll: ") {
			t.Errorf("the first board %q does not show the opening roll", board.Content)
		}

		position := func() *kimbo.Position {
			g, _ := h.game(id)
			p, err := kimbo.Parse(g.Position)
			if err != nil {
				t.Fatalf("stored position: %v", err)
			}
			return p
		}
		mover := func(p *kimbo.Position) discordtest.User {
			g, _ := h.game(id)
			for _, s := range g.Seats {
				if s.Seat == int(p.ToMove()) {
					return users[s.UserID]
				}
			}
			t.Fatalf("nobody to move:\n%s", p.Drawing())
			return discordtest.User{}
		}
		turns, interactions := 0, 0
		for p := position(); !p.Outcome().Over(); p = position() {
			if raceDetector && turns == racyTurns {
				t.Logf("stopped after %d turns under the race detector; without it the game is played to its end", turns)
				return
			}
			if turns == 400 {
				t.Fatalf("no winner after %d turns:\n%s", turns, p.Drawing())
			}
			turns++
			u := mover(p)
			if pings := board.Pings(); len(pings) != 1 || pings[0] != u.ID {
				t.Fatalf("turn %d: the board pings %v, want only %s\n%s", turns, pings, u.GlobalName, board.Content)
			}
			clicks, corners := 0, 0
			seat := p.Turn()
			for p := position(); !p.Outcome().Over() && p.Turn() == seat; p = position() {
				clicks++
				switch p.Phase() {
				case kimbo.PhaseFence:
					if turns%7 != 3 {
						roll, ok := board.Button("🎲 Roll (no fence move)")
						if !ok {
							t.Fatalf("turn %d: no Roll button on %q", turns, board.Content)
						}
						board = h.board(h.f.Click(u, board, roll.CustomID))
						break
					}
					fences := h.f.Autocomplete(u, ch, "kimbo", "fence", "fence", discordtest.Opt{Name: "fence", Value: ""}).Choices(t)
					if len(fences) != kimbo.FencesPerSeat {
						t.Fatalf("turn %d: fence autocomplete %v, want %d fences", turns, fences, kimbo.FencesPerSeat)
					}
					from := fences[turns%len(fences)].Value
					tos := h.f.Autocomplete(u, ch, "kimbo", "fence", "to", discordtest.Opt{Name: "fence", Value: from}, discordtest.Opt{Name: "to", Value: "a"}).Choices(t)
					if len(tos) == 0 {
						t.Fatalf("turn %d: no vacant slot by a file-a square for %s", turns, from)
					}
					board = h.board(h.f.Command(u, ch, "kimbo", "fence", discordtest.Opt{Name: "fence", Value: from}, discordtest.Opt{Name: "to", Value: tos[0].Value}))
					if want := fmt.Sprintf("moved a fence from %s to %s", from, tos[0].Value); !strings.Contains(board.Content, want) {
						t.Errorf("turn %d: board %q does not say %q", turns, board.Content, want)
					}
				case kimbo.PhaseMove:
					if turns%3 == 0 {
						// The menus: the first choice, and the first move it offers.
						pick, ok := board.Select("/pick")
						if !ok {
							t.Fatalf("turn %d: no move menu on %q", turns, board.Content)
						}
						ix := h.f.Choose(u, board, pick.CustomID, pick.Options[0].Value)
						m := ix.Await(t, "a board or a second menu", func(m discordtest.Message) bool { return isBoard(m) || isPrivate(m) })
						if isPrivate(m) {
							clicks++
							play, ok := m.Select("/play")
							if !ok {
								t.Fatalf("turn %d: private answer %q without a menu", turns, m.Content)
							}
							m = h.board(h.f.Choose(u, m, play.CustomID, play.Options[0].Value))
						}
						board = m
						break
					}
					best := kimboBest(p)
					typed := best.Text[:min(2, len(best.Text))]
					choices := h.f.Autocomplete(u, ch, "kimbo", "move", "move", discordtest.Opt{Name: "move", Value: typed}).Choices(t)
					if len(choices) == 0 {
						t.Fatalf("turn %d: typing %q offers nothing", turns, typed)
					}
					board = h.board(h.f.Command(u, ch, "kimbo", "move", discordtest.Opt{Name: "move", Value: best.Text}))
				case kimbo.PhaseCorner:
					corners++
					var corner discordtest.Component
					if len(board.Components) > 0 && len(board.Components[0].Components) > 0 {
						corner = board.Components[0].Components[0]
					}
					if !strings.Contains(corner.CustomID, "/do:corner ") {
						t.Fatalf("turn %d: no corner button on %q", turns, board.Content)
					}
					board = h.board(h.f.Click(u, board, corner.CustomID))
					if !strings.Contains(board.Content, "captured piece back to") {
						t.Errorf("turn %d: board %q does not say where the piece went", turns, board.Content)
					}
				default:
					t.Fatalf("turn %d: phase %s for a player\n%s", turns, p.Phase(), p.Drawing())
				}
			}
			if clicks > 3+corners {
				t.Errorf("turn %d took %d interactions with %d corners", turns, clicks, corners)
			}
			interactions += clicks
		}
		if !strings.Contains(board.Content, "won by bringing all four pieces HOME") || len(board.Components) != 0 || len(board.Pings()) != 0 {
			t.Errorf("last board %q with %d rows pinging %v, want the winner and no controls", board.Content, len(board.Components), board.Pings())
		}
		g, _ := h.game(id)
		if g.Status != storage.StatusOver {
			t.Errorf("stored game is %s, want over", g.Status)
		}
		if refused := h.refused(); len(refused) > 0 {
			t.Errorf("Discord refused %v", refused)
		}
		t.Logf("%d turns, %d interactions", turns, interactions)
	})
}
