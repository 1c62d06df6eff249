package kingsmen_test

import (
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kingsmen"
	"parlor/rules/rulestest"
)

// FuzzPositionRoundTrip: for any text Parse accepts, Parse(p.String())
// succeeds and gives the same text back; so do the positions after each
// legal move.
func FuzzPositionRoundTrip(f *testing.F) {
	for _, text := range []string{
		kingsmen.StartText,
		middleGame,
		underThreat,
		kingOpen,
		threeWaysOut,
		"......k/......./......./......./......./......./......./K.....N n 0 1",    // Threat with no way out
		"......k/......./......./......./...K.../......./......./....... s 100 60", // drawn
		"......./......./......./...K.../......./......./......./....... n 0 7 s:king-captured",
		kingsmen.StartText + " draw:agreed-draw",
		".nnknn./aaaaaaa/......./......./......./......./AAAAAAA/.NNKNN.  n  99   999999", // odd spacing
		strings.Replace(kingsmen.StartText, " s 0 1", " n 0 1000000", 1),                  // move numbers have no limit
		strings.Replace(kingsmen.StartText, " s 0 1", " n 0 9223372036854775807", 1),      // nor overflow
		"not a position",
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := kingsmen.Parse(text)
		if err != nil {
			return
		}
		roundTrip(t, p)
		for _, m := range p.Legal() {
			next, err := p.Play(m)
			if err != nil {
				t.Fatalf("Play(%q) of a legal move: got error %v, want none\n%s", m.Text, err, p.Drawing())
			}
			roundTrip(t, next.(*kingsmen.Position))
		}
	})
}

// roundTrip checks that p's position text reads back as the same position.
func roundTrip(t testing.TB, p *kingsmen.Position) {
	t.Helper()
	rulestest.RoundTrip(t, kingsmen.Game{}, p)
}

// FuzzMoveSequence plays a game from the start as the bytes say: most bytes
// pick a legal move by index; a byte from 0xE0 up reads the next (byte&15)
// bytes as a move text, raw (0xE0–0xEF) or as edits of a legal move's text
// (0xF0–0xFF), which must be played if legal and rejected with
// rules.ErrIllegal if not. It never panics and keeps the invariants of
// checkInvariants after every move.
func FuzzMoveSequence(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte{0xE6, 'N', 'f', '1', '-', 'g', '1', 0xE6, 'A', 'a', '7', 'x', 'a', '6'})
	f.Add([]byte{0xF4, 3, 3, 'x', 1, 7, 0xF3, 9, 0, 'K', 5, 0xEA, 0, 0xFF, 'g', '9', ' ', '-', '-', 'x', 'x', 0})
	f.Add([]byte("\x07\x21\x40\x13\x99\x05\x42\x77\x18\x36\x21\x40\x13\x99\x05\x42\x77\x18\x36\x01\x02\x03\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sequence.Play(t, kingsmen.Start(), data)
	})
}

// sequence reads All the King's Men's bytes: a decision's index or text
// each.
var sequence = rulestest.Sequence[*kingsmen.Position]{
	Over:    "Aa2-a3",
	Letters: "KNAkabcdefgh0123456789-x .",
	Step:    step,
}

// step plays the legal move text on p and checks the invariants after it.
func step(t testing.TB, p *kingsmen.Position, text string) *kingsmen.Position {
	t.Helper()
	next, err := p.Play(rules.Move{Text: text})
	if err != nil {
		t.Fatalf("Play(%q) of a legal move: got error %v, want none\n%s", text, err, p.Drawing())
	}
	checkInvariants(t, p, next.(*kingsmen.Position), text)
	return next.(*kingsmen.Position)
}

// checkInvariants checks next, the position after move was played in prev.
func checkInvariants(t testing.TB, prev, next *kingsmen.Position, move string) {
	t.Helper()
	capture := move[3] == 'x'
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("after %s from %s: "+format+"\n%s", append(append([]any{move, prev.String()}, args...), next.Drawing())...)
	}
	before, after := 0, 0
	for _, side := range []kingsmen.Side{kingsmen.South, kingsmen.North} {
		for _, kind := range []kingsmen.Kind{kingsmen.King, kingsmen.Knight, kingsmen.Archer} {
			b, a := count(prev, side, kind), count(next, side, kind)
			if a > b {
				fail("%s %ss: got %d, want at most %d", side, kind, a, b)
			}
			before, after = before+b, after+a
		}
		if n := count(next, side, kingsmen.King); n > 1 {
			fail("%s Kings: got %d, want at most 1", side, n)
		}
	}
	if want := before - btoi(capture); after != want {
		fail("pieces: got %d, want %d", after, want)
	}
	if want := (prev.QuietPlies() + 1) * btoi(!capture); next.QuietPlies() != want {
		fail("quiet plies: got %d, want %d", next.QuietPlies(), want)
	}
	o := next.Outcome()
	switch {
	case o.Over() != (next.ToMove() == rules.Nobody):
		fail("ToMove %d with outcome %s", next.ToMove(), outcomeText(o))
	case !o.Over() && next.ToMove() != rules.Seat(prev.SideToMove().Other()):
		fail("ToMove: got %d, want %d", next.ToMove(), prev.SideToMove().Other())
	case o.Over() != (len(next.Legal()) == 0):
		fail("%d legal moves with outcome %s", len(next.Legal()), outcomeText(o))
	case len(o.Winners) > 1:
		fail("winners: got %v, want at most one", o.Winners)
	case o.Over() && !o.Draw() && o.Winners[0] != rules.Seat(prev.SideToMove()):
		fail("winner: got %d, want the mover %d", o.Winners[0], prev.SideToMove())
	case o.Method == rules.KingTaken && next.KingSquare(prev.SideToMove().Other()) != kingsmen.NoSquare:
		fail("King captured, but it is still on %s", next.KingSquare(prev.SideToMove().Other()))
	case o.Method == rules.ThreatMate && !next.InThreat(next.SideToMove()):
		fail("Threat with no way out, but no Threat")
	case o.Method == rules.QuietDraw && next.QuietPlies() < kingsmen.QuietLimit:
		fail("quiet-move draw after %d quiet plies", next.QuietPlies())
	case prev.InThreat(prev.SideToMove()) && o.Method != rules.KingTaken && next.InThreat(prev.SideToMove()):
		fail("the move did not end the Threat")
	}
	roundTrip(t, next)
	for _, m := range next.Legal() {
		if _, err := next.Play(m); err != nil {
			fail("Play(%q) of a legal move: got error %v, want none", m.Text, err)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
