package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Away days: a player may be away from a server's games for some days,
// within the server's yearly allowance (Settings.AwayDays). While away
// their turns in that server are not reminded and their deadlines do not
// run; the bot computes how long a decision has really waited from the
// periods stored here.

// ErrNoAllowance means a player asked for more away days than they have
// left this year.
var ErrNoAllowance = errors.New("not enough away days left this year")

// AwayPeriod is a time a player is, was or will be away from a server's
// games.
type AwayPeriod struct {
	Start, End time.Time
	// Days is what the period counts against the allowance of the year
	// (UTC) it began in.
	Days int
}

// Away is where a player stands with their away days in a server, after
// GoAway.
type Away struct {
	// Until is when the away period now running ends; zero when the
	// player is not away.
	Until time.Time
	// Returned is the days given back by an away period ended early.
	Returned int
	// Ended is set when an away period was running and was ended.
	Ended bool
	// Used is the away days used this year (UTC), the running period's
	// included.
	Used int
}

// day is how long an away day lasts.
const day = 24 * time.Hour

// GoAway starts an away period of days for the user in the server, within
// allowance days a year, or with days 0 ends the one running, giving back
// the days not begun. A period already running is ended first, so that a
// new one replaces it. It fails with ErrNoAllowance (the Away telling the
// days used) when the days asked are more than those left; then nothing
// changes. Every day begun counts.
func (db *DB) GoAway(ctx context.Context, guildID, userID string, days, allowance int) (Away, error) {
	if days < 0 || guildID == "" || userID == "" {
		return Away{}, fmt.Errorf("away of %s in %s: %d days: %w", userID, guildID, days, ErrInvalid)
	}
	now := db.now().UTC()
	ms := millis(now)
	year := time.Date(now.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	var a Away
	err := db.transact(ctx, func(ctx context.Context, tx sqlTx) error {
		a = Away{}
		if db.db.postgres {
			// Two requests of one player at once take turns: the
			// allowance is checked against what the other wrote.
			if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtext(?))", "away/"+guildID+"/"+userID); err != nil {
				return err
			}
		}
		var start int64
		var was int
		err := tx.QueryRowContext(ctx, "SELECT starts_at, days FROM away_periods WHERE guild_id = ? AND user_id = ? AND starts_at <= ? AND ends_at > ?",
			guildID, userID, ms, ms).Scan(&start, &was)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return err
		default:
			begun := int((now.Sub(fromMillis(start)) + day - 1) / day)
			a.Ended, a.Returned = true, max(was-begun, 0)
			end := "UPDATE away_periods SET ends_at = ?, days = ? WHERE guild_id = ? AND user_id = ? AND starts_at = ?"
			args := []any{ms, min(begun, was), guildID, userID, start}
			if start == ms {
				// Ended as soon as begun: it never was, and a new
				// one may begin at the same instant.
				end, args = "DELETE FROM away_periods WHERE guild_id = ? AND user_id = ? AND starts_at = ?", args[2:]
			}
			if _, err := tx.ExecContext(ctx, end, args...); err != nil {
				return err
			}
		}
		if err := tx.QueryRowContext(ctx, "SELECT COALESCE(SUM(days), 0) FROM away_periods WHERE guild_id = ? AND user_id = ? AND starts_at >= ? AND starts_at < ?",
			guildID, userID, millis(year), millis(year.AddDate(1, 0, 0))).Scan(&a.Used); err != nil {
			return err
		}
		if days == 0 {
			return nil
		}
		if a.Used+days > allowance {
			return ErrNoAllowance
		}
		a.Until = now.Add(time.Duration(days) * day)
		a.Used += days
		_, err = tx.ExecContext(ctx, "INSERT INTO away_periods (guild_id, user_id, starts_at, ends_at, days) VALUES (?, ?, ?, ?, ?)",
			guildID, userID, ms, millis(a.Until), days)
		return err
	})
	if errors.Is(err, ErrNoAllowance) {
		// Nothing was written: the running period, if any, runs on.
		used, uerr := db.AwayUsed(ctx, guildID, userID, now.Year())
		if uerr != nil {
			return Away{}, uerr
		}
		return Away{Used: used}, fmt.Errorf("away of %s in %s for %d days: %w", userID, guildID, days, ErrNoAllowance)
	}
	if err != nil {
		return Away{}, fmt.Errorf("away of %s in %s: %w", userID, guildID, classify(err))
	}
	return a, nil
}

