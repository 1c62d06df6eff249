package kingsmen

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"parlor/rules"
)

// The computer player: an alpha-beta search (principal variation search)
// deepened one ply at a time, with a transposition table, the killer and
// history heuristics, a null move, and a quiescence search on captures (and
// on every way out of a Threat), over the evaluation of eval.go. Its budget
// is counted in positions searched, so a decision depends only on the
// position, the level, think and the seed.

// nodesPerSecond is how many positions the strong search visits in a second
// on the machine Parlor is measured on (BenchmarkThink/strong reports it as
// nodes/s): think × nodesPerSecond is a strong decision's budget.
const nodesPerSecond = 2_800_000

// easyShare is the part of think an easy decision may spend, and easyDepth
// the plies it looks ahead before its quiescence search.
const (
	easyShare = 10
	easyDepth = 2
)

// minNodes is the least budget, so that a tiny think still looks a ply or
// two ahead.
const minNodes = 200

const (
	maxPly    = 48 // the deepest ply the search reaches, quiescence included
	scoreWin  = 30000
	scoreMate = scoreWin - 2*maxPly // scores beyond decide the game
	infinity  = scoreWin + 1
)

// errStop is what a search ends with when its budget or ctx runs out.
var errStop = errors.New("kingsmen: search stopped")

// Think implements rules.Thinker.
func (Game) Think(ctx context.Context, s rules.State, level rules.Level, think time.Duration, seed uint64) (rules.Move, error) {
	p, ok := s.(*Position)
	if !ok {
		return rules.Move{}, fmt.Errorf("kingsmen: Think needs an All the King's Men position, not %T", s)
	}
	if p.outcome.Over() {
		return rules.Move{}, rules.ErrOver
	}
	if level != rules.Easy && level != rules.Strong {
		return rules.Move{}, fmt.Errorf("kingsmen: unknown level %q", level)
	}
	sr := searchers.Get().(*searcher)
	defer searchers.Put(sr)
	m := sr.decide(ctx, p, level, think, seed)
	return rules.Move{Text: p.Text(Step{Square(m.from()), Square(m.to())})}, nil
}

var _ rules.Thinker = Game{}

// searchers keeps searchers, with their tables, between decisions: each
// decision clears what it uses, so none depends on the one before.
var searchers = sync.Pool{New: func() any { return &searcher{tt: make([]ttEntry, ttSize)} }}

// budget is the number of positions a decision of level may search.
func budget(level rules.Level, think time.Duration) int64 {
	n := int64(think.Seconds() * nodesPerSecond)
	if level == rules.Easy {
		n /= easyShare
	}
	return max(n, minNodes)
}

// ttSize is the number of entries of the transposition table (16 bytes
// each): a power of two.
const ttSize = 1 << 16

// ttEntry is a position's result in the transposition table.
type ttEntry struct {
	key   uint64
	move  smove
	score int16
	depth int8
	bound uint8
}

// The kinds of bound a table entry holds.
const (
	boundNone uint8 = iota
	boundUpper
	boundLower
	boundExact
)

// searcher is one decision's search.
type searcher struct {
	b       searchBoard
	nodes   int64
	budget  int64
	done    <-chan struct{}
	stopped bool

	noise uint64 // Easy's evaluation noise is drawn from the seed; 0 for none
	tt    []ttEntry

	killers [maxPly][2]smove
	history [2][Squares][Squares]int32
	moves   [maxPly][maxMoves]smove
	scores  [maxPly][maxMoves]int32
	spare   [maxMoves]smove // hasLegal's scratch
}

// decide returns the move to play in p.
func (sr *searcher) decide(ctx context.Context, p *Position, level rules.Level, think time.Duration, seed uint64) smove {
	sr.b.load(p)
	sr.nodes, sr.budget, sr.done, sr.stopped = 0, budget(level, think), ctx.Done(), false
	clear(sr.tt)
	sr.killers = [maxPly][2]smove{}
	sr.history = [2][Squares][Squares]int32{}
	sr.noise = 0

	root := sr.rootMoves()
	if len(root) == 1 || sr.b.cells[root[0].move.to()].kind() == King {
		return root[0].move // the only move, or the capture of the King
	}
	if level == rules.Easy {
		return sr.easy(root, seed)
	}
	return sr.strong(root)
}

