package storage

import (
	"context"
	"fmt"
)

// GamesInPlay counts the games being played (StatusActive), by kind: one
// query, cheap enough for every scrape of the metrics.
func (db *DB) GamesInPlay(ctx context.Context) (map[string]int, error) {
	rows, err := db.db.QueryContext(ctx, "SELECT kind, COUNT(*) FROM games WHERE status = 'active' GROUP BY kind")
	if err != nil {
		return nil, fmt.Errorf("count games in play: %w", classify(err))
	}
	defer rows.Close()
	byKind := map[string]int{}
	for rows.Next() {
		var kind string
		var n int
		if err := rows.Scan(&kind, &n); err != nil {
			return nil, fmt.Errorf("count games in play: %w", classify(err))
		}
		byKind[kind] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("count games in play: %w", classify(err))
	}
	return byKind, nil
}
