package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mattn/go-sqlite3"
)

// commits watches and steers the commits of a database opened by
// openHooked, through a driver of its own whose connections call it at
// every commit.
type commits struct {
	n  atomic.Int64 // commits begun
	mu sync.Mutex
	// hook, if not nil, is asked at every commit: non-zero makes SQLite
	// fail the commit and roll the transaction back.
	hook func() int
}

func (c *commits) set(hook func() int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.hook = hook
}

var hookedDrivers atomic.Int64

// openHooked opens a fresh SQLite database whose commits c watches, and
// returns its path too.
func openHooked(t *testing.T, opts OpenOptions) (*DB, *commits, string) {
	t.Helper()
	c := &commits{}
	opts.driver = fmt.Sprintf("sqlite3_hooked_%d", hookedDrivers.Add(1))
	sql.Register(opts.driver, &sqlite3.SQLiteDriver{ConnectHook: func(conn *sqlite3.SQLiteConn) error {
		conn.RegisterCommitHook(func() int {
			c.n.Add(1)
			c.mu.Lock()
			hook := c.hook
			c.mu.Unlock()
			if hook != nil {
				return hook()
			}
			return 0
		})
		return nil
	}})
	path := filepath.Join(t.TempDir(), "parlor.db")
	return openPath(t, path, opts), c, path
}

