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
	"strconv"
	"strings"
	"time"
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
// another game (#3).
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

	channel string
	seq     int
	runID   int64
	shown   []shown          // messages with components, newest last
	looking map[string]int64 // the game each user is looking at
	movers  map[int64]string // the user the newest board of each game pings
	// handoffs counts the times the move passed to another in each game.
	handoffs map[int64]int
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
		looking: map[string]int64{}, movers: map[int64]string{}, handoffs: map[int64]int{}}
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
// command the handler serves.
func (c *Console) Help() string {
	var b strings.Builder
	b.WriteString(c.lang().T(`Type what a player does in Discord. Start a line with a name and a colon to act as someone
else for that line (bob: click Accept), or with mover: to act as whoever is to move in the game
you are looking at.
  as bob                          act as bob from now on
  click Accept                    click a button of the game you are looking at (add #3 for game 3)
  choose 1                        choose in a menu, by number, label or value (add #3 for game 3)
  turn                            the player to move plays a turn by the first choice of every menu
  complete /kingsmen move N       what autocomplete offers as you type
  help                            this list
  quit                            stop (your games are kept)
Commands, with options in order or by name (move:Nc1-c5 game:3):
`))
	for _, cmd := range c.Handler.Commands() {
		subs := cmd.Subs
		if len(subs) == 0 {
			subs = []bot.SubSpec{{Description: cmd.Description}}
		}
		for _, sub := range subs {
			fmt.Fprintf(&b, "  %-31s %s\n", c.example(cmd.Name, sub), c.lang().T(sub.Description))
		}
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
			line += " " + o.Choices[len(o.Choices)-1].Value
		}
	}
	return line
}

// Kept says where the session keeps its games and its board pictures.
func (c *Console) Kept(db, boards string) string {
	return c.lang().T("Games are kept in %s; board pictures go to %s/.", db, boards)
}

// Loaded says that a game's record, file, was loaded as game id, with
// the number of decisions played and its players here.
func (c *Console) Loaded(file string, id int64, decisions int, players []string) string {
	return c.lang().T("Loaded %s as game #%s, with %d decisions played; its players here are %s (act as one with: as NAME).",
		file, no(id), decisions, strings.Join(players, ", "))
}

