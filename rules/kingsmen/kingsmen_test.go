package kingsmen_test

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kingsmen"
	"parlor/rules/rulestest"
)

// Each test below proves one sentence of the booklet or one decision of
// docs/rules/kingsmen.md, which names it. Positions are position texts: ranks
// 8 down to 1, upper case South, lower case North; the comment beside each
// lists its pieces.

// OBJECT: "To capture your opponent's King."
func TestCapturingTheKingWins(t *testing.T) {
	tests := []struct {
		name, text, move string
		winner           kingsmen.Side
	}{
		{"Archer takes King", "......./......./....k../...A.../......./......./......./K...... s 7 10", "Ad5xe6", kingsmen.South},           // Ka1 Ad5 ke6
		{"Knight takes King from afar", "......./...k.../......./......./......./......./......./K..N... s 7 10", "Nd1xd7", kingsmen.South}, // Ka1 Nd1 kd7
		{"King takes King", "......./......./......./...k.../...K.../......./......./....... s 7 10", "Kd4xd5", kingsmen.South},             // Kd4 kd5
		{"North Archer takes King", "......k/......./......./......./......./......./....a../....K.. n 7 10", "Ae2xe1", kingsmen.North},     // Ke1 ae2 kg8
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := play(t, parse(t, tt.text), tt.move)
			want := rules.Outcome{Method: rules.KingTaken, Winners: []rules.Seat{rules.Seat(tt.winner)}}
			expect(t, p, "outcome", outcomeText(p.Outcome()), outcomeText(want))
			expect(t, p, "ToMove", p.ToMove(), rules.Nobody)
			expect(t, p, "legal moves", legal(p), "")
			expect(t, p, "loser's King", p.KingSquare(tt.winner.Other()), kingsmen.NoSquare)
		})
	}
}

// outcomeText prints an outcome so that outcomes compare with ==.
func outcomeText(o rules.Outcome) string { return rulestest.OutcomeText(o) }

// EQUIPMENT: "1 King, 4 Knights and 7 Archers of each color."
func TestEquipment(t *testing.T) {
	p := kingsmen.Start()
	want := map[kingsmen.Kind]int{kingsmen.King: 1, kingsmen.Knight: 4, kingsmen.Archer: 7}
	for _, side := range []kingsmen.Side{kingsmen.South, kingsmen.North} {
		for kind, n := range want {
			expect(t, p, side.String()+" "+kind.String()+"s", count(p, side, kind), n)
		}
	}
	// No position may hold more than that: pieces are never added.
	for _, text := range []string{
		"k....../......./......./......./......./......./......./KK..... s 0 1",              // two South Kings
		"nnnnn.k/......./......./......./......./......./......./K...... s 0 1",              // five North Knights
		"k....../......./......./......./......./......./AAAAAAA/KA..... s 0 1",              // eight South Archers
		".nnknn./aaaaaaa/......./......./......./..n..../AAAAAAA/.NNKNN. s 0 1",              // a fifth Knight
		".nnknn./aaaaaaa/......./......./......./......./AAAAAAA/.NNKNN. s 0 1 s:resigned x", // a sixth field
	} {
		if _, err := kingsmen.Parse(text); err == nil {
			t.Errorf("Parse(%q): got no error, want one (too many pieces or fields)", text)
		}
	}
}

// SET UP: "You and your opponent start in this way at either end of the
// board" (Figure 1, lost; the placement is in docs/boards.md).
func TestSetUp(t *testing.T) {
	p := kingsmen.Start()
	expect(t, p, "String", p.String(), kingsmen.StartText)
	south := map[string]kingsmen.Kind{"d1": kingsmen.King, "b1": kingsmen.Knight, "c1": kingsmen.Knight, "e1": kingsmen.Knight, "f1": kingsmen.Knight}
	for f := 'a'; f <= 'g'; f++ {
		south[string(f)+"2"] = kingsmen.Archer
	}
	for s := kingsmen.Square(0); s < kingsmen.Squares; s++ {
		var want kingsmen.Piece
		// North's army is South's turned by 180 degrees: d8, b8 c8 e8 f8, rank 7.
		turned := kingsmen.SquareAt(kingsmen.Files-1-s.File(), kingsmen.Ranks-1-s.Rank())
		if k, ok := south[s.String()]; ok {
			want = kingsmen.Piece{Kind: k, Side: kingsmen.South}
		} else if k, ok := south[turned.String()]; ok {
			want = kingsmen.Piece{Kind: k, Side: kingsmen.North}
		}
		expect(t, p, "piece on "+s.String(), p.At(s), want)
	}
	st, err := kingsmen.Game{}.New(2)
	if err != nil || st.String() != kingsmen.StartText {
		t.Errorf("Game.New(2): got %v, %v, want the start position", st, err)
	}
	if _, err := (kingsmen.Game{}).New(3); err == nil {
		t.Errorf("Game.New(3): got no error, want one: the game is for 2 players")
	}
}

// PLAYING 1: "Take turns moving one piece at a time."
func TestTakeTurns(t *testing.T) {
	p := kingsmen.Start()
	next := play(t, p, "Aa2-a3")
	expect(t, next, "ToMove after South", next.ToMove(), rules.Seat(1))
	expect(t, next, "move number after South", next.MoveNumber(), 1)
	expectRejected(t, next, "Ab2-b3", "not yours") // South may not move twice
	// One piece moved: exactly its old and new squares changed.
	var changed []string
	for s := kingsmen.Square(0); s < kingsmen.Squares; s++ {
		if p.At(s) != next.At(s) {
			changed = append(changed, s.String())
		}
	}
	expect(t, next, "changed squares", strings.Join(changed, " "), "a2 a3")
	next = play(t, next, "Aa7-a6")
	expect(t, next, "ToMove after North", next.ToMove(), rules.Seat(0))
	expect(t, next, "move number after North", next.MoveNumber(), 2)
	expectRejected(t, next, "Ab7-b6", "not yours")
	// Positions are values: playing did not change the start position.
	expect(t, p, "start position after playing", p.String(), kingsmen.StartText)
}

