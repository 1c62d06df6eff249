package discord

import (
	"context"
	"log/slog"
	"runtime"
	"time"

	"github.com/bwmarrin/discordgo"

	"parlor/bot"
	"parlor/bot/limits"
)

// firstAnswer sends the first answer to an interaction, which each door
// sends its own way (a REST callback from the gateway, the HTTP response
// from the HTTP door); everything after it goes over REST.
// log is the interaction's logger, which by then names its game too.
type firstAnswer func(log *slog.Logger, r *discordgo.InteractionResponse) error

// serve answers one interaction that came through the gateway: at once
// when the handler is quick, or with a deferral first when it is slow or
// the bot is crowded, then the answer.
func (d *Discord) serve(ctx context.Context, i *discordgo.Interaction, first firstAnswer) {
	d.serveVia(ctx, i, first, true)
}

// serveVia answers one interaction. crowd says a crowd of interactions
// in hand defers the first answer early (CrowdAt): through the gateway
// the deferral is a call Discord hears at once, while through the HTTP
// door the first answer is the HTTP response, which may as well wait for
// the answer itself up to DeferAfter (no edit to follow, nothing to race).
func (d *Discord) serveVia(ctx context.Context, i *discordgo.Interaction, first firstAnswer, crowd bool) {
	log := d.Logger.With("interaction", i.ID, "guild", i.GuildID)
	defer func() {
		if p := recover(); p != nil {
			log.Error("interaction panic", "panic", p)
		}
	}()
	req, err := RequestOf(i)
	if err != nil {
		log.Warn("ignored interaction", "err", err)
		return
	}
	req.Self, _ = d.self.Load().(string)
	// The token is good for a while from now (see tokenUse).
	tok := d.tokens.token(i, d.now())
	inHand := d.inHand.Add(1)
	defer d.inHand.Add(-1)
	done := make(chan bot.Response, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				log.Error("handler panic", "panic", p)
				done <- bot.Response{Private: &bot.Message{Content: bot.LangOf(req.Locale).T("Something went wrong on our side, and nothing was changed. Please try again.")}}
			}
		}()
		done <- d.Handler.Handle(ctx, req)
	}()
	wait := d.DeferAfter
	if wait <= 0 {
		wait = 1500 * time.Millisecond
	}
	if req.Kind == bot.AutocompleteRequest {
		// Autocomplete cannot be deferred; answer whatever the handler gives.
		resp := <-done
		err := first(log, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult, Data: &discordgo.InteractionResponseData{Choices: choices(resp.Choices)}})
		if err != nil {
			log.Warn("autocomplete answer failed", "err", err)
		}
		return
	}
	resp, answered := d.awaitAnswer(done, inHand, wait, crowd)
	if !answered {
		// A click is deferred as an update of the message clicked, which
		// shows the click is being handled without a message of its own; a
		// command with a private message that its answer then resolves.
		deferral := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}
		if req.Kind == bot.ComponentRequest {
			deferral = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
		}
		if err := first(log, deferral); err != nil {
			log.Warn("defer failed", "err", err)
		} else {
			log.Debug("deferred")
		}
		resp = <-done
	}
	if game := gameOf(resp); game != 0 {
		// Every line from here on, the board posts and their edits
		// included, says which game they are of.
		log = log.With("game", game)
	}
	here, elsewhere := moveOut(i, resp)
	// Where the public answer was posted in the interaction's channel, if
	// it was: a new game's thread starts from it.
	var public *bot.Posted
	var followable bool
	if answered {
		public, followable = d.answer(log, i, tok, req, here, first, resp.Thread != nil)
	} else {
		public, followable = d.answerLate(log, i, tok, req, here)
	}
	if game := gameOf(resp); game != 0 && followable {
		// The game's next messages in this channel (a computer's move)
		// may follow this answer up.
		d.tokens.game(game, i.ChannelID, tok, d.now())
	}
	replaced := ""
	if req.Kind == bot.ComponentRequest && here.Update != nil {
		replaced = clicked(i)
	}
	d.postElsewhere(log, i, elsewhere, here.PublicIn, replaced)
	if resp.Thread != nil && i.GuildID != "" && i.AppPermissions&discordgo.PermissionCreatePublicThreads != 0 && !d.inThread(i.ChannelID) {
		d.startThread(ctx, log, i, resp.Thread, public, here.Public)
	}
	if resp.Wake {
		// After the board is posted (and the game's thread made), so the
		// computer's move comes after it.
		d.wake(resp.Computer)
	}
}

