// Package console is Parlor's terminal door: lines typed as any player
// become the same bot.Requests Discord would send, and the answers are
// printed as text, with the boards' pictures kept in a folder.
package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"parlor/bot"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Console plays the bot's commands from text lines, acting as any named
// user, through the same handlers as Discord. Boards are printed as text
// and their latest picture of each game written into BoardDir. Naming
// parlor as a player seats the computer, which plays its turns as soon as
// an answer leaves it to move (if the Handler is a bot.Sweeper).
//
// Each user looks at one game at a time: the game of the last message
// shown to them (their own action's answer, or a board that pings them).
// click and choose act on that game's messages, unless a line names
// another game (#3), and a command of that game's kind acts on it unless
// it names another with its game option, as a command typed in a game's
// thread does in Discord.
//
// The console is one place, as a server is, but in no server: the
// server's own commands (bot.SubSpec.ServerOnly) are left out of its
// help.
type Console struct {
	Handler  bot.Handler
	Out      io.Writer
	BoardDir string
	// User is who acts when a line names nobody.
	User string
	// Locale is the language the session speaks, as Discord names it
	// ("es-ES"): every request carries it as the user's and the server's
	// locale, and the console's own words are said in it. "" is English.
	Locale string
	// Program is how this program is started again where it runs ("go run
	// ./cmd/parlor", or the path of a built binary): the console says the
	// exact command that plays on from a game's record it writes. "" says
	// none.
	Program string

	channel string
	seq     int
	runID   int64
	shown   []shown          // messages with components, newest last
	looking map[string]int64 // the game each user is looking at
	movers  map[int64]string // the user the newest board of each game pings
	// handoffs counts the times the move passed to another in each game.
	handoffs map[int64]int
	// kinds is the command of each game the console has shown ("kimbo"),
	// and command the game command whose answer is being shown, if any.
	kinds   map[int64]string
	command string
}

// shown is a message the console printed, with who may see it and the
// game it belongs to.
type shown struct {
	msg  *bot.Message
	to   string // "" for everyone
	game int64
}

// Channel is the channel every console game is played in.
const Channel = "console"

// UserID is the console user who plays as a player of that name: the
// name in lower case without spaces ("Alice Smith" is alicesmith).
func UserID(name string) string {
	id := strings.ToLower(strings.Join(strings.Fields(name), ""))
	if id == "" {
		return "player"
	}
	return id
}

// NewConsole builds a console adapter.
func NewConsole(h bot.Handler, out io.Writer, boardDir string) *Console {
	return &Console{Handler: h, Out: out, BoardDir: boardDir, User: "alice", channel: Channel, runID: time.Now().UnixNano(),
		looking: map[string]int64{}, movers: map[int64]string{}, handoffs: map[int64]int{}, kinds: map[int64]string{}}
}

// lang is the language the console speaks.
func (c *Console) lang() bot.Lang { return bot.LangOf(c.Locale) }

// sorry is a line the console cannot carry out, said in its language.
func (c *Console) sorry(format string, args ...any) error {
	return errors.New(c.lang().T(format, args...))
}

// no is a game's number as messages write it: "12" in "#12".
func no(id int64) string { return strconv.FormatInt(id, 10) }

// Help explains every line the console takes, with an example of each
// command the handler serves, in two aligned columns, in the console's
// language.
func (c *Console) Help() string {
	l := c.lang()
	var b strings.Builder
	b.WriteString(l.T("Type what a player does in Discord. Start a line with a name and a colon to act as someone\nelse for that line (%s), or with %s to act as whoever is to move in the game\nyou are looking at.",
		"bob: "+c.name("click")+" "+l.T("Accept"), c.name("mover")+":") + "\n")
	type entry struct{ line, what string }
	own := []entry{
		{c.name("as") + " bob", l.T("act as bob from now on")},
		{c.name("click") + " " + l.T("Accept"), l.T("click a button of the game you are looking at (add #3 for game 3)")},
		{c.name("choose") + " 1", l.T("choose in a menu, by number, label or value (add #3 for game 3)")},
		{c.name("turn"), l.T("the player to move plays a turn by the first choice of every menu")},
		{c.name("complete") + " /" + c.name("kingsmen") + " " + c.name("move") + " N", l.T("what autocomplete offers as you type")},
		{c.name("help"), l.T("this list")},
		{c.name("quit"), l.T("stop (your games are kept)")},
	}
	var commands []entry
	for _, cmd := range c.Handler.Commands() {
		subs := cmd.Subs
		if len(subs) == 0 {
			subs = []bot.SubSpec{{Description: cmd.Description, Options: cmd.Options}}
		}
		for _, sub := range subs {
			if sub.ServerOnly {
				continue // the console is in no server
			}
			commands = append(commands, entry{c.example(cmd.Name, sub), l.T(sub.Description)})
		}
	}
	width := 0
	for _, e := range slices.Concat(own, commands) {
		width = max(width, utf8.RuneCountInString(e.line))
	}
	column := func(e entry) {
		fmt.Fprintf(&b, "  %s%s  %s\n", e.line, strings.Repeat(" ", width-utf8.RuneCountInString(e.line)), e.what)
	}
	for _, e := range own {
		column(e)
	}
	b.WriteString(l.T("Commands, with options in order or by name (%s):", c.name("move")+":Nc1-c5 "+c.name("game")+":3") + "\n")
	for _, e := range commands {
		column(e)
	}
	return b.String()
}