// PLAYING 2: "To move a piece, follow one of the arrows that lead from the
// square that the piece is on." Arrows are absolute: the same for both sides.
func TestFollowTheArrowsOfTheSquare(t *testing.T) {
	tests := []struct {
		name, text, from, want string
	}{
		// f4 prints only W; its neighbour g4 prints arrows, but none of f4's lead there.
		{"King on f4 goes only west", "......k/......./......./......./.....K./......./......./....... s 0 1", "f4", "Kf4-e4"}, // Kf4 kg8
		// b1's W arrow leads into a1, but a piece on a1 uses a1's arrow (N) only.
		{"King on a1 goes only north", "......k/......./......./......./......./......./......./K...... s 0 1", "a1", "Ka1-a2"},       // Ka1 kg8
		{"South Archer on b5 goes east", "......k/......./......./.A...../......./......./......./K...... s 0 1", "b5", "Ab5-c5"},     // Ka1 Ab5 kg8
		{"North Archer on b5 goes east too", "......k/......./......./.a...../......./......./......./K...... n 0 1", "b5", "Ab5-c5"}, // Ka1 ab5 kg8
		{"King on g8 goes only south", "......k/......./......./......./......./......./......./K...... n 0 1", "g8", "Kg8-g7"},       // Ka1 kg8
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parse(t, tt.text)
			expect(t, p, "moves from "+tt.from, movesFrom(p, tt.from), tt.want)
		})
	}
	p := parse(t, tests[0].text)
	expectRejected(t, p, "Kf4-g4", "f4 has no E arrow")
	expectRejected(t, p, "Kf4-f5", "f4 has no N arrow")
}

// PLAYING 2a: "You may move your King only one square at a time."
func TestKingOneSquare(t *testing.T) {
	p := parse(t, "......k/......./......./......./...K.../......./......./....... s 0 1") // Kd4 kg8; d4 prints all 8 arrows
	expect(t, p, "King moves", movesFrom(p, "d4"), sorted("Kd4-c3 Kd4-c4 Kd4-c5 Kd4-d3 Kd4-d5 Kd4-e3 Kd4-e4 Kd4-e5"))
	expectRejected(t, p, "Kd4-d6", "a King moves one square at a time")
	expectRejected(t, p, "Kd4-a1", "a King moves one square at a time")
}

// PLAYING 2b: "You may move an archer only one square at a time."
func TestArcherOneSquare(t *testing.T) {
	p := parse(t, "......k/......./......./...A.../......./......./......./K...... s 0 1") // Ka1 Ad5 kg8; d5 prints all 8 arrows
	expect(t, p, "Archer moves", movesFrom(p, "d5"), sorted("Ad5-c4 Ad5-c5 Ad5-c6 Ad5-d4 Ad5-d6 Ad5-e4 Ad5-e5 Ad5-e6"))
	expectRejected(t, p, "Ad5-d7", "an Archer moves one square at a time")
	expectRejected(t, p, "Ad5-g2", "an Archer moves one square at a time")
}

// PLAYING 2c: "You may move a knight any number of squares in one direction.
// The knight in Figure 2, for example, can move in one of three different
// directions."
func TestKnightAnyDistanceOneDirection(t *testing.T) {
	p := parse(t, "......k/......./......./..N..../......./......./......./K...... s 0 1") // Ka1 Nc5 kg8; c5 prints N E S
	want := "Nc5-c6 Nc5-c7 Nc5-c8 Nc5-d5 Nc5-e5 Nc5-f5 Nc5-g5 Nc5-c4 Nc5-c3 Nc5-c2 Nc5-c1"
	expect(t, p, "Knight moves", movesFrom(p, "c5"), sorted(want))
	dirs := map[[2]int]bool{}
	for _, m := range strings.Fields(movesFrom(p, "c5")) {
		from, to := sq(m[1:3]), sq(m[4:6])
		dirs[[2]int{cmp.Compare(to.File(), from.File()), cmp.Compare(to.Rank(), from.Rank())}] = true
	}
	expect(t, p, "number of directions", len(dirs), 3)
}

// PLAYING 2c, notes: "the knight's direction of movement is determined only
// by the square that he starts from. Consequently, the square that he lands
// on will determine his direction the next time he moves."
func TestKnightDirectionComesFromItsStartSquare(t *testing.T) {
	p := parse(t, "......k/......./......./.N...../......./......./......./K...... s 0 1") // Ka1 Nb5 kg8; b5 prints E only
	// Passing d5 (all 8 arrows) does not let the Knight turn there.
	expect(t, p, "moves from b5", movesFrom(p, "b5"), sorted("Nb5-c5 Nb5-d5 Nb5-e5 Nb5-f5 Nb5-g5"))
	expectRejected(t, p, "Nb5-d6", "straight lines") // east to d5, then north
	expectRejected(t, p, "Nb5-d7", "b5 has no NE arrow")
	expectRejected(t, p, "Nb5-a5", "b5 has no W arrow")
	// Landed on d5, it now follows d5's arrows: all eight directions.
	p = play(t, p, "Nb5-d5", "Kg8-g7")
	want := "Nd5-d6 Nd5-d7 Nd5-d8 Nd5-e6 Nd5-f7 Nd5-g8 Nd5-e5 Nd5-f5 Nd5-g5 Nd5-e4 Nd5-f3 Nd5-g2 " +
		"Nd5-d4 Nd5-d3 Nd5-d2 Nd5-d1 Nd5-c4 Nd5-b3 Nd5-a2 Nd5-c5 Nd5-b5 Nd5-a5 Nd5-c6 Nd5-b7 Nd5-a8"
	expect(t, p, "moves from d5", movesFrom(p, "d5"), sorted(want))
}

