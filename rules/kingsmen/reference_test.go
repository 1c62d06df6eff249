package kingsmen_test

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// This file is an independent, deliberately naive reference for the rules:
// its own copy of the arrow table (docs/boards.md, character for
// character), its own reading of the position text into a plain grid, and a
// move generator with its own Threat logic, written from the booklet and the
// decisions in docs/rules/kingsmen.md without looking at the engine's code.
// It is slow and simple on purpose; perft_test.go compares the two.

// boardsMd is the arrow table of docs/boards.md, copied verbatim (the
// copy is kept here so that this reference reads nothing of the engine's;
// TestBoardsMdTable holds it to the page).
const boardsMd = `
rank | a        b        c            d      e            f        g
  8  | E S      E S W    E S W        E S W  E S W        E S W    S
  7  | N S      E S NW   N E S W      E S W  N E S W      S W      N S
  6  | N E S    N E S W  NE SE SW NW  E W    NE SE SW NW  N E W    N S W
  5  | NE E SE  E        N E S        all 8  N E S        N E S W  N S
  4  | N S      N E S W  N S W        all 8  N S W        W        SW W NW
  3  | N E S    E S W    NE SE SW NW  E W    NE SE SW NW  N E S W  N S W
  2  | N S      N E      N E S W      N E W  N E S W      N SE W   N S
  1  | N        N E W    N E W        N E W  N E W        N E W    N W
`

// refCompass maps a compass name to its step (file, rank); N is toward rank 8.
var refCompass = map[string][2]int{
	"N": {0, 1}, "NE": {1, 1}, "E": {1, 0}, "SE": {1, -1},
	"S": {0, -1}, "SW": {-1, -1}, "W": {-1, 0}, "NW": {-1, 1},
}

// refArrows[f][r] are the steps of the arrows printed on file f and rank r
// (both from 0), read from boardsMd by its columns.
var refArrows = readBoardsMd(boardsMd)

func readBoardsMd(table string) (arrows [7][8][][2]int) {
	lines := strings.Split(strings.Trim(table, "\n"), "\n")
	header := lines[0]
	bar := strings.IndexByte(header, '|')
	var cols []int
	for f := 'a'; f <= 'g'; f++ {
		cols = append(cols, bar+strings.IndexRune(header[bar:], f))
	}
	for _, line := range lines[1:] {
		rank, err := strconv.Atoi(strings.TrimSpace(line[:bar]))
		if err != nil || rank < 1 || rank > 8 {
			panic("boardsMd: bad rank in " + line)
		}
		for f, c := range cols {
			end := len(line)
			if f+1 < len(cols) {
				end = min(end, cols[f+1])
			}
			cell := strings.TrimSpace(line[c:end])
			words := strings.Fields(cell)
			if cell == "all 8" {
				words = []string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}
			}
			for _, w := range words {
				step, ok := refCompass[w]
				if !ok {
					panic(fmt.Sprintf("boardsMd: unknown arrow %q in %q", w, line))
				}
				arrows[f][rank-1] = append(arrows[f][rank-1], step)
			}
		}
	}
	return arrows
}

// refArrowNames lists the compass names of the arrows on file f, rank r, in
// the order boards.md writes them.
func refArrowNames(f, r int) []string {
	var names []string
	for _, step := range refArrows[f][r] {
		for name, s := range refCompass {
			if s == step {
				names = append(names, name)
			}
		}
	}
	return names
}

// refLayoutLines writes the reference table in ParseArrowTable's format,
// rank 8 first.
func refLayoutLines() []string {
	var lines []string
	for r := 7; r >= 0; r-- {
		line := strconv.Itoa(r + 1)
		for f := range 7 {
			line += " | " + strings.Join(refArrowNames(f, r), " ")
		}
		lines = append(lines, line)
	}
	return lines
}

// refPos is a position as a grid of position-text letters ('.' for empty),
// indexed [file][rank].
type refPos struct {
	grid  [7][8]byte
	south bool // South to move
	quiet int  // plies since the last capture
}

// refParse reads the board, side and quiet plies of a valid position text.
func refParse(text string) refPos {
	fields := strings.Fields(text)
	var p refPos
	for i, row := range strings.Split(fields[0], "/") {
		for f := range 7 {
			p.grid[f][7-i] = row[f]
		}
	}
	p.south = fields[1] == "s"
	p.quiet, _ = strconv.Atoi(fields[2])
	return p
}

