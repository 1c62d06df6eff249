package bot

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
}

// SubSpec is a subcommand.
type SubSpec struct {
	Name        string
	Description string
	Options     []OptionSpec
}

// OptionSpec is an option of a subcommand.
type OptionSpec struct {
	Name         string
	Description  string
	Type         OptionType
	Required     bool
	Autocomplete bool
}

func gameOption() OptionSpec {
	return OptionSpec{Name: "game", Description: "Which of your games, by number (only needed when you have several here)", Type: StringOption, Autocomplete: true}
}

// gameCommand is the command of one game kind.
func gameCommand(name, title string) CommandSpec {
	return CommandSpec{
		Name:        name,
		Description: "Play " + title,
		Subs: []SubSpec{
			{Name: "new", Description: "Start a game: challenge someone, or leave the seat open for anyone", Options: []OptionSpec{
				{Name: "opponent", Description: "Who to challenge (leave empty to let anyone join)", Type: UserOption},
			}},
			{Name: "move", Description: "Make your move", Options: []OptionSpec{
				{Name: "move", Description: "Your move, like Nc1-c5 (start typing to see the legal ones)", Type: StringOption, Required: true, Autocomplete: true},
				gameOption(),
			}},
			{Name: "board", Description: "Show the board of a game", Options: []OptionSpec{gameOption()}},
			{Name: "resign", Description: "Resign a game", Options: []OptionSpec{gameOption()}},
			{Name: "draw", Description: "Offer a draw, or accept the one offered to you", Options: []OptionSpec{gameOption()}},
			{Name: "rules", Description: "How to play " + title},
		},
	}
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
