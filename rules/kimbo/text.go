package kimbo

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"parlor/rules"
	"parlor/rules/dice"
)

// String implements rules.State: the position text. One field per seat in
// turn order, "S:b1,n1,n14,a15/e1|f1,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1": the
// seat's side letter (S W N E), its four pieces (squares, "home", or "-"
// for a captured piece waiting for its corner), or "out" for a seat that
// has left the game ("W:out/a5|a6,..."), and, after "/", the slots of its
// six fences. The neutral fences are not written: they stand where the
// number of players puts them. Then the phase:
//
//	open:6-3,-,x,-   the opening roll: each seat's roll this round, - still to roll, x out (a seat that left is x)
//	S:fence          South may move a fence
//	S:roll           chance rolls for South
//	S:move:5-3       South moves with 5-3
//	S:corner:W,N     South chooses the start areas of a captured West and North piece
//	over:S:finished  the result: the winners joined by +, or -, and the method
//
// Then, once there is one, the latest turn, for display:
// "last:S;e1|f1>h5|h6;5-3;b1-b6,n14xk14" (seat; fence decision; dice;
// move without spaces), "-" for what has not happened yet, and a fifth
// part "skipped" when the turn was skipped after what it records
// ("last:S;nofence;5-3;-;skipped", "last:S;-;-;-;skipped"). Texts without
// it, as written before there were skips, read as before.
func (p *Position) String() string {
	var fences [4][]Slot
	var buf [4][FencesPerSeat]Slot
	for seat := range p.players {
		fences[seat] = buf[seat][:0]
	}
	for sl, o := range p.fences {
		if o >= 0 && int(o) < p.players {
			fences[o] = append(fences[o], Slot(sl))
		}
	}
	var buf512 [512]byte
	b := buf512[:0]
	for seat := range p.players {
		if seat > 0 {
			b = append(b, ' ')
		}
		b = append(b, p.Side(rules.Seat(seat)).Letter(), ':')
		if p.retired[seat] {
			b = append(b, retiredText...)
		} else {
			for i, s := range p.pieces[seat] {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, s.String()...)
			}
		}
		b = append(b, '/')
		for i, sl := range fences[seat] {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, sl.String()...)
		}
	}
	b = append(b, ' ')
	b = p.appendPhase(b)
	if p.last.Seat != rules.Nobody {
		b = append(b, " last:"...)
		b = p.appendLast(b)
	}
	return string(b)
}

// retiredText stands for the pieces of a seat that has left the game.
const retiredText = "out"

func (p *Position) letter(seat rules.Seat) string {
	return string(p.Side(seat).Letter())
}

// appendPhase appends the phase's part of the position text.
func (p *Position) appendPhase(b []byte) []byte {
	switch p.phase {
	case PhaseOpening:
		return append(append(b, "open:"...), p.opening.String(p.players)...)
	case PhaseOver:
		b = append(b, "over:"...)
		for i, s := range p.outcome.Winners {
			if i > 0 {
				b = append(b, '+')
			}
			b = append(b, p.Side(s).Letter())
		}
		if len(p.outcome.Winners) == 0 {
			b = append(b, '-')
		}
		return append(append(b, ':'), p.outcome.Method...)
	}
	b = append(b, p.Side(rules.Seat(p.seat)).Letter(), ':')
	b = append(b, p.phase.String()...)
	switch p.phase {
	case PhaseMove:
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(p.dice[0]), 10)
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(p.dice[1]), 10)
	case PhaseCorner:
		b = append(b, ':')
		for i, seat := range p.pending[:p.npending] {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, p.Side(rules.Seat(seat)).Letter())
		}
	}
	return b
}

// appendLast appends the latest turn's part of the position text, after
// "last:".
func (p *Position) appendLast(b []byte) []byte {
	t := p.last
	b = append(b, p.Side(t.Seat).Letter(), ';')
	switch {
	case !t.Fenced:
		b = append(b, '-')
	case t.FenceFrom == NoSlot:
		b = append(b, NoFence...)
	default:
		b = append(b, t.FenceFrom.String()...)
		b = append(b, '>')
		b = append(b, t.FenceTo.String()...)
	}
	b = append(b, ';')
	if t.Dice[0] > 0 {
		b = strconv.AppendInt(b, int64(t.Dice[0]), 10)
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(t.Dice[1]), 10)
	} else {
		b = append(b, '-')
	}
	b = append(b, ';')
	if t.Move != "" {
		for i := range len(t.Move) {
			if t.Move[i] != ' ' {
				b = append(b, t.Move[i])
			}
		}
	} else {
		b = append(b, '-')
	}
	if t.Skipped {
		b = append(b, ';')
		b = append(b, skippedText...)
	}
	return b
}

