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

// Decision: retirement. In a game of three or four a seat may leave
// (kippykoo.Position.Retire, rules.Resign) and the others play on: its
// marbles leave the game, its turns are skipped; when one seat is left in,
// it wins by resignation. In a game of two, Retire is a resignation.

// The seats of a three-player game (South, West, North) for the tests
// below: South has a marble on h5 that can send West's on h13 back with
// 5-3.
const (
	south3 = "S:start,h5,h20,finish"
	west3  = "W:start,start,h13,h30"
	north3 = "N:start,start,start,h28"
)

// three is a three-player position text with South, West and North as
// above, in phase (with its latest throw).
func three(phase string) string { return south3 + " " + west3 + " " + north3 + " " + phase }

// retire retires seat from p, checks the invariants across the retirement
// and the position text's round trip after it, and returns the position.
func retire(t testing.TB, p *kippykoo.Position, seat rules.Seat) *kippykoo.Position {
	t.Helper()
	next, err := p.Retire(seat)
	if err != nil {
		t.Fatalf("Retire(%d): got error %v, want none\n%s", seat, err, p.Drawing())
	}
	if err := kippykoo.Invariants(p, next); err != nil {
		t.Fatalf("after Retire(%d): %v\n%s", seat, err, next.Drawing())
	}
	rulestest.RoundTrip(t, kippykoo.Game{}, next)
	return next.(*kippykoo.Position)
}

// turnOrder plays the next k turns from a decision to throw, each seat
// throwing 2-1 and taking its first legal move, and lists whose turns they
// were by side letter.
func turnOrder(t testing.TB, p *kippykoo.Position, k int) string {
	t.Helper()
	var got []string
	for range k {
		if p.Phase() != kippykoo.PhaseThrow {
			t.Fatalf("turnOrder: phase %s, want throw\n%s", p.Phase(), p.Drawing())
		}
		got = append(got, string(p.Side(p.Turn()).Letter()))
		p = play(t, p, kippykoo.RollText, "roll 2-1")
		p = play(t, p, p.Legal()[0].Text)
	}
	return strings.Join(got, "")
}

// Decision: the seat to act leaves, in any phase of its turn (its decision
// to throw, the roll, its move, the throw again after doubles): its turn
// ends at once, a throw not yet used is lost, and the next seat still in
// begins its turn with its decision to throw. Its marbles leave the game
// from START, the track and FINISH; the others' stay. The latest throw
// stays on record.
func TestRetireSeatToAct(t *testing.T) {
	tests := []struct {
		name, phase, last string // the phase before, the latest throw after
	}{
		{"throw", "S:throw last:N;2-1;h26+2", "last:N;2-1;h26+2"},
		{"roll", "S:roll last:N;2-1;h26+2", "last:N;2-1;h26+2"},
		{"move", "S:move:5-3", "last:S;5-3;-"},
		{"roll after doubles", "S:roll last:S;2-2;h1+4", "last:S;2-2;h1+4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := retire(t, parse(t, three(tt.phase)), 0)
			expect(t, p, "Retired(South)", p.Retired(0), true)
			expect(t, p, "Retired(West)", p.Retired(1), false)
			expect(t, p, "position text", p.String(), "S:out "+west3+" "+north3+" W:throw "+tt.last)
			expect(t, p, "South's marbles", [3]int{p.InStart(0), len(p.Marbles(0)), p.InFinish(0)}, [3]int{0, 0, 0})
			expect(t, p, "turn", p.Turn(), rules.Seat(1))
			expect(t, p, "ToMove", p.ToMove(), rules.Seat(1))
			expect(t, p, "turns after", turnOrder(t, p, 4), "WNWN")
		})
	}
	// The seat drawn by the lot leaves before its first throw: the next
	// seat in throws first.
	for _, moves := range [][]string{{"first W"}, {"first W", "roll"}} {
		p, _ := kippykoo.New(3)
		p = retire(t, play(t, p, moves...), 1)
		expect(t, p, "position text", p.String(), southStart+" W:out "+northStart+" N:throw last:W;first")
		expect(t, p, "turns after", turnOrder(t, p, 3), "NSN")
	}
}

