package bot

import (
	"fmt"
	"strconv"
	"strings"

	"parlor/rules"
)

// Kind is what kind of interaction a Request is.
type Kind int

// The kinds of Request.
const (
	CommandRequest Kind = iota
	ComponentRequest
	AutocompleteRequest
)

// User is a person as the transport knows them.
type User struct {
	ID   string
	Name string
	Bot  bool
	// CanManage is set when the user may manage the server the
	// interaction comes from.
	CanManage bool
}

// Request is one user action, whatever the transport.
type Request struct {
	// ID identifies the interaction; a transport that delivers the same
	// interaction twice gives it the same ID.
	ID        string
	Kind      Kind
	GuildID   string
	ChannelID string
	User      User
	// Self is the bot's own user id on the transport, "" if it has none:
	// naming it as a player seats a computer.
	Self string
	// Locale is the language of the user's client (Discord's locale, such
	// as "es-ES"), and GuildLocale the server's preferred one; "" when the
	// transport does not say.
	Locale, GuildLocale string

	// Command, Sub and Options describe a slash command or an autocomplete
	// request: "/kingsmen move move:Nc1-c5" is Command "kingsmen", Sub
	// "move", Options {"move": "Nc1-c5"}. User options hold user ids.
	Command string
	Sub     string
	Options map[string]string
	// Focused is the option being typed, for autocomplete.
	Focused string
	// Users are the users named in options, by id, as the transport
	// resolved them.
	Users map[string]User

	// CustomID and Values describe a component: the button's or select's
	// custom id and the chosen select values.
	CustomID string
	Values   []string
}

// Response is what a handler answers. Handlers never send anything
// themselves; the adapter turns a Response into transport calls.
type Response struct {
	// Private is shown to the user who acted, and to nobody else.
	Private *Message
	// Update replaces the message the clicked component is on.
	Update *Message
	// Public is posted in the channel for everyone.
	Public *Message
	// Choices answers an autocomplete request.
	Choices []Choice
	// PublicIn, if set, is the channel or thread Public belongs in (the
	// game's thread), when that is not where the interaction came from.
	PublicIn string
	// Thread, if set, asks for a thread started from Public (a new game's
	// invitation), where the game will be played.
	Thread *ThreadSpec
	// Wake says the door should sweep soon (see Sweeper): a computer
	// player is to move, which the sweep plays, or a game is over, whose
	// replay the sweep posts.
	Wake bool
	// Computer, if set, is the game in which a computer player is to move
	// after this answer (Wake is then set for it alone): a door that runs
	// the table's computer workers queues it (ComputerPlayer) rather than
	// sweeping.
	Computer int64
}

// ThreadSpec is a thread to start for a game.
type ThreadSpec struct {
	GameID int64
	Name   string // at most limits.ThreadName characters
	// Intro is the thread's first message, in the game's language; if it
	// is empty the thread has none.
	Intro string
}

// Message is a message to show.
type Message struct {
	Content string
	// Embed, if set, is a card of text under the content, for texts
	// longer than a message's content may be (such as a game's rules).
	Embed *Embed
	// Drawing is a plain-text picture of the board, for text-only
	// transports such as the console.
	Drawing    string
	File       *File
	Components []Row
	// Mentions are the user ids this message may ping; nobody else is
	// notified, whatever the content says.
	Mentions []string
	// Lang, if set, is the language the message is in: the words a door
	// adds to it (a note that its picture was too large) are said in it
	// rather than in the door's guess (the reader's or the server's).
	Lang Lang
	// Live, if set, says the message shows a game, as it stands at a
	// version, in place of the messages that showed it before: once it is
	// posted, the door has the game's previous live message lose its
	// controls (see LiveKeeper).
	Live *Live
	// gameOver marks the board that ends a game.
	gameOver bool
	// computerTurn marks a board on which a computer player is to move.
	computerTurn bool
}

// Live is the game a message shows, and the game's version it shows.
type Live struct {
	GameID  int64
	Version int64
	// Owed says the message is the board a stored change owes the game's
	// players (storage.Board): recording it (LivePosted) pays the debt.
	// Until then, a sweep of any process posts it once the change's
	// holder has had its time (Config.BoardHold), so that a board is not
	// lost to a process that dies between storing a move and posting it.
	Owed bool
}

