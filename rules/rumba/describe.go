package rumba

import (
	"fmt"
	"strings"

	"parlor/rules"
	"parlor/rules/dice"
)

// seatName names a seat by its hands: "South"; "East/West" for the lone
// player of three; "South/North" for a player of two.
func (p *Position) seatName(seat rules.Seat) string {
	var names []string
	for _, h := range p.Hands(seat) {
		names = append(names, h.String())
	}
	return strings.Join(names, "/")
}

// AMan is "a South man", "an East man", as a Text a caller may say in
// any language (its String is the English).
func (h Hand) AMan() rules.Text { return aMan(h) }

// Describe implements rules.State: the legal move m in words, such as
// "South: a North man from 06 to 10 with the 4, capturing East's man
// (a reward of 10 to play)".
func (p *Position) Describe(m rules.Move) rules.Text {
	text := strings.TrimSpace(m.Text)
	switch p.phase {
	case PhaseThrow:
		if text == RollText {
			return rules.Textf("%s throws the dice", p.hand.Word())
		}
	case PhaseOpening, PhaseRoll:
		a, b, err := dice.Parse(text, "throw")
		if err != nil {
			return rules.Plain(text)
		}
		odds := dice.Chance(a, b)
		if p.phase == PhaseOpening {
			return rules.Textf("%s throws %d and %d (%d) in the opening throw (%s)", p.seatWords(rules.Seat(p.nextRoller())), a, b, a+b, odds)
		}
		if a == b {
			return rules.Textf("%s throws doublets, %d and %d (%s): plays them, then throws again", p.hand.Word(), a, b, odds)
		}
		return rules.Textf("%s throws %d and %d (%s)", p.hand.Word(), a, b, odds)
	case PhaseMove:
		cands := p.legalCands()
		if text == PassText && len(cands) == 0 {
			if p.pool.dice[0] == p.pool.dice[1] {
				return rules.Textf("%s can play nothing of %s: %s throws again (doublets)", p.hand.Word(), p.diceWords(), p.hand.Word())
			}
			return rules.Textf("%s can play nothing of %s: the turn passes to %s", p.hand.Word(), p.diceWords(), ((p.hand + 1) % 4).Word())
		}
		for i := range cands {
			if c := &cands[i]; c.text == text {
				return rules.Textf("%s: %s", p.hand.Word(), p.describeCand(&c.cand))
			}
		}
	}
	return rules.Plain(text)
}

// describeCand says what a legal move does.
func (p *Position) describeCand(c *cand) rules.Text {
	var t rules.Text
	switch c.kind {
	case KindEnter:
		t = rules.Textf("%s enters on %s", aMan(c.hand), c.to)
	case KindFinish:
		t = rules.Textf("%s goes from his finish space %s into FINISH", aMan(c.hand), c.from)
	default:
		// From, through the turnouts he runs along, to.
		vias := c.viaList()
		q, k, onto := c.to.Turnout()
		switch {
		case len(vias) == 0 && onto:
			t = rules.Textf("%s from %s onto the %s turnout, %s (space %d of %d)", aMan(c.hand), c.from, Board.Turnouts[q].Name, c.to, k, TurnoutSpaces)
		case len(vias) == 0:
			t = rules.Textf("%s from %s to %s", aMan(c.hand), c.from, c.to)
		case len(vias) == 1 && onto:
			t = rules.Textf("%s from %s through the %s turnout onto the %s turnout, %s (space %d of %d)", aMan(c.hand), c.from, Board.Turnouts[vias[0]].Name, Board.Turnouts[q].Name, c.to, k, TurnoutSpaces)
		case len(vias) == 1:
			t = rules.Textf("%s from %s through the %s turnout to %s", aMan(c.hand), c.from, Board.Turnouts[vias[0]].Name, c.to)
		default:
			t = rules.Textf("%s from %s through the %s turnout", aMan(c.hand), c.from, Board.Turnouts[vias[0]].Name)
			for _, v := range vias[1 : len(vias)-1] {
				t = rules.Textf("%s through the %s turnout", t, Board.Turnouts[v].Name)
			}
			last := Board.Turnouts[vias[len(vias)-1]].Name
			if onto {
				t = rules.Textf("%s through the %s turnout onto the %s turnout, %s (space %d of %d)", t, last, Board.Turnouts[q].Name, c.to, k, TurnoutSpaces)
			} else {
				t = rules.Textf("%s through the %s turnout to %s", t, last, c.to)
			}
		}
	}
	switch {
	case c.die == bothDice:
		t = rules.Textf("%s with %d and %d together", t, p.pool.dice[0], p.pool.dice[1])
	case c.die >= 0:
		t = rules.Textf("%s with the %d", t, p.pool.dice[c.die])
	default:
		t = rules.Textf("%s with the reward of %d", t, RewardSpaces*int(c.rewards))
	}
	if c.capture {
		victims := p.At(c.to)
		t = rules.Textf("%s, capturing %s's man (a reward of %d to play)", t, victims[0].Word(), RewardSpaces)
	}
	if c.kind == KindFinish && p.t.finished(c.hand.Side())+1 >= ToWin {
		t = rules.Textf("%s: %s's fourth man in FINISH wins", t, c.hand.Side().Word())
	}
	return t
}

