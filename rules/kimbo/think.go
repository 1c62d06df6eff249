package kimbo

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"parlor/rules"
)

// The computer player (rules.Thinker).
//
// It reads the board as the fences stand (analysis.go): where a piece can
// end from each square with each count, and how many turns a piece needs
// on average from each square to get HOME. The evaluation (eval.go)
// weighs the seats' races in those turns, and the risks of captures.
//
// A move decision weighs every legal use of the dice by the evaluation;
// Strong then looks, for its best moves, at the next seat's answer to
// each of its 21 rolls, as long as the budget lasts. A corner decision
// sends the captured piece where it needs the most turns and threatens
// least. A fence decision first measures, for every slot beside the paths
// a piece can take next turn, what a fence there (or one taken away) does
// to each piece's prospects for that turn: its own pieces' and the
// opponents', the leader's most. The best moves of a fence by that
// measure are then read again in full (the turns to HOME of every square
// with the fence moved) and weighed by the opponents' races and the
// seat's own, after the best use of each of its 21 rolls; nofence too.
//
// The budget is counted in work units (unitsPerSecond of them a second of
// think), so that a decision depends only on the position, the level,
// think and the seed, never on the clock or the load.
//
// Easy does not see the risks of captures, adds noise to its evaluation
// and sometimes plays its second choice; it moves a fence only to help
// its own pieces this turn, and not always.

// unitsPerSecond is the number of work units a Strong decision spends in
// a second of think on the machine Parlor is measured on
// (BenchmarkThink/strong reports it as units/s).
const unitsPerSecond = 50_000_000

// easyShare is the part of think an Easy decision may spend.
const easyShare = 10

// Work units of the parts of a decision.
// A unit is about 20ns of CPU time.
const (
	evalWork  = 40  // an evaluation
	raceWork  = 8   // an evaluation of the races alone (the next seat's answers)
	nodeWork  = 2   // a square on a piece's paths, in a fence decision's first measure
	valueWork = 100 // a full weighing of a fence move, besides its analysis
	genWork   = 1   // a move or a path listed
)

// Easy's mistakes: the noise of its evaluation (in turns), and how often
// (out of 8) it plays its second choice when that is within easyMargin
// turns of the first.
const (
	easyNoise        = 0.4
	easySecondChoice = 2
	easyMargin       = 0.5
)

// Think implements rules.Thinker for Kimbo: the decision of the seat to
// move in s, a fence, move or corner decision (see above).
func (Game) Think(ctx context.Context, s rules.State, level rules.Level, think time.Duration, seed uint64) (rules.Move, error) {
	p, err := rules.Thinking[*Position]("kimbo", s)
	if err != nil {
		return rules.Move{}, err
	}
	if level != rules.Easy && level != rules.Strong {
		return rules.Move{}, fmt.Errorf("kimbo: unknown level %q", level)
	}
	t := thinkers.Get().(*thinker)
	defer thinkers.Put(t)
	t.start(ctx, level, think, seed)
	return rules.Move{Text: t.decide(p)}, nil
}

// decide is the decision of the seat to act in p, a fence, move or corner
// decision.
func (t *thinker) decide(p *Position) string {
	switch p.phase {
	case PhaseFence:
		return t.fence(p)
	case PhaseCorner:
		return t.corner(p)
	}
	return t.move(p)
}

var _ rules.Thinker = Game{}

// thinkers keeps thinkers, with their tables, between decisions: each
// decision sets what it uses, so none depends on the one before.
var thinkers = sync.Pool{New: func() any { return new(thinker) }}

// thinker is one decision's work.
type thinker struct {
	a, fa  analysis // the board as it is, and with a fence moved
	j      judge
	g      moveGen
	og     moveGen  // the next seat's moves
	pos    Position // a position with a fence moved, or a move played
	easy   bool
	rng    *rand.Rand
	work   int64
	budget int64
	done   <-chan struct{}

	// A fence decision's first measure.
	pieces []measured
	ends   [maxCount + 1]cellSet
	cands  []fenceCand
}

