package rumba_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/rumba"
)

// Each test below proves one sentence of the booklet or one decision of
// docs/rules/rumba.md, which names it. Positions are position texts (see
// rumba.Position.String); most are four-player games written with
// moving(hands(…), hand, dice).

// "For two, three or four players."
func TestGame(t *testing.T) {
	g := rumba.Game{}
	if g.Name() != "rumba" || g.Title() != "Rumba" || !slices.Equal(g.Players(), []int{2, 3, 4}) {
		t.Errorf("Game: got %q %q %v, want rumba Rumba [2 3 4]", g.Name(), g.Title(), g.Players())
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
}

// "After being seated at the board, each player takes four pieces of the
// same color and design. … partners using the same color. PARTNERS SIT
// OPPOSITE ONE ANOTHER, their pieces being placed on the starting point,
// as indicated. Each player places his four pieces on these starting
// points until they are actually in play."
func TestSetUp(t *testing.T) {
	p, _ := rumba.New(4)
	expect(t, p, "start position", p.String(), "4p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- open:-,-,-,-")
	for h := range rumba.Hand(4) {
		expect(t, p, h.String()+"'s men waiting", p.Count(h, rumba.Waiting), 4)
		expect(t, p, h.String()+"'s partner", h.Partner().Side(), h.Side())
		expect(t, p, h.String()+"'s starting point", rumba.Start(h), rumba.Space(16*int(h)))
	}
	expect(t, p, "South's side", rumba.South.Side(), rumba.Red)
	expect(t, p, "North's side", rumba.North.Side(), rumba.Red)
	expect(t, p, "East's side", rumba.East.Side(), rumba.Black)
	expect(t, p, "West's side", rumba.West.Side(), rumba.Black)
	// Waiting men are not on the track: they block nothing and cannot be
	// captured. A man passes a starting point where men wait.
	q := parse(t, moving(hands("14", "", "", ""), "S", "4-1"))
	expectLegal(t, q, "S 14-18", "S 14-15")
}

// "Rumba for four players, play partners sitting opposite each other."
// Turn order and seats: the seat numbers are the hands South, East, North,
// West; South and North are partners against East and West.
func TestFourPlayersPartners(t *testing.T) {
	p, _ := rumba.New(4)
	for seat := range rules.Seat(4) {
		hs := p.Hands(seat)
		expect(t, p, "hands of seat "+string(rune('0'+seat)), len(hs), 1)
		expect(t, p, "hand of seat", hs[0], rumba.Hand(seat))
	}
	expect(t, p, "Red's seats", slices.Equal(p.SeatsOf(rumba.Red), []rules.Seat{0, 2}), true)
	expect(t, p, "Black's seats", slices.Equal(p.SeatsOf(rumba.Black), []rules.Seat{1, 3}), true)
	expect(t, p, "South's opponents", slices.Equal(p.Opponents(0), []rules.Seat{1, 3}), true)
}

// "Rumba for three players--when three play, two of the players are
// partners and one for himself, playing the eight men--four starting from
// each starting point. The single player has TWO TURNS; one turn following
// one of his opponent's play, and the other turn, following his other
// opponent's play."
func TestThreePlayers(t *testing.T) {
	p, _ := rumba.New(3)
	expect(t, p, "seat 1's hands", len(p.Hands(1)), 2)
	expect(t, p, "seat 1 plays East", p.SeatOf(rumba.East), rules.Seat(1))
	expect(t, p, "seat 1 plays West", p.SeatOf(rumba.West), rules.Seat(1))
	expect(t, p, "seat 0 plays South", p.SeatOf(rumba.South), rules.Seat(0))
	expect(t, p, "seat 2 plays North", p.SeatOf(rumba.North), rules.Seat(2))
	expect(t, p, "Red's seats", slices.Equal(p.SeatsOf(rumba.Red), []rules.Seat{0, 2}), true)
	expect(t, p, "Black's seats", slices.Equal(p.SeatsOf(rumba.Black), []rules.Seat{1}), true)
	// Seat 0 wins the opening throw; nobody can play, so the turns show
	// the order: 0, 1, 2, 1, 0. Each turn, both of seat 1's too, begins
	// with the seat's own decision to throw.
	p = play(t, p, "roll 6-5", "roll 1-1", "roll 2-1")
	var seats, throwers []rules.Seat
	var phases []string
	for range 5 {
		throwers = append(throwers, p.ToMove())
		phases = append(phases, phase(p))
		p = play(t, p, rumba.RollText, "roll 5-3")
		seats = append(seats, p.ToMove())
		p = play(t, p, "pass")
	}
	expect(t, p, "seats in turn", slices.Equal(seats, []rules.Seat{0, 1, 2, 1, 0}), true)
	expect(t, p, "seats deciding to throw", slices.Equal(throwers, seats), true)
	expect(t, p, "turns begin", strings.Join(phases, " "), "S:throw E:throw N:throw W:throw S:throw")
	// The lone player moves both hands' men, East's on West's turn too.
	q := parse(t, "3p "+hands("", "20", "", "40")+" W:move:5-3 last:W;5-3;-")
	expect(t, q, "to move", q.ToMove(), rules.Seat(1))
	expectLegal(t, q, "E 20-25", "W 40-45")
}

// "Rumba for two players--when two play, each player uses the eight
// men--four starting from each starting point. The same rules apply as for
// the partnership game."
func TestTwoPlayers(t *testing.T) {
	p, _ := rumba.New(2)
	expect(t, p, "seat 0's hands", slices.Equal(p.Hands(0), []rumba.Hand{rumba.South, rumba.North}), true)
	expect(t, p, "seat 1's hands", slices.Equal(p.Hands(1), []rumba.Hand{rumba.East, rumba.West}), true)
	p = play(t, p, "roll 6-5", "roll 2-1")
	var seats, throwers []rules.Seat
	for range 4 {
		throwers = append(throwers, p.ToMove())
		p = play(t, p, rumba.RollText, "roll 5-3")
		seats = append(seats, p.ToMove())
		p = play(t, p, "pass")
	}
	expect(t, p, "seats in turn", slices.Equal(seats, []rules.Seat{0, 1, 0, 1}), true)
	expect(t, p, "seats deciding to throw", slices.Equal(throwers, seats), true)
	q := parse(t, "2p "+hands("", "", "", "")+" N:move:6-1 last:N;6-1;-")
	expect(t, q, "to move", q.ToMove(), rules.Seat(0))
	expectLegal(t, q, "enter S", "enter N")
}

// "TO START THE GAME, throw to see who will start first, each player
// throwing in turn two dice--the highest count giving that player the
// first turn." Ties for the highest throw again among themselves
// (decision); the opening throw is not the first turn's throw.
func TestOpeningThrow(t *testing.T) {
	p, _ := rumba.New(4)
	expect(t, p, "phase", p.Phase(), rumba.PhaseOpening)
	expect(t, p, "ToMove", p.ToMove(), rules.Chance)
	expect(t, p, "throws offered", len(p.Legal()), 21)
	p = play(t, p, "roll 6-3", "roll 5-4", "roll 2-1", "roll 4-4") // South 9, East 9, West 8: South and East again
	expect(t, p, "phase after a tie", phase(p), "open:-,-,x,x")
	p = play(t, p, "roll 2-2")
	expect(t, p, "after South's second throw", phase(p), "open:2-2,-,x,x")
	p = play(t, p, "roll 3-2") // East wins with 5 against 4
	expect(t, p, "phase", phase(p), "E:throw")
	expect(t, p, "ToMove", p.ToMove(), rules.Seat(1))
	p = play(t, p, rumba.RollText)
	expect(t, p, "phase", phase(p), "E:roll")
	expect(t, p, "ToMove", p.ToMove(), rules.Chance)
	p = play(t, p, "roll 6-2")
	expect(t, p, "first throw", phase(p), "E:move:6-2")
	expect(t, p, "ToMove", p.ToMove(), rules.Seat(1))
}

// "THE FIRST PLAYER then throws two dice." Decision "Who throws": the
// player, not the table. Every turn, the first after the opening throw
// too, begins with the seat's own decision to throw, "roll", its only
// move; it changes nothing but the phase, and then chance throws the dice
// for the same hand.
func TestTurnBeginsWithThrow(t *testing.T) {
	p, _ := rumba.New(4)
	p = play(t, p, "roll 6-3", "roll 2-1", "roll 4-4", "roll 5-1") // South starts
	expect(t, p, "phase after the opening throw", p.Phase(), rumba.PhaseThrow)
	expect(t, p, "phase text", phase(p), "S:throw")
	expect(t, p, "ToMove", p.ToMove(), rules.Seat(0))
	expect(t, p, "Turn", p.Turn(), rumba.South)
	expect(t, p, "legal", legal(p), "roll")
	expect(t, p, "odds", p.Legal()[0].Odds, 0.0)
	expect(t, p, "words", p.Describe(rules.Move{Text: rumba.RollText}).String(), "South throws the dice")
	expect(t, p, "status", strings.Contains(p.Drawing(), "\nSouth to throw (South plays Red)\n"), true)
	// The dice choose the throw, not the player.
	expectRejected(t, p, "roll 6-3", "they choose the throw")
	expectRejected(t, p, "6-3", "they choose the throw")
	expectRejected(t, p, "enter S", "South's turn begins with the throw of the dice")
	expectRejected(t, p, "pass", "South's turn begins with the throw of the dice: the men move after it")
	for _, typed := range []string{"roll", "Roll", "throw", "r"} {
		if m, err := rules.Find(p, typed); err != nil || m.Text != rumba.RollText {
			t.Errorf("Find(%q): got %q, %v, want roll", typed, m.Text, err)
		}
	}
	q := play(t, p, rumba.RollText)
	expect(t, q, "after the decision", phase(q), "S:roll")
	expect(t, q, "ToMove", q.ToMove(), rules.Chance)
	expect(t, q, "Turn", q.Turn(), rumba.South)
	expect(t, q, "men", strings.Join(strings.Fields(q.String())[1:5], " "), strings.Join(strings.Fields(p.String())[1:5], " "))
	expect(t, q, "last throw", strings.Fields(q.String())[6], strings.Fields(p.String())[6])
	expect(t, q, "status", strings.Contains(q.Drawing(), "\nthe dice roll for South (South plays Red)\n"), true)
	expectRejected(t, q, rumba.RollText, "not a throw")
	// The turn ends: the next hand's seat decides to throw.
	q = play(t, q, "roll 5-3", "pass")
	expect(t, q, "after South's turn", phase(q), "E:throw")
	expect(t, q, "ToMove", q.ToMove(), rules.Seat(1))
	expect(t, q, "words", q.Describe(rules.Move{Text: rumba.RollText}).String(), "East throws the dice")
	// Three players: the lone player decides to throw for both his hands.
	r := parse(t, "3p "+hands("", "", "", "")+" W:throw last:N;5-3;pass")
	expect(t, r, "West's turn, seat 1", r.ToMove(), rules.Seat(1))
	expect(t, r, "West's words", r.Describe(rules.Move{Text: rumba.RollText}).String(), "West throws the dice")
	expect(t, r, "status", strings.Contains(r.Drawing(), "\nWest to throw (East/West plays Black)\n"), true)
}

// Decision: a throw is one chance decision with 21 outcomes, doublets 1 in
// 36, the others 2 in 36; the odds sum to 1.
func TestDiceOdds(t *testing.T) {
	p := parse(t, "4p "+hands("", "", "", "")+" S:roll")
	sum := 0.0
	for _, m := range p.Legal() {
		want := 2.0 / 36
		if m.Text[5] == m.Text[7] {
			want = 1.0 / 36
		}
		if math.Abs(m.Odds-want) > 1e-12 {
			t.Errorf("%s: odds %v, want %v", m.Text, m.Odds, want)
		}
		sum += m.Odds
	}
	expect(t, p, "sum of the odds", math.Abs(sum-1) < 1e-12, true)
	expectRejected(t, p, "roll 3-5", "larger first")
	expectRejected(t, p, "roll 7-1", "not a throw")
}

// "THE FIRST PLAYER then throws two dice. If either die shows a 6, or if
// both dice make a combination of 6, (such as 2 and 4) he may ENTER ONE OF
// HIS PIECES." "A player may only enter his piece on a throw of 6 or its
// equivalent as above indicated."
func TestEnterOnASix(t *testing.T) {
	start := hands("", "", "", "")
	for _, dice := range []string{"6-1", "6-5", "5-1", "4-2", "3-3"} {
		p := parse(t, moving(start, "S", dice))
		expect(t, p, "moves with "+dice, legal(p), "enter N | enter S")
		p = play(t, p, "enter S")
		expect(t, p, "South's men after entering with "+dice, men(p, rumba.South), "-,-,-,00")
	}
	for _, dice := range []string{"5-3", "4-1", "2-2", "5-5", "4-3"} {
		p := parse(t, moving(start, "S", dice))
		expect(t, p, "moves with "+dice, legal(p), "pass")
		expectRejected(t, p, "enter S", "only on a 6")
	}
}

// Decision: two dice totalling 6 enter one man and play both dice; the
// total counts only while both dice are still to play.
func TestCombinationPlaysBothDice(t *testing.T) {
	p := parse(t, moving(hands("10", "", "", ""), "S", "4-2"))
	q := play(t, p, "enter S")
	expect(t, q, "after entering on 4 and 2", phase(q), "E:throw")
	q = play(t, p, "S 10-14")
	expect(t, q, "after the 4", phase(q), "S:move:4-2:2")
	expectNotLegal(t, q, "enter S", "enter N")
	expectRejected(t, q, "enter S", "only on a 6")
}

// "Should he fail to throw a 6, or combination equalling six, the turn
// passes to the player at his right. Players throw in succession, the turn
// always passing to the right." The hand to the right of South is East,
// then North, then West (counter-clockwise seen from above).
func TestTurnPassesToTheRight(t *testing.T) {
	p := parse(t, "4p "+hands("", "", "", "")+" S:throw")
	var order []string
	for range 5 {
		p = play(t, p, rumba.RollText, "roll 5-3")
		order = append(order, p.Turn().String())
		p = play(t, p, "pass")
	}
	expect(t, p, "turn order", strings.Join(order, " "), "South East North West South")
}

// "PLAYERS MAY USE AND MOVE THEIR PARTNER'S PIECES AS WELL AS THEIR OWN
// and by shaking a 6 may enter one of their partner's pieces--of course
// using their partner's entrance. If he throws, say, 6 and 3, he may enter
// one piece, his own or his partner's with his 6 and then may move it
// three spaces forward. If he throws two 6's, he may enter any two pieces,
// his own or his partner's, and has another throw, as provided by the rule
// governing doublets."
func TestPartnersMen(t *testing.T) {
	p := parse(t, moving(hands("", "", "", ""), "S", "6-3"))
	q := play(t, p, "enter N")
	expect(t, q, "North's men", men(q, rumba.North), "-,-,-,32")
	expect(t, q, "after entering North's man", legal(q), "N 32-35")
	q = play(t, p, "enter S", "S 00-03")
	expect(t, q, "South's men", men(q, rumba.South), "-,-,-,03")
	q = play(t, parse(t, moving(hands("", "", "", ""), "S", "6-6")), "enter S", "enter N")
	expect(t, q, "after 6-6", phase(q), "S:roll")
	expect(t, q, "men", men(q, rumba.South)+" "+men(q, rumba.North), "-,-,-,00 -,-,-,32")
	// Never the other side's men.
	expectRejected(t, parse(t, moving(hands("10", "20", "", ""), "S", "5-3")), "E 20-25", "the other side's")
}

// "Thus, if a player has only one piece on the board, he moves it as many
// spaces as the sum of the two dice, but if he has two or more pieces
// already entered and throws say a 4 and 5, he may, if he wishes, move one
// of the pieces four and another piece five spaces. At any time a player
// may move his partner's pieces instead of his own."
func TestOneManOrTwoMen(t *testing.T) {
	p := parse(t, moving(hands("10", "", "40", ""), "S", "5-4"))
	expectLegal(t, p, "S 10-15", "S 10-14", "N 40-45", "N 40-44")
	q := play(t, p, "S 10-15", "S 15-19")
	expect(t, q, "one man the whole throw", men(q, rumba.South), "-,-,-,19")
	q = play(t, p, "S 10-14", "N 40-45")
	expect(t, q, "two men", men(q, rumba.South)+" "+men(q, rumba.North), "-,-,-,14 -,-,-,45")
	expect(t, q, "after the throw", phase(q), "E:throw")
}

// "You must make the full and exact move for each die. Thus, if you throw
// 5-3 you must move one piece five and then move it three farther, or move
// another piece three." "A PLAY MUST ALWAYS BE MADE FOR BOTH DICE, IF
// POSSIBLE." A die is one decision; a first die that would leave the
// second unplayable is refused when another play uses both.
func TestBothDiceWhenPossible(t *testing.T) {
	// With 5-2, 10-15 would make a blockade on 15 that the man on 14
	// cannot pass with the 2 (and 17 holds Black's blockade): only 14-16
	// first lets both dice be played.
	p := parse(t, moving(hands("10,14,15", "17,17", "", ""), "S", "5-2"))
	expect(t, p, "moves", legal(p), "S 14-16")
	expectRejected(t, p, "S 10-15", "play for both dice when you can")
	q := play(t, p, "S 14-16")
	expect(t, q, "after the 2", legal(q), "S 10-15")
	// Each die moves its own count, no more, no less.
	expectRejected(t, p, "S 10-17", "moves 7")
}

// "If you cannot play for both dice, play for one." Decision: either die,
// the player's choice.
func TestOneDieWhenOnlyOne(t *testing.T) {
	// 10-15-18 and 10-13-18 both end on Black's blockade on 18.
	p := parse(t, moving(hands("10", "18,18", "", ""), "S", "5-3"))
	expect(t, p, "moves", legal(p), "S 10-13 | S 10-15")
	q := play(t, p, "S 10-13")
	expect(t, q, "the throw ends by itself", phase(q), "E:throw")
	q = play(t, p, "S 10-15")
	expect(t, q, "the throw ends by itself", phase(q), "E:throw")
}

// "If you cannot move for either, you lose your turn." The only decision
// is "pass" (decision: a throw with no play at all is still the player's
// decision, so he sees it).
func TestLoseTheTurn(t *testing.T) {
	p := parse(t, moving(hands("10", "13,13,15,15", "", ""), "S", "5-3"))
	expect(t, p, "moves", legal(p), "pass")
	expect(t, p, "ToMove", p.ToMove(), rules.Seat(0))
	q := play(t, p, "pass")
	expect(t, q, "after the pass", phase(q), "E:throw")
	expect(t, q, "South's men", men(q, rumba.South), "-,-,-,10")
	expectRejected(t, parse(t, moving(hands("10", "", "", ""), "S", "5-3")), "pass", "pass only when nothing can be played")
}

// "The Track: … On the Track one piece may pass another or two or three
// pieces of the same color coming together may form a Blockade, or one
// opposing piece landing upon the same space as another may capture that
// piece. A Blockade may also be formed by using one of your own pieces and
// one of your partner's."
func TestTrackBlockadeOfPartners(t *testing.T) {
	// A single man is passed freely, own or opposing.
	p := parse(t, moving(hands("10,12", "14", "", ""), "S", "6-5"))
	expectLegal(t, p, "S 10-16", "S 10-15")
	// South and North on 20 block East.
	p = parse(t, moving(hands("20", "17", "20", ""), "E", "4-1"))
	expect(t, p, "Red blockade", p.Blockade(sp("20")), true)
	expect(t, p, "moves", legal(p), "E 17-18")
	expectRejected(t, p, "E 17-21", "the blockade on 20 cannot be passed")
	// A lone man is a single man, not a blockade.
	expect(t, p, "lone man", p.Blockade(sp("17")), false)
}

// "Blockades: On the Track one piece may pass another but two pieces of
// the same color upon the same space form a "Blockade" which no other piece
// may pass, as long as it remains." "A player cannot pass any "Blockades"
// not even his own, but if his throw takes his pieces exactly to his own
// "Blockade" he may rest a third piece there, making a Blockade of three
// pieces."
func TestBlockadeCannotBePassed(t *testing.T) {
	p := parse(t, moving(hands("18,20,20", "", "", ""), "S", "4-2"))
	expectLegal(t, p, "S 18-20", "S 20-24", "S 20-22")
	expectNotLegal(t, p, "S 18-22")
	expectRejected(t, p, "S 18-22", "the blockade on 20 cannot be passed, not even by its owners")
	q := play(t, p, "S 18-20")
	expect(t, q, "three on 20", q.Count(rumba.South, sp("20")), 3)
	// Blockades of the other side are not passed either.
	p = parse(t, moving(hands("18", "20,20", "", ""), "S", "2-1"))
	expect(t, p, "moves", legal(p), "S 18-19")
	expectRejected(t, p, "S 18-20", "a blockade of Black's holds 20")
}

// "Should he find it necessary, he may use the balance of his throw using
// any piece of this blockade of three, and may move this piece forward
// according to the throw of the dice."
func TestBlockadeOfThreeMoves(t *testing.T) {
	p := parse(t, moving(hands("18,20", "", "20", ""), "S", "2-1"))
	q := play(t, p, "S 18-20")
	expect(t, q, "after the third man", legal(q), "N 20-21 | S 20-21")
}

// "A player may hold a "Blockade" thus made until he is obliged to play one
// of its pieces."
func TestBlockadeHeldUntilObliged(t *testing.T) {
	// With another man free to move, the blockade may stand.
	p := parse(t, moving(hands("20,20,40", "", "", ""), "S", "5-3"))
	q := play(t, p, "S 40-45", "S 45-48")
	expect(t, q, "blockade held", q.Count(rumba.South, sp("20")), 2)
	// When only its men can move, one must.
	p = parse(t, moving(hands("20,20,40", "43,43,45,45", "", ""), "S", "5-3"))
	expect(t, p, "moves", legal(p), "S 20-23 | S 20-25 | S 20-ne2 | S 20-ne4")
}

// "It is often possible to get around "Blockades" by using the single
// track Turnouts, which are slightly longer." (boards.md: each turnout
// runs 7 spaces round a corner, bypassing 5 track spaces.)
func TestTurnoutAroundBlockade(t *testing.T) {
	p := parse(t, moving(hands("05", "08,08", "", ""), "S", "6-2"))
	expectLegal(t, p, "S 05-se6", "S 05-se2", "S 05-07")
	expectNotLegal(t, p, "S 05-11")
	expectRejected(t, p, "S 05-11", "the blockade on 08")
	q := play(t, p, "S 05-se6", "S se6-11")
	expect(t, q, "round the blockade", men(q, rumba.South), "-,-,-,11")
}

// "Turnouts: The turnouts are single tracks and pieces on turnouts may be
// captured, but no blockade can be formed." Taking a turnout is the
// mover's choice at its fork; a man on a turnout runs on along it.
func TestTurnouts(t *testing.T) {
	p := parse(t, moving(hands("03", "", "", ""), "S", "4-1"))
	expect(t, p, "moves", legal(p), "S 03-04 | S 03-07 | S 03-se2")
	// A turnout space holds one man: no blockade there.
	p = parse(t, moving(hands("03,se2", "", "", ""), "S", "4-3"))
	expectNotLegal(t, p, "S 03-se2")
	expectRejected(t, p, "S 03-se2", "a turnout space holds one man")
	expectLegal(t, p, "S se2-se6", "S se2-se5", "S 03-07", "S 03-se1")
	// A lone man on a turnout can be captured there.
	p = parse(t, moving(hands("03", "se2", "", ""), "S", "4-1"))
	q := play(t, p, "S 03-se2")
	expect(t, q, "East's men", men(q, rumba.East), "-,-,-,-")
	expect(t, q, "reward", q.Reward(), 10)
	// Single men on a turnout are passed.
	p = parse(t, moving(hands("se1,se3", "se2", "", ""), "S", "4-2"))
	expectLegal(t, p, "S se1-se5", "S se3-se7")
	// Turnouts are longer: from 05 a reward of 10 goes to 15, or round the
	// turnout to 13, and its text names the turnout.
	p = parse(t, "4p "+hands("05", "", "", "")+" S:move:6-1:-:r10 last:S;6-1;S04-05xE")
	expect(t, p, "reward moves", legal(p), "S 05-15 | S 05-se-13")
}

// "A Blockade formed on an opponent's Starting Point will prevent an
// opponent from entering while it remains." "If there is rival's Blockade
// on your starting point, you cannot enter a piece while the blockade
// remains there, but must play elsewhere if possible-- otherwise lose your
// turn."
func TestBlockadeOnStartingPoint(t *testing.T) {
	p := parse(t, moving(hands("", "00,00", "", ""), "S", "6-5"))
	expect(t, p, "moves", legal(p), "enter N")
	expectRejected(t, p, "enter S", "a blockade of Black's holds 00")
	p = parse(t, moving(hands("", "00,00", "", ""), "S", "5-1"))
	expect(t, p, "moves with 5-1", legal(p), "enter N")
	p = parse(t, moving(hands("", "00,00,32,32", "", ""), "S", "6-5"))
	expect(t, p, "both entrances held", legal(p), "pass")
	// Own men on the starting point take a second and a third, never a
	// fourth.
	p = parse(t, moving(hands("00,00", "", "00", ""), "S", "6-5"))
	expectNotLegal(t, p, "enter S")
	expectRejected(t, p, "enter S", "holds three men already")
}

// "A single piece, however, if occupying an opponent's Starting Point is
// liable to be captured by an entering piece." "STARTING POINT: If you
// enter a piece with a 6 and there is a single opponent on your starting
// point, you capture it."
func TestEnteringCaptures(t *testing.T) {
	p := parse(t, moving(hands("", "00", "", ""), "S", "6-1"))
	q := play(t, p, "enter S")
	expect(t, q, "East's men", men(q, rumba.East), "-,-,-,-")
	expect(t, q, "South's men", men(q, rumba.South), "-,-,-,00")
	expect(t, q, "reward", q.Reward(), 10)
	expect(t, q, "recorded", strings.Fields(q.String())[6], "last:S;6-1;enterSxE")
}

// "Two or three pieces only may be used in forming a Blockade. Four pieces
// cannot occupy the same space."
func TestFourNeverShare(t *testing.T) {
	p := parse(t, moving(hands("18,20,20", "", "20", ""), "S", "2-1"))
	expectNotLegal(t, p, "S 18-20")
	expectRejected(t, p, "S 18-20", "four never share a space")
	if _, err := rumba.Parse(moving(hands("20,20", "", "20,20", ""), "S", "2-1")); err == nil || !strings.Contains(err.Error(), "four men never share") {
		t.Errorf("Parse with four men on 20: got %v, want an error saying four men never share a space", err)
	}
}

// "In play, pieces are moved according to the throw of the dice. Single
// pieces (not blockades) are liable to CAPTURE at any time and there are
// NO SAFETY SPACES whatsoever." "A player's piece is not safe on his own
// starting point, but he may remain there as long as he wishes, provided
// he can play other pieces."
func TestNoSafetySpaces(t *testing.T) {
	// On its own starting point.
	p := parse(t, moving(hands("00", "58", "", ""), "E", "6-1"))
	q := play(t, p, "E 58-00")
	expect(t, q, "South's men", men(q, rumba.South), "-,-,-,-")
	// On its own finish space.
	p = parse(t, moving(hands("63", "58", "", ""), "E", "5-1"))
	q = play(t, p, "E 58-63")
	expect(t, q, "South's men", men(q, rumba.South), "-,-,-,-")
	// The man on the starting point may stay while others can play.
	p = parse(t, moving(hands("00,20", "", "", ""), "S", "5-1"))
	q = play(t, p, "S 20-25", "S 25-26")
	expect(t, q, "South's men", men(q, rumba.South), "-,-,00,26")
	// Decision: a man landing on a lone opposing man always captures him;
	// men of the two sides never share a space.
	if _, err := rumba.Parse(moving(hands("20", "20", "", ""), "S", "2-1")); err == nil {
		t.Errorf("Parse with men of both sides on 20: got no error, want one")
	}
}

// "Capturing: A single piece may be captured by an opponent if the throw of
// the dice permits the opponent to bring a piece to the same space. A
// captured piece is removed from the board, and placed in its proper
// starting point, and has to start all over, being entered again by the
// owner or his partner on a throw of a 6, or its equivalent."
// "RE-ENTERING: When a piece is captured it is handed to its owner who
// places it on his entrance space. The owner may enter it at his starting
// point at any time he throws a 6 or its equivalent."
func TestCapture(t *testing.T) {
	p := parse(t, moving(hands("10", "15", "", ""), "S", "5-1"))
	q := play(t, p, "S 10-15")
	expect(t, q, "East's men", men(q, rumba.East), "-,-,-,-")
	expect(t, q, "phase", phase(q), "S:move:5-1:1:r10")
	expect(t, q, "recorded", q.Last().Moves[0].Captured, rumba.East)
	// The captured man is entered again, by his owner or his partner, on
	// his own starting point.
	r := parse(t, moving(hands("15", "", "", ""), "W", "6-2"))
	expectLegal(t, r, "enter E", "enter W")
	r = play(t, r, "enter E")
	expect(t, r, "East's men", men(r, rumba.East), "-,-,-,16")
}

// "A player capturing an opposing piece has a REWARD OF TEN SPACES which he
// may apply to the piece which made the capture or by moving some other
// piece 10 spaces forward-- his own or his partner's."
func TestReward(t *testing.T) {
	p := parse(t, moving(hands("10,30", "15", "50", ""), "S", "5-1"))
	q := play(t, p, "S 10-15")
	expectLegal(t, q, "S 15-25", "S 30-40", "N 50-60")
	// Not to enter a man: that needs a 6.
	expectNotLegal(t, q, "enter S")
	q = play(t, q, "N 50-60")
	expect(t, q, "North's men", men(q, rumba.North), "-,-,-,60")
	expect(t, q, "after the reward", phase(q), "S:move:5-1:1")
}

// "EXAMPLE If a player throws say a 5 and 3 and there is an opposing piece
// five spaces ahead of his own, he may move his piece five spaces, capture
// the opposing piece and hand it to its owner, and then move the same piece
// or any other piece--his own or his partner's 10 spaces forward as a
// reward, and the same piece or any piece 3 spaces forward for the other
// die." Decision: the reward is played at any time in the rest of the
// throw, before or after the other die.
func TestRewardExample(t *testing.T) {
	p := parse(t, moving(hands("10,40", "15", "", ""), "S", "5-3"))
	q := play(t, p, "S 10-15")
	expect(t, q, "after the capture", legal(q), sorted("S 15-18 | S 40-43 | S 15-25 | S 15-ne4 | S 40-50"))
	r := play(t, q, "S 15-25", "S 25-28")
	expect(t, r, "the same man, reward then die", men(r, rumba.South), "-,-,28,40")
	r = play(t, q, "S 15-18", "S 40-50")
	expect(t, r, "die then reward, another man", men(r, rumba.South), "-,-,18,50")
	expect(t, r, "after the throw", phase(r), "E:throw")
}

// "A capture could be made on the same throw if the opposing piece had been
// eight spaces away and unprotected, as five and three make eight."
func TestCaptureWithBothDice(t *testing.T) {
	p := parse(t, moving(hands("10", "18", "", ""), "S", "5-3"))
	q := play(t, p, "S 10-15", "S 15-18")
	expect(t, q, "East's men", men(q, rumba.East), "-,-,-,-")
	q = play(t, p, "S 10-13", "S 13-18")
	expect(t, q, "East's men", men(q, rumba.East), "-,-,-,-")
	expect(t, q, "reward to play", phase(q), "S:move:5-3:-:r10")
	expect(t, q, "reward moves", legal(q), "S 18-28 | S 18-ne7")
}

// "Should there be two pieces--one five spaces ahead and another three
// spaces beyond, both pieces may be captured. This player would then have
// a reward of 20 and can move one piece of his own or his partner's
// forward 20 spaces or two of his own or his partner's forward ten spaces
// each."
func TestRewardOfTwenty(t *testing.T) {
	p := parse(t, moving(hands("10,50", "15,18", "", ""), "S", "5-3"))
	q := play(t, p, "S 10-15", "S 15-18")
	expect(t, q, "reward", q.Reward(), 20)
	// (50 is 13 spaces from South's finish space: no 20 for that man.)
	expect(t, q, "reward moves", legal(q), sorted("S 18-28 | S 18-38 | S 18-ne7 | S 18-ne-36 | S 18-nw1 | S 50-60 | S 50-sw7"))
	r := play(t, q, "S 18-38")
	expect(t, r, "one man 20", men(r, rumba.South), "-,-,38,50")
	expect(t, r, "after the reward", phase(r), "E:throw")
	r = play(t, q, "S 18-28", "S 50-60")
	expect(t, r, "two men ten each", men(r, rumba.South), "-,-,28,60")
	expect(t, r, "after the rewards", phase(r), "E:throw")
}

// Decision: a capture made with a reward earns a reward too.
func TestRewardCaptureEarnsReward(t *testing.T) {
	p := parse(t, "4p "+hands("10", "20", "", "")+" S:move:5-3:-:r10 last:S;5-3;S02-07xW,S07-10")
	q := play(t, p, "S 10-20")
	expect(t, q, "a new reward", phase(q), "S:move:5-3:-:r10")
	expect(t, q, "East's men", men(q, rumba.East), "-,-,-,-")
}

// Decision: the reward must be played when it can be (so no pass while a
// reward move exists); one that cannot be played when the rest of the
// throw is done is lost.
func TestRewardPlayedOrLost(t *testing.T) {
	p := parse(t, "4p "+hands("10", "", "", "")+" S:move:5-3:-:r10 last:S;5-3;S02-07xW,S07-10")
	expect(t, p, "moves", legal(p), "S 10-20")
	expectRejected(t, p, "pass", "pass only when nothing can be played")
	// 10-13 captures with the 3; the reward (13-23) and the 5 (13-18) both
	// end on or pass the blockade on 18: the throw ends, the reward is lost.
	p = parse(t, moving(hands("10", "13,18,18", "", ""), "S", "5-3"))
	q := play(t, p, "S 10-13")
	expect(t, q, "after the capture", phase(q), "E:throw")
	expect(t, q, "East's men", men(q, rumba.East), "-,-,18,18")
}

// Decision: a reward may be played before a die when only that lets the die
// be played, and a reward move that would leave a playable die unplayable
// is refused like a die move.
func TestRewardAndTheDice(t *testing.T) {
	// South captured on 12 with the 5; the 3 is left. 12-15 ends on Black's
	// blockade; 30-33 is the only play of the 3. The reward 30-40 would
	// leave it nothing (43 is blockaded); round the nw turnout to nw3 the
	// man can still play the 3 (to nw6).
	p := parse(t, "4p "+hands("12,30", "15,15,43,43", "", "")+" S:move:5-3:3:r10 last:S;5-3;S07-12xW")
	expect(t, p, "moves", legal(p), "S 30-33 | S 30-nw3")
	expectRejected(t, p, "S 30-40", "play for both dice when you can")
	q := play(t, p, "S 30-nw3", "S nw3-nw6")
	expect(t, q, "after the throw", phase(q), "E:throw")
}

// Decision, continued: the search for the most dice looks ahead through
// rewards earned on the way. Here 30-31 captures with the 1; the 6 left
// can then be played only after the reward (se1-14 frees se1 for 00-se1,
// or 00-se5 lets that man run on 6), so the capture does use both dice
// and stays legal beside 00-01, 30-36 and the others.
func TestRewardLetsALaterDieBePlayed(t *testing.T) {
	p := parse(t, "4p S:00,30,se1,finish E:06,06,16,31 N:30,se7,finish,finish W:16,37,37,- S:move:6-1 last:S;6-1;-")
	expect(t, p, "moves", legal(p), "N 30-31 | N se7-11 | S 00-01 | S 30-31 | S 30-36 | S se1-se2")
	q := play(t, p, "S 30-31")
	expect(t, q, "after the capture", legal(q), "S 00-se5 | S se1-14")
	q = play(t, q, "S se1-14", "S 00-se1")
	expect(t, q, "after the throw", phase(q), "E:throw")
}

// "DOUBTLETS: When a player throws "doublets", i.e., a throw such as 3-3 or
// 5-5, after moving pieces for that throw, he is given an additional
// throw, and if he throws another "Doublet" will have still a third throw,
// and so on." Decision: a doublet is two dice, not four, and the chain has
// no limit.
func TestDoubletsThrowAgain(t *testing.T) {
	p := parse(t, moving(hands("10", "", "", ""), "S", "2-2"))
	q := play(t, p, "S 10-12", "S 12-14")
	expect(t, q, "after doublets", phase(q), "S:roll")
	q = play(t, q, "roll 5-5", "S 14-19", "S 19-24", "roll 1-1", "S 24-25", "S 25-26", "roll 4-1", "S 26-30", "S 30-31")
	expect(t, q, "after a throw that is not doublets", phase(q), "E:throw")
}

// "If you throw a Doublet and cannot play for both dice and can play for
// one, play that and on account of your having doublets you throw again."
func TestDoubletsOneDie(t *testing.T) {
	p := parse(t, moving(hands("10", "14,14", "", ""), "S", "2-2"))
	expect(t, p, "moves", legal(p), "S 10-12")
	q := play(t, p, "S 10-12")
	expect(t, q, "after one die of doublets", phase(q), "S:roll")
}

// "If you cannot move any piece and have doublets, you throw again."
func TestDoubletsNoPlayThrowAgain(t *testing.T) {
	p := parse(t, moving(hands("", "", "", ""), "S", "1-1"))
	expect(t, p, "moves", legal(p), "pass")
	q := play(t, p, "pass")
	expect(t, q, "after passing doublets", phase(q), "S:roll")
}

// Decision "Who throws": the throw after doublets follows at once, with no
// decision to throw, whether the doublets were played, partly played or
// passed; the turn after the chain begins with the next seat's decision.
func TestDoubletsRethrowNeedsNoThrow(t *testing.T) {
	for _, tt := range []struct {
		start string
		moves []string
	}{
		{moving(hands("10", "", "", ""), "S", "2-2"), []string{"S 10-12", "S 12-14"}},
		{moving(hands("10", "14,14", "", ""), "S", "2-2"), []string{"S 10-12"}},
		{moving(hands("", "", "", ""), "S", "1-1"), []string{"pass"}},
	} {
		q := play(t, parse(t, tt.start), tt.moves...)
		expect(t, q, "after doublets", phase(q), "S:roll")
		expect(t, q, "ToMove", q.ToMove(), rules.Chance)
		expectNotLegal(t, q, rumba.RollText)
		expect(t, q, "throws offered", len(q.Legal()), 21)
		q = playThrow(t, q, "roll 1-1")
		expect(t, q, "after doublets again", phase(q), "S:roll")
		q = playThrow(t, q, "roll 4-3")
		expect(t, q, "after the chain", phase(q), "E:throw")
	}
	// A position text asking for the decision after doublets is refused.
	if _, err := rumba.Parse("4p " + hands("14", "", "", "") + " S:throw last:S;2-2;S10-12,S12-14"); err == nil || !strings.Contains(err.Error(), "with no decision to throw") {
		t.Errorf("Parse of a decision to throw after doublets: got %v, want an error saying the throw follows at once", err)
	}
}

// playThrow plays a throw and then the first legal move until the throw
// ends.
func playThrow(t *testing.T, p *rumba.Position, roll string) *rumba.Position {
	t.Helper()
	for p = play(t, p, roll); p.Phase() == rumba.PhaseMove; {
		p = play(t, p, p.Legal()[0].Text)
	}
	return p
}

// "THE FINISH: After a player has gone around the board, on reaching the
// finish space which he must reach by exact count or throw, he must throw a
// 6 to enter the Central Finish Space."
func TestFinish(t *testing.T) {
	// South's finish space is 63: reached by exact count, never passed.
	p := parse(t, moving(hands("60,-", "", "", ""), "S", "5-3"))
	expect(t, p, "moves", legal(p), "S 60-63")
	expectRejected(t, p, "S 60-01", "never passes his finish space 63")
	// Other hands run past it.
	p = parse(t, moving(hands("", "", "60", ""), "S", "5-3"))
	expectLegal(t, p, "N 60-01", "N 60-63")
	// From the finish space, a 6 (or two dice totalling 6) takes the man
	// into FINISH; nothing else moves him. (Black holds both Red
	// entrances, so that nothing else can be played.)
	for _, dice := range []string{"6-2", "4-2"} {
		p = parse(t, moving(hands("63", "00,00,32,32", "", ""), "S", dice))
		q := play(t, p, "S 63-finish")
		expect(t, q, "South's men after "+dice, men(q, rumba.South), "-,-,-,finish")
		expect(t, q, "FINISH", q.Finished(rumba.Red), 1)
	}
	p = parse(t, moving(hands("63", "", "", ""), "S", "5-3"))
	expect(t, p, "moves with 5-3", legal(p), "pass")
	expectRejected(t, p, "S 63-finish", "only on a 6")
	// Entering FINISH with one die, the other is played as usual.
	p = parse(t, moving(hands("60", "", "", ""), "S", "6-3"))
	q := play(t, p, "S 60-63", "S 63-finish")
	expect(t, q, "South's men", men(q, rumba.South), "-,-,-,finish")
}

// "An opponent's blockade on a finish space will prevent any player from
// entering it while the blockade is held."
func TestBlockadeOnFinishSpace(t *testing.T) {
	p := parse(t, moving(hands("60,20", "63,63", "", ""), "S", "3-1"))
	expectNotLegal(t, p, "S 60-63")
	expectRejected(t, p, "S 60-63", "a blockade of Black's holds 63")
}

// "The object of each player with his partner's help is to successfully
// move any four of his pieces or his partner's pieces … The partners whose
// four pieces--either plain or silver top, it does not matter … FIRST
// REACH THE FINISH SPACE IN THE CENTER OF THE BOARD WIN THE GAME."
// Decision: the game ends at once; the winners are the side's seats.
func TestWinner(t *testing.T) {
	for _, tt := range []struct {
		players string
		want    string
	}{
		{"4p", "finished winners[0,2]"},
		{"3p", "finished winners[0,2]"},
		{"2p", "finished winners[0]"},
	} {
		// 4-2: the two dice together take the man into FINISH (with 6-2
		// the 2 could not be played before the win, and entering a man
		// with the 6 plays both dice).
		p := parse(t, tt.players+" "+hands("63,finish", "", "finish,finish", "")+" N:move:4-2 last:N;4-2;-")
		expect(t, p, "FINISH before", p.Finished(rumba.Red), 3)
		q := play(t, p, "S 63-finish")
		expect(t, q, tt.players+" outcome", outcomeText(q.Outcome()), tt.want)
		expect(t, q, "ToMove", q.ToMove(), rules.Nobody)
		expect(t, q, "legal", len(q.Legal()), 0)
		expect(t, q, "phase", phase(q), "over:red:finished")
		if _, err := q.Play(rules.Move{Text: "pass"}); err != rules.ErrOver {
			t.Errorf("Play after the end: got %v, want rules.ErrOver", err)
		}
	}
	// Four men in FINISH only for the side that won by them.
	if _, err := rumba.Parse("4p " + hands("finish,finish", "", "finish,finish", "") + " S:roll"); err == nil {
		t.Errorf("Parse with Red's four men in FINISH, game going on: got no error, want one")
	}
}

// "A PLAY MUST ALWAYS BE MADE FOR BOTH DICE, IF POSSIBLE." The booklet
// makes no exception for a winning move: the game ends with the fourth man
// in FINISH, so a win on the first die plays that die alone, and it is
// refused when some play uses both dice; a win on the second die, after
// the other die is played, uses both.
func TestWinningMoveUsesBothDice(t *testing.T) {
	// Red has three men in FINISH; South's man on 63 could win with the 6,
	// but the man on 44 can play the 3 and the 6 both (North's men cannot
	// enter: West holds 32). So the win must wait for the second die.
	men := hands("63,44,finish,finish", "", "finish,-,-,-", "32,32")
	p := parse(t, moving(men, "S", "6-3"))
	expect(t, p, "moves with 6-3", legal(p), "S 44-47 | S 44-50")
	expectRejected(t, p, "S 63-finish", "would win with the 6 alone, but both dice can be played")
	q := play(t, p, "S 44-47")
	expect(t, q, "after the 3", legal(q), "S 47-53 | S 63-finish")
	q = play(t, q, "S 63-finish")
	expect(t, q, "outcome after the 3 and the win", outcomeText(q.Outcome()), "finished winners[0,2]")
	// The 6 first instead: the 3 is then played, and cannot win.
	q = play(t, p, "S 44-50")
	expect(t, q, "after the 6", legal(q), "S 50-53")

	// Doublets: with 6-6 the win is refused on the first 6 and offered on
	// the second. The game ends with it: no throw again.
	p = parse(t, moving(men, "S", "6-6"))
	expect(t, p, "moves with 6-6", legal(p), "S 44-50")
	expectRejected(t, p, "S 63-finish", "would win with the 6 alone")
	q = play(t, p, "S 44-50")
	expectLegal(t, q, "S 63-finish")
	q = play(t, q, "S 63-finish")
	expect(t, q, "outcome after doublets", outcomeText(q.Outcome()), "finished winners[0,2]")
	expect(t, q, "phase after doublets", phase(q), "over:red:finished")

	// A capture on the first die earns a reward; the win with the second
	// die ends the game with the reward unplayed.
	p = parse(t, moving(hands("63,44,finish,finish", "", "finish,-,-,-", "32,32,47"), "S", "6-3"))
	expectRejected(t, p, "S 63-finish", "would win with the 6 alone")
	q = play(t, p, "S 44-47")
	expect(t, q, "after the capture", phase(q), "S:move:6-3:6:r10")
	expectLegal(t, q, "S 63-finish", "S 47-57")
	q = play(t, q, "S 63-finish")
	expect(t, q, "outcome with a reward unplayed", outcomeText(q.Outcome()), "finished winners[0,2]")

	// Two dice totalling 6 take the man into FINISH with both dice at
	// once: a play of both dice.
	p = parse(t, moving(men, "S", "4-2"))
	expectLegal(t, p, "S 63-finish", "S 44-46", "S 44-48")
}

// "If you cannot play for both dice, play for one." A win with one die is
// legal when no play of the throw uses both dice.
func TestWinningMoveWithOneDie(t *testing.T) {
	// With 6-5, nothing of Red's can play the 5 (Black holds 41 and 44,
	// and North's man on nw4 fills the turnout space the 5 would reach),
	// before or after the 6; the South and North entrances are held. The 6
	// wins, or moves North's man round the blockade on 41 to nw5: either
	// plays one die, and both are legal.
	p := parse(t, moving(hands("63,finish", "00,00,41,41", "36,nw4,finish,finish", "32,32,44,44"), "S", "6-5"))
	expect(t, p, "moves with 6-5", legal(p), "N 36-nw5 | S 63-finish")
	q := play(t, p, "S 63-finish")
	expect(t, q, "outcome", outcomeText(q.Outcome()), "finished winners[0,2]")
	// Black's blockade on 15 holds North's men on 10 for the 5 and the 6;
	// South's man on 63 can play only the 6, and only into FINISH.
	p = parse(t, moving(hands("63,finish", "15,15,00,00", "10,10,finish,finish", ""), "S", "6-5"))
	expect(t, p, "moves with the entrance held", legal(p), "S 63-finish")
	q = play(t, p, "S 63-finish")
	expect(t, q, "outcome with the entrance held", outcomeText(q.Outcome()), "finished winners[0,2]")
}

// Decision: once a die has been played, a throw ends by itself when
// nothing more of it can be played; the player is not asked to pass.
func TestThrowEndsByItself(t *testing.T) {
	p := parse(t, moving(hands("10", "18,18", "", ""), "S", "5-3"))
	q := play(t, p, "S 10-15")
	expect(t, q, "after the 5", phase(q), "E:throw")
	expect(t, q, "last throw", strings.Fields(q.String())[6], "last:S;5-3;S10-15")
}

// Resignation, agreement and forfeit. Decision: partners share one result,
// so a resignation makes the whole other side the winners; a forfeit names
// them or nobody; an agreed draw nobody.
func TestEnd(t *testing.T) {
	p, _ := rumba.New(4)
	for _, tt := range []struct {
		o    rules.Outcome
		want string // "" for an error
	}{
		{rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{1, 3}}, "over:black:resigned"},
		{rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{2, 0}}, "over:red:resigned"},
		{rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{1, 2, 3}}, ""},
		{rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{1}}, ""},
		{rules.Outcome{Method: rules.Resignation}, ""},
		{rules.Outcome{Method: rules.Agreement}, "over:-:agreed-draw"},
		{rules.Outcome{Method: rules.Agreement, Winners: []rules.Seat{0, 2}}, ""},
		{rules.Outcome{Method: rules.Forfeit}, "over:-:forfeit"},
		{rules.Outcome{Method: rules.Forfeit, Winners: []rules.Seat{0, 2}}, "over:red:forfeit"},
		{rules.Outcome{Method: rules.Finished, Winners: []rules.Seat{0, 2}}, ""},
	} {
		st, err := p.End(tt.o)
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("End(%v): got no error, want one", tt.o)
		case tt.want != "" && err != nil:
			t.Errorf("End(%v): got error %v", tt.o, err)
		case tt.want != "":
			q := st.(*rumba.Position)
			expect(t, q, "End", phase(q), tt.want)
			expect(t, q, "ToMove", q.ToMove(), rules.Nobody)
			if _, err := q.End(tt.o); err != rules.ErrOver {
				t.Errorf("End after the end: got %v, want rules.ErrOver", err)
			}
			if _, err := rules.Find(q, "pass"); err != rules.ErrOver {
				t.Errorf("Find after the end: got %v, want rules.ErrOver", err)
			}
			back := parse(t, q.String())
			expect(t, back, "outcome read back", outcomeText(back.Outcome()), outcomeText(q.Outcome()))
		}
	}
	// Three players: the lone player's opponents are the partners.
	p3, _ := rumba.New(3)
	expect(t, p3, "opponents of seat 1", slices.Equal(p3.Opponents(1), []rules.Seat{0, 2}), true)
	expect(t, p3, "opponents of seat 2", slices.Equal(p3.Opponents(2), []rules.Seat{1}), true)
	st, err := p3.End(rules.Outcome{Method: rules.Resignation, Winners: p3.Opponents(2)})
	if err != nil {
		t.Fatalf("End: %v", err)
	}
	expect(t, st.(*rumba.Position), "three players, seat 2 resigns", outcomeText(st.Outcome()), "resigned winners[1]")
}

