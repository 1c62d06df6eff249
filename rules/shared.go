package rules

import "fmt"

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
