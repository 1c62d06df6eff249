package rumba

import (
	"fmt"
	"slices"

	"parlor/rules"
)

// checkDecision is Invariants on two Rumba positions, sound and of as
// many seats.
func checkDecision(prev, next *Position) error {
	if next.phase == PhaseOver && next.outcome.Method != rules.Finished {
		if next.t.men != prev.t.men {
			return fmt.Errorf("the men moved when the game ended by %s", next.outcome.Method)
		}
		return nil // ended by End
	}
	for s := range Side(2) {
		if next.t.finished(s) < prev.t.finished(s) {
			return fmt.Errorf("%s's men left FINISH", s)
		}
	}
	if next.last.Skipped && !sameThrow(next.last, prev.last) {
		return checkSkip(prev, next)
	}
	switch prev.phase {
	case PhaseThrow:
		if next.phase != PhaseRoll || next.hand != prev.hand || next.t != prev.t || next.pool != prev.pool ||
			next.opening != prev.opening || !sameThrow(next.last, prev.last) || next.outcome.Method != prev.outcome.Method {
			return fmt.Errorf("the decision to throw changed more than the phase, or did not lead to %s's throw: %s after %s", prev.hand, next, prev)
		}
		return nil
	case PhaseOpening, PhaseRoll:
		if next.t.men != prev.t.men {
			return fmt.Errorf("the men moved on a throw of the dice")
		}
		if prev.phase == PhaseRoll && (next.phase != PhaseMove || next.hand != prev.hand) {
			return fmt.Errorf("after %s's throw: phase %s, %s to play", prev.hand, next.phase, next.hand)
		}
		if prev.phase == PhaseOpening && next.phase != PhaseOpening && (next.phase != PhaseThrow || int(next.hand) >= next.players) {
			return fmt.Errorf("after the opening throw: phase %s, %s to throw; want a winning seat's first hand deciding to throw", next.phase, next.hand)
		}
		return nil
	case PhaseMove:
		return checkMove(prev, next)
	}
	return fmt.Errorf("a decision in phase %s", prev.phase)
}

// Invariants checks what must hold across one decision, from prev to next
// (both Rumba positions), whatever the decision was: it suits the
// self-play checker's table of invariants.
//
// In every position: sixteen men, four a hand, each waiting, on a track or
// turnout space, or in FINISH; never four men on a track space, two on a
// turnout space, or men of both sides on one space; no side with more
// than four men in FINISH, and four only for the side that won by them; a
// reward only for captured men; the decision to throw is "roll" alone,
// for the seat of the hand whose turn it is.
//
// Across a decision: the opening throw moves no man and ends with the
// winning seat's decision to throw; the decision to throw changes nothing
// but the phase, to the chance throw for the same hand; chance moves no
// man; a pass moves none and comes only
// when nothing could be played; any other move moves one man of the side
// to play, and at most one opposing man, the lone man where he lands, who
// goes back to wait. The man moved by the count of a die, two dice
// totalling 6 or the reward left in the throw, forward along the track or
// a turnout, never past a blockade (as it stood before the move) nor past
// his own finish space; he entered only on his own starting point and on
// a 6, went into FINISH only from his finish space and on a 6, and landed
// where a man may. Men leave FINISH never; the throw ends only when
// nothing of it can be played; after doublets the same hand throws again
// at once (chance throws, with no decision to throw), otherwise the seat
// of the hand to the right begins its turn by deciding to throw; the game
// ends when and only when a side has four men in FINISH (or by End).
//
// A skipped turn (Skip: the next position's throw record says so, and it
// is a new record) is no decision, and is checked as what it is: it came
// at the decision to throw or during a throw; no man moved; the record
// keeps the throw and the moves played (none, and no dice, when skipped
// before the throw) and says it was skipped; the seat of the hand to the
// right begins its turn by deciding to throw, doublets or not.
func Invariants(prevState, nextState rules.State) error {
	return rules.Check("Rumba", prevState, nextState, (*Position).checkStatic, checkDecision)
}

