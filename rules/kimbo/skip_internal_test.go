package kimbo

import (
	"strings"
	"testing"

	"parlor/rules"
)

// Invariants accepts a skipped turn, which is no legal move, and catches
// broken skips: the turn given to the wrong seat or kept, pieces or fences
// moved, a captured piece sent elsewhere than a start area or left
// waiting, a record that does not keep what was played, a skip at a roll.
func TestInvariantsCatchBrokenSkips(t *testing.T) {
	const (
		south = "S:c3,l3,home,home/e1|f1,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1"
		west  = "W:c8,n2,a14,o15/a5|a6,a6|a7,a7|a8,a8|a9,a9|a10,a10|a11"
		north = "N:o1,b2,b15,n15/e15|f15,f15|g15,g15|h15,h15|i15,i15|j15,j15|k15"
	)
	mustParse := func(text string) *Position {
		t.Helper()
		p, err := Parse(text)
		if err != nil {
			t.Fatalf("Parse(%q): %v", text, err)
		}
		return p
	}
	mustSkip := func(p *Position) *Position {
		t.Helper()
		next, err := p.skip(rules.Seat(p.seat))
		if err != nil {
			t.Fatalf("skip: %v", err)
		}
		return next
	}
	fence := mustParse(south + " " + west + " " + north + " S:fence last:N;nofence;6-1;b15-b8")
	move := mustParse(south + " " + west + " " + north + " S:move:5-3 last:S;nofence;5-3;-")
	corner, err := move.PlayText("c3xc8-c11")
	if err != nil {
		t.Fatal(err)
	}
	roll := mustParse(south + " " + west + " " + north + " S:roll last:S;nofence;-;-")
	broken := func(p *Position, edit func(n *Position)) *Position {
		n := mustSkip(p)
		edit(n)
		return n
	}
	tests := []struct {
		name       string
		prev, next *Position
		reason     string
	}{
		{"the turn goes to the wrong seat", fence, broken(fence, func(n *Position) { n.seat = 2 }), "want West's fence decision"},
		{"the turn is kept", move, func() *Position {
			n := move.clone()
			n.last.Skipped = true
			return n
		}(), "want West's fence decision"},
		{"the skipped seat rolls again", move, broken(move, func(n *Position) { n.seat, n.phase = 0, PhaseRoll }), "want West's fence decision"},
		{"a piece moves", move, broken(move, func(n *Position) { n.pieces[0][0] = mustSquare("c11") }), "South's pieces moved"},
		{"an opponent's piece moves", fence, broken(fence, func(n *Position) { n.pieces[1][0] = mustSquare("d8") }), "West's pieces moved"},
		{"a fence moves", fence, broken(fence, func(n *Position) {
			n.fences[mustSlot("e1|f1")], n.fences[mustSlot("c4|c5")] = vacant, 0
		}), "fences moved"},
		{"a captured piece goes to the playfield", corner, broken(corner, func(n *Position) {
			for i, s := range n.pieces[1] {
				if s == mustSquare("a2") {
					n.pieces[1][i] = mustSquare("d4")
				}
			}
		}), "came to d4"},
		{"the record loses the move", corner, broken(corner, func(n *Position) { n.last.Move = "" }), "turn record"},
		{"the record keeps the turn before", fence, broken(fence, func(n *Position) { n.last = fence.last; n.last.Skipped = true }), "turn record"},
		{"a skip at the roll", roll, func() *Position {
			n := roll.clone()
			n.last.Skipped = true
			n.endTurn()
			return n
		}(), "skipped in phase roll"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := Invariants(tt.prev, tt.next); err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("Invariants: got %v, want an error saying %q\n%s", err, tt.reason, tt.next.Drawing())
			}
		})
	}
	// And real skips, and the decisions after them, pass.
	for _, p := range []*Position{fence, move, corner} {
		n := mustSkip(p)
		if err := Invariants(p, n); err != nil {
			t.Errorf("Invariants across a skip in phase %s: %v", p.phase, err)
		}
		after, _ := n.PlayText(NoFence)
		if err := Invariants(n, after); err != nil {
			t.Errorf("Invariants after a skip in phase %s: %v", p.phase, err)
		}
	}
}
