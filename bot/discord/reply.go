package discord

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Calls made with an interaction's token after its first answer (editing
// or reading the reply, following it up) can reach Discord before the
// first answer has: through the HTTP door the first answer is the HTTP
// response, which travels back through any proxy while the bot's next
// call goes out on its own connection. Discord then says the reply is an
// unknown message (10008), or the interaction's webhook unknown (10015),
// and a reply left so stays "thinking…" for good. Such a call is tried
// again, with backoff, until the reply exists or replyWait has passed
// since the first try; every outcome is logged with the interaction's id.
const (
	replyWait     = 5 * time.Second
	replyFirstGap = 50 * time.Millisecond
	replyMaxGap   = 800 * time.Millisecond
)

// notYet reports whether err is Discord saying that the interaction's
// reply, or its webhook, does not exist: not yet, if the call came right
// after the first answer.
func notYet(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response == nil || re.Response.StatusCode != http.StatusNotFound || re.Message == nil {
		return false
	}
	return re.Message.Code == discordgo.ErrCodeUnknownMessage || re.Message.Code == discordgo.ErrCodeUnknownWebhook
}

// refusedForGood reports whether err is Discord refusing a call for a
// reason that trying again will not change: a 4xx answer other than a rate
// limit (missing access, an unknown channel, a malformed payload).
func refusedForGood(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response == nil {
		return false
	}
	code := re.Response.StatusCode
	return code >= 400 && code < 500 && code != http.StatusTooManyRequests && code != http.StatusRequestTimeout
}

// withReply runs call, a call made with an interaction's token after its
// first answer, again while Discord has not yet seen the reply (see
// notYet), for up to replyWait; log carries the interaction. It returns
// call's last error.
func withReply(log *slog.Logger, what string, call func() error) error {
	start := time.Now()
	gap := replyFirstGap
	for tries := 1; ; tries++ {
		err := call()
		switch {
		case err == nil:
			if tries > 1 {
				log.Info("reply call went through once Discord had the reply", "call", what, "tries", tries,
					"waited", time.Since(start).Round(time.Millisecond))
			} else {
				log.Debug("reply call", "call", what)
			}
			return nil
		case !notYet(err):
			log.Warn("reply call failed", "call", what, "tries", tries, "err", err)
			return err
		case time.Since(start)+gap > replyWait:
			log.Error("reply call given up: Discord never had the reply", "call", what, "tries", tries,
				"waited", time.Since(start).Round(time.Millisecond), "err", err)
			return err
		}
		log.Debug("reply not there yet; trying again", "call", what, "tries", tries, "gap", gap)
		time.Sleep(gap)
		gap = min(2*gap, replyMaxGap)
	}
}

// rewind takes files back to their start, for a call tried again: a
// file's reader is read to its end by each try.
func rewind(files []*discordgo.File) {
	for _, f := range files {
		if s, ok := f.Reader.(io.Seeker); ok {
			s.Seek(0, io.SeekStart)
		}
	}
}
