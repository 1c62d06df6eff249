package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// A server that removes the bot: once the bot learns it (MarkRemoved), the
// server's games are left out of every sweep (Due), so that nothing is
// reminded, timed out, played by a computer or posted for them. The mark
// is a row, so that every replica sees it. A server that adds the bot back
// clears it (MarkBack), and its games carry on as they were. Once the
// retention period has passed, a sweep claims the server (ClaimPurge) and
// deletes its games and everything tied only to them (PurgeRemoved), in
// batches of games, each its own transaction; an operator can do it at
// once (Purge).

// RemovedGuild is a server that removed the bot, and when that was learned.
type RemovedGuild struct {
	GuildID   string
	RemovedAt time.Time
}

// PurgeReport says what a purge deleted.
type PurgeReport struct {
	Games, Seats, Entries, Interactions, ServerSettings, AwayPeriods int
	// Tournaments are the server's tournaments deleted, with their
	// entrants (their games are among Games).
	Tournaments int
}

// String says the report in a line, for logs and the command line.
func (r PurgeReport) String() string {
	return fmt.Sprintf("%d games, %d seats, %d log entries, %d interactions, %d server settings, %d away periods",
		r.Games, r.Seats, r.Entries, r.Interactions, r.ServerSettings, r.AwayPeriods)
}

// DefaultPurgeBatch is how many games a purge deletes in one transaction:
// a server with many games is deleted in short transactions, none of which
// holds the database long.
const DefaultPurgeBatch = 200

// ErrNotRemoved means a purge of a removed server stopped because the
// server added the bot back meanwhile: what was deleted stays deleted,
// the rest stays.
var ErrNotRemoved = errors.New("the server has the bot again")

// MarkRemoved records that the server removed the bot, at the database's
// clock, unless it is marked already (the first time learned is kept). It
// reports whether the mark is new. A DM's games (guild "") cannot be
// marked.
func (db *DB) MarkRemoved(ctx context.Context, guildID string) (bool, error) {
	if guildID == "" {
		return false, fmt.Errorf("mark no server removed: %w", ErrInvalid)
	}
	one, err := db.changedOne(ctx, "INSERT INTO removed_guilds (guild_id, removed_at) VALUES (?, ?) ON CONFLICT (guild_id) DO NOTHING",
		guildID, millis(db.now()))
	if err != nil {
		return false, fmt.Errorf("mark server %s removed: %w", guildID, classify(err))
	}
	return one, nil
}

// MarkBack records that the server has the bot again: its mark goes, and
// its games are swept again as they were. It reports whether the server
// was marked.
func (db *DB) MarkBack(ctx context.Context, guildID string) (bool, error) {
	// Read first: every server the bot is in says so at every connection
	// (GUILD_CREATE), and nearly none is marked; only a mark is written.
	var marked bool
	err := db.db.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM removed_guilds WHERE guild_id = ?)", guildID).Scan(&marked)
	if err != nil || !marked {
		if err != nil {
			return false, fmt.Errorf("mark server %s back: %w", guildID, classify(err))
		}
		return false, nil
	}
	one, err := db.changedOne(ctx, "DELETE FROM removed_guilds WHERE guild_id = ?", guildID)
	if err != nil {
		return false, fmt.Errorf("mark server %s back: %w", guildID, classify(err))
	}
	return one, nil
}

// Removed lists the servers marked as having removed the bot, the longest
// removed first.
func (db *DB) Removed(ctx context.Context) ([]RemovedGuild, error) {
	rows, err := db.db.QueryContext(ctx, "SELECT guild_id, removed_at FROM removed_guilds ORDER BY removed_at, guild_id")
	if err != nil {
		return nil, fmt.Errorf("list removed servers: %w", classify(err))
	}
	defer rows.Close()
	var out []RemovedGuild
	for rows.Next() {
		var g RemovedGuild
		var at int64
		if err := rows.Scan(&g.GuildID, &at); err != nil {
			return nil, fmt.Errorf("list removed servers: %w", classify(err))
		}
		g.RemovedAt = fromMillis(at)
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list removed servers: %w", classify(err))
	}
	return out, nil
}

