package storagetest

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
)

// Traces dumps every table of db, a Parlor database of either engine
// (postgres says which), and returns, for each value that holds one of
// needles, where: "table.column = value". Its tables come from the
// database's own catalog (sqlite_master, information_schema), so that a
// table added later is searched too. Every column is searched, its value
// as text.
func Traces(ctx context.Context, db *sql.DB, postgres bool, needles ...string) ([]string, error) {
	list := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY name`
	if postgres {
		list = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
	}
	rows, err := db.QueryContext(ctx, list)
	if err != nil {
		return nil, fmt.Errorf("list the tables: %w", err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return nil, err
		}
		tables = append(tables, name)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(tables) == 0 {
		return nil, fmt.Errorf("no tables found")
	}
	var found []string
	for _, table := range tables {
		rows, err := db.QueryContext(ctx, `SELECT * FROM "`+table+`"`)
		if err != nil {
			return nil, fmt.Errorf("dump %s: %w", table, err)
		}
		cols, err := rows.Columns()
		if err != nil {
			rows.Close()
			return nil, err
		}
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				return nil, fmt.Errorf("dump %s: %w", table, err)
			}
			for i, v := range vals {
				var s string
				switch v := v.(type) {
				case nil:
					continue
				case []byte:
					s = string(v)
				default:
					s = fmt.Sprint(v)
				}
				if slices.ContainsFunc(needles, func(n string) bool { return n != "" && strings.Contains(s, n) }) {
					found = append(found, fmt.Sprintf("%s.%s = %q", table, cols[i], s))
				}
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("dump %s: %w", table, err)
		}
	}
	return found, nil
}