// start sets t up for a decision.
func (t *thinker) start(ctx context.Context, level rules.Level, think time.Duration, seed uint64) {
	t.easy = level == rules.Easy
	t.rng = rand.New(rand.NewPCG(seed, 0x6b696d626f))
	t.budget = int64(think.Seconds() * unitsPerSecond)
	if t.easy {
		t.budget /= easyShare
	}
	t.work, t.done = 0, ctx.Done()
	t.j.noRisk = t.easy
}

// spend counts work.
func (t *thinker) spend(units int) { t.work += int64(units) }

// out reports whether the budget is spent or the context has ended.
func (t *thinker) out() bool {
	if t.work >= t.budget {
		return true
	}
	select {
	case <-t.done:
		return true
	default:
		return false
	}
}

// after returns the pieces of p after the move c of g (captured pieces
// are NoSquare, waiting for their corner).
func after(p *Position, g *moveGen, c *cand) [4][PiecesPerSeat]Square {
	pieces := p.pieces
	movePieces(&pieces, p.players, int(p.seat), c, g.paths)
	return pieces
}

// scored is a choice and its score.
type scored struct {
	i     int
	score float64
}

// choose picks among choices scored best first: the first, or for Easy
// now and then the second when it is close.
func (t *thinker) choose(list []scored) int {
	if t.easy && len(list) > 1 && list[0].score-list[1].score < easyMargin && t.rng.IntN(8) < easySecondChoice {
		return list[1].i
	}
	return list[0].i
}

// sortScored sorts best first, the earlier choice first among equals.
func sortScored(list []scored) {
	slices.SortStableFunc(list, func(x, y scored) int { return cmp.Compare(y.score, x.score) })
}

// move decides a move decision.
func (t *thinker) move(p *Position) string {
	p.genMoves(&t.g, nil)
	if len(t.g.legal) == 1 {
		return string(t.g.legal[0].appendText(nil, t.g.paths))
	}
	t.a.analyse(p)
	me := int(p.seat)
	t.j.prepare(&t.a, p, me)
	t.spend(analysisWork + evalWork + genWork*(len(t.g.legal)+len(t.g.paths)))
	list := make([]scored, len(t.g.legal))
	for i := range t.g.legal {
		pieces := after(p, &t.g, &t.g.legal[i])
		list[i] = scored{i, t.j.score(&pieces)}
		if t.easy {
			list[i].score += t.rng.NormFloat64() * easyNoise
		}
		t.spend(evalWork)
	}
	sortScored(list)
	if !t.easy {
		t.lookAhead(p, list)
	}
	c := &t.g.legal[t.choose(list)]
	return string(c.appendText(nil, t.g.paths))
}

// lookAhead scores again the best moves of list, best first, while the
// budget lasts: each by the next seat's answers to its 21 rolls, each
// answer the move that seat's own evaluation prefers, weighed by the
// odds. A move that wins keeps its score. list is sorted again.
func (t *thinker) lookAhead(p *Position, list []scored) {
	me := int(p.seat)
	next := *p
	next.endTurn()
	if next.seat == p.seat || list[0].score >= winScore {
		return
	}
	them := int(next.seat)
	// The answers are judged by the race and the captures they make.
	var oj, mj judge
	oj.noRisk, mj.noRisk = true, true
	done := 0
	for k := range list {
		// A look costs about 21 move lists and their evaluations.
		if t.out() || (k > 0 && t.work+t.lookCost(k) > t.budget) {
			break
		}
		c := &t.g.legal[list[k].i]
		pieces := after(p, &t.g, c)
		if t.j.race(me, &pieces[me]) == 0 {
			continue // a win
		}
		t.pos = next
		t.pos.pieces = pieces
		// The captured pieces go to the corner me prefers; here, the one
		// that needs the most turns, first with room.
		for s := range p.players {
			for i, pc := range t.pos.pieces[s] {
				if pc == NoSquare && !p.retired[s] {
					t.pos.pieces[s][i] = t.worstCorner(&t.pos, s)
				}
			}
			slices.Sort(t.pos.pieces[s][:])
		}
		oj.prepare(&t.a, &t.pos, them)
		mj.prepare(&t.a, &t.pos, me)
		sum := 0.0
		for r, d := range rollDice {
			t.pos.phase, t.pos.dice = PhaseMove, [2]int8{int8(d[0]), int8(d[1])}
			t.pos.genMoves(&t.og, nil)
			t.spend(genWork * (len(t.og.legal) + len(t.og.paths)))
			best, bestScore := 0, 0.0
			for i := range t.og.legal {
				ans := after(&t.pos, &t.og, &t.og.legal[i])
				s := oj.score(&ans)
				t.spend(raceWork)
				if i == 0 || s > bestScore {
					best, bestScore = i, s
				}
			}
			ans := after(&t.pos, &t.og, &t.og.legal[best])
			sum += rollOdds[r] * mj.score(&ans)
		}
		list[k].score = sum
		done = k + 1
	}
	if done > 0 {
		sortScored(list[:done])
		// The moves looked at rank above the others.
		if done < len(list) {
			for k := done; k < len(list); k++ {
				list[k].score = min(list[k].score, list[done-1].score)
			}
		}
	}
}

