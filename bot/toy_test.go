package bot

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"parlor/render"
	"parlor/rules"
	"parlor/rules/rulestest"
)

// A toy game, noughts and crosses, written in this file alone: its engine,
// its painter and its kit. The tests below draw it, play it through the
// table and fuzz it, which shows that a game joins Parlor by its one line
// in a list of kits and nothing else: no switch over the games to extend,
// no map of invariants, no catalog. (A game missing from the catalogs is
// said in English, its words as they are: i18n.T prints a key it does not
// know as it is.)

// toyGame is noughts and crosses: X (seat 0) and O take turns marking the
// squares a1 to c3; three in a row wins, a full board is a draw.
type toyGame struct{}

func (toyGame) Name() string   { return "toy" }
func (toyGame) Title() string  { return "Noughts and Crosses" }
func (toyGame) Players() []int { return []int{2} }
func (toyGame) New(n int) (rules.State, error) {
	if n != 2 {
		return nil, fmt.Errorf("noughts and crosses is for 2 players, not %d", n)
	}
	return &toyPosition{cells: [9]byte{'.', '.', '.', '.', '.', '.', '.', '.', '.'}}, nil
}

// Invariants makes the toy a rules.Checker: a decision marks one empty
// square with the mark of the seat to move, and nothing else changes.
func (toyGame) Invariants(prev, next rules.State) error {
	p, q := prev.(*toyPosition), next.(*toyPosition)
	if q.ended.Over() && q.cells == p.cells {
		return nil // ended by End: a resignation, an agreement, a forfeit
	}
	changed := 0
	for i := range q.cells {
		if p.cells[i] != q.cells[i] {
			changed++
			if p.cells[i] != '.' || q.cells[i] != toyMarks[p.toMove] {
				return fmt.Errorf("square %s went from %c to %c with %c to move", toySquare(i), p.cells[i], q.cells[i], toyMarks[p.toMove])
			}
		}
	}
	if changed != 1 {
		return fmt.Errorf("%d squares changed in one decision", changed)
	}
	return nil
}

// Parse reads "<cells> <x|o to move> <method or -> <winner or ->".
func (toyGame) Parse(text string) (rules.State, error) {
	f := strings.Fields(text)
	if len(f) != 4 || len(f[0]) != 9 || strings.Trim(f[0], ".xo") != "" || (f[1] != "x" && f[1] != "o") {
		return nil, fmt.Errorf("not a noughts and crosses position: %q", text)
	}
	p := &toyPosition{toMove: strings.Index("xo", f[1])}
	copy(p.cells[:], f[0])
	x, o := strings.Count(f[0], "x"), strings.Count(f[0], "o")
	if x-o != p.toMove {
		return nil, fmt.Errorf("%d crosses and %d noughts with %s to move", x, o, f[1])
	}
	if f[2] != "-" {
		p.ended.Method = rules.Method(f[2])
		if f[3] != "-" {
			if f[3] != "0" && f[3] != "1" {
				return nil, fmt.Errorf("no seat %q", f[3])
			}
			p.ended.Winners = []rules.Seat{rules.Seat(f[3][0] - '0')}
		}
		if natural := p.board(); natural.Over() && natural.Method != p.ended.Method {
			return nil, fmt.Errorf("the board says %s, the text %s", natural.Method, p.ended.Method)
		}
	}
	if p.board().Over() && !p.ended.Over() {
		return nil, fmt.Errorf("the board is over but the text says it goes on")
	}
	return p, nil
}

var toyMarks = [2]byte{'x', 'o'}

// toyLines are the rows, columns and diagonals, by square index (a1 = 0,
// b1 = 1, … c3 = 8).
var toyLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func toySquare(i int) string { return fmt.Sprintf("%c%d", 'a'+i%3, i/3+1) }

// toyPosition is a position of the toy; its outcome, once over, is kept in
// ended.
type toyPosition struct {
	cells  [9]byte
	toMove int
	ended  rules.Outcome
}

// board is the outcome the marks decide: three in a row, a full board, or
// none yet.
func (p *toyPosition) board() rules.Outcome {
	for _, l := range toyLines {
		if c := p.cells[l[0]]; c != '.' && c == p.cells[l[1]] && c == p.cells[l[2]] {
			return rules.Outcome{Method: "three-in-a-row", Winners: []rules.Seat{rules.Seat(strings.IndexByte("xo", c))}}
		}
	}
	if !slices.Contains(p.cells[:], '.') {
		return rules.Outcome{Method: "full-board"}
	}
	return rules.Outcome{}
}

func (p *toyPosition) ToMove() rules.Seat {
	if p.ended.Over() {
		return rules.Nobody
	}
	return rules.Seat(p.toMove)
}

