package storage

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"sync"
)

// The repository's SQL is written once, with ? for parameters, in the SQL
// both engines speak; sqlDB and sqlTx rewrite the parameters to $1, $2, …
// for PostgreSQL.

// sqlDB is the database handle, speaking the engine's dialect. Every
// query is prepared once and kept (stmts, by its text): a move runs the
// same few statements every time, and preparing them anew each time was
// a third of the cost of storing one.
type sqlDB struct {
	*sql.DB
	postgres bool
	stmts    *sync.Map // query text → *sql.Stmt
}

// stmt is query prepared, once.
func (d sqlDB) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if s, ok := d.stmts.Load(query); ok {
		return s.(*sql.Stmt), nil
	}
	s, err := d.DB.PrepareContext(ctx, bind(query, d.postgres))
	if err != nil {
		return nil, err
	}
	if old, loaded := d.stmts.LoadOrStore(query, s); loaded {
		s.Close()
		return old.(*sql.Stmt), nil
	}
	return s, nil
}

func (d sqlDB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	s, err := d.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return s.ExecContext(ctx, args...)
}

func (d sqlDB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	s, err := d.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return s.QueryContext(ctx, args...)
}

func (d sqlDB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	s, err := d.stmt(ctx, query)
	if err != nil {
		// A Row that carries the error: the caller's Scan reports it.
		return d.DB.QueryRowContext(ctx, bind(query, d.postgres), args...)
	}
	return s.QueryRowContext(ctx, args...)
}

func (d sqlDB) BeginTx(ctx context.Context, opts *sql.TxOptions) (sqlTx, error) {
	tx, err := d.DB.BeginTx(ctx, opts)
	return sqlTx{tx, d}, err
}

// Close closes the kept statements and the database.
func (d sqlDB) Close() error {
	d.stmts.Range(func(_, s any) bool {
		s.(*sql.Stmt).Close()
		return true
	})
	return d.DB.Close()
}

// sqlTx is a transaction, speaking the engine's dialect with the
// database's kept statements.
type sqlTx struct {
	*sql.Tx
	db sqlDB
}

func (t sqlTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if s, ok := t.kept(ctx, query); ok {
		return s.ExecContext(ctx, args...)
	}
	return t.Tx.ExecContext(ctx, bind(query, t.db.postgres), args...)
}

func (t sqlTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if s, ok := t.kept(ctx, query); ok {
		return s.QueryContext(ctx, args...)
	}
	return t.Tx.QueryContext(ctx, bind(query, t.db.postgres), args...)
}

func (t sqlTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if s, ok := t.kept(ctx, query); ok {
		return s.QueryRowContext(ctx, args...)
	}
	return t.Tx.QueryRowContext(ctx, bind(query, t.db.postgres), args...)
}

// kept is the database's kept statement for query, bound to the
// transaction, if it was prepared. A transaction never prepares one on the
// database itself: that would wait for a second connection while it holds
// one (and for ever with a pool of one).
func (t sqlTx) kept(ctx context.Context, query string) (*sql.Stmt, bool) {
	s, ok := t.db.stmts.Load(query)
	if !ok {
		return nil, false
	}
	return t.Tx.StmtContext(ctx, s.(*sql.Stmt)), true
}

// prepare keeps the statements of queries, for the transactions that run
// them often (storing a move).
func (d sqlDB) prepare(ctx context.Context, queries ...string) error {
	for _, q := range queries {
		if _, err := d.stmt(ctx, q); err != nil {
			return err
		}
	}
	return nil
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
