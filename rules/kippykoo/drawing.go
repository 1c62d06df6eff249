package kippykoo

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"parlor/rules"
)

// Drawing implements rules.State: the track as the ring of a square, the
// holes clockwise, numbered on the margins; a marble shows as its seat's
// letter (S W N E), an empty hole as ".", an empty Star Space as its
// side's letter in lower case (or "*" for a side nobody sits on). Then
// each seat's Star Space, START and FINISH (or that it has left the game),
// the latest throw with the marbles it sent back to START (or the turn
// skipped), and whose decision it is.
func (p *Position) Drawing() string { return p.DrawingSaid(rules.Text.String) }

// DrawingSaid implements rules.Drawer: Drawing with its words said by say.
// A line of the legend too long for the ring's inside is left out.
func (p *Position) DrawingSaid(say func(rules.Text) string) string {
	const w = 4 // characters a cell: " S  "
	n := ringSide
	blank := func() []rune { return []rune(strings.Repeat(" ", n*w)) }
	grid := make([][]rune, n)
	for r := range grid {
		grid[r] = blank()
	}
	// The numbers of the top and bottom rows go above and below them,
	// those of the side columns beside them.
	top, bottom := blank(), blank()
	left, right := make([]string, n), make([]string, n)
	for h := range Hole(Holes) {
		r, c := ringCells[h][0], ringCells[h][1]
		grid[r][c*w+1] = rune(p.holeChar(h))
		num := strconv.Itoa(int(h))
		switch {
		case r == 0:
			copy(top[c*w+1:], []rune(num))
		case r == n-1:
			copy(bottom[c*w+1:], []rune(num))
		case c == 0:
			left[r] = num
		default:
			right[r] = num
		}
	}
	legend := []string{"KIPPY KOO", "", say(rules.Textf("S W N E  marbles")), say(rules.Textf("s w n e  empty stars")), "",
		say(rules.Textf("marbles go clockwise:")), say(rules.Textf("<- along the bottom"))}
	if p.players < 4 {
		legend = slices.Insert(legend, 4, say(rules.Textf("*        unused star")))
	}
	for i, line := range legend {
		if r, l := 3+i, []rune(line); r < n-2 && len(l) <= (n-3)*w {
			copy(grid[r][2*w:], l)
		}
	}
	var b strings.Builder
	row := func(l string, mid []rune, r string) {
		s := strings.TrimRight(fmt.Sprintf("%3s %s", l, string(mid)), " ")
		if r != "" {
			s += "  " + r
		}
		b.WriteString(s + "\n")
	}
	row("", top, "")
	for r := range n {
		row(left[r], grid[r], right[r])
	}
	row("", bottom, "")
	for seat := range p.players {
		s := rules.Seat(seat)
		if p.retired[seat] {
			b.WriteString(say(rules.Textf("%-5s star %-3s left the game", p.Side(s).Word(), p.Star(s).String())) + "\n")
			continue
		}
		b.WriteString(say(rules.Textf("%-5s star %-3s START %d  FINISH %d", p.Side(s).Word(), p.Star(s).String(), p.start[seat], p.finish[seat])) + "\n")
	}
	if t := p.last; t.Seat != rules.Nobody {
		// The throws of the turn before the latest: "5-5, h3+10; then ".
		var before rules.Text = rules.Plain("")
		for _, th := range t.Before {
			before = rules.Textf("%s%d-%d, %s%s; then ", before, th.Dice[0], th.Dice[1], rules.MoveText(th.Move), p.sentBackWords(th.SentBack))
		}
		who := p.Side(t.Seat).Word()
		var last rules.Text
		switch {
		case t.Lot:
			last = rules.Textf("last: %s drawn to begin", who)
		case t.Skipped && t.Dice[0] == 0:
			last = rules.Textf("last: %s's turn skipped before its throw", who)
		case t.Skipped:
			last = rules.Textf("last: %s threw %s%d-%d; turn skipped, the throw not used", who, before, t.Dice[0], t.Dice[1])
		case t.Move == "":
			last = rules.Textf("last: %s threw %s%d-%d", who, before, t.Dice[0], t.Dice[1])
		default:
			last = rules.Textf("last: %s threw %s%d-%d, %s%s", who, before, t.Dice[0], t.Dice[1], rules.MoveText(t.Move), p.sentBackWords(t.SentBack))
		}
		b.WriteString(say(last) + "\n")
	}
	b.WriteString(say(p.status()))
	b.WriteByte('\n')
	return b.String()
}

// sentBackWords says which marbles a move sent back to START, after the
// move in the drawing's last line: ", sending North's marble on h3 back to
// START", "…, sending West's marble on h10 and North's on h23 back to
// START"; nothing for none.
func (p *Position) sentBackWords(sent []Capture) rules.Text {
	if len(sent) == 0 {
		return rules.Plain("")
	}
	var which rules.Text
	for i, c := range sent {
		if i == 0 {
			which = rules.Textf("%s's marble on %s", p.Side(c.Seat).Word(), c.Hole.String())
		} else {
			which = rules.Textf("%s and %s", which, rules.Textf("%s's on %s", p.Side(c.Seat).Word(), c.Hole.String()))
		}
	}
	return rules.Textf(", sending %s back to START", which)
}

// holeChar is what the drawing shows on hole h.
func (p *Position) holeChar(h Hole) byte {
	if seat, ok := p.At(h); ok {
		return p.Side(seat).Letter()
	}
	if h%Quarter == 0 {
		if _, ok := p.SeatOf(Side(h / Quarter)); ok {
			return Side(h/Quarter).Letter() + 'a' - 'A'
		}
		return '*'
	}
	return '.'
}

// status says whose decision it is, or how the game ended.
func (p *Position) status() rules.Text {
	switch p.phase {
	case PhaseOver:
		return rules.EndedText(p.outcome, rules.Textf("by bringing all four marbles into FINISH"), func(s rules.Seat) rules.Word { return p.Side(s).Word() })
	case PhaseLot:
		return rules.Textf("the lot draws who begins")
	case PhaseThrow:
		return rules.Textf("%s to throw", p.Side(rules.Seat(p.seat)).Word())
	case PhaseRoll:
		return rules.Textf("the dice roll for %s", p.Side(rules.Seat(p.seat)).Word())
	}
	return rules.Textf("%s to move with %d-%d", p.Side(rules.Seat(p.seat)).Word(), p.dice[0], p.dice[1])
}
