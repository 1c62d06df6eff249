package storage

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Status is where a game stands in its life.
type Status string

// The statuses of a game.
const (
	StatusInvited   Status = "invited"   // seats were offered to named players who have not all accepted
	StatusOpen      Status = "open"      // waiting for anyone to join
	StatusActive    Status = "active"    // being played
	StatusOver      Status = "over"      // finished: won, drawn, resigned or forfeited
	StatusDeclined  Status = "declined"  // an invited player said no
	StatusCancelled Status = "cancelled" // called off before it started
)

// Valid reports whether s is one of the statuses above.
func (s Status) Valid() bool {
	switch s {
	case StatusInvited, StatusOpen, StatusActive, StatusOver, StatusDeclined, StatusCancelled:
		return true
	}
	return false
}

// NoDrawOffer is the DrawOffer of a game where no seat offers a draw.
const NoDrawOffer = -1

// ChanceSeat is the seat of an Entry made by chance (a dice roll).
const ChanceSeat = -1

// Game is one game as stored: what is played where, by whom, and its current
// position text.
type Game struct {
	ID        int64
	Kind      string // which game: the rules package's name, such as "kingsmen"
	GuildID   string // Discord server, "" in DMs and the console
	ChannelID string // channel or thread the game is played in
	Creator   string // Discord user id of who made the game
	Status    Status
	Position  string // the rules engine's position text
	Version   int64  // bumped by every Apply; 1 when created
	// BoardVersion is the version at which the position or status last
	// changed: a board drawn at a version from BoardVersion to Version is
	// the current board.
	BoardVersion int64
	DrawOffer    int // seat offering a draw, or NoDrawOffer (mind: 0 is a seat)
	// Dice is what the game's chance outcomes are drawn from (see
	// bot/fair.go); zero for a game made before fair dice.
	Dice Dice
	// Takeback is the takeback asked for, if any.
	Takeback Takeback
	// Lang is the language the game speaks to everyone (its boards,
	// pictures and notices), as a Discord locale or language code such as
	// "es-ES"; "" for English. Create stores the server's language
	// (Settings.Language) instead, when the server has chosen one.
	Lang string
	// Owed is the board the game's players are owed, if any: see Board.
	Owed      Owed
	CreatedAt time.Time
	UpdatedAt time.Time
	Seats     []Seat // ordered by seat when loaded
	Clock
}

// Owed is the board a stored change owes a game's players and that no
// door has posted yet (see Change.Board): Version is the game's version it
// was owed at, 0 when none is owed; Lead the words it opens with.
type Owed struct {
	Version int64
	Lead    string
}

// Dice is a game's provably fair dice: a secret seed, whose SHA-256 the
// game's first message publishes, and the public input the players'
// interactions gave once it was published.
type Dice struct {
	Seed  string // hex; secret until the game ends
	Input string // set when the game begins
}

// Takeback is a takeback asked for and not yet agreed: the seat asking,
// or NoDrawOffer, and the seats that have agreed, bit n for seat n.
type Takeback struct {
	Offer  int
	Agreed int
}

// Clock is how a game is played over days: where, since when the decision
// now awaited began, its reminders, deadline, pause and expiry.
type Clock struct {
	// ThreadID is the thread the game is played in, "" when it is played
	// in ChannelID.
	ThreadID string
	// TurnSince is when the decision now awaited began; Create and an
	// Apply with TurnStarted set it.
	TurnSince time.Time
	// RemindersSent counts the reminders sent for that decision.
	RemindersSent int
	// RemindEvery is the delay before a reminder and between reminders,
	// in hours; 0 for none.
	RemindEvery int
	// DeadlineDays is the days a player has for a decision; 0 for none.
	DeadlineDays int
	// PausedAt is when the game was paused; zero when it is not.
	PausedAt time.Time
	// PauseOffer is the seat asking to pause, or while paused to resume,
	// or NoDrawOffer.
	PauseOffer int
	// ExpiresAt is when an unstarted game's invitations lapse; zero for
	// never.
	ExpiresAt time.Time
}

