package kimbo

import (
	"fmt"
	"strings"

	"parlor/rules"
	"parlor/rules/dice"
)

// Describe implements rules.State: the legal move m in words, such as
// "South: b1 north 5 to b6, capturing West's piece; n14 west 3 to k14".
func (p *Position) Describe(m rules.Move) rules.Text {
	who := p.Turn()
	name := rules.Word("Nobody")
	if who >= 0 {
		name = p.Side(who).Word()
	}
	text := strings.TrimSpace(m.Text)
	switch p.phase {
	case PhaseOpening, PhaseRoll:
		a, b, err := dice.Parse(text, "roll")
		if err != nil {
			break
		}
		odds := dice.Chance(a, b)
		if p.phase == PhaseOpening {
			return rules.Textf("%s rolls %d and %d (%d) in the opening roll (%s)", name, a, b, a+b, odds)
		}
		return rules.Textf("%s rolls %d and %d (%s)", name, a, b, odds)
	case PhaseFence:
		f, err := ParseFenceMove(text)
		if err != nil {
			return rules.Plain(text)
		}
		if f.From == NoSlot {
			return rules.Textf("%s moves no fence", name)
		}
		return rules.Textf("%s moves a fence from %s to %s", name, f.From, f.To)
	case PhaseCorner:
		if victim, area, sq, ok := p.Corner(m); ok {
			return rules.Textf("%s's captured piece goes back to the %s start area (%s)", victim.Word(), area, sq)
		}
		return rules.Plain(text)
	case PhaseMove:
		var words rules.Text
		if p.withMove(text, func(c *cand, paths []path) { words = rules.Textf("%s: %s", name, p.describeCand(c, paths)) }) {
			return words
		}
	}
	return rules.Plain(text)
}

// Corner is what the corner decision m does: the side whose captured
// piece goes back to a start area, the area's name ("south-east") and the
// square the piece goes to; ok is false when m is not a corner decision
// of this position.
func (p *Position) Corner(m rules.Move) (victim Side, area rules.Word, sq Square, ok bool) {
	if p.phase != PhaseCorner || p.npending == 0 {
		return 0, "", 0, false
	}
	c, ok := strings.CutPrefix(strings.TrimSpace(m.Text), "corner ")
	if !ok {
		return 0, "", 0, false
	}
	for i, cn := range cornerNames {
		if c == cn {
			victim := p.Side(rules.Seat(p.pending[0]))
			return victim, cornerWords[i], p.cornerSquare(i, victim), true
		}
	}
	return 0, "", 0, false
}

// cornerWords name the start areas in words, in the order of cornerNames.
var cornerWords = [4]rules.Word{rules.Word("south-west"), rules.Word("south-east"), rules.Word("north-east"), rules.Word("north-west")}

func (p *Position) describeCand(c *cand, paths []path) rules.Text {
	switch c.kind {
	case candPass:
		return rules.Textf("no piece can move with %d-%d: pass", p.dice[0], p.dice[1])
	case candJump:
		return rules.Textf("the piece on %s jumps the fence to %s, instead of moving", c.jump[0], c.jump[1])
	}
	s := p.describeLeg(&c.legs[0], paths)
	for i := 1; i < int(c.nlegs); i++ {
		s = rules.Textf("%s; %s", s, p.describeLeg(&c.legs[i], paths))
	}
	if n := paths[c.legs[0].path].n; c.nlegs == 1 && n != int(p.dice[0]+p.dice[1]) {
		s = rules.Textf("%s (the %d alone)", s, n)
	}
	return s
}

// describeLeg says where one piece goes: its runs, the first from the
// square it starts from, captures and HOME, one after the other.
func (p *Position) describeLeg(lp *legPlay, paths []path) rules.Text {
	pt := &paths[lp.path]
	var steps []rules.Text
	run := 0
	for k := 1; k <= pt.n; k++ {
		run++
		stop := k == int(lp.stop) || k == pt.n
		if !stop && !pt.turnsAt(k) {
			continue
		}
		switch {
		case run == 0:
		case len(steps) == 0 && pt.cells[k] == Home:
			steps = append(steps, rules.Textf("%s %s %d into HOME", pt.cells[0], pt.dirs[k].Word(), run))
		case len(steps) == 0:
			steps = append(steps, rules.Textf("%s %s %d to %s", pt.cells[0], pt.dirs[k].Word(), run, pt.cells[k]))
		case pt.cells[k] == Home:
			steps = append(steps, rules.Textf("%s %d into HOME", pt.dirs[k].Word(), run))
		default:
			steps = append(steps, rules.Textf("%s %d to %s", pt.dirs[k].Word(), run, pt.cells[k]))
		}
		run = 0
		if (k == int(lp.stop) && lp.capStop) || (k == pt.n && lp.capEnd) {
			if seat, ok := p.PieceAt(pt.cells[k]); ok {
				steps = append(steps, rules.Textf("capturing %s's piece", p.Side(seat).Word()))
			}
		}
	}
	if len(steps) == 0 {
		return rules.Plain(pt.cells[0].String())
	}
	return rules.List(steps...)
}

