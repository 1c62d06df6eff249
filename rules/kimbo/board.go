package kimbo

import (
	"fmt"
	"slices"
	"strings"

	"parlor/rules"
)

// The board's geometry is reconstructed (docs/boards.md): the booklet's
// diagrams are lost. It lives here as data, read and checked when the
// package loads, so that a better source changes these tables and not the
// rules code.

// Size is the number of files (a–o) and of ranks (1–15).
const Size = 15

// Cells is the number of cells of the 15×15 grid; the nine in the middle
// form HOME, the others are Squares.
const Cells = Size * Size

// Squares is the number of squares a piece can stand on (HOME aside): the
// 200 squares of the playfield and the 16 of the four start areas.
const Squares = Cells - 9

// Slots is the number of slots a fence can stand in.
const Slots = 364

// Square is a cell of the grid, 0 = a1, 1 = b1, …, 224 = o15; or Home.
type Square int16

// NoSquare means no square; Home is the HOME space, where pieces finish.
const (
	NoSquare Square = -1
	Home     Square = Cells
)

// SquareAt returns the cell on file f (0 = a) and rank r (0 = rank 1), or
// NoSquare off the grid.
func SquareAt(f, r int) Square {
	if f < 0 || f >= Size || r < 0 || r >= Size {
		return NoSquare
	}
	return Square(r*Size + f)
}

// File is the square's file, 0 for a.
func (s Square) File() int { return int(s) % Size }

// Rank is the square's rank, 0 for rank 1.
func (s Square) Rank() int { return int(s) / Size }

// OnGrid reports whether s is a cell of the grid (HOME's cells included).
func (s Square) OnGrid() bool { return s >= 0 && s < Cells }

// String is the square's name, such as "b1", or "home".
func (s Square) String() string {
	switch {
	case s == Home:
		return "home"
	case !s.OnGrid():
		return "-"
	}
	return squareNames[s]
}

var squareNames = func() (names [Cells]string) {
	for s := range names {
		names[s] = fmt.Sprintf("%c%d", 'a'+s%Size, s/Size+1)
	}
	return names
}()

// ParseSquare reads a square name such as "b1" or "home". The cells of
// HOME (g7–i9) are not squares: HOME is one space, named "home".
func ParseSquare(name string) (Square, error) {
	if name == "home" {
		return Home, nil
	}
	s := parseCell(name)
	if s == NoSquare {
		return NoSquare, rules.Mistake(rules.Textf("no square %q (files a–o, ranks 1–15)", name))
	}
	if Board.area[s] == HomeArea {
		return NoSquare, rules.Mistake(rules.Textf("%s is part of HOME: write home", name))
	}
	return s, nil
}

// parseCell reads a cell name, or returns NoSquare.
func parseCell(name string) Square {
	if len(name) < 2 || len(name) > 3 || name[0] < 'a' || name[0] >= 'a'+Size || name[1] == '0' {
		return NoSquare
	}
	r := 0
	for _, c := range name[1:] {
		if c < '0' || c > '9' {
			return NoSquare
		}
		r = r*10 + int(c-'0')
	}
	return SquareAt(int(name[0]-'a'), r-1)
}

// Dir is one of the four directions a piece can move in. North points
// toward rank 15. Pieces never move diagonally.
type Dir uint8

// The four directions, clockwise.
const (
	North Dir = iota
	East
	South
	West
)

var dirSteps = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// String is the direction's initial: n, e, s or w.
func (d Dir) String() string { return string("nesw"[d&3]) }

// Name is the direction's name, such as "north".
func (d Dir) Name() string { return string(d.Word()) }

// Word is the direction's name as a word: "north".
func (d Dir) Word() rules.Word { return dirWords[d&3] }

var dirWords = [4]rules.Word{rules.Word("north"), rules.Word("east"), rules.Word("south"), rules.Word("west")}

// Step is the change of file and rank one step in this direction.
func (d Dir) Step() (df, dr int) { return dirSteps[d&3][0], dirSteps[d&3][1] }

