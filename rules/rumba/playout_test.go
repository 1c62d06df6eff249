package rumba_test

import (
	"math/rand/v2"
	"testing"

	"parlor/rules"
	"parlor/rules/rumba"
)

// maxDecisions bounds a random game: the playout test fails if one does
// not end in this many.
const maxDecisions = 200_000

// playout plays a random game for n players from seed, checking the
// invariants after every decision, and returns its length.
func playout(t testing.TB, n int, seed uint64) (*rumba.Position, int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(n), seed))
	p, _ := rumba.New(n)
	decisions := 0
	for !p.Outcome().Over() {
		if decisions++; decisions > maxDecisions {
			t.Fatalf("%d players, seed %d: no end after %d decisions\n%s", n, seed, maxDecisions, p.Drawing())
		}
		legal := p.Legal()
		if len(legal) == 0 {
			t.Fatalf("no legal decision in a game not over\n%s", p.Drawing())
		}
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
		if err := rumba.Invariants(p, next); err != nil {
			t.Fatalf("after %q from %s: %v\n%s", m.Text, p, err, next.Drawing())
		}
		if decisions%64 == 0 {
			if q, err := rumba.Parse(next.String()); err != nil || q.String() != next.String() {
				t.Fatalf("round trip of %q: %v", next.String(), err)
			}
		}
		p = next.(*rumba.Position)
	}
	return p, decisions
}

// Decision: every game ends. Random legal play reaches the end for 2, 3
// and 4 players, with the invariants holding after every decision.
func TestRandomGamesEnd(t *testing.T) {
	games := 70
	if testing.Short() {
		games = 4
	}
	for _, n := range []int{2, 3, 4} {
		total, longest := 0, 0
		for g := range games {
			p, d := playout(t, n, uint64(g))
			o := p.Outcome()
			side, ok := p.Winner()
			if o.Method != rules.Finished || !ok || p.Finished(side) != rumba.ToWin {
				t.Errorf("%d players: outcome %v\n%s", n, o, p.Drawing())
			}
			total += d
			longest = max(longest, d)
		}
		t.Logf("%d players: %d games, %.0f decisions on average, longest %d", n, games, float64(total)/float64(games), longest)
	}
}
