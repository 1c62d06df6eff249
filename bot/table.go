package bot

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strconv"
	"strings"
	"time"

	"parlor/render"
	"parlor/rules"
	"parlor/storage"
)

// Store is the game repository the table service needs.
type Store interface {
	Create(ctx context.Context, g *storage.Game, interactionID string) (int64, error)
	// Limits: see ceilings.go.
	CreateWithin(ctx context.Context, g *storage.Game, interactionID string, lim storage.Limits) (int64, error)
	Pace(ctx context.Context, userID, kind string, win int64, durableFrom int) (int, error)
	ForgetPace(ctx context.Context, before int64) (int64, error)
	Game(ctx context.Context, id int64) (*storage.Game, error)
	Apply(ctx context.Context, c storage.Change) (int64, error)
	Handled(ctx context.Context, interactionID string) (bool, error)
	Log(ctx context.Context, gameID int64) ([]storage.Entry, error)
	Find(ctx context.Context, f storage.Filter) ([]storage.Game, error)
	GameIDs(ctx context.Context) ([]int64, error)
	// Play over days: see package storage.
	Due(ctx context.Context, now time.Time) ([]storage.Game, error)
	ClaimReminder(ctx context.Context, gameID, version int64, sent int) (bool, error)
	RemindersOff(ctx context.Context, userID string) (bool, error)
	SetRemindersOff(ctx context.Context, userID string, off bool) error
	GuildSettings(ctx context.Context, guildID string) (storage.Settings, error)
	SetGuildSettings(ctx context.Context, guildID string, ch storage.SettingsChange) (storage.Settings, error)
	SetThread(ctx context.Context, gameID int64, threadID string) (storage.Live, error)
	SwapLive(ctx context.Context, gameID int64, m storage.Live) (storage.Live, error)
	// Boards owed: see storage.Board.
	ClaimBoard(ctx context.Context, gameID, version int64, hold time.Duration) (bool, error)
	ClaimThink(ctx context.Context, gameID, version int64, hold time.Duration) (bool, error)
	ReleaseThink(ctx context.Context, gameID, version int64) error
	DropBoard(ctx context.Context, gameID, version int64) error
	ClaimReplay(ctx context.Context, gameID int64) (bool, error)
	Plies(ctx context.Context, gameID int64) (int, error)
	// Away days and digests: see storage/away.go.
	GoAway(ctx context.Context, guildID, userID string, days, allowance int) (storage.Away, error)
	AwayPeriods(ctx context.Context, guildID, userID string, since time.Time) ([]storage.AwayPeriod, error)
	Digest(ctx context.Context, userID string) (bool, error)
	SetDigest(ctx context.Context, userID string, on bool, locale string) error
	UserLang(ctx context.Context, userID string) (string, error)
	ClaimDigest(ctx context.Context, userID string, now time.Time) (bool, error)
	ConfirmMoves(ctx context.Context, userID string) (bool, error)
	SetConfirmMoves(ctx context.Context, userID string, on bool) error
	// Forgetting a member: see storage/forget.go.
	Forget(ctx context.Context, userID string, names []string) (storage.ForgetReport, error)
	Forgotten(ctx context.Context) (int64, error)
	// Servers that removed the bot: see storage/removal.go.
	MarkRemoved(ctx context.Context, guildID string) (bool, error)
	MarkBack(ctx context.Context, guildID string) (bool, error)
	Removed(ctx context.Context) ([]storage.RemovedGuild, error)
	ClaimPurge(ctx context.Context, retain, hold time.Duration) (string, bool, error)
	PurgeRemoved(ctx context.Context, guildID string) (storage.PurgeReport, error)
	// Tournaments: see tournaments.go.
	TournamentStore
}

// Painter draws a board as a PNG.
type Painter interface {
	PNG(s rules.State, info render.Info) ([]byte, error)
}

