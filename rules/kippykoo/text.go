package kippykoo

import (
	"fmt"
	"slices"
	"strings"

	"parlor/rules"
	"parlor/rules/dice"
)

// String implements rules.State: the position text. One field per seat in
// turn order, "S:start,h5,h40,finish": the seat's side letter (S W N E) and
// its four marbles, those in START first, then those on the track by hole,
// the least advanced first, then those in FINISH; "W:out" for a seat that
// has left the game (Retire), which has no marbles. Then the phase:
//
//	lot               chance draws the starting player
//	S:throw           South's turn begins: South decides to throw ("roll")
//	S:roll            chance throws the dice for South (after S:throw, or at
//	                  once after doubles South used)
//	S:move:6-3        South uses the throw 6-3
//	over:S:finished   the result: the winners joined by +, or -, and the method
//
// Then, in the throw, roll and over phases once there is one, the latest
// throw, for display: "last:S;6-3;start,h12+3" (seat; dice; move without
// spaces, "-" before it), or "last:W;first" after the lot drew West to
// begin. A move that sent marbles back to START adds them, in the order of
// its parts, each as its owner's letter, "@" and the hole it stood on:
// "last:S;5-3;h5+5,h20+3;W@h10,N@h23". A turn skipped (Skip) is
// "last:S;skipped" at the decision to throw, or "last:S;5-3;skipped" with
// the throw it did not use. A turn that threw again after doubles writes
// all its throws, oldest first, joined by "/", the seat once:
// "last:S;3-3;h5+3,h10+3;W@h8/5-2;h8+5,h13+2". In the move phase the throw
// being played is the latest, and no "last" is written, but for a turn
// that threw before it: then the last throw is the turn's throws, ending
// with the one being played, unused: "S:move:5-2 last:S;3-3;h5+3,h10+3/5-2;-".
func (p *Position) String() string {
	var b strings.Builder
	for seat := range p.players {
		if seat > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.seatField(seat))
	}
	b.WriteByte(' ')
	b.WriteString(p.phaseText())
	if p.last.Seat != rules.Nobody && (p.phase != PhaseMove || len(p.last.Before) > 0) {
		b.WriteString(" last:")
		b.WriteString(p.lastText())
	}
	return b.String()
}

func (p *Position) seatField(seat int) string {
	if p.retired[seat] {
		return p.letter(rules.Seat(seat)) + ":" + retiredText
	}
	var parts []string
	for range p.start[seat] {
		parts = append(parts, StartText)
	}
	for _, h := range p.Marbles(rules.Seat(seat)) {
		parts = append(parts, h.String())
	}
	for range p.finish[seat] {
		parts = append(parts, "finish")
	}
	return p.letter(rules.Seat(seat)) + ":" + strings.Join(parts, ",")
}

// retiredText stands for the marbles of a seat that has left the game.
const retiredText = "out"

func (p *Position) letter(seat rules.Seat) string {
	return string(p.Side(seat).Letter())
}

func (p *Position) phaseText() string {
	switch p.phase {
	case PhaseLot:
		return "lot"
	case PhaseOver:
		var w []string
		for _, s := range p.outcome.Winners {
			w = append(w, p.letter(s))
		}
		who := strings.Join(w, "+")
		if who == "" {
			who = "-"
		}
		return "over:" + who + ":" + string(p.outcome.Method)
	case PhaseMove:
		return fmt.Sprintf("%s:move:%d-%d", p.letter(rules.Seat(p.seat)), p.dice[0], p.dice[1])
	}
	return p.letter(rules.Seat(p.seat)) + ":" + p.phase.String()
}

