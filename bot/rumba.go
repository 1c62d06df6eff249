package bot

import (
	"fmt"
	"strings"

	"parlor/render"
	"parlor/rules"
	"parlor/rules/rumba"
)

// RumbaKit presents Rumba. A throw is the Roll button (or /rumba roll),
// then one pick per die (or reward) from the menus under the board, one
// menu per hand whose men can move; a pick that is the only legal one is
// played by the table, and the throw after doublets follows at once.
// Partners sit opposite and are chosen when the game is made.
func RumbaKit() Kit {
	return Kit{
		Dice:     true,
		Game:     rumba.Game{},
		Painter:  render.Rumba(),
		Rules:    N(rumbaRules),
		Example:  "S 06-10",
		Direct:   true,
		Partners: true,
		Finish:   N("by bringing four men of their colour into FINISH"),
		Subs: []GameSub{{
			Spec: SubSpec{Name: "roll", Description: "Throw the dice to begin your turn", Options: []OptionSpec{gameOption()}},
			Text: func(s rules.State, _ map[string]string) (string, error) {
				if p, ok := s.(*rumba.Position); ok && p.Phase() == rumba.PhaseMove {
					return "", sorry("You are playing a throw of %s: move with the menus under the board or /rumba move", rumbaDice(p))
				}
				return rumba.RollText, nil
			},
		}},
		Group: func(l Lang, s rules.State, m rules.Move) (string, string, string) {
			p, ok := s.(*rumba.Position)
			if !ok || p.Phase() != rumba.PhaseMove || m.Text == rumba.PassText {
				return "", "", ""
			}
			mt, err := rumba.ParseMove(m.Text)
			if err != nil {
				return "", "", ""
			}
			return m.Text, rumbaLabel(l, mt), l.T("Move %s…", mt.Hand.AMan())
		},
		Buttons: func(l Lang, s rules.State) []Choice {
			if p, ok := s.(*rumba.Position); ok && p.Phase() == rumba.PhaseThrow {
				return []Choice{{Name: l.T("🎲 Roll"), Value: rumba.RollText}}
			}
			return nil
		},
		Auto: func(s rules.State) bool {
			p, ok := s.(*rumba.Position)
			return ok && p.Phase() == rumba.PhaseMove && len(p.Legal()) == 1
		},
		SeatName: rumbaSeatName,
		Alert: func(l Lang, s rules.State) string {
			p, ok := s.(*rumba.Position)
			if !ok || p.Phase() != rumba.PhaseMove {
				if ok && p.Phase() == rumba.PhaseThrow {
					return l.T("Roll the dice for %s.", p.Turn().Word())
				}
				return ""
			}
			return l.T("%s to play with **%s**: choose a move below (one die at a time), or type it with /rumba move.", p.Turn().Word(), rumbaDice(p))
		},
		Narrate: rumbaNarrate,
	}
}

// rumbaSeatName is a seat's hands and colour: "South, Red", "East and
// West, Black".
func rumbaSeatName(l Lang, s rules.State, seat int) string {
	p, ok := s.(*rumba.Position)
	if !ok || seat < 0 || seat >= p.Players() {
		return l.T("seat %d", seat+1)
	}
	var hands []string
	for _, h := range p.Hands(rules.Seat(seat)) {
		hands = append(hands, l.T(h.String()))
	}
	return l.T("%s, %s", joinIn(l, hands), p.SideOf(rules.Seat(seat)).Word())
}

// rumbaDice is what is left to play of the throw: "5 and 3", "the 3",
// "a reward of 10 and the 3".
func rumbaDice(p *rumba.Position) rules.Text {
	d, left := p.Dice()
	r := p.Reward()
	switch {
	case left[0] && left[1] && r > 0:
		return rules.Textf("a reward of %d and %d-%d", r, d[0], d[1])
	case left[0] && left[1]:
		return rules.Text{Format: "%d-%d", Args: []any{d[0], d[1]}}
	case (left[0] || left[1]) && r > 0:
		return rules.Textf("a reward of %d and the %d", r, d[either(left[0], 0, 1)])
	case left[0] || left[1]:
		return rules.Textf("the %d", d[either(left[0], 0, 1)])
	case r > 0:
		return rules.Textf("a reward of %d", r)
	}
	return rules.Textf("nothing")
}

