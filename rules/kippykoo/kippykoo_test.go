package kippykoo_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kippykoo"
)

// Each test below proves one sentence of the booklet or one decision of
// docs/rules/kippykoo.md, which names it. Positions are position texts (see
// kippykoo.Position.String); most are two-player games, South (seat 0,
// star h0) against North (seat 1, star h26), with South to move.

// "For 2, 3, or 4 Players"
func TestGame(t *testing.T) {
	g := kippykoo.Game{}
	if g.Name() != "kippykoo" || g.Title() != "Kippy Koo" || !slices.Equal(g.Players(), []int{2, 3, 4}) {
		t.Errorf("Game: got %q %q %v, want kippykoo, Kippy Koo, [2 3 4]", g.Name(), g.Title(), g.Players())
	}
	for _, n := range []int{0, 1, 5} {
		if _, err := g.New(n); err == nil {
			t.Errorf("New(%d): got no error, want one", n)
		}
	}
	for _, n := range []int{2, 3, 4} {
		st, err := g.New(n)
		if err != nil || st.Seats() != n {
			t.Fatalf("New(%d): got %v, %v, want a game for %d", n, st, err, n)
		}
		back, err := g.Parse(st.String())
		if err != nil || back.String() != st.String() {
			t.Errorf("Parse(New(%d).String()): got %v, %v, want the same text", n, back, err)
		}
	}
	if _, err := g.Parse("nonsense"); err == nil {
		t.Errorf("Parse(nonsense): got no error, want one")
	}
}

// INTRODUCTION: "Each tribe consists of four braves ... Starting and
// Finishing Spaces are indicated by stars." TO PLAY THE GAME: "Each player
// selects four marbles of one color and places them in his START of the
// same color."
func TestSetUp(t *testing.T) {
	sides := map[int]string{2: "South North", 3: "South West North", 4: "South West North East"}
	stars := map[int]string{2: "h0 h26", 3: "h0 h13 h26", 4: "h0 h13 h26 h39"}
	for n, want := range sides {
		p, _ := kippykoo.New(n)
		var got, gotStars []string
		for seat := range rules.Seat(n) {
			got = append(got, p.Side(seat).String())
			gotStars = append(gotStars, p.Star(seat).String())
			expect(t, p, p.Side(seat).String()+" in START", p.InStart(seat), 4)
			expect(t, p, p.Side(seat).String()+" in FINISH", p.InFinish(seat), 0)
			expect(t, p, p.Side(seat).String()+" on the track", len(p.Marbles(seat)), 0)
		}
		expect(t, p, "sides", strings.Join(got, " "), want)
		expect(t, p, "stars", strings.Join(gotStars, " "), stars[n])
	}
	p, _ := kippykoo.New(4)
	expect(t, p, "start position", p.String(), southStart+" "+westStart+" "+northStart+" "+eastStart+" lot")
}

// "The Indians ... travel from the Star Spaces all the way around the
// track ..., using the holes as stopping spaces, and back again into their
// own Finish." Marbles go clockwise, in increasing hole numbers, from h51
// on to h0; each seat's way starts and ends at its own star.
func TestMarblesGoRoundTheTrack(t *testing.T) {
	// West (star h13) in a three-player game: from h50 by 5 to h3, over
	// the end of the numbering; from h3 by 10 round to its star: FINISH.
	p := parse(t, moving("S:start,start,start,start W:start,start,start,h50 N:start,start,start,start", "W", "3-2"))
	p = play(t, p, "h50+5")
	expect(t, p, "West's marbles", seats(p), "S:start,start,start,start W:start,start,start,h3 N:start,start,start,start")
	expect(t, p, "progress of West's marble on h3", p.Progress(3), 42)
	q := parse(t, moving("S:start,start,start,start W:start,start,start,h3 N:start,start,start,start", "W", "6-4"))
	q = play(t, q, "h3+10")
	expect(t, q, "West's marbles", seats(q), "S:start,start,start,start W:start,start,start,finish N:start,start,start,start")
	// South's marble passes North's star and West's without a stop.
	r := parse(t, moving("S:start,start,start,h24 "+northStart, "S", "2-1"))
	r = play(t, r, "h24+3")
	expect(t, r, "South's marbles", seats(r), "S:start,start,start,h27 "+northStart)
}