// Aliases implements rules.Aliaser. A roll may be typed "5-3" or "3-5";
// "nofence" as "none" or "skip"; a fence move with the squares of each
// slot in either order, with or without the "|"; a piece's path by its
// start and end squares alone ("b1-f4" for "b1-b4-f4"), without its x
// marks, and two pieces' paths in either order; a jump as "e5^e6"; pass as
// "none" or "skip"; a corner by its name alone ("sw"), in words
// ("south-west"), or by the square the piece goes to.
func (p *Position) Aliases(m rules.Move) []string {
	text := m.Text
	switch p.phase {
	case PhaseOpening, PhaseRoll:
		return dice.Aliases(text)
	case PhaseFence:
		f, err := ParseFenceMove(text)
		if err != nil {
			return nil
		}
		if f.From == NoSlot {
			return []string{"none", "skip", "no fence", "no"}
		}
		var out []string
		for _, a := range slotSpellings(f.From) {
			for _, b := range slotSpellings(f.To) {
				out = append(out, a+">"+b)
			}
		}
		return out
	case PhaseCorner:
		c, _ := strings.CutPrefix(text, "corner ")
		for i, cn := range cornerNames {
			if c == cn && p.npending > 0 {
				return []string{cn, string(cornerWords[i]), strings.ReplaceAll(string(cornerWords[i]), "-", ""),
					p.cornerSquare(i, p.Side(rules.Seat(p.pending[0]))).String()}
			}
		}
		return nil
	case PhaseMove:
		if text == PassText {
			return []string{"none", "skip", "no move"}
		}
		legs, err := ParseLegs(text)
		if err != nil || len(legs) == 0 {
			return nil
		}
		if legs[0].Jump {
			return []string{legs[0].From.String() + "^" + legs[0].End().String()}
		}
		short := make([]string, len(legs))
		plain := make([]string, len(legs))
		for i, lg := range legs {
			short[i] = lg.From.String() + "-" + lg.End().String()
			plain[i] = strings.ReplaceAll(legsText(legs[i:i+1]), "x", "-")
		}
		if len(legs) == 1 {
			return []string{short[0], plain[0]}
		}
		first, second := legsText(legs[:1]), legsText(legs[1:])
		return []string{short[0] + " " + short[1], short[1] + " " + short[0], plain[0] + " " + plain[1], second + ", " + first, plain[1] + " " + plain[0]}
	}
	return nil
}

// slotSpellings are the ways to write a slot: both orders of its squares,
// with and without the "|".
func slotSpellings(sl Slot) []string {
	a, b := Board.SlotSquares(sl)
	return []string{a.String() + "|" + b.String(), b.String() + "|" + a.String(), a.String() + b.String(), b.String() + a.String()}
}

// Drawing implements rules.State: the board, two characters a square and
// one between squares: pieces by their seat's letter (S W N E), "." an
// empty square, "o" an empty start square; "|" and "--" fences, "#" border
// lines and HOME's walls, ":" the arrows of the start areas; then the
// pieces HOME, the seats that have left the game ("West: left the game"),
// the fences by owner, the latest turn and whose decision it is.
func (p *Position) Drawing() string { return p.DrawingSaid(rules.Text.String) }

// homeWidth is the columns of the drawing's middle row of HOME, where the
// word HOME is written.
const homeWidth = 8

