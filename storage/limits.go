package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
)

// Limits are what a new game (Create) or a seat taken (Change.Within) must
// stay within, in the game's server: zero fields are not checked. A game
// counts towards them while it is committed: in play, or waiting to begin
// (invited or open) and not lapsed (its ExpiresAt has not passed, whether
// or not a sweep has marked it yet). Cancelled, declined and finished games
// never count.
type Limits struct {
	// MemberLobbies bounds the games waiting to begin that a member has
	// made in the server.
	MemberLobbies int
	// MemberGames bounds the games a member is committed to in the server:
	// in play with a seat of theirs, or waiting to begin with a seat they
	// took (made, joined or accepted). Lobbies count, so that a game that
	// begins never takes anyone over the bound.
	MemberGames int
	// ServerLobbies and ServerGames bound the same for the whole server;
	// they are not checked outside a server (GuildID "").
	ServerLobbies int
	ServerGames   int
}

// The limits a LimitError names.
const (
	LimitMemberLobbies = "member lobbies"
	LimitMemberGames   = "member games"
	LimitServerLobbies = "server lobbies"
	LimitServerGames   = "server games"
)

// ErrLimit means a new game or a seat taken would go past one of the
// server's Limits; the error is a *LimitError saying which.
var ErrLimit = errors.New("over a limit")

// LimitError is the limit a refused Create or Apply would have gone past:
// Limit is one of the Limit constants, Max its value.
type LimitError struct {
	Limit string
	Max   int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("%s: at most %d: %s", e.Limit, e.Max, ErrLimit)
}

// Unwrap makes a LimitError ErrLimit.
func (e *LimitError) Unwrap() error { return ErrLimit }

// Who is committed to a game: the conditions of the counts of Limits,
// with the time now (unix ms) as their one argument.
const (
	lobbyLive = `status IN ('invited', 'open') AND (expires_at = 0 OR expires_at > ?)`
	committed = `(status = 'active' OR (` + lobbyLive + `))`
	seatedIn  = `EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.user_id = ? AND s.joined)`
)

// limitLock takes, on PostgreSQL, the lock on the limits of server
// guildID until tx ends, so that of two games made (or seats taken) at
// once the second counts the first. SQLite has one writer at a time
// already.
func limitLock(ctx context.Context, tx sqlTx, guildID string) error {
	if !tx.db.postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtext(?))", "limits/"+guildID)
	return err
}

// count runs a count(*) over games.
func count(ctx context.Context, tx sqlTx, where string, args ...any) (int, error) {
	var n int
	err := tx.QueryRowContext(ctx, "SELECT count(*) FROM games WHERE "+where, args...).Scan(&n)
	return n, err
}

// checkCreate checks that the new game g, made at now, stays within lim:
// a game whose seats are all taken (by computers) begins at once and is no
// lobby.
func checkCreate(ctx context.Context, tx sqlTx, g *Game, now int64, lim Limits) error {
	if lim == (Limits{}) {
		return nil
	}
	if err := limitLock(ctx, tx, g.GuildID); err != nil {
		return err
	}
	begins := true
	for _, s := range g.Seats {
		begins = begins && s.Joined
	}
	type check struct {
		on    bool
		max   int
		limit string
		where string
		args  []any
	}
	server := g.GuildID != ""
	for _, c := range []check{
		{!begins, lim.MemberLobbies, LimitMemberLobbies, "guild_id = ? AND creator = ? AND " + lobbyLive, []any{g.GuildID, g.Creator, now}},
		{true, lim.MemberGames, LimitMemberGames, "guild_id = ? AND " + committed + " AND " + seatedIn, []any{g.GuildID, now, g.Creator}},
		{!begins && server, lim.ServerLobbies, LimitServerLobbies, "guild_id = ? AND " + lobbyLive, []any{g.GuildID, now}},
		{server, lim.ServerGames, LimitServerGames, "guild_id = ? AND " + committed, []any{g.GuildID, now}},
	} {
		if !c.on || c.max <= 0 {
			continue
		}
		n, err := count(ctx, tx, c.where, c.args...)
		if err != nil {
			return err
		}
		if n >= c.max {
			return &LimitError{Limit: c.limit, Max: c.max}
		}
	}
	return nil
}

// SeatLimit is the bound on the games a member taking a seat (Join,
// Accept) may be committed to in the game's server: see
// Limits.MemberGames. The game the seat is in does not count.
type SeatLimit struct {
	GuildID string
	UserID  string
	Games   int
}

