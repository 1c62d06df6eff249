package kippykoo

import (
	"fmt"
	"slices"

	"parlor/rules"
)

// checkDecision is Invariants on two Kippy Koo positions, sound and of as
// many seats. The seat whose turn it is acts in it, its roll included.
func checkDecision(prev, next *Position) error {
	if prev.phase == PhaseOver {
		return fmt.Errorf("a decision after the end of the game")
	}
	actor := rules.Chance // the lot's
	if prev.phase >= PhaseThrow && prev.phase <= PhaseMove {
		actor = rules.Seat(prev.seat)
	}
	retirement := func(seat rules.Seat) error { return checkRetirement(prev, next, int(seat)) }
	if done, err := rules.Leaving(&prev.retired, &next.retired, prev.players, actor, prev.Side, retirement); done {
		return err
	}
	if next.last.Skipped && !next.last.equal(prev.last) {
		return checkSkip(prev, next)
	}
	for seat := range next.players {
		if next.finish[seat] < prev.finish[seat] {
			return fmt.Errorf("%s's marbles left FINISH", next.Side(rules.Seat(seat)))
		}
	}
	if next.phase == PhaseOver && next.outcome.Method != rules.Finished {
		if prev.board != next.board {
			return fmt.Errorf("marbles moved when the game was ended by %s", next.outcome.Method)
		}
		return nil
	}
	switch prev.phase {
	case PhaseLot:
		if prev.board != next.board || next.phase != PhaseThrow || !next.last.Lot || next.last.Seat != rules.Seat(next.seat) || len(next.last.Before) > 0 {
			return fmt.Errorf("the lot moved marbles, or did not give the drawn seat the decision to throw first (phase %s)", next.phase)
		}
	case PhaseThrow:
		if prev.board != next.board || next.phase != PhaseRoll || next.seat != prev.seat || !next.last.equal(prev.last) || next.dice != prev.dice || next.outcome.Method != prev.outcome.Method {
			return fmt.Errorf("the decision to throw changed more than the phase, or did not lead to %s's roll: %s after %s", prev.Side(rules.Seat(prev.seat)), next, prev)
		}
	case PhaseRoll:
		if prev.board != next.board || next.phase != PhaseMove || next.seat != prev.seat {
			return fmt.Errorf("the roll moved marbles, or passed the turn")
		}
		// A throw again after doubles used keeps the turn's throws.
		var before []Throw
		if l := prev.last; l.Seat == rules.Seat(prev.seat) && !l.Lot && !l.Skipped && l.Dice[0] == l.Dice[1] && l.Move != "" && l.Move != PassText {
			before = append(slices.Clone(l.Before), Throw{Dice: l.Dice, Move: l.Move, SentBack: l.SentBack})
		}
		if a, b := next.Dice(); !next.last.equal(Turn{Seat: rules.Seat(prev.seat), Dice: [2]int{a, b}, Before: before}) || a < b || b < 1 || a > 6 {
			return fmt.Errorf("the throw %d-%d, the last throw shows %+v after %+v", a, b, next.last, prev.last)
		}
	case PhaseMove:
		return checkMove(prev, next)
	}
	return nil
}

// Invariants checks what must hold across one decision, from prev to next
// (both Kippy Koo positions), whatever the decision was: it suits the
// self-play checker's table of invariants. Marbles are conserved (four a
// seat, in START, on the track or in FINISH) and a hole holds at most one;
// marbles in FINISH stay there; a game not over always has a decision to
// take; the lot and the rolls move no marble; the lot gives the seat drawn
// its decision to throw, and that decision ("roll", the seat's only move)
// changes nothing but the phase, to the chance roll; a move uses the
// whole throw as the booklet allows (one marble the total, a start by a
// six or a total of six, two different marbles one die each), and its
// parts, replayed here hole by hole independently of the engine, give
// exactly the marbles of next (captures back to START, own marbles moved
// on to the next free hole, FINISH on reaching the star); "pass" only when
// nothing could be done; the same seat throws again, at once, exactly
// after doubles it used, and otherwise the next seat clockwise begins its
// turn with its decision to throw; the game ends when and only when a seat
// has all four marbles in FINISH (or by End, which moves nothing). The
// latest throw records the marbles the move sent back to START, exactly,
// and the throws the turn made before it: none at the start of a turn, and
// at a throw again after doubles, those before the doubles and the
// doubles, with their moves.
//
// A turn skipped (Skip) is told by the latest throw becoming a record of a
// skip; across it (checkSkip) the seat skipped was the one to act, at its
// decision to throw or its move, nothing moved, the record names it with
// the throw it did not use after the turn's throws before it, and the next
// seat still in decides to throw.
//
// A seat that has left the game (Retire) has no marbles, never acts again,
// is never drawn by the lot, never comes back and never wins; turns pass
// over it. Across a retirement itself (prev to prev.Retire(seat)),
// Invariants checks that one seat left, only its marbles left the board,
// the latest throw stayed, the turn ended if it was the seat's (the next
// seat in deciding to throw) and did not change otherwise, and the game
// ended, won by resignation, if and only if one seat is left in.
func Invariants(prevState, nextState rules.State) error {
	return rules.Check("Kippy Koo", prevState, nextState, (*Position).checkStatic, checkDecision)
}

