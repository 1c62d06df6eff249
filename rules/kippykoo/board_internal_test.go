package kippykoo

import "testing"

// Every hole has its own cell of the drawing's ring, on the border of the
// square, and neighbouring holes are neighbouring cells.
func TestRingCells(t *testing.T) {
	seen := map[[2]int]Hole{}
	for h := range Hole(Holes) {
		rc := ringCells[h]
		if o, dup := seen[rc]; dup {
			t.Errorf("holes %d and %d share cell %v", o, h, rc)
		}
		seen[rc] = h
		if r, c := rc[0], rc[1]; r != 0 && c != 0 && r != ringSide-1 && c != ringSide-1 {
			t.Errorf("hole %d at %v, inside the ring", h, rc)
		}
		next := ringCells[(int(h)+1)%Holes]
		if d := abs(next[0]-rc[0]) + abs(next[1]-rc[1]); d != 1 {
			t.Errorf("holes %d and %d are %d cells apart", h, (int(h)+1)%Holes, d)
		}
	}
	if got := ringCells[SouthSide.Star()]; got != [2]int{ringSide - 1, ringSide / 2} {
		t.Errorf("South's star at %v, want the middle of the bottom row", got)
	}
}

func abs(x int) int { return max(x, -x) }
