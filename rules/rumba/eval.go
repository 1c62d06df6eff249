package rumba

import "math"

// The computer player's evaluation: how likely Red is to win a position
// at the end of a throw, given the side that throws next. It weighs, in
// spaces (pips) still to run:
//
//   - the race: each man's spaces to his finish space, plus the price of
//     the 6 that takes him into FINISH and, for a waiting man, the lap and
//     the 6 that enters him; a side needs four men home, so its race is
//     its four cheapest men, with a little weight on the spares behind;
//   - blockades: a man with a blockade (anyone's: owners cannot pass
//     theirs either) a few spaces ahead runs slower, less so when a
//     turnout goes round it; a waiting man whose starting point is
//     blocked cannot enter;
//   - captures: the chance that the side to throw hits each lone man of
//     the other side (a die, both dice, or entering on its starting
//     point), times what that man's side loses and the ten the capture
//     earns; the other side's shots a throw later count less;
//   - the tempo of throwing next.
//
// The race difference becomes a probability by a logistic curve whose
// width grows with the spaces left, since a long race is less certain.
// Partners share one side, so the evaluation is the partnership's: every
// man of the side counts, whoever's hand he is.

// weights are the evaluation's constants, in spaces.
type weights struct {
	enter  float64    // the price of entering: the 6 it takes, and waiting for it
	finish float64    // the price of the 6 into FINISH and of stopping exactly on the finish space
	spare  [4]float64 // the weights of a side's fifth to eighth cheapest men
	tempo  float64    // throwing next
	reward float64    // what a capture's reward of ten is worth to the capturer

	blocks   bool        // weigh blockades
	block    [13]float64 // a blockade d spaces ahead of a man, by d
	bypassed float64     // the same when a turnout goes round it
	barred   float64     // a waiting man whose starting point is blocked

	shots bool    // weigh the chance of captures
	later float64 // the weight of the shots of the side that throws after next

	width0, width1 float64 // the logistic's width: width0 + width1·√(both races)
}

// strongWeights are the strong player's.
var strongWeights = weights{
	enter:  12,
	finish: 6,
	spare:  [4]float64{0.12, 0.05, 0.02, 0.01},
	tempo:  5,
	reward: 8,
	blocks: true,
	block: [13]float64{0,
		5, 4.5, 4, 3.5, 3, 2.5, // within one die
		1.5, 1.2, 1, 0.8, 0.6, 0.4},
	bypassed: 1,
	barred:   6,
	shots:    true,
	later:    0.4,
	width0:   2,
	width1:   0.7,
}

// easyWeights are the easy player's: it fears the other side's shots at
// its lone men, but neither seeks shots of its own nor sees blockades.
var easyWeights = func() weights {
	w := strongWeights
	w.blocks, w.later = false, 0
	return w
}()

// The board's tables for the evaluation, worked out from Board.
var (
	// toGo is, for each hand and space, the spaces a man of that hand
	// still runs to his finish space: along the track, or along the rest
	// of the turnout he is on.
	toGo [4][NumSpaces]int8
	// bypassedBy is the turnout that goes round a track space, or -1.
	bypassedBy [TrackSpaces]int8
	// hitRolls counts the 36 throws that hit a man, from a mask of
	// distances (bit d for a man d spaces behind, 1 to 12) and bit 0 for
	// a man waiting to enter on his space.
	hitRolls [1 << 13]uint8
)

func init() {
	for h := range Hand(4) {
		s := Start(h)
		for i := range TrackSpaces {
			toGo[h][s] = int8(TrackSpaces - 1 - i)
			s = succ[s]
		}
		for q, t := range Board.Turnouts {
			for k := 1; k <= TurnoutSpaces; k++ {
				toGo[h][TurnoutSpace(q, k)] = toGo[h][t.Rejoin] + int8(TurnoutSpaces+1-k)
			}
		}
	}
	for s := range bypassedBy {
		bypassedBy[s] = -1
	}
	for q, t := range Board.Turnouts {
		for s := succ[t.After]; s != Space(t.Rejoin); s = succ[s] {
			bypassedBy[s] = int8(q)
		}
	}
	for mask := range len(hitRolls) {
		n := 0
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				hit := mask&(1<<a) != 0 || mask&(1<<b) != 0 || mask&(1<<(a+b)) != 0
				if mask&1 != 0 && (a == 6 || b == 6 || a+b == 6) {
					hit = true
				}
				if hit {
					n++
				}
			}
		}
		hitRolls[mask] = uint8(n)
	}
}

