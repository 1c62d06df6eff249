package rules

import (
	"fmt"
	"slices"
)

// More of what the engines share, written once here: the checks that open
// a computer player's decision and a skipped turn.

// Thinking is s as a position of type P, for a Thinker's Think: it says
// why no player of game (its name, which begins the error) can decide in
// s when s is another game's, when the game is over (ErrOver), or when
// chance decides now.
func Thinking[P State](game string, s State) (P, error) {
	p, ok := s.(P)
	if !ok {
		return p, fmt.Errorf("%s: cannot think about %T, a state of another game", game, s)
	}
	switch p.ToMove() {
	case Nobody:
		return p, fmt.Errorf("%s: nothing to decide: %w", game, ErrOver)
	case Chance:
		return p, fmt.Errorf("%s: nothing to decide: chance decides now, not a player", game)
	}
	return p, nil
}

// CanSkip says why seat's turn cannot be skipped (Skipper) in a game of
// players seats, before what depends on the game: the game is over
// (ErrOver; game, its name, begins the error), or it has no such seat.
// nil when the game's own checks come next.
func CanSkip(game string, over bool, seat Seat, players int) error {
	switch {
	case over:
		return fmt.Errorf("%s: no turn to skip: %w", game, ErrOver)
	case seat < 0 || int(seat) >= players:
		return Illegalf("no seat %d in a game of %d to skip", seat, players)
	}
	return nil
}

// Check is an engine's Invariants: Across, then decision's checks of the
// decision from prev to next, both positions of type P, sound and with
// the same seats.
func Check[P State](game string, prevState, nextState State, check func(P) error, decision func(prev, next P) error) error {
	prev, next, err := Across(game, prevState, nextState, check)
	if err != nil {
		return err
	}
	return decision(prev, next)
}

// Leaving checks what one decision did to the seats that have left a
// game of players seats (Retirer), prev before it and next after: no seat
// came back. When a seat left, the change was its retirement and nothing
// else: done is true, with retirement's verdict on that seat (two seats
// may not leave at once). Otherwise actor, the seat that decided (a
// negative Seat when chance did, or nobody), must not have left the game.
// done is true whenever err is not nil. side names a seat.
func Leaving[S fmt.Stringer](prev, next *Left, players int, actor Seat, side func(Seat) S, retirement func(Seat) error) (done bool, err error) {
	var left []Seat
	for seat := range players {
		switch {
		case prev[seat] && !next[seat]:
			return true, fmt.Errorf("%s came back into the game it had left", side(Seat(seat)))
		case next[seat] && !prev[seat]:
			left = append(left, Seat(seat))
		}
	}
	switch {
	case len(left) > 1:
		return true, fmt.Errorf("%d seats left the game at once", len(left))
	case len(left) == 1:
		return true, retirement(left[0])
	case prev.Has(actor, players):
		return true, fmt.Errorf("%s acted after leaving the game", side(actor))
	}
	return false, nil
}

// Ended is the outcome of a game ended by m with winners, in seat order
// (a copy; winners is not changed).
func Ended(m Method, winners ...Seat) Outcome {
	w := slices.Clone(winners)
	slices.Sort(w)
	return Outcome{Method: m, Winners: w}
}

// WinnersFit reports whether a game of players seats (those still in it)
// ended by m may have n winners: none for an agreed draw, fewer than all
// for a forfeit, one for a race finished, and for a resignation one or
// more but not all.
func WinnersFit(m Method, n, players int) bool {
	switch m {
	case Agreement:
		return n == 0
	case Forfeit:
		return n < players
	case Finished:
		return n == 1
	}
	return n >= 1 && n < players
}
