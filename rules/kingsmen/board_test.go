package kingsmen_test

import (
	"slices"
	"strings"
	"testing"

	"parlor/rules/kingsmen"
)

// arrowNames lists a square's arrows as compass names, clockwise from N.
func arrowNames(a kingsmen.Arrows) string {
	var names []string
	for _, d := range a.Dirs() {
		names = append(names, d.String())
	}
	return strings.Join(names, " ")
}

// Board facts: 7 files by 8 ranks, a1 bottom left, a–g and 1–8.
func TestBoardSize(t *testing.T) {
	if kingsmen.Files != 7 || kingsmen.Ranks != 8 || kingsmen.Squares != 56 {
		t.Errorf("board: got %d×%d = %d, want 7×8 = 56", kingsmen.Files, kingsmen.Ranks, kingsmen.Squares)
	}
	for s := kingsmen.Square(0); s < kingsmen.Squares; s++ {
		if got, err := kingsmen.ParseSquare(s.String()); got != s || err != nil {
			t.Errorf("ParseSquare(%q): got %v, %v, want %d", s.String(), got, err, s)
		}
	}
	for _, name := range []string{"h1", "a9", "a0", "`1", "a", "a10", ""} {
		if _, err := kingsmen.ParseSquare(name); err == nil {
			t.Errorf("ParseSquare(%q): got no error, want one", name)
		}
	}
	if kingsmen.SquareAt(0, 0).String() != "a1" || kingsmen.SquareAt(6, 7).String() != "g8" || kingsmen.SquareAt(7, 0) != kingsmen.NoSquare {
		t.Errorf("SquareAt: got a1=%s g8=%s h1=%s, want a1 g8 -", kingsmen.SquareAt(0, 0), kingsmen.SquareAt(6, 7), kingsmen.SquareAt(7, 0))
	}
}

// Board facts: the arrows are Smess's layout as docs/boards.md gives it.
func TestBoardMatchesBoardsMd(t *testing.T) {
	for s := kingsmen.Square(0); s < kingsmen.Squares; s++ {
		ref := refArrows[s.File()][s.Rank()]
		var want []string
		for d := kingsmen.N; d <= kingsmen.NW; d++ {
			if df, dr := d.Step(); slices.Contains(ref, [2]int{df, dr}) {
				want = append(want, d.String())
			}
		}
		if got := arrowNames(kingsmen.Board[s]); got != strings.Join(want, " ") || len(want) != len(ref) {
			t.Errorf("arrows on %s: got %s, want %s (boards.md)", s, got, strings.Join(refArrowNames(s.File(), s.Rank()), " "))
		}
	}
	// A few squares copied by hand from the picture in boards.md, clockwise from N.
	for name, want := range map[string]string{
		"a1": "N", "d1": "N E W", "g1": "N W", "f2": "N SE W", "c3": "NE SE SW NW",
		"f4": "W", "g4": "SW W NW", "b5": "E", "a5": "NE E SE", "d5": "N NE E SE S SW W NW",
		"c6": "NE SE SW NW", "b7": "E S NW", "a8": "E S", "g8": "S",
	} {
		if got := arrowNames(kingsmen.Board[sq(name)]); got != want {
			t.Errorf("arrows on %s: got %s, want %s", name, got, want)
		}
	}
}

// Board facts: "every square prints 1 or more arrows".
func TestEverySquareHasAnArrow(t *testing.T) {
	for s := kingsmen.Square(0); s < kingsmen.Squares; s++ {
		if len(kingsmen.Board[s].Dirs()) == 0 {
			t.Errorf("arrows on %s: got none, want at least one", s)
		}
	}
}

// Board facts: the board reads the same from both sides: turned by 180
// degrees, every arrow lands on an arrow pointing the opposite way.
func TestBoardSymmetric(t *testing.T) {
	if err := kingsmen.Board.CheckSymmetry(); err != nil {
		t.Errorf("CheckSymmetry: got %v, want nil", err)
	}
	for s := kingsmen.Square(0); s < kingsmen.Squares; s++ {
		turned := kingsmen.SquareAt(kingsmen.Files-1-s.File(), kingsmen.Ranks-1-s.Rank())
		for _, d := range kingsmen.Board[s].Dirs() {
			if !kingsmen.Board[turned].Has(d.Opposite()) {
				t.Errorf("arrow %s on %s: got no %s on %s, want one", d, s, d.Opposite(), turned)
			}
		}
	}
}

// The arrow table is data: ParseArrowTable loads it and rejects a broken one.
func TestParseArrowTable(t *testing.T) {
	good := refLayoutLines()
	table, err := kingsmen.ParseArrowTable(strings.Join(good, "\n"))
	if err != nil || table != kingsmen.Board {
		t.Fatalf("ParseArrowTable(boards.md): got %v, want the Board and no error", err)
	}
	change := func(rank int, edit func(string) string) string {
		lines := slices.Clone(good)
		lines[8-rank] = edit(lines[8-rank])
		return strings.Join(lines, "\n")
	}
	tests := []struct {
		name, layout, want string
	}{
		{"one arrow added", change(1, func(l string) string { return strings.Replace(l, "1 | N |", "1 | N E |", 1) }), "not symmetric"},
		{"one arrow removed", change(5, func(l string) string { return strings.Replace(l, "| E |", "| N |", 1) }), "not symmetric"},
		{"a missing rank", strings.Join(slices.Delete(slices.Clone(good), 3, 4), "\n"), "7 ranks, want 8"},
		{"a repeated rank", change(4, func(l string) string { return "5" + l[1:] }), "repeated rank"},
		{"rank 9", change(4, func(l string) string { return "9" + l[1:] }), "bad or repeated rank"},
		{"an unknown direction", change(1, func(l string) string { return strings.Replace(l, "1 | N |", "1 | NNE |", 1) }), `unknown direction "NNE"`},
		{"a square with no arrow", change(1, func(l string) string { return strings.Replace(l, "1 | N |", "1 | |", 1) }), "a1 has no arrow"},
		{"a missing square", change(1, func(l string) string { return strings.Replace(l, "1 | N |", "1 |", 1) }), "has 6 squares, want 7"},
	}
	for _, tt := range tests {
		_, err := kingsmen.ParseArrowTable(tt.layout)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseArrowTable with %s: got error %v, want one saying %q", tt.name, err, tt.want)
		}
	}
}
