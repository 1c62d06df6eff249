package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"parlor/bot/limits"
	"parlor/rules"
	"parlor/storage"
)

// This file is the table's front: how a Table is made (Config, NewTable),
// the command table (gameSubs: each game subcommand declared once), and
// Handle, which checks a request, routes it to its handler and explains
// what went wrong. It sits above every part it routes to; the parts use
// the core (table.go) below them and never this file.

// Config holds what a Table needs.
type Config struct {
	Store   Store
	Painter Painter
	Kits    []Kit
	// Roll returns a uniformly random number in [0, n); it decides chance
	// outcomes and seating by lot. Nil means crypto/rand.
	Roll func(n int) int
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Think is the budget of a strong computer player's decision; 0
	// means rules.DefaultThink.
	Think time.Duration
	// BoardHold is how long the process that stores a change has to post
	// the board it owes before a sweep (of any process) posts it instead
	// (see storage.Board); 0 means storage.DefaultBoardHold.
	BoardHold time.Duration
	// Retain is how long the games of a server that removed the bot are
	// kept before a sweep deletes them (see removal.go); 0 means
	// DefaultRetain.
	Retain time.Duration
	// Ceilings are the operator's bounds on the limits a server's
	// managers may choose (see ceilings.go); zero fields take
	// DefaultCeilings'.
	Ceilings storage.Limits
	// Pace is the slow-down's budget (see ceilings.go).
	Pace   Pace
	Logger *slog.Logger
	// Metrics counts what the table does for an operator (see
	// observe.go); nil counts nothing.
	Metrics Metrics
	// Web turns on the web page's personal links (see weblinks.go).
	Web WebLinks
}

// NewTable builds a table service. It panics on a duplicate game, a
// programming error found at start-up.
func NewTable(c Config) *Table {
	t := &Table{store: c.Store, painter: c.Painter, kits: map[string]Kit{}, roll: c.Roll, now: c.Now, think: cmp.Or(c.Think, rules.DefaultThink),
		hold: cmp.Or(c.BoardHold, storage.DefaultBoardHold), log: c.Logger, fair: c.Roll == nil, pace: c.Pace.withDefaults(),
		retain: cmp.Or(c.Retain, DefaultRetain), web: c.Web,
		ceilings: storage.Limits{
			MemberLobbies: cmp.Or(c.Ceilings.MemberLobbies, DefaultCeilings.MemberLobbies),
			MemberGames:   cmp.Or(c.Ceilings.MemberGames, DefaultCeilings.MemberGames),
			ServerLobbies: cmp.Or(c.Ceilings.ServerLobbies, DefaultCeilings.ServerLobbies),
			ServerGames:   cmp.Or(c.Ceilings.ServerGames, DefaultCeilings.ServerGames),
		}}
	if t.roll == nil {
		t.roll = cryptoRoll
	}
	if t.now == nil {
		t.now = time.Now
	}
	if t.log == nil {
		t.log = slog.New(slog.DiscardHandler)
	}
	if t.metrics = c.Metrics; t.metrics == nil {
		t.metrics = noMetrics{}
	}
	for _, k := range c.Kits {
		name := k.Game.Name()
		if _, dup := t.kits[name]; dup {
			panic("bot: duplicate game " + name)
		}
		t.kits[name] = k
		t.order = append(t.order, name)
	}
	t.options, t.routes = map[string]OptionSpec{}, map[string]handler{}
	for _, c := range t.Commands() {
		if c.do != nil {
			t.routes[c.Name] = c.do
		}
		for _, sub := range c.Subs {
			if sub.do != nil {
				t.routes[c.Name+"/"+sub.Name] = sub.do
			}
		}
		subs := c.Subs
		if len(subs) == 0 {
			subs = []SubSpec{{Options: c.Options}}
		}
		for _, sub := range subs {
			for _, o := range sub.Options {
				t.options[c.Name+"/"+sub.Name+"/"+o.Name] = o
			}
		}
	}
	return t
}

// Commands lists the slash commands of every game the table serves.
func (t *Table) Commands() []CommandSpec {
	var out []CommandSpec
	for _, name := range t.order {
		out = append(out, gameCommand(t.kits[name]))
	}
	out = append(out, parlorCommands(t.ceilings)...)
	out = append(out, t.tournamentCommands()...)
	return append(out, t.ratingCommands()...)
}