// skippedText ends the latest turn's record when the turn was skipped.
const skippedText = "skipped"

// Parse reads a position text (see String). It rejects a text no game
// could reach by its counts: a seat without four pieces or six fences, two
// pieces on one square or a fence where a neutral one stands, a piece on a
// closed entrance, a game not over with a seat all HOME, a turn record that
// does not fit the phase (a skipped turn is followed by another seat's
// fence decision), a seat that has left the game still acting,
// rolling, waiting for a corner or winning, a game not over with fewer
// than two seats in.
func Parse(text string) (*Position, error) {
	fields := strings.Fields(text)
	n := 0
	for n < len(fields) && strings.Contains(fields[n], "/") {
		n++
	}
	if n < 2 || n > 4 {
		return nil, fmt.Errorf("kimbo position: %d seat fields (like S:b1,n1,n14,a15/e1|f1,...), want 2 to 4", n)
	}
	if len(fields) != n+1 && len(fields) != n+2 {
		return nil, fmt.Errorf("kimbo position: want %d seat fields, the phase and an optional last turn; got %d fields", n, len(fields))
	}
	p := &Position{players: n, last: noTurn, cache: &moveCache{}}
	for i := range p.fences {
		p.fences[i] = vacant
	}
	for _, side := range emptySides(n) {
		for _, sl := range Board.ClosingSlots(side) {
			p.fences[sl] = neutral
		}
	}
	var taken [Cells]bool
	off := [4]int{}
	for seat := range n {
		if err := p.parseSeat(seat, fields[seat], &taken, &off[seat]); err != nil {
			return nil, fmt.Errorf("kimbo position: %v", err)
		}
	}
	if err := p.parsePhase(fields[n]); err != nil {
		return nil, fmt.Errorf("kimbo position: %v", err)
	}
	if len(fields) == n+2 {
		if err := p.parseLast(fields[n+1]); err != nil {
			return nil, fmt.Errorf("kimbo position: %v", err)
		}
	}
	if err := p.validate(off); err != nil {
		return nil, fmt.Errorf("kimbo position: %v", err)
	}
	return p, nil
}

func (p *Position) seatByLetter(l string) (int, bool) {
	for seat := range p.players {
		if p.letter(rules.Seat(seat)) == l {
			return seat, true
		}
	}
	return 0, false
}

func (p *Position) parseSeat(seat int, field string, taken *[Cells]bool, off *int) error {
	side := p.Side(rules.Seat(seat))
	letter, rest, ok := strings.Cut(field, ":")
	if !ok || letter != string(side.Letter()) {
		return fmt.Errorf("seat %d: field %q, want it to start with %c: (seats %s)", seat, field, side.Letter(), p.seatLetters())
	}
	pieces, fences, _ := strings.Cut(rest, "/")
	if pieces == retiredText {
		p.retired[seat] = true
		p.pieces[seat] = [PiecesPerSeat]Square{NoSquare, NoSquare, NoSquare, NoSquare}
	} else if err := p.parsePieces(seat, pieces, taken, off); err != nil {
		return err
	}
	names := strings.Split(fences, ",")
	if len(names) != FencesPerSeat {
		return fmt.Errorf("%s has %d fences, want %d", side, len(names), FencesPerSeat)
	}
	for _, name := range names {
		sl, err := ParseSlot(name)
		if err != nil {
			return fmt.Errorf("%s's fences: %v", side, err)
		}
		switch o := p.fences[sl]; o {
		case vacant:
		case neutral:
			return fmt.Errorf("%s's fence in %s, where a neutral fence stands", side, sl)
		default:
			return fmt.Errorf("two fences in %s", sl)
		}
		p.fences[sl] = int8(seat)
	}
	return nil
}

// parsePieces reads a seat's four pieces: squares, home, or - for a
// captured piece, which it counts in off.
func (p *Position) parsePieces(seat int, pieces string, taken *[Cells]bool, off *int) error {
	side := p.Side(rules.Seat(seat))
	names := strings.Split(pieces, ",")
	if len(names) != PiecesPerSeat {
		return fmt.Errorf("%s has %d pieces, want %d", side, len(names), PiecesPerSeat)
	}
	for i, name := range names {
		s := NoSquare
		if name != "-" {
			var err error
			if s, err = ParseSquare(name); err != nil {
				return fmt.Errorf("%s's pieces: %v", side, err)
			}
		} else {
			*off++
		}
		if s.OnGrid() {
			if taken[s] {
				return fmt.Errorf("two pieces on %s", s)
			}
			if p.closedEntrance(s) {
				return fmt.Errorf("%s's piece on %s, an entrance closed because nobody sits on its side", side, s)
			}
			taken[s] = true
		}
		p.pieces[seat][i] = s
	}
	slices.Sort(p.pieces[seat][:])
	return nil
}