// example is a line that uses sub of command: its required options, and
// the first person it may name.
func (c *Console) example(command string, sub bot.SubSpec) string {
	line := "/" + c.name(command)
	if sub.Name != "" {
		line += " " + c.name(sub.Name)
	}
	person := false
	for _, o := range sub.Options {
		switch {
		case o.Type == bot.UserOption && !person:
			person = true
			line += " bob"
		case o.Required && o.Example != "":
			line += " " + o.Example
		case o.Required && len(o.Choices) > 0:
			line += " " + c.choiceWord(o.Choices[len(o.Choices)-1])
		}
	}
	return line
}

// choiceWord is how a choice is typed in the session's language: the
// first word of its name as Discord shows it ("resumen" for "resumen (un
// mensaje al día)"), or its value where its name is the same in every
// language.
func (c *Console) choiceWord(ch bot.Choice) string {
	if ch.Own {
		return ch.Value
	}
	if w := strings.Fields(c.lang().T(ch.Name)); len(w) > 0 {
		return w[0]
	}
	return ch.Value
}

// Kept says where the session keeps its games and its board pictures.
func (c *Console) Kept(db, boards string) string {
	return c.lang().T("Games are kept in %s; board pictures go to %s/.", db, boards)
}

// Loaded says that a game's record, file, was loaded as game id, with
// the number of decisions played and its players here.
func (c *Console) Loaded(file string, id int64, decisions int, players []string) string {
	return c.lang().T("Loaded %s as game #%s, with %d decisions played; its players here are %s (act as one with: %s NAME).",
		file, no(id), decisions, strings.Join(players, ", "), c.name("as"))
}