// route finds the handler declared with a command that is not a game's
// (its spec's do): ok is false for a game's command, and err says a
// command that is not a game's has no such subcommand.
func (t *Table) route(req Request) (do handler, ok bool, err error) {
	if do, ok := t.routes[req.Command]; ok {
		return do, true, nil
	}
	if do, ok := t.routes[req.Command+"/"+req.Sub]; ok {
		return do, true, nil
	}
	if _, game := t.kits[req.Command]; !game && req.Sub != "" {
		for key := range t.routes {
			if strings.HasPrefix(key, req.Command+"/") {
				return nil, false, sorry("/%s has no %s command.", req.Command, quote(req.Sub))
			}
		}
	}
	return nil, false, nil
}

// Handle answers one request. It never panics and never returns an error:
// every failure becomes a short private answer.
func (t *Table) Handle(ctx context.Context, req Request) (resp Response) {
	log := t.log.With("interaction", req.ID, "guild", req.GuildID, "user", req.User.ID, "command", req.Command, "sub", req.Sub, "custom_id", req.CustomID)
	start, outcome := t.now(), "panic"
	defer func() {
		if p := recover(); p != nil {
			log.Error("handler panic", "panic", p)
			resp = private(you(req).T("Something went wrong on our side, and nothing was changed. Please try again."))
		}
		t.metrics.Interaction(kindName(req.Kind), outcome, t.now().Sub(start))
	}()
	// The slow-down comes before any other work.
	if r, done := t.slowDown(ctx, req, log); done {
		outcome = "slowed"
		return r
	}
	t.backFrom(ctx, req)
	var err error
	switch req.Kind {
	case CommandRequest:
		if err = t.checkOptions(req); err == nil {
			resp, err = t.command(ctx, req)
		}
	case ComponentRequest:
		resp, err = t.component(ctx, req)
	case AutocompleteRequest:
		outcome = "ok"
		if t.checkOptions(req) != nil {
			return Response{Choices: []Choice{}}
		}
		return Response{Choices: t.autocomplete(ctx, req)}
	default:
		err = sorry("I don't know that kind of interaction.")
	}
	if err != nil && req.ID != "" && !errors.Is(err, storage.ErrDuplicate) {
		// The same interaction delivered twice at once: the twin may have
		// been recorded after this one's first check, and this one then
		// saw the changed game. Its refusal would mislead.
		if done, herr := t.store.Handled(ctx, req.ID); herr == nil && done {
			err = storage.ErrDuplicate
		}
	}
	outcome = outcomeOf(err)
	if c := storeClass(err); err != nil && c != "other" {
		t.metrics.StoreError(c)
	}
	if err != nil {
		return t.explain(log, err, you(req))
	}
	// A computer to move, or a game just over, whose replay comes next.
	resp.Wake = resp.Wake || resp.Public != nil && (resp.Public.computerTurn || resp.Public.gameOver)
	if resp.Public != nil && resp.Public.computerTurn && resp.Public.Live != nil {
		resp.Computer = resp.Public.Live.GameID
	}
	return resp
}

// explain turns an error into the private answer the user sees.
func (t *Table) explain(log *slog.Logger, err error, l Lang) Response {
	if gf := (*gameFailure)(nil); errors.As(err, &gf) {
		log = log.With("game", gf.id)
	}
	var ue *userError
	if say, ok := overLimit(err, l); ok {
		return private(say)
	}
	switch {
	case errors.As(err, &ue):
		return private(l.Say(ue.text))
	case errors.Is(err, storage.ErrConflict):
		return private(l.T("The board changed while you were acting (someone moved first). Nothing of yours was recorded; look at the newest board and try again."))
	case errors.Is(err, storage.ErrDuplicate):
		return private(l.T("That was already done."))
	case errors.Is(err, storage.ErrBusy):
		log.Warn("database busy", "err", err)
		return private(l.T("The game store is busy right now. Nothing was changed; please try again in a moment."))
	case errors.Is(err, storage.ErrNotFound):
		return private(l.T("I can't find that game."))
	case errors.Is(err, storage.ErrUnavailable):
		log.Error("database unavailable", "err", err)
		return private(l.T("Parlor could not reach its database; nothing changed. Please try again in a moment."))
	case errors.Is(err, storage.ErrUnwritable):
		log.Error("could not save", "err", err)
		return private(l.T("Parlor could not save that; nothing changed. Please try again."))
	}
	log.Error("handler failed", "err", err)
	return private(l.T("Something went wrong on our side, and nothing was changed. Please try again."))
}

