package kimbo_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/rulestest"
)

// Decision: deadlines. A player who lets the table's deadline pass has
// his turn skipped (kimbo.Position.Skip, rules.Late): the turn ends where
// it stands, what is left of it is lost as if he had passed, and the next
// seat still in begins its turn with its fence decision.

// skip skips seat's turn in p, checks the invariants across the skip and
// the position text's round trip after it, and returns the position.
func skip(t testing.TB, p *kimbo.Position, seat rules.Seat) *kimbo.Position {
	t.Helper()
	before := p.String()
	next, err := p.Skip(seat)
	if err != nil {
		t.Fatalf("Skip(%d): got error %v, want none\n%s", seat, err, p.Drawing())
	}
	if err := kimbo.Invariants(p, next); err != nil {
		t.Fatalf("after Skip(%d) from %s: %v\n%s", seat, p, err, next.Drawing())
	}
	if p.String() != before {
		t.Fatalf("Skip(%d) changed the position it was called on: %q became %q", seat, before, p.String())
	}
	rulestest.RoundTrip(t, kimbo.Game{}, next)
	return next.(*kimbo.Position)
}

// lastField is the latest turn's field of p's position text ("" if none).
func lastField(p *kimbo.Position) string {
	f := strings.Fields(p.String())
	if l := f[len(f)-1]; strings.HasPrefix(l, "last:") {
		return l
	}
	return ""
}

// Decision: the seat to act is skipped at each decision a turn has: at its
// fence decision it moves no fence and rolls nothing; at its move decision
// the roll is lost (on doubles too: no jump, no further turn); at a corner
// decision the captured pieces still waiting go to the first start area
// with room (sw, se, ne, nw), as after a winning capture. The record of
// the turn keeps what was played and ends in ";skipped"; the next seat
// begins its turn.
func TestSkipSeatToAct(t *testing.T) {
	move := parse(t, three("S:move:5-3 last:S;nofence;5-3;-"))
	two := parse(t, "S:c3,l3,home,home/"+southFences+" "+west3+" N:l6,b2,b15,n15/"+northFences+" S:move:5-3 last:S;nofence;5-3;-")
	two = play(t, two, "c3xc8, l3xl6")
	tests := []struct {
		name   string
		p      *kimbo.Position
		last   string // the latest turn's field after the skip
		pieces [3]string
		legs   int // paths the record still shows
	}{
		{"fence decision", parse(t, three("S:fence last:N;nofence;6-1;b15-b8")),
			"last:S;-;-;-;skipped", [3]string{"c3,l3,home,home", "n2,c8,a14,o15", "o1,b2,b15,n15"}, 0},
		{"fence decision, first turn", play(t, must(kimbo.New(3)), "roll 6-3", "roll 2-1", "roll 1-1"),
			"last:S;-;-;-;skipped", [3]string{"b1,n1,n14,a15", "a2,n2,a14,o15", "o1,b2,b15,n15"}, 0},
		{"move decision", move,
			"last:S;nofence;5-3;-;skipped", [3]string{"c3,l3,home,home", "n2,c8,a14,o15", "o1,b2,b15,n15"}, 0},
		{"move decision on doubles", play(t, parse(t, three("S:fence")), "e1|f1>c8|c9", "roll 2-2"),
			"last:S;e1|f1>c8|c9;2-2;-;skipped", [3]string{"c3,l3,home,home", "n2,c8,a14,o15", "o1,b2,b15,n15"}, 0},
		{"corner decision", play(t, move, "c3xc8-c11"),
			"last:S;nofence;5-3;c3xc8-c11;skipped", [3]string{"l3,c11,home,home", "a2,n2,a14,o15", "o1,b2,b15,n15"}, 1},
		{"two corner decisions", two, // West's to sw a2; North's own square there is taken: East's a1
			"last:S;nofence;5-3;c3xc8,l3xl6;skipped", [3]string{"l6,c8,home,home", "a2,n2,a14,o15", "a1,b2,b15,n15"}, 2},
		{"second corner decision", play(t, two, "corner ne"),
			"last:S;nofence;5-3;c3xc8,l3xl6;skipped", [3]string{"l6,c8,home,home", "n2,a14,o14,o15", "a1,b2,b15,n15"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := skip(t, tt.p, 0)
			expect(t, p, "phase", p.Phase(), kimbo.PhaseFence)
			expect(t, p, "turn", p.Turn(), rules.Seat(1))
			expect(t, p, "pending", len(p.Pending()), 0)
			d1, d2 := p.Dice()
			expect(t, p, "dice", [2]int{d1, d2}, [2]int{0, 0})
			expect(t, p, "last", lastField(p), tt.last)
			expect(t, p, "Last().Skipped", p.Last().Skipped, true)
			expect(t, p, "Last().Seat", p.Last().Seat, rules.Seat(0))
			expect(t, p, "paths shown", len(p.Last().Legs()), tt.legs)
			for seat := range rules.Seat(3) {
				expect(t, p, "pieces of "+p.Side(seat).String(), pieces(p, seat), tt.pieces[seat])
				expect(t, p, "fences of "+p.Side(seat).String(), slices.Equal(p.Fences(seat), tt.p.Fences(seat)), true)
			}
			expect(t, p, "drawing says skipped", strings.Contains(p.Drawing(), "(turn skipped)\nWest to move a fence, or nofence\n"), true)
			// rules.Late is the same skip.
			st, skipped, err := rules.Late(tt.p, 0)
			if err != nil || !skipped || st.String() != p.String() {
				t.Errorf("rules.Late: got %v, %v, %v, want %q, true, nil", st, skipped, err, p.String())
			}
			// The next turn is a normal one, and its record replaces the skipped one.
			q := play(t, p, kimbo.NoFence)
			expect(t, q, "next record", lastField(q), "last:W;nofence;-;-")
			expect(t, p, "turns after", turnOrder(t, p, 3), "WNS")
		})
	}
}

