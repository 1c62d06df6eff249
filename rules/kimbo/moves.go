package kimbo

import (
	"fmt"
	"slices"
	"strings"

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

// walk calls fn with every path a piece on from can take for a count of n:
// it starts in any direction not blocked, goes straight, and where a
// fence, a border line, a HOME wall or an arrow stands in its way it turns
// left or right (both, when both are open: two paths); when neither is
// open it goes back the way it came, if that is open. fn must not keep pt.
func (p *Position) walk(from Square, n int, fn func(pt *path)) {
	var pt path
	pt.n = n
	pt.cells[0] = from
	var step func(k int, d Dir)
	step = func(k int, d Dir) {
		c := Board.edges[pt.cells[k]][d].to
		k++
		pt.cells[k], pt.dirs[k] = c, d
		if k == n {
			fn(&pt)
			return
		}
		if c == Home {
			return // HOME is entered only on the last step; open says so
		}
		r := n - k
		if p.open(c, d, r) {
			step(k, d)
			return
		}
		turned := false
		for _, nd := range [2]Dir{d.Left(), d.Right()} {
			if p.open(c, nd, r) {
				turned = true
				step(k, nd)
			}
		}
		if !turned && p.open(c, d.Back(), r) {
			step(k, d.Back())
		}
	}
	for d := North; d <= West; d++ {
		if p.open(from, d, n) {
			step(0, d)
		}
	}
}

// legPlay is one piece's part of a move: its path, and where it captures.
type legPlay struct {
	path    path
	stop    int  // a step where the piece stops between the dice to capture, 0 for none
	capStop bool // it captures at stop
	capEnd  bool // it captures where it ends
}

func (lp *legPlay) from() Square { return lp.path.cells[0] }

// text is the leg's canonical text: its start square, then each square
// where it turns, stops to capture or ends, each after "-", or after "x"
// when the piece captures there: "b1-b4xf4-f7".
func (lp *legPlay) text() string {
	b := make([]byte, 0, 16)
	b = append(b, lp.from().String()...)
	pt := &lp.path
	for k := 1; k < pt.n; k++ {
		switch {
		case k == lp.stop:
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
	return string(append(b, pt.end().String()...))
}

type candKind uint8

const (
	candLegs candKind = iota
	candJump
	candPass
)

// cand is a legal move: one or two legs in the order they are played, a
// jump, or a pass.
type cand struct {
	text  string
	kind  candKind
	legs  [2]legPlay
	nlegs int
	jump  [2]Square // from, to
}

// PassText is the move of a seat that can use neither die.
const PassText = "pass"

// moveSet is every use of the dice, legal or not, so that a rejected move
// can be explained.
type moveSet struct {
	legal  []cand
	barred map[string]string // text → why it is not allowed although the piece could go there
}

// moves lists the legal moves of PhaseMove. The whole throw must be used
// when it can be: one piece the whole count, or two pieces one die each.
// When it cannot, the larger die alone if it can be used, else the
// smaller. The last piece may instead go HOME with either die alone, the
// other die ignored. On doubles a jump over a fence may replace the move.
// With nothing to do, the only move is "pass". With explain, the set also
// says why the uses of the dice it leaves out are not allowed.
func (p *Position) moves(explain bool) moveSet {
	seat := p.seat
	var occ [Cells]int8
	for i := range occ {
		occ[i] = -1
	}
	for s := range p.players {
		for _, sq := range p.pieces[s] {
			if sq.OnGrid() {
				occ[sq] = int8(s)
			}
		}
	}
	opponent := func(s Square) bool { return s.OnGrid() && occ[s] >= 0 && occ[s] != seat }
	ownAt := func(s Square) bool { return s.OnGrid() && occ[s] == seat }
	var own []Square
	for _, sq := range p.pieces[seat] {
		if sq.OnGrid() {
			own = append(own, sq)
		}
	}
	d1, d2 := int(p.dice[0]), int(p.dice[1])
	set := moveSet{}
	if explain {
		set.barred = map[string]string{}
	}
	// Paths for each piece and each die, ending outside the start areas,
	// each with its text as a leg that captures where it ends if it can.
	type single struct {
		path path
		text string
	}
	dice := []int{d1}
	if d2 != d1 {
		dice = append(dice, d2)
	}
	singles := make([][2][]single, len(own))
	for i, a := range own {
		for j, d := range dice {
			p.walk(a, d, func(pt *path) {
				if e := pt.end(); e == Home || Board.area[e] != StartArea {
					lp := legPlay{path: *pt, capEnd: opponent(e)}
					singles[i][j] = append(singles[i][j], single{*pt, lp.text()})
				}
			})
		}
		if len(dice) == 1 {
			singles[i][1] = singles[i][0]
		}
	}
	var full []cand
	// One piece, the whole throw; it may stop between the dice to capture.
	for _, a := range own {
		p.walk(a, d1+d2, func(pt *path) {
			end := pt.end()
			if end != Home && (Board.area[end] == StartArea || (ownAt(end) && end != a)) {
				return
			}
			base := legPlay{path: *pt, capEnd: opponent(end)}
			full = append(full, legCand(base))
			for _, k := range dice {
				c := pt.cells[k]
				if opponent(c) && Board.area[c] != StartArea {
					lp := base
					lp.stop, lp.capStop, lp.capEnd = k, true, base.capEnd && end != c
					full = append(full, legCand(lp))
				}
			}
		})
	}
	// Two pieces, one die each, played in an order that works: a piece may
	// end where the other started if that one moves first. On doubles each
	// pair of pieces is taken once.
	for i, a := range own {
		for j, b := range own {
			if i == j || (d1 == d2 && j < i) {
				continue
			}
			for _, sa := range singles[i][0] {
				for _, sb := range singles[j][1] {
					ea, eb := sa.path.end(), sb.path.end()
					if ea == eb && ea != Home {
						continue
					}
					okAB := !(ownAt(ea) && ea != a) && !(ownAt(eb) && eb != a && eb != b)
					okBA := !(ownAt(eb) && eb != b) && !(ownAt(ea) && ea != a && ea != b)
					first, second := &sa, &sb
					switch {
					case okAB && okBA:
					case okBA:
						first, second = second, first
					case !okAB:
						continue
					}
					c := cand{kind: candLegs, nlegs: 2, text: first.text + ", " + second.text}
					c.legs[0] = legPlay{path: first.path, capEnd: opponent(first.path.end())}
					c.legs[1] = legPlay{path: second.path, capEnd: opponent(second.path.end())}
					full = append(full, c)
				}
			}
		}
	}
	// One die alone.
	var one [2][]cand
	for i, a := range own {
		for j := range dice {
			for _, s := range singles[i][j] {
				if ownAt(s.path.end()) && s.path.end() != a {
					continue
				}
				c := cand{kind: candLegs, nlegs: 1, text: s.text}
				c.legs[0] = legPlay{path: s.path, capEnd: opponent(s.path.end())}
				one[j] = append(one[j], c)
			}
		}
	}
	last := len(own) == 1 && p.HomeCount(rules.Seat(seat)) == PiecesPerSeat-1
	var use int // which one-die list is legal: 0 or 1, or -1 for neither
	switch {
	case len(full) > 0:
		set.legal, use = full, -1
	case len(one[0]) > 0:
		use = 0
	default:
		use = 1
	}
	for j, list := range one {
		for _, c := range list {
			switch {
			case j == use || (last && c.legs[0].path.end() == Home):
				// The last piece goes HOME with either die, the other ignored.
				set.legal = append(set.legal, c)
			case !explain:
			case use == -1:
				set.barred[c.text] = fmt.Sprintf("you must use the whole throw %d-%d when you can", d1, d2)
			default:
				set.barred[c.text] = fmt.Sprintf("only one die can be used, and then it must be the larger, %d", d1)
			}
		}
		if len(dice) == 1 {
			break // doubles: one list
		}
	}
	if d1 == d2 {
		jumps := p.jumps(own, occ)
		if len(set.legal) == 0 && len(jumps) > 0 {
			jumps = append(jumps, cand{kind: candPass, text: PassText})
		}
		set.legal = append(set.legal, jumps...)
	} else if explain {
		for _, c := range p.jumps(own, occ) {
			set.barred[c.text] = "a piece may jump a fence only on doubles"
		}
	}
	if len(set.legal) == 0 {
		set.legal = []cand{{kind: candPass, text: PassText}}
	}
	return set
}

func legCand(lp legPlay) cand {
	c := cand{kind: candLegs, nlegs: 1, text: lp.text()}
	c.legs[0] = lp
	return c
}

// jumps lists the doubles jumps: one of the seat's pieces standing against
// a fence jumps it to the square beyond. Never over a border line, a HOME
// wall or an arrow (those are no fences), never onto a piece, never into
// an entrance closed because nobody sits on its side.
func (p *Position) jumps(own []Square, occ [Cells]int8) []cand {
	var out []cand
	for _, a := range own {
		for d := North; d <= West; d++ {
			e := &Board.edges[a][d]
			if e.kind != SlotEdge || p.fences[e.slot] == vacant || occ[e.to] >= 0 || p.closedEntrance(e.to) {
				continue
			}
			out = append(out, cand{kind: candJump, jump: [2]Square{a, e.to}, text: jumpText(a, e.to)})
		}
	}
	return out
}

func jumpText(from, to Square) string { return "jump " + from.String() + "-" + to.String() }

func (p *Position) playMove(text string) (*Position, error) {
	set := p.legalMoves()
	for i := range set.legal {
		if set.legal[i].text == text {
			return p.apply(&set.legal[i]), nil
		}
	}
	set = p.moves(true)
	if why, ok := set.barred[text]; ok {
		return nil, fmt.Errorf("%w: %s", rules.ErrIllegal, why)
	}
	return nil, p.whyNot(text, set)
}

// whyNot explains why text is not a legal move.
func (p *Position) whyNot(text string, set moveSet) error {
	if set.legal[0].kind == candPass && len(set.legal) == 1 {
		return fmt.Errorf("%w: no piece can move with %d-%d: the only move is pass", rules.ErrIllegal, p.dice[0], p.dice[1])
	}
	if text == PassText {
		return fmt.Errorf("%w: you cannot pass: a piece can move", rules.ErrIllegal)
	}
	if _, err := ParseFenceMove(text); err == nil {
		return fmt.Errorf("%w: a fence moves only at the start of the turn, before the roll", rules.ErrIllegal)
	}
	legs, err := ParseLegs(text)
	if err != nil {
		return fmt.Errorf("%w: %v", rules.ErrIllegal, err)
	}
	if len(legs) == 0 {
		return fmt.Errorf("%w: no move given", rules.ErrIllegal)
	}
	d1, d2 := int(p.dice[0]), int(p.dice[1])
	for _, lg := range legs {
		if seat, ok := p.PieceAt(lg.From); !ok || seat != rules.Seat(p.seat) {
			return fmt.Errorf("%w: there is no piece of yours on %s", rules.ErrIllegal, lg.From)
		}
	}
	if legs[0].Jump {
		if d1 != d2 {
			return fmt.Errorf("%w: a piece may jump a fence only on doubles", rules.ErrIllegal)
		}
		return fmt.Errorf("%w: %s cannot jump there: a jump goes over a fence beside the piece to a vacant square", rules.ErrIllegal, legs[0].From)
	}
	if len(legs) == 2 {
		if legs[0].From == legs[1].From {
			return fmt.Errorf("%w: with one die each, the two dice move two different pieces", rules.ErrIllegal)
		}
		n0, n1 := legs[0].Steps(), legs[1].Steps()
		if !(n0 == d1 && n1 == d2) && !(n0 == d2 && n1 == d1) {
			return fmt.Errorf("%w: those paths count %d and %d; the dice show %d and %d", rules.ErrIllegal, n0, n1, d1, d2)
		}
	} else if n := legs[0].Steps(); n != d1+d2 && n != d1 && n != d2 {
		return fmt.Errorf("%w: that path counts %d; with %d-%d a piece moves %d, %d or %d", rules.ErrIllegal, n, d1, d2, d1+d2, d1, d2)
	}
	for _, lg := range legs {
		if end := lg.End(); end != Home && Board.area[end] == StartArea {
			return fmt.Errorf("%w: no piece may return to a start area", rules.ErrIllegal)
		}
		if end := lg.End(); end != lg.From {
			if seat, ok := p.PieceAt(end); ok && seat == rules.Seat(p.seat) && !slices.ContainsFunc(legs, func(o Leg) bool { return o.From == end }) {
				return fmt.Errorf("%w: your own piece stands on %s", rules.ErrIllegal, end)
			}
		}
	}
	return fmt.Errorf("%w: %q is not a path a piece can take with %d-%d: a piece goes straight and turns only where a fence, a border line or an arrow stands in its way (HOME only by exact count), and captures only where it stops", rules.ErrIllegal, text, d1, d2)
}

// apply plays a legal move.
func (p *Position) apply(c *cand) *Position {
	next := p.clone()
	seat := int(p.seat)
	movePiece := func(from, to Square) {
		i := slices.Index(next.pieces[seat][:], from)
		next.pieces[seat][i] = to
	}
	capture := func(s Square) {
		for v := range next.players {
			if v == seat {
				continue
			}
			if i := slices.Index(next.pieces[v][:], s); i >= 0 {
				next.pieces[v][i] = NoSquare
				slices.Sort(next.pieces[v][:])
				next.pending[next.npending] = int8(v)
				next.npending++
				return
			}
		}
	}
	switch c.kind {
	case candJump:
		movePiece(c.jump[0], c.jump[1])
	case candLegs:
		for i := range c.nlegs {
			lp := &c.legs[i]
			if lp.capStop {
				capture(lp.path.cells[lp.stop])
			}
			if lp.capEnd {
				capture(lp.path.end())
			}
			movePiece(lp.from(), lp.path.end())
		}
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
		df, dr := sign(to.File()-at.File()), sign(to.Rank()-at.Rank())
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

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
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
			return nil, fmt.Errorf("%q is not a jump like \"jump e5-e6\" (two squares with a slot between them)", text)
		}
		return []Leg{{From: from, Points: []Point{{Square: to}}, Jump: true}}, nil
	}
	parts := strings.Split(t, ",")
	if len(parts) > 2 {
		return nil, fmt.Errorf("%q: a move has one or two pieces' paths", text)
	}
	var legs []Leg
	for _, part := range parts {
		lg, err := parseLeg(part)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", text, err)
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
		return lg, fmt.Errorf("a path starts with a square, like b1-b6")
	}
	lg.From = from
	at := from
	for i < len(t) {
		sep := t[i]
		if sep != '-' && sep != 'x' {
			return lg, fmt.Errorf("points of a path are joined by - (or x for a capture), not %q", sep)
		}
		i++
		s, ok := next()
		if !ok || at == Home {
			return lg, fmt.Errorf("bad point in the path after %s", at)
		}
		if s == Home {
			if e := homeLine(at); e == at && Board.area[at] != Entrance {
				return lg, fmt.Errorf("%s is not in line with an entrance to HOME", at)
			}
		} else if s == at || (s.File() != at.File() && s.Rank() != at.Rank()) {
			return lg, fmt.Errorf("%s to %s is not a straight line", at, s)
		}
		if sep == 'x' && s == Home {
			return lg, fmt.Errorf("nothing is captured in HOME")
		}
		lg.Points = append(lg.Points, Point{Square: s, Capture: sep == 'x'})
		at = s
	}
	if len(lg.Points) == 0 {
		return lg, fmt.Errorf("a path needs an end, like b1-b6")
	}
	return lg, nil
}
