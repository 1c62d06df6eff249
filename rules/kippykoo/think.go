package kippykoo

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"parlor/rules"
)

// The computer player (rules.Thinker).
//
// Strong judges every use of the throw by the evaluation (eval.go), then
// looks further at the best of them by expectation over the dice: every
// one of the 21 throws that comes next (the next seat's, or its own again
// after doubles), each answered by the move the thrower's own evaluation
// prefers, and, a level deeper, the throw after that. Each level looks at
// fewer moves, the best by the level before (strongKeep); the deepest level
// done within the budget decides. At 20ms a decision looks two throws
// ahead at its four best moves (the other seat's throw and then its own,
// in a game of two); at the default 200ms, three throws ahead at them.
//
// The budget is counted in work units, a position evaluated for each seat
// in the game and one more (the work of finding and judging a position
// grows with the seats about so), unitsPerSecond of them a second of
// think, so that a decision depends only on the position, the level,
// think and the seed, never on the clock.
//
// Easy counts the race and the captures but does not see the risk of
// being hit, looks no further than its own move, and now and then plays
// its second choice when it is close to the first.

// unitsPerSecond is the number of work units the Strong player spends in
// a second of think on the machine Parlor is measured on: measured in CPU
// time at think 20ms, 9.3 to 10.3 million a second on middle games of two,
// three and four players, the crowded position of BenchmarkThink among
// them.
const unitsPerSecond = 9_800_000

// strongKeep is how many of the moves each level of the Strong player's
// search looks at: all at the first level (the next throw), then fewer.
var strongKeep = []int{1: 1 << 10, 2: 4, 3: 4, 4: 2}

// maxDepth is the deepest level a search may look at, in throws.
const maxDepth = 6

// easySecondChoice is how often, out of 8, Easy plays its second choice
// when it is within easyMargin of the first in its estimate of the
// chances of winning.
const (
	easySecondChoice = 3
	easyMargin       = 0.06
)

// Think implements rules.Thinker for Kippy Koo: the decision of the seat
// to move in s. The decision to throw is "roll"; a move decision with one
// legal move is that move; otherwise the level decides (see above).
func (Game) Think(ctx context.Context, s rules.State, level rules.Level, think time.Duration, seed uint64) (rules.Move, error) {
	p, err := rules.Thinking[*Position]("kippykoo", s)
	switch {
	case err != nil:
		return rules.Move{}, err
	case p.phase == PhaseThrow:
		return rules.Move{Text: RollText}, nil
	}
	set := p.plans()
	if len(set) == 1 {
		return rules.Move{Text: set[0].text}, nil
	}
	var i int
	switch level {
	case rules.Easy:
		i = p.easyChoice(seed)
	case rules.Strong:
		i, _, _ = p.search(ctx, strongWeights, strongKeep, budgetFor(think))
	default:
		return rules.Move{}, fmt.Errorf("kippykoo: no computer player of level %q", level)
	}
	return rules.Move{Text: set[i].text}, nil
}

// budgetFor is the Strong player's budget for think, in work units.
func budgetFor(think time.Duration) int64 { return int64(think.Seconds() * unitsPerSecond) }

// candidate is one legal move of the decision being thought about.
type candidate struct {
	i     int     // its index among the legal moves
	next  int     // the seat to throw after it
	value float64 // the mover's chances after it, at the deepest level looked at
}

// candidates lists the legal moves of p with the seat to throw after each
// and their value by e.
func (p *Position) candidates(s *searcher) []candidate {
	seat := int(p.seat)
	set := p.plans()
	out := make([]candidate, len(set))
	for i := range set {
		next := s.e.nextIn(seat)
		if p.dice[0] == p.dice[1] && set[i].n > 0 {
			next = seat
		}
		out[i] = candidate{i: i, next: next, value: s.evaluate(&set[i].after, next)[seat]}
	}
	return out
}

// byValue orders candidates best first, and in the order of the legal
// moves among equals.
func byValue(a, b candidate) int {
	if c := cmp.Compare(b.value, a.value); c != 0 {
		return c
	}
	return cmp.Compare(a.i, b.i)
}

