package kippykoo

import (
	"strconv"
	"strings"

	"parlor/rules"
)

// The track is reconstructed (docs/boards.md): the booklet has no diagram
// of it. Everything about its shape is in this file, derived from Holes, so
// that a better source changes these constants and not the rules code.

// Holes is the number of holes of the track, one closed loop travelled
// clockwise. boards.md reconstructs 52. It must be a multiple of 4, and
// larger than the 16 marbles, so that a marble moved on to "the next
// unoccupied space" always finds one.
const Holes = 52

// Quarter is the distance between neighbouring Star Spaces: seat side k has
// its Star Space at hole k·Quarter.
const Quarter = Holes / 4

// MarblesPerSeat is each player's number of marbles.
const MarblesPerSeat = 4

// These do not compile unless Holes is a multiple of 4 larger than the
// number of marbles.
var _ [0]struct{} = [Holes % 4]struct{}{}

const _ uint = Holes - 4*MarblesPerSeat - 1

// Hole is a hole of the track, 0 to Holes-1, numbered clockwise from South's
// Star Space. Marbles travel in increasing numbers, from 51 on to 0.
type Hole int

// NoHole means no hole: a marble in START or FINISH.
const NoHole Hole = -1

// String is the hole's name, such as "h12".
func (h Hole) String() string {
	if h < 0 || h >= Holes {
		return "-"
	}
	return "h" + strconv.Itoa(int(h))
}

// ParseHole reads a hole name such as "h12" (no leading zeros).
func ParseHole(name string) (Hole, error) {
	digits, ok := strings.CutPrefix(name, "h")
	n, err := strconv.Atoi(digits)
	if !ok || err != nil || digits == "" || digits[0] < '0' || digits[0] > '9' || (len(digits) > 1 && digits[0] == '0') || n < 0 || n >= Holes {
		return NoHole, rules.Mistake(rules.Textf("%q is not a hole: holes are h0 to h%d", name, Holes-1))
	}
	return Hole(n), nil
}

// Side is a side of the board a player sits on, in clockwise order: South,
// West, North, East. A side's Star Space is where its marbles enter the
// track and where they leave it for FINISH.
type Side uint8

// The four sides, in clockwise (turn) order.
const (
	SouthSide Side = iota
	WestSide
	NorthSide
	EastSide
)

// String is the side's name: South, West, North or East.
func (s Side) String() string { return string(s.Word()) }

// Word is the side's name as a word a caller may say in another language
// ("?" for no side).
func (s Side) Word() rules.Word {
	if s > EastSide {
		return "?"
	}
	return [4]rules.Word{rules.South, rules.West, rules.North, rules.East}[s]
}

// Letter is the side's letter in texts and drawings: S, W, N or E.
func (s Side) Letter() byte { return "SWNE?"[min(int(s), 4)] }

// Star is the side's Star Space.
func (s Side) Star() Hole { return Hole(int(s) * Quarter) }

// seatSides maps seats to sides for 2, 3 and 4 players: two sit opposite
// (South, North); three leave East empty (boards.md: seat k's star at
// 13·k, two players on seats 0 and 2).
var seatSides = [5][]Side{
	2: {SouthSide, NorthSide},
	3: {SouthSide, WestSide, NorthSide},
	4: {SouthSide, WestSide, NorthSide, EastSide},
}

// progress is how far a marble on h has come from star, 0 on the star.
func progress(star, h Hole) int { return (int(h) - int(star) + Holes) % Holes }

// holeAt is the hole d holes on from star (0 ≤ d < Holes).
func holeAt(star Hole, d int) Hole { return Hole((int(star) + d) % Holes) }

// The drawing lays the track out as the ring of a square of side ringSide
// cells, clockwise as seen from above: South's star in the middle of the
// bottom row, marbles travelling left along it, up the left column (West's
// side), right along the top (North's) and down the right (East's).
const ringSide = Holes/4 + 1

// ringCells are the (row, column) of each hole in the drawing, row 0 at
// the top.
var ringCells = func() (cells [Holes][2]int) {
	n := ringSide
	r, c := n-1, n/2
	steps := [4][2]int{{0, -1}, {-1, 0}, {0, 1}, {1, 0}} // left, up, right, down
	dir := 0
	for h := range Holes {
		cells[h] = [2]int{r, c}
		nr, nc := r+steps[dir][0], c+steps[dir][1]
		if nr < 0 || nr >= n || nc < 0 || nc >= n {
			dir = (dir + 1) % 4
			nr, nc = r+steps[dir][0], c+steps[dir][1]
		}
		r, c = nr, nc
	}
	return cells
}()