func (t *Table) command(ctx context.Context, req Request) (Response, error) {
	// A redelivered interaction is recognised before anything else: once it
	// has been done, the game has moved on and every other check would
	// answer something misleading ("not your turn", "game over").
	if err := t.once(ctx, req); err != nil {
		return Response{}, err
	}
	if do, ok, err := t.route(req); ok || err != nil {
		if err != nil {
			return Response{}, err
		}
		return do(t, ctx, req)
	}
	kit, err := t.kit(req.Command)
	if err != nil {
		return Response{}, err
	}
	var act func(l *loaded) (Response, error)
	look := false
	if g, ok := gameSubNamed(req.Sub); ok {
		if g.has != nil && !g.has(kit) {
			return Response{}, sorry(g.missing, titleOf(kit))
		}
		if g.direct != nil {
			return g.direct(ctx, t, req, kit)
		}
		if g.first != nil {
			if err := g.first(req, kit); err != nil {
				return Response{}, err
			}
		}
		act = func(l *loaded) (Response, error) { return g.act(ctx, t, req, l) }
		look = g.look
	} else {
		sub, ok := kit.sub(req.Sub)
		if !ok {
			return Response{}, sorry("/%s has no %s command.", req.Command, quote(req.Sub))
		}
		act = func(l *loaded) (Response, error) {
			if _, err := mover(l, req.User.ID); err != nil {
				return Response{}, err
			}
			text, err := sub.Text(l.state, req.Options)
			if err != nil {
				return Response{}, err
			}
			return t.move(ctx, req, l, text, -1, true)
		}
	}
	l, err := t.pick(ctx, req, kit, look)
	if err != nil {
		return Response{}, err
	}
	return t.retry(ctx, req, l, act)
}

func (t *Table) component(ctx context.Context, req Request) (Response, error) {
	if strings.HasPrefix(req.CustomID, "me/") {
		// A button about the member, not a game: /parlor forget's.
		if err := t.once(ctx, req); err != nil {
			return Response{}, err
		}
		return t.forgetClick(ctx, req)
	}
	if strings.HasPrefix(req.CustomID, "tn/") {
		// A tournament's sign-up button.
		if err := t.once(ctx, req); err != nil {
			return Response{}, err
		}
		return t.tournamentClick(ctx, req)
	}
	id, version, action, err := parseCustomID(req.CustomID)
	if err != nil {
		return Response{}, err
	}
	// As for commands: a redelivered click must not meet "out of date" or
	// "no longer open" because its first delivery moved the game on.
	if err := t.once(ctx, req); err != nil {
		return Response{}, err
	}
	// A custom id is the user's word, not ours: the game it names must be
	// one of this place, and its version and action are checked against the
	// game as stored, like a typed command.
	l, err := t.load(ctx, req, id)
	if err != nil {
		return Response{}, err
	}
	return t.retry(ctx, req, l, func(l *loaded) (Response, error) { return t.click(ctx, req, l, version, action) })
}