// Kit is what the bot knows of one game: its rules (Game), its pictures
// (Painter) and how to present it.
type Kit struct {
	Game rules.Game
	// Painter draws the game's boards, for the renderer the table draws
	// with (see Painters).
	Painter render.Painter
	// Rules explains the game to players, in our own words.
	Rules string
	// Example is a move text to show in hints, such as "Nc1-c5".
	Example string
	// Subs are the game's own subcommands, beyond the common ones (new,
	// move, board, resign, draw, rules): each turns its options into the
	// move text to play.
	Subs []GameSub
	// Group places a legal move in the menus offered to the player to move,
	// so that a move is chosen in at most two picks: the moves with the same
	// key are one choice of the first menu, labelled label, in the select
	// called menu; a choice with one move plays it, one with several opens
	// a second menu of them. A move with key "" is left out of the menus (it
	// is typed, or offered by Buttons).
	// Labels and menus are said in l.
	Group func(l Lang, s rules.State, m rules.Move) (key, label, menu string)
	// Buttons, if set, lists moves offered as buttons on the board: Name is
	// the label (said in l), Value the move text.
	Buttons func(l Lang, s rules.State) []Choice
	// Auto, if set, reports whether the seat to move has only a forced
	// decision that the table plays for it (such as passing when no piece
	// can move with the dice).
	Auto func(s rules.State) bool
	// SeatName names a seat's side, such as "South", in l.
	SeatName func(l Lang, s rules.State, seat int) string
	// Alert, if set, returns a warning for the player to move, such as
	// "Threat!", in l, or "".
	Alert func(l Lang, s rules.State) string
	// Narrate, if set, says in one line what the decisions played in one
	// interaction did (the player's and those of chance after it), naming
	// seats by names, in l. Without it the table says "X played …".
	Narrate func(l Lang, played []Played, after rules.State, names []string) string
	// Draws is set for games that may be drawn by agreement.
	Draws bool
	// Dice is set for games with dice: their rolls come from the game's
	// provably fair dice (see fair.go).
	Dice bool
	// Direct is set when a choice of the first menu that holds one move
	// plays it at once (the choice names a whole move); otherwise a choice
	// names a piece and always opens the second menu.
	Direct bool
	// Partners is set for games of two sides where partners sit opposite
	// (seats 0 and 2 against 1 and 3; with three, 0 and 2 against 1):
	// the creator names a partner and opponents, open seats are joined on
	// a side, and seats are kept as chosen rather than drawn by lot.
	Partners bool
	// Finish, if set, says how a race was won, in place of "by bringing
	// every piece home"; marked with N, as it is said in a game's language.
	Finish string
}

// GameSub is a game's own subcommand that plays a move.
type GameSub struct {
	Spec SubSpec
	// Text turns the options, by name, into the move text to play in s; its
	// error is a refusal made with sorry, said to the user in their
	// language.
	Text func(s rules.State, opts map[string]string) (string, error)
	// Suggest, if set, autocompletes the option focused (with the options
	// typed so far) for the player to move in s, in l.
	Suggest func(l Lang, s rules.State, focused string, opts map[string]string) []Choice
}

// sub is the kit's own subcommand called name.
func (k Kit) sub(name string) (GameSub, bool) {
	for _, s := range k.Subs {
		if s.Spec.Name == name {
			return s, true
		}
	}
	return GameSub{}, false
}

// Played is one decision played: the state it was played in, and the move.
type Played struct {
	Before rules.State
	Move   rules.Move
}

// Table is the table service: the only place that knows both the rules
// engines and the storage. Its handlers take a Request and return a Response.
type Table struct {
	store   Store
	painter Painter
	kits    map[string]Kit
	order   []string
	options map[string]OptionSpec // by "command/sub/option"
	routes  map[string]handler    // by "command" or "command/sub": those not a game's
	roll    func(n int) int
	now     func() time.Time
	think   time.Duration
	hold    time.Duration // see Config.BoardHold
	retain  time.Duration // see Config.Retain
	removed removed       // the servers that removed the bot, as last read
	// ceilings and pace: see Config.
	ceilings storage.Limits
	pace     Pace
	log      *slog.Logger
	metrics  Metrics // see Config.Metrics
	tails    tails   // the latest steps of games whose stories were told
	ledgers  ledgers // the ratings computed last
	// computers is the queue of computers' turns (see computers.go).
	computers computerQueue
	// fair says the dice of games that have a seed come from it; without,
	// they come from roll (Config.Roll, which tests script).
	fair bool
	web  WebLinks // see Config.Web
}