// Embed is a card of text: a title and a description.
type Embed struct {
	Title       string // at most limits.EmbedTitle characters
	Description string // at most limits.EmbedDescription characters
}

// File is an attachment.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Row is an action row of components.
type Row []Component

// ComponentKind is a button or a select menu.
type ComponentKind int

// The kinds of component.
const (
	Button ComponentKind = iota
	Select
)

// ButtonStyle is a button's colour.
type ButtonStyle int

// Button styles, as Discord numbers them.
const (
	Primary   ButtonStyle = 1
	Secondary ButtonStyle = 2
	Success   ButtonStyle = 3
	Danger    ButtonStyle = 4
)

// Component is a button or a string select menu.
type Component struct {
	Kind        ComponentKind
	ID          string // custom id, at most limits.CustomID characters
	Label       string // button label
	Style       ButtonStyle
	Placeholder string // select placeholder
	Options     []Option
}

// Option is a choice in a select menu.
type Option struct {
	Label       string
	Value       string
	Description string
}

// Choice is an autocomplete suggestion.
type Choice struct {
	Name  string
	Value string
	// Own says the name is the same in every language, so not
	// translated: a language's name for itself ("español").
	Own bool
}

// private builds a Response that only the acting user sees.
func private(format string) Response {
	return Response{Private: &Message{Content: format}}
}

// userError is an answer for the user: something they asked that cannot be
// done, said in a sentence, which is said in their language when it is
// answered (see explain).
type userError struct{ text rules.Text }

func (e *userError) Error() string { return e.text.String() }

// sorry is the userError of the message format with args (see Lang.T).
func sorry(format string, args ...any) error {
	return &userError{text: rules.Textf(format, args...)}
}

// customID is a component id: "g/{game}/{version}/{action}". A button
// about the member rather than a game begins "me/" instead (forgetID).
func customID(game, version int64, action string) string {
	return fmt.Sprintf("g/%d/%d/%s", game, version, action)
}

// GameOfCustomID is the game a component's custom id names, for a door
// that shows which game a message is about.
func GameOfCustomID(id string) (int64, bool) {
	game, _, _, err := parseCustomID(id)
	return game, err == nil
}

// TurnControl reports whether a component's custom id plays the turn of
// the player to move (a board's button, a move menu, a preview's Confirm),
// and the version of the game it was drawn for: a door that clicks
// through a turn for someone uses only the newest board's.
func TurnControl(id string) (version int64, ok bool) {
	_, version, action, err := parseCustomID(id)
	if err != nil || version == 0 {
		return 0, false
	}
	for _, p := range []string{"do:", "pick", "play", "ok:"} {
		if strings.HasPrefix(action, p) {
			return version, true
		}
	}
	return 0, false
}

func parseCustomID(id string) (game, version int64, action string, err error) {
	parts := strings.Split(id, "/")
	if len(parts) != 4 || parts[0] != "g" {
		return 0, 0, "", sorry("I don't recognise that button. It may be from an older version of the bot; use /board to get a fresh one.")
	}
	game, err1 := strconv.ParseInt(parts[1], 10, 64)
	version, err2 := strconv.ParseInt(parts[2], 10, 64)
	if err1 != nil || err2 != nil || game <= 0 || version < 0 {
		return 0, 0, "", unknownButton()
	}
	return game, version, parts[3], nil
}

// Notice is a message the scheduler posts in a game's channel or thread,
// or, when UserID is set, sends to that user alone (a direct message).
type Notice struct {
	GameID int64
	// GuildID is the server the game lives in, "" for a DM's game or a
	// direct message: a door that finds the bot is not in it any more
	// tells the table (GuildKeeper).
	GuildID   string
	ChannelID string
	// UserID, if set, is the user the message is for, in a direct
	// message; ChannelID is then "".
	UserID  string
	Message *Message
}

// unknownButton is the answer for a custom id the bot never made.
func unknownButton() error { return sorry("I don't recognise that button.") }

// PlaceLang is the language of what req makes public where it was made
// (a new game's invitation, which becomes the game's language; the words
// a transport adds to a public answer): the server's language (Discord's
// guild_locale), or, outside a server, the language of the user who acted.
func (req Request) PlaceLang() Lang {
	if req.GuildID != "" && req.GuildLocale != "" {
		return LangOf(req.GuildLocale)
	}
	return you(req)
}
