package storage

import (
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"parlor/storage/storagetest"
)

// gameIn makes a game in play in the server, with a computer in its
// second seat (so that it is always due) and n moves, each by an
// interaction; it returns its id.
func gameIn(t *testing.T, db *DB, guild, channel string, n int) int64 {
	t.Helper()
	g := &Game{Kind: "kingsmen", GuildID: guild, ChannelID: channel, Creator: "u-" + guild, Status: StatusActive, Position: "start",
		DrawOffer: NoDrawOffer, Seats: []Seat{{Seat: 0, UserID: "u-" + guild, Name: "a", Joined: true}, {Seat: 1, UserID: "cpu", Name: "cpu", Joined: true, Computer: "easy"}}}
	id, err := db.Create(t.Context(), g, "new/"+channel+"/"+strconv.Itoa(int(time.Now().UnixNano())))
	if err != nil {
		t.Fatal(err)
	}
	v := g.Version
	for ply := range n {
		v, err = db.Apply(t.Context(), Change{GameID: id, Version: v, Position: "p", Status: StatusActive, DrawOffer: NoDrawOffer,
			Entries: []Entry{{Seat: ply % 2, Kind: EntryMove, Text: "m"}}, InteractionID: fmt.Sprintf("move/%d/%d", id, ply), TurnStarted: true})
		if err != nil {
			t.Fatal(err)
		}
	}
	return id
}

// dueIDs are the ids of the games Due returns at now.
func dueIDs(t *testing.T, db *DB, now time.Time) []int64 {
	t.Helper()
	due, err := db.Due(t.Context(), now)
	if err != nil {
		t.Fatal(err)
	}
	var out []int64
	for _, g := range due {
		out = append(out, g.ID)
	}
	slices.Sort(out)
	return out
}

// A server marked as having removed the bot has its games left out of
// Due, whatever they are due (a computer to move, a board owed); another
// server's and a DM's games are not; marked back, its games are due again.
func TestRemovedServerIsNotSwept(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		gone, kept, dm := gameIn(t, db, "gone", "c1", 1), gameIn(t, db, "kept", "c2", 1), gameIn(t, db, "", "dm", 1)
		// A board owed past its hold, too.
		g := load(t, db, gone)
		if _, err := db.Apply(ctx, Change{GameID: gone, Version: g.Version, Position: "q", Status: StatusActive, DrawOffer: NoDrawOffer,
			Board: &Board{Lead: "moved", Hold: time.Millisecond}}); err != nil {
			t.Fatal(err)
		}
		later := t0.Add(time.Hour)
		if got := dueIDs(t, db, later); !reflect.DeepEqual(got, []int64{gone, kept, dm}) {
			t.Fatalf("due before the removal: %v", got)
		}
		if fresh, err := db.MarkRemoved(ctx, "gone"); err != nil || !fresh {
			t.Fatalf("MarkRemoved: %v, %v", fresh, err)
		}
		first, _ := db.Removed(ctx)
		if fresh, err := db.MarkRemoved(ctx, "gone"); err != nil || fresh {
			t.Fatalf("MarkRemoved again: %v, %v, want not new", fresh, err)
		}
		if again, _ := db.Removed(ctx); len(first) != 1 || !reflect.DeepEqual(again, first) {
			t.Errorf("marked twice: %+v, then %+v: the first time learned is kept", first, again)
		}
		if _, err := db.MarkRemoved(ctx, ""); !errors.Is(err, ErrInvalid) {
			t.Errorf("marking DMs removed: %v, want ErrInvalid", err)
		}
		if got := dueIDs(t, db, later); !reflect.DeepEqual(got, []int64{kept, dm}) {
			t.Errorf("due after the removal: %v, want %v", got, []int64{kept, dm})
		}
		if was, err := db.MarkBack(ctx, "gone"); err != nil || !was {
			t.Fatalf("MarkBack: %v, %v", was, err)
		}
		if was, _ := db.MarkBack(ctx, "gone"); was {
			t.Errorf("MarkBack of a server not marked reports it marked")
		}
		if got := dueIDs(t, db, later); !reflect.DeepEqual(got, []int64{gone, kept, dm}) {
			t.Errorf("due once back: %v", got)
		}
		if g := load(t, db, gone); g.Owed.Version == 0 || g.Position != "q" {
			t.Errorf("the game back: %+v, want it as it was, its board still owed", g)
		}
	})
}

// dump is every row of every table a copy copies (copyTables), each as
// text by column name.
func dump(t *testing.T, db *DB) map[string][]map[string]string {
	t.Helper()
	out := map[string][]map[string]string{}
	for _, tb := range copyTables {
		rows, err := db.db.QueryContext(t.Context(), "SELECT "+joinColumns(tb.columns)+" FROM "+tb.name+" ORDER BY "+tb.order)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			vals := tb.holders()
			if err := rows.Scan(vals...); err != nil {
				t.Fatal(err)
			}
			row := map[string]string{}
			for i, c := range tb.columns {
				switch v := vals[i].(type) {
				case *int64:
					row[c] = strconv.FormatInt(*v, 10)
				case *string:
					row[c] = *v
				case *bool:
					row[c] = strconv.FormatBool(*v)
				case *sql.NullString:
					row[c] = v.String
				case *sql.NullInt64:
					row[c] = strconv.FormatInt(v.Int64, 10)
				}
			}
			out[tb.name] = append(out[tb.name], row)
		}
		rows.Close()
	}
	return out
}

func joinColumns(cs []string) string {
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += ", "
		}
		s += c
	}
	return s
}

