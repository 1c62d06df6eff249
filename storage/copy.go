package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// CopyReport says what Copy copied.
type CopyReport struct {
	Games, Seats, Entries, Interactions, ServerSettings, PlayerSettings, AwayPeriods, RemovedServers int
	// Tournaments counts the tournaments copied, with their entrants and
	// the marks of their games.
	Tournaments int
}

// ErrNotEmpty means a copy's target already holds games or settings.
var ErrNotEmpty = errors.New("the target database is not empty")

// Copy copies everything the database from holds into to, whatever their
// engines:
// every game with its id, version, seats, clock (so pending reminders and
// deadlines carry over) and move log, the handled interactions, the
// servers' and players' settings, the players' away periods and the
// servers that removed the bot (so that their games stay stopped and are
// purged in time). It refuses
// a target that holds any game or setting (ErrNotEmpty), and writes the
// target in one transaction: on any error nothing is copied.
func Copy(ctx context.Context, from, to *DB) (CopyReport, error) {
	var r CopyReport
	var n int
	err := to.db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM games) + (SELECT count(*) FROM guild_settings)
		+ (SELECT count(*) FROM user_settings) + (SELECT count(*) FROM interactions) + (SELECT count(*) FROM away_periods)
		+ (SELECT count(*) FROM removed_guilds)`).Scan(&n)
	if err != nil {
		return r, fmt.Errorf("copy: look at the target: %w", classify(err))
	}
	if n > 0 {
		return r, fmt.Errorf("copy: %w (%d rows of games, settings and interactions)", ErrNotEmpty, n)
	}
	if to.w != nil {
		// One transaction for the whole copy, which cannot share it:
		// the writer waits meanwhile.
		release, err := to.w.hold(ctx)
		if err != nil {
			return r, fmt.Errorf("copy: %w", err)
		}
		defer release()
	}
	tx, err := to.db.BeginTx(ctx, nil)
	if err != nil {
		return r, fmt.Errorf("copy: %w", classify(err))
	}
	defer tx.Rollback()
	for _, t := range copyTables {
		c, err := copyTable(ctx, from, tx, t)
		if err != nil {
			return r, fmt.Errorf("copy %s: %w", t.name, classify(err))
		}
		*t.count(&r) = c
	}
	if to.db.postgres {
		// Explicit ids leave the sequence behind: new games continue
		// after the copied ones.
		for _, table := range []string{"games", "tournaments"} {
			_, err := tx.ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('`+table+`', 'id'),
				COALESCE((SELECT MAX(id) FROM `+table+`), 0) + 1, false)`)
			if err != nil {
				return r, fmt.Errorf("copy: move the %s sequence on: %w", table, classify(err))
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return r, fmt.Errorf("copy: %w", classify(err))
	}
	return r, nil
}

// copyTable is one table to copy: its columns, and for each a value to
// scan into that both engines' drivers fill alike.
type copyTableSpec struct {
	name, order string
	columns     []string
	holders     func() []any
	count       func(*CopyReport) *int
}

// holders builds scan targets from a pattern: i for an integer, s for text,
// b for a boolean, S for nullable text, I for a nullable integer.
func holders(pattern string) func() []any {
	return func() []any {
		out := make([]any, len(pattern))
		for i, c := range pattern {
			switch c {
			case 'i':
				out[i] = new(int64)
			case 's':
				out[i] = new(string)
			case 'b':
				out[i] = new(bool)
			case 'S':
				out[i] = new(sql.NullString)
			case 'I':
				out[i] = new(sql.NullInt64)
			}
		}
		return out
	}
}

