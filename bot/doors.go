package bot

import "context"

// The doors: a transport (Discord's gateway or HTTP interactions, the
// console) turns its events into Requests for a Handler, and the
// Handler's Responses into its own calls. The Table is the one Handler.

// Handler answers requests; the Table is one.
type Handler interface {
	Handle(ctx context.Context, req Request) Response
	Commands() []CommandSpec
}

// Sweeper does the work time brings (reminders, deadlines, lapsed
// invitations); the Table is one.
type Sweeper interface {
	Sweep(ctx context.Context) ([]Notice, error)
}

// LiveKeeper records each game's live message: the newest message that
// shows the game with its controls (its board, or its invitation). A door
// that posts (or updates) a Message with Live set tells it where the
// message is; LivePosted answers with the message that stops being live,
// zero if none, whose controls the door then takes off, so that only the
// newest board of a game can be clicked.
type LiveKeeper interface {
	LivePosted(ctx context.Context, live Live, channelID, messageID string) (stale Posted, err error)
}

// Posted is a message a door posted: where it is.
type Posted struct {
	ChannelID string
	MessageID string
}

// ThreadMaker records the thread a game is played in.
type ThreadMaker interface {
	ThreadMade(ctx context.Context, gameID int64, threadID string) error
}