// Left is the direction 90 degrees to the left.
func (d Dir) Left() Dir { return (d + 3) & 3 }

// Right is the direction 90 degrees to the right.
func (d Dir) Right() Dir { return (d + 1) & 3 }

// Back is the opposite direction.
func (d Dir) Back() Dir { return (d + 2) & 3 }

// Area is what a cell of the grid is.
type Area uint8

// The areas of the board.
const (
	Playfield Area = iota // an ordinary square
	StartArea             // a square of a corner start area
	Entrance              // the square in front of one of HOME's four openings
	HomeArea              // one of the nine cells of HOME
)

// Edge is what separates a cell from its neighbour in one direction.
type Edge uint8

// The kinds of edge.
const (
	BorderLine Edge = iota // the edge of the board: never crossed
	HomeWall               // a side of HOME other than an opening: never crossed
	SlotEdge               // a slot: crossed unless a fence stands in it
	Arrow                  // a start area's arrow: crossed leaving the area, a fence for a piece that has left
	Inside                 // between two squares of one start area, or inside HOME
	Opening                // an entrance square's opening into HOME
)

// Slot is one of the 364 slots, numbered in the order of SlotSquares: by
// the square west or south of it, then east before north.
type Slot int16

// NoSlot means no slot.
const NoSlot Slot = -1

// String is the slot's name: its two squares, west or south first, as in
// "e1|f1" and "h5|h6".
func (sl Slot) String() string {
	if sl < 0 || sl >= Slots {
		return "-"
	}
	return slotNames[sl]
}

var slotNames = func() (names [Slots]string) {
	for sl := range Slot(Slots) {
		a, b := Board.SlotSquares(sl)
		names[sl] = a.String() + "|" + b.String()
	}
	return names
}()

// ParseSlot reads a slot name: two neighbouring squares separated by "|",
// in either order ("e1|f1" or "f1|e1").
func ParseSlot(name string) (Slot, error) {
	a, b, ok := strings.Cut(name, "|")
	if !ok {
		return NoSlot, rules.Mistake(rules.Textf("no slot %q: write two neighbouring squares such as e1|f1", name))
	}
	sa, sb := parseCell(a), parseCell(b)
	if sa == NoSquare || sb == NoSquare {
		return NoSlot, rules.Mistake(rules.Textf("no slot %q: bad square", name))
	}
	sl := Board.SlotBetween(sa, sb)
	if sl == NoSlot {
		return NoSlot, rules.Mistake(rules.Textf("no slot between %s and %s", sa.String(), sb.String()))
	}
	return sl, nil
}

// Side is one of the four sides of the board, where a player sits.
type Side uint8

// The four sides, in turn order (clockwise seen from above).
const (
	SouthSide Side = iota
	WestSide
	NorthSide
	EastSide
)

// String is the side's name: South, West, North or East.
func (s Side) String() string { return string(s.Word()) }

// Word is the side's name as a word a caller may say in another language.
func (s Side) Word() rules.Word {
	return [4]rules.Word{rules.South, rules.West, rules.North, rules.East}[s&3]
}

// Letter is the side's letter, used for its pieces and fences: S W N E.
func (s Side) Letter() byte { return "SWNE"[s&3] }

// Corner names the four start areas, in the order of the blocks.
var cornerNames = [4]string{"sw", "se", "ne", "nw"}

// boardMap is the grid, rank 15 at the top: "s" a start-area square, "."
// a playfield square, "e" an entrance square, "H" a cell of HOME.
const boardMap = `
15 s s . . . . . . . . . . . s s
14 s s . . . . . . . . . . . s s
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . e . . . . . . .
 9 . . . . . . H H H . . . . . .
 8 . . . . . e H H H e . . . . .
 7 . . . . . . H H H . . . . . .
 6 . . . . . . . e . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 s s . . . . . . . . . . . s s
 1 s s . . . . . . . . . . . s s
   a b c d e f g h i j k l m n o
`

