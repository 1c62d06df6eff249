package kingsmen

import (
	"fmt"
	"strings"

	"parlor/rules"
)

// Files and Ranks are the board's size: files a–g, ranks 1–8.
const (
	Files = 7
	Ranks = 8
	// Squares is the number of squares on the board.
	Squares = Files * Ranks
)

// Square is a square of the board, 0 = a1, 1 = b1, …, 55 = g8.
type Square int8

// NoSquare is the zero-like value for "no square".
const NoSquare Square = -1

// SquareAt returns the square on file f (0 = a) and rank r (0 = rank 1), or
// NoSquare when that is off the board.
func SquareAt(f, r int) Square {
	if f < 0 || f >= Files || r < 0 || r >= Ranks {
		return NoSquare
	}
	return Square(r*Files + f)
}

// File is the square's file, 0 for a.
func (s Square) File() int { return int(s) % Files }

// Rank is the square's rank, 0 for rank 1.
func (s Square) Rank() int { return int(s) / Files }

// String is the square's name, such as "d1".
func (s Square) String() string {
	if s < 0 || s >= Squares {
		return "-"
	}
	return fmt.Sprintf("%c%d", 'a'+s.File(), s.Rank()+1)
}

// ParseSquare reads a square name such as "d1".
func ParseSquare(name string) (Square, error) {
	if len(name) != 2 {
		return NoSquare, rules.Mistake(rules.Textf("bad square %q", name))
	}
	f, r := int(name[0]-'a'), int(name[1]-'1')
	s := SquareAt(f, r)
	if s == NoSquare {
		return NoSquare, rules.Mistake(rules.Textf("no square %q on a %d×%d board", name, Files, Ranks))
	}
	return s, nil
}

// Dir is one of the eight compass directions an arrow can point. North
// points toward rank 8.
type Dir uint8

// The eight directions, clockwise from North.
const (
	N Dir = iota
	NE
	E
	SE
	S
	SW
	W
	NW
)

var dirNames = [8]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}
var dirSteps = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// String is the direction's compass name.
func (d Dir) String() string { return dirNames[d&7] }

// Step is the change of file and rank one step in this direction.
func (d Dir) Step() (df, dr int) { return dirSteps[d&7][0], dirSteps[d&7][1] }

// Opposite is the direction rotated by 180 degrees.
func (d Dir) Opposite() Dir { return (d + 4) & 7 }

// Arrows is a set of directions, one bit per Dir.
type Arrows uint8

// Has reports whether the set holds d.
func (a Arrows) Has(d Dir) bool { return a&(1<<d) != 0 }

// Dirs lists the set's directions clockwise from North.
func (a Arrows) Dirs() []Dir {
	var ds []Dir
	for d := N; d <= NW; d++ {
		if a.Has(d) {
			ds = append(ds, d)
		}
	}
	return ds
}

// ArrowTable holds the arrows printed on every square.
type ArrowTable [Squares]Arrows

// smessLayout is the arrow layout of Smess (1970), which All the King's Men
// re-themes, as transcribed in docs/boards.md. Rows run from rank 8 down to
// rank 1, squares from file a to g, separated by "|".
const smessLayout = `
8 | E S     | E S W   | E S W       | E S W | E S W       | E S W   | S
7 | N S     | E S NW  | N E S W     | E S W | N E S W     | S W     | N S
6 | N E S   | N E S W | NE SE SW NW | E W   | NE SE SW NW | N E W   | N S W
5 | NE E SE | E       | N E S       | all   | N E S       | N E S W | N S
4 | N S     | N E S W | N S W       | all   | N S W       | W       | SW W NW
3 | N E S   | E S W   | NE SE SW NW | E W   | NE SE SW NW | N E S W | N S W
2 | N S     | N E     | N E S W     | N E W | N E S W     | N SE W  | N S
1 | N       | N E W   | N E W       | N E W | N E W       | N E W   | N W
`

// ParseArrowTable reads a layout in the format of smessLayout and checks it.
func ParseArrowTable(layout string) (ArrowTable, error) {
	var t ArrowTable
	seen := make(map[int]bool)
	for _, line := range strings.Split(strings.TrimSpace(layout), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != Files+1 {
			return t, fmt.Errorf("arrow table: line %q has %d squares, want %d", line, len(cells)-1, Files)
		}
		var rank int
		if _, err := fmt.Sscanf(strings.TrimSpace(cells[0]), "%d", &rank); err != nil || rank < 1 || rank > Ranks || seen[rank] {
			return t, fmt.Errorf("arrow table: bad or repeated rank in %q", line)
		}
		seen[rank] = true
		for f, cell := range cells[1:] {
			var a Arrows
			for _, word := range strings.Fields(cell) {
				if word == "all" {
					a = 0xff
					continue
				}
				d, ok := dirByName(word)
				if !ok {
					return t, fmt.Errorf("arrow table: %s: unknown direction %q", SquareAt(f, rank-1), word)
				}
				a |= 1 << d
			}
			if a == 0 {
				return t, fmt.Errorf("arrow table: %s has no arrow", SquareAt(f, rank-1))
			}
			t[SquareAt(f, rank-1)] = a
		}
	}
	if len(seen) != Ranks {
		return t, fmt.Errorf("arrow table: %d ranks, want %d", len(seen), Ranks)
	}
	return t, t.CheckSymmetry()
}

func dirByName(name string) (Dir, bool) {
	for d, n := range dirNames {
		if n == name {
			return Dir(d), true
		}
	}
	return 0, false
}

// CheckSymmetry reports the first square whose arrows are not the 180-degree
// rotation of the arrows of the square opposite it. The printed board is
// symmetric so that both players face the same board.
func (t *ArrowTable) CheckSymmetry() error {
	for s := Square(0); s < Squares; s++ {
		o := SquareAt(Files-1-s.File(), Ranks-1-s.Rank())
		for d := N; d <= NW; d++ {
			if t[s].Has(d) != t[o].Has(d.Opposite()) {
				return fmt.Errorf("arrow table not symmetric: %s %s has no match %s at %s", s, d, d.Opposite(), o)
			}
		}
	}
	return nil
}

// Board is the arrow table every game uses: Smess's layout, checked when the
// package loads.
var Board = mustArrowTable(smessLayout)

func mustArrowTable(layout string) ArrowTable {
	t, err := ParseArrowTable(layout)
	if err != nil {
		panic("kingsmen: " + err.Error())
	}
	return t
}
