package kimbo

import (
	"math/rand/v2"
	"testing"
)

// randomPositions are positions of random games of 2, 3 and 4 players,
// every step-th decision, from rng.
func randomPositions(rng *rand.Rand, step, perGame int) []*Position {
	var out []*Position
	for n := 2; n <= 4; n++ {
		p, _ := New(n)
		for d := 0; !p.Outcome().Over() && len(out) < (n-1)*perGame; d++ {
			if d%step == 0 && p.phase != PhaseOpening {
				out = append(out, p)
			}
			next, err := p.PlayText(RandomDecision(rng, p).Text)
			if err != nil {
				panic(err)
			}
			p = next
		}
	}
	return out
}

// The analysis's reach agrees with the paths of the move generation: from
// every square, for every count, the squares where walk's paths end
// outside the start areas; and so do the ends reachFrom finds for one
// piece.
func TestAnalysisReachAgreesWithWalk(t *testing.T) {
	var a analysis
	var paths []path
	var ends [maxCount + 1]cellSet
	var touched slotSet
	for _, p := range randomPositions(rand.New(rand.NewPCG(1, 2)), 97, 4) {
		a.analyse(p)
		for s := range Square(Cells) {
			if !playable(s) {
				continue
			}
			p.reachFrom(s, &ends, &touched)
			for n := 1; n <= maxCount; n++ {
				if ends[n] != a.reach[s][n] {
					t.Fatalf("from %s with %d: reachFrom %v, reach %v\n%s", s, n, cells(&ends[n]), cells(&a.reach[s][n]), p.Drawing())
				}
				var want cellSet
				paths = p.walk(paths[:0], s, n)
				for i := range paths {
					if e := paths[i].end(); e == Home || Board.area[e] != StartArea {
						want.add(e)
					}
				}
				if got := a.reach[s][n]; got != want {
					t.Fatalf("from %s with %d: reach %v, want %v\n%s", s, n, cells(&got), cells(&want), p.Drawing())
				}
			}
		}
	}
}

func cells(b *cellSet) []Square {
	var out []Square
	forEachCell(b, func(s Square) { out = append(out, s) })
	return out
}

// The turns to HOME: 0 in HOME, at least 1 elsewhere, and the squares
// that reach HOME with some count need fewer turns than those that do not.
func TestAnalysisTurns(t *testing.T) {
	var a analysis
	p, _ := New(2)
	a.analyse(p)
	for s := range Square(Cells) {
		if playable(s) && a.v[s] < 1 {
			t.Errorf("v[%s] = %.2f, want at least 1", s, a.v[s])
		}
	}
	h6, b1 := SquareAt(7, 5), SquareAt(1, 0)
	if !(a.v[h6] < a.v[b1] && a.v[SquareAt(7, 2)] < a.v[b1]) {
		t.Errorf("v h6 %.2f, h3 %.2f, b1 %.2f: want h6 and h3 better than b1", a.v[h6], a.v[SquareAt(7, 2)], a.v[b1])
	}
	t.Logf("v: h6 %.2f h3 %.2f b1 %.2f a15 %.2f", a.v[h6], a.v[SquareAt(7, 2)], a.v[b1], a.v[SquareAt(0, 14)])
}

func BenchmarkAnalyse(b *testing.B) {
	ps := randomPositions(rand.New(rand.NewPCG(1, 2)), 97, 8)
	var a analysis
	i := 0
	for b.Loop() {
		a.analyse(ps[i%len(ps)])
		i++
	}
}

func BenchmarkReckonTurns(b *testing.B) {
	ps := randomPositions(rand.New(rand.NewPCG(1, 2)), 97, 8)
	var a analysis
	a.analyse(ps[3])
	total := 0
	for s := range Square(Cells) {
		for n := 1; n <= maxCount; n++ {
			total += len(cells(&a.reach[s][n]))
		}
	}
	b.Logf("reach entries %d", total)
	for b.Loop() {
		a.reckonTurns()
	}
}