// Decision: a seat not to act leaves: the seat to act carries on with the
// same decision, the departed seat's marbles gone from its moves, its
// words and the board; its turns are skipped.
func TestRetireSeatNotToAct(t *testing.T) {
	p := parse(t, three("S:move:5-3"))
	expect(t, p, "Describe before", p.Describe(rules.Move{Text: "h5+8"}).String(), "South: moves the marble on hole 5 by 8 to hole 13, sending West's marble back to START")
	p = retire(t, p, 1)
	expect(t, p, "phase", phase(p), "S:move:5-3")
	expect(t, p, "West's field", strings.Fields(p.String())[1], "W:out")
	expect(t, p, "hole 13", p.Progress(13), -1)
	expect(t, p, "Describe after", p.Describe(rules.Move{Text: "h5+8"}).String(), "South: moves the marble on hole 5 by 8 to hole 13")
	for _, m := range p.Legal() {
		if d := p.Describe(m).String(); strings.Contains(d, "West") {
			t.Errorf("Describe(%q) = %q: mentions West, which has left the game", m.Text, d)
		}
	}
	expect(t, p, "drawing", strings.Contains(p.Drawing(), "\nWest  star h13 left the game\n"), true)
	p = play(t, p, "h5+8")
	expect(t, p, "sent back", sentBack(p), "")
	expect(t, p, "turn after South", phase(p), "N:throw")
	expect(t, p, "turns after", turnOrder(t, p, 4), "NSNS")
	// Leaving at another seat's decision to throw and roll.
	for _, ph := range []string{"N:throw last:W;4-1;h25+5", "N:roll last:W;4-1;h25+5"} {
		q := retire(t, parse(t, three(ph)), 0)
		expect(t, q, "phase", phase(q), strings.Fields(ph)[0])
	}
}

// Decision: the latest throw stays on record when a seat leaves, with the
// marbles it sent back, whoever leaves: the board still shows what
// happened.
func TestRetireKeepsLatestThrow(t *testing.T) {
	p := play(t, parse(t, three("S:move:5-3")), "h5+8")
	expect(t, p, "position text", p.String(), "S:start,h13,h20,finish W:start,start,start,h30 "+north3+" W:throw last:S;5-3;h5+8;W@h13")
	captured := retire(t, p, 1)
	expect(t, captured, "West leaves", captured.String(), "S:start,h13,h20,finish W:out "+north3+" N:throw last:S;5-3;h5+8;W@h13")
	capturer := retire(t, p, 0)
	expect(t, capturer, "South leaves", capturer.String(), "S:out W:start,start,start,h30 "+north3+" W:throw last:S;5-3;h5+8;W@h13")
}

// Decision: a seat leaves before the lot: the lot draws among the seats
// still in, with equal odds.
func TestRetireInLot(t *testing.T) {
	p, _ := kippykoo.New(3)
	p = retire(t, p, 1)
	expect(t, p, "position text", p.String(), southStart+" W:out "+northStart+" lot")
	expect(t, p, "lot", legal(p), "first N | first S")
	for _, m := range p.Legal() {
		expect(t, p, "odds of "+m.Text, m.Odds, 0.5)
	}
	expect(t, p, "Describe", p.Describe(rules.Move{Text: "first N"}).String(), "North is drawn to begin (1 chance in 2)")
	expectRejected(t, p, "first W", "West has left the game")
	if _, err := rules.Find(p, "west"); err == nil {
		t.Errorf("Find(west) in the lot after West left: got no error, want one")
	}
	p = play(t, p, "first N")
	expect(t, p, "turns", turnOrder(t, p, 3), "NSN")
}

// Decision: when one seat is left in, the game is over and it wins by
// resignation; Resign does the same (rules.Resign calls Retire).
func TestRetireLastButOneEndsGame(t *testing.T) {
	p, _ := kippykoo.New(4)
	p = play(t, p, "first S", "roll", "roll 2-1", "pass")
	p = retire(t, p, 2) // North, not to act
	expect(t, p, "phase", phase(p), "W:throw")
	p = retire(t, p, 1) // West, to act: East, North being out
	expect(t, p, "phase", phase(p), "E:throw")
	expect(t, p, "outcome", p.Outcome().Over(), false)
	st, err := rules.Resign(p, 3)
	if err != nil {
		t.Fatalf("Resign(East): %v", err)
	}
	if err := kippykoo.Invariants(p, st); err != nil {
		t.Fatalf("after Resign(East): %v", err)
	}
	p = st.(*kippykoo.Position)
	expect(t, p, "outcome", outcomeText(p.Outcome()), "resigned winners[0]")
	expect(t, p, "ToMove", p.ToMove(), rules.Nobody)
	expect(t, p, "legal moves", len(p.Legal()), 0)
	expect(t, p, "Retired(East)", p.Retired(3), true)
	expect(t, p, "Retired(South)", p.Retired(0), false)
	expect(t, p, "position text", p.String(), southStart+" W:out N:out E:out over:S:resigned last:S;2-1;pass")
	expect(t, p, "status", strings.HasSuffix(p.Drawing(), "South won by resignation\n"), true)
	rulestest.RoundTrip(t, kippykoo.Game{}, p)
	if _, err := p.Retire(0); !errors.Is(err, rules.ErrOver) {
		t.Errorf("Retire after the end: got %v, want rules.ErrOver", err)
	}
	if _, err := p.Play(rules.Move{Text: "roll"}); !errors.Is(err, rules.ErrOver) {
		t.Errorf("Play after the end: got %v, want rules.ErrOver", err)
	}
	// In the lot, too.
	l, _ := kippykoo.New(3)
	l = retire(t, retire(t, l, 0), 2)
	expect(t, l, "ended in the lot", l.String(), "S:out "+westStart+" N:out over:W:resigned")
}