// Run reads lines from in until it ends or a line says quit, with a
// prompt before each.
func (c *Console) Run(ctx context.Context, in io.Reader) error {
	sc := bufio.NewScanner(in)
	fmt.Fprintln(c.Out, c.lang().T("Parlor console: you are %s. Type %s for the commands, %s to stop.", c.User, c.name("help"), c.name("quit")))
	for {
		fmt.Fprintf(c.Out, "%s> ", c.User)
		if !sc.Scan() {
			fmt.Fprintln(c.Out)
			return sc.Err()
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		quit, err := c.Line(ctx, sc.Text())
		if err != nil {
			fmt.Fprintln(c.Out, err)
		}
		if quit {
			return nil
		}
	}
}

var namePrefix = regexp.MustCompile(`^([A-Za-z0-9_.-]+):\s+(.*)$`)

// gameRef is a line's "#3" or "game:3", naming the game it acts on.
var gameRef = regexp.MustCompile(`\s+(?:#|game:)(\d+)$`)

// comment is a comment at the end of a line: " # …".
var comment = regexp.MustCompile(`\s+#\s.*$`)

// Line handles one line; it reports whether the line asked to quit, and
// a line it cannot carry out (the bot's own answers, refusals included,
// are printed).
func (c *Console) Line(ctx context.Context, line string) (quit bool, err error) {
	line = strings.TrimSpace(comment.ReplaceAllString(line, ""))
	if line == "" || strings.HasPrefix(line, "#") {
		return false, nil
	}
	user := c.User
	if m := namePrefix.FindStringSubmatch(line); m != nil {
		user, line = strings.ToLower(strings.TrimPrefix(m[1], "@")), m[2]
		if c.word(user) == "mover" {
			if user, err = c.mover(c.User); err != nil {
				return false, err
			}
		}
	}
	fields := strings.Fields(line)
	rest := strings.Join(fields[1:], " ")
	switch c.word(fields[0]) {
	case "quit":
		return true, nil
	case "help":
		fmt.Fprint(c.Out, c.Help())
	case "as":
		if len(fields) != 2 {
			return false, c.sorry("Say who: %s bob.", c.name("as"))
		}
		c.User = strings.ToLower(strings.TrimPrefix(fields[1], "@"))
		fmt.Fprintln(c.Out, c.lang().T("You are %s.", c.User))
	case "click":
		what, game := c.target(user, rest)
		return false, c.click(ctx, user, what, game)
	case "choose":
		what, game := c.target(user, rest)
		return false, c.choose(ctx, user, what, game)
	case "turn":
		return false, c.turn(ctx, user)
	case "complete":
		if len(fields) < 2 {
			return false, c.sorry("Say what to complete: %s /kingsmen move N.", c.name("complete"))
		}
		req, spec, err := c.slash(user, fields[1:])
		if err != nil {
			return false, err
		}
		return false, c.complete(ctx, req, spec)
	default:
		if !strings.HasPrefix(fields[0], "/") {
			return false, c.sorry("I don't understand %s. Type %s.", strconv.Quote(line), c.name("help"))
		}
		req, _, err := c.slash(user, fields)
		if err != nil {
			return false, err
		}
		if c.isGame(req.Command) {
			c.command = req.Command
		}
		c.show(user, c.Handler.Handle(ctx, req))
		c.command = ""
	}
	return false, nil
}

// words are the console's own words, which it takes in English and in
// its language, as the catalogs name them with the commands' names.
var words = []string{bot.N("cmd:as"), bot.N("cmd:click"), bot.N("cmd:choose"), bot.N("cmd:turn"), bot.N("cmd:complete"),
	bot.N("cmd:help"), bot.N("cmd:quit"), bot.N("cmd:mover")}

// word is the console word typed names, by its English name, or "".
func (c *Console) word(typed string) string {
	typed = strings.ToLower(typed)
	if typed == "exit" {
		return "quit"
	}
	for _, w := range words {
		if w = strings.TrimPrefix(w, "cmd:"); c.is(typed, w) {
			return w
		}
	}
	return ""
}

// isGame says whether command is a game's: one that starts games with new.
func (c *Console) isGame(command string) bool {
	for _, cmd := range c.Handler.Commands() {
		if cmd.Name == command {
			for _, s := range cmd.Subs {
				if s.Name == "new" {
					return true
				}
			}
		}
	}
	return false
}

// target reads "what #3" into what and the game it names, or the game
// user is looking at.
func (c *Console) target(user, rest string) (string, int64) {
	if m := gameRef.FindStringSubmatchIndex(rest); m != nil {
		id, _ := strconv.ParseInt(rest[m[2]:m[3]], 10, 64)
		return strings.TrimSpace(rest[:m[0]]), id
	}
	return strings.TrimSpace(rest), c.looking[user]
}

// mover is the user the newest board of the game user looks at pings.
func (c *Console) mover(user string) (string, error) {
	game := c.looking[user]
	if game == 0 {
		return "", c.sorry("%s is looking at no game yet, so nobody is the mover.", user)
	}
	m := c.movers[game]
	if m == "" || m == nobody || m == computerMover {
		return "", c.sorry("Nobody is to move in game #%s.", no(game))
	}
	return m, nil
}

// self is the bot's own name in the console: naming it seats a computer.
const self = "parlor"

func (c *Console) request(user string) bot.Request {
	c.seq++
	return bot.Request{
		ID:        fmt.Sprintf("console-%d-%d", c.runID, c.seq),
		ChannelID: c.channel,
		Self:      self,
		User:      bot.User{ID: user, Name: user, CanManage: true},
		Options:   map[string]string{},
		Users:     map[string]bot.User{},
		Locale:    c.Locale,
		// The console's channel is its server's too: it speaks the
		// session's language.
		GuildLocale: c.Locale,
	}
}

// slash reads "/command sub args…" with options by name (name:value) or by
// position, and returns the request with the options of its subcommand.
// A command of a game with a game option left out acts on the game user
// is looking at, if it is one of that command's, as a command typed in a
// game's thread in Discord does.
func (c *Console) slash(user string, fields []string) (bot.Request, *bot.SubSpec, error) {
	req := c.request(user)
	req.Kind = bot.CommandRequest
	req.Command = strings.TrimPrefix(strings.ToLower(fields[0]), "/")
	var spec *bot.SubSpec
	for _, cmd := range c.Handler.Commands() {
		if !c.is(req.Command, cmd.Name) {
			continue
		}
		req.Command = cmd.Name
		if len(cmd.Subs) == 0 {
			spec = &bot.SubSpec{Options: cmd.Options}
			break
		}
		if len(fields) < 2 {
			return req, nil, c.sorry("Say what to do: %s. Type %s.", strings.Join(c.subNames(cmd), ", "), c.name("help"))
		}
		req.Sub = strings.ToLower(fields[1])
		for _, s := range cmd.Subs {
			if c.is(req.Sub, s.Name) {
				req.Sub, spec = s.Name, &s
				break
			}
		}
	}
	if spec == nil {
		return req, nil, c.sorry("There is no command %s. Type %s.", c.called(req), c.name("help"))
	}
	next := 0
	args := fields[min(len(fields), 2):]
	if spec.Name == "" {
		args = fields[1:]
	}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		name, value, named := strings.Cut(arg, ":")
		if named && optionLike.MatchString(name) {
			typed := name
			if name = c.optionName(spec, name); !hasOption(spec, name) {
				return req, nil, c.noOption(req, spec, typed)
			}
		} else {
			if next >= len(spec.Options) {
				return req, nil, c.tooMany(req, spec)
			}
			name, value = spec.Options[next].Name, arg
			next++
			// A move may have spaces ("b1-b6, n14-k14"): it takes the
			// words after it up to the next named option.
			for name == "move" && i+1 < len(args) && !strings.Contains(args[i+1], ":") {
				i++
				value += " " + args[i]
			}
		}
		opt, _ := option(spec, name)
		if opt.Type == bot.UserOption {
			value = strings.ToLower(strings.TrimPrefix(value, "@"))
			req.Users[value] = bot.User{ID: value, Name: value, Bot: value == self}
		}
		// A choice is typed by its value or by its name, as Discord
		// shows it in the session's language (confirmar:activado).
		for _, ch := range opt.Choices {
			if !ch.Own && (strings.EqualFold(value, c.lang().T(ch.Name)) || strings.EqualFold(value, c.choiceWord(ch))) {
				value = ch.Value
			}
		}
		req.Options[name] = value
		req.Focused = name
	}
	if _, given := req.Options["game"]; !given && hasOption(spec, "game") {
		if game := c.looking[user]; game != 0 && c.kinds[game] == req.Command {
			req.Options["game"] = no(game)
		}
	}
	return req, spec, nil
}

