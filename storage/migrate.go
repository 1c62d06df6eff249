package storage

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"time"
)

// migration is one numbered SQL file.
type migration struct {
	version int
	name    string // the file name, such as 0001_init.sql
	sql     string
}

// handle is what migrations run on: the database, or one connection of it.
type handle interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

// migrationLock is the PostgreSQL advisory lock that replicas starting at
// once take, one at a time, to migrate.
const migrationLock = 0x7061726c6f72 // "parlor"

// migrateLocked migrates a PostgreSQL database under the advisory lock, so
// that replicas starting at once apply each migration once.
func migrateLocked(ctx context.Context, db *sql.DB, fsys fs.FS, now func() time.Time) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", classify(err))
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", migrationLock); err != nil {
		return fmt.Errorf("migrate: take the migration lock: %w", classify(err))
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", migrationLock)
	return migrate(ctx, conn, fsys, now, true)
}

// migrate applies the migrations in fsys that db has not applied yet, as
// Open does; now stamps each, and postgres says which dialect db speaks.
//
// Migrations are the files *.sql at the root of fsys, named
// NNNN_description.sql and numbered 1, 2, 3… without gaps or repeats. Each is
// applied in its own transaction together with its row in schema_migrations
// (version, name, applied_at), so running it twice changes nothing. A
// database that has applied versions fsys does not have (made by a newer
// program) is an error that is ErrNewerSchema.
func migrate(ctx context.Context, db handle, fsys fs.FS, now func() time.Time, postgres bool) error {
	list, err := readMigrations(fsys)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	_, err = db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at BIGINT  NOT NULL
	)`)
	if err != nil {
		return fmt.Errorf("migrate: create schema_migrations: %w", classify(err))
	}
	var latest int
	err = db.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&latest)
	if err != nil {
		return fmt.Errorf("migrate: read schema_migrations: %w", classify(err))
	}
	if latest > len(list) {
		return fmt.Errorf("migrate: %w: it is at schema version %d, this program knows up to %d", ErrNewerSchema, latest, len(list))
	}
	for _, m := range list[latest:] {
		if err := apply(ctx, db, m, now, postgres); err != nil {
			return fmt.Errorf("migrate: %s: %w", m.name, classify(err))
		}
	}
	return nil
}

// apply runs one migration and records it, unless another process did first.
func apply(ctx context.Context, db handle, m migration, now func() time.Time, postgres bool) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var done bool
	err = tx.QueryRowContext(ctx, bind("SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE version = ?)", postgres), m.version).Scan(&done)
	if err != nil || done {
		return err
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, bind("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", postgres),
		m.version, m.name, millis(now()))
	if err != nil {
		return err
	}
	return tx.Commit()
}

// readMigrations reads and orders the migrations of fsys, refusing badly
// named files, gaps and repeated numbers.
func readMigrations(fsys fs.FS) ([]migration, error) {
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return nil, err
	}
	var list []migration
	for _, name := range names {
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 || strings.TrimLeft(num, "0123456789") != "" {
			return nil, fmt.Errorf("%s: want a name like 0001_description.sql", name)
		}
		text, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		list = append(list, migration{version: v, name: name, sql: string(text)})
	}
	slices.SortFunc(list, func(a, b migration) int { return a.version - b.version })
	for i, m := range list {
		switch {
		case i > 0 && m.version == list[i-1].version:
			return nil, fmt.Errorf("%s and %s have the same number", list[i-1].name, m.name)
		case m.version != i+1:
			return nil, fmt.Errorf("%s: migration %d is missing", m.name, i+1)
		}
	}
	return list, nil
}
