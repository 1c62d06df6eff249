package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// The web page's personal links (see bot/weblinks.go): a link carries the
// generation of the member's links for its game when it was made, and
// opens the game only while that is still the stored one. Revoking bumps
// the generation in one statement, so two revocations at once are two
// bumps and a link made before either never opens again.

// WebGeneration is the generation of userID's links to gameID: 0 until
// the member first revokes them.
func (db *DB) WebGeneration(ctx context.Context, userID string, gameID int64) (int64, error) {
	var gen int64
	err := db.db.QueryRowContext(ctx, "SELECT generation FROM web_links WHERE user_id = ? AND game_id = ?", userID, gameID).Scan(&gen)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, nil
	case err != nil:
		return 0, fmt.Errorf("read the web links of %s to game %d: %w", userID, gameID, classify(err))
	}
	return gen, nil
}

// RevokeWeb revokes every link userID was given to gameID, by bumping the
// generation the links must carry; it returns the new generation, which
// the member's next link carries.
func (db *DB) RevokeWeb(ctx context.Context, userID string, gameID int64) (int64, error) {
	if userID == "" || gameID <= 0 {
		return 0, fmt.Errorf("revoke web links: %w", ErrInvalid)
	}
	var gen int64
	err := db.write(ctx, func(ctx context.Context, q querier) error {
		return q.QueryRowContext(ctx, `INSERT INTO web_links (user_id, game_id, generation) VALUES (?, ?, 1)
			ON CONFLICT (user_id, game_id) DO UPDATE SET generation = web_links.generation + 1 RETURNING generation`,
			userID, gameID).Scan(&gen)
	})
	if err != nil {
		return 0, fmt.Errorf("revoke the web links of %s to game %d: %w", userID, gameID, classify(err))
	}
	return gen, nil
}

// WebSecret is the key the web links are signed with when the operator
// sets none: made by fresh the first time any replica asks, and the same
// for every replica after (the first one stored wins a race).
func (db *DB) WebSecret(ctx context.Context, fresh func() (string, error)) (string, error) {
	var secret string
	err := db.db.QueryRowContext(ctx, "SELECT secret FROM web_secret WHERE id = 1").Scan(&secret)
	if err == nil {
		return secret, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("read the web links' key: %w", classify(err))
	}
	made, err := fresh()
	if err != nil {
		return "", fmt.Errorf("make the web links' key: %w", err)
	}
	err = db.write(ctx, func(ctx context.Context, q querier) error {
		if _, err := q.ExecContext(ctx, "INSERT INTO web_secret (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING", made); err != nil {
			return err
		}
		return q.QueryRowContext(ctx, "SELECT secret FROM web_secret WHERE id = 1").Scan(&secret)
	})
	if err != nil {
		return "", fmt.Errorf("store the web links' key: %w", classify(err))
	}
	return secret, nil
}

// versionsBatch is how many games one query of Versions reads: every
// query has this many marks (the unused ones ask for game 0, which never
// exists), so that it is prepared once and kept.
const versionsBatch = 64

// Versions reads the version of each game of ids that exists (a game
// deleted meanwhile is left out): the web pages of a process ask it a few
// times a second for the games they show, to learn of a move made by any
// door of any replica.
func (db *DB) Versions(ctx context.Context, ids []int64) (map[int64]int64, error) {
	out := make(map[int64]int64, len(ids))
	query := "SELECT id, version FROM games WHERE id IN (" + strings.TrimSuffix(strings.Repeat("?, ", versionsBatch), ", ") + ")"
	for len(ids) > 0 {
		n := min(len(ids), versionsBatch)
		args := make([]any, versionsBatch)
		for i := range args {
			args[i] = int64(0)
			if i < n {
				args[i] = ids[i]
			}
		}
		ids = ids[n:]
		if err := db.versionsOf(ctx, query, args, out); err != nil {
			return nil, fmt.Errorf("read the games' versions: %w", classify(err))
		}
	}
	return out, nil
}

// versionsOf runs one query of Versions into out.
func (db *DB) versionsOf(ctx context.Context, query string, args []any, out map[int64]int64) error {
	rows, err := db.db.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, v int64
		if err := rows.Scan(&id, &v); err != nil {
			return err
		}
		out[id] = v
	}
	return rows.Err()
}
