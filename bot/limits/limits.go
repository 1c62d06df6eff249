// Package limits is Discord's limits, written down once: the door keeps
// to them, the table's handlers keep to the ones that shape a message,
// the fake Discord enforces them, and the tests hold every payload to
// them. docs/discord.md says what each means, in words.
//
// It is a package of its own, which imports nothing of Parlor's, because both sides need
// it: package bot (which composes the messages) and package discord
// (the door, which imports bot) would otherwise make an import cycle.
//
// The figures come from Discord's developer documentation and the request
// schemas of its OpenAPI document; where the two disagree, the
// documentation, which Discord says to follow, wins (each such place says
// so). Lengths are counted in Unicode code points, as Discord counts them
// (its API measures a string's length in Python, which counts code
// points).
package limits

import "time"

// Messages.
const (
	// Content is the most characters a bot's message may say. Discord's
	// schema allows 4,000 for people with Nitro; bots get 2,000.
	Content = 2000
	// MentionIDs is the most users (or roles) a message's allowed
	// mentions may list.
	MentionIDs = 100
	// Stickers is the most stickers a message may carry.
	Stickers = 3
	// Files is the most files one message may upload, and Attachments
	// the most attachments it may describe.
	Files       = 10
	Attachments = 10
	// AttachmentText is the longest an attachment's file name or
	// description may be.
	AttachmentText = 1024
	// FileSize is the largest file a bot may upload by default (a server
	// boosted to a higher level allows more; Parlor does not count on it).
	FileSize = 10 << 20
	// RequestSize is the largest request Discord takes, every file of an
	// upload together.
	RequestSize = 25 << 20
)

// Embeds.
const (
	// Embeds is the most embeds a message may carry.
	Embeds = 10
	// EmbedTotal is the most characters all of a message's embeds may
	// hold together: titles, descriptions, fields, footers and authors.
	EmbedTotal       = 6000
	EmbedTitle       = 256
	EmbedDescription = 4096
	// EmbedFields is the most fields an embed may have; a field's name
	// and value are at most FieldName and FieldValue characters.
	EmbedFields = 25
	FieldName   = 256
	FieldValue  = 1024
	Footer      = 2048
	AuthorName  = 256
	// URL is the longest address an embed may give (its own, its
	// picture's, its author's).
	URL = 2048
	// Color is the largest embed colour, an RGB value.
	Color = 0xFFFFFF
)

// Components: the rows of buttons and menus under a message.
const (
	// Rows is the most action rows a message may have (without the
	// newer layout components, which Parlor does not use).
	Rows = 5
	// ButtonsPerRow is the most buttons a row may hold; a row holds
	// either buttons or one select menu.
	ButtonsPerRow = 5
	// CustomID is the longest a component's custom id may be (at least
	// one character); ids must be unique within their message.
	CustomID    = 100
	ButtonLabel = 80
	ButtonURL   = 512
	// EmojiName is the longest an emoji's name on a button or option may
	// be.
	EmojiName = 32
	// SelectOptions is the most options a select menu may offer, and
	// SelectValues the most a user may pick (its min_values and
	// max_values).
	SelectOptions = 25
	SelectValues  = 25
	// OptionText is the longest a select option's label, value or
	// description may be.
	OptionText  = 100
	Placeholder = 150
)

// Commands: what registering the slash commands may say.
const (
	// Commands is the most chat commands an application may register
	// globally, and MenuCommands the most user (or message) commands.
	Commands     = 100
	MenuCommands = 15
	// CommandName is the longest a command's, subcommand's or option's
	// name may be (at least one character).
	CommandName = 32
	// Description is the longest a command's or option's description may
	// be (at least one character).
	Description = 100
	// CommandOptions is the most options (or subcommands) a command or
	// subcommand may have.
	CommandOptions = 25
	// CommandText is the most characters of names, descriptions and
	// choices one command may have, all its options included.
	CommandText = 8000
	// Choices is the most fixed choices an option may offer, and the
	// most choices an autocomplete answer may hold.
	Choices = 25
	// ChoiceText is the longest a choice's name, or a string choice's
	// value, may be. The schema says 6,000 for the value; the
	// documentation, and Discord, 100.
	ChoiceText = 100
	// StringLength is the largest min_length or max_length a string
	// option may declare.
	StringLength = 6000
	// Int53 is the largest integer Discord takes for an option's number:
	// what a double holds exactly.
	Int53 = 1<<53 - 1
	// Permissions is the largest default_member_permissions bit set.
	Permissions = 1<<54 - 1
)

// Threads, modals and interactions.
const (
	// ThreadName is the longest a thread's name may be.
	ThreadName = 100
	// RateLimitPerUser is the longest slow mode a channel or thread may
	// have, in seconds (six hours).
	RateLimitPerUser = 21600
	// ModalTitle is the longest a modal's title may be, and ModalRows
	// the most components it may hold (the documentation says 1 to 5;
	// the schema allows 40).
	ModalTitle = 45
	ModalRows  = 5
	// Label is the longest a modal label's text may be, and
	// LabelDescription its description.
	Label            = 45
	LabelDescription = 100
	// TextInput is the longest a text input's value (and its min_length
	// and max_length) may be, and a text display's content.
	TextInput = 4000
	// InputPlaceholder is the longest a text input's placeholder may be.
	InputPlaceholder = 100
	// ModalChoices is the most options a modal's radio or checkbox group
	// may have, and the most files its upload may take.
	ModalChoices = 10
	// AnswerWindow is how long Discord waits for the first answer to an
	// interaction before it tells the user the interaction failed.
	AnswerWindow = 3 * time.Second
	// TokenLife is how long an interaction's token stays good for
	// editing the answer and sending follow-ups.
	TokenLife = 15 * time.Minute
)