func (p *Position) lastText() string {
	t := p.last
	switch {
	case t.Lot:
		return p.letter(t.Seat) + ";first"
	case t.Skipped && t.Dice[0] == 0:
		return p.letter(t.Seat) + ";" + skippedText
	}
	throws := make([]string, 0, len(t.Before)+1)
	for _, th := range t.Before {
		throws = append(throws, p.throwText(th, false))
	}
	throws = append(throws, p.throwText(Throw{Dice: t.Dice, Move: t.Move, SentBack: t.SentBack}, t.Skipped))
	return p.letter(t.Seat) + ";" + strings.Join(throws, "/")
}

// throwText writes a throw as in the position text: "5-3;h5+5,h20+3",
// with the marbles it sent back ";W@h10,N@h23", "5-3;-" before its move,
// "5-3;skipped" for a throw not used when the turn was skipped.
func (p *Position) throwText(th Throw, skipped bool) string {
	move := "-"
	switch {
	case skipped:
		move = skippedText
	case th.Move != "":
		move = strings.ReplaceAll(th.Move, " ", "")
	}
	s := fmt.Sprintf("%d-%d;%s", th.Dice[0], th.Dice[1], move)
	if len(th.SentBack) > 0 {
		s += ";" + p.sentBackText(th.SentBack)
	}
	return s
}

// skippedText stands, in the latest throw, for a turn skipped.
const skippedText = "skipped"

// sentBackText writes marbles sent back to START as in the position text:
// "W@h10,N@h23".
func (p *Position) sentBackText(sent []Capture) string {
	parts := make([]string, len(sent))
	for i, c := range sent {
		letter := "?"
		if c.Seat >= 0 && int(c.Seat) < p.players {
			letter = p.letter(c.Seat)
		}
		parts[i] = letter + "@" + c.Hole.String()
	}
	return strings.Join(parts, ",")
}

// Parse reads a position text (see String). It rejects a text no game
// could reach: a seat without four marbles, two marbles on one hole, a
// seat with all four in FINISH in a game not over, or a winner by
// finishing without them, the lot after the first marble has moved, a
// latest throw that does not fit the phase (a turn begun by the wrong
// seat, after a throw or a turn skipped, a decision to throw after doubles
// used, whose throw follows at once), throws before the latest of its
// turn that were not doubles used, marbles sent back that no part of the
// move ended on, or that are not in their START, or a seat that has left
// the game acting or winning (or in a game of two; or with fewer than two
// seats in, in a game not over). Texts written before marbles sent back,
// turns skipped, or the throws of a turn before its latest were recorded
// still read, as the same positions. It accepts a seat's marbles in any
// order; String sorts them.
func Parse(text string) (*Position, error) {
	fields := strings.Fields(text)
	n := 0
	for n < len(fields) && isSeatField(fields[n]) {
		n++
	}
	if n < 2 || n > 4 {
		return nil, fmt.Errorf("kippykoo position: %d seat fields (like S:start,h5,h40,finish), want 2 to 4", n)
	}
	if len(fields) != n+1 && len(fields) != n+2 {
		return nil, fmt.Errorf("kippykoo position: want %d seat fields, the phase and an optional last throw; got %d fields", n, len(fields))
	}
	p := &Position{players: n, last: noTurn, cache: &moveCache{}}
	for seat := range n {
		if err := p.parseSeat(seat, fields[seat]); err != nil {
			return nil, fmt.Errorf("kippykoo position: %v", err)
		}
	}
	if err := p.parsePhase(fields[n]); err != nil {
		return nil, fmt.Errorf("kippykoo position: %v", err)
	}
	if len(fields) == n+2 {
		if err := p.parseLast(fields[n+1]); err != nil {
			return nil, fmt.Errorf("kippykoo position: %v", err)
		}
	}
	if err := p.validate(); err != nil {
		return nil, fmt.Errorf("kippykoo position: %v", err)
	}
	return p, nil
}

// isSeatField reports whether f looks like a seat's field: a letter, a
// colon and marbles (not a phase such as "S:roll" or "S:throw").
func isSeatField(f string) bool {
	letter, rest, ok := strings.Cut(f, ":")
	if !ok || len(letter) != 1 || !strings.Contains("SWNE", letter) {
		return false
	}
	first, _, _ := strings.Cut(rest, ",")
	return first == StartText || first == "finish" || first == retiredText || strings.HasPrefix(first, "h")
}

