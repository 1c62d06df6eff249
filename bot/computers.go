package bot

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"parlor/storage"
)

// The computers' turns are a queue of games that workers take from, one
// worker per core, in every replica (PlayComputers). A game enters the
// queue the moment a move leaves a computer to move in it (the door hears
// Wake and calls ComputerToMove), and at every sweep that finds a computer
// to move (a turn whose worker died, or one queued by another replica that
// stopped). A worker claims the turn in the database before thinking
// (storage.ClaimThink), so that of two workers, of one process or of two
// replicas, one thinks; it plays one move, hands its board to the door,
// and queues the game again if a computer is still to move, behind the
// games already waiting.
//
// Under load a decision's budget shrinks so that the queue drains: a
// worker that takes a turn with q more turns waiting behind it, on w
// workers, thinks for think × w / (w + q), and never less than think /
// minThinkShare. With the queue empty it thinks its full think. So a burst
// of Q turns on w workers drains in about think × (1 + ln(1 + Q/w)) rather
// than think × Q/w: with 30 turns on 2 cores and a think of 200 ms, about
// 0.75 s for the last instead of 3 s. A decision still depends only on its
// position, level, budget and seed (rules.Thinker); the budget depends on
// the load, but only the worker that claimed the turn decides it.

// minThinkShare bounds how far the budget shrinks under load: to think
// divided by this, never less.
const minThinkShare = 8

// thinkBudget is the budget of a decision taken with waiting turns behind
// it on workers workers (see above).
func thinkBudget(think time.Duration, waiting, workers int) time.Duration {
	workers = max(workers, 1)
	b := think * time.Duration(workers) / time.Duration(workers+max(waiting, 0))
	return max(b, think/minThinkShare)
}

// thinkHold is how long a worker's claim on a turn lasts: its longest
// decision and the write after it. A worker that dies holding a turn
// leaves it to others after that.
func thinkHold(think time.Duration) time.Duration {
	return computerThinkCap*think + 10*time.Second
}

// computerQueue is the games waiting for a worker, in the order they
// came, each at most once.
type computerQueue struct {
	mu      sync.Mutex
	cond    *sync.Cond
	running int            // PlayComputers running (0: the sweeps play)
	workers int            // workers, over every PlayComputers running
	waiting []queuedTurn   // games waiting for a worker
	queued  map[int64]bool // games waiting, or in a worker's hands
	again   map[int64]bool // games queued again while in a worker's hands
}

// queuedTurn is a game waiting for a worker, since when. A recheck is a
// game queued again while a worker had it, which most often finds nothing
// to do (the worker played the turn it was about): it does not count as a
// turn waiting when budgets are set.
type queuedTurn struct {
	game    int64
	since   time.Time
	recheck bool
}

// init makes the queue ready; mu is held.
func (q *computerQueue) init() {
	if q.cond == nil {
		q.cond = sync.NewCond(&q.mu)
		q.queued = map[int64]bool{}
		q.again = map[int64]bool{}
	}
}

// queue puts game in the queue at now, unless it is there already, and
// reports whether workers run to take it; without workers it does nothing.
func (q *computerQueue) queue(game int64, now time.Time) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.running == 0 {
		return false
	}
	q.init()
	switch {
	case !q.queued[game]:
		q.queued[game] = true
		q.waiting = append(q.waiting, queuedTurn{game: game, since: now})
		q.cond.Signal()
	default:
		// Waiting already, or in a worker's hands: then it is queued again
		// when the worker is done, should the worker's turn not be the
		// one this is about.
		q.again[game] = true
	}
	return true
}

// take waits for a game to play, and returns it with when it was queued
// and how many wait behind it; ok is false once stop says so.
func (q *computerQueue) take(stop *bool) (turn queuedTurn, behind int, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.waiting) == 0 && !*stop {
		q.cond.Wait()
	}
	if *stop {
		return queuedTurn{}, 0, false
	}
	turn = q.waiting[0]
	q.waiting = q.waiting[1:]
	delete(q.again, turn.game)
	for _, w := range q.waiting {
		if !w.recheck {
			behind++
		}
	}
	return turn, behind, true
}

// done says a worker finished with game: it is queued again at the back
// if again (a computer is still to move) or if someone queued it while
// the worker had it.
func (q *computerQueue) done(game int64, again bool, now time.Time) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if again || q.again[game] {
		delete(q.again, game)
		q.waiting = append(q.waiting, queuedTurn{game: game, since: now, recheck: !again})
		q.cond.Signal()
		return
	}
	delete(q.queued, game)
}