// PLAYING 3: "No piece may jump over any other piece." A Knight stops before
// its own piece, or on an enemy piece, which it captures.
func TestNoJumping(t *testing.T) {
	tests := []struct {
		name, text, want string
		rejected         map[string]string
	}{
		{"own piece in the way", "......k/......./......./..N.A../......./......./......./K...... s 0 1", // Ka1 Nc5 Ae5 kg8
			"Nc5-c6 Nc5-c7 Nc5-c8 Nc5-d5 Nc5-c4 Nc5-c3 Nc5-c2 Nc5-c1",
			map[string]string{"Nc5-f5": "in the way", "Nc5-e5": "your own Archer stands there"}},
		{"enemy piece in the way", "......k/......./......./..N.a../......./......./......./K...... s 0 1", // Ka1 Nc5 ae5 kg8
			"Nc5-c6 Nc5-c7 Nc5-c8 Nc5-d5 Nc5xe5 Nc5-c4 Nc5-c3 Nc5-c2 Nc5-c1",
			map[string]string{"Nc5-f5": "in the way", "Nc5-g5": "in the way"}},
		{"own piece next to it", "......k/......./..A..../..N..../......./......./......./K...... s 0 1", // Ka1 Nc5 Ac6 kg8
			"Nc5-d5 Nc5-e5 Nc5-f5 Nc5-g5 Nc5-c4 Nc5-c3 Nc5-c2 Nc5-c1",
			map[string]string{"Nc5-c7": "in the way", "Nc5-c8": "in the way"}},
		{"King takes the enemy in its way", "......k/......./......./..a..../...K.../......./......./....... s 7 10", // Kd4 ac5 kg8
			"Kd4-c3 Kd4-c4 Kd4xc5 Kd4-d3 Kd4-d5 Kd4-e3 Kd4-e4 Kd4-e5",
			map[string]string{"Kd4-d6": "one square at a time"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parse(t, tt.text)
			from := strings.Fields(tt.want)[0][1:3]
			expect(t, p, "moves from "+from, movesFrom(p, from), sorted(tt.want))
			for move, reason := range tt.rejected {
				expectRejected(t, p, move, reason)
			}
		})
	}
}

// PLAYING 4: "You may capture any one of your opponent's pieces with any one
// of your own pieces. To capture, simply move onto a square that's occupied
// by your opponent; then remove the captured piece from the board."
func TestAnyPieceCapturesAnyPiece(t *testing.T) {
	tests := []struct {
		name, text, move string
		victim           kingsmen.Kind
	}{
		{"Archer takes King", "......./......./....k../...A.../......./......./......./K...... s 7 10", "Ad5xe6", kingsmen.King},       // Ka1 Ad5 ke6
		{"Archer takes Knight", "......k/......./...n.../...A.../......./......./......./K...... s 7 10", "Ad5xd6", kingsmen.Knight},   // Ka1 Ad5 nd6 kg8
		{"Archer takes Archer", "......k/......./......./...A.../..a..../......./......./K...... s 7 10", "Ad5xc4", kingsmen.Archer},   // Ka1 Ad5 ac4 kg8
		{"King takes Archer", "......k/......./......./...a.../...K.../......./......./....... s 7 10", "Kd4xd5", kingsmen.Archer},     // Kd4 ad5 kg8
		{"King takes Knight", "......k/......./......./......./...K.../..n..../......./....... s 7 10", "Kd4xc3", kingsmen.Knight},     // Kd4 nc3 kg8
		{"King takes King", "......./......./......./...k.../...K.../......./......./....... s 7 10", "Kd4xd5", kingsmen.King},         // Kd4 kd5
		{"Knight takes King", "......./...k.../......./......./......./......./......./K..N... s 7 10", "Nd1xd7", kingsmen.King},       // Ka1 Nd1 kd7
		{"Knight takes Knight", "......k/......./......./..N...n/......./......./......./K...... s 7 10", "Nc5xg5", kingsmen.Knight},   // Ka1 Nc5 ng5 kg8
		{"Knight takes Archer", "......k/......./......./..N..../......./......./......./K.a.... s 7 10", "Nc5xc1", kingsmen.Archer},   // Ka1 Nc5 ac1 kg8
		{"North Archer takes King", "......k/......./......./......./......./......./....a../....K.. n 7 10", "Ae2xe1", kingsmen.King}, // Ke1 ae2 kg8
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parse(t, tt.text)
			mover := p.SideToMove()
			from, to := sq(tt.move[1:3]), sq(tt.move[4:6])
			next := play(t, p, tt.move)
			expect(t, next, "piece on "+to.String(), next.At(to), p.At(from))
			expect(t, next, "piece on "+from.String(), next.At(from), kingsmen.Piece{})
			expect(t, next, "captured "+tt.victim.String()+"s left", count(next, mover.Other(), tt.victim), count(p, mover.Other(), tt.victim)-1)
			expect(t, next, "quiet plies", next.QuietPlies(), 0)
		})
	}
	// Never your own piece.
	expectRejected(t, kingsmen.Start(), "Ac2-c1", "your own Knight stands there")
}