func (p *Position) seatByLetter(l string) (int, bool) {
	for seat := range p.players {
		if p.letter(rules.Seat(seat)) == l {
			return seat, true
		}
	}
	return 0, false
}

func (p *Position) seatLetters() string {
	var b strings.Builder
	for seat := range p.players {
		b.WriteString(p.letter(rules.Seat(seat)))
	}
	return b.String()
}

func (p *Position) parseSeat(seat int, field string) error {
	side := p.Side(rules.Seat(seat))
	letter, rest, _ := strings.Cut(field, ":")
	if letter != string(side.Letter()) {
		return fmt.Errorf("seat %d: field %q, want it to start with %c: (with %d players the seats are %s)", seat, field, side.Letter(), p.players, p.seatLetters())
	}
	if rest == retiredText {
		p.retired[seat] = true
		return nil
	}
	names := strings.Split(rest, ",")
	if len(names) != MarblesPerSeat {
		return fmt.Errorf("%s has %d marbles, want %d", side, len(names), MarblesPerSeat)
	}
	for _, name := range names {
		switch name {
		case StartText:
			p.start[seat]++
		case "finish":
			p.finish[seat]++
		default:
			h, err := ParseHole(name)
			if err != nil {
				return fmt.Errorf("%s's marbles: %v (or start, finish; or out alone)", side, err)
			}
			if o := p.holes[h]; o != 0 {
				return fmt.Errorf("two marbles on %s", h)
			}
			p.holes[h] = int8(seat + 1)
		}
	}
	return nil
}

func (p *Position) parsePhase(field string) error {
	if field == "lot" {
		p.phase = PhaseLot
		return nil
	}
	parts := strings.Split(field, ":")
	if parts[0] == "over" {
		if len(parts) != 3 {
			return fmt.Errorf("phase %q, want like over:S:finished", field)
		}
		m, winners, err := rules.ParseResult(field, parts[1], parts[2], p.seatByLetter, p.seatLetters)
		if err != nil {
			return err
		}
		if !p.endFits(m, len(winners)) {
			return fmt.Errorf("result %q: %s cannot have %d winners", field, m, len(winners))
		}
		p.outcome = rules.Ended(m, winners...)
		p.phase = PhaseOver
		return nil
	}
	seat, ok := p.seatByLetter(parts[0])
	if !ok || len(parts) < 2 {
		return fmt.Errorf("phase %q, want lot, S:throw, S:roll, S:move:6-3 or over:S:finished (seats %s)", field, p.seatLetters())
	}
	p.seat = int8(seat)
	switch {
	case parts[1] == "throw" && len(parts) == 2:
		p.phase = PhaseThrow
	case parts[1] == "roll" && len(parts) == 2:
		p.phase = PhaseRoll
	case parts[1] == "move" && len(parts) == 3:
		a, b, err := dice.ParsePair(parts[2])
		if err != nil {
			return err
		}
		p.phase = PhaseMove
		p.dice = [2]int8{int8(a), int8(b)}
		p.last = Turn{Seat: rules.Seat(seat), Dice: [2]int{a, b}}
	default:
		return fmt.Errorf("phase %q, want S:throw, S:roll or S:move:6-3 after the seat", field)
	}
	return nil
}