// lookCost is the work a look at one more move costs, as the first k
// cost on average.
func (t *thinker) lookCost(k int) int64 {
	return t.work / int64(k+1)
}

// worstCorner is the square of the start area with room where a captured
// piece of seat s needs the most turns.
func (t *thinker) worstCorner(p *Position, s int) Square {
	best, bv := NoSquare, -1.0
	for c := range 4 {
		if sq := p.cornerSquare(c, p.Side(rules.Seat(s))); sq != NoSquare && t.a.v[sq] > bv {
			best, bv = sq, t.a.v[sq]
		}
	}
	return best
}

// corner decides where a captured piece goes: where the seat's
// evaluation prefers it.
func (t *thinker) corner(p *Position) string {
	t.a.analyse(p)
	t.spend(analysisWork)
	me := int(p.seat)
	t.j.prepare(&t.a, p, me)
	victim := int(p.pending[0])
	var list []scored
	for c := range 4 {
		sq := p.cornerSquare(c, p.Side(rules.Seat(victim)))
		if sq == NoSquare {
			continue
		}
		pieces := p.pieces
		if i := slices.Index(pieces[victim][:], NoSquare); i >= 0 {
			pieces[victim][i] = sq
		}
		t.j.reckonHits(victim, &pieces[victim])
		list = append(list, scored{c, t.j.score(&pieces)})
	}
	sortScored(list)
	return "corner " + cornerNames[t.choose(list)]
}

// slotSet is a set of slots.
type slotSet [(Slots + 63) / 64]uint64

func (b *slotSet) add(sl Slot)      { b[sl>>6] |= 1 << (sl & 63) }
func (b *slotSet) has(sl Slot) bool { return b[sl>>6]&(1<<(sl&63)) != 0 }

// measured is a piece in a fence decision's first measure: its seat, its
// square, how much its prospects count (negative for the seat's own, whose
// turns are to go down), its prospects as the fences stand, and the slots
// beside the squares of its paths.
type measured struct {
	seat    int
	sq      Square
	weight  float64
	base    float64
	touched slotSet
}

// fenceCand is a fence move and its first measure.
type fenceCand struct {
	from, to Slot
	score    float64
}

// fence decides a fence decision.
func (t *thinker) fence(p *Position) string {
	t.a.analyse(p)
	t.spend(analysisWork)
	me := int(p.seat)
	t.measurePieces(p)
	var place, remove [Slots]float64
	var own []Slot
	for sl := range Slot(Slots) {
		switch p.fences[sl] {
		case vacant:
			place[sl] = t.measureSlot(p, sl, int8(me))
		case int8(me):
			own = append(own, sl)
			remove[sl] = t.measureSlot(p, sl, vacant)
		}
	}
	// The candidates: each fence of the seat's to each slot, by the sum of
	// the two measures; Easy only those that help its own pieces.
	t.cands = t.cands[:0]
	for _, from := range own {
		for to := range Slot(Slots) {
			if p.fences[to] == vacant && place[to] != 0 {
				t.cands = append(t.cands, fenceCand{from, to, remove[from] + place[to]})
			}
		}
	}
	slices.SortStableFunc(t.cands, func(x, y fenceCand) int { return cmp.Compare(y.score, x.score) })
	if t.easy {
		return t.easyFence(p)
	}
	// Weigh nofence and the best candidates in full.
	best, bestValue := FenceMove{NoSlot, NoSlot}, t.fenceValue(p, &t.a, p)
	t.pos = *p
	for k, c := range t.cands {
		if k > 0 && t.out() {
			break
		}
		if c.score <= 0 && k >= 2 {
			break
		}
		t.pos.fences[c.from], t.pos.fences[c.to] = vacant, int8(me)
		t.fa.analyse(&t.pos)
		t.spend(analysisWork + valueWork)
		if v := t.fenceValue(p, &t.fa, &t.pos); v > bestValue {
			best, bestValue = FenceMove{c.from, c.to}, v
		}
		t.pos.fences[c.from], t.pos.fences[c.to] = int8(me), vacant
	}
	return best.String()
}