// copyTables are the tables Copy copies, every column of each. The one
// table left out is pace (the slow-down's counts), whose rows last ten
// seconds and are of no use to a bot started on the copy.
var copyTables = []copyTableSpec{
	{name: "games", order: "id", columns: []string{"id", "kind", "guild_id", "channel_id", "creator", "status", "position", "version",
		"draw_offer", "created_at", "updated_at", "thread_id", "turn_since", "reminders_sent", "remind_hours", "deadline_days",
		"paused_at", "pause_offer", "expires_at", "board_version", "live_channel", "live_message", "live_version", "replay_posted", "dice_seed", "dice_input", "takeback_offer", "takeback_agreed", "lang", "board_owed", "board_lead", "board_claim"},
		holders: holders("isssssssiiisiiiiiiiissiissiisisi"), count: func(r *CopyReport) *int { return &r.Games }},
	{name: "seats", order: "game_id, seat", columns: []string{"game_id", "seat", "user_id", "name", "joined", "computer"},
		holders: holders("iissbs"), count: func(r *CopyReport) *int { return &r.Seats }},
	{name: "moves", order: "game_id, ply", columns: []string{"game_id", "ply", "seat", "kind", "text", "at", "interaction_id"},
		holders: holders("iiissiS"), count: func(r *CopyReport) *int { return &r.Entries }},
	{name: "interactions", order: "id", columns: []string{"id", "game_id", "at"},
		holders: holders("sIi"), count: func(r *CopyReport) *int { return &r.Interactions }},
	{name: "guild_settings", order: "guild_id", columns: []string{"guild_id", "remind_hours", "deadline_days", "invite_hours", "updated_at", "away_days", "language",
		"member_lobbies", "member_games", "server_lobbies", "server_games"},
		holders: holders("siiiiisiiii"), count: func(r *CopyReport) *int { return &r.ServerSettings }},
	{name: "user_settings", order: "user_id", columns: []string{"user_id", "reminders_off", "updated_at", "digest", "digest_at", "confirm_moves", "lang"},
		holders: holders("sbibibs"), count: func(r *CopyReport) *int { return &r.PlayerSettings }},
	{name: "away_periods", order: "guild_id, user_id, starts_at", columns: []string{"guild_id", "user_id", "starts_at", "ends_at", "days"},
		holders: holders("ssiii"), count: func(r *CopyReport) *int { return &r.AwayPeriods }},
	{name: "removed_guilds", order: "guild_id", columns: []string{"guild_id", "removed_at", "purge_claim"},
		holders: holders("sii"), count: func(r *CopyReport) *int { return &r.RemovedServers }},
	{name: "tournaments", order: "id", columns: []string{"id", "guild_id", "channel_id", "thread_id", "message_id", "kind", "format", "per_game",
		"rounds", "twice", "deadline_days", "starts_at", "creator", "status", "round", "reported", "version", "takebacks", "pauses", "lang", "created_at"},
		holders: holders("isssssssiibiisiiibbsi"), count: func(r *CopyReport) *int { return &r.Tournaments }},
	{name: "tournament_entrants", order: "tournament_id, ord", columns: []string{"tournament_id", "member", "name", "computer", "ord", "left_event"},
		holders: holders("isssib"), count: func(r *CopyReport) *int { return new(int) }},
	{name: "tournament_games", order: "game_id", columns: []string{"game_id", "tournament_id", "round", "board"},
		holders: holders("iiii"), count: func(r *CopyReport) *int { return new(int) }},
}

func copyTable(ctx context.Context, from *DB, to sqlTx, t copyTableSpec) (int, error) {
	cols := ""
	marks := ""
	for i, c := range t.columns {
		if i > 0 {
			cols += ", "
			marks += ", "
		}
		cols += c
		marks += "?"
	}
	rows, err := from.db.QueryContext(ctx, "SELECT "+cols+" FROM "+t.name+" ORDER BY "+t.order)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	insert := "INSERT INTO " + t.name + " (" + cols + ") VALUES (" + marks + ")"
	n := 0
	for rows.Next() {
		vals := t.holders()
		if err := rows.Scan(vals...); err != nil {
			return n, err
		}
		args := make([]any, len(vals))
		for i, v := range vals {
			switch v := v.(type) {
			case *int64:
				args[i] = *v
			case *string:
				args[i] = *v
			case *bool:
				args[i] = *v
			case *sql.NullString:
				args[i] = *v
			case *sql.NullInt64:
				args[i] = *v
			}
		}
		if _, err := to.ExecContext(ctx, insert, args...); err != nil {
			return n, err
		}
		n++
	}
	return n, rows.Err()
}