func must(p *kimbo.Position, err error) *kimbo.Position {
	if err != nil {
		panic(err)
	}
	return p
}

// skipChain skips the seat to act k times from p and lists whose turns
// they were, by side letter.
func skipChain(t testing.TB, p *kimbo.Position, k int) string {
	t.Helper()
	var got []string
	for range k {
		seat := p.ToMove()
		got = append(got, string(p.Side(seat).Letter()))
		p = skip(t, p, seat)
	}
	return strings.Join(got, "")
}

// Decision: after a skip the turn passes as after any turn: to the next
// seat in turn order (South, West, North, East), past the seats that have
// left the game.
func TestSkipTurnOrder(t *testing.T) {
	east := "E:a1,o2,b14,o14/" + eastFences
	four := south3 + " " + west3 + " " + north3 + " " + east
	tests := []struct{ name, text, want string }{
		{"two players", "S:b1,n1,n14,a15/" + southFences + " " + north + " S:fence", "SNSN"},
		{"three players", three("S:fence"), "SWNSW"},
		{"three players, West out", south3 + " W:out/" + westFences + " " + north3 + " N:fence", "NSNS"},
		{"four players", four + " S:fence", "SWNES"},
		{"four players, West out", south3 + " W:out/" + westFences + " " + north3 + " " + east + " S:move:5-3 last:S;nofence;5-3;-", "SNESN"},
		{"four players, East out", south3 + " " + west3 + " " + north3 + " E:out/" + eastFences + " N:fence", "NSWNS"},
		{"four players, West and North out", south3 + " W:out/" + westFences + " N:out/" + northFences + " " + east + " E:fence", "ESES"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parse(t, tt.text)
			expect(t, p, "skipped turns", skipChain(t, p, len(tt.want)), tt.want)
		})
	}
	// A seat that leaves after being skipped: its record stays, and the
	// turn order goes on without it.
	p := skip(t, parse(t, three("S:fence")), 0)
	p = retire(t, p, 0)
	expect(t, p, "record", lastField(p), "last:S;-;-;-;skipped")
	expect(t, p, "turn", p.Turn(), rules.Seat(1))
	expect(t, p, "skipped turns", skipChain(t, p, 3), "WNW")
}