func cryptoRoll(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic("bot: no randomness: " + err.Error())
	}
	return int(v.Int64())
}

func (t *Table) kit(name string) (Kit, error) {
	k, ok := t.kits[name]
	if !ok {
		return Kit{}, sorry("I don't know the game %s.", quote(name))
	}
	return k, nil
}

// loaded is a game with its rules state.
type loaded struct {
	row   *storage.Game
	state rules.State
	kit   Kit
	// lang is the game's language, in which everything the game shows
	// everyone is said: boards, pictures, notices, pings.
	lang Lang
	// picture, if set, is the board's picture drawn already, which
	// boardWith shows rather than draw it again (see WebView).
	picture []byte
	// seated says the seats are fixed (a tournament's pairing): start
	// keeps them rather than drawing them by lot.
	seated bool
}

// placeOf is where a game lives, or where a request comes from: its
// server, or, outside a server, its channel (a DM, or the console). A game
// is seen and touched only from the place it was made in.
func placeOf(guildID, channelID string) string {
	if guildID != "" {
		return "server " + guildID
	}
	return "channel " + channelID
}

// load loads the game id for req: a game of another place is answered
// exactly like a game that does not exist, so that nothing about it leaks.
func (t *Table) load(ctx context.Context, req Request, id int64) (*loaded, error) {
	row, err := t.store.Game(ctx, id)
	if errors.Is(err, storage.ErrNotFound) || err == nil && placeOf(row.GuildID, row.ChannelID) != placeOf(req.GuildID, req.ChannelID) {
		return nil, noGame(id)
	}
	if err != nil {
		return nil, &gameFailure{id: id, err: fmt.Errorf("load game %d: %w", id, err)}
	}
	return t.loadRow(row)
}

// noGame is the answer for a game number that names no game here.
func noGame(id int64) error {
	return sorry("There is no game #%s here.", no(id))
}

// loadRow reads a stored game's position.
func (t *Table) loadRow(row *storage.Game) (*loaded, error) {
	kit, ok := t.kits[row.Kind]
	if !ok {
		return nil, sorry("Game #%s is a %s game, which this bot does not serve.", no(row.ID), row.Kind)
	}
	st, err := kit.Game.Parse(row.Position)
	if err != nil {
		return nil, fmt.Errorf("game %d: stored position unreadable: %w", row.ID, err)
	}
	return &loaded{row: row, state: st, kit: kit, lang: LangOf(row.Lang)}, nil
}

// maxTries bounds how often a change that lost a race to another change of
// the same game is tried again.
const maxTries = 8

// retry runs act, a change to l's game for req; when another change of the
// game was stored first (storage.ErrConflict), it loads the game afresh and
// runs act again, which checks everything anew, so that a change that
// still makes sense is made and one that no longer does is refused for what
// it is ("not your turn", "paused"), never silently dropped.
func (t *Table) retry(ctx context.Context, req Request, l *loaded, act func(*loaded) (Response, error)) (Response, error) {
	for try := 1; ; try++ {
		resp, err := act(l)
		if !errors.Is(err, storage.ErrConflict) || try == maxTries {
			var ue *userError
			if err != nil && !errors.As(err, &ue) {
				err = &gameFailure{id: l.row.ID, err: err}
			}
			return resp, err
		}
		t.metrics.Retry()
		if l, err = t.load(ctx, req, l.row.ID); err != nil {
			return Response{}, err
		}
	}
}

// gameFailure is an error met while acting on a game, so that it is
// logged with the game's id.
type gameFailure struct {
	id  int64
	err error
}

func (g *gameFailure) Error() string { return g.err.Error() }
func (g *gameFailure) Unwrap() error { return g.err }

