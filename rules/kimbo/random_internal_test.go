package kimbo

import (
	"math/rand/v2"

	"parlor/rules"
)

// RandomDecision is a uniformly random legal decision of s, or the dice by
// their odds when chance decides, from rng: the tests' random player. A
// fence decision is drawn without listing its moves (rules.Uniform).
func RandomDecision(rng *rand.Rand, s rules.State) rules.Move {
	if s.ToMove() != rules.Chance {
		return rules.Uniform(s, rng.IntN)
	}
	legal := s.Legal()
	m := legal[rng.IntN(len(legal))]
	r := rng.Float64()
	for _, o := range legal {
		if m = o; r < o.Odds {
			break
		}
		r -= o.Odds
	}
	return m
}