// Skip refuses a seat other than the one to act, a chance decision (the
// opening roll, a turn's roll) and a game over; it changes nothing.
func TestSkipErrors(t *testing.T) {
	p := parse(t, three("S:fence"))
	westOut := retire(t, parse(t, three("N:fence")), 1)
	roll := parse(t, three("S:roll last:S;nofence;-;-"))
	opening := must(kimbo.New(3))
	ended, err := p.End(rules.Outcome{Method: rules.Agreement})
	if err != nil {
		t.Fatal(err)
	}
	finished := play(t, parse(t, moving("S:h3,home,home,home/"+southFences, north, "3-1")), "h3-home")
	tests := []struct {
		name   string
		p      rules.State
		seat   rules.Seat
		target error
		reason string
	}{
		{"another seat", p, 1, rules.ErrIllegal, "it is South's turn, not West's"},
		{"another seat at a corner decision", play(t, parse(t, three("S:move:5-3 last:S;nofence;5-3;-")), "c3xc8-c11"), 1, rules.ErrIllegal, "South's turn, not West's"},
		{"a seat that has left", westOut, 1, rules.ErrIllegal, "West has left the game"},
		{"a seat out of range", p, 3, rules.ErrIllegal, "no seat 3"},
		{"chance", p, rules.Chance, rules.ErrIllegal, "no seat -1"},
		{"nobody", p, rules.Nobody, rules.ErrIllegal, "no seat -2"},
		{"the roll", roll, 0, rules.ErrIllegal, "the dice are to roll"},
		{"the opening roll", opening, 0, rules.ErrIllegal, "opening roll"},
		{"an ended game", ended, 0, rules.ErrOver, "no turn to skip"},
		{"a finished game", finished, 1, rules.ErrOver, "no turn to skip"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := tt.p.String()
			next, err := tt.p.(rules.Skipper).Skip(tt.seat)
			if next != nil || !errors.Is(err, tt.target) || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("Skip(%d): got %v, %v, want an error wrapping %v saying %q\n%s", tt.seat, next, err, tt.target, tt.reason, tt.p.Drawing())
			}
			if _, skipped, err := rules.Late(tt.p, tt.seat); !errors.Is(err, tt.target) || !skipped {
				t.Errorf("rules.Late(%d): got %v, %v, want a skip refused with %v", tt.seat, skipped, err, tt.target)
			}
			if tt.p.String() != before {
				t.Errorf("Skip changed the position: %q became %q", before, tt.p.String())
			}
		})
	}
}

// Decision: the position text marks a skipped turn's record with a fifth
// part, "last:S;nofence;5-3;-;skipped"; texts without it read as before.
// Parse refuses a skipped record the game cannot reach: the skipped seat
// still to act, or the turn going on; what it records out of order; a
// move recorded without a capture waiting for its corner.
func TestSkippedPositionText(t *testing.T) {
	for _, text := range []string{
		three("W:fence last:S;-;-;-;skipped"),
		three("W:fence last:S;nofence;5-3;-;skipped"),
		three("W:fence last:S;e1|f1>c4|c5;2-2;-;skipped"),
		three("W:roll last:W;nofence;-;-"),
		"S:l3,c11,home,home/" + southFences + " " + west3 + " " + north3 + " W:fence last:S;nofence;5-3;c3xc8-c11;skipped",
		three("over:N:resigned last:S;nofence;5-3;-;skipped"),
		south3 + " W:out/" + westFences + " " + north3 + " N:fence last:S;-;-;-;skipped", // West left after South was skipped
	} {
		p := parse(t, text)
		f := strings.Fields(text)
		expect(t, p, "last field", lastField(p), f[len(f)-1])
		expect(t, p, "Skipped", p.Last().Skipped, strings.HasSuffix(text, ";skipped"))
		rulestest.RoundTrip(t, kimbo.Game{}, p)
	}
	old := parse(t, three("W:fence last:S;nofence;5-3;c3-c11"))
	expect(t, old, "Skipped in an old text", old.Last().Skipped, false)
	bad := []struct{ text, reason string }{
		{three("S:fence last:S;-;-;-;skipped"), "not South again"},
		{three("S:roll last:S;nofence;-;-;skipped"), "not phase roll"},
		{three("S:move:5-3 last:S;nofence;5-3;-;skipped"), "not phase move"},
		{"S:l3,c11,home,home/" + southFences + " W:-,n2,a14,o15/" + westFences + " " + north3 + " S:corner:W last:S;nofence;5-3;c3xc8-c11;skipped", "not phase corner"},
		{three("open:6-3,-,- last:S;-;-;-;skipped"), "not phase open"},
		{three("W:fence last:S;nofence;5-3;-;skip"), "want like"},
		{three("W:fence last:S;nofence;5-3;-;skipped;skipped"), "want like"},
		{three("W:fence last:S;nofence;5-3;c3-c11;skipped"), "waits for its corner"},
		{three("W:fence last:S;-;5-3;-;skipped"), "in order"},
		{three("W:fence last:S;nofence;-;c3xc8-c11;skipped"), "in order"},
	}
	for _, b := range bad {
		if _, err := kimbo.Parse(b.text); err == nil || !strings.Contains(err.Error(), b.reason) {
			t.Errorf("Parse(%q): got %v, want an error saying %q", b.text, err, b.reason)
		}
	}
}