// Where is the channel or thread the game is played in.
func (g *Game) Where() string {
	if g.ThreadID != "" {
		return g.ThreadID
	}
	return g.ChannelID
}

// Seat is one place at a game's table.
type Seat struct {
	Seat   int    // 0-based, in turn order
	UserID string // Discord user id
	Name   string // display name
	Joined bool   // false while invited but not yet accepted
	// Computer is the level of the computer player in the seat ("easy",
	// "strong"), "" for a person.
	Computer string
}

// The kinds of Entry.
const (
	EntryMove    = "move"    // a decision of a seat or of chance
	EntryResign  = "resign"  // a seat resigned
	EntryDraw    = "draw"    // the players agreed to a draw
	EntryForfeit = "forfeit" // a seat lost on time or by leaving
	EntrySkip    = "skip"    // a late seat's turn was skipped at its deadline
	// EntryTakeback undoes, by agreement, the decision at the ply its text
	// names ("takeback 17"), the latest in effect.
	EntryTakeback = "takeback"
)

// Entry is one row of a game's move log.
type Entry struct {
	Ply           int       // 1, 2, 3… per game; assigned by Apply
	Seat          int       // who decided, or ChanceSeat
	Kind          string    // EntryMove, EntryResign, EntryDraw or EntryForfeit
	Text          string    // the move's canonical text
	At            time.Time // when; Apply uses DB.Now if zero
	InteractionID string    // the interaction that caused it, if any; set by Apply
}

func validEntryKind(k string) bool {
	switch k {
	case EntryMove, EntryResign, EntryDraw, EntryForfeit, EntrySkip, EntryTakeback:
		return true
	}
	return false
}

// Change is what Apply does to one game.
type Change struct {
	GameID int64
	// Version is the version the caller loaded; Apply fails with ErrConflict
	// if the game has moved on since.
	Version   int64
	Position  string // the new position text
	Status    Status // the new status
	DrawOffer int    // the new draw offer, or NoDrawOffer
	// Seats, if not nil, replace all of the game's seats.
	Seats []Seat
	// Entries are appended to the move log; Apply numbers their plies after
	// the last one.
	Entries []Entry
	// InteractionID identifies the interaction that caused the change ("" for
	// none). It is recorded, and carried by the first entry, so that a
	// redelivered interaction fails with ErrDuplicate.
	InteractionID string
	// TurnStarted says that a new decision is awaited (the seat to move
	// changed): the game's TurnSince becomes now and its reminders start
	// again.
	TurnStarted bool
	// Pause, if not nil, sets the game's pause.
	Pause *Pause
	// DiceInput, if not "", sets the public input of the game's dice.
	DiceInput string
	// Takeback, if not nil, sets the takeback asked for.
	Takeback *Takeback
	// Board, if not nil, says that the change owes the game's players a
	// board: its board must be posted, whatever happens to the process
	// that stored it (see Board).
	Board *Board
	// Within, if not nil, is the bound on the games of a member the
	// change seats (a join, an acceptance): Apply counts them in its
	// transaction and fails with a *LimitError (ErrLimit) past it.
	Within *SeatLimit
}

// Board is the board a change owes, recorded in the transaction that
// stores the change: the outbox of a game's boards. The door that stored
// the change posts it and records it as the game's live message with
// Live.Owed set, which pays the debt (SwapLive). Until Hold has passed the
// board is its; after that, a process that died before posting it has
// left it to any sweep, which claims it (ClaimBoard) and posts the newest
// board of the game. A later change that owes a board replaces the debt:
// only the newest board is owed.
type Board struct {
	// Lead is what the board opens with, in the game's language: what the
	// change did.
	Lead string
	// Hold is how long the process storing the change has to post the
	// board before a sweep may; zero means DefaultBoardHold.
	Hold time.Duration
}

// DefaultBoardHold is Board.Hold when it is zero.
const DefaultBoardHold = 30 * time.Second

