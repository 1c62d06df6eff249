package kimbo

import (
	"math/bits"
	"slices"
)

// The computer player's reading of the board: for one placement of the
// fences, where a lone piece can end from each square with each count of
// the dice, and how many turns on average it needs from each square to
// get HOME. Pieces never block a path (they are counted), so none of it
// depends on where the pieces stand.

// cellSet is a set of cells, HOME included: a bit for each of the 225
// cells and one for Home.
type cellSet [4]uint64

func (b *cellSet) add(s Square)      { b[s>>6] |= 1 << (s & 63) }
func (b *cellSet) has(s Square) bool { return b[s>>6]&(1<<(s&63)) != 0 }
func (b *cellSet) union(o *cellSet) {
	b[0], b[1], b[2], b[3] = b[0]|o[0], b[1]|o[1], b[2]|o[2], b[3]|o[3]
}

// forEachCell calls fn with each cell of b, in order.
func forEachCell(b *cellSet, fn func(Square)) {
	for w, word := range b {
		for word != 0 {
			fn(Square(w*64 + bits.TrailingZeros64(word)))
			word &= word - 1
		}
	}
}

// vNever is the number of turns the analysis gives a square from which no
// way leads HOME (a piece boxed in that no jump frees).
const vNever = 30

// The 21 rolls of two dice, larger first, and their odds.
var (
	rollDice [21][2]int
	rollOdds [21]float64
	// rollsUsing[n] are the rolls (a bit each) that let a piece move n:
	// one die, or the whole throw. rollsUsing[0] are the doubles, which
	// allow a jump.
	rollsUsing [maxCount + 1]uint32
)

func init() {
	i := 0
	for a := 6; a >= 1; a-- {
		for b := a; b >= 1; b-- {
			rollDice[i] = [2]int{a, b}
			rollOdds[i] = 2.0 / 36
			if a == b {
				rollOdds[i] = 1.0 / 36
				rollsUsing[0] |= 1 << i
			}
			rollsUsing[a] |= 1 << i
			rollsUsing[b] |= 1 << i
			rollsUsing[a+b] |= 1 << i
			i++
		}
	}
}

// analysis is the reading of the board for the fences of p.
type analysis struct {
	p *Position
	// ends[m-1][c][d] are where a piece that has come to c heading d ends
	// after m more steps (1 ≤ m < maxCount).
	ends [maxCount - 1][Cells][4]cellSet
	// reach[s][n] are where a piece on s ends with a count of n: never in
	// a start area; Home by the opening, on the last step.
	reach [Cells][maxCount + 1]cellSet
	// on[c][d] are the ways a piece that has come to c heading d goes on
	// in with more than one step to come.
	on [Cells][4]turnDirs
	// jumps[s] are the squares a doubles jump from s reaches, NoSquare
	// where none does.
	jumps [Cells][4]Square
	// v[s] is the number of turns a lone piece on s needs on average to
	// get HOME, when it may wait while other pieces use the dice; v[Home]
	// is 0.
	v [Cells + 1]float64

	// Scratch of the turns' reckoning.
	predAt []int32
	pred   []int32
	queue  queue
}

// analysisWork is the work of one analysis, in work units (see think.go).
const analysisWork = 17000

// playable reports whether a piece can stand on cell s: not HOME's cells.
func playable(s Square) bool { return Board.area[s] != HomeArea }

// turns are the directions a piece that has come to c heading d may go on
// in with r steps of its count left: straight on when it can; else left or
// right, each that is open; else back, if that is open.
func (p *Position) turns(c Square, d Dir, r int) (dirs [2]Dir, n int) {
	switch {
	case p.open(c, d, r):
		return [2]Dir{d}, 1
	case p.open(c, d.Left(), r):
		dirs[0], n = d.Left(), 1
	}
	if p.open(c, d.Right(), r) {
		dirs[n] = d.Right()
		n++
	}
	if n == 0 && p.open(c, d.Back(), r) {
		return [2]Dir{d.Back()}, 1
	}
	return dirs, n
}

// analyse reads the board of p: the ends, the reach, the jumps and the
// turns to HOME.
func (a *analysis) analyse(p *Position) {
	a.p = p
	// The ways on after one step, with more steps to come (HOME's opening
	// shut), and the ends of the last step.
	for _, c := range playables {
		for d := North; d <= West; d++ {
			dirs, n := p.turns(c, d, 2)
			a.on[c][d] = turnDirs{dirs, uint8(n)}
			e := &a.ends[0][c][d]
			*e = cellSet{}
			if Board.area[c] == Entrance {
				dirs, n = p.turns(c, d, 1)
			}
			for _, nd := range dirs[:n] {
				if t := Board.edges[c][nd].to; t == Home || Board.area[t] != StartArea {
					e.add(t)
				}
			}
		}
	}
	for m := 2; m < maxCount; m++ {
		for _, c := range playables {
			for d := North; d <= West; d++ {
				e := &a.ends[m-1][c][d]
				on := &a.on[c][d]
				switch on.n {
				case 0:
					*e = cellSet{}
				case 1:
					*e = a.ends[m-2][Board.edges[c][on.dirs[0]].to][on.dirs[0]]
				default:
					*e = a.ends[m-2][Board.edges[c][on.dirs[0]].to][on.dirs[0]]
					e.union(&a.ends[m-2][Board.edges[c][on.dirs[1]].to][on.dirs[1]])
				}
			}
		}
	}
	for _, s := range playables {
		for n := 1; n <= maxCount; n++ {
			a.reach[s][n] = cellSet{}
		}
		for d := North; d <= West; d++ {
			t := Board.edges[s][d].to
			if p.open(s, d, 1) && (t == Home || Board.area[t] != StartArea) {
				a.reach[s][1].add(t)
			}
			if p.open(s, d, 2) {
				for n := 2; n <= maxCount; n++ {
					a.reach[s][n].union(&a.ends[n-2][t][d])
				}
			}
			a.jumps[s][d] = NoSquare
			if e := &Board.edges[s][d]; e.kind == SlotEdge && p.fences[e.slot] != vacant && !p.closedEntrance(e.to) {
				a.jumps[s][d] = e.to
			}
		}
	}
	a.reckonTurns()
}

