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

// Decision: retirement. In a game of three or four a seat may leave
// (kimbo.Position.Retire, rules.Resign) and the others play on: its pieces
// leave the board, its fences stay where they stand and never move again,
// its turns are skipped; when one seat is left in, it wins by resignation.

// The seats of a three-player game (South, West, North) for the tests
// below: South has two pieces out and two HOME, West a piece on c8 that
// South can capture with c3xc8 on 5-3.
const (
	south3 = "S:c3,l3,home,home/" + southFences
	west3  = "W:c8,n2,a14,o15/" + westFences
	north3 = "N:o1,b2,b15,n15/" + northFences
)

// three is a three-player position text with South, West and North as
// above, in phase (with its last turn).
func three(phase string) string { return south3 + " " + west3 + " " + north3 + " " + phase }

// retire retires seat from p, checks the invariants across the retirement
// and the position text's round trip after it, and returns the position.
func retire(t testing.TB, p *kimbo.Position, seat rules.Seat) *kimbo.Position {
	t.Helper()
	next, err := p.Retire(seat)
	if err != nil {
		t.Fatalf("Retire(%d): got error %v, want none\n%s", seat, err, p.Drawing())
	}
	if err := kimbo.Invariants(p, next); err != nil {
		t.Fatalf("after Retire(%d): %v\n%s", seat, err, next.Drawing())
	}
	rulestest.RoundTrip(t, kimbo.Game{}, next)
	return next.(*kimbo.Position)
}

// turnOrder plays the next k turns from a fence decision, each seat
// moving no fence and taking its first legal move and corner, and lists
// whose turns they were by side letter.
func turnOrder(t testing.TB, p *kimbo.Position, k int) string {
	t.Helper()
	var got []string
	for range k {
		if p.Phase() != kimbo.PhaseFence {
			t.Fatalf("turnOrder: phase %s, want fence\n%s", p.Phase(), p.Drawing())
		}
		seat := p.Turn()
		got = append(got, string(p.Side(seat).Letter()))
		p = play(t, p, kimbo.NoFence, "roll 2-1")
		for p.Turn() == seat && !p.Outcome().Over() {
			p = play(t, p, p.Legal()[0].Text)
		}
	}
	return strings.Join(got, "")
}

// out is the pieces of a seat that has left the game, as Pieces lists them.
const out = "-,-,-,-"

// Decision: the seat to act retires, in any phase of its turn: its turn
// ends at once and the next seat still in takes its turn; its pieces leave
// the board, its fences stay; a piece it captured and had not yet sent to
// a corner goes to the first start area with room.
func TestRetireSeatToAct(t *testing.T) {
	move := parse(t, three("S:move:5-3 last:S;nofence;5-3;-"))
	tests := []struct {
		name      string
		p         *kimbo.Position
		westAfter string // West's pieces after South left
	}{
		{"fence", parse(t, three("S:fence")), "n2,c8,a14,o15"},
		{"roll", parse(t, three("S:roll last:S;nofence;-;-")), "n2,c8,a14,o15"},
		{"move", move, "n2,c8,a14,o15"},
		{"corner", play(t, move, "c3xc8-c11"), "a2,n2,a14,o15"}, // West's captured piece: to sw, its own start square
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := retire(t, tt.p, 0)
			expect(t, p, "Retired(South)", p.Retired(0), true)
			expect(t, p, "Retired(West)", p.Retired(1), false)
			expect(t, p, "South's pieces", pieces(p, 0), out)
			expect(t, p, "West's pieces", pieces(p, 1), tt.westAfter)
			expect(t, p, "South's fences", slices.Equal(p.Fences(0), tt.p.Fences(0)), true)
			expect(t, p, "phase", p.Phase(), kimbo.PhaseFence)
			expect(t, p, "turn", p.Turn(), rules.Seat(1))
			expect(t, p, "South's field", strings.Fields(p.String())[0], "S:out/"+southFences)
			expect(t, p, "turns after", turnOrder(t, p, 4), "WNWN")
		})
	}
}

