package kippykoo

import (
	"math/rand/v2"
	"testing"

	"parlor/rules"
)

// afters gives the results of the legal moves, in their order, for every
// throw of positions from random games of 2, 3 and 4 players, some with a
// seat that has left (about 300 positions, 21 throws each).
func TestAftersAgreesWithLegal(t *testing.T) {
	positions, retired := 0, 0
	for n := 2; n <= 4; n++ {
		for g := range 8 {
			rng := rand.New(rand.NewPCG(uint64(n), uint64(g)))
			p, _ := New(n)
			for p.phase != PhaseOver {
				if n > 2 && g%4 == 3 && rng.IntN(200) == 0 && p.seatsIn() > 2 {
					q, err := p.retire(rules.Seat(rng.IntN(n)))
					if err == nil {
						p, retired = q, retired+1
						continue
					}
				}
				if p.phase == PhaseMove && rng.IntN(3) == 0 {
					positions++
					checkAfters(t, p)
				}
				legal := p.Legal()
				next, err := p.PlayText(legal[rng.IntN(len(legal))].Text)
				if err != nil {
					t.Fatal(err)
				}
				p = next
			}
		}
	}
	if retired == 0 {
		t.Errorf("no seat left a game, want some")
	}
	if positions < 300 {
		t.Errorf("got %d positions, want at least 300", positions)
	}
}

// checkAfters compares afters with generate for p's marbles and every
// throw.
func checkAfters(t *testing.T, p *Position) {
	t.Helper()
	var buf []board
	for a := 1; a <= 6; a++ {
		for c := 1; c <= a; c++ {
			q := p.clone()
			q.dice = [2]int8{int8(a), int8(c)}
			set := q.plans()
			buf = q.board.afters(int(q.seat), q.star(int(q.seat)), a, c, buf[:0])
			if len(buf) != len(set) {
				t.Fatalf("%d-%d: afters gives %d boards, Legal %d moves\n%s", a, c, len(buf), len(set), q.Drawing())
			}
			for i := range set {
				if buf[i] != set[i].after {
					t.Fatalf("%d-%d: board %d differs from the result of %s\n%s", a, c, i, set[i].text, q.Drawing())
				}
			}
		}
	}
}