// optionLike is what an option's name looks like, before the colon of
// "name:value": a word, not a number (a time such as 20:00 is a value).
var optionLike = regexp.MustCompile(`^\pL[\pL\d_-]*$`)

// called is "/command sub" as the console's language names them.
func (c *Console) called(req bot.Request) string {
	return strings.TrimSpace("/" + c.name(req.Command) + " " + c.name(req.Sub))
}

// optionNames lists the names of spec's options, in the console's language.
func (c *Console) optionNames(spec *bot.SubSpec) string {
	var names []string
	for _, o := range spec.Options {
		names = append(names, c.name(o.Name))
	}
	return strings.Join(names, ", ")
}

// noOption is the answer to an option typed by a name the command does
// not have.
func (c *Console) noOption(req bot.Request, spec *bot.SubSpec, typed string) error {
	if len(spec.Options) == 0 {
		return c.sorry("%s takes no options, and %s is not one.", c.called(req), strconv.Quote(typed))
	}
	return c.sorry("%s has no option %s; its options are %s.", c.called(req), strconv.Quote(typed), c.optionNames(spec))
}

// tooMany is the answer to more options than the command has.
func (c *Console) tooMany(req bot.Request, spec *bot.SubSpec) error {
	if len(spec.Options) == 0 {
		return c.sorry("%s takes no options.", c.called(req))
	}
	return c.sorry("%s has only these options: %s.", c.called(req), c.optionNames(spec))
}

// name is the name of a command, subcommand or option as the console's
// language says it, as Discord shows it there: "nueva" for new in Spanish.
func (c *Console) name(n string) string { return c.lang().CommandName(n) }

// is says whether typed names the command, subcommand or option n, by its
// English name or by its name in the console's language.
func (c *Console) is(typed, n string) bool { return typed == n || typed == c.name(n) }

// optionName is the option of s that typed names, by its English name; or
// typed, if it names none.
func (c *Console) optionName(s *bot.SubSpec, typed string) string {
	for _, o := range s.Options {
		if c.is(typed, o.Name) {
			return o.Name
		}
	}
	return typed
}

func (c *Console) subNames(cmd bot.CommandSpec) []string {
	var out []string
	for _, s := range cmd.Subs {
		out = append(out, c.name(s.Name))
	}
	return out
}

func hasOption(s *bot.SubSpec, name string) bool { _, ok := option(s, name); return ok }

func option(s *bot.SubSpec, name string) (bot.OptionSpec, bool) {
	for _, o := range s.Options {
		if o.Name == name {
			return o, true
		}
	}
	return bot.OptionSpec{}, false
}

// complete prints what autocomplete offers for req, with the option it
// completes as Discord's first call for it does: the option being typed,
// or else the first one left to type, with nothing typed yet. It says
// which game it lists when the user has several.
func (c *Console) complete(ctx context.Context, req bot.Request, spec *bot.SubSpec) error {
	req.Kind = bot.AutocompleteRequest
	if req.Focused == "" {
		for _, o := range spec.Options {
			if _, typed := req.Options[o.Name]; !typed && o.Autocomplete {
				req.Focused = o.Name
				req.Options[o.Name] = ""
				break
			}
		}
	}
	if req.Focused == "" {
		return c.sorry("%s has no option that autocomplete offers choices for.", c.called(req))
	}
	if req.Focused != "game" && hasOption(spec, "game") {
		games := c.games(ctx, req)
		switch {
		case req.Options["game"] != "" && len(games) > 1:
			fmt.Fprintln(c.Out, c.lang().T("In game #%s:", req.Options["game"]))
		case req.Options["game"] == "" && len(games) > 1:
			var list []string
			for _, g := range games {
				list = append(list, g.Name)
			}
			return c.sorry("Which game? You have %s; add game:N to the line.", strings.Join(list, ", "))
		}
	}
	resp := c.Handler.Handle(ctx, req)
	if len(resp.Choices) == 0 {
		fmt.Fprintln(c.Out, c.lang().T("(no suggestions)"))
	}
	for _, ch := range resp.Choices {
		fmt.Fprintf(c.Out, "  %s\n", ch.Name)
	}
	return nil
}