// Decision: in a two-player game nobody leaves: Retire is a resignation,
// the same as End with the other seat the winner; the marbles stay and the
// position text is as it always was.
func TestRetireTwoPlayersIsResignation(t *testing.T) {
	start, _ := kippykoo.New(2)
	for _, p := range []*kippykoo.Position{
		start,
		parse(t, "S:start,start,h5,h20 N:start,start,h30,h51 N:throw last:S;4-1;h15+5"),
		parse(t, moving("S:start,start,h5,h20 N:start,start,h30,h51", "S", "6-3")),
	} {
		for seat := range rules.Seat(2) {
			ended, err := p.End(rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{1 - seat}})
			if err != nil {
				t.Fatalf("End: %v", err)
			}
			got := retire(t, p, seat)
			expect(t, got, "Retire is End", got.String(), ended.String())
			expect(t, got, "Retired", got.Retired(seat), false)
			st, err := rules.Resign(p, seat)
			if err != nil || st.String() != ended.String() {
				t.Errorf("Resign(%d): got %v, %v, want %s", seat, st, err, ended)
			}
		}
	}
}

// Retire refuses a seat out of range, a seat already out, and a game over;
// End names no seat that has left as a winner.
func TestRetireErrors(t *testing.T) {
	p := parse(t, three("S:throw last:N;2-1;h26+2"))
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
	if _, err := ended.(*kippykoo.Position).Retire(0); !errors.Is(err, rules.ErrOver) {
		t.Errorf("Retire after End: got %v, want rules.ErrOver", err)
	}
	for _, o := range []rules.Outcome{
		{Method: rules.Resignation, Winners: []rules.Seat{1}},
		{Method: rules.Resignation, Winners: []rules.Seat{0, 2}},
		{Method: rules.Forfeit, Winners: []rules.Seat{0, 2}},
	} {
		if _, err := q.End(o); err == nil {
			t.Errorf("End(%v) after West left: got no error, want one", o)
		}
	}
	for _, o := range []rules.Outcome{{Method: rules.Forfeit, Winners: []rules.Seat{2}}, {Method: rules.Resignation, Winners: []rules.Seat{0}}} {
		st, err := q.End(o)
		if err != nil {
			t.Errorf("End(%v) after West left: got %v, want none", o, err)
			continue
		}
		rulestest.RoundTrip(t, kippykoo.Game{}, st)
	}
}

// Decision: the position text writes "out" for the marbles of a seat that
// has left the game ("W:out"), and Parse reads it back; Parse refuses a
// seat that has left with marbles, acting, drawn by the lot, or winning, a
// seat out in a game of two, and a game not over with fewer than two
// seats in.
func TestRetiredPositionText(t *testing.T) {
	for _, text := range []string{
		south3 + " W:out " + north3 + " S:throw last:N;2-1;h26+2",
		south3 + " W:out " + north3 + " N:move:5-3",
		south3 + " W:out " + north3 + " N:throw last:W;5-3;-",
		south3 + " W:out " + north3 + " N:roll last:W;2-2;h26+4",
		southStart + " W:out " + northStart + " lot",
		southStart + " W:out " + northStart + " N:throw last:W;first",
		south3 + " W:out " + north3 + " over:N:resigned",
		south3 + " W:out N:out over:S:resigned last:N;2-1;h26+2",
		"S:out W:out N:out " + eastStart + " over:E:resigned",
	} {
		p := parse(t, text)
		expect(t, p, "Parse(text).String()", p.String(), text)
	}
	for _, b := range []struct{ text, reason string }{
		{south3 + " W:out " + north3 + " W:throw", "West has left the game but is to act"},
		{south3 + " W:out " + north3 + " W:move:5-3", "is to act"},
		{south3 + " W:out " + north3 + " W:roll last:S;2-1;h18+2", "is to act"},
		{south3 + " W:out " + north3 + " over:W:resigned", "West has left the game but won it"},
		{south3 + " W:out " + north3 + " over:S+N:resigned", "winners"},
		{south3 + " W:out N:out S:throw", "one seat left in a game not over"},
		{south3 + " W:out N:out over:-:agreed-draw", "winners"},
		{"S:out W:out N:out over:-:agreed-draw", "every seat has left"},
		{"S:out " + north3 + " N:throw", "a game of two"},
		{"S:out " + north3 + " over:N:resigned", "a game of two"},
		{"S:out,start,start,start " + west3 + " " + north3 + " W:throw", "not a hole"},
		{southStart + " W:out " + northStart + " W:throw last:W;first", "is to act"},
		{southStart + " W:out " + northStart + " S:throw last:W;first", "North throws, not South"},
		{south3 + " W:out " + north3 + " S:throw last:W;5-3;-", "North throws, not South"},
		{"S:start,h5,h20,h40 W:out " + north3 + " lot", "before any marble leaves START"},
	} {
		if _, err := kippykoo.Parse(b.text); err == nil || !strings.Contains(err.Error(), b.reason) {
			t.Errorf("Parse(%q): got %v, want an error saying %q", b.text, err, b.reason)
		}
	}
}

