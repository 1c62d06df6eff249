// Package kingsmen is the rules engine of All the King's Men (Parker
// Brothers, 1979), a re-theme of Smess: every square of a 7×8 board prints
// arrows, and a piece may only move along an arrow of the square it stands on.
//
// The readings of the booklet and the decisions taken where it is silent are
// in docs/rules/kingsmen.md; in short:
//   - South (seat 0, upper case in the position text) moves first.
//   - A side under Threat may only play moves that end the Threat, or that
//     capture the other King; with none it loses.
//   - A side not under Threat may move into Threat; the other side may then
//     capture its King, which wins the game.
//   - A side with no legal move loses.
//   - After QuietLimit plies in a row without a capture the game is drawn.
package kingsmen

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"

	"parlor/rules"
)

// QuietLimit is the number of plies in a row without a capture after which
// the game is a draw: fifty moves by each side.
const QuietLimit = 100

// Kind is a kind of piece.
type Kind uint8

// The kinds of piece.
const (
	NoKind Kind = iota
	King
	Knight
	Archer
)

var kindNames = [...]rules.Word{"", rules.Word("King"), rules.Word("Knight"), rules.Word("Archer")}
var kindLetters = [...]byte{'.', 'K', 'N', 'A'}

// String is the kind's name, such as "Knight".
func (k Kind) String() string { return string(kindNames[k]) }

// Word is the kind's name as a word a caller may say in another language.
func (k Kind) Word() rules.Word { return kindNames[k] }

// Letter is the kind's upper-case letter: K, N or A.
func (k Kind) Letter() byte { return kindLetters[k] }

// Side is one of the two armies; it is also the seat that plays it.
type Side uint8

// The two sides. South starts at ranks 1–2 and moves first.
const (
	South Side = 0
	North Side = 1
)

// String is the side's name.
func (s Side) String() string { return string(s.Word()) }

// Word is the side's name as a word a caller may say in another language.
func (s Side) Word() rules.Word {
	if s == South {
		return rules.South
	}
	return rules.North
}

// Other is the opposing side.
func (s Side) Other() Side { return 1 - s }

// Piece is what stands on a square: a kind and a side, or nothing.
type Piece struct {
	Kind Kind
	Side Side
}

// Empty reports whether the square holds no piece.
func (p Piece) Empty() bool { return p.Kind == NoKind }

// letter is the piece's letter in the position text.
func (p Piece) letter() byte {
	if p.Empty() {
		return '.'
	}
	l := p.Kind.Letter()
	if p.Side == North {
		l += 'a' - 'A'
	}
	return l
}

// startCounts is how many pieces of each kind a side starts with; no piece
// is ever added, so no position may hold more.
var startCounts = [...]int{King: 1, Knight: 4, Archer: 7}

// Position is a state of All the King's Men. It is immutable; the zero value
// is not a valid position: use New or Parse.
type Position struct {
	board   [Squares]Piece
	toMove  Side
	quiet   int // plies since the last capture
	number  int // move number, starting at 1, increased after North moves
	outcome rules.Outcome
}

// Game is All the King's Men for the rules registry.
type Game struct{}

// Name implements rules.Game.
func (Game) Name() string { return "kingsmen" }

// Title implements rules.Game.
func (Game) Title() string { return "All the King's Men" }

// Players implements rules.Game.
func (Game) Players() []int { return []int{2} }

// New implements rules.Game.
func (Game) New(n int) (rules.State, error) {
	if n != 2 {
		//lint:ignore ST1005 the message begins with the game's name
		return nil, fmt.Errorf("All the King's Men is for 2 players, not %d", n)
	}
	return Start(), nil
}

// Parse implements rules.Game.
func (Game) Parse(text string) (rules.State, error) { return rules.AsState(Parse(text)) }

// StartText is the position text of the start position.
const StartText = ".nnknn./aaaaaaa/......./......./......./......./AAAAAAA/.NNKNN. s 0 1"

// Start returns the start position: Kings on d1 and d8, Knights on b, c, e
// and f of the back ranks, Archers across ranks 2 and 7.
func Start() *Position {
	p, err := Parse(StartText)
	if err != nil {
		panic(err)
	}
	return p
}

// At is the piece on square s.
func (p *Position) At(s Square) Piece { return p.board[s] }

// SideToMove is the side whose turn it is (meaningless once the game is over).
func (p *Position) SideToMove() Side { return p.toMove }

// MoveNumber is the number of the current move, starting at 1.
func (p *Position) MoveNumber() int { return p.number }