// "Choose a player to begin the game." Decision: the lot is one chance
// decision, each seat with the same odds ("first W"), in the move log and
// shown to all. The seat drawn then begins its turn like any other, by
// deciding to throw.
func TestLot(t *testing.T) {
	p, _ := kippykoo.New(3)
	expect(t, p, "phase", p.Phase(), kippykoo.PhaseLot)
	expect(t, p, "ToMove", p.ToMove(), rules.Chance)
	expect(t, p, "Turn", p.Turn(), rules.Nobody)
	sum := 0.0
	var texts []string
	for _, m := range p.Legal() {
		texts = append(texts, m.Text)
		sum += m.Odds
		if math.Abs(m.Odds-1.0/3) > 1e-12 {
			t.Errorf("%s: odds %v, want 1/3", m.Text, m.Odds)
		}
	}
	expect(t, p, "lot outcomes", strings.Join(texts, " | "), "first S | first W | first N")
	expect(t, p, "sum of the odds", math.Abs(sum-1) < 1e-12, true)
	p = play(t, p, "first W")
	expect(t, p, "phase", phase(p), "W:throw")
	expect(t, p, "ToMove", p.ToMove(), rules.Seat(1))
	expect(t, p, "Turn", p.Turn(), rules.Seat(1))
	expect(t, p, "last", turnText(p.Last()), turnText(kippykoo.Turn{Seat: 1, Lot: true}))
	expect(t, p, "position text", p.String(), southStart+" "+westStart+" "+northStart+" W:throw last:W;first")
	p = play(t, p, kippykoo.RollText)
	expect(t, p, "phase", phase(p), "W:roll")
	expect(t, p, "ToMove", p.ToMove(), rules.Chance)
	expect(t, p, "last", turnText(p.Last()), turnText(kippykoo.Turn{Seat: 1, Lot: true}))
	expectRejected(t, parse(t, southStart+" "+northStart+" lot"), "first W", "is not a draw of the lot")
}

// Turn order (decision): clockwise from the seat drawn, which is seat order
// South, West, North, East.
func TestTurnOrder(t *testing.T) {
	p, _ := kippykoo.New(4)
	p = play(t, p, "first N")
	var order []string
	for range 5 {
		order = append(order, p.Side(p.Turn()).String())
		p = play(t, p, "roll", "roll 2-1", "pass")
	}
	expect(t, p, "order", strings.Join(order, " "), "North East South West North")
}

// THE START: "Starting player throws both dice." Decision: a throw is one
// chance decision with the 21 outcomes of two dice ("roll 6-3", larger
// first), doubles 1 in 36, the others 2 in 36.
func TestDice(t *testing.T) {
	p := parse(t, southStart+" "+northStart+" S:roll")
	rolls := p.Legal()
	sum := 0.0
	for _, m := range rolls {
		a, b := m.Text[5], m.Text[7]
		want := 2.0 / 36
		if a == b {
			want = 1.0 / 36
		}
		if a < b {
			t.Errorf("%s: want the larger die first", m.Text)
		}
		if math.Abs(m.Odds-want) > 1e-12 {
			t.Errorf("%s: odds %v, want %v", m.Text, m.Odds, want)
		}
		sum += m.Odds
	}
	expect(t, p, "roll outcomes", len(rolls), 21)
	expect(t, p, "sum of the odds", math.Abs(sum-1) < 1e-12, true)
	expect(t, p, "ToMove at the roll", p.ToMove(), rules.Chance)
	expectRejected(t, p, "roll 3-6", "larger first")
	p = play(t, p, "roll 6-3")
	a, b := p.Dice()
	expect(t, p, "dice", [2]int{a, b}, [2]int{6, 3})
	expect(t, p, "ToMove at the move", p.ToMove(), rules.Seat(0))
	expect(t, p, "phase", phase(p), "S:move:6-3")
}