// reach is how far ahead shots are counted: two dice.
const reach = 12

// evaluator evaluates positions with its weights and scratch space.
type evaluator struct {
	w    *weights
	mask [NumSpaces]uint16 // distances from which the side to throw can hit each space
	cost [4][MenPerHand]float64
	side [2][2 * MenPerHand]float64 // each side's costs, cheapest first
}

// valueFor is the chance that side me wins t, with next to throw.
func (e *evaluator) valueFor(t *table, next, me Side) float64 {
	return sigmoid(e.scoreFor(t, next, me))
}

// scoreFor is the logit of the chance that side me wins t, with next to
// throw: it orders positions as valueFor does, more cheaply.
func (e *evaluator) scoreFor(t *table, next, me Side) float64 {
	if me == Black {
		return -e.score(t, next)
	}
	return e.score(t, next)
}

// score is the logit of the chance that Red wins t, with next to throw:
// Red's lead in spaces over the width of the logistic (±Inf once a side
// has won).
func (e *evaluator) score(t *table, next Side) float64 {
	lead, width := e.diff(t, next)
	return lead / width
}

// sigmoid turns a logit into a chance.
func sigmoid(x float64) float64 {
	switch {
	case math.IsInf(x, 1):
		return 1
	case math.IsInf(x, -1):
		return 0
	}
	return 1 / (1 + math.Exp(-x))
}

// diff is Red's lead in spaces (±Inf once a side has won) and the width of
// the logistic that makes it a chance.
func (e *evaluator) diff(t *table, next Side) (lead, width float64) {
	w := e.w
	switch {
	case t.finished(Red) >= ToWin:
		return math.Inf(1), 1
	case t.finished(Black) >= ToWin:
		return math.Inf(-1), 1
	}
	var blocks [2 * MenPerHand]Space
	nb := 0
	if w.blocks {
		for h := range Hand(4) {
			for _, s := range t.men[h] {
				if s.OnTrack() && t.blockade(s) {
					if nb == 0 || !containsSpace(blocks[:nb], s) {
						blocks[nb] = s
						nb++
					}
				}
			}
		}
	}
	waitCost := TrackSpaces - 1 + w.enter + w.finish
	var n [2]int
	for h := range Hand(4) {
		side := h.Side()
		for i, s := range t.men[h] {
			var c float64
			switch {
			case s == Finish:
			case s == Waiting:
				c = waitCost
				if nb > 0 && !t.canLand(side, Start(h)) {
					c += w.barred
				}
			default:
				c = float64(toGo[h][s]) + w.finish
				if nb > 0 {
					c += e.blocked(h, s, blocks[:nb])
				}
			}
			e.cost[h][i] = c
			e.side[side][n[side]] = c
			n[side]++
		}
	}
	var race [2]float64
	for side := range 2 {
		sortCosts(&e.side[side])
		race[side] = raceOf(&e.side[side], w)
	}
	lead = race[Black] - race[Red]
	if next == Red {
		lead += w.tempo
	} else {
		lead -= w.tempo
	}
	if w.shots {
		g := e.shots(t, next, race[1-next], waitCost)
		g2 := w.later * e.shots(t, 1-next, race[next], waitCost)
		if next == Red {
			lead += g - g2
		} else {
			lead += g2 - g
		}
	}
	return lead, w.width0 + w.width1*math.Sqrt(race[Red]+race[Black])
}