// games are the user's games of req's command here, as autocomplete
// offers them for its game option.
func (c *Console) games(ctx context.Context, req bot.Request) []bot.Choice {
	ask := c.request(req.User.ID)
	ask.Kind, ask.Command, ask.Sub = bot.AutocompleteRequest, req.Command, req.Sub
	ask.Options["game"], ask.Focused = "", "game"
	return c.Handler.Handle(ctx, ask).Choices
}

// find returns the newest component matching of game (any game for 0)
// on a message user can see, and the message's place in shown.
func (c *Console) find(user string, game int64, match func(bot.Component) bool) (bot.Component, int, bool) {
	for i := len(c.shown) - 1; i >= 0; i-- {
		s := c.shown[i]
		if (s.to != "" && s.to != user) || (game != 0 && s.game != game) {
			continue
		}
		for _, row := range s.msg.Components {
			for _, comp := range row {
				if match(comp) {
					return comp, i, true
				}
			}
		}
	}
	return bot.Component{}, -1, false
}

func (c *Console) click(ctx context.Context, user, label string, game int64) error {
	comp, at, ok := c.find(user, game, func(k bot.Component) bool { return k.Kind == bot.Button && strings.EqualFold(k.Label, label) })
	if !ok {
		// "click roll" for "🎲 Roll (no fence move)".
		comp, at, ok = c.find(user, game, func(k bot.Component) bool {
			return k.Kind == bot.Button && label != "" && strings.Contains(strings.ToLower(k.Label), strings.ToLower(label))
		})
	}
	if !ok {
		if game == 0 {
			return c.sorry("No button %s on the messages %s can see.", strconv.Quote(label), user)
		}
		return c.sorry("No button %s on game #%s that %s can see.", strconv.Quote(label), no(game), user)
	}
	c.press(ctx, user, at, comp.ID, nil)
	return nil
}

func (c *Console) choose(ctx context.Context, user, value string, game int64) error {
	var chosen string
	n, err := strconv.Atoi(value)
	numbered := err == nil
	comp, at, ok := c.find(user, game, func(k bot.Component) bool {
		if k.Kind != bot.Select {
			return false
		}
		for i, o := range k.Options {
			if (numbered && i+1 == n) || strings.EqualFold(o.Value, value) || strings.EqualFold(o.Label, value) {
				chosen = o.Value
				return true
			}
		}
		return false
	})
	if !ok {
		if game == 0 {
			return c.sorry("No menu offers %s on the messages %s can see.", strconv.Quote(value), user)
		}
		return c.sorry("No menu offers %s on game #%s that %s can see.", strconv.Quote(value), no(game), user)
	}
	c.press(ctx, user, at, comp.ID, []string{chosen})
	return nil
}

// press sends a click of the component id, on the message shown[at],
// with the values chosen. An answer that updates the message replaces it,
// as Discord replaces a message whose component was used.
func (c *Console) press(ctx context.Context, user string, at int, id string, values []string) bot.Response {
	req := c.request(user)
	req.Kind, req.CustomID, req.Values = bot.ComponentRequest, id, values
	resp := c.Handler.Handle(ctx, req)
	if upd := resp.Update; upd != nil {
		old := c.shown[at]
		c.shown = append(c.shown[:at], c.shown[at+1:]...)
		c.print(c.lang().T("(message updated)"), upd, old.to, user, false)
		if len(upd.Components) > 0 {
			// Still clickable, as updated.
			c.shown = append(c.shown, shown{msg: upd, to: old.to, game: old.game})
		}
		resp.Update = nil
	}
	c.show(user, resp)
	return resp
}

// maxTurnSteps bounds the clicks of one turn.
const maxTurnSteps = 12

// turn plays the turn of the player to move in the game user looks at,
// by the controls of the newest board of the game the mover can see: the
// first choice of its newest menu, or else its first button (Roll, where
// the turn begins with the dice), until another player is to move or
// nothing is left to click. The controls of older boards are never
// clicked, since the table refuses them as out of date; when the console
// has shown no current board of the game (a new session, or a game moved
// on elsewhere) it asks for the board first, as a player would.
func (c *Console) turn(ctx context.Context, user string) error {
	game := c.looking[c.User]
	if user != c.User && c.looking[user] != 0 {
		game = c.looking[user]
	}
	mover := c.movers[game]
	if game != 0 && mover == "" {
		// No board of this session has said who is to move (the game was
		// shown by /board, which pings nobody): user plays, if it is
		// their turn.
		mover = user
	}
	if game == 0 || mover == nobody || mover == computerMover {
		if game == 0 {
			return c.sorry("%s is looking at no game yet, so nobody is the mover.", user)
		}
		return c.sorry("Nobody is to move in game #%s, which %s is looking at.", no(game), user)
	}
	// The turn is over when the move passes to someone else, even if a
	// computer then plays at once and passes it back.
	handoffs := c.handoffs[game]
	asked := false
	for step := 0; step < maxTurnSteps && c.handoffs[game] == handoffs; step++ {
		comp, at, ok := c.control(mover, game)
		if !ok {
			if asked {
				return nil
			}
			asked = true
			if err := c.askBoard(ctx, mover, game); err != nil {
				return err
			}
			continue
		}
		var values []string
		if comp.Kind == bot.Select {
			values = []string{comp.Options[0].Value}
		}
		fmt.Fprintln(c.Out, c.lang().T("(%s plays %s)", mover, c.describeChoice(comp.ID, values)))
		if !refused(c.press(ctx, mover, at, comp.ID, values)) {
			continue
		}
		if asked {
			return nil // refused on a current board: the table has said why
		}
		// The game moved on since the board the console last showed.
		asked = true
		if err := c.askBoard(ctx, mover, game); err != nil {
			return err
		}
	}
	return nil
}