// sideTable holds, for each side: its start square in each corner, the six
// slots marked on its side for its fences, its entrance square, and the
// three slots that close that entrance when nobody sits there.
var sideTable = [4]struct {
	starts   string
	fences   string
	entrance string
	closing  string
}{
	SouthSide: {"b1 n1 n14 a15", "e1|f1 f1|g1 g1|h1 h1|i1 i1|j1 j1|k1", "h6", "g6|h6 h6|i6 h5|h6"},
	WestSide:  {"a2 n2 o15 a14", "a5|a6 a6|a7 a7|a8 a8|a9 a9|a10 a10|a11", "f8", "f7|f8 f8|f9 e8|f8"},
	NorthSide: {"o1 b2 b15 n15", "e15|f15 f15|g15 g15|h15 h15|i15 i15|j15 j15|k15", "h10", "g10|h10 h10|i10 h10|h11"},
	EastSide:  {"a1 o2 o14 b14", "o5|o6 o6|o7 o7|o8 o8|o9 o9|o10 o10|o11", "j8", "j7|j8 j8|j9 j8|k8"},
}

// Layout is the board: the area of every cell, the edges between cells,
// the slots, and each side's start squares, fences and entrance.
type Layout struct {
	area     [Cells]Area
	block    [Cells]int8 // start area 0–3 (sw se ne nw) or -1
	edges    [Cells][4]edgeInfo
	slots    [Slots][2]Square
	blocks   [4][4]Square // the squares of each start area, by side
	starts   [4][4]Square // each side's start squares, by start area
	fences   [4][6]Slot
	entrance [4]Square
	closing  [4][3]Slot
}

type edgeInfo struct {
	kind Edge
	slot Slot   // for SlotEdge
	to   Square // the neighbour (Home for an opening), or NoSquare
}

// Board is the board every game uses, checked when the package loads.
var Board = mustLayout()

func mustLayout() *Layout {
	l, err := parseLayout(boardMap)
	if err != nil {
		panic("kimbo: board: " + err.Error())
	}
	return l
}

// parseLayout reads a grid in the format of boardMap, adds sideTable, and
// checks the result.
func parseLayout(grid string) (*Layout, error) {
	l := &Layout{}
	seen := map[int]bool{}
	for _, line := range strings.Split(strings.TrimSpace(grid), "\n") {
		f := strings.Fields(line)
		if len(f) == Size && f[0] == "a" {
			continue // the file letters
		}
		var rank int
		if len(f) != Size+1 {
			return nil, fmt.Errorf("line %q has %d cells, want %d", line, len(f)-1, Size)
		}
		if _, err := fmt.Sscanf(f[0], "%d", &rank); err != nil || rank < 1 || rank > Size || seen[rank] {
			return nil, fmt.Errorf("bad or repeated rank in %q", line)
		}
		seen[rank] = true
		for file, c := range f[1:] {
			s := SquareAt(file, rank-1)
			switch c {
			case ".":
				l.area[s] = Playfield
			case "s":
				l.area[s] = StartArea
			case "e":
				l.area[s] = Entrance
			case "H":
				l.area[s] = HomeArea
			default:
				return nil, fmt.Errorf("%s: unknown cell %q", s, c)
			}
		}
	}
	if len(seen) != Size {
		return nil, fmt.Errorf("%d ranks, want %d", len(seen), Size)
	}
	if err := l.findBlocks(); err != nil {
		return nil, err
	}
	l.linkEdges()
	if err := l.readSides(); err != nil {
		return nil, err
	}
	return l, l.check()
}

// findBlocks numbers the start areas: 2×2 blocks in the corners.
func (l *Layout) findBlocks() error {
	corners := [4][2]int{{0, 0}, {Size - 2, 0}, {Size - 2, Size - 2}, {0, Size - 2}}
	for s := range l.block {
		l.block[s] = -1
	}
	for b, c := range corners {
		for i := range 4 {
			s := SquareAt(c[0]+i%2, c[1]+i/2)
			if l.area[s] != StartArea {
				return fmt.Errorf("start area %s: %s is not a start square", cornerNames[b], s)
			}
			l.block[s] = int8(b)
		}
	}
	for s := range Square(Cells) {
		if l.area[s] == StartArea && l.block[s] < 0 {
			return fmt.Errorf("start square %s is not in a corner block", s)
		}
	}
	return nil
}