// Decision: who throws. Each turn begins with the seat's own decision to
// throw, "roll", its only move (on Discord the player throws the dice);
// then chance throws them for it. The decision changes nothing but the
// phase: the board, the seat and the latest throw shown stay as they were.
func TestTurnBeginsWithThrow(t *testing.T) {
	if kippykoo.RollText != "roll" {
		t.Errorf("RollText: got %q, want roll", kippykoo.RollText)
	}
	p := parse(t, moving("S:start,start,start,h5 "+northStart, "S", "5-3"))
	p = play(t, p, "h5+8")
	expect(t, p, "phase", phase(p), "N:throw")
	expect(t, p, "Phase", p.Phase(), kippykoo.PhaseThrow)
	expect(t, p, "ToMove", p.ToMove(), rules.Seat(1))
	expect(t, p, "Turn", p.Turn(), rules.Seat(1))
	if got := p.Legal(); len(got) != 1 || got[0] != (rules.Move{Text: "roll"}) {
		t.Errorf("Legal: got %v, want roll alone, no odds\n%s", got, p.Drawing())
	}
	expect(t, p, "Describe", p.Describe(rules.Move{Text: "roll"}).String(), "North throws the dice")
	a, b := p.Dice()
	expect(t, p, "dice before the throw", [2]int{a, b}, [2]int{0, 0})
	last := kippykoo.Turn{Seat: 0, Dice: [2]int{5, 3}, Move: "h5+8"}
	expect(t, p, "last", turnText(p.Last()), turnText(last))
	expect(t, p, "position text", p.String(), "S:start,start,start,h13 "+northStart+" N:throw last:S;5-3;h5+8")
	expect(t, p, "drawing says whose throw", strings.HasSuffix(p.Drawing(), "last: South threw 5-3, h5+8\nNorth to throw\n"), true)
	expectRejected(t, p, "roll 6-3", "the dice are not thrown yet")
	expectRejected(t, p, "6-3", "the dice are not thrown yet")
	expectRejected(t, p, "pass", "North's turn begins with the throw of the dice")
	// The throw is refused as coming first (rules.ErrThrowFirst), saying
	// whether the text is a move at all; the caller says how to throw.
	expectRejected(t, p, "start+3", "North's turn begins with the throw of the dice: the marbles move after it")
	expectRejected(t, p, "throw", "\"throw\" is not a move, and North's turn begins with the throw of the dice")
	if _, err := p.Play(rules.Move{Text: "42 potatoes"}); !errors.Is(err, rules.ErrThrowFirst) || !errors.Is(err, rules.ErrNotYet) || !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("Play(42 potatoes) before the throw: %v, want an ErrThrowFirst, ErrNotYet and ErrIllegal", err)
	}
	q := play(t, p, "roll")
	expect(t, q, "phase after the throw", phase(q), "N:roll")
	expect(t, q, "ToMove after the throw", q.ToMove(), rules.Chance)
	expect(t, q, "marbles after the throw", seats(q), seats(p))
	expect(t, q, "last after the throw", turnText(q.Last()), turnText(last))
	expect(t, q, "drawing while the dice roll", strings.HasSuffix(q.Drawing(), "\nthe dice roll for North\n"), true)
	expectRejected(t, q, "roll", "is not a roll like")
	q = play(t, q, "roll 6-1", "start+1")
	expect(t, q, "phase", phase(q), "S:throw")
	// The first turn, after the lot, too; and with three players the turn
	// goes round, each seat throwing for itself.
	r, _ := kippykoo.New(3)
	r = play(t, r, "first N")
	var whose []string
	for range 4 {
		expect(t, r, "phase at the turn's start", phase(r), r.Side(r.Turn()).String()[:1]+":throw")
		expect(t, r, "ToMove at the turn's start", r.ToMove(), r.Turn())
		whose = append(whose, r.Side(r.ToMove()).String())
		r = play(t, r, "roll", "roll 2-1", "pass")
	}
	expect(t, r, "who threw", strings.Join(whose, " "), "North South West North")
}

// DOUBLES "he has another turn". Decision: the throws after doubles
// follow at once: chance rolls again for the same seat, with no decision
// to throw in between. Doubles not used (pass) end the turn, and the next
// seat decides to throw.
func TestDoublesRethrowNeedsNoThrow(t *testing.T) {
	p := parse(t, moving("S:start,start,start,h5 "+northStart, "S", "3-3"))
	p = play(t, p, "h5+6")
	expect(t, p, "phase after 3-3", phase(p), "S:roll")
	expect(t, p, "ToMove after 3-3", p.ToMove(), rules.Chance)
	expect(t, p, "legal after 3-3", len(p.Legal()), 21)
	expectNotLegal(t, p, "roll")
	p = play(t, p, "roll 6-6", "h11+12", "roll 1-1", "h23+2")
	expect(t, p, "phase after three doubles", phase(p), "S:roll")
	p = play(t, p, "roll 2-1", "h25+3")
	expect(t, p, "phase after 2-1", phase(p), "N:throw")
	// Doubles passed: no further throw, the next seat decides.
	q := play(t, parse(t, moving(southStart+" "+northStart, "S", "4-4")), "pass")
	expect(t, q, "phase after 4-4 passed", phase(q), "N:throw")
	// Winning on doubles: no throw at all.
	w := play(t, parse(t, moving("S:h50,finish,finish,finish "+northStart, "S", "1-1")), "h50+2")
	expect(t, w, "phase after winning on doubles", phase(w), "over:S:finished")
}

// "Only a six on either die or a total of six on the two dice can start a
// marble." and "Only a six, either on one die or a total of both dice, can
// start a marble." Every throw with all marbles in START.
func TestStartNeedsASix(t *testing.T) {
	for a := 1; a <= 6; a++ {
		for b := 1; b <= a; b++ {
			p := parse(t, moving(southStart+" "+northStart, "S", fmt.Sprintf("%d-%d", a, b)))
			want := "pass"
			switch {
			case a == 6 && b == 6:
				want = "start+6 | start, start"
			case a == 6:
				want = fmt.Sprintf("start+%d", b)
			case a+b == 6:
				want = "start"
			}
			expect(t, p, fmt.Sprintf("legal with %d-%d", a, b), legal(p), want)
		}
	}
	p := parse(t, moving(southStart+" "+northStart, "S", "5-3"))
	expectRejected(t, p, "start", "nothing can be done with 5-3")
}

