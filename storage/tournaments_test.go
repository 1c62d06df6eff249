package storage

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// newTournament stores an open round robin of kimbo in c with the entrants
// named, in that order.
func newTournament(t *testing.T, db *DB, members ...string) *Tournament {
	t.Helper()
	tr := &Tournament{GuildID: "g", ChannelID: "c", Kind: "kimbo", Format: "swiss", PerGame: 2, Rounds: 3, DeadlineDays: 2, Creator: "boss"}
	for _, m := range members {
		tr.Entrants = append(tr.Entrants, Entrant{Member: m, Name: "name-" + m})
	}
	if _, err := db.CreateTournament(t.Context(), tr); err != nil {
		t.Fatal(err)
	}
	return tr
}

func loadTournament(t *testing.T, db *DB, id int64) *Tournament {
	t.Helper()
	tr, err := db.Tournament(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// roundGames are the games of round between the pairs of members; a
// pair with one member is a bye.
func roundGames(round int, pairs ...[2]string) []RoundGame {
	var out []RoundGame
	for _, p := range pairs {
		if p[1] == "" {
			out = append(out, RoundGame{Round: round, Bye: p[0]})
			continue
		}
		out = append(out, RoundGame{Round: round, Game: &Game{Kind: "kimbo", GuildID: "g", ChannelID: "th", Creator: "boss", Status: StatusInvited, Position: "start",
			DrawOffer: NoDrawOffer, Seats: []Seat{{Seat: 0, UserID: p[0], Name: p[0], Joined: true}, {Seat: 1, UserID: p[1], Name: p[1], Joined: true}}}})
	}
	return out
}

// A tournament is stored and read back with its entrants in the order they
// joined; a join, a leave and the start each bump its version and are
// refused from a version passed.
func TestTournamentLife(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db, ctx := openTest(t), t.Context()
		tr := newTournament(t, db, "u1")
		tr2 := newTournament(t, db)
		v, err := db.JoinTournament(ctx, tr.ID, tr.Version, Entrant{Member: "u2", Name: "Two"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.JoinTournament(ctx, tr.ID, tr.Version, Entrant{Member: "u3", Name: "Three"}); !errors.Is(err, ErrConflict) {
			t.Fatalf("a join from a version passed: %v, want ErrConflict", err)
		}
		if _, err := db.JoinTournament(ctx, tr.ID, v, Entrant{Member: "u2", Name: "Two"}); !errors.Is(err, ErrDuplicate) {
			t.Fatalf("a second join: %v, want ErrDuplicate", err)
		}
		for _, m := range []string{"u3", "u4"} {
			if v, err = db.JoinTournament(ctx, tr.ID, v, Entrant{Member: m, Name: m}); err != nil {
				t.Fatal(err)
			}
		}
		// Leaving an open tournament takes the entrant out.
		if v, err = db.LeaveTournament(ctx, tr.ID, v, "u3"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.LeaveTournament(ctx, tr.ID, v, "u3"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("leaving again: %v, want ErrNotFound", err)
		}
		got := loadTournament(t, db, tr.ID)
		var members []string
		for _, e := range got.Entrants {
			members = append(members, e.Member)
		}
		if want := "u1 u2 u4"; strings.Join(members, " ") != want || got.Version != v || got.Status != TournamentOpen {
			t.Fatalf("entrants %q, version %d, status %s; want %q, %d, open", strings.Join(members, " "), got.Version, got.Status, want, v)
		}
		if _, err := db.MakeRound(ctx, tr.ID, v, 1, roundGames(1, [2]string{"u1", "u2"})); !errors.Is(err, ErrConflict) {
			t.Fatalf("a round of a tournament not started: %v, want ErrConflict", err)
		}
		if v, err = db.StartTournament(ctx, tr.ID, v); err != nil {
			t.Fatal(err)
		}
		if _, err := db.JoinTournament(ctx, tr.ID, v, Entrant{Member: "u5", Name: "u5"}); !errors.Is(err, ErrConflict) {
			t.Fatalf("a join once it runs: %v, want ErrConflict", err)
		}
		if v, err = db.MakeRound(ctx, tr.ID, v, 1, roundGames(1, [2]string{"u1", "u2"})); err != nil {
			t.Fatal(err)
		}
		// Leaving once it runs marks the entrant, who stays.
		if v, err = db.LeaveTournament(ctx, tr.ID, v, "u2"); err != nil {
			t.Fatal(err)
		}
		got = loadTournament(t, db, tr.ID)
		if e, ok := got.Entrant("u2"); !ok || !e.Left || len(got.Entrants) != 3 {
			t.Fatalf("u2 after leaving a tournament running: %+v %v, entrants %d", e, ok, len(got.Entrants))
		}
		if len(got.Games) != 1 || got.Round != 1 {
			t.Fatalf("games %+v, round %d; want one game of round 1", got.Games, got.Round)
		}
		id, mark, ok, err := db.TournamentOf(ctx, got.Games[0].GameID)
		if err != nil || !ok || id != tr.ID || mark.Round != 1 || mark.Table != 1 {
			t.Fatalf("TournamentOf = %d %+v %v %v", id, mark, ok, err)
		}
		if _, _, ok, err := db.TournamentOf(ctx, newGame(t, db, "kimbo", "c", "x", "y").ID); ok || err != nil {
			t.Fatalf("TournamentOf a game of none = %v %v", ok, err)
		}
		if _, err := db.EndTournament(ctx, tr.ID, v, TournamentCancelled); !errors.Is(err, ErrConflict) {
			t.Fatalf("cancelling a tournament that runs: %v, want ErrConflict", err)
		}
		if _, err = db.EndTournament(ctx, tr.ID, v, TournamentOver); err != nil {
			t.Fatal(err)
		}
		if _, err = db.EndTournament(ctx, tr2.ID, tr2.Version, TournamentCancelled); err != nil {
			t.Fatal(err)
		}
		if _, err := db.JoinTournament(ctx, 999, 1, Entrant{Member: "u"}); !errors.Is(err, ErrNotFound) {
			t.Fatalf("joining no tournament: %v, want ErrNotFound", err)
		}
		list, err := db.Tournaments(ctx, TournamentFilter{GuildID: "g", ChannelID: "c", Statuses: []TournamentStatus{TournamentOver}})
		if err != nil || len(list) != 1 || list[0].ID != tr.ID {
			t.Fatalf("Tournaments over = %+v, %v", list, err)
		}
	})
}

// Many makers of the same round at once (sweeps of two replicas, say)
// store it once: one wins, the others store nothing and fail with
// ErrConflict; the next round is made from the version the winner left.
func TestMakeRoundOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db, ctx := openTest(t), t.Context()
		tr := newTournament(t, db, "a", "b", "c", "d")
		v, err := db.StartTournament(ctx, tr.ID, tr.Version)
		if err != nil {
			t.Fatal(err)
		}
		for round := 1; round <= 2; round++ {
			from := v
			won := claimsAtOnce(t, 12, func() (bool, error) {
				nv, err := db.MakeRound(ctx, tr.ID, from, round, roundGames(round, [2]string{"a", "b"}, [2]string{"c", "d"}, [2]string{"e", ""}))
				if errors.Is(err, ErrConflict) {
					return false, nil
				}
				if err == nil {
					v = nv
				}
				return err == nil, err
			})
			if won != 1 {
				t.Fatalf("round %d made %d times, want 1", round, won)
			}
		}
		got := loadTournament(t, db, tr.ID)
		if len(got.Games) != 6 || got.Round != 2 || got.Version != v || got.Games[2].Bye != "e" || got.Games[2].GameID != 0 {
			t.Fatalf("games %+v, round %d, version %d; want 6 games (a bye third), round 2, version %d", got.Games, got.Round, got.Version, v)
		}
		games, err := db.Find(ctx, Filter{ChannelID: "th"})
		if err != nil || len(games) != 4 {
			t.Fatalf("%d games stored (%v), want 4", len(games), err)
		}
		// The reports of a round are claimed once, and never go back.
		if n := claimsAtOnce(t, 12, func() (bool, error) { return db.ReportRound(ctx, tr.ID, 1) }); n != 1 {
			t.Fatalf("round 1 reported %d times, want 1", n)
		}
		if ok, err := db.ReportRound(ctx, tr.ID, 2); !ok || err != nil {
			t.Fatalf("reporting round 2: %v %v", ok, err)
		}
		if ok, err := db.ReportRound(ctx, tr.ID, 1); ok || err != nil {
			t.Fatalf("reporting round 1 after 2: %v %v", ok, err)
		}
	})
}