// checkSkip checks a turn skipped (Skip): the seat to act, at its decision
// to throw or its move, and only then; nothing moved; the latest throw
// records the skip, with the throw not used if there was one; the next
// seat still in, clockwise, decides to throw (doubles earning nothing).
func checkSkip(prev, next *Position) error {
	side := prev.Side(rules.Seat(prev.seat))
	if prev.phase != PhaseThrow && prev.phase != PhaseMove {
		return fmt.Errorf("a turn skipped in phase %s: only the seat to act, at its decision to throw or its move, is skipped", prev.phase)
	}
	want := Turn{Seat: rules.Seat(prev.seat), Skipped: true}
	if prev.phase == PhaseMove {
		want.Dice = [2]int{int(prev.dice[0]), int(prev.dice[1])}
		want.Before = prev.last.Before
	}
	if !next.last.equal(want) {
		return fmt.Errorf("the latest throw records the skip as %+v, want %+v", next.last, want)
	}
	if prev.board != next.board {
		return fmt.Errorf("when %s's turn was skipped the marbles are %s, want %s", side, describeBoard(next, next.board), describeBoard(next, prev.board))
	}
	if w := prev.nextIn(int(prev.seat)); next.phase != PhaseThrow || int(next.seat) != w || next.dice != [2]int8{} || next.outcome.Over() {
		return fmt.Errorf("after %s's turn was skipped, phase %s for %s: want %s, the next seat in, to decide to throw", side, next.phase, next.Side(rules.Seat(next.seat)), next.Side(rules.Seat(w)))
	}
	return nil
}

// checkMove checks a move decision against the parts its text names.
func checkMove(prev, next *Position) error {
	mover := int(prev.seat)
	a, b := int(prev.dice[0]), int(prev.dice[1])
	t := next.last
	if t.Seat != rules.Seat(mover) || t.Dice != [2]int{a, b} || t.Move == "" || t.Lot {
		return fmt.Errorf("the last throw %+v does not record %s's move with %d-%d", t, prev.Side(rules.Seat(mover)), a, b)
	}
	if !slices.EqualFunc(t.Before, prev.last.Before, Throw.equal) {
		return fmt.Errorf("the move changed the throws the turn made before: %+v, were %+v", t.Before, prev.last.Before)
	}
	legs, err := ParseLegs(t.Move)
	if err != nil {
		return fmt.Errorf("the last move %q does not read: %v", t.Move, err)
	}
	canStart := prev.start[mover] > 0 && (a == 6 || a+b == 6)
	switch len(legs) {
	case 0:
		if prev.onTrack(mover) > 0 || canStart {
			return fmt.Errorf("pass with %d-%d, although a marble could move or start", a, b)
		}
	case 1:
		lg := legs[0]
		if (lg.Start && lg.Count == 0 && a+b != 6) || (lg.Start && lg.Count > 0 && (a != 6 || lg.Count != b)) || (!lg.Start && lg.Count != a+b) {
			return fmt.Errorf("the move %q does not use the whole throw %d-%d as one marble may", t.Move, a, b)
		}
	case 2:
		var used []int
		for _, lg := range legs {
			switch {
			case lg.Start && lg.Count > 0:
				return fmt.Errorf("the move %q has a start and move as one part of two", t.Move)
			case lg.Start:
				used = append(used, 6)
			default:
				used = append(used, lg.Count)
			}
		}
		if !(used[0] == a && used[1] == b) && !(used[0] == b && used[1] == a) {
			return fmt.Errorf("the move %q uses %v, the dice show %d-%d", t.Move, used, a, b)
		}
	}
	want, sent, err := replay(prev, mover, legs)
	if err != nil {
		return fmt.Errorf("the move %q: %v", t.Move, err)
	}
	if want != next.board {
		return fmt.Errorf("after %q the marbles are %s, want %s", t.Move, describeBoard(next, next.board), describeBoard(next, want))
	}
	if !slices.Equal(t.SentBack, sent) {
		return fmt.Errorf("the move %q records the marbles sent back to START as %q, want %q", t.Move, next.sentBackText(t.SentBack), next.sentBackText(sent))
	}
	switch {
	case want.finish[mover] == MarblesPerSeat:
		if next.outcome.Method != rules.Finished || !next.outcome.Won(rules.Seat(mover)) {
			return fmt.Errorf("%s has all four marbles in FINISH, outcome %v", prev.Side(rules.Seat(mover)), next.outcome)
		}
	case a == b && len(legs) > 0:
		if int(next.seat) != mover {
			return fmt.Errorf("after doubles used, %s throws, not the same seat", next.Side(rules.Seat(next.seat)))
		}
		if next.phase != PhaseRoll {
			return fmt.Errorf("after doubles used, phase %s, want roll: the same seat throws again at once", next.phase)
		}
	case int(next.seat) != prev.nextIn(mover):
		return fmt.Errorf("after %s's turn, %s throws, not the next seat clockwise still in the game", prev.Side(rules.Seat(mover)), next.Side(rules.Seat(next.seat)))
	case next.phase != PhaseThrow:
		return fmt.Errorf("after a turn, phase %s, want throw: the next seat begins its turn by deciding to throw", next.phase)
	}
	return nil
}

