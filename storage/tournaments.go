package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Tournaments. A tournament is a row of its own, with its entrants and the
// games of its rounds, each an ordinary game marked with the tournament,
// round and table. Every change to a tournament bumps its version and is
// guarded by the version its caller loaded, so that of changes made at once
// from one version exactly one is stored: a join, a leave, the start, the
// end and, above all, a round's games, which are created in the transaction
// that moves the tournament's round forward, so that two sweeps or two
// replicas making the same round make it once.

// TournamentStatus is where a tournament stands.
type TournamentStatus string

// The statuses of a tournament.
const (
	TournamentOpen      TournamentStatus = "open"      // taking entrants
	TournamentRunning   TournamentStatus = "running"   // its rounds are played
	TournamentOver      TournamentStatus = "over"      // every round played
	TournamentCancelled TournamentStatus = "cancelled" // called off before it ran
)

// Tournament is one tournament as stored.
type Tournament struct {
	ID        int64
	GuildID   string
	ChannelID string // where its sign-up message is
	ThreadID  string // the thread started from the sign-up message, "" while none
	MessageID string // the sign-up message, "" until known
	Kind      string // which game, as Game.Kind
	Format    string // "round-robin" or "swiss"
	PerGame   int    // players in each game
	Rounds    int    // a Swiss event's rounds
	Double    bool   // a round robin's pairs meet twice, seats swapped
	// DeadlineDays is the days each move of its games may take.
	DeadlineDays int
	// StartsAt is when a sweep starts it; zero: its creator does.
	StartsAt time.Time
	Creator  string
	Status   TournamentStatus
	// Round is the last round whose games were made, 0 before the first;
	// Reported the last round whose standings were posted.
	Round, Reported int
	Version         int64
	// Takebacks and Pauses say whether its games allow them.
	Takebacks, Pauses bool
	Lang              string
	CreatedAt         time.Time
	Entrants          []Entrant        // in the order they joined
	Games             []TournamentGame // by round, then table
}

// Entrant is one entrant of a tournament.
type Entrant struct {
	Member string // a member's id, or a computer entrant's own id
	Name   string
	// Computer is a computer entrant's level, "" for a member.
	Computer string
	Left     bool // withdrew once the tournament ran
}

// TournamentGame marks a game as one of a tournament's: its round and
// table. A bye has no game (GameID 0) and names the entrant who has it.
type TournamentGame struct {
	GameID       int64
	Round, Table int
	Bye          string
}

// RoundGame is one game MakeRound makes: its round and the game to
// create, or, for a bye, nil and the entrant who has it.
type RoundGame struct {
	Round int
	Game  *Game
	Bye   string
}

// Entrant is the entrant member of tr, and whether there is one.
func (tr *Tournament) Entrant(member string) (Entrant, bool) {
	for _, e := range tr.Entrants {
		if e.Member == member {
			return e, true
		}
	}
	return Entrant{}, false
}

