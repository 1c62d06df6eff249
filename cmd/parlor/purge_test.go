package main

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"parlor/storage"
	"parlor/storage/storagetest"
)

// parlor purge --server ID deletes a server's games, settings and away
// periods at once, whether the server removed the bot or not, and
// nothing of another server; without a server id, or with one that is no
// number, it says how to call it and deletes nothing.
func TestPurgeCommand(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		ctx := context.Background()
		db, err := storage.Open(ctx, source)
		if err != nil {
			t.Fatal(err)
		}
		games := map[string][]int64{}
		for _, guild := range []string{"111", "111", "222"} {
			g := &storage.Game{Kind: "kingsmen", GuildID: guild, ChannelID: "c" + guild, Creator: "u1", Status: storage.StatusActive,
				Position: "start", DrawOffer: storage.NoDrawOffer, Seats: []storage.Seat{{Seat: 0, UserID: "u1", Name: "a", Joined: true}, {Seat: 1, UserID: "u2", Name: "b", Joined: true}}}
			id, err := db.Create(ctx, g, "new-"+guild+"-"+string(rune('a'+len(games[guild]))))
			if err != nil {
				t.Fatal(err)
			}
			games[guild] = append(games[guild], id)
		}
		six := 6
		for _, guild := range []string{"111", "222"} {
			if _, err := db.SetGuildSettings(ctx, guild, storage.SettingsChange{RemindEvery: &six}); err != nil {
				t.Fatal(err)
			}
		}
		db.Close()

		for _, bad := range [][]string{{"purge", "--db", source}, {"purge", "--db", source, "--server", "general"}} {
			var out, errs bytes.Buffer
			if code := exitCode(run(ctx, bad, nil, &out, &errs), &errs); code != 2 || !strings.Contains(errs.String(), "usage: parlor purge") {
				t.Errorf("%v: exit %d, %q", bad[2:], code, errs.String())
			}
		}
		var out, errs bytes.Buffer
		if code := exitCode(run(ctx, []string{"purge", "--db", source, "--server", "111"}, nil, &out, &errs), &errs); code != 0 {
			t.Fatalf("purge: exit %d\n%s%s", code, out.String(), errs.String())
		}
		if got, want := out.String(), "purged server 111: 2 games, 4 seats, 0 log entries, 2 interactions, 1 server settings, 0 away periods\n"; got != want {
			t.Errorf("purge said %q, want %q", got, want)
		}
		db, err = storage.Open(ctx, source)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for _, id := range games["111"] {
			if _, err := db.Game(ctx, id); !errors.Is(err, storage.ErrNotFound) {
				t.Errorf("game %d of the purged server: %v", id, err)
			}
		}
		if g, err := db.Game(ctx, games["222"][0]); err != nil || len(g.Seats) != 2 {
			t.Errorf("the other server's game: %+v, %v", g, err)
		}
		if s, _ := db.GuildSettings(ctx, "111"); s != storage.DefaultSettings {
			t.Errorf("the purged server's settings: %+v", s)
		}
		if s, _ := db.GuildSettings(ctx, "222"); s.RemindEvery != 6 {
			t.Errorf("the other server's settings: %+v", s)
		}
	})
}

// PARLOR_RETAIN_DAYS is a number of days from 1 to 3650; anything else
// stops the bot with a line saying what to set.
func TestRetainDaysFromEnv(t *testing.T) {
	for _, c := range []struct{ v, err string }{{"45", ""}, {" 1 ", ""}, {"0", "PARLOR_RETAIN_DAYS=\"0\""}, {"30d", "from 1 to 3650"}, {"-3", "PARLOR_RETAIN_DAYS"}} {
		t.Setenv("PARLOR_RETAIN_DAYS", c.v)
		_, db, err := table(t.Context(), t.TempDir()+"/parlor.db", slog.New(slog.DiscardHandler), false)
		if db != nil {
			db.Close()
		}
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("PARLOR_RETAIN_DAYS=%q: %v, want %q", c.v, err, c.err)
		}
	}
}
