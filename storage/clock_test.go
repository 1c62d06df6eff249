package storage

import (
	"database/sql"
	"errors"
	"io/fs"
	"path/filepath"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"parlor/migrations"
)

// A database made by the first schema, with a game in play, a lobby and
// their logs, upgrades with everything intact: the games load with their
// seats and logs, the clock of the game in play starts from its last
// change, the lobby expires three days after it was made, and the log
// takes the new kind of entry.
func TestUpgradeFromFirstSchema(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	first, err := fs.ReadFile(migrations.SQLite, "0001_init.sql")
	if err != nil {
		t.Fatal(err)
	}
	if err := migrate(ctx, old, fstest.MapFS{"0001_init.sql": &fstest.MapFile{Data: first}}, func() time.Time { return t0 }, false); err != nil {
		t.Fatal(err)
	}
	const created, updated = 1_700_000_000_000, 1_700_000_500_000
	for _, stmt := range []string{
		`INSERT INTO games VALUES (1, 'kingsmen', 'g1', 'c1', 'u1', 'active', 'pos-1', 7, -1, 1700000000000, 1700000500000)`,
		`INSERT INTO games VALUES (2, 'kimbo', 'g1', 'c1', 'u1', 'open', 'pos-2', 1, -1, 1700000000000, 1700000000000)`,
		`INSERT INTO seats VALUES (1, 0, 'u1', 'Ann', 1), (1, 1, 'u2', 'Bo', 1), (2, 0, 'u1', 'Ann', 1), (2, 1, '', '', 0)`,
		`INSERT INTO moves (game_id, ply, seat, kind, text, at, interaction_id) VALUES
			(1, 1, 0, 'move', 'Nc1-c5', 1700000100000, 'i1'), (1, 2, 1, 'move', 'Ne8-e4', 1700000500000, NULL)`,
		`INSERT INTO interactions VALUES ('i1', 1, 1700000100000)`,
	} {
		if _, err := old.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	old.Close()

	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	g := load(t, db, 1)
	want := Clock{TurnSince: fromMillis(updated), RemindEvery: 24, PauseOffer: NoDrawOffer}
	if g.Clock != want || g.Position != "pos-1" || g.Version != 7 || len(g.Seats) != 2 || g.Seats[1].Name != "Bo" {
		t.Errorf("game in play after the upgrade: %+v", g)
	}
	if lobby := load(t, db, 2); !lobby.ExpiresAt.Equal(fromMillis(created+3*24*3600*1000)) || len(lobby.Seats) != 2 {
		t.Errorf("lobby after the upgrade: %+v", lobby)
	}
	log := logOf(t, db, 1)
	if len(log) != 2 || log[0].Text != "Nc1-c5" || log[0].InteractionID != "i1" || log[1].Text != "Ne8-e4" {
		t.Errorf("log after the upgrade: %+v", log)
	}
	if done, err := db.Handled(ctx, "i1"); err != nil || !done {
		t.Errorf("interaction i1 forgotten: %v %v", done, err)
	}
	if _, err := db.Apply(ctx, Change{GameID: 1, Version: 7, Position: "pos-2", Status: StatusActive, DrawOffer: NoDrawOffer,
		Entries: []Entry{{Seat: 0, Kind: EntrySkip, Text: "skip"}}, TurnStarted: true}); err != nil {
		t.Fatalf("a skip after the upgrade: %v", err)
	}
	if log := logOf(t, db, 1); len(log) != 3 || log[2].Kind != EntrySkip || log[2].Ply != 3 {
		t.Errorf("log after a skip: %+v", log)
	}
}

// Create starts the clock; an Apply with TurnStarted restarts it and the
// reminders, one without leaves them.
func TestTurnClock(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		g := &Game{Kind: "kimbo", ChannelID: "c", Creator: "u1", Status: StatusActive, Position: "p", DrawOffer: NoDrawOffer,
			Clock: Clock{RemindEvery: 12, DeadlineDays: 3}}
		if _, err := db.Create(t.Context(), g, ""); err != nil {
			t.Fatal(err)
		}
		got := load(t, db, g.ID)
		if !got.TurnSince.Equal(got.CreatedAt) || got.RemindEvery != 12 || got.DeadlineDays != 3 || got.PauseOffer != NoDrawOffer {
			t.Fatalf("created: %+v", got.Clock)
		}
		if ok, err := db.ClaimReminder(t.Context(), g.ID, 1, 0); !ok || err != nil {
			t.Fatalf("claim: %v %v", ok, err)
		}
		v, err := db.Apply(t.Context(), Change{GameID: g.ID, Version: 1, Position: "q", Status: StatusActive, DrawOffer: NoDrawOffer})
		if err != nil {
			t.Fatal(err)
		}
		if got := load(t, db, g.ID); got.RemindersSent != 1 || !got.TurnSince.Equal(got.CreatedAt) {
			t.Errorf("after a change of the same turn: %+v", got.Clock)
		}
		if _, err := db.Apply(t.Context(), Change{GameID: g.ID, Version: v, Position: "r", Status: StatusActive, DrawOffer: NoDrawOffer, TurnStarted: true}); err != nil {
			t.Fatal(err)
		}
		if got := load(t, db, g.ID); got.RemindersSent != 0 || !got.TurnSince.Equal(got.UpdatedAt) {
			t.Errorf("after a new turn: %+v (updated %v)", got.Clock, got.UpdatedAt)
		}
		if _, err := db.SetThread(t.Context(), g.ID, "th"); err != nil {
			t.Fatal(err)
		}
		if got := load(t, db, g.ID); got.ThreadID != "th" || got.Where() != "th" || got.Version != v+1 {
			t.Errorf("after SetThread: %+v version %d", got.Clock, got.Version)
		}
		if _, err := db.SetThread(t.Context(), g.ID, "th2"); !errors.Is(err, ErrConflict) {
			t.Errorf("a second thread: %v, want ErrConflict", err)
		}
		if _, err := db.SetThread(t.Context(), 999, "th3"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the thread of no game: %v, want ErrNotFound", err)
		}
		found, err := db.Find(t.Context(), Filter{ThreadID: "th"})
		if err != nil || len(found) != 1 || found[0].ID != g.ID {
			t.Errorf("find by thread: %v %v", found, err)
		}
	})
}

