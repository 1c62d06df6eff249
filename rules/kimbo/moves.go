package kimbo

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"parlor/rules"
)

// maxCount is the most a piece moves in one turn: the whole throw 6-6.
const maxCount = 12

// path is the way one piece goes for a count of n: cells[0] is where it
// starts, cells[k] where it is after k steps (Home after stepping through
// an opening), dirs[k] the direction of step k.
type path struct {
	n     int
	cells [maxCount + 1]Square
	dirs  [maxCount + 1]Dir
}

func (pt *path) end() Square { return pt.cells[pt.n] }

// turnsAt reports whether the piece changes direction at step k's square.
func (pt *path) turnsAt(k int) bool { return k > 0 && k < pt.n && pt.dirs[k+1] != pt.dirs[k] }

// open reports whether a piece on c may step in direction d with r steps
// of its count left, this step included. A slot is open without a fence;
// a start area's arrows only lead out of it, and are fences to a piece
// that has left; HOME's opening lets a piece in only on the last step of
// its count, and is a border line otherwise.
func (p *Position) open(c Square, d Dir, r int) bool {
	e := &Board.edges[c][d]
	switch e.kind {
	case SlotEdge:
		return p.fences[e.slot] == vacant
	case Arrow:
		return Board.area[c] == StartArea
	case Inside:
		return true
	case Opening:
		return r == 1 && Board.area[c] == Entrance
	}
	return false
}

// walk appends to paths every path a piece on from can take for a count
// of n: it starts in any direction not blocked, goes straight, and where a
// fence, a border line, a HOME wall or an arrow stands in its way it turns
// left or right (both, when both are open: two paths); when neither is
// open it goes back the way it came, if that is open.
func (p *Position) walk(paths []path, from Square, n int) []path {
	var pt path
	pt.n = n
	pt.cells[0] = from
	for d := North; d <= West; d++ {
		if p.open(from, d, n) {
			paths = p.step(paths, &pt, 0, d)
		}
	}
	return paths
}

// step goes on with pt from its square k in direction d (see walk),
// appending the paths it completes.
func (p *Position) step(paths []path, pt *path, k int, d Dir) []path {
	for {
		c := Board.edges[pt.cells[k]][d].to
		k++
		pt.cells[k], pt.dirs[k] = c, d
		if k == pt.n {
			return append(paths, *pt)
		}
		if c == Home {
			return paths // HOME is entered only on the last step; open says so
		}
		r := pt.n - k
		if p.open(c, d, r) {
			continue
		}
		left, right := p.open(c, d.Left(), r), p.open(c, d.Right(), r)
		switch {
		case left && right:
			paths = p.step(paths, pt, k, d.Left())
			d = d.Right()
		case left:
			d = d.Left()
		case right:
			d = d.Right()
		case p.open(c, d.Back(), r):
			d = d.Back()
		default:
			return paths
		}
	}
}

// legPlay is one piece's part of a move: its path (an index in the paths
// of the moveSet or moveGen that made it), and where it captures.
type legPlay struct {
	path    int16
	stop    int8 // a step where the piece stops between the dice to capture, 0 for none
	capStop bool // it captures at stop
	capEnd  bool // it captures where it ends
}

// appendText appends the leg's canonical text to b: its start square,
// then each square where it turns, stops to capture or ends, each after
// "-", or after "x" when the piece captures there: "b1-b4xf4-f7".
func (lp *legPlay) appendText(b []byte, paths []path) []byte {
	pt := &paths[lp.path]
	b = append(b, pt.cells[0].String()...)
	for k := 1; k < pt.n; k++ {
		switch {
		case k == int(lp.stop):
			b = append(b, 'x')
		case pt.turnsAt(k):
			b = append(b, '-')
		default:
			continue
		}
		b = append(b, pt.cells[k].String()...)
	}
	if lp.capEnd {
		b = append(b, 'x')
	} else {
		b = append(b, '-')
	}
	return append(b, pt.end().String()...)
}

type candKind uint8

const (
	candLegs candKind = iota
	candJump
	candPass
)

// cand is a legal move: one or two legs in the order they are played, a
// jump, or a pass. Its legs' paths are in the paths of the moveGen or
// moveSet that made it.
type cand struct {
	text  string // the canonical text; "" inside a search, which needs none
	legs  [2]legPlay
	jump  [2]Square // from, to
	kind  candKind
	nlegs int8
}