// Joins at once from one version: one is stored.
func TestJoinsAtOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db, ctx := openTest(t), t.Context()
		tr := newTournament(t, db, "a")
		var n atomic.Int32
		won := claimsAtOnce(t, 12, func() (bool, error) {
			_, err := db.JoinTournament(ctx, tr.ID, tr.Version, Entrant{Member: fmt.Sprint("m", n.Add(1)), Name: "m"})
			if errors.Is(err, ErrConflict) {
				return false, nil
			}
			return err == nil, err
		})
		if got := loadTournament(t, db, tr.ID); won != 1 || len(got.Entrants) != 2 {
			t.Fatalf("%d joins won, %d entrants; want 1 and 2", won, len(got.Entrants))
		}
	})
}

// A sweep has work for tournaments running and for those open whose start
// time has come, but not for those of a server that removed the bot; the
// server's purge deletes its tournaments with their entrants and games.
func TestDueTournamentsAndPurge(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db, ctx := openTest(t), t.Context()
		now := db.now()
		running := newTournament(t, db, "a", "b")
		v, err := db.StartTournament(ctx, running.ID, running.Version)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.MakeRound(ctx, running.ID, v, 1, roundGames(1, [2]string{"a", "b"})); err != nil {
			t.Fatal(err)
		}
		later := &Tournament{GuildID: "g", ChannelID: "c", Kind: "kimbo", Format: "swiss", PerGame: 2, Rounds: 1, Creator: "boss", StartsAt: now.Add(time.Hour)}
		if _, err := db.CreateTournament(ctx, later); err != nil {
			t.Fatal(err)
		}
		newTournament(t, db) // its creator starts it: never due
		ids := func(at time.Time) []int64 {
			due, err := db.DueTournaments(ctx, at)
			if err != nil {
				t.Fatal(err)
			}
			var out []int64
			for _, tr := range due {
				out = append(out, tr.ID)
			}
			return out
		}
		if got := ids(now); !slices.Equal(got, []int64{running.ID}) {
			t.Fatalf("due now: %v, want %d", got, running.ID)
		}
		if got := ids(now.Add(2 * time.Hour)); !slices.Equal(got, []int64{running.ID, later.ID}) {
			t.Fatalf("due in two hours: %v, want %d and %d", got, running.ID, later.ID)
		}
		if _, err := db.MarkRemoved(ctx, "g"); err != nil {
			t.Fatal(err)
		}
		if got := ids(now.Add(2 * time.Hour)); len(got) != 0 {
			t.Fatalf("due of a removed server: %v", got)
		}
		r, err := db.Purge(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		if r.Tournaments != 3 || r.Games != 1 {
			t.Fatalf("purged %+v, want 3 tournaments and their game", r)
		}
		for _, table := range []string{"tournaments", "tournament_entrants", "tournament_games"} {
			var n int
			if err := db.SQL().QueryRowContext(ctx, "SELECT count(*) FROM "+table).Scan(&n); err != nil || n != 0 {
				t.Errorf("%s after the purge: %d rows (%v)", table, n, err)
			}
		}
	})
}