func (p *Position) parseLast(field string) error {
	const want = "want like last:S;6-3;start+3, last:S;6-3;start+3;N@h3, last:S;6-3;skipped, last:S;skipped, last:W;first or last:S;3-3;h5+3,h10+3/5-2;h8+5,h13+2"
	rest, ok := strings.CutPrefix(field, "last:")
	if !ok {
		return fmt.Errorf("last throw %q, %s", field, want)
	}
	if p.phase == PhaseLot {
		return fmt.Errorf("last throw %q in phase %s: only the throw, roll and over phases show the last throw", field, p.phase)
	}
	letter, body, _ := strings.Cut(rest, ";")
	seat, ok := p.seatByLetter(letter)
	if !ok {
		return fmt.Errorf("last throw %q: seat %q, want one of %s", field, letter, p.seatLetters())
	}
	t := Turn{Seat: rules.Seat(seat)}
	switch body {
	case "first":
		t.Lot = true
	case skippedText:
		t.Skipped = true
	default:
		throws := strings.Split(body, "/")
		for i, text := range throws {
			if n := strings.Count(text, ";"); n != 1 && n != 2 {
				return fmt.Errorf("last throw %q, %s", field, want)
			}
			th, skipped, err := p.parseThrow(seat, text)
			switch {
			case err != nil:
				return fmt.Errorf("last throw %q: %v", field, err)
			case i < len(throws)-1 && (skipped || th.Move == ""):
				return fmt.Errorf("last throw %q: a throw before the latest of its turn must have a move, not %q", field, text)
			case i < len(throws)-1:
				t.Before = append(t.Before, th)
			default:
				t.Dice, t.Move, t.SentBack, t.Skipped = th.Dice, th.Move, th.SentBack, skipped
			}
		}
	}
	if p.phase == PhaseMove && len(t.Before) == 0 {
		return fmt.Errorf("last throw %q in phase %s: only the throw, roll and over phases show the last throw, or the move phase of a turn that threw before", field, p.phase)
	}
	p.last = t
	return nil
}

// parseThrow reads one throw of mover's in the last throw, two or three
// parts: "6-3;start+3", "6-3;-" before the move, "6-3;skipped" for a throw
// not used when the turn was skipped, with the marbles the move sent back
// ";N@h3".
func (p *Position) parseThrow(mover int, text string) (th Throw, skipped bool, err error) {
	parts := strings.Split(text, ";")
	a, b, err := dice.ParsePair(parts[0])
	if err != nil {
		return th, false, err
	}
	th.Dice = [2]int{a, b}
	switch {
	case parts[1] == skippedText:
		skipped = true
	case parts[1] != "-":
		legs, err := ParseLegs(parts[1])
		if err != nil {
			return th, false, err
		}
		th.Move = legsText(legs)
	}
	if len(parts) == 3 {
		if th.SentBack, err = p.parseSentBack(mover, th.Legs(), parts[2]); err != nil {
			return th, false, err
		}
	}
	return th, skipped, nil
}

// parseSentBack reads the marbles mover's move (legs) sent back to START,
// "N@h3,W@h23": each an opponent's, on the hole where a part of the move
// ended by its count, in the order of the parts.
func (p *Position) parseSentBack(mover int, legs []Leg, field string) ([]Capture, error) {
	if len(legs) == 0 {
		return nil, fmt.Errorf("marbles sent back by no move")
	}
	star := p.star(mover)
	var out []Capture
	j := 0
	for _, item := range strings.Split(field, ",") {
		letter, name, ok := strings.Cut(item, "@")
		seat, okSeat := p.seatByLetter(letter)
		h, err := ParseHole(name)
		if !ok || !okSeat || err != nil {
			return nil, fmt.Errorf("marble sent back %q, want like N@h3: a seat of %s, @ and a hole", item, p.seatLetters())
		}
		if seat == mover {
			return nil, fmt.Errorf("%s sent back its own marble: a move sends back only opponents' marbles", p.Side(rules.Seat(mover)))
		}
		for j < len(legs) && legEnd(star, legs[j]) != h {
			j++
		}
		if j == len(legs) {
			return nil, fmt.Errorf("a marble sent back from %s, where no part of the move after the one before ends by its count", h)
		}
		j++
		out = append(out, Capture{Seat: rules.Seat(seat), Hole: h})
	}
	return out, nil
}