// awaitAnswer waits for the handler's answer on done as long as it may
// before the interaction must be deferred, and reports whether it came:
// up to wait when the bot is quiet; with crowd, not at all when more than
// CrowdAt interactions were in hand as this one arrived (inHand counts
// it), and only CrowdWait when they are by then.
func (d *Discord) awaitAnswer(done <-chan bot.Response, inHand int64, wait time.Duration, crowd bool) (bot.Response, bool) {
	if !crowd {
		select {
		case resp := <-done:
			return resp, true
		case <-time.After(wait):
			return bot.Response{}, false
		}
	}
	crowdAt, crowdWait := int64(d.CrowdAt), d.CrowdWait
	if crowdAt <= 0 {
		crowdAt = 2 * int64(runtime.GOMAXPROCS(0))
	}
	if crowdWait <= 0 || crowdWait > wait {
		crowdWait = min(100*time.Millisecond, wait)
	}
	if inHand > crowdAt {
		// Crowded already: the answer will wait its turn, so say at once
		// that the bot is on it.
		crowdWait = 0
	}
	select {
	case resp := <-done:
		return resp, true
	case <-time.After(crowdWait):
	}
	if d.inHand.Load() > crowdAt {
		return bot.Response{}, false
	}
	select {
	case resp := <-done:
		return resp, true
	case <-time.After(wait - crowdWait):
		return bot.Response{}, false
	}
}

// gameOf is the game resp is about, 0 if none: the game of its live
// board (a move's answer), or of the thread it asks for (a new game).
func gameOf(resp bot.Response) int64 {
	for _, m := range []*bot.Message{resp.Public, resp.Update, resp.Private} {
		if m != nil && m.Live != nil {
			return m.Live.GameID
		}
	}
	if resp.Thread != nil {
		return resp.Thread.GameID
	}
	return 0
}

// moveOut takes out of resp a public message that belongs in another
// channel (the game's thread), leaving the user a note where it went.
func moveOut(i *discordgo.Interaction, resp bot.Response) (bot.Response, *bot.Message) {
	if resp.Public == nil || resp.PublicIn == "" || resp.PublicIn == i.ChannelID {
		return resp, nil
	}
	out := resp.Public
	resp.Public = nil
	if resp.Private == nil && resp.Update == nil {
		resp.Private = &bot.Message{Content: bot.LangOf(string(i.Locale)).T("Done: the board is in the game's thread, <#%s>.", resp.PublicIn)}
	}
	return resp, out
}

// postElsewhere posts m in channel, if there is one: the public part of
// the answer to i, whose words the adapter adds are said as those of a
// public answer (readerLang).
func (d *Discord) postElsewhere(log *slog.Logger, i *discordgo.Interaction, m *bot.Message, channel, replaced string) {
	if m == nil {
		return
	}
	if _, err := d.post(log, channel, m, replaced, readerLang(i, false)); err != nil {
		log.Warn("post in the game's thread failed", "channel", channel, "err", err)
	}
}

// inThread reports whether the session's state knows channel as a thread,
// where no thread can be started.
func (d *Discord) inThread(channel string) bool {
	if d.Session.State == nil {
		return false
	}
	c, err := d.Session.State.Channel(channel)
	return err == nil && c.IsThread()
}

// langsOf is what i says of languages (its server, the user's locale and
// the server's), as a Request: the bot decides whose language a message is
// in (Request.PlaceLang).
func langsOf(i *discordgo.Interaction) bot.Request {
	req := bot.Request{GuildID: i.GuildID, Locale: string(i.Locale)}
	if i.GuildLocale != nil {
		req.GuildLocale = string(*i.GuildLocale)
	}
	return req
}