// Pause is a game's pause as a Change sets it.
type Pause struct {
	// Offer is the set of seats asking to pause (or, while paused, to
	// resume), bit n for seat n, or NoDrawOffer.
	Offer int
	// PausedAt is when the game was paused; zero: not paused.
	PausedAt time.Time
	// TurnSince, if not zero, restarts the clock of the decision awaited
	// (on resuming, so that the pause does not count).
	TurnSince time.Time
}

// Create stores a new game, with version 1, and its seats in one
// transaction, recording interactionID ("" for none) so that a redelivered
// interaction fails with ErrDuplicate and creates nothing. It sets g.ID,
// g.Version, g.CreatedAt and g.UpdatedAt, and returns the id.
func (db *DB) Create(ctx context.Context, g *Game, interactionID string) (int64, error) {
	return db.CreateWithin(ctx, g, interactionID, Limits{})
}

// CreateWithin is Create within the server's limits: it counts the games of
// g's creator and of its server in the transaction that stores g (on
// PostgreSQL under a lock per server), so that of games made at once only
// those within the limits are stored, and fails with a *LimitError
// (ErrLimit), storing nothing, when g would go past one. A game whose every
// seat is taken (by computers) begins at once: only the limits on games
// count it, not those on lobbies.
func (db *DB) CreateWithin(ctx context.Context, g *Game, interactionID string, lim Limits) (int64, error) {
	if !g.Status.Valid() {
		return 0, fmt.Errorf("create game: status %q: %w", g.Status, ErrInvalid)
	}
	if g.Kind == "" {
		return 0, fmt.Errorf("create game: no kind: %w", ErrInvalid)
	}
	now := millis(db.now())
	var id int64
	err := db.transact(ctx, func(ctx context.Context, tx sqlTx) (err error) {
		id, err = create(ctx, tx, g, now, interactionID, lim)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("create %s game: %w", g.Kind, classify(err))
	}
	g.ID = id
	g.Version, g.BoardVersion = 1, 1
	g.CreatedAt = fromMillis(now)
	g.UpdatedAt = g.CreatedAt
	g.TurnSince = g.CreatedAt
	g.RemindersSent, g.PausedAt, g.PauseOffer = 0, time.Time{}, NoDrawOffer
	g.Takeback = Takeback{Offer: NoDrawOffer}
	return id, nil
}

// create stores the new game g in tx and returns its id.
func create(ctx context.Context, tx sqlTx, g *Game, now int64, interactionID string, lim Limits) (int64, error) {
	if interactionID != "" {
		res, err := tx.ExecContext(ctx, `INSERT INTO interactions (id, game_id, at) VALUES (?, NULL, ?)
			ON CONFLICT (id) DO NOTHING`, interactionID, now)
		if err != nil {
			return 0, err
		}
		if n, err := res.RowsAffected(); err != nil {
			return 0, err
		} else if n == 0 {
			return 0, fmt.Errorf("interaction %s: %w", interactionID, ErrDuplicate)
		}
	}
	// The server's language, which the game takes, does not change
	// until the game is stored (see SetGuildSettings).
	if err := langLock(ctx, tx, g.GuildID, false); err != nil {
		return 0, err
	}
	if err := checkCreate(ctx, tx, g, now, lim); err != nil {
		return 0, err
	}
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO games
		(kind, guild_id, channel_id, creator, status, position, version, draw_offer, created_at, updated_at,
		 thread_id, turn_since, remind_hours, deadline_days, pause_offer, expires_at, board_version, dice_seed, dice_input, lang)
		VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?,
			COALESCE((SELECT NULLIF(language, '') FROM guild_settings WHERE guild_id = ? AND guild_id <> ''), ?)) RETURNING id, lang`,
		g.Kind, g.GuildID, g.ChannelID, g.Creator, string(g.Status), g.Position, g.DrawOffer, now, now,
		g.ThreadID, now, g.RemindEvery, g.DeadlineDays, NoDrawOffer, optMillis(g.ExpiresAt), g.Dice.Seed, g.Dice.Input,
		g.GuildID, g.Lang).Scan(&id, &g.Lang)
	if err != nil {
		return 0, err
	}
	if err := insertSeats(ctx, tx, id, g.Seats); err != nil {
		return 0, err
	}
	if interactionID != "" {
		// The interaction made the game: it is the game's, and goes with
		// it (a server's purge).
		if _, err := tx.ExecContext(ctx, "UPDATE interactions SET game_id = ? WHERE id = ?", id, interactionID); err != nil {
			return 0, err
		}
	}
	return id, nil
}

func insertSeats(ctx context.Context, tx sqlTx, gameID int64, seats []Seat) error {
	for _, s := range seats {
		_, err := tx.ExecContext(ctx, "INSERT INTO seats (game_id, seat, user_id, name, joined, computer) VALUES (?, ?, ?, ?, ?, ?)",
			gameID, s.Seat, s.UserID, s.Name, s.Joined, s.Computer)
		if err != nil {
			return fmt.Errorf("seat %d: %w", s.Seat, err)
		}
	}
	return nil
}

// Apply changes a game in one transaction: it records c.InteractionID
// (ErrDuplicate if it was already handled), sets the position, status, draw
// offer and, if c.Pause is not nil, the pause, and bumps the version if it
// is still c.Version (ErrConflict if not, ErrNotFound if there is no such
// game), replaces the seats if c.Seats is not nil, and appends c.Entries to
// the move log. On any error nothing is written. It returns the new
// version. Every change to a game goes through Apply, so that of changes
// made at once from the same version exactly one is stored.
//
// With SQLite, changes made at once are committed together, each checked
// on its own (see the package doc), and Apply returns once the commit that
// holds c has returned. If ctx ends while c waits to be written, Apply
// returns ctx's error and c is not stored; once c is being written, Apply
// waits for the commit and reports its outcome whatever ctx says.
func (db *DB) Apply(ctx context.Context, c Change) (int64, error) {
	if !c.Status.Valid() {
		return 0, fmt.Errorf("apply to game %d: status %q: %w", c.GameID, c.Status, ErrInvalid)
	}
	for _, e := range c.Entries {
		if !validEntryKind(e.Kind) {
			return 0, fmt.Errorf("apply to game %d: entry kind %q: %w", c.GameID, e.Kind, ErrInvalid)
		}
	}
	now := db.now()
	err := db.transact(ctx, func(ctx context.Context, tx sqlTx) error { return applyChange(ctx, tx, c, now) })
	if err != nil {
		return 0, fmt.Errorf("apply to game %d at version %d: %w", c.GameID, c.Version, classify(err))
	}
	return c.Version + 1, nil
}

// applyChange makes the change c in tx.
func applyChange(ctx context.Context, tx sqlTx, c Change, now time.Time) error {
	if c.InteractionID != "" {
		res, err := tx.ExecContext(ctx, qRecordInteraction, c.InteractionID, c.GameID, millis(now))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fmt.Errorf("interaction %s: %w", c.InteractionID, ErrDuplicate)
		}
	}
	p, since := Pause{Offer: NoDrawOffer}, int64(0)
	switch {
	case c.TurnStarted:
		since = millis(now)
	case c.Pause != nil && !c.Pause.TurnSince.IsZero():
		since = millis(c.Pause.TurnSince)
	}
	if c.Pause != nil {
		p = *c.Pause
	}
	// Every right-hand side reads the row as it was before this update.
	// A change that keeps the status (most moves) does not set it: SQLite
	// writes the index entries of every column an update sets, changed or
	// not, and the three indexes on the status would cost three pages more
	// to sync at every commit. If the status is not c.Status, the update
	// that sets it runs instead; both are guarded by the version.
	owes, lead, hold := c.Board != nil, "", int64(0)
	if owes {
		lead, hold = c.Board.Lead, millis(now.Add(cmp.Or(c.Board.Hold, DefaultBoardHold)))
	}
	set := []any{c.DrawOffer, millis(now), since != 0, since, c.TurnStarted,
		c.Pause != nil, p.Offer, c.Pause != nil, optMillis(p.PausedAt), owes, owes, lead, owes, hold, c.GameID, c.Version}
	n, err := updated(tx.ExecContext(ctx, qApplySameStatus, slices.Concat([]any{c.Position, c.Position}, set, []any{string(c.Status)})...))
	if err == nil && n == 0 {
		n, err = updated(tx.ExecContext(ctx, qApplyChange,
			slices.Concat([]any{c.Position, string(c.Status), c.Position, string(c.Status)}, set)...))
	}
	if err != nil {
		return err
	}
	if n == 0 {
		var version int64
		err := tx.QueryRowContext(ctx, "SELECT version FROM games WHERE id = ?", c.GameID).Scan(&version)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return err
		}
		return fmt.Errorf("now at version %d: %w", version, ErrConflict)
	}
	// The seat taken counts only once the version guard passed: a change
	// that lost its race is ErrConflict, whatever the member's games.
	if c.Within != nil {
		if err := checkSeat(ctx, tx, c.GameID, millis(now), *c.Within); err != nil {
			return err
		}
	}
	if c.Takeback != nil {
		if _, err := tx.ExecContext(ctx, "UPDATE games SET takeback_offer = ?, takeback_agreed = ? WHERE id = ?", c.Takeback.Offer, c.Takeback.Agreed, c.GameID); err != nil {
			return err
		}
	}
	if c.DiceInput != "" {
		if _, err := tx.ExecContext(ctx, "UPDATE games SET dice_input = ? WHERE id = ?", c.DiceInput, c.GameID); err != nil {
			return err
		}
	}
	if c.Seats != nil {
		if _, err := tx.ExecContext(ctx, "DELETE FROM seats WHERE game_id = ?", c.GameID); err != nil {
			return err
		}
		if err := insertSeats(ctx, tx, c.GameID, c.Seats); err != nil {
			return err
		}
	}
	// Each entry takes the ply after the game's last, found by the insert
	// itself: one statement per entry.
	for i, e := range c.Entries {
		at := e.At
		if at.IsZero() {
			at = now
		}
		var interaction sql.NullString
		if i == 0 && c.InteractionID != "" {
			interaction = sql.NullString{String: c.InteractionID, Valid: true}
		}
		_, err := tx.ExecContext(ctx, qAppendEntry, c.GameID, c.GameID, e.Seat, e.Kind, e.Text, millis(at), interaction)
		if err != nil {
			return fmt.Errorf("entry %d of %d: %w", i+1, len(c.Entries), err)
		}
	}
	return nil
}

// counted is a statement whose rows changed are counted into n.
type counted struct {
	n     *int
	query string
	args  []any
}

// execCounted runs each statement in tx, in order, and sets its count.
func execCounted(ctx context.Context, tx sqlTx, stmts ...counted) error {
	for _, c := range stmts {
		k, err := updated(tx.ExecContext(ctx, c.query, c.args...))
		if err != nil {
			return err
		}
		*c.n = int(k)
	}
	return nil
}

// updated is the number of rows an update changed.
func updated(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// The statements of storing a move, kept prepared (see sqlDB).
const (
	qRecordInteraction = `INSERT INTO interactions (id, game_id, at) VALUES (?, ?, ?)
			ON CONFLICT (id) DO NOTHING`
	qApplySameStatus = `UPDATE games
		SET board_version = CASE WHEN position <> ? THEN version + 1 ELSE board_version END,
			position = ?, ` + applySet + ` AND status = ?`
	qApplyChange = `UPDATE games
		SET board_version = CASE WHEN position <> ? OR status <> ? THEN version + 1 ELSE board_version END,
			position = ?, status = ?, ` + applySet
	// applySet is the rest of either update, and its guard.
	applySet = `draw_offer = ?, version = version + 1, updated_at = ?,
			turn_since = CASE WHEN ? THEN ? ELSE turn_since END,
			reminders_sent = CASE WHEN ? THEN 0 ELSE reminders_sent END,
			pause_offer = CASE WHEN ? THEN ? ELSE pause_offer END,
			paused_at = CASE WHEN ? THEN ? ELSE paused_at END,
			board_owed = CASE WHEN ? THEN version + 1 ELSE board_owed END,
			board_lead = CASE WHEN ? THEN ? ELSE board_lead END,
			board_claim = CASE WHEN ? THEN ? ELSE board_claim END
		WHERE id = ? AND version = ?`
	qAppendEntry = `INSERT INTO moves (game_id, ply, seat, kind, text, at, interaction_id)
		VALUES (?, (SELECT COALESCE(MAX(ply), 0) + 1 FROM moves WHERE game_id = ?), ?, ?, ?, ?, ?)`
)

// hotQueries are the statements every move runs.
var hotQueries = []string{qRecordInteraction, qApplySameStatus, qApplyChange, qAppendEntry}

// Handled reports whether the interaction was already recorded by Apply.
func (db *DB) Handled(ctx context.Context, interactionID string) (bool, error) {
	var done bool
	err := db.db.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM interactions WHERE id = ?)", interactionID).Scan(&done)
	if err != nil {
		return false, fmt.Errorf("look up interaction %s: %w", interactionID, classify(err))
	}
	return done, nil
}

// Game loads a game with its seats, ordered by seat.
func (db *DB) Game(ctx context.Context, id int64) (*Game, error) {
	games, err := db.query(ctx, "SELECT "+gameColumns+" FROM games g "+seatsJoin+
		" WHERE g.id = ? ORDER BY s.seat", id)
	if err != nil {
		return nil, fmt.Errorf("load game %d: %w", id, classify(err))
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("load game %d: %w", id, ErrNotFound)
	}
	return &games[0], nil
}

// Filter chooses games for Find. Empty fields match any game.
type Filter struct {
	Kind      string
	GuildID   string
	ChannelID string
	ThreadID  string
	UserID    string   // someone in any seat, joined or invited
	Statuses  []Status // any of these
	Limit     int      // at most this many; 0 for all
}

// Find returns the games that match f with their seats, the most recently
// updated first.
func (db *DB) Find(ctx context.Context, f Filter) ([]Game, error) {
	var where []string
	var args []any
	for _, eq := range [...]struct{ column, value string }{
		{"kind", f.Kind}, {"channel_id", f.ChannelID}, {"guild_id", f.GuildID}, {"thread_id", f.ThreadID},
	} {
		if eq.value != "" {
			where = append(where, eq.column+" = ?")
			args = append(args, eq.value)
		}
	}
	if f.UserID != "" {
		where = append(where, "EXISTS (SELECT 1 FROM seats u WHERE u.game_id = games.id AND u.user_id = ?)")
		args = append(args, f.UserID)
	}
	if len(f.Statuses) > 0 {
		where = append(where, "status IN (?"+strings.Repeat(", ?", len(f.Statuses)-1)+")")
		for _, s := range f.Statuses {
			args = append(args, string(s))
		}
	}
	inner := "SELECT * FROM games"
	if len(where) > 0 {
		inner += " WHERE " + strings.Join(where, " AND ")
	}
	inner += " ORDER BY updated_at DESC, id DESC"
	if f.Limit > 0 {
		inner += " LIMIT ?"
		args = append(args, f.Limit)
	}
	games, err := db.query(ctx, "SELECT "+gameColumns+" FROM ("+inner+") g "+seatsJoin+
		" ORDER BY g.updated_at DESC, g.id DESC, s.seat", args...)
	if err != nil {
		return nil, fmt.Errorf("find games: %w", classify(err))
	}
	return games, nil
}

// gameColumns and seatsJoin select a game with one row per seat, which is
// one statement and so one consistent read.
const (
	gameColumns = `g.id, g.kind, g.guild_id, g.channel_id, g.creator, g.status, g.position, g.version,
		g.draw_offer, g.created_at, g.updated_at, g.thread_id, g.turn_since, g.reminders_sent, g.remind_hours,
		g.deadline_days, g.paused_at, g.pause_offer, g.expires_at, g.board_version, g.dice_seed, g.dice_input,
		g.takeback_offer, g.takeback_agreed, g.lang, g.board_owed, g.board_lead, s.seat, s.user_id, s.name, s.joined, s.computer`
	seatsJoin = "LEFT JOIN seats s ON s.game_id = g.id"
)

// query runs a query selecting gameColumns, ordered so that a game's rows
// are together, and gathers the games.
func (db *DB) query(ctx context.Context, query string, args ...any) ([]Game, error) {
	rows, err := db.db.QueryContext(ctx, query, args...)
	var games []Game
	err = eachRow(rows, err, func(rows *sql.Rows) error {
		var (
			g                Game
			status           string
			created, updated int64
			since, paused    int64
			expires          int64
			seat             sql.NullInt64
			user, name       sql.NullString
			computer         sql.NullString
			joined           sql.NullBool
		)
		err := rows.Scan(&g.ID, &g.Kind, &g.GuildID, &g.ChannelID, &g.Creator, &status, &g.Position, &g.Version,
			&g.DrawOffer, &created, &updated, &g.ThreadID, &since, &g.RemindersSent, &g.RemindEvery,
			&g.DeadlineDays, &paused, &g.PauseOffer, &expires, &g.BoardVersion, &g.Dice.Seed, &g.Dice.Input,
			&g.Takeback.Offer, &g.Takeback.Agreed, &g.Lang, &g.Owed.Version, &g.Owed.Lead, &seat, &user, &name, &joined, &computer)
		if err != nil {
			return err
		}
		if n := len(games); n == 0 || games[n-1].ID != g.ID {
			g.Status = Status(status)
			g.CreatedAt = fromMillis(created)
			g.UpdatedAt = fromMillis(updated)
			g.TurnSince = fromMillis(since)
			g.PausedAt, g.ExpiresAt = optTime(paused), optTime(expires)
			games = append(games, g)
		}
		if seat.Valid {
			last := &games[len(games)-1]
			last.Seats = append(last.Seats, Seat{Seat: int(seat.Int64), UserID: user.String, Name: name.String, Joined: joined.Bool, Computer: computer.String})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return games, nil
}

// Plies is the number of entries in a game's log: the ply of its last.
func (db *DB) Plies(ctx context.Context, gameID int64) (int, error) {
	var n int
	if err := db.db.QueryRowContext(ctx, "SELECT COALESCE(MAX(ply), 0) FROM moves WHERE game_id = ?", gameID).Scan(&n); err != nil {
		return 0, fmt.Errorf("count the log of game %d: %w", gameID, classify(err))
	}
	return n, nil
}

// Log returns a game's move log in ply order.
func (db *DB) Log(ctx context.Context, gameID int64) ([]Entry, error) {
	log, err := db.log(ctx, gameID)
	if err != nil {
		return nil, fmt.Errorf("load log of game %d: %w", gameID, classify(err))
	}
	return log, nil
}

func (db *DB) log(ctx context.Context, gameID int64) ([]Entry, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT ply, seat, kind, text, at, interaction_id
		FROM moves WHERE game_id = ? ORDER BY ply`, gameID)
	var log []Entry
	err = eachRow(rows, err, func(rows *sql.Rows) error {
		var (
			e           Entry
			at          int64
			interaction sql.NullString
		)
		if err := rows.Scan(&e.Ply, &e.Seat, &e.Kind, &e.Text, &at, &interaction); err != nil {
			return err
		}
		e.At = fromMillis(at)
		e.InteractionID = interaction.String
		log = append(log, e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(log) == 0 {
		var exists bool
		err := db.db.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM games WHERE id = ?)", gameID).Scan(&exists)
		if err != nil {
			return nil, err
		}
		if !exists {
			return nil, ErrNotFound
		}
	}
	return log, nil
}

// GameIDs returns the ids of all games, in ascending order.
func (db *DB) GameIDs(ctx context.Context) ([]int64, error) {
	ids, err := column[int64](db.db.QueryContext(ctx, "SELECT id FROM games ORDER BY id"))
	if err != nil {
		return nil, fmt.Errorf("list games: %w", classify(err))
	}
	return ids, nil
}
