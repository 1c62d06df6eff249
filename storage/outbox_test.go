package storage

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// hand is a clock the test moves.
type hand struct {
	mu  sync.Mutex
	now time.Time
}

func (h *hand) Now() time.Time {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.now
}

func (h *hand) advance(d time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.now = h.now.Add(d)
}

// owedIDs are the ids of the games Due returns that owe a board.
func owedIDs(t *testing.T, db *DB, now time.Time) []int64 {
	t.Helper()
	due, err := db.Due(t.Context(), now)
	if err != nil {
		t.Fatal(err)
	}
	var out []int64
	for _, g := range due {
		if g.Owed.Version > 0 {
			out = append(out, g.ID)
		}
	}
	return out
}

// A change that owes a board records the debt with it: the game's Owed
// is its version and lead. The holder has Hold to post it; until then no
// sweep sees it, and after, Due lists it (the longest owed first) and one
// claim wins. Posting a board recorded as owed pays its debt and any
// older, not a newer one; a change that owes nothing leaves the debt
// alone; a newer debt replaces an older one.
func TestBoardOwed(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		ctx := t.Context()
		db := openTest(t)
		clock := &hand{now: t0}
		db.Now = clock.Now
		g1 := newGame(t, db, "kingsmen", "c1", "u1", "u2")
		g2 := newGame(t, db, "kingsmen", "c2", "u3", "u4")
		apply := func(g *Game, board *Board) int64 {
			t.Helper()
			v, err := db.Apply(ctx, Change{GameID: g.ID, Version: g.Version, Position: g.Position + "+", Status: StatusActive,
				DrawOffer: NoDrawOffer, Entries: []Entry{{Seat: 0, Kind: EntryMove, Text: "m"}}, Board: board})
			if err != nil {
				t.Fatal(err)
			}
			g.Version, g.Position = v, g.Position+"+"
			return v
		}
		v1 := apply(g1, &Board{Lead: "Ann moved.", Hold: 10 * time.Second})
		clock.advance(time.Second)
		apply(g2, &Board{Lead: "Bob moved."})
		if got := load(t, db, g1.ID).Owed; got != (Owed{Version: v1, Lead: "Ann moved."}) {
			t.Fatalf("owed %+v, want version %d and its lead", got, v1)
		}
		if got := owedIDs(t, db, clock.Now()); len(got) != 0 {
			t.Fatalf("boards owed are due at once: %v", got)
		}
		if won, err := db.ClaimBoard(ctx, g1.ID, v1, time.Minute); err != nil || won {
			t.Fatalf("a sweep claimed a board its holder still holds: %v, %v", won, err)
		}
		clock.advance(DefaultBoardHold)
		if got := owedIDs(t, db, clock.Now()); len(got) != 2 || got[0] != g1.ID || got[1] != g2.ID {
			t.Fatalf("due with a board owed: %v, want [%d %d], the longest owed first", got, g1.ID, g2.ID)
		}
		if won, err := db.ClaimBoard(ctx, g1.ID, v1, time.Minute); err != nil || !won {
			t.Fatalf("the first claim of an owed board: %v, %v", won, err)
		}
		if won, err := db.ClaimBoard(ctx, g1.ID, v1, time.Minute); err != nil || won {
			t.Fatalf("a second claim won: %v, %v", won, err)
		}
		if got := owedIDs(t, db, clock.Now()); len(got) != 1 || got[0] != g2.ID {
			t.Fatalf("due while one is claimed: %v, want [%d]", got, g2.ID)
		}
		// The claimer died: after its hold, another sweep may claim.
		clock.advance(time.Minute)
		if won, err := db.ClaimBoard(ctx, g1.ID, v1, time.Minute); err != nil || !won {
			t.Fatalf("a claim after the last one lapsed: %v, %v", won, err)
		}
		// A change that owes nothing (a draw offer) leaves the debt.
		if _, err := db.Apply(ctx, Change{GameID: g1.ID, Version: g1.Version, Position: g1.Position, Status: StatusActive, DrawOffer: 1}); err != nil {
			t.Fatal(err)
		}
		g1.Version++
		if got := load(t, db, g1.ID).Owed.Version; got != v1 {
			t.Fatalf("owed version %d after a change owing nothing, want %d", got, v1)
		}
		// A newer debt replaces it; paying the older one leaves the newer.
		v3 := apply(g1, &Board{Lead: "Ann moved again."})
		if _, err := db.SwapLive(ctx, g1.ID, Live{"c1", "m1", v1, true}); err != nil {
			t.Fatal(err)
		}
		if got := load(t, db, g1.ID).Owed; got != (Owed{Version: v3, Lead: "Ann moved again."}) {
			t.Fatalf("owed %+v after the older board was posted, want version %d", got, v3)
		}
		if won, err := db.ClaimBoard(ctx, g1.ID, v1, 0); err != nil || won {
			t.Fatalf("a claim of a board replaced by a newer one: %v, %v", won, err)
		}
		// A board that is not owed (someone's /board) pays nothing.
		if _, err := db.SwapLive(ctx, g1.ID, Live{"c1", "m2", v3, false}); err != nil {
			t.Fatal(err)
		}
		if got := load(t, db, g1.ID).Owed.Version; got != v3 {
			t.Fatalf("owed version %d after a board that was not owed, want %d", got, v3)
		}
		if _, err := db.SwapLive(ctx, g1.ID, Live{"c1", "m3", v3, true}); err != nil {
			t.Fatal(err)
		}
		if got := load(t, db, g1.ID).Owed; got != (Owed{}) {
			t.Fatalf("owed %+v after its board was posted, want none", got)
		}
		clock.advance(time.Hour)
		if got := owedIDs(t, db, clock.Now()); len(got) != 1 || got[0] != g2.ID {
			t.Fatalf("due: %v, want only [%d]", got, g2.ID)
		}
	})
}

