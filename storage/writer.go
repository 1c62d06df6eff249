package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
)

// writer is the one writer of a SQLite database in this process: every
// write of the DB goes through it.
//
// SQLite lets one connection write at a time, and connections that wait
// for each other wait in its busy handler, which sleeps; each commit also
// pays its own sync of the disk (synchronous=FULL). So the writes waiting
// are committed together instead, in one transaction and one sync (group
// commit), each inside its own savepoint: a write that is refused (its
// version guard) or fails is undone alone and gets its own error, while
// the others commit. Every caller is answered after the commit that holds
// its write has returned; if that commit fails, every write in it gets the
// error and none is stored.
//
// The writer has no goroutine of its own. A caller that finds nobody
// writing leads: it takes the queue as its group (its own write first),
// commits it and hands the lead to the oldest write that arrived
// meanwhile, which takes the queue in turn. A lone caller so commits at
// once, waiting for nobody.
//
// Other processes on the same file (the console beside the bot) still wait
// for each other in SQLite's busy handler, up to the busy timeout.
type writer struct {
	db sqlDB
	// turn is held by whoever writes: a group's leader, or a write that
	// must be alone in its transaction (Copy).
	turn chan struct{}

	mu      sync.Mutex
	queue   []*write // waiting to be taken into a group, oldest first
	leading bool     // a caller leads: it commits a group, or is about to
	next    *write   // the write handed the lead, until it takes its group

	// late counts the callers whose ctx ended after their write was taken
	// into a group (or handed the lead), and who waited for its outcome.
	late atomic.Int64
}

// maxGroup bounds the writes committed together, so that one commit does
// not grow without end.
const maxGroup = 64

// write is one caller's write.
type write struct {
	// ctx is the caller's: a write whose ctx ends before it is taken into a
	// group is dropped.
	ctx context.Context
	run func(context.Context, sqlTx) error
	// err is the outcome, set before answer says false.
	err error
	// answer receives true when the write is handed the lead, false when
	// its outcome is known.
	answer chan bool
	// panicked is what run panicked with, and where, if it did.
	panicked string
}

// runIn runs wr in tx. A panic is wr's failure: it is undone like any
// other, and its caller panics in turn, in its own goroutine (repanic),
// while the other writes of the group go on.
func (wr *write) runIn(ctx context.Context, tx sqlTx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			wr.panicked = fmt.Sprintf("%v\n\n%s", p, debug.Stack())
			err = errPanicked
		}
	}()
	return wr.run(ctx, tx)
}

// errPanicked is the error of a write that panicked.
var errPanicked = errors.New("the write panicked")

// repanic panics, in the caller's goroutine, if its write panicked.
func (wr *write) repanic() {
	if wr.panicked != "" {
		panic("storage: a write panicked: " + wr.panicked)
	}
}

func newWriter(db sqlDB) *writer {
	return &writer{db: db, turn: make(chan struct{}, 1)}
}

// do runs run as one write, in a transaction that may hold other callers'
// writes, and returns its outcome once the commit that holds it has
// returned.
//
// run's statements get a context of their own, not ctx: a group's
// transaction is no one caller's to cancel. A write whose ctx ends before
// it is taken into a group leaves the queue without effect, and do returns
// ctx's error. Once taken, the write is committed or not as a whole,
// whatever ctx says, and do waits for the commit to report which: it never
// reports a failure for a write that was stored.
func (w *writer) do(ctx context.Context, run func(context.Context, sqlTx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	me := &write{ctx: ctx, run: run, answer: make(chan bool, 1)}
	w.mu.Lock()
	w.queue = append(w.queue, me)
	lead := !w.leading // nobody leads: the queue held nothing, and me is first
	if lead {
		w.leading, w.next = true, me
	}
	w.mu.Unlock()
	if !lead {
		select {
		case lead = <-me.answer:
		case <-ctx.Done():
			if w.leave(me) {
				return ctx.Err()
			}
			w.late.Add(1)
			lead = <-me.answer // taken, or handed the lead
		}
		if !lead {
			me.repanic()
			return me.err
		}
	}
	// me leads, and is first in the queue until it takes its group.
	select {
	case w.turn <- struct{}{}:
	case <-ctx.Done():
		w.mu.Lock()
		w.queue = slices.Delete(w.queue, 0, 1)
		w.handOn()
		w.mu.Unlock()
		return ctx.Err()
	}
	taken := w.take()
	for group := live(taken); len(group) > 0; {
		group = w.try(group)
	}
	<-w.turn
	w.mu.Lock()
	w.handOn()
	w.mu.Unlock()
	for _, wr := range taken {
		if wr != me {
			wr.answer <- false
		}
	}
	me.repanic()
	return me.err
}

// leave takes me out of the queue if it is still waiting there and was
// not handed the lead, and reports whether it did.
func (w *writer) leave(me *write) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	i := slices.Index(w.queue, me)
	if i < 0 || w.next == me {
		return false
	}
	w.queue = slices.Delete(w.queue, i, i+1)
	return true
}