// rootMove is a legal move of the position searched and its last score.
type rootMove struct {
	move  smove
	score int
}

// rootMoves lists the legal moves of the position, captures of the most
// valuable pieces first.
func (sr *searcher) rootMoves() []rootMove {
	b := &sr.b
	moves := b.generate(sr.moves[0][:0], false)
	if b.inThreat(b.toMove) {
		moves = b.legalIn(moves)
	}
	root := make([]rootMove, len(moves))
	for i, m := range moves {
		root[i] = rootMove{m, int(sr.orderScore(m, 0, 0))}
	}
	slices.SortStableFunc(root, func(x, y rootMove) int { return y.score - x.score })
	return root
}

// strong deepens the search one ply at a time until the budget is spent,
// and returns the best move of the deepest search, or of the unfinished
// one when a move proved better there.
func (sr *searcher) strong(root []rootMove) smove {
	best := root[0].move
	for depth := 1; depth < maxPly-8; depth++ {
		m, score, err := sr.searchRoot(root, depth)
		if m != 0 {
			best = m
		}
		if err != nil || score >= scoreMate || score <= -scoreMate {
			break
		}
	}
	return best
}

// searchRoot searches every root move to depth plies, the best of the last
// search first, and returns the best move and its score. After a stop, the
// move is the best one searched to the end, or 0 for none.
func (sr *searcher) searchRoot(root []rootMove, depth int) (smove, int, error) {
	b := &sr.b
	alpha := -infinity
	var best smove
	for i := range root {
		m := root[i].move
		u := b.play(m)
		var score int
		var err error
		if i == 0 {
			score, err = sr.search(depth-1, -infinity, -alpha, 1, true)
			score = -score
		} else {
			score, err = sr.search(depth-1, -alpha-1, -alpha, 1, false)
			score = -score
			if err == nil && score > alpha {
				score, err = sr.search(depth-1, -infinity, -alpha, 1, true)
				score = -score
			}
		}
		b.unplay(m, u)
		if err != nil {
			return best, alpha, err
		}
		if score > alpha {
			alpha, best = score, m
			root[i].score = score
		} else {
			root[i].score = -infinity + i // below the best, in the order searched
		}
	}
	slices.SortStableFunc(root, func(x, y rootMove) int { return y.score - x.score })
	return best, alpha, nil
}

// easy searches every root move to easyDepth plies with a noisy
// evaluation, then plays the best or, now and then, a move nearly as good:
// the mistakes of a beginner. It never plays a move that loses by force
// when another does not, and always takes a forced win.
func (sr *searcher) easy(root []rootMove, seed uint64) smove {
	rng := rand.New(rand.NewPCG(seed, 0x65617379)) // "easy"
	sr.noise = rng.Uint64() | 1
	b := &sr.b
	best := -infinity
	for i := range root {
		// A move is searched exactly if it may come within easySlack of
		// the best so far; below, a bound is enough to leave it out.
		alpha := max(best-easySlack-1, -infinity)
		m := root[i].move
		u := b.play(m)
		score, err := sr.search(easyDepth-1, -infinity, -alpha, 1, true)
		b.unplay(m, u)
		if err != nil {
			// Out of budget: the moves not searched keep their order
			// score, below every searched one.
			for j := i; j < len(root); j++ {
				root[j].score = -scoreWin - 1 - j
			}
			break
		}
		root[i].score = -score
		best = max(best, -score)
	}
	slices.SortStableFunc(root, func(x, y rootMove) int { return y.score - x.score })
	if best >= scoreMate {
		return root[0].move
	}
	// A move within easySlack of the best, a third of the time.
	var near []smove
	for _, r := range root[1:] {
		if r.score > -scoreMate && best-r.score <= easySlack {
			near = append(near, r.move)
		}
	}
	if len(near) > 0 && rng.IntN(3) == 0 {
		return near[rng.IntN(len(near))]
	}
	return root[0].move
}

// easySlack is how much worse than its best move a move Easy may play
// instead is, in the evaluation's units (an Archer is 100).
const easySlack = 120