// appendText appends the move's canonical text to b; paths are those of
// its legs.
func (c *cand) appendText(b []byte, paths []path) []byte {
	switch c.kind {
	case candPass:
		return append(b, PassText...)
	case candJump:
		b = append(b, "jump "...)
		b = append(b, c.jump[0].String()...)
		b = append(b, '-')
		return append(b, c.jump[1].String()...)
	}
	for i := range c.nlegs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = c.legs[i].appendText(b, paths)
	}
	return b
}

// PassText is the move of a seat that can use neither die.
const PassText = "pass"

// moveSet is every use of the dice, legal or not, so that a rejected move
// can be explained.
type moveSet struct {
	legal  []cand
	paths  []path                // the paths of the legs of legal
	barred map[string]rules.Text // text → why it is not allowed although the piece could go there
}

// moves lists the legal moves of PhaseMove with their texts (see
// genMoves). With explain, the set also says why the uses of the dice it
// leaves out are not allowed.
func (p *Position) moves(explain bool) moveSet {
	g := genPool.Get().(*moveGen)
	defer genPool.Put(g)
	var set moveSet
	if explain {
		set.barred = map[string]rules.Text{}
	}
	p.genMoves(g, set.barred)
	texts := g.texts()
	set.legal = slices.Clone(g.legal)
	set.paths = slices.Clone(g.paths)
	for i := range set.legal {
		set.legal[i].text = texts.text(i)
	}
	return set
}

// genTexts are the texts of the legal moves of PhaseMove.
func (p *Position) genTexts() moveTexts {
	g := genPool.Get().(*moveGen)
	defer genPool.Put(g)
	p.genMoves(g, nil)
	return g.texts()
}

// moveTexts are the texts of a list of moves, one after the other in one
// string: move i's ends at ends[i].
type moveTexts struct {
	all  string
	ends []int32
}

// text is the text of move i.
func (t moveTexts) text(i int) string {
	at := int32(0)
	if i > 0 {
		at = t.ends[i-1]
	}
	return t.all[at:t.ends[i]]
}

// texts are the texts of g.legal. A leg that does not stop to capture on
// the way has its path's text, made once.
func (g *moveGen) texts() moveTexts {
	g.pathText = slices.Grow(g.pathText[:0], len(g.paths))[:len(g.paths)]
	clear(g.pathText)
	g.legText, g.text = g.legText[:0], g.text[:0]
	ends := make([]int32, len(g.legal))
	for i := range g.legal {
		c := &g.legal[i]
		if c.kind != candLegs {
			g.text = c.appendText(g.text, g.paths)
			ends[i] = int32(len(g.text))
			continue
		}
		for k := range c.nlegs {
			if k > 0 {
				g.text = append(g.text, ", "...)
			}
			lp := &c.legs[k]
			if lp.stop != 0 {
				g.text = lp.appendText(g.text, g.paths)
				continue
			}
			at := &g.pathText[lp.path]
			if at[1] == 0 {
				at[0] = int32(len(g.legText))
				g.legText = lp.appendText(g.legText, g.paths)
				at[1] = int32(len(g.legText))
			}
			g.text = append(g.text, g.legText[at[0]:at[1]]...)
		}
		ends[i] = int32(len(g.text))
	}
	return moveTexts{all: string(g.text), ends: ends}
}

// genPool keeps move generators for moves, which copies out what it keeps.
var genPool = sync.Pool{New: func() any { return new(moveGen) }}

// moveGen works out the moves of PhaseMove in buffers it keeps from one
// position to the next, so that a search lists moves without allocating.
type moveGen struct {
	occ   [Cells]int8 // the seat of the piece on each cell, or -1
	paths []path
	legal []cand
	one   [2][]cand // the moves of each die alone
	// moves' scratch: the texts, and each path's text as a leg.
	text, legText []byte
	pathText      [][2]int32
}

