package storage

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/mattn/go-sqlite3"

	"parlor/migrations"
	"parlor/storage/storagetest"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// openTest opens a fresh file database whose clock starts at t0 and ticks a
// second per reading.
func openTest(t *testing.T) *DB {
	t.Helper()
	return openSource(t, storagetest.SQLite(t))
}

// eachEngine runs test against each engine: SQLite, and PostgreSQL when
// the tests have a server (see storagetest); its openTest opens a fresh
// database of the engine.
func eachEngine(t *testing.T, test func(t *testing.T, openTest func(*testing.T) *DB)) {
	t.Run("sqlite", func(t *testing.T) { test(t, openTest) })
	t.Run("postgres", func(t *testing.T) {
		storagetest.Server(t)
		test(t, func(t *testing.T) *DB { return openSource(t, storagetest.Postgres(t)) })
	})
}

// openSource opens the database source with the test clock.
func openSource(t *testing.T, source string) *DB {
	t.Helper()
	db, err := Open(t.Context(), source)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var mu sync.Mutex
	now := t0
	db.Now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		now = now.Add(time.Second)
		return now
	}
	return db
}

func newGame(t *testing.T, db *DB, kind, channel string, users ...string) *Game {
	t.Helper()
	g := &Game{Kind: kind, ChannelID: channel, Creator: users[0], Status: StatusActive,
		Position: "start", DrawOffer: NoDrawOffer}
	for i, u := range users {
		g.Seats = append(g.Seats, Seat{Seat: i, UserID: u, Name: "name-" + u, Joined: true})
	}
	if _, err := db.Create(t.Context(), g, ""); err != nil {
		t.Fatal(err)
	}
	return g
}

func load(t *testing.T, db *DB, id int64) *Game {
	t.Helper()
	g, err := db.Game(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func logOf(t *testing.T, db *DB, id int64) []Entry {
	t.Helper()
	log, err := db.Log(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return log
}

func migrationRows(t *testing.T, db *sql.DB) []string {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), "SELECT version, name, applied_at FROM schema_migrations ORDER BY version")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var v, at int64
		var name string
		if err := rows.Scan(&v, &name, &at); err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Join([]string{name, time.UnixMilli(at).String()}, " "))
	}
	return got
}

func TestOpenTwiceMigratesOnce(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "parlor.db")
	var runs [][]string
	for range 2 {
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, migrationRows(t, db.SQL()))
		db.Close()
	}
	if len(runs[0]) == 0 || !strings.HasPrefix(runs[0][0], "0001_init.sql ") {
		t.Fatalf("schema_migrations = %q, want 0001_init.sql first", runs[0])
	}
	if !reflect.DeepEqual(runs[0], runs[1]) {
		t.Errorf("second open: schema_migrations = %q, want %q", runs[1], runs[0])
	}
}