// search is the negamax alpha-beta search of the position after ply plies
// to depth plies, pv for a node on the principal variation. It returns the
// score for the side to move, or errStop.
func (sr *searcher) search(depth, alpha, beta, ply int, pv bool) (int, error) {
	b := &sr.b
	if score, over, err := sr.settled(ply); over || err != nil {
		return score, err
	}
	threat := b.inThreat(b.toMove)
	if threat {
		depth++
	}
	if depth <= 0 || ply >= maxPly-1 {
		return sr.quiesce(alpha, beta, ply)
	}

	key := b.key()
	e := &sr.tt[key&(ttSize-1)]
	var ttMove smove
	if e.key == key {
		ttMove = e.move
		if !pv && int(e.depth) >= depth {
			s := fromTT(int(e.score), ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && s >= beta,
				e.bound == boundUpper && s <= alpha:
				return s, nil
			}
		}
	}

	// The null move: if passing still holds beta, a move will.
	if !pv && !threat && depth >= 3 && beta < scoreMate && beta > -scoreMate && sr.hasPieces(b.toMove) && sr.evaluate() >= beta {
		b.passTurn()
		r := 2 + depth/4
		score, err := sr.search(depth-1-r, -beta, -beta+1, ply+1, false)
		b.passTurn()
		if err != nil {
			return 0, err
		}
		if -score >= beta {
			return beta, nil
		}
	}

	moves := b.generate(sr.moves[ply][:0], false)
	if threat {
		moves = b.legalIn(moves)
	}
	if len(moves) == 0 {
		return -scoreWin + ply, nil // a Threat with no way out, or no move at all
	}
	scores := sr.scores[ply][:len(moves)]
	for i, m := range moves {
		scores[i] = sr.orderScore(m, ply, ttMove)
	}

	bestScore, bestMove := -infinity, smove(0)
	origAlpha := alpha
	for i := range moves {
		m := pick(moves, scores, i)
		quietMove := b.cells[m.to()] == 0
		u := b.play(m)
		var score int
		var err error
		if i == 0 {
			score, err = sr.search(depth-1, -beta, -alpha, ply+1, pv)
			score = -score
		} else {
			// Late quiet moves are searched a ply less first.
			reduce := 0
			if depth >= 3 && i >= 4 && quietMove && !threat && scores[i] < killerScore {
				reduce = 1
			}
			score, err = sr.search(depth-1-reduce, -alpha-1, -alpha, ply+1, false)
			score = -score
			if err == nil && score > alpha && reduce > 0 {
				score, err = sr.search(depth-1, -alpha-1, -alpha, ply+1, false)
				score = -score
			}
			if err == nil && score > alpha && score < beta {
				score, err = sr.search(depth-1, -beta, -alpha, ply+1, pv)
				score = -score
			}
		}
		b.unplay(m, u)
		if err != nil {
			return 0, err
		}
		if score > bestScore {
			bestScore, bestMove = score, m
		}
		if score > alpha {
			alpha = score
		}
		if alpha >= beta {
			if quietMove {
				sr.cutoff(m, ply, depth)
			}
			break
		}
	}

	bound := boundExact
	switch {
	case bestScore <= origAlpha:
		bound = boundUpper
	case bestScore >= beta:
		bound = boundLower
	}
	*e = ttEntry{key: key, move: bestMove, score: int16(toTT(bestScore, ply)), depth: int8(depth), bound: bound}
	return bestScore, nil
}

