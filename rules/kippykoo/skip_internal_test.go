package kippykoo

import (
	"strings"
	"testing"

	"parlor/rules"
)

// Invariants accepts exactly a skip (Skip) and catches broken ones: a skip
// at chance's decision, marbles moving, the turn staying or going to the
// wrong seat, the throw kept, doubles earning a throw again, the game
// ending, a record that names the wrong seat or throw; and a move that
// claims to be a skip.
func TestInvariantsCatchBrokenSkips(t *testing.T) {
	const (
		south = "S:start,h5,h20,finish"
		west  = "W:start,start,h13,h30"
		north = "N:start,start,start,h28"
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
		next, err := p.skip(p.ToMove())
		if err != nil {
			t.Fatalf("skip: %v\n%s", err, p.Drawing())
		}
		return next
	}
	edit := func(p *Position, f func(n *Position)) *Position {
		n := p.clone()
		f(n)
		return n
	}
	throw := mustParse(south + " " + west + " " + north + " S:throw last:N;2-1;h26+2")
	move := mustParse(south + " " + west + " " + north + " S:move:5-3")
	doubles := mustParse(south + " " + west + " " + north + " S:move:4-4")
	roll := mustParse(south + " " + west + " " + north + " S:roll last:N;2-1;h26+2")
	westOut := mustParse(south + " W:out " + north + " S:move:5-3")
	tests := []struct {
		name       string
		prev, next *Position
		reason     string
	}{
		{"a skip at a roll", roll, edit(roll, func(n *Position) {
			n.phase, n.seat, n.last = PhaseThrow, 1, Turn{Seat: 0, Skipped: true}
		}), "a turn skipped in phase roll"},
		{"a marble moves", move, edit(mustSkip(move), func(n *Position) {
			n.holes[5], n.holes[6] = 0, 1
		}), "when South's turn was skipped the marbles are"},
		{"a marble sent back", move, edit(mustSkip(move), func(n *Position) {
			n.holes[13], n.start[1] = 0, 3
		}), "when South's turn was skipped the marbles are"},
		{"the turn stays", throw, edit(mustSkip(throw), func(n *Position) {
			n.seat = 0
		}), "want West, the next seat in, to decide to throw"},
		{"the turn goes to the wrong seat", move, edit(mustSkip(move), func(n *Position) {
			n.seat = 2
		}), "want West, the next seat in, to decide to throw"},
		{"the turn passes over a seat still in", westOut, edit(mustSkip(westOut), func(n *Position) {
			n.seat = 0
		}), "want North, the next seat in, to decide to throw"},
		{"the throw is kept", move, edit(mustSkip(move), func(n *Position) {
			n.phase, n.dice = PhaseMove, move.dice
		}), "want West, the next seat in, to decide to throw"},
		{"the next seat rolls at once", move, edit(mustSkip(move), func(n *Position) {
			n.phase = PhaseRoll
		}), "want West, the next seat in, to decide to throw"},
		{"doubles earn a throw again", doubles, edit(mustSkip(doubles), func(n *Position) {
			n.phase, n.seat = PhaseRoll, 0
		}), "want West, the next seat in, to decide to throw"},
		{"the game ends", move, edit(mustSkip(move), func(n *Position) {
			n.gameOver(rules.Forfeit, 1, 2)
		}), "want West, the next seat in, to decide to throw"},
		{"the record names another seat", move, edit(mustSkip(move), func(n *Position) {
			n.last.Seat = 1
		}), "the latest throw records the skip"},
		{"the record loses the throw", move, edit(mustSkip(move), func(n *Position) {
			n.last.Dice = [2]int{}
		}), "the latest throw records the skip"},
		{"the record invents a throw", throw, edit(mustSkip(throw), func(n *Position) {
			n.last.Dice = [2]int{5, 3}
		}), "the latest throw records the skip"},
		{"the record keeps a move", move, edit(mustSkip(move), func(n *Position) {
			n.last.Move = "h5+8"
		}), "the latest throw records the skip"},
		{"a move recorded as a skip", move, func() *Position {
			n, _ := move.playMove("h5+8")
			return edit(n, func(n *Position) { n.last = Turn{Seat: 0, Skipped: true, Dice: [2]int{5, 3}} })
		}(), "when South's turn was skipped the marbles are"},
		{"a roll recorded as a skip", roll, func() *Position {
			n, _ := roll.PlayText("roll 5-3")
			return edit(n, func(n *Position) { n.last.Skipped = true })
		}(), "a turn skipped in phase roll"},
		{"a skip not recorded", move, edit(mustSkip(move), func(n *Position) {
			n.last = Turn{Seat: 0, Dice: [2]int{5, 3}}
		}), "does not record South's move"},
		{"a skip at the decision to throw not recorded", throw, edit(mustSkip(throw), func(n *Position) {
			n.last = throw.last
		}), "the decision to throw changed more than the phase"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := Invariants(tt.prev, tt.next); err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("Invariants from %s to %s: got %v, want an error saying %q\n%s", tt.prev, tt.next, err, tt.reason, tt.next.Drawing())
			}
		})
	}
	// Real skips, and decisions after them, pass.
	for _, p := range []*Position{throw, move, doubles, westOut} {
		next := mustSkip(p)
		if err := Invariants(p, next); err != nil {
			t.Errorf("Invariants across a skip from %s: %v\n%s", p, err, next.Drawing())
		}
		after, _ := next.playThrow(RollText)
		if err := Invariants(next, after); err != nil {
			t.Errorf("Invariants after a skip, at the decision to throw: %v\n%s", err, after.Drawing())
		}
		// Two skips in a row.
		again := mustSkip(next)
		if err := Invariants(next, again); err != nil {
			t.Errorf("Invariants across a second skip from %s: %v\n%s", next, err, again.Drawing())
		}
	}
}