// replay plays the parts of a move on prev's marbles one hole at a time,
// as a player would count them out: a marble that comes back to its own
// star goes into FINISH; one that stops on an opponent sends it back to
// START; one that stops on its own marble walks on until a hole is free.
// It returns the marbles after the move and those it sent back.
func replay(prev *Position, seat int, legs []Leg) (board, []Capture, error) {
	b := prev.board
	var sent []Capture
	star := prev.star(seat)
	own := int8(seat + 1)
	moved := NoHole
	for i, lg := range legs {
		at := star
		if lg.Start {
			if b.start[seat] == 0 {
				return b, nil, fmt.Errorf("a start with START empty")
			}
			b.start[seat]--
		} else {
			if lg.From < 0 || lg.From >= Holes || b.holes[lg.From] != own {
				return b, nil, fmt.Errorf("no marble of the mover's on %s", lg.From)
			}
			if i == 1 && lg.From == moved {
				return b, nil, fmt.Errorf("both parts move the marble now on %s", lg.From)
			}
			b.holes[lg.From] = 0
			at = lg.From
		}
		home := false
		for range lg.Count {
			if at = (at + 1) % Holes; at == star {
				home = true
				break
			}
		}
		if !home {
			switch o := b.holes[at]; o {
			case 0:
			case own:
				for b.holes[at] != 0 {
					if at = (at + 1) % Holes; at == star {
						home = true
						break
					}
				}
			default:
				b.start[o-1]++
				sent = append(sent, Capture{Seat: rules.Seat(o - 1), Hole: at})
			}
		}
		moved = NoHole
		if home {
			b.finish[seat]++
		} else {
			b.holes[at] = own
			moved = at
		}
	}
	return b, sent, nil
}

// checkRetirement checks one seat's leaving the game: it was going on; one
// seat left; its marbles left the board and nothing else moved; the latest
// throw stayed; if it was the seat's turn, the turn ended and the next
// seat still in, clockwise, decides to throw, and otherwise the decision
// to take did not change; the game ended, won by resignation by the last
// seat in, if and only if one is left.
func checkRetirement(prev, next *Position, s int) error {
	side := prev.Side(rules.Seat(s))
	want := prev.board
	want.start[s], want.finish[s] = 0, 0
	for h, o := range want.holes {
		if int(o) == s+1 {
			want.holes[h] = 0
		}
	}
	if want != next.board {
		return fmt.Errorf("when %s left the game the marbles are %s, want %s", side, describeBoard(next, next.board), describeBoard(next, want))
	}
	if !next.last.equal(prev.last) {
		return fmt.Errorf("the latest throw changed when %s left the game", side)
	}
	if over := next.seatsIn() == 1; over {
		w := rules.Seat(next.nextIn(s))
		if next.phase != PhaseOver || next.outcome.Method != rules.Resignation || len(next.outcome.Winners) != 1 || !next.outcome.Won(w) {
			return fmt.Errorf("one seat left in when %s left, phase %s, outcome %v: want %s the winner by resignation", side, next.phase, next.outcome, next.Side(w))
		}
		return nil
	}
	if next.phase == PhaseOver {
		return fmt.Errorf("the game ended when %s left, with %d seats still in", side, next.seatsIn())
	}
	if prev.phase >= PhaseThrow && prev.phase <= PhaseMove && int(prev.seat) == s {
		if w := next.nextIn(s); next.phase != PhaseThrow || int(next.seat) != w {
			return fmt.Errorf("%s left in its turn, then phase %s for %s: want %s, the next seat in, to decide to throw", side, next.phase, next.Side(rules.Seat(next.seat)), next.Side(rules.Seat(w)))
		}
		return nil
	}
	if next.phase != prev.phase || next.seat != prev.seat || next.dice != prev.dice {
		return fmt.Errorf("the decision to take changed when %s, not to act, left the game", side)
	}
	return nil
}