// WINNING: "Announce "Threat" if your opponent's King is open to capture on
// your next move." InThreat is that test; it counts only arrows of the
// attacker's square and pieces in the way.
func TestThreatDetection(t *testing.T) {
	tests := []struct {
		name, text string
		side       kingsmen.Side
		want       bool
		by         string // the threatening squares
	}{
		{"Knight from afar down the file", "k..n.../......./......./......./......./......./......./...K... s 0 1", kingsmen.South, true, "d8"},     // Kd1 nd8 ka8
		{"Knight from afar along the rank", "......k/......./......./......./K.....n/......./......./....... s 0 1", kingsmen.South, true, "g4"},    // Ka4 ng4 kg8
		{"Knight blocked by a piece between", "k..n.../......./......./......./...A.../......./......./...K... s 0 1", kingsmen.South, false, ""},   // Kd1 Ad4 nd8 ka8
		{"Knight in line without the arrow", "k....../......./......./......./.....n./......./......./.....K. s 0 1", kingsmen.South, false, ""},    // Kf1 nf4 ka8; f4 prints W only
		{"Archer next to it with the arrow", "......k/......./......./......./......./......./....a../....K.. s 0 1", kingsmen.South, true, "e2"},   // Ke1 ae2 kg8
		{"Archer next to it without the arrow", "......k/......./......./......./......./......./.a...../.K..... s 0 1", kingsmen.South, false, ""}, // Kb1 ab2 kg8; b2 prints N E
		{"Archer two squares away", "......k/......./......./......./......./a....../......./K...... s 0 1", kingsmen.South, false, ""},             // Ka1 aa3 kg8
		{"King next to it", "......./......./......./...k.../...K.../......./......./....... s 7 10", kingsmen.South, true, "d5"},                   // Kd4 kd5
		{"own Knight in line", "...N..k/......./......./......./......./......./......./...K... s 0 1", kingsmen.South, false, ""},                  // Kd1 Nd8 kg8
		{"North King, Knight from afar", "...k.../......./......./......./......./......./......./K..N... n 0 1", kingsmen.North, true, "d1"},       // Ka1 Nd1 kd8
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parse(t, tt.text)
			expect(t, p, "InThreat("+tt.side.String()+")", p.InThreat(tt.side), tt.want)
			var by []string
			for _, s := range p.Threateners(tt.side.Other()) {
				by = append(by, s.String())
			}
			expect(t, p, "Threateners", strings.Join(by, " "), tt.by)
		})
	}
}

// WINNING: the Threat is announced after the move that makes it.
func TestThreatAnnouncedAfterMove(t *testing.T) {
	p := parse(t, "......k/......./......./.....a./......./......./......./K....N. s 0 1") // Ka1 Nf1 kg8 af5
	expect(t, p, "InThreat(North) before", p.InThreat(kingsmen.North), false)
	desc := p.Describe(rules.Move{Text: "Nf1-g1"}).String()
	expect(t, p, "Describe(Nf1-g1)", desc, "Knight f1 to g1: Threat!")
	next := play(t, p, "Nf1-g1")
	expect(t, next, "InThreat(North) after", next.InThreat(kingsmen.North), true)
	expect(t, next, "drawing says Threat", strings.Contains(next.Drawing(), "North to move, under Threat"), true)
}

// threeWaysOut is North under Threat from the Knight on d1, with each of the
// booklet's three ways out: the King steps to c7 or e7 (d6 is still on the
// Knight's line), the Archer on e4 blocks on d4, the Knight on g1 captures.
const threeWaysOut = "......./...k.../......./......./....a../......./......./K..N..n n 0 1" // Ka1 Nd1 ng1 kd7 ae4

// WINNING: "To avoid capture, your opponent must then: a) move the King out
// of the threat situation; or b) move a piece between the King and your
// threatening piece; or c) capture your threatening piece."
func TestThreatWaysOut(t *testing.T) {
	p := parse(t, threeWaysOut)
	expect(t, p, "InThreat(North)", p.InThreat(kingsmen.North), true)
	expect(t, p, "legal moves", legal(p), sorted("Kd7-c7 Kd7-e7 Ae4-d4 Ng1xd1"))
	for _, tt := range []struct{ way, move string }{
		{"a) King moves out", "Kd7-c7"},
		{"a) King moves out the other way", "Kd7-e7"},
		{"b) piece moves between", "Ae4-d4"},
		{"c) threatening piece captured", "Ng1xd1"},
	} {
		t.Run(tt.way, func(t *testing.T) {
			next := play(t, p, tt.move)
			expect(t, next, "InThreat(North) after "+tt.move, next.InThreat(kingsmen.North), false)
			expect(t, next, "game over", next.Outcome().Over(), false)
		})
	}
	// Anything else is rejected, saying why.
	for _, move := range []string{"Kd7-d6", "Ae4-e5", "Ae4-e3", "Ng1-g2", "Ng1-f1"} {
		expectRejected(t, p, move, "your King is under Threat and "+move+" does not end it")
	}
}

// WINNING: a way out must end the Threat: with two threatening pieces,
// capturing one of them is not enough.
func TestTwoThreateners(t *testing.T) {
	p := parse(t, "..n..../...k.../..A..../......./......./......./......./K..N..n n 0 1") // Ka1 Nd1 Ac6 kd7 nc8 ng1
	expect(t, p, "Threateners", fmt.Sprint(p.Threateners(kingsmen.South)), "[d1 c6]")
	expect(t, p, "legal moves", legal(p), sorted("Kd7-c7 Kd7-e7"))
	expectRejected(t, p, "Ng1xd1", "does not end it") // the Archer on c6 still Threatens
	expectRejected(t, p, "Nc8xc6", "does not end it") // the Knight on d1 still Threatens
}

// WINNING: "If your opponent cannot make one of these moves, the game is
// over" (the Spanish text adds: "and you are the winner").
func TestThreatWithNoWayOutLoses(t *testing.T) {
	mate := rules.Outcome{Method: rules.ThreatMate, Winners: []rules.Seat{0}}
	// The Knight slides to g1 and Threatens g8 down the g-file; the North King
	// can only step to g7, still on that file.
	p := play(t, parse(t, "......k/......./......./......./......./......./......./K....N. s 0 1"), "Nf1-g1") // Ka1 Nf1 kg8
	expect(t, p, "outcome", outcomeText(p.Outcome()), outcomeText(mate))
	expect(t, p, "ToMove", p.ToMove(), rules.Nobody)
	expect(t, p, "legal moves", legal(p), "")
	// The same position read from its text is over too.
	p = parse(t, "......k/......./......./......./......./......./......./K.....N n 0 1") // Ka1 Ng1 kg8
	expect(t, p, "outcome of the parsed position", outcomeText(p.Outcome()), outcomeText(mate))
	expect(t, p, "String", p.String(), "......k/......./......./......./......./......./......./K.....N n 0 1 s:threat")
	// With one way out the game goes on, and that way is the only move.
	p = parse(t, "......k/......./......./.....a./......./......./......./K.....N n 0 1") // Ka1 Ng1 kg8 af5
	expect(t, p, "outcome with a blocker", p.Outcome().Over(), false)
	expect(t, p, "legal moves with a blocker", legal(p), "Af5-g5")
}