// "If a six turns up on either die, the starting player takes one marble
// from his Starting Space and places it on his Star Space and uses the
// count on the other die to advance that marble along the track."
func TestSixStartsAndOtherDieMoves(t *testing.T) {
	p := parse(t, moving(southStart+" "+northStart, "S", "6-3"))
	expect(t, p, "legal", legal(p), "start+3")
	p = play(t, p, "start+3")
	expect(t, p, "marbles", seats(p), "S:start,start,start,h3 "+northStart)
	expect(t, p, "phase", phase(p), "N:throw")
	// North's star is h26.
	p = play(t, p, "roll", "roll 6-4", "start+4")
	expect(t, p, "marbles", seats(p), "S:start,start,start,h3 N:start,start,start,h30")
}

// "If two sixes turn up at the start, one six may be used to start a man
// out and the other six may be used to advance that same man six spaces.
// The player has another throw of the dice because doubles were thrown."
func TestDoubleSixAtTheStart(t *testing.T) {
	p := parse(t, moving(southStart+" "+northStart, "S", "6-6"))
	expectLegal(t, p, "start+6")
	p = play(t, p, "start+6")
	expect(t, p, "marbles", seats(p), "S:start,start,start,h6 "+northStart)
	expect(t, p, "phase", phase(p), "S:roll")
	// Decision: the other six may start a second marble instead, which
	// ends on the star where the first stands and so goes on to h1.
	q := parse(t, moving(southStart+" "+northStart, "S", "6-6"))
	q = play(t, q, "start, start")
	expect(t, q, "marbles", seats(q), "S:start,start,h0,h1 "+northStart)
	expect(t, q, "phase", phase(q), "S:roll")
}

// "If no six turns up, he passes the dice to the next player who follows
// the same rules."
func TestNoSixPasses(t *testing.T) {
	p := parse(t, moving(southStart+" "+northStart, "S", "5-3"))
	expect(t, p, "legal", legal(p), "pass")
	p = play(t, p, "pass")
	expect(t, p, "phase", phase(p), "N:throw")
	expect(t, p, "marbles", seats(p), southStart+" "+northStart)
}

// "a total of six on the two dice can start a marble." Decision: the whole
// throw starts the marble, which stays on its star; 3-3 starts one and
// throws again.
func TestTotalSixStarts(t *testing.T) {
	for _, dice := range []string{"5-1", "4-2", "3-3"} {
		p := parse(t, moving(southStart+" "+northStart, "S", dice))
		expect(t, p, "legal with "+dice, legal(p), "start")
		p = play(t, p, "start")
		expect(t, p, "marbles after "+dice, seats(p), "S:start,start,start,h0 "+northStart)
		want := "N:throw"
		if dice == "3-3" {
			want = "S:roll"
		}
		expect(t, p, "phase after "+dice, phase(p), want)
	}
	// The total's start is the whole move: no part of two.
	p := parse(t, moving("S:start,start,h5,h20 "+northStart, "S", "4-2"))
	expectRejected(t, p, "start, h5+2", "the total of six starts a marble alone")
	expectRejected(t, p, "start+2", "with 4-2 the total of six starts a marble, which stays on its star: start (start+2 needs a die showing 6)")
}

// MOVING: "Once a player has started a marble he continues to move that
// marble on subsequent turns the total amount shown on the dice."
func TestOneMarbleMovesTheTotal(t *testing.T) {
	p := parse(t, moving("S:start,start,start,h5 "+northStart, "S", "5-3"))
	expect(t, p, "legal", legal(p), "h5+8")
	expectRejected(t, p, "h5+5", "use the whole throw 5-3")
	expectRejected(t, p, "h5+5, h5+3", "one marble moves the total as one move, h5+8")
	expectRejected(t, p, "h5+5, h10+3", "one marble moves the total as one move, h5+8")
	// The same with no marble left in START.
	q := parse(t, moving("S:h5,finish,finish,finish "+northStart, "S", "6-3"))
	expect(t, q, "legal", legal(q), "h5+9")
}

// "If, however, he throws a six on either die or a total of six on both
// dice he may start another marble."
func TestStartAnotherMarble(t *testing.T) {
	p := parse(t, moving("S:start,start,start,h5 "+northStart, "S", "6-3"))
	// Start and move it 3; start and move the other marble 3 ("h5+3,
	// start" comes to the same); or move the one marble 9.
	expect(t, p, "legal with 6-3", legal(p), "h5+9 | start+3 | start, h5+3")
	expect(t, play(t, p, "start, h5+3"), "marbles", seats(play(t, p, "start, h5+3")), "S:start,start,h0,h8 "+northStart)
	q := parse(t, moving("S:start,start,start,h5 "+northStart, "S", "5-1"))
	expect(t, q, "legal with 5-1", legal(q), "h5+6 | start")
}

