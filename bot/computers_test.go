package bot

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"parlor/rules"
	"parlor/storage"
	"parlor/storage/storagetest"
)

// A decision's budget: the whole think with nobody waiting, shrinking as
// think × workers / (workers + waiting) as the queue grows, never below
// think / minThinkShare.
func TestThinkBudget(t *testing.T) {
	const think = 200 * time.Millisecond
	for _, c := range []struct {
		waiting, workers int
		want             time.Duration
	}{
		{0, 2, think},
		{0, 1, think},
		{1, 1, think / 2},
		{2, 2, think / 2},
		{6, 2, think / 4},
		{14, 2, think / minThinkShare},
		{28, 2, think / minThinkShare}, // floored: 200 ms × 2/30 is less
		{-3, 0, think},                 // nonsense counts read as none
	} {
		if got := thinkBudget(think, c.waiting, c.workers); got != c.want {
			t.Errorf("%d waiting on %d workers: budget %v, want %v", c.waiting, c.workers, got, c.want)
		}
	}
	// The drain this rule promises: 30 turns at once on 2 workers think
	// about think × (1 + ln 16) in all per worker, well under 15 × think.
	var total time.Duration
	for behind := 29; behind >= 0; behind-- {
		total += thinkBudget(think, behind, 2)
	}
	if per := total / 2; per > 4*think {
		t.Errorf("30 turns on 2 workers think %v each, want at most %v", per, 4*think)
	}
}

// spyThinker is firstMover that records, for each turn it decides (by its
// seed, which names a game's version), how many times it was decided and
// with what budget, by which table, and can hold decisions until a gate
// opens.
type spyThinker struct {
	rules.Game
	who  string
	spy  *spy
	gate <-chan struct{}
	nap  time.Duration
}

type spy struct {
	mu      sync.Mutex
	turns   map[uint64]int  // decisions of each turn
	by      map[string]int  // decisions by each table
	budgets []time.Duration // in the order decided
}

func newSpy() *spy { return &spy{turns: map[uint64]int{}, by: map[string]int{}} }

func (s spyThinker) Think(ctx context.Context, st rules.State, level rules.Level, think time.Duration, seed uint64) (rules.Move, error) {
	if s.gate != nil {
		select {
		case <-s.gate:
		case <-ctx.Done(): // stopping: the best found so far
		}
	}
	time.Sleep(s.nap)
	s.spy.mu.Lock()
	s.spy.turns[seed]++
	s.spy.by[s.who]++
	s.spy.budgets = append(s.spy.budgets, think)
	s.spy.mu.Unlock()
	legal := st.Legal()
	if len(legal) == 0 {
		return rules.Move{}, errors.New("no legal move")
	}
	return legal[0], nil
}

// spied is kit whose computer players are sp's spies, of the table who.
func spied(kit Kit, sp spyThinker) Kit {
	sp.Game = kit.Game
	kit.Game = sp
	return kit
}

// workers runs PlayComputers on e's table with n workers until the test
// ends, recording every notice posted.
func (e *tableEnv) workers(n int) *notices {
	ns := &notices{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		e.table.PlayComputers(ctx, n, func(posted []Notice) {
			ns.mu.Lock()
			ns.all = append(ns.all, posted...)
			ns.mu.Unlock()
			for _, n := range posted {
				e.posted(n.Message)
			}
		})
	}()
	e.t.Cleanup(func() { cancel(); <-done })
	return ns
}

type notices struct {
	mu  sync.Mutex
	all []Notice
}

func (n *notices) count() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return len(n.all)
}