// A member forgotten leaves the open tournaments they entered, and in the
// others becomes the pseudonym their seats become, withdrawn (paired no
// more), their byes and the tournaments they made renamed too; each
// tournament moves to a new version.
func TestForgetEntrant(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db, ctx := openTest(t), t.Context()
		running := newTournament(t, db, "a", "b", "c")
		v, err := db.StartTournament(ctx, running.ID, running.Version)
		if err != nil {
			t.Fatal(err)
		}
		if v, err = db.MakeRound(ctx, running.ID, v, 1, roundGames(1, [2]string{"b", "c"}, [2]string{"a", ""})); err != nil {
			t.Fatal(err)
		}
		open := newTournament(t, db, "a", "b")
		r, err := db.Forget(ctx, "a", nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Pseudonym.N == 0 {
			t.Fatalf("a member who had a bye got no pseudonym: %+v", r)
		}
		got := loadTournament(t, db, running.ID)
		e, ok := got.Entrant(r.Pseudonym.UserID())
		if !ok || !e.Left || e.Name != r.Pseudonym.Name() || got.Version != v+1 || got.Games[1].Bye != r.Pseudonym.UserID() {
			t.Fatalf("after forgetting a: entrants %+v, games %+v, version %d (was %d)", got.Entrants, got.Games, got.Version, v)
		}
		if _, ok := got.Entrant("a"); ok {
			t.Error("a is still an entrant")
		}
		if got := loadTournament(t, db, open.ID); len(got.Entrants) != 1 || got.Entrants[0].Member != "b" {
			t.Errorf("the open tournament's entrants after forgetting a: %+v", got.Entrants)
		}
		if _, err := db.Forget(ctx, "boss", nil); err != nil {
			t.Fatal(err)
		}
		if got := loadTournament(t, db, open.ID); !IsPseudonym(got.Creator) {
			t.Errorf("the creator after forgetting them: %q", got.Creator)
		}
	})
}