// Decision: South (seat 0, upper case) moves first.
func TestSouthMovesFirst(t *testing.T) {
	p := kingsmen.Start()
	expect(t, p, "ToMove", p.ToMove(), rules.Seat(0))
	expect(t, p, "SideToMove", p.SideToMove(), kingsmen.South)
	expect(t, p, "legal moves", legal(p), sorted("Aa2-a3 Aa2-a1 Ab2-b3 Ac2-c3 Ad2-d3 Ae2-e3 Af2-f3 Af2-g1 Ag2-g3 Ag2-g1 Nb1-a1 Nf1-g1"))
}

// Decision: a side not under Threat may move into Threat, and the other side
// may then capture its King, which wins.
func TestMovingIntoThreat(t *testing.T) {
	p := parse(t, "......k/.n...../......./......./......./......./..K..../....... s 0 1") // Kc2 nb7 kg8
	expect(t, p, "Describe(Kc2-b2)", p.Describe(rules.Move{Text: "Kc2-b2"}).String(), "King c2 to b2 (leaves its own King open to capture)")
	next := play(t, p, "Kc2-b2") // onto the file of the Knight on b7
	expect(t, next, "InThreat(South)", next.InThreat(kingsmen.South), true)
	expect(t, next, "North may capture the King", strings.Contains(legal(next), "Nb7xb2"), true)
	expect(t, next, "North need not", strings.Contains(legal(next), "Kg8-g7"), true)
	end := play(t, next, "Nb7xb2")
	expect(t, end, "outcome", outcomeText(end.Outcome()), outcomeText(rules.Outcome{Method: rules.KingTaken, Winners: []rules.Seat{1}}))
}

// Decision: a side under Threat may capture the other King instead, which
// wins: the booklet's object comes before its three ways out.
func TestCapturingTheKingWhileUnderThreat(t *testing.T) {
	p := parse(t, "n.....k/......./......./......./......./......./......./K.....N n 0 1") // Ka1 Ng1 kg8 na8
	expect(t, p, "InThreat(North)", p.InThreat(kingsmen.North), true)
	expect(t, p, "legal moves", legal(p), "Na8xa1")
	end := play(t, p, "Na8xa1")
	expect(t, end, "outcome", outcomeText(end.Outcome()), outcomeText(rules.Outcome{Method: rules.KingTaken, Winners: []rules.Seat{1}}))
}