// linkEdges works out every edge from the areas of the cells beside it.
func (l *Layout) linkEdges() {
	n := Slot(0)
	for s := range Square(Cells) {
		for d := North; d <= West; d++ {
			df, dr := d.Step()
			t := SquareAt(s.File()+df, s.Rank()+dr)
			e := edgeInfo{kind: BorderLine, slot: NoSlot, to: t}
			a := l.area[s]
			switch {
			case t == NoSquare:
				e.to = NoSquare
			case a == HomeArea && l.area[t] == HomeArea:
				e.kind = Inside
			case a == HomeArea || l.area[t] == HomeArea:
				e.kind = HomeWall
				if a == Entrance && d == l.openingDir(s) {
					e.kind, e.to = Opening, Home
				} else if l.area[t] == Entrance && d.Back() == l.openingDir(t) {
					e.kind = Opening
				}
			case a == StartArea && l.area[t] == StartArea:
				e.kind = Inside
			case a == StartArea || l.area[t] == StartArea:
				e.kind = Arrow
			default:
				e.kind = SlotEdge
			}
			l.edges[s][d] = e
		}
	}
	for s := range Square(Cells) {
		// Number the slots east and north of s, so each is counted once.
		for _, d := range []Dir{East, North} {
			if l.edges[s][d].kind == SlotEdge {
				l.slots[n] = [2]Square{s, l.edges[s][d].to}
				l.edges[s][d].slot = n
				l.edges[l.edges[s][d].to][d.Back()].slot = n
				n++
			}
		}
	}
}

// openingDir is the direction from the entrance square s into HOME: the
// middle of the side of HOME it faces.
func (l *Layout) openingDir(s Square) Dir {
	for d := North; d <= West; d++ {
		df, dr := d.Step()
		t := SquareAt(s.File()+df, s.Rank()+dr)
		if t == NoSquare || l.area[t] != HomeArea {
			continue
		}
		// The opening is in the middle of HOME's side: the cells beside t
		// across d are HOME too.
		lf, lr := d.Left().Step()
		if a, b := SquareAt(t.File()+lf, t.Rank()+lr), SquareAt(t.File()-lf, t.Rank()-lr); a != NoSquare && b != NoSquare && l.area[a] == HomeArea && l.area[b] == HomeArea {
			return d
		}
	}
	return 255
}

// readSides reads sideTable.
func (l *Layout) readSides() error {
	for side, row := range sideTable {
		starts := strings.Fields(row.starts)
		if len(starts) != 4 {
			return fmt.Errorf("%s: %d start squares, want 4", Side(side), len(starts))
		}
		for _, name := range starts {
			s := parseCell(name)
			if s == NoSquare || l.area[s] != StartArea {
				return fmt.Errorf("%s: start square %q is not in a start area", Side(side), name)
			}
			b := l.block[s]
			if l.starts[side][b] != 0 || l.blocks[b][side] != 0 {
				return fmt.Errorf("%s: two start squares in start area %s", Side(side), cornerNames[b])
			}
			l.starts[side][b], l.blocks[b][side] = s, s
		}
		if err := l.parseSlots(row.fences, l.fences[side][:]); err != nil {
			return fmt.Errorf("%s's fences: %v", Side(side), err)
		}
		l.entrance[side] = parseCell(row.entrance)
		if e := l.entrance[side]; e == NoSquare || l.area[e] != Entrance {
			return fmt.Errorf("%s: entrance %q is not an entrance square", Side(side), row.entrance)
		}
		if err := l.parseSlots(row.closing, l.closing[side][:]); err != nil {
			return fmt.Errorf("%s's slots closing the entrance: %v", Side(side), err)
		}
	}
	return nil
}

