package kimbo

import (
	"fmt"
	"slices"

	"parlor/rules"
)

// checkDecision is Invariants on two Kimbo positions, sound and of as
// many seats. The seat that acts is the one to move: ToMove is a seat in
// the fence, move and corner decisions.
func checkDecision(prev, next *Position) error {
	retirement := func(seat rules.Seat) error { return checkRetirement(prev, next, int(seat)) }
	if done, err := rules.Leaving(&prev.retired, &next.retired, prev.players, prev.ToMove(), prev.Side, retirement); done {
		return err
	}
	if next.last.Skipped && next.last != prev.last {
		return checkSkip(prev, next)
	}
	if next.phase == PhaseOver && next.outcome.Method != rules.Finished {
		return nil // ended by End: nothing moved
	}
	mover := int(prev.seat)
	// Fences.
	changed := 0
	for sl := range prev.fences {
		if prev.fences[sl] != next.fences[sl] {
			changed++
			for _, o := range [2]int8{prev.fences[sl], next.fences[sl]} {
				if o >= 0 && int(o) < prev.players && prev.retired[o] {
					return fmt.Errorf("a fence of %s, which has left the game, moved (slot %s)", prev.Side(rules.Seat(o)), Slot(sl))
				}
			}
			if prev.fences[sl] != int8(mover) && next.fences[sl] != int8(mover) {
				return fmt.Errorf("a fence that is not the mover's changed in %s", Slot(sl))
			}
		}
	}
	if changed > 0 && (prev.phase != PhaseFence || changed != 2) {
		return fmt.Errorf("%d slots changed in phase %s; only a fence decision moves one fence", changed, prev.phase)
	}
	// Pieces.
	for seat := range next.players {
		ph, nh := prev.HomeCount(rules.Seat(seat)), next.HomeCount(rules.Seat(seat))
		if nh < ph {
			return fmt.Errorf("%s's pieces left HOME", next.Side(rules.Seat(seat)))
		}
		if nh > ph && (seat != mover || prev.phase != PhaseMove) {
			return fmt.Errorf("%s's pieces entered HOME, not on its own move", next.Side(rules.Seat(seat)))
		}
		ps, ns := prev.inStart(seat), next.inStart(seat)
		switch {
		case prev.phase == PhaseCorner && seat == int(prev.pending[0]):
			if ns != ps+1 {
				return fmt.Errorf("placing a captured %s piece: %d pieces in start areas, want %d", next.Side(rules.Seat(seat)), ns, ps+1)
			}
		case prev.phase == PhaseMove && next.phase == PhaseOver && slices.Contains(prev.capturedBy(next), seat):
			// A piece captured by the winning move went straight back.
		case ns > ps:
			return fmt.Errorf("%s has %d pieces in start areas, %d before: a piece went back into a start area", next.Side(rules.Seat(seat)), ns, ps)
		}
		if prev.phase != PhaseMove && prev.phase != PhaseCorner && prev.pieces[seat] != next.pieces[seat] {
			return fmt.Errorf("%s's pieces moved in phase %s", next.Side(rules.Seat(seat)), prev.phase)
		}
	}
	if prev.phase == PhaseMove {
		if err := checkMove(prev, next); err != nil {
			return err
		}
	}
	return nil
}

// Invariants checks what must hold across one decision, from prev to next
// (both Kimbo positions), whatever the decision was: it suits the
// self-play checker's table of invariants. Pieces are conserved (four a
// seat: on squares, HOME, or captured and waiting for a corner) and never
// two share a square; fences are conserved (six a seat, the neutral ones
// where the number of players puts them) and each stands in a slot; only a
// fence decision moves a fence, one of the mover's, to a vacant slot; a
// piece enters a start area only when it is sent there after its capture;
// pieces enter HOME only by exact count, never leave it, and only on their
// owner's move; the game ends when and only when a seat has all four pieces
// HOME (or by End, or when one seat is left in).
//
// A skipped turn (Skip: the next position's turn record says so, and it
// is a new record) is no decision, and is checked as what it is: it came
// at a seat's fence, move or corner decision; nothing moved but the
// captured pieces still waiting, each to a start area; the record keeps
// what the seat played and says it was skipped; the next seat still in
// begins its turn with its fence decision.
//
// A seat that has left the game (Retire) never acts again and never comes
// back; its pieces stay off the board and its fences where they stood.
// Across a retirement itself (prev to prev.Retire(seat)), Invariants checks
// that one seat left, its pieces only left the board, nothing else moved
// but captured pieces sent to a start area, and the game ended if one seat
// is left in.
func Invariants(prevState, nextState rules.State) error {
	return rules.Check("Kimbo", prevState, nextState, (*Position).checkStatic, checkDecision)
}

