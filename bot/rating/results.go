package rating

import (
	"fmt"

	"parlor/rules"
)

// Pair is one pairwise result of a seat: the opponent's seat and the
// seat's score against it, 1, 0.5 or 0.
type Pair struct {
	Opponent rules.Seat
	Score    float64
}

// Results turns a game's places into each seat's pairwise results, in
// seat order, each seat's pairs in the order of the opponents' seats.
// places[s] is seat s's place, 1 the best, equal places tying; teams[s]
// is seat s's team, seats of one team being partners (Rumba's sides:
// rumba's SideOf), and nil puts every seat on a team of its own. Two seats
// on different teams meet once: the better place scores 1 and the worse
// 0, equal places 0.5 each; partners do not meet.
func Results(places, teams []int) ([][]Pair, error) {
	if teams != nil && len(teams) != len(places) {
		return nil, fmt.Errorf("rating: %d places but %d teams", len(places), len(teams))
	}
	for s, p := range places {
		if p < 1 {
			return nil, fmt.Errorf("rating: seat %d has place %d; places start at 1", s, p)
		}
	}
	out := make([][]Pair, len(places))
	for s := range places {
		for o := range places {
			if o == s || teams != nil && teams[o] == teams[s] {
				continue
			}
			out[s] = append(out[s], Pair{Opponent: rules.Seat(o), Score: score(places[s], places[o])})
		}
	}
	return out, nil
}

// score is the score of the place mine against the place theirs.
func score(mine, theirs int) float64 {
	switch {
	case mine < theirs:
		return 1
	case mine > theirs:
		return 0
	}
	return 0.5
}

// Places is the place of each of a game's seats, from how the game ended:
// its winners (rules.Outcome.Winners; none in a draw) and the seats that
// left it before the end, in the order they left (resigned, forfeited or
// skipped out; the earliest first). The winners share place 1; the other
// seats still in at the end share the next place; then come the seats
// that left, the last to leave placing highest. Places are numbered as
// in sport, the seats before a place counting: winners 1, 1, then 3.
// A two-player game gives its winner 1 and its loser 2, a draw 1 and 1.
func Places(seats int, winners, left []rules.Seat) ([]int, error) {
	if seats < 1 {
		return nil, fmt.Errorf("rating: a game of %d seats", seats)
	}
	const unplaced, winner, gone = 0, 1, 2
	state := make([]int, seats)
	for _, list := range []struct {
		seats []rules.Seat
		mark  int
		what  string
	}{{winners, winner, "winner"}, {left, gone, "leaver"}} {
		for _, s := range list.seats {
			if s < 0 || int(s) >= seats {
				return nil, fmt.Errorf("rating: %s seat %d of a game of %d seats", list.what, s, seats)
			}
			if state[s] != unplaced {
				return nil, fmt.Errorf("rating: seat %d named twice among the winners and leavers", s)
			}
			state[s] = list.mark
		}
	}
	places := make([]int, seats)
	next := 1
	for _, group := range [][]rules.Seat{winners, stillIn(state, unplaced)} {
		for _, s := range group {
			places[s] = next
		}
		next += len(group)
	}
	for i := len(left) - 1; i >= 0; i-- {
		places[left[i]] = next
		next++
	}
	return places, nil
}

// stillIn lists the seats whose state is mark, in seat order.
func stillIn(state []int, mark int) []rules.Seat {
	var out []rules.Seat
	for s, m := range state {
		if m == mark {
			out = append(out, rules.Seat(s))
		}
	}
	return out
}
