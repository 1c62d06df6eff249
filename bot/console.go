package bot

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// Console plays the bot's commands from text lines, acting as any named
// user, through the same handlers as Discord. Boards are printed as text
// and their PNGs written into BoardDir.
type Console struct {
	Handler  Handler
	Out      io.Writer
	BoardDir string
	// User is who acts when a line names nobody.
	User string

	channel string
	seq     int
	runID   int64
	shown   []shown // messages with components, newest last
}

// shown is a message the console printed, with who may see it.
type shown struct {
	msg *Message
	to  string // "" for everyone
}

// ConsoleHelp explains the console's lines.
const ConsoleHelp = `Lines you can type (a user is any name you like):
  as alice                          act as alice from now on
  alice: /kingsmen new bob          act as alice for one line; challenge bob
  /kingsmen new                     open a game anyone may join
  /kingsmen move Nc1-c5             options by position, or by name: move:Nc1-c5 game:3
  /kingsmen board | resign | draw | rules
  /kimbo new bob players:3          Kimbo for three: invite bob, one seat open to anyone
  /kimbo fence e1|f1 h5|h6          move a fence (then the dice roll); /kimbo roll to roll without
  /kimbo move b1-b6, n14-k14        a move may have spaces
  click Accept                      click a button (by its label, or part of it) on the newest message that has it
  choose c1                         choose in a select menu (by value or label)
  complete /kingsmen move Nc        show what autocomplete would offer
  help, quit
`

// NewConsole builds a console adapter.
func NewConsole(h Handler, out io.Writer, boardDir string) *Console {
	return &Console{Handler: h, Out: out, BoardDir: boardDir, User: "alice", channel: "console", runID: time.Now().UnixNano()}
}

// Run reads lines from in until it ends or a line says quit.
func (c *Console) Run(ctx context.Context, in io.Reader) error {
	sc := bufio.NewScanner(in)
	fmt.Fprintf(c.Out, "Parlor console. You are %s. Type help for the commands.\n", c.User)
	for sc.Scan() {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if quit := c.Line(ctx, sc.Text()); quit {
			return nil
		}
	}
	return sc.Err()
}

var namePrefix = regexp.MustCompile(`^([A-Za-z0-9_.-]+):\s+(.*)$`)

// Line handles one line; it reports whether the line asked to quit.
func (c *Console) Line(ctx context.Context, line string) bool {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return false
	}
	user := c.User
	if m := namePrefix.FindStringSubmatch(line); m != nil {
		user, line = strings.ToLower(m[1]), m[2]
	}
	fields := strings.Fields(line)
	switch strings.ToLower(fields[0]) {
	case "quit", "exit":
		return true
	case "help":
		fmt.Fprint(c.Out, ConsoleHelp)
	case "as":
		if len(fields) != 2 {
			fmt.Fprintln(c.Out, "say: as <name>")
			return false
		}
		c.User = strings.ToLower(strings.TrimPrefix(fields[1], "@"))
		fmt.Fprintf(c.Out, "You are %s.\n", c.User)
	case "click":
		c.click(ctx, user, strings.Join(fields[1:], " "))
	case "choose":
		c.choose(ctx, user, strings.Join(fields[1:], " "))
	case "complete":
		req, err := c.slash(user, fields[1:])
		if err != nil {
			fmt.Fprintln(c.Out, err)
			return false
		}
		req.Kind = AutocompleteRequest
		c.complete(ctx, req)
	default:
		if !strings.HasPrefix(fields[0], "/") {
			fmt.Fprintf(c.Out, "I don't understand %q. Type help.\n", line)
			return false
		}
		req, err := c.slash(user, fields)
		if err != nil {
			fmt.Fprintln(c.Out, err)
			return false
		}
		c.show(user, c.Handler.Handle(ctx, req))
	}
	return false
}

func (c *Console) request(user string) Request {
	c.seq++
	return Request{
		ID:        fmt.Sprintf("console-%d-%d", c.runID, c.seq),
		ChannelID: c.channel,
		User:      User{ID: user, Name: user, CanManage: true},
		Options:   map[string]string{},
		Users:     map[string]User{},
	}
}

