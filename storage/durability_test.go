package storage

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/mattn/go-sqlite3"
)

// Drivers whose connections behave like a database that cannot be written:
// on a disk with room for two pages, and read-only to this process (as
// another user's file is, which root cannot reproduce with permission bits).
func init() {
	sql.Register("sqlite3_full", &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		_, err := c.Exec("PRAGMA max_page_count = 2", nil)
		return err
	}})
	sql.Register("sqlite3_query_only", &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		_, err := c.Exec("PRAGMA query_only = 1", nil)
		return err
	}})
}

// Every pooled connection commits with synchronous=FULL in WAL mode, so that
// a move the player was told about survives a power loss.
func TestSynchronousFull(t *testing.T) {
	ctx := t.Context()
	db := openPath(t, filepath.Join(t.TempDir(), "parlor.db"), OpenOptions{})
	for i := range 3 {
		conn, err := db.SQL().Conn(ctx) // held, so each is a different connection
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var journal string
		var sync int
		if err := conn.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&journal); err != nil {
			t.Fatal(err)
		}
		if err := conn.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync); err != nil {
			t.Fatal(err)
		}
		if journal != "wal" || sync != 2 {
			t.Errorf("connection %d: journal_mode %s, synchronous %d; want wal and 2 (FULL)", i, journal, sync)
		}
	}
	if n := db.SQL().Stats().OpenConnections; n < 3 {
		t.Errorf("%d connections open, want 3", n)
	}
}

// wantOpenError opens path with opts and checks that it fails with an error
// that is every one of want and none of notWant.
func wantOpenError(t *testing.T, path string, opts OpenOptions, want, notWant []error, says string) error {
	t.Helper()
	db, err := OpenWith(t.Context(), path, opts)
	if err == nil {
		db.Close()
		t.Fatalf("Open(%s): no error", path)
	}
	t.Logf("Open: %v", err)
	for _, w := range want {
		if !errors.Is(err, w) {
			t.Errorf("Open(%s) = %q, want it to be %q", path, err, w)
		}
	}
	for _, w := range notWant {
		if errors.Is(err, w) {
			t.Errorf("Open(%s) = %q, want it not to be %q", path, err, w)
		}
	}
	if !strings.Contains(err.Error(), says) || strings.Contains(err.Error(), "\n") {
		t.Errorf("Open(%s) = %q, want one line saying %q", path, err, says)
	}
	return err
}

// made creates a Parlor database at path and closes it.
func made(t *testing.T, path string) {
	t.Helper()
	db, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

// files lists the names in dir.
func files(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// A database in a directory that does not exist is ErrNoDirectory, and
// Open creates nothing.
func TestOpenMissingDirectory(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "nope", "parlor.db")
	wantOpenError(t, path, OpenOptions{}, []error{ErrUnwritable, ErrNoDirectory}, []error{ErrReadOnly, ErrCorrupt},
		"the directory "+filepath.Join(dir, "nope")+" does not exist")
	if got := files(t, dir); len(got) != 0 {
		t.Errorf("Open left %v behind", got)
	}
	// A file where the directory should be is no better.
	if err := os.WriteFile(filepath.Join(dir, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	wantOpenError(t, filepath.Join(dir, "file", "parlor.db"), OpenOptions{}, []error{ErrUnwritable, ErrNoDirectory}, nil, filepath.Join(dir, "file")+" is not a directory")
}

// A database file without write bits is ErrReadOnly, though root could
// write it; it is left as it was.
func TestOpenReadOnlyFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "parlor.db")
	made(t, path)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	wantOpenError(t, path, OpenOptions{}, []error{ErrUnwritable, ErrReadOnly}, []error{ErrReadOnlyDir, ErrNoDirectory},
		"the file "+path+" is read-only (mode 0444)")
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before, after) {
		t.Error("the read-only file changed")
	}
	if got := files(t, dir); !reflect.DeepEqual(got, []string{"parlor.db"}) {
		t.Errorf("directory holds %v, want only parlor.db", got)
	}
	// A read-only -wal beside a writable database is refused too.
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+"-wal", nil, 0o444); err != nil {
		t.Fatal(err)
	}
	wantOpenError(t, path, OpenOptions{}, []error{ErrUnwritable, ErrReadOnly}, nil, "the file "+path+"-wal is read-only")
}