// Decision: a side with no legal move loses (rules.Blocked). On the printed
// board this cannot happen: from every square the arrows lead, step by step,
// to all 56 squares, so pieces that cannot move would have to fill the whole
// board; a side has 12. Only a side under Threat runs out of moves, and
// that is rules.ThreatMate.
func TestBlockedCannotHappenOnThisBoard(t *testing.T) {
	for start := kingsmen.Square(0); start < kingsmen.Squares; start++ {
		seen := map[kingsmen.Square]bool{start: true}
		queue := []kingsmen.Square{start}
		for len(queue) > 0 {
			s := queue[0]
			queue = queue[1:]
			for _, d := range kingsmen.Board[s].Dirs() {
				df, dr := d.Step()
				if n := kingsmen.SquareAt(s.File()+df, s.Rank()+dr); n != kingsmen.NoSquare && !seen[n] {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
		if len(seen) != kingsmen.Squares {
			t.Errorf("squares reached from %s along arrows: got %d, want %d", start, len(seen), kingsmen.Squares)
		}
	}
}

// Decision: a side with no legal move loses. The rule is checked on a board
// whose arrows all point north, where a King on rank 8 cannot move.
func TestBlockedSideLoses(t *testing.T) {
	saved := kingsmen.Board
	t.Cleanup(func() { kingsmen.Board = saved })
	for s := range kingsmen.Board {
		kingsmen.Board[s] = 1 << kingsmen.N
	}
	p := play(t, parse(t, "......k/......./K....../......./......./......./......./....... s 0 1"), "Ka6-a7") // Ka6 kg8
	expect(t, p, "outcome", outcomeText(p.Outcome()), outcomeText(rules.Outcome{Method: rules.Blocked, Winners: []rules.Seat{0}}))
	p = parse(t, "K....../......./......./......./......./......./......./......k s 0 1") // Ka8 kg1
	expect(t, p, "outcome of the parsed position", outcomeText(p.Outcome()), outcomeText(rules.Outcome{Method: rules.Blocked, Winners: []rules.Seat{1}}))
}

// Decision: after 100 plies in a row without a capture the game is drawn.
func TestQuietDraw(t *testing.T) {
	draw := outcomeText(rules.Outcome{Method: rules.QuietDraw})
	tests := []struct {
		name, text, move, want string
		quiet                  int
	}{
		{"100th quiet ply draws", "......k/......./......./......./...K.../......./......./....... s 99 60", "Kd4-d5", draw, 100}, // Kd4 kg8
		{"99th quiet ply does not", "......k/......./......./......./...K.../......./......./....... s 98 60", "Kd4-d5", outcomeText(rules.Outcome{}), 99},
		{"a capture starts the count again", "......k/......./......./...a.../...K.../......./......./....... s 99 60", "Kd4xd5", outcomeText(rules.Outcome{}), 0}, // Kd4 ad5 kg8
		{"Threat with no way out on the 100th ply wins", "......k/......./......./......./......./......./......./K....N. s 99 60", "Nf1-g1",
			outcomeText(rules.Outcome{Method: rules.ThreatMate, Winners: []rules.Seat{0}}), 100}, // Ka1 Nf1 kg8
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := play(t, parse(t, tt.text), tt.move)
			expect(t, p, "outcome", outcomeText(p.Outcome()), tt.want)
			expect(t, p, "quiet plies", p.QuietPlies(), tt.quiet)
		})
	}
	t.Run("plies of both sides count", func(t *testing.T) {
		p := parse(t, "......k/......./......./......./...K.../......./......./....... s 0 1")
		shuffle := []string{"Kd4-d5", "Kg8-g7", "Kd5-d4", "Kg7-g8"}
		for i := range 99 {
			p = play(t, p, shuffle[i%4])
		}
		expect(t, p, "outcome after 99 plies", p.Outcome().Over(), false)
		p = play(t, p, shuffle[99%4])
		expect(t, p, "outcome after 100 plies", outcomeText(p.Outcome()), draw)
		expect(t, p, "Draw", p.Outcome().Draw(), true)
	})
	p := parse(t, "......k/......./......./......./...K.../......./......./....... s 100 60")
	expect(t, p, "parsed at 100", outcomeText(p.Outcome()), draw)
}

// Decision: every game ends. Each capture removes one of at most 22 pieces
// other than Kings, so at most 23 stretches of fewer than 100 quiet plies.
func TestEveryGameEnds(t *testing.T) {
	for seed := range 3 {
		p := kingsmen.Start()
		plies := 0
		for !p.Outcome().Over() {
			moves := p.Legal()
			// A fixed, varied choice: never random, so the test is repeatable.
			p = play(t, p, moves[(plies*7+seed*3)%len(moves)].Text)
			plies++
			if plies > 23*kingsmen.QuietLimit {
				t.Fatalf("game %d: got %d plies without an end, want at most %d\n%s", seed, plies, 23*kingsmen.QuietLimit, p.Drawing())
			}
		}
	}
}

// Decision: resignation, draw by agreement and forfeit come through End.
func TestEnd(t *testing.T) {
	start := kingsmen.Start()
	for _, o := range []rules.Outcome{
		{Method: rules.Resignation, Winners: []rules.Seat{1}},
		{Method: rules.Agreement},
		{Method: rules.Forfeit, Winners: []rules.Seat{0}},
		{Method: rules.Forfeit},
	} {
		t.Run(outcomeText(o), func(t *testing.T) {
			st, err := start.End(o)
			if err != nil {
				t.Fatalf("End: got error %v, want none\n%s", err, start.Drawing())
			}
			p := st.(*kingsmen.Position)
			expect(t, p, "outcome", outcomeText(p.Outcome()), outcomeText(o))
			expect(t, p, "ToMove", p.ToMove(), rules.Nobody)
			expect(t, p, "legal moves", legal(p), "")
			expect(t, p, "round trip", parse(t, p.String()).String(), p.String())
			if _, err := p.End(o); !errors.Is(err, rules.ErrOver) {
				t.Errorf("End again: got %v, want rules.ErrOver", err)
			}
		})
	}
	expect(t, start, "start after End", start.Outcome().Over(), false)
	for _, o := range []rules.Outcome{
		{},                          // not an end
		{Method: rules.Resignation}, // nobody won a resignation
		{Method: rules.Resignation, Winners: []rules.Seat{2}},
		{Method: rules.Resignation, Winners: []rules.Seat{0, 1}},
		{Method: rules.Agreement, Winners: []rules.Seat{0}},
		{Method: rules.KingTaken, Winners: []rules.Seat{0}}, // only the board ends games that way
		{Method: "finished", Winners: []rules.Seat{0}},
	} {
		if _, err := start.End(o); err == nil {
			t.Errorf("End(%s): got no error, want one", outcomeText(o))
		}
	}
}

// Decision: nothing may be played after the end.
func TestPlayAfterTheEnd(t *testing.T) {
	over := play(t, parse(t, "......./......./......./...k.../...K.../......./......./....... s 7 10"), "Kd4xd5")
	resigned, _ := kingsmen.Start().End(rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{0}})
	for _, st := range []rules.State{over, resigned} {
		p := st.(*kingsmen.Position)
		if _, err := p.Play(rules.Move{Text: "Kd5-d6"}); !errors.Is(err, rules.ErrOver) {
			t.Errorf("Play: got %v, want rules.ErrOver\n%s", err, p.Drawing())
		}
		if _, err := p.Play(rules.Move{Text: "Aa2-a3"}); !errors.Is(err, rules.ErrOver) {
			t.Errorf("Play: got %v, want rules.ErrOver\n%s", err, p.Drawing())
		}
		if _, err := rules.Find(p, "a3"); !errors.Is(err, rules.ErrOver) {
			t.Errorf("Find: got %v, want rules.ErrOver\n%s", err, p.Drawing())
		}
	}
}

// Illegal moves are rejected with rules.ErrIllegal and a reason a player can
// act on.
func TestIllegalMoveReasons(t *testing.T) {
	start := kingsmen.Start()
	capture := parse(t, "......k/......./......./..N...n/......./......./......./K...... s 7 10") // Ka1 Nc5 ng5 kg8
	tests := []struct {
		p            *kingsmen.Position
		text, reason string
	}{
		{start, "Ka1-a2", "there is no piece on a1"},
		{start, "Aa7-a6", "the Archer on a7 is not yours"},
		{start, "Nd1-d2", "the piece on d1 is a King, not a Knight"},
		{start, "Ab2-a2", "b2 has no W arrow (its arrows: N E)"},
		{start, "Nb1-b3", "another piece is in the way, and no piece may jump"},
		{start, "Ac2-c1", "your own Knight stands there"},
		{start, "Aa2-a4", "an Archer moves one square at a time"},
		{start, "Ab2-c4", "pieces move in straight lines only"},
		{start, "Nb1-b1", "a move must leave its square"},
		{start, "Aa2xa3", "there is nothing to capture on a3"},
		{capture, "Nc5-g5", "Nc5 captures on g5: write it with x"},
		{parse(t, threeWaysOut), "Ae4-e5", "your King is under Threat"},
		{start, "a2a3", "write it Aa2-a3"}, // Play takes the canonical text only
		{start, "aa2-a3", "write it Aa2-a3"},
		{start, "Nc5", "the Knight on c1 cannot reach c5: another piece is in the way"},
		{start, "Ah2-h3", `no square "h2"`},
		{start, "", "is not a move like"},
	}
	for _, tt := range tests {
		expectRejected(t, tt.p, tt.text, tt.reason)
	}
	// Space around a canonical text does not matter.
	play(t, start, " Aa2-a3 ")
}

