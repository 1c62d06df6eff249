package storage

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Pseudonym is what a forgotten member becomes in every game they played:
// a user id and a name that say nothing of who they were. The seats
// themselves number them: a new pseudonym takes the number after the
// highest any seat or game's creator holds.
type Pseudonym struct {
	N int64
}

// PseudonymPrefix begins the user id of every pseudonym: no Discord id
// does.
const PseudonymPrefix = "forgotten/"

// UserID is the pseudonym's user id, such as "forgotten/3".
func (p Pseudonym) UserID() string { return PseudonymPrefix + strconv.FormatInt(p.N, 10) }

// Name is the pseudonym's name as games show it, such as "a former player 3".
func (p Pseudonym) Name() string { return "a former player " + strconv.FormatInt(p.N, 10) }

// IsPseudonym reports whether userID is a forgotten member's pseudonym.
func IsPseudonym(userID string) bool { return strings.HasPrefix(userID, PseudonymPrefix) }

// Forgotten is the number of the last pseudonym given that a seat still
// holds, 0 for none: it changes whenever a member who played is forgotten.
func (db *DB) Forgotten(ctx context.Context) (int64, error) {
	var n int64
	if err := db.db.QueryRowContext(ctx, qLastPseudonym).Scan(&n); err != nil {
		return 0, fmt.Errorf("count the members forgotten: %w", classify(err))
	}
	return n, nil
}

// qLastPseudonym is the highest number of a pseudonym in a seat or as a
// game's creator.
const qLastPseudonym = `SELECT COALESCE(MAX(n), 0) FROM (
	SELECT CAST(SUBSTR(user_id, 11) AS BIGINT) AS n FROM seats WHERE user_id LIKE 'forgotten/%'
	UNION ALL SELECT CAST(SUBSTR(creator, 11) AS BIGINT) FROM games WHERE creator LIKE 'forgotten/%') p`

// ForgetReport counts what Forget replaced and removed.
type ForgetReport struct {
	// Pseudonym is what the member became; its N is 0 when they sat in
	// no game, and so needed none.
	Pseudonym   Pseudonym
	Seats       int // seats whose user and name became the pseudonym's
	Games       int // games the member made, whose creator became the pseudonym
	Leads       int // boards owed whose words named the member
	Settings    int // rows of the member's own settings removed (0 or 1)
	AwayPeriods int // away periods removed
	Names       int // the names the member had in games, each replaced
}

// Forget removes userID from the database in one transaction. If they
// have a seat in any game or made one, it numbers a new pseudonym (the
// next after the last given, in the table forgotten) and, in every seat
// they had, their user id and name become its, as does the creator of
// every game they made; the words of a board owed (games.board_lead) of
// any game they sat in or made have their id and every name they had
// (those of their seats, and names) replaced by its name. Their own
// settings (reminders, digest, previews, language) and their away
// periods are deleted. Games are not changed otherwise: their positions,
// logs and versions stay as they were, so that they replay and verify as
// before. The caller resigns their games in play and closes their lobbies
// first (the table service does, through Apply).
func (db *DB) Forget(ctx context.Context, userID string, names []string) (ForgetReport, error) {
	var r ForgetReport
	if userID == "" || IsPseudonym(userID) {
		return r, fmt.Errorf("forget %q: %w", userID, ErrInvalid)
	}
	err := db.transact(ctx, func(ctx context.Context, tx sqlTx) error {
		var e error
		r, e = forget(ctx, tx, userID, names)
		return e
	})
	if err != nil {
		return ForgetReport{}, fmt.Errorf("forget a member: %w", classify(err))
	}
	db.paces.forget(0, userID)
	return r, nil
}

func forget(ctx context.Context, tx sqlTx, userID string, extra []string) (ForgetReport, error) {
	var r ForgetReport
	if tx.db.postgres {
		// Two members forgotten at once take a number each, one after
		// the other. (SQLite has one writer at a time already.)
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtext(?))", "forget"); err != nil {
			return r, err
		}
	}
	var known bool
	err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM seats WHERE user_id = ?) OR EXISTS (SELECT 1 FROM games WHERE creator = ?)`,
		userID, userID).Scan(&known)
	if err != nil {
		return r, err
	}
	if known {
		if err := tx.QueryRowContext(ctx, qLastPseudonym).Scan(&r.Pseudonym.N); err != nil {
			return r, err
		}
		r.Pseudonym.N++
	}
	p := r.Pseudonym
	names, err := namesOf(ctx, tx, userID)
	if err != nil {
		return r, err
	}
	for _, n := range extra {
		if n = strings.TrimSpace(n); n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	r.Names = len(names)
	if known {
		if r.Leads, err = scrubLeads(ctx, tx, userID, p, names); err != nil {
			return r, err
		}
	}
	err = execCounted(ctx, tx,
		counted{&r.Seats, "UPDATE seats SET user_id = ?, name = ? WHERE user_id = ?", []any{p.UserID(), p.Name(), userID}},
		counted{&r.Games, "UPDATE games SET creator = ? WHERE creator = ?", []any{p.UserID(), userID}},
		counted{&r.Settings, "DELETE FROM user_settings WHERE user_id = ?", []any{userID}},
		counted{&r.AwayPeriods, "DELETE FROM away_periods WHERE user_id = ?", []any{userID}},
		// The slow-down's count of their interactions (see Pace).
		counted{new(int), "DELETE FROM pace WHERE user_id = ?", []any{userID}})
	return r, err
}

// namesOf is every name userID has in a seat.
func namesOf(ctx context.Context, tx sqlTx, userID string) ([]string, error) {
	return column[string](tx.QueryContext(ctx, "SELECT DISTINCT name FROM seats WHERE user_id = ? AND name <> '' ORDER BY name", userID))
}

// scrubLeads replaces, in the words of the boards owed of the games
// userID sat in or made, their id and names with p's name, and returns
// how many it changed.
func scrubLeads(ctx context.Context, tx sqlTx, userID string, p Pseudonym, names []string) (int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, board_lead FROM games WHERE board_lead <> '' AND
		(creator = ? OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.user_id = ?)) ORDER BY id`, userID, userID)
	if err != nil {
		return 0, err
	}
	type lead struct {
		id    int64
		words string
	}
	var leads []lead
	for rows.Next() {
		var l lead
		if err := rows.Scan(&l.id, &l.words); err != nil {
			rows.Close()
			return 0, err
		}
		leads = append(leads, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	// The longest names first, so that a name inside another ("Al" in
	// "Alice") does not leave the rest of the longer one behind.
	names = slices.Clone(names)
	slices.SortFunc(names, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	n := 0
	for _, l := range leads {
		words := strings.ReplaceAll(l.words, "<@"+userID+">", p.Name())
		words = strings.ReplaceAll(words, userID, p.Name())
		for _, name := range names {
			words = strings.ReplaceAll(words, name, p.Name())
		}
		if words == l.words {
			continue
		}
		if _, err := tx.ExecContext(ctx, "UPDATE games SET board_lead = ? WHERE id = ?", words, l.id); err != nil {
			return 0, err
		}
		n++
	}
	return n, nil
}
