package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mattn/go-sqlite3"

	"parlor/migrations"
)

// Errors returned by DB methods, wrapped with context; check them with
// errors.Is. First, what a caller asked for that cannot be done.
var (
	// ErrNotFound means the game does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict means the version guard failed: someone else changed the
	// game after the caller loaded it.
	ErrConflict = errors.New("the game changed meanwhile")
	// ErrDuplicate means the interaction was already handled.
	ErrDuplicate = errors.New("interaction already handled")
	// ErrInvalid means a value cannot be stored, such as an unknown status or
	// entry kind.
	ErrInvalid = errors.New("invalid")
)

// Errors of the database itself: one that is not Parlor's or is too new
// for this program, and one another connection holds.
var (
	// ErrBusy means the database stayed locked by another connection for
	// longer than the busy timeout.
	ErrBusy = errors.New("database busy")
	// ErrCorrupt means the file is not a Parlor database or is damaged.
	ErrCorrupt = errors.New("not a Parlor database or corrupt")
	// ErrNewerSchema means the database was migrated by a newer Parlor,
	// to a schema version this program does not know.
	ErrNewerSchema = errors.New("the database was made by a newer version of Parlor")
)

// Errors of a write the file, its directory or the disk refuses.
var (
	// ErrUnwritable means the database could not be written, for a reason
	// that is not ErrBusy, ErrConflict, ErrDuplicate or ErrNotFound: the
	// file, its directory or the disk refuses the write. Open returns it
	// when the database cannot be used, and every method that writes
	// returns it when a write fails so. The error carries, where known,
	// one of the more specific errors below too.
	ErrUnwritable = errors.New("the database could not be written")
	// ErrReadOnly means the database file, its directory or the file
	// system may not be written by this process.
	ErrReadOnly = errors.New("read-only")
	// ErrReadOnlyDir means the directory of the database may not be
	// written, so SQLite cannot create the file or its -wal and -shm files
	// beside it. Errors that are ErrReadOnlyDir are ErrReadOnly too.
	ErrReadOnlyDir = errors.New("read-only directory")
	// ErrNoDirectory means the directory meant to hold the database does
	// not exist.
	ErrNoDirectory = errors.New("no such directory")
	// ErrFull means the disk (or the user's quota) is full.
	ErrFull = errors.New("disk full")
	// ErrIO means the disk reported an input/output error.
	ErrIO = errors.New("disk I/O error")
)

// readOnlyDirectory is SQLITE_READONLY_DIRECTORY, which go-sqlite3 does not
// name: the database cannot be written because its directory cannot.
var readOnlyDirectory = sqlite3.ErrReadonly.Extend(6)

// DefaultBusyTimeout is how long a statement waits for a lock held by
// another process (or another DB open on the same file) before failing
// with ErrBusy, unless OpenOptions says otherwise. The writes of one DB
// never wait for each other so: they go through its one writer.
const DefaultBusyTimeout = 5 * time.Second

// DB is Parlor's game repository over one SQLite file or one PostgreSQL
// database. It is safe for concurrent use.
type DB struct {
	// Now gives the time for every timestamp written; nil means time.Now.
	// Set it before use, not concurrently with other calls.
	Now func() time.Time

	db sqlDB
	// w is the writer every write goes through (SQLite); nil for
	// PostgreSQL, whose writes each run on their own.
	w *writer
	// purgeBatch is how many games a purge deletes a transaction; 0
	// means DefaultPurgeBatch (tests make it small).
	purgeBatch int
	// paces are SQLite's counts of the slow-down (see Pace).
	paces paces
}

// OpenOptions tunes OpenWith.
type OpenOptions struct {
	// BusyTimeout is how long a statement waits for a lock held by another
	// process before failing with ErrBusy. Zero means DefaultBusyTimeout.
	BusyTimeout time.Duration

	// driver is the database/sql driver name; "" means go-sqlite3's
	// "sqlite3". Tests set it to a driver with a ConnectHook.
	driver string
}

// Open opens (creating it if needed) the SQLite database at path, checks
// that it is a sound Parlor database that can be written, and applies any
// pending migrations.
//
// A database that cannot be used is an error that is one of: ErrUnwritable
// together with ErrNoDirectory, ErrReadOnly (and ErrReadOnlyDir), ErrFull or
// ErrIO; ErrCorrupt; ErrNewerSchema; ErrBusy.
func Open(ctx context.Context, path string) (*DB, error) {
	return OpenWith(ctx, path, OpenOptions{})
}