// checkRetirement checks one seat's leaving the game: it was going on; one
// seat left; its pieces left the board (checkStatic sees them gone); no
// fence moved; the pieces of the seats still in stayed, but for captured
// pieces sent to a start area when the capturer left or the game ended;
// the game ended, won by the last seat in, if and only if one is left.
func checkRetirement(prev, next *Position, gone int) error {
	if prev.phase == PhaseOver {
		return fmt.Errorf("a seat left a game that was over")
	}
	if prev.fences != next.fences {
		return fmt.Errorf("fences moved when %s left the game", next.Side(rules.Seat(gone)))
	}
	placing := next.phase == PhaseOver || prev.phase >= PhaseFence && prev.phase <= PhaseCorner && int(prev.seat) == gone
	for seat := range next.players {
		if next.retired[seat] {
			continue
		}
		var was []Square
		for _, s := range prev.pieces[seat] {
			if s != NoSquare {
				was = append(was, s)
			}
		}
		for _, s := range next.pieces[seat] {
			if s == NoSquare {
				continue
			}
			if i := slices.Index(was, s); i >= 0 {
				was = slices.Delete(was, i, i+1)
			} else if !placing || !s.OnGrid() || Board.area[s] != StartArea {
				return fmt.Errorf("%s's piece came to %s when %s left the game", next.Side(rules.Seat(seat)), s, next.Side(rules.Seat(gone)))
			}
		}
		if len(was) > 0 {
			return fmt.Errorf("%s's piece on %s moved when %s left the game", next.Side(rules.Seat(seat)), was[0], next.Side(rules.Seat(gone)))
		}
	}
	if over := next.seatsIn() == 1; over != (next.phase == PhaseOver) || over && next.outcome.Method != rules.Resignation {
		return fmt.Errorf("%d seats left in, phase %s, outcome %q", next.seatsIn(), next.phase, next.outcome.Method)
	}
	return nil
}

// checkSkip checks a skipped turn: see Invariants.
func checkSkip(prev, next *Position) error {
	if prev.phase != PhaseFence && prev.phase != PhaseMove && prev.phase != PhaseCorner {
		return fmt.Errorf("a turn was skipped in phase %s: only a seat's fence, move or corner decision is skipped", prev.phase)
	}
	mover := rules.Seat(prev.seat)
	side := prev.Side(mover)
	want := prev.last
	if prev.phase == PhaseFence {
		want = noTurn
		want.Seat = mover
	}
	want.Skipped = true
	if next.last != want {
		return fmt.Errorf("%s's turn skipped in phase %s: turn record %+v, want %+v", side, prev.phase, next.last, want)
	}
	after := int(prev.seat)
	for {
		after = (after + 1) % prev.players
		if !prev.retired[after] {
			break
		}
	}
	if next.phase != PhaseFence || int(next.seat) != after || next.dice != [2]int8{} || next.outcome.Over() {
		return fmt.Errorf("after %s's turn was skipped: phase %s, %s to act, dice %v, outcome %q; want %s's fence decision",
			side, next.phase, next.Side(rules.Seat(next.seat)), next.dice, next.outcome.Method, next.Side(rules.Seat(after)))
	}
	if prev.fences != next.fences {
		return fmt.Errorf("fences moved when %s's turn was skipped", side)
	}
	for seat := range prev.players {
		if prev.pieces[seat] == next.pieces[seat] {
			continue
		}
		if prev.phase != PhaseCorner || seat == int(prev.seat) {
			return fmt.Errorf("%s's pieces moved when %s's turn was skipped in phase %s", next.Side(rules.Seat(seat)), side, prev.phase)
		}
		// Only this seat's captured pieces, each into a start area.
		was := slices.Clone(prev.pieces[seat][:])
		placed := 0
		for _, s := range next.pieces[seat] {
			if i := slices.Index(was, s); i >= 0 && s != NoSquare {
				was = slices.Delete(was, i, i+1)
				continue
			}
			if !s.OnGrid() || Board.area[s] != StartArea {
				return fmt.Errorf("%s's piece came to %v when %s's turn was skipped", next.Side(rules.Seat(seat)), s, side)
			}
			placed++
		}
		waiting := 0
		for _, v := range prev.Pending() {
			if int(v) == seat {
				waiting++
			}
		}
		if placed != waiting {
			return fmt.Errorf("%d of %s's pieces went to a start area when %s's turn was skipped, %d were waiting for a corner", placed, next.Side(rules.Seat(seat)), side, waiting)
		}
	}
	return nil
}