// Decision: a seat not to act retires: the seat to act carries on with the
// same decision, and the retired seat's pieces are gone from its moves,
// its words and the board; its fences stand and nobody moves them; its
// entrance stays open; its turns are skipped.
func TestRetireSeatNotToAct(t *testing.T) {
	// North has a piece on c8, which South could capture with 5-3.
	p := parse(t, south3+" W:a2,n2,a14,o15/"+westFences+" N:c8,b2,b15,n15/"+northFences+" S:move:5-3 last:S;nofence;5-3;-")
	expectLegal(t, p, "c3xc8-c11")
	p = retire(t, p, 2)
	expect(t, p, "turn", p.Turn(), rules.Seat(0))
	expect(t, p, "phase", p.Phase(), kimbo.PhaseMove)
	d1, d2 := p.Dice()
	expect(t, p, "dice", [2]int{d1, d2}, [2]int{5, 3})
	expect(t, p, "North's pieces", pieces(p, 2), out)
	expectLegal(t, p, "c3-c11")
	expectNotLegal(t, p, "c3xc8-c11", "c3xc8, l3-l6")
	for _, m := range p.Legal() {
		if d := p.Describe(m).String(); strings.Contains(d, "North") {
			t.Errorf("Describe(%q) = %q: mentions North, which has left the game", m.Text, d)
		}
	}
	for _, sl := range p.Fences(2) {
		if o, ok := p.FenceAt(sl); !ok || o != 2 {
			t.Errorf("FenceAt(%s): got %v, %v, want North's fence", sl, o, ok)
		}
	}
	expect(t, p, "North's fences", len(p.Fences(2)), 6)
	expect(t, p, "drawing", strings.Contains(p.Drawing(), "\nNorth: left the game\n"), true)
	expect(t, p, "HOME line", strings.Contains(p.Drawing(), "HOME: S 2 W 0\n"), true)
	p = play(t, p, "c3-c11")
	expect(t, p, "turn after South", p.Turn(), rules.Seat(1))
	expect(t, p, "turns after", turnOrder(t, p, 4), "WSWS")
	// Nobody moves North's fences.
	f := parse(t, south3+" W:a2,n2,a14,o15/"+westFences+" N:out/"+northFences+" S:fence")
	expectRejected(t, f, "e15|f15>c4|c5", "you may move only your own")
	for _, m := range f.Legal() {
		if from, _, ok := strings.Cut(m.Text, ">"); ok && slices.Contains(strings.Split(northFences, ","), from) {
			t.Errorf("fence move %q of North's fence is legal", m.Text)
		}
	}
	// West's entrance f8 stays open after West leaves; South finishes
	// through it.
	w := parse(t, "S:c8,home,home,home/"+southFences+" W:a2,n2,a14,o15/"+westFences+" "+north3+" S:move:3-1 last:S;nofence;3-1;-")
	w = retire(t, w, 1)
	w = play(t, w, "c8-home")
	expect(t, w, "outcome", outcomeText(w.Outcome()), "finished winners[0]")
	expect(t, w, "finished position", strings.Fields(w.String())[1], "W:out/"+westFences)
}

// Decision: a seat whose piece waits for another seat's corner decision
// retires: that piece leaves the game with it, and the capturer's turn
// ends unless another captured piece still waits.
func TestRetireSeatWaitingForCorner(t *testing.T) {
	move := parse(t, three("S:move:5-3 last:S;nofence;5-3;-"))
	c := play(t, move, "c3xc8-c11")
	expect(t, c, "pending", len(c.Pending()), 1)
	p := retire(t, c, 1)
	expect(t, p, "phase", p.Phase(), kimbo.PhaseFence)
	expect(t, p, "turn", p.Turn(), rules.Seat(2)) // West is skipped
	expect(t, p, "South's pieces", pieces(p, 0), "l3,c11,home,home")
	expect(t, p, "West's pieces", pieces(p, 1), out)
	// Two pieces captured, West's then North's: West leaves, North's
	// piece still waits.
	two := parse(t, "S:c3,l3,home,home/"+southFences+" "+west3+" N:l6,b2,b15,n15/"+northFences+" S:move:5-3 last:S;nofence;5-3;-")
	two = play(t, two, "c3xc8, l3xl6")
	expect(t, two, "pending", len(two.Pending()), 2)
	p = retire(t, two, 1)
	expect(t, p, "phase", p.Phase(), kimbo.PhaseCorner)
	expect(t, p, "pending", slices.Equal(p.Pending(), []rules.Seat{2}), true)
	expect(t, p, "text", strings.Fields(p.String())[3], "S:corner:N")
	p = play(t, p, "corner sw")
	expect(t, p, "North's pieces", pieces(p, 2), "a1,b2,b15,n15")
	expect(t, p, "turn", p.Turn(), rules.Seat(2))
}

