package kippykoo_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kippykoo"
	"parlor/rules/rulestest"
)

// Decision: a late player's turn is skipped (kippykoo.Position.Skip,
// rules.Late; the table's deadlines). Only the seat to act is skipped, at
// its decision to throw or its move decision (the first throw or one after
// doubles): the rest of its turn is lost as if it had passed, nothing
// moves, doubles earn no further throw, and the next seat still in begins
// its turn with its decision to throw. The latest throw becomes the record
// of the skip: "last:S;skipped" before a throw, "last:S;5-3;skipped" with
// the throw not used.

// skip skips seat's turn in p, checks the invariants across the skip and
// the position text's round trip after it, and returns the position.
func skip(t testing.TB, p *kippykoo.Position, seat rules.Seat) *kippykoo.Position {
	t.Helper()
	next, err := p.Skip(seat)
	if err != nil {
		t.Fatalf("Skip(%d): got error %v, want none\n%s", seat, err, p.Drawing())
	}
	if err := kippykoo.Invariants(p, next); err != nil {
		t.Fatalf("after Skip(%d): %v\n%s", seat, err, next.Drawing())
	}
	rulestest.RoundTrip(t, kippykoo.Game{}, next)
	return next.(*kippykoo.Position)
}

// Decision: the seat to act is skipped in each phase where it acts; the
// marbles stay, the next seat clockwise decides to throw, and the latest
// throw records the skip (and the drawing says it).
func TestSkipInEachPhase(t *testing.T) {
	tests := []struct {
		name, phase string
		last        string // the latest throw after the skip, in the position text
		drawing     string // the drawing's line for it
		turn        kippykoo.Turn
	}{
		{"decision to throw", "S:throw last:N;2-1;h26+2", "last:S;skipped",
			"last: South's turn skipped before its throw", kippykoo.Turn{Seat: 0, Skipped: true}},
		{"after the lot", "S:throw last:S;first", "last:S;skipped",
			"last: South's turn skipped before its throw", kippykoo.Turn{Seat: 0, Skipped: true}},
		{"move", "S:move:5-3", "last:S;5-3;skipped",
			"last: South threw 5-3; turn skipped, the throw not used", kippykoo.Turn{Seat: 0, Skipped: true, Dice: [2]int{5, 3}}},
		{"move with doubles", "S:move:4-4", "last:S;4-4;skipped",
			"last: South threw 4-4; turn skipped, the throw not used", kippykoo.Turn{Seat: 0, Skipped: true, Dice: [2]int{4, 4}}},
		{"move where only pass is legal", "S:move:2-1", "last:S;2-1;skipped",
			"last: South threw 2-1; turn skipped, the throw not used", kippykoo.Turn{Seat: 0, Skipped: true, Dice: [2]int{2, 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := three(tt.phase)
			if tt.name == "after the lot" {
				text = southStart + " " + westStart + " " + northStart + " " + tt.phase
			}
			if tt.name == "move where only pass is legal" {
				text = southStart + " " + west3 + " " + north3 + " " + tt.phase
			}
			p := parse(t, text)
			before := seats(p)
			p = skip(t, p, 0)
			expect(t, p, "marbles", seats(p), before)
			expect(t, p, "phase", phase(p), "W:throw")
			expect(t, p, "latest throw", strings.Fields(p.String())[4], tt.last)
			expect(t, p, "Last", turnText(p.Last()), turnText(tt.turn))
			expect(t, p, "ToMove", p.ToMove(), rules.Seat(1))
			a, b := p.Dice()
			expect(t, p, "Dice", [2]int{a, b}, [2]int{})
			expect(t, p, "drawing", strings.HasSuffix(p.Drawing(), "\n"+tt.drawing+"\nWest to throw\n"), true)
			expect(t, p, "legal", legal(p), kippykoo.RollText)
			expect(t, p, "turns after", turnOrder(t, p, 4), "WNSW")
		})
	}
}

// Decision: skipped after doubles used, at the move of the throw again,
// the turn ends: whatever the new throw, no further throw, the next seat
// throws. The latest throw keeps the doubles the turn used before it.
func TestSkipAfterDoubles(t *testing.T) {
	p := parse(t, three("S:move:3-3"))
	p = play(t, p, "h5+6") // doubles used: South throws again at once
	expect(t, p, "phase after doubles", phase(p), "S:roll")
	for _, roll := range []string{"roll 5-3", "roll 6-6"} {
		q := play(t, p, roll)
		q = skip(t, q, 0)
		expect(t, q, "phase after "+roll, phase(q), "W:throw")
		expect(t, q, "marbles after "+roll, seats(q), seats(p))
		a, b, _ := strings.Cut(strings.TrimPrefix(roll, "roll "), "-")
		expect(t, q, "latest throw after "+roll, strings.Fields(q.String())[4], "last:S;3-3;h5+6/"+a+"-"+b+";skipped")
	}
}

// Decision: Skip fails for a seat not to act, for chance's decisions (the
// lot and the rolls), for seats out of range and after the end (with
// rules.ErrOver); rules.Late skips the seat to act.
func TestSkipRefused(t *testing.T) {
	lot, _ := kippykoo.New(3)
	refused := []struct {
		name string
		text string // a position text, "" for the lot
		seat rules.Seat
		says string
	}{
		{"another seat at a decision to throw", three("S:throw last:N;2-1;h26+2"), 1, "it is South's turn, not West's"},
		{"another seat at a move", three("S:move:5-3"), 2, "it is South's turn, not North's"},
		{"the seat whose dice roll", three("S:roll last:N;2-1;h26+2"), 0, "the dice are rolling for South"},
		{"the seat whose dice roll again", three("S:roll last:S;2-2;h1+4"), 0, "the dice are rolling for South"},
		{"chance at a roll", three("S:roll last:N;2-1;h26+2"), rules.Chance, "no seat -1"},
		{"nobody", three("S:throw last:N;2-1;h26+2"), rules.Nobody, "no seat -2"},
		{"a seat out of range", three("S:move:5-3"), 3, "no seat 3"},
		{"a seat in the lot", "", 0, "the lot is drawing who begins"},
		{"chance in the lot", "", rules.Chance, "no seat -1"},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			p := lot
			if tt.text != "" {
				p = parse(t, tt.text)
			}
			_, err := p.Skip(tt.seat)
			switch {
			case err == nil:
				t.Errorf("Skip(%d): got no error, want one saying %q\n%s", tt.seat, tt.says, p.Drawing())
			case !errors.Is(err, rules.ErrIllegal):
				t.Errorf("Skip(%d): got %v, want an error wrapping rules.ErrIllegal\n%s", tt.seat, err, p.Drawing())
			case !strings.Contains(err.Error(), tt.says):
				t.Errorf("Skip(%d): got %q, want one saying %q\n%s", tt.seat, err, tt.says, p.Drawing())
			}
		})
	}
	over := parse(t, "S:finish,finish,finish,finish N:start,h30,h40,h10 over:S:finished last:S;2-1;h50+3")
	resigned := parse(t, three("over:S+N:forfeit last:N;2-1;h26+2"))
	for _, p := range []*kippykoo.Position{over, resigned} {
		for seat := range rules.Seat(p.Seats()) {
			if _, err := p.Skip(seat); !errors.Is(err, rules.ErrOver) {
				t.Errorf("Skip(%d) after the end: got %v, want rules.ErrOver\n%s", seat, err, p.Drawing())
			}
		}
	}
	// rules.Late skips a Kippy Koo turn rather than forfeiting the game.
	p := parse(t, three("S:move:5-3"))
	st, skipped, err := rules.Late(p, 0)
	if err != nil || !skipped {
		t.Fatalf("rules.Late(South): got skipped %v, error %v; want skipped, no error\n%s", skipped, err, p.Drawing())
	}
	expect(t, p, "after rules.Late", st.String(), three("W:throw last:S;5-3;skipped"))
	if _, skipped, err := rules.Late(p, 1); !skipped || !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("rules.Late(West) at South's move: got skipped %v, error %v; want a refused skip\n%s", skipped, err, p.Drawing())
	}
}

