package kingsmen

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// The text drawing shows every square's arrows: read back from the marks
// round each square, they are the arrows of the board, and every piece
// stands where the position has it; the drawing fits an 80-column
// terminal.
func TestDrawingShowsTheArrows(t *testing.T) {
	p, err := Game{}.New(2)
	if err != nil {
		t.Fatal(err)
	}
	drawing := p.(*Position).Drawing()
	lines := strings.Split(drawing, "\n")
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("a line of %d columns: %q", n, l)
		}
	}
	// Line 0 names the files; each rank, from 8 down, has three lines.
	at := func(line, col int) byte {
		if line >= len(lines) || col >= len(lines[line]) {
			return ' '
		}
		return lines[line][col]
	}
	for r := Ranks - 1; r >= 0; r-- {
		top := 1 + 3*(Ranks-1-r)
		for f := 0; f < Files; f++ {
			s := SquareAt(f, r)
			left := 3 + 4*f
			if got, want := at(top+1, left+1), p.(*Position).board[s].letter(); got != want {
				t.Errorf("%s shows %q, want %q\n%s", s, got, want, drawing)
			}
			var got Arrows
			for d := N; d <= NW; d++ {
				if at(top+arrowAt[d][0], left+arrowAt[d][1]) == arrowMarks[d] {
					got |= 1 << d
				}
			}
			if got != Board[s] {
				t.Errorf("%s shows the arrows %s, want %s\n%s", s, arrowList(got), arrowList(Board[s]), drawing)
			}
		}
	}
}
