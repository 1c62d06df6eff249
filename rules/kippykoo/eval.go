package kippykoo

import (
	"math"
	"math/bits"
)

// The computer player's judgement of a position: how far each seat is from
// bringing all four marbles home, in holes still to go (its "pips", as
// backgammon players count a race), plus what its marbles on the track risk
// losing to the next throws of the others, turned into each seat's chances
// of finishing first.

// weights tune the evaluation.
type weights struct {
	entry float64 // what a marble in START costs beyond its lap: the six that starts it, in holes
	idle  float64 // what a seat with marbles in START and none on the track loses, waiting for a six
	risk  float64 // how much of the holes a marble may lose to a hit counts (0: the risk is not seen)
	flee  float64 // how much of a hit counts when the marble's owner throws before the hitter (it may flee)
	tempo float64 // holes a seat gains by throwing a place earlier, times the number of seats
	sigma float64 // the spread of a race, in holes, grows as this times the square root of the holes to go
}

// strongWeights are the Strong player's.
var strongWeights = weights{entry: 8, idle: 10, risk: 1, flee: 0.5, tempo: 8.4, sigma: 1.3}

// easyWeights are the Easy player's: a beginner's count of the race that
// does not see the risk of being hit.
var easyWeights = weights{entry: 8, idle: 10, risk: 0, flee: 0.5, tempo: 8.4, sigma: 1.3}

// Throws are the 36 ordered outcomes of two dice (the first die 1 to 6,
// then the second), each a bit of a uint64, so that a set of throws is a
// mask and its chance is its count over 36.
func throwBit(first, second int) uint64 { return 1 << ((first-1)*6 + second - 1) }

// The masks of the throws with which a marble can land d holes ahead
// (d from 1 to 12), by how the throw may be used (see hitMasks).
var hitMasks = func() (m struct {
	total     [13]uint64 // the total only: a seat with one marble on the track and none to start
	withSix   [13]uint64 // the total, or one die with the other a six that starts a marble
	eitherDie [13]uint64 // the total, or either die (another marble takes the other)
	onStar    [2]uint64  // a start that stays on the star, without [0] and with [1] a marble on the track
	startPlus [7]uint64  // a start by a six moved on by the other die, d from 1 to 6
}) {
	for i := 1; i <= 6; i++ {
		for j := 1; j <= 6; j++ {
			bit := throwBit(i, j)
			m.total[i+j] |= bit
			m.withSix[i+j] |= bit
			m.eitherDie[i+j] |= bit
			m.eitherDie[i] |= bit
			m.eitherDie[j] |= bit
			if j == 6 {
				m.withSix[i] |= bit
			}
			if i == 6 {
				m.withSix[j] |= bit
			}
			if i+j == 6 || (i == 6 && j == 6) {
				m.onStar[0] |= bit
			}
			if i+j == 6 || i == 6 || j == 6 {
				m.onStar[1] |= bit
			}
			if i == 6 {
				m.startPlus[j] |= bit
			}
			if j == 6 {
				m.startPlus[i] |= bit
			}
		}
	}
	return m
}()

// evaluator judges boards of one game: its seats still in and their stars.
type evaluator struct {
	players int
	seatsIn int // the seats still in the game
	in      [4]bool
	stars   [4]Hole
	w       weights
}

func newEvaluator(p *Position, w weights) evaluator {
	e := evaluator{players: p.players, seatsIn: p.seatsIn(), w: w}
	for s := range p.players {
		e.in[s] = !p.retired[s]
		e.stars[s] = p.star(s)
	}
	return e
}

// nextIn is the first seat clockwise after seat that is still in.
func (e *evaluator) nextIn(seat int) int {
	for i := 1; i < e.players; i++ {
		if s := (seat + i) % e.players; e.in[s] {
			return s
		}
	}
	return seat
}

// winner is the seat with all its marbles in FINISH on b, or -1.
func (e *evaluator) winner(b *board) int {
	for s := range e.players {
		if b.finish[s] == MarblesPerSeat {
			return s
		}
	}
	return -1
}

