package kimbo_test

import (
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/rulestest"
)

// FuzzPositionRoundTrip: for any text Parse accepts, Parse(p.String())
// succeeds and gives the same text back; so do the positions after a
// sample of its legal moves, which keep the invariants.
func FuzzPositionRoundTrip(f *testing.F) {
	start2, _ := kimbo.New(2)
	start4, _ := kimbo.New(4)
	for _, text := range []string{
		start2.String(),
		start4.String(),
		crowded,
		moving("S:c3,l3,home,home/"+southFences, "N:c8,b2,b15,n15/"+northFences, "5-3"),
		moving("S:h6,home,home,home/g6|h6,h5|h6,g1|h1,h1|i1,i1|j1,j1|k1", "N:o1,b2,b15,n15/h6|i6,f15|g15,g15|h15,h15|i15,i15|j15,j15|k15", "4-1"),
		moving("S:c5,home,home,home/c5|c6,b5|c5,c5|d5,c4|c5,i1|j1,j1|k1", north, "3-3"),
		"S:l3,c11,home,home/" + southFences + " N:-,b2,b15,n15/" + northFences + " S:corner:N last:S;nofence;5-3;c3xc8-c11",
		"S:home,home,home,home/" + southFences + " " + north + " over:S:finished last:S;nofence;3-1;h3-home",
		"S:c3,home,home,home/" + southFences + " " + north + " open:6-3,-",
		"S:c3,home,home,home/" + southFences + " " + north + "  N:fence   last:S;nofence;2-2;jumpc5-c6", // odd spacing
		"S:c3,l3,home,home/" + southFences + " W:out/" + westFences + " N:o1,b2,b15,n15/" + northFences + " N:move:5-3 last:N;nofence;5-3;-",
		"S:out/" + southFences + " W:c8,n2,a14,o15/" + westFences + " N:o1,b2,b15,n15/" + northFences + " E:a1,o2,b14,o14/" + eastFences + " open:x,4-4,-,-",
		"S:c3,l3,home,home/" + southFences + " W:c8,n2,a14,o15/" + westFences + " N:o1,b2,b15,n15/" + northFences + " W:fence last:S;nofence;5-3;-;skipped",
		"S:l3,c11,home,home/" + southFences + " " + north + " N:fence last:S;e1|f1>c4|c5;5-3;c3xc8-c11;skipped",
		"S:c3,home,home,home/" + southFences + " " + north + " N:fence last:S;-;-;-;skipped",
		"not a position",
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := kimbo.Parse(text)
		if err != nil {
			return
		}
		roundTrip(t, p)
		legal := p.Legal()
		if !p.Outcome().Over() && len(legal) == 0 {
			t.Fatalf("no legal move in a game not over\n%s", p.Drawing())
		}
		for i := 0; i < len(legal); i += 1 + len(legal)/16 {
			next, err := p.Play(legal[i])
			if err != nil {
				t.Fatalf("Play(%q) of a legal move: got error %v, want none\n%s", legal[i].Text, err, p.Drawing())
			}
			if err := kimbo.Invariants(p, next); err != nil {
				t.Fatalf("after %q from %s: %v\n%s", legal[i].Text, p, err, next.Drawing())
			}
			roundTrip(t, next.(*kimbo.Position))
		}
	})
}

// roundTrip checks that p's position text reads back as the same position.
func roundTrip(t *testing.T, p *kimbo.Position) {
	t.Helper()
	rulestest.RoundTrip(t, kimbo.Game{}, p)
}