// Decision: the turn passes over seats that have left the game, to the
// next seat still in; a seat skipped may leave afterwards, and the record
// of its skip stays.
func TestSkipPassesOverRetiredSeats(t *testing.T) {
	const (
		south = "S:start,h5,h20,finish"
		north = "N:start,start,start,h28"
		east  = "E:start,start,start,h40"
	)
	tests := []struct {
		text string
		seat rules.Seat
		want string // the phase and latest throw after the skip
	}{
		{south + " W:out " + north + " " + east + " S:move:5-3", 0, "N:throw last:S;5-3;skipped"},
		{south + " W:out N:out " + east + " S:throw last:E;2-1;h38+2", 0, "E:throw last:S;skipped"},
		{south + " W:out N:out " + east + " E:move:6-6", 3, "S:throw last:E;6-6;skipped"},
		{"S:out W:start,start,h13,h30 " + north + " " + east + " E:throw last:N;2-1;h26+2", 3, "W:throw last:E;skipped"},
	}
	for _, tt := range tests {
		p := skip(t, parse(t, tt.text), tt.seat)
		f := strings.Fields(p.String())
		expect(t, p, "after Skip of "+tt.text, strings.Join(f[4:], " "), tt.want)
	}
	// South skipped, then South leaves while West is to throw: the record
	// stays, and West still throws.
	p := skip(t, parse(t, three("S:move:5-3")), 0)
	p = retire(t, p, 0)
	expect(t, p, "after South left", p.String(), "S:out "+west3+" "+north3+" W:throw last:S;5-3;skipped")
	// West skipped, then West leaves: North throws.
	p = skip(t, parse(t, three("W:throw last:S;2-1;h3+2")), 1)
	expect(t, p, "after West's skip", phase(p), "N:throw")
	p = retire(t, p, 2)
	expect(t, p, "after North left", p.String(), south3+" "+west3+" N:out S:throw last:W;skipped")
}

