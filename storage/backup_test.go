package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// A backup taken while another connection keeps storing moves is a
// consistent database: every game in it is as its last committed move
// left it (its position is its last log entry's, its version counts its
// entries), it holds every move acknowledged before the backup began, and
// it opens as a Parlor database. The source is the bot's, written all
// along through its own DB, as a running bot would.
func TestBackupWhileWriting(t *testing.T) {
	source := filepath.Join(t.TempDir(), "parlor.db")
	db := openSource(t, source)
	games := kimbos(t, db, 4)
	ctx, stop := context.WithCancel(t.Context())
	acked := make(chan int, 1) // moves acknowledged so far, each time the writer stores 50 more
	written := make(chan error, 1)
	go func() {
		n := 0
		versions := make([]int64, len(games))
		for i, g := range games {
			versions[i] = g.Version
		}
		for ctx.Err() == nil {
			i := n % len(games)
			v, err := db.Apply(context.Background(), move(games[i], versions[i], fmt.Sprintf("m%d", n)))
			if err != nil {
				written <- err
				return
			}
			versions[i] = v
			n++
			if n%50 == 0 {
				select {
				case acked <- n:
				default:
				}
			}
		}
		written <- nil
	}()
	before := <-acked
	to := filepath.Join(t.TempDir(), "backup.db")
	r, err := Backup(t.Context(), source, to, BackupOptions{})
	if err != nil {
		t.Fatal(err)
	}
	<-acked          // perhaps sent before the backup ended
	after := <-acked // sent after it: the writer went on
	stop()
	if err := <-written; err != nil {
		t.Fatal(err)
	}
	if r.Games != len(games) || r.Path != to || r.Bytes == 0 {
		t.Errorf("report %+v, want %d games at %s", r, len(games), to)
	}
	if fi, err := os.Stat(to); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the backup: %v, %v; want mode 0600", fi, err)
	}
	copied := openSource(t, to)
	moves := 0
	for _, g := range games {
		got := load(t, copied, g.ID)
		log := logOf(t, copied, g.ID)
		moves += len(log)
		if len(log) == 0 || got.Position != log[len(log)-1].Text {
			t.Errorf("game %d in the copy: position %q, log %v: torn", g.ID, got.Position, texts(log))
		}
		if got.Version != g.Version+int64(len(log)) {
			t.Errorf("game %d in the copy: version %d with %d moves from version %d", g.ID, got.Version, len(log), g.Version)
		}
	}
	if moves < before || moves > after {
		t.Errorf("the copy holds %d moves; %d were acknowledged before the backup, %d by just after it", moves, before, after)
	}
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(to), ".backup.db.partial-*"))
	if len(matches) > 0 {
		t.Errorf("left behind: %v", matches)
	}
}

// Backup refuses what it must not copy, or not copy over, and changes
// nothing then: a PostgreSQL URL, a database that does not exist (not
// created), a file that is not Parlor's, an existing target without
// Replace, and the database itself even with Replace. With Replace an
// existing target is replaced; DB.Backup copies the open database.
func TestBackupRefusals(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	source := filepath.Join(dir, "parlor.db")
	db := openSource(t, source)
	g := newGame(t, db, "kimbo", "c", "u1", "u2")

	if _, err := Backup(ctx, "postgres://parlor:secret@localhost/parlor", filepath.Join(dir, "pg.db"), BackupOptions{}); !errors.Is(err, ErrPostgresBackup) {
		t.Errorf("a PostgreSQL URL: %v, want ErrPostgresBackup", err)
	}
	missing := filepath.Join(dir, "missing.db")
	if _, err := Backup(ctx, missing, filepath.Join(dir, "m.db"), BackupOptions{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing database: %v, want fs.ErrNotExist", err)
	}
	if _, err := os.Stat(missing); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the missing database was created: %v", err)
	}
	other := filepath.Join(dir, "other.db")
	odb, err := sql.Open("sqlite3", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := odb.Exec("CREATE TABLE notes (x TEXT)"); err != nil {
		t.Fatal(err)
	}
	odb.Close()
	if _, err := Backup(ctx, other, filepath.Join(dir, "o.db"), BackupOptions{}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("a database not Parlor's: %v, want ErrCorrupt", err)
	}

	existing := filepath.Join(dir, "existing.db")
	if err := os.WriteFile(existing, []byte("yesterday's"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Backup(ctx, source, existing, BackupOptions{}); !errors.Is(err, fs.ErrExist) {
		t.Errorf("an existing target: %v, want fs.ErrExist", err)
	}
	if b, _ := os.ReadFile(existing); string(b) != "yesterday's" {
		t.Errorf("the existing target was changed without Replace")
	}
	for _, self := range []string{source, filepath.Join(dir, ".", "parlor.db")} {
		if _, err := Backup(ctx, source, self, BackupOptions{Replace: true}); err == nil {
			t.Errorf("a backup onto the database itself (%s) was made", self)
		}
		if _, err := db.Backup(ctx, self, BackupOptions{Replace: true}); err == nil {
			t.Errorf("DB.Backup onto the database itself (%s) was made", self)
		}
	}
	if got := load(t, db, g.ID); got.Position != g.Position {
		t.Errorf("the database changed: %+v", got)
	}

	if r, err := Backup(ctx, source, existing, BackupOptions{Replace: true}); err != nil || r.Games != 1 {
		t.Fatalf("with Replace: %+v, %v", r, err)
	}
	if got := load(t, openSource(t, existing), g.ID); got.Position != g.Position {
		t.Errorf("the replaced backup holds %+v", got)
	}
	viaDB := filepath.Join(dir, "via-db.db")
	if r, err := db.Backup(ctx, viaDB, BackupOptions{}); err != nil || r.Games != 1 || r.Path != viaDB {
		t.Fatalf("DB.Backup: %+v, %v", r, err)
	}
	if got := load(t, openSource(t, viaDB), g.ID); got.Position != g.Position {
		t.Errorf("DB.Backup's copy holds %+v", got)
	}
	if entries, _ := filepath.Glob(filepath.Join(dir, ".*.partial-*")); len(entries) > 0 {
		t.Errorf("left behind: %v", entries)
	}
}

// DB.Backup of a PostgreSQL database refuses, saying pg_dump.
func TestBackupPostgres(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		if !db.Postgres() {
			return
		}
		if _, err := db.Backup(t.Context(), filepath.Join(t.TempDir(), "x.db"), BackupOptions{}); !errors.Is(err, ErrPostgresBackup) {
			t.Errorf("%v, want ErrPostgresBackup", err)
		}
	})
}

// Backup never migrates the database it copies: one left at an older
// schema by the Parlor running on it (a backup is taken before an upgrade)
// is copied as it is, and stays so.
func TestBackupDoesNotMigrate(t *testing.T) {
	source := filepath.Join(t.TempDir(), "parlor.db")
	db := openSource(t, source)
	newGame(t, db, "kimbo", "c", "u1", "u2")
	// As if the last migration were still to come.
	if _, err := db.SQL().Exec("DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)"); err != nil {
		t.Fatal(err)
	}
	before := migrationRows(t, db.SQL())
	to := filepath.Join(t.TempDir(), "backup.db")
	if _, err := Backup(t.Context(), source, to, BackupOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := migrationRows(t, db.SQL()); !reflect.DeepEqual(got, before) {
		t.Errorf("the database's migrations after the backup: %v, want %v", got, before)
	}
	raw, err := sql.Open("sqlite3", to)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if got := migrationRows(t, raw); !reflect.DeepEqual(got, before) {
		t.Errorf("the backup's migrations: %v, want %v", got, before)
	}
}