// control is the control a turn clicks next in game, for mover: of the
// newest version of the game the console has shown, on the newest message
// with controls of that version (a board, the private menu of a piece's
// moves, a move's preview to confirm), its first menu with a choice, or
// else its first button; with the message's place in shown.
func (c *Console) control(mover string, game int64) (bot.Component, int, bool) {
	var newest int64
	for _, s := range c.shown {
		if s.game != game || (s.to != "" && s.to != mover) {
			continue
		}
		for _, row := range s.msg.Components {
			for _, k := range row {
				if v, ok := bot.TurnControl(k.ID); ok && v > newest {
					newest = v
				}
			}
		}
	}
	if newest == 0 {
		return bot.Component{}, -1, false
	}
	for i := len(c.shown) - 1; i >= 0; i-- {
		s := c.shown[i]
		if s.game != game || (s.to != "" && s.to != mover) {
			continue
		}
		var button *bot.Component
		for _, row := range s.msg.Components {
			for j, k := range row {
				if v, ok := bot.TurnControl(k.ID); !ok || v != newest {
					continue
				}
				if k.Kind == bot.Select && len(k.Options) > 0 {
					return k, i, true
				}
				if k.Kind == bot.Button && button == nil {
					button = &row[j]
				}
			}
		}
		if button != nil {
			return *button, i, true
		}
	}
	return bot.Component{}, -1, false
}

// askBoard asks for the board of game as user does with /<game> board, so
// that a turn has a current board to click.
func (c *Console) askBoard(ctx context.Context, user string, game int64) error {
	kind := c.kinds[game]
	if kind == "" {
		return c.sorry("The console has shown no board of game #%s to play from: ask for one with /GAME board game:%s.", no(game), no(game))
	}
	req := c.request(user)
	req.Kind, req.Command, req.Sub = bot.CommandRequest, kind, bot.BoardSub
	req.Options["game"] = no(game)
	c.show(user, c.Handler.Handle(ctx, req))
	return nil
}

// refused says whether resp is a refusal: a private answer alone, with
// nothing to click.
func refused(resp bot.Response) bool {
	return resp.Private != nil && resp.Public == nil && resp.Update == nil && len(resp.Private.Components) == 0
}

// describeChoice names a component and the value chosen, as the player
// reads them.
func (c *Console) describeChoice(id string, values []string) string {
	for i := len(c.shown) - 1; i >= 0; i-- {
		for _, row := range c.shown[i].msg.Components {
			for _, k := range row {
				if k.ID != id {
					continue
				}
				if k.Kind == bot.Button {
					return "[" + k.Label + "]"
				}
				for _, o := range k.Options {
					if len(values) == 1 && o.Value == values[0] {
						return c.lang().T("%s from %s", strconv.Quote(o.Label), k.Placeholder)
					}
				}
			}
		}
	}
	return id
}

// The markup of Discord's messages that the console writes as plain
// text: mentions of users, roles and channels, and the marks of bold,
// underlined, italic, struck and hidden text.
var (
	mention     = regexp.MustCompile(`<@[!&]?([^>]+)>`)
	channelLink = regexp.MustCompile(`<#([^>]+)>`)
	emphasis    = regexp.MustCompile(`\*\*\*(\S(?:.*?\S)?)\*\*\*|\*\*(\S(?:.*?\S)?)\*\*|__(\S(?:.*?\S)?)__|~~(\S(?:.*?\S)?)~~|\|\|(\S(?:.*?\S)?)\|\||\*(\S(?:[^*]*?\S)?)\*|(?:^|\b)_(\S(?:[^_]*?\S)?)_(?:\b|$)`)
	link        = regexp.MustCompile(`\[([^\]]+)\]\(<?(https?://[^)>\s]+)>?\)`)
	heading     = regexp.MustCompile(`(?m)^(?:#{1,3}|-#) `)
	escaped     = regexp.MustCompile(`\\([*_~|` + "`" + `\\<>#-])`)
	codeSpan    = regexp.MustCompile("```(?:[a-z]*\n)?([\\s\\S]*?)```|``(.+?)``|`([^`]+)`")
)