// ComputerToMove queues game: a move left a computer to move in it. It
// reports whether workers run to play it (PlayComputers); if not, the
// next sweep plays it.
func (t *Table) ComputerToMove(game int64) bool {
	return t.computers.queue(game, t.now())
}

// PlayComputers plays computer players' turns from the table's queue
// until ctx ends, on workers workers (0: one per core), and hands the
// boards of each move to post, in the order of the game's moves; post is
// called from the workers, several at once. While it runs, sweeps queue
// the computers' turns they find instead of playing them.
func (t *Table) PlayComputers(ctx context.Context, workers int, post func([]Notice)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	q := &t.computers
	stop := false
	q.mu.Lock()
	q.init()
	q.running++
	q.workers += workers
	q.mu.Unlock()
	defer context.AfterFunc(ctx, func() {
		q.mu.Lock()
		stop = true
		q.cond.Broadcast()
		q.mu.Unlock()
	})()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				turn, behind, ok := q.take(&stop)
				if !ok {
					return
				}
				q.mu.Lock()
				all := q.workers
				q.mu.Unlock()
				t.metrics.ComputerQueue(behind, t.now().Sub(turn.since))
				ns, again := t.computerTurn(ctx, turn.game, thinkBudget(t.think, behind, all))
				if len(ns) > 0 {
					post(ns)
				}
				q.done(turn.game, again, t.now())
			}
		})
	}
	wg.Wait()
	q.mu.Lock()
	defer q.mu.Unlock()
	q.running--
	q.workers -= workers
	if q.running == 0 {
		// What was waiting is left to the sweeps of whoever plays on.
		q.waiting, q.queued, q.again = nil, map[int64]bool{}, map[int64]bool{}
	}
}

// computerTurn plays one computer's move in game, if a computer is to
// move there and this worker wins the claim on its turn, thinking within
// budget, and returns its boards, and whether a computer is to move
// after it.
func (t *Table) computerTurn(ctx context.Context, game int64, budget time.Duration) ([]Notice, bool) {
	g, err := t.store.Game(ctx, game)
	if err != nil {
		if !errors.Is(err, storage.ErrNotFound) && ctx.Err() == nil {
			t.log.Error("computer's turn: load the game", "game", game, "err", err)
		}
		return nil, false
	}
	if g.Status != storage.StatusActive {
		return nil, false
	}
	l, err := t.loadedFrom(g)
	if err != nil || l == nil {
		if err != nil {
			t.log.Error("computer's turn", "game", game, "err", err)
		}
		return nil, false
	}
	if _, _, ok := computerSeat(l); !ok {
		t.log.Debug("computer's turn: no computer to move", "game", game, "version", g.Version)
		return nil, false
	}
	if gone, err := t.marked(ctx, g.GuildID); err != nil || gone {
		return nil, false // the server removed the bot: its games wait
	}
	won, err := t.store.ClaimThink(ctx, g.ID, g.Version, thinkHold(t.think))
	if err != nil || !won {
		// Another worker has the turn (or the game moved on); it queues
		// the game again if a computer is to move after its move.
		if err != nil && ctx.Err() == nil {
			t.log.Error("computer's turn: claim", "game", game, "err", err)
		}
		t.log.Debug("computer's turn: claimed by another worker", "game", game, "version", g.Version)
		return nil, false
	}
	claimed := g.Version
	ns, err := t.computerMoves(ctx, l, 1, budget)
	for i := range ns {
		ns[i].GuildID = g.GuildID
	}
	if err != nil && len(ns) == 0 {
		// Not played: the turn is free for whoever plays on (a worker of
		// another replica, or of this one after a restart) at once, not
		// once the claim lapses.
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		if rerr := t.store.ReleaseThink(rctx, g.ID, claimed); rerr != nil {
			t.log.Warn("computer's turn: release the claim", "game", game, "err", rerr)
		}
		cancel()
	}
	switch {
	case errors.Is(err, storage.ErrConflict), errors.Is(err, storage.ErrDuplicate):
		// Someone moved meanwhile (a resignation, a takeback).
		return ns, false
	case err != nil && ctx.Err() != nil:
		return ns, false // stopping: a sweep of whoever plays on takes it
	case err != nil:
		t.log.Error("computer's turn", "game", game, "err", fmt.Errorf("budget %v: %w", budget, err))
		if c := storeClass(err); c != "other" {
			t.metrics.StoreError(c)
		}
		return ns, false
	}
	t.log.Debug("computer played", "game", game, "version", l.row.Version, "budget", budget)
	_, _, again := computerSeat(l)
	return ns, again
}