func (p *Position) seatLetters() string {
	var b strings.Builder
	for seat := range p.players {
		b.WriteString(p.letter(rules.Seat(seat)))
	}
	return b.String()
}

func (p *Position) parsePhase(field string) error {
	parts := strings.Split(field, ":")
	switch parts[0] {
	case "open":
		if len(parts) != 2 {
			return fmt.Errorf("phase %q, want like open:6-3,-,x,-", field)
		}
		return p.parseOpening(parts[1])
	case "over":
		if len(parts) != 3 {
			return fmt.Errorf("phase %q, want like over:S:finished", field)
		}
		m, winners, err := rules.ParseResult(field, parts[1], parts[2], p.seatByLetter, p.seatLetters)
		if err != nil {
			return err
		}
		if !p.endFits(m, winners) {
			return fmt.Errorf("result %q: %s cannot have %d winners among %d seats in the game, none of them out", field, m, len(winners), p.seatsIn())
		}
		p.outcome = rules.Ended(m, winners...)
		p.phase = PhaseOver
		return nil
	}
	seat, ok := p.seatByLetter(parts[0])
	if !ok || len(parts) < 2 {
		return fmt.Errorf("phase %q, want like S:fence (seats %s)", field, p.seatLetters())
	}
	p.seat = int8(seat)
	want := 2
	switch parts[1] {
	case "fence":
		p.phase = PhaseFence
	case "roll":
		p.phase = PhaseRoll
	case "move":
		p.phase, want = PhaseMove, 3
		if len(parts) == 3 {
			a, b, err := dice.ParsePair(parts[2])
			if err != nil {
				return err
			}
			p.dice = [2]int8{int8(a), int8(b)}
		}
	case "corner":
		p.phase, want = PhaseCorner, 3
		if len(parts) == 3 {
			letters := strings.Split(parts[2], ",")
			if len(letters) > 2 {
				return fmt.Errorf("phase %q: a move captures at most two pieces", field)
			}
			for _, l := range letters {
				v, ok := p.seatByLetter(l)
				if !ok || v == seat {
					return fmt.Errorf("phase %q: captured seat %q, want another seat of %s", field, l, p.seatLetters())
				}
				p.pending[p.npending] = int8(v)
				p.npending++
			}
		}
	default:
		return fmt.Errorf("phase %q: want fence, roll, move or corner after the seat", field)
	}
	if len(parts) != want {
		return fmt.Errorf("phase %q has %d parts, want %d", field, len(parts), want)
	}
	return nil
}

func (p *Position) parseOpening(s string) error {
	o, err := dice.ParseOpening(s, p.players, "roll")
	if err != nil {
		return err
	}
	p.opening, p.phase = o, PhaseOpening
	return nil
}

func (p *Position) parseLast(field string) error {
	rest, ok := strings.CutPrefix(field, "last:")
	parts := strings.Split(rest, ";")
	skipped := len(parts) == 5 && parts[4] == skippedText
	if skipped {
		parts = parts[:4]
	}
	if !ok || len(parts) != 4 {
		return fmt.Errorf("last turn %q, want like last:S;nofence;5-3;b1-b9, or with ;skipped after a skipped turn", field)
	}
	seat, ok := p.seatByLetter(parts[0])
	if !ok {
		return fmt.Errorf("last turn %q: seat %q, want one of %s", field, parts[0], p.seatLetters())
	}
	t := noTurn
	t.Seat = rules.Seat(seat)
	if parts[1] != "-" {
		f, err := ParseFenceMove(parts[1])
		if err != nil || f.From == f.To && f.From != NoSlot {
			return fmt.Errorf("last turn %q: bad fence move %q", field, parts[1])
		}
		t.Fenced, t.FenceFrom, t.FenceTo = true, f.From, f.To
	}
	if parts[2] != "-" {
		a, b, err := dice.ParsePair(parts[2])
		if err != nil {
			return fmt.Errorf("last turn %q: %v", field, err)
		}
		t.Dice = [2]int{a, b}
	}
	if parts[3] != "-" {
		legs, err := ParseLegs(parts[3])
		if err != nil {
			return fmt.Errorf("last turn %q: %v", field, err)
		}
		t.Move = legsText(legs)
		if skipped && !capturing(legs) {
			return fmt.Errorf("last turn %q: a turn is skipped after its move only while a piece it captured waits for its corner", field)
		}
	}
	if skipped && (t.Dice[0] > 0 && !t.Fenced || t.Move != "" && t.Dice[0] == 0) {
		return fmt.Errorf("last turn %q: a skipped turn records what was played before the skip, in order: fence decision, dice, move", field)
	}
	t.Skipped = skipped
	p.last = t
	return nil
}