// easyFence is Easy's fence decision: the move that helps its own pieces
// most this turn, if it helps, half the time.
func (t *thinker) easyFence(p *Position) string {
	if len(t.cands) == 0 || t.cands[0].score <= 0 || t.rng.IntN(2) == 0 {
		return NoFence
	}
	return FenceMove{t.cands[0].from, t.cands[0].to}.String()
}

// measurePieces lists the pieces that count in the first measure, with
// their paths' slots and their prospects as the fences stand. Easy counts
// only its own.
func (t *thinker) measurePieces(p *Position) {
	me := int(p.seat)
	var j judge
	j.prepare(&t.a, p, me)
	races := [4]float64{}
	lead := -1.0
	for s := range p.players {
		if s != me && j.in[s] {
			races[s] = j.race(s, &p.pieces[s])
			if lead < 0 || races[s] < lead {
				lead = races[s]
			}
		}
	}
	t.pieces = t.pieces[:0]
	for s := range p.players {
		if !j.in[s] || (t.easy && s != me) {
			continue
		}
		weight := -1.0
		if s != me {
			weight = expSoft(races[s] - lead)
		}
		for _, sq := range p.pieces[s] {
			if !sq.OnGrid() {
				continue
			}
			m := measured{seat: s, sq: sq, weight: weight}
			t.spend(nodeWork * p.reachFrom(sq, &t.ends, &m.touched))
			m.base = t.prospects(sq, &t.ends)
			t.pieces = append(t.pieces, m)
		}
	}
}

// measureSlot is the first measure of slot sl holding owner (vacant to
// take a fence away): the sum over the pieces whose paths pass by it of
// their weight times the change of their prospects.
func (t *thinker) measureSlot(p *Position, sl Slot, owner int8) float64 {
	sum := 0.0
	for i := range t.pieces {
		m := &t.pieces[i]
		if !m.touched.has(sl) {
			continue
		}
		t.pos.fences = p.fences
		t.pos.players = p.players
		t.pos.fences[sl] = owner
		t.spend(nodeWork * t.pos.reachFrom(m.sq, &t.ends, nil))
		sum += m.weight * (t.prospects(m.sq, &t.ends) - m.base)
	}
	return sum
}

// expSoft weighs an opponent behind the leader by lag turns.
func expSoft(lag float64) float64 {
	w := 1.0
	for lag > 0 {
		w *= 0.6
		lag -= softness
	}
	return w
}

// prospects are the turns a piece on sq can expect to need after its next
// roll, with the ends of its paths for each count, the turns of each
// square being those of the fences as they stand (t.a).
func (t *thinker) prospects(sq Square, ends *[maxCount + 1]cellSet) float64 {
	var best [maxCount + 1]float64
	here := t.a.v[sq]
	for n := 1; n <= maxCount; n++ {
		best[n] = here
		for w, word := range ends[n] {
			for ; word != 0; word &= word - 1 {
				best[n] = min(best[n], t.a.v[w*64+bits.TrailingZeros64(word)])
			}
		}
	}
	jump := here
	for _, to := range t.a.jumps[sq] {
		if to != NoSquare {
			jump = min(jump, t.a.v[to])
		}
	}
	sum := 0.0
	for r, d := range rollDice {
		b := min(best[d[0]], best[d[1]], best[d[0]+d[1]])
		if d[0] == d[1] {
			b = min(b, jump)
		}
		sum += rollOdds[r] * b
	}
	return sum
}