// DrawingSaid implements rules.Drawer: Drawing with its words said by say.
// The word HOME in the middle of the board is centred in HOME's columns,
// and cut if it is longer.
func (p *Position) DrawingSaid(say func(rules.Text) string) string {
	var b strings.Builder
	files := "    "
	for f := range Size {
		files += " " + string(rune('a'+f)) + " "
	}
	files = strings.TrimRight(files, " ")
	b.WriteString(files + "\n")
	frame := "   " + strings.Repeat("#", 3*Size+1) + "\n"
	b.WriteString(frame)
	home := centred(say(rules.Textf("HOME")), homeWidth)
	for r := Size - 1; r >= 0; r-- {
		row := []byte(fmt.Sprintf("%2d #", r+1))
		for f := range Size {
			s := SquareAt(f, r)
			row = append(row, ' ', p.cellChar(s))
			row = append(row, edgeChar(p, s, East, true)[0])
		}
		line := string(row)
		if r == 7 { // HOME's middle row: g8 h8 i8 and the walls between
			at := 4 + 3*6
			line = line[:at] + home + line[at+homeWidth:]
		}
		fmt.Fprintf(&b, "%s %d\n", line, r+1)
		if r == 0 {
			break
		}
		edges := []byte("   #")
		for f := range Size {
			e := edgeChar(p, SquareAt(f, r), South, false)
			edges = append(edges, e...)
			junction := byte(' ')
			if f == Size-1 {
				junction = '#'
			} else if n := edgeChar(p, SquareAt(f+1, r), South, false); n[0] == e[0] && e[0] != ' ' {
				junction = e[0]
			}
			edges = append(edges, junction)
		}
		b.Write(edges)
		b.WriteByte('\n')
	}
	b.WriteString(frame)
	b.WriteString(files + "\n")
	b.WriteString(say(rules.Textf("HOME:")))
	for seat := range p.players {
		if !p.retired[seat] {
			fmt.Fprintf(&b, " %s %d", p.letter(rules.Seat(seat)), p.HomeCount(rules.Seat(seat)))
		}
	}
	for seat := range p.players {
		if p.retired[seat] {
			b.WriteString("\n" + say(rules.Textf("%s: left the game", p.Side(rules.Seat(seat)).Word())))
		}
	}
	b.WriteString("\n" + say(rules.Textf("fences:")))
	owners := []rules.Seat{}
	for seat := range p.players {
		owners = append(owners, rules.Seat(seat))
	}
	if p.players < 4 {
		owners = append(owners, Neutral)
	}
	for i, o := range owners {
		if i > 0 {
			b.WriteString(";")
		}
		if o == Neutral {
			b.WriteString(" " + say(rules.Textf("neutral")))
		} else {
			b.WriteString(" " + p.letter(o))
		}
		for _, sl := range p.Fences(o) {
			b.WriteString(" " + sl.String())
		}
	}
	b.WriteByte('\n')
	if t := p.last; t.Seat != rules.Nobody {
		b.WriteString(say(rules.Textf("last: %s", p.Side(t.Seat).Word())))
		if t.Fenced {
			b.WriteString(" " + say(rules.Textf("%s", rules.MoveText(FenceMove{t.FenceFrom, t.FenceTo}.String()))) + ",")
		}
		if t.Dice[0] > 0 {
			b.WriteString(" " + say(rules.Textf("rolled %d-%d", t.Dice[0], t.Dice[1])))
		}
		if t.Move != "" {
			b.WriteString(", " + say(rules.Textf("%s", rules.MoveText(t.Move))))
		}
		if t.Skipped {
			b.WriteString(" " + say(rules.Textf("(turn skipped)")))
		}
		b.WriteByte('\n')
	}
	b.WriteString(say(p.status()))
	b.WriteByte('\n')
	return b.String()
}

// centred is s in the middle of width columns, cut to width if longer.
func centred(s string, width int) string {
	r := []rune(s)
	if len(r) > width {
		r = r[:width]
	}
	left := (width - len(r)) / 2
	return strings.Repeat(" ", left) + string(r) + strings.Repeat(" ", width-len(r)-left)
}

// status says whose decision it is, or how the game ended.
func (p *Position) status() rules.Text {
	switch p.phase {
	case PhaseOver:
		return rules.EndedText(p.outcome, rules.Textf("by bringing all four pieces HOME"), func(s rules.Seat) rules.Word { return p.Side(s).Word() })
	case PhaseOpening:
		var parts []rules.Text
		for seat, r := range p.OpeningRolls() {
			side := p.Side(rules.Seat(seat)).Word()
			switch {
			case p.retired[seat]:
			case r[0] == 0:
			case r[0] == -1:
				parts = append(parts, rules.Textf("%s out", side))
			default:
				parts = append(parts, rules.Textf("%s rolled %d-%d", side, r[0], r[1]))
			}
		}
		if len(parts) > 0 {
			return rules.Textf("opening roll: %s to roll (%s)", p.Side(p.Turn()).Word(), rules.List(parts...))
		}
		return rules.Textf("opening roll: %s to roll", p.Side(p.Turn()).Word())
	}
	who := p.Side(rules.Seat(p.seat)).Word()
	switch p.phase {
	case PhaseFence:
		return rules.Textf("%s to move a fence, or nofence", who)
	case PhaseRoll:
		return rules.Textf("%s to roll", who)
	case PhaseMove:
		return rules.Textf("%s to move with %d-%d", who, p.dice[0], p.dice[1])
	}
	var v rules.Text
	for i, s := range p.Pending() {
		if i == 0 {
			v = rules.Textf("%s", p.Side(s).Word())
		} else {
			v = rules.Textf("%s and then %s", v, p.Side(s).Word())
		}
	}
	return rules.Textf("%s to choose the corner for the captured %s piece", who, v)
}

// cellChar is what the drawing shows on cell s.
func (p *Position) cellChar(s Square) byte {
	if seat, ok := p.PieceAt(s); ok {
		return p.Side(seat).Letter()
	}
	switch Board.area[s] {
	case StartArea:
		return 'o'
	case HomeArea:
		return ' '
	}
	return '.'
}

// edgeChar is the drawing of the edge of s in direction d: one character
// for a vertical edge (east), two for a horizontal one (south).
func edgeChar(p *Position, s Square, d Dir, vertical bool) string {
	e := Board.edges[s][d]
	var c byte
	switch e.kind {
	case BorderLine, HomeWall:
		c = '#'
	case Arrow:
		c = ':'
	case SlotEdge:
		c = ' '
		if p.fences[e.slot] != vacant {
			c = '|'
			if !vertical {
				c = '-'
			}
		}
	default:
		c = ' '
	}
	if vertical {
		return string(c)
	}
	return string([]byte{c, c})
}

var _ rules.State = (*Position)(nil)
var _ rules.Aliaser = (*Position)(nil)
var _ rules.Retirer = (*Position)(nil)
var _ rules.Skipper = (*Position)(nil)
var _ rules.Game = Game{}