// CreateTournament stores a new open tournament with its first entrants
// (its computer players, say), and sets tr.ID, tr.Version and
// tr.CreatedAt.
func (db *DB) CreateTournament(ctx context.Context, tr *Tournament) (int64, error) {
	if tr.Kind == "" || tr.PerGame < 2 || (tr.Format != "round-robin" && tr.Format != "swiss") {
		return 0, fmt.Errorf("create tournament: %w", ErrInvalid)
	}
	now := millis(db.now())
	var id int64
	err := db.transact(ctx, func(ctx context.Context, tx sqlTx) error {
		err := tx.QueryRowContext(ctx, `INSERT INTO tournaments (guild_id, channel_id, kind, format, per_game, rounds, twice,
			deadline_days, starts_at, creator, status, takebacks, pauses, lang, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?) RETURNING id`,
			tr.GuildID, tr.ChannelID, tr.Kind, tr.Format, tr.PerGame, tr.Rounds, tr.Double, tr.DeadlineDays, optMillis(tr.StartsAt),
			tr.Creator, tr.Takebacks, tr.Pauses, tr.Lang, now).Scan(&id)
		if err != nil {
			return err
		}
		for _, e := range tr.Entrants {
			if err := addEntrant(ctx, tx, id, e); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("create tournament: %w", classify(err))
	}
	tr.ID, tr.Version, tr.Status, tr.CreatedAt = id, 1, TournamentOpen, fromMillis(now)
	return id, nil
}

func addEntrant(ctx context.Context, tx sqlTx, id int64, e Entrant) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO tournament_entrants (tournament_id, member, name, computer, ord)
		VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(ord), 0) + 1 FROM tournament_entrants WHERE tournament_id = ?))`,
		id, e.Member, e.Name, e.Computer, id)
	return err
}

const tournamentColumns = `id, guild_id, channel_id, thread_id, message_id, kind, format, per_game, rounds, twice, deadline_days,
	starts_at, creator, status, round, reported, version, takebacks, pauses, lang, created_at`

func scanTournament(row interface{ Scan(...any) error }) (Tournament, error) {
	var tr Tournament
	var starts, created int64
	var status string
	err := row.Scan(&tr.ID, &tr.GuildID, &tr.ChannelID, &tr.ThreadID, &tr.MessageID, &tr.Kind, &tr.Format, &tr.PerGame, &tr.Rounds,
		&tr.Double, &tr.DeadlineDays, &starts, &tr.Creator, &status, &tr.Round, &tr.Reported, &tr.Version, &tr.Takebacks, &tr.Pauses,
		&tr.Lang, &created)
	tr.StartsAt, tr.CreatedAt, tr.Status = optTime(starts), fromMillis(created), TournamentStatus(status)
	return tr, err
}

// Tournament loads a tournament with its entrants and games. Its rows are
// read in one transaction, so that they agree with each other.
func (db *DB) Tournament(ctx context.Context, id int64) (*Tournament, error) {
	var tr Tournament
	err := db.read(ctx, func(ctx context.Context, q readQuerier) error {
		var err error
		tr, err = scanTournament(q.QueryRowContext(ctx, "SELECT "+tournamentColumns+" FROM tournaments WHERE id = ?", id))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		rows, err := q.QueryContext(ctx, "SELECT member, name, computer, left_event FROM tournament_entrants WHERE tournament_id = ? ORDER BY ord", id)
		if err != nil {
			return err
		}
		for rows.Next() {
			var e Entrant
			if err := rows.Scan(&e.Member, &e.Name, &e.Computer, &e.Left); err != nil {
				rows.Close()
				return err
			}
			tr.Entrants = append(tr.Entrants, e)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		rows, err = q.QueryContext(ctx, "SELECT COALESCE(game_id, 0), round, board, bye FROM tournament_games WHERE tournament_id = ? ORDER BY round, board", id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var g TournamentGame
			if err := rows.Scan(&g.GameID, &g.Round, &g.Table, &g.Bye); err != nil {
				return err
			}
			tr.Games = append(tr.Games, g)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("load tournament %d: %w", id, classify(err))
	}
	return &tr, nil
}

// readQuerier is what a consistent read runs its queries on.
type readQuerier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// read runs run in a transaction that writes nothing, so that on SQLite
// its queries see one state of the database.
func (db *DB) read(ctx context.Context, run func(context.Context, readQuerier) error) error {
	return db.inTx(ctx, func(tx sqlTx) error { return run(ctx, tx) })
}

// exists reports whether query (a SELECT) finds a row.
func exists(ctx context.Context, q readQuerier, query string, args ...any) (bool, error) {
	var found bool
	err := q.QueryRowContext(ctx, "SELECT EXISTS ("+query+")", args...).Scan(&found)
	return found, err
}

// TournamentFilter chooses tournaments for Tournaments. Empty fields match
// any.
type TournamentFilter struct {
	GuildID   string
	ChannelID string // its channel or its thread
	Statuses  []TournamentStatus
}

// Tournaments lists the tournaments that match f, without their entrants
// and games, the newest first.
func (db *DB) Tournaments(ctx context.Context, f TournamentFilter) ([]Tournament, error) {
	var where []string
	var args []any
	if f.GuildID != "" {
		where, args = append(where, "guild_id = ?"), append(args, f.GuildID)
	}
	if f.ChannelID != "" {
		where, args = append(where, "(channel_id = ? OR thread_id = ?)"), append(args, f.ChannelID, f.ChannelID)
	}
	if len(f.Statuses) > 0 {
		where = append(where, "status IN (?"+strings.Repeat(", ?", len(f.Statuses)-1)+")")
		for _, s := range f.Statuses {
			args = append(args, string(s))
		}
	}
	q := "SELECT " + tournamentColumns + " FROM tournaments"
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	return db.tournaments(ctx, q+" ORDER BY id DESC", args...)
}

// DueTournaments lists the tournaments a sweep has work for: those
// running, and those open whose start time has come, but none of a server
// that removed the bot (see removal.go), as Due leaves out its games.
func (db *DB) DueTournaments(ctx context.Context, now time.Time) ([]Tournament, error) {
	return db.tournaments(ctx, "SELECT "+tournamentColumns+` FROM tournaments
		WHERE (status = 'running' OR (status = 'open' AND starts_at > 0 AND starts_at <= ?))
		AND NOT EXISTS (SELECT 1 FROM removed_guilds r WHERE r.guild_id = tournaments.guild_id) ORDER BY id`, millis(now))
}

func (db *DB) tournaments(ctx context.Context, query string, args ...any) ([]Tournament, error) {
	rows, err := db.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list tournaments: %w", classify(err))
	}
	defer rows.Close()
	var out []Tournament
	for rows.Next() {
		tr, err := scanTournament(rows)
		if err != nil {
			return nil, fmt.Errorf("list tournaments: %w", classify(err))
		}
		out = append(out, tr)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list tournaments: %w", classify(err))
	}
	return out, nil
}

// bump moves tournament id from version to the next, if it is still at
// version and its status is one of statuses, and fails with ErrConflict
// (ErrNotFound when there is no such tournament) if not; sets are more
// assignments to make with it, args their values.
func bump(ctx context.Context, tx sqlTx, id, version int64, statuses []TournamentStatus, sets string, args ...any) error {
	q := "UPDATE tournaments SET version = version + 1" + sets + " WHERE id = ? AND version = ? AND status IN (?" +
		strings.Repeat(", ?", len(statuses)-1) + ")"
	args = append(args, id, version)
	for _, s := range statuses {
		args = append(args, string(s))
	}
	n, err := updated(tx.ExecContext(ctx, q, args...))
	if err != nil || n == 1 {
		return err
	}
	switch found, err := exists(ctx, tx, "SELECT 1 FROM tournaments WHERE id = ?", id); {
	case err != nil:
		return err
	case !found:
		return ErrNotFound
	}
	return ErrConflict
}

// changeTournament runs one version-guarded change of tournament id.
func (db *DB) changeTournament(ctx context.Context, what string, id, version int64, run func(context.Context, sqlTx) error) (int64, error) {
	if err := db.transact(ctx, run); err != nil {
		return 0, fmt.Errorf("%s (tournament %d at version %d): %w", what, id, version, classify(err))
	}
	return version + 1, nil
}

// JoinTournament adds e to tournament id, open at version. A member who
// is an entrant already fails with ErrDuplicate.
func (db *DB) JoinTournament(ctx context.Context, id, version int64, e Entrant) (int64, error) {
	return db.changeTournament(ctx, "join "+e.Member, id, version, func(ctx context.Context, tx sqlTx) error {
		if err := bump(ctx, tx, id, version, []TournamentStatus{TournamentOpen}, ""); err != nil {
			return err
		}
		in, err := exists(ctx, tx, "SELECT 1 FROM tournament_entrants WHERE tournament_id = ? AND member = ?", id, e.Member)
		if err != nil {
			return err
		}
		if in {
			return ErrDuplicate
		}
		return addEntrant(ctx, tx, id, e)
	})
}

// LeaveTournament takes member out of tournament id, at version: while it
// is open they are no longer an entrant; once it runs they are marked as
// withdrawn, and their finished games still count.
func (db *DB) LeaveTournament(ctx context.Context, id, version int64, member string) (int64, error) {
	return db.changeTournament(ctx, "leave "+member, id, version, func(ctx context.Context, tx sqlTx) error {
		if err := bump(ctx, tx, id, version, []TournamentStatus{TournamentOpen, TournamentRunning}, ""); err != nil {
			return err
		}
		n, err := updated(tx.ExecContext(ctx, `DELETE FROM tournament_entrants WHERE tournament_id = ? AND member = ?
			AND (SELECT status FROM tournaments WHERE id = ?) = 'open'`, id, member, id))
		if err == nil && n == 0 {
			n, err = updated(tx.ExecContext(ctx, `UPDATE tournament_entrants SET left_event = ? WHERE tournament_id = ? AND member = ? AND left_event = ?`,
				true, id, member, false))
		}
		if err == nil && n == 0 {
			return fmt.Errorf("%s is no entrant: %w", member, ErrNotFound)
		}
		return err
	})
}

// StartTournament sets tournament id, open at version, running: its first
// round is made by MakeRound.
func (db *DB) StartTournament(ctx context.Context, id, version int64) (int64, error) {
	return db.changeTournament(ctx, "start", id, version, func(ctx context.Context, tx sqlTx) error {
		return bump(ctx, tx, id, version, []TournamentStatus{TournamentOpen}, ", status = 'running'")
	})
}

// EndTournament sets tournament id, at version, to status: over once it
// ran, cancelled before.
func (db *DB) EndTournament(ctx context.Context, id, version int64, status TournamentStatus) (int64, error) {
	from := TournamentRunning
	if status == TournamentCancelled {
		from = TournamentOpen
	} else if status != TournamentOver {
		return 0, fmt.Errorf("end tournament %d as %q: %w", id, status, ErrInvalid)
	}
	return db.changeTournament(ctx, "end", id, version, func(ctx context.Context, tx sqlTx) error {
		return bump(ctx, tx, id, version, []TournamentStatus{from}, ", status = ?", string(status))
	})
}

// MakeRound stores the next batch of games of tournament id, running at
// version, in the transaction that moves its round (the batches made) from
// batch-1 to batch: a Swiss event's next round, or a round robin's every
// round at once. Each game is created as Create would, and marked with its
// round and a table numbered from 1 in its round. Of two makers of the
// same batch, one stores it and the other fails with ErrConflict, having
// stored nothing. It sets each game's ID and returns the new version.
func (db *DB) MakeRound(ctx context.Context, id, version int64, batch int, games []RoundGame) (int64, error) {
	if batch < 1 || len(games) == 0 {
		return 0, fmt.Errorf("make round %d of tournament %d: %w", batch, id, ErrInvalid)
	}
	now := millis(db.now())
	ids := make([]int64, len(games))
	v, err := db.changeTournament(ctx, fmt.Sprintf("make round %d", batch), id, version, func(ctx context.Context, tx sqlTx) error {
		if err := bump(ctx, tx, id, version, []TournamentStatus{TournamentRunning}, ", round = round + 1"); err != nil {
			return err
		}
		// The version guards the batch too: a batch other than the next
		// is a caller's mistake, refused as a conflict.
		var was int
		if err := tx.QueryRowContext(ctx, "SELECT round FROM tournaments WHERE id = ?", id).Scan(&was); err != nil {
			return err
		}
		if was != batch {
			return ErrConflict
		}
		tables := map[int]int{}
		for i, rg := range games {
			tables[rg.Round]++
			var gameID any
			if g := rg.Game; g != nil {
				if !g.Status.Valid() || g.Kind == "" {
					return fmt.Errorf("round %d table %d: %w", rg.Round, tables[rg.Round], ErrInvalid)
				}
				gid, err := create(ctx, tx, g, now, "", Limits{})
				if err != nil {
					return fmt.Errorf("round %d table %d: %w", rg.Round, tables[rg.Round], err)
				}
				ids[i], gameID = gid, gid
			} else if rg.Bye == "" {
				return fmt.Errorf("round %d table %d: neither a game nor a bye: %w", rg.Round, tables[rg.Round], ErrInvalid)
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO tournament_games (tournament_id, round, board, game_id, bye) VALUES (?, ?, ?, ?, ?)",
				id, rg.Round, tables[rg.Round], gameID, rg.Bye); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	for i, rg := range games {
		if g := rg.Game; g != nil {
			g.ID, g.Version, g.BoardVersion = ids[i], 1, 1
			g.CreatedAt, g.UpdatedAt, g.TurnSince = fromMillis(now), fromMillis(now), fromMillis(now)
			g.PauseOffer, g.Takeback = NoDrawOffer, Takeback{Offer: NoDrawOffer}
		}
	}
	return v, nil
}

// ReportRound claims the posting of round's standings of tournament id:
// it reports true to one caller only, and only if no later round was
// reported.
func (db *DB) ReportRound(ctx context.Context, id int64, round int) (bool, error) {
	one, err := db.changedOne(ctx, "UPDATE tournaments SET reported = ? WHERE id = ? AND reported < ?", round, id, round)
	if err != nil {
		return false, fmt.Errorf("report round %d of tournament %d: %w", round, id, classify(err))
	}
	return one, nil
}

// SetTournamentThread records the sign-up message of tournament id and
// the thread started from it; a thread already recorded stays.
func (db *DB) SetTournamentThread(ctx context.Context, id int64, messageID, threadID string) error {
	_, err := db.changedOne(ctx, `UPDATE tournaments SET message_id = CASE WHEN message_id = '' THEN ? ELSE message_id END,
		thread_id = CASE WHEN thread_id = '' THEN ? ELSE thread_id END WHERE id = ?`, messageID, threadID, id)
	if err != nil {
		return fmt.Errorf("record the thread of tournament %d: %w", id, classify(err))
	}
	return nil
}

// TournamentOf is the tournament game id is one of, with its round and
// table; ok is false for a game of none.
func (db *DB) TournamentOf(ctx context.Context, gameID int64) (tournament int64, g TournamentGame, ok bool, err error) {
	err = db.db.QueryRowContext(ctx, "SELECT tournament_id, round, board FROM tournament_games WHERE game_id = ?", gameID).
		Scan(&tournament, &g.Round, &g.Table)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, TournamentGame{}, false, nil
	}
	if err != nil {
		return 0, TournamentGame{}, false, fmt.Errorf("the tournament of game %d: %w", gameID, classify(err))
	}
	g.GameID = gameID
	return tournament, g, true, nil
}
