package rumba

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"parlor/rules"
)

// The computer player. A decision of Rumba is one die of a throw, but the
// player weighs whole plays: from the position it lists every way to play
// the rest of the throw, each ending in a distinct position (a play is
// legal when it uses the most dice any play can, as the rules say), and
// returns the first move of the best. Partners share one side, so it
// plays and weighs the partnership's men, its own and its partner's.
//
// Easy scores each play with the evaluation of easyWeights, which fears
// the other side's shots at its lone men but neither seeks shots of its
// own nor sees blockades, shaken by a noise drawn from the seed: it now
// and then prefers a worse play.
//
// Strong scores each play with the whole evaluation (strongWeights), then,
// best first and as far as its budget goes, looks one throw ahead: for
// each of the 21 throws of whoever throws next (the other side, or its own
// side again after doublets) it finds that side's best play by the
// evaluation, and weighs the play by the throws' odds. When every play has
// been weighed so and budget is left, it looks two throws ahead from the
// best few (deepPlays) the same way, and prefers the best of those when at
// least two were weighed.
//
// The budget is counted in work: each position reached by a move and each
// position evaluated is one unit. workPerSecond, measured on this machine
// (BenchmarkThink/strong), turns think into units, so a decision depends
// on (position, level, think, seed) alone unless ctx ends first.

// workPerSecond is the units of work the strong player does in a second
// on the machine Parlor is measured on (BenchmarkThink reports it).
const workPerSecond = 4_500_000

// easyShare is the part of think the easy player may use.
const easyShare = 10

// minWork is the least budget, so that a tiny think still decides well.
const minWork = 2_000

// easyNoise is the spread of the easy player's noise on the logit of its
// estimate.
const easyNoise = 0.35

// Think implements rules.Thinker.
func (g Game) Think(ctx context.Context, s rules.State, level rules.Level, think time.Duration, seed uint64) (rules.Move, error) {
	p, ok := s.(*Position)
	if !ok {
		return rules.Move{}, fmt.Errorf("rumba: Think: %T is not a Rumba position", s)
	}
	m, _, err := g.think(ctx, p, level, think, seed)
	return m, err
}

// think is Think on a Rumba position; it also returns the units of work
// done.
func (Game) think(ctx context.Context, p *Position, level rules.Level, think time.Duration, seed uint64) (rules.Move, int64, error) {
	st, ok := styles[level]
	if !ok {
		return rules.Move{}, 0, fmt.Errorf("rumba: Think: unknown level %q", level)
	}
	budget := max(int64(think.Seconds()*workPerSecond), minWork)
	if level == rules.Easy {
		budget /= easyShare
	}
	return choose(ctx, p, st, budget, seed)
}

// choose is the decision of a player of style st with a budget of work
// units.
func choose(ctx context.Context, p *Position, st style, budget int64, seed uint64) (rules.Move, int64, error) {
	switch p.phase {
	case PhaseOver:
		return rules.Move{}, 0, fmt.Errorf("rumba: Think: %w", rules.ErrOver)
	case PhaseOpening, PhaseRoll:
		return rules.Move{}, 0, errors.New("rumba: Think: the dice decide here, not a player")
	case PhaseThrow:
		return rules.Move{Text: RollText}, 0, nil
	}
	legal := p.legalCands()
	switch len(legal) {
	case 0:
		return rules.Move{Text: PassText}, 0, nil
	case 1:
		return rules.Move{Text: legal[0].text}, 0, nil
	}
	sr := newSearcher(ctx, budget)
	i := sr.decide(p, legal, st, seed)
	work := sr.work
	sr.ctx = nil
	searchers.Put(sr)
	return rules.Move{Text: legal[i].text}, work, nil
}

