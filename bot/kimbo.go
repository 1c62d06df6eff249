package bot

import (
	"fmt"
	"strings"

	"parlor/bot/limits"
	"parlor/render"
	"parlor/rules"
	"parlor/rules/kimbo"
)

// seatColours name the seats' colours on the boards render draws.
var seatColours = [...]string{N("orange"), N("blue"), N("yellow"), N("green")}

// sideAndColour names a seat of Kimbo or Kippy Koo by its side and its
// colour on the board, "South, orange", in l.
func sideAndColour(l Lang, side rules.Word, seat int) string {
	return l.T("%s, %s", side, rules.Word(seatColours[seat]))
}

// KimboKit presents Kimbo. A turn takes at most three interactions: a fence
// move (/kimbo fence) or the Roll button, which rolls at once; then the
// move, picked from the menus under the board (a second pick only when the
// first leaves a choice) or typed with /kimbo move; and one more to choose
// the corner of each piece captured. A forced pass, or a forced corner, is
// played by the table.
func KimboKit() Kit {
	return Kit{
		Dice:    true,
		Game:    kimbo.Game{},
		Painter: render.Kimbo(),
		Rules:   N(kimboRules),
		Finish:  N("by bringing all four pieces HOME"),
		Example: "b1-b4-f4",
		Direct:  true,
		Subs: []GameSub{
			{
				Spec: SubSpec{Name: "fence", Description: "Move one of your fences before you roll (then the dice are rolled)", Options: []OptionSpec{
					{Name: "fence", Description: "Your fence, by its slot, like e1|f1 (start typing to see yours)", Type: StringOption, Required: true, Autocomplete: true, MaxLength: maxSlotLength, Example: "e1|f1"},
					{Name: "to", Description: "The vacant slot it goes to, like h5|h6 (start typing a square)", Type: StringOption, Required: true, Autocomplete: true, MaxLength: maxSlotLength, Example: "h5|h6"},
					gameOption(),
				}},
				Text:    kimboFenceText,
				Suggest: kimboFenceSuggest,
			},
			{
				Spec: SubSpec{Name: "roll", Description: "Roll the dice without moving a fence", Options: []OptionSpec{gameOption()}},
				Text: func(s rules.State, _ map[string]string) (string, error) {
					if p, ok := s.(*kimbo.Position); ok && p.Phase() != kimbo.PhaseFence {
						return "", kimboNotNow(p, sorry("You can't roll now"))
					}
					return kimbo.NoFence, nil
				},
			},
		},
		Group:    kimboGroup,
		Buttons:  kimboButtons,
		Auto:     kimboAuto,
		SeatName: kimboSeatName,
		Alert:    kimboAlert,
		Narrate:  kimboNarrate,
	}
}

func kimboSeatName(l Lang, s rules.State, seat int) string {
	p, ok := s.(*kimbo.Position)
	if !ok || seat < 0 || seat >= p.Players() {
		return l.T("seat %d", seat+1)
	}
	return sideAndColour(l, p.Side(rules.Seat(seat)).Word(), seat)
}

// kimboNotNow says why a fence move or a roll cannot be made now: otherwise
// when the phase says nothing better.
func kimboNotNow(p *kimbo.Position, otherwise error) error {
	switch p.Phase() {
	case kimbo.PhaseMove:
		d1, d2 := p.Dice()
		return sorry("You have rolled %d-%d already: now move, with the menu under the board or /kimbo move", d1, d2)
	case kimbo.PhaseCorner:
		return sorry("First choose the start area your captured piece goes back to, with the buttons under the board")
	}
	return otherwise
}

func kimboFenceText(s rules.State, opts map[string]string) (string, error) {
	p, ok := s.(*kimbo.Position)
	if ok && p.Phase() != kimbo.PhaseFence {
		return "", kimboNotNow(p, sorry("You can't move a fence now"))
	}
	from, to := strings.TrimSpace(opts["fence"]), strings.TrimSpace(opts["to"])
	switch {
	case from == "" && to == "":
		return "", sorry("Say which of your fences to move and where: the fence by its slot, like e1|f1, and a vacant slot for it, like h5|h6 (start typing to see them)")
	case from == "":
		return "", sorry("Say which of your fences to move, by its slot, like e1|f1 (start typing to see yours)")
	case to == "":
		return "", sorry("Say where the fence goes: a vacant slot, named by the two squares it stands between, like h5|h6")
	}
	if _, err := kimbo.ParseSlot(from); err != nil {
		return "", sorry("%s is not a slot: name a fence by the two squares it stands between, like e1|f1", quote(from))
	}
	if _, err := kimbo.ParseSlot(to); err != nil {
		return "", sorry("%s is not a slot: name where the fence goes by the two squares it will stand between, like h5|h6", quote(to))
	}
	return from + ">" + to, nil
}

