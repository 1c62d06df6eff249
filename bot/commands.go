package bot

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"parlor/bot/discord/limits"
	"parlor/rules"
)

// OptionType is the type of a command option.
type OptionType int

// Option types, as Discord numbers them.
const (
	StringOption  OptionType = 3
	IntegerOption OptionType = 4
	UserOption    OptionType = 6
)

// CommandSpec is a slash command with subcommands, independent of the
// transport. The Discord adapter registers these; the console reads its
// positional arguments by them.
type CommandSpec struct {
	Name        string
	Description string
	Subs        []SubSpec
	// Options are the options of a command without subcommands.
	Options []OptionSpec
	// do answers the command, if it has no subcommands and is not a
	// game's (see route).
	do handler
}

// handler answers a command: one declared with it, in its spec.
type handler func(t *Table, ctx context.Context, req Request) (Response, error)

// SubSpec is a subcommand.
type SubSpec struct {
	Name        string
	Description string
	Options     []OptionSpec
	// ServerOnly says the subcommand works only in a server (a server's
	// settings, its away days): a door outside any server, such as the
	// console, leaves it out of its help.
	ServerOnly bool
	// do answers the subcommand, if it is not a game's (see route).
	do handler
}

// OptionSpec is an option of a subcommand.
type OptionSpec struct {
	Name         string
	Description  string
	Type         OptionType
	Required     bool
	Autocomplete bool
	// Min and Max bound an integer option when Max > 0.
	Min, Max int
	// MaxLength bounds a string option's length: Discord refuses longer
	// input when it is typed, and the table refuses it however it comes.
	// Every string option has one.
	MaxLength int
	// Choices, if set, are the only values the option takes, offered to
	// pick from.
	Choices []Choice
	// Example is a value to show in help, such as "Nc1-c5".
	Example string
}

// The bounds of the string options.
const (
	maxGameLength = 20  // a game number, like "#12"
	maxMoveLength = 100 // a move text; no legal move is longer
	maxSlotLength = 20  // a Kimbo slot, like "e1|f1"
)

// clockOptions set how a new game is played over days.
var clockOptions = []OptionSpec{
	{Name: "reminders", Description: "Hours before the player to move is reminded, and between reminders (0: none; default: the server's)", Type: IntegerOption, Min: 0, Max: maxRemindHours},
	{Name: "deadline", Description: "Days allowed per move, then a late turn is skipped or forfeits (0: none; default: the server's)", Type: IntegerOption, Min: 0, Max: maxDeadlineDays},
}

// The bounds of the clock options.
const (
	maxRemindHours  = 168
	maxDeadlineDays = 30
	maxInviteHours  = 14 * 24
)

// intOption reads the integer option name of opts: set is false when it
// was not given, ok false when it is not a whole number from lo to hi.
func intOption(opts map[string]string, name string, lo, hi int) (n int, set, ok bool) {
	raw := strings.TrimSpace(opts[name])
	if raw == "" {
		return 0, false, true
	}
	n, err := strconv.Atoi(raw)
	return n, true, err == nil && n >= lo && n <= hi
}

func gameOption() OptionSpec {
	return OptionSpec{Name: "game", Description: "Which of your games, by number (only needed when you have several here)", Type: StringOption, Autocomplete: true, MaxLength: maxGameLength}
}

// gameCommand is the command of one game kind: the common subcommands,
// with the kit's own ones after "new".
func gameCommand(kit Kit) CommandSpec {
	name, title := kit.Game.Name(), kit.Game.Title()
	players := kit.Game.Players()
	most := players[len(players)-1]
	newSub := SubSpec{Name: "new", Description: "Start a game: challenge someone, or leave the seat open for anyone", Options: []OptionSpec{
		{Name: "opponent", Description: "Who to challenge (leave empty to let anyone join)", Type: UserOption},
	}}
	if most > 2 {
		newSub = SubSpec{Name: "new", Description: fmt.Sprintf("Start a game for %d to %d: invite people, or leave seats open for anyone", players[0], most)}
		for seat := 2; seat <= most; seat++ {
			newSub.Options = append(newSub.Options, OptionSpec{Name: fmt.Sprintf("player%d", seat), Description: "Someone to invite (leave empty for a seat anyone may take)", Type: UserOption})
		}
		newSub.Options = append(newSub.Options, OptionSpec{Name: "players", Description: fmt.Sprintf("How many players in all, you included (%d to %d; default: you and those invited, at least %d)", players[0], most, players[0]), Type: IntegerOption, Min: players[0], Max: most})
	}
	if kit.Partners {
		newSub = SubSpec{Name: "new", Description: fmt.Sprintf("Start a game for %d to %d: partners sit opposite; leave seats empty for anyone", players[0], most), Options: []OptionSpec{
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
	subs := []SubSpec{newSub}
	for _, s := range kit.Subs {
		subs = append(subs, s.Spec)
	}
	for _, g := range gameSubs {
		if g.has == nil || g.has(kit) {
			spec := g.spec(kit)
			spec.Name = g.name
			subs = append(subs, spec)
		}
	}
	return CommandSpec{Name: name, Description: "Play " + title, Subs: subs}
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
	direct func(t *Table, req Request, kit Kit) (Response, error)
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
	{name: "board", spec: onGame("Show the board of a game"), look: true,
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
		direct: func(_ *Table, req Request, kit Kit) (Response, error) {
			lang := you(req)
			return Response{Private: &Message{Embed: &Embed{Title: lang.T("How to play %s", titleOf(kit)), Description: lang.T(kit.Rules)}}}, nil
		}},
}

// gameSubNamed is the entry of gameSubs called name.
func gameSubNamed(name string) (gameSub, bool) {
	for _, g := range gameSubs {
		if g.name == name {
			return g, true
		}
	}
	return gameSub{}, false
}

// Sub returns the subcommand called name.
func (c CommandSpec) Sub(name string) (SubSpec, bool) {
	for _, s := range c.Subs {
		if s.Name == name {
			return s, true
		}
	}
	return SubSpec{}, false
}

// option is the spec of option name of command/sub, if there is one.
func (t *Table) option(command, sub, name string) (OptionSpec, bool) {
	o, ok := t.options[command+"/"+sub+"/"+name]
	return o, ok
}

// optionName is an option's name as the user's Discord shows it: its
// catalog key is "cmd:" and the name.
func optionName(name string) rules.Word { return rules.Word("cmd:" + name) }

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
