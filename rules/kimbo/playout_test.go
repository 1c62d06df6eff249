package kimbo_test

import (
	"math/rand/v2"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
)

// maxDecisions bounds a random game. Random games end in a few thousand
// decisions (2 to 4 players, uniformly random legal decisions, fence moves
// included): the playout test fails if one does not end in this many.
const maxDecisions = 100_000

// Decision: every game ends. Random legal play, fences moved at random
// nearly every turn, reaches the end: a piece HOME stays HOME, and every
// turn some piece has a chance to go HOME. The invariants hold after every
// decision.
func TestRandomGamesEnd(t *testing.T) {
	games := 1
	if testing.Short() {
		games = 0
	}
	for _, n := range []int{2, 3, 4} {
		for g := range max(games, 1) {
			rng := rand.New(rand.NewPCG(uint64(n), uint64(g)))
			p, _ := kimbo.New(n)
			decisions := 0
			for !p.Outcome().Over() {
				if decisions++; decisions > maxDecisions {
					t.Fatalf("%d players, game %d: no end after %d decisions\n%s", n, g, maxDecisions, p.Drawing())
				}
				m := kimbo.RandomDecision(rng, p)
				next, err := p.Play(m)
				if err != nil {
					t.Fatalf("Play(%q) of a legal move: %v\n%s", m.Text, err, p.Drawing())
				}
				if err := kimbo.Invariants(p, next); err != nil {
					t.Fatalf("after %q from %s: %v\n%s", m.Text, p, err, next.Drawing())
				}
				if decisions%64 == 0 {
					if q, err := kimbo.Parse(next.String()); err != nil || q.String() != next.String() {
						t.Fatalf("round trip of %q: %v", next.String(), err)
					}
				}
				p = next.(*kimbo.Position)
			}
			o := p.Outcome()
			if o.Method != rules.Finished || len(o.Winners) != 1 || p.HomeCount(o.Winners[0]) != 4 {
				t.Errorf("%d players: outcome %v\n%s", n, o, p.Drawing())
			}
			t.Logf("%d players, game %d: %d decisions, %s won", n, g, decisions, p.Side(o.Winners[0]))
		}
	}
}