// Every state not over has a decision; the winning side has four men in
// FINISH; invariants hold: checked over whole games in TestRandomGamesEnd.
// Here: the men may move only forward, on the count shown.
func TestInvariantsCatchBrokenDecisions(t *testing.T) {
	base := moving(hands("10,20", "15", "", ""), "S", "5-3")
	prev := parse(t, base)
	for _, tt := range []struct{ name, next, want string }{
		{"a man moved too far", "4p " + hands("10,28", "15", "", "") + " S:move:5-3:3 last:S;5-3;S20-28", "counts 8"},
		{"a man moved backward", "4p " + hands("10,15", "", "", "") + " S:move:5-3:3 last:S;5-3;S20-15xE", "not a forward run"},
		{"two men moved", "4p " + hands("15,25", "", "", "") + " S:move:5-3:3:r10 last:S;5-3;S10-15xE", "went from"},
		{"a capture not recorded", "4p " + hands("15,20", "", "", "") + " S:move:5-3:3:r10 last:S;5-3;S10-15", "recorded"},
		{"no reward for a capture", "4p " + hands("15,20", "", "", "") + " S:move:5-3:3 last:S;5-3;S10-15xE", "to play"},
		{"the turn passed with a die left", "4p " + hands("10,25", "15", "", "") + " E:throw last:S;5-3;S20-25", "left to play"},
		{"men moved on a throw", "4p " + hands("10,21", "15", "", "") + " S:move:5-3 last:S;5-3;-", "not recorded"},
	} {
		next := parse(t, tt.next)
		err := rumba.Invariants(prev, next)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Invariants got %v, want an error saying %q\n%s", tt.name, err, tt.want, next.Drawing())
		}
	}
	// The turn passes: the next hand's seat decides to throw first.
	prev = parse(t, "4p "+hands("10,25", "15", "", "")+" S:move:5-3:3 last:S;5-3;S20-25")
	next := parse(t, "4p "+hands("10,28", "15", "", "")+" E:roll last:S;5-3;S20-25,S25-28")
	if err := rumba.Invariants(prev, next); err == nil || !strings.Contains(err.Error(), "want phase throw, East to throw") {
		t.Errorf("the next hand threw without deciding to: Invariants got %v, want an error saying East decides to throw", err)
	}
	// The decision to throw changes nothing but the phase.
	for _, tt := range []struct{ name, prev, next string }{
		{"men moved", "E:throw last:S;5-3;S02-10", "E:roll last:S;5-3;S02-10"},
		{"another hand throws", "E:throw", "N:roll"},
		{"the dice were thrown", "E:throw last:S;5-3;S02-10", "E:move:5-3 last:E;5-3;-"},
		{"the last throw changed", "E:throw last:S;5-3;S02-10", "E:roll last:S;5-3;S05-10"},
		{"still the decision", "E:throw last:S;5-3;S02-10", "E:throw last:S;5-3;S02-10"},
	} {
		prev := parse(t, "4p "+hands("10", "15", "", "")+" "+tt.prev)
		east := "15"
		if tt.name == "men moved" {
			east = "20"
		}
		next := parse(t, "4p "+hands("10", east, "", "")+" "+tt.next)
		if err := rumba.Invariants(prev, next); err == nil || !strings.Contains(err.Error(), "the decision to throw") {
			t.Errorf("%s: Invariants got %v, want an error about the decision to throw\n%s", tt.name, err, next.Drawing())
		}
		if err := rumba.Invariants(prev, play(t, prev, rumba.RollText)); err != nil {
			t.Errorf("the decision to throw, played: Invariants got %v, want none", err)
		}
	}
	// The opening throw ends with the winner's decision to throw.
	prev = parse(t, "4p "+hands("", "", "", "")+" open:6-3,2-1,4-4,-")
	if err := rumba.Invariants(prev, parse(t, "4p "+hands("", "", "", "")+" S:roll last:W;5-1;open")); err == nil || !strings.Contains(err.Error(), "after the opening throw") {
		t.Errorf("the opening throw straight to the dice: Invariants got %v, want an error saying the winner decides to throw", err)
	}
	// A blockade passed.
	prev = parse(t, moving(hands("10,12,12", "", "", ""), "S", "5-3"))
	next = parse(t, "4p "+hands("12,12,15", "", "", "")+" S:move:5-3:3 last:S;5-3;S10-15")
	if err := rumba.Invariants(prev, next); err == nil {
		t.Errorf("a blockade passed: Invariants got no error\n%s", next.Drawing())
	}
	// A man past his finish space.
	prev = parse(t, moving(hands("60", "", "", ""), "S", "5-3"))
	next = parse(t, "4p "+hands("01", "", "", "")+" S:move:5-3:3 last:S;5-3;S60-01")
	if err := rumba.Invariants(prev, next); err == nil {
		t.Errorf("a man past his finish space: Invariants got no error\n%s", next.Drawing())
	}
}