// A directory without write bits is ErrReadOnlyDir (and ErrReadOnly): SQLite
// must create the -wal and -shm files there.
func TestOpenReadOnlyDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "parlor.db")
	made(t, path)
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	wantOpenError(t, path, OpenOptions{}, []error{ErrUnwritable, ErrReadOnly, ErrReadOnlyDir}, []error{ErrNoDirectory},
		"the directory "+dir+" is read-only (mode 0555)")
	if got := files(t, dir); !reflect.DeepEqual(got, []string{"parlor.db"}) {
		t.Errorf("directory holds %v, want only parlor.db", got)
	}
	// Nor can a new database be made there.
	wantOpenError(t, filepath.Join(dir, "new.db"), OpenOptions{}, []error{ErrUnwritable, ErrReadOnlyDir}, nil, "is read-only")
}

// A file the process may read but not write, which SQLite opens read-only
// without complaint, fails at Open rather than at the first move.
func TestOpenReadOnlyToSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parlor.db")
	made(t, path)
	wantOpenError(t, path, OpenOptions{driver: "sqlite3_query_only"}, []error{ErrUnwritable, ErrReadOnly}, []error{ErrReadOnlyDir},
		"write check: the database could not be written: it is read-only")
}

// A full disk at Open is ErrFull.
func TestOpenFullDisk(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parlor.db")
	wantOpenError(t, path, OpenOptions{driver: "sqlite3_full"}, []error{ErrUnwritable, ErrFull}, []error{ErrReadOnly, ErrCorrupt},
		"the disk is full")
}

// A database migrated by a newer Parlor is ErrNewerSchema, and is not
// touched.
func TestOpenNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parlor.db")
	db := openPath(t, path, OpenOptions{})
	if _, err := db.SQL().Exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, '0099_future.sql', 0)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	wantOpenError(t, path, OpenOptions{}, []error{ErrNewerSchema}, []error{ErrUnwritable, ErrCorrupt},
		"it is at schema version 99, this program knows up to")
}