// eval estimates each seat's chance of winning from b, where next throws
// next: 1 for a seat that has won, less for any other. The estimates of a game of more than
// two need not sum to 1; each seat compares its own.
func (e *evaluator) eval(b *board, next int) (v [4]float64) {
	if w := e.winner(b); w >= 0 {
		v[w] = 1
		return v
	}
	var (
		at    [4][MarblesPerSeat]int // the holes of each seat's marbles on the track
		prog  [4][MarblesPerSeat]int // their progress from the seat's star
		count [4]int
	)
	for h, o := range b.holes {
		if o == 0 {
			continue
		}
		s := int(o - 1)
		at[s][count[s]] = h
		pr := h - int(e.stars[s])
		if pr < 0 {
			pr += Holes
		}
		prog[s][count[s]] = pr
		count[s]++
	}
	var rank [4]int // the order in which the seats throw from now, next first
	for i, r := 0, 0; i < e.players; i++ {
		if s := (next + i) % e.players; e.in[s] {
			rank[s] = r
			r++
		}
	}
	in := 0
	var togo [4]float64
	for s := range e.players {
		if !e.in[s] {
			continue
		}
		in++
		x := float64(b.start[s]) * (Holes + e.w.entry)
		for _, pr := range prog[s][:count[s]] {
			x += float64(Holes - pr)
		}
		if count[s] == 0 && b.start[s] > 0 {
			x += e.w.idle
		}
		togo[s] = x
	}
	if e.w.risk > 0 {
		for s := range e.players {
			if !e.in[s] {
				continue
			}
			for m := range count[s] {
				hit := e.hitChance(b, s, at[s][m], &at, &prog, &count, &rank)
				togo[s] += e.w.risk * hit * (float64(prog[s][m]) + e.w.entry)
			}
		}
	}
	for s := range e.players {
		togo[s] += float64(rank[s]) * e.w.tempo / float64(in)
	}
	var beats [4][4]float64 // the chance that the one seat finishes before the other
	for s := range e.players {
		for o := s + 1; o < e.players; o++ {
			if e.in[s] && e.in[o] {
				sd := e.w.sigma*math.Sqrt(togo[s]+togo[o]) + 3
				beats[s][o] = normal((togo[o] - togo[s]) / sd)
				beats[o][s] = 1 - beats[s][o]
			}
		}
	}
	for s := range e.players {
		if !e.in[s] {
			continue
		}
		p := 1.0
		for o := range e.players {
			if o != s && e.in[o] {
				p *= beats[s][o]
			}
		}
		// Below a win's 1, and still preferring the shorter way home when
		// the race is as good as won or lost.
		v[s] = 0.998*p + 0.001*max(0, 1-togo[s]/(MarblesPerSeat*2*Holes))
	}
	return v
}

// normalSteps is the resolution of normal's table, in steps a unit; the
// table reaches normalSpan units either side of 0.
const (
	normalSteps = 64
	normalSpan  = 6
)

var normalTable = func() (t [2*normalSpan*normalSteps + 2]float64) {
	for i := range t {
		x := float64(i-normalSpan*normalSteps) / normalSteps
		t[i] = 0.5 * math.Erfc(-x/math.Sqrt2)
	}
	return t
}()

// normal is the standard normal distribution function at x, read from a
// table to within 1e-4.
func normal(x float64) float64 {
	f := (x + normalSpan) * normalSteps
	if f <= 0 {
		return 0
	}
	if f >= 2*normalSpan*normalSteps {
		return 1
	}
	i := int(f)
	r := f - float64(i)
	return normalTable[i] + r*(normalTable[i+1]-normalTable[i])
}

// hitChance is the chance that seat's marble on hole h is sent back to
// START by the next throw of one of the others. A hit by a seat that
// throws after seat's own next throw counts only in part (weights.flee).
func (e *evaluator) hitChance(b *board, seat, h int, at, prog *[4][MarblesPerSeat]int, count, rank *[4]int) float64 {
	safe := 1.0
	for o := range e.players {
		if o == seat || !e.in[o] {
			continue
		}
		var mask uint64
		reach := &hitMasks.total
		switch {
		case count[o] >= 2:
			reach = &hitMasks.eitherDie
		case b.start[o] > 0:
			reach = &hitMasks.withSix
		}
		for m := range count[o] {
			d := h - at[o][m]
			if d < 0 {
				d += Holes
			}
			if d >= 1 && d <= 12 && prog[o][m]+d < Holes {
				mask |= reach[d]
			}
		}
		if b.start[o] > 0 {
			d := h - int(e.stars[o])
			if d < 0 {
				d += Holes
			}
			switch {
			case d == 0:
				mask |= hitMasks.onStar[min(count[o], 1)]
			case d <= 6:
				mask |= hitMasks.startPlus[d]
			}
		}
		if mask == 0 {
			continue
		}
		p := float64(bits.OnesCount64(mask)) / 36
		if rank[o] > rank[seat] {
			p *= e.w.flee
		}
		safe *= 1 - p
	}
	return 1 - safe
}
