package rumba_test

import (
	"testing"

	"parlor/rules"
	"parlor/rules/rulestest"
	"parlor/rules/rumba"
)

// FuzzPositionRoundTrip: for any text Parse accepts, Parse(p.String())
// succeeds and gives the same text back; a game not over has a decision;
// so do the positions after a sample of its legal moves, which keep the
// invariants.
func FuzzPositionRoundTrip(f *testing.F) {
	start2, _ := rumba.New(2)
	start3, _ := rumba.New(3)
	start4, _ := rumba.New(4)
	for _, text := range []string{
		start2.String(),
		start3.String(),
		start4.String(),
		crowded,
		moving(hands("10,14,15", "17,17", "", ""), "S", "5-2"),
		moving(hands("63,finish", "15,15", "10,10,finish,finish", ""), "S", "6-5"),
		"4p " + hands("12,30", "15,15,43,43", "", "") + " S:move:5-3:3:r10 last:S;5-3;S07-12xW",
		"4p " + hands("10,50", "", "", "") + " S:move:5-3:-:r20 last:S;5-3;S02-07xE,S07-10xE",
		"3p " + hands("", "20", "", "40") + " W:move:5-3 last:W;5-3;-",
		"2p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- open:-,- last:E;6-6;open",
		"4p S:63,finish,finish,finish E:-,-,-,- N:-,-,-,finish W:-,-,-,- over:red:finished last:S;6-1;S62-63,S63-finish",
		"4p  S:se3,-,1,2 E:-,-,-,- N:-,-,-,-   W:-,-,-,- S:roll", // odd spacing, unsorted
		"4p S:-,-,00,se3 E:-,-,15,63 N:-,10,10,finish W:-,-,-,- E:throw last:S;6-3;enterS,S00-se3",
		"4p S:-,-,00,se3 E:-,-,15,63 N:-,10,10,finish W:-,-,-,- S:roll last:S;3-3;enterS,S00-se3",
		"3p " + hands("", "", "", "") + " W:throw last:N;5-3;pass",
		"2p " + hands("", "", "", "") + " E:throw last:W;6-1;open",
		"4p " + hands("13", "15", "", "") + " E:throw last:S;5-3;S10-13;skipped",
		"3p " + hands("", "", "", "") + " S:throw last:W;-;-;skipped",
		"2p " + hands("14", "", "", "") + " E:roll last:S;2-2;S10-12,S12-14;skipped",
		"not a position",
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := rumba.Parse(text)
		if err != nil {
			return
		}
		rulestest.RoundTrip(t, rumba.Game{}, p)
		legal := p.Legal()
		if !p.Outcome().Over() && len(legal) == 0 {
			t.Fatalf("no legal move in a game not over\n%s", p.Drawing())
		}
		for i := 0; i < len(legal); i += 1 + len(legal)/8 {
			next, err := p.Play(legal[i])
			if err != nil {
				t.Fatalf("Play(%q) of a legal move: got error %v, want none\n%s", legal[i].Text, err, p.Drawing())
			}
			if err := rumba.Invariants(p, next); err != nil {
				t.Fatalf("after %q from %s: %v\n%s", legal[i].Text, p, err, next.Drawing())
			}
			rulestest.RoundTrip(t, rumba.Game{}, next)
		}
	})
}

// FuzzMoveSequence plays a game from the start as the bytes say: the first
// byte picks the number of players; then most bytes pick a legal decision
// by index (chance decisions too, so the fuzzer chooses the dice); 0xDF
// skips the turn of the seat the next byte picks (chance, a seat, or one
// past the last), which must be refused with rules.ErrIllegal unless it
// is the seat to move, and then pass the turn to the right; a byte
// from 0xE0 up reads the next (byte&15) bytes as a decision's text, raw
// (0xE0–0xEF) or as edits of a legal decision's text (0xF0–0xFF), which
// must be played if legal and rejected with rules.ErrIllegal if not. It
// never panics and keeps the invariants after every decision.
func FuzzMoveSequence(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
	f.Add([]byte{1, 0xE8, 'r', 'o', 'l', 'l', ' ', '6', '-', '6', 0xE7, 'e', 'n', 't', 'e', 'r', ' ', 'S'})
	// Through the opening, then the decision to throw typed, refused as a
	// throw, then taken; 6-6 played and thrown again at once.
	f.Add([]byte{2, 0, 1, 0xE8, 'r', 'o', 'l', 'l', ' ', '6', '-', '6', 0xE5, 't', 'h', 'r', 'o', 'w', 0xE1, 'r', 0, 0, 0, 0xE4, 'r', 'o', 'l', 'l', 0})
	f.Add([]byte{0, 20, 1, 0xF4, 3, 3, 'x', 1, 7, 0xF3, 9, 0, 'h', 5, 0xEA, 0, 0xFF, 'g', '9', ' ', '-', '-', 'x', 'x', 0})
	f.Add([]byte{1, 0, 1, 2, 0xDF, 1, 0, 0xDF, 2, 0, 3, 0xDF, 3, 0xDF, 0, 0xDF, 2, 0, 20, 0xDF, 1, 0xDF, 4})
	f.Add([]byte("\x02\x00\x00\x00\x00\x00\x00\x00\x00\x01\x02\x00\x00\x01\x00\x00\x03\x00\x00\x00\x05\x01\x00\x07\x00\x01\x00\x00\x00\x02\x00\x00\x00\x04"))
	f.Fuzz(func(t *testing.T, data []byte) { sequence.New(t, rumba.Game{}, data) })
}

// sequence reads Rumba's bytes: 0xDF with the byte after it skips a
// seat's turn.
var sequence = rulestest.Sequence[*rumba.Position]{
	Over:    "pass",
	Letters: "SENWsenw0123456789- +finishpasroleterxX",
	Step:    step,
	Other: func(t testing.TB, p *rumba.Position, data []byte, i int) (*rumba.Position, int, bool) {
		if data[i] != 0xDF || i+1 >= len(data) {
			return p, 0, false
		}
		seat := rules.Seat(int(data[i+1])%(p.Seats()+2) - 1)
		want := (p.Turn() + 1) % 4
		next, ok := rulestest.Skip(t, rumba.Game{}, rumba.Invariants, p, seat)
		if ok && (next.Phase() != rumba.PhaseThrow || next.Turn() != want) {
			t.Fatalf("after Skip(%d): %s, want %s deciding to throw\n%s", seat, next, want, next.Drawing())
		}
		return next, 1, true
	},
}

// step plays a legal decision and checks the invariants after it: those of
// rumba.Invariants, the position text's round trip, legal moves whose
// normalized texts are all different, words for each, and a game that
// goes on having a decision to take.
func step(t testing.TB, p *rumba.Position, text string) *rumba.Position {
	t.Helper()
	nextState, legal := rulestest.Step(t, rumba.Game{}, rumba.Invariants, p, text)
	next := nextState.(*rumba.Position)
	rulestest.Distinct(t, next, legal, text)
	for _, m := range legal {
		if d := next.Describe(m).String(); d == m.Text || d == "" {
			t.Fatalf("after %q: no words for %q\n%s", text, m.Text, next.Drawing())
		}
	}
	return next
}