// easyChoice is the Easy player's move: the best by a beginner's count,
// or, 3 times in 8 by the seed, the second best when it is close and the
// best does not win at once.
func (p *Position) easyChoice(seed uint64) int {
	s := &searcher{ctx: context.Background(), e: newEvaluator(p, easyWeights), budget: 1 << 62}
	c := p.candidates(s)
	slices.SortStableFunc(c, byValue)
	rng := rand.New(rand.NewPCG(seed, 0x6b6970707920))
	if len(c) > 1 && c[0].value < 1 && c[0].value-c[1].value <= easyMargin && rng.IntN(8) < easySecondChoice {
		return c[1].i
	}
	return c[0].i
}

// search is the move of the Strong player's search with the weights w,
// keep[d] moves looked at on level d, within budget work units; and the
// deepest level looked at, and the work done.
//
// Each level looks at its moves best first by the level before. When the
// budget ends during a level, the moves it has finished decide if they are
// two or more; otherwise the level before decides.
func (p *Position) search(ctx context.Context, w weights, keep []int, budget int64) (move, depth int, work int64) {
	s := &searcher{ctx: ctx, e: newEvaluator(p, w), budget: budget}
	seat := int(p.seat)
	set := p.plans()
	c := p.candidates(s)
	slices.SortStableFunc(c, byValue)
	for d := 1; d < min(len(keep), maxDepth+1) && len(c) > 1 && c[0].value < 1 && !s.stop; d++ {
		look := c[:min(len(c), keep[d])]
		deeper := make([]candidate, 0, len(look))
		for _, cand := range look {
			after := &set[cand.i].after
			if s.e.winner(after) < 0 {
				cand.value = s.chance(after, cand.next, d)[seat]
			}
			if s.stop {
				break
			}
			deeper = append(deeper, cand)
		}
		if len(deeper) < 2 {
			break
		}
		slices.SortStableFunc(deeper, byValue)
		c, depth = deeper, d
	}
	return c[0].i, depth, s.work
}

// searcher holds one decision's search: the evaluation, the budget and
// the boards of each level.
type searcher struct {
	ctx    context.Context
	e      evaluator
	budget int64 // work units to spend at most
	work   int64 // work units spent
	evals  int   // positions evaluated
	stop   bool  // the budget is spent or ctx has ended
	kids   [maxDepth + 1][]board
}

// evaluate is e.eval counted against the budget: a work unit for each
// seat in the game and one more.
func (s *searcher) evaluate(b *board, next int) [4]float64 {
	s.work += int64(s.e.seatsIn) + 1
	if s.evals++; s.work >= s.budget || (s.evals%256 == 0 && s.ctx.Err() != nil) {
		s.stop = true
	}
	return s.e.eval(b, next)
}

// throw is one of the 21 outcomes of two dice, larger first, with its
// odds.
type throw struct {
	a, c int
	odds float64
}

var throws = func() (out [21]throw) {
	i := 0
	for a := 6; a >= 1; a-- {
		for c := a; c >= 1; c-- {
			out[i] = throw{a, c, 2.0 / 36}
			if a == c {
				out[i].odds = 1.0 / 36
			}
			i++
		}
	}
	return out
}()

// chance is the expected value, for every seat, of b with seat about to
// throw, looking depth throws ahead: for each throw, seat plays the move
// its evaluation prefers, and the value is that of the position after it,
// evaluated when depth is 1 and looked at depth-1 throws further
// otherwise.
func (s *searcher) chance(b *board, seat, depth int) (sum [4]float64) {
	star := s.e.stars[seat]
	for _, t := range throws {
		kids := b.afters(seat, star, t.a, t.c, s.kids[depth][:0])
		s.kids[depth] = kids
		next := seat
		if t.a != t.c || (len(kids) == 1 && kids[0] == *b) {
			next = s.e.nextIn(seat)
		}
		best, bi := [4]float64{}, -1
		for i := range kids {
			v := s.evaluate(&kids[i], next)
			if bi < 0 || v[seat] > best[seat] {
				best, bi = v, i
			}
		}
		if depth > 1 && s.e.winner(&kids[bi]) < 0 {
			best = s.chance(&kids[bi], next, depth-1)
		}
		for k := range sum {
			sum[k] += t.odds * best[k]
		}
		if s.stop {
			return sum
		}
	}
	return sum
}

var _ rules.Thinker = Game{}