// either is a if c, else b.
func either[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

// rumbaLabel is a move as a menu shows it: "Enter a man on 00", "S 06 →
// 10", "N 01 → se → 11", "S 63 → FINISH".
func rumbaLabel(l Lang, mt rumba.MoveText) string {
	switch mt.Kind {
	case rumba.KindEnter:
		return l.T("Enter %s on %s", mt.Hand.AMan(), mt.To)
	case rumba.KindFinish:
		return l.T("%c %s → FINISH", mt.Hand.Letter(), mt.From)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%c %s", mt.Hand.Letter(), mt.From)
	for _, q := range mt.Via {
		b.WriteString(" → " + rumba.Board.Turnouts[q].Name)
	}
	b.WriteString(" → " + mt.To.String())
	return b.String()
}

// rumbaNarrate tells each player's part in one line: the opening throw,
// the throws and the moves with their captures, men into FINISH.
func rumbaNarrate(l Lang, played []Played, after rules.State, names []string) string {
	n := newNarration(l, names, func(phrases []string) string { return strings.Join(phrases, "; ") })
	var opening []string
	rolled := false // the run's last phrase is a throw, which its moves extend
	for i, pl := range played {
		p, ok := pl.Before.(*rumba.Position)
		if !ok {
			continue
		}
		next, _ := afterPlayed(played, i, after).(*rumba.Position)
		if p.Phase() == rumba.PhaseOpening {
			opening = append(opening, fmt.Sprintf("%s %s", seatLabel(names, openingRoller(p)), strings.TrimPrefix(pl.Move.Text, "roll ")))
			if next != nil && next.Phase() != rumba.PhaseOpening {
				n.line(l.T("Opening throw: %s; **%s** threw highest and starts, as %s.", strings.Join(opening, ", "), seatLabel(names, next.ToMove()), next.Turn().Word()))
				opening = nil
			}
			continue
		}
		seat := p.SeatOf(p.Turn())
		n.by(seat)
		switch p.Phase() {
		case rumba.PhaseRoll:
			roll := strings.TrimPrefix(pl.Move.Text, "roll ")
			if n.said() {
				n.say(l.T("threw again: rolled **%s**", roll))
			} else {
				n.say(l.T("rolled **%s**", roll))
			}
			rolled = true
		case rumba.PhaseMove:
			words := l.Say(moveWords(p, pl.Move))
			if pl.Move.Text == rumba.PassText {
				words = l.T("can play nothing")
			}
			switch {
			case !n.said():
				n.say(l.T("playing %s: %s", rumbaDice(p), words))
			case rolled:
				n.extend(": " + words)
			default:
				n.say(words)
			}
			rolled = false
			if next != nil {
				side := p.Turn().Side()
				if f := next.Finished(side); f > p.Finished(side) {
					n.extend(" " + l.T("(%s has %d of 4 in FINISH)", side.Word(), f))
				}
			}
		}
	}
	return n.String()
}

// openingRoller is the seat that throws next in the opening throw.
func openingRoller(p *rumba.Position) rules.Seat {
	for seat, r := range p.OpeningThrows() {
		if r == [2]int{0, 0} {
			return rules.Seat(seat)
		}
	}
	return rules.Nobody
}

const rumbaRules = `**Rumba**, partnership backgammon — 2 to 4 players, sixteen men: Red (South and North) against Black (East and West).
**Partners** sit opposite and share one result. With four, each plays one hand of four men. With three, two partners play against one player who plays both hands of the other colour and has two turns a round. With two, each plays a whole colour, eight men.
**Goal:** be the first side with four men of its colour — any four — in the central FINISH.
**Your turn:** roll two dice (the Roll button, or /rumba roll), then play each die in full, one at a time, with one man or two. Play both dice if you can, else one; if neither, the turn is lost. Turns pass to the right.
**Entering:** a man enters on his starting point only with a six: one die showing six, or the two dice adding up to six. You may enter and move your partner's men as well as your own.
**The track** is wide: men pass single men freely. Two or three men of one colour on a track space are a **blockade** nothing may pass, not even their own side; a man landing exactly on his side's blockade may rest there as a third. Four men never share a space. A blockade on a starting point stops entry there.
**Turnouts** are single-file side tracks round the corners, two spaces longer than the stretch they skip: take one to get round a blockade or away from danger. No blockades on turnouts.
**Capturing:** land on a lone opposing man and he goes back to his starting point. Each capture earns a reward of 10 spaces, played by one of your side's men in one piece or split ten by ten.
**Doublets:** play them, then throw again, as long as doublets come, even when nothing could be played.
**Finishing:** reach your finish space (just before your starting point) by exact count; then a six takes the man into FINISH. An opposing blockade on a finish space stops it.
**Playing here:** the menus under the board list what each die can do, one pick per die; or type moves with /rumba move: "enter S", "S 06-10", "S 03-se2" onto the se turnout, "N 01-se-11" through it, "S 63-finish". Forced moves are played for you. Resigning gives the game to the other side. The board is a reconstruction of the original.`