// capturedBy lists the seats whose pieces left the board between p and next.
func (p *Position) capturedBy(next *Position) []int {
	var out []int
	for seat := range p.players {
		if seat != int(p.seat) && p.pieces[seat] != next.pieces[seat] {
			out = append(out, seat)
		}
	}
	return out
}

// inStart counts seat's pieces in start areas.
func (p *Position) inStart(seat int) int {
	n := 0
	for _, s := range p.pieces[seat] {
		if s.OnGrid() && Board.area[s] == StartArea {
			n++
		}
	}
	return n
}

// checkMove checks a move decision against the legs its text names: they
// start on the mover's pieces, end where the pieces are now, count what
// the dice allow, and enter HOME only on their last step, through an
// entrance.
func checkMove(prev, next *Position) error {
	t := next.last
	if t.Move == "" {
		return fmt.Errorf("a move decision left no move in the last turn")
	}
	legs, err := ParseLegs(t.Move)
	if err != nil {
		return fmt.Errorf("the last move %q does not read: %v", t.Move, err)
	}
	mover := int(prev.seat)
	d1, d2 := int(prev.dice[0]), int(prev.dice[1])
	var from, to []Square
	home := 0
	for _, lg := range legs {
		from, to = append(from, lg.From), append(to, lg.End())
		if lg.Jump {
			if d1 != d2 {
				return fmt.Errorf("jump %s on %d-%d", t.Move, d1, d2)
			}
			continue
		}
		sq := lg.Squares()
		for i, s := range sq {
			before := lg.From
			if i > 0 {
				before = sq[i-1]
			}
			if s == Home && (i != len(sq)-1 || Board.area[before] != Entrance) {
				return fmt.Errorf("leg %s enters HOME other than on its last step from an entrance", legsText([]Leg{lg}))
			}
			if s == Home {
				home++
			} else if prev.closedEntrance(s) {
				return fmt.Errorf("leg %s enters the closed entrance %s", legsText([]Leg{lg}), s)
			}
		}
		n := len(sq)
		switch {
		case len(legs) == 2 && n != d1 && n != d2:
			return fmt.Errorf("leg %s counts %d with %d-%d", legsText([]Leg{lg}), n, d1, d2)
		case len(legs) == 1 && n != d1+d2 && n != d1 && n != d2:
			return fmt.Errorf("leg %s counts %d with %d-%d", legsText([]Leg{lg}), n, d1, d2)
		}
		if e := lg.End(); e != Home && Board.area[e] == StartArea {
			return fmt.Errorf("leg %s ends in a start area", legsText([]Leg{lg}))
		}
	}
	if len(legs) == 2 {
		n0, n1 := legs[0].Steps(), legs[1].Steps()
		if !(n0 == d1 && n1 == d2) && !(n0 == d2 && n1 == d1) {
			return fmt.Errorf("legs count %d and %d with %d-%d", n0, n1, d1, d2)
		}
	}
	if got := next.HomeCount(rules.Seat(mover)) - prev.HomeCount(rules.Seat(mover)); got != home {
		return fmt.Errorf("%d pieces entered HOME, the move %q says %d", got, t.Move, home)
	}
	// The mover's pieces: prev minus the starts plus the ends is next.
	want := slices.Clone(prev.pieces[mover][:])
	for _, f := range from {
		i := slices.Index(want, f)
		if i < 0 {
			return fmt.Errorf("move %q starts on %s, where the mover has no piece", t.Move, f)
		}
		want[i] = NoSquare - 1
	}
	for _, e := range to {
		i := slices.Index(want, NoSquare-1)
		want[i] = e
	}
	slices.Sort(want)
	if !slices.Equal(want, next.pieces[mover][:]) {
		return fmt.Errorf("after %q the mover's pieces are %v, want %v", t.Move, next.pieces[mover], want)
	}
	return nil
}