// Run reads lines from in until it ends or a line says quit, with a
// prompt before each.
func (c *Console) Run(ctx context.Context, in io.Reader) error {
	sc := bufio.NewScanner(in)
	fmt.Fprintln(c.Out, c.lang().T("Parlor console: you are %s. Type help for the commands, quit to stop.", c.User))
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
		if user == "mover" {
			if user, err = c.mover(c.User); err != nil {
				return false, err
			}
		}
	}
	fields := strings.Fields(line)
	rest := strings.Join(fields[1:], " ")
	switch strings.ToLower(fields[0]) {
	case "quit", "exit":
		return true, nil
	case "help":
		fmt.Fprint(c.Out, c.Help())
	case "as":
		if len(fields) != 2 {
			return false, c.sorry("Say who: as bob.")
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
		req, err := c.slash(user, fields[1:])
		if err != nil {
			return false, err
		}
		req.Kind = bot.AutocompleteRequest
		c.complete(ctx, req)
	default:
		if !strings.HasPrefix(fields[0], "/") {
			return false, c.sorry("I don't understand %s. Type help.", strconv.Quote(line))
		}
		req, err := c.slash(user, fields)
		if err != nil {
			return false, err
		}
		c.show(user, c.Handler.Handle(ctx, req))
	}
	return false, nil
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
	if m == "" || m == computerMover {
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
// position.
func (c *Console) slash(user string, fields []string) (bot.Request, error) {
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
			return req, c.sorry("Say what to do: %s. Type help.", strings.Join(c.subNames(cmd), ", "))
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
		return req, c.sorry("There is no command /%s %s. Type help.", c.name(req.Command), c.name(req.Sub))
	}
	next := 0
	args := fields[min(len(fields), 2):]
	if spec.Name == "" {
		args = fields[1:]
	}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		name, value, named := strings.Cut(arg, ":")
		if named {
			name = c.optionName(spec, name)
		}
		if !named || !hasOption(spec, name) {
			if next >= len(spec.Options) {
				return req, c.sorry("/%s %s takes no more options than %d.", c.name(req.Command), c.name(req.Sub), len(spec.Options))
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
			if !ch.Own && strings.EqualFold(value, c.lang().T(ch.Name)) {
				value = ch.Value
			}
		}
		req.Options[name] = value
		req.Focused = name
	}
	return req, nil
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

func (c *Console) complete(ctx context.Context, req bot.Request) {
	resp := c.Handler.Handle(ctx, req)
	if len(resp.Choices) == 0 {
		fmt.Fprintln(c.Out, c.lang().T("(no suggestions)"))
	}
	for _, ch := range resp.Choices {
		fmt.Fprintf(c.Out, "  %s\n", ch.Name)
	}
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
func (c *Console) press(ctx context.Context, user string, at int, id string, values []string) {
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
}

// maxTurnSteps bounds the clicks of one turn.
const maxTurnSteps = 12

// turn plays the turn of the player to move in the game user looks at:
// the first choice of the newest menu, or else the newest button, until
// another player is to move or nothing is left to click.
func (c *Console) turn(ctx context.Context, user string) error {
	game := c.looking[c.User]
	if user != c.User && c.looking[user] != 0 {
		game = c.looking[user]
	}
	mover := c.movers[game]
	if game == 0 || mover == "" || mover == computerMover {
		if game == 0 {
			return c.sorry("%s is looking at no game yet, so nobody is the mover.", user)
		}
		return c.sorry("Nobody is to move in game #%s, which %s is looking at.", no(game), user)
	}
	// The turn is over when the move passes to someone else, even if a
	// computer then plays at once and passes it back.
	handoffs := c.handoffs[game]
	for step := 0; step < maxTurnSteps && c.handoffs[game] == handoffs; step++ {
		var id string
		var values []string
		var at int
		if comp, i, ok := c.find(mover, game, func(k bot.Component) bool { return k.Kind == bot.Select && len(k.Options) > 0 }); ok {
			id, values, at = comp.ID, []string{comp.Options[0].Value}, i
		} else if comp, i, ok := c.find(mover, game, func(k bot.Component) bool { return k.Kind == bot.Button }); ok {
			id, at = comp.ID, i
		} else {
			return nil
		}
		before := len(c.shown)
		fmt.Fprintln(c.Out, c.lang().T("(%s plays %s)", mover, c.describeChoice(id, values)))
		c.press(ctx, mover, at, id, values)
		if len(c.shown) == before {
			return nil // nothing new to click: the turn is over, or refused
		}
	}
	return nil
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

var mention = regexp.MustCompile(`<@!?([^>]+)>`)

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
	text := mention.ReplaceAllString(m.Content, "@$1")
	text = stamp.ReplaceAllStringFunc(text, c.localTime)
	text = strings.ReplaceAll(text, "**", "")
	if m.Embed != nil {
		text = strings.TrimSpace(text + "\n" + m.Embed.Title + "\n\n" + strings.ReplaceAll(m.Embed.Description, "**", ""))
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
		c.movers[game] = "" // a board with nothing to click: the game is over
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

// computerMover stands for the computer as a game's mover.
const computerMover = "(the computer)"

// latestName is a board picture's file name without its version, so that
// each game keeps only its latest picture: "kimbo-3-17.png" → "kimbo-3.png".
func latestName(name string) string {
	if m := versioned.FindStringSubmatch(name); m != nil {
		return m[1] + ".png"
	}
	return name
}

var versioned = regexp.MustCompile(`^(.+-\d+)-\d+\.png$`)