// holdTurn takes the writer's turn, as a group being committed holds it,
// so that the writes made meanwhile queue; the function returned gives it
// back, as does the end of the test if it has not.
func holdTurn(t *testing.T, db *DB) func() {
	t.Helper()
	release, err := db.w.hold(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	once := sync.OnceFunc(release)
	t.Cleanup(once)
	return once
}

// result is what a write started in the background returned.
type result struct {
	version int64
	err     error
}

// queued starts the write do in the background and waits until it waits
// in the writer's queue.
func queued(t *testing.T, db *DB, do func() (int64, error)) <-chan result {
	t.Helper()
	n := db.w.queued()
	out := make(chan result, 1)
	var r result
	returned := make(chan struct{})
	go func() {
		r.version, r.err = do()
		close(returned)
		out <- r
	}()
	if !waitQueued(db, n+1, returned) {
		t.Fatalf("the write returned (%d, %v) instead of waiting in the queue", r.version, r.err)
	}
	return out
}

// waitQueued waits until n writes wait in the writer's queue, and reports
// whether they did before returned was closed.
func waitQueued(db *DB, n int, returned <-chan struct{}) bool {
	for db.w.queued() < n {
		select {
		case <-returned:
			return db.w.queued() >= n
		default:
		}
		time.Sleep(50 * time.Microsecond)
	}
	return true
}

// queuedApply starts Apply(ctx, c) in the background and waits until it
// waits in the writer's queue.
func queuedApply(t *testing.T, db *DB, ctx context.Context, c Change) <-chan result {
	t.Helper()
	return queued(t, db, func() (int64, error) { return db.Apply(ctx, c) })
}

// kimbos makes n two-player games.
func kimbos(t *testing.T, db *DB, n int) []*Game {
	t.Helper()
	games := make([]*Game, n)
	for i := range games {
		games[i] = newGame(t, db, "kimbo", "c", "u1", "u2")
	}
	return games
}

// move is a change of game g at version v, as a move made in play: the
// position, an entry and the interaction id all say id.
func move(g *Game, v int64, id string) Change {
	return Change{GameID: g.ID, Version: v, Position: id, Status: StatusActive, DrawOffer: NoDrawOffer,
		InteractionID: id, TurnStarted: true, Entries: []Entry{{Seat: int(v % 2), Kind: EntryMove, Text: id}}}
}

// texts is the entries' texts.
func texts(log []Entry) []string {
	var out []string
	for _, e := range log {
		out = append(out, e.Text)
	}
	return out
}

// Many goroutines store moves at once, each in its own game, while as many
// more race for one shared game, each moving from the version it read: the
// first writes of all of them are committed in one group. Every move
// acknowledged is stored, in its game at its ply, and is there after the
// database is opened again; every move refused got ErrConflict and left no
// trace (not even its interaction id); the shared game's version counts
// exactly the moves acknowledged.
func TestGroupCommitManyWriters(t *testing.T) {
	ctx := t.Context()
	db, commits, path := openHooked(t, OpenOptions{})
	const writers, moves, tries = 16, 12, 8
	own := make([]*Game, writers)
	for i := range own {
		own[i] = newGame(t, db, "kingsmen", "c", "u1", "u2")
	}
	shared := newGame(t, db, "kingsmen", "c", "u1", "u2")

	var mu sync.Mutex
	var acked []string
	refused := map[string]error{}
	var wg sync.WaitGroup
	release := holdTurn(t, db)
	for i := range writers {
		wg.Go(func() {
			v := own[i].Version
			for m := range moves {
				var err error
				if v, err = db.Apply(ctx, move(own[i], v, fmt.Sprintf("own-%d-%d", i, m))); err != nil {
					t.Errorf("own game %d, move %d: %v", i, m, err)
					return
				}
			}
		})
		wg.Go(func() {
			v := shared.Version // all first tries are from version 1
			for try := range tries {
				id := fmt.Sprintf("shared-%d-%d", i, try)
				_, err := db.Apply(ctx, move(shared, v, id))
				mu.Lock()
				if err == nil {
					acked = append(acked, id)
				} else {
					refused[id] = err
				}
				mu.Unlock()
				g, err := db.Game(ctx, shared.ID)
				if err != nil {
					t.Error(err)
					return
				}
				v = g.Version
			}
		})
	}
	returned := make(chan struct{})
	go func() {
		wg.Wait()
		close(returned)
	}()
	if !waitQueued(db, 2*writers, returned) {
		t.Fatal("the writes returned instead of waiting in the queue")
	}
	commits.n.Store(0)
	release()
	<-returned
	if t.Failed() {
		return
	}
	writes := writers*moves + writers*tries
	t.Logf("%d writes in %d commits; %d of %d tries at the shared game stored", writes, commits.n.Load(), len(acked), writers*tries)
	// The first 2×writers writes went in one commit.
	if n := commits.n.Load(); n > int64(writes-2*writers+1) {
		t.Errorf("%d writes in %d commits, want the %d queued at first in one", writes, n, 2*writers)
	}
	// Of the first tries at the shared game, all from version 1 and in one
	// group, exactly one was stored.
	if len(refused) < writers-1 {
		t.Errorf("%d tries at the shared game refused, want at least %d", len(refused), writers-1)
	}
	for id, err := range refused {
		if !errors.Is(err, ErrConflict) {
			t.Errorf("%s was refused with %v, want ErrConflict", id, err)
		}
	}

	check := func(db *DB) {
		t.Helper()
		for i, g := range own {
			var want []string
			for m := range moves {
				want = append(want, fmt.Sprintf("own-%d-%d", i, m))
			}
			got := load(t, db, g.ID)
			log := logOf(t, db, g.ID)
			if got.Version != 1+moves || got.Position != want[moves-1] || !reflect.DeepEqual(texts(log), want) {
				t.Errorf("own game %d: version %d, position %q, log %v; want %d, %q, %v",
					i, got.Version, got.Position, texts(log), 1+moves, want[moves-1], want)
			}
		}
		got, log := load(t, db, shared.ID), logOf(t, db, shared.ID)
		if got.Version != int64(1+len(acked)) || len(log) != len(acked) {
			t.Errorf("shared game: version %d with %d entries, want %d with %d", got.Version, len(log), 1+len(acked), len(acked))
		}
		if stored := slices.Sorted(slices.Values(texts(log))); !reflect.DeepEqual(stored, slices.Sorted(slices.Values(acked))) {
			t.Errorf("shared game's log holds %v, want the moves acknowledged, %v", stored, slices.Sorted(slices.Values(acked)))
		}
		for i, e := range log {
			if e.Ply != i+1 || e.InteractionID != e.Text {
				t.Errorf("shared game's entry %d: ply %d, interaction %q; want %d, %q", i, e.Ply, e.InteractionID, i+1, e.Text)
			}
		}
		for id := range refused {
			if done, err := db.Handled(ctx, id); err != nil || done {
				t.Errorf("refused %s: handled %v, %v; want false", id, done, err)
			}
		}
	}
	check(db)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	check(openPath(t, path, OpenOptions{}))
}

// The writes of one group where some fail, each in its own way and some
// half-way through, while the others commit: each failing write is undone
// alone (its interaction id too) and gets its own error.
func TestGroupCommitOneFailsOthersCommit(t *testing.T) {
	ctx := t.Context()
	db, commits, _ := openHooked(t, OpenOptions{})
	g := kimbos(t, db, 3)
	g1, g2, g3 := g[0], g[1], g[2]
	before2 := load(t, db, g2.ID)
	twice := move(g2, 1, "seat-twice")
	twice.Seats = []Seat{{Seat: 0, UserID: "u9"}, {Seat: 0, UserID: "u8"}} // fails after the game row and the old seats changed

	release := holdTurn(t, db)
	writes := []struct {
		name string
		out  <-chan result
		want error // nil: stored
	}{
		{"a move", queuedApply(t, db, ctx, move(g1, 1, "a")), nil},
		{"a move from the same version", queuedApply(t, db, ctx, move(g1, 1, "stale")), ErrConflict},
		{"a redelivery of the first", queuedApply(t, db, ctx, move(g2, 1, "a")), ErrDuplicate},
		{"seats that fail half-way", queuedApply(t, db, ctx, twice), errConstraint},
		{"a move where those failed", queuedApply(t, db, ctx, move(g2, 1, "b")), nil},
		{"a missing game", queuedApply(t, db, ctx, move(&Game{ID: g3.ID + 1}, 1, "gone")), ErrNotFound},
		{"a thread", queued(t, db, func() (int64, error) { _, err := db.SetThread(ctx, g3.ID, "t3"); return 0, err }), nil},
		{"a second thread", queued(t, db, func() (int64, error) { _, err := db.SetThread(ctx, g3.ID, "t4"); return 0, err }), ErrConflict},
		{"a move after", queuedApply(t, db, ctx, move(g3, 1, "c")), nil},
	}
	commits.n.Store(0)
	release()
	for _, w := range writes {
		r := <-w.out
		switch {
		case w.want == nil && r.err != nil:
			t.Errorf("%s: %v, want it stored", w.name, r.err)
		case w.want == errConstraint:
			var se sqlite3.Error
			if !errors.As(r.err, &se) || se.Code != sqlite3.ErrConstraint {
				t.Errorf("%s: %v, want SQLite's constraint error", w.name, r.err)
			}
		case w.want != nil && !errors.Is(r.err, w.want):
			t.Errorf("%s: %v, want %v", w.name, r.err, w.want)
		}
	}
	if n := commits.n.Load(); n != 1 {
		t.Errorf("%d commits, want the group's one", n)
	}
	if got := load(t, db, g1.ID); got.Version != 2 || got.Position != "a" || !reflect.DeepEqual(texts(logOf(t, db, g1.ID)), []string{"a"}) {
		t.Errorf("game 1: version %d, position %q, log %v; want 2, a, [a]", got.Version, got.Position, texts(logOf(t, db, g1.ID)))
	}
	got2 := load(t, db, g2.ID)
	if got2.Version != 2 || got2.Position != "b" || !reflect.DeepEqual(got2.Seats, before2.Seats) ||
		!reflect.DeepEqual(texts(logOf(t, db, g2.ID)), []string{"b"}) {
		t.Errorf("game 2: version %d, position %q, seats %+v, log %v; want 2, b, %+v, [b]",
			got2.Version, got2.Position, got2.Seats, texts(logOf(t, db, g2.ID)), before2.Seats)
	}
	if got := load(t, db, g3.ID); got.Version != 2 || got.ThreadID != "t3" {
		t.Errorf("game 3: version %d, thread %q; want 2, t3", got.Version, got.ThreadID)
	}
	for id, want := range map[string]bool{"a": true, "b": true, "c": true, "stale": false, "seat-twice": false, "gone": false} {
		if done, err := db.Handled(ctx, id); err != nil || done != want {
			t.Errorf("Handled(%s) = %v, %v; want %v", id, done, err, want)
		}
	}
}

// errConstraint stands in the table above for SQLite's constraint error.
var errConstraint = errors.New("constraint")

// A commit that fails leaves none of its group stored, and every caller
// in the group is told; a write refused on its own keeps its own error.
func TestGroupCommitFails(t *testing.T) {
	ctx := t.Context()
	db, commits, _ := openHooked(t, OpenOptions{})
	games := kimbos(t, db, 5)
	commits.set(func() int { return 1 })

	release := holdTurn(t, db)
	var outs []<-chan result
	for i, g := range games {
		outs = append(outs, queuedApply(t, db, ctx, move(g, 1, fmt.Sprint("m", i))))
	}
	stale := queuedApply(t, db, ctx, move(games[0], 1, "stale"))
	release()
	var first error
	for i, out := range outs {
		r := <-out
		if r.err == nil {
			t.Errorf("move %d: stored, though its commit failed", i)
			continue
		}
		if first == nil {
			first = r.err
		}
		var se sqlite3.Error
		if !errors.As(r.err, &se) || se.ExtendedCode != sqlite3.ErrConstraintCommitHook {
			t.Errorf("move %d: %v, want the commit's error", i, r.err)
		}
	}
	if r := <-stale; !errors.Is(r.err, ErrConflict) {
		t.Errorf("the stale move: %v, want ErrConflict", r.err)
	}
	t.Logf("every move told: %v", first)
	// A lone write whose commit fails is told too.
	if _, err := db.Apply(ctx, move(games[0], 1, "alone")); err == nil {
		t.Error("a lone move whose commit failed: stored")
	}
	commits.set(nil)
	for i, g := range games {
		if got := load(t, db, g.ID); got.Version != 1 || len(logOf(t, db, g.ID)) != 0 {
			t.Errorf("game %d: version %d with %d entries, want 1 and none", i, got.Version, len(logOf(t, db, g.ID)))
		}
		if done, _ := db.Handled(ctx, fmt.Sprint("m", i)); done {
			t.Errorf("move %d's interaction recorded", i)
		}
	}
	// The writer goes on.
	if _, err := db.Apply(ctx, move(games[0], 1, "m0")); err != nil {
		t.Fatalf("after the failed commits: %v", err)
	}
}

// The disk fills up in the middle of a group: SQLite then rolls back the
// whole transaction, not only the write that did not fit. That write is
// refused with ErrFull; the others of its group, which had fitted, are
// committed all the same (in a transaction of their own).
func TestGroupCommitDiskFull(t *testing.T) {
	ctx := t.Context()
	db, _, _ := openHooked(t, OpenOptions{})
	g := kimbos(t, db, 3)
	g1, g2, g3 := g[0], g[1], g[2]
	// One connection, so that the pragma holds for every statement.
	db.SQL().SetMaxOpenConns(1)
	if _, err := db.SQL().ExecContext(ctx, "PRAGMA max_page_count = 1"); err != nil { // as small as it may be now
		t.Fatal(err)
	}
	big := move(g2, 1, "big")
	big.Entries[0].Text = strings.Repeat("x", 64<<10)

	release := holdTurn(t, db)
	a := queuedApply(t, db, ctx, move(g1, 1, "a"))
	b := queuedApply(t, db, ctx, big)
	c := queuedApply(t, db, ctx, move(g3, 1, "c"))
	release()
	if r := <-a; r.err != nil {
		t.Errorf("the move before: %v, want it stored", r.err)
	}
	if r := <-b; !errors.Is(r.err, ErrFull) {
		t.Errorf("the move that does not fit: %v, want ErrFull", r.err)
	}
	if r := <-c; r.err != nil {
		t.Errorf("the move after: %v, want it stored", r.err)
	}
	for _, w := range []struct {
		g    *Game
		want int64
	}{{g1, 2}, {g2, 1}, {g3, 2}} {
		if got := load(t, db, w.g.ID); got.Version != w.want || len(logOf(t, db, w.g.ID)) != int(w.want-1) {
			t.Errorf("game %d: version %d with %d entries, want %d", w.g.ID, got.Version, len(logOf(t, db, w.g.ID)), w.want)
		}
	}
	if done, _ := db.Handled(ctx, "big"); done {
		t.Error("the move that did not fit: its interaction was recorded")
	}
}

// A group holds at most maxGroup writes: more waiting are committed in as
// many groups as it takes.
func TestGroupCommitIsBounded(t *testing.T) {
	ctx := t.Context()
	db, commits, _ := openHooked(t, OpenOptions{})
	g := newGame(t, db, "kimbo", "c", "u1", "u2")
	release := holdTurn(t, db)
	var outs []<-chan result
	for i := range maxGroup + 10 {
		outs = append(outs, queued(t, db, func() (int64, error) {
			_, err := db.SetGuildSettings(ctx, fmt.Sprint("g", i), SettingsChange{DeadlineDays: &i})
			return 0, err
		}))
	}
	outs = append(outs, queuedApply(t, db, ctx, move(g, 1, "m")))
	commits.n.Store(0)
	release()
	for i, out := range outs {
		if r := <-out; r.err != nil {
			t.Errorf("write %d: %v", i, r.err)
		}
	}
	if n := commits.n.Load(); n != 2 {
		t.Errorf("%d writes waiting were committed in %d commits, want 2 (%d and the rest)", len(outs), n, maxGroup)
	}
	if s, err := db.GuildSettings(ctx, fmt.Sprint("g", maxGroup+9)); err != nil || s.DeadlineDays != maxGroup+9 {
		t.Errorf("the last settings: %+v, %v", s, err)
	}
}

// A caller that gives up while its write waits in the queue leaves it
// without effect, whether it leads (waiting for the turn) or waits behind
// another write's lead; the writes behind it are committed.
func TestGroupCommitCancelledWhileQueued(t *testing.T) {
	ctx := t.Context()
	db, _, _ := openHooked(t, OpenOptions{})
	g := kimbos(t, db, 4)
	g1, g2, g3, g4 := g[0], g[1], g[2], g[3]

	// The leader gives up waiting for the turn: the lead passes on.
	release := holdTurn(t, db)
	leaderCtx, cancelLeader := context.WithCancel(ctx)
	leader := queuedApply(t, db, leaderCtx, move(g1, 1, "leader"))
	next := queuedApply(t, db, ctx, move(g2, 1, "next"))
	cancelLeader()
	if r := <-leader; !errors.Is(r.err, context.Canceled) {
		t.Errorf("the leader that gave up: %v, want context.Canceled", r.err)
	}
	if n := db.w.queued(); n != 1 {
		t.Errorf("%d writes queued, want the next one", n)
	}
	release()
	if r := <-next; r.err != nil || r.version != 2 {
		t.Errorf("the write after the leader: %d, %v; want version 2", r.version, r.err)
	}

	// A write waiting behind the lead gives up: it leaves the queue
	// before the group is taken.
	release = holdTurn(t, db)
	first := queuedApply(t, db, ctx, move(g3, 1, "first"))
	waiterCtx, cancelWaiter := context.WithCancel(ctx)
	waiter := queuedApply(t, db, waiterCtx, move(g4, 1, "waiter"))
	cancelWaiter()
	for db.w.queued() > 1 && db.w.late.Load() == 0 { // it left, or waits for an outcome
		time.Sleep(50 * time.Microsecond)
	}
	release()
	if r := <-waiter; !errors.Is(r.err, context.Canceled) {
		t.Errorf("the waiter that gave up: %v, want context.Canceled", r.err)
	}
	if n := db.w.late.Load(); n != 0 {
		t.Errorf("the waiter that gave up was taken into a group (%d late)", n)
	}
	if r := <-first; r.err != nil {
		t.Errorf("the write before the waiter: %v", r.err)
	}

	for _, w := range []struct {
		g    *Game
		id   string
		want int64
	}{{g1, "leader", 1}, {g2, "next", 2}, {g3, "first", 2}, {g4, "waiter", 1}} {
		if got := load(t, db, w.g.ID).Version; got != w.want {
			t.Errorf("%s's game at version %d, want %d", w.id, got, w.want)
		}
		if done, _ := db.Handled(ctx, w.id); done != (w.want == 2) {
			t.Errorf("%s's interaction recorded: %v", w.id, done)
		}
	}
	// A caller that gave up before calling changes nothing.
	if _, err := db.Apply(waiterCtx, move(g4, 1, "late")); !errors.Is(err, context.Canceled) {
		t.Errorf("Apply with a context done: %v, want context.Canceled", err)
	}
	if db.w.queued() != 0 || load(t, db, g4.ID).Version != 1 {
		t.Error("Apply with a context done left a trace")
	}
}

// A caller that gives up after its write was taken into a group learns
// the outcome all the same: stored when the commit succeeds, never
// "failed"; the commit's error when it fails, never "cancelled".
func TestGroupCommitCancelledAfterTaken(t *testing.T) {
	for _, fails := range []bool{false, true} {
		t.Run(fmt.Sprintf("commit fails %v", fails), func(t *testing.T) {
			ctx := t.Context()
			db, commits, _ := openHooked(t, OpenOptions{})
			g := kimbos(t, db, 2)
			g1, g2 := g[0], g[1]
			release := holdTurn(t, db)
			ctx1, cancel1 := context.WithCancel(ctx)
			leader := queuedApply(t, db, ctx1, move(g1, 1, "leader"))
			ctx2, cancel2 := context.WithCancel(ctx)
			waiter := queuedApply(t, db, ctx2, move(g2, 1, "waiter"))
			inCommit, goOn := make(chan struct{}), make(chan struct{})
			letGo := sync.OnceFunc(func() { close(goOn) })
			t.Cleanup(letGo) // before the database closes, should the test stop early
			var entered sync.Once
			commits.set(func() int {
				entered.Do(func() { close(inCommit) })
				<-goOn
				if fails {
					return 1
				}
				return 0
			})
			release()
			<-inCommit // both are taken: the group is committing
			cancel1()
			cancel2()
			for db.w.late.Load() < 1 { // the waiter saw its context end
				time.Sleep(50 * time.Microsecond)
			}
			letGo()
			for _, out := range []<-chan result{leader, waiter} {
				r := <-out
				switch {
				case errors.Is(r.err, context.Canceled):
					t.Errorf("got %v, want the outcome of the commit", r.err)
				case !fails && r.err != nil:
					t.Errorf("got %v for a write that was stored", r.err)
				case fails && r.err == nil:
					t.Error("got no error for a write whose commit failed")
				}
			}
			commits.set(nil)
			want := int64(2)
			if fails {
				want = 1
			}
			for _, g := range []*Game{g1, g2} {
				if got := load(t, db, g.ID).Version; got != want {
					t.Errorf("game %d at version %d, want %d", g.ID, got, want)
				}
			}
		})
	}
}

// Every write of the DB goes through the writer, so that the connections
// of one process never wait for each other in SQLite's busy handler: while
// a group is being committed (the writer's turn taken and SQLite's write
// lock held), each kind of write waits in the writer's queue, even with a
// busy timeout too short to wait for the lock, and is made once the group
// is done.
func TestEveryWriteGoesThroughTheWriter(t *testing.T) {
	ctx := t.Context()
	db, _, _ := openHooked(t, OpenOptions{BusyTimeout: time.Millisecond})
	g := newGame(t, db, "kimbo", "c", "u1", "u2")
	three := 3
	writes := []struct {
		name string
		do   func() error
	}{
		{"Create", func() error {
			_, err := db.Create(ctx, &Game{Kind: "kimbo", Status: StatusOpen, Seats: []Seat{{Seat: 0, UserID: "u1"}}}, "new")
			return err
		}},
		{"Apply", func() error { _, err := db.Apply(ctx, move(g, 1, "m")); return err }},
		{"SetThread", func() error { _, err := db.SetThread(ctx, g.ID, "t"); return err }},
		{"ClaimReminder", func() error {
			if ok, err := db.ClaimReminder(ctx, g.ID, 2, 0); !ok || err != nil {
				return fmt.Errorf("claimed %v, %v", ok, err)
			}
			return nil
		}},
		{"SetGuildSettings", func() error {
			_, err := db.SetGuildSettings(ctx, "g", SettingsChange{DeadlineDays: &three})
			return err
		}},
		{"SetRemindersOff", func() error { return db.SetRemindersOff(ctx, "u1", true) }},
	}
	for _, w := range writes {
		t.Run(w.name, func(t *testing.T) {
			release := holdTurn(t, db)
			conn, err := db.SQL().Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			defer conn.ExecContext(context.Background(), "ROLLBACK") // if the test stops before it does
			if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
				t.Fatal(err)
			}
			out := queued(t, db, func() (int64, error) { return 0, w.do() })
			if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
				t.Fatal(err)
			}
			release()
			if r := <-out; r.err != nil {
				t.Errorf("%s: %v", w.name, r.err)
			}
		})
	}
}