// plain is a message's text as a reader of Discord sees it, without its
// markup: the words of bold or italic text without the marks, users and
// channels by name, timestamps as dates and times, code as it is.
func (c *Console) plain(s string) string {
	var b strings.Builder
	last := 0
	for _, m := range codeSpan.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(c.unmark(s[last:m[0]]))
		for g := 2; g < len(m); g += 2 {
			if m[g] >= 0 {
				b.WriteString(s[m[g]:m[g+1]])
				break
			}
		}
		last = m[1]
	}
	b.WriteString(c.unmark(s[last:]))
	return b.String()
}

// unmark is text outside code without its markup.
func (c *Console) unmark(s string) string {
	// An escaped mark is kept as a character of the Private Use Area
	// until the marks are gone, and then written as itself.
	s = escaped.ReplaceAllStringFunc(s, func(m string) string { return string(privateUse + rune(m[1])) })
	s = mention.ReplaceAllString(s, "@$1")
	s = channelLink.ReplaceAllString(s, "#$1")
	s = stamp.ReplaceAllStringFunc(s, c.localTime)
	s = link.ReplaceAllString(s, "$1 ($2)")
	s = heading.ReplaceAllString(s, "")
	// Marks inside marks (**_x_**) go one layer at a time.
	for range 3 {
		t := emphasis.ReplaceAllStringFunc(s, func(m string) string {
			sub := emphasis.FindStringSubmatch(m)
			for _, g := range sub[1:] {
				if g != "" {
					return g
				}
			}
			return m
		})
		if t == s {
			break
		}
		s = t
	}
	return strings.Map(func(r rune) rune {
		if r >= privateUse && r < privateUse+0x80 {
			return r - privateUse
		}
		return r
	}, s)
}

// privateUse is where unmark keeps escaped marks.
const privateUse = 0xE000

// gameOfMessage is the game a message belongs to, read from its components'
// custom ids ("g/{game}/…"), or 0.
func gameOfMessage(m *bot.Message) int64 {
	for _, row := range m.Components {
		for _, k := range row {
			if id, ok := bot.GameOfCustomID(k.ID); ok {
				return id
			}
		}
	}
	return 0
}

func (c *Console) show(user string, resp bot.Response) {
	if resp.Update != nil {
		c.print(c.lang().T("(message updated)"), resp.Update, user, user, true)
	}
	if resp.Private != nil {
		c.print(c.lang().T("(only %s sees this)", user), resp.Private, user, user, true)
	}
	if resp.Public != nil {
		c.print("", resp.Public, "", user, true)
	}
	if resp.Wake {
		if resp.Public != nil {
			// A computer is to move: the move has passed to it.
			game := gameOfMessage(resp.Public)
			c.movers[game] = computerMover
			c.handoffs[game]++
		}
		c.sweep(user)
	}
}

// sweep plays the computer players' turns (what the clock would do in
// Discord) and prints their boards.
func (c *Console) sweep(user string) {
	s, ok := c.Handler.(bot.Sweeper)
	if !ok {
		return
	}
	notices, err := s.Sweep(context.Background())
	for _, n := range notices {
		if n.UserID != "" {
			// A direct message: the console shows it, saying to whom.
			c.print(c.lang().T("(direct message to @%s)", n.UserID), n.Message, n.UserID, user, false)
			continue
		}
		c.print("", n.Message, "", user, true)
	}
	if err != nil {
		fmt.Fprintln(c.Out, c.lang().T("The computer players could not play: %v", err))
	}
}

// paid tells the Handler, if it is a bot.LiveKeeper, that m, a board a
// change owed, is shown, as a door posting it does: otherwise a later
// sweep would take it for lost and show it again.
func (c *Console) paid(m *bot.Message) {
	if m.Live == nil || !m.Live.Owed {
		return
	}
	k, ok := c.Handler.(bot.LiveKeeper)
	if !ok {
		return
	}
	c.seq++
	if _, err := k.LivePosted(context.Background(), *m.Live, c.channel, fmt.Sprintf("console-%d-%d", c.runID, c.seq)); err != nil {
		fmt.Fprintln(c.Out, c.lang().T("(the board could not be recorded as shown: %v)", err))
	}
}

