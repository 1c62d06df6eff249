package tournament

import "slices"

// searchSteps bounds the pairing search of one round: a round of a few
// dozen entrants needs a few hundred steps; a search that finds nothing
// by this many is given up, and the next, looser rule is tried.
const searchSteps = 200_000

// swiss pairs e's next round.
func (e Event) swiss() ([]Game, error) {
	h := historyOf(e.Games)
	ranked := e.ranked()
	round := e.Round() + 1
	if e.PerGame > 2 {
		return e.swissTables(ranked, h, round), nil
	}
	// With an odd number, the bye goes to the lowest ranked who has had
	// the fewest, as long as the rest can then be paired.
	candidates := []string{""}
	if len(ranked)%2 == 1 {
		candidates = candidates[:0]
		for fewest := 0; len(candidates) < len(ranked); fewest++ {
			for i := len(ranked) - 1; i >= 0; i-- {
				if h.byes[ranked[i]] == fewest {
					candidates = append(candidates, ranked[i])
				}
			}
		}
	}
	// The bye first goes where it is due; for each bye, strictly first
	// (nobody's seats three apart), then without that rule.
	for _, bye := range candidates {
		for _, strict := range []bool{true, false} {
			rest := slices.DeleteFunc(slices.Clone(ranked), func(id string) bool { return id == bye })
			pairs, ok := h.pairTwo(rest, strict)
			if !ok {
				continue
			}
			var games []Game
			for _, p := range pairs {
				games = append(games, Game{Round: round, Seats: h.seat(p[0], p[1], round)})
			}
			if bye != "" {
				games = append(games, Game{Round: round, Seats: []string{bye}})
			}
			return games, nil
		}
	}
	return nil, ErrNoPairing
}

// ranked are e's entrants in play, best first: by points, then by their
// order at the start.
func (e Event) ranked() []string {
	points := e.points()
	ranked := e.inPlay()
	slices.SortStableFunc(ranked, func(a, b string) int { return int(points[b] - points[a]) })
	return ranked
}

// pairTwo pairs ranked (even in number, best first) so that nobody meets
// an opponent again: the highest unpaired meets the first below who is
// allowed, and the search steps back when the rest cannot be paired.
// Strict also forbids two whose first seats both outnumber their second
// by two, or both the other way round: one of them would reach three.
func (h history) pairTwo(ranked []string, strict bool) ([][2]string, bool) {
	steps := 0
	var pairs [][2]string
	var rec func(rest []string) bool
	rec = func(rest []string) bool {
		if len(rest) == 0 {
			return true
		}
		a := rest[0]
		for j := 1; j < len(rest); j++ {
			if steps++; steps > searchSteps {
				return false
			}
			b := rest[j]
			if h.met[pairOf(a, b)] > 0 {
				continue
			}
			if strict && (h.balance[a] >= 2 && h.balance[b] >= 2 || h.balance[a] <= -2 && h.balance[b] <= -2) {
				continue
			}
			pairs = append(pairs, [2]string{a, b})
			others := append(append([]string(nil), rest[1:j]...), rest[j+1:]...)
			if rec(others) {
				return true
			}
			pairs = pairs[:len(pairs)-1]
		}
		return false
	}
	return pairs, rec(ranked)
}

// swissTables seats a round of games of three or four: tables as even as
// can be (tableSizes), each begun by the highest ranked still free and
// filled, in rank order, by those who have met nobody at the table yet;
// when nobody free is new to all of them, by whoever has met them least.
// A small field cannot avoid meetings again: five in games of four have
// all met after one round.
func (e Event) swissTables(ranked []string, h history, round int) []Game {
	free := slices.Clone(ranked)
	var games []Game
	for _, size := range tableSizes(len(ranked), e.PerGame) {
		table := []string{free[0]}
		free = free[1:]
		for len(table) < size {
			best, fewest := 0, -1
			for i, b := range free {
				n := 0
				for _, a := range table {
					n += h.met[pairOf(a, b)]
				}
				if fewest < 0 || n < fewest {
					best, fewest = i, n
				}
			}
			table = append(table, free[best])
			free = append(free[:best], free[best+1:]...)
		}
		games = append(games, Game{Round: round, Seats: seatMany(table, h.firsts)})
	}
	return games
}
