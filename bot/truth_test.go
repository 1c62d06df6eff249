package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"parlor/rules/kimbo"
	"parlor/storage"
	"testing"
)

// Issue 14: every message says what is true. Each test below reproduces a
// message that said something false.

// kkcmd is "/kippykoo sub" by u.
func (e *tableEnv) kkcmd(u User, sub string, opts ...string) Request {
	req := e.cmd(u, sub, opts...)
	req.Command = "kippykoo"
	return req
}

// A 5-1 throw totals six: start+5 is refused for what it is, not as if
// 5-1 were neither a six nor a total of six.
func TestKippyKooStartWithTotalSix(t *testing.T) {
	d := &diceRoll{script: []string{"#0", "6-3", "2-1", "5-1"}, rng: rand.New(rand.NewPCG(1, 1)), rolls: kippyKooRolls()}
	e := newEnvWith(t, d.roll, KippyKooKit())
	req := e.kkcmd(alice, "new", "player2", bob.ID)
	req.Users[bob.ID] = bob
	id := gameOf(t, e.do(req).Public)
	e.do(e.click(bob, customID(id, 0, "accept")))
	e.do(e.kkcmd(alice, "roll")) // 6-3: start+3, played for her
	e.do(e.kkcmd(bob, "roll"))   // 2-1: a pass, played for him
	e.do(e.kkcmd(alice, "roll")) // 5-1: start, or h3+6
	if d1, d2 := e.kippykoo(id).Dice(); d1 != 5 || d2 != 1 {
		t.Fatalf("Alice threw %d-%d, want 5-1\n%s", d1, d2, e.kippykoo(id).Drawing())
	}
	got := e.refuse(e.kkcmd(alice, "move", "move", "start+5"), `You can't play "start+5": with 5-1 the total of six starts a marble, which stays on its star: start (start+5 needs a die showing 6).`)
	if strings.Contains(got, "neither") {
		t.Errorf("refusal says %q", got)
	}
}

// A move typed the short way, naming a real piece and a real square, that
// is not legal is refused for why it is illegal, not as if the notation
// were wrong.
func TestKingsmenShortMoveRefusedForWhy(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, bob)
	move := func(u User, text string) Request { return e.cmd(u, "move", "move", text) }
	for text, why := range map[string]string{
		"Nc5":  "the Knight on c1 cannot reach c5: another piece is in the way, and no piece may jump",
		"c1c5": "the Knight on c1 cannot reach c5: another piece is in the way, and no piece may jump",
		"d2e3": "the Archer on d2 cannot reach e3: d2 has no NE arrow (its arrows: N E W)",
		"Kd3":  "the King on d1 cannot reach d3: a King moves one square at a time",
		"Kd2":  "your own Archer stands on d2",
	} {
		got := e.refuse(move(alice, text), `You can't play "`+text+`": `+why+".")
		if strings.Contains(got, "is not a move like") {
			t.Errorf("%s: refused as bad notation: %q", text, got)
		}
	}
	e.play(id, threatLine...)
	// Bob's King is under Threat: a move that does not end it is refused
	// for that, however it is typed.
	for _, text := range []string{"d6", "Ad6", "d7d6"} {
		e.refuse(move(bob, text), `You can't play "`+text+`": your King is under Threat and Ad7-d6 does not end it.`)
	}
}

// A piece's move typed before the roll is answered "roll first", not as
// a fence move badly written; a fence move with an option left empty is
// answered with what is missing, not `"" is not a slot`.
func TestKimboBeforeTheRoll(t *testing.T) {
	e, _ := newKimboEnv(t, "6-5", "3-1")
	req := e.kcmd(alice, "new", "player2", bob.ID)
	req.Users[bob.ID] = bob
	id := gameOf(t, e.do(req).Public)
	e.do(e.click(bob, customID(id, 0, "accept")))
	if p := e.kimbo(id); p.Phase() != kimbo.PhaseFence || e.mover(id) != alice {
		t.Fatalf("want Alice to move a fence or roll\n%s", p.Drawing())
	}
	for _, text := range []string{"b1-b4", "pass"} {
		got := e.refuse(e.kcmd(alice, "move", "move", text), `You can't play "`+text+`": roll first: no piece moves before the dice are rolled; move one of your fences, or roll without moving one (nofence).`)
		if strings.Contains(got, "fence move like") {
			t.Errorf("%s: refused as a fence move: %q", text, got)
		}
		// The answer says what comes first: the move box's hint, which
		// lists the decisions of now, would not help.
		if strings.Contains(got, moveBoxHint) {
			t.Errorf("%s: the refusal adds the move box's hint: %q", text, got)
		}
	}
	for _, c := range []struct{ fence, to, want string }{
		{"", "h5|h6", "Say which of your fences to move, by its slot, like e1|f1 (start typing to see yours)"},
		{"  ", "h5|h6", "Say which of your fences to move"},
		{"e1|f1", "", "Say where the fence goes: a vacant slot, named by the two squares it stands between, like h5|h6"},
		{"", "", "Say which of your fences to move and where"},
		{"e1", "h5|h6", `"e1" is not a slot`},
	} {
		got := e.refuse(e.kcmd(alice, "fence", "fence", c.fence, "to", c.to), c.want)
		if strings.Contains(got, `"" is not`) {
			t.Errorf("fence %q to %q: got %q", c.fence, c.to, got)
		}
	}
}