// boardText writes the grid as the first field of a position text.
func (p refPos) boardText() string {
	var rows []string
	for r := 7; r >= 0; r-- {
		var row []byte
		for f := range 7 {
			row = append(row, p.grid[f][r])
		}
		rows = append(rows, string(row))
	}
	return strings.Join(rows, "/")
}

func refIsSouth(c byte) bool { return c >= 'A' && c <= 'Z' }

func refName(f, r int) string { return string(rune('a'+f)) + strconv.Itoa(r+1) }

// reach lists where the piece on (f, r) may go along the arrows of its own
// square: one step, or for a Knight any number of steps, stopping before its
// own side's pieces and on the first enemy piece.
func (p refPos) reach(f, r int) [][2]int {
	c := p.grid[f][r]
	var out [][2]int
	for _, st := range refArrows[f][r] {
		x, y := f+st[0], r+st[1]
		for x >= 0 && x < 7 && y >= 0 && y < 8 {
			t := p.grid[x][y]
			if t != '.' && refIsSouth(t) == refIsSouth(c) {
				break
			}
			out = append(out, [2]int{x, y})
			if t != '.' || (c != 'N' && c != 'n') {
				break
			}
			x, y = x+st[0], y+st[1]
		}
	}
	return out
}

// king finds a side's King.
func (p refPos) king(south bool) (f, r int, ok bool) {
	want := byte('k')
	if south {
		want = 'K'
	}
	for f := range 7 {
		for r := range 8 {
			if p.grid[f][r] == want {
				return f, r, true
			}
		}
	}
	return 0, 0, false
}

// threatened reports whether a side's King could be captured by the other
// side's next move.
func (p refPos) threatened(south bool) bool {
	kf, kr, ok := p.king(south)
	if !ok {
		return false
	}
	for f := range 7 {
		for r := range 8 {
			if c := p.grid[f][r]; c != '.' && refIsSouth(c) != south && slices.Contains(p.reach(f, r), [2]int{kf, kr}) {
				return true
			}
		}
	}
	return false
}

// after plays the move from one square to another, unchecked.
func (p refPos) after(from, to [2]int) refPos {
	q := p
	if q.grid[to[0]][to[1]] == '.' {
		q.quiet++
	} else {
		q.quiet = 0
	}
	q.grid[to[0]][to[1]] = q.grid[from[0]][from[1]]
	q.grid[from[0]][from[1]] = '.'
	q.south = !p.south
	return q
}

// refMove is a legal move of the reference: its squares and its text.
type refMove struct {
	from, to [2]int
	text     string
}

// moves lists the legal moves, none once the game is over: a King is gone,
// or 100 quiet plies were played. A side under Threat may only capture the
// other King or play a move after which its King is no longer open to
// capture; a side not under Threat may play any move.
func (p refPos) moves() []refMove {
	_, _, southKing := p.king(true)
	_, _, northKing := p.king(false)
	if !southKing || !northKing || p.quiet >= 100 {
		return nil
	}
	threat := p.threatened(p.south)
	var out []refMove
	for f := range 7 {
		for r := range 8 {
			c := p.grid[f][r]
			if c == '.' || refIsSouth(c) != p.south {
				continue
			}
			for _, to := range p.reach(f, r) {
				t := p.grid[to[0]][to[1]]
				if threat && t != 'K' && t != 'k' && p.after([2]int{f, r}, to).threatened(p.south) {
					continue
				}
				sep := "-"
				if t != '.' {
					sep = "x"
				}
				letter := strings.ToUpper(string(c))
				out = append(out, refMove{[2]int{f, r}, to, letter + refName(f, r) + sep + refName(to[0], to[1])})
			}
		}
	}
	return out
}

// texts lists the moves' texts, sorted.
func refTexts(ms []refMove) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.text)
	}
	slices.Sort(out)
	return out
}

// refPerft counts the move sequences of length depth.
func refPerft(p refPos, depth int) int {
	ms := p.moves()
	if depth == 1 {
		return len(ms)
	}
	n := 0
	for _, m := range ms {
		n += refPerft(p.after(m.from, m.to), depth-1)
	}
	return n
}

// docs/boards.md gives the arrow table this reference copies, character
// for character.
func TestBoardsMdTable(t *testing.T) {
	doc, err := os.ReadFile("../../docs/boards.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "```"+boardsMd+"```") {
		t.Errorf("docs/boards.md has not the arrow table:\n%s", boardsMd)
	}
}
