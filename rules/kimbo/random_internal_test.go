package kimbo

import (
	"math/rand/v2"

	"parlor/rules"
)

// RandomDecision is a uniformly random legal decision of s, or the dice by
// their odds when chance decides, from rng: the tests' random player.
func RandomDecision(rng *rand.Rand, s rules.State) rules.Move {
	legal := s.Legal()
	m := legal[rng.IntN(len(legal))]
	if s.ToMove() == rules.Chance {
		r := rng.Float64()
		for _, o := range legal {
			if m = o; r < o.Odds {
				break
			}
			r -= o.Odds
		}
	}
	return m
}
