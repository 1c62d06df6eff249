package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3"

	"parlor/migrations"
)

// Errors returned by DB methods, wrapped with context; check them with errors.Is.
var (
	// ErrNotFound means the game does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict means the version guard failed: someone else changed the
	// game after the caller loaded it.
	ErrConflict = errors.New("the game changed meanwhile")
	// ErrDuplicate means the interaction was already handled.
	ErrDuplicate = errors.New("interaction already handled")
	// ErrBusy means the database stayed locked by another connection for
	// longer than the busy timeout.
	ErrBusy = errors.New("database busy")
	// ErrInvalid means a value cannot be stored, such as an unknown status or
	// entry kind.
	ErrInvalid = errors.New("invalid")
	// ErrCorrupt means the file is not a Parlor database or is damaged.
	ErrCorrupt = errors.New("not a Parlor database or corrupt")
)

// DefaultBusyTimeout is how long a statement waits for another connection's
// lock before failing with ErrBusy, unless OpenOptions says otherwise.
const DefaultBusyTimeout = 5 * time.Second

// DB is Parlor's game repository over one SQLite file. It is safe for
// concurrent use.
type DB struct {
	// Now gives the time for every timestamp written; nil means time.Now.
	// Set it before use, not concurrently with other calls.
	Now func() time.Time

	db *sql.DB
}

// OpenOptions tunes OpenWith.
type OpenOptions struct {
	// BusyTimeout is how long a statement waits for a lock held by another
	// connection before failing with ErrBusy. Zero means DefaultBusyTimeout.
	BusyTimeout time.Duration
}

// Open opens (creating it if needed) the SQLite database at path, checks
// that it is a sound Parlor database and applies any pending migrations.
func Open(ctx context.Context, path string) (*DB, error) {
	return OpenWith(ctx, path, OpenOptions{})
}

// OpenWith is Open with options.
func OpenWith(ctx context.Context, path string, opts OpenOptions) (*DB, error) {
	if path == "" {
		return nil, fmt.Errorf("open database: empty path: %w", ErrInvalid)
	}
	source, err := dsn(path, opts.BusyTimeout)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	sqldb, err := sql.Open("sqlite3", source)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	db := &DB{db: sqldb}
	if err := db.check(ctx); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := migrate(ctx, sqldb, migrations.FS, db.now); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return db, nil
}

// dsn makes go-sqlite3's data source name for path: a file: URI whose query
// carries the pragmas, so every pooled connection gets them.
func dsn(path string, busy time.Duration) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	if busy <= 0 {
		busy = DefaultBusyTimeout
	}
	ms := max(busy.Milliseconds(), 1)
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_busy_timeout", strconv.FormatInt(ms, 10))
	q.Set("_foreign_keys", "on")
	q.Set("_txlock", "immediate")
	p := (&url.URL{Path: filepath.ToSlash(abs)}).EscapedPath()
	if !strings.HasPrefix(p, "/") { // a Windows drive letter
		p = "/" + p
	}
	return "file:" + p + "?" + q.Encode(), nil
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

// classify marks SQLite's busy and locked errors as ErrBusy, keeping the
// original error in the chain too.
func classify(err error) error {
	var se sqlite3.Error
	if errors.As(err, &se) && (se.Code == sqlite3.ErrBusy || se.Code == sqlite3.ErrLocked) {
		return fmt.Errorf("%w: %w", ErrBusy, err)
	}
	return err
}

// Close closes the database.
func (db *DB) Close() error {
	return db.db.Close()
}

// SQL returns the underlying database handle, for tests and tools.
func (db *DB) SQL() *sql.DB {
	return db.db
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