// Decision: moves are written Nc1-c5 and Nc1xc5; Find also takes "c1c5",
// "Nc5" and "c5" when only one legal move fits, and a capture without its x.
func TestFind(t *testing.T) {
	start := kingsmen.Start()
	capture := parse(t, "......k/......./......./..N...n/......./......./......./K...... s 7 10") // Ka1 Nc5 ng5 kg8
	tests := []struct {
		p          *kingsmen.Position
		text, want string // want is the move found, or part of the error
	}{
		{start, "Aa2-a3", "Aa2-a3"},
		{start, "aa2a3", "Aa2-a3"},
		{start, "A a2 - a3", "Aa2-a3"},
		{start, "a2a3", "Aa2-a3"},
		{start, "a2-a3", "Aa2-a3"},
		{start, "Aa3", "Aa2-a3"},
		{start, "a3", "Aa2-a3"},
		{start, "Ng1", "Nf1-g1"},
		{start, "f2g1", "Af2-g1"},
		{start, "g1", `"g1" could mean`},                  // Af2-g1, Ag2-g1, Nf1-g1
		{start, "Ag1", `"Ag1" could mean`},                // Af2-g1, Ag2-g1
		{start, "Kd1-d2", "your own Archer stands there"}, // Find lets Play say why
		{start, "zz", `"zz" is not a move like Nc1-c5`},   // no alias fits either
		{start, "", "no move given"},
		// A short form of a move that is not legal is answered with why
		// (issue 14: it was answered `"Nc5" is not a move like Nc1-c5`).
		{start, "Nc5", "the Knight on c1 cannot reach c5: another piece is in the way, and no piece may jump"},
		{start, "c1c5", "the Knight on c1 cannot reach c5: another piece is in the way, and no piece may jump"},
		{start, "nc1-c5", "the Knight on c1 cannot reach c5: another piece is in the way"},
		{start, "d2e3", "the Archer on d2 cannot reach e3: d2 has no NE arrow (its arrows: N E W)"},
		{start, "Kd3", "the King on d1 cannot reach d3: a King moves one square at a time"},
		{start, "Kd2", "your own Archer stands on d2"},
		{start, "c4c5", "there is no piece on c4"},
		{start, "Nc3", "no Knight of yours can reach c3: from c1, another piece is in the way, and no piece may jump; from e1, e1 has no NW arrow (its arrows: N E W)"},
		{start, "Nd4", "no Knight of yours stands in a straight line from d4, and pieces move in straight lines only"},
		{start, "d4", "no piece of yours can reach d4"},
		{start, "Nxg5", "there is nothing to capture on g5"},
		{start, "Ac9", `no square "c9" on a 7×8 board`},
		{parse(t, threeWaysOut), "d6", "your King is under Threat and Kd7-d6 does not end it"},
		{parse(t, threeWaysOut), "Ae5", "your King is under Threat and Ae4-e5 does not end it"},
		{parse(t, threeWaysOut), "g2", "your King is under Threat and Ng1-g2 does not end it"},
		{capture, "Nc5xg5", "Nc5xg5"},
		{capture, "Nc5-g5", "Nc5xg5"},
		{capture, "Nxg5", "Nc5xg5"},
		{capture, "c5xg5", "Nc5xg5"},
		{capture, "g5", "Nc5xg5"},
	}
	for _, tt := range tests {
		m, err := rules.Find(tt.p, tt.text)
		switch {
		case err != nil && !errors.Is(err, rules.ErrIllegal):
			t.Errorf("Find(%q): got error %v, want one wrapping rules.ErrIllegal", tt.text, err)
		case err != nil && !strings.Contains(err.Error(), tt.want):
			t.Errorf("Find(%q): got error %q, want %q\n%s", tt.text, err, tt.want, tt.p.Drawing())
		case err == nil && m.Text != tt.want:
			t.Errorf("Find(%q): got %q, want %q\n%s", tt.text, m.Text, tt.want, tt.p.Drawing())
		}
	}
}

// Decision: a move's canonical text is the piece letter, the two squares and
// "-" or "x" between them; Describe says it in words.
func TestMoveTexts(t *testing.T) {
	format := regexp.MustCompile(`^[KNA][a-g][1-8][-x][a-g][1-8]$`)
	for _, text := range []string{kingsmen.StartText, middleGame, threeWaysOut, underThreat, kingOpen} {
		p := parse(t, text)
		seen := map[string]bool{}
		for _, m := range p.Legal() {
			st, err := kingsmen.ParseStep(m.Text)
			switch {
			case !format.MatchString(m.Text) || err != nil:
				t.Errorf("move text: got %q (%v), want one like Nc1-c5\n%s", m.Text, err, p.Drawing())
			case seen[m.Text]:
				t.Errorf("move text: got %q twice, want each once\n%s", m.Text, p.Drawing())
			case m.Text != p.Text(st):
				t.Errorf("Text(ParseStep(%q)): got %q, want the same\n%s", m.Text, p.Text(st), p.Drawing())
			case m.Text[0] != p.At(st.From).Kind.Letter():
				t.Errorf("move %q: got letter %c, want %c\n%s", m.Text, m.Text[0], p.At(st.From).Kind.Letter(), p.Drawing())
			case (m.Text[3] == 'x') == p.At(st.To).Empty():
				t.Errorf("move %q: got separator %c, want x exactly for captures\n%s", m.Text, m.Text[3], p.Drawing())
			}
			seen[m.Text] = true
		}
	}
	p := parse(t, "......k/......./......./..N...n/......./......./......./K...... s 7 10")
	expect(t, p, "Describe", p.Describe(rules.Move{Text: "Nc5xg5"}).String(), "Knight c5 to g5, capturing the Knight: Threat!")
	p = parse(t, "......./......./......./...k.../...K.../......./......./....... s 7 10")
	expect(t, p, "Describe", p.Describe(rules.Move{Text: "Kd4xd5"}).String(), "King d4 to d5, capturing the King and winning")
}