// A write that panics in a group is undone alone, and its own caller
// panics with it; the others of its group are committed, and the writer
// goes on.
func TestGroupCommitWritePanics(t *testing.T) {
	ctx := t.Context()
	db, commits, _ := openHooked(t, OpenOptions{})
	g := kimbos(t, db, 2)
	g1, g2 := g[0], g[1]
	release := holdTurn(t, db)
	first := queuedApply(t, db, ctx, move(g1, 1, "first"))
	panicked := queued(t, db, func() (_ int64, err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panicked: %v", p)
			}
		}()
		return 0, db.w.do(ctx, func(ctx context.Context, tx sqlTx) error {
			if _, err := tx.ExecContext(ctx, "UPDATE games SET position = 'half-way' WHERE id = ?", g2.ID); err != nil {
				return err
			}
			panic("boom")
		})
	})
	last := queuedApply(t, db, ctx, move(g2, 1, "last"))
	commits.n.Store(0)
	release()
	if r := <-panicked; r.err == nil || !strings.Contains(r.err.Error(), "panicked: storage: a write panicked: boom") {
		t.Errorf("the write that panicked: %v, want its caller to panic with it", r.err)
	}
	for name, out := range map[string]<-chan result{"first": first, "last": last} {
		if r := <-out; r.err != nil || r.version != 2 {
			t.Errorf("%s: %d, %v; want it stored at version 2", name, r.version, r.err)
		}
	}
	if n := commits.n.Load(); n != 1 {
		t.Errorf("%d commits, want the group's one", n)
	}
	if got := load(t, db, g2.ID); got.Position != "last" {
		t.Errorf("game 2's position %q, want last (the panicking write undone)", got.Position)
	}
	if _, err := db.Apply(ctx, move(g1, 2, "after")); err != nil {
		t.Errorf("after the panic: %v", err)
	}
}