// Two sweeps claiming the same reminder at once: exactly one wins; a claim
// of a game that moved on, or is paused, fails.
func TestClaimReminderOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		g := newGame(t, db, "kimbo", "c", "u1", "u2")
		var wg sync.WaitGroup
		wins := make(chan bool, 8)
		for range 8 {
			wg.Go(func() {
				ok, err := db.ClaimReminder(t.Context(), g.ID, 1, 0)
				if err != nil {
					t.Error(err)
				}
				wins <- ok
			})
		}
		wg.Wait()
		close(wins)
		n := 0
		for ok := range wins {
			if ok {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("%d claims of one reminder won, want 1", n)
		}
		if ok, _ := db.ClaimReminder(t.Context(), g.ID, 2, 1); ok {
			t.Error("a claim at a version the game is not at won")
		}
		pause := Change{GameID: g.ID, Version: 1, Position: g.Position, Status: StatusActive, DrawOffer: NoDrawOffer, Pause: &Pause{Offer: NoDrawOffer, PausedAt: t0}}
		if _, err := db.Apply(t.Context(), pause); err != nil {
			t.Fatal(err)
		}
		if ok, _ := db.ClaimReminder(t.Context(), g.ID, 2, 1); ok {
			t.Error("a claim on a paused game won")
		}
		pause.Version = 5
		if _, err := db.Apply(t.Context(), pause); !errors.Is(err, ErrConflict) {
			t.Errorf("a pause at an old version: %v, want ErrConflict", err)
		}
	})
}