// Decision: in the opening roll a seat that leaves is out of it; a roll it
// already made no longer counts. If that decides the round, the game goes
// on as after the last roll: the highest starts, or the tied roll again;
// a seat left alone in the round starts without rolling.
func TestRetireInOpeningRoll(t *testing.T) {
	field := func(p *kimbo.Position) string { f := strings.Fields(p.String()); return f[p.Seats()] }
	p, _ := kimbo.New(3)
	p = play(t, p, "roll 6-3")
	p = retire(t, p, 1)
	expect(t, p, "opening", field(p), "open:6-3,x,-")
	expect(t, p, "roller", p.Turn(), rules.Seat(2))
	expect(t, p, "drawing", strings.Contains(p.Drawing(), "opening roll: North to roll (South rolled 6-3)\n"), true)
	q := play(t, p, "roll 5-4") // 9 and 9: South and North again
	expect(t, q, "opening after a tie", field(q), "open:-,x,-")
	q = play(t, q, "roll 1-1", "roll 2-1")
	expect(t, q, "first turn", q.Turn(), rules.Seat(2))
	expect(t, q, "phase", q.Phase(), kimbo.PhaseFence)
	// The last seat to roll leaves: the others have rolled, the highest starts.
	p, _ = kimbo.New(4)
	p = play(t, p, "roll 2-1", "roll 6-5", "roll 4-4")
	p = retire(t, p, 3)
	expect(t, p, "phase", p.Phase(), kimbo.PhaseFence)
	expect(t, p, "first turn", p.Turn(), rules.Seat(1))
	expect(t, p, "turns", turnOrder(t, p, 4), "WNSW")
	// The highest, having rolled, leaves: its roll no longer counts.
	p, _ = kimbo.New(4)
	p = play(t, p, "roll 2-1", "roll 6-5", "roll 4-4", "roll 3-3")
	expect(t, p, "phase", p.Phase(), kimbo.PhaseFence)
	p, _ = kimbo.New(4)
	p = play(t, p, "roll 2-1", "roll 6-5", "roll 4-4")
	p = retire(t, p, 1)
	expect(t, p, "opening", field(p), "open:2-1,x,4-4,-")
	p = play(t, p, "roll 4-4") // North and East tie at 8
	expect(t, p, "opening after a tie", field(p), "open:x,x,-,-")
	// One of two tied seats leaves: the other starts without rolling.
	p = retire(t, p, 3)
	expect(t, p, "phase", p.Phase(), kimbo.PhaseFence)
	expect(t, p, "first turn", p.Turn(), rules.Seat(2))
	expect(t, p, "turns", turnOrder(t, p, 3), "NSN")
}

// Decision: when one seat is left in, the game is over and it wins by
// resignation.
func TestRetireLastButOneEndsGame(t *testing.T) {
	p, _ := kimbo.New(4)
	p = play(t, p, "roll 6-5", "roll 1-1", "roll 1-1", "roll 1-1", kimbo.NoFence, "roll 5-3")
	p = retire(t, p, 1)
	p = retire(t, p, 0) // South, to move, leaves: North takes the turn, West being out
	expect(t, p, "turn", p.Turn(), rules.Seat(2))
	expect(t, p, "outcome", p.Outcome().Over(), false)
	st, err := rules.Resign(p, 2)
	if err != nil {
		t.Fatalf("Resign(North): %v", err)
	}
	if err := kimbo.Invariants(p, st); err != nil {
		t.Fatalf("after Resign(North): %v", err)
	}
	p = st.(*kimbo.Position)
	expect(t, p, "outcome", outcomeText(p.Outcome()), "resigned winners[3]")
	expect(t, p, "ToMove", p.ToMove(), rules.Nobody)
	expect(t, p, "legal moves", len(p.Legal()), 0)
	expect(t, p, "Retired(North)", p.Retired(2), true)
	expect(t, p, "Retired(East)", p.Retired(3), false)
	expect(t, p, "text", strings.Join(strings.Fields(p.String())[:5], " "),
		"S:out/"+southFences+" W:out/"+westFences+" N:out/"+northFences+" E:a1,o2,b14,o14/"+eastFences+" over:E:resigned")
	expect(t, p, "status", strings.HasSuffix(p.Drawing(), "East won by resignation\n"), true)
	rulestest.RoundTrip(t, kimbo.Game{}, p)
	if _, err := p.Retire(3); !errors.Is(err, rules.ErrOver) {
		t.Errorf("Retire after the end: got %v, want rules.ErrOver", err)
	}
	if _, err := p.Play(rules.Move{Text: kimbo.NoFence}); !errors.Is(err, rules.ErrOver) {
		t.Errorf("Play after the end: got %v, want rules.ErrOver", err)
	}
}

