package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Live is a message that shows a game with its buttons: its newest board,
// or its invitation.
type Live struct {
	ChannelID string
	MessageID string
	// Version is the game's version the message was drawn at.
	Version int64
	// Owed says the message is the board a change owed (Change.Board):
	// recording it pays the debt, for its version and any older one.
	Owed bool
}

// errLiveMoved is an internal retry: another live board was recorded
// between reading the game's and replacing it.
var errLiveMoved = errors.New("live board moved")

// SwapLive records m as game's live message and returns the message that
// stops being live, whose buttons should go: the one m replaces, or m
// itself when the game's live message was drawn at a later version (two
// boards posted at once: the newer stays live). It returns a zero Live
// when nothing stops being live. Of two messages drawn at the same
// version, one in the game's thread and one not (a board posted before
// the thread was recorded, and again in the thread), the one in the
// thread stays live. It does not bump the game's version.
func (db *DB) SwapLive(ctx context.Context, gameID int64, m Live) (Live, error) {
	for range 32 {
		var out Live
		err := db.write(ctx, func(ctx context.Context, q querier) error {
			var cur Live
			var thread string
			err := q.QueryRowContext(ctx, "SELECT live_channel, live_message, live_version, thread_id FROM games WHERE id = ?", gameID).
				Scan(&cur.ChannelID, &cur.MessageID, &cur.Version, &thread)
			switch {
			case errors.Is(err, sql.ErrNoRows):
				return ErrNotFound
			case err != nil:
				return err
			case cur.MessageID == m.MessageID && cur.ChannelID == m.ChannelID:
				// The same message again (a click updated it): only its
				// version may change, and nothing stops being live.
				if m.Version <= cur.Version {
					return paid(ctx, q, gameID, m)
				}
			case m.Version < cur.Version,
				m.Version == cur.Version && thread != "" && cur.ChannelID == thread && m.ChannelID != thread:
				out = m
				return paid(ctx, q, gameID, m)
			default:
				out = cur
			}
			res, err := q.ExecContext(ctx, `UPDATE games SET live_channel = ?, live_message = ?, live_version = ?
				WHERE id = ? AND live_channel = ? AND live_message = ? AND live_version = ?`,
				m.ChannelID, m.MessageID, m.Version, gameID, cur.ChannelID, cur.MessageID, cur.Version)
			if err != nil {
				return err
			}
			if err := oneRow(res); errors.Is(err, ErrNotFound) {
				return errLiveMoved
			} else if err != nil {
				return err
			}
			return paid(ctx, q, gameID, m)
		})
		switch {
		case errors.Is(err, errLiveMoved):
			continue
		case err != nil:
			return Live{}, fmt.Errorf("record the live board of game %d: %w", gameID, classify(err))
		}
		if out.MessageID == "" {
			return Live{}, nil
		}
		return out, nil
	}
	return Live{}, fmt.Errorf("record the live board of game %d: %w", gameID, ErrConflict)
}

// paid pays the debt of the board m is, if it is one (Live.Owed): no board
// drawn at m's version or before is owed any more.
func paid(ctx context.Context, q querier, gameID int64, m Live) error {
	if !m.Owed {
		return nil
	}
	return payBoard(ctx, q, gameID, m.Version)
}

// payBoard clears the board owed at version or before (a newer one stays
// owed).
func payBoard(ctx context.Context, q querier, gameID, version int64) error {
	_, err := q.ExecContext(ctx, `UPDATE games SET board_owed = 0, board_lead = '', board_claim = 0
		WHERE id = ? AND board_owed > 0 AND board_owed <= ?`, gameID, version)
	return err
}
