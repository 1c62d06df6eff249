package discord

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"parlor/bot"
)

// The logs given to livePosted and lost name the game already
// (Logger.With), so their lines do not name it again.

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
		log.Warn("record the live board", "err", err)
		return
	case stale.MessageID == "" || stale.MessageID == replaced:
		return
	}
	d.strips.add(d, log, stale)
}

// lost tells the Handler, if it is a bot.LiveKeeper, that m, a board owed
// whose post failed with err, will never be posted if Discord refused it
// for good; a post that failed for a while is left to a later sweep.
func (d *Discord) lost(log *slog.Logger, m *bot.Message, err error) {
	if m == nil || m.Live == nil || !m.Live.Owed || !refusedForGood(err) {
		return
	}
	k, ok := d.Handler.(bot.LiveKeeper)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), liveTimeout)
	defer cancel()
	if err := k.BoardLost(ctx, *m.Live); err != nil {
		log.Warn("give up a board owed", "err", err)
	}
}

// strips are the old boards waiting to lose their buttons: edited one
// after the other by one goroutine, at the pace the edit budget allows,
// so that a burst of boards delays the edits instead of dropping them.
type strips struct {
	mu      sync.Mutex
	queue   []strip
	running bool
	budget  editBudget
}

// strip is an old board to edit, of a game.
type strip struct {
	msg bot.Posted
	log *slog.Logger // names the game
}

// maxStrips bounds the edits waiting; past it an old board keeps its
// buttons, which answer that the board is out of date.
const maxStrips = 4096

// add queues the edit of msg, and starts the goroutine that edits if it
// is not running.
func (s *strips) add(d *Discord, log *slog.Logger, msg bot.Posted) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.queue) >= maxStrips {
		log.Warn("old board keeps its buttons: too many edits waiting", "message", msg.MessageID)
		return
	}
	s.queue = append(s.queue, strip{msg: msg, log: log})
	if !s.running {
		s.running = true
		go s.run(d)
	}
}

// run edits the queued boards until none is left.
func (s *strips) run(d *Discord) {
	for {
		s.mu.Lock()
		if len(s.queue) == 0 {
			s.running = false
			s.mu.Unlock()
			return
		}
		st := s.queue[0]
		s.queue = s.queue[1:]
		s.mu.Unlock()
		time.Sleep(s.budget.reserve(time.Now()))
		ctx, cancel := context.WithTimeout(context.Background(), liveTimeout)
		none := []discordgo.MessageComponent{}
		_, err := d.Session.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: st.msg.MessageID, Channel: st.msg.ChannelID, Components: &none},
			discordgo.WithContext(ctx))
		cancel()
		if err != nil {
			st.log.Info("take the buttons off an old board", "channel", st.msg.ChannelID, "message", st.msg.MessageID, "err", err)
		}
	}
}

// liveTimeout bounds recording a live board and editing the old one.
const liveTimeout = 10 * time.Second

// Discord allows a bot about 50 requests a second, answers to
// interactions aside. Taking the buttons off old boards has its own share
// of them: editsPerSecond, in bursts of editsBurst; more wait their turn.
const (
	editsPerSecond = 5
	editsBurst     = 10
)

// editBudget is a token bucket of edits; its zero value is full.
type editBudget struct {
	mu    sync.Mutex
	spent float64 // tokens spent, beyond editsBurst when edits wait
	last  time.Time
}

// reserve takes a token at now and says how long to wait before using it.
func (b *editBudget) reserve(now time.Time) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.last.IsZero() {
		b.spent = max(0, b.spent-now.Sub(b.last).Seconds()*editsPerSecond)
	}
	b.last = now
	b.spent++
	if b.spent <= editsBurst {
		return 0
	}
	return time.Duration((b.spent - editsBurst) / editsPerSecond * float64(time.Second))
}