// The board of a game not yet begun is its lobby: who is invited, the open
// seats and how to join, and no turn: no "your move", no ping, no move
// controls, no picture.
func TestBoardOfGameNotBegun(t *testing.T) {
	e := newEnvWith(t, func(int) int { return 0 }, Kits()...)
	ten := 10 // Alice keeps more lobbies than a member may by default
	if _, err := e.db.SetGuildSettings(e.ctx, tableGuild, storage.SettingsChange{MemberLobbies: &ten}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		kind string
		opts []string
		want []string
	}{
		{"kingsmen", []string{"opponent", bob.ID}, []string{"<@200>, **Alice** challenges you to a game of All the King's Men", "Accept", "Decline"}},
		{"kingsmen", nil, []string{"**Alice** opened a game of All the King's Men", "Anyone may take the other seat.", "Join"}},
		{"kimbo", []string{"player2", bob.ID, "players", "3"}, []string{"**Alice** starts a game of Kimbo for 3", "**Alice** ✓ · <@200> (invited) · _open seat_", "Anyone may take an open seat with Join.", "Join", "Accept", "Start now"}},
		{"kippykoo", []string{"players", "4"}, []string{"**Alice** starts a game of Kippy Koo for 4", "_open seat_", "Join", "Start now"}},
		{"rumba", []string{"partner", bob.ID}, []string{"**Alice** starts a game of Rumba for 4", "Anyone may take an open seat with Join.", "Accept"}},
	} {
		t.Run(c.kind, func(t *testing.T) {
			req := e.cmd(alice, "new", c.opts...)
			req.Command = c.kind
			id := gameOf(t, e.do(req).Public)
			for _, u := range []User{alice, bob} {
				if u == bob && !slices.Contains(c.opts, bob.ID) {
					continue // Bob has nothing to do with this game
				}
				board := e.cmd(u, "board", "game", fmt.Sprint(id))
				board.Command = c.kind
				for _, r := range []Request{board, {}} {
					if r.Command == "" {
						// Without the game option: the user's own lobby is found.
						r = e.cmd(u, "board")
						r.Command = c.kind
					}
					resp := e.do(r)
					m := resp.Public
					if m == nil || resp.Private != nil {
						t.Fatalf("%s: got %s, want the lobby shown", describeReq(r), showResp(resp))
					}
					if !strings.HasPrefix(m.Content, fmt.Sprintf("Game #%d has not begun yet.\n", id)) {
						t.Errorf("%s: says %q, want it to say the game has not begun", describeReq(r), m.Content)
					}
					for _, w := range c.want {
						if !strings.Contains(m.Content, w) && button(m, w) == "" {
							t.Errorf("%s: says %q with buttons %+v, want %q", describeReq(r), m.Content, m.Components, w)
						}
					}
					for _, bad := range []string{"your move", "seat 0", "seat 1", "Roll", "Game over"} {
						if strings.Contains(m.Content, bad) || button(m, bad) != "" {
							t.Errorf("%s: says %q, with %q in it", describeReq(r), m.Content, bad)
						}
					}
					if len(m.Mentions) != 0 || m.File != nil || m.Drawing != "" || len(selects(m)) != 0 {
						t.Errorf("%s: pings %v, picture %v, drawing %q, %d menus; want none", describeReq(r), m.Mentions, m.File != nil, m.Drawing, len(selects(m)))
					}
				}
			}
		})
	}
	// A game that never began says so, privately.
	req := e.cmd(alice, "new")
	id := gameOf(t, e.do(req).Public)
	e.do(e.click(alice, customID(id, 0, "cancel")))
	e.refuse(e.cmd(alice, "board", "game", fmt.Sprint(id)), fmt.Sprintf("Game #%d was cancelled and never played.", id))
	// A game number given with spaces round it, or only spaces, is read
	// as if typed plainly, or not given.
	e.refuse(e.cmd(alice, "move", "move", "Ac2-c3", "game", "   "), "has not started yet")
}

// A move that declines the draw offered to the mover says so; the
// offerer's own move does not.
func TestMoveSaysItDeclinesDrawOffer(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, carol)
	e.do(e.cmd(carol, "draw"))
	board := e.play(id, "Ac2-c3")
	if !strings.Contains(board.Content, "**Alice** played Archer c2 to c3 (Ac2-c3).\nBy moving, Alice declined Carol's draw offer.\n") {
		t.Errorf("the board after Alice's move says %q, want it to say she declined Carol's offer", board.Content)
	}
	if strings.Contains(board.Content, "has offered a draw") {
		t.Errorf("the board after the offer was declined says %q", board.Content)
	}
	// Carol offers again and moves herself: her offer stands, and
	// nobody declined it.
	e.do(e.cmd(carol, "draw"))
	board = e.play(id, "Ab7-b6")
	if strings.Contains(board.Content, "declined") || !strings.Contains(board.Content, "Carol has offered a draw.") {
		t.Errorf("the board after the offerer's own move says %q", board.Content)
	}
}
