package storage

import (
	"testing"
	"time"
)

// A computer's turn is claimed once: of twelve workers claiming it at
// once one wins; nobody else wins it while the claim holds, anyone does
// once it has lapsed (its holder died), and the next turn (another
// version) is free at once. A paused or finished game's turn is not
// claimed.
func TestClaimThink(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		ctx := t.Context()
		db := openTest(t)
		clock := &hand{now: t0}
		db.Now = clock.Now
		g := newGame(t, db, "kimbo", "c1", "u1", "u2")
		v, err := db.Apply(ctx, Change{GameID: g.ID, Version: g.Version, Position: "p", Status: StatusActive, DrawOffer: NoDrawOffer})
		if err != nil {
			t.Fatal(err)
		}
		if n := claimsAtOnce(t, 12, func() (bool, error) { return db.ClaimThink(ctx, g.ID, v, 10*time.Second) }); n != 1 {
			t.Fatalf("%d claims of one turn won, want 1", n)
		}
		claim := func(version int64, want bool, when string) {
			t.Helper()
			ok, err := db.ClaimThink(ctx, g.ID, version, 10*time.Second)
			if err != nil || ok != want {
				t.Fatalf("%s: claimed %v (%v), want %v", when, ok, err, want)
			}
		}
		clock.advance(9 * time.Second)
		claim(v, false, "while the claim holds")
		clock.advance(2 * time.Second)
		claim(v, true, "once the claim has lapsed")
		claim(v-1, false, "an older turn")
		v2, err := db.Apply(ctx, Change{GameID: g.ID, Version: v, Position: "p2", Status: StatusActive, DrawOffer: NoDrawOffer})
		if err != nil {
			t.Fatal(err)
		}
		claim(v, false, "a turn played already")
		claim(v2, true, "the next turn")
		if err := db.ReleaseThink(ctx, g.ID, v2); err != nil {
			t.Fatal(err)
		}
		claim(v2, true, "a turn released, at once")
		if err := db.ReleaseThink(ctx, g.ID, v); err != nil {
			t.Fatal(err)
		}
		claim(v2, false, "a turn whose older turn was released")
		v3, err := db.Apply(ctx, Change{GameID: g.ID, Version: v2, Position: "p3", Status: StatusOver, DrawOffer: NoDrawOffer})
		if err != nil {
			t.Fatal(err)
		}
		claim(v3, false, "a game over")
	})
}