// The leader of a group gives up while its group is being written: the
// group is no one caller's to cancel, so every write in it, the leader's
// own included, is committed and told so.
func TestGroupCommitLeaderGivesUpMidGroup(t *testing.T) {
	ctx := t.Context()
	db, commits, _ := openHooked(t, OpenOptions{})
	g := kimbos(t, db, 3)
	g1, g2, g3 := g[0], g[1], g[2]
	entered, goOn := make(chan struct{}), make(chan struct{})
	letGo := sync.OnceFunc(func() { close(goOn) })
	t.Cleanup(letGo)

	release := holdTurn(t, db)
	leaderCtx, cancelLeader := context.WithCancel(ctx)
	leader := queuedApply(t, db, leaderCtx, move(g1, 1, "leader"))
	slow := queued(t, db, func() (int64, error) {
		return 0, db.w.do(ctx, func(ctx context.Context, tx sqlTx) error {
			close(entered)
			<-goOn
			_, err := tx.ExecContext(ctx, "UPDATE games SET position = 'slow' WHERE id = ?", g2.ID)
			return err
		})
	})
	last := queuedApply(t, db, ctx, move(g3, 1, "last"))
	commits.n.Store(0)
	release()
	<-entered // the leader's write is done, the group's transaction open
	cancelLeader()
	letGo()
	for name, out := range map[string]<-chan result{"the leader": leader, "the slow write": slow, "the last": last} {
		if r := <-out; r.err != nil {
			t.Errorf("%s: %v, want it stored", name, r.err)
		}
	}
	if n := commits.n.Load(); n != 1 {
		t.Errorf("%d commits, want the group's one", n)
	}
	if v, p := load(t, db, g1.ID).Version, load(t, db, g2.ID).Position; v != 2 || p != "slow" {
		t.Errorf("the leader's game at version %d, the slow write's position %q; want 2 and slow", v, p)
	}
}
