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
// clicked). via is the interaction's token m was sent with, if it was:
// the message remembers it, to lose its own controls by it in turn.
// Nothing fails with it: the message is posted, and an old board's
// buttons only answer that it is out of date.
func (d *Discord) livePosted(log *slog.Logger, m *bot.Message, channelID, messageID, replaced string, via viaToken) {
	if m == nil || m.Live == nil || messageID == "" {
		return
	}
	d.tokens.message(messageID, via.tok, via.original, d.now())
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
	d.strip(log, stale)
}

// strip takes the controls off msg, an old board: by an edit with the
// token of the interaction that posted it (or was last answered on it),
// which costs no call against the global limit, while that token is
// good; else, or if that fails, by an edit of the channel's message,
// queued behind every other call against the limit (see budget).
func (d *Discord) strip(log *slog.Logger, msg bot.Posted) {
	v, ok := d.tokens.editor(msg.MessageID, d.now())
	if !ok {
		d.strips.add(d, log, msg)
		return
	}
	go func() {
		id := msg.MessageID
		if v.original {
			id = "@original"
		}
		ctx, cancel := context.WithTimeout(context.Background(), liveTimeout)
		defer cancel()
		none := []discordgo.MessageComponent{}
		// Like every call with a token, tried again while Discord has not
		// yet the answer it edits (withReply).
		err := withReply(log, "take the buttons off an old board", func() error {
			_, err := d.Session.WebhookMessageEdit(v.tok.appID, v.tok.token, id, &discordgo.WebhookEdit{Components: &none}, discordgo.WithContext(ctx))
			return err
		})
		if err != nil {
			log.Info("take the buttons off an old board by its interaction; the channel's way instead", "message", msg.MessageID, "err", err)
			d.strips.add(d, log, msg)
		}
	}()
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

// strips are the old boards waiting to lose their buttons the channel's
// way: edited one after the other by one goroutine, each when the budget
// of calls has room for it after every other call waiting (cosmetic), so
// that a burst of boards delays the edits instead of dropping them.
type strips struct {
	mu      sync.Mutex
	queue   []strip
	running bool
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
		none := []discordgo.MessageComponent{}
		err := d.globalCall(context.Background(), st.log, cosmeticClass, "take the buttons off an old board", func(ctx context.Context) error {
			ctx, cancel := context.WithTimeout(ctx, liveTimeout)
			defer cancel()
			_, err := d.Session.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: st.msg.MessageID, Channel: st.msg.ChannelID, Components: &none},
				discordgo.WithContext(ctx))
			return err
		})
		if err != nil {
			st.log.Info("take the buttons off an old board", "channel", st.msg.ChannelID, "message", st.msg.MessageID, "err", err)
		}
	}
}

// liveTimeout bounds recording a live board and editing the old one.
const liveTimeout = 10 * time.Second