// slash reads "/command sub args…" with options by name (name:value) or by
// position.
func (c *Console) slash(user string, fields []string) (Request, error) {
	req := c.request(user)
	req.Kind = CommandRequest
	req.Command = strings.TrimPrefix(strings.ToLower(fields[0]), "/")
	if req.Command == "games" {
		return req, nil
	}
	if len(fields) < 2 {
		return req, fmt.Errorf("say a command and what to do, like /kingsmen new")
	}
	req.Sub = strings.ToLower(fields[1])
	var spec *SubSpec
	for _, cmd := range c.Handler.Commands() {
		if cmd.Name == req.Command {
			if s, ok := cmd.Sub(req.Sub); ok {
				spec = &s
			}
		}
	}
	if spec == nil {
		return req, fmt.Errorf("there is no command /%s %s; type help", req.Command, req.Sub)
	}
	next := 0
	args := fields[2:]
	for i := 0; i < len(args); i++ {
		arg := args[i]
		name, value, named := strings.Cut(arg, ":")
		if !named || !hasOption(spec, name) {
			if next >= len(spec.Options) {
				return req, fmt.Errorf("/%s %s takes no more options than %d", req.Command, req.Sub, len(spec.Options))
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
		if opt, _ := option(spec, name); opt.Type == UserOption {
			value = strings.ToLower(strings.TrimPrefix(value, "@"))
			req.Users[value] = User{ID: value, Name: value}
		}
		req.Options[name] = value
		req.Focused = name
	}
	return req, nil
}

func hasOption(s *SubSpec, name string) bool { _, ok := option(s, name); return ok }

func option(s *SubSpec, name string) (OptionSpec, bool) {
	for _, o := range s.Options {
		if o.Name == name {
			return o, true
		}
	}
	return OptionSpec{}, false
}

func (c *Console) complete(ctx context.Context, req Request) {
	resp := c.Handler.Handle(ctx, req)
	if len(resp.Choices) == 0 {
		fmt.Fprintln(c.Out, "(no suggestions)")
	}
	for _, ch := range resp.Choices {
		fmt.Fprintf(c.Out, "  %s\n", ch.Name)
	}
}

// find returns the newest message user can see with a component matching.
func (c *Console) find(user string, match func(Component) bool) (Component, bool) {
	for i := len(c.shown) - 1; i >= 0; i-- {
		s := c.shown[i]
		if s.to != "" && s.to != user {
			continue
		}
		for _, row := range s.msg.Components {
			for _, comp := range row {
				if match(comp) {
					return comp, true
				}
			}
		}
	}
	return Component{}, false
}

func (c *Console) click(ctx context.Context, user, label string) {
	comp, ok := c.find(user, func(k Component) bool { return k.Kind == Button && strings.EqualFold(k.Label, label) })
	if !ok {
		// "click roll" for "🎲 Roll (no fence move)".
		comp, ok = c.find(user, func(k Component) bool {
			return k.Kind == Button && strings.Contains(strings.ToLower(k.Label), strings.ToLower(label))
		})
	}
	if !ok {
		fmt.Fprintf(c.Out, "No button %q on the messages %s can see.\n", label, user)
		return
	}
	req := c.request(user)
	req.Kind, req.CustomID = ComponentRequest, comp.ID
	c.show(user, c.Handler.Handle(ctx, req))
}

func (c *Console) choose(ctx context.Context, user, value string) {
	var chosen string
	comp, ok := c.find(user, func(k Component) bool {
		if k.Kind != Select {
			return false
		}
		for _, o := range k.Options {
			if strings.EqualFold(o.Value, value) || strings.EqualFold(o.Label, value) {
				chosen = o.Value
				return true
			}
		}
		return false
	})
	if !ok {
		fmt.Fprintf(c.Out, "No menu offers %q on the messages %s can see.\n", value, user)
		return
	}
	req := c.request(user)
	req.Kind, req.CustomID, req.Values = ComponentRequest, comp.ID, []string{chosen}
	c.show(user, c.Handler.Handle(ctx, req))
}

var mention = regexp.MustCompile(`<@!?([^>]+)>`)

func (c *Console) show(user string, resp Response) {
	if resp.Update != nil {
		c.print("(message updated)", resp.Update, "")
	}
	if resp.Private != nil {
		c.print("(only "+user+" sees this)", resp.Private, user)
	}
	if resp.Public != nil {
		c.print("", resp.Public, "")
	}
}

func (c *Console) print(tag string, m *Message, to string) {
	text := mention.ReplaceAllString(m.Content, "@$1")
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
	if m.File != nil && c.BoardDir != "" {
		path := filepath.Join(c.BoardDir, m.File.Name)
		if err := os.MkdirAll(c.BoardDir, 0o755); err == nil {
			if err := os.WriteFile(path, m.File.Data, 0o644); err == nil {
				fmt.Fprintf(c.Out, "(board picture: %s)\n", path)
			}
		}
	}
	for _, row := range m.Components {
		for _, comp := range row {
			switch comp.Kind {
			case Button:
				fmt.Fprintf(c.Out, "  [%s]", comp.Label)
			case Select:
				fmt.Fprintf(c.Out, "  %s choose one of:", comp.Placeholder)
				for _, o := range comp.Options {
					fmt.Fprintf(c.Out, " %s", o.Value)
				}
			}
		}
		fmt.Fprintln(c.Out)
	}
	if len(m.Components) > 0 {
		c.shown = append(c.shown, shown{msg: m, to: to})
		if len(c.shown) > 50 {
			c.shown = c.shown[len(c.shown)-50:]
		}
	}
}
