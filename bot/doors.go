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

// ThreadMaker records the thread a game is played in.
type ThreadMaker interface {
	ThreadMade(ctx context.Context, gameID int64, threadID string) error
}