// kimboFenceSuggest offers the fences the player may move, and the vacant
// slots the chosen one may go to, filtered by what was typed.
func kimboFenceSuggest(l Lang, s rules.State, focused string, opts map[string]string) []Choice {
	p, ok := s.(*kimbo.Position)
	if !ok || p.Phase() != kimbo.PhaseFence {
		return nil
	}
	typed := rules.Normalize(opts[focused])
	from := kimbo.NoSlot
	if sl, err := kimbo.ParseSlot(strings.TrimSpace(opts["fence"])); err == nil {
		from = sl
	}
	seen := map[kimbo.Slot]bool{}
	var out []Choice
	for _, m := range p.Legal() {
		f, err := kimbo.ParseFenceMove(m.Text)
		if err != nil || f.From == kimbo.NoSlot {
			continue
		}
		sl := f.From
		if focused == "to" {
			if from != kimbo.NoSlot && f.From != from {
				continue
			}
			sl = f.To
		}
		if seen[sl] || !slotMatches(sl, typed) {
			continue
		}
		seen[sl] = true
		name := sl.String()
		a, b := kimbo.Board.SlotSquares(sl)
		label := l.T("%s · the fence between %s and %s", name, a, b)
		if focused == "to" {
			label = l.T("%s · between %s and %s", name, a, b)
		}
		out = append(out, Choice{Name: label, Value: name})
		if len(out) == limits.Choices {
			break
		}
	}
	return out
}

// slotMatches reports whether typed (normalized) starts the slot's name,
// with its squares in either order, or names one of its squares.
func slotMatches(sl kimbo.Slot, typed string) bool {
	if typed == "" {
		return true
	}
	a, b := kimbo.Board.SlotSquares(sl)
	for _, name := range []string{a.String() + b.String(), b.String() + a.String()} {
		if strings.HasPrefix(name, typed) {
			return true
		}
	}
	return false
}

// kimboGroup puts the moves of a roll in two menus: one piece the whole
// throw (a choice per piece and end square: routes there are the second
// pick), and one piece per die (a choice per first piece, die and end
// square: the other piece's moves are the second pick). Jumps get their
// own menu; pass, fences and corners are buttons or typed.
func kimboGroup(l Lang, s rules.State, m rules.Move) (key, label, menu string) {
	p, ok := s.(*kimbo.Position)
	if !ok || p.Phase() != kimbo.PhaseMove || m.Text == kimbo.PassText {
		return "", "", ""
	}
	d1, d2 := p.Dice()
	legs, err := kimbo.ParseLegs(m.Text)
	if err != nil || len(legs) == 0 {
		return "", "", ""
	}
	first := legs[0]
	// Where the piece ends, as the menu says it: a square, or HOME in
	// the game's language (the value keeps the notation).
	end := first.End().String()
	if first.End() == kimbo.Home {
		end = l.T("HOME")
	}
	capture := false
	for _, pt := range first.Points {
		capture = capture || pt.Capture
	}
	switch {
	case first.Jump:
		return "j:" + m.Text, l.T("%s jumps the fence to %s", first.From, end), l.T("Or jump a fence instead (doubles)…")
	case len(legs) == 1:
		count := l.T("all %d", d1+d2)
		if first.Steps() != d1+d2 {
			count = l.T("the %d alone", first.Steps())
		}
		label := fmt.Sprintf("%s → %s (%s)", first.From, end, count)
		if capture {
			label += l.T(" ✕ capture")
		}
		return fmt.Sprintf("w:%s>%s", first.From, first.End()), label, l.T("Move one piece %d squares…", d1+d2)
	}
	label = l.T("%s → %s with the %d, then another piece", first.From, end, first.Steps())
	if capture {
		label = l.T("%s → %s with the %d ✕ capture, then another piece", first.From, end, first.Steps())
	}
	return fmt.Sprintf("s:%s>%s:%d", first.From, first.End(), first.Steps()), label, l.T("Or move two pieces, %d and %d…", d1, d2)
}

func kimboButtons(l Lang, s rules.State) []Choice {
	p, ok := s.(*kimbo.Position)
	if !ok {
		return nil
	}
	switch p.Phase() {
	case kimbo.PhaseFence:
		return []Choice{{Name: l.T("🎲 Roll (no fence move)"), Value: kimbo.NoFence}}
	case kimbo.PhaseMove:
		for _, m := range p.Legal() {
			if m.Text == kimbo.PassText {
				return []Choice{{Name: l.T("Pass"), Value: kimbo.PassText}}
			}
		}
	case kimbo.PhaseCorner:
		var out []Choice
		for _, m := range p.Legal() {
			name, _ := strings.CutPrefix(m.Text, "corner ")
			label := cornerLabel(l, name)
			// With the square the piece goes to: "(b2)".
			if _, _, sq, ok := p.Corner(m); ok {
				label += " (" + sq.String() + ")"
			}
			out = append(out, Choice{Name: label, Value: m.Text})
		}
		return out
	}
	return nil
}

func cornerLabel(l Lang, name string) string {
	switch name {
	case "sw":
		return l.T("South-west")
	case "se":
		return l.T("South-east")
	case "ne":
		return l.T("North-east")
	case "nw":
		return l.T("North-west")
	}
	return name
}

