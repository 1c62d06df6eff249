package kippykoo

import (
	"strings"
	"testing"

	"parlor/rules"
)

// Invariants catches broken retirements and decisions after them, most of
// which Parse would refuse to read: a seat that left coming back, acting,
// keeping marbles, being drawn by the lot or winning; other marbles moving
// when a seat leaves; the turn not passing, or passing when it should not;
// the latest throw changing; the game not ending with one seat left in.
func TestInvariantsCatchBrokenRetirements(t *testing.T) {
	const (
		south = "S:start,h5,h20,finish"
		west  = "W:start,start,h13,h30"
		north = "N:start,start,start,h28"
		east  = "E:start,start,start,h40"
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
	edit := func(p *Position, f func(n *Position)) *Position {
		n := p.clone()
		f(n)
		return n
	}
	throw := mustParse(south + " " + west + " " + north + " S:throw last:N;2-1;h26+2")
	move := mustParse(south + " " + west + " " + north + " S:move:5-3")
	westOut := mustRetire(throw, 1) // South still at its decision to throw
	lot := mustParse("S:start,start,start,start W:start,start,start,start N:start,start,start,start lot")
	lotWestOut := mustRetire(lot, 1)
	four := mustParse(south + " " + west + " " + north + " " + east + " S:throw last:E;2-1;h38+2")
	fourWestOutMove := mustParse(south + " W:out " + north + " " + east + " S:move:2-1")
	tests := []struct {
		name       string
		prev, next *Position
		reason     string
	}{
		{"a seat comes back", westOut, edit(westOut, func(n *Position) {
			n.retired[1], n.board = false, throw.board
		}), "came back"},
		{"a seat that left acts", westOut, edit(westOut, func(n *Position) {
			n.phase, n.seat = PhaseRoll, 1
		}), "West has left the game but is to act"},
		{"a seat that left moves", edit(westOut, func(n *Position) {
			n.phase, n.seat, n.dice = PhaseMove, 1, [2]int8{2, 1}
		}), edit(westOut, func(n *Position) { n.seat = 2 }), "West acted after leaving the game"},
		{"the lot draws a seat that left", lotWestOut, edit(lotWestOut, func(n *Position) {
			n.phase, n.seat, n.last = PhaseThrow, 1, Turn{Seat: 1, Lot: true}
		}), "West has left the game but is to act"},
		{"a seat that left keeps marbles", throw, edit(mustRetire(throw, 1), func(n *Position) {
			n.start[1] = 2
		}), "West has left the game but has marbles"},
		{"a seat that left keeps a marble on the track", throw, edit(mustRetire(throw, 1), func(n *Position) {
			n.holes[13] = 2
		}), "West has left the game but has marbles"},
		{"a seat that left wins", throw, edit(mustRetire(throw, 1), func(n *Position) {
			n.gameOver(rules.Resignation, 1)
		}), "West has left the game but won it"},
		{"a marble moves when a seat leaves", throw, edit(mustRetire(throw, 1), func(n *Position) {
			n.holes[5], n.holes[6] = 0, 1
		}), "when West left the game the marbles are"},
		{"a marble sent back when a seat leaves", throw, edit(mustRetire(throw, 1), func(n *Position) {
			n.holes[28], n.start[2] = 0, 4
		}), "when West left the game the marbles are"},
		{"the latest throw changes when a seat leaves", throw, edit(mustRetire(throw, 1), func(n *Position) {
			n.last.Move = "h25+3"
		}), "the latest throw changed"},
		{"the turn stays with the seat to act that left", move, edit(mustRetire(move, 0), func(n *Position) {
			n.phase, n.seat = PhaseThrow, 2
		}), "want West, the next seat in, to decide to throw"},
		{"the throw of the seat to act that left is kept", move, edit(mustRetire(move, 0), func(n *Position) {
			n.phase, n.dice = PhaseMove, move.dice
		}), "want West, the next seat in, to decide to throw"},
		{"the turn passes when another seat leaves", move, edit(mustRetire(move, 1), func(n *Position) {
			n.phase, n.seat, n.dice = PhaseThrow, 2, [2]int8{}
		}), "the decision to take changed when West, not to act, left"},
		{"the game goes on with one seat in", westOut, edit(mustRetire(westOut, 2), func(n *Position) {
			n.phase, n.outcome = PhaseThrow, rules.Outcome{}
		}), "one seat left in a game not over"},
		{"the game ends with two seats in", throw, edit(mustRetire(throw, 1), func(n *Position) {
			n.gameOver(rules.Resignation, 0)
		}), "the game ended when West left, with 2 seats still in"},
		{"two seats leave at once", four, mustRetire(four, 1, 2), "2 seats left the game at once"},
		{"the turn passes to a seat that left", mustRetire(move, 1), edit(mustRetire(move, 1), func(n *Position) {
			next, _ := n.playMove("h5+8")
			*n = *next
			n.seat = 1
		}), "West has left the game but is to act"},
		{"the turn skips a seat still in", fourWestOutMove, func() *Position {
			n, _ := fourWestOutMove.playMove("h20+3")
			return edit(n, func(n *Position) { n.seat = 3 })
		}(), "not the next seat clockwise still in the game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := Invariants(tt.prev, tt.next); err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("Invariants: got %v, want an error saying %q", err, tt.reason)
			}
		})
	}
	// And real retirements, and decisions after them, pass.
	for _, pair := range [][2]*Position{
		{throw, westOut},
		{move, mustRetire(move, 0)},
		{move, mustRetire(move, 1)},
		{lot, lotWestOut},
		{four, mustRetire(four, 0)},
		{westOut, mustRetire(westOut, 2)},
	} {
		if err := Invariants(pair[0], pair[1]); err != nil {
			t.Errorf("Invariants across a retirement from %s: %v", pair[0], err)
		}
	}
	after, _ := westOut.playThrow(RollText)
	if err := Invariants(westOut, after); err != nil {
		t.Errorf("Invariants after Retire(West): %v", err)
	}
	moved, _ := fourWestOutMove.playMove("h20+3")
	if err := Invariants(fourWestOutMove, moved); err != nil || moved.seat != 2 {
		t.Errorf("Invariants after a move, West out: %v; next seat %d, want North", err, moved.seat)
	}
	drawn, _ := lotWestOut.playLot("first N")
	if err := Invariants(lotWestOut, drawn); err != nil {
		t.Errorf("Invariants after the lot without West: %v", err)
	}
}
