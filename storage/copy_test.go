package storage

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"parlor/storage/storagetest"
)

// Copy moves every game (id, version, clock, seats, log), interaction and
// setting to an empty database of either engine, refuses one that is not
// empty, and new games in the copy continue after the copied ids.
func TestCopy(t *testing.T) {
	from := openTest(t)
	ctx := t.Context()
	var ids []int64
	for i, kind := range []string{"kingsmen", "kimbo", "rumba"} {
		g := newGame(t, from, kind, "c", "u1", "u2")
		v := g.Version
		for ply := range 3 + i {
			var err error
			v, err = from.Apply(ctx, Change{GameID: g.ID, Version: v, Position: "p", Status: StatusActive, DrawOffer: NoDrawOffer,
				Entries: []Entry{{Seat: ply % 2, Kind: EntryMove, Text: "m"}}, InteractionID: g.Kind + string(rune('a'+ply)), TurnStarted: true})
			if err != nil {
				t.Fatal(err)
			}
		}
		ids = append(ids, g.ID)
	}
	six := 6
	if _, err := from.SetGuildSettings(ctx, "g", SettingsChange{RemindEvery: &six, AwayDays: &six, MemberLobbies: &six, ServerGames: &six}); err != nil {
		t.Fatal(err)
	}
	if err := from.SetRemindersOff(ctx, "u2", true); err != nil {
		t.Fatal(err)
	}
	if err := from.SetDigest(ctx, "u2", true, "es-419"); err != nil {
		t.Fatal(err)
	}
	if _, err := from.ClaimDigest(ctx, "u2", t0); err != nil {
		t.Fatal(err)
	}
	if _, err := from.GoAway(ctx, "g", "u1", 3, 6); err != nil {
		t.Fatal(err)
	}
	if _, err := from.MarkRemoved(ctx, "gone"); err != nil {
		t.Fatal(err)
	}
	removed, err := from.Removed(ctx)
	if err != nil || len(removed) != 1 {
		t.Fatalf("removed servers %+v, %v", removed, err)
	}
	away, err := from.AwayPeriods(ctx, "g", "u1", t0)
	if err != nil || len(away) != 1 {
		t.Fatalf("away periods %+v, %v", away, err)
	}
	storagetest.Engines(t, func(t *testing.T, target string) {
		to := openSource(t, target)
		r, err := Copy(ctx, from, to)
		if err != nil {
			t.Fatal(err)
		}
		if r != (CopyReport{Games: 3, Seats: 6, Entries: 12, Interactions: 12, ServerSettings: 1, PlayerSettings: 1, AwayPeriods: 1, RemovedServers: 1}) {
			t.Errorf("copied %+v", r)
		}
		for _, id := range ids {
			if a, b := load(t, from, id), load(t, to, id); !reflect.DeepEqual(a, b) {
				t.Errorf("game %d: %+v became %+v", id, a, b)
			}
			if a, b := logOf(t, from, id), logOf(t, to, id); !reflect.DeepEqual(a, b) {
				t.Errorf("game %d: log %+v became %+v", id, a, b)
			}
		}
		if s, _ := to.GuildSettings(ctx, "g"); s.RemindEvery != 6 || s.AwayDays != 6 || s.MemberLobbies != 6 || s.ServerGames != 6 {
			t.Errorf("server settings %+v", s)
		}
		if off, _ := to.RemindersOff(ctx, "u2"); !off {
			t.Errorf("u2's reminders are on in the copy")
		}
		if lang, _ := to.UserLang(ctx, "u2"); lang != "es-419" {
			t.Errorf("u2's language in the copy: %q", lang)
		}
		if on, _ := to.Digest(ctx, "u2"); !on {
			t.Errorf("u2's digest is off in the copy")
		}
		if won, _ := to.ClaimDigest(ctx, "u2", t0.Add(time.Hour)); won {
			t.Errorf("u2's digest claimed an hour after the one copied")
		}
		if got, _ := to.AwayPeriods(ctx, "g", "u1", t0); !reflect.DeepEqual(got, away) {
			t.Errorf("away periods %+v became %+v", away, got)
		}
		if got, _ := to.Removed(ctx); !reflect.DeepEqual(got, removed) {
			t.Errorf("removed servers %+v became %+v", removed, got)
		}
		if done, _ := to.Handled(ctx, "kimboa"); !done {
			t.Errorf("a handled interaction was not copied")
		}
		if _, err := Copy(ctx, from, to); !errors.Is(err, ErrNotEmpty) {
			t.Errorf("a second copy into the same database: %v, want ErrNotEmpty", err)
		}
		if g := newGame(t, to, "kingsmen", "c", "u3", "u4"); g.ID != ids[len(ids)-1]+1 {
			t.Errorf("a new game in the copy is #%d, want #%d", g.ID, ids[len(ids)-1]+1)
		}
	})
}
