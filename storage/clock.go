package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// SetThread records the thread a game is played in, once: ErrConflict if
// the game has one already. It returns the game's live message as it was
// then, so that the caller can tell whether a board was posted outside the
// thread before the thread was recorded. It does not bump the version:
// boards and buttons stay good.
func (db *DB) SetThread(ctx context.Context, gameID int64, threadID string) (Live, error) {
	var live Live
	err := db.write(ctx, func(ctx context.Context, q querier) error {
		err := q.QueryRowContext(ctx, `UPDATE games SET thread_id = ? WHERE id = ? AND thread_id = ''
			RETURNING live_channel, live_message, live_version`, threadID, gameID).Scan(&live.ChannelID, &live.MessageID, &live.Version)
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		var exists bool
		if err := q.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM games WHERE id = ?)", gameID).Scan(&exists); err != nil {
			return err
		}
		if exists {
			return fmt.Errorf("it has a thread already: %w", ErrConflict)
		}
		return ErrNotFound
	})
	if err != nil {
		return Live{}, fmt.Errorf("set thread of game %d: %w", gameID, classify(err))
	}
	return live, nil
}

// changedOne runs the statement query (an update, insert or delete that
// claims or marks one row) in a write, and reports whether it changed a
// row: the claim won, the mark made.
func (db *DB) changedOne(ctx context.Context, query string, args ...any) (bool, error) {
	var n int64
	err := db.write(ctx, func(ctx context.Context, q querier) error {
		res, err := q.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n == 1, err
}

// oneRow turns an update that changed no row into ErrNotFound.
func oneRow(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// ClaimReminder records that reminder number sent+1 of the decision awaited
// at version is being sent, if nobody has claimed it: it reports false
// when the game has moved on, been paused, or the reminder was claimed
// already (by another sweep, or before a restart). A reminder is sent only
// after its claim, so none is sent twice.
func (db *DB) ClaimReminder(ctx context.Context, gameID, version int64, sent int) (bool, error) {
	one, err := db.changedOne(ctx, `UPDATE games SET reminders_sent = reminders_sent + 1
			WHERE id = ? AND version = ? AND reminders_sent = ? AND status = 'active' AND paused_at = 0`,
		gameID, version, sent)
	if err != nil {
		return false, fmt.Errorf("claim reminder of game %d: %w", gameID, classify(err))
	}
	return one, nil
}

// Due returns the games the scheduler may have work on at now: games in
// play, not paused, whose next reminder or deadline has come or that have a
// computer player (whose turn it may be), unstarted games whose
// invitations have expired, games over whose replay is not posted, and
// games that owe a board whose holder has not posted it in time (see
// Board), these first, the longest owed first. The games of a server that
// removed the bot are left out, whatever they are due (see MarkRemoved).
// The caller decides and claims.
func (db *DB) Due(ctx context.Context, now time.Time) ([]Game, error) {
	const hour, day = int64(time.Hour / time.Millisecond), int64(24 * time.Hour / time.Millisecond)
	ms := millis(now)
	games, err := db.query(ctx, "SELECT "+gameColumns+" FROM (SELECT * FROM games WHERE "+
		// A server that removed the bot has its games left out (see
		// Removed).
		`guild_id NOT IN (SELECT guild_id FROM removed_guilds) AND (
		(status = 'active' AND paused_at = 0 AND (
			(remind_hours > 0 AND turn_since + (reminders_sent + 1) * remind_hours * ? <= ?) OR
			(deadline_days > 0 AND turn_since + deadline_days * ? <= ?) OR
			EXISTS (SELECT 1 FROM seats c WHERE c.game_id = games.id AND c.computer <> '')))
		OR (status IN ('invited', 'open') AND expires_at > 0 AND expires_at <= ?)
		OR (status = 'over' AND replay_posted = 0)
		OR (board_owed > 0 AND board_claim <= ?))) g `+seatsJoin+
		// Games that owe a board first, the longest owed first.
		" ORDER BY g.board_owed = 0, g.board_claim, g.id, s.seat", hour, ms, day, ms, ms, ms)
	if err != nil {
		return nil, fmt.Errorf("find games due: %w", classify(err))
	}
	return games, nil
}

// ClaimBoard claims the posting of a game's owed board, as owed at
// version, for hold from now, once its holder's time has passed: it
// reports false when the board is not owed any more (posted, or replaced
// by a newer one) or is held by someone else. A sweep posts an owed board
// only after claiming it, so that two sweeps never both post it.
func (db *DB) ClaimBoard(ctx context.Context, gameID, version int64, hold time.Duration) (bool, error) {
	now := db.now()
	won, err := db.changedOne(ctx, "UPDATE games SET board_claim = ? WHERE id = ? AND board_owed = ? AND board_claim <= ?",
		millis(now.Add(hold)), gameID, version, millis(now))
	if err != nil {
		return false, fmt.Errorf("claim the board of game %d: %w", gameID, classify(err))
	}
	return won, nil
}

// ClaimThink claims a computer player's turn in a game, the turn awaited
// at version, for hold from now: it reports false when the game has moved
// on (or is paused, or over) or another worker holds the turn. A worker
// thinks only after claiming, so that two workers (two replicas) never
// both think the same turn; a claim whose holder died lapses after hold.
func (db *DB) ClaimThink(ctx context.Context, gameID, version int64, hold time.Duration) (bool, error) {
	now := db.now()
	won, err := db.changedOne(ctx, `UPDATE games SET think_version = ?, think_until = ?
		WHERE id = ? AND version = ? AND status = 'active' AND paused_at = 0 AND (think_version <> ? OR think_until <= ?)`,
		version, millis(now.Add(hold)), gameID, version, version, millis(now))
	if err != nil {
		return false, fmt.Errorf("claim the computer's turn in game %d: %w", gameID, classify(err))
	}
	return won, nil
}

// ReleaseThink gives up a claim on a computer's turn at version (see
// ClaimThink) that its worker could not play (it was stopping, or the
// database failed): another worker may take the turn at once.
func (db *DB) ReleaseThink(ctx context.Context, gameID, version int64) error {
	err := db.write(ctx, func(ctx context.Context, q querier) error {
		_, err := q.ExecContext(ctx, "UPDATE games SET think_until = 0 WHERE id = ? AND think_version = ?", gameID, version)
		return err
	})
	if err != nil {
		return fmt.Errorf("release the computer's turn in game %d: %w", gameID, classify(err))
	}
	return nil
}

// DropBoard gives up the board owed at version, and any older one: the
// door could not post it and never will (Discord refused it for good,
// such as a channel deleted or a permission taken away). It is owed no
// more; a newer board owed stays owed.
func (db *DB) DropBoard(ctx context.Context, gameID, version int64) error {
	err := db.write(ctx, func(ctx context.Context, q querier) error { return payBoard(ctx, q, gameID, version) })
	if err != nil {
		return fmt.Errorf("drop the board of game %d: %w", gameID, classify(err))
	}
	return nil
}

// ClaimReplay claims the posting of the replay of a game over: it reports
// false when it is claimed already (by another sweep, or before a
// restart). A replay is posted only after its claim, so never twice.
func (db *DB) ClaimReplay(ctx context.Context, gameID int64) (bool, error) {
	one, err := db.changedOne(ctx, "UPDATE games SET replay_posted = 1 WHERE id = ? AND status = 'over' AND replay_posted = 0", gameID)
	if err != nil {
		return false, fmt.Errorf("claim the replay of game %d: %w", gameID, classify(err))
	}
	return one, nil
}

// Settings are a server's defaults for new games.
type Settings struct {
	RemindEvery  int // hours; 0 for no reminders
	DeadlineDays int // 0 for none
	InviteHours  int // how long invitations and open seats last
	AwayDays     int // away days each member may take a year (UTC)
	// Language is the language a manager chose for the server's games, a
	// language code such as "es"; "" follows Discord's server language.
	Language string
	// MemberLobbies, MemberGames, ServerLobbies and ServerGames are the
	// server's limits as its managers chose them (see Limits); the
	// operator's ceilings may lower them.
	MemberLobbies, MemberGames, ServerLobbies, ServerGames int
}

// DefaultSettings are the defaults of a server that has set none.
var DefaultSettings = Settings{RemindEvery: 24, DeadlineDays: 0, InviteHours: 72, AwayDays: 14,
	MemberLobbies: 3, MemberGames: 25, ServerLobbies: 50, ServerGames: 1000}

// GuildSettings returns a server's settings, DefaultSettings if it has set
// none.
func (db *DB) GuildSettings(ctx context.Context, guildID string) (Settings, error) {
	s := DefaultSettings
	err := db.db.QueryRowContext(ctx, "SELECT "+settingsColumns+" FROM guild_settings WHERE guild_id = ?", guildID).
		Scan(s.fields()...)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return DefaultSettings, fmt.Errorf("load settings of server %s: %w", guildID, classify(err))
	}
	return s, nil
}

// settingsColumns are the columns of guild_settings that Settings.fields
// reads.
const settingsColumns = "remind_hours, deadline_days, invite_hours, away_days, language, member_lobbies, member_games, server_lobbies, server_games"

func (s *Settings) fields() []any {
	return []any{&s.RemindEvery, &s.DeadlineDays, &s.InviteHours, &s.AwayDays, &s.Language, &s.MemberLobbies, &s.MemberGames, &s.ServerLobbies, &s.ServerGames}
}

// SettingsChange is a change to some of a server's settings: the fields
// that are not nil.
type SettingsChange struct {
	RemindEvery, DeadlineDays, InviteHours, AwayDays *int
	// The limits; each at least 1.
	MemberLobbies, MemberGames, ServerLobbies, ServerGames *int
	// Language, if set, is the server's language ("" to follow Discord's).
	// The server's games then speak Speak, in the same transaction:
	// Language, or, for "", the language Discord gives the server now.
	Language *string
	Speak    string
}

// SetGuildSettings changes the server's settings that ch names, and only
// those, in one statement: two members changing different settings at once
// both have their change stored. It returns the settings as they are now.
// A change of Language changes the server's games too, in the same
// transaction.
func (db *DB) SetGuildSettings(ctx context.Context, guildID string, ch SettingsChange) (Settings, error) {
	for _, v := range []struct {
		p   *int
		low int
	}{{ch.RemindEvery, 0}, {ch.DeadlineDays, 0}, {ch.InviteHours, 1}, {ch.AwayDays, 0},
		{ch.MemberLobbies, 1}, {ch.MemberGames, 1}, {ch.ServerLobbies, 1}, {ch.ServerGames, 1}} {
		if v.p != nil && *v.p < v.low {
			return Settings{}, fmt.Errorf("set settings of server %s: %d: %w", guildID, *v.p, ErrInvalid)
		}
	}
	arg := func(p *int) any {
		if p == nil {
			return nil
		}
		return *p
	}
	r, d, i, a := arg(ch.RemindEvery), arg(ch.DeadlineDays), arg(ch.InviteHours), arg(ch.AwayDays)
	ml, mg, sl, sg := arg(ch.MemberLobbies), arg(ch.MemberGames), arg(ch.ServerLobbies), arg(ch.ServerGames)
	var lang any
	if ch.Language != nil {
		lang = *ch.Language
	}
	if ch.Language != nil && guildID == "" {
		// Games outside a server have no server's language to follow.
		return Settings{}, fmt.Errorf("set the language of no server: %w", ErrInvalid)
	}
	now := millis(db.now())
	var s Settings
	set := func(ctx context.Context, q querier) error {
		err := q.QueryRowContext(ctx, `INSERT INTO guild_settings (guild_id, remind_hours, deadline_days, invite_hours, away_days, language, updated_at,
				member_lobbies, member_games, server_lobbies, server_games)
			VALUES (?, COALESCE(CAST(? AS INTEGER), ?), COALESCE(CAST(? AS INTEGER), ?), COALESCE(CAST(? AS INTEGER), ?), COALESCE(CAST(? AS INTEGER), ?), COALESCE(CAST(? AS TEXT), ''), ?,
				COALESCE(CAST(? AS INTEGER), ?), COALESCE(CAST(? AS INTEGER), ?), COALESCE(CAST(? AS INTEGER), ?), COALESCE(CAST(? AS INTEGER), ?))
			ON CONFLICT (guild_id) DO UPDATE SET remind_hours = COALESCE(CAST(? AS INTEGER), guild_settings.remind_hours),
				deadline_days = COALESCE(CAST(? AS INTEGER), guild_settings.deadline_days),
				invite_hours = COALESCE(CAST(? AS INTEGER), guild_settings.invite_hours),
				away_days = COALESCE(CAST(? AS INTEGER), guild_settings.away_days),
				language = COALESCE(CAST(? AS TEXT), guild_settings.language),
				member_lobbies = COALESCE(CAST(? AS INTEGER), guild_settings.member_lobbies),
				member_games = COALESCE(CAST(? AS INTEGER), guild_settings.member_games),
				server_lobbies = COALESCE(CAST(? AS INTEGER), guild_settings.server_lobbies),
				server_games = COALESCE(CAST(? AS INTEGER), guild_settings.server_games),
				updated_at = excluded.updated_at
			RETURNING `+settingsColumns,
			guildID, r, DefaultSettings.RemindEvery, d, DefaultSettings.DeadlineDays, i, DefaultSettings.InviteHours, a, DefaultSettings.AwayDays, lang, now,
			ml, DefaultSettings.MemberLobbies, mg, DefaultSettings.MemberGames, sl, DefaultSettings.ServerLobbies, sg, DefaultSettings.ServerGames,
			r, d, i, a, lang, ml, mg, sl, sg).Scan(s.fields()...)
		if err != nil || ch.Language == nil {
			return err
		}
		_, err = q.ExecContext(ctx, "UPDATE games SET lang = ? WHERE guild_id = ?", ch.Speak, guildID)
		return err
	}
	var err error
	if ch.Language == nil {
		err = db.write(ctx, set)
	} else {
		// The setting and the server's games change in one transaction
		// (on PostgreSQL write would make them two), and no game of the
		// server is made meanwhile: Create holds the server's language
		// lock (langLock) shared, so a game it makes either is seen here
		// or sees the new setting.
		err = db.transact(ctx, func(ctx context.Context, tx sqlTx) error {
			if err := langLock(ctx, tx, guildID, true); err != nil {
				return err
			}
			return set(ctx, tx)
		})
	}
	if err != nil {
		return Settings{}, fmt.Errorf("set settings of server %s: %w", guildID, classify(err))
	}
	return s, nil
}

// RemindersOff reports whether the user turned reminders off.
func (db *DB) RemindersOff(ctx context.Context, userID string) (bool, error) {
	return userSetting[bool](ctx, db, userID, "SELECT reminders_off FROM user_settings WHERE user_id = ?")
}

// SetRemindersOff turns the user's reminders off or back on.
func (db *DB) SetRemindersOff(ctx context.Context, userID string, off bool) error {
	return db.setUserFlag(ctx, userID, "reminders_off", off)
}

// langLock takes, on PostgreSQL, the lock on the language of server
// guildID's games until tx ends: exclusive for SetGuildSettings, which
// changes it, shared for Create, which makes a game in it. (SQLite has one
// writer at a time already.)
func langLock(ctx context.Context, tx sqlTx, guildID string, exclusive bool) error {
	if !tx.db.postgres || guildID == "" {
		return nil
	}
	lock := "SELECT pg_advisory_xact_lock_shared(hashtext(?))"
	if exclusive {
		lock = "SELECT pg_advisory_xact_lock(hashtext(?))"
	}
	_, err := tx.ExecContext(ctx, lock, "lang/"+guildID)
	return err
}