// click answers a component of l's game, made at version, for action.
func (t *Table) click(ctx context.Context, req Request, l *loaded, version int64, action string) (Response, error) {
	// The lobby's buttons are made at version 0 and stay good while the
	// lobby is open: each checks the game's status and the seats itself.
	lobby := action == "accept" || action == "decline" || action == "cancel" || action == "start" || action == "computer"
	if text, ok := strings.CutPrefix(action, "ok:"); ok {
		// Confirm of a move's preview: good while the board it was
		// shown on is the newest.
		if version != l.row.Version {
			return Response{}, sorry("Game #%s has moved on since that preview: choose your move again on the newest board.", no(l.row.ID))
		}
		return t.move(ctx, req, l, text, version, false)
	}
	if action == "web" && version == 0 {
		// The board's Open in browser: the clicker's own link.
		return t.webLink(ctx, req, l)
	}
	if action == "cancel-move" {
		return Response{Update: &Message{Content: you(req).T("Cancelled: nothing was played.")}}, nil
	}
	if answer, ok := strings.CutPrefix(action, "resign:"); ok && version == 0 {
		// The answer to "Resign game #N?": good while the game is on.
		lang := you(req)
		if answer != "yes" {
			return Response{Update: &Message{Content: lang.T("You play on in game #%s.", no(l.row.ID))}}, nil
		}
		resp, err := t.resign(ctx, req, l)
		if err == nil {
			resp.Update = &Message{Content: lang.T("You resigned game #%s.", no(l.row.ID))}
		}
		return resp, err
	}
	if rest, ok := strings.CutPrefix(action, "tb:"); ok && version == 0 {
		// Accept or Decline of a takeback: good while it is asked for.
		answer, p, _ := strings.Cut(rest, ":")
		ply, err := strconv.Atoi(p)
		if err != nil || (answer != "yes" && answer != "no") {
			return Response{}, unknownButton()
		}
		return t.answerTakeback(ctx, req, l, answer == "yes", ply)
	}
	if page, ok := strings.CutPrefix(action, "hist:"); ok && version == 0 {
		// A page of the history: any game begun, over or not.
		n, err := strconv.Atoi(page)
		if err != nil || n < 0 {
			return Response{}, unknownButton()
		}
		resp, err := t.history(ctx, req, l, n)
		return Response{Update: resp.Private}, err
	}
	seat, join := joinSeat(action)
	board := action == "draw" || strings.HasPrefix(action, "pick") || strings.HasPrefix(action, "play") || strings.HasPrefix(action, "do:")
	switch {
	case !lobby && !join && !board, (lobby || join) && version != 0,
		version > l.row.Version:
		return Response{}, unknownButton()
	}
	switch {
	case action == "accept" || action == "decline":
		return t.answerInvite(ctx, req, l, action == "accept")
	case action == "cancel":
		return t.cancel(ctx, req, l)
	case action == "start":
		return t.startNow(ctx, req, l)
	case action == "computer":
		return t.addComputer(ctx, req, l)
	case join:
		return t.join(ctx, req, l, seat)
	}
	// The rest act on a game in play.
	if err := playable(l); err != nil {
		return Response{}, err
	}
	if action == "draw" {
		// Good for as long as the offer stands, even after the offerer's
		// own move; draw says so when it no longer does.
		return t.draw(ctx, req, l, version)
	}
	// The rest act on a position: the button must be from the current
	// board, drawn since the position last changed.
	if version < l.row.BoardVersion {
		return Response{}, sorry("That board is out of date: game #%s has moved on since. Use the newest board, or /%s board.", no(l.row.ID), l.row.Kind)
	}
	switch {
	case strings.HasPrefix(action, "pick"):
		return t.pickPiece(ctx, req, l)
	case strings.HasPrefix(action, "play"):
		if len(req.Values) != 1 {
			return Response{}, sorry("Choose one move.")
		}
		return t.move(ctx, req, l, req.Values[0], version, true)
	case strings.HasPrefix(action, "do:"):
		// A button on the board that plays the move it names.
		return t.move(ctx, req, l, strings.TrimPrefix(action, "do:"), -1, false)
	}
	return Response{}, unknownButton()
}