// searcher is one decision's search: its budget, the plays of the throw
// and the scratch space of the look-ahead.
type searcher struct {
	ctx     context.Context
	work    int64 // units done
	budget  int64
	stopped bool // ctx ended: return what is found so far

	ev   evaluator
	seen visitSet

	// the walk of the plays of one throw
	side     Side
	first    int  // root: the legal move the play begins with
	root     bool // collect the plays (root) or keep the best (reply)
	plays    []play
	most     int     // reply: the most dice a play uses so far
	best     float64 // reply: the best play's score for side, among those using most dice
	bestT    table   // reply: the position it ends in
	bestNext Side    // reply: and who throws next there
	me       Side    // the side the decision is for

	expanded int // plays looked ahead from
}

// play is one way to play the rest of the throw at the root.
type play struct {
	t     table
	first int // index of its first move among the legal moves
	used  int // dice it uses
	win   bool
	value float64 // the chance that the side to move wins, as estimated
}

// searchers keeps searchers between decisions, with their scratch space.
var searchers = sync.Pool{New: func() any { return new(searcher) }}

// newSearcher is a searcher for one decision, from searchers.
func newSearcher(ctx context.Context, budget int64) *searcher {
	sr := searchers.Get().(*searcher)
	sr.ctx, sr.budget, sr.work, sr.stopped, sr.expanded = ctx, budget, 0, false, 0
	sr.plays = sr.plays[:0]
	return sr
}

// spend counts n units of work and notices when ctx has ended.
func (sr *searcher) spend(n int64) {
	before := sr.work
	sr.work += n
	if before>>12 != sr.work>>12 && sr.ctx.Err() != nil {
		sr.stopped = true
	}
}

// style is how a level plays: with which weights, how many throws ahead
// it may look, and how much noise shakes its estimates.
type style struct {
	w     *weights
	depth int     // 0: the evaluation alone; 1: a throw ahead; 2: two for the best few plays
	noise float64 // the spread of a noise on the logit of each play's estimate
}

// styles are the levels' styles.
var styles = map[rules.Level]style{
	rules.Easy:   {w: &easyWeights, noise: easyNoise},
	rules.Strong: {w: &strongWeights, depth: 2},
}

// decide returns the index among legal of the move to play.
func (sr *searcher) decide(p *Position, legal []move, st style, seed uint64) int {
	sr.me = p.hand.Side()
	sr.listPlays(&p.t, p.pool, legal)
	if len(sr.plays) == 0 {
		return 0 // ctx ended before any play was listed
	}
	sr.ev.w = st.w
	next := sr.nextAfter(p.pool)
	for i := range sr.plays {
		pl := &sr.plays[i]
		switch {
		case pl.win:
			pl.value = 1
		default:
			pl.value = sr.ev.valueFor(&pl.t, next, sr.me)
		}
		sr.spend(1)
	}
	if st.depth == 0 {
		return sr.plays[sr.noisyBest(st.noise, seed)].first
	}
	// One throw ahead, best first by the evaluation, as far as the budget
	// goes.
	order := byValue(sr.plays, func(x *play) float64 { return x.value })
	if sr.plays[order[0]].win {
		return sr.plays[order[0]].first
	}
	best, bestValue := order[0], math.Inf(-1)
	for _, i := range order {
		v, ok := sr.expect(&sr.plays[i].t, next, 1)
		if !ok {
			break
		}
		sr.plays[i].value = v
		sr.expanded++
		if v > bestValue {
			best, bestValue = i, v
		}
	}
	if st.depth < 2 || sr.expanded < len(sr.plays) || len(sr.plays) < 2 {
		return sr.plays[best].first
	}
	// Two throws ahead for the best few, when the budget allows: the
	// choice needs two of them weighed alike.
	order = byValue(sr.plays, func(x *play) float64 { return x.value })[:min(len(sr.plays), deepPlays)]
	deep, deepValue, n := best, math.Inf(-1), 0
	for _, i := range order {
		v, ok := sr.expect(&sr.plays[i].t, next, 2)
		if !ok {
			break
		}
		n++
		if v > deepValue {
			deep, deepValue = i, v
		}
	}
	if n >= 2 {
		best = deep
	}
	return sr.plays[best].first
}

