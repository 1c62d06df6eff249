package kimbo

import (
	"strings"
	"testing"

	"parlor/rules"
)

// Invariants catches broken retirements and decisions after them, which
// Parse would refuse to read: a seat that left acting, coming back, having
// pieces, its fences moving.
func TestInvariantsCatchBrokenRetirements(t *testing.T) {
	const (
		south = "S:c3,l3,home,home/e1|f1,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1"
		west  = "W:c8,n2,a14,o15/a5|a6,a6|a7,a7|a8,a8|a9,a9|a10,a10|a11"
		north = "N:o1,b2,b15,n15/e15|f15,f15|g15,g15|h15,h15|i15,i15|j15,j15|k15"
		east  = "E:a1,o2,b14,o14/o5|o6,o6|o7,o7|o8,o8|o9,o9|o10,o10|o11"
	)
	mustParse := func(text string) *Position {
		t.Helper()
		p, err := Parse(text)
		if err != nil {
			t.Fatalf("Parse(%q): %v", text, err)
		}
		return p
	}
	mustRetire := func(p *Position, seats ...int) *Position {
		t.Helper()
		for _, s := range seats {
			next, err := p.retire(rules.Seat(s))
			if err != nil {
				t.Fatalf("retire(%d): %v", s, err)
			}
			p = next
		}
		return p
	}
	fence := mustParse(south + " " + west + " " + north + " S:fence")
	westOut := mustRetire(fence, 1) // South still at its fence decision
	tests := []struct {
		name       string
		prev, next *Position
		reason     string
	}{
		{"a seat comes back", westOut, func() *Position {
			n := westOut.clone()
			n.retired[1], n.pieces[1] = false, fence.pieces[1]
			return n
		}(), "came back"},
		{"a seat that left acts", westOut, func() *Position {
			n, _ := westOut.playFence(NoFence)
			n.seat = 1
			return n
		}(), "West has left the game but is to act"},
		{"a seat that left keeps pieces", fence, func() *Position {
			n := mustRetire(fence, 1)
			n.pieces[1] = fence.pieces[1]
			return n
		}(), "West has left the game but has pieces"},
		{"a fence of a seat that left moves", westOut, func() *Position {
			n, _ := westOut.playFence(NoFence)
			n.fences[mustSlot("a5|a6")], n.fences[mustSlot("c4|c5")] = vacant, 1
			return n
		}(), "which has left the game, moved"},
		{"a piece moves when a seat leaves", fence, func() *Position {
			n := mustRetire(fence, 1)
			n.pieces[0][0] = mustSquare("c4")
			return n
		}(), "came to c4 when West left"},
		{"a fence moves when a seat leaves", fence, func() *Position {
			n := mustRetire(fence, 1)
			n.fences[mustSlot("e1|f1")], n.fences[mustSlot("c4|c5")] = vacant, 0
			return n
		}(), "fences moved when West left"},
		{"two seats leave at once", mustParse(south + " " + west + " " + north + " " + east + " S:fence"),
			mustRetire(mustParse(south+" "+west+" "+north+" "+east+" S:fence"), 1, 2), "2 seats left the game at once"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := Invariants(tt.prev, tt.next); err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("Invariants: got %v, want an error saying %q", err, tt.reason)
			}
		})
	}
	// And a real retirement, and a decision after it, pass.
	if err := Invariants(fence, westOut); err != nil {
		t.Errorf("Invariants across Retire(West): %v", err)
	}
	after, _ := westOut.playFence(NoFence)
	if err := Invariants(westOut, after); err != nil {
		t.Errorf("Invariants after Retire(West): %v", err)
	}
}

func mustSlot(name string) Slot {
	sl, err := ParseSlot(name)
	if err != nil {
		panic(err)
	}
	return sl
}

func mustSquare(name string) Square {
	s, err := ParseSquare(name)
	if err != nil {
		panic(err)
	}
	return s
}