// "Thereafter he has his choice of moving the total amount that he throws
// with one marble or of splitting his move between two marbles in
// accordance with the numbers thrown. For example, if he throws a three
// and a five he may move three spaces with one marble and five spaces with
// another one."
func TestTotalOrSplit(t *testing.T) {
	p := parse(t, moving("S:start,start,h5,h20 "+northStart, "S", "5-3"))
	expect(t, p, "legal", legal(p), "h20+5, h5+3 | h20+8 | h5+5, h20+3 | h5+8")
	expect(t, play(t, p, "h5+5, h20+3"), "marbles", seats(play(t, p, "h5+5, h20+3")), "S:start,start,h10,h23 "+northStart)
	expect(t, play(t, p, "h20+5, h5+3"), "marbles", seats(play(t, p, "h20+5, h5+3")), "S:start,start,h8,h25 "+northStart)
}

// "A player may start a marble on a six whenever he has a marble in his
// starting space." Starting is a choice; it needs a marble in START; on
// 6-6 two marbles may start (decision).
func TestStartWheneverOneWaits(t *testing.T) {
	p := parse(t, moving("S:h5,h20,finish,finish "+northStart, "S", "6-3"))
	for _, m := range p.Legal() {
		if strings.Contains(m.Text, "start") {
			t.Errorf("%s: a start with START empty\n%s", m.Text, p.Drawing())
		}
	}
	expectRejected(t, p, "start+3", "no marble of yours waits in START")
	one := parse(t, moving("S:start,h5,h20,finish "+northStart, "S", "6-6"))
	expectNotLegal(t, one, "start, start")
	expectLegal(t, one, "start+6", "h5+12")
	expectRejected(t, one, "start, start", "only one marble of yours waits in START")
	two := parse(t, moving("S:start,start,h5,h20 "+northStart, "S", "6-6"))
	expect(t, two, "legal", legal(two), "h20+12 | h5+12 | h5+6, h20+6 | start+6 | start, h20+6 | start, h5+6 | start, start")
}

// HAZARDS: "If a marble ends its move on a space already occupied by an
// opponents marble the opponents marble is removed and sent back to its
// START."
func TestLandingOnOpponentSendsItBack(t *testing.T) {
	p := parse(t, moving("S:start,start,start,h5 N:start,start,start,h13", "S", "5-3"))
	expect(t, p, "Describe", p.Describe(rules.Move{Text: "h5+8"}).String(), "South: moves the marble on hole 5 by 8 to hole 13, sending North's marble back to START")
	p = play(t, p, "h5+8")
	expect(t, p, "marbles", seats(p), "S:start,start,start,h13 "+northStart)
	// With one die of two, too.
	q := parse(t, moving("S:start,start,h5,h30 N:start,start,h10,h33", "S", "5-3"))
	q = play(t, q, "h5+5, h30+3")
	expect(t, q, "marbles", seats(q), "S:start,start,h10,h33 "+northStart)
}

// "This marble may re-enter the race on a later turn — via the Star Space
// — on the throw of a six."
func TestSentBackReenters(t *testing.T) {
	p := parse(t, moving("S:start,start,start,h5 N:start,start,start,h13", "S", "5-3"))
	p = play(t, p, "h5+8", "roll", "roll 5-3")
	expect(t, p, "North's moves with 5-3", legal(p), "pass")
	q := play(t, parse(t, moving("S:start,start,start,h5 N:start,start,start,h13", "S", "5-3")), "h5+8", "roll", "roll 6-1")
	expect(t, q, "North's moves with 6-1", legal(q), "start+1")
	q = play(t, q, "start+1")
	expect(t, q, "marbles", seats(q), "S:start,start,start,h13 N:start,start,start,h27")
}

// "If, however, a marble ends its move on a space already occupied by
// another marble of the same color, it is moved forward to the next
// unoccupied space." Decision: unoccupied by any marble; holes with an
// opponent's marble are passed, not captured, so nothing follows on.
func TestLandingOnOwnMovesOn(t *testing.T) {
	p := parse(t, moving("S:start,h5,h13,h14 N:start,start,start,h15", "S", "5-3"))
	expect(t, p, "Describe", p.Describe(rules.Move{Text: "h5+8"}).String(), "South: moves the marble on hole 5 by 8 to hole 13, where its own marble stands, and on to hole 16, the next free hole")
	p = play(t, p, "h5+8")
	expect(t, p, "marbles", seats(p), "S:start,h13,h14,h16 N:start,start,start,h15")
}

// DOUBLES: "If a player throws doubles, he has another turn and continues
// to have additional turns as long as he continues to throw doubles."
// The extra throws follow at once (TestDoublesRethrowNeedsNoThrow).
func TestDoublesThrowAgain(t *testing.T) {
	p := parse(t, moving("S:start,start,start,h5 "+northStart, "S", "2-2"))
	p = play(t, p, "h5+4")
	expect(t, p, "after 2-2", phase(p), "S:roll")
	expect(t, p, "last", turnText(p.Last()), turnText(kippykoo.Turn{Seat: 0, Dice: [2]int{2, 2}, Move: "h5+4"}))
	p = play(t, p, "roll 3-3", "h9+6", "roll 1-1", "h15+2", "roll 5-5", "h17+10")
	expect(t, p, "after four doubles", phase(p), "S:roll")
	p = play(t, p, "roll 4-1", "h27+5")
	expect(t, p, "after 4-1", phase(p), "N:throw")
	expect(t, p, "marbles", seats(p), "S:start,start,start,h32 "+northStart)
}