func (p *toyPosition) Seats() int { return 2 }

func (p *toyPosition) Legal() []rules.Move {
	var out []rules.Move
	if p.ended.Over() {
		return out
	}
	for i, c := range p.cells {
		if c == '.' {
			out = append(out, rules.Move{Text: toySquare(i)})
		}
	}
	return out
}

func (p *toyPosition) Play(m rules.Move) (rules.State, error) {
	if p.ended.Over() {
		return nil, rules.ErrOver
	}
	i := slices.IndexFunc(p.Legal(), func(l rules.Move) bool { return l.Text == m.Text })
	if i < 0 {
		return nil, rules.Illegalf("%q is not an empty square (a1 to c3)", m.Text)
	}
	next := *p
	sq := int(m.Text[0]-'a') + 3*int(m.Text[1]-'1')
	next.cells[sq] = toyMarks[p.toMove]
	next.toMove = 1 - p.toMove
	next.ended = next.board()
	return &next, nil
}

func (p *toyPosition) Describe(m rules.Move) rules.Text {
	return rules.Textf("mark %s with %s", m.Text, strings.ToUpper(string(toyMarks[p.toMove])))
}

func (p *toyPosition) Outcome() rules.Outcome { return p.ended }

func (p *toyPosition) End(o rules.Outcome) (rules.State, error) {
	if p.ended.Over() {
		return nil, rules.ErrOver
	}
	next := *p
	next.ended = o
	return &next, nil
}

func (p *toyPosition) String() string {
	method, winner := "-", "-"
	if p.ended.Over() {
		method = string(p.ended.Method)
		if len(p.ended.Winners) == 1 {
			winner = fmt.Sprint(int(p.ended.Winners[0]))
		}
	}
	return fmt.Sprintf("%s %c %s %s", p.cells[:], toyMarks[p.toMove], method, winner)
}

func (p *toyPosition) Drawing() string {
	var b strings.Builder
	for row := 2; row >= 0; row-- {
		fmt.Fprintf(&b, "%d %s\n", row+1, p.cells[3*row:3*row+3])
	}
	b.WriteString("  abc\n")
	return b.String()
}

// The toy's picture: a grid of 3×3 squares of toyCell pixels under a line
// of names; a cross is orange, a nought blue.
const toyCell = 100

var (
	toyPaper = color.RGBA{0xf6, 0xf1, 0xe6, 0xff}
	toyInk   = color.RGBA{0x26, 0x22, 0x1e, 0xff}
	toyMark  = [2]color.RGBA{{0xe8, 0x5d, 0x1c, 0xff}, {0x1f, 0x6f, 0xc5, 0xff}}
)

// toyPaint is the toy's painter: the grid is its static layer, the marks
// and names are painted over it.
func toyPaint(c *render.Canvas, p *toyPosition, info render.Info) (*image.RGBA, error) {
	img := c.Board("toy", 0, nil, func() *image.RGBA {
		m := image.NewRGBA(image.Rect(0, 0, 3*toyCell, 3*toyCell+40))
		draw.Draw(m, m.Rect, image.NewUniform(toyPaper), image.Point{}, draw.Src)
		for k := 1; k < 3; k++ {
			draw.Draw(m, image.Rect(k*toyCell-1, 40, k*toyCell+1, 40+3*toyCell), image.NewUniform(toyInk), image.Point{}, draw.Src)
			draw.Draw(m, image.Rect(0, 40+k*toyCell-1, 3*toyCell, 40+k*toyCell+1), image.NewUniform(toyInk), image.Point{}, draw.Src)
		}
		return m
	})
	for i, mark := range p.cells {
		if mark == '.' {
			continue
		}
		x, y := (i%3)*toyCell, 40+(2-i/3)*toyCell
		draw.Draw(img, image.Rect(x+20, y+20, x+toyCell-20, y+toyCell-20), image.NewUniform(toyMark[strings.IndexByte("xo", mark)]), image.Point{}, draw.Src)
	}
	d := font.Drawer{Dst: img, Src: image.NewUniform(toyInk), Face: c.Face(true, 20), Dot: fixed.P(8, 28)}
	d.DrawString(info.Name(c, 0, "X") + " v " + info.Name(c, 1, "O"))
	return img, nil
}

// toyKit presents the toy: a choice in the board's menu is a square, and
// plays it at once.
func toyKit() Kit {
	return Kit{
		Game:    toyGame{},
		Painter: render.PainterOf(toyPaint),
		Rules:   "Mark three squares in a row.",
		Example: "b2",
		Draws:   true,
		Direct:  true,
		Group: func(l Lang, _ rules.State, m rules.Move) (string, string, string) {
			return m.Text, m.Text, l.T("Mark a square…")
		},
		SeatName: func(_ Lang, _ rules.State, seat int) string { return string(rune("XO"[seat])) },
	}
}