// genMoves lists the legal moves of PhaseMove in g.legal, without their
// texts. The whole throw must be used when it can be: one piece the whole
// count, or two pieces one die each. When it cannot, the larger die alone
// if it can be used, else the smaller. The last piece may instead go HOME
// with either die alone, the other die ignored. On doubles a jump over a
// fence may replace the move. With nothing to do, the only move is
// "pass". When barred is not nil, genMoves adds to it, by text, the uses
// of the dice it leaves out and why.
func (p *Position) genMoves(g *moveGen, barred map[string]rules.Text) {
	seat := p.seat
	for i := range g.occ {
		g.occ[i] = -1
	}
	for s := range p.players {
		for _, sq := range p.pieces[s] {
			if sq.OnGrid() {
				g.occ[sq] = int8(s)
			}
		}
	}
	opponent := func(s Square) bool { return s.OnGrid() && g.occ[s] >= 0 && g.occ[s] != seat }
	ownAt := func(s Square) bool { return s.OnGrid() && g.occ[s] == seat }
	var own [PiecesPerSeat]Square
	nown := 0
	for _, sq := range p.pieces[seat] {
		if sq.OnGrid() {
			own[nown] = sq
			nown++
		}
	}
	d1, d2 := int(p.dice[0]), int(p.dice[1])
	dice, ndice := [2]int{d1, d2}, 2
	if d1 == d2 {
		ndice = 1
	}
	// Paths for each piece and each die, ending outside the start areas;
	// then each piece's paths for the whole throw. The ranges index paths.
	g.paths = g.paths[:0]
	var single [PiecesPerSeat][2][2]int
	var whole [PiecesPerSeat][2]int
	for i := range nown {
		for j := range ndice {
			lo := len(g.paths)
			g.paths = p.walk(g.paths, own[i], dice[j])
			k := lo
			for x := lo; x < len(g.paths); x++ {
				if e := g.paths[x].end(); e == Home || Board.area[e] != StartArea {
					g.paths[k] = g.paths[x]
					k++
				}
			}
			g.paths = g.paths[:k]
			single[i][j] = [2]int{lo, k}
		}
		if ndice == 1 {
			single[i][1] = single[i][0]
		}
	}
	for i := range nown {
		lo := len(g.paths)
		g.paths = p.walk(g.paths, own[i], d1+d2)
		whole[i] = [2]int{lo, len(g.paths)}
	}
	g.legal = g.legal[:0]
	// One piece, the whole throw; it may stop between the dice to capture.
	for i, a := range own[:nown] {
		for x := whole[i][0]; x < whole[i][1]; x++ {
			pt := &g.paths[x]
			end := pt.end()
			if end != Home && (Board.area[end] == StartArea || (ownAt(end) && end != a)) {
				continue
			}
			base := legPlay{path: int16(x), capEnd: opponent(end)}
			g.legal = append(g.legal, cand{kind: candLegs, nlegs: 1, legs: [2]legPlay{base}})
			for _, k := range dice[:ndice] {
				c := pt.cells[k]
				if opponent(c) && Board.area[c] != StartArea {
					lp := base
					lp.stop, lp.capStop, lp.capEnd = int8(k), true, base.capEnd && end != c
					g.legal = append(g.legal, cand{kind: candLegs, nlegs: 1, legs: [2]legPlay{lp}})
				}
			}
		}
	}
	// Two pieces, one die each, played in an order that works: a piece may
	// end where the other started if that one moves first. On doubles each
	// pair of pieces is taken once.
	for i, a := range own[:nown] {
		for j, b := range own[:nown] {
			if i == j || (d1 == d2 && j < i) {
				continue
			}
			for x := single[i][0][0]; x < single[i][0][1]; x++ {
				for y := single[j][1][0]; y < single[j][1][1]; y++ {
					first, second := x, y
					ea, eb := g.paths[x].end(), g.paths[y].end()
					if ea == eb && ea != Home {
						continue
					}
					okAB := !(ownAt(ea) && ea != a) && !(ownAt(eb) && eb != a && eb != b)
					okBA := !(ownAt(eb) && eb != b) && !(ownAt(ea) && ea != a && ea != b)
					switch {
					case okAB && okBA:
					case okBA:
						first, second = second, first
					case !okAB:
						continue
					}
					c := cand{kind: candLegs, nlegs: 2}
					c.legs[0] = legPlay{path: int16(first), capEnd: opponent(g.paths[first].end())}
					c.legs[1] = legPlay{path: int16(second), capEnd: opponent(g.paths[second].end())}
					g.legal = append(g.legal, c)
				}
			}
		}
	}
	// One die alone.
	g.one[0], g.one[1] = g.one[0][:0], g.one[1][:0]
	for i, a := range own[:nown] {
		for j := range ndice {
			for x := single[i][j][0]; x < single[i][j][1]; x++ {
				end := g.paths[x].end()
				if ownAt(end) && end != a {
					continue
				}
				c := cand{kind: candLegs, nlegs: 1}
				c.legs[0] = legPlay{path: int16(x), capEnd: opponent(end)}
				g.one[j] = append(g.one[j], c)
			}
		}
	}
	last := nown == 1 && p.HomeCount(rules.Seat(seat)) == PiecesPerSeat-1
	var use int // which one-die list is legal: 0 or 1, or -1 for neither
	switch {
	case len(g.legal) > 0:
		use = -1
	case len(g.one[0]) > 0:
		use = 0
	default:
		use = 1
	}
	for j := range ndice {
		for k := range g.one[j] {
			c := &g.one[j][k]
			switch {
			case j == use || (last && g.paths[c.legs[0].path].end() == Home):
				// The last piece goes HOME with either die, the other ignored.
				g.legal = append(g.legal, *c)
			case barred == nil:
			case use == -1:
				barred[string(c.appendText(nil, g.paths))] = rules.Textf("you must use the whole throw %d-%d when you can", d1, d2)
			default:
				barred[string(c.appendText(nil, g.paths))] = rules.Textf("only one die can be used, and then it must be the larger, %d", d1)
			}
		}
	}
	if d1 == d2 {
		n := len(g.legal)
		g.legal = p.appendJumps(g.legal, own[:nown], &g.occ)
		if n == 0 && len(g.legal) > 0 {
			g.legal = append(g.legal, cand{kind: candPass})
		}
	} else if barred != nil {
		for _, c := range p.appendJumps(nil, own[:nown], &g.occ) {
			barred[string(c.appendText(nil, g.paths))] = rules.Textf("a piece may jump a fence only on doubles")
		}
	}
	if len(g.legal) == 0 {
		g.legal = append(g.legal, cand{kind: candPass})
	}
}

