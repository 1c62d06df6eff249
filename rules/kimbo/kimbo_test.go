package kimbo_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
)

// Each test below proves one sentence of the booklet or one decision of
// docs/rules/kimbo.md, which names it. Positions are position texts (see
// kimbo.Position.String); most are two-player games (South, seat 0,
// against North, seat 1) with South to move, written with moving().

// "For 2, 3, or 4 Players"
func TestGame(t *testing.T) {
	g := kimbo.Game{}
	if g.Name() != "kimbo" || g.Title() != "Kimbo" || !slices.Equal(g.Players(), []int{2, 3, 4}) {
		t.Errorf("Game: got %q %q %v, want kimbo Kimbo [2 3 4]", g.Name(), g.Title(), g.Players())
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

// EQUIPMENT: "sixteen playing pieces, four each of four different colors;
// twenty-four fences, six each of four different colors; two dice"
func TestEquipment(t *testing.T) {
	p, _ := kimbo.New(4)
	total := 0
	for seat := range rules.Seat(4) {
		expect(t, p, "pieces of seat "+p.Side(seat).String(), len(p.Pieces(seat)), 4)
		expect(t, p, "fences of seat "+p.Side(seat).String(), len(p.Fences(seat)), 6)
		total += len(p.Fences(seat))
	}
	expect(t, p, "fences", total, 24)
	expect(t, p, "neutral fences in a 4-player game", len(p.Fences(kimbo.Neutral)), 0)
	// Two dice: 21 outcomes, doubles 1 in 36, the others 2 in 36.
	p = play(t, p, "roll 6-5", "roll 1-1", "roll 1-1", "roll 1-1", "nofence")
	rolls := p.Legal()
	sum := 0.0
	for _, m := range rolls {
		a, b := m.Text[5], m.Text[7]
		want := 2.0 / 36
		if a == b {
			want = 1.0 / 36
		}
		if math.Abs(m.Odds-want) > 1e-12 {
			t.Errorf("%s: odds %v, want %v", m.Text, m.Odds, want)
		}
		sum += m.Odds
	}
	expect(t, p, "roll outcomes", len(rolls), 21)
	expect(t, p, "sum of the odds", math.Abs(sum-1) < 1e-12, true)
	expect(t, p, "ToMove at the roll", p.ToMove(), rules.Chance)
	// No position may hold more or fewer.
	for _, text := range []string{
		"S:b1,n1,n14,a15,c3/" + southFences + " " + north + " S:fence",                            // five pieces
		"S:b1,n1,n14/" + southFences + " " + north + " S:fence",                                   // three
		"S:b1,n1,n14,a15/" + southFences + ",c3|c4 " + north + " S:fence",                         // seven fences
		"S:b1,n1,n14,a15/" + strings.TrimSuffix(southFences, ",j1|k1") + " " + north + " S:fence", // five
	} {
		if _, err := kimbo.Parse(text); err == nil {
			t.Errorf("Parse(%q): got no error, want one", text)
		}
	}
}

// PREPARATION: "Each player sits on a different side of the board. If only
// two are playing, they should sit on opposite sides of the board. Each
// player selects four playing pieces of the same color and places one of
// them in each of the four corner squares. Each contestant then takes the
// six fences of the same color as his playing pieces, and places them in
// the six slots marked with black triangles on his side of the board."
func TestSetUp(t *testing.T) {
	sides := map[int]string{2: "South North", 3: "South West North", 4: "South West North East"}
	for n, want := range sides {
		p, _ := kimbo.New(n)
		var got []string
		for seat := range rules.Seat(n) {
			side := p.Side(seat)
			got = append(got, side.String())
			corners := map[int]bool{}
			for _, s := range p.Pieces(seat) {
				corners[kimbo.Board.Corner(s)] = true
				if kimbo.Board.Area(s) != kimbo.StartArea {
					t.Errorf("%d players: %s's piece on %s, not in a start area", n, side, s)
				}
			}
			expect(t, p, side.String()+"'s corners", len(corners), 4)
			fences := kimbo.Board.InitialFences(side)
			expect(t, p, side.String()+"'s fences", slices.Equal(p.Fences(seat), sortSlots(fences[:])), true)
		}
		expect(t, p, "sides", strings.Join(got, " "), want)
	}
	p, _ := kimbo.New(4)
	expect(t, p, "South's pieces", pieces(p, 0), "b1,n1,n14,a15")
	expect(t, p, "start position", p.String(), "S:b1,n1,n14,a15/"+southFences+" W:a2,n2,a14,o15/"+westFences+
		" N:o1,b2,b15,n15/"+northFences+" E:a1,o2,b14,o14/"+eastFences+" open:-,-,-,-")
}

func sortSlots(s []kimbo.Slot) []kimbo.Slot {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// "If there are only three players, the entrance to the center square on
// the side of the board where there is no player is blocked off by
// inserting three fences of the color not being used." "If only two are
// playing, the two entrances opposite the sides where there are no players
// sitting are blocked off."
func TestEmptySidesEntrancesClosed(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{2, "e8|f8 f7|f8 f8|f9 j7|j8 j8|j9 j8|k8"},
		{3, "j7|j8 j8|j9 j8|k8"},
		{4, ""},
	}
	for _, tt := range tests {
		p, _ := kimbo.New(tt.n)
		var got []string
		for _, sl := range p.Fences(kimbo.Neutral) {
			got = append(got, sl.String())
			if o, ok := p.FenceAt(sl); !ok || o != kimbo.Neutral {
				t.Errorf("FenceAt(%s): got %v %v, want Neutral", sl, o, ok)
			}
		}
		slices.Sort(got)
		expect(t, p, "neutral fences with "+string(rune('0'+tt.n))+" players", strings.Join(got, " "), tt.want)
	}
}

// "UNDER NO CIRCUMSTANCES MAY THESE ENTRANCE SQUARES BE USED." The closing
// fences never move, no path enters, no jump lands there, and no position
// has a piece there.
func TestClosedEntranceNeverUsed(t *testing.T) {
	// South on e8 beside West's closed entrance f8; doubles, so a jump
	// would be possible over a fence.
	p := parse(t, moving("S:e8,home,home,home/"+southFences, north, "2-2"))
	for _, m := range p.Legal() {
		for _, lg := range mustLegs(t, m.Text) {
			if slices.Contains(lg.Squares(), sq("f8")) {
				t.Errorf("%s: enters the closed entrance f8\n%s", m.Text, p.Drawing())
			}
		}
	}
	expectRejected(t, p, "jump e8-f8", "")
	// The neutral fences cannot be moved.
	f := parse(t, "S:e8,home,home,home/"+southFences+" "+north+" S:fence")
	expectRejected(t, f, "e8|f8>c3|c4", "neutral")
	if _, err := kimbo.Parse("S:f8,home,home,home/" + southFences + " " + north + " S:fence"); err == nil {
		t.Errorf("Parse with a piece on the closed entrance f8: got no error, want one")
	}
	if _, err := kimbo.Parse("S:e8,home,home,home/e8|f8,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1 " + north + " S:fence"); err == nil {
		t.Errorf("Parse with South's fence in a neutral slot: got no error, want one")
	}
}

func mustLegs(t testing.TB, text string) []kimbo.Leg {
	t.Helper()
	legs, err := kimbo.ParseLegs(text)
	if err != nil {
		t.Fatalf("ParseLegs(%q): %v", text, err)
	}
	return legs
}

// "All players roll the dice and the player with the highest roll goes
// first." Each roll is a chance decision, one seat at a time in seat
// order; ties for the highest roll again, among themselves only (decision).
func TestOpeningRoll(t *testing.T) {
	p, _ := kimbo.New(3)
	expect(t, p, "phase", p.Phase(), kimbo.PhaseOpening)
	expect(t, p, "ToMove", p.ToMove(), rules.Chance)
	expect(t, p, "roller", p.Turn(), rules.Seat(0))
	expect(t, p, "rolls offered", len(p.Legal()), 21)
	p = play(t, p, "roll 6-3")
	expect(t, p, "roller after South", p.Turn(), rules.Seat(1))
	expect(t, p, "dice showing", p.Last().Dice, [2]int{6, 3})
	p = play(t, p, "roll 5-4", "roll 2-1") // South 9, West 9, North 3: South and West roll again
	expect(t, p, "phase after a tie", p.Phase(), kimbo.PhaseOpening)
	expect(t, p, "opening after a tie", strings.Fields(p.String())[3], "open:-,-,x")
	expect(t, p, "roller after a tie", p.Turn(), rules.Seat(0))
	p = play(t, p, "roll 1-1", "roll 2-1") // South 2, West 3: West starts
	expect(t, p, "phase", p.Phase(), kimbo.PhaseFence)
	expect(t, p, "first player", p.ToMove(), rules.Seat(1))
	expect(t, p, "phase text", strings.Fields(p.String())[3], "W:fence")
	// A clear highest roll ends the opening at once.
	q, _ := kimbo.New(2)
	q = play(t, q, "roll 1-1", "roll 6-6")
	expect(t, q, "first player", q.ToMove(), rules.Seat(1))
	// The opening roll is not the first turn's roll: the first player moves
	// a fence, then rolls.
	expect(t, q, "phase", q.Phase(), kimbo.PhaseFence)
}

// THE PLAY: "Before the first player rolls the dice he has the privilege
// of removing any one of his own fences and placing it in a vacant slot
// anywhere on the board. He is not required to move a fence ... He then
// rolls the dice". The turn is three decisions: fence, roll (chance), move.
func TestTurnIsFenceRollMove(t *testing.T) {
	p := parse(t, "S:c3,home,home,home/"+southFences+" "+north+" S:fence")
	expect(t, p, "ToMove at the fence", p.ToMove(), rules.Seat(0))
	// nofence, or one of 6 fences to one of 364-12-6 vacant slots.
	expect(t, p, "fence decisions", len(p.Legal()), 1+6*(364-12-6))
	expect(t, p, "first fence decision", p.Legal()[0].Text, "nofence")
	p = play(t, p, "e1|f1>c4|c5")
	expect(t, p, "phase after the fence", p.Phase(), kimbo.PhaseRoll)
	expect(t, p, "ToMove at the roll", p.ToMove(), rules.Chance)
	expect(t, p, "fence moved", p.Last().FenceTo, slot("c4|c5"))
	p = play(t, p, "roll 2-1")
	expect(t, p, "phase after the roll", p.Phase(), kimbo.PhaseMove)
	expect(t, p, "ToMove at the move", p.ToMove(), rules.Seat(0))
	a, b := p.Dice()
	expect(t, p, "dice", [2]int{a, b}, [2]int{2, 1})
	p = play(t, p, "c3-c4-e4") // north to c4, the fence: turn east
	expect(t, p, "phase after the move", p.Phase(), kimbo.PhaseFence)
	expect(t, p, "ToMove after the move", p.ToMove(), rules.Seat(1))
	expect(t, p, "last turn", p.Last().Move, "c3-c4-e4")
}

// Turn order (decision): clockwise seen from above, South, West, North,
// East, which is seat order; with two players South and North alternate.
func TestTurnOrder(t *testing.T) {
	p, _ := kimbo.New(4)
	p = play(t, p, "roll 6-6", "roll 1-1", "roll 1-1", "roll 1-1")
	var order []string
	for range 5 {
		order = append(order, p.Side(p.ToMove()).String())
		p = play(t, p, "nofence", "roll 2-1")
		p = play(t, p, p.Legal()[0].Text)
	}
	expect(t, p, "order", strings.Join(order, " "), "South West North East South")
}

// FENCES: "A player may move only one fence on a turn, and he may move
// only a fence of his own color. A player may place his fence in a vacant
// slot anywhere on the board."
func TestFenceMoves(t *testing.T) {
	p := parse(t, "S:c3,home,home,home/"+southFences+" "+north+" S:fence")
	expectRejected(t, p, "e15|f15>c4|c5", "you may move only your own")
	expectRejected(t, p, "c4|c5>c5|c6", "there is no fence in c4|c5")
	expectRejected(t, p, "e1|f1>f1|g1", "not vacant")
	expectRejected(t, p, "e1|f1>e15|f15", "not vacant")
	expectRejected(t, p, "e1|f1>a1|b1", "no slot between a1 and b1") // inside a start area
	expectRejected(t, p, "e1|f1>g6|g7", "no slot between g6 and g7") // a HOME wall
	expectRejected(t, p, "e1|f1>h6|h7", "no slot between h6 and h7") // HOME's opening
	expectRejected(t, p, "e1|f1>b2|c2", "no slot between b2 and c2") // an arrow
	expectRejected(t, p, "e1|f1>c3-c4", "no slot")
	// A piece's move before the roll: roll first (issue 14: it was
	// answered as a fence move badly written).
	for _, text := range []string{"c3-c6", "c3-c5, c3-c4", "jump c3-c4", "pass"} {
		expectRejected(t, p, text, "roll first: no piece moves before the dice are rolled; move one of your fences, or roll without moving one (nofence)")
	}
	// Anywhere: the far corner of the board, beside an opponent.
	p = play(t, p, "e1|f1>n13|o13")
	expect(t, p, "South's fence in n13|o13", slices.Contains(p.Fences(0), slot("n13|o13")), true)
	// One fence a turn, before the roll: after the fence decision comes the
	// roll, then the move.
	expectRejected(t, p, "f1|g1>c4|c5", "is not a roll")
	expectRejected(t, play(t, p, "roll 5-3"), "f1|g1>c4|c5", "before the roll")
}

// "Players may block off entrance squares or even completely surround
// another player's piece."
func TestFencesMayBlockAndSurround(t *testing.T) {
	// North's piece on c5, fenced on three sides by South; South may close
	// the fourth, and block South's entrance h6.
	p := parse(t, "S:b1,n1,n14,a15/c5|c6,b5|c5,c5|d5,h1|i1,i1|j1,j1|k1 N:c5,b2,b15,n15/"+northFences+" S:fence")
	expectLegal(t, p, "h1|i1>c4|c5", "h1|i1>h5|h6", "h1|i1>g6|h6")
	p = play(t, p, "h1|i1>c4|c5")
	// North's piece cannot move without doubles.
	p = play(t, p, "roll 5-3", "b1-b9", "nofence", "roll 5-3")
	for _, m := range p.Legal() {
		if strings.HasPrefix(m.Text, "c5") || strings.Contains(m.Text, " c5") {
			t.Errorf("surrounded piece moves: %s\n%s", m.Text, p.Drawing())
		}
	}
}

// "a) He may move one piece the full count of both dice. b) He may move one
// piece the count of one die and any one of his other pieces the count of
// the other die."
func TestOnePieceOrOnePiecePerDie(t *testing.T) {
	p := parse(t, moving("S:c3,l3,home,home/"+southFences, north, "5-3"))
	// a) one piece, 8: c3 north to c11.
	expectLegal(t, p, "c3-c11", "l3-l11")
	// b) one piece 5, the other 3, either way round.
	expectLegal(t, p, "c3-c8, l3-l6", "l3-l8, c3-c6")
	// Not one piece 5 then the same piece 3 in a new direction, nor both
	// dice on two pieces with the same die.
	expectRejected(t, p, "c3-c8, c3-c6", "two different pieces")
	expectRejected(t, p, "c3-c8, l3-l8", "count 5 and 5")
	next := play(t, p, "c3-c8, l3-l6")
	expect(t, next, "South's pieces", pieces(next, 0), "l6,c8,home,home")
}

// "On any one of his turns a player may start his piece in any horizontal
// or vertical direction which is not blocked ... A player may never move
// in a diagonal direction."
func TestStraightLinesAnyDirectionNotBlocked(t *testing.T) {
	// The last piece on c5 with 2-1 uses the whole 3, in any of four
	// directions; west it reaches the border line at a5 and turns.
	p := parse(t, moving("S:c5,home,home,home/"+southFences, north, "2-1"))
	expect(t, p, "moves", legal(p), sorted("c5-c8 | c5-f5 | c5-c2 | c5-a5-a4 | c5-a5-a6"))
	expectRejected(t, p, "c5-d6-d8", "not a straight line")
	expectRejected(t, p, "c5-e6", "not a straight line")
	// A fence beside the piece blocks that direction at the start.
	p = parse(t, moving("S:c5,home,home,home/c5|c6,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1", north, "2-1"))
	expect(t, p, "moves with a fence north of c5", legal(p), sorted("c5-f5 | c5-c2 | c5-a5-a4 | c5-a5-a6"))
}

// "Once a player starts in one direction he may NOT change direction on
// THAT turn EXCEPT when he reaches a fence or a border line head-on. Then
// he must make a ninety-degree turn EITHER to the right or to the left".
// Different turns are different moves.
func TestTurnAtFenceLeftOrRight(t *testing.T) {
	// A fence north of c7: going north with 3, the piece turns at c7.
	p := parse(t, moving("S:c5,home,home,home/c7|c8,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1", north, "2-1"))
	expect(t, p, "moves north", strings.Join(filter(p, "c5-c7"), " | "), "c5-c7-b7 | c5-c7-d7")
	expectRejected(t, p, "c5-c8", "not a path")
	// No turn anywhere else: straight on until the count ends.
	expectRejected(t, p, "c5-c6-e6", "not a path")
	// The same at a border line: west to a5, then north or south.
	expectLegal(t, p, "c5-a5-a4", "c5-a5-a6")
	// When one side is closed too, the turn goes the other way.
	p = parse(t, moving("S:c5,home,home,home/c7|c8,c7|d7,g1|h1,h1|i1,i1|j1,j1|k1", north, "2-1"))
	expect(t, p, "moves north with c7|d7 closed", strings.Join(filter(p, "c5-c7"), " | "), "c5-c7-b7")
}

// filter lists the legal moves starting with prefix.
func filter(p *kimbo.Position, prefix string) []string {
	var out []string
	for _, m := range p.Legal() {
		if strings.HasPrefix(m.Text, prefix) {
			out = append(out, m.Text)
		}
	}
	slices.Sort(out)
	return out
}

// "THEN THE PIECE MUST TURN EITHER TO THE RIGHT OR LEFT EXCEPT WHERE THE
// ONLY ALTERNATIVE IS TO REVERSE DIRECTION. A piece can reverse direction
// if it reaches a space which is surrounded on the other three sides by
// fences or a combination of fences and boarder lines."
func TestReverseOnlyWhenClosedOnThreeSides(t *testing.T) {
	// c6 closed north, west and east: going north with 3, the piece enters
	// c6 and comes back: c5, c4.
	p := parse(t, moving("S:c5,home,home,home/c6|c7,b6|c6,c6|d6,h1|i1,i1|j1,j1|k1", north, "2-1"))
	expect(t, p, "moves north", strings.Join(filter(p, "c5-c6"), " | "), "c5-c6-c4")
	// Fences and a border line: a6 closed north (a6|a7) and east (a6|b6),
	// the border west; a piece going north from a4 comes back.
	p = parse(t, moving("S:a4,home,home,home/a6|a7,a6|b6,h1|i1,i1|j1,j1|k1,e1|f1", north, "3-1"))
	expectLegal(t, p, "a4-a6-a4")
	// With a side open, no reversal: it must turn.
	p = parse(t, moving("S:c5,home,home,home/c6|c7,b6|c6,h1|i1,i1|j1,j1|k1,e1|f1", north, "2-1"))
	expect(t, p, "moves north with c6|d6 open", strings.Join(filter(p, "c5-c6"), " | "), "c5-c6-e6")
}

// "Players may move their pieces over their own pieces or those of an
// opponent, counting the occupied space."
func TestPassOverPiecesCountingThem(t *testing.T) {
	p := parse(t, moving("S:c3,c5,home,home/"+southFences, "N:c6,b2,b15,n15/"+northFences, "3-2"))
	// c3 passes c5 (its own) and c6 (North's) and ends on c8: 5 squares.
	expectLegal(t, p, "c3-c8")
	next := play(t, p, "c3-c8")
	expect(t, next, "North's pieces", pieces(next, 1), "b2,c6,b15,n15")
}

// "No two pieces may occupy the same space ... if a move a player wishes to
// make would place one of his pieces on a space occupied by another one of
// his pieces, he must make some other move."
func TestNeverEndOnOwnPiece(t *testing.T) {
	p := parse(t, moving("S:c3,c8,home,home/"+southFences, north, "3-2"))
	expectRejected(t, p, "c3-c8", "your own piece stands on c8")
	// With one die each: c3 may end on c6 and c8 on c10, but not c3 on c8
	// while c8 stays. Decision: a piece may end where the other started when
	// that one moves first; the text lists that one first.
	p = parse(t, moving("S:c3,c6,home,home/"+southFences, north, "3-2"))
	expectLegal(t, p, "c6-c8, c3-c6")
	expectNotLegal(t, p, "c3-c6, c6-c8")
	m, err := rules.Find(p, "c3-c6, c6-c8")
	expect(t, p, "Find in the other order", m.Text+errText(err), "c6-c8, c3-c6")
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return " " + err.Error()
}

// "Whenever possible a player must move the entire count of his throw
// using either one or two of his pieces on his turn."
func TestWholeThrowMustBeUsed(t *testing.T) {
	p := parse(t, moving("S:c3,l3,home,home/"+southFences, north, "5-3"))
	expectRejected(t, p, "c3-c8", "you must use the whole throw 5-3")
	expectRejected(t, p, "c3-c6", "you must use the whole throw 5-3")
}

// Decision: when the whole throw cannot be used, the larger die is, if it
// can be; else the smaller; with neither, the move is "pass".
func TestMostOfTheThrow(t *testing.T) {
	// South's last piece on b1 in a start area whose four exits c1, c2, a3
	// and b3 are dead ends: closed on every side but the arrow, which is a
	// fence once the piece is out. So it can end a count only on an exit:
	// c1 with 1, b3 with 2 (over North's b2), a3 with 3 (west to a1, the
	// border line, turn north). No longer count is possible.
	box := "S:b1,home,home,home/c1|d1,c1|c2,c2|d2,c2|c3,a3|a4,a3|b3 N:o1,b2,b15,n15/b3|b4,b3|c3,g15|h15,h15|i15,i15|j15,j15|k15"
	p := parse(t, box+" S:move:3-2 last:S;nofence;3-2;-")
	expect(t, p, "moves with 3-2: the 3", legal(p), "b1-a1-a3")
	expectRejected(t, p, "b1-b3", "it must be the larger, 3")
	p = parse(t, box+" S:move:4-2 last:S;nofence;4-2;-")
	expect(t, p, "moves with 4-2: the 2", legal(p), "b1-b3")
	p = parse(t, box+" S:move:6-5 last:S;nofence;6-5;-")
	expect(t, p, "moves with 6-5: nothing", legal(p), "pass")
	next := play(t, p, "pass")
	expect(t, next, "after a pass", next.ToMove(), rules.Seat(1))
	expectRejected(t, parse(t, moving("S:c3,l3,home,home/"+southFences, north, "5-3")), "pass", "you cannot pass")
}

// CAPTURING: "Whenever a player lands any one of his pieces by exact count
// on a space occupied by an opponent's piece, he returns that opponent's
// piece to ANY one of the four corner starting places. The piece need not
// be returned to its original starting corner."
func TestCaptureByExactCount(t *testing.T) {
	p := parse(t, moving("S:c3,home,home,home/"+southFences, "N:c11,b2,b15,n15/"+northFences, "5-3"))
	expectLegal(t, p, "c3xc11")
	expectRejected(t, p, "c3-c11", "not a path") // a capture is written with x
	next := play(t, p, "c3xc11")
	expect(t, next, "phase", next.Phase(), kimbo.PhaseCorner)
	expect(t, next, "ToMove", next.ToMove(), rules.Seat(0))
	expect(t, next, "North's pieces", pieces(next, 1), "-,b2,b15,n15")
	expect(t, next, "corners", legal(next), "corner ne | corner nw | corner se | corner sw")
	// Any corner: North's own square there if vacant (se: o1), else the
	// next side's clockwise (sw: North's b2 is taken, East's a1 is free).
	se := play(t, next, "corner se")
	expect(t, se, "North's pieces after corner se", pieces(se, 1), "o1,b2,b15,n15")
	expect(t, se, "ToMove after the corner", se.ToMove(), rules.Seat(1))
	expect(t, se, "phase after the corner", se.Phase(), kimbo.PhaseFence)
	sw := play(t, next, "corner sw")
	expect(t, sw, "North's pieces after corner sw", pieces(sw, 1), "a1,b2,b15,n15")
	// Passing over is no capture.
	p = parse(t, moving("S:c3,home,home,home/"+southFences, "N:c10,b2,b15,n15/"+northFences, "5-3"))
	next = play(t, p, "c3-c11")
	expect(t, next, "North's pieces after passing", pieces(next, 1), "b2,c10,b15,n15")
}

// "For the purpose of capturing an opponent's piece, a player may make use
// of the count on either or both dice. Thus if a player has a 5 and 3 on
// the dice and by moving 5 spaces can capture an opponent's piece, he may
// do so. The player may then move that same piece 3 more spaces, if he
// does not wish to move one of his other pieces." (Diagram 6)
func TestCaptureWithEitherDie(t *testing.T) {
	p := parse(t, moving("S:c3,l3,home,home/"+southFences, "N:c8,b2,b15,n15/"+northFences, "5-3"))
	// The 5 captures on c8, then the same piece goes on 3 in the same
	// direction; or it passes over; or the other piece takes the 3.
	expectLegal(t, p, "c3xc8-c11", "c3-c11", "c3xc8, l3-l6")
	next := play(t, p, "c3xc8-c11")
	expect(t, next, "South's pieces", pieces(next, 0), "l3,c11,home,home")
	expect(t, next, "North's pieces", pieces(next, 1), "-,b2,b15,n15")
	// The 3 first: a piece on c6 is captured with the 3, then 5 more.
	p = parse(t, moving("S:c3,l3,home,home/"+southFences, "N:c6,b2,b15,n15/"+northFences, "5-3"))
	expectLegal(t, p, "c3xc6-c11", "c3-c11", "l3-l8, c3xc6")
	// Two captures in one move, each sent to its corner in turn
	// (decision: one corner decision per captured piece, in capture order).
	p = parse(t, moving("S:c3,l3,home,home/"+southFences, "N:c6,c11,b15,n15/"+northFences, "5-3"))
	next = play(t, p, "c3xc6xc11")
	expect(t, next, "waiting", len(next.Pending()), 2)
	next = play(t, next, "corner nw", "corner nw")
	// nw twice: North's own b15 is taken, so East's b14, then South's a15.
	expect(t, next, "North's pieces", pieces(next, 1), "b14,a15,b15,n15")
	expect(t, next, "after both corners", next.ToMove(), rules.Seat(1))
}

// "No piece may return to or pass through any start area except when
// captured by an opponent's piece. FOR THIS REASON THE ARROWS AT THE
// STARTING AREAS ARE TO BE CONSIDERED AS FENCES BY ANY PIECES THAT HAVE
// BEEN MOVED OUT ON THE PLAYING AREA."
func TestStartAreas(t *testing.T) {
	// Leaving: from b1 across the arrows, through the area's own squares.
	p := parse(t, moving("S:b1,home,home,home/"+southFences, north, "2-1"))
	expect(t, p, "moves from b1", legal(p), sorted("b1-e1 | b1-b4 | b1-a1-a3"))
	// Out: c2 has the arrow b2|c2 west; going south to c1 and the border
	// line, it turns east, as the arrow b1|c1 west is a fence to it.
	p = parse(t, moving("S:c2,home,home,home/"+southFences, north, "2-1"))
	expect(t, p, "moves from c2", legal(p), sorted("c2-c5 | c2-f2 | c2-c1-e1"))
	// Going west along rank 3 toward the arrows a3|a2, b3|b2: a3 is a
	// corner of the border line and the arrow, so the piece turns north.
	p = parse(t, moving("S:e3,home,home,home/"+southFences, north, "5-1"))
	expectLegal(t, p, "e3-a3-a5")
	for _, m := range p.Legal() {
		for _, lg := range mustLegs(t, m.Text) {
			for _, s := range lg.Squares() {
				if kimbo.Board.Area(s) == kimbo.StartArea {
					t.Errorf("%s passes through the start area at %s\n%s", m.Text, s, p.Drawing())
				}
			}
		}
	}
}

// Decision: a piece leaving a start area never stops inside one: not at
// the end of a die's count, and not between the dice to capture a piece
// still on its start square.
func TestNoStopInStartArea(t *testing.T) {
	p := parse(t, moving("S:b1,home,home,home/"+southFences, north, "1-1"))
	// 2 with one piece: east to d1, north over North's b2 to b3; west to
	// a1 and north to a2 would end inside. No capture of b2 on the way.
	expect(t, p, "moves", legal(p), sorted("b1-d1 | b1-b3"))
	expectRejected(t, p, "b1xb2-b3", "")
}

// TO ENTER THE HOME SPACE: "A player must move his piece into the HOME
// space through any one of the four openings by exact count of either or
// both dice. He must be heading straight into the HOME space or be able to
// turn into the HOME space as the result of hitting a fence."
func TestEnterHome(t *testing.T) {
	// Straight in: h3 north, 4 = h4 h5 h6 HOME.
	p := parse(t, moving("S:h3,l3,home,home/"+southFences, north, "3-1"))
	expectLegal(t, p, "h3-home")
	next := play(t, p, "h3-home")
	expect(t, next, "South HOME", next.HomeCount(0), 3)
	// Turning in after hitting a fence: e6 east to h6, the fence h6|i6,
	// turn north into HOME (or south to h5).
	p = parse(t, moving("S:e6,l3,home,home/h6|i6,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1", north, "3-1"))
	expectLegal(t, p, "e6-h6-home", "e6-h6-h5")
	// Any of the four openings.
	for _, tt := range []struct{ from, move string }{
		{"c8", "c8-home"}, {"h13", "h13-home"}, {"m8", "m8-home"},
	} {
		q := parse(t, "S:"+tt.from+",l3,home,home/"+southFences+" N:o1,b2,b15,n15/"+northFences+" S:move:3-1 last:S;nofence;3-1;-")
		// c8 and m8 face the closed entrances of a two-player game.
		want := tt.from == "h13"
		expect(t, q, tt.move+" legal", isLegal(q, tt.move), want)
	}
	q := parse(t, "S:c8,l3,home,home/"+southFences+" W:a2,n2,a14,o15/"+westFences+" N:o1,b2,b15,n15/"+northFences+" S:move:3-1 last:S;nofence;3-1;-")
	expectLegal(t, q, "c8-home")
	// Not by a count that would pass HOME: decision (boards.md): the
	// opening is a border line unless the piece enters on the last step.
	p = parse(t, moving("S:h4,l3,home,home/"+southFences, north, "3-1"))
	expectLegal(t, p, "h4-h6-f6", "h4-h6-j6")
	expectNotLegal(t, p, "h4-home") // 3 steps: the 3 alone, but the whole throw can be used
	p = parse(t, moving("S:h3,l3,home,home/"+southFences, north, "3-2"))
	expectNotLegal(t, p, "h3-home", "h3-h6-home")
}

// "The player moves from A to B for his 1 and from B into Home for his 4.
// However, if player had been on B at the start of his turn he still could
// have moved his piece into Home with the 4 and moved one of his other
// pieces one space." (Diagram 7)
func TestDiagram7(t *testing.T) {
	p := parse(t, moving("S:h2,l3,home,home/"+southFences, north, "4-1"))
	expectLegal(t, p, "h2-home") // A = h2, B = h3: 1 + 4
	p = parse(t, moving("S:h3,l3,home,home/"+southFences, north, "4-1"))
	expectLegal(t, p, "h3-home, l3-l4")
	next := play(t, p, "h3-home, l3-l4")
	expect(t, next, "South's pieces", pieces(next, 0), "l4,home,home,home")
	// The 4 alone into HOME, the 1 unused, is not allowed: the other piece
	// can use it.
	expectRejected(t, p, "h3-home", "you must use the whole throw")
}

// DOUBLES: "When a player rolls doubles he may play in the usual manner or
// he may take any ONE of his own pieces which is against a fence and jump
// it over that fence to the next square. Whenever a player jumps a fence,
// he sacrifices his regular move. The jumping rule does not apply to
// border lines. Hence no piece may ever "jump" into the home square."
func TestDoublesJump(t *testing.T) {
	// South on c5 with its fence north of it, North's fence east of it.
	south := "S:c5,home,home,home/c5|c6,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1"
	northF := "N:o1,b2,b15,n15/c5|d5,f15|g15,g15|h15,h15|i15,i15|j15,j15|k15"
	p := parse(t, moving(south, northF, "2-2"))
	expectLegal(t, p, "jump c5-c6", "jump c5-d5", "c5-c1") // either fence's, or the usual move
	next := play(t, p, "jump c5-c6")
	expect(t, next, "South's pieces", pieces(next, 0), "c6,home,home,home")
	expect(t, next, "turn over after the jump", next.ToMove(), rules.Seat(1))
	// Only on doubles.
	expectRejected(t, parse(t, moving(south, northF, "2-1")), "jump c5-c6", "only on doubles")
	// Never over a border line, a HOME wall or opening, or an arrow: each
	// piece below stands against one fence, and against one of those too.
	for _, tt := range []struct{ from, fence, jump string }{
		{"a5", "a5|a6", "jump a5-a6"}, // the border line west of a5
		{"h6", "h5|h6", "jump h6-h5"}, // the opening into HOME north of h6
		{"g6", "f6|g6", "jump g6-f6"}, // the HOME wall north of g6
		{"c2", "c2|c3", "jump c2-c3"}, // the arrow west of c2
		{"c1", "c1|c2", "jump c1-c2"}, // the border line south of c1, the arrow west
	} {
		q := parse(t, moving("S:"+tt.from+",home,home,home/"+tt.fence+",f1|g1,g1|h1,h1|i1,i1|j1,j1|k1", north, "3-3"))
		expect(t, q, "jumps from "+tt.from, strings.Join(filter(q, "jump"), " | "), tt.jump)
	}
}

// Decision: a jump lands only on a vacant square (it is no count, so no
// capture), and it is never compulsory: with no usual move possible the
// player may jump or pass.
func TestJumpOnlyToVacantAndOptional(t *testing.T) {
	p := parse(t, moving("S:c5,home,home,home/c5|c6,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1", "N:c6,b2,b15,n15/"+northFences, "2-2"))
	expectNotLegal(t, p, "jump c5-c6")
	// The last piece fenced on all four sides: on doubles, jump or pass.
	box := "S:c5,home,home,home/c5|c6,b5|c5,c5|d5,c4|c5,i1|j1,j1|k1"
	p = parse(t, moving(box, north, "3-3"))
	expect(t, p, "moves", legal(p), "jump c5-b5 | jump c5-c4 | jump c5-c6 | jump c5-d5 | pass")
}

// "When a player has just one piece remaining to get into the HOME space,
// he continues to roll two dice. He must use the full count shown on both
// dice, even though he might have no choice except to move away from HOME"
func TestLastPieceUsesWholeThrow(t *testing.T) {
	// h3: HOME is 4 away; with 6-5 neither die nor the sum gets there.
	p := parse(t, moving("S:h3,home,home,home/"+southFences, north, "6-5"))
	for _, m := range p.Legal() {
		if n := mustLegs(t, m.Text)[0].Steps(); n != 11 {
			t.Errorf("%s counts %d, want 11\n%s", m.Text, n, p.Drawing())
		}
	}
	expectLegal(t, p, "h3-h6-a6-a5") // away from HOME: the opening is a border line to a count passing it
	expectRejected(t, p, "h3-h6-f6", "you must use the whole throw 6-5")
}

// "... unless he can get the last piece into the HOME space by exact count
// of either die, in which case he ignores the other die." (Diagram 8: "As
// this player was able to get his last piece Home with the 6, he ignores
// the 2 and wins the game.")
func TestLastPieceHomeWithEitherDie(t *testing.T) {
	p := parse(t, moving("S:h1,home,home,home/"+strings.Replace(southFences, "h1|i1", "c3|c4", 1), north, "6-2"))
	expectLegal(t, p, "h1-home")
	next := play(t, p, "h1-home")
	expect(t, next, "outcome", outcomeText(next.Outcome()), outcomeText(rules.Outcome{Method: rules.Finished, Winners: []rules.Seat{0}}))
	// With the smaller die too: h4 is 3 from HOME; 6-3.
	p = parse(t, moving("S:h4,home,home,home/"+southFences, north, "6-3"))
	expectLegal(t, p, "h4-home")
	// The ignored die is the last piece's privilege: another piece's 6
	// into HOME with the 3 unused is not allowed while the 3 can be used.
	p = parse(t, moving("S:h1,l3,home,home/"+strings.Replace(southFences, "h1|i1", "c3|c4", 1), north, "6-2"))
	expectRejected(t, p, "h1-home", "you must use the whole throw")
}

// "Should a player's last piece be surrounded on all four sides by fences
// he cannot move unless he rolls doubles."
func TestLastPieceFencedInMovesOnlyOnDoubles(t *testing.T) {
	box := "S:c5,home,home,home/c5|c6,b5|c5,c5|d5,c4|c5,i1|j1,j1|k1"
	for _, dice := range []string{"2-1", "6-5", "4-3"} {
		p := parse(t, moving(box, north, dice))
		expect(t, p, "moves with "+dice, legal(p), "pass")
	}
	p := parse(t, moving(box, north, "1-1"))
	expectLegal(t, p, "jump c5-c6")
}

// "Likewise, if a player's last piece is resting on one of the entrance
// squares and is surrounded on three sides by his opponents' or his own
// fences, he may remain there until he rolls a one (1) on one of the dice.
// However, if one of the fences is removed the player must move his piece
// away from the entrance unless he rolls a one."
func TestLastPieceWaitsOnEntranceForAOne(t *testing.T) {
	// h6 with South's g6|h6 and h5|h6 and North's h6|i6.
	south := "S:h6,home,home,home/g6|h6,h5|h6,g1|h1,h1|i1,i1|j1,j1|k1"
	northF := "N:o1,b2,b15,n15/h6|i6,f15|g15,g15|h15,h15|i15,i15|j15,j15|k15"
	p := parse(t, moving(south, northF, "5-3"))
	expect(t, p, "moves with 5-3", legal(p), "pass")
	p = parse(t, moving(south, northF, "4-1"))
	expect(t, p, "moves with 4-1", legal(p), "h6-home")
	// North removes its fence: with 5-3 South must now move away.
	f := parse(t, south+" "+northF+" N:fence last:S;nofence;5-3;pass")
	f = play(t, f, "h6|i6>c10|c11", "roll 2-1", "o1-o4", "nofence", "roll 5-3")
	expect(t, f, "moves away east", legal(f), "h6-o6-o5 | h6-o6-o7")
}

// THE WINNER: "The first player to get all four of his pieces into the
// HOME space by exact count wins the game."
func TestWinner(t *testing.T) {
	p := parse(t, moving("S:h3,home,home,home/"+southFences, "N:h11,b2,b15,n15/"+northFences, "3-1"))
	next := play(t, p, "h3-home")
	expect(t, next, "outcome", outcomeText(next.Outcome()), outcomeText(rules.Outcome{Method: rules.Finished, Winners: []rules.Seat{0}}))
	expect(t, next, "ToMove", next.ToMove(), rules.Nobody)
	expect(t, next, "legal moves", len(next.Legal()), 0)
	expect(t, next, "phase", next.Phase(), kimbo.PhaseOver)
	if _, err := next.Play(rules.Move{Text: "nofence"}); err != rules.ErrOver {
		t.Errorf("Play after the end: got %v, want rules.ErrOver", err)
	}
	if _, err := rules.Find(next, "nofence"); err != rules.ErrOver {
		t.Errorf("Find after the end: got %v, want rules.ErrOver", err)
	}
	// A piece captured by the winning move goes back at once: the first
	// start area with room (decision).
	p = parse(t, moving("S:h2,home,home,home/"+southFences, "N:h4,b2,b15,n15/"+northFences, "3-2"))
	next = play(t, p, "h2xh4-home")
	expect(t, next, "North's pieces", pieces(next, 1), "a1,b2,b15,n15")
	expect(t, next, "outcome", next.Outcome().Method, rules.Finished)
}