// without is d less the rows that belong to the server: those whose
// guild_id is it, and those of its games (games.id, or a game_id).
func without(d map[string][]map[string]string, guild string, games []int64) map[string][]map[string]string {
	ids := map[string]bool{}
	for _, id := range games {
		ids[strconv.FormatInt(id, 10)] = true
	}
	out := map[string][]map[string]string{}
	for tb, rows := range d {
		for _, r := range rows {
			if r["guild_id"] == guild || ids[r["game_id"]] || (tb == "games" && ids[r["id"]]) {
				continue
			}
			out[tb] = append(out[tb], r)
		}
	}
	return out
}

// The purge of a server that removed the bot, once the retention period
// has passed: nothing is claimed before; after, one claim takes it, and
// the purge (in batches of two games) deletes its games, seats, log,
// interactions, settings, away periods and mark from every table, and not
// one row of another server's, a DM's or a player's own settings. Marked
// back before its time, nothing is claimed.
func TestPurgeRemovedServer(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		db.purgeBatch = 2
		clock := &hand{now: t0}
		db.Now = clock.Now
		ctx := t.Context()
		var gone []int64
		for i := range 5 {
			gone = append(gone, gameIn(t, db, "gone", "c1", i))
		}
		gameIn(t, db, "kept", "c2", 3)
		gameIn(t, db, "", "dm", 2)
		six := 6
		for _, g := range []string{"gone", "kept"} {
			if _, err := db.SetGuildSettings(ctx, g, SettingsChange{RemindEvery: &six}); err != nil {
				t.Fatal(err)
			}
			if _, err := db.GoAway(ctx, g, "u-"+g, 2, 14); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.SetRemindersOff(ctx, "u-gone", true); err != nil {
			t.Fatal(err)
		}
		if _, err := db.MarkRemoved(ctx, "gone"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.MarkRemoved(ctx, "other"); err != nil {
			t.Fatal(err)
		}
		before := dump(t, db)
		const retain, hold = 30 * 24 * time.Hour, time.Hour
		clock.advance(retain - time.Minute)
		if g, ok, err := db.ClaimPurge(ctx, retain, hold); err != nil || ok {
			t.Fatalf("a claim before the retention period: %q, %v, %v", g, ok, err)
		}
		clock.advance(time.Minute)
		g, ok, err := db.ClaimPurge(ctx, retain, hold)
		if err != nil || !ok || g != "gone" {
			t.Fatalf("the claim: %q, %v, %v, want gone", g, ok, err)
		}
		r, err := db.PurgeRemoved(ctx, "gone")
		if err != nil {
			t.Fatal(err)
		}
		if want := (PurgeReport{Games: 5, Seats: 10, Entries: 10, Interactions: 15, ServerSettings: 1, AwayPeriods: 1}); r != want {
			t.Errorf("purged %v, want %v", r, want)
		}
		after := dump(t, db)
		if want := without(before, "gone", gone); !reflect.DeepEqual(after, want) {
			t.Errorf("after the purge:\n%v\nwant:\n%v", after, want)
		}
		if len(after["user_settings"]) != 1 {
			t.Errorf("the player's own settings went: %v", after["user_settings"])
		}
		// "other" was marked with "gone" and is claimed next, once.
		if g, ok, _ := db.ClaimPurge(ctx, retain, hold); !ok || g != "other" {
			t.Errorf("the next claim: %q, %v, want other", g, ok)
		}
		if g, ok, _ := db.ClaimPurge(ctx, retain, hold); ok {
			t.Errorf("a claim while other is held: %q", g)
		}
		// Back before its time: never claimed; a purge under way stops.
		if _, err := db.MarkRemoved(ctx, "back"); err != nil {
			t.Fatal(err)
		}
		back := gameIn(t, db, "back", "c3", 1)
		if _, err := db.MarkBack(ctx, "back"); err != nil {
			t.Fatal(err)
		}
		clock.advance(2 * retain)
		for {
			g, ok, err := db.ClaimPurge(ctx, retain, hold)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			if g == "back" {
				t.Errorf("a server that has the bot again was claimed")
			}
			if _, err := db.PurgeRemoved(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.PurgeRemoved(ctx, "back"); !errors.Is(err, ErrNotRemoved) {
			t.Errorf("PurgeRemoved of a server that has the bot: %v, want ErrNotRemoved", err)
		}
		load(t, db, back)
		// The operator's purge needs no mark.
		if r, err := db.Purge(ctx, "back"); err != nil || r.Games != 1 {
			t.Errorf("Purge: %v, %v", r, err)
		}
		if _, err := db.Game(ctx, back); !errors.Is(err, ErrNotFound) {
			t.Errorf("game %d after Purge: %v", back, err)
		}
	})
}

// Two processes sweeping at once claim a removed server's purge once.
func TestPurgeClaimedOnce(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		clock := &hand{now: t0}
		a, b := openSource(t, source), openSource(t, source)
		a.Now, b.Now = clock.Now, clock.Now
		ctx := t.Context()
		gameIn(t, a, "gone", "c1", 2)
		if _, err := a.MarkRemoved(ctx, "gone"); err != nil {
			t.Fatal(err)
		}
		clock.advance(31 * 24 * time.Hour)
		for range 20 {
			var wg sync.WaitGroup
			var mu sync.Mutex
			var won []string
			for _, db := range []*DB{a, b, a, b} {
				wg.Go(func() {
					g, ok, err := db.ClaimPurge(ctx, 30*24*time.Hour, time.Hour)
					if err != nil {
						t.Error(err)
					}
					if ok {
						mu.Lock()
						won = append(won, g)
						mu.Unlock()
					}
				})
			}
			wg.Wait()
			if len(won) != 1 {
				t.Fatalf("%d claims at once won: %v, want 1", len(won), won)
			}
			clock.advance(time.Hour) // the hold passes: claimable again
		}
	})
}