// ToMove implements rules.State.
func (p *Position) ToMove() rules.Seat {
	if p.outcome.Over() {
		return rules.Nobody
	}
	return rules.Seat(p.toMove)
}

// Seats implements rules.State.
func (p *Position) Seats() int { return 2 }

// Outcome implements rules.State.
func (p *Position) Outcome() rules.Outcome { return p.outcome }

// KingSquare is where side's King stands, or NoSquare once it is captured.
func (p *Position) KingSquare(side Side) Square {
	for s, pc := range p.board {
		if pc.Kind == King && pc.Side == side {
			return Square(s)
		}
	}
	return NoSquare
}

// InThreat reports whether side's King could be captured by the other side's
// next move: the position the booklet says to announce as "Threat".
func (p *Position) InThreat(side Side) bool {
	k := p.KingSquare(side)
	return k != NoSquare && p.attacks(side.Other(), k)
}

// Threateners lists the squares of side's pieces that could capture the
// other King on their next move.
func (p *Position) Threateners(side Side) []Square {
	k := p.KingSquare(side.Other())
	if k == NoSquare {
		return nil
	}
	var out []Square
	for s, pc := range p.board {
		if !pc.Empty() && pc.Side == side && p.reaches(Square(s), k) {
			out = append(out, Square(s))
		}
	}
	return out
}

// attacks reports whether any piece of side could move to target.
func (p *Position) attacks(side Side, target Square) bool {
	for s, pc := range p.board {
		if !pc.Empty() && pc.Side == side && p.reaches(Square(s), target) {
			return true
		}
	}
	return false
}

// reaches reports whether the piece on from could move to target, target
// being occupied by an enemy piece.
func (p *Position) reaches(from, target Square) bool {
	pc := p.board[from]
	found := false
	p.eachStep(from, pc, func(to Square) bool {
		if to == target {
			found = true
			return false
		}
		return true
	})
	return found
}

// eachStep calls visit with every square the piece pc on from may move to,
// ignoring Threat, until visit returns false.
func (p *Position) eachStep(from Square, pc Piece, visit func(Square) bool) {
	arrows := Board[from]
	for d := N; d <= NW; d++ {
		if !arrows.Has(d) {
			continue
		}
		df, dr := d.Step()
		f, r := from.File(), from.Rank()
		for {
			f, r = f+df, r+dr
			to := SquareAt(f, r)
			if to == NoSquare {
				break
			}
			target := p.board[to]
			if !target.Empty() && target.Side == pc.Side {
				break
			}
			if !visit(to) {
				return
			}
			if !target.Empty() || pc.Kind != Knight {
				break
			}
		}
	}
}

// Step is a move of one piece from one square to another.
type Step struct {
	From, To Square
}

// pseudo lists side's moves that follow the arrows, without regard to Threat.
func (p *Position) pseudo(side Side) []Step {
	var out []Step
	for s, pc := range p.board {
		if pc.Empty() || pc.Side != side {
			continue
		}
		from := Square(s)
		p.eachStep(from, pc, func(to Square) bool {
			out = append(out, Step{from, to})
			return true
		})
	}
	return out
}

// steps lists the legal moves of the side to move.
func (p *Position) steps() []Step {
	if p.outcome.Over() {
		return nil
	}
	all := p.pseudo(p.toMove)
	if !p.InThreat(p.toMove) {
		return all
	}
	legal := all[:0]
	for _, st := range all {
		if p.endsThreat(st) {
			legal = append(legal, st)
		}
	}
	return legal
}

// endsThreat reports whether st, played by a side under Threat, is allowed:
// it captures the other King, or leaves the mover's King safe.
func (p *Position) endsThreat(st Step) bool {
	if p.board[st.To].Kind == King {
		return true
	}
	next := p.apply(st)
	return !next.InThreat(p.toMove)
}

// apply plays st on a copy without deciding the outcome.
func (p *Position) apply(st Step) *Position {
	next := *p
	captured := next.board[st.To]
	next.board[st.To] = next.board[st.From]
	next.board[st.From] = Piece{}
	if captured.Empty() {
		next.quiet++
	} else {
		next.quiet = 0
	}
	if p.toMove == North && next.number < math.MaxInt {
		next.number++
	}
	next.toMove = p.toMove.Other()
	return &next
}