// autocomplete suggests legal moves, or the user's games.
func (t *Table) autocomplete(ctx context.Context, req Request) []Choice {
	kit, err := t.kit(req.Command)
	if err != nil {
		return nil
	}
	typed := rules.Normalize(req.Options[req.Focused])
	switch req.Focused {
	case "game":
		games, err := t.store.Find(ctx, storage.Filter{Kind: kit.Game.Name(), GuildID: req.GuildID, ChannelID: req.ChannelID, UserID: req.User.ID, Statuses: []storage.Status{storage.StatusActive}, Limit: limits.Choices})
		if err != nil {
			return nil
		}
		var out []Choice
		for _, g := range games {
			c := Choice{Name: Clip(you(req).T("#%s: %s", no(g.ID), versus(namesIn(you(req), &g))), limits.ChoiceText), Value: strconv.FormatInt(g.ID, 10)}
			if strings.Contains(rules.Normalize(c.Name), typed) {
				out = append(out, c)
			}
		}
		return out
	case "move":
		l, err := t.turnOf(ctx, req, kit)
		if err != nil {
			return nil
		}
		var first, rest []Choice
		for _, m := range l.state.Legal() {
			// The suggestions are the mover's own: what each move does is
			// said without naming the mover ("enter N · a North man
			// enters on 32", not "· South: a North man…").
			shown := you(req).Move(m.Text)
			c := Choice{Name: Clip(shown+" · "+you(req).Say(moveWords(l.state, m)), limits.ChoiceText), Value: m.Text}
			norm, said := rules.Normalize(m.Text), rules.Normalize(shown)
			switch {
			case strings.HasPrefix(norm, typed) || strings.HasPrefix(said, typed) || (len(norm) > 1 && strings.HasPrefix(norm[1:], typed)) || aliasStarts(l.state, m, typed):
				first = append(first, c)
			case strings.Contains(rules.Normalize(c.Name), typed):
				rest = append(rest, c)
			}
		}
		out := append(first, rest...)
		if len(out) > limits.Choices {
			out = out[:limits.Choices]
		}
		return out
	}
	if sub, ok := kit.sub(req.Sub); ok && sub.Suggest != nil {
		l, err := t.turnOf(ctx, req, kit)
		if err != nil {
			return nil
		}
		out := sub.Suggest(you(req), l.state, req.Focused, req.Options)
		if len(out) > limits.Choices {
			out = out[:limits.Choices]
		}
		return out
	}
	return nil
}

// gameCommand is the command of one game kind: the common subcommands,
// with the kit's own ones after new.
func gameCommand(kit Kit) CommandSpec {
	subs := []SubSpec{newGame.named(kit)}
	for _, s := range kit.Subs {
		subs = append(subs, s.Spec)
	}
	for _, g := range gameSubs {
		if g.has == nil || g.has(kit) {
			subs = append(subs, g.named(kit))
		}
	}
	return CommandSpec{Name: kit.Game.Name(), Description: "Play " + kit.Game.Title(), Subs: subs}
}

// newGame is the subcommand that starts a game: it comes first, before
// the kit's own moves and gameSubs, and acts on no game yet.
var newGame = gameSub{name: "new", spec: newGameSpec,
	direct: func(ctx context.Context, t *Table, req Request, kit Kit) (Response, error) {
		return t.newGame(ctx, req, kit)
	}}

// newGameSpec is the spec of a game's new, but for its name: who to
// invite or challenge (partners in a partnership game), how many play,
// computer players where the game has them, and the clock.
func newGameSpec(kit Kit) SubSpec {
	players := kit.Game.Players()
	most := players[len(players)-1]
	newSub := SubSpec{Description: "Start a game: challenge someone, or leave the seat open for anyone", Options: []OptionSpec{
		{Name: "opponent", Description: "Who to challenge (leave empty to let anyone join)", Type: UserOption},
	}}
	if most > 2 {
		newSub = SubSpec{Description: fmt.Sprintf("Start a game for %d to %d: invite people, or leave seats open for anyone", players[0], most)}
		for seat := 2; seat <= most; seat++ {
			newSub.Options = append(newSub.Options, OptionSpec{Name: fmt.Sprintf("player%d", seat), Description: "Someone to invite (leave empty for a seat anyone may take)", Type: UserOption})
		}
		newSub.Options = append(newSub.Options, OptionSpec{Name: "players", Description: fmt.Sprintf("How many players in all, you included (%d to %d; default: you and those invited, at least %d)", players[0], most, players[0]), Type: IntegerOption, Min: players[0], Max: most})
	}
	if kit.Partners {
		newSub = SubSpec{Description: fmt.Sprintf("Start a game for %d to %d: partners sit opposite; leave seats empty for anyone", players[0], most), Options: []OptionSpec{
			{Name: "partner", Description: "Your partner, who sits opposite you (a game of 3 or 4)", Type: UserOption},
			{Name: "opponent", Description: "An opponent (in a game of three, the one who plays the other colour alone)", Type: UserOption},
			{Name: "opponent2", Description: "The second opponent, your opponent's partner (a game of four)", Type: UserOption},
			{Name: "players", Description: fmt.Sprintf("How many players in all, you included (%d to %d; default: 4 with a partner, else 2)", players[0], most), Type: IntegerOption, Min: players[0], Max: most},
		}}
	}
	if _, ok := kit.Game.(rules.Thinker); ok {
		newSub.Options = append(newSub.Options,
			OptionSpec{Name: "bots", Description: fmt.Sprintf("Computer players to seat (1 to %d); you can also name me as a player", most-1), Type: IntegerOption, Min: 1, Max: most - 1},
			OptionSpec{Name: "level", Description: "How well the computer players play (default: strong)", Type: StringOption, MaxLength: 10,
				Choices: []Choice{{Name: "easy", Value: string(rules.Easy)}, {Name: "strong", Value: string(rules.Strong)}}})
	}
	newSub.Options = append(newSub.Options, clockOptions...)
	return newSub
}