// A database of either engine at schema 3, with a log and its
// interactions, upgrades to the log keyed by ply with everything kept: the
// log reads as it was, a redelivered interaction is still refused, and the
// next move takes the next ply.
func TestUpgradeKeepsLogAndInteractions(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		ctx := t.Context()
		driver, fsys := "sqlite3", migrations.SQLite
		if IsPostgres(source) {
			driver, fsys = "pgx", migrations.Postgres
		}
		old, err := sql.Open(driver, source)
		if err != nil {
			t.Fatal(err)
		}
		three := fstest.MapFS{}
		for _, name := range []string{"0001_init.sql", "0002_play_over_days.sql", "0003_board_version.sql"} {
			text, err := fs.ReadFile(fsys, name)
			if err != nil {
				t.Fatal(err)
			}
			three[name] = &fstest.MapFile{Data: text}
		}
		if err := migrate(ctx, old, three, func() time.Time { return t0 }, IsPostgres(source)); err != nil {
			t.Fatal(err)
		}
		for _, stmt := range []string{
			`INSERT INTO games (id, kind, channel_id, creator, status, position, version, created_at, updated_at)
				VALUES (1, 'kingsmen', 'c1', 'u1', 'active', 'pos-1', 3, 1700000000000, 1700000000000)`,
			`INSERT INTO moves (id, game_id, ply, seat, kind, text, at, interaction_id)
				VALUES (7, 1, 1, 0, 'move', 'a', 1700000100000, 'i1'), (9, 1, 2, 1, 'skip', 'b', 1700000200000, NULL)`,
			`INSERT INTO interactions VALUES ('i0', NULL, 1700000000000), ('i1', 1, 1700000100000)`,
		} {
			if _, err := old.ExecContext(ctx, stmt); err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
		}
		old.Close()

		db := openSource(t, source)
		want := []Entry{
			{Ply: 1, Seat: 0, Kind: EntryMove, Text: "a", At: fromMillis(1700000100000), InteractionID: "i1"},
			{Ply: 2, Seat: 1, Kind: EntrySkip, Text: "b", At: fromMillis(1700000200000)},
		}
		if got := logOf(t, db, 1); !reflect.DeepEqual(got, want) {
			t.Errorf("log after the upgrade\n got %+v\nwant %+v", got, want)
		}
		for _, id := range []string{"i0", "i1"} {
			if done, err := db.Handled(ctx, id); err != nil || !done {
				t.Errorf("interaction %s forgotten: %v %v", id, done, err)
			}
		}
		move := Change{GameID: 1, Version: 3, Position: "pos-2", Status: StatusActive, DrawOffer: NoDrawOffer,
			Entries: []Entry{{Seat: 0, Kind: EntryMove, Text: "c"}}, InteractionID: "i1"}
		if _, err := db.Apply(ctx, move); !errors.Is(err, ErrDuplicate) {
			t.Errorf("a redelivered interaction after the upgrade: got %v, want ErrDuplicate", err)
		}
		move.InteractionID = "i2"
		if _, err := db.Apply(ctx, move); err != nil {
			t.Fatalf("a move after the upgrade: %v", err)
		}
		if log := logOf(t, db, 1); len(log) != 3 || log[2].Ply != 3 || log[2].InteractionID != "i2" {
			t.Errorf("log after a move: %+v", log)
		}
	})
}