// settle decides the outcome of a position where side to move is about to
// play, given that mover has just moved.
func (p *Position) settle(mover Side) {
	switch {
	case p.KingSquare(p.toMove) == NoSquare:
		p.outcome = rules.Outcome{Method: rules.KingTaken, Winners: []rules.Seat{rules.Seat(mover)}}
	case !p.hasLegal():
		method := rules.Blocked
		if p.InThreat(p.toMove) {
			method = rules.ThreatMate
		}
		p.outcome = rules.Outcome{Method: method, Winners: []rules.Seat{rules.Seat(mover)}}
	case p.quiet >= QuietLimit:
		p.outcome = rules.Outcome{Method: rules.QuietDraw}
	}
}

func (p *Position) hasLegal() bool {
	threat := p.InThreat(p.toMove)
	for s, pc := range p.board {
		if pc.Empty() || pc.Side != p.toMove {
			continue
		}
		found := false
		p.eachStep(Square(s), pc, func(to Square) bool {
			if !threat || p.endsThreat(Step{Square(s), to}) {
				found = true
				return false
			}
			return true
		})
		if found {
			return true
		}
	}
	return false
}

// Text is the canonical text of st in this position: piece letter, from
// square, "-" or "x" for a capture, to square, such as "Nc1-c5" or "Ad2xd3".
func (p *Position) Text(st Step) string {
	sep := "-"
	if !p.board[st.To].Empty() {
		sep = "x"
	}
	return string(p.board[st.From].Kind.Letter()) + st.From.String() + sep + st.To.String()
}

// ParseStep reads the squares of a move text such as "Nc1-c5", without
// checking that it is legal anywhere.
func ParseStep(text string) (Step, error) {
	t := strings.TrimSpace(text)
	if len(t) != 6 || strings.IndexByte("KNA", t[0]) < 0 || (t[3] != '-' && t[3] != 'x') {
		return Step{}, rules.Illegalf("%q is not a move like Nc1-c5", text)
	}
	from, err := ParseSquare(t[1:3])
	if err != nil {
		return Step{}, rules.Illegal(err)
	}
	to, err := ParseSquare(t[4:6])
	if err != nil {
		return Step{}, rules.Illegal(err)
	}
	return Step{from, to}, nil
}

// Legal implements rules.State.
func (p *Position) Legal() []rules.Move {
	steps := p.steps()
	out := make([]rules.Move, len(steps))
	for i, st := range steps {
		out[i] = rules.Move{Text: p.Text(st)}
	}
	return out
}

// Play implements rules.State.
func (p *Position) Play(m rules.Move) (rules.State, error) { return rules.AsState(p.PlayStep(m.Text)) }

// PlayStep plays the move with the canonical text text.
func (p *Position) PlayStep(text string) (*Position, error) {
	if p.outcome.Over() {
		return nil, rules.ErrOver
	}
	st, err := ParseStep(text)
	if err != nil {
		// A move typed another way (see Aliases) is not played, but it is
		// answered for what it means: why that move is illegal, or how to
		// write it.
		if why := p.explain(text); why != nil {
			return nil, why
		}
		return nil, err
	}
	if err := p.check(st, strings.TrimSpace(text)); err != nil {
		return nil, err
	}
	next := p.apply(st)
	next.settle(p.toMove)
	return next, nil
}

// check explains why st is not legal, or returns nil. text is the move's
// text as ParseStep accepted it, without surrounding space.
func (p *Position) check(st Step, text string) error {
	pc := p.board[st.From]
	switch {
	case pc.Empty():
		return rules.Illegalf("there is no piece on %s", st.From.String())
	case pc.Side != p.toMove:
		return rules.Illegalf("the %s on %s is not yours", pc.Kind.Word(), st.From.String())
	case pc.Kind.Letter() != text[0]:
		return rules.Illegalf("the piece on %s is a %s, not a %s", st.From.String(), pc.Kind.Word(), kindByLetter(text[0]).Word())
	}
	reach := false
	p.eachStep(st.From, pc, func(to Square) bool {
		reach = to == st.To
		return !reach
	})
	if !reach {
		return rules.Illegalf("the %s on %s cannot reach %s: %s", pc.Kind.Word(), st.From.String(), st.To.String(), p.whyNot(st))
	}
	if (text[3] == 'x') != !p.board[st.To].Empty() {
		if text[3] == 'x' {
			return rules.Illegalf("there is nothing to capture on %s", st.To.String())
		}
		return rules.Illegalf("%s captures on %s: write it with x", text[:3], st.To.String())
	}
	if p.InThreat(p.toMove) && !p.endsThreat(st) {
		return rules.Illegalf("your King is under Threat and %s does not end it", text)
	}
	return nil
}