// Aliases implements rules.Aliaser. The decision to throw may be typed
// "throw" or "r"; a throw "5-3" or "3-5"; a man's move without his hand
// letter ("06-10"), without leading zeros ("S 6-10"), without the turnouts
// he runs through ("N 01-11"), or as his space and the count ("S 06+4");
// entering as "enter" alone or "S enter"; finishing as "S finish", "S
// home" or "finish"; pass as "none", "skip" or "no move". An alias that
// fits several moves is refused by rules.Find.
func (p *Position) Aliases(m rules.Move) []string {
	text := m.Text
	switch p.phase {
	case PhaseThrow:
		if text == RollText {
			return []string{"throw", "r"}
		}
		return nil
	case PhaseOpening, PhaseRoll:
		return dice.Aliases(text)
	case PhaseMove:
	default:
		return nil
	}
	mt, err := ParseMove(text)
	if err != nil {
		return nil
	}
	if mt.Kind == KindPass {
		return []string{"none", "skip", "no move"}
	}
	letter := string(mt.Hand.Letter())
	switch mt.Kind {
	case KindEnter:
		return []string{"enter", letter + " enter", "enter " + letter + " " + mt.To.String()}
	case KindFinish:
		return []string{letter + " finish", letter + " home", "finish", "home", mt.From.String() + "-finish", letter + " " + mt.From.String() + "-home"}
	}
	short := func(s Space) string {
		if s.OnTrack() {
			return fmt.Sprint(int(s))
		}
		return s.String()
	}
	plain := MoveText{Kind: mt.Kind, Hand: mt.Hand, From: mt.From, To: mt.To}.String() // without the turnouts
	pairs := []string{
		mt.From.String() + "-" + mt.To.String(),
		short(mt.From) + "-" + short(mt.To),
	}
	out := []string{
		pairs[0], pairs[1],
		letter + " " + pairs[1],
		plain, strings.TrimPrefix(plain, letter+" "),
	}
	for _, c := range p.legalCands() {
		if c.text == text && c.count > 0 {
			n := fmt.Sprintf("+%d", c.count)
			out = append(out, letter+" "+mt.From.String()+n, letter+" "+short(mt.From)+n, mt.From.String()+n, short(mt.From)+n)
		}
	}
	return out
}

// Drawing implements rules.State: the track as a square of 17 by 17
// spaces, spaces 00–63 counter-clockwise from 00 in the middle of the
// bottom side, numbered in the margins; each space shows its men by their
// hands' letters (S E N W), "." when empty, the hand's lower-case letter
// for an empty starting point and the letter with ' for an empty finish
// space; the four turnouts inside the corners, from the space they leave
// after to the space they rejoin at; then the men in FINISH and waiting,
// the latest throw and whose decision it is.
func (p *Position) Drawing() string {
	return p.DrawingSaid(rules.Text.String)
}

