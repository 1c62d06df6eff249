package kippykoo

import (
	"fmt"
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
