package kingsmen

import (
	"fmt"

	"parlor/rules"
)

// Invariants checks what must hold after every decision: pieces are never
// added; at most one piece leaves the board per move, and only from the
// side not moving; each side has at most one King and a game in progress
// has both; a captured King ends the game by capture; and a side under
// Threat is offered only moves that end it.
func Invariants(prevState, nextState rules.State) error {
	prev, ok1 := prevState.(*Position)
	next, ok2 := nextState.(*Position)
	if !ok1 || !ok2 {
		return fmt.Errorf("kingsmen: Invariants needs two kingsmen positions")
	}
	pc, nc := counts(prev), counts(next)
	mover := prev.SideToMove()
	lost := 0
	for side := 0; side < 2; side++ {
		for k := King; k <= Archer; k++ {
			d := pc[side][k] - nc[side][k]
			switch {
			case d < 0:
				return fmt.Errorf("%s gained a %s", Side(side), k)
			case d > 0 && Side(side) == mover:
				return fmt.Errorf("%s lost a %s on its own move", Side(side), k)
			}
			lost += d
		}
		if nc[side][King] > 1 {
			return fmt.Errorf("%s has %d Kings", Side(side), nc[side][King])
		}
	}
	if lost > 1 {
		return fmt.Errorf("%d pieces left the board in one move", lost)
	}
	if !next.Outcome().Over() && (nc[0][King] != 1 || nc[1][King] != 1) {
		return fmt.Errorf("a King is missing but the game goes on")
	}
	if nc[1-mover][King] == 0 && next.Outcome().Method != rules.KingTaken {
		return fmt.Errorf("a King was captured but the game ended by %q", next.Outcome().Method)
	}
	if !next.Outcome().Over() && next.InThreat(next.SideToMove()) {
		for _, m := range next.Legal() {
			after, err := next.Play(m)
			if err != nil {
				return err
			}
			p := after.(*Position)
			if p.Outcome().Method != rules.KingTaken && p.InThreat(next.SideToMove()) {
				return fmt.Errorf("under Threat, %s is offered but does not end it", m.Text)
			}
		}
	}
	return nil
}

func counts(p *Position) (c [2][4]int) {
	for s := Square(0); s < Squares; s++ {
		if pc := p.At(s); !pc.Empty() {
			c[pc.Side][pc.Kind]++
		}
	}
	return c
}

// Invariants is the package's Invariants, for those that check games
// through their engine (rules.Checker).
func (Game) Invariants(prev, next rules.State) error { return Invariants(prev, next) }
