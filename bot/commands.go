package bot

import (
	"context"
	"strconv"
	"strings"

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

// Sub returns the subcommand called name.
func (c CommandSpec) Sub(name string) (SubSpec, bool) {
	for _, s := range c.Subs {
		if s.Name == name {
			return s, true
		}
	}
	return SubSpec{}, false
}

// optionName is an option's name as the user's Discord shows it: its
// catalog key is "cmd:" and the name.
func optionName(name string) rules.Word { return rules.Word("cmd:" + name) }
