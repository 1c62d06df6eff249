package rules

import "fmt"

// What the engines share: the small pieces of their rules.Game and
// rules.State adapters, written once here rather than once in each game.

// AsState returns p as a State, or a nil State and err when err is not
// nil. An engine's own functions (New, Parse, PlayText, its Retire and
// Skip) return its position type; an adapter answers through AsState, so
// that a failure gives a State that is nil, never a nil position wrapped
// in a State that would not compare equal to nil.
func AsState[P State](p P, err error) (State, error) {
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Across is the opening every engine's Invariants shares, for a decision
// from prevState to nextState: both are positions of type P (game names
// the game in the error when they are not), next passes check (what must
// hold in any one position), and the number of seats has not changed.
func Across[P State](game string, prevState, nextState State, check func(P) error) (prev, next P, err error) {
	prev, ok1 := prevState.(P)
	next, ok2 := nextState.(P)
	if !ok1 || !ok2 {
		return prev, next, fmt.Errorf("not %s positions: %T, %T", game, prevState, nextState)
	}
	if err := check(next); err != nil {
		return prev, next, err
	}
	if prev.Seats() != next.Seats() {
		return prev, next, fmt.Errorf("players changed from %d to %d", prev.Seats(), next.Seats())
	}
	return prev, next, nil
}