// checkSeat checks, for a change of game gameID made at now, that the
// member taking a seat stays within w.
func checkSeat(ctx context.Context, tx sqlTx, gameID int64, now int64, w SeatLimit) error {
	if w.Games <= 0 {
		return nil
	}
	if err := limitLock(ctx, tx, w.GuildID); err != nil {
		return err
	}
	n, err := count(ctx, tx, "guild_id = ? AND id <> ? AND "+committed+" AND "+seatedIn, w.GuildID, gameID, now, w.UserID)
	if err != nil {
		return err
	}
	if n >= w.Games {
		return &LimitError{Limit: LimitMemberGames, Max: w.Games}
	}
	return nil
}

// Pace counts one interaction of a kind ("c" for commands, clicks and menu
// choices, "a" for autocomplete) by userID in the window numbered win, and
// returns how many of that kind the user sent in the window, this one
// included. A later window starts the count again; an earlier one (a
// replica whose clock lags) counts in the later.
//
// On PostgreSQL, which replicas share, the count is one statement on the
// pace table. A SQLite file has one process, which counts in memory, so
// that an interaction costs no write: the count is written to the table
// only when it passes durableFrom (the user is being slowed down), so that
// a process restarted within the window keeps them slowed; a count below
// it starts again from the table after a restart, which lets a member a
// few more interactions at most.
func (db *DB) Pace(ctx context.Context, userID, kind string, win int64, durableFrom int) (int, error) {
	if db.w != nil {
		return db.paceInMemory(ctx, userID, kind, win, durableFrom)
	}
	var n int
	err := db.write(ctx, func(ctx context.Context, q querier) error {
		return q.QueryRowContext(ctx, qPace, userID, kind, win).Scan(&n)
	})
	if err != nil {
		return 0, fmt.Errorf("count the pace of user %s: %w", userID, classify(err))
	}
	return n, nil
}

// paces are the slow-down's counts of a SQLite database, by user and kind.
type paces struct {
	mu sync.Mutex
	m  map[paceKey]paceCount
}

type paceKey struct{ user, kind string }

type paceCount struct {
	win int64
	n   int
}

// count counts one in the window win on c, as qPace does.
func (c paceCount) count(win int64) paceCount {
	if c.win >= win {
		return paceCount{win: c.win, n: c.n + 1}
	}
	return paceCount{win: win, n: 1}
}

// paceInMemory is Pace on SQLite.
func (db *DB) paceInMemory(ctx context.Context, userID, kind string, win int64, durableFrom int) (int, error) {
	key := paceKey{userID, kind}
	db.paces.mu.Lock()
	c, known := db.paces.m[key]
	db.paces.mu.Unlock()
	if !known {
		// The first interaction this process counts: start from what a
		// process before it left.
		var was paceCount
		err := db.db.QueryRowContext(ctx, "SELECT win, n FROM pace WHERE user_id = ? AND kind = ?", userID, kind).Scan(&was.win, &was.n)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return 0, fmt.Errorf("count the pace of user %s: %w", userID, classify(err))
		}
		c = was
	}
	db.paces.mu.Lock()
	if now, ok := db.paces.m[key]; ok {
		c = now // counted meanwhile
	}
	c = c.count(win)
	if db.paces.m == nil {
		db.paces.m = map[paceKey]paceCount{}
	}
	db.paces.m[key] = c
	db.paces.mu.Unlock()
	if c.n != durableFrom+1 {
		return c.n, nil
	}
	err := db.write(ctx, func(ctx context.Context, q querier) error {
		_, err := q.ExecContext(ctx, `INSERT INTO pace (user_id, kind, win, n) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id, kind) DO UPDATE SET win = excluded.win, n = excluded.n`, userID, kind, c.win, c.n)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("record the pace of user %s: %w", userID, classify(err))
	}
	return c.n, nil
}

// forget drops the counts of windows before win, or of the user, from
// memory.
func (p *paces) forget(before int64, userID string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for k, c := range p.m {
		if c.win < before || k.user == userID {
			delete(p.m, k)
		}
	}
}

const qPace = `INSERT INTO pace (user_id, kind, win, n) VALUES (?, ?, ?, 1)
	ON CONFLICT (user_id, kind) DO UPDATE SET
		n = CASE WHEN pace.win >= excluded.win THEN pace.n + 1 ELSE 1 END,
		win = CASE WHEN pace.win > excluded.win THEN pace.win ELSE excluded.win END
	RETURNING n`

// ForgetPace deletes the counts of windows before win, and returns how many.
func (db *DB) ForgetPace(ctx context.Context, before int64) (int64, error) {
	var n int64
	err := db.write(ctx, func(ctx context.Context, q querier) error {
		var err error
		n, err = updated(q.ExecContext(ctx, "DELETE FROM pace WHERE win < ?", before))
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("forget old paces: %w", classify(err))
	}
	db.paces.forget(before, "")
	return n, nil
}
