package kippykoo_test

import (
	"math/rand/v2"
	"testing"

	"parlor/rules"
	"parlor/rules/kippykoo"
)

// maxDecisions bounds a random game. Random games end in a few hundred
// decisions: the playout test fails if one does not end in this many.
const maxDecisions = 20_000

// Decision: every game ends. Random legal play, the dice by their odds,
// reaches the end for 2, 3 and 4 players: a marble in FINISH stays there,
// and every marble on the track moves at least one hole a turn. The
// invariants hold after every decision, and every position text round
// trips. Each turn's decision to throw counts as a decision.
func TestRandomGamesEnd(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 10
	}
	for _, n := range []int{2, 3, 4} {
		total, longest := 0, 0
		wins := make([]int, n)
		for g := range games {
			rng := rand.New(rand.NewPCG(uint64(n), uint64(g)))
			p, _ := kippykoo.New(n)
			decisions := 0
			for !p.Outcome().Over() {
				if decisions++; decisions > maxDecisions {
					t.Fatalf("%d players, game %d: no end after %d decisions\n%s", n, g, maxDecisions, p.Drawing())
				}
				legal := p.Legal()
				m := legal[rng.IntN(len(legal))]
				if p.ToMove() == rules.Chance {
					r := rng.Float64()
					for _, o := range legal {
						if m = o; r < o.Odds {
							break
						}
						r -= o.Odds
					}
				}
				next, err := p.Play(m)
				if err != nil {
					t.Fatalf("Play(%q) of a legal move: %v\n%s", m.Text, err, p.Drawing())
				}
				if err := kippykoo.Invariants(p, next); err != nil {
					t.Fatalf("after %q from %s: %v\n%s", m.Text, p, err, next.Drawing())
				}
				if decisions%16 == 0 {
					if q, err := kippykoo.Parse(next.String()); err != nil || q.String() != next.String() {
						t.Fatalf("round trip of %q: %v", next.String(), err)
					}
				}
				p = next.(*kippykoo.Position)
			}
			o := p.Outcome()
			if o.Method != rules.Finished || len(o.Winners) != 1 || p.InFinish(o.Winners[0]) != 4 {
				t.Errorf("%d players: outcome %v\n%s", n, o, p.Drawing())
			}
			wins[o.Winners[0]]++
			total += decisions
			longest = max(longest, decisions)
		}
		t.Logf("%d players, %d games: %.0f decisions a game on average, the longest %d; wins by seat %v", n, games, float64(total)/float64(games), longest, wins)
	}
}
