package discord

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"parlor/bot"
)

// A server that removes the bot. Through the gateway Discord says so: a
// GUILD_DELETE whose unavailable is false (one with unavailable true is an
// outage, and stops nothing); a GUILD_CREATE says the bot is in a server,
// added back or there all along. Over HTTP alone nothing says so, and the
// door learns it from a sweep's notice that Discord refuses: a refusal
// for good (403 or 404) of a post in one of the server's channels may be
// no more than a permission taken away in that channel, so the door then
// asks Discord for the server itself (GET /guilds/{id}), which a bot may
// always read while it is in the server, and takes the removal as learned
// only when that answers 404 Unknown Guild (10004). Either way the Handler,
// if it is a bot.GuildKeeper, is told.

// guildEvents registers the gateway's handlers of GUILD_DELETE and
// GUILD_CREATE, and returns what removes them.
func (d *Discord) guildEvents(ctx context.Context) func() {
	gk, ok := d.Handler.(bot.GuildKeeper)
	if !ok {
		return func() {}
	}
	remove1 := d.Session.AddHandler(func(_ *discordgo.Session, e *discordgo.GuildDelete) {
		if e.Guild == nil || e.ID == "" {
			return
		}
		if e.Unavailable {
			d.Logger.Info("a server is unavailable (an outage): its games go on", "guild", e.ID)
			return
		}
		if err := gk.GuildRemoved(ctx, e.ID); err != nil {
			d.Logger.Error("record that the bot was removed from a server", "guild", e.ID, "err", err)
		}
	})
	remove2 := d.Session.AddHandler(func(_ *discordgo.Session, e *discordgo.GuildCreate) {
		if e.Guild == nil || e.ID == "" || e.Unavailable {
			return
		}
		if err := gk.GuildBack(ctx, e.ID); err != nil {
			d.Logger.Error("record that the bot is in a server", "guild", e.ID, "err", err)
		}
	})
	return func() { remove1(); remove2() }
}

// gone reports whether the bot is not in the server any more, asking
// Discord (see above) after a post there was refused for good with err,
// and tells the Handler when it is not. checked holds the servers asked
// about in this sweep, each asked once, and the answer.
func (d *Discord) gone(ctx context.Context, log *slog.Logger, guildID string, err error, checked map[string]bool) bool {
	if guildID == "" || !refusedAccess(err) {
		return false
	}
	if left, ok := checked[guildID]; ok {
		return left
	}
	endpoint := discordgo.EndpointGuild(guildID)
	err = d.globalCall(ctx, log, noticeClass, "ask about a server", func(ctx context.Context) error {
		_, err := d.Session.RequestWithBucketID(http.MethodGet, endpoint, nil, endpoint, discordgo.WithContext(ctx))
		return err
	})
	left := unknownGuild(err)
	checked[guildID] = left
	if !left {
		log.Info("a post in a server was refused, but the bot is in the server", "guild", guildID, "check", err)
		return false
	}
	log.Info("Discord says the bot is not in the server any more", "guild", guildID)
	if gk, ok := d.Handler.(bot.GuildKeeper); ok {
		if err := gk.GuildRemoved(ctx, guildID); err != nil {
			log.Error("record that the bot was removed from a server", "guild", guildID, "err", err)
		}
	}
	return true
}

// refusedAccess reports whether err is Discord refusing a call for good
// with 403 or 404: what a call about a server the bot left gets.
func refusedAccess(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response == nil {
		return false
	}
	return re.Response.StatusCode == http.StatusForbidden || re.Response.StatusCode == http.StatusNotFound
}

// unknownGuild reports whether err is Discord's 404 Unknown Guild (10004).
func unknownGuild(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusNotFound &&
		re.Message != nil && re.Message.Code == discordgo.ErrCodeUnknownGuild
}
