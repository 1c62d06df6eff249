package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// The reads and writes of one column that several methods make alike,
// written once here: a list of one column's values, and one setting of a
// user's.

// eachRow calls row for every row a query returned (rows and err, as
// QueryContext returns them), in order, until row fails, and closes the
// rows. It returns the query's error, row's, or the rows' own.
func eachRow(rows *sql.Rows, err error, row func(*sql.Rows) error) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// column reads the first and only column of every row a query returned
// (rows and err, as QueryContext returns them), in order.
func column[T any](rows *sql.Rows, err error) ([]T, error) {
	var out []T
	err = eachRow(rows, err, func(rows *sql.Rows) error {
		var v T
		err := rows.Scan(&v)
		out = append(out, v)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// userSetting reads one of the user's settings by query, which selects
// one column of user_settings by user_id: its zero value (the column's
// default) when the user has never set any.
func userSetting[T any](ctx context.Context, db *DB, userID, query string) (T, error) {
	var v T
	err := db.db.QueryRowContext(ctx, query, userID).Scan(&v)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		var zero T
		return zero, fmt.Errorf("load settings of user %s: %w", userID, classify(err))
	}
	return v, nil
}

// setUserFlag turns one of the user's on/off settings, the column name of
// user_settings, on or off. A user without settings yet gets a row with
// every other setting at its default; reminders_off, which has no default
// in the table, is false there (reminders on) unless it is the one set.
func (db *DB) setUserFlag(ctx context.Context, userID, name string, on bool) error {
	names, args := []string{"user_id", "reminders_off"}, []any{userID, false}
	if name == "reminders_off" {
		args[1] = on
	} else {
		names, args = append(names, name), append(args, on)
	}
	names, args = append(names, "updated_at"), append(args, millis(db.now()))
	err := db.write(ctx, func(ctx context.Context, q querier) error {
		_, err := q.ExecContext(ctx, "INSERT INTO user_settings ("+strings.Join(names, ", ")+") VALUES (?"+strings.Repeat(", ?", len(names)-1)+
			") ON CONFLICT (user_id) DO UPDATE SET "+name+" = excluded."+name+", updated_at = excluded.updated_at", args...)
		return err
	})
	if err != nil {
		return fmt.Errorf("set settings of user %s: %w", userID, classify(err))
	}
	return nil
}