// The drawing says how the game ended in words, not by the code of the
// position text (issue 14: it said "North won (king-captured)").
func TestDrawingSaysHowTheGameEnded(t *testing.T) {
	for text, want := range map[string]string{
		"......./......./......./...K.../......./......./......./....... n 0 7 s:king-captured":     "South won by capturing the King\n",
		"......k/......./......./......./......./......./......./K.....N n 0 1 s:threat":            "South won by a Threat with no way out\n",
		"......k/......./......./......./...K.../......./......./....... s 100 60 draw:quiet-moves": "Drawn after 50 moves each without a capture\n",
		kingsmen.StartText + " n:resigned":       "North won by resignation\n",
		kingsmen.StartText + " draw:agreed-draw": "Drawn by agreement\n",
		kingsmen.StartText + " s:forfeit":        "South won by forfeit\n",
		kingsmen.StartText + " draw:forfeit":     "Over by forfeit, with no winner\n",
		kingsmen.StartText + " s:no-moves":       "South won as the other side could not move\n",
	} {
		p := parse(t, text)
		if d := p.Drawing(); !strings.HasSuffix(d, want) {
			t.Errorf("%s: drawing ends %q, want %q", text, d[strings.LastIndex(d[:len(d)-1], "\n")+1:], want)
		}
	}
}

// Decision: the position text (see Position.String) round-trips and Parse
// rejects what no game can reach.
func TestPositionText(t *testing.T) {
	for _, text := range []string{
		kingsmen.StartText,
		middleGame,
		underThreat,
		kingOpen,
		"......./......./......./...K.../......./......./......./....... n 0 7 s:king-captured",
		"......k/......./......./......./......./......./......./K.....N n 0 1 s:threat",
		"......k/......./......./......./...K.../......./......./....... s 100 60 draw:quiet-moves",
		kingsmen.StartText + " n:resigned",
		kingsmen.StartText + " draw:agreed-draw",
		kingsmen.StartText + " s:forfeit",
		kingsmen.StartText + " draw:forfeit",
		kingsmen.StartText + " s:no-moves",
	} {
		p := parse(t, text)
		expect(t, p, "String", p.String(), text)
	}
	for _, text := range []string{
		"",
		".nnknn./aaaaaaa/......./......./......./......./AAAAAAA s 0 1",           // 7 ranks
		".nnknn./aaaaaaa/......./......./......./......./AAAAAAA/.NNKNN s 0 1",    // 6 squares on rank 1
		".nnknn./aaaaaaa/......./......./......./......./AAAAAAA/.NNKNQ. s 0 1",   // unknown piece
		".nn.nn./aaaaaaa/......./......./......./......./AAAAAAA/.NNKNN. s 0 1",   // North King missing, game on
		".nnknn./aaaaaaa/......./......./......./......./AAAAAAA/.NNKNN. x 0 1",   // side to move
		".nnknn./aaaaaaa/......./......./......./......./AAAAAAA/.NNKNN. s -1 1",  // quiet plies
		".nnknn./aaaaaaa/......./......./......./......./AAAAAAA/.NNKNN. s 101 1", // quiet plies past the draw
		".nnknn./aaaaaaa/......./......./......./......./AAAAAAA/.NNKNN. s 07 1",  // not canonical
		".nnknn./aaaaaaa/......./......./......./......./AAAAAAA/.NNKNN. s 0 0",   // move number
		".nnknn./aaaaaaa/......./......./......./......./AAAAAAA/.NNKNN. s 0 +1",  // not canonical
		kingsmen.StartText + " x:resigned",
		kingsmen.StartText + " s:bogus",
		kingsmen.StartText + " resigned",
		kingsmen.StartText + " draw:king-captured", // a King capture has a winner
		kingsmen.StartText + " s:agreed-draw",      // an agreed draw has none
	} {
		if p, err := kingsmen.Parse(text); err == nil {
			t.Errorf("Parse(%q): got %q, want an error", text, p)
		}
	}
}

// Board facts: no promotion. An Archer on the far rank stays an Archer.
func TestNoPromotion(t *testing.T) {
	p := play(t, parse(t, "......k/A....../......./......./......./......./......./K...... s 0 1"), "Aa7-a8", "Kg8-g7") // Ka1 Aa7 kg8
	expect(t, p, "piece on a8", p.At(sq("a8")), kingsmen.Piece{Kind: kingsmen.Archer, Side: kingsmen.South})
	expect(t, p, "moves from a8", movesFrom(p, "a8"), sorted("Aa8-b8 Aa8-a7"))
}

// Game describes the game for the registry.
func TestGame(t *testing.T) {
	g := kingsmen.Game{}
	if g.Name() != "kingsmen" || g.Title() != "All the King's Men" || !slices.Equal(g.Players(), []int{2}) {
		t.Errorf("Game: got %q %q %v, want kingsmen, All the King's Men, [2]", g.Name(), g.Title(), g.Players())
	}
	st, err := g.Parse(middleGame)
	if err != nil || st.String() != middleGame {
		t.Errorf("Game.Parse: got %v, %v, want %s", st, err, middleGame)
	}
	rules.NewRegistry(g)
}