// Decision: skips keep the invariants, and games with skips still end.
// Random games of 2, 3 and 4 players where the seat to act is sometimes
// skipped instead (at fence, move and corner decisions), and in some games
// a seat leaves: the invariants hold after every decision, skip and
// retirement, each skip gives the turn to the next seat still in, the
// position text round-trips after each skip, and every game ends.
func TestRandomGamesWithSkips(t *testing.T) {
	const games = 6
	odds := map[kimbo.Phase]int{kimbo.PhaseFence: 12, kimbo.PhaseMove: 12, kimbo.PhaseCorner: 3} // 1 in …
	skips := map[kimbo.Phase]int{}
	total := 0
	for g := range games {
		n := 2 + g%3
		rng := rand.New(rand.NewPCG(uint64(n), uint64(3000+g)))
		p := must(kimbo.New(n))
		decisions, leaveAt := 0, -1
		if n > 2 && g >= 3 {
			leaveAt = 20 + rng.IntN(400)
		}
		for !p.Outcome().Over() {
			if decisions++; decisions > maxDecisions {
				t.Fatalf("game %d: no end after %d decisions\n%s", g, maxDecisions, p.Drawing())
			}
			if decisions == leaveAt {
				p = retire(t, p, rules.Seat(rng.IntN(n)))
				continue
			}
			if seat := p.ToMove(); seat >= 0 && rng.IntN(odds[p.Phase()]) == 0 {
				want := int(seat)
				for {
					want = (want + 1) % n
					if !p.Retired(rules.Seat(want)) {
						break
					}
				}
				skips[p.Phase()]++
				p = skip(t, p, seat)
				if p.Phase() != kimbo.PhaseFence || p.Turn() != rules.Seat(want) {
					t.Fatalf("game %d: after skipping seat %d: phase %s, seat %d to act, want seat %d's fence decision\n%s", g, seat, p.Phase(), p.Turn(), want, p.Drawing())
				}
				continue
			}
			m := rules.Move{Text: kimbo.NoFence}
			if p.Phase() != kimbo.PhaseFence || rng.IntN(4) == 0 { // a fence decision lists some 2000
				m = kimbo.RandomDecision(rng, p)
			}
			next, err := p.Play(m)
			if err != nil {
				t.Fatalf("game %d: Play(%q) of a legal move: %v\n%s", g, m.Text, err, p.Drawing())
			}
			if err := kimbo.Invariants(p, next); err != nil {
				t.Fatalf("game %d: after %q from %s: %v\n%s", g, m.Text, p, err, next.Drawing())
			}
			p = next.(*kimbo.Position)
		}
		total += decisions
		if o := p.Outcome(); len(o.Winners) != 1 || p.Retired(o.Winners[0]) {
			t.Errorf("game %d: outcome %v\n%s", g, o, p.Drawing())
		}
	}
	t.Logf("%d decisions; skips by phase: %v", total, skips)
	for _, ph := range []kimbo.Phase{kimbo.PhaseFence, kimbo.PhaseMove, kimbo.PhaseCorner} {
		if skips[ph] == 0 {
			t.Errorf("no skip at a %s decision: the test no longer covers it", ph)
		}
	}
}