// deepPlays is how many plays, best first, the strong player looks two
// throws ahead from.
const deepPlays = 6

// byValue lists the indexes of plays, highest value first (the earlier
// first among equals).
func byValue(plays []play, value func(x *play) float64) []int {
	order := make([]int, len(plays))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return -cmpFloat(value(&plays[a]), value(&plays[b]))
	})
	return order
}

// noisyBest is the easy player's choice: the best play once each value's
// logit is shaken by a noise drawn from seed.
func (sr *searcher) noisyBest(noise float64, seed uint64) int {
	rng := rand.New(rand.NewPCG(seed, 0x52756d6261))
	best, bestValue := 0, math.Inf(-1)
	for i := range sr.plays {
		v := sr.plays[i].value
		l := math.Log(max(v, 1e-9) / max(1-v, 1e-9))
		if noise > 0 {
			l += noise * rng.NormFloat64()
		}
		if sr.plays[i].win {
			l = math.Inf(1)
		}
		if l > bestValue {
			best, bestValue = i, l
		}
	}
	return best
}

// nextAfter is the side that throws after the side to move has played a
// throw of pl: the same after doublets, the other otherwise.
func (sr *searcher) nextAfter(pl pool) Side {
	if pl.dice[0] == pl.dice[1] {
		return sr.me
	}
	return 1 - sr.me
}

// listPlays lists the distinct plays of the rest of the throw from t
// with pool pl, each with the legal move it begins with: those that use
// the most dice.
func (sr *searcher) listPlays(t *table, pl pool, legal []move) {
	sr.side, sr.root = sr.me, true
	sr.plays = sr.plays[:0]
	sr.seen.reset()
	for i := range legal {
		sr.first = i
		sr.step(t, pl, &legal[i].cand, 0)
	}
	most := 0
	for i := range sr.plays {
		most = max(most, sr.plays[i].used)
	}
	keep := sr.plays[:0]
	for _, x := range sr.plays {
		if x.used == most {
			keep = append(keep, x)
		}
	}
	sr.plays = keep
}

// step plays c from t and goes on with the rest of the throw.
func (sr *searcher) step(t *table, pl pool, c *cand, used int) {
	nt := *t
	nt.apply(c, sr.side)
	sr.spend(1)
	used += c.diceUsed()
	if c.kind == KindFinish && nt.finished(sr.side) >= ToWin {
		sr.leaf(&nt, pl, used, true)
		return
	}
	sr.walk(&nt, pl.after(c), used)
}

// walk goes through every way to play the rest of the throw from t with
// pool pl, once for each position and pool, and hands each end to leaf.
func (sr *searcher) walk(t *table, pl pool, used int) {
	if sr.stopped || !sr.seen.add(t, pl) {
		return
	}
	var buf [64]cand
	cands := t.gen(sr.side, pl, buf[:0])
	if len(cands) == 0 {
		sr.leaf(t, pl, used, false)
		return
	}
	for i := range cands {
		sr.step(t, pl, &cands[i], used)
	}
}

// leaf takes the end of a play: at the root it is kept; in a reply it is
// weighed for the side playing, and kept if best so far.
func (sr *searcher) leaf(t *table, pl pool, used int, win bool) {
	if sr.root {
		sr.plays = append(sr.plays, play{t: *t, first: sr.first, used: used, win: win})
		return
	}
	if used < sr.most {
		return
	}
	v := math.Inf(1)
	next := 1 - sr.side
	if pl.dice[0] == pl.dice[1] {
		next = sr.side
	}
	if !win {
		v = sr.ev.scoreFor(t, next, sr.side)
		sr.spend(1)
	}
	if used > sr.most || v > sr.best {
		sr.most, sr.best = used, v
		sr.bestT, sr.bestNext = *t, next
	}
}

