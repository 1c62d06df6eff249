package bot

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"parlor/storage"
)

// recorder is a Metrics that keeps what it was told.
type recorder struct {
	mu           sync.Mutex
	interactions []string // "kind/outcome"
	storeErrors  []string
	retries      int
	pictures     int
	failed       int
	computer     []string
	waiting      []int
	queued       []int // how many waited behind each turn taken
}

func (r *recorder) Interaction(kind, outcome string, _ time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.interactions = append(r.interactions, kind+"/"+outcome)
}

func (r *recorder) StoreError(class string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.storeErrors = append(r.storeErrors, class)
}

func (r *recorder) Retry() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.retries++
}

func (r *recorder) Picture(_ time.Duration, failed bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pictures++
	if failed {
		r.failed++
	}
}

func (r *recorder) ComputerMove(game string, _ time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.computer = append(r.computer, game)
}

func (r *recorder) ComputerWaiting(n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.waiting = append(r.waiting, n)
}

func (r *recorder) ComputerQueue(behind int, _ time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.queued = append(r.queued, behind)
}

// TestMetricsOfAGame: the table tells its Metrics of every interaction
// with its kind and outcome, of the pictures it draws, and of a database
// error by its class (here the disk refusing a write: "unwritable").
func TestMetricsOfAGame(t *testing.T) {
	e, d := newKimboEnv(t)
	rec := &recorder{}
	e.table = NewTable(Config{Store: e.db, Painter: e.painter, Kits: []Kit{KimboKit()}, Roll: d.roll, Now: func() time.Time { return testNow },
		Pace: unpaced, Metrics: rec})
	id := gameOf(t, e.do(e.kcmd(alice, "new", "player2", bob.ID)).Public)
	e.do(e.click(bob, customID(id, 0, "accept")))
	e.do(e.click(carol, customID(id, 0, "accept"))) // not carol's game: refused
	if want := []string{"command/ok", "component/ok", "component/refused"}; !slices.Equal(rec.interactions, want) {
		t.Fatalf("interactions: got %v, want %v", rec.interactions, want)
	}
	if rec.pictures == 0 || rec.failed != 0 {
		t.Fatalf("pictures: got %d drawn, %d failed; want some drawn, none failed", rec.pictures, rec.failed)
	}

	sqldb := e.db.SQL()
	sqldb.SetMaxOpenConns(1)
	if _, err := sqldb.ExecContext(e.ctx, "PRAGMA max_page_count = 1"); err != nil {
		t.Fatal(err)
	}
	for i := 0; len(rec.storeErrors) == 0; i++ {
		if i == 2000 {
			t.Fatalf("2,000 decisions and the full database took them all")
		}
		legal := e.legalOf(id)
		e.do(e.kcmd(e.mover(id), "move", "move", legal[i%len(legal)], "game", fmt.Sprint(id)))
	}
	if want := []string{"unwritable"}; !slices.Equal(rec.storeErrors, want) {
		t.Errorf("database errors: got %v, want %v", rec.storeErrors, want)
	}
	if got := rec.interactions[len(rec.interactions)-1]; got != "command/unwritable" {
		t.Errorf("the refused move's outcome: got %s, want command/unwritable", got)
	}
}

// TestMetricsOfTheComputer: a sweep tells how many games it found with a
// computer to move, and each move a computer chose, by game.
func TestMetricsOfTheComputer(t *testing.T) {
	e := newEnvWith(t, func(int) int { return 1 }, withComputer(KingsmenKit(), nil))
	rec := &recorder{}
	e.table = NewTable(Config{Store: e.db, Painter: e.painter, Kits: []Kit{withComputer(KingsmenKit(), nil)}, Roll: func(int) int { return 1 },
		Now: func() time.Time { return testNow }, Pace: unpaced, Metrics: rec})
	e.do(e.vsComputer(alice)) // the computer moves first
	e.sweep(e.table)          // and moves
	e.sweep(e.table)          // alice to move
	if want := []int{1, 0}; !slices.Equal(rec.waiting, want) {
		t.Errorf("games with a computer to move, by sweep: got %v, want %v", rec.waiting, want)
	}
	if want := []string{"kingsmen"}; !slices.Equal(rec.computer, want) {
		t.Errorf("computer moves: got %v, want %v", rec.computer, want)
	}
}

// conflictOnce is a store whose next Apply loses a race: another change
// of the game was stored first.
type conflictOnce struct {
	Store
	conflicts int
}

func (s *conflictOnce) Apply(ctx context.Context, c storage.Change) (int64, error) {
	if s.conflicts > 0 {
		s.conflicts--
		return 0, fmt.Errorf("apply: %w", storage.ErrConflict)
	}
	return s.Store.Apply(ctx, c)
}

// TestMetricsOfARetry: a move that lost a race and was made on the second
// try is one retry, and its interaction ends ok.
func TestMetricsOfARetry(t *testing.T) {
	e, d := newKimboEnv(t)
	rec := &recorder{}
	store := &conflictOnce{Store: e.db}
	e.table = NewTable(Config{Store: store, Painter: e.painter, Kits: []Kit{KimboKit()}, Roll: d.roll, Now: func() time.Time { return testNow },
		Pace: unpaced, Metrics: rec})
	id := gameOf(t, e.do(e.kcmd(alice, "new", "player2", bob.ID)).Public)
	e.do(e.click(bob, customID(id, 0, "accept")))
	store.conflicts = 1
	legal := e.legalOf(id)
	if resp := e.do(e.kcmd(e.mover(id), "move", "move", legal[0], "game", fmt.Sprint(id))); resp.Public == nil {
		t.Fatalf("the move tried again was not made:\n%s", showResp(resp))
	}
	if got := rec.interactions[len(rec.interactions)-1]; rec.retries != 1 || got != "command/ok" {
		t.Errorf("got %d retries and outcome %s, want 1 and command/ok", rec.retries, got)
	}
}