// parseSlots reads the slots named in field, separated by spaces, into
// slots, which it fills: there must be as many.
func (l *Layout) parseSlots(field string, slots []Slot) error {
	names := strings.Fields(field)
	if len(names) != len(slots) {
		return fmt.Errorf("%d slots, want %d", len(names), len(slots))
	}
	for i, name := range names {
		sl, err := l.parseSlot(name)
		if err != nil {
			return err
		}
		slots[i] = sl
	}
	return nil
}

func (l *Layout) parseSlot(name string) (Slot, error) {
	a, b, _ := strings.Cut(name, "|")
	sl := l.SlotBetween(parseCell(a), parseCell(b))
	if sl == NoSlot {
		return NoSlot, fmt.Errorf("%q is not a slot", name)
	}
	return sl, nil
}

// check verifies what boards.md says of the board: the counts, the
// entrances, the start areas and their arrows, and that turning the board
// by 90 degrees turns each side's setup into the next side's.
func (l *Layout) check() error {
	count := map[Area]int{}
	for _, a := range l.area {
		count[a]++
	}
	if count[HomeArea] != 9 || count[StartArea] != 16 || count[Entrance] != 4 || Cells-count[HomeArea] != Squares {
		return fmt.Errorf("areas: %d HOME cells, %d start squares, %d entrances; want 9, 16, 4", count[HomeArea], count[StartArea], count[Entrance])
	}
	edges := map[Edge]int{}
	for s := range Square(Cells) {
		for d := North; d <= West; d++ {
			e := l.edges[s][d]
			edges[e.kind]++
			if e.kind == SlotEdge && (e.slot < 0 || l.slots[e.slot] != sortedPair(s, e.to)) {
				return fmt.Errorf("slot numbering broken at %s %s", s, d.Name())
			}
		}
	}
	// Each inner edge is seen from both sides; openings and walls only from
	// the outside are counted once here, from both sides otherwise.
	if edges[SlotEdge] != 2*Slots || edges[Arrow] != 2*16 || edges[Opening] != 2*4 || edges[HomeWall] != 2*8 {
		return fmt.Errorf("edges: %d slots, %d arrows, %d openings, %d HOME walls; want %d, 16, 4, 8",
			edges[SlotEdge]/2, edges[Arrow]/2, edges[Opening]/2, edges[HomeWall]/2, Slots)
	}
	for s := range Square(Cells) {
		if l.area[s] != Entrance {
			continue
		}
		openings := 0
		for d := North; d <= West; d++ {
			if l.edges[s][d].kind == Opening {
				openings++
			} else if l.edges[s][d].kind != SlotEdge {
				return fmt.Errorf("entrance %s: its %s side is not a slot", s, d.Name())
			}
		}
		if openings != 1 {
			return fmt.Errorf("entrance %s has %d openings into HOME, want 1", s, openings)
		}
	}
	used := map[Slot]Side{}
	for side := SouthSide; side <= EastSide; side++ {
		for _, sl := range l.fences[side] {
			if other, dup := used[sl]; dup {
				return fmt.Errorf("slot %s marked for %s and %s", sl, other, side)
			}
			used[sl] = side
		}
		for _, sl := range l.closing[side] {
			a, b := l.slots[sl][0], l.slots[sl][1]
			if a != l.entrance[side] && b != l.entrance[side] {
				return fmt.Errorf("%s: slot %s does not touch the entrance %s", side, sl, l.entrance[side])
			}
		}
	}
	// Symmetry: turning the board a quarter clockwise (South's side becomes
	// West's) keeps the areas and edges and maps each side's data onto the
	// next side's.
	for s := range Square(Cells) {
		t := rotate(s)
		if l.area[s] != l.area[t] {
			return fmt.Errorf("not symmetric: %s is not like %s", s, t)
		}
		for d := North; d <= West; d++ {
			if l.edges[s][d].kind != l.edges[t][rotateDir(d)].kind {
				return fmt.Errorf("not symmetric: the %s edge of %s is not like the %s edge of %s", d.Name(), s, rotateDir(d).Name(), t)
			}
		}
	}
	for side := SouthSide; side <= EastSide; side++ {
		next := (side + 1) & 3
		if !sameUnder(l.starts[side][:], l.starts[next][:], rotate) {
			return fmt.Errorf("not symmetric: %s's start squares turned are not %s's", side, next)
		}
		if !sameUnder(l.fences[side][:], l.fences[next][:], l.rotateSlot) || !sameUnder(l.closing[side][:], l.closing[next][:], l.rotateSlot) {
			return fmt.Errorf("not symmetric: %s's fences turned are not %s's", side, next)
		}
		if rotate(l.entrance[side]) != l.entrance[next] {
			return fmt.Errorf("not symmetric: %s's entrance turned is not %s's", side, next)
		}
	}
	return nil
}

