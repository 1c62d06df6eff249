package storage

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
)

// The repository's SQL is written once, with ? for parameters, in the SQL
// both engines speak; sqlDB and sqlTx rewrite the parameters to $1, $2, …
// for PostgreSQL.

// sqlDB is the database handle, speaking the engine's dialect.
type sqlDB struct {
	*sql.DB
	postgres bool
}

func (d sqlDB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return d.DB.ExecContext(ctx, bind(query, d.postgres), args...)
}

func (d sqlDB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return d.DB.QueryContext(ctx, bind(query, d.postgres), args...)
}

func (d sqlDB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return d.DB.QueryRowContext(ctx, bind(query, d.postgres), args...)
}

func (d sqlDB) BeginTx(ctx context.Context, opts *sql.TxOptions) (sqlTx, error) {
	tx, err := d.DB.BeginTx(ctx, opts)
	return sqlTx{tx, d.postgres}, err
}

// sqlTx is a transaction, speaking the engine's dialect.
type sqlTx struct {
	*sql.Tx
	postgres bool
}

func (t sqlTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return t.Tx.ExecContext(ctx, bind(query, t.postgres), args...)
}

func (t sqlTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return t.Tx.QueryContext(ctx, bind(query, t.postgres), args...)
}

func (t sqlTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return t.Tx.QueryRowContext(ctx, bind(query, t.postgres), args...)
}

// bind rewrites query's ? parameters as $1, $2, … for PostgreSQL, leaving
// quoted text alone; for SQLite it is query.
func bind(query string, postgres bool) string {
	if !postgres || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	n, quoted := 0, false
	for _, r := range query {
		switch {
		case r == '\'':
			quoted = !quoted
		case r == '?' && !quoted:
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// IsPostgres reports whether a PARLOR_DB value names a PostgreSQL database
// (a postgres:// or postgresql:// URL) rather than a SQLite file.
func IsPostgres(source string) bool {
	return strings.HasPrefix(source, "postgres://") || strings.HasPrefix(source, "postgresql://")
}