// playable checks that g is in play, so that moves, resignations and
// draws make sense.
func playable(l *loaded) error {
	g := l.row
	switch g.Status {
	case storage.StatusActive:
		return nil
	case storage.StatusInvited, storage.StatusOpen:
		return sorry("Game #%s has not started yet: it is waiting for players to join.", no(g.ID))
	case storage.StatusOver:
		return sorry("Game #%s is over: %s", no(g.ID), result(l))
	case storage.StatusDeclined:
		return sorry("Game #%s was declined and never played.", no(g.ID))
	case storage.StatusCancelled:
		return sorry("Game #%s was cancelled and never played.", no(g.ID))
	default:
		return sorry("Game #%s was %s and never played.", no(g.ID), statusWord(g.Status))
	}
}

// player checks that the user plays in g, and returns their seat.
func player(l *loaded, user string) (int, error) {
	seat := seatOf(l.row, user)
	if seat < 0 {
		return -1, sorry("You are not playing in game #%s.", no(l.row.ID))
	}
	if r, ok := l.state.(interface{ Retired(rules.Seat) bool }); ok && r.Retired(rules.Seat(seat)) {
		return -1, sorry("You have left game #%s; the others play on without you.", no(l.row.ID))
	}
	return seat, nil
}

// playing checks that l's game is in play and that user plays in it, and
// returns their seat.
func playing(l *loaded, user string) (int, error) {
	if err := playable(l); err != nil {
		return -1, err
	}
	return player(l, user)
}

// mover checks that g is in play and that it is the user's turn, and
// returns their seat.
func mover(l *loaded, user string) (int, error) {
	if err := playable(l); err != nil {
		return -1, err
	}
	if err := paused(l); err != nil {
		return -1, err
	}
	seat, err := player(l, user)
	if err != nil {
		return -1, err
	}
	if to := l.state.ToMove(); to != rules.Seat(seat) {
		return -1, sorry("It is %s's turn, not yours.", seatUser(l.row, int(to)).Name)
	}
	return seat, nil
}

// result says how a finished game ended: "Ann won by capturing the King."
func result(l *loaded) rules.Text {
	o := l.state.Outcome()
	var how any = methodWords(o.Method)
	if o.Method == rules.Finished && l.kit.Finish != "" {
		how = rules.Word(l.kit.Finish)
	}
	if o.Draw() {
		return rules.Textf("drawn %s.", how)
	}
	var ws []rules.Text
	for _, w := range o.Winners {
		ws = append(ws, rules.Plain(seatUser(l.row, int(w)).Name))
	}
	if len(ws) == 1 {
		return rules.Textf("%s won %s.", ws[0], how)
	}
	return rules.Textf("%s and %s won %s.", rules.List(ws[:len(ws)-1]...), ws[len(ws)-1], how)
}

// methodWords says how a game ended, after "won" or "drawn".
func methodWords(m rules.Method) rules.Text {
	if m == rules.QuietDraw {
		// Only All the King's Men has quiet draws: 50 moves each.
		return rules.Textf("after 50 moves each without a capture")
	}
	return m.Text()
}

// settle plays the decisions nobody needs to take: chance (by the odds)
// and the forced ones the kit plays for a seat (Kit.Auto), until a seat must
// decide or the game ends. It returns the state with the log entries it made
// and the decisions played.
func (t *Table) settle(kit Kit, st rules.State, dice roller) (rules.State, []storage.Entry, []Played, error) {
	var entries []storage.Entry
	var played []Played
	for !st.Outcome().Over() {
		if len(played) == maxSettle {
			// Only a broken Roll (always the same number) gets here: an
			// opening roll tied for ever.
			return nil, nil, nil, fmt.Errorf("%d decisions of chance in a row and still nobody to move", maxSettle)
		}
		seat := st.ToMove()
		var m rules.Move
		switch {
		case seat == rules.Chance:
			outcomes := st.Legal()
			if len(outcomes) == 0 {
				return nil, nil, nil, errors.New("chance node with no outcomes")
			}
			var err error
			if m, err = dice.draw(outcomes, len(entries)); err != nil {
				return nil, nil, nil, err
			}
		case kit.Auto != nil && kit.Auto(st):
			legal := st.Legal()
			if len(legal) != 1 {
				return nil, nil, nil, fmt.Errorf("forced decision with %d moves", len(legal))
			}
			m = legal[0]
		default:
			return st, entries, played, nil
		}
		next, err := st.Play(m)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("play %q: %w", m.Text, err)
		}
		entries = append(entries, storage.Entry{Seat: int(seat), Kind: storage.EntryMove, Text: m.Text, At: t.now()})
		played = append(played, Played{Before: st, Move: m})
		st = next
	}
	return st, entries, played, nil
}