func kindByLetter(l byte) Kind {
	for k := King; k <= Archer; k++ {
		if k.Letter() == l {
			return k
		}
	}
	return NoKind
}

// whyNot explains why the piece on st.From cannot reach st.To.
func (p *Position) whyNot(st Step) rules.Text {
	pc := p.board[st.From]
	df, dr := st.To.File()-st.From.File(), st.To.Rank()-st.From.Rank()
	dist := max(abs(df), abs(dr))
	if dist == 0 {
		return rules.Textf("a move must leave its square")
	}
	if df != 0 && dr != 0 && abs(df) != abs(dr) {
		return rules.Textf("pieces move in straight lines only")
	}
	d := dirOf(cmp.Compare(df, 0), cmp.Compare(dr, 0))
	if !Board[st.From].Has(d) {
		return rules.Textf("%s has no %s arrow (its arrows: %s)", st.From.String(), d.String(), arrowList(Board[st.From]))
	}
	if pc.Kind != Knight && dist > 1 {
		if pc.Kind == Archer {
			return rules.Textf("an %s moves one square at a time", pc.Kind.Word())
		}
		return rules.Textf("a %s moves one square at a time", pc.Kind.Word())
	}
	if target := p.board[st.To]; !target.Empty() && target.Side == pc.Side {
		return rules.Textf("your own %s stands there", target.Kind.Word())
	}
	return rules.Textf("another piece is in the way, and no piece may jump")
}

func arrowList(a Arrows) string {
	var names []string
	for _, d := range a.Dirs() {
		names = append(names, d.String())
	}
	return strings.Join(names, " ")
}