// awaitComputers waits until the computer has moved in every game of ids
// since versions (a guard against a hang, not a measure of speed).
func (e *tableEnv) awaitComputers(ids []int64, versions map[int64]int64) {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for _, id := range ids {
		for e.game(id).Version == versions[id] {
			if time.Now().After(deadline) {
				e.t.Fatalf("the computer did not move in game %d within 30 s", id)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
}

// Twelve games against the computer whose turns come at once, on two
// workers: each is played once, as the door posts its board, the queue's
// budget shrinks while turns wait behind (the first decisions) and is
// whole again when none do (the last), and the operator's metrics hear
// how many waited.
func TestComputersQueue(t *testing.T) {
	gate := make(chan struct{})
	sp := newSpy()
	rec := &recorder{}
	e := newEnvWith(t, func(int) int { return 1 }, spied(KingsmenKit(), spyThinker{who: "one", spy: sp, gate: gate}))
	e.table.metrics = rec
	posted := e.workers(2)
	var ids []int64
	versions := map[int64]int64{}
	for range 12 {
		resp := e.do(e.vsComputer(alice))
		id := gameOf(t, resp.Public)
		if resp.Computer != id || !resp.Wake {
			t.Fatalf("a new game where the computer moves first says Computer %d, Wake %v; want %d", resp.Computer, resp.Wake, id)
		}
		ids, versions[id] = append(ids, id), e.game(id).Version
		if !e.table.ComputerToMove(id) {
			t.Fatal("ComputerToMove says no workers run")
		}
	}
	// A sweep meanwhile queues them again: nothing is played twice.
	if ns := e.sweep(e.table); len(ns) != 0 {
		t.Fatalf("a sweep with workers running posted %d notices itself", len(ns))
	}
	close(gate)
	e.awaitComputers(ids, versions)
	for id, v := range versions {
		if g := e.game(id); g.Version != v+1 || len(e.log(id)) != 1 {
			t.Errorf("game %d: version %d after the computer's move (from %d), log %d", id, g.Version, v, len(e.log(id)))
		}
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	for seed, n := range sp.turns {
		if n != 1 {
			t.Errorf("turn %x decided %d times", seed, n)
		}
	}
	if len(sp.turns) != 12 {
		t.Errorf("%d turns decided, want 12", len(sp.turns))
	}
	think := e.table.think
	// The decisions held at the gate took their turns with nobody
	// behind; the others in the order they finished, the last taken (with
	// nobody behind) among the last two.
	if later := sp.budgets[2:]; slices.Min(later) >= think/4 || !slices.Contains(later[len(later)-2:], think) {
		t.Errorf("budgets %v: want those with many waiting under %v and the last taken whole", sp.budgets, think/4)
	}
	// The boards are handed to the door once stored.
	for deadline := time.Now().Add(30 * time.Second); posted.count() < 12 && time.Now().Before(deadline); {
		time.Sleep(2 * time.Millisecond)
	}
	posted.mu.Lock()
	if len(posted.all) != 12 {
		t.Errorf("%d notices posted, want 12", len(posted.all))
	}
	for _, n := range posted.all {
		if n.Message == nil || n.Message.Live == nil || n.GameID == 0 {
			t.Errorf("a notice that is not a game's board: %+v", n)
		}
	}
	posted.mu.Unlock()
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.queued) < 12 || rec.queued[2] < 8 {
		t.Errorf("the metrics heard of turns waiting behind %v, want 12 turns or more, the third with 8 or more behind", rec.queued)
	}
}

// Two replicas on one database, each with two workers, each told of the
// computer's turns of the moves it took, and for a third of the games both
// told (as both their sweeps would be): over six rounds of twelve games
// each turn is decided once, and both replicas decide some.
func TestComputersOnTwoReplicas(t *testing.T) {
	for _, engine := range []string{"sqlite", "postgres"} {
		t.Run(engine, func(t *testing.T) {
			src := filepath.Join(t.TempDir(), "parlor.db")
			if engine == "postgres" {
				src = storagetest.Postgres(t)
			}
			sp := newSpy()
			one := newEnvOn(t, src, func(int) int { return 1 }, spied(KingsmenKit(), spyThinker{who: "one", spy: sp, nap: time.Millisecond}))
			two := newEnvOn(t, src, func(int) int { return 1 }, spied(KingsmenKit(), spyThinker{who: "two", spy: sp, nap: time.Millisecond}))
			two.seq = one.seq
			one.workers(2)
			two.workers(2)
			for _, e := range []*tableEnv{one, two} {
				for !e.table.ComputerToMove(0) { // no game: only asks whether the workers run
					time.Sleep(time.Millisecond)
				}
			}
			var ids []int64
			versions := map[int64]int64{}
			for range 12 {
				id := gameOf(t, one.do(one.vsComputer(alice)).Public)
				ids, versions[id] = append(ids, id), one.game(id).Version
			}
			for round := range 6 {
				for _, id := range ids {
					if round > 0 {
						// Alice moves (a turn of hers may take more than
						// one move) until the computer is to move.
						for p := one.position(id); !p.Outcome().Over() && one.game(id).Seats[p.ToMove()].Computer == ""; p = one.position(id) {
							one.play(id, p.Legal()[0].Text)
						}
						versions[id] = one.game(id).Version
					}
					// The replica that took the move hears of it (each in
					// turn); for a third of the games the other hears too,
					// as its sweep would, and they race for the turn.
					first, second := one, two
					if id%2 == 0 {
						first, second = two, one
					}
					first.table.ComputerToMove(id)
					if id%3 == 0 {
						second.table.ComputerToMove(id)
					}
				}
				one.awaitComputers(ids, versions)
			}
			sp.mu.Lock()
			defer sp.mu.Unlock()
			for seed, n := range sp.turns {
				if n != 1 {
					t.Errorf("turn %x decided %d times", seed, n)
				}
			}
			moves := 0 // the computer's, as stored
			for _, id := range ids {
				g := one.game(id)
				for _, e := range one.log(id) {
					if g.Seats[e.Seat].Computer != "" && e.Kind == storage.EntryMove {
						moves++
					}
				}
			}
			if len(sp.turns) != moves || moves < 72 || sp.by["one"] == 0 || sp.by["two"] == 0 {
				t.Errorf("%d turns decided, %d moves stored (want as many, at least 72), by replica %v: want both", len(sp.turns), moves, sp.by)
			}
		})
	}
}

// A replica stopping while its worker thinks gives the turn up: the
// other replica plays it at once, not once the claim has lapsed (here,
// the clock standing still, never).
func TestComputerStoppedMidThink(t *testing.T) {
	src := filepath.Join(t.TempDir(), "parlor.db")
	sp := newSpy()
	stuck := make(chan struct{})
	one := newEnvOn(t, src, func(int) int { return 1 }, spied(KingsmenKit(), spyThinker{who: "one", spy: sp, gate: stuck}))
	two := newEnvOn(t, src, func(int) int { return 1 }, spied(KingsmenKit(), spyThinker{who: "two", spy: sp}))
	two.seq = one.seq
	ctx, stop := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		one.table.PlayComputers(ctx, 1, func([]Notice) { t.Error("a stopped worker posted a board") })
	}()
	id := gameOf(t, one.do(one.vsComputer(alice)).Public)
	before := one.game(id).Version
	for !one.table.ComputerToMove(id) {
		time.Sleep(time.Millisecond) // the workers are starting
	}
	// The worker claims the turn and thinks until it is stopped.
	for {
		var g struct{ version, until int64 }
		if err := one.db.SQL().QueryRowContext(t.Context(), "SELECT think_version, think_until FROM games WHERE id = ?", id).Scan(&g.version, &g.until); err != nil {
			t.Fatal(err)
		}
		if g.version == before && g.until > 0 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	stop()
	<-stopped
	if v := one.game(id).Version; v != before {
		t.Fatalf("the stopped worker stored a move (version %d, was %d)", v, before)
	}
	two.workers(1)
	for !two.table.ComputerToMove(id) {
		time.Sleep(time.Millisecond)
	}
	two.awaitComputers([]int64{id}, map[int64]int64{id: before})
	if sp.by["two"] != 1 {
		t.Errorf("decisions by replica %v: want the second to decide the turn", sp.by)
	}
}