// legEnd is the hole where the part lg of a move of the seat with star
// ends by its count, the only hole where it may send a marble back;
// NoHole if it reaches FINISH.
func legEnd(star Hole, lg Leg) Hole {
	d := lg.Count
	if !lg.Start {
		d += progress(star, lg.From)
	}
	if d >= Holes {
		return NoHole
	}
	return holeAt(star, d)
}

// validate checks what holds between the fields.
func (p *Position) validate() error {
	if err := p.validateRetired(); err != nil {
		return err
	}
	winner := rules.Nobody
	if p.outcome.Method == rules.Finished {
		winner = p.outcome.Winners[0]
	}
	allStart := true
	for seat := range p.players {
		if p.finish[seat] == MarblesPerSeat && rules.Seat(seat) != winner {
			return fmt.Errorf("%s has all four marbles in FINISH, but has not won by finishing", p.Side(rules.Seat(seat)))
		}
		allStart = allStart && (p.retired[seat] || p.start[seat] == MarblesPerSeat)
	}
	if winner != rules.Nobody && p.finish[winner] != MarblesPerSeat {
		return fmt.Errorf("%s won by finishing without all four marbles in FINISH", p.Side(winner))
	}
	t := p.last
	doublesUsed := t.Dice[0] == t.Dice[1] && t.Move != "" && t.Move != PassText
	if err := p.validateBefore(); err != nil {
		return err
	}
	switch p.phase {
	case PhaseLot:
		if !allStart {
			return fmt.Errorf("the lot is drawn before any marble leaves START")
		}
	case PhaseThrow, PhaseRoll:
		// A roll follows the seat's decision to throw, so it may show what
		// the decision showed, or it throws again after doubles used.
		switch {
		case t.Seat == rules.Nobody:
		case p.retired[t.Seat]:
			// The seat has left since: if it was its turn, the turn ended
			// and the next seat in began its own.
			if int(p.seat) != p.nextIn(int(t.Seat)) {
				return fmt.Errorf("after %s, which has left the game, %s throws, not %s", p.Side(t.Seat), p.nextAfter(t), p.Side(rules.Seat(p.seat)))
			}
			if t.Lot && !allStart {
				return fmt.Errorf("after the lot, the seat drawn throws first, with every marble in START")
			}
		case t.Lot:
			if t.Seat != rules.Seat(p.seat) || !allStart {
				return fmt.Errorf("after the lot, the seat drawn throws first, with every marble in START")
			}
		case t.Skipped:
			// The turn was skipped: the next seat in began its own.
			if int(p.seat) != p.nextIn(int(t.Seat)) {
				return fmt.Errorf("after %s's turn was skipped, %s throws, not %s", p.Side(t.Seat), p.nextAfter(t), p.Side(rules.Seat(p.seat)))
			}
		case t.Move == "":
			return fmt.Errorf("before a throw, the last throw has been used: it has a move")
		case t.Seat == rules.Seat(p.seat) && !doublesUsed:
			return fmt.Errorf("%s throws again only after doubles it used", p.Side(t.Seat))
		case t.Seat == rules.Seat(p.seat) && p.phase == PhaseThrow:
			return fmt.Errorf("after doubles used, %s throws again at once (%s:roll), with no decision to throw", p.Side(t.Seat), p.letter(t.Seat))
		case t.Seat != rules.Seat(p.seat) && (doublesUsed || int(p.seat) != p.nextIn(int(t.Seat))):
			return fmt.Errorf("after %s's throw, %s throws, not %s", p.Side(t.Seat), p.nextAfter(t), p.Side(rules.Seat(p.seat)))
		}
	case PhaseOver:
		if winner != rules.Nobody && t.Seat != rules.Nobody && (t.Seat != winner || t.Lot || t.Move == "" || t.Move == PassText) {
			return fmt.Errorf("a game won by finishing ends with the winner's move")
		}
	}
	return p.validateSentBack()
}