// OpenWith is Open with options.
func OpenWith(ctx context.Context, path string, opts OpenOptions) (*DB, error) {
	if path == "" {
		return nil, fmt.Errorf("open database: empty path: %w", ErrInvalid)
	}
	if IsPostgres(path) {
		return openPostgres(ctx, path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := writable(abs); err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	source := dsn(abs, opts.BusyTimeout)
	driver := opts.driver
	if driver == "" {
		driver = "sqlite3"
	}
	sqldb, err := sql.Open(driver, source)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	db := &DB{db: sqlDB{DB: sqldb, stmts: &sync.Map{}}}
	if err := db.check(ctx); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("open %s: %w", path, explain(abs, err))
	}
	if err := migrate(ctx, sqldb, migrations.SQLite, db.now, false); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("open %s: %w", path, explain(abs, err))
	}
	if err := db.db.prepare(ctx, slices.Concat(hotQueries, groupQueries)...); err != nil {
		db.db.Close()
		return nil, fmt.Errorf("open %s: prepare: %w", path, classify(err))
	}
	db.w = newWriter(db.db)
	// A file this process may read but not write (another user's, or on a
	// read-only mount) opens read-only without complaint, and a database
	// already migrated and in WAL mode is not written above: ask for a
	// write, which changes nothing, so that it fails now rather than at
	// the first move.
	if _, err := sqldb.ExecContext(ctx, "UPDATE schema_migrations SET name = name WHERE 0"); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("open %s: write check: %w", path, explain(abs, classify(err)))
	}
	return db, nil
}

// writable checks, before SQLite opens the database at path (absolute),
// that its directory exists and that neither the directory nor the file,
// nor its -wal and -shm files where they exist, lack every write bit. Root
// may write where no write bit is set, and SQLite would, but a database its
// owner made read-only is a mistake to report, not to use. SQLite's own
// errors catch what the bits do not show (another user's file, a read-only
// mount).
func writable(path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return &unwritable{detail: "the directory " + dir + " does not exist", reasons: []error{ErrNoDirectory}}
	case err != nil:
		return &unwritable{detail: "cannot look at the directory " + dir, cause: err}
	case !fi.IsDir():
		return &unwritable{detail: dir + " is not a directory", reasons: []error{ErrNoDirectory}}
	case fi.Mode().Perm()&0o222 == 0:
		return &unwritable{detail: fmt.Sprintf("the directory %s is read-only (mode %04o), and SQLite must create the database and its -wal and -shm files in it",
			dir, fi.Mode().Perm()), reasons: []error{ErrReadOnly, ErrReadOnlyDir}}
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		fi, err := os.Stat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			return &unwritable{detail: "cannot look at " + p, cause: err}
		case fi.IsDir():
			return fmt.Errorf("%s is a directory, not a database file: %w", p, ErrInvalid)
		case fi.Mode().Perm()&0o222 == 0:
			return &unwritable{detail: fmt.Sprintf("the file %s is read-only (mode %04o)", p, fi.Mode().Perm()),
				reasons: []error{ErrReadOnly}}
		}
	}
	return nil
}

// explain makes SQLite's "unable to open database file" at Open specific
// where the file system tells more: when the file does not exist, SQLite
// says "no such file" whether the directory is missing or it may not create
// the file there.
func explain(path string, err error) error {
	var se sqlite3.Error
	if !errors.As(err, &se) || se.Code != sqlite3.ErrCantOpen {
		return err
	}
	if _, serr := os.Stat(path); !errors.Is(serr, fs.ErrNotExist) {
		return err
	}
	dir := filepath.Dir(path)
	if _, serr := os.Stat(dir); errors.Is(serr, fs.ErrNotExist) {
		return &unwritable{detail: "the directory " + dir + " does not exist", reasons: []error{ErrNoDirectory}, cause: se}
	}
	return &unwritable{detail: "the database cannot be created in the directory " + dir,
		reasons: []error{ErrReadOnly, ErrReadOnlyDir}, cause: se}
}

// unwritable is an ErrUnwritable error: it matches ErrUnwritable, its
// reasons and its cause with errors.Is.
type unwritable struct {
	detail  string  // what is wrong, in words
	reasons []error // the specific errors, such as ErrFull; may be empty
	cause   error   // the error seen, such as SQLite's; may be nil
}

func (e *unwritable) Error() string {
	s := ErrUnwritable.Error() + ": " + e.detail
	if e.cause != nil {
		s += " (" + e.cause.Error() + ")"
	}
	return s
}

func (e *unwritable) Unwrap() []error {
	errs := append([]error{ErrUnwritable}, e.reasons...)
	if e.cause != nil {
		errs = append(errs, e.cause)
	}
	return errs
}

// dsn makes go-sqlite3's data source name for the absolute path abs: a
// file: URI whose query carries the pragmas, so every pooled connection gets
// them.
func dsn(abs string, busy time.Duration) string {
	if busy <= 0 {
		busy = DefaultBusyTimeout
	}
	ms := max(busy.Milliseconds(), 1)
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	// In WAL mode go-sqlite3 sets synchronous=NORMAL unless told otherwise,
	// and then a commit does not wait for the disk: the last moves can be
	// lost on power loss or an OS crash although the player was told they
	// were made. FULL syncs the WAL at every commit, so a move confirmed is
	// a move kept. It costs a sync per commit, which a game's pace affords.
	q.Set("_synchronous", "FULL")
	q.Set("_busy_timeout", strconv.FormatInt(ms, 10))
	q.Set("_foreign_keys", "on")
	q.Set("_txlock", "immediate")
	p := (&url.URL{Path: filepath.ToSlash(abs)}).EscapedPath()
	if !strings.HasPrefix(p, "/") { // a Windows drive letter
		p = "/" + p
	}
	return "file:" + p + "?" + q.Encode()
}

