package kippykoo

import (
	"context"
	"time"

	"parlor/rules"
)

// StrongSearch runs the Strong player's search on p with a budget of work
// units, for the benchmarks: the move's text, the deepest level looked at
// and the work units spent.
func StrongSearch(p *Position, budget int64) (move string, depth int, work int64) {
	i, depth, work := p.search(context.Background(), strongWeights, strongKeep, budget)
	return p.plans()[i].text, depth, work
}

// StrongBudget is the Strong player's budget for think, in work units.
func StrongBudget(think time.Duration) int64 { return budgetFor(think) }

// ByOdds is the chance outcome among legal that r, drawn uniformly from
// [0, 1), falls on, each outcome as likely as its odds.
func ByOdds(legal []rules.Move, r float64) rules.Move {
	for _, m := range legal {
		if r < m.Odds {
			return m
		}
		r -= m.Odds
	}
	return legal[len(legal)-1]
}

// Progress is how far the marble on h has come from its own seat's Star
// Space: 0 on the star, Holes-1 on the hole before it; -1 for an empty
// hole. Only the tests use it.
func (p *Position) Progress(h Hole) int {
	seat, ok := p.At(h)
	if !ok {
		return -1
	}
	return progress(p.Star(seat), h)
}