// Decision: retirement keeps the invariants. Random games of 3 and 4
// players, the dice by their odds, where seats leave at random moments
// (the seat to act, or any other, in any phase) until one is left or a
// seat finishes: the invariants hold after every decision and every
// retirement, the position text round-trips after each retirement, no
// seat that has left is ever to act, and every game ends.
func TestRandomGamesWithRetirements(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 12
	}
	phases := map[kippykoo.Phase]int{} // the phases retirements happened in
	kinds := map[string]int{}          // which seats left
	endings := map[rules.Method]int{}
	total := 0
	for g := range games {
		n := 3 + g%2
		rng := rand.New(rand.NewPCG(uint64(n), uint64(2000+g)))
		p, _ := kippykoo.New(n)
		decisions, leaveAt := 0, rng.IntN(300)
		if g%8 == 0 {
			leaveAt = 0 // in the lot
		}
		for !p.Outcome().Over() {
			if decisions++; decisions > maxDecisions {
				t.Fatalf("game %d: no end after %d decisions\n%s", g, maxDecisions, p.Drawing())
			}
			if decisions > leaveAt {
				seat := randomSeatIn(rng, p)
				phases[p.Phase()]++
				if seat == p.Turn() {
					kinds["to act"]++
				} else {
					kinds["other"]++
				}
				p = retire(t, p, seat)
				leaveAt = decisions + rng.IntN(300)
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
			if to := p.ToMove(); to >= 0 && p.Retired(to) {
				t.Fatalf("game %d: %s, which has left, is to move\n%s", g, p.Side(to), p.Drawing())
			}
			next, err := p.Play(m)
			if err != nil {
				t.Fatalf("game %d: Play(%q) of a legal move: %v\n%s", g, m.Text, err, p.Drawing())
			}
			if err := kippykoo.Invariants(p, next); err != nil {
				t.Fatalf("game %d: after %q from %s: %v\n%s", g, m.Text, p, err, next.Drawing())
			}
			if decisions%16 == 0 {
				rulestest.RoundTrip(t, kippykoo.Game{}, next)
			}
			p = next.(*kippykoo.Position)
		}
		total += decisions
		o := p.Outcome()
		endings[o.Method]++
		if len(o.Winners) != 1 || p.Retired(o.Winners[0]) {
			t.Errorf("game %d: outcome %v\n%s", g, o, p.Drawing())
		}
	}
	t.Logf("%d decisions; retirements by phase: %v; by seat: %v; endings: %v", total, phases, kinds, endings)
	for ph := kippykoo.PhaseLot; ph < kippykoo.PhaseOver; ph++ {
		if phases[ph] == 0 {
			t.Errorf("no retirement in phase %s: the test no longer covers it", ph)
		}
	}
	for _, k := range []string{"to act", "other"} {
		if kinds[k] == 0 {
			t.Errorf("no retirement of a seat %s: the test no longer covers it", k)
		}
	}
	for _, m := range []rules.Method{rules.Finished, rules.Resignation} {
		if endings[m] == 0 {
			t.Errorf("no game ended %s: the test no longer covers it", m)
		}
	}
}

// randomSeatIn picks a seat still in: often the one to act, else any.
func randomSeatIn(rng *rand.Rand, p *kippykoo.Position) rules.Seat {
	if to := p.Turn(); to != rules.Nobody && rng.IntN(3) == 0 {
		return to
	}
	var in []rules.Seat
	for seat := range rules.Seat(p.Seats()) {
		if !p.Retired(seat) {
			in = append(in, seat)
		}
	}
	return in[rng.IntN(len(in))]
}
