package kingsmen

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSearchBoardAgrees plays random games with Position and the search's
// board side by side and compares, at every position, the legal moves,
// Threat on either side, whether the side to move has a move and can take
// the other King, and the board and key after a move is played and taken
// back.
func TestSearchBoardAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 1))
	var buf [maxMoves]smove
	positions := 0
	for game := 0; game < 30; game++ {
		p := Start()
		for !p.outcome.Over() {
			var b searchBoard
			b.load(p)
			positions++
			want := p.steps()
			moves := b.generate(buf[:0], false)
			if b.inThreat(b.toMove) {
				moves = b.legalIn(moves)
			}
			got := make([]Step, len(moves))
			for i, m := range moves {
				got[i] = Step{Square(m.from()), Square(m.to())}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("legal moves: got %v, want %v\n%s", got, want, p.Drawing())
			}
			var captures []Step
			for _, m := range b.generate(buf[:0], true) {
				captures = append(captures, Step{Square(m.from()), Square(m.to())})
			}
			var wantCaptures []Step
			for _, st := range p.pseudo(p.toMove) {
				if !p.board[st.To].Empty() {
					wantCaptures = append(wantCaptures, st)
				}
			}
			if !slices.Equal(captures, wantCaptures) {
				t.Fatalf("captures: got %v, want %v\n%s", captures, wantCaptures, p.Drawing())
			}
			for side := South; side <= North; side++ {
				if got, want := b.inThreat(side), p.InThreat(side); got != want {
					t.Fatalf("%s in Threat: got %v, want %v\n%s", side, got, want, p.Drawing())
				}
			}
			if got, want := b.hasLegal(buf[:]), p.hasLegal(); got != want {
				t.Fatalf("has a legal move: got %v, want %v\n%s", got, want, p.Drawing())
			}
			if got, want := b.canTakeKing(), p.InThreat(p.toMove.Other()); got != want {
				t.Fatalf("can take the King: got %v, want %v\n%s", got, want, p.Drawing())
			}
			for _, st := range want {
				m := newSmove(int(st.From), int(st.To))
				before := b
				u := b.play(m)
				var fresh searchBoard
				fresh.load(p.apply(st))
				if b.cells != fresh.cells || b.toMove != fresh.toMove || b.quiet != fresh.quiet || b.hash != fresh.hash || b.king != fresh.king {
					t.Fatalf("after %s: search board differs from the position's\n%s", p.Text(st), p.Drawing())
				}
				b.unplay(m, u)
				if b != before {
					t.Fatalf("after %s taken back: search board differs from before\n%s", p.Text(st), p.Drawing())
				}
			}
			st := want[rng.IntN(len(want))]
			next, err := p.PlayStep(p.Text(st))
			if err != nil {
				t.Fatal(err)
			}
			p = next
		}
	}
	if positions < 500 {
		t.Fatalf("compared %d positions, want at least 500", positions)
	}
}