// capturing reports whether some leg captures.
func capturing(legs []Leg) bool {
	for _, lg := range legs {
		for _, pt := range lg.Points {
			if pt.Capture {
				return true
			}
		}
	}
	return false
}

// legsText is the canonical text of parsed legs.
func legsText(legs []Leg) string {
	if len(legs) == 0 {
		return PassText
	}
	if legs[0].Jump {
		return jumpText(legs[0].From, legs[0].End())
	}
	var parts []string
	for _, lg := range legs {
		var b strings.Builder
		b.WriteString(lg.From.String())
		for _, pt := range lg.Points {
			if pt.Capture {
				b.WriteByte('x')
			} else {
				b.WriteByte('-')
			}
			b.WriteString(pt.Square.String())
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, ", ")
}

// validate checks what holds between the fields.
func (p *Position) validate(off [4]int) error {
	if err := p.validateRetired(); err != nil {
		return err
	}
	for seat := range p.players {
		if p.HomeCount(rules.Seat(seat)) == PiecesPerSeat && (p.outcome.Method != rules.Finished || !p.outcome.Won(rules.Seat(seat))) {
			return fmt.Errorf("%s has all four pieces HOME, but has not won by finishing", p.Side(rules.Seat(seat)))
		}
	}
	if p.phase == PhaseOver && p.outcome.Method == rules.Finished && p.HomeCount(p.outcome.Winners[0]) != PiecesPerSeat {
		return fmt.Errorf("%s won by finishing without all four pieces HOME", p.Side(p.outcome.Winners[0]))
	}
	var want [4]int
	for _, v := range p.Pending() {
		want[v]++
	}
	if off != want {
		return fmt.Errorf("captured pieces (-) %v do not match the pieces waiting for a corner %v", off[:p.players], want[:p.players])
	}
	t := p.last
	mine := t.Seat == rules.Seat(p.seat)
	if t.Skipped {
		// A skip ends the turn: the next seat's fence decision follows.
		switch {
		case p.phase == PhaseOver:
		case p.phase != PhaseFence:
			return fmt.Errorf("a skipped turn (last:…;skipped) ends at once: the next seat's fence decision follows, not phase %s", p.phase)
		case mine:
			return fmt.Errorf("%s's turn was skipped: the next seat acts, not %s again", p.Side(t.Seat), p.Side(t.Seat))
		}
	}
	switch p.phase {
	case PhaseOpening:
		if t.Seat != rules.Nobody && (t.Fenced || t.Move != "" || t.Dice[0] == 0) {
			return fmt.Errorf("in the opening, the last turn is an opening roll")
		}
	case PhaseRoll:
		if !mine || !t.Fenced || t.Dice[0] != 0 || t.Move != "" {
			return fmt.Errorf("before the roll, the last turn is this seat's, with its fence decision only")
		}
	case PhaseMove:
		if !mine || !t.Fenced || t.Dice != [2]int{int(p.dice[0]), int(p.dice[1])} || t.Move != "" {
			return fmt.Errorf("before the move, the last turn is this seat's, with its fence decision and these dice")
		}
	case PhaseCorner:
		if !mine || !t.Fenced || t.Dice[0] == 0 || t.Move == "" || t.Move == PassText {
			return fmt.Errorf("when choosing a corner, the last turn is this seat's, with its move")
		}
	}
	return nil
}

// validateRetired checks the seats that have left the game: at least two
// seats are in while the game goes on, and the one left alone has won by
// resignation; a seat that is out does not act, roll, wait for a corner or
// win.
func (p *Position) validateRetired() error {
	if err := p.retired.Sound(p.players, p.phase == PhaseOver, p.outcome); err != nil {
		return err
	}
	for seat := range p.players {
		if !p.retired[seat] {
			continue
		}
		side := p.Side(rules.Seat(seat))
		switch {
		case p.phase == PhaseOpening && p.opening[seat] != dice.Out:
			return fmt.Errorf("%s has left the game but is in the opening roll", side)
		case p.phase >= PhaseFence && p.phase <= PhaseCorner && int(p.seat) == seat:
			return fmt.Errorf("%s has left the game but is to act", side)
		case slices.Contains(p.Pending(), rules.Seat(seat)):
			return fmt.Errorf("%s has left the game but a piece of its waits for a corner", side)
		case p.outcome.Won(rules.Seat(seat)):
			return fmt.Errorf("%s has left the game but won it", side)
		}
	}
	return nil
}