func TestMigrate(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	ok := fstest.MapFS{
		"0001_a.sql": file("CREATE TABLE a (x INTEGER);"),
		"0002_b.sql": file("CREATE TABLE b (x INTEGER); INSERT INTO b VALUES (1);"),
		"README.md":  file("not a migration"),
	}
	bad := map[string]fstest.MapFS{
		"gap":       {"0001_a.sql": file("SELECT 1;"), "0003_c.sql": file("SELECT 1;")},
		"duplicate": {"0001_a.sql": file("SELECT 1;"), "0001_b.sql": file("SELECT 1;")},
		"no number": {"0001_a.sql": file("SELECT 1;"), "init.sql": file("SELECT 1;")},
		"no start":  {"0002_b.sql": file("SELECT 1;")},
	}
	ctx := t.Context()
	sqldb, err := sql.Open("sqlite3", filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer sqldb.Close()
	for name, fsys := range bad {
		if err := Migrate(ctx, sqldb, fsys); err == nil {
			t.Errorf("Migrate with %s: got no error", name)
		}
	}
	for range 2 {
		if err := Migrate(ctx, sqldb, ok); err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := sqldb.QueryRowContext(ctx, "SELECT count(*) FROM b").Scan(&n); err != nil || n != 1 {
		t.Errorf("rows in b = %d, %v; want 1, nil", n, err)
	}
	if got := len(migrationRows(t, sqldb)); got != 2 {
		t.Errorf("schema_migrations has %d rows, want 2", got)
	}

	// A failing migration leaves nothing behind.
	broken := fstest.MapFS{"0003_c.sql": file("CREATE TABLE c (x INTEGER); INSERT INTO nowhere VALUES (1);")}
	maps := fstest.MapFS{}
	for k, v := range ok {
		maps[k] = v
	}
	for k, v := range broken {
		maps[k] = v
	}
	if err := Migrate(ctx, sqldb, maps); err == nil || !strings.Contains(err.Error(), "0003_c.sql") {
		t.Errorf("broken migration: got %v, want an error naming 0003_c.sql", err)
	}
	if err := sqldb.QueryRowContext(ctx, "SELECT count(*) FROM c").Scan(&n); err == nil {
		t.Error("table c exists after its migration failed")
	}

	// A database ahead of the program is refused.
	if err := Migrate(ctx, sqldb, fstest.MapFS{"0001_a.sql": ok["0001_a.sql"]}); err == nil {
		t.Error("Migrate with fewer migrations than applied: got no error")
	}
}

func TestCreateAndLoad(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		g := &Game{Kind: "kingsmen", GuildID: "g1", ChannelID: "c1", Creator: "u1", Status: StatusInvited,
			Position: "pos", DrawOffer: NoDrawOffer,
			Seats: []Seat{{Seat: 1, UserID: "u2", Name: "Bea"}, {Seat: 0, UserID: "u1", Name: "Al", Joined: true}}}
		id, err := db.Create(t.Context(), g, "")
		if err != nil {
			t.Fatal(err)
		}
		if id != g.ID || id == 0 || g.Version != 1 || !g.CreatedAt.Equal(t0.Add(time.Second)) || g.UpdatedAt != g.CreatedAt {
			t.Fatalf("after Create: id %d, game %+v", id, g)
		}
		want := *g
		want.Seats = []Seat{g.Seats[1], g.Seats[0]}
		got := load(t, db, id)
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("Game(%d)\n got %+v\nwant %+v", id, *got, want)
		}
		if _, err := db.Game(t.Context(), id+1); !errors.Is(err, ErrNotFound) {
			t.Errorf("Game(missing): got %v, want ErrNotFound", err)
		}
		if _, err := db.Log(t.Context(), id+1); !errors.Is(err, ErrNotFound) {
			t.Errorf("Log(missing): got %v, want ErrNotFound", err)
		}
		if log := logOf(t, db, id); len(log) != 0 {
			t.Errorf("new game's log = %+v, want empty", log)
		}
		if _, err := db.Create(t.Context(), &Game{Kind: "kimbo", Status: "playing"}, ""); !errors.Is(err, ErrInvalid) {
			t.Errorf("Create with a bad status: got %v, want ErrInvalid", err)
		}
		ids, err := db.GameIDs(t.Context())
		if err != nil || !reflect.DeepEqual(ids, []int64{id}) {
			t.Errorf("GameIDs = %v, %v; want [%d]", ids, err, id)
		}
	})
}