// checkStatic checks what holds in any position: the seats that have left
// the game without pieces and out of play (validateRetired), four pieces a
// seat still in, never
// two on a square, none on HOME's cells or a closed entrance, captured
// pieces only while waiting for their corner, six fences a seat and the
// neutral ones in place, and the outcome matching the phase.
func (p *Position) checkStatic() error {
	if err := p.validateRetired(); err != nil {
		return err
	}
	var taken [Cells]bool
	var off [4]int
	for seat := range p.players {
		if p.retired[seat] {
			if p.pieces[seat] != [PiecesPerSeat]Square{NoSquare, NoSquare, NoSquare, NoSquare} {
				return fmt.Errorf("%s has left the game but has pieces %v", p.Side(rules.Seat(seat)), p.pieces[seat])
			}
			continue
		}
		for _, s := range p.pieces[seat] {
			switch {
			case s == NoSquare:
				off[seat]++
			case s == Home:
			case !s.OnGrid() || Board.area[s] == HomeArea:
				return fmt.Errorf("%s has a piece on %v, not a square", p.Side(rules.Seat(seat)), s)
			case taken[s]:
				return fmt.Errorf("two pieces on %s", s)
			case p.closedEntrance(s):
				return fmt.Errorf("a piece on the closed entrance %s", s)
			default:
				taken[s] = true
			}
		}
	}
	var want [4]int
	for _, v := range p.Pending() {
		want[v]++
	}
	if off != want || (p.npending > 0) != (p.phase == PhaseCorner) {
		return fmt.Errorf("captured pieces %v, waiting for a corner %v, in phase %s", off, want, p.phase)
	}
	var fences [5]int
	for sl, o := range p.fences {
		switch {
		case o == vacant:
		case o == neutral:
			fences[4]++
			if !p.closingSlot(Slot(sl)) {
				return fmt.Errorf("a neutral fence in %s, which closes no empty side's entrance", Slot(sl))
			}
		case int(o) < p.players:
			fences[o]++
		default:
			return fmt.Errorf("a fence of seat %d in %s", o, Slot(sl))
		}
	}
	for seat := range p.players {
		if fences[seat] != FencesPerSeat {
			return fmt.Errorf("%s has %d fences, want %d", p.Side(rules.Seat(seat)), fences[seat], FencesPerSeat)
		}
	}
	if fences[4] != 3*(4-p.players) {
		return fmt.Errorf("%d neutral fences, want %d", fences[4], 3*(4-p.players))
	}
	finished := false
	for seat := range p.players {
		if p.HomeCount(rules.Seat(seat)) == PiecesPerSeat {
			finished = true
			if p.outcome.Method == rules.Finished && !p.outcome.Won(rules.Seat(seat)) {
				return fmt.Errorf("%s has all pieces HOME but did not win", p.Side(rules.Seat(seat)))
			}
		}
	}
	if finished != (p.outcome.Method == rules.Finished) {
		return fmt.Errorf("a seat all HOME is %v, the outcome is %q", finished, p.outcome.Method)
	}
	if (p.phase == PhaseOver) != p.outcome.Over() {
		return fmt.Errorf("phase %s with outcome %q", p.phase, p.outcome.Method)
	}
	return nil
}

// closingSlot reports whether sl closes the entrance of an empty side.
func (p *Position) closingSlot(sl Slot) bool { return closingSlots[p.players][sl] }

// Invariants is the package's Invariants, for those that check games
// through their engine (rules.Checker).
func (Game) Invariants(prev, next rules.State) error { return Invariants(prev, next) }