// Decision: in a two-player game, Retire is a resignation: the other seat
// wins, as by End.
func TestRetireTwoPlayersIsResignation(t *testing.T) {
	start, _ := kimbo.New(2)
	for _, p := range []*kimbo.Position{
		start,
		parse(t, moving("S:c3,l3,home,home/"+southFences, "N:c8,b2,b15,n15/"+northFences, "5-3")),
		play(t, parse(t, moving("S:c3,l3,home,home/"+southFences, "N:c8,b2,b15,n15/"+northFences, "5-3")), "c3xc8-c11"),
	} {
		for seat := range rules.Seat(2) {
			ended, err := p.End(rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{1 - seat}})
			if err != nil {
				t.Fatalf("End: %v", err)
			}
			got := retire(t, p, seat)
			expect(t, got, "outcome", outcomeText(got.Outcome()), outcomeText(ended.Outcome()))
			expect(t, got, "ToMove", got.ToMove(), rules.Nobody)
			st, err := rules.Resign(p, seat)
			if err != nil || outcomeText(st.Outcome()) != outcomeText(ended.Outcome()) {
				t.Errorf("Resign(%d): got %v, %v, want %s", seat, st, err, outcomeText(ended.Outcome()))
			}
		}
	}
	// A captured piece waiting for the leaving capturer's corner goes back
	// to the first start area with room.
	c := play(t, parse(t, moving("S:c3,l3,home,home/"+southFences, "N:c8,b2,b15,n15/"+northFences, "5-3")), "c3xc8-c11")
	p := retire(t, c, 0)
	expect(t, p, "North's pieces", pieces(p, 1), "a1,b2,b15,n15")
}

// Retire refuses a seat out of range, a seat already out, and a game over.
func TestRetireErrors(t *testing.T) {
	p := parse(t, three("S:fence"))
	for _, seat := range []rules.Seat{-1, 3, 4, rules.Nobody, rules.Chance} {
		if _, err := p.Retire(seat); err == nil || !strings.Contains(err.Error(), "no seat") {
			t.Errorf("Retire(%d): got %v, want an error saying no seat", seat, err)
		}
		expect(t, p, "Retired out of range", p.Retired(seat), false)
	}
	q := retire(t, p, 1)
	if _, err := q.Retire(1); err == nil || !strings.Contains(err.Error(), "already left") {
		t.Errorf("Retire(West) twice: got %v, want an error saying already left", err)
	}
	ended, _ := q.End(rules.Outcome{Method: rules.Agreement})
	if _, err := ended.(*kimbo.Position).Retire(0); !errors.Is(err, rules.ErrOver) {
		t.Errorf("Retire after End: got %v, want rules.ErrOver", err)
	}
	// End names no seat that has left the game as a winner.
	if _, err := q.End(rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{1}}); err == nil {
		t.Errorf("End naming West, which left, as winner: got no error, want one")
	}
	if _, err := q.End(rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{0, 2}}); err == nil {
		t.Errorf("End naming every seat still in as winners: got no error, want one")
	}
	if _, err := q.End(rules.Outcome{Method: rules.Forfeit, Winners: []rules.Seat{2}}); err != nil {
		t.Errorf("End(forfeit, North): got %v, want none", err)
	}
}