// turnDirs are the directions a piece goes on in from a square.
type turnDirs struct {
	dirs [2]Dir
	n    uint8
}

// playables are the cells a piece can stand on, in order.
var playables = func() (out []Square) {
	for s := range Square(Cells) {
		if playable(s) {
			out = append(out, s)
		}
	}
	return out
}()

// reckonTurns works out v. A piece on s may, for each roll, go to the best
// of the squares its counts (either die, or the whole throw) or a doubles
// jump reach, or stay: v[s] = 1 + Σ odds(roll) × min(v[s], best of roll).
// A square's value depends only on better squares', so the squares are
// settled best first, as in Dijkstra's shortest paths: each settled square
// improves the squares that reach it.
func (a *analysis) reckonTurns() {
	// Who reaches each square, s*16+n (n = 0 for a jump), listed by square:
	// pred[predAt[t]:predAt[t+1]] reach t.
	a.predAt = slices.Grow(a.predAt[:0], Cells+3)[:Cells+3]
	clear(a.predAt)
	for pass := range 2 {
		if pass == 1 {
			for i := 2; i < len(a.predAt); i++ {
				a.predAt[i] += a.predAt[i-1]
			}
			a.pred = slices.Grow(a.pred[:0], int(a.predAt[Cells+2]))[:a.predAt[Cells+2]]
		}
		for s := range Square(Cells) {
			if !playable(s) {
				continue
			}
			for n := 0; n <= maxCount; n++ {
				var set cellSet
				if n == 0 {
					for _, t := range a.jumps[s] {
						if t != NoSquare {
							set.add(t)
						}
					}
				} else {
					set = a.reach[s][n]
				}
				for w, word := range set {
					for ; word != 0; word &= word - 1 {
						t := w*64 + bits.TrailingZeros64(word)
						if pass == 0 {
							a.predAt[t+2]++
						} else {
							a.pred[a.predAt[t+1]] = int32(s)<<4 | int32(n)
							a.predAt[t+1]++
						}
					}
				}
			}
		}
	}
	var (
		sum, odds [Cells]float64 // Σ odds × best, Σ odds, of the rolls that have a best
		rolls     [Cells]uint32  // the rolls that have a best
		counts    [Cells]uint16  // the counts that have a best
		settled   [Cells + 1]bool
	)
	q := &a.queue
	q.reset()
	t, vt := Home, 0.0
	for {
		settled[t], a.v[t] = true, vt
		for _, e := range a.pred[a.predAt[t]:a.predAt[t+1]] {
			s, n := Square(e>>4), e&15
			if settled[s] || counts[s]&(1<<n) != 0 {
				continue // the first to settle is the best
			}
			counts[s] |= 1 << n
			for r := rollsUsing[n] &^ rolls[s]; r != 0; r &= r - 1 {
				i := bits.TrailingZeros32(r)
				sum[s] += rollOdds[i] * vt
				odds[s] += rollOdds[i]
			}
			rolls[s] |= rollsUsing[n]
			q.lower(s, (1+sum[s])/odds[s])
		}
		if len(q.heap) == 0 {
			break
		}
		t = q.pop()
		vt = q.value[t]
	}
	for s := range Square(Cells) {
		if !settled[s] {
			a.v[s] = vNever
		}
	}
}

// queue holds the squares waiting to be settled, the least value first: a
// binary heap of squares, each once.
type queue struct {
	heap  []Square
	at    [Cells]int16 // a square's place in heap, plus one; 0 when not in it
	value [Cells]float64
}

func (q *queue) reset() {
	q.heap = q.heap[:0]
	clear(q.at[:])
}

// lower sets the value of s, no more than it was, and queues s.
func (q *queue) lower(s Square, v float64) {
	q.value[s] = v
	i := int(q.at[s]) - 1
	if i < 0 {
		i = len(q.heap)
		q.heap = append(q.heap, s)
	}
	for i > 0 {
		up := (i - 1) / 2
		if q.value[q.heap[up]] <= v {
			break
		}
		q.put(i, q.heap[up])
		i = up
	}
	q.put(i, s)
}

// put places s at i in the heap.
func (q *queue) put(i int, s Square) {
	q.heap[i] = s
	q.at[s] = int16(i + 1)
}

// pop takes the square of least value out of the queue.
func (q *queue) pop() Square {
	top := q.heap[0]
	q.at[top] = 0
	last := q.heap[len(q.heap)-1]
	q.heap = q.heap[:len(q.heap)-1]
	if len(q.heap) == 0 {
		return top
	}
	v := q.value[last]
	i := 0
	for {
		l := 2*i + 1
		if l >= len(q.heap) {
			break
		}
		if l+1 < len(q.heap) && q.value[q.heap[l+1]] < q.value[q.heap[l]] {
			l++
		}
		if v <= q.value[q.heap[l]] {
			break
		}
		q.put(i, q.heap[l])
		i = l
	}
	q.put(i, last)
	return top
}