// Due finds the games with a reminder or deadline come, expired lobbies,
// and games over until their replay is claimed, and nothing else.
func TestDue(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		mk := func(status Status, c Clock) int64 {
			g := &Game{Kind: "kimbo", ChannelID: "c", Creator: "u1", Status: status, Position: "p", DrawOffer: NoDrawOffer, Clock: c}
			if _, err := db.Create(ctx, g, ""); err != nil {
				t.Fatal(err)
			}
			return g.ID
		}
		remind := mk(StatusActive, Clock{RemindEvery: 24})
		deadline := mk(StatusActive, Clock{DeadlineDays: 2})
		quiet := mk(StatusActive, Clock{})
		lobby := mk(StatusOpen, Clock{ExpiresAt: t0.Add(72 * time.Hour)})
		over := mk(StatusOver, Clock{RemindEvery: 1})
		_ = quiet
		ids := func(at time.Duration) []int64 {
			games, err := db.Due(ctx, t0.Add(at))
			if err != nil {
				t.Fatal(err)
			}
			var out []int64
			for _, g := range games {
				out = append(out, g.ID)
			}
			return out
		}
		check := func(at time.Duration, want ...int64) {
			t.Helper()
			if got := ids(at); !equalIDs(got, want) {
				t.Errorf("due at +%v: %v, want %v", at, got, want)
			}
		}
		// A game over is due until its replay is claimed, once.
		check(time.Minute, over)
		if ok, err := db.ClaimReplay(ctx, over); !ok || err != nil {
			t.Fatalf("claim the replay: %v %v", ok, err)
		}
		if ok, err := db.ClaimReplay(ctx, over); ok || err != nil {
			t.Fatalf("the replay claimed twice: %v %v", ok, err)
		}
		if ok, err := db.ClaimReplay(ctx, quiet); ok || err != nil {
			t.Fatalf("the replay of a game in play claimed: %v %v", ok, err)
		}
		check(23*time.Hour + 59*time.Minute)
		check(24*time.Hour+10*time.Second, remind)
		if ok, _ := db.ClaimReminder(ctx, remind, 1, 0); !ok {
			t.Fatal("claim")
		}
		check(25*time.Hour + 10*time.Second)
		check(48*time.Hour+10*time.Second, remind, deadline)
		check(72*time.Hour+10*time.Second, remind, deadline, lobby)
		if _, err := db.Apply(ctx, Change{GameID: deadline, Version: 1, Position: "p", Status: StatusActive, DrawOffer: NoDrawOffer, Pause: &Pause{Offer: NoDrawOffer, PausedAt: t0.Add(time.Hour)}}); err != nil {
			t.Fatal(err)
		}
		check(72*time.Hour+10*time.Second, remind, lobby)
	})
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSettings(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		if s, err := db.GuildSettings(ctx, "g"); err != nil || s != DefaultSettings {
			t.Fatalf("defaults: %+v %v", s, err)
		}
		six, two, day, zero := 6, 2, 24, 0
		if s, err := db.SetGuildSettings(ctx, "g", SettingsChange{RemindEvery: &six}); err != nil || s != (Settings{RemindEvery: 6, DeadlineDays: 0, InviteHours: 72, AwayDays: 14, MemberLobbies: 3, MemberGames: 25, ServerLobbies: 50, ServerGames: 1000}) {
			t.Fatalf("a first change of one setting: %+v %v, want the others at their defaults", s, err)
		}
		want := Settings{RemindEvery: 6, DeadlineDays: 2, InviteHours: 24, AwayDays: 14, MemberLobbies: 3, MemberGames: 25, ServerLobbies: 50, ServerGames: 1000}
		if s, err := db.SetGuildSettings(ctx, "g", SettingsChange{DeadlineDays: &two, InviteHours: &day}); err != nil || s != want {
			t.Fatalf("a change of two settings: %+v %v, want %+v", s, err, want)
		}
		if s, _ := db.GuildSettings(ctx, "g"); s != want {
			t.Errorf("settings %+v, want %+v", s, want)
		}
		if _, err := db.SetGuildSettings(ctx, "g", SettingsChange{InviteHours: &zero}); !errors.Is(err, ErrInvalid) {
			t.Errorf("invitations that never last: %v, want ErrInvalid", err)
		}
		// The limits: each changes alone, and none may be 0.
		four, thirty := 4, 30
		want.MemberLobbies, want.ServerGames = 4, 30
		if s, err := db.SetGuildSettings(ctx, "g", SettingsChange{MemberLobbies: &four, ServerGames: &thirty}); err != nil || s != want {
			t.Fatalf("a change of two limits: %+v %v, want %+v", s, err, want)
		}
		if s, _ := db.GuildSettings(ctx, "g"); s != want {
			t.Errorf("settings %+v, want %+v", s, want)
		}
		for _, ch := range []SettingsChange{{MemberLobbies: &zero}, {MemberGames: &zero}, {ServerLobbies: &zero}, {ServerGames: &zero}} {
			if _, err := db.SetGuildSettings(ctx, "g", ch); !errors.Is(err, ErrInvalid) {
				t.Errorf("a limit of 0: %v, want ErrInvalid", err)
			}
		}
		if off, _ := db.RemindersOff(ctx, "u"); off {
			t.Error("reminders off by default")
		}
		if err := db.SetRemindersOff(ctx, "u", true); err != nil {
			t.Fatal(err)
		}
		if off, _ := db.RemindersOff(ctx, "u"); !off {
			t.Error("reminders still on")
		}
	})
}