// ClaimPurge claims, for hold from now, the purge of a server that removed
// the bot at least retain ago and that nobody else holds: it returns the
// server, or ok false when there is none. Only the claimant purges it
// (PurgeRemoved), so that two sweeps never both do; a claimant that dies
// leaves the server to whoever claims it after hold.
func (db *DB) ClaimPurge(ctx context.Context, retain, hold time.Duration) (guildID string, ok bool, err error) {
	now := db.now()
	err = db.write(ctx, func(ctx context.Context, q querier) error {
		err := q.QueryRowContext(ctx, `UPDATE removed_guilds SET purge_claim = ?
			WHERE guild_id = (SELECT guild_id FROM removed_guilds WHERE removed_at <= ? AND purge_claim <= ? ORDER BY removed_at, guild_id LIMIT 1)
			AND removed_at <= ? AND purge_claim <= ? RETURNING guild_id`,
			millis(now.Add(hold)), millis(now.Add(-retain)), millis(now), millis(now.Add(-retain)), millis(now)).Scan(&guildID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		ok = err == nil
		return err
	})
	if err != nil {
		return "", false, fmt.Errorf("claim a purge: %w", classify(err))
	}
	return guildID, ok, nil
}

// PurgeRemoved deletes the games of a server marked as having removed the
// bot, and everything tied only to them (see Purge), then its mark. It
// checks the mark before each batch: if the server has added the bot back
// meanwhile it stops with ErrNotRemoved.
func (db *DB) PurgeRemoved(ctx context.Context, guildID string) (PurgeReport, error) {
	return db.purge(ctx, guildID, true)
}

// Purge deletes at once, whether it is marked or not, everything Parlor
// keeps of a server: its games with their seats, move logs and handled
// interactions, its settings, its members' away periods there, and its
// mark. Nothing of another server, and nothing of a player that is not
// tied to the server (their own settings), is touched. It deletes
// DefaultPurgeBatch games a transaction, so that a big server does not
// hold the database long.
func (db *DB) Purge(ctx context.Context, guildID string) (PurgeReport, error) {
	return db.purge(ctx, guildID, false)
}

func (db *DB) purge(ctx context.Context, guildID string, onlyRemoved bool) (PurgeReport, error) {
	var r PurgeReport
	if guildID == "" {
		return r, fmt.Errorf("purge no server: %w", ErrInvalid)
	}
	batch := db.purgeBatch
	if batch <= 0 {
		batch = DefaultPurgeBatch
	}
	marked := func(ctx context.Context, tx sqlTx) error {
		if !onlyRemoved {
			return nil
		}
		ok, err := exists(ctx, tx, "SELECT 1 FROM removed_guilds WHERE guild_id = ?", guildID)
		if err == nil && !ok {
			err = ErrNotRemoved
		}
		return err
	}
	for {
		var done bool
		var b PurgeReport
		err := db.transact(ctx, func(ctx context.Context, tx sqlTx) error {
			b = PurgeReport{}
			if err := marked(ctx, tx); err != nil {
				return err
			}
			ids, err := gameIDsOf(ctx, tx, guildID, batch)
			if err != nil || len(ids) == 0 {
				done = len(ids) == 0
				return err
			}
			in := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ") + ")"
			args := make([]any, len(ids))
			for i, id := range ids {
				args[i] = id
			}
			return execCounted(ctx, tx,
				counted{&b.Entries, "DELETE FROM moves WHERE game_id IN " + in, args},
				counted{&b.Interactions, "DELETE FROM interactions WHERE game_id IN " + in, args},
				counted{&b.Seats, "DELETE FROM seats WHERE game_id IN " + in, args},
				counted{&b.Games, "DELETE FROM games WHERE id IN " + in, args})
		})
		if err != nil {
			return r, fmt.Errorf("purge server %s: %w", guildID, classify(err))
		}
		r.Games, r.Seats, r.Entries, r.Interactions = r.Games+b.Games, r.Seats+b.Seats, r.Entries+b.Entries, r.Interactions+b.Interactions
		if done {
			break
		}
	}
	// The games are gone: the server's own rows, and its mark, last, so
	// that a purge cut short is taken up again by the next claim.
	err := db.transact(ctx, func(ctx context.Context, tx sqlTx) error {
		if err := marked(ctx, tx); err != nil {
			return err
		}
		return execCounted(ctx, tx,
			counted{&r.ServerSettings, "DELETE FROM guild_settings WHERE guild_id = ?", []any{guildID}},
			counted{&r.AwayPeriods, "DELETE FROM away_periods WHERE guild_id = ?", []any{guildID}},
			counted{new(int), "DELETE FROM tournament_entrants WHERE tournament_id IN (SELECT id FROM tournaments WHERE guild_id = ?)", []any{guildID}},
			counted{new(int), "DELETE FROM tournament_games WHERE tournament_id IN (SELECT id FROM tournaments WHERE guild_id = ?)", []any{guildID}},
			counted{&r.Tournaments, "DELETE FROM tournaments WHERE guild_id = ?", []any{guildID}},
			counted{new(int), "DELETE FROM removed_guilds WHERE guild_id = ?", []any{guildID}})
	})
	if err != nil {
		return r, fmt.Errorf("purge server %s: %w", guildID, classify(err))
	}
	return r, nil
}

// gameIDsOf is up to n ids of the server's games, the oldest first.
func gameIDsOf(ctx context.Context, tx sqlTx, guildID string, n int) ([]int64, error) {
	return column[int64](tx.QueryContext(ctx, "SELECT id FROM games WHERE guild_id = ? ORDER BY id LIMIT ?", guildID, n))
}