// maxSettle bounds the decisions settle plays at once.
const maxSettle = 1000

// Replay rebuilds a game's state from its move log, the truth of the game.
func Replay(game rules.Game, players int, log []storage.Entry) (rules.State, error) {
	r, err := newReplayer(game, players)
	if err != nil {
		return nil, err
	}
	for _, e := range log {
		if _, err := r.apply(e); err != nil {
			return nil, err
		}
	}
	return r.st, nil
}

// replayer plays a game's log entry by entry, keeping the state before
// each entry in effect, so that a takeback returns to the one before the
// decision it undoes.
type replayer struct {
	game rules.Game
	st   rules.State
	back []undo // newest last
}

// undo is the state before the entry at ply.
type undo struct {
	ply    int
	before rules.State
}

func newReplayer(game rules.Game, players int) (*replayer, error) {
	st, err := game.New(players)
	if err != nil {
		return nil, err
	}
	return &replayer{game: game, st: st}, nil
}

// apply plays e and returns the state after it.
func (r *replayer) apply(e storage.Entry) (rules.State, error) {
	if e.Kind == storage.EntryTakeback {
		ply, err := takebackPly(e.Text)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %w", e.Ply, err)
		}
		if len(r.back) == 0 || r.back[len(r.back)-1].ply != ply {
			return nil, fmt.Errorf("ply %d takes back ply %d, which is not the latest entry in effect", e.Ply, ply)
		}
		r.st, r.back = r.back[len(r.back)-1].before, r.back[:len(r.back)-1]
		return r.st, nil
	}
	next, err := applyEntry(r.game, r.st, e)
	if err != nil {
		return nil, err
	}
	r.back = append(r.back, undo{ply: e.Ply, before: r.st})
	r.st = next
	return next, nil
}

// takebackPly reads the ply a takeback entry's text names.
func takebackPly(text string) (int, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(text, "takeback "))
	if err != nil || !strings.HasPrefix(text, "takeback ") || n < 1 {
		return 0, fmt.Errorf("%q is not a takeback like \"takeback 17\"", text)
	}
	return n, nil
}

// applyEntry plays one entry of a game's log on st.
func applyEntry(game rules.Game, st rules.State, e storage.Entry) (next rules.State, err error) {
	switch e.Kind {
	case storage.EntryMove:
		if st.ToMove() != rules.Seat(e.Seat) {
			return nil, fmt.Errorf("ply %d: seat %d moved, but %d was to move", e.Ply, e.Seat, st.ToMove())
		}
		next, err = st.Play(rules.Move{Text: e.Text})
	case storage.EntryResign:
		next, err = rules.Resign(st, rules.Seat(e.Seat))
	case storage.EntryForfeit:
		next, err = st.End(rules.Outcome{Method: rules.Forfeit, Winners: rules.Opponents(st, rules.Seat(e.Seat))})
	case storage.EntryDraw:
		next, err = st.End(rules.Outcome{Method: rules.Agreement})
	case storage.EntrySkip:
		sk, ok := st.(rules.Skipper)
		switch {
		case !ok:
			err = fmt.Errorf("%s has no skipped turns", game.Title())
		case st.ToMove() != rules.Seat(e.Seat):
			err = fmt.Errorf("seat %d was skipped, but %d was to move", e.Seat, st.ToMove())
		default:
			next, err = sk.Skip(rules.Seat(e.Seat))
		}
	default:
		err = fmt.Errorf("unknown entry kind %q", e.Kind)
	}
	if err != nil {
		return nil, fmt.Errorf("ply %d (%s %q): %w", e.Ply, e.Kind, e.Text, err)
	}
	return next, nil
}