// handOn hands the lead to the oldest write waiting, if any. w.mu is held.
func (w *writer) handOn() {
	if len(w.queue) == 0 {
		w.leading, w.next = false, nil
		return
	}
	w.next = w.queue[0]
	w.next.answer <- true
}

// take takes the oldest writes waiting, at most maxGroup, as a group; the
// leader's own write is first among them.
func (w *writer) take() []*write {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := min(len(w.queue), maxGroup)
	group := slices.Clone(w.queue[:n])
	w.queue = slices.Delete(w.queue, 0, n)
	w.next = nil
	return group
}

// live drops from group the writes whose callers have gone, setting their
// errors.
func live(group []*write) []*write {
	var out []*write
	for _, wr := range group {
		if err := wr.ctx.Err(); err != nil {
			wr.err = err
			continue
		}
		out = append(out, wr)
	}
	return out
}

// try runs group's writes in one transaction, each in its own savepoint
// (a lone write needs none), and commits, setting each write's err: a
// write that fails is undone alone and keeps its error, and if the commit
// fails every write that had not failed gets the commit's error. A
// failure that ends the whole transaction (SQLite rolls all of it back on
// some errors, such as a full disk) ends it for the other writes through
// no fault of theirs: try returns them, to be tried again in a new
// transaction.
func (w *writer) try(group []*write) (again []*write) {
	ctx := context.Background()
	fail := func(ws []*write, err error) {
		for _, wr := range ws {
			wr.err = err
		}
	}
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		fail(group, err)
		return nil
	}
	defer tx.Rollback()
	if len(group) == 1 {
		wr := group[0]
		if wr.err = wr.runIn(ctx, tx); wr.err == nil {
			wr.err = tx.Commit()
		}
		return nil
	}
	var ok []*write // run without error
	for i, wr := range group {
		if _, err := tx.ExecContext(ctx, qSavepoint); err != nil {
			fail(append(ok, group[i:]...), err)
			return nil
		}
		if wr.err = wr.runIn(ctx, tx); wr.err != nil {
			if _, err := tx.ExecContext(ctx, qRollbackTo); err != nil {
				// The transaction ended with wr's failure.
				return append(ok, group[i+1:]...)
			}
		} else {
			ok = append(ok, wr)
		}
		if _, err := tx.ExecContext(ctx, qRelease); err != nil {
			fail(append(ok, group[i+1:]...), err)
			return nil
		}
	}
	if err := tx.Commit(); err != nil {
		fail(ok, err)
	}
	return nil
}

// The statements that keep each write of a group apart.
const (
	qSavepoint  = "SAVEPOINT change"
	qRollbackTo = "ROLLBACK TO change"
	qRelease    = "RELEASE change"
)

// groupQueries are the statements every write in a group runs, kept
// prepared with hotQueries.
var groupQueries = []string{qSavepoint, qRollbackTo, qRelease}

// hold waits for the turn to write alone, for a write that cannot share
// its transaction (Copy), and returns the function that gives it back.
func (w *writer) hold(ctx context.Context) (release func(), err error) {
	select {
	case w.turn <- struct{}{}:
		return func() { <-w.turn }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// queued is how many writes wait to be taken into a group.
func (w *writer) queued() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.queue)
}

// querier is what a write of single statements runs them on: a
// transaction, or the database itself.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// transact runs run in a transaction and commits it: for SQLite through
// the writer (see writer.do for what ctx then means), for PostgreSQL in a
// transaction of its own.
func (db *DB) transact(ctx context.Context, run func(context.Context, sqlTx) error) error {
	if db.w != nil {
		return db.w.do(ctx, run)
	}
	return db.inTx(ctx, func(tx sqlTx) error { return run(ctx, tx) })
}

// inTx runs run in a transaction of its own, committed if run succeeds.
func (db *DB) inTx(ctx context.Context, run func(sqlTx) error) error {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := run(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// write runs a write made of single statements: for SQLite through the
// writer, for PostgreSQL on the database itself, each statement its own
// transaction.
func (db *DB) write(ctx context.Context, run func(context.Context, querier) error) error {
	if db.w != nil {
		return db.w.do(ctx, func(ctx context.Context, tx sqlTx) error { return run(ctx, tx) })
	}
	return run(ctx, db.db)
}