// print shows m, seen by to ("" for everyone) after actor acted; keep says
// to keep it among the messages that can be clicked.
func (c *Console) print(tag string, m *bot.Message, to, actor string, keep bool) {
	text := c.plain(m.Content)
	if m.Embed != nil {
		text = strings.TrimSpace(text + "\n" + c.plain(m.Embed.Title) + "\n\n" + c.plain(m.Embed.Description))
	}
	if tag != "" {
		text = tag + " " + text
	}
	fmt.Fprintln(c.Out, text)
	if m.Drawing != "" {
		fmt.Fprint(c.Out, m.Drawing)
	}
	c.paid(m)
	if m.File != nil && c.BoardDir != "" {
		path := filepath.Join(c.BoardDir, latestName(m.File.Name))
		if err := os.MkdirAll(c.BoardDir, 0o755); err == nil {
			if err := os.WriteFile(path, m.File.Data, 0o644); err == nil {
				note := bot.N("(board picture: %s)")
				switch filepath.Ext(path) {
				case ".gif":
					note = bot.N("(replay: %s)")
				case ".txt":
					note = bot.N("(game record: %s)")
				}
				fmt.Fprintln(c.Out, c.lang().T(note, path))
				if filepath.Ext(path) == ".txt" && c.Program != "" {
					fmt.Fprintln(c.Out, c.lang().T("(play on from it with: %s)", c.Program+" console --load "+path))
				}
			}
		}
	}
	for _, row := range m.Components {
		for _, comp := range row {
			switch comp.Kind {
			case bot.Button:
				fmt.Fprintf(c.Out, "  [%s]", comp.Label)
			case bot.Select:
				fmt.Fprintf(c.Out, "  %s", comp.Placeholder)
				for i, o := range comp.Options {
					fmt.Fprintf(c.Out, "  %d) %s", i+1, o.Label)
				}
			}
		}
		fmt.Fprintln(c.Out)
	}
	game := gameOfMessage(m)
	if game == 0 {
		return
	}
	if kind := kindOf(m, game); kind != "" {
		c.kinds[game] = kind
	} else if c.kinds[game] == "" && c.command != "" {
		c.kinds[game] = c.command
	}
	c.looking[actor] = game
	if keep {
		c.shown = append(c.shown, shown{msg: m, to: to, game: game})
		if len(c.shown) > 50 {
			c.shown = c.shown[len(c.shown)-50:]
		}
	}
	before := c.movers[game]
	switch {
	case len(m.Mentions) == 1:
		// A board pings the player to move.
		c.movers[game] = m.Mentions[0]
		c.looking[m.Mentions[0]] = game
	case m.File != nil && filepath.Ext(m.File.Name) == ".png" && len(m.Components) == 0:
		c.movers[game] = nobody // a board with nothing to click: the game is over
	}
	if c.movers[game] != before {
		c.handoffs[game]++
	}
}

// stamp is a Discord timestamp, such as <t:1700000000:D>.
var stamp = regexp.MustCompile(`<t:(-?\d+)(?::([tTdDfFR]))?>`)

// localTime writes a Discord timestamp as Discord would in the local time
// zone, in the console's language: the day (D, d), the time (t, T), or
// both.
func (c *Console) localTime(s string) string {
	m := stamp.FindStringSubmatch(s)
	sec, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		return s
	}
	at := time.Unix(sec, 0).Local()
	switch m[2] {
	case "t":
		return at.Format("15:04")
	case "T":
		return at.Format("15:04:05")
	case "d", "D":
		return c.day(at)
	}
	return c.day(at) + " " + at.Format("15:04")
}

// The names of the days and the months, said with T.
var (
	weekdays = [...]string{bot.N("Sunday"), bot.N("Monday"), bot.N("Tuesday"), bot.N("Wednesday"), bot.N("Thursday"), bot.N("Friday"), bot.N("Saturday")}
	months   = [...]string{bot.N("January"), bot.N("February"), bot.N("March"), bot.N("April"), bot.N("May"), bot.N("June"),
		bot.N("July"), bot.N("August"), bot.N("September"), bot.N("October"), bot.N("November"), bot.N("December")}
)

// day is the date of at, as "Monday 2 January 2006" is in English.
func (c *Console) day(at time.Time) string {
	l := c.lang()
	// Weekday, day, month, year; the numbers as strings, which a language
	// would otherwise write as quantities (2.006).
	return l.T("%[1]s %[2]s %[3]s %[4]s", l.T(weekdays[at.Weekday()]), strconv.Itoa(at.Day()), l.T(months[at.Month()-1]), strconv.Itoa(at.Year()))
}

// computerMover stands for the computer as a game's mover, and nobody for
// the mover of a game that is over.
const (
	computerMover = "(the computer)"
	nobody        = "(nobody)"
)

// latestName is a board picture's file name without its version, so that
// each game keeps only its latest picture: "kimbo-3-17.png" → "kimbo-3.png".
func latestName(name string) string {
	if m := versioned.FindStringSubmatch(name); m != nil {
		return m[1] + ".png"
	}
	return name
}

var versioned = regexp.MustCompile(`^(.+-\d+)-\d+\.png$`)

// fileOfGame is the name of a file of a game's: its command and number
// ("kimbo-3-17.png", "rumba-2.gif", "kippykoo-3.txt").
var fileOfGame = regexp.MustCompile(`^([a-z]+)-(\d+)[-.]`)

// kindOf is the command of game, as m's file names it, or "".
func kindOf(m *bot.Message, game int64) string {
	if m.File == nil {
		return ""
	}
	f := fileOfGame.FindStringSubmatch(m.File.Name)
	if f == nil || f[2] != no(game) {
		return ""
	}
	return f[1]
}