// quiesce searches captures only, until the position is quiet, except that
// a side under Threat searches every way out.
func (sr *searcher) quiesce(alpha, beta, ply int) (int, error) {
	b := &sr.b
	if score, over, err := sr.settled(ply); over || err != nil {
		return score, err
	}
	if ply >= maxPly-1 {
		return sr.evaluate(), nil
	}
	threat := b.inThreat(b.toMove)
	var moves []smove
	bestScore := -infinity
	if threat {
		moves = b.legalIn(b.generate(sr.moves[ply][:0], false))
		if len(moves) == 0 {
			return -scoreWin + ply, nil
		}
	} else {
		bestScore = sr.evaluate()
		if bestScore >= beta {
			return bestScore, nil
		}
		alpha = max(alpha, bestScore)
		moves = b.generate(sr.moves[ply][:0], true)
	}
	scores := sr.scores[ply][:len(moves)]
	for i, m := range moves {
		scores[i] = sr.orderScore(m, ply, 0)
	}
	for i := range moves {
		m := pick(moves, scores, i)
		u := b.play(m)
		score, err := sr.quiesce(-beta, -alpha, ply+1)
		b.unplay(m, u)
		if err != nil {
			return 0, err
		}
		score = -score
		if score > bestScore {
			bestScore = score
		}
		if score > alpha {
			alpha = score
			if alpha >= beta {
				break
			}
		}
	}
	return bestScore, nil
}

// settled counts a position searched and, when the game is decided there,
// scores it for the side to move: the quiet-move draw (or, on its last ply,
// a loss for a side under Threat with no way out, as Position.settle
// decides), or a win for a side that can take the other King.
func (sr *searcher) settled(ply int) (score int, over bool, err error) {
	if err := sr.count(); err != nil {
		return 0, true, err
	}
	b := &sr.b
	switch {
	case b.quiet >= QuietLimit && !b.hasLegal(sr.spare[:]):
		return -scoreWin + ply, true, nil
	case b.quiet >= QuietLimit:
		return 0, true, nil
	case b.canTakeKing():
		return scoreWin - ply, true, nil
	}
	return 0, false, nil
}

// count counts a position searched and reports errStop once the budget is
// spent or ctx is done.
func (sr *searcher) count() error {
	if sr.stopped {
		return errStop
	}
	sr.nodes++
	if sr.nodes > sr.budget {
		sr.stopped = true
		return errStop
	}
	if sr.nodes&1023 == 0 && sr.done != nil {
		select {
		case <-sr.done:
			sr.stopped = true
			return errStop
		default:
		}
	}
	return nil
}

// hasPieces reports whether side has a piece besides its King.
func (sr *searcher) hasPieces(side Side) bool {
	for _, c := range sr.b.cells {
		if c != 0 && c.side() == side && c.kind() != King {
			return true
		}
	}
	return false
}

// Move ordering: the table's move, captures of the most valuable piece by
// the least valuable one, the killers, then quiet moves by history.
const (
	ttMoveScore  = 1 << 30
	captureScore = 1 << 28
	killerScore  = 1 << 26
)

func (sr *searcher) orderScore(m smove, ply int, ttMove smove) int32 {
	if m == ttMove {
		return ttMoveScore
	}
	b := &sr.b
	if t := b.cells[m.to()]; t != 0 {
		return captureScore + int32(pieceValue[t.kind()])*8 - int32(pieceValue[b.cells[m.from()].kind()])/16
	}
	switch m {
	case sr.killers[ply][0]:
		return killerScore + 1
	case sr.killers[ply][1]:
		return killerScore
	}
	return sr.history[b.toMove][m.from()][m.to()]
}

// cutoff remembers a quiet move that refuted a position.
func (sr *searcher) cutoff(m smove, ply, depth int) {
	if sr.killers[ply][0] != m {
		sr.killers[ply][1], sr.killers[ply][0] = sr.killers[ply][0], m
	}
	h := &sr.history[sr.b.toMove][m.from()][m.to()]
	*h += int32(depth * depth)
	if *h >= killerScore/2 {
		for s := range sr.history {
			for f := range sr.history[s] {
				for t := range sr.history[s][f] {
					sr.history[s][f][t] /= 2
				}
			}
		}
	}
}

// pick moves the best-ordered of moves[i:] to i and returns it.
func pick(moves []smove, scores []int32, i int) smove {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	scores[i], scores[best] = scores[best], scores[i]
	return moves[i]
}

// toTT and fromTT store a score that decides the game as the distance from
// the position, not from the root.
func toTT(score, ply int) int {
	switch {
	case score >= scoreMate:
		return score + ply
	case score <= -scoreMate:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score >= scoreMate:
		return score - ply
	case score <= -scoreMate:
		return score + ply
	}
	return score
}
