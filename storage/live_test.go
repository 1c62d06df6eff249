package storage

import (
	"errors"
	"fmt"
	"sync"
	"testing"
)

// A game's live board: the first board replaces nothing; each newer one
// returns the one it replaced; a board older than the live one returns
// itself and changes nothing; the same message at a later version (a
// click updated it) replaces nothing; the game's version is untouched.
func TestSwapLive(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		ctx := t.Context()
		db := openTest(t)
		g := newGame(t, db, "kingsmen", "c1", "u1", "u2")
		swap := func(m Live, want Live) {
			t.Helper()
			got, err := db.SwapLive(ctx, g.ID, m)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("SwapLive(%+v) = %+v, want %+v", m, got, want)
			}
		}
		first := Live{"c1", "m1", 1, false}
		second := Live{"c1", "m2", 3, false}
		swap(first, Live{})
		swap(second, first)
		swap(Live{"c1", "m0", 2, false}, Live{"c1", "m0", 2, false})
		swap(Live{"c1", "m2", 4, false}, Live{})
		swap(Live{"c1", "m2", 4, false}, Live{})
		swap(Live{"t9", "m3", 4, false}, Live{"c1", "m2", 4, false})
		after, err := db.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if after.Version != g.Version {
			t.Errorf("the game's version went from %d to %d", g.Version, after.Version)
		}
		if _, err := db.SwapLive(ctx, g.ID+100, first); !errors.Is(err, ErrNotFound) {
			t.Errorf("SwapLive of no game: %v, want ErrNotFound", err)
		}
	})
}

// Boards posted at once: every message but one is returned exactly once,
// so each loses its buttons, and the one left live is of the latest
// version.
func TestSwapLiveAtOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		ctx := t.Context()
		db := openTest(t)
		g := newGame(t, db, "kimbo", "c1", "u1", "u2")
		const n = 12
		var mu sync.Mutex
		stale := map[string]int{}
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				got, err := db.SwapLive(ctx, g.ID, Live{"c1", fmt.Sprint("m", i), int64(i % 4), false})
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				if got.MessageID != "" {
					stale[got.MessageID]++
				}
			})
		}
		wg.Wait()
		if len(stale) != n-1 {
			t.Errorf("%d messages lost their buttons, want %d: %v", len(stale), n-1, stale)
		}
		for m, k := range stale {
			if k != 1 {
				t.Errorf("%s returned %d times", m, k)
			}
		}
		live, err := db.SwapLive(ctx, g.ID, Live{"c1", "last", 99, false})
		if err != nil {
			t.Fatal(err)
		}
		if _, was := stale[live.MessageID]; was || live.Version != 3 {
			t.Errorf("the live board was %+v, one already stale or not of the latest version 3", live)
		}
	})
}
