package kimbo_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"parlor/rules/kimbo"
)

// The board is reconstructed (docs/boards.md); these tests hold the
// engine's table to what boards.md says.

// boardsMd is the squares and slots of the reconstructed part of the
// Kimbo section of docs/boards.md, one kind a line: the entrances, the
// start squares, the fences of South and of West, the closing fences of
// South and then of North, West and East. TestBoardsMdSaysSo holds the
// page to it.
const boardsMd = `
- Entrance squares, one per side of HOME: South ` + "`h6`" + `, West ` + "`f8`" + `, North ` + "`h10`" + `, East ` + "`j8`" + `.
  South ` + "`b1 n1 n14 a15`" + `; West ` + "`a2 n2 o15 a14`" + `; North ` + "`o1 b2 b15 n15`" + `; East ` + "`a1 o2 o14 b14`" + `.
  seat's edge row, at its middle. South: ` + "`e1|f1 f1|g1 g1|h1 h1|i1 i1|j1 j1|k1`" + `; North: the same files on
  rank 15; West: ` + "`a5|a6 a6|a7 a7|a8 a8|a9 a9|a10 a10|a11`" + `; East: the same ranks on file o.
  East: ` + "`g6|h6 h6|i6 h5|h6`" + `;
  North ` + "`g10|h10 h10|i10 h10|h11`" + `; West ` + "`f7|f8 f8|f9 e8|f8`" + `; East ` + "`j7|j8 j8|j9 j8|k8`" + `. Neutral fences belong to
`

// quoted lists the backquoted words of line, split at spaces.
func quoted(line string) [][]string {
	var out [][]string
	parts := strings.Split(line, "`")
	for i := 1; i < len(parts); i += 2 {
		out = append(out, strings.Fields(parts[i]))
	}
	return out
}

func TestBoardMatchesBoardsMd(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(boardsMd), "\n")
	sides := []kimbo.Side{kimbo.SouthSide, kimbo.WestSide, kimbo.NorthSide, kimbo.EastSide}
	for i, q := range quoted(lines[0]) {
		if got := kimbo.Board.Entrance(sides[i]).String(); got != q[0] {
			t.Errorf("%s's entrance: got %s, want %s", sides[i], got, q[0])
		}
	}
	for i, q := range quoted(lines[1]) {
		var got []string
		for _, s := range kimbo.Board.StartSquares(sides[i]) {
			got = append(got, s.String())
		}
		slices.Sort(got)
		slices.Sort(q)
		if strings.Join(got, " ") != strings.Join(q, " ") {
			t.Errorf("%s's start squares: got %v, want %v", sides[i], got, q)
		}
	}
	fences := map[kimbo.Side][]string{kimbo.SouthSide: quoted(lines[2])[0], kimbo.WestSide: quoted(lines[3])[0]}
	for _, f := range fences[kimbo.SouthSide] { // "the same files on rank 15"
		a, b, _ := strings.Cut(f, "|")
		fences[kimbo.NorthSide] = append(fences[kimbo.NorthSide], a[:1]+"15|"+b[:1]+"15")
	}
	fences[kimbo.EastSide] = strings.Fields(strings.ReplaceAll(strings.Join(fences[kimbo.WestSide], " "), "a", "o"))
	for side, want := range fences {
		var got []string
		for _, sl := range kimbo.Board.InitialFences(side) {
			got = append(got, sl.String())
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s's fences: got %v, want %v", side, got, want)
		}
	}
	closing := map[kimbo.Side][]string{kimbo.SouthSide: quoted(lines[4])[0]}
	for i, side := range []kimbo.Side{kimbo.NorthSide, kimbo.WestSide, kimbo.EastSide} {
		closing[side] = quoted(lines[5])[i]
	}
	for side, want := range closing {
		var got []string
		for _, sl := range kimbo.Board.ClosingSlots(side) {
			got = append(got, sl.String())
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s's closing slots: got %v, want %v", side, got, want)
		}
	}
}

