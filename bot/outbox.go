package bot

import (
	"context"
	"fmt"

	"parlor/storage"
)

// Boards owed. A change after which the players must see the board (a
// move, a resignation, a game begun, a takeback, a resumption) records in
// its own transaction that its board is owed (storage.Board), and the
// board it answers with says so (Live.Owed). The door posts it and records
// it (LivePosted), which pays the debt. If the process dies between the
// commit and the post, the debt stays: once the change's holder has had
// its time (Config.BoardHold), the next sweep of any process claims it and
// posts the game's newest board where the game is played, pinging the
// player to move, so that a game is never left waiting on a board nobody
// saw. A newer board owed replaces an older one: only the newest is
// posted.

// owes is the board debt of a change whose board opens with lead.
func (t *Table) owes(lead string) *storage.Board {
	return &storage.Board{Lead: lead, Hold: t.hold}
}

// owed marks board as the board a stored change owes (Live.Owed).
func owed(board *Message) *Message {
	if board != nil && board.Live != nil {
		board.Live.Owed = true
	}
	return board
}

// owedBoard is the newest board of g, a game that owes its players a
// board: it opens with what the change that owed it did (or, in a game of
// three or four, with what everyone did since the next player's previous
// turn, as a turn's board does) and pings the player to move if ping is
// set. Posting it pays the debt.
func (t *Table) owedBoard(ctx context.Context, g *storage.Game, ping bool) (*Message, error) {
	l, err := t.loadRow(g)
	if err != nil {
		return nil, err
	}
	lead := g.Owed.Lead
	story, earlier, told := t.since(ctx, l, -1)
	if told {
		lead = story
	}
	board, err := t.boardWith(ctx, l, lead, t.lastMove(ctx, g.ID), ping && g.Status == storage.StatusActive, earlier)
	if err != nil {
		return nil, err
	}
	return owed(board), nil
}

// recoverBoard claims the board g owes, if its holder has not posted it
// in time, and returns it to post where the game is played.
func (t *Table) recoverBoard(ctx context.Context, g *storage.Game) (*Notice, error) {
	if g.Owed.Version == 0 {
		return nil, nil
	}
	won, err := t.store.ClaimBoard(ctx, g.ID, g.Owed.Version, t.hold)
	if err != nil || !won {
		return nil, err
	}
	board, err := t.owedBoard(ctx, g, true)
	if err != nil {
		return nil, fmt.Errorf("draw the board owed at version %d: %w", g.Owed.Version, err)
	}
	t.log.Info("posting a board owed: the process that stored its change did not post it in time", "game", g.ID,
		"owed", g.Owed.Version, "version", g.Version)
	return &Notice{GameID: g.ID, ChannelID: g.Where(), Message: board}, nil
}

// ThreadMade records the thread the transport started for a game, from
// the message from. When the game began before the thread was recorded
// (someone accepted the moment it was made), its board was posted outside
// the thread, or is about to be: ThreadMade then returns the game's board
// to post in the thread, where the game is played from now on (of the
// two, the one in the thread stays live). It returns nil when the thread
// starts from the game's current board itself, or the game has not begun.
func (t *Table) ThreadMade(ctx context.Context, gameID int64, threadID string, from Posted) (*Message, error) {
	was, err := t.store.SetThread(ctx, gameID, threadID)
	if err != nil {
		return nil, err
	}
	g, err := t.store.Game(ctx, gameID)
	if err != nil {
		return nil, err
	}
	if !started(g.Status) || was.ChannelID == from.ChannelID && was.MessageID == from.MessageID && was.Version >= g.BoardVersion {
		return nil, nil
	}
	// Pinged only if the board is still owed: else its ping was posted.
	return t.owedBoard(ctx, g, g.Owed.Version > 0)
}

// LivePosted records where a door posted a game's live message, and says
// which message stops being live (see LiveKeeper). A board owed is paid.
func (t *Table) LivePosted(ctx context.Context, live Live, channelID, messageID string) (Posted, error) {
	stale, err := t.store.SwapLive(ctx, live.GameID, storage.Live{ChannelID: channelID, MessageID: messageID, Version: live.Version, Owed: live.Owed})
	if err != nil {
		return Posted{}, err
	}
	return Posted{ChannelID: stale.ChannelID, MessageID: stale.MessageID}, nil
}

// BoardLost gives up a board owed that the door cannot post, ever (see
// LiveKeeper).
func (t *Table) BoardLost(ctx context.Context, live Live) error {
	if !live.Owed {
		return nil
	}
	t.log.Warn("a board owed cannot be posted: given up", "game", live.GameID, "version", live.Version)
	return t.store.DropBoard(ctx, live.GameID, live.Version)
}