// throws are the 21 throws of two dice, larger first, and their odds.
var throws = func() (out [21]struct {
	dice [2]int8
	odds float64
}) {
	i := 0
	for a := 6; a >= 1; a-- {
		for b := a; b >= 1; b-- {
			out[i].dice = [2]int8{int8(a), int8(b)}
			out[i].odds = 2.0 / 36
			if a == b {
				out[i].odds = 1.0 / 36
			}
			i++
		}
	}
	return out
}()

// expect is the chance that the side to move wins t, the end of a throw,
// looking depth throws ahead: over the 21 throws of next, the side that
// throws next, who plays each as best it sees by the evaluation. ok is
// false when the budget ran out first.
func (sr *searcher) expect(t *table, next Side, depth int) (v float64, ok bool) {
	total := 0.0
	for _, th := range throws {
		if sr.stopped || sr.work >= sr.budget {
			return 0, false
		}
		// The best play of the throw (the pass, when nothing can be played).
		sr.root, sr.side = false, next
		sr.most, sr.best = 0, math.Inf(-1)
		sr.seen.reset()
		sr.walk(t, pool{dice: th.dice}, 0)
		if depth > 1 && !math.IsInf(sr.best, 1) {
			after, afterNext := sr.bestT, sr.bestNext
			if v, ok = sr.expect(&after, afterNext, depth-1); !ok {
				return 0, false
			}
		} else {
			v = sigmoid(sr.best)
			if next != sr.me {
				v = 1 - v
			}
		}
		total += th.odds * v
	}
	return total, !sr.stopped
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// visitSet is a set of (men, pool) pairs: the positions and pools a walk
// through the plays of a throw has reached. reset empties it at once.
type visitSet struct {
	keys  []visitKey
	stamp []uint32
	now   uint32
	n     int
}

type visitKey struct {
	a, b uint64
	c    uint32
}

func (v *visitSet) reset() {
	v.now++
	v.n = 0
	if v.keys == nil || v.now == 0 {
		v.keys = make([]visitKey, 1024)
		v.stamp = make([]uint32, 1024)
		v.now = 1
	}
}

// add puts (t's men, pl) in the set and reports whether it was new.
func (v *visitSet) add(t *table, pl pool) bool {
	k := keyOf(t, pl)
	if 2*(v.n+1) > len(v.keys) {
		v.grow()
	}
	mask := uint64(len(v.keys) - 1)
	h := (k.a*0x9e3779b97f4a7c15 ^ k.b*0xc2b2ae3d27d4eb4f ^ uint64(k.c)*0x165667b19e3779f9)
	for i := (h ^ h>>29) & mask; ; i = (i + 1) & mask {
		if v.stamp[i] != v.now {
			v.stamp[i], v.keys[i] = v.now, k
			v.n++
			return true
		}
		if v.keys[i] == k {
			return false
		}
	}
}

func (v *visitSet) grow() {
	old, oldStamp, now := v.keys, v.stamp, v.now
	v.keys = make([]visitKey, 2*len(old))
	v.stamp = make([]uint32, 2*len(old))
	v.now, v.n = 1, 0
	mask := uint64(len(v.keys) - 1)
	for j, k := range old {
		if oldStamp[j] != now {
			continue
		}
		h := (k.a*0x9e3779b97f4a7c15 ^ k.b*0xc2b2ae3d27d4eb4f ^ uint64(k.c)*0x165667b19e3779f9)
		i := (h ^ h>>29) & mask
		for v.stamp[i] == v.now {
			i = (i + 1) & mask
		}
		v.stamp[i], v.keys[i] = v.now, k
		v.n++
	}
}

func keyOf(t *table, pl pool) visitKey {
	var k visitKey
	for h := range 2 {
		for i, s := range t.men[h] {
			k.a |= uint64(uint8(s)) << (8 * (4*h + i))
		}
		for i, s := range t.men[h+2] {
			k.b |= uint64(uint8(s)) << (8 * (4*h + i))
		}
	}
	k.c = uint32(uint8(pl.rewards))
	if pl.used[0] {
		k.c |= 1 << 8
	}
	if pl.used[1] {
		k.c |= 1 << 9
	}
	return k
}
