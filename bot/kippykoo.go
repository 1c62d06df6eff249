package bot

import (
	"strings"

	"parlor/render"
	"parlor/rules"
	"parlor/rules/kippykoo"
)

// KippyKooKit presents Kippy Koo. A throw takes two interactions: the Roll
// button (or /kippykoo roll), then the move picked from the menu under the
// board (or typed with /kippykoo move). Throws again after doubles follow
// at once, and a move that is the only one (a pass, a forced start) is
// played by the table.
func KippyKooKit() Kit {
	return Kit{
		Dice:    true,
		Game:    kippykoo.Game{},
		Painter: render.KippyKoo(),
		Rules:   N(kippyKooRules),
		Finish:  N("by bringing all four marbles into FINISH"),
		Example: "h12+9",
		Direct:  true,
		Subs: []GameSub{{
			Spec: SubSpec{Name: "roll", Description: "Throw the dice to begin your turn", Options: []OptionSpec{gameOption()}},
			Text: func(s rules.State, _ map[string]string) (string, error) {
				if p, ok := s.(*kippykoo.Position); ok && p.Phase() == kippykoo.PhaseMove {
					d1, d2 := p.Dice()
					return "", sorry("You have thrown %d-%d already: now move, with the menu under the board or /kippykoo move", d1, d2)
				}
				return kippykoo.RollText, nil
			},
		}},
		Group: func(l Lang, s rules.State, m rules.Move) (string, string, string) {
			p, ok := s.(*kippykoo.Position)
			if !ok || p.Phase() != kippykoo.PhaseMove || m.Text == kippykoo.PassText {
				return "", "", ""
			}
			return m.Text, l.Move(m.Text), l.T("Move your marbles…")
		},
		Buttons: func(l Lang, s rules.State) []Choice {
			if p, ok := s.(*kippykoo.Position); ok && p.Phase() == kippykoo.PhaseThrow {
				return []Choice{{Name: l.T("🎲 Roll"), Value: kippykoo.RollText}}
			}
			return nil
		},
		Auto: func(s rules.State) bool {
			p, ok := s.(*kippykoo.Position)
			return ok && p.Phase() == kippykoo.PhaseMove && len(p.Legal()) == 1
		},
		SeatName: func(l Lang, s rules.State, seat int) string {
			p, ok := s.(*kippykoo.Position)
			if !ok || seat < 0 || seat >= p.Players() {
				return l.T("seat %d", seat+1)
			}
			return sideAndColour(l, p.Side(rules.Seat(seat)).Word(), seat)
		},
		Alert: func(l Lang, s rules.State) string {
			p, ok := s.(*kippykoo.Position)
			if !ok {
				return ""
			}
			switch p.Phase() {
			case kippykoo.PhaseThrow:
				return l.T("Roll the dice.")
			case kippykoo.PhaseMove:
				d1, d2 := p.Dice()
				return l.T("You threw **%d-%d**: choose your move below, or type it with /kippykoo move.", d1, d2)
			}
			return ""
		},
		Narrate: kippyKooNarrate,
	}
}

// kippyKooNarrate tells each player's part in one line: the throws, the
// moves with what they sent back, marbles into FINISH.
func kippyKooNarrate(l Lang, played []Played, after rules.State, names []string) string {
	n := newNarration(l, names, func(phrases []string) string { return strings.Join(phrases, "; ") })
	for i, pl := range played {
		p, ok := pl.Before.(*kippykoo.Position)
		if !ok {
			continue
		}
		next, _ := afterPlayed(played, i, after).(*kippykoo.Position)
		if p.Phase() == kippykoo.PhaseLot {
			if next != nil {
				n.line(l.T("By lot, **%s** begins.", seatLabel(names, next.Turn())))
			}
			continue
		}
		seat := p.Turn()
		n.by(seat)
		switch p.Phase() {
		case kippykoo.PhaseRoll:
			roll := strings.TrimPrefix(pl.Move.Text, "roll ")
			if n.said() {
				n.say(l.T("threw again: rolled **%s**", roll))
			} else {
				n.say(l.T("rolled **%s**", roll))
			}
		case kippykoo.PhaseMove:
			words := l.Say(moveWords(p, pl.Move))
			if pl.Move.Text == kippykoo.PassText {
				words = l.T("can't move, and passes")
			}
			if !n.said() {
				d1, d2 := p.Dice()
				n.say(l.T("rolled **%d-%d**", d1, d2))
			}
			n.extend(": " + words)
			if next != nil && next.InFinish(seat) > p.InFinish(seat) {
				n.extend(" " + l.T("(%d of 4 in FINISH)", next.InFinish(seat)))
			}
		}
	}
	return n.String()
}

const kippyKooRules = `**Kippy Koo**, the Indian marble game — 2 to 4 players, four marbles each.
**Goal:** be the first to bring all four marbles round the track and into your FINISH.
**Your turn:** roll two dice (the Roll button, or /kippykoo roll), then move.
**Starting:** a marble comes out of START onto your star only with a six: one die showing six, or the two dice adding up to six. With a six on one die, the other die moves the new marble on; double six starts a marble and moves it six.
**Moving:** with one marble out it moves the total. With more, move one marble the total, or one marble by each die. You may start a marble on any six while one waits in START.
**Hazards:** end on another player's marble and it goes back to its START. End on your own marble and yours moves on to the next empty hole.
**Doubles:** throw again, for as long as doubles come. A throw you cannot use in full ends your turn.
**Finishing:** once a marble has gone all the way round to your star, it leaves the track into FINISH; no exact count is needed.
**Playing here:** the menu under the board lists your moves; or type them with /kippykoo move: "start" brings a marble out, "start+3" brings it out and moves it 3, "h12+9" moves the marble on hole 12 nine holes, two parts joined by a comma. Whoever begins is drawn by lot; play goes clockwise. The track is a reconstruction of the 1956 board.`