func TestApply(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		ctx := t.Context()
		db := openTest(t)
		g := newGame(t, db, "kimbo", "c1", "u1", "u2")
		v, err := db.Apply(ctx, Change{GameID: g.ID, Version: 1, Position: "p2", Status: StatusActive, DrawOffer: 1,
			Entries:       []Entry{{Seat: ChanceSeat, Kind: EntryMove, Text: "roll 6"}, {Seat: 0, Kind: EntryMove, Text: "a1-a2"}},
			InteractionID: "i1"})
		if err != nil || v != 2 {
			t.Fatalf("Apply = %d, %v; want 2, nil", v, err)
		}
		seats := []Seat{{Seat: 0, UserID: "u1", Name: "Al", Joined: true}}
		v, err = db.Apply(ctx, Change{GameID: g.ID, Version: 2, Position: "p3", Status: StatusOver, DrawOffer: NoDrawOffer,
			Seats: seats, Entries: []Entry{{Seat: 1, Kind: EntryResign, Text: "resign", At: t0}}})
		if err != nil || v != 3 {
			t.Fatalf("second Apply = %d, %v; want 3, nil", v, err)
		}
		got := load(t, db, g.ID)
		if got.Version != 3 || got.Position != "p3" || got.Status != StatusOver || got.DrawOffer != NoDrawOffer ||
			!reflect.DeepEqual(got.Seats, seats) || !got.UpdatedAt.Equal(t0.Add(3*time.Second)) {
			t.Errorf("after Apply: %+v", got)
		}
		want := []Entry{
			{Ply: 1, Seat: -1, Kind: "move", Text: "roll 6", At: t0.Add(2 * time.Second), InteractionID: "i1"},
			{Ply: 2, Seat: 0, Kind: "move", Text: "a1-a2", At: t0.Add(2 * time.Second)},
			{Ply: 3, Seat: 1, Kind: "resign", Text: "resign", At: t0},
		}
		if log := logOf(t, db, g.ID); !reflect.DeepEqual(log, want) {
			t.Errorf("Log\n got %+v\nwant %+v", log, want)
		}
		for id, want := range map[string]bool{"i1": true, "i2": false} {
			if done, err := db.Handled(ctx, id); err != nil || done != want {
				t.Errorf("Handled(%s) = %v, %v; want %v", id, done, err, want)
			}
		}
		if _, err := db.Apply(ctx, Change{GameID: g.ID + 1, Version: 1, Status: StatusActive}); !errors.Is(err, ErrNotFound) {
			t.Errorf("Apply to a missing game: got %v, want ErrNotFound", err)
		}
	})
}

// TestApplyWritesNothingOnError checks that every failing Apply leaves the
// game, its log and the interactions as they were.
func TestApplyWritesNothingOnError(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		ctx := t.Context()
		db := openTest(t)
		g := newGame(t, db, "kimbo", "c1", "u1", "u2")
		first := Change{GameID: g.ID, Version: 1, Position: "p2", Status: StatusActive, DrawOffer: NoDrawOffer,
			Entries: []Entry{{Seat: 0, Kind: EntryMove, Text: "m1"}}, InteractionID: "i1"}
		if _, err := db.Apply(ctx, first); err != nil {
			t.Fatal(err)
		}
		before, beforeLog := load(t, db, g.ID), logOf(t, db, g.ID)
		tests := []struct {
			name string
			c    Change
			want error
		}{
			{"stale version", Change{Version: 1, InteractionID: "i2"}, ErrConflict},
			{"future version", Change{Version: 5}, ErrConflict},
			{"redelivered interaction", Change{Version: 2, InteractionID: "i1"}, ErrDuplicate},
			{"bad entry kind", Change{Version: 2, InteractionID: "i3", Entries: []Entry{{Kind: "pass"}}}, ErrInvalid},
			{"seat twice", Change{Version: 2, InteractionID: "i4", Seats: []Seat{{Seat: 0}, {Seat: 0}}}, nil},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				c := tt.c
				c.GameID, c.Position, c.Status, c.DrawOffer = g.ID, "changed", StatusOver, 0
				c.Entries = append(c.Entries, Entry{Seat: 1, Kind: EntryMove, Text: "m2"})
				_, err := db.Apply(ctx, c)
				if err == nil || tt.want != nil && !errors.Is(err, tt.want) {
					t.Fatalf("got %v, want %v", err, tt.want)
				}
				if got := load(t, db, g.ID); !reflect.DeepEqual(got, before) {
					t.Errorf("game changed:\n got %+v\nwant %+v", got, before)
				}
				if got := logOf(t, db, g.ID); !reflect.DeepEqual(got, beforeLog) {
					t.Errorf("log changed:\n got %+v\nwant %+v", got, beforeLog)
				}
				if c.InteractionID != "i1" {
					if done, _ := db.Handled(ctx, c.InteractionID); done {
						t.Errorf("interaction %s recorded", c.InteractionID)
					}
				}
			})
		}
	})
}