// THE BOARD: "The playing board has many squares, which are indicated by
// the various shadings of color and by the slots for the fences. There are
// four starting areas, one at each corner of the board. In the center is
// the home area, which has four entrances." boards.md: 15×15, HOME g7–i9,
// 216 squares, 364 slots, 16 arrows.
func TestBoardCounts(t *testing.T) {
	areas := map[kimbo.Area]int{}
	edges := map[kimbo.Edge]int{}
	slots := map[kimbo.Slot]bool{}
	corners := map[int]int{}
	for s := kimbo.Square(0); s < kimbo.Cells; s++ {
		areas[kimbo.Board.Area(s)]++
		corners[kimbo.Board.Corner(s)]++
		for d := kimbo.North; d <= kimbo.West; d++ {
			e, sl := kimbo.Board.Edge(s, d)
			edges[e]++
			if e == kimbo.SlotEdge {
				slots[sl] = true
				a, b := kimbo.Board.SlotSquares(sl)
				if a != s && b != s {
					t.Errorf("slot %s of %s does not touch it", sl, s)
				}
			}
		}
	}
	want := map[string][2]int{
		"squares":             {kimbo.Cells - areas[kimbo.HomeArea], 216},
		"HOME cells":          {areas[kimbo.HomeArea], 9},
		"start squares":       {areas[kimbo.StartArea], 16},
		"entrances":           {areas[kimbo.Entrance], 4},
		"slots":               {len(slots), 364},
		"slot edges (2 each)": {edges[kimbo.SlotEdge], 2 * 364},
		"arrows (2 each)":     {edges[kimbo.Arrow], 2 * 16},
		"openings (2 each)":   {edges[kimbo.Opening], 2 * 4},
		"HOME walls (2 each)": {edges[kimbo.HomeWall], 2 * 8},
		"border edges":        {edges[kimbo.BorderLine], 4 * 15},
		"squares in sw":       {corners[0], 4},
		"squares in ne":       {corners[2], 4},
	}
	for what, v := range want {
		if v[0] != v[1] {
			t.Errorf("%s: got %d, want %d", what, v[0], v[1])
		}
	}
	for _, name := range []string{"g7", "h8", "i9"} {
		if _, err := kimbo.ParseSquare(name); err == nil || !strings.Contains(err.Error(), "part of HOME") {
			t.Errorf("ParseSquare(%q): got %v, want an error: part of HOME", name, err)
		}
	}
	for _, name := range []string{"p1", "a0", "a16", "a", "11", "h"} {
		if _, err := kimbo.ParseSquare(name); err == nil {
			t.Errorf("ParseSquare(%q): got no error, want one", name)
		}
	}
	for name, want := range map[string]string{"e1|f1": "e1|f1", "f1|e1": "e1|f1", "h6|h5": "h5|h6", "a10|a11": "a10|a11"} {
		sl, err := kimbo.ParseSlot(name)
		if err != nil || sl.String() != want {
			t.Errorf("ParseSlot(%q): got %v, %v, want %s", name, sl, err, want)
		}
	}
	for _, name := range []string{"a1|b1", "b2|c2", "g6|g7", "h6|h7", "c3|d4", "c3|e3", "c3", "c3|"} {
		if _, err := kimbo.ParseSlot(name); err == nil {
			t.Errorf("ParseSlot(%q): got no error, want one (no slot there)", name)
		}
	}
	// Each entrance opens into HOME through the one edge it shares with it.
	for side := kimbo.SouthSide; side <= kimbo.EastSide; side++ {
		e := kimbo.Board.Entrance(side)
		n := 0
		for d := kimbo.North; d <= kimbo.West; d++ {
			if k, _ := kimbo.Board.Edge(e, d); k == kimbo.Opening {
				n++
				if kimbo.Board.Neighbor(e, d) != kimbo.Home {
					t.Errorf("%s's opening does not lead HOME", e)
				}
			}
		}
		if n != 1 {
			t.Errorf("entrance %s: %d openings, want 1", e, n)
		}
	}
}

// docs/boards.md names every square and slot the test above holds the
// table to, each group as it is quoted there.
func TestBoardsMdSaysSo(t *testing.T) {
	doc, err := os.ReadFile("../../docs/boards.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(boardsMd), "\n") {
		for _, group := range quoted(line) {
			if q := "`" + strings.Join(group, " ") + "`"; !strings.Contains(string(doc), q) {
				t.Errorf("docs/boards.md does not say %s", q)
			}
		}
	}
}