// blocked is the penalty of a man of hand h on s for the blockades ahead
// of him within reach.
func (e *evaluator) blocked(h Hand, s Space, blocks []Space) float64 {
	w := e.w
	g := toGo[h][s]
	q, _, onTurnout := s.Turnout()
	pen := 0.0
	for _, b := range blocks {
		if b == s {
			continue
		}
		d := int(g) - int(toGo[h][b])
		if d <= 0 || d > reach {
			continue
		}
		by := bypassedBy[b]
		if onTurnout && int(by) == q {
			continue // he is going round it
		}
		if by >= 0 && g >= toGo[h][Board.Turnouts[by].After] {
			pen += w.bypassed // he can still take the turnout round it
			continue
		}
		pen += w.block[d]
	}
	return pen
}

// shots is what side T expects to gain by hitting the other side's lone
// men on its throw: for each, the chance that a throw hits him times the
// spaces his side loses (its race once he waits again, against raceO now)
// and the reward the capture earns.
func (e *evaluator) shots(t *table, T Side, raceO, waitCost float64) float64 {
	O := 1 - T
	var blots [2 * MenPerHand]Space
	var blotHand [2 * MenPerHand]Hand
	var blotIdx [2 * MenPerHand]int8
	nb := 0
	for _, h := range O.Hands() {
		for i, s := range t.men[h] {
			if !s.OnBoard() || (s.OnTrack() && t.cnt[s][O] != 1) {
				continue
			}
			blots[nb], blotHand[nb], blotIdx[nb] = s, h, int8(i)
			nb++
		}
	}
	if nb == 0 {
		return 0
	}
	e.mask = [NumSpaces]uint16{}
	for _, h := range T.Hands() {
		prev := Space(-2)
		for _, s := range t.men[h] {
			if s == prev {
				continue
			}
			prev = s
			switch {
			case s == Waiting:
				e.mask[Start(h)] |= 1
			case s.OnBoard() && s != FinishSpace(h) && inReach(h, s, blots[:nb]):
				e.mark(t, s, FinishSpace(h), 1)
			}
		}
	}
	gain := 0.0
	for i := range nb {
		m := e.mask[blots[i]]
		if m == 0 {
			continue
		}
		p := float64(hitRolls[m]) / 36
		c := e.cost[blotHand[i]][blotIdx[i]]
		loss := raceWithout(&e.side[O], c, waitCost, e.w) - raceO
		gain += p * (loss + e.w.reward)
	}
	return gain
}

// inReach reports whether a man of hand h on s may reach one of blots
// with two dice: each is ahead of him by toGo, a turnout's detour
// included.
func inReach(h Hand, s Space, blots []Space) bool {
	g := toGo[h][s]
	for _, b := range blots {
		if d := g - toGo[h][b]; d > 0 && d <= reach+2 {
			return true
		}
	}
	return false
}

// mark marks the spaces a man on s reaches with d to reach spaces,
// stopping at blockades and at his finish space fin.
func (e *evaluator) mark(t *table, s, fin Space, d int) {
	for ; d <= reach; d++ {
		if q := forkOf[s]; q >= 0 {
			e.mark(t, TurnoutSpace(int(q), 1), fin, d+1)
			e.mask[TurnoutSpace(int(q), 1)] |= 1 << d
		}
		s = succ[s]
		e.mask[s] |= 1 << d
		if s == fin || t.blockade(s) {
			return
		}
	}
}

func containsSpace(list []Space, s Space) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// sortCosts sorts eight costs, cheapest first.
func sortCosts(c *[2 * MenPerHand]float64) {
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j] < c[j-1]; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
}

// raceOf is a side's race from its sorted costs: its four cheapest men,
// and its spares a little.
func raceOf(c *[2 * MenPerHand]float64, w *weights) float64 {
	r := c[0] + c[1] + c[2] + c[3]
	for i, x := range w.spare {
		r += x * c[ToWin+i]
	}
	return r
}

// raceWithout is raceOf once a man of cost old (one of c) waits again:
// his cost leaves its place and waitCost takes its own.
func raceWithout(c *[2 * MenPerHand]float64, old, waitCost float64, w *weights) float64 {
	var d [2 * MenPerHand]float64
	j, gone := 0, false
	for _, x := range c {
		if !gone && x == old {
			gone = true
			continue
		}
		d[j] = x
		j++
	}
	for j > 0 && d[j-1] > waitCost {
		d[j] = d[j-1]
		j--
	}
	d[j] = waitCost
	return raceOf(&d, w)
}