// Decision: the position text writes "out" for the pieces of a seat that
// has left the game ("W:out/a5|a6,..."), and Parse reads it back; Parse
// refuses a seat that has left still acting, rolling, waiting for a corner
// or winning, and a game not over with fewer than two seats in.
func TestRetiredPositionText(t *testing.T) {
	westOut := "W:out/" + westFences
	for _, text := range []string{
		south3 + " " + westOut + " " + north3 + " S:fence",
		south3 + " " + westOut + " " + north3 + " N:move:5-3 last:N;nofence;5-3;-",
		south3 + " " + westOut + " " + north3 + " open:6-3,x,-",
		south3 + " " + westOut + " " + north3 + " over:N:resigned",
		south3 + " " + westOut + " N:out/" + northFences + " over:S:resigned last:W;nofence;-;-",
		"S:out/" + southFences + " " + north + " over:N:resigned",
	} {
		p := parse(t, text)
		expect(t, p, "Parse(text).String()", p.String(), text)
		expect(t, p, "Retired(West or South)", p.Retired(1) || p.Retired(0), true)
	}
	bad := []struct{ text, reason string }{
		{south3 + " " + westOut + " " + north3 + " W:fence", "West has left the game but is to act"},
		{south3 + " " + westOut + " " + north3 + " W:roll last:W;nofence;-;-", "is to act"},
		{"S:c11,l3,home,home/" + southFences + " " + westOut + " " + north3 + " S:corner:W last:S;nofence;5-3;c3xc8-c11", "a piece of its waits for a corner"},
		{south3 + " " + westOut + " " + north3 + " open:-,-,-", "in the opening roll"},
		{south3 + " " + westOut + " " + north3 + " over:W:resigned", "winners"},
		{south3 + " " + westOut + " " + north3 + " over:S+N:resigned", "winners"},
		{south3 + " " + westOut + " N:out/" + northFences + " S:fence", "one seat left in a game not over"},
		{south3 + " " + westOut + " N:out/" + northFences + " over:-:agreed-draw", "winners"},
		{"S:out/" + southFences + " N:out/" + northFences + " over:-:agreed-draw", "every seat has left"},
		{"S:out/" + southFences + " " + north + " N:fence", "one seat left"},
		{"S:out,b1,n1,n14/" + southFences + " " + north + " S:fence", "no square \"out\""},
		{"S:out/" + southFences + " " + westOut + " " + north3 + " N:fence", "one seat left"},
		{"S:out/" + " " + westOut + " " + north3 + " N:fence", "fences"},
	}
	for _, b := range bad {
		if _, err := kimbo.Parse(b.text); err == nil || !strings.Contains(err.Error(), b.reason) {
			t.Errorf("Parse(%q): got %v, want an error saying %q", b.text, err, b.reason)
		}
	}
}

// Decision: retirement keeps the invariants. Random games of 3 and 4
// players, where seats leave at random moments (the seat to act, a seat
// whose piece waits for a corner, or any other) until one is left: the
// invariants hold after every decision and every retirement, the position
// text round-trips after each retirement, and every game ends.
func TestRandomGamesWithRetirements(t *testing.T) {
	const games = 50
	phases := map[kimbo.Phase]int{} // the phases retirements happened in
	kinds := map[string]int{}       // which seats left
	total := 0
	for g := range games {
		n := 3 + g%2
		rng := rand.New(rand.NewPCG(uint64(n), uint64(1000+g)))
		p, _ := kimbo.New(n)
		decisions, leaveAt := 0, rng.IntN(30)
		// Some games wait for a corner decision before the first seat leaves.
		waitCorner := g%10 == 0
		for !p.Outcome().Over() {
			if decisions++; decisions > maxDecisions {
				t.Fatalf("game %d: no end after %d decisions\n%s", g, maxDecisions, p.Drawing())
			}
			if decisions >= leaveAt && (!waitCorner || p.Phase() == kimbo.PhaseCorner || decisions > 2000) {
				seat := randomSeatIn(rng, p)
				phases[p.Phase()]++
				switch {
				case slices.Contains(p.Pending(), seat):
					kinds["waiting for a corner"]++
				case seat == p.Turn():
					kinds["to act"]++
				default:
					kinds["other"]++
				}
				p = retire(t, p, seat)
				leaveAt, waitCorner = decisions+rng.IntN(20), false
				continue
			}
			m := rules.Move{Text: kimbo.NoFence}
			if p.Phase() != kimbo.PhaseFence || rng.IntN(2) == 0 { // a fence decision lists some 2000
				legal := p.Legal()
				m = legal[rng.IntN(len(legal))]
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
	t.Logf("%d decisions; retirements by phase: %v; by seat: %v", total, phases, kinds)
	for ph := kimbo.PhaseOpening; ph < kimbo.PhaseOver; ph++ {
		if phases[ph] == 0 {
			t.Errorf("no retirement in phase %s: the test no longer covers it", ph)
		}
	}
	for _, k := range []string{"waiting for a corner", "to act", "other"} {
		if kinds[k] == 0 {
			t.Errorf("no retirement of a seat %s: the test no longer covers it", k)
		}
	}
}

// randomSeatIn picks a seat still in: the one to act, one whose piece
// waits for a corner, or any.
func randomSeatIn(rng *rand.Rand, p *kimbo.Position) rules.Seat {
	if pending := p.Pending(); len(pending) > 0 && rng.IntN(2) == 0 {
		return pending[0]
	}
	if rng.IntN(3) == 0 {
		return p.Turn()
	}
	var in []rules.Seat
	for seat := range rules.Seat(p.Seats()) {
		if !p.Retired(seat) {
			in = append(in, seat)
		}
	}
	return in[rng.IntN(len(in))]
}