// DrawingSaid implements rules.Drawer: Drawing with its words said by say;
// the spaces' numbers, the hands' letters, the turnouts' names and the
// move texts stay as they are, and FINISH in the middle keeps its place.
func (p *Position) DrawingSaid(say func(rules.Text) string) string {
	const side = 17
	var grid [side][side]string
	for s := range Space(TrackSpaces) {
		c, r := trackCell(s)
		grid[r][c] = p.spaceMark(s)
	}
	var b strings.Builder
	top := "    "
	bottom := "    "
	for c := range side {
		top += fmt.Sprintf("%-4s", trackAt(c, side-1))
		bottom += fmt.Sprintf("%-4s", trackAt(c, 0))
	}
	b.WriteString(strings.TrimRight(top, " ") + "\n")
	inner := p.innerLines(say)
	for r := side - 1; r >= 0; r-- {
		line := fmt.Sprintf("%s  ", trackAt(0, r))
		if r == 0 || r == side-1 {
			for c := range side {
				line += fmt.Sprintf("%-4s", grid[r][c])
			}
		} else {
			line += fmt.Sprintf("%-4s", grid[r][0]) + fmt.Sprintf("%-60.60s", inner[r]) + fmt.Sprintf("%-4s", grid[r][side-1])
		}
		fmt.Fprintf(&b, "%s%s\n", line, trackAt(side-1, r))
	}
	b.WriteString(strings.TrimRight(bottom, " ") + "\n")
	b.WriteString(say(rules.Textf("FINISH: %s %d (S %d, N %d), %s %d (E %d, W %d); waiting: S %d, E %d, N %d, W %d",
		Red.Word(), p.t.finished(Red), p.Count(South, Finish), p.Count(North, Finish),
		Black.Word(), p.t.finished(Black), p.Count(East, Finish), p.Count(West, Finish),
		p.Count(South, Waiting), p.Count(East, Waiting), p.Count(North, Waiting), p.Count(West, Waiting))))
	b.WriteByte('\n')
	if last, ok := p.lastWords(say); ok {
		b.WriteString(say(last))
		b.WriteByte('\n')
	}
	b.WriteString(say(p.status()))
	b.WriteByte('\n')
	return b.String()
}

// lastWords say the latest throw, as the drawing shows it: who threw what
// and the moves played of it (said by say, each with what it captured),
// or that a turn was skipped. ok is false before any throw.
func (p *Position) lastWords(say func(rules.Text) string) (last rules.Text, ok bool) {
	t := p.last
	switch {
	case t.Hand == NoHand:
		return rules.Text{}, false
	case t.Opening:
		return rules.Textf("last: %s threw %d-%d in the opening throw", p.seatWords(rules.Seat(t.Hand)), t.Dice[0], t.Dice[1]), true
	case t.Dice[0] == 0:
		return rules.Textf("last: %s's turn skipped before the throw", t.Hand.Word()), true
	}
	var moves []string
	for _, m := range t.Moves {
		if m.Captured != NoHand {
			moves = append(moves, say(rules.Textf("%s (captured %s's man)", rules.MoveText(m.Text), m.Captured.Word())))
		} else {
			moves = append(moves, say(rules.Textf("%s", rules.MoveText(m.Text))))
		}
	}
	h, d0, d1 := t.Hand.Word(), t.Dice[0], t.Dice[1]
	switch {
	case len(moves) == 0 && t.Skipped:
		return rules.Textf("last: %s threw %d-%d (turn skipped)", h, d0, d1), true
	case len(moves) == 0:
		return rules.Textf("last: %s threw %d-%d", h, d0, d1), true
	case t.Skipped:
		return rules.Textf("last: %s threw %d-%d: %s (turn skipped)", h, d0, d1, strings.Join(moves, ", ")), true
	}
	return rules.Textf("last: %s threw %d-%d: %s", h, d0, d1, strings.Join(moves, ", ")), true
}

// trackCell is the column and row (from the bottom left) of track space s
// in the drawing.
func trackCell(s Space) (col, row int) {
	i := int(s)
	switch {
	case i <= 8:
		return 8 + i, 0
	case i <= 24:
		return 16, i - 8
	case i <= 40:
		return 16 - (i - 24), 16
	case i <= 56:
		return 0, 16 - (i - 40)
	}
	return i - 56, 0
}