// appendJumps appends the doubles jumps: one of the seat's pieces standing
// against a fence jumps it to the square beyond. Never over a border line,
// a HOME wall or an arrow (those are no fences), never onto a piece, never
// into an entrance closed because nobody sits on its side.
func (p *Position) appendJumps(out []cand, own []Square, occ *[Cells]int8) []cand {
	for _, a := range own {
		for d := North; d <= West; d++ {
			e := &Board.edges[a][d]
			if e.kind != SlotEdge || p.fences[e.slot] == vacant || occ[e.to] >= 0 || p.closedEntrance(e.to) {
				continue
			}
			out = append(out, cand{kind: candJump, jump: [2]Square{a, e.to}})
		}
	}
	return out
}

func jumpText(from, to Square) string { return "jump " + from.String() + "-" + to.String() }

func (p *Position) playMove(text string) (*Position, error) {
	var next *Position
	if p.withMove(text, func(c *cand, paths []path) { next = p.apply(c, paths) }) {
		return next, nil
	}
	set := p.moves(true)
	if why, ok := set.barred[text]; ok {
		return nil, &rules.IllegalError{Reason: why}
	}
	return nil, p.whyNot(text, set)
}

// whyNot explains why text is not a legal move.
func (p *Position) whyNot(text string, set moveSet) error {
	if set.legal[0].kind == candPass && len(set.legal) == 1 {
		return rules.Illegalf("no piece can move with %d-%d: the only move is pass", p.dice[0], p.dice[1])
	}
	if text == PassText {
		return rules.Illegalf("you cannot pass: a piece can move")
	}
	if _, err := ParseFenceMove(text); err == nil {
		return rules.Illegalf("a fence moves only at the start of the turn, before the roll")
	}
	legs, err := ParseLegs(text)
	if err != nil {
		return rules.Illegal(err)
	}
	if len(legs) == 0 {
		return rules.Illegalf("no move given")
	}
	d1, d2 := int(p.dice[0]), int(p.dice[1])
	for _, lg := range legs {
		if seat, ok := p.PieceAt(lg.From); !ok || seat != rules.Seat(p.seat) {
			return rules.Illegalf("there is no piece of yours on %s", lg.From.String())
		}
	}
	if legs[0].Jump {
		if d1 != d2 {
			return rules.Illegalf("a piece may jump a fence only on doubles")
		}
		return rules.Illegalf("%s cannot jump there: a jump goes over a fence beside the piece to a vacant square", legs[0].From.String())
	}
	if len(legs) == 2 {
		if legs[0].From == legs[1].From {
			return rules.Illegalf("with one die each, the two dice move two different pieces")
		}
		n0, n1 := legs[0].Steps(), legs[1].Steps()
		if !(n0 == d1 && n1 == d2) && !(n0 == d2 && n1 == d1) {
			return rules.Illegalf("those paths count %d and %d; the dice show %d and %d", n0, n1, d1, d2)
		}
	} else if n := legs[0].Steps(); n != d1+d2 && n != d1 && n != d2 {
		return rules.Illegalf("that path counts %d; with %d-%d a piece moves %d, %d or %d", n, d1, d2, d1+d2, d1, d2)
	}
	for _, lg := range legs {
		if end := lg.End(); end != Home && Board.area[end] == StartArea {
			return rules.Illegalf("no piece may return to a start area")
		}
		if end := lg.End(); end != lg.From {
			if seat, ok := p.PieceAt(end); ok && seat == rules.Seat(p.seat) && !slices.ContainsFunc(legs, func(o Leg) bool { return o.From == end }) {
				return rules.Illegalf("your own piece stands on %s", end.String())
			}
		}
	}
	return rules.Illegalf("%q is not a path a piece can take with %d-%d: a piece goes straight and turns only where a fence, a border line or an arrow stands in its way (HOME only by exact count), and captures only where it stops", text, d1, d2)
}