func TestApplyRace(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		ctx := t.Context()
		db := openTest(t)
		g := newGame(t, db, "kimbo", "c1", "u1", "u2")
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i := range errs {
			wg.Go(func() {
				_, errs[i] = db.Apply(ctx, Change{GameID: g.ID, Version: 1, Position: "p", Status: StatusActive,
					DrawOffer: NoDrawOffer, Entries: []Entry{{Seat: i, Kind: EntryMove, Text: "m"}}})
			})
		}
		wg.Wait()
		ok, conflicts := 0, 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case errors.Is(err, ErrConflict):
				conflicts++
			default:
				t.Errorf("unexpected error: %v", err)
			}
		}
		if ok != 1 || conflicts != 1 {
			t.Errorf("%d succeeded and %d conflicted, want 1 and 1 (errors %v)", ok, conflicts, errs)
		}
		if got := logOf(t, db, g.ID); len(got) != 1 || load(t, db, g.ID).Version != 2 {
			t.Errorf("log %+v, want one entry at version 2", got)
		}
	})
}

func TestFind(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		ctx := t.Context()
		db := openTest(t)
		a := newGame(t, db, "kingsmen", "c1", "u1", "u2")
		b := newGame(t, db, "kingsmen", "c1", "u2", "u3")
		c := newGame(t, db, "kimbo", "c1", "u1", "u3")
		d := newGame(t, db, "kingsmen", "c2", "u1", "u4")
		// a is updated last, so it comes first; b is over.
		if _, err := db.Apply(ctx, Change{GameID: b.ID, Version: 1, Status: StatusOver, DrawOffer: NoDrawOffer}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Apply(ctx, Change{GameID: a.ID, Version: 1, Status: StatusActive, DrawOffer: NoDrawOffer}); err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			f    Filter
			want []int64
		}{
			{Filter{}, []int64{a.ID, b.ID, d.ID, c.ID}},
			{Filter{Limit: 2}, []int64{a.ID, b.ID}},
			{Filter{Kind: "kingsmen", ChannelID: "c1"}, []int64{a.ID, b.ID}},
			{Filter{Kind: "kingsmen", ChannelID: "c1", UserID: "u1", Statuses: []Status{StatusActive}}, []int64{a.ID}},
			{Filter{UserID: "u3"}, []int64{b.ID, c.ID}},
			{Filter{Statuses: []Status{StatusOver, StatusInvited}}, []int64{b.ID}},
			{Filter{UserID: "nobody"}, nil},
		}
		for _, tt := range tests {
			games, err := db.Find(ctx, tt.f)
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			for _, g := range games {
				got = append(got, g.ID)
				if len(g.Seats) != 2 {
					t.Errorf("Find(%+v): game %d has seats %+v, want 2", tt.f, g.ID, g.Seats)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Find(%+v) = %v, want %v", tt.f, got, tt.want)
			}
		}
	})
}

func TestOpenRefusesOtherFiles(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.db")
	if err := os.WriteFile(garbage, []byte(strings.Repeat("this is not a database\n", 500)), 0o644); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(dir, "foreign.db")
	other, err := sql.Open("sqlite3", foreign)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.ExecContext(ctx, "CREATE TABLE notes (x TEXT)"); err != nil {
		t.Fatal(err)
	}
	other.Close()
	for _, path := range []string{garbage, foreign} {
		db, err := Open(ctx, path)
		if err == nil {
			db.Close()
			t.Errorf("Open(%s): got no error", path)
			continue
		}
		if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "open "+path+": not a Parlor database or corrupt: ") {
			t.Errorf("Open(%s): got %q, want ErrCorrupt saying so", path, err)
		}
	}
}

func TestOpenOddPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a dir?#%41", "p?x#y%41 z.db")
	if err := os.Mkdir(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	db, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := os.Stat(path); err != nil {
		t.Errorf("database not at the path given: %v", err)
	}
}