// AwayUsed returns the away days the user has used in the server in the
// year (UTC): the days of the periods begun in it.
func (db *DB) AwayUsed(ctx context.Context, guildID, userID string, year int) (int, error) {
	from := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC)
	var used int
	err := db.db.QueryRowContext(ctx, "SELECT COALESCE(SUM(days), 0) FROM away_periods WHERE guild_id = ? AND user_id = ? AND starts_at >= ? AND starts_at < ?",
		guildID, userID, millis(from), millis(from.AddDate(1, 0, 0))).Scan(&used)
	if err != nil {
		return 0, fmt.Errorf("away days of %s in %s: %w", userID, guildID, classify(err))
	}
	return used, nil
}

// AwayPeriods returns the user's away periods in the server that end
// after since, the earliest first.
func (db *DB) AwayPeriods(ctx context.Context, guildID, userID string, since time.Time) ([]AwayPeriod, error) {
	if guildID == "" {
		return nil, nil
	}
	rows, err := db.db.QueryContext(ctx, "SELECT starts_at, ends_at, days FROM away_periods WHERE guild_id = ? AND user_id = ? AND ends_at > ? ORDER BY starts_at",
		guildID, userID, millis(since))
	if err != nil {
		return nil, fmt.Errorf("away periods of %s in %s: %w", userID, guildID, classify(err))
	}
	defer rows.Close()
	var out []AwayPeriod
	for rows.Next() {
		var s, e int64
		var p AwayPeriod
		if err := rows.Scan(&s, &e, &p.Days); err != nil {
			return nil, fmt.Errorf("away periods of %s in %s: %w", userID, guildID, classify(err))
		}
		p.Start, p.End = fromMillis(s), fromMillis(e)
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("away periods of %s in %s: %w", userID, guildID, classify(err))
	}
	return out, nil
}

// Digest reports whether the user asked for one message a day listing
// their games instead of one reminder per game.
func (db *DB) Digest(ctx context.Context, userID string) (bool, error) {
	return userSetting[bool](ctx, db, userID, "SELECT digest FROM user_settings WHERE user_id = ?")
}

// UserLang is the Discord locale the user had when they last set their
// digest ("es-ES"), in which it is written; "" if unknown.
func (db *DB) UserLang(ctx context.Context, userID string) (string, error) {
	return userSetting[string](ctx, db, userID, "SELECT lang FROM user_settings WHERE user_id = ?")
}

// SetDigest turns the user's daily digest on or off; locale, their
// Discord locale as they asked, is what the digest is written in (""
// keeps the one known).
func (db *DB) SetDigest(ctx context.Context, userID string, on bool, locale string) error {
	now := millis(db.now())
	err := db.write(ctx, func(ctx context.Context, q querier) error {
		_, err := q.ExecContext(ctx, `INSERT INTO user_settings (user_id, reminders_off, digest, lang, updated_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET digest = excluded.digest,
				lang = CASE WHEN excluded.lang = '' THEN user_settings.lang ELSE excluded.lang END, updated_at = excluded.updated_at`,
			userID, false, on, locale, now)
		return err
	})
	if err != nil {
		return fmt.Errorf("set settings of user %s: %w", userID, classify(err))
	}
	return nil
}

// ClaimDigest claims the user's digest at now: it reports false when the
// user has no digest, or had one claimed less than a day before (by
// another sweep, or before a restart). A digest is sent only after its
// claim, so at most once a day.
func (db *DB) ClaimDigest(ctx context.Context, userID string, now time.Time) (bool, error) {
	one, err := db.changedOne(ctx, "UPDATE user_settings SET digest_at = ? WHERE user_id = ? AND digest = ? AND digest_at <= ?",
		millis(now), userID, true, millis(now.Add(-day)))
	if err != nil {
		return false, fmt.Errorf("claim the digest of user %s: %w", userID, classify(err))
	}
	return one, nil
}

// ConfirmMoves reports whether the user sees each move before it counts
// (/parlor me confirm:on).
func (db *DB) ConfirmMoves(ctx context.Context, userID string) (bool, error) {
	return userSetting[bool](ctx, db, userID, "SELECT confirm_moves FROM user_settings WHERE user_id = ?")
}

// SetConfirmMoves turns the user's move previews on or off.
func (db *DB) SetConfirmMoves(ctx context.Context, userID string, on bool) error {
	return db.setUserFlag(ctx, userID, "confirm_moves", on)
}