// TestDueComputerTurns checks that a game in play with a computer player is
// always due (the table sees whose turn it is), unless paused or over, and
// that a seat's computer level survives the round trip.
func TestDueComputerTurns(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		seats := []Seat{{Seat: 0, UserID: "u1", Name: "Ann", Joined: true}, {Seat: 1, UserID: "computer", Name: "Parlor", Joined: true, Computer: "strong"}}
		mk := func(status Status, seats []Seat) *Game {
			g := &Game{Kind: "kingsmen", ChannelID: "c", Creator: "u1", Status: status, Position: "p", DrawOffer: NoDrawOffer, Seats: seats}
			if _, err := db.Create(ctx, g, ""); err != nil {
				t.Fatal(err)
			}
			return g
		}
		vsComputer := mk(StatusActive, seats)
		people := mk(StatusActive, []Seat{seats[0], {Seat: 1, UserID: "u2", Name: "Bo", Joined: true}})
		paused := mk(StatusActive, seats)
		over := mk(StatusOver, seats)
		_ = people
		if ok, err := db.ClaimReplay(ctx, over.ID); !ok || err != nil {
			t.Fatalf("claim the replay: %v %v", ok, err)
		}
		if _, err := db.Apply(ctx, Change{GameID: paused.ID, Version: 1, Position: "p", Status: StatusActive, DrawOffer: NoDrawOffer, Pause: &Pause{Offer: NoDrawOffer, PausedAt: t0}}); err != nil {
			t.Fatal(err)
		}
		games, err := db.Due(ctx, t0)
		if err != nil {
			t.Fatal(err)
		}
		if len(games) != 1 || games[0].ID != vsComputer.ID {
			t.Fatalf("due: %v, want only game %d", games, vsComputer.ID)
		}
		if got := games[0].Seats; len(got) != 2 || got[1].Computer != "strong" || got[0].Computer != "" {
			t.Errorf("seats loaded as %+v", got)
		}
		// Seats replaced by Apply keep theirs too.
		easy := []Seat{seats[0], {Seat: 1, UserID: "computer", Name: "Parlor", Joined: true, Computer: "easy"}}
		if _, err := db.Apply(ctx, Change{GameID: vsComputer.ID, Version: vsComputer.Version, Position: "p", Status: StatusActive, DrawOffer: NoDrawOffer, Seats: easy}); err != nil {
			t.Fatal(err)
		}
		g, err := db.Game(ctx, vsComputer.ID)
		if err != nil || g.Seats[1].Computer != "easy" {
			t.Fatalf("after Apply: %+v, %v", g, err)
		}
	})
}