// Sweeps claiming the same owed board at once: exactly one wins.
func TestClaimBoardAtOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		ctx := t.Context()
		db := openTest(t)
		clock := &hand{now: t0}
		db.Now = clock.Now
		g := newGame(t, db, "kimbo", "c1", "u1", "u2")
		v, err := db.Apply(ctx, Change{GameID: g.ID, Version: g.Version, Position: "p", Status: StatusActive, DrawOffer: NoDrawOffer,
			Board: &Board{Lead: "x", Hold: time.Second}})
		if err != nil {
			t.Fatal(err)
		}
		clock.advance(2 * time.Second)
		if n := claimsAtOnce(t, 12, func() (bool, error) { return db.ClaimBoard(ctx, g.ID, v, time.Minute) }); n != 1 {
			t.Fatalf("%d claims won, want 1", n)
		}
	})
}

// A board posted in the channel before the game's thread was recorded,
// and the same board posted again in the thread: whichever comes last,
// the one in the thread stays live and the other loses its buttons.
// SetThread returns the live message as it was.
func TestLiveBoardPrefersTheThread(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		ctx := t.Context()
		for _, channelLast := range []bool{false, true} {
			db := openTest(t)
			g := newGame(t, db, "kingsmen", "c1", "u1", "u2")
			invitation := Live{"c1", "inv", 1, false}
			if _, err := db.SwapLive(ctx, g.ID, invitation); err != nil {
				t.Fatal(err)
			}
			was, err := db.SetThread(ctx, g.ID, "th")
			if err != nil {
				t.Fatal(err)
			}
			if was != (Live{"c1", "inv", 1, false}) {
				t.Fatalf("SetThread returned %+v, want the invitation", was)
			}
			inChannel, inThread := Live{"c1", "b1", 2, true}, Live{"th", "b2", 2, true}
			first, second := inChannel, inThread
			if channelLast {
				first, second = inThread, inChannel
			}
			if _, err := db.SwapLive(ctx, g.ID, first); err != nil {
				t.Fatal(err)
			}
			stale, err := db.SwapLive(ctx, g.ID, second)
			if err != nil {
				t.Fatal(err)
			}
			if stale.ChannelID != inChannel.ChannelID || stale.MessageID != inChannel.MessageID {
				t.Errorf("channel board posted last=%v: %+v stops being live, want the channel's %+v", channelLast, stale, inChannel)
			}
		}
	})
}

// claimsAtOnce makes n claims at once and says how many were won.
func claimsAtOnce(t *testing.T, n int, claim func() (bool, error)) int {
	var won atomic.Int32
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			ok, err := claim()
			if err != nil {
				t.Error(err)
			}
			if ok {
				won.Add(1)
			}
		})
	}
	wg.Wait()
	return int(won.Load())
}
