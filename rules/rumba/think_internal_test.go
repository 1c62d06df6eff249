package rumba

import (
	"context"
	"math/rand/v2"
	"testing"
)

// randomPositions plays random games for 2, 3 and 4 players from a fixed
// seed and returns every position where a seat plays a throw.
func randomPositions(games int) []*Position {
	var out []*Position
	rng := rand.New(rand.NewPCG(18, 18))
	for _, n := range []int{2, 3, 4} {
		for range games {
			p, _ := New(n)
			for p.phase != PhaseOver {
				if p.phase == PhaseMove {
					out = append(out, p)
				}
				legal := p.Legal()
				m := legal[rng.IntN(len(legal))]
				next, err := p.PlayText(m.Text)
				if err != nil {
					panic(err)
				}
				p = next
			}
		}
	}
	return out
}

// The player's walk through the plays of a throw (searcher.listPlays,
// over the table's moves with the most-dice rule applied at the end)
// agrees with the engine's legal moves played one by one to the end of
// the throw: the same positions, each reached from its first move.
func TestPlaysAgreeWithLegalMoves(t *testing.T) {
	positions := randomPositions(3)
	for k, p := range positions {
		if k%7 != 0 {
			continue
		}
		legal := p.legalCands()
		if len(legal) == 0 {
			continue
		}
		// The engine's ends of the throw, by first move.
		want := map[[4][MenPerHand]Space]map[int]bool{}
		var walk func(q *Position, first int)
		walk = func(q *Position, first int) {
			if q.phase != PhaseMove || q.hand != p.hand {
				if want[q.t.men] == nil {
					want[q.t.men] = map[int]bool{}
				}
				want[q.t.men][first] = true
				return
			}
			cands := q.legalCands()
			for i := range cands {
				walk(q.playCand(&cands[i]), first)
			}
		}
		for i := range legal {
			walk(p.playCand(&legal[i]), i)
		}
		sr := newSearcher(context.Background(), 1)
		sr.me = p.hand.Side()
		sr.listPlays(&p.t, p.pool, legal)
		got := map[[4][MenPerHand]Space]bool{}
		for _, x := range sr.plays {
			got[x.t.men] = true
			if !want[x.t.men][x.first] {
				t.Fatalf("%s: a play begun by %s ends where no legal play begun by it does:\n%s", p, legal[x.first].text, (&Position{players: 4, t: x.t, phase: PhaseThrow, hand: p.hand, last: noThrow, cache: &moveCache{}}).Drawing())
			}
			if x.win != (x.t.finished(p.hand.Side()) >= ToWin) {
				t.Fatalf("%s: a play marked win %v with %d men in FINISH", p, x.win, x.t.finished(p.hand.Side()))
			}
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d distinct ends of the throw, want %d\n%s", p, len(got), len(want), p.Drawing())
		}
	}
}