// check makes sure the file is an SQLite database in good health, and either
// empty or Parlor's.
func (db *DB) check(ctx context.Context) error {
	if err := db.db.PingContext(ctx); err != nil {
		return corrupt(err)
	}
	rows, err := db.db.QueryContext(ctx, "PRAGMA quick_check")
	if err != nil {
		return corrupt(err)
	}
	var problems []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return corrupt(err)
		}
		if s != "ok" && len(problems) < 5 {
			problems = append(problems, s)
		}
	}
	if err := rows.Err(); err != nil {
		return corrupt(err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", ErrCorrupt, strings.Join(problems, "; "))
	}
	var tables, ours int
	err = db.db.QueryRowContext(ctx, `SELECT count(*), count(CASE WHEN name = 'schema_migrations' THEN 1 END)
		FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\'`).Scan(&tables, &ours)
	if err != nil {
		return corrupt(err)
	}
	if tables > 0 && ours == 0 {
		return fmt.Errorf("%w: it has tables but no schema_migrations", ErrCorrupt)
	}
	return nil
}

// corrupt marks SQLite's "not a database" and "malformed" errors as ErrCorrupt.
func corrupt(err error) error {
	var se sqlite3.Error
	if errors.As(err, &se) && (se.Code == sqlite3.ErrNotADB || se.Code == sqlite3.ErrCorrupt) {
		return fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return classify(err)
}

// classify marks SQLite's busy and locked errors as ErrBusy, and its errors
// that say the database cannot be written (full, I/O error, read-only,
// cannot open, permission) as ErrUnwritable with the specific error, such
// as ErrFull, keeping the original error in the chain too.
func classify(err error) error {
	if err == nil || errors.Is(err, ErrBusy) || errors.Is(err, ErrUnwritable) || errors.Is(err, ErrUnavailable) {
		return err
	}
	if c, ok := classifyPostgres(err); ok {
		return c
	}
	var se sqlite3.Error
	if !errors.As(err, &se) {
		return err
	}
	by := func(detail string, reasons ...error) error {
		return &unwritable{detail: detail, reasons: reasons, cause: err}
	}
	errno := se.SystemErrno // set for SQLITE_CANTOPEN and SQLITE_IOERR only
	switch se.Code {
	case sqlite3.ErrBusy, sqlite3.ErrLocked:
		return fmt.Errorf("%w: %w", ErrBusy, err)
	case sqlite3.ErrFull:
		return by("the disk is full", ErrFull)
	case sqlite3.ErrReadonly:
		if se.ExtendedCode == readOnlyDirectory {
			return by("its directory is read-only", ErrReadOnly, ErrReadOnlyDir)
		}
		return by("it is read-only", ErrReadOnly)
	case sqlite3.ErrPerm:
		return by("permission denied", ErrReadOnly)
	case sqlite3.ErrCantOpen:
		switch {
		case errors.Is(errno, fs.ErrPermission) || errno == syscall.EROFS:
			return by("it cannot be opened for writing", ErrReadOnly)
		case errors.Is(errno, fs.ErrNotExist):
			return by("it or its directory does not exist", ErrNoDirectory)
		}
		return by("it cannot be opened")
	case sqlite3.ErrIoErr:
		switch errno {
		case syscall.ENOSPC, syscall.EDQUOT:
			return by("the disk is full", ErrFull)
		case syscall.EROFS:
			return by("the file system is read-only", ErrReadOnly)
		}
		return by("the disk reported an I/O error", ErrIO)
	}
	return err
}

// Ping reports whether the database answers a query.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	if err := db.db.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("ping the database: %w", classify(err))
	}
	return nil
}

// Close closes the database.
func (db *DB) Close() error {
	return db.db.Close()
}

// SQL returns the underlying database handle, for tests and tools. Writes
// made through it do not go through the writer (see Apply): with SQLite
// they wait for its commits in SQLite's busy handler.
func (db *DB) SQL() *sql.DB {
	return db.db.DB
}

// Postgres reports whether the database is PostgreSQL (else SQLite).
func (db *DB) Postgres() bool {
	return db.db.postgres
}

func (db *DB) now() time.Time {
	if db.Now != nil {
		return db.Now()
	}
	return time.Now()
}

// millis and fromMillis convert between times and the stored unix milliseconds.
func millis(t time.Time) int64 { return t.UnixMilli() }

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// optMillis is t in unix milliseconds, or 0 for the zero time.
func optMillis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return millis(t)
}

// optTime reads optMillis.
func optTime(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return fromMillis(ms)
}