// Decision: the latest throw keeps the throws the turn made before it
// (Turn.Before), each doubles used with its move and the marbles it sent
// back, so that the board shows the whole turn; the position text writes
// them, oldest first, also in the move phase of a throw again. The next
// turn starts afresh.
func TestDoublesKeepTheTurnsThrows(t *testing.T) {
	p := parse(t, moving("S:start,start,start,h5 N:start,start,start,h9", "S", "2-2"))
	p = play(t, p, "h5+4") // sends North's marble on h9 back
	capture := []kippykoo.Capture{{Seat: 1, Hole: 9}}
	first := kippykoo.Throw{Dice: [2]int{2, 2}, Move: "h5+4", SentBack: capture}
	expect(t, p, "last after 2-2", turnText(p.Last()), turnText(kippykoo.Turn{Seat: 0, Dice: [2]int{2, 2}, Move: "h5+4", SentBack: capture}))
	expect(t, p, "text after 2-2", p.String(), "S:start,start,start,h9 N:start,start,start,start S:roll last:S;2-2;h5+4;N@h9")

	p = play(t, p, "roll 3-3")
	expect(t, p, "last after roll 3-3", turnText(p.Last()), turnText(kippykoo.Turn{Seat: 0, Dice: [2]int{3, 3}, Before: []kippykoo.Throw{first}}))
	expect(t, p, "text in the move of 3-3", p.String(), "S:start,start,start,h9 N:start,start,start,start S:move:3-3 last:S;2-2;h5+4;N@h9/3-3;-")
	expect(t, p, "drawing's last line", strings.Contains(p.Drawing(), "\nlast: South threw 2-2, h5+4, sending North's marble on h9 back to START; then 3-3\n"), true)

	p = play(t, p, "h9+6", "roll 5-2", "h15+7")
	second := kippykoo.Throw{Dice: [2]int{3, 3}, Move: "h9+6"}
	latest := kippykoo.Throw{Dice: [2]int{5, 2}, Move: "h15+7"}
	expect(t, p, "phase after 5-2", phase(p), "N:throw")
	expect(t, p, "last after the turn", turnText(p.Last()), turnText(kippykoo.Turn{Seat: 0, Dice: [2]int{5, 2}, Move: "h15+7", Before: []kippykoo.Throw{first, second}}))
	expect(t, p, "throws of the turn", fmt.Sprintf("%+v", p.Last().Throws()), fmt.Sprintf("%+v", []kippykoo.Throw{first, second, latest}))
	expect(t, p, "text after the turn", p.String(), "S:start,start,start,h22 N:start,start,start,start N:throw last:S;2-2;h5+4;N@h9/3-3;h9+6/5-2;h15+7")
	for _, q := range []*kippykoo.Position{p, play(t, p, "roll")} {
		r := parse(t, q.String())
		expect(t, r, "Parse(String()).Last()", turnText(r.Last()), turnText(q.Last()))
	}

	// North's turn starts afresh, doubles or not.
	p = play(t, p, "roll", "roll 6-6")
	expect(t, p, "last at North's throw", turnText(p.Last()), turnText(kippykoo.Turn{Seat: 1, Dice: [2]int{6, 6}}))
	p = play(t, p, "start, start", "roll 1-1")
	expect(t, p, "last at North's throw again", len(p.Last().Before), 1)
}

// "However, if he can not complete the total move on both dice, his turn
// ends." Decision: a throw can always be used whole once a marble is on
// the track, so this happens only with no marble on it and no six or total
// of six: the move is pass, and doubles give no further throw.
func TestIncompleteDoublesEndTurn(t *testing.T) {
	for _, dice := range []string{"1-1", "2-2", "4-4", "5-5"} {
		p := parse(t, moving("S:start,start,start,finish "+northStart, "S", dice))
		expect(t, p, "legal with "+dice, legal(p), "pass")
		expect(t, p, "Describe", p.Describe(rules.Move{Text: "pass"}).String(), "South: nothing can be done with "+dice+": pass (the doubles were not used: no further throw)")
		p = play(t, p, "pass")
		expect(t, p, "after "+dice, phase(p), "N:throw")
	}
}