// TestToyDrawn: a renderer made with the toy's painter draws it, from its
// state: the squares marked in their seat's colour, the others bare.
func TestToyDrawn(t *testing.T) {
	st, err := toyGame{}.Parse("xo..x.... o - -")
	if err != nil {
		t.Fatal(err)
	}
	r := render.New(Painters(append(Kits(), toyKit()))...)
	b, err := r.PNG(st, render.Info{Names: []string{"Alice", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if got, want := img.Bounds().Size(), image.Pt(3*toyCell, 3*toyCell+40); got != want {
		t.Fatalf("picture of %v, want %v", got, want)
	}
	centre := func(sq int) color.RGBA {
		x, y := (sq%3)*toyCell+toyCell/2, 40+(2-sq/3)*toyCell+toyCell/2
		r, g, b, a := img.At(x, y).RGBA()
		return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
	}
	near := func(a, b color.RGBA) bool {
		d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
		return d(a.R, b.R)+d(a.G, b.G)+d(a.B, b.B) < 24
	}
	for sq, want := range map[int]color.RGBA{0: toyMark[0], 1: toyMark[1], 4: toyMark[0], 2: toyPaper, 8: toyPaper} {
		if got := centre(sq); !near(got, want) {
			t.Errorf("square %s: got %v, want about %v", toySquare(sq), got, want)
		}
	}
	if _, err := render.New(Painters(Kits())...).PNG(st, render.Info{}); err == nil {
		t.Errorf("a renderer without the toy's painter drew it")
	}
}

// TestToyPlayed plays the toy from the challenge to its end through a
// table whose games are the list's and the toy, by the requests a door
// sends: the command, the accept button, the board's menu and a typed
// move. Every board is a picture of the toy; the last says who won, and the
// stored log replays to the stored position.
func TestToyPlayed(t *testing.T) {
	e := newEnvWith(t, func(int) int { return 0 })
	kits := append(Kits(), toyKit())
	e.table = NewTable(Config{Store: e.db, Painter: render.New(Painters(kits)...), Kits: kits, Roll: func(int) int { return 0 }, Now: func() time.Time { return testNow }, Pace: unpaced})

	id := gameOf(t, e.do(forGame(e.cmd(alice, "new", "opponent", bob.ID), "toy")).Public)
	board := e.do(e.click(bob, customID(id, 0, "accept"))).Public
	// X (Alice, by the roll of 0) takes the bottom row; O answers in the
	// middle row.
	for i, sq := range []string{"a1", "a2", "b1", "b2"} {
		u := e.mover(id)
		var resp Response
		if i%2 == 0 {
			resp = e.do(e.click(u, pickID(t, board), sq))
		} else {
			resp = e.do(forGame(e.cmd(u, "move", "move", sq, "game", fmt.Sprint(id)), "toy"))
		}
		if resp.Public == nil {
			t.Fatalf("%s plays %s: got %s, want a board", u.Name, sq, showResp(resp))
		}
		board = resp.Public
		toyPicture(t, board)
	}
	if u := e.mover(id); u.ID != alice.ID {
		t.Fatalf("%s to move, want Alice (X)", u.Name)
	}
	board = e.do(e.click(alice, pickID(t, board), "c1")).Public
	toyPicture(t, board)
	if !strings.Contains(board.Content, "Alice") || !strings.Contains(board.Content, "won") {
		t.Errorf("the last board says %q, want Alice's win", board.Content)
	}
	g := e.game(id)
	if g.Position != "xxxoo.... o three-in-a-row 0" {
		t.Errorf("stored position %q, want X's row", g.Position)
	}
	e.replays(id)
}

// toyPicture checks that board carries a picture of the toy's size.
func toyPicture(t *testing.T, board *Message) {
	t.Helper()
	if board.File == nil {
		t.Fatalf("board %q has no picture", board.Content)
	}
	img, err := png.Decode(bytes.NewReader(board.File.Data))
	if err != nil {
		t.Fatalf("board's picture: %v", err)
	}
	if got, want := img.Bounds().Size(), image.Pt(3*toyCell, 3*toyCell+40); got != want {
		t.Fatalf("board's picture of %v, want the toy's %v", got, want)
	}
}

// FuzzToy fuzzes the toy by the driver every game of the list is fuzzed
// by (see FuzzGames).
func FuzzToy(f *testing.F) {
	f.Add([]byte{0, 4, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{0, 0xE2, 'b', '2', 0xF3, 0, 1, 'x', 3, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		rulestest.FuzzGame(t, toyGame{}, data)
	})
}
