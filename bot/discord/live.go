package discord

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"parlor/bot"
)

// livePosted tells the Handler, if it is a bot.LiveKeeper, that m, a
// game's live message, is now message messageID in channelID, and takes
// the controls off the message that stops being live, unless that is
// replaced, a message the answer has replaced already (the board
// clicked). Nothing fails with it: the message is posted, and an old
// board's buttons only answer that it is out of date.
func (d *Discord) livePosted(log *slog.Logger, m *bot.Message, channelID, messageID, replaced string) {
	if m == nil || m.Live == nil || messageID == "" {
		return
	}
	k, ok := d.Handler.(bot.LiveKeeper)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), liveTimeout)
	defer cancel()
	stale, err := k.LivePosted(ctx, *m.Live, channelID, messageID)
	switch {
	case err != nil:
		log.Warn("record the live board", "game", m.Live.GameID, "err", err)
		return
	case stale.MessageID == "" || stale.MessageID == replaced:
		return
	case !d.edits.take(time.Now()):
		log.Info("old board keeps its buttons: too many edits this second", "game", m.Live.GameID, "message", stale.MessageID)
		return
	}
	none := []discordgo.MessageComponent{}
	_, err = d.Session.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: stale.MessageID, Channel: stale.ChannelID, Components: &none},
		discordgo.WithContext(ctx))
	if err != nil {
		log.Info("take the buttons off an old board", "game", m.Live.GameID, "channel", stale.ChannelID, "message", stale.MessageID, "err", err)
	}
}

// liveTimeout bounds recording a live board and editing the old one.
const liveTimeout = 10 * time.Second

// Discord allows a bot about 50 requests a second, answers to
// interactions aside. Taking the buttons off old boards is a courtesy,
// so it has its own share of them: editsPerSecond, with bursts of
// editsBurst; past it an old board keeps its buttons, which answer that
// the board is out of date.
const (
	editsPerSecond = 5
	editsBurst     = 10
)

// editBudget is a token bucket of edits; its zero value is full.
type editBudget struct {
	mu     sync.Mutex
	spent  float64 // tokens spent, at most editsBurst
	last   time.Time
	denied int // edits refused, for tests and logs
}

// take takes a token at now, if one is left.
func (b *editBudget) take(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.last.IsZero() {
		b.spent = max(0, b.spent-now.Sub(b.last).Seconds()*editsPerSecond)
	}
	b.last = now
	if b.spent+1 > editsBurst {
		b.denied++
		return false
	}
	b.spent++
	return true
}
