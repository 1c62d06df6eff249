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

// ComputerPlayer plays computer players' turns on workers beside the
// sweep (see computers.go); the Table is one. A door that sweeps runs
// PlayComputers while it does, and queues a game with ComputerToMove when
// an answer leaves a computer to move in it (Response.Computer).
type ComputerPlayer interface {
	// PlayComputers plays the queued turns on workers workers (0: one per
	// core) until ctx ends, handing each move's messages to post.
	PlayComputers(ctx context.Context, workers int, post func([]Notice))
	// ComputerToMove queues the game, and reports whether workers run to
	// play it; if not, a sweep does.
	ComputerToMove(game int64) bool
}

// LiveKeeper records each game's live message: the newest message that
// shows the game with its controls (its board, or its invitation). A door
// that posts (or updates) a Message with Live set tells it where the
// message is; LivePosted answers with the message that stops being live,
// zero if none, whose controls the door then takes off, so that only the
// newest board of a game can be clicked.
type LiveKeeper interface {
	LivePosted(ctx context.Context, live Live, channelID, messageID string) (stale Posted, err error)
	// BoardLost tells that a board owed (Live.Owed) cannot be posted, ever:
	// Discord refused it for good (a channel deleted, a permission taken
	// away). It is owed no more, so that no sweep tries it again and again.
	// A post that failed for a while (Discord or the network down) is not
	// lost: a later sweep posts the board.
	BoardLost(ctx context.Context, live Live) error
}

// GuildKeeper hears from a door whether the bot is in a server; the Table
// is one. A server that removed the bot has its games stopped until it adds
// the bot back, and deleted after the retention period (see removal.go).
type GuildKeeper interface {
	// GuildRemoved says the bot was removed from the server: not an
	// outage, which says nothing of the kind.
	GuildRemoved(ctx context.Context, guildID string) error
	// GuildBack says the bot is in the server: added back, or there all
	// along.
	GuildBack(ctx context.Context, guildID string) error
}

// Posted is a message a door posted: where it is.
type Posted struct {
	ChannelID string
	MessageID string
}

// ThreadMaker records the thread a game is played in.
type ThreadMaker interface {
	// ThreadMade records that the door started threadID for the game
	// from the message from (zero for a thread started from no message).
	// If it returns a message, the door posts it in the thread: the game's
	// board, when the game began before its thread was recorded.
	ThreadMade(ctx context.Context, gameID int64, threadID string, from Posted) (*Message, error)
}
