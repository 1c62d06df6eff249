package bot

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"time"

	"parlor/storage"
)

// Limits. A server bounds what its members may open, so that one member
// cannot flood its channels with threads or spend the bot's Discord budget
// for everyone: each member may have made a few lobbies (games waiting to
// begin) and be committed to a number of games (in play, or joined and
// waiting to begin), and the server as a whole the same (see
// storage.Limits). Its managers choose the four numbers in /parlor
// settings, up to the operator's ceilings (Config.Ceilings).
//
// A game counts for a member from the moment they commit to it: they make
// it (/<game> new), join an open seat or accept an invitation. So a lobby
// they joined counts towards their games in play already, and the game
// that begins never takes anyone over their limit: a member at their limit
// is refused when they try to join or accept, not when the game begins,
// which would be a surprise to the others at the table. Being invited does
// not count until the invitation is accepted. Games against the computer
// count like any other; computer seats are never limited. Lapsed
// invitations and open seats stop counting at once, even before a sweep
// marks them; cancelled, declined and finished games never count.

// DefaultCeilings are the operator's ceilings of the limits when the
// environment sets none: managers may raise the limits up to these.
var DefaultCeilings = storage.Limits{MemberLobbies: 25, MemberGames: 200, ServerLobbies: 500, ServerGames: 10000}

// limitsOf are the limits in force in a server with settings set: the
// managers' choice, within the operator's ceilings.
func (t *Table) limitsOf(set storage.Settings) storage.Limits {
	c := t.ceilings
	return storage.Limits{
		MemberLobbies: min(set.MemberLobbies, c.MemberLobbies),
		MemberGames:   min(set.MemberGames, c.MemberGames),
		ServerLobbies: min(set.ServerLobbies, c.ServerLobbies),
		ServerGames:   min(set.ServerGames, c.ServerGames),
	}
}

// seatLimit is the bound on the games of the member who takes a seat in
// g: see storage.Change.Within.
func (t *Table) seatLimit(ctx context.Context, req Request, g *storage.Game) (*storage.SeatLimit, error) {
	set, err := t.store.GuildSettings(ctx, g.GuildID)
	if err != nil {
		return nil, err
	}
	return &storage.SeatLimit{GuildID: g.GuildID, UserID: req.User.ID, Games: t.limitsOf(set).MemberGames}, nil
}

// overLimit is the refusal of a game or a seat past a limit: which limit,
// its value, and how to make room. ok is false for an error that is no
// *storage.LimitError.
func overLimit(err error, l Lang) (string, bool) {
	var le *storage.LimitError
	if !errors.As(err, &le) {
		return "", false
	}
	room := l.T("To make room, finish, resign or cancel one of them; /games lists yours.")
	switch le.Limit {
	case storage.LimitMemberLobbies:
		return l.T("You have %d games waiting for players here, this server's limit per member: no new one until one of them begins, lapses or is cancelled (its Cancel button). /games lists them.", le.Max), true
	case storage.LimitMemberGames:
		return l.T("You are in %d games here (in play or waiting to begin), this server's limit per member.", le.Max) + " " + room, true
	case storage.LimitServerLobbies:
		return l.T("This server has %d games waiting for players, its limit: no new one until one of them begins, lapses or is cancelled. Join one of them instead (/games lists yours).", le.Max), true
	case storage.LimitServerGames:
		return l.T("This server has %d games in play or waiting to begin, its limit: no new one until some finish, are resigned or are cancelled.", le.Max), true
	}
	return l.T("That would go past one of this server's limits (%d).", le.Max), true
}

// The slow-down. A member who sends more commands, clicks and menu choices
// than a person could (Pace.Commands in Pace.Window) is told once to slow
// down, and their further interactions in the window are answered at once,
// privately, without any work: no game is changed, no thread made, no
// picture drawn. Autocomplete, which Discord sends a keystroke, has its own
// budget; past it, it gets no suggestions. The count is kept by
// storage.Pace (a row per user on PostgreSQL, shared by replicas; in
// memory on SQLite, written once a member is slowed), so it holds across
// replicas and restarts, and per user everywhere rather than per server: a
// member who floods one server is slowed in all. What they did before is
// kept.

// Pace is the slow-down's budget: zero fields take the defaults.
type Pace struct {
	// Commands is how many commands, clicks and menu choices a user may
	// send in a window; 0 means 20.
	Commands int
	// Autocomplete is how many autocomplete requests a user may send in a
	// window; 0 means 60.
	Autocomplete int
	// Window is the length of a window (fixed windows, from the Unix
	// epoch); 0 means 10 seconds.
	Window time.Duration
	// Off turns the slow-down off (the console, with its one user).
	Off bool
}

// withDefaults is p with its zero fields set.
func (p Pace) withDefaults() Pace {
	p.Commands = cmp.Or(p.Commands, 20)
	p.Autocomplete = cmp.Or(p.Autocomplete, 60)
	p.Window = cmp.Or(p.Window, 10*time.Second)
	return p
}

// window is the number of the window at now.
func (p Pace) window(now time.Time) int64 { return now.UnixMilli() / p.Window.Milliseconds() }

// slowDown counts req against its user's budget and, past it, is the
// answer that does no work (done true). If the count cannot be made (the
// database is away), the request goes on: the work that follows says what
// is wrong.
func (t *Table) slowDown(ctx context.Context, req Request, log *slog.Logger) (resp Response, done bool) {
	if t.pace.Off || req.User.ID == "" {
		return Response{}, false
	}
	kind, budget := "c", t.pace.Commands
	if req.Kind == AutocompleteRequest {
		kind, budget = "a", t.pace.Autocomplete
	}
	n, err := t.store.Pace(ctx, req.User.ID, kind, t.pace.window(t.now()), budget)
	switch {
	case err != nil:
		log.Warn("slow-down: count", "err", err)
		return Response{}, false
	case n <= budget:
		return Response{}, false
	case kind == "a":
		return Response{Choices: []Choice{}}, true
	case n == budget+1:
		log.Info("slow-down", "count", n)
		return private(you(req).T("Slow down: that is more than %d commands and clicks in %d seconds, faster than anyone plays. Nothing more is done for you for a few seconds; what you did before is kept.", budget, int(t.pace.Window/time.Second))), true
	}
	return private(you(req).T("Still too fast: nothing was done. Wait a few seconds, then try again.")), true
}

// forgetPace deletes the counts of the slow-down's past windows.
func (t *Table) forgetPace(ctx context.Context) {
	if t.pace.Off {
		return
	}
	if _, err := t.store.ForgetPace(ctx, t.pace.window(t.now())); err != nil && ctx.Err() == nil {
		t.log.Warn("sweep: forget old paces", "err", err)
	}
}