// apply plays a legal move whose legs' paths are in paths.
func (p *Position) apply(c *cand, paths []path) *Position {
	next := p.clone()
	seat := int(p.seat)
	victims, n := movePieces(&next.pieces, p.players, seat, c, paths)
	for _, v := range victims[:n] {
		slices.Sort(next.pieces[v][:])
		next.pending[next.npending] = v
		next.npending++
	}
	slices.Sort(next.pieces[seat][:])
	next.last.Move = c.text
	switch {
	case next.HomeCount(rules.Seat(seat)) == PiecesPerSeat:
		next.finish(rules.Finished, rules.Seat(seat))
	case next.npending > 0:
		next.phase = PhaseCorner
		next.dice = [2]int8{}
	default:
		next.endTurn()
	}
	return next
}

// movePieces plays the move c of seat (its legs' paths in paths) on
// pieces, of players seats, without sorting them: a captured piece
// becomes NoSquare. It returns the seats of the captured pieces, in the
// order captured.
func movePieces(pieces *[4][PiecesPerSeat]Square, players, seat int, c *cand, paths []path) (victims [2]int8, n int) {
	move := func(from, to Square) {
		i := slices.Index(pieces[seat][:], from)
		pieces[seat][i] = to
	}
	capture := func(s Square) {
		for v := range players {
			if v == seat {
				continue
			}
			if i := slices.Index(pieces[v][:], s); i >= 0 {
				pieces[v][i] = NoSquare
				victims[n] = int8(v)
				n++
				return
			}
		}
	}
	switch c.kind {
	case candJump:
		move(c.jump[0], c.jump[1])
	case candLegs:
		for i := range c.nlegs {
			lp := &c.legs[i]
			pt := &paths[lp.path]
			if lp.capStop {
				capture(pt.cells[lp.stop])
			}
			if lp.capEnd {
				capture(pt.end())
			}
			move(pt.cells[0], pt.end())
		}
	}
	return victims, n
}

// Point is a square on a piece's path where it turns, stops to capture, or
// ends.
type Point struct {
	Square  Square // Home when the piece ends in HOME
	Capture bool   // the piece captures there
}

// Leg is the path of one piece in a move, read from the move's text: the
// square it started from and the points after it; straight lines join
// them. A jump has one point, the square beyond the fence.
type Leg struct {
	From   Square
	Points []Point
	Jump   bool
}

// End is where the piece ends: its last point.
func (lg Leg) End() Square { return lg.Points[len(lg.Points)-1].Square }

// Squares lists every square the piece enters, in order, the last being
// End (Home for HOME). A jump enters one.
func (lg Leg) Squares() []Square {
	var out []Square
	at := lg.From
	for _, pt := range lg.Points {
		if lg.Jump {
			return []Square{pt.Square}
		}
		to := pt.Square
		if to == Home {
			to = homeLine(at)
		}
		if at.File() != to.File() && at.Rank() != to.Rank() {
			return out // not a straight line: ParseLegs never makes such a leg
		}
		df, dr := cmp.Compare(to.File(), at.File()), cmp.Compare(to.Rank(), at.Rank())
		for at != to {
			at = SquareAt(at.File()+df, at.Rank()+dr)
			out = append(out, at)
		}
		if pt.Square == Home {
			out = append(out, Home)
			at = Home
		}
	}
	return out
}

