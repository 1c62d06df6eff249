package rumba

import (
	"strings"
	"testing"
)

// Invariants accepts a skipped turn, which is no legal move, and catches
// broken skips: the turn given to the wrong hand, kept, or thrown again
// after doublets; men moved; dice or a reward kept; a record that does
// not keep what was played; a skip at a throw of the dice.
func TestInvariantsCatchBrokenSkips(t *testing.T) {
	const men = "4p S:10,40,-,- E:15,-,-,- N:-,-,-,- W:48,-,-,-"
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
		next, err := p.skip(p.SeatOf(p.hand))
		if err != nil {
			t.Fatalf("skip: %v", err)
		}
		return next
	}
	throw := mustParse(men + " S:throw last:W;5-3;W40-45,W45-48")
	move := mustParse(men + " S:move:5-3 last:S;5-3;-")
	reward, err := move.PlayText("S 10-15")
	if err != nil {
		t.Fatal(err)
	}
	doublets := mustParse(men + " S:move:2-2 last:S;2-2;-")
	roll := mustParse(men + " S:roll last:W;5-3;W40-45,W45-48")
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
		{"the turn goes to the wrong hand", throw, broken(throw, func(n *Position) { n.hand = North }), "want East deciding to throw"},
		{"the turn is kept", move, func() *Position {
			n := move.clone()
			n.last.Skipped = true
			return n
		}(), "want East deciding to throw"},
		{"doublets throw again", doublets, broken(doublets, func(n *Position) { n.hand, n.phase = South, PhaseRoll }), "want East deciding to throw"},
		{"the chance throw follows at once", move, broken(move, func(n *Position) { n.phase = PhaseRoll }), "want East deciding to throw"},
		{"a man moves", move, mustParse("4p S:13,40,-,- E:15,-,-,- N:-,-,-,- W:48,-,-,- E:throw last:S;5-3;-;skipped"), "the men moved"},
		{"the move played is undone", reward, broken(reward, func(n *Position) { n.t = move.t }), "the men moved"},
		{"the record loses the moves", reward, broken(reward, func(n *Position) { n.last.Moves = nil }), "throw record"},
		{"the record invents a throw", throw, broken(throw, func(n *Position) { n.last.Dice = [2]int{5, 3} }), "throw record"},
		{"the record keeps the throw before", throw, broken(throw, func(n *Position) { n.last = throw.last; n.last.Skipped = true }), "throw record"},
		{"a reward kept", reward, broken(reward, func(n *Position) { n.pool.rewards = 1 }), "dice"},
		{"a skip at a throw of the dice", roll, mustParse(men + " E:throw last:S;-;-;skipped"), "skipped in phase roll"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := Invariants(tt.prev, tt.next); err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("Invariants: got %v, want an error saying %q\n%s", err, tt.reason, tt.next.Drawing())
			}
		})
	}
	// And real skips, and the decisions after them, pass.
	for _, p := range []*Position{throw, move, reward, doublets} {
		n := mustSkip(p)
		if err := Invariants(p, n); err != nil {
			t.Errorf("Invariants across a skip at %s: %v", p.phaseText(), err)
		}
		after, _ := n.PlayText(RollText)
		if err := Invariants(n, after); err != nil {
			t.Errorf("Invariants after a skip at %s: %v", p.phaseText(), err)
		}
	}
}