// describeBoard writes b's marbles as the seat fields of a position text.
func describeBoard(p *Position, b board) string {
	q := *p
	q.board = b
	s := ""
	for seat := range p.players {
		if seat > 0 {
			s += " "
		}
		s += q.seatField(seat)
	}
	return s
}

// checkStatic checks what holds in any position: the seats that have left
// the game without marbles and out of play (validateRetired); four marbles
// a seat still in, each in START, on a hole or in FINISH; holes holding
// only the seats' marbles; the outcome matching the phase and the marbles
// in FINISH; a decision to take whenever the game is not over, the
// decision to throw being "roll" alone, the seat's own.
func (p *Position) checkStatic() error {
	if err := p.validateRetired(); err != nil {
		return err
	}
	var onTrack [4]int
	for h, o := range p.holes {
		switch {
		case o == 0:
		case o < 0 || int(o) > p.players:
			return fmt.Errorf("hole %d holds a marble of seat %d", h, o-1)
		default:
			onTrack[o-1]++
		}
	}
	winner := rules.Nobody
	for seat := range p.players {
		s, f := int(p.start[seat]), int(p.finish[seat])
		if p.retired[seat] {
			continue // validateRetired: no marbles
		}
		if s < 0 || f < 0 || s+f+onTrack[seat] != MarblesPerSeat {
			return fmt.Errorf("%s has %d marbles in START, %d on the track, %d in FINISH", p.Side(rules.Seat(seat)), s, onTrack[seat], f)
		}
		if f == MarblesPerSeat {
			if winner != rules.Nobody {
				return fmt.Errorf("two seats have all their marbles in FINISH")
			}
			winner = rules.Seat(seat)
		}
	}
	for seat := p.players; seat < 4; seat++ {
		if p.start[seat] != 0 || p.finish[seat] != 0 {
			return fmt.Errorf("marbles of seat %d, which nobody holds", seat)
		}
	}
	if (winner != rules.Nobody) != (p.outcome.Method == rules.Finished) || (winner != rules.Nobody && !p.outcome.Won(winner)) {
		return fmt.Errorf("a seat all in FINISH is %v, the outcome is %v", winner, p.outcome)
	}
	if (p.phase == PhaseOver) != p.outcome.Over() {
		return fmt.Errorf("phase %s with outcome %q", p.phase, p.outcome.Method)
	}
	if p.phase == PhaseOver {
		if len(p.Legal()) != 0 || p.ToMove() != rules.Nobody {
			return fmt.Errorf("the game is over but moves are offered")
		}
		return nil
	}
	legal := p.Legal()
	if len(legal) == 0 {
		return fmt.Errorf("no legal decision in phase %s, and the game is not over", p.phase)
	}
	if p.phase == PhaseThrow && (len(legal) != 1 || legal[0] != rules.Move{Text: RollText} || p.ToMove() != rules.Seat(p.seat)) {
		return fmt.Errorf("the decision to throw offers %v to seat %d, want %q alone to %s", legal, p.ToMove(), RollText, p.Side(rules.Seat(p.seat)))
	}
	if (p.phase == PhaseMove) != (p.dice[0] > 0) {
		return fmt.Errorf("dice %v in phase %s", p.dice, p.phase)
	}
	return nil
}

// Invariants is the package's Invariants, for those that check games
// through their engine (rules.Checker).
func (Game) Invariants(prev, next rules.State) error { return Invariants(prev, next) }
