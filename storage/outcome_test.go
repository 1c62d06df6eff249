package storage

import (
	"errors"
	"sync"
	"testing"
)

// Votes to pause made at once from the same version: each is a change of
// the game, so exactly one is stored and the others are told the game
// changed (the table retries them), rather than all "succeeding" with only
// the last one kept.
func TestPauseVotesAreVersionGuarded(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		g := newGame(t, db, "kimbo", "c", "u1", "u2", "u3", "u4")
		var wg sync.WaitGroup
		results := make(chan error, 4)
		for seat := range 4 {
			wg.Go(func() {
				_, err := db.Apply(t.Context(), Change{GameID: g.ID, Version: 1, Position: g.Position, Status: StatusActive,
					DrawOffer: NoDrawOffer, Pause: &Pause{Offer: 1 << seat}})
				results <- err
			})
		}
		wg.Wait()
		close(results)
		won := 0
		for err := range results {
			switch {
			case err == nil:
				won++
			case !errors.Is(err, ErrConflict):
				t.Errorf("a losing vote failed with %v, want ErrConflict", err)
			}
		}
		if won != 1 {
			t.Fatalf("%d of 4 votes at one version were stored, want 1", won)
		}
		got := load(t, db, g.ID)
		if got.Version != 2 || got.PauseOffer <= 0 || got.PauseOffer&(got.PauseOffer-1) != 0 {
			t.Errorf("after the race: version %d, pause offer %b; want version 2 and one vote", got.Version, got.PauseOffer)
		}
	})
}

// BoardVersion moves with the position and status, not with changes that
// leave the board as it was.
func TestBoardVersion(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		g := newGame(t, db, "kingsmen", "c", "u1", "u2")
		if g.BoardVersion != 1 || load(t, db, g.ID).BoardVersion != 1 {
			t.Fatalf("a new game's board version: %d, stored %d; want 1", g.BoardVersion, load(t, db, g.ID).BoardVersion)
		}
		steps := []struct {
			what      string
			c         Change
			wantBoard int64
		}{
			{"a draw offer", Change{Position: g.Position, Status: StatusActive, DrawOffer: 0}, 1},
			{"a vote to pause", Change{Position: g.Position, Status: StatusActive, DrawOffer: 0, Pause: &Pause{Offer: 1}}, 1},
			{"a move", Change{Position: "after a move", Status: StatusActive, DrawOffer: NoDrawOffer, Entries: []Entry{{Seat: 0, Kind: EntryMove, Text: "m"}}}, 4},
			{"the game ending where it stands", Change{Position: "after a move", Status: StatusOver, DrawOffer: NoDrawOffer, Entries: []Entry{{Seat: 1, Kind: EntryResign, Text: "resign"}}}, 5},
		}
		v := int64(1)
		for _, s := range steps {
			s.c.GameID, s.c.Version = g.ID, v
			var err error
			if v, err = db.Apply(t.Context(), s.c); err != nil {
				t.Fatalf("%s: %v", s.what, err)
			}
			if got := load(t, db, g.ID); got.Version != v || got.BoardVersion != s.wantBoard {
				t.Errorf("after %s: version %d, board version %d; want %d and %d", s.what, got.Version, got.BoardVersion, v, s.wantBoard)
			}
		}
	})
}

// Two members changing different settings of a server at once: both
// changes are stored.
func TestSettingsChangesAtOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		for round := range 20 {
			guild := "g" + string(rune('a'+round))
			remind, deadline := 5, 3
			var wg sync.WaitGroup
			wg.Go(func() {
				if _, err := db.SetGuildSettings(t.Context(), guild, SettingsChange{RemindEvery: &remind}); err != nil {
					t.Error(err)
				}
			})
			wg.Go(func() {
				if _, err := db.SetGuildSettings(t.Context(), guild, SettingsChange{DeadlineDays: &deadline}); err != nil {
					t.Error(err)
				}
			})
			wg.Wait()
			if s, _ := db.GuildSettings(t.Context(), guild); s != (Settings{RemindEvery: 5, DeadlineDays: 3, InviteHours: DefaultSettings.InviteHours, AwayDays: DefaultSettings.AwayDays,
				MemberLobbies: 3, MemberGames: 25, ServerLobbies: 50, ServerGames: 1000}) {
				t.Fatalf("round %d: settings %+v, want both changes kept", round, s)
			}
		}
	})
}