// checkMove checks one move decision.
func checkMove(prev, next *Position) error {
	side := prev.hand.Side()
	if len(next.last.Moves) != len(prev.last.Moves)+1 || next.last.Hand != prev.hand {
		return fmt.Errorf("the move was not recorded in the throw: %d moves before, %d after", len(prev.last.Moves), len(next.last.Moves))
	}
	played := next.last.Moves[len(next.last.Moves)-1]
	var buf [64]cand
	if played.Text == PassText {
		if next.t.men != prev.t.men {
			return fmt.Errorf("a pass moved men")
		}
		if n := len(prev.t.gen(side, prev.pool, buf[:0])); n > 0 {
			return fmt.Errorf("a pass when %d moves could be played", n)
		}
		return checkThrowEnd(prev, next)
	}
	m, err := ParseMove(played.Text)
	if err != nil {
		return fmt.Errorf("the move %q does not read: %v", played.Text, err)
	}
	// Exactly one man of the side moved, and at most one opposing man was
	// captured, where he landed.
	var moved, captured []Hand
	for h := range Hand(4) {
		if prev.t.men[h] != next.t.men[h] {
			if h.Side() == side {
				moved = append(moved, h)
			} else {
				captured = append(captured, h)
			}
		}
	}
	if len(moved) != 1 || moved[0] != m.Hand {
		return fmt.Errorf("%q moved the men of %v", played.Text, moved)
	}
	from, to := diff(prev.t.men[m.Hand], next.t.men[m.Hand])
	if len(from) != 1 || len(to) != 1 || from[0] != m.From || to[0] != m.To {
		return fmt.Errorf("%q: the %s men went from %v to %v", played.Text, m.Hand, from, to)
	}
	if len(captured) > 1 {
		return fmt.Errorf("%q captured men of %v", played.Text, captured)
	}
	capture := len(captured) == 1
	if capture {
		cf, ct := diff(prev.t.men[captured[0]], next.t.men[captured[0]])
		if len(cf) != 1 || cf[0] != m.To || ct[0] != Waiting || prev.t.cnt[m.To][1-side] != 1 {
			return fmt.Errorf("%q: a %s man went from %v to %v; a capture takes the lone man where the mover lands back to wait", played.Text, captured[0], cf, ct)
		}
		if played.Captured != captured[0] {
			return fmt.Errorf("%q captured a %s man, recorded as %s", played.Text, captured[0], played.Captured)
		}
	} else if played.Captured != NoHand || m.To.OnBoard() && prev.t.cnt[m.To][1-side] > 0 {
		return fmt.Errorf("%q landed on %s without capturing", played.Text, m.To)
	}
	// The count came from the throw.
	pl := prev.pool
	six := pl.six()
	used := pool{}
	switch m.Kind {
	case KindEnter:
		if m.From != Waiting || m.To != Start(m.Hand) || six < 0 {
			return fmt.Errorf("%q: entering is from waiting to the man's starting point %s on a 6 (dice %v, used %v)", played.Text, Start(m.Hand), pl.dice, pl.used)
		}
		used = pl.after(&cand{die: six, capture: capture})
	case KindFinish:
		if m.From != FinishSpace(m.Hand) || six < 0 {
			return fmt.Errorf("%q: FINISH is entered from the man's finish space %s on a 6", played.Text, FinishSpace(m.Hand))
		}
		used = pl.after(&cand{die: six})
	default:
		n, ok := forwardSteps(prev, m, side)
		if !ok {
			return fmt.Errorf("%q is not a forward run past no blockade nor the man's finish space, ending where he may", played.Text)
		}
		found := false
		var cbuf [4]count
		for _, c := range pl.counts(cbuf[:0]) {
			if int(c.n) == n {
				used = pl.after(&cand{die: c.die, rewards: c.rewards, capture: capture})
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("%q counts %d, not in the throw (dice %v, used %v, rewards %d)", played.Text, n, pl.dice, pl.used, pl.rewards)
		}
	}
	if m.To.OnBoard() && !prev.t.canLand(side, m.To) {
		return fmt.Errorf("%q lands on %s, where a man of %s may not end", played.Text, m.To, side)
	}
	switch next.phase {
	case PhaseMove:
		if next.hand != prev.hand || next.pool != used {
			return fmt.Errorf("after %q: %s to play %v, want %s to play %v", played.Text, next.hand, next.pool, prev.hand, used)
		}
		if len(next.t.gen(side, next.pool, buf[:0])) == 0 {
			return fmt.Errorf("after %q: nothing can be played, but the throw goes on", played.Text)
		}
	case PhaseOver:
		if m.Kind != KindFinish || next.t.finished(side) != ToWin || !slices.Equal(next.outcome.Winners, prev.SeatsOf(side)) {
			return fmt.Errorf("after %q the game ended: %v", played.Text, next.outcome)
		}
	default:
		after := next.t
		if len(after.gen(side, used, buf[:0])) > 0 {
			return fmt.Errorf("after %q the throw ended with something of it left to play", played.Text)
		}
		p := *prev
		p.pool = used
		return checkThrowEnd(&p, next)
	}
	return nil
}

// checkThrowEnd checks the turn after a throw that has ended: after
// doublets the same hand's throw at once, otherwise the next hand's
// decision to throw.
func checkThrowEnd(prev, next *Position) error {
	want, phase := (prev.hand+1)%4, PhaseThrow
	if prev.pool.dice[0] == prev.pool.dice[1] {
		want, phase = prev.hand, PhaseRoll
	}
	if next.phase != phase || next.hand != want {
		return fmt.Errorf("after %s's throw %v: phase %s, %s to throw; want phase %s, %s to throw", prev.hand, prev.pool.dice, next.phase, next.hand, phase, want)
	}
	return nil
}

// sameThrow reports whether a and b record the same throw.
func sameThrow(a, b Throw) bool {
	return a.Hand == b.Hand && a.Dice == b.Dice && a.Opening == b.Opening && a.Skipped == b.Skipped && slices.Equal(a.Moves, b.Moves)
}

// checkSkip checks a skipped turn: see Invariants.
func checkSkip(prev, next *Position) error {
	if prev.phase != PhaseThrow && prev.phase != PhaseMove {
		return fmt.Errorf("a turn was skipped in phase %s: only a seat's decision to throw or its moves are skipped", prev.phase)
	}
	want := prev.last
	if prev.phase == PhaseThrow {
		want = Throw{Hand: prev.hand}
	}
	want.Skipped = true
	if !sameThrow(next.last, want) {
		return fmt.Errorf("%s's turn skipped in phase %s: throw record %+v, want %+v", prev.hand, prev.phase, next.last, want)
	}
	if next.t != prev.t {
		return fmt.Errorf("the men moved when %s's turn was skipped", prev.hand)
	}
	if to := (prev.hand + 1) % 4; next.phase != PhaseThrow || next.hand != to || next.pool != (pool{}) || next.opening != prev.opening || next.outcome.Method != prev.outcome.Method {
		return fmt.Errorf("after %s's turn was skipped: phase %s, %s to throw, dice %v; want %s deciding to throw", prev.hand, next.phase, next.hand, next.pool.dice, to)
	}
	return nil
}

// diff lists the spaces of a that b lacks, and of b that a lacks.
func diff(a, b [MenPerHand]Space) (gone, come []Space) {
	ra, rb := slices.Clone(a[:]), slices.Clone(b[:])
	for _, s := range a {
		if i := slices.Index(rb, s); i >= 0 {
			rb = slices.Delete(rb, i, i+1)
			j := slices.Index(ra, s)
			ra = slices.Delete(ra, j, j+1)
		}
	}
	return ra, rb
}

// forwardSteps follows m's path on prev's board, as its text says, by
// itself (not by the move generator): it counts the steps and checks that
// no step passes a blockade or the man's finish space and that he may end
// there.
func forwardSteps(prev *Position, m MoveText, side Side) (int, bool) {
	s, n, via := m.From, 0, m.Via
	fin := FinishSpace(m.Hand)
	for s != m.To {
		if s == fin || n > 2*RewardSpaces || (n > 0 && s.OnTrack() && prev.t.cnt[s][0]+prev.t.cnt[s][1] >= 2) {
			return 0, false
		}
		q := -1
		for i, t := range Board.Turnouts {
			if int(s) == t.After {
				q = i
			}
		}
		tq, _, onTurnout := m.To.Turnout()
		switch {
		case q >= 0 && len(via) > 0 && via[0] == q:
			via = via[1:]
			s = TurnoutSpace(q, 1)
		case q >= 0 && len(via) == 0 && onTurnout && tq == q:
			s = TurnoutSpace(q, 1)
		case s.OnTurnout():
			tq, k, _ := s.Turnout()
			if k == TurnoutSpaces {
				s = Space(Board.Turnouts[tq].Rejoin)
			} else {
				s++
			}
		default:
			s = (s + 1) % TrackSpaces
		}
		n++
	}
	return n, len(via) == 0 && n > 0
}

// checkStatic checks what holds in any position.
func (p *Position) checkStatic() error {
	if p.phase == PhaseThrow {
		legal := p.Legal()
		if p.hand < 0 || p.hand > 3 || len(legal) != 1 || legal[0] != (rules.Move{Text: RollText}) || p.ToMove() != p.SeatOf(p.hand) {
			return fmt.Errorf("the decision to throw offers %v to seat %d, want %q alone to the seat of %s", legal, p.ToMove(), RollText, p.hand)
		}
	}
	var t table
	t.men = p.t.men
	for h := range Hand(4) {
		for _, s := range p.t.men[h] {
			if s != Waiting && s != Finish && !s.OnBoard() {
				return fmt.Errorf("a %s man on %v, not a space", h, s)
			}
		}
		if !slices.IsSorted(p.t.men[h][:]) {
			return fmt.Errorf("%s's men are not in order: %v", h, p.t.men[h])
		}
	}
	t.fill()
	if t.cnt != p.t.cnt {
		return fmt.Errorf("the count of men on the spaces does not match the men")
	}
	if err := t.checkSpaces(); err != nil {
		return err
	}
	over := p.phase == PhaseOver
	if over != p.outcome.Over() {
		return fmt.Errorf("phase %s with outcome %q", p.phase, p.outcome.Method)
	}
	for s := range Side(2) {
		n := t.finished(s)
		won := p.outcome.Method == rules.Finished && p.outcome.Won(p.SeatsOf(s)[0])
		if n > ToWin || (n == ToWin) != won {
			return fmt.Errorf("%s has %d men in FINISH, outcome %v", s, n, p.outcome)
		}
	}
	if p.phase == PhaseMove {
		d := p.pool.dice
		if d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > d[0] {
			return fmt.Errorf("dice %v", d)
		}
		waiting := 0
		for _, h := range (1 - p.hand.Side()).Hands() {
			waiting += p.Count(h, Waiting)
		}
		if p.pool.rewards < 0 || int(p.pool.rewards) > waiting {
			return fmt.Errorf("%d rewards with %d opposing men waiting", p.pool.rewards, waiting)
		}
	} else if p.pool != (pool{}) {
		return fmt.Errorf("dice %v in phase %s", p.pool, p.phase)
	}
	return nil
}

// Invariants is the package's Invariants, for those that check games
// through their engine (rules.Checker).
func (Game) Invariants(prev, next rules.State) error { return Invariants(prev, next) }