// Decision: the record of a skip in the position text:
// "last:S;skipped" and "last:S;5-3;skipped". It reads back, after the
// decision to throw too; texts without skips read as before; Parse refuses
// a skip followed by the wrong seat, by the skipped seat's own roll, with
// marbles sent back, or ending a game won by finishing.
func TestSkipPositionText(t *testing.T) {
	for _, text := range []string{
		three("W:throw last:S;skipped"),
		three("W:roll last:S;skipped"),
		three("W:throw last:S;5-3;skipped"),
		three("W:roll last:S;6-6;skipped"),
		three("over:W:resigned last:S;5-3;skipped"),
		"S:out " + west3 + " " + north3 + " W:throw last:S;skipped",
		south3 + " " + west3 + " N:out S:throw last:W;4-1;skipped",
		// Texts without skips, as written before Skip existed.
		three("W:throw last:S;5-3;h5+8"),
		"S:out " + west3 + " " + north3 + " W:throw last:S;5-3;-",
		southStart + " " + westStart + " " + northStart + " S:throw last:S;first",
	} {
		p := parse(t, text)
		expect(t, p, "round trip of "+text, p.String(), text)
	}
	// The decision to throw after a skip keeps the record.
	p := play(t, parse(t, three("W:throw last:S;5-3;skipped")), kippykoo.RollText)
	expect(t, p, "after the decision to throw", p.String(), three("W:roll last:S;5-3;skipped"))
	p = play(t, p, "roll 2-1")
	expect(t, p, "after the roll", turnText(p.Last()), turnText(kippykoo.Turn{Seat: 1, Dice: [2]int{2, 1}}))

	for _, b := range []struct{ text, reason string }{
		{three("N:throw last:S;skipped"), "after South's turn was skipped, West throws, not North"},
		{three("N:roll last:S;6-6;skipped"), "after South's turn was skipped, West throws, not North"},
		{three("S:throw last:S;skipped"), "West throws, not South"},
		{three("S:roll last:S;6-6;skipped"), "West throws, not South"},
		{three("W:throw last:S;5-3;skipped;N@h28"), "marbles sent back by no move"},
		{three("W:throw last:S;skipped;x"), "want like"},
		{three("S:move:5-3 last:S;skipped"), "only the throw, roll and over phases"},
		{three("lot last:S;skipped"), "only the throw, roll and over phases"},
		{"S:finish,finish,finish,finish N:start,h30,h40,h10 over:S:finished last:S;2-1;skipped", "ends with the winner's move"},
		{"S:out " + west3 + " " + north3 + " N:throw last:S;skipped", "West throws, not North"},
	} {
		if _, err := kippykoo.Parse(b.text); err == nil || !strings.Contains(err.Error(), b.reason) {
			t.Errorf("Parse(%q): got %v, want an error saying %q", b.text, err, b.reason)
		}
	}
}