// Steps is the count the leg uses: the number of squares it enters (0
// for a jump, which counts nothing).
func (lg Leg) Steps() int {
	if lg.Jump {
		return 0
	}
	return len(lg.Squares())
}

// homeLine is the entrance square in line with s toward HOME, or s when
// none is: a straight segment from s ends in HOME only through it.
func homeLine(s Square) Square {
	for side := SouthSide; side <= EastSide; side++ {
		e := Board.entrance[side]
		d := Board.openingDir(e)
		df, dr := d.Step()
		// s lies behind e, seen from HOME: e = s + k*(df, dr), k ≥ 0.
		if df == 0 && s.File() == e.File() && (e.Rank()-s.Rank())*dr >= 0 {
			return e
		}
		if dr == 0 && s.Rank() == e.Rank() && (e.File()-s.File())*df >= 0 {
			return e
		}
	}
	return s
}

// ParseLegs reads a move text into its legs without checking it against
// any position: "b1-b4xf4", "b1-b6, n14-k14", "jump e5-e6"; "pass" (and
// "") has none. Spaces are optional. Consecutive points must lie on one
// file or rank, or lead straight into HOME through an entrance.
func ParseLegs(text string) ([]Leg, error) {
	t := strings.ReplaceAll(text, " ", "")
	if t == PassText || t == "" {
		return nil, nil
	}
	if rest, ok := strings.CutPrefix(t, "jump"); ok {
		a, b, ok := strings.Cut(rest, "-")
		from, to := parseCell(a), parseCell(b)
		if !ok || from == NoSquare || to == NoSquare || Board.SlotBetween(from, to) == NoSlot {
			return nil, rules.Mistake(rules.Textf("%q is not a jump like \"jump e5-e6\" (two squares with a slot between them)", text))
		}
		return []Leg{{From: from, Points: []Point{{Square: to}}, Jump: true}}, nil
	}
	parts := strings.Split(t, ",")
	if len(parts) > 2 {
		return nil, rules.Mistake(rules.Textf("%q: a move has one or two pieces' paths", text))
	}
	var legs []Leg
	for _, part := range parts {
		lg, err := parseLeg(part)
		if err != nil {
			return nil, rules.Mistake(rules.Textf("%q: %s", text, rules.Reason(err)))
		}
		legs = append(legs, lg)
	}
	return legs, nil
}

// parseLeg reads one leg: a square, then points each after "-" or "x".
func parseLeg(t string) (Leg, error) {
	var lg Leg
	i := 0
	next := func() (Square, bool) {
		if strings.HasPrefix(t[i:], "home") {
			i += 4
			return Home, true
		}
		j := i
		if j < len(t) && t[j] >= 'a' && t[j] <= 'o' {
			j++
		}
		for j < len(t) && t[j] >= '0' && t[j] <= '9' {
			j++
		}
		s := parseCell(t[i:j])
		i = j
		return s, s != NoSquare && Board.area[s] != HomeArea
	}
	from, ok := next()
	if !ok || from == Home {
		return lg, rules.Mistake(rules.Textf("a path starts with a square, like b1-b6"))
	}
	lg.From = from
	at := from
	for i < len(t) {
		sep := t[i]
		if sep != '-' && sep != 'x' {
			return lg, rules.Mistake(rules.Textf("points of a path are joined by - (or x for a capture), not %q", sep))
		}
		i++
		s, ok := next()
		if !ok || at == Home {
			return lg, rules.Mistake(rules.Textf("bad point in the path after %s", at.String()))
		}
		if s == Home {
			if e := homeLine(at); e == at && Board.area[at] != Entrance {
				return lg, rules.Mistake(rules.Textf("%s is not in line with an entrance to HOME", at.String()))
			}
		} else if s == at || (s.File() != at.File() && s.Rank() != at.Rank()) {
			return lg, rules.Mistake(rules.Textf("%s to %s is not a straight line", at.String(), s.String()))
		}
		if sep == 'x' && s == Home {
			return lg, rules.Mistake(rules.Textf("nothing is captured in HOME"))
		}
		lg.Points = append(lg.Points, Point{Square: s, Capture: sep == 'x'})
		at = s
	}
	if len(lg.Points) == 0 {
		return lg, rules.Mistake(rules.Textf("a path needs an end, like b1-b6"))
	}
	return lg, nil
}