// kimboAuto plays the moves and corners that leave no choice.
func kimboAuto(s rules.State) bool {
	p, ok := s.(*kimbo.Position)
	if !ok || (p.Phase() != kimbo.PhaseMove && p.Phase() != kimbo.PhaseCorner) {
		return false
	}
	return len(p.Legal()) == 1
}

func kimboAlert(l Lang, s rules.State) string {
	p, ok := s.(*kimbo.Position)
	if !ok {
		return ""
	}
	switch p.Phase() {
	case kimbo.PhaseFence:
		return l.T("Move one of your fences with /kimbo fence, or roll.")
	case kimbo.PhaseMove:
		d1, d2 := p.Dice()
		return l.T("You rolled **%d-%d**: choose your move below, or type it with /kimbo move.", d1, d2)
	case kimbo.PhaseCorner:
		if pend := p.Pending(); len(pend) > 0 {
			return l.T("You captured %s's piece: choose the start area it goes back to.", p.Side(pend[0]).Word())
		}
	}
	return ""
}

// kimboNarrate tells what happened in one line per player: the fence, the
// dice, the paths with their captures, the corners, pieces HOME. A move is
// told with the fence and dice of its turn, so that the board that ends a
// turn says the whole turn.
func kimboNarrate(l Lang, played []Played, after rules.State, names []string) string {
	n := newNarration(l, names, func(phrases []string) string { return joinIn(l, phrases) })
	var opening []string
	for i, pl := range played {
		p, ok := pl.Before.(*kimbo.Position)
		if !ok {
			continue
		}
		next, _ := afterPlayed(played, i, after).(*kimbo.Position)
		seat := p.Turn()
		if p.Phase() == kimbo.PhaseOpening {
			opening = append(opening, fmt.Sprintf("%s %s", seatLabel(names, seat), strings.TrimPrefix(pl.Move.Text, "roll ")))
			if next != nil && next.Phase() != kimbo.PhaseOpening {
				n.line(l.T("Opening roll: %s; **%s** rolled highest and starts.", strings.Join(opening, ", "), seatLabel(names, next.Turn())))
				opening = nil
			}
			continue
		}
		n.by(seat)
		switch p.Phase() {
		case kimbo.PhaseFence:
			f, err := kimbo.ParseFenceMove(pl.Move.Text)
			if err == nil && f.From != kimbo.NoSlot {
				n.say(l.T("moved a fence from %s to %s", f.From, f.To))
			} else {
				n.say(l.T("moved no fence"))
			}
		case kimbo.PhaseRoll:
			n.say(l.T("rolled **%s**", strings.TrimPrefix(pl.Move.Text, "roll ")))
		case kimbo.PhaseMove:
			if !n.said() {
				// The fence and dice were told when they happened; the
				// board that ends the turn says them again.
				if last := p.Last(); last.FenceFrom != kimbo.NoSlot {
					n.say(l.T("moved a fence from %s to %s", last.FenceFrom, last.FenceTo))
				}
				d1, d2 := p.Dice()
				n.say(l.T("rolled **%d-%d**", d1, d2))
			}
			words := l.Say(moveWords(p, pl.Move))
			if pl.Move.Text == kimbo.PassText {
				words = l.T("could not move, and passes")
			}
			n.extend(": " + words)
			if next != nil && next.HomeCount(seat) > p.HomeCount(seat) {
				n.extend(" " + l.T("(%d of 4 pieces HOME)", next.HomeCount(seat)))
			}
		case kimbo.PhaseCorner:
			if victim, area, sq, ok := p.Corner(pl.Move); ok {
				n.say(l.T("sent %s's captured piece back to the %s start area (%s)", victim.Word(), area, sq))
			}
		}
	}
	return n.String()
}

const kimboRules = `**Kimbo**, the game of fences — 2 to 4 players, four pieces and six fences each.
**Goal:** be the first to bring all four pieces into HOME, the walled square in the middle.
**Your turn:** first you *may* move one of your own fences to any empty slot between two squares (/kimbo fence), then roll two dice (the Roll button, or /kimbo roll), then move: one piece the total of both dice, or one piece for each die. You must use the whole throw when you can.
**Moving:** pieces go in straight lines, never diagonally. When a piece meets a fence, the edge of the board, a wall of HOME or (once it has left) a start-area arrow, it turns left or right and goes on; it turns back only in a square closed on three sides. Pieces pass over other pieces (the squares count) but never end on one of yours. A piece leaves its start area across the arrows and never goes back in.
**Capturing:** land on another player's piece by exact count, with either die or both, and you choose the start area it goes back to.
**Doubles:** instead of moving, you may jump one piece over a fence beside it to the next square (never over the board's edge, never into HOME).
**HOME:** only by exact count, going straight in through an opening or turning in after hitting a fence.
**Your last piece:** must use the whole throw even if it carries it away from HOME, unless one die alone takes it HOME. Fenced in on all four sides, it moves only on doubles; on an entrance square fenced on three sides it may wait there for a one.
**Playing here:** the menus under the board list your moves, or type them with /kimbo move (like b1-b4-f4: start, each turn, end; x marks a capture). The highest opening roll starts. /kimbo resign leaves the game; with three or more the others play on.`
