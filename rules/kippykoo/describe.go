package kippykoo

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"parlor/rules"
	"parlor/rules/dice"
)

// Describe implements rules.State: the legal move m in words, such as
// "West: starts a marble and moves it 3 to hole 16, sending North's marble
// back to START".
func (p *Position) Describe(m rules.Move) rules.Text {
	text := strings.TrimSpace(m.Text)
	switch p.phase {
	case PhaseLot:
		for seat := range p.players {
			if text == lotText(p.Side(rules.Seat(seat))) && !p.retired[seat] {
				return rules.Textf("%s is drawn to begin (1 chance in %d)", p.Side(rules.Seat(seat)).Word(), p.seatsIn())
			}
		}
	case PhaseThrow:
		if text == RollText {
			return rules.Textf("%s throws the dice", p.Side(rules.Seat(p.seat)).Word())
		}
	case PhaseRoll:
		a, b, err := dice.Parse(text, "roll")
		if err != nil {
			return rules.Plain(text)
		}
		odds := dice.Chance(a, b)
		return rules.Textf("%s throws %d and %d (%s)", p.Side(rules.Seat(p.seat)).Word(), a, b, odds)
	case PhaseMove:
		set := p.plans()
		for i := range set {
			if set[i].text == text {
				return rules.Textf("%s: %s", p.Side(rules.Seat(p.seat)).Word(), p.describePlan(&set[i]))
			}
		}
	}
	return rules.Plain(text)
}

func (p *Position) describePlan(pl *plan) rules.Text {
	a, b := p.dice[0], p.dice[1]
	if pl.n == 0 {
		if a == b {
			return rules.Textf("nothing can be done with %d-%d: pass (the doubles were not used: no further throw)", a, b)
		}
		return rules.Textf("nothing can be done with %d-%d: pass", a, b)
	}
	s := p.describeLeg(pl.legs[0], pl.lands[0])
	for i := 1; i < pl.n; i++ {
		s = rules.Textf("%s; then %s", s, p.describeLeg(pl.legs[i], pl.lands[i]))
	}
	switch {
	case pl.after.finish[p.seat] == MarblesPerSeat:
		s = rules.Textf("%s; all four marbles are in FINISH: the game is won", s)
	case a == b:
		s = rules.Textf("%s; doubles: throws again", s)
	}
	return s
}

// describeLeg says what one part of a move does.
func (p *Position) describeLeg(lg Leg, ld landing) rules.Text {
	star := p.star(int(p.seat))
	var s rules.Text
	switch {
	case lg.Start && lg.Count == 0:
		s = rules.Textf("starts a marble on its star, hole %d", star)
	case ld.target >= Holes && !ld.bumped:
		switch {
		case lg.Start && ld.target == Holes:
			return rules.Textf("starts a marble and moves it %d to its star and into FINISH", lg.Count)
		case lg.Start:
			return rules.Textf("starts a marble and moves it %d round past its star into FINISH (%d to spare)", lg.Count, ld.target-Holes)
		case ld.target == Holes:
			return rules.Textf("moves the marble on hole %d by %d to its star and into FINISH", lg.From, lg.Count)
		default:
			return rules.Textf("moves the marble on hole %d by %d round past its star into FINISH (%d to spare)", lg.From, lg.Count, ld.target-Holes)
		}
	case lg.Start && lg.Count > 0:
		s = rules.Textf("starts a marble and moves it %d to hole %d", lg.Count, holeAt(star, ld.target))
	case lg.Start:
		s = rules.Textf("starts a marble and moves it %d", lg.Count)
	case lg.Count > 0:
		s = rules.Textf("moves the marble on hole %d by %d to hole %d", lg.From, lg.Count, holeAt(star, ld.target))
	default:
		s = rules.Textf("moves the marble on hole %d by %d", lg.From, lg.Count)
	}
	switch {
	case ld.captured >= 0:
		s = rules.Textf("%s, sending %s's marble back to START", s, p.Side(rules.Seat(ld.captured)).Word())
	case ld.bumped && ld.end == NoHole:
		s = rules.Textf("%s, where its own marble stands, and on past its star into FINISH", s)
	case ld.bumped:
		s = rules.Textf("%s, where its own marble stands, and on to hole %d, the next free hole", s, ld.end)
	}
	return s
}

// Aliases implements rules.Aliaser. The lot may be typed as the seat's
// letter or name ("W", "west", "first west"); the decision to throw as
// "throw" or "r"; a roll as "6-3" or "3-6";
// pass as "none", "skip" or "no move"; a move without the h of its holes
// ("12+9"), with each marble's destination instead of its count
// ("h12-h21", "h50-finish", "start-h3" for start+3), with a start and its
// count apart ("start 3"), one marble's total as its two dice
// ("h12+6+3"), and in any other order of its parts, or other parts, that
// come to the same result.
func (p *Position) Aliases(m rules.Move) []string {
	text := m.Text
	switch p.phase {
	case PhaseLot:
		for seat := range p.players {
			side := p.Side(rules.Seat(seat))
			if text == lotText(side) && !p.retired[seat] {
				name := strings.ToLower(side.String())
				return []string{string(side.Letter()), name, "first " + name}
			}
		}
	case PhaseThrow:
		if text == RollText {
			return []string{"throw", "r"}
		}
	case PhaseRoll:
		return dice.Aliases(text)
	case PhaseMove:
		if text == PassText {
			return []string{"none", "skip", "no move"}
		}
		set := p.plans()
		for i := range set {
			if set[i].text != text {
				continue
			}
			var out []string
			for _, t := range append([]string{text}, set[i].others...) {
				if t != text {
					out = append(out, t)
				}
				out = append(out, p.spellings(t)...)
			}
			return out
		}
	}
	return nil
}

// spellings are other ways to write the move text: without the h of the
// holes, with destinations instead of counts, a start's count apart, and a
// marble's total as its two dice.
func (p *Position) spellings(text string) []string {
	legs, err := ParseLegs(text)
	if err != nil || len(legs) == 0 {
		return nil
	}
	star := p.star(int(p.seat))
	noH := make([]string, len(legs))
	dest := make([]string, len(legs))
	for i, lg := range legs {
		noH[i] = strings.TrimPrefix(lg.String(), "h")
		from := StartText
		d := lg.Count
		if !lg.Start {
			from = lg.From.String()
			d += progress(star, lg.From)
		}
		to := "finish"
		if d < Holes {
			to = holeAt(star, d).String()
		}
		dest[i] = from + "-" + to
		if lg.Start && lg.Count == 0 {
			dest[i] = StartText
		}
	}
	out := []string{strings.Join(noH, ", "), strings.Join(dest, ", ")}
	if len(legs) == 1 && legs[0].Start && legs[0].Count > 0 {
		out = append(out, StartText+" "+strconv.Itoa(legs[0].Count))
	}
	if a, b := int(p.dice[0]), int(p.dice[1]); len(legs) == 1 && !legs[0].Start {
		out = append(out, fmt.Sprintf("%s+%d+%d", legs[0].From, a, b), fmt.Sprintf("%s+%d+%d", legs[0].From, b, a))
	}
	return out
}

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