// started reports whether a game with this status has been played.
func started(s storage.Status) bool {
	return s == storage.StatusActive || s == storage.StatusOver
}

// Problem is a game whose stored position differs from its replayed log.
type Problem struct {
	GameID int64
	Detail string
}

// Check replays every stored game's move log and reports each game whose
// stored position is not what the log gives. It returns how many games it
// checked.
func (t *Table) Check(ctx context.Context) (int, []Problem, error) {
	ids, err := t.store.GameIDs(ctx)
	if err != nil {
		return 0, nil, err
	}
	var problems []Problem
	for _, id := range ids {
		row, err := t.store.Game(ctx, id)
		if err != nil {
			return 0, nil, fmt.Errorf("load game %d: %w", id, err)
		}
		kit, ok := t.kits[row.Kind]
		if !ok {
			problems = append(problems, Problem{id, "unknown game kind " + row.Kind})
			continue
		}
		log, err := t.store.Log(ctx, id)
		if err != nil {
			return 0, nil, fmt.Errorf("load log of game %d: %w", id, err)
		}
		if !started(row.Status) {
			if len(log) > 0 {
				problems = append(problems, Problem{id, fmt.Sprintf("status %s but %d moves logged", row.Status, len(log))})
			}
			continue
		}
		st, err := Replay(kit.Game, len(row.Seats), log)
		switch {
		case err != nil:
			problems = append(problems, Problem{id, "replay failed: " + err.Error()})
		case st.String() != row.Position:
			problems = append(problems, Problem{id, fmt.Sprintf("stored position %q, replay gives %q", row.Position, st.String())})
		case st.Outcome().Over() != (row.Status == storage.StatusOver):
			problems = append(problems, Problem{id, fmt.Sprintf("status %s but the replayed game is over=%v", row.Status, st.Outcome().Over())})
		}
	}
	return len(ids), problems, nil
}

// statusWord is a game's status as messages say it: "(it is over)". Each
// status is a constant Word here so that the catalogs list its words.
func statusWord(s storage.Status) rules.Word {
	if w, ok := statusWords[s]; ok {
		return w
	}
	return rules.Word(s)
}

var statusWords = map[storage.Status]rules.Word{
	storage.StatusInvited: rules.Word("invited"), storage.StatusOpen: rules.Word("open"),
	storage.StatusActive: rules.Word("active"), storage.StatusOver: rules.Word("over"),
	storage.StatusDeclined: rules.Word("declined"), storage.StatusCancelled: rules.Word("cancelled"),
}

// titleOf is the title of k's game, as a word said in the language of the
// text it is in (the catalogs list every kit's title: see specMessages).
func titleOf(k Kit) rules.Word { return rules.Word(k.Game.Title()) }

// paused refuses a move in a paused game.
func paused(l *loaded) error {
	if l.row.PausedAt.IsZero() {
		return nil
	}
	return sorry("Game #%s is paused. Any player can carry on with /%s resume.", no(l.row.ID), strings.ToLower(l.row.Kind))
}

// loadedFrom is the stored game g as the table works on it when no request
// brought it (a sweep, a computer's worker): nil for a game of a kind this
// table does not play, an error for a position it cannot read.
func (t *Table) loadedFrom(g *storage.Game) (*loaded, error) {
	kit, ok := t.kits[g.Kind]
	if !ok {
		return nil, nil
	}
	st, err := kit.Game.Parse(g.Position)
	if err != nil {
		return nil, fmt.Errorf("stored position unreadable: %w", err)
	}
	return &loaded{row: g, state: st, kit: kit, lang: LangOf(g.Lang)}, nil
}