// FuzzMoveSequence plays a game from the start as the bytes say: the first
// byte picks the number of players; then most bytes pick a legal decision
// by index (two bytes at a fence decision, which has some 2000); 0xDF
// retires the seat the next byte picks (one past the last seat: none,
// which must be refused, as must a seat already out); 0xDE skips the turn
// of the seat the next byte picks (chance, a seat, or one past the last),
// which must be refused with rules.ErrIllegal unless it is the seat to
// act, and then end its turn; a byte from 0xE0 up
// reads the next (byte&15) bytes as a decision's text, raw (0xE0–0xEF) or
// as edits of a legal decision's text (0xF0–0xFF), which must be played if
// legal and rejected with rules.ErrIllegal if not. It never panics and
// keeps the invariants after every decision and retirement.
func FuzzMoveSequence(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
	f.Add([]byte{1, 0xE8, 'r', 'o', 'l', 'l', ' ', '6', '-', '6', 0xE7, 'n', 'o', 'f', 'e', 'n', 'c', 'e'})
	f.Add([]byte{0, 20, 1, 0xF4, 3, 3, 'x', 1, 7, 0xF3, 9, 0, 'h', 5, 0xEA, 0, 0xFF, 'g', '9', ' ', '-', '-', 'x', 'x', 0})
	f.Add([]byte{1, 0xDF, 1, 20, 7, 0, 9, 0xDF, 3, 0xDF, 1, 5, 5, 0xDF, 2, 0xDF, 0})
	f.Add([]byte{2, 0, 1, 2, 3, 0xDE, 0, 0xDE, 2, 0, 7, 0xDE, 1, 4, 0xDF, 1, 0xDE, 3, 0xDE, 4, 0, 9, 0xDE, 1})
	f.Add([]byte("\x02\x07\x21\x40\x13\x99\x05\x42\x77\x18\x36\x21\x40\x13\x99\x05\x42\x77\x18\x36\x01\x02\x03\x04\x11\x22\x33\x44\x55\x66\x77\x88\x99\xaa\xbb\xcc\xdd"))
	f.Fuzz(func(t *testing.T, data []byte) { sequence.New(t, kimbo.Game{}, data) })
}

// sequence reads Kimbo's bytes: 0xDF and 0xDE, each with the byte after
// it, retire and skip a seat; a fence decision's index takes two bytes.
var sequence = rulestest.Sequence[*kimbo.Position]{
	Over:    "nofence",
	Letters: "abcdefghijklmnop0123456789-x|>, homejumpassrolcn",
	Step:    step,
	Pick: func(p *kimbo.Position, data []byte, i int) (int, int) {
		if p.Phase() == kimbo.PhaseFence && i+1 < len(data) {
			return int(data[i])<<8 | int(data[i+1]), 1
		}
		return int(data[i]), 0
	},
	Other: func(t testing.TB, p *kimbo.Position, data []byte, i int) (*kimbo.Position, int, bool) {
		if i+1 >= len(data) {
			return p, 0, false
		}
		switch data[i] {
		case 0xDF:
			return rulestest.Retire(t, kimbo.Game{}, kimbo.Invariants, p, rules.Seat(int(data[i+1])%(p.Seats()+1))), 1, true
		case 0xDE:
			seat := rules.Seat(int(data[i+1])%(p.Seats()+2) - 1)
			next, ok := rulestest.Skip(t, kimbo.Game{}, kimbo.Invariants, p, seat)
			if ok && (next.Phase() != kimbo.PhaseFence || next.Turn() == seat) {
				t.Fatalf("after Skip(%d): phase %s, %d to act\n%s", seat, next.Phase(), next.Turn(), next.Drawing())
			}
			return next, 1, true
		}
		return p, 0, false
	},
}

// step plays a legal decision and checks the invariants after it: those of
// kimbo.Invariants, the position text's round trip, legal moves whose
// normalized texts are all different, and a game that goes on having a
// decision to take.
func step(t testing.TB, p *kimbo.Position, text string) *kimbo.Position {
	t.Helper()
	nextState, legal := rulestest.Step(t, kimbo.Game{}, kimbo.Invariants, p, text)
	next := nextState.(*kimbo.Position)
	if next.Phase() != kimbo.PhaseFence { // fence texts are distinct by construction; 2000 of them
		rulestest.Distinct(t, next, legal, text)
	}
	return next
}