// fenceValue weighs the fences of q (read in a) for the seat to move in
// p: the opponents' races (the leader's most) less the seat's own after
// the best use of each of its rolls.
func (t *thinker) fenceValue(p *Position, a *analysis, q *Position) float64 {
	me := int(p.seat)
	var j judge
	j.prepare(a, q, me)
	j.noRisk = true
	pieces := p.pieces
	mine := j.race(me, &pieces[me]) - t.expectedGain(a, &pieces[me])
	if mine <= 0 {
		return winScore
	}
	// The opponents as in the evaluation, with me's race replaced.
	score := j.score(&pieces) + j.race(me, &pieces[me])
	return score - mine
}

// expectedGain is the turns the seat's pieces can expect to gain by its
// next roll: for each roll, the best of one piece the whole throw, two
// pieces a die each, or a jump on doubles.
func (t *thinker) expectedGain(a *analysis, pieces *[PiecesPerSeat]Square) float64 {
	var gain [PiecesPerSeat][maxCount + 1]float64
	var jump [PiecesPerSeat]float64
	for i, sq := range pieces {
		if !sq.OnGrid() {
			continue
		}
		here := a.v[sq]
		for n := 1; n <= maxCount; n++ {
			for w, word := range a.reach[sq][n] {
				for ; word != 0; word &= word - 1 {
					gain[i][n] = max(gain[i][n], here-a.v[w*64+bits.TrailingZeros64(word)])
				}
			}
		}
		for _, to := range a.jumps[sq] {
			if to != NoSquare {
				jump[i] = max(jump[i], here-a.v[to])
			}
		}
	}
	sum := 0.0
	for r, d := range rollDice {
		b := 0.0
		for i := range pieces {
			b = max(b, gain[i][d[0]+d[1]], gain[i][d[0]], gain[i][d[1]])
			if d[0] == d[1] {
				b = max(b, jump[i])
			}
			for k := range pieces {
				if k != i {
					b = max(b, gain[i][d[0]]+gain[k][d[1]])
				}
			}
		}
		sum += rollOdds[r] * b
	}
	return sum
}

// reachFrom fills ends[n] with the squares where a piece on s ends with a
// count of n (1 to maxCount), as analysis.reach does, and adds to touched
// (unless nil) the slots beside every square its paths enter: the fences
// that could change them. It returns the number of squares it visited.
func (p *Position) reachFrom(s Square, ends *[maxCount + 1]cellSet, touched *slotSet) int {
	*ends = [maxCount + 1]cellSet{}
	w := reachWalk{p: p, ends: ends, touched: touched}
	w.touch(s)
	for d := North; d <= West; d++ {
		if p.open(s, d, 1) {
			w.end(Board.edges[s][d].to, 1)
		}
		if p.open(s, d, 2) {
			w.visit(Board.edges[s][d].to, d, 1)
		}
	}
	return w.nodes
}

type reachWalk struct {
	p       *Position
	ends    *[maxCount + 1]cellSet
	touched *slotSet
	nodes   int
}

func (w *reachWalk) touch(c Square) {
	if w.touched == nil {
		return
	}
	for d := North; d <= West; d++ {
		if e := &Board.edges[c][d]; e.kind == SlotEdge {
			w.touched.add(e.slot)
		}
	}
}

func (w *reachWalk) end(t Square, n int) {
	if t == Home || Board.area[t] != StartArea {
		w.ends[n].add(t)
	}
}

// visit goes on from c, come to after k steps heading d.
func (w *reachWalk) visit(c Square, d Dir, k int) {
	w.nodes++
	w.touch(c)
	dirs, n := w.p.turns(c, d, 1)
	for _, nd := range dirs[:n] {
		w.end(Board.edges[c][nd].to, k+1)
	}
	if k+1 >= maxCount {
		return
	}
	if Board.area[c] == Entrance {
		dirs, n = w.p.turns(c, d, 2) // HOME's opening is shut but on the last step
	}
	for _, nd := range dirs[:n] {
		w.visit(Board.edges[c][nd].to, nd, k+1)
	}
}