func dirOf(df, dr int) Dir {
	for d := N; d <= NW; d++ {
		if x, y := d.Step(); x == df && y == dr {
			return d
		}
	}
	return N
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Describe implements rules.State: "Knight c1 to c5, capturing an Archer.
// Threat!" It also warns when a move leaves the mover's own King open to
// capture.
func (p *Position) Describe(m rules.Move) rules.Text {
	st, err := ParseStep(m.Text)
	if err != nil {
		return rules.Plain(m.Text)
	}
	pc, target := p.board[st.From], p.board[st.To]
	next := p.apply(st)
	if target.Kind == King {
		return rules.Textf("%s %s to %s, capturing the King and winning", pc.Kind.Word(), st.From, st.To)
	}
	d := rules.Textf("%s %s to %s", pc.Kind.Word(), st.From, st.To)
	if !target.Empty() {
		d = rules.Textf("%s %s to %s, capturing the %s", pc.Kind.Word(), st.From, st.To, target.Kind.Word())
	}
	if next.InThreat(p.toMove.Other()) {
		d = rules.Textf("%s: Threat!", d)
	}
	if next.InThreat(p.toMove) {
		d = rules.Textf("%s (leaves its own King open to capture)", d)
	}
	return d
}

// Aliases implements rules.Aliaser: a move may also be typed as its two
// squares ("c1c5"), or as its piece letter and destination ("Nc5") or its
// destination alone ("c5"); a capture also without its x ("Nc1-c5" for
// "Nc1xc5") or in the chess style ("Nxc5", "c1xc5"). Find rejects an alias
// that fits several moves.
func (p *Position) Aliases(m rules.Move) []string {
	st, err := ParseStep(m.Text)
	if err != nil {
		return nil
	}
	from, to, letter := st.From.String(), st.To.String(), m.Text[:1]
	aliases := []string{from + to, letter + to, to}
	if m.Text[3] == 'x' {
		aliases = append(aliases, letter+from+to, letter+"x"+to, from+"x"+to)
	}
	return aliases
}

// End implements rules.State.
func (p *Position) End(o rules.Outcome) (rules.State, error) {
	if p.outcome.Over() {
		return nil, rules.ErrOver
	}
	switch o.Method {
	case rules.Resignation, rules.Agreement, rules.Forfeit:
	default:
		return nil, fmt.Errorf("kingsmen: End takes a resignation, an agreed draw or a forfeit, not %q", o.Method)
	}
	if !resultFits(o.Method, len(o.Winners)) {
		return nil, fmt.Errorf("kingsmen: %s with %d winners", o.Method, len(o.Winners))
	}
	for _, w := range o.Winners {
		if w != 0 && w != 1 {
			return nil, fmt.Errorf("kingsmen: no seat %d", w)
		}
	}
	next := *p
	next.outcome = rules.Outcome{Method: o.Method, Winners: append([]rules.Seat(nil), o.Winners...)}
	return &next, nil
}

// String implements rules.State: the position text. Ranks 8 down to 1
// separated by "/", one letter a square ("." empty; K N A upper case for
// South, lower case for North); then the side to move ("s" or "n"), the
// plies since the last capture and the move number; then, once the game is
// over, the result: the winner's side letter or "draw", a colon and the
// method, such as "s:king-captured".
func (p *Position) String() string {
	var b strings.Builder
	for r := Ranks - 1; r >= 0; r-- {
		for f := 0; f < Files; f++ {
			b.WriteByte(p.board[SquareAt(f, r)].letter())
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString(" " + sideLetter(p.toMove) + " " + strconv.Itoa(p.quiet) + " " + strconv.Itoa(p.number))
	if p.outcome.Over() {
		who := "draw"
		if len(p.outcome.Winners) == 1 {
			who = sideLetter(Side(p.outcome.Winners[0]))
		}
		b.WriteString(" " + who + ":" + string(p.outcome.Method))
	}
	return b.String()
}

func sideLetter(s Side) string {
	if s == South {
		return "s"
	}
	return "n"
}

// resultFits reports whether a game ended by method m may have n winners:
// a draw has none, a win one, and a forfeit either (one seat may forfeit, or
// the table may drop a game nobody finished).
func resultFits(m rules.Method, n int) bool {
	switch m {
	case rules.QuietDraw, rules.Agreement:
		return n == 0
	case rules.Forfeit:
		return n <= 1
	}
	return n == 1
}

var methods = []rules.Method{rules.KingTaken, rules.ThreatMate, rules.Blocked, rules.QuietDraw, rules.Resignation, rules.Agreement, rules.Forfeit}

// Parse reads a position text (see String). It rejects texts that no game
// could reach by piece counts: more pieces of a kind than a side starts
// with, or a missing King in a game that is not over.
func Parse(text string) (*Position, error) {
	fields := strings.Fields(text)
	if len(fields) != 4 && len(fields) != 5 {
		return nil, fmt.Errorf("kingsmen position: want 4 or 5 fields (board, side, quiet plies, move number[, result]), got %d", len(fields))
	}
	var p Position
	rows := strings.Split(fields[0], "/")
	if len(rows) != Ranks {
		return nil, fmt.Errorf("kingsmen position: %d ranks, want %d", len(rows), Ranks)
	}
	var counts [2][4]int
	for i, row := range rows {
		r := Ranks - 1 - i
		if len(row) != Files {
			return nil, fmt.Errorf("kingsmen position: rank %d has %d squares, want %d", r+1, len(row), Files)
		}
		for f := 0; f < Files; f++ {
			c := row[f]
			if c == '.' {
				continue
			}
			side := South
			if c >= 'a' && c <= 'z' {
				side, c = North, c-('a'-'A')
			}
			k := kindByLetter(c)
			if k == NoKind {
				return nil, fmt.Errorf("kingsmen position: unknown piece %q on %s", row[f], SquareAt(f, r))
			}
			p.board[SquareAt(f, r)] = Piece{k, side}
			counts[side][k]++
		}
	}
	for side := South; side <= North; side++ {
		for k := King; k <= Archer; k++ {
			if counts[side][k] > startCounts[k] {
				return nil, fmt.Errorf("kingsmen position: %s has %d %ss, at most %d", side, counts[side][k], k, startCounts[k])
			}
		}
	}
	switch fields[1] {
	case "s":
		p.toMove = South
	case "n":
		p.toMove = North
	default:
		return nil, fmt.Errorf("kingsmen position: side to move %q, want s or n", fields[1])
	}
	var err error
	if p.quiet, err = strconv.Atoi(fields[2]); err != nil || p.quiet < 0 || p.quiet > QuietLimit || fields[2] != strconv.Itoa(p.quiet) {
		return nil, fmt.Errorf("kingsmen position: quiet plies %q, want 0 to %d", fields[2], QuietLimit)
	}
	if p.number, err = strconv.Atoi(fields[3]); err != nil || p.number < 1 || fields[3] != strconv.Itoa(p.number) {
		return nil, fmt.Errorf("kingsmen position: move number %q, want a number from 1", fields[3])
	}
	if len(fields) == 5 {
		who, method, ok := strings.Cut(fields[4], ":")
		m := rules.Method(method)
		if !ok || !containsMethod(m) {
			return nil, fmt.Errorf("kingsmen position: result %q, want like s:king-captured", fields[4])
		}
		p.outcome.Method = m
		switch who {
		case "s", "n":
			p.outcome.Winners = []rules.Seat{rules.Seat(sideOf(who))}
		case "draw":
		default:
			return nil, fmt.Errorf("kingsmen position: winner %q, want s, n or draw", who)
		}
		if !resultFits(m, len(p.outcome.Winners)) {
			return nil, fmt.Errorf("kingsmen position: result %q: %s cannot end that way", fields[4], m)
		}
		return &p, nil
	}
	if counts[South][King] != 1 || counts[North][King] != 1 {
		return nil, fmt.Errorf("kingsmen position: a game in progress needs both Kings")
	}
	p.settle(p.toMove.Other())
	return &p, nil
}

func containsMethod(m rules.Method) bool {
	for _, x := range methods {
		if x == m {
			return true
		}
	}
	return false
}

func sideOf(letter string) Side {
	if letter == "n" {
		return North
	}
	return South
}

// Drawing implements rules.State: the board with coordinates, upper case
// for South and lower case for North, each square drawn with the arrows
// printed on it, and a line saying whose turn it is.
func (p *Position) Drawing() string {
	return p.DrawingSaid(rules.Text.String)
}

// arrowMarks draw a square's arrows in the text drawing: each square is
// three characters by three lines, its piece (or ".") in the middle and a
// mark toward each direction it has an arrow in, | for north and south, -
// for east and west, / and \ for the diagonals. arrowAt is where each
// direction's mark stands in the square: its line and column.
var (
	arrowMarks = [8]byte{'|', '/', '-', '\\', '|', '/', '-', '\\'}
	arrowAt    = [8][2]int{N: {0, 1}, NE: {0, 2}, E: {1, 2}, SE: {2, 2}, S: {2, 1}, SW: {2, 0}, W: {1, 0}, NW: {0, 0}}
)

// DrawingSaid implements rules.Drawer: Drawing with its words said by say;
// the squares' letters, arrows and coordinates stay as they are. The
// arrows rule every move, so the drawing shows them all: a board of 31
// columns, which an 80-column terminal shows whole.
func (p *Position) DrawingSaid(say func(rules.Text) string) string {
	var b strings.Builder
	const files = "    a   b   c   d   e   f   g\n"
	b.WriteString(files)
	for r := Ranks - 1; r >= 0; r-- {
		for line := range 3 {
			var l strings.Builder
			label := "  "
			if line == 1 {
				label = fmt.Sprintf("%d ", r+1)
			}
			l.WriteString(label)
			for f := 0; f < Files; f++ {
				s := SquareAt(f, r)
				cell := [3]byte{' ', ' ', ' '}
				if line == 1 {
					cell[1] = p.board[s].letter()
				}
				for _, d := range Board[s].Dirs() {
					if at := arrowAt[d]; at[0] == line {
						cell[at[1]] = arrowMarks[d]
					}
				}
				l.WriteByte(' ')
				l.Write(cell[:])
			}
			if line == 1 {
				fmt.Fprintf(&l, " %d", r+1)
			}
			b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
		}
	}
	b.WriteString(files)
	b.WriteString(say(rules.Textf("The marks round a square are its arrows: pieces move only along them.")) + "\n")
	var line rules.Text
	switch o := p.outcome; {
	case o.Draw() && o.Method == rules.Forfeit:
		line = rules.Textf("Over by forfeit, with no winner")
	case o.Draw():
		line = rules.Textf("Drawn %s", methodText(o.Method))
	case o.Over():
		line = rules.Textf("%s won %s", Side(o.Winners[0]).Word(), methodText(o.Method))
	case p.InThreat(p.toMove):
		line = rules.Textf("%s to move, under Threat", p.toMove.Word())
	default:
		line = rules.Textf("%s to move", p.toMove.Word())
	}
	b.WriteString(say(line))
	b.WriteByte('\n')
	return b.String()
}

// methodText says how a game ended by m: "by capturing the King".
func methodText(m rules.Method) rules.Text {
	if m == rules.QuietDraw {
		return rules.Textf("after %d moves each without a capture", QuietLimit/2)
	}
	return m.Text()
}

var _ rules.State = (*Position)(nil)
var _ rules.Drawer = (*Position)(nil)
var _ rules.Aliaser = (*Position)(nil)
var _ rules.Game = Game{}
