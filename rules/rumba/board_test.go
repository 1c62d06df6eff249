package rumba_test

import (
	"testing"

	"parlor/rules/rumba"
)

// The board is reconstructed (docs/boards.md, Rumba): a square loop of
// 64 spaces counter-clockwise; seat p's starting point at 16·p, its finish
// space just before it; round each corner a turnout leaving after 16·p+5,
// 7 single spaces, rejoining at 16·p+11 (bypassing 5 track spaces: 2 steps
// longer). This test holds boards.md's numbers against the table.
func TestBoardMatchesBoardsMd(t *testing.T) {
	p, _ := rumba.New(4)
	expect(t, p, "track spaces", rumba.TrackSpaces, 64)
	expect(t, p, "turnouts", rumba.Turnouts, 4)
	expect(t, p, "turnout spaces", rumba.TurnoutSpaces, 7)
	expect(t, p, "spaces", rumba.NumSpaces, 64+4*7)
	names := []string{"se", "ne", "nw", "sw"}
	for q, tu := range rumba.Board.Turnouts {
		expect(t, p, "turnout name", tu.Name, names[q])
		expect(t, p, tu.Name+" leaves after", tu.After, 16*q+5)
		expect(t, p, tu.Name+" rejoins at", tu.Rejoin, 16*q+11)
		expect(t, p, tu.Name+" bypasses", tu.Rejoin-tu.After-1, 5)
		expect(t, p, tu.Name+" is longer by", (rumba.TurnoutSpaces+1)-(tu.Rejoin-tu.After), 2)
	}
	for h := range rumba.Hand(4) {
		expect(t, p, h.String()+"'s starting point", rumba.Start(h), rumba.Space(16*int(h)))
		expect(t, p, h.String()+"'s finish space", rumba.FinishSpace(h), rumba.Space((16*int(h)+63)%64))
	}
	// A man from a fork runs 6 steps to the rejoining space on the track,
	// 8 round the turnout.
	q := parse(t, "4p "+hands("21", "", "", "")+" S:move:6-1:-:r10 last:S;6-1;S20-21xW")
	expect(t, q, "the reward from the ne fork", legal(q), "S 21-31 | S 21-ne-29")
}

// Space names: 00–63 on the track, se1–sw7 on the turnouts, "finish", "-"
// for a waiting man; each reads back.
func TestSpaceNames(t *testing.T) {
	p, _ := rumba.New(4)
	for s := rumba.Waiting; s <= rumba.Finish; s++ {
		back, err := rumba.ParseSpace(s.String())
		if err != nil || back != s {
			t.Errorf("ParseSpace(%q): got %v, %v, want %d", s.String(), back, err, s)
		}
	}
	expect(t, p, "00", rumba.Space(0).String(), "00")
	expect(t, p, "se1", rumba.TurnoutSpace(0, 1).String(), "se1")
	expect(t, p, "sw7", rumba.TurnoutSpace(3, 7).String(), "sw7")
	expect(t, p, "6", sp("6"), rumba.Space(6))
	for _, bad := range []string{"", "64", "-1", "+5", "se0", "se8", "xx1", "123", "Finish"} {
		if _, err := rumba.ParseSpace(bad); err == nil {
			t.Errorf("ParseSpace(%q): got no error, want one", bad)
		}
	}
}