// A write that fails in play for lack of room is ErrUnwritable and ErrFull,
// and changes nothing; once there is room again play goes on.
func TestApplyFullDisk(t *testing.T) {
	ctx := t.Context()
	db := openTest(t)
	g := newGame(t, db, "kimbo", "c1", "u1", "u2")
	db.SQL().SetMaxOpenConns(1) // so the pragma below holds for every statement
	var pages int
	if err := db.SQL().QueryRowContext(ctx, "PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SQL().ExecContext(ctx, "PRAGMA max_page_count = 1"); err != nil { // as small as it may be now
		t.Fatal(err)
	}
	before := load(t, db, g.ID)
	big := strings.Repeat("x", 64<<10) // needs pages the file may not grow by
	_, err := db.Apply(ctx, Change{GameID: g.ID, Version: g.Version, Position: "after", Status: StatusActive,
		DrawOffer: NoDrawOffer, InteractionID: "i1", Entries: []Entry{{Seat: 0, Kind: EntryMove, Text: big}}})
	if !errors.Is(err, ErrUnwritable) || !errors.Is(err, ErrFull) || errors.Is(err, ErrConflict) {
		t.Fatalf("Apply on a full disk: got %v, want ErrUnwritable and ErrFull", err)
	}
	var se sqlite3.Error
	if !errors.As(err, &se) || se.Code != sqlite3.ErrFull {
		t.Errorf("Apply on a full disk: got %v, want SQLite's error kept in the chain", err)
	}
	if !strings.Contains(err.Error(), "the database could not be written: the disk is full") {
		t.Errorf("Apply on a full disk: got %q", err)
	}
	if after := load(t, db, g.ID); !reflect.DeepEqual(after, before) {
		t.Errorf("game changed:\n got %+v\nwant %+v", after, before)
	}
	if log := logOf(t, db, g.ID); len(log) != 0 {
		t.Errorf("log has %d entries, want none", len(log))
	}
	if done, err := db.Handled(ctx, "i1"); err != nil || done {
		t.Errorf("Handled(i1) = %v, %v; want false", done, err)
	}
	if _, err := db.SQL().ExecContext(ctx, "PRAGMA max_page_count = 1073741823"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Apply(ctx, Change{GameID: g.ID, Version: g.Version, Position: "after", Status: StatusActive,
		DrawOffer: NoDrawOffer, InteractionID: "i1", Entries: []Entry{{Seat: 0, Kind: EntryMove, Text: big}}}); err != nil {
		t.Fatalf("Apply with room again: %v", err)
	}
}

// classify tells SQLite's errors that mean the database cannot be written
// apart, and leaves the rest alone.
func TestClassifyUnwritable(t *testing.T) {
	tests := []struct {
		err  sqlite3.Error
		want []error // besides ErrUnwritable; nil for an error that is not ErrUnwritable
	}{
		{sqlite3.Error{Code: sqlite3.ErrFull, ExtendedCode: sqlite3.ErrNoExtended(sqlite3.ErrFull)}, []error{ErrFull}},
		{sqlite3.Error{Code: sqlite3.ErrIoErr, ExtendedCode: sqlite3.ErrIoErrWrite, SystemErrno: syscall.ENOSPC}, []error{ErrFull}},
		{sqlite3.Error{Code: sqlite3.ErrIoErr, ExtendedCode: sqlite3.ErrIoErrFsync, SystemErrno: syscall.EIO}, []error{ErrIO}},
		{sqlite3.Error{Code: sqlite3.ErrIoErr, ExtendedCode: sqlite3.ErrIoErrWrite, SystemErrno: syscall.EROFS}, []error{ErrReadOnly}},
		{sqlite3.Error{Code: sqlite3.ErrReadonly, ExtendedCode: sqlite3.ErrNoExtended(sqlite3.ErrReadonly)}, []error{ErrReadOnly}},
		{sqlite3.Error{Code: sqlite3.ErrReadonly, ExtendedCode: readOnlyDirectory}, []error{ErrReadOnly, ErrReadOnlyDir}},
		{sqlite3.Error{Code: sqlite3.ErrPerm}, []error{ErrReadOnly}},
		{sqlite3.Error{Code: sqlite3.ErrCantOpen, SystemErrno: syscall.EACCES}, []error{ErrReadOnly}},
		{sqlite3.Error{Code: sqlite3.ErrCantOpen, SystemErrno: syscall.ENOENT}, []error{ErrNoDirectory}},
		{sqlite3.Error{Code: sqlite3.ErrCantOpen, SystemErrno: syscall.EISDIR}, []error{}},
		{sqlite3.Error{Code: sqlite3.ErrBusy}, nil},
		{sqlite3.Error{Code: sqlite3.ErrConstraint}, nil},
		{sqlite3.Error{Code: sqlite3.ErrCorrupt}, nil},
	}
	specific := []error{ErrFull, ErrIO, ErrReadOnly, ErrReadOnlyDir, ErrNoDirectory}
	for _, tt := range tests {
		err := classify(tt.err)
		if !errors.Is(err, tt.err) {
			t.Errorf("classify(%v) = %v, lost the original", tt.err, err)
		}
		if errors.Is(err, ErrUnwritable) != (tt.want != nil) {
			t.Errorf("classify(%v) = %v: ErrUnwritable %v, want %v", tt.err, err, errors.Is(err, ErrUnwritable), tt.want != nil)
		}
		for _, s := range specific {
			if want := slices.Contains(tt.want, s); errors.Is(err, s) != want {
				t.Errorf("classify(%v) = %v: is %q %v, want %v", tt.err, err, s, !want, want)
			}
		}
		if again := classify(err); again != err {
			t.Errorf("classify twice: %v, want %v unchanged", again, err)
		}
	}
}
