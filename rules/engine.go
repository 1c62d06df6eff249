package rules

import (
	"fmt"
	"slices"
	"strings"
)

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

// Left is the set of seats that have left a game of up to four seats
// (rules.Retirer), by seat.
type Left [4]bool

// Has reports whether seat, of a game of players seats, has left it; a
// seat out of range has not.
func (l *Left) Has(seat Seat, players int) bool {
	return seat >= 0 && int(seat) < players && l[seat]
}

// In is the number of the players seats that have not left the game.
func (l *Left) In(players int) int {
	n := 0
	for seat := range players {
		if !l[seat] {
			n++
		}
	}
	return n
}

// Sound checks the seats still in a game of players seats, as a position
// text may give them: one at least, two at least while the game goes on
// (it ends when one is left in), and one alone in has won by the others'
// resignation. over says whether the game is over, and o is its outcome.
func (l *Left) Sound(players int, over bool, o Outcome) error {
	switch in := l.In(players); {
	case in == 0:
		return fmt.Errorf("every seat has left the game")
	case in == 1 && !over:
		return fmt.Errorf("one seat left in a game not over; the game ends when one is left")
	case in == 1 && (o.Method != Resignation || len(o.Winners) != 1):
		return fmt.Errorf("one seat left in, and it has not won by the others' resignation")
	}
	return nil
}

// CanLeave says why seat may not leave (Retire) a game of players seats:
// the game is over (ErrOver), it has no such seat, or the seat has left
// already; nil when it may. game, the game's name, begins the error, and
// side names a seat.
func CanLeave[S fmt.Stringer](game string, over bool, left *Left, seat Seat, players int, side func(Seat) S) error {
	switch {
	case over:
		return ErrOver
	case seat < 0 || int(seat) >= players:
		return fmt.Errorf("%s: no seat %d in a game of %d", game, seat, players)
	case left[seat]:
		return fmt.Errorf("%s: %s has already left the game", game, side(seat))
	}
	return nil
}

// CanEnd says why a game may not be ended by o, something outside the
// board (rules.State's End): the game is over (ErrOver), or o's Method is
// not a resignation, an agreed draw or a forfeit; and, for a game whose
// seats may leave it (left not nil), a winner is out of range, named
// twice, or has left the game. nil when the game's own checks of the
// winners come next. game, the game's name, begins the error, and side
// names a seat.
func CanEnd[S fmt.Stringer](game string, over bool, o Outcome, players int, left *Left, side func(Seat) S) error {
	if over {
		return ErrOver
	}
	switch o.Method {
	case Resignation, Agreement, Forfeit:
	default:
		return fmt.Errorf("%s: End takes a resignation, an agreed draw or a forfeit, not %q", game, o.Method)
	}
	if left == nil {
		return nil
	}
	seen := map[Seat]bool{}
	for _, w := range o.Winners {
		if w < 0 || int(w) >= players || seen[w] {
			return fmt.Errorf("%s: no seat %d, or named twice", game, w)
		}
		if left[w] {
			return fmt.Errorf("%s: %s has left the game and cannot win it", game, side(w))
		}
		seen[w] = true
	}
	return nil
}

// endMethods are the ways a game's position text may say it ended.
var endMethods = []Method{Finished, Resignation, Agreement, Forfeit}

// ParseResult reads the result of a game that is over from its position
// text's phase field, "over:S+N:finished": who, the winners' seat letters
// joined by + ("-" for none), and method, how the game ended. seat reads
// a seat's letter, and letters lists the game's for the error. It checks
// that the method is one a game may end by and each winner is named once;
// whether the winners fit the method is the game's to check.
func ParseResult(field, who, method string, seat func(string) (int, bool), letters func() string) (Method, []Seat, error) {
	m := Method(method)
	if !slices.Contains(endMethods, m) {
		return "", nil, fmt.Errorf("result %q: method %q, want one of finished, resigned, agreed-draw, forfeit", field, method)
	}
	var winners []Seat
	if who != "-" {
		for _, l := range strings.Split(who, "+") {
			s, ok := seat(l)
			if !ok || slices.Contains(winners, Seat(s)) {
				return "", nil, fmt.Errorf("result %q: winner %q, want seats of %s, each once, joined by +", field, l, letters())
			}
			winners = append(winners, Seat(s))
		}
	}
	return m, winners, nil
}