// FINISH: "After a marble has moved all the way around the track and back
// to its own Star Space, it is removed from the track and placed in
// FINISH."
func TestFinish(t *testing.T) {
	p := parse(t, moving("S:start,start,start,h50 "+northStart, "S", "1-1"))
	expect(t, p, "Describe", p.Describe(rules.Move{Text: "h50+2"}).String(), "South: moves the marble on hole 50 by 2 to its star and into FINISH; doubles: throws again")
	p = play(t, p, "h50+2")
	expect(t, p, "marbles", seats(p), "S:start,start,start,finish "+northStart)
	expect(t, p, "in FINISH", p.InFinish(0), 1)
	// North's star is h26.
	q := parse(t, moving("S:start,start,start,h50 N:start,start,start,h20", "N", "4-2"))
	q = play(t, q, "h20+6")
	expect(t, q, "marbles", seats(q), "S:start,start,start,h50 N:start,start,start,finish")
	// A marble on its own star after its start has not been round.
	r := parse(t, moving("S:start,start,start,h0 "+northStart, "S", "2-1"))
	r = play(t, r, "h0+3")
	expect(t, r, "marbles", seats(r), "S:start,start,start,h3 "+northStart)
}

// "The exact count is not required to reach the Star Space." Decision: the
// surplus is lost.
func TestFinishNeedsNoExactCount(t *testing.T) {
	p := parse(t, moving("S:start,start,start,h50 "+northStart, "S", "6-5"))
	expect(t, p, "Describe", p.Describe(rules.Move{Text: "h50+11"}).String(), "South: moves the marble on hole 50 by 11 round past its star into FINISH (9 to spare)")
	p = play(t, p, "h50+11")
	expect(t, p, "marbles", seats(p), "S:start,start,start,finish "+northStart)
	q := parse(t, moving("S:start,start,h51,h10 "+northStart, "S", "6-5"))
	q = play(t, q, "h51+6, h10+5")
	expect(t, q, "marbles", seats(q), "S:start,start,h15,finish "+northStart)
}

// WINNER: "The Winner is the first player to move all four of his marbles
// from his START, around the track, and back into his own FINISH."
func TestWinner(t *testing.T) {
	p := parse(t, moving("S:h50,finish,finish,finish N:start,h10,h30,h40", "S", "2-1"))
	next := play(t, p, "h50+3")
	expect(t, next, "outcome", outcomeText(next.Outcome()), outcomeText(rules.Outcome{Method: rules.Finished, Winners: []rules.Seat{0}}))
	expect(t, next, "ToMove", next.ToMove(), rules.Nobody)
	expect(t, next, "legal moves", len(next.Legal()), 0)
	expect(t, next, "phase", phase(next), "over:S:finished")
	if _, err := next.Play(rules.Move{Text: "roll 2-1"}); err != rules.ErrOver {
		t.Errorf("Play after the end: got %v, want rules.ErrOver", err)
	}
	if _, err := rules.Find(next, "roll 2-1"); err != rules.ErrOver {
		t.Errorf("Find after the end: got %v, want rules.ErrOver", err)
	}
	// Winning on doubles ends the game: no further throw.
	d := play(t, parse(t, moving("S:h50,finish,finish,finish N:start,h10,h30,h40", "S", "2-2")), "h50+4")
	expect(t, d, "phase after winning on doubles", phase(d), "over:S:finished")
	expect(t, d, "Describe", p.Describe(rules.Move{Text: "h50+3"}).String(), "South: moves the marble on hole 50 by 3 round past its star into FINISH (1 to spare); all four marbles are in FINISH: the game is won")
}

// Decision: the whole throw is used. One marble moves the total, or each
// die moves a different marble or starts one; a die alone is never a move,
// nor is a start by a 6 whose other die is left over.
func TestWholeThrowIsUsed(t *testing.T) {
	p := parse(t, moving("S:start,start,h5,h20 "+northStart, "S", "6-3"))
	expectRejected(t, p, "start", "the 3 must be used too")
	expectRejected(t, p, "h5+6", "use the whole throw 6-3")
	expectRejected(t, p, "h5+3", "use the whole throw 6-3")
	expectRejected(t, p, "h5+7", "with 6-3 a marble moves 9")
	for _, m := range p.Legal() {
		legs, err := kippykoo.ParseLegs(m.Text)
		if err != nil {
			t.Fatal(err)
		}
		used := 0
		for _, lg := range legs {
			switch {
			case lg.Start && lg.Count == 0:
				used += 6
			case lg.Start:
				used += 6 + lg.Count
			default:
				used += lg.Count
			}
		}
		if used != 9 {
			t.Errorf("%s uses %d of 6-3\n%s", m.Text, used, p.Drawing())
		}
	}
}

// Decision: marbles never block. A marble passes over any marble, its own
// or an opponent's, and only where it ends matters: one marble moving the
// total does not stop between the dice.
func TestPassingIsFree(t *testing.T) {
	p := parse(t, moving("S:start,start,h5,h9 N:start,start,start,h10", "S", "5-3"))
	p = play(t, p, "h5+8")
	expect(t, p, "marbles", seats(p), "S:start,start,h9,h13 N:start,start,start,h10")
	q := parse(t, moving("S:start,start,start,h5 N:start,start,start,h10", "S", "5-3"))
	expectRejected(t, q, "h5+5, h10+3", "one marble moves the total as one move")
}