// validateBefore checks the throws of the latest turn before its latest
// throw: there are some only before a throw, each doubles used, after
// which the seat threw again; and in the move phase they are followed by
// the throw being played.
func (p *Position) validateBefore() error {
	t := p.last
	if len(t.Before) == 0 {
		return nil
	}
	if t.Lot || t.Dice[0] == 0 {
		return fmt.Errorf("throws before %s's latest throw, but it has none", p.Side(t.Seat))
	}
	for _, th := range t.Before {
		if th.Dice[0] != th.Dice[1] || th.Move == "" || th.Move == PassText {
			return fmt.Errorf("%s threw again after %d-%d %s: only doubles used throw again", p.Side(t.Seat), th.Dice[0], th.Dice[1], th.Move)
		}
	}
	if p.phase == PhaseMove && (t.Seat != rules.Seat(p.seat) || t.Dice != [2]int{int(p.dice[0]), int(p.dice[1])} || t.Move != "" || t.Skipped) {
		return fmt.Errorf("in the move phase the last throw ends with the throw being played, unused: %s;%d-%d;-", p.letter(rules.Seat(p.seat)), p.dice[0], p.dice[1])
	}
	return nil
}

// validateSentBack checks the marbles the latest turn's moves sent back
// against the board, where nothing has moved since but for seats leaving
// the game and, after an earlier throw of the turn, the mover's marbles:
// the mover's marble is still on each hole of the latest throw's (unless
// the mover has left), and each marble is in its START (unless its owner
// has left).
func (p *Position) validateSentBack() error {
	t := p.last
	var back [4]int
	for _, c := range t.SentBack {
		if !p.retired[t.Seat] && p.holes[c.Hole] != int8(t.Seat+1) {
			return fmt.Errorf("%s's marble sent back from %s, but no marble of %s's stands there", p.Side(c.Seat), c.Hole, p.Side(t.Seat))
		}
	}
	for _, th := range t.Throws() {
		for _, c := range th.SentBack {
			back[c.Seat]++
		}
	}
	for seat := range p.players {
		if !p.retired[seat] && back[seat] > int(p.start[seat]) {
			return fmt.Errorf("%d marbles of %s's sent back to START, which holds %d", back[seat], p.Side(rules.Seat(seat)), p.start[seat])
		}
	}
	return nil
}

// validateRetired checks the seats that have left the game: none in a game
// of two (a resignation ends it), at least two seats in while the game
// goes on, and the one left alone has won by resignation; a seat that is
// out has no marbles and does not act or win.
func (p *Position) validateRetired() error {
	switch {
	case p.seatsIn() == p.players:
		return nil
	case p.players == 2:
		return fmt.Errorf("a seat has left a game of two: in a game of two a resignation ends the game")
	}
	if err := p.retired.Sound(p.players, p.phase == PhaseOver, p.outcome); err != nil {
		return err
	}
	for seat := range p.players {
		if !p.retired[seat] {
			continue
		}
		side := p.Side(rules.Seat(seat))
		switch {
		case p.start[seat] != 0 || p.finish[seat] != 0 || slices.Contains(p.holes[:], int8(seat+1)):
			return fmt.Errorf("%s has left the game but has marbles", side)
		case p.phase >= PhaseThrow && p.phase <= PhaseMove && int(p.seat) == seat:
			return fmt.Errorf("%s has left the game but is to act", side)
		case p.outcome.Won(rules.Seat(seat)):
			return fmt.Errorf("%s has left the game but won it", side)
		}
	}
	return nil
}

// nextAfter is the side that throws after the throw t.
func (p *Position) nextAfter(t Turn) Side {
	if !p.retired[t.Seat] && !t.Lot && !t.Skipped && t.Dice[0] == t.Dice[1] && t.Move != PassText {
		return p.Side(t.Seat)
	}
	return p.Side(rules.Seat(p.nextIn(int(t.Seat))))
}