func sortedPair(a, b Square) [2]Square {
	if b < a {
		a, b = b, a
	}
	return [2]Square{a, b}
}

// rotate turns a square a quarter clockwise around the middle of the board:
// a1 goes to a15, the bottom row to the left column.
func rotate(s Square) Square { return SquareAt(s.Rank(), Size-1-s.File()) }

// rotateDir turns a direction a quarter clockwise along with rotate: south
// (toward rank 1) becomes west.
func rotateDir(d Dir) Dir { return d.Right() }

func (l *Layout) rotateSlot(sl Slot) Slot {
	return l.SlotBetween(rotate(l.slots[sl][0]), rotate(l.slots[sl][1]))
}

// sameUnder reports whether f maps the squares or slots a onto b, in any
// order.
func sameUnder[T Square | Slot](a, b []T, f func(T) T) bool {
	x := make([]T, len(a))
	for i, s := range a {
		x[i] = f(s)
	}
	y := slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// Area is the kind of cell s is.
func (l *Layout) Area(s Square) Area {
	if s == Home {
		return HomeArea
	}
	return l.area[s]
}

// Corner is the start area (0–3: sw, se, ne, nw) square s belongs to, or -1.
func (l *Layout) Corner(s Square) int {
	if !s.OnGrid() {
		return -1
	}
	return int(l.block[s])
}

// Edge says what separates s from its neighbour in direction d, and for a
// slot which one.
func (l *Layout) Edge(s Square, d Dir) (Edge, Slot) {
	e := l.edges[s][d&3]
	return e.kind, e.slot
}

// SlotSquares are the two squares a slot separates, west or south first.
func (l *Layout) SlotSquares(sl Slot) (Square, Square) { return l.slots[sl][0], l.slots[sl][1] }

// SlotBetween is the slot between squares a and b, or NoSlot.
func (l *Layout) SlotBetween(a, b Square) Slot {
	if !a.OnGrid() || !b.OnGrid() {
		return NoSlot
	}
	for d := North; d <= West; d++ {
		if e := l.edges[a][d]; e.to == b && e.kind == SlotEdge {
			return e.slot
		}
	}
	return NoSlot
}

// StartSquares are side's four start squares, one in each start area (in
// the order sw, se, ne, nw).
func (l *Layout) StartSquares(side Side) [4]Square { return l.starts[side&3] }

// CornerSquares are the four squares of start area c (0–3: sw, se, ne, nw),
// indexed by the side that starts there.
func (l *Layout) CornerSquares(c int) [4]Square { return l.blocks[c&3] }

// InitialFences are the six slots marked for side's fences.
func (l *Layout) InitialFences(side Side) [6]Slot { return l.fences[side&3] }

// Entrance is the entrance square on side's side of HOME.
func (l *Layout) Entrance(side Side) Square { return l.entrance[side&3] }

// ClosingSlots are the three slots whose neutral fences close side's
// entrance when nobody sits on that side.
func (l *Layout) ClosingSlots(side Side) [3]Slot { return l.closing[side&3] }

// CornerName is the name of start area c: sw, se, ne or nw.
func CornerName(c int) string { return cornerNames[c&3] }
