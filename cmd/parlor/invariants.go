package main

import (
	"fmt"

	"parlor/rules"
	"parlor/rules/kingsmen"
)

// invariants holds each game's own checks, run after every decision of a
// self-played game.
var invariants = map[string]func(prev, next rules.State) error{
	"kingsmen": kingsmenInvariants,
}

// kingsmenInvariants: pieces are never added; at most one piece leaves the
// board per move, and only from the side not moving; each side has at most
// one King and a game in progress has both; a captured King ends the game
// by capture; and a side under Threat is offered only moves that end it.
func kingsmenInvariants(prevState, nextState rules.State) error {
	prev, next := prevState.(*kingsmen.Position), nextState.(*kingsmen.Position)
	pc, nc := counts(prev), counts(next)
	mover := prev.SideToMove()
	lost := 0
	for side := 0; side < 2; side++ {
		for k := kingsmen.King; k <= kingsmen.Archer; k++ {
			d := pc[side][k] - nc[side][k]
			switch {
			case d < 0:
				return fmt.Errorf("%s gained a %s", kingsmen.Side(side), k)
			case d > 0 && kingsmen.Side(side) == mover:
				return fmt.Errorf("%s lost a %s on its own move", kingsmen.Side(side), k)
			}
			lost += d
		}
		if nc[side][kingsmen.King] > 1 {
			return fmt.Errorf("%s has %d Kings", kingsmen.Side(side), nc[side][kingsmen.King])
		}
	}
	if lost > 1 {
		return fmt.Errorf("%d pieces left the board in one move", lost)
	}
	if !next.Outcome().Over() && (nc[0][kingsmen.King] != 1 || nc[1][kingsmen.King] != 1) {
		return fmt.Errorf("a King is missing but the game goes on")
	}
	if nc[1-mover][kingsmen.King] == 0 && next.Outcome().Method != rules.KingTaken {
		return fmt.Errorf("a King was captured but the game ended by %q", next.Outcome().Method)
	}
	if !next.Outcome().Over() && next.InThreat(next.SideToMove()) {
		for _, m := range next.Legal() {
			after, err := next.Play(m)
			if err != nil {
				return err
			}
			p := after.(*kingsmen.Position)
			if p.Outcome().Method != rules.KingTaken && p.InThreat(next.SideToMove()) {
				return fmt.Errorf("under Threat, %s is offered but does not end it", m.Text)
			}
		}
	}
	return nil
}

func counts(p *kingsmen.Position) (c [2][4]int) {
	for s := kingsmen.Square(0); s < kingsmen.Squares; s++ {
		if pc := p.At(s); !pc.Empty() {
			c[pc.Side][pc.Kind]++
		}
	}
	return c
}
