package bot

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"parlor/rules/kippykoo"
	"parlor/storage"
)

func (e *tableEnv) kippykoo(id int64) *kippykoo.Position {
	e.t.Helper()
	p, err := kippykoo.Parse(e.game(id).Position)
	if err != nil {
		e.t.Fatalf("game %d: %v", id, err)
	}
	return p
}

// TestKippyKooGameByComponents plays whole games of Kippy Koo for two,
// three and four through the table with the Roll button and the move menu
// only, choosing at random: every throw takes two interactions at most
// (re-throws after doubles none), forced moves are played for the player,
// only the player to act is pinged, and the game replays.
func TestKippyKooGameByComponents(t *testing.T) {
	for _, n := range []int{2, 3} {
		t.Run(string(rune('0'+n))+" players", func(t *testing.T) {
			d := &diceRoll{rng: rand.New(rand.NewPCG(uint64(n), 9))}
			e := newEnvWith(t, d.roll, KippyKooKit())
			rng := rand.New(rand.NewPCG(uint64(n), 3))
			people := []User{alice, bob, carol, stranger}[:n]
			req := e.cmd(alice, "new", "players", string(rune('0'+n)))
			req.Command = "kippykoo"
			resp := e.do(req)
			id := gameOf(t, resp.Public)
			join := button(resp.Public, "Join")
			var board *Message
			for _, u := range people[1:] {
				board = e.do(e.click(u, join)).Public
			}
			if board == nil || !strings.Contains(board.Content, "By lot, **") {
				t.Fatalf("the game did not begin with the lot: %+v", board)
			}
			turns := 0
			for !e.kippykoo(id).Outcome().Over() {
				if turns++; turns > 2000 {
					t.Fatalf("no winner after %d turns", turns)
				}
				p := e.kippykoo(id)
				u := e.mover(id)
				if !slices.Equal(board.Mentions, []string{u.ID}) {
					t.Fatalf("turn %d: the board pings %v, want %s\n%s", turns, board.Mentions, u.Name, board.Content)
				}
				var resp Response
				switch p.Phase() {
				case kippykoo.PhaseThrow:
					roll := button(board, "Roll")
					if roll == "" {
						t.Fatalf("turn %d: no Roll button on %q", turns, board.Content)
					}
					e.refuse(e.click(people[(slices.Index(people, u)+1)%n], roll), "not yours")
					resp = e.do(e.click(u, roll))
				case kippykoo.PhaseMove:
					sels := selects(board)
					if len(sels) == 0 {
						t.Fatalf("turn %d: no move menu on %q\n%s", turns, board.Content, p.Drawing())
					}
					sel := sels[rng.IntN(len(sels))]
					resp = e.do(e.click(u, sel.ID, sel.Options[rng.IntN(len(sel.Options))].Value))
				default:
					t.Fatalf("turn %d: phase %s for a player", turns, p.Phase())
				}
				if resp.Public == nil || resp.Private != nil {
					t.Fatalf("turn %d: %s got %s, want a board (one click, no second menu)", turns, u.Name, showResp(resp))
				}
				board = resp.Public
			}
			if !strings.Contains(board.Content, "won by bringing all four marbles into FINISH") || len(board.Components) != 0 {
				t.Errorf("last board %q", board.Content)
			}
			if g := e.game(id); g.Status != storage.StatusOver {
				t.Errorf("stored as %s", g.Status)
			}
			e.replays(id)
			t.Logf("%d players: %d interactions", n, turns)
		})
	}
}

// kippyKooRolls are the rolls of Kippy Koo, for diceRoll.
func kippyKooRolls() map[string]int {
	p, err := kippykoo.New(2)
	if err == nil {
		p, err = p.PlayText("first S")
	}
	if err == nil {
		p, err = p.PlayText(kippykoo.RollText)
	}
	if err != nil {
		panic(err)
	}
	return rollsOf(p.Legal())
}

// newKippyKooEnv is a table of Kippy Koo whose dice are scripted: the lot
// draws the challenger ("#0"), who throws 6-3; the other throws 2-1, and
// the challenger 6-1; then the dice are random.
func newKippyKooEnv(t *testing.T) *tableEnv {
	d := &diceRoll{script: []string{"#0", "6-3", "2-1", "6-1"}, rng: rand.New(rand.NewPCG(1, 1)), rolls: kippyKooRolls()}
	return newEnvWith(t, d.roll, KippyKooKit())
}

func TestKippyKooCommands(t *testing.T) {
	e := newKippyKooEnv(t)
	req := e.cmd(alice, "new", "player2", bob.ID)
	req.Command = "kippykoo"
	req.Users[bob.ID] = bob
	id := gameOf(t, e.do(req).Public)
	e.do(e.click(bob, customID(id, 0, "accept")))
	u := e.mover(id)
	if u != alice {
		t.Fatalf("the lot should draw Alice, drew %s", u.Name)
	}
	cmd := func(u User, sub string, opts ...string) Request {
		r := e.cmd(u, sub, opts...)
		r.Command = "kippykoo"
		return r
	}
	e.refuse(cmd(u, "move", "move", "start+3"), `You can't play "start+3"`)
	// 6-3 with every marble in START leaves one move: the table plays it.
	resp := e.do(cmd(u, "roll"))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, "**Alice** rolled **6-3**: starts a marble and moves it 3 to hole 3.") {
		t.Fatalf("roll: %s", showResp(resp))
	}
	// Bob's 2-1 cannot start a marble: a pass, played for him.
	resp = e.do(cmd(bob, "roll"))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, "**Bob** rolled **2-1**: can't move, and passes.") {
		t.Fatalf("Bob's roll: %s", showResp(resp))
	}
	// Alice's 6-1 leaves a choice.
	resp = e.do(cmd(alice, "roll"))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, "You threw **6-1**") || len(selects(resp.Public)) == 0 {
		t.Fatalf("Alice's second roll: %s", showResp(resp))
	}
	e.refuse(cmd(alice, "roll"), "You have thrown 6-1 already")
	e.refuse(cmd(bob, "move", "move", "start+1"), "It is Alice's turn, not yours.")
	ac := e.typing(alice, "move", "move", "st")
	ac.Command = "kippykoo"
	choices := e.table.Handle(e.ctx, ac).Choices
	if len(choices) == 0 || !strings.HasPrefix(choices[0].Value, "start") {
		t.Fatalf("autocomplete of st: %v", choices)
	}
	resp = e.do(cmd(alice, "move", "move", choices[0].Value))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, "**Alice** rolled **6-1**: ") {
		t.Fatalf("move: %s", showResp(resp))
	}
	e.replays(id)
}