// gameSub is one of the subcommands every game has beside new (and, after
// new, the kit's own moves): declared once, with its spec, which games
// have it, what it needs before a game is found, whether someone who does
// not play may use it, and what it does. Registration, the console's help
// and the dispatch (Table.command) all read gameSubs.
type gameSub struct {
	name string
	// spec is the subcommand's spec for a game, but for its name.
	spec func(kit Kit) SubSpec
	// has says a game has the subcommand; nil, every game. A request for
	// one a game lacks is refused with missing's words.
	has     func(kit Kit) bool
	missing string
	// direct, if set, answers without a game (the rules); else act does,
	// on the game the request is about, found by pick: one the user
	// plays, or with look, any game of the channel (to look at it).
	direct func(ctx context.Context, t *Table, req Request, kit Kit) (Response, error)
	look   bool
	// first checks the request before any game is looked for.
	first func(req Request, kit Kit) error
	act   func(ctx context.Context, t *Table, req Request, l *loaded) (Response, error)
}

// onGame is the spec of a subcommand that acts on a game, by its game
// option.
func onGame(description string) func(Kit) SubSpec {
	return func(Kit) SubSpec {
		return SubSpec{Description: description, Options: []OptionSpec{gameOption()}}
	}
}

// BoardSub is the name of the subcommand that shows a game's board, for
// a door that asks for a board itself (the console, after a move typed
// there).
const BoardSub = "board"