// Decision: skips keep the invariants. Random games of 2, 3 and 4 players,
// the dice by their odds, where the seat to act is now and then skipped
// (and in games of 3 and 4 a seat now and then leaves): the invariants
// hold after every decision, skip and retirement, the position text
// round-trips after each skip, and every game ends. It fails if skips at
// a decision to throw, at a move and at a move after doubles used are no
// longer covered.
func TestRandomGamesWithSkips(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 6
	}
	kinds := map[string]int{}
	total := 0
	for g := range games {
		n := 2 + g%3
		rng := rand.New(rand.NewPCG(uint64(n), uint64(3000+g)))
		p, _ := kippykoo.New(n)
		decisions := 0
		again := false // the turn is a throw again after doubles used
		for !p.Outcome().Over() {
			if decisions++; decisions > maxDecisions {
				t.Fatalf("game %d: no end after %d decisions\n%s", g, maxDecisions, p.Drawing())
			}
			if to := p.ToMove(); to >= 0 && rng.IntN(8) == 0 {
				switch {
				case p.Phase() == kippykoo.PhaseThrow:
					kinds["throw"]++
				case again:
					kinds["move after doubles"]++
				default:
					kinds["move"]++
				}
				p, again = skip(t, p, to), false
				continue
			}
			if n > 2 && rng.IntN(400) == 0 {
				p, again = retire(t, p, randomSeatIn(rng, p)), false
				kinds["retirement"]++
				continue
			}
			legal := p.Legal()
			m := legal[rng.IntN(len(legal))]
			if p.ToMove() == rules.Chance {
				r := rng.Float64()
				for _, o := range legal {
					if m = o; r < o.Odds {
						break
					}
					r -= o.Odds
				}
			}
			next, err := p.Play(m)
			if err != nil {
				t.Fatalf("game %d: Play(%q) of a legal move: %v\n%s", g, m.Text, err, p.Drawing())
			}
			if err := kippykoo.Invariants(p, next); err != nil {
				t.Fatalf("game %d: after %q from %s: %v\n%s", g, m.Text, p, err, next.Drawing())
			}
			np := next.(*kippykoo.Position)
			switch {
			case p.Phase() == kippykoo.PhaseMove && np.Phase() == kippykoo.PhaseRoll:
				again = true
			case np.Phase() != kippykoo.PhaseRoll && np.Phase() != kippykoo.PhaseMove:
				again = false
			}
			p = np
		}
		total += decisions
	}
	t.Logf("%d decisions; skips and retirements: %v", total, kinds)
	for _, k := range []string{"throw", "move", "move after doubles", "retirement"} {
		if kinds[k] == 0 {
			t.Errorf("no %s in the random games: the test no longer covers it", k)
		}
	}
}