func TestBusy(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "parlor.db")
	holder := openPath(t, path, OpenOptions{})
	g := newGame(t, holder, "kimbo", "c1", "u1")
	waiter := openPath(t, path, OpenOptions{BusyTimeout: 20 * time.Millisecond})

	conn, err := holder.SQL().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	_, err = waiter.Apply(ctx, Change{GameID: g.ID, Version: 1, Status: StatusActive, DrawOffer: NoDrawOffer})
	if !errors.Is(err, ErrBusy) {
		t.Errorf("Apply while locked: got %v, want ErrBusy", err)
	}
	if _, err := waiter.Game(ctx, g.ID); err != nil {
		t.Errorf("reading while locked: %v", err)
	}
	if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	if _, err := waiter.Apply(ctx, Change{GameID: g.ID, Version: 1, Status: StatusActive, DrawOffer: NoDrawOffer}); err != nil {
		t.Errorf("Apply after unlock: %v", err)
	}
}

func openPath(t *testing.T, path string, opts OpenOptions) *DB {
	t.Helper()
	db, err := OpenWith(t.Context(), path, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestClassify(t *testing.T) {
	tests := []struct {
		err  error
		busy bool
	}{
		{sqlite3.Error{Code: sqlite3.ErrBusy}, true},
		{sqlite3.Error{Code: sqlite3.ErrLocked, ExtendedCode: sqlite3.ErrLockedSharedCache}, true},
		{sqlite3.Error{Code: sqlite3.ErrConstraint}, false},
		{errors.New("other"), false},
		{context.Canceled, false},
	}
	for _, tt := range tests {
		err := classify(tt.err)
		if errors.Is(err, ErrBusy) != tt.busy || !errors.Is(err, tt.err) {
			t.Errorf("classify(%v) = %v, want busy %v and the original kept", tt.err, err, tt.busy)
		}
	}
}

// TestPragmas checks that every pooled connection gets the DSN's pragmas.
func TestPragmas(t *testing.T) {
	ctx := t.Context()
	db := openPath(t, filepath.Join(t.TempDir(), "parlor.db"), OpenOptions{BusyTimeout: 1234 * time.Millisecond})
	for i := range 2 {
		conn, err := db.SQL().Conn(ctx) // the first stays open, so the second is a new connection
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var journal string
		var fk, busy int
		for q, dest := range map[string]any{"journal_mode": &journal, "foreign_keys": &fk, "busy_timeout": &busy} {
			if err := conn.QueryRowContext(ctx, "PRAGMA "+q).Scan(dest); err != nil {
				t.Fatal(err)
			}
		}
		if journal != "wal" || fk != 1 || busy != 1234 {
			t.Errorf("connection %d: journal_mode %s, foreign_keys %d, busy_timeout %d; want wal, 1, 1234", i, journal, fk, busy)
		}
	}
}

func TestCreateRecordsInteraction(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		g := &Game{Kind: "kingsmen", ChannelID: "c", Creator: "u1", Status: StatusOpen, Position: "start", DrawOffer: NoDrawOffer,
			Seats: []Seat{{Seat: 0, UserID: "u1", Name: "Ann", Joined: true}}}
		if _, err := db.Create(t.Context(), g, "i-1"); err != nil {
			t.Fatal(err)
		}
		again := *g
		again.Seats = append([]Seat(nil), g.Seats...)
		if _, err := db.Create(t.Context(), &again, "i-1"); !errors.Is(err, ErrDuplicate) {
			t.Fatalf("second create with the same interaction: got %v, want ErrDuplicate", err)
		}
		ids, err := db.GameIDs(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if len(ids) != 1 {
			t.Fatalf("got %d games, want 1: a redelivered /new must not create a second game", len(ids))
		}
		if done, err := db.Handled(t.Context(), "i-1"); err != nil || !done {
			t.Fatalf("Handled(i-1) = %v, %v; want true", done, err)
		}
	})
}