// Decision: the parts of a move are played in the order written. When the
// order changes the result, both orders are moves; when it does not, the
// move has one text (the larger die first), and the other order is an
// alias that rules.Find takes.
func TestPartsInOrder(t *testing.T) {
	// South's own marble on its star h0 and another on h1. Starting first
	// puts the new marble on h2 (h0 and h1 taken), then h1 goes to h3;
	// moving h1 first frees h1 for the new marble.
	p := parse(t, moving("S:start,start,h0,h1 "+northStart, "S", "6-2"))
	expectLegal(t, p, "start, h1+2", "h1+2, start")
	expect(t, play(t, p, "start, h1+2"), "start first", seats(play(t, p, "start, h1+2")), "S:start,h0,h2,h3 "+northStart)
	expect(t, play(t, p, "h1+2, start"), "h1 first", seats(play(t, p, "h1+2, start")), "S:start,h0,h1,h3 "+northStart)
	// Independent parts: one text.
	q := parse(t, moving("S:start,start,h5,h20 "+northStart, "S", "5-3"))
	expectNotLegal(t, q, "h5+3, h20+5")
	expectRejected(t, q, "h5+3, h20+5", "comes to the same as h20+5, h5+3")
	if m, err := rules.Find(q, "h5+3, h20+5"); err != nil || m.Text != "h20+5, h5+3" {
		t.Errorf("Find(h5+3, h20+5): got %q, %v, want h20+5, h5+3", m.Text, err)
	}
}

// Decision: the start ends on the star when nothing moves the marble on:
// a total of six, or a 6 that is one part of two. Then an opponent's marble
// on the star goes back to START, and the seat's own marble there moves
// the new one on to the next free hole. A start by a 6 moved on by the
// other die ("start+3") only passes the star.
func TestStartOnOccupiedStar(t *testing.T) {
	opp := "S:start,start,start,h20 N:start,start,start,h0"
	p := play(t, parse(t, moving(opp, "S", "5-1")), "start")
	expect(t, p, "total six onto North's marble", seats(p), "S:start,start,h0,h20 "+northStart)
	q := play(t, parse(t, moving(opp, "S", "6-3")), "start+3")
	expect(t, q, "start+3 passes North's marble", seats(q), "S:start,start,h3,h20 N:start,start,start,h0")
	r := parse(t, moving(opp, "S", "6-3"))
	expect(t, r, "Describe", r.Describe(rules.Move{Text: "start, h20+3"}).String(), "South: starts a marble on its star, hole 0, sending North's marble back to START; then moves the marble on hole 20 by 3 to hole 23")
	r = play(t, r, "start, h20+3")
	expect(t, r, "a 6 that starts, the 3 elsewhere", seats(r), "S:start,start,h0,h23 "+northStart)
	own := "S:start,start,h0,h20 " + northStart
	s := play(t, parse(t, moving(own, "S", "4-2")), "start")
	expect(t, s, "total six onto its own marble", seats(s), "S:start,h0,h1,h20 "+northStart)
	u := play(t, parse(t, moving(own, "S", "6-3")), "start+3")
	expect(t, u, "start+3 past its own marble", seats(u), "S:start,h0,h3,h20 "+northStart)
}

// Decision: a marble moved on past its own marbles that comes to its own
// star goes into FINISH, as if counted there.
func TestMovedOnIntoFinish(t *testing.T) {
	p := parse(t, moving("S:start,h40,h49,h51 "+northStart, "S", "2-1"))
	expect(t, p, "Describe", p.Describe(rules.Move{Text: "h49+2, h40+1"}).String(), "South: moves the marble on hole 49 by 2 to hole 51, where its own marble stands, and on past its star into FINISH; then moves the marble on hole 40 by 1 to hole 41")
	p = play(t, p, "h49+2, h40+1")
	expect(t, p, "marbles", seats(p), "S:start,h41,h51,finish "+northStart)
}

// Decision: a marble reaching its star goes into FINISH and leaves any
// marble standing on the star where it is.
func TestReachingStarDoesNotCapture(t *testing.T) {
	for dice, move := range map[string]string{"3-1": "h48+4", "6-5": "h48+11"} {
		p := parse(t, moving("S:start,start,start,h48 N:start,start,start,h0", "S", dice))
		p = play(t, p, move)
		expect(t, p, "marbles after "+dice, seats(p), "S:start,start,start,finish N:start,start,start,h0")
	}
}

// Decision: nothing to do is a decision: "pass", the only move then, and
// never allowed otherwise.
func TestNothingToDoIsPass(t *testing.T) {
	p := parse(t, moving("S:start,start,finish,finish N:start,h10,h30,h40", "S", "4-1"))
	expect(t, p, "legal", legal(p), "pass")
	q := parse(t, moving("S:start,start,h5,finish "+northStart, "S", "4-1"))
	expectRejected(t, q, "pass", "you cannot pass")
}
