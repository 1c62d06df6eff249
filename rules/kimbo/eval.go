package kimbo

import (
	"math"
	"math/bits"

	"parlor/rules"
)

// The computer player's evaluation of a position for one seat, in turns:
// each seat's race is the sum over its pieces of the turns each needs to
// get HOME (the analysis's v, 0 in HOME); a seat is ahead by how much
// shorter its race is than the leading opponent's. Then the risks: each of
// the seat's pieces that an opponent can land on next turn may go back to
// the start area the opponent picks (the worst for it), and each piece of
// an opponent's that the seat can land on may go back too, if the
// opponent does not move it first.

// Weights of the evaluation.
const (
	// riskWeight is how much of the expected loss from the opponents'
	// captures next turn counts.
	riskWeight = 0.9
	// threatWeight is how much of the expected gain from the seat's own
	// captures the turn after counts: the opponent moves first.
	threatWeight = 0.3
	// softness is how soft the minimum over the opponents' races is, in
	// turns: the leader counts most, the others a little.
	softness = 2.0
	// winScore is the score of a won game.
	winScore = 1000
)

// hitOdds[mask] is the chance that a roll lets a piece move by one of the
// counts in mask (bit n for a count of n): one die, or the whole throw.
var hitOdds = func() (t [1 << (maxCount + 1)]float64) {
	for mask := range t {
		for i, d := range rollDice {
			if mask&(1<<d[0]|1<<d[1]|1<<(d[0]+d[1])) != 0 {
				t[mask] += rollOdds[i]
			}
		}
	}
	return t
}()

// judge evaluates positions of one decision for the seat me: the fences
// are those of its analysis, and the opponents' pieces those of the
// position, unless a move captures them.
type judge struct {
	a       *analysis
	me      int
	players int
	in      [4]bool    // the seats still in the game
	back    [4]float64 // per seat: the turns of the start square a captor sends its piece to
	hits    [4][Cells]uint16
	noRisk  bool // Easy does not see the risks
}

// prepare sets j up for the decision of seat me in p, with the analysis a
// of p's fences (or of fences about to be).
func (j *judge) prepare(a *analysis, p *Position, me int) {
	j.a, j.me, j.players = a, me, p.players
	for s := range 4 {
		j.in[s] = s < p.players && !p.retired[s]
		j.back[s] = 0
		if !j.in[s] {
			continue
		}
		side := p.Side(rules.Seat(s))
		for c := range 4 {
			j.back[s] = max(j.back[s], a.v[Board.starts[side][c]])
		}
	}
	if j.noRisk {
		return
	}
	for s := range p.players {
		if s != me && j.in[s] {
			j.reckonHits(s, &p.pieces[s])
		}
	}
}

// reckonHits marks the counts by which the pieces of seat s reach each
// cell.
func (j *judge) reckonHits(s int, pieces *[PiecesPerSeat]Square) {
	h := &j.hits[s]
	clear(h[:])
	for _, pc := range pieces {
		if !pc.OnGrid() {
			continue
		}
		for n := 1; n <= maxCount; n++ {
			r := &j.a.reach[pc][n]
			for w, word := range r {
				for ; word != 0; word &= word - 1 {
					if t := w*64 + bits.TrailingZeros64(word); t < Cells {
						h[t] |= 1 << n
					}
				}
			}
		}
	}
}

// turnsOf is what a piece of seat s on sq needs to get HOME.
func (j *judge) turnsOf(s int, sq Square) float64 {
	switch {
	case sq == Home:
		return 0
	case sq == NoSquare:
		return j.back[s] // captured, waiting for its corner
	}
	return j.a.v[sq]
}

// race is the turns seat s needs to get all its pieces HOME.
func (j *judge) race(s int, pieces *[PiecesPerSeat]Square) float64 {
	sum := 0.0
	for _, pc := range pieces {
		sum += j.turnsOf(s, pc)
	}
	return sum
}

// exposed reports whether a piece on sq can be captured: on the
// playfield, not in a start area or HOME.
func exposed(sq Square) bool { return sq.OnGrid() && Board.area[sq] != StartArea }

// score is the evaluation of pieces for the seat me, the next seat to
// move being another: positive when me is ahead.
func (j *judge) score(pieces *[4][PiecesPerSeat]Square) float64 {
	me := j.me
	mine := j.race(me, &pieces[me])
	if mine == 0 {
		return winScore
	}
	if !j.noRisk {
		for _, pc := range pieces[me] {
			if !exposed(pc) {
				continue
			}
			safe := 1.0
			for s := range j.players {
				if s != me && j.in[s] {
					safe *= 1 - hitOdds[j.hits[s][pc]]
				}
			}
			mine += riskWeight * (1 - safe) * (j.back[me] - j.a.v[pc])
		}
	}
	// The opponents, each with the threat of me's pieces to theirs, and
	// a soft minimum of their races: the leader's, a little less for each
	// other opponent close behind.
	var races [4]float64
	lead := math.Inf(1)
	for s := range j.players {
		if s != me && j.in[s] {
			if j.race(s, &pieces[s]) == 0 {
				return -winScore
			}
			races[s] = j.opponentRace(s, pieces)
			lead = min(lead, races[s])
		}
	}
	if math.IsInf(lead, 1) {
		return winScore // nobody else is in
	}
	soft := 0.0
	for s := range j.players {
		if s != me && j.in[s] {
			soft += math.Exp(-(races[s] - lead) / softness)
		}
	}
	return lead - softness*math.Log(soft) - mine
}

// opponentRace is an opponent's race with the threat of me's pieces.
func (j *judge) opponentRace(s int, pieces *[4][PiecesPerSeat]Square) float64 {
	theirs := j.race(s, &pieces[s])
	if !j.noRisk {
		for _, pc := range pieces[s] {
			if exposed(pc) {
				theirs += threatWeight * hitOdds[j.reaches(&pieces[j.me], pc)] * (j.back[s] - j.a.v[pc])
			}
		}
	}
	return theirs
}

// reaches is the counts (bit n for n) by which one of pieces reaches sq.
func (j *judge) reaches(pieces *[PiecesPerSeat]Square, sq Square) uint16 {
	var m uint16
	for _, pc := range pieces {
		if !pc.OnGrid() {
			continue
		}
		for n := 1; n <= maxCount; n++ {
			if j.a.reach[pc][n].has(sq) {
				m |= 1 << n
			}
		}
	}
	return m
}
