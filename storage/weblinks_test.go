package storage

import (
	"sync"
	"testing"
)

// A member's links to a game start at generation 0; each revocation bumps
// it by one, also when many come at once (each is its own bump), and
// touches nobody else's links nor the member's links to another game.
func TestRevokeWebBumpsOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		if g, err := db.WebGeneration(ctx, "alice", 7); err != nil || g != 0 {
			t.Fatalf("generation before any revocation: got %d, %v; want 0", g, err)
		}
		g, err := db.RevokeWeb(ctx, "alice", 7)
		if err != nil || g != 1 {
			t.Fatalf("first revocation: got %d, %v; want 1", g, err)
		}
		const n = 12
		var wg sync.WaitGroup
		gens := make(chan int64, n)
		for range n {
			wg.Go(func() {
				g, err := db.RevokeWeb(ctx, "alice", 7)
				if err != nil {
					t.Error(err)
				}
				gens <- g
			})
		}
		wg.Wait()
		close(gens)
		seen := map[int64]bool{}
		for g := range gens {
			if seen[g] {
				t.Errorf("two revocations at once both got generation %d", g)
			}
			seen[g] = true
		}
		if g, err := db.WebGeneration(ctx, "alice", 7); err != nil || g != n+1 {
			t.Errorf("after %d revocations: got %d, %v; want %d", n+1, g, err, n+1)
		}
		for _, other := range []struct {
			user string
			game int64
		}{{"bob", 7}, {"alice", 8}} {
			if g, err := db.WebGeneration(ctx, other.user, other.game); err != nil || g != 0 {
				t.Errorf("%s's links to game %d: got generation %d, %v; want 0", other.user, other.game, g, err)
			}
		}
		if _, err := db.RevokeWeb(ctx, "", 7); err == nil {
			t.Error("revoking nobody's links: no error")
		}
	})
}

// The links' key is made once: the first call stores what fresh makes,
// and every later call, also of callers racing the first, reads that one.
func TestWebSecretIsMadeOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		var mu sync.Mutex
		made := 0
		fresh := func() (string, error) {
			mu.Lock()
			defer mu.Unlock()
			made++
			return string(rune('a' + made)), nil
		}
		var wg sync.WaitGroup
		got := make(chan string, 8)
		for range 8 {
			wg.Go(func() {
				s, err := db.WebSecret(ctx, fresh)
				if err != nil {
					t.Error(err)
				}
				got <- s
			})
		}
		wg.Wait()
		close(got)
		first := ""
		for s := range got {
			if first == "" {
				first = s
			}
			if s != first || s == "" {
				t.Errorf("callers got different keys: %q and %q", first, s)
			}
		}
		if s, err := db.WebSecret(ctx, fresh); err != nil || s != first {
			t.Errorf("later: got %q, %v; want %q", s, err, first)
		}
	})
}

// Versions reads the versions of the games asked for, across batches, and
// leaves out the ids of no game.
func TestVersions(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		want := map[int64]int64{}
		var ids []int64
		for i := range versionsBatch + 3 {
			id := gameIn(t, db, "g1", "c1", i%3)
			want[id] = 1 + int64(i%3)
			ids = append(ids, id)
		}
		ids = append(ids, 999999)
		got, err := db.Versions(ctx, ids)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("got %d versions, want %d", len(got), len(want))
		}
		for id, v := range want {
			if got[id] != v {
				t.Errorf("game %d: got version %d, want %d", id, got[id], v)
			}
		}
	})
}