// startThread starts the thread a new game asked for: from its public
// message from, posted in the interaction's channel (its invitation, or
// its first board), never from a private answer, which Discord cannot
// start a thread from. Without such a message (its post failed) the thread
// is made on its own in the channel, and the public message m posted in
// it. The game is told of its thread; if it has begun already (someone
// accepted the moment the thread was made), its board is posted in the
// thread too. Without the permission (or in a thread already) it fails,
// and the game is played in the channel.
func (d *Discord) startThread(ctx context.Context, log *slog.Logger, i *discordgo.Interaction, spec *bot.ThreadSpec, from *bot.Posted, m *bot.Message) {
	tm, ok := d.Handler.(bot.ThreadMaker)
	if !ok {
		return
	}
	start := &discordgo.ThreadStart{Name: clip(spec.Name, limits.ThreadName), AutoArchiveDuration: 10080}
	var th *discordgo.Channel
	var err error
	var origin bot.Posted
	if from != nil && from.ChannelID == i.ChannelID {
		origin = *from
		err = d.globalCall(ctx, log, boardClass, "start the game's thread", func(ctx context.Context) (err error) {
			th, err = d.Session.MessageThreadStartComplex(i.ChannelID, from.MessageID, start, discordgo.WithContext(ctx))
			return err
		})
	} else {
		log.Warn("no public message to start the game's thread from: it is made on its own")
		start.Type = discordgo.ChannelTypeGuildPublicThread
		err = d.globalCall(ctx, log, boardClass, "start the game's thread", func(ctx context.Context) (err error) {
			th, err = d.Session.ThreadStartComplex(i.ChannelID, start, discordgo.WithContext(ctx))
			return err
		})
	}
	if err != nil {
		log.Info("no thread for the game; it is played in the channel", "err", err)
		return
	}
	board, err := tm.ThreadMade(ctx, spec.GameID, th.ID, origin)
	if err != nil {
		log.Error("record the game's thread", "thread", th.ID, "err", err)
		return
	}
	// The intro is the bot's, in the game's language; so is any word the
	// adapter adds to it.
	lang := langsOf(i).PlaceLang()
	if spec.Intro != "" {
		if _, err := d.post(log, th.ID, &bot.Message{Content: spec.Intro}, "", lang); err != nil {
			log.Warn("introduce the game's thread", "thread", th.ID, "err", err)
		}
	}
	if from == nil && m != nil {
		if _, err := d.post(log, th.ID, m, "", lang); err != nil {
			log.Warn("post the game's message in its thread", "thread", th.ID, "err", err)
		}
	}
	if board != nil {
		log.Info("the game began before its thread was recorded: its board goes to the thread too", "thread", th.ID)
		if _, err := d.post(log, th.ID, board, "", lang); err != nil {
			log.Warn("post the game's board in its thread", "thread", th.ID, "err", err)
		}
	}
}

// answer sends a Response as the first answer to the interaction, and
// returns where its public message went if it went to the interaction's
// channel and where is known: always for a follow-up, and for a public
// first answer when it is a game's live message or wanted is set (a
// thread will start from it), which Discord alone knows. It also says
// whether the interaction was answered, so that later messages may
// follow it up as public messages of their own.
//
// A click on a public message whose answer is a new board in the same
// channel (a roll, a move from the board's menu) is answered by deferring
// the update of the message clicked, and the board follows up: the
// message clicked, the board before, then loses its buttons by an edit
// with the interaction's token (it is the interaction's @original), which
// costs no call against the global limit; answered with the board itself,
// the old board could only be edited the channel's way once its own token
// had run out.
func (d *Discord) answer(log *slog.Logger, i *discordgo.Interaction, tok *replyToken, req bot.Request, resp bot.Response, send firstAnswer, wanted bool) (*bot.Posted, bool) {
	var first *discordgo.InteractionResponse
	var follow, private *bot.Message
	switch {
	case resp.Update != nil && req.Kind == bot.ComponentRequest:
		first = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: responseData(i, resp.Update, false)}
		follow, private = resp.Public, resp.Private
	case resp.Private == nil && resp.Public != nil && resp.Public.Live != nil && req.Kind == bot.ComponentRequest && clickedPublic(i):
		first = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
		follow = resp.Public
	case resp.Private != nil && len(resp.Private.Components) > 0 && resp.Public == nil && req.Kind == bot.ComponentRequest && clickedBoard(i):
		// So too a private answer with controls to a click on a game's
		// public message (the menu of a piece's moves, chosen on the
		// board): the board is the interaction's @original, to lose its
		// buttons by this token once the move chosen in the menu is
		// played. A refusal, with nothing to act on, is the answer
		// itself.
		first = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
		private = resp.Private
	case resp.Private != nil:
		first = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: responseData(i, resp.Private, true)}
		follow = resp.Public
	case resp.Public != nil:
		first = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: responseData(i, resp.Public, false)}
	default:
		first = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: responseData(i, &bot.Message{Content: bot.LangOf(req.Locale).T("Done.")}, true)}
	}
	if err := send(log, first); err != nil {
		log.Warn("answer failed", "err", err)
		return nil, false
	}
	var public *bot.Posted
	replaced := ""
	switch {
	case first.Type == discordgo.InteractionResponseUpdateMessage:
		replaced = clicked(i)
		d.livePosted(log, resp.Update, i.ChannelID, replaced, "", viaToken{tok, true})
	case first.Type == discordgo.InteractionResponseDeferredMessageUpdate:
		// The message clicked is the interaction's @original now.
		d.tokens.message(clicked(i), tok, true, d.now())
	case resp.Private == nil && resp.Public != nil && (resp.Public.Live != nil || wanted):
		// The public message is the answer: where it is, only Discord
		// knows, and it may not have the answer yet (the HTTP door).
		var sent *discordgo.Message
		err := withReply(log, "read the answer", func() (err error) {
			sent, err = d.Session.InteractionResponse(i)
			return err
		})
		if err == nil {
			d.livePosted(log, resp.Public, sent.ChannelID, sent.ID, "", viaToken{tok, true})
			public = &bot.Posted{ChannelID: sent.ChannelID, MessageID: sent.ID}
		}
	}
	if p := d.followUp(log, i, tok, follow, false, replaced); p != nil {
		public = p
	}
	d.followUp(log, i, tok, private, true, "")
	return public, true
}

