package storage

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver

	"parlor/migrations"
)

// ErrUnavailable means the database could not be reached (PostgreSQL gone
// away, restarting, out of connections): nothing was done; try again.
var ErrUnavailable = errors.New("the database cannot be reached")

// The pool settings a PostgreSQL URL may carry beside pgx's own, read by
// Parlor and taken out of the URL before pgx sees it.
const (
	poolMaxConns     = "pool_max_conns"      // connections open at most (default 10)
	poolMaxIdleConns = "pool_max_idle_conns" // idle connections kept (default 5)
	poolMaxLifetime  = "pool_max_conn_lifetime"
)

// openPostgres opens the PostgreSQL database at the URL source through
// pgx's database/sql driver, checks that it is empty or Parlor's, and
// applies the pending migrations under an advisory lock, so that replicas
// starting at once migrate once.
func openPostgres(ctx context.Context, source string) (*DB, error) {
	u, err := url.Parse(source)
	if err != nil {
		return nil, fmt.Errorf("open PostgreSQL: the URL does not read: %w", ErrInvalid)
	}
	shown := u.Redacted()
	q := u.Query()
	maxOpen, maxIdle, lifetime := 10, 5, 30*time.Minute
	for name, to := range map[string]*int{poolMaxConns: &maxOpen, poolMaxIdleConns: &maxIdle} {
		if v := q.Get(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("open %s: %s=%q is not a number of connections: %w", shown, name, v, ErrInvalid)
			}
			*to = n
		}
		q.Del(name)
	}
	if v := q.Get(poolMaxLifetime); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("open %s: %s=%q is not a duration like 30m: %w", shown, poolMaxLifetime, v, ErrInvalid)
		}
		lifetime = d
	}
	q.Del(poolMaxLifetime)
	u.RawQuery = q.Encode()
	if _, err := pgconn.ParseConfig(u.String()); err != nil {
		return nil, fmt.Errorf("open %s: %v: %w", shown, err, ErrInvalid)
	}
	sqldb, err := sql.Open("pgx", u.String())
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", shown, err)
	}
	sqldb.SetMaxOpenConns(maxOpen)
	sqldb.SetMaxIdleConns(min(maxIdle, maxOpen))
	sqldb.SetConnMaxLifetime(lifetime)
	db := &DB{db: sqlDB{DB: sqldb, postgres: true, stmts: &sync.Map{}}}
	if err := db.checkPostgres(ctx); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("open %s: %w", shown, err)
	}
	if err := migrateLocked(ctx, sqldb, migrations.Postgres, db.now); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("open %s: %w", shown, err)
	}
	if err := db.db.prepare(ctx, hotQueries...); err != nil {
		db.db.Close()
		return nil, fmt.Errorf("open %s: prepare: %w", shown, classify(err))
	}
	return db, nil
}

// checkPostgres makes sure the database answers and is either empty or
// Parlor's.
func (db *DB) checkPostgres(ctx context.Context) error {
	var tables, ours int
	err := db.db.QueryRowContext(ctx, `SELECT count(*), count(CASE WHEN table_name = 'schema_migrations' THEN 1 END)
		FROM information_schema.tables WHERE table_schema = current_schema()`).Scan(&tables, &ours)
	if err != nil {
		return classify(err)
	}
	if tables > 0 && ours == 0 {
		return fmt.Errorf("%w: its schema has tables but no schema_migrations", ErrCorrupt)
	}
	return nil
}

// classifyPostgres marks PostgreSQL's errors as the repository's: a
// serialization failure, deadlock or lock timeout is ErrBusy; a full disk
// or read-only server is ErrUnwritable; a server that cannot be reached is
// ErrUnavailable. It reports false for an error it does not know.
func classifyPostgres(err error) (error, bool) {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "40001", "40P01", "55P03", "57014": // serialization failure, deadlock, lock not available, query canceled
			return fmt.Errorf("%w: %w", ErrBusy, err), true
		case "53100": // disk full
			return &unwritable{detail: "the database server's disk is full", reasons: []error{ErrFull}, cause: err}, true
		case "25006": // read-only transaction (a standby)
			return &unwritable{detail: "the database server is read-only", reasons: []error{ErrReadOnly}, cause: err}, true
		case "57P01", "57P02", "57P03", "53300", "08000", "08003", "08006", "08001", "08004":
			// shut down, crashed, starting up, too many connections, connection failures
			return fmt.Errorf("%w: %w", ErrUnavailable, err), true
		}
		return err, false
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	if errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, driver.ErrBadConn) || pgconn.SafeToRetry(err) ||
		// A connection cut in the middle of an answer.
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.EPIPE) {
		return fmt.Errorf("%w: %w", ErrUnavailable, err), true
	}
	return err, false
}