// trackAt is the track space drawn at a border cell.
func trackAt(col, row int) Space {
	for s := range Space(TrackSpaces) {
		if c, r := trackCell(s); c == col && r == row {
			return s
		}
	}
	return Waiting
}

// spaceMark is what the drawing shows on s.
func (p *Position) spaceMark(s Space) string {
	var b strings.Builder
	for _, h := range p.At(s) {
		b.WriteByte(h.Letter())
	}
	if b.Len() > 0 {
		return b.String()
	}
	for h := range Hand(4) {
		switch s {
		case Start(h):
			return strings.ToLower(string(h.Letter()))
		case FinishSpace(h):
			return strings.ToLower(string(h.Letter())) + "'"
		}
	}
	return "."
}

// innerLines are the drawing's lines inside the square, by row: the
// turnouts near their corners, and FINISH, said by say, in the middle.
func (p *Position) innerLines(say func(rules.Text) string) [17]string {
	var lines [17]string
	tline := func(q int) string {
		t := Board.Turnouts[q]
		var b strings.Builder
		fmt.Fprintf(&b, "%s %02d>", t.Name, t.After)
		for k := 1; k <= TurnoutSpaces; k++ {
			s := TurnoutSpace(q, k)
			mark := "."
			if hs := p.At(s); len(hs) > 0 {
				mark = string(hs[0].Letter())
			}
			b.WriteString(" " + mark)
		}
		fmt.Fprintf(&b, " >%02d", t.Rejoin)
		return b.String()
	}
	// Turnouts by the corner they go round: sw and se low, nw and ne high.
	pair := func(left, right string) string { return fmt.Sprintf(" %-29s%29s ", left, right) }
	lines[2] = pair(tline(3), tline(0))
	lines[14] = pair(tline(2), tline(1))
	// FINISH ends in the 38th column, whatever its length in a language.
	lines[8] = fmt.Sprintf("%38.38s", say(rules.Textf("FINISH")))
	return lines
}

// status says whose decision it is, or how the game ended.
func (p *Position) status() rules.Text {
	switch p.phase {
	case PhaseOver:
		if s, ok := p.Winner(); ok {
			how := p.outcome.Method.Text()
			if p.outcome.Method == rules.Finished {
				how = rules.Textf("by bringing four men into FINISH")
			}
			var names []rules.Text
			for _, seat := range p.outcome.Winners {
				names = append(names, p.seatWords(seat))
			}
			return rules.Textf("%s won %s (%s)", s.Word(), how, rules.List(names...))
		}
		return rules.Textf("over %s, with no winner", p.outcome.Method.Text())
	case PhaseOpening:
		var parts []rules.Text // the throws so far
		for seat, r := range p.OpeningThrows() {
			switch r[0] {
			case 0:
			case -1:
				parts = append(parts, rules.Textf("%s out", p.seatWords(rules.Seat(seat))))
			default:
				parts = append(parts, rules.Textf("%s threw %d-%d", p.seatWords(rules.Seat(seat)), r[0], r[1]))
			}
		}
		who := p.seatWords(rules.Seat(p.nextRoller()))
		if len(parts) == 0 {
			return rules.Textf("opening throw: %s to throw", who)
		}
		return rules.Textf("opening throw: %s to throw (%s)", who, rules.List(parts...))
	case PhaseThrow:
		return rules.Textf("%s to throw (%s plays %s)", p.hand.Word(), p.seatWords(p.SeatOf(p.hand)), p.hand.Side().Word())
	case PhaseRoll:
		return rules.Textf("the dice roll for %s (%s plays %s)", p.hand.Word(), p.seatWords(p.SeatOf(p.hand)), p.hand.Side().Word())
	}
	return rules.Textf("%s to play %s (%s plays %s)", p.hand.Word(), p.diceWords(), p.seatWords(p.SeatOf(p.hand)), p.hand.Side().Word())
}

var _ rules.State = (*Position)(nil)
var _ rules.Drawer = (*Position)(nil)
var _ rules.Aliaser = (*Position)(nil)
var _ rules.Skipper = (*Position)(nil)
var _ rules.Game = Game{}