// gameSubs are the subcommands every game has after new and its own, in
// the order Discord lists them.
var gameSubs = []gameSub{
	{name: "move", spec: func(kit Kit) SubSpec {
		return SubSpec{Description: "Make your move", Options: []OptionSpec{
			{Name: "move", Description: Clip("Your move, like "+kit.Example+" (start typing to see the legal ones)", limits.Description), Type: StringOption, Required: true, Autocomplete: true, MaxLength: maxMoveLength, Example: kit.Example},
			gameOption(),
		}}
	},
		first: func(req Request, kit Kit) error {
			if strings.TrimSpace(req.Options["move"]) == "" {
				return sorry("Say which move, like %s.", kit.Example)
			}
			return nil
		},
		act: func(ctx context.Context, t *Table, req Request, l *loaded) (Response, error) {
			return t.move(ctx, req, l, strings.TrimSpace(req.Options["move"]), -1, true)
		}},
	{name: BoardSub, spec: onGame("Show the board of a game"), look: true,
		act: func(ctx context.Context, t *Table, _ Request, l *loaded) (Response, error) {
			return t.board(ctx, l, "")
		}},
	{name: "history", spec: onGame("The moves of a game so far, with who made them and when (only you see it)"), look: true,
		act: func(ctx context.Context, t *Table, req Request, l *loaded) (Response, error) {
			return t.history(ctx, req, l, -1)
		}},
	{name: "replay", spec: onGame("An animated picture of a game, a frame a turn"), look: true,
		act: func(ctx context.Context, t *Table, _ Request, l *loaded) (Response, error) { return t.replay(ctx, l) }},
	{name: "export", spec: onGame("A game's record as a text file, to replay offline (only you see it)"), look: true,
		act: func(ctx context.Context, t *Table, req Request, l *loaded) (Response, error) {
			return t.export(ctx, req, l)
		}},
	{name: "resign", spec: onGame("Resign a game"),
		act: func(_ context.Context, t *Table, req Request, l *loaded) (Response, error) {
			return t.confirmResign(l, req)
		}},
	{name: "takeback", spec: onGame("Ask the others to let you take back your last move"),
		act: func(ctx context.Context, t *Table, req Request, l *loaded) (Response, error) {
			return t.askTakeback(ctx, req, l)
		}},
	{name: "pause", spec: onGame("Ask to pause a game (it pauses once every player has asked)"),
		act: func(ctx context.Context, t *Table, req Request, l *loaded) (Response, error) {
			return t.pause(ctx, req, l)
		}},
	{name: "resume", spec: onGame("Resume a paused game"),
		act: func(ctx context.Context, t *Table, req Request, l *loaded) (Response, error) {
			return t.resume(ctx, req, l)
		}},
	{name: "verify", spec: onGame("Check every roll of a finished game against its revealed dice seed (only you see it)"), look: true,
		has: func(kit Kit) bool { return kit.Dice }, missing: N("%s has no dice to verify."),
		act: func(ctx context.Context, t *Table, req Request, l *loaded) (Response, error) {
			return t.verify(ctx, req, l)
		}},
	{name: "draw", spec: onGame("Offer a draw, or accept the one offered to you"),
		has: func(kit Kit) bool { return kit.Draws }, missing: N("%s has no draws by agreement."),
		act: func(ctx context.Context, t *Table, req Request, l *loaded) (Response, error) {
			return t.draw(ctx, req, l, -1)
		}},
	{name: "web", spec: func(Kit) SubSpec {
		return SubSpec{Description: "Your own link to a game's live page, to play or watch it in a browser (only you see it)", Options: []OptionSpec{
			{Name: "links", Description: "revoke: stop every link you were given to the game", Type: StringOption, MaxLength: 10,
				Choices: []Choice{{Name: "revoke", Value: "revoke"}}},
			gameOption(),
		}}
	}, look: true,
		act: func(ctx context.Context, t *Table, req Request, l *loaded) (Response, error) {
			return t.webLink(ctx, req, l)
		}},
	{name: "rules", spec: func(kit Kit) SubSpec { return SubSpec{Description: "How to play " + kit.Game.Title()} },
		direct: func(_ context.Context, _ *Table, req Request, kit Kit) (Response, error) {
			lang := you(req)
			return Response{Private: &Message{Embed: &Embed{Title: lang.T("How to play %s", titleOf(kit)), Description: lang.T(kit.Rules)}}}, nil
		}},
}

// named is g's spec for kit, with its name.
func (g gameSub) named(kit Kit) SubSpec {
	spec := g.spec(kit)
	spec.Name = g.name
	return spec
}

// gameSubNamed is the entry of gameSubs (or new) called name.
func gameSubNamed(name string) (gameSub, bool) {
	if name == newGame.name {
		return newGame, true
	}
	for _, g := range gameSubs {
		if g.name == name {
			return g, true
		}
	}
	return gameSub{}, false
}

// option is the spec of option name of command/sub, if there is one.
func (t *Table) option(command, sub, name string) (OptionSpec, bool) {
	o, ok := t.options[command+"/"+sub+"/"+name]
	return o, ok
}

// checkOptions refuses a command whose options break the bounds the
// command was registered with. Discord keeps to them when a person types,
// but a request is not trusted to have come that way.
func (t *Table) checkOptions(req Request) error {
	for name, value := range req.Options {
		o, ok := t.option(req.Command, req.Sub, name)
		if !ok {
			continue
		}
		if len(o.Choices) > 0 && value != "" && !slices.ContainsFunc(o.Choices, func(c Choice) bool { return c.Value == value }) {
			var vals []string
			for _, c := range o.Choices {
				vals = append(vals, c.Value)
			}
			return sorry("%s is not one of the choices for %s: %s.", quote(value), optionName(o.Name), strings.Join(vals, ", "))
		}
		if _, known := req.Users[value]; o.Type == UserOption && value != "" && !known {
			// The transport names the people it resolved; Discord always
			// does for a user option.
			return sorry("I don't know who %s is: pick someone from the list.", quote(value))
		}
		if o.MaxLength > 0 && TextLen(value) > o.MaxLength {
			return sorry("The %s you gave is too long: at most %d characters.", optionName(o.Name), o.MaxLength)
		}
	}
	return nil
}