// clickedPublic reports whether i is a click on a message everyone sees.
func clickedPublic(i *discordgo.Interaction) bool {
	return i.Message != nil && i.Message.ID != "" && i.Message.Flags&discordgo.MessageFlagsEphemeral == 0
}

// clickedBoard reports whether i is a click on a message everyone sees
// of a game's: its component names the game.
func clickedBoard(i *discordgo.Interaction) bool {
	if !clickedPublic(i) {
		return false
	}
	_, ok := bot.GameOfCustomID(i.MessageComponentData().CustomID)
	return ok
}

// clicked is the id of the message whose component made the interaction,
// "" for a command.
func clicked(i *discordgo.Interaction) string {
	if i.Message == nil {
		return ""
	}
	return i.Message.ID
}

// answerLate completes a deferred interaction, and returns where its
// public message went (see answer), and whether its deferral was
// resolved. A click's update edits the message clicked, as it would have
// at once, and its public and private parts follow. For a command, the
// private part (or a short note) resolves the loading state, and the
// public part follows.
func (d *Discord) answerLate(log *slog.Logger, i *discordgo.Interaction, tok *replyToken, req bot.Request, resp bot.Response) (*bot.Posted, bool) {
	if req.Kind == bot.ComponentRequest {
		replaced := ""
		// The message clicked is the interaction's @original.
		d.tokens.message(clicked(i), tok, true, d.now())
		if resp.Update != nil {
			d.editOriginal(log, i, resp.Update)
			replaced = clicked(i)
			d.livePosted(log, resp.Update, i.ChannelID, replaced, "", viaToken{tok, true})
		}
		public := d.followUp(log, i, tok, resp.Public, false, replaced)
		d.followUp(log, i, tok, resp.Private, true, "")
		return public, true
	}
	note := resp.Private
	if note == nil {
		note = resp.Update
	}
	if note == nil {
		note = &bot.Message{Content: bot.LangOf(req.Locale).T("Done.")}
	}
	// A deferral left loading would take the next follow-up in its place,
	// private as the deferral is: nothing else may follow this one up.
	resolved := d.editOriginal(log, i, note) == nil
	return d.followUp(log, i, tok, resp.Public, false, ""), resolved
}

// editOriginal makes the interaction's original message m: its deferred
// answer, or the message clicked.
func (d *Discord) editOriginal(log *slog.Logger, i *discordgo.Interaction, m *bot.Message) error {
	w := wireOf(m, bot.LangOf(string(i.Locale)))
	edit := &discordgo.WebhookEdit{Content: &w.content, Components: &w.components, AllowedMentions: &discordgo.MessageAllowedMentions{}, Files: w.files}
	if len(w.embeds) > 0 {
		edit.Embeds = &w.embeds
	}
	return withReply(log, "edit the answer", func() error {
		rewind(w.files)
		_, err := d.Session.InteractionResponseEdit(i, edit)
		return err
	})
}

// followUp sends m, if any, as a follow-up of the interaction, whose
// token is tok, and returns where it went if it is public; replaced is
// the message the answer replaced, if any (see livePosted).
func (d *Discord) followUp(log *slog.Logger, i *discordgo.Interaction, tok *replyToken, m *bot.Message, ephemeral bool, replaced string) *bot.Posted {
	if m == nil {
		return nil
	}
	w := wireOf(m, readerLang(i, ephemeral))
	p := &discordgo.WebhookParams{Content: w.content, Embeds: w.embeds, Components: w.components, AllowedMentions: w.mentions, Files: w.files}
	if ephemeral {
		p.Flags = discordgo.MessageFlagsEphemeral
	}
	var sent *discordgo.Message
	err := withReply(log, "follow up", func() (err error) {
		rewind(w.files)
		sent, err = d.Session.FollowupMessageCreate(i, true, p)
		return err
	})
	if err != nil || ephemeral {
		return nil
	}
	d.livePosted(log, m, sent.ChannelID, sent.ID, replaced, viaToken{tok: tok})
	return &bot.Posted{ChannelID: sent.ChannelID, MessageID: sent.ID}
}
