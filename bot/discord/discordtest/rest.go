package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
)

// Command is an application command as the bot registered it.
type Command struct {
	ID          string
	GuildID     string // "" for a global command
	Type        int
	Name        string
	Description string
	Options     []CommandOption
	// NameLocalizations and DescriptionLocalizations are the name and
	// description by Discord locale ("es-ES"), as registered.
	NameLocalizations, DescriptionLocalizations map[string]string
}

// CommandOption is an option (or subcommand) of a registered command.
type CommandOption struct {
	Type         int
	Name         string
	Description  string
	Required     bool
	Autocomplete bool
	Choices      []Choice
	Options      []CommandOption
	// NameLocalizations and DescriptionLocalizations are the name and
	// description by Discord locale, as registered.
	NameLocalizations, DescriptionLocalizations map[string]string
}

// Choice is a fixed choice of an option, or an autocomplete suggestion.
// Value is a string's text, or a number as written.
type Choice struct {
	Name  string
	Value string
	// NameLocalizations are the name by Discord locale, as registered.
	NameLocalizations map[string]string
}

func toOptions(ws []wireCmdOption) []CommandOption {
	var out []CommandOption
	for _, w := range ws {
		out = append(out, CommandOption{Type: w.Type, Name: w.Name, Description: w.Description, Required: w.Required,
			Autocomplete: w.Autocomplete, Choices: toChoices(w.Choices), Options: toOptions(w.Options),
			NameLocalizations: w.NameLocalizations, DescriptionLocalizations: w.DescriptionLocalizations})
	}
	return out
}

func toChoices(ws []wireChoice) []Choice {
	var out []Choice
	for _, w := range ws {
		c := Choice{Name: w.Name, Value: string(w.Value), NameLocalizations: w.NameLocalizations}
		var s string
		if json.Unmarshal(w.Value, &s) == nil {
			c.Value = s
		}
		out = append(out, c)
	}
	return out
}

func (f *Fake) getGateway(c *call) {
	c.ok(http.StatusOK, map[string]any{"url": f.GatewayURL()})
}

func (f *Fake) getGatewayBot(c *call) {
	c.ok(http.StatusOK, map[string]any{"url": f.GatewayURL(), "shards": 1,
		"session_start_limit": map[string]any{"total": 1000, "remaining": 999, "reset_after": 86400000, "max_concurrency": 1}})
}

func (f *Fake) getUser(c *call) {
	if c.r.PathValue("user") != "@me" {
		c.refuse(http.StatusNotFound, 10013, "Unknown User: the fake serves only /users/@me", true)
		return
	}
	c.ok(http.StatusOK, userJSON(f.bot))
}

// createDM opens (or finds) the direct-message channel with a user, as
// the spec's CreatePrivateChannelRequest asks: a bot gives recipient_id,
// a user of the server's.
func (f *Fake) createDM(c *call) {
	var w struct {
		RecipientID *string `json:"recipient_id"`
	}
	if !c.body(&w) {
		return
	}
	if w.RecipientID == nil || *w.RecipientID == "" {
		c.invalid(problems{{"recipient_id", "a bot opens a direct message with recipient_id"}})
		return
	}
	f.mu.Lock()
	u, ok := f.users[*w.RecipientID]
	f.mu.Unlock()
	if !ok {
		c.refuse(http.StatusBadRequest, 50007, "Cannot send messages to this user", true)
		return
	}
	ch := f.DM(u)
	out := channelJSON(ch)
	delete(out, "name")
	out["recipients"] = []any{userJSON(u)}
	out["last_message_id"] = nil
	c.ok(http.StatusOK, out)
}

func (f *Fake) getApplication(c *call) {
	c.ok(http.StatusOK, map[string]any{"id": f.appID, "name": "Parlor", "description": "", "icon": nil,
		"bot_public": true, "bot_require_code_grant": false, "flags": 0, "bot": userJSON(f.bot),
		"owner": userJSON(User{ID: "1", Username: "owner"}), "verify_key": "0"})
}

// putCommands is the bulk overwrite of global or guild commands.
func (f *Fake) putCommands(c *call) {
	app, guild := c.r.PathValue("app"), c.r.PathValue("guild")
	switch {
	case app != f.appID:
		c.refuse(http.StatusForbidden, 20012, fmt.Sprintf("application %s is not the bot's (%s)", app, f.appID), true)
		return
	case guild != "" && guild != f.guildID:
		c.refuse(http.StatusForbidden, 50001, fmt.Sprintf("Missing Access: the bot is not in guild %s", guild), true)
		return
	}
	var cmds []wireCommand
	var raw []map[string]any
	if !c.decode(&cmds, "want an array of commands: ") {
		return
	}
	c.rec.Decode(&raw)
	var p problems
	checkCommands(&p, cmds)
	if len(p) > 0 {
		c.invalid(p)
		return
	}
	f.mu.Lock()
	old := f.commands[guild]
	var stored []Command
	for i, w := range cmds {
		typ := w.Type
		if typ == 0 {
			typ = 1
		}
		cmd := Command{GuildID: guild, Type: typ, Name: w.Name, Description: w.Description, Options: toOptions(w.Options),
			NameLocalizations: w.NameLocalizations, DescriptionLocalizations: w.DescriptionLocalizations}
		// An overwrite keeps the id of a command with the same name and type.
		for _, o := range old {
			if o.Name == cmd.Name && o.Type == cmd.Type {
				cmd.ID = o.ID
			}
		}
		if cmd.ID == "" {
			cmd.ID = f.snowflake()
		}
		stored = append(stored, cmd)
		r := raw[i]
		r["id"], r["application_id"], r["version"], r["type"] = cmd.ID, f.appID, f.snowflake(), typ
		r["default_member_permissions"], r["nsfw"] = nil, false
		if guild != "" {
			r["guild_id"] = guild
		}
	}
	f.commands[guild] = stored
	f.mu.Unlock()
	if raw == nil {
		raw = []map[string]any{}
	}
	c.ok(http.StatusOK, raw)
}

// Interaction response types.
const (
	Pong                        = 1
	ChannelMessageWithSource    = 4
	DeferredChannelMessage      = 5
	DeferredUpdateMessage       = 6
	UpdateMessage               = 7
	AutocompleteResult          = 8
	Modal                       = 9
	interactionApplicationCmd   = 2
	interactionComponent        = 3
	interactionAutocomplete     = 4
	interactionModalSubmit      = 5
	messageTypeDefault          = 0
	messageTypeChatInputCommand = 20
)

// responseTypes lists the response types that can answer each interaction
// type.
var responseTypes = map[int][]int{
	interactionApplicationCmd: {ChannelMessageWithSource, DeferredChannelMessage, Modal},
	interactionComponent:      {ChannelMessageWithSource, DeferredChannelMessage, DeferredUpdateMessage, UpdateMessage, Modal},
	interactionAutocomplete:   {AutocompleteResult},
	interactionModalSubmit:    {ChannelMessageWithSource, DeferredChannelMessage, DeferredUpdateMessage, UpdateMessage},
}

func (f *Fake) interactionCallback(c *call) {
	id, token := c.r.PathValue("id"), c.r.PathValue("token")
	var body struct {
		Type int          `json:"type"`
		Data *wireMessage `json:"data"`
	}
	if !c.decode(&body, "not an interaction response: ") {
		return
	}
	f.mu.Lock()
	ix := f.interactions[id]
	if ix == nil || ix.Token != token {
		f.mu.Unlock()
		c.refuse(http.StatusNotFound, 10062, "Unknown interaction "+id, true)
		return
	}
	late := c.rec.At.Sub(ix.sent)
	f.mu.Unlock()
	if late > f.ackWindow {
		c.refuse(http.StatusNotFound, 10062, fmt.Sprintf("Unknown interaction: the first answer came %v after the interaction was sent; Discord allows %v", late.Round(1e6), f.ackWindow), true)
		return
	}
	data := body.Data
	if data == nil {
		data = &wireMessage{}
	}
	var p problems
	if !slices.Contains(responseTypes[ix.Type], body.Type) {
		p.add("type", "response type %d cannot answer an interaction of type %d (allowed: %v)", body.Type, ix.Type, responseTypes[ix.Type])
	}
	switch body.Type {
	case ChannelMessageWithSource:
		checkMessage(&p, "data", data, c.rec.Files, true, responseFlags)
	case DeferredChannelMessage:
		if data.Flags != nil && *data.Flags&^responseFlags != 0 {
			p.add("data.flags", "flags %d cannot be set on a deferral", *data.Flags)
		}
	case UpdateMessage:
		checkMessage(&p, "data", data, c.rec.Files, false, responseFlags)
	case AutocompleteResult:
		var cs []wireChoice
		if present(data.Choices) && !isNull(data.Choices) {
			if err := json.Unmarshal(data.Choices, &cs); err != nil {
				p.add("data.choices", "%v", err)
			}
		}
		checkChoices(&p, "data.choices", cs, ix.focusedType)
	case Modal:
		checkModal(&p, data)
	}
	if len(p) > 0 {
		c.invalid(p)
		return
	}
	f.mu.Lock()
	if ix.acked {
		expected := ix.deliveries > 1
		if expected {
			ix.rejected = append(ix.rejected, c.rec)
		}
		f.mu.Unlock()
		c.refuse(http.StatusBadRequest, 40060, "Interaction has already been acknowledged.", !expected)
		return
	}
	ix.acked, ix.ackType, ix.callback = true, body.Type, c.rec
	flags := 0
	if data.Flags != nil {
		flags = *data.Flags & responseFlags
	}
	kind := messageTypeDefault
	if ix.Type == interactionApplicationCmd {
		kind = messageTypeChatInputCommand
	}
	switch body.Type {
	case ChannelMessageWithSource:
		m := f.newMessage(ix.Channel, data, c.rec.Files, flags, ix.User.ID, ix.ID, kind)
		ix.original = m.ID
		ix.touch(m.ID)
	case DeferredChannelMessage:
		m := f.newMessage(ix.Channel, &wireMessage{}, nil, flags&FlagEphemeral|FlagLoading, ix.User.ID, ix.ID, kind)
		ix.original = m.ID
		ix.loading = true
		ix.touch(m.ID)
	case DeferredUpdateMessage:
		ix.original = ix.messageID
	case UpdateMessage:
		if m := f.messages[ix.messageID]; m != nil {
			f.apply(m, data, c.rec.Files, true)
			ix.original = m.ID
			ix.touch(m.ID)
		}
	case AutocompleteResult:
		var cs []wireChoice
		json.Unmarshal(data.Choices, &cs)
		ix.choices = toChoices(cs)
		if ix.choices == nil {
			ix.choices = []Choice{}
		}
	}
	f.mu.Unlock()
	c.ok(http.StatusNoContent, nil)
}

// webhookInteraction finds the interaction a webhook route is about, or
// refuses the call. It runs with f.mu held.
func (f *Fake) webhookInteraction(c *call) *Interaction {
	app, token := c.r.PathValue("app"), c.r.PathValue("token")
	ix := f.byToken[token]
	switch {
	case app != f.appID:
		f.mu.Unlock()
		c.refuse(http.StatusNotFound, 10015, fmt.Sprintf("Unknown Webhook: %s is not the application id (%s)", app, f.appID), true)
		f.mu.Lock()
		return nil
	case ix == nil:
		f.mu.Unlock()
		c.refuse(http.StatusNotFound, 10015, "Unknown Webhook: no interaction has this token", true)
		f.mu.Lock()
		return nil
	case !ix.acked && ix.posting > 0:
		// An HTTP interaction is answered when Discord has the endpoint's
		// response; a call sent right after that response can arrive
		// first, and Discord then knows no message (or webhook) for the
		// token yet. It is Discord's behaviour, not the bot's bug: the bot
		// must try again.
		c.rec.Early = true
		code, msg := 10008, fmt.Sprintf("Unknown Message: interaction %s has no answer yet (its HTTP response has not reached Discord)", ix.ID)
		if c.rec.Route == "POST /webhooks/{app}/{token}" {
			code, msg = 10015, fmt.Sprintf("Unknown Webhook: interaction %s has no answer yet (its HTTP response has not reached Discord)", ix.ID)
		}
		f.mu.Unlock()
		c.refuse(http.StatusNotFound, code, msg, false)
		f.mu.Lock()
		return nil
	case !ix.acked:
		f.mu.Unlock()
		c.refuse(http.StatusNotFound, 10015, fmt.Sprintf("Unknown Webhook: interaction %s has not been answered yet; answer it with a callback first", ix.ID), true)
		f.mu.Lock()
		return nil
	case ix.ackType == AutocompleteResult:
		f.mu.Unlock()
		c.refuse(http.StatusNotFound, 10015, fmt.Sprintf("Unknown Webhook: interaction %s was an autocomplete; it has no messages", ix.ID), true)
		f.mu.Lock()
		return nil
	}
	return ix
}

// followUp is a follow-up message. The first one after a deferral that no
// edit has resolved takes the place of the loading message, keeping the
// deferral's ephemerality whatever its own flags say, as Discord does.
func (f *Fake) followUp(c *call) {
	var w wireMessage
	if !c.body(&w) {
		return
	}
	f.mu.Lock()
	ix := f.webhookInteraction(c)
	f.mu.Unlock()
	if ix == nil {
		return
	}
	if !c.validMessage(&w, true, responseFlags) {
		return
	}
	f.mu.Lock()
	var m *message
	if ix.loading {
		m = f.messages[ix.original]
		f.apply(m, &w, c.rec.Files, true)
		m.Flags &^= FlagLoading
		ix.loading = false
	} else {
		flags := 0
		if w.Flags != nil {
			flags = *w.Flags & responseFlags
		}
		m = f.newMessage(ix.Channel, &w, c.rec.Files, flags, ix.User.ID, ix.ID, messageTypeDefault)
	}
	ix.touch(m.ID)
	out := f.messageJSON(m)
	f.mu.Unlock()
	if c.rec.Query.Get("wait") == "true" {
		c.ok(http.StatusOK, out)
		return
	}
	c.ok(http.StatusNoContent, nil)
}

// webhookMessage reads, edits or deletes @original or a follow-up.
func (f *Fake) webhookMessage(c *call) {
	var w wireMessage
	if c.r.Method == http.MethodPatch && !c.body(&w) {
		return
	}
	f.mu.Lock()
	ix := f.webhookInteraction(c)
	if ix == nil {
		f.mu.Unlock()
		return
	}
	id := c.r.PathValue("msg")
	if id == "@original" {
		id = ix.original
	}
	m := f.messages[id]
	if m == nil || (!slices.Contains(ix.msgIDs, id) && id != ix.original) || m.Deleted {
		f.mu.Unlock()
		c.refuse(http.StatusNotFound, 10008, fmt.Sprintf("Unknown Message %s for interaction %s", c.r.PathValue("msg"), ix.ID), true)
		return
	}
	f.mu.Unlock()
	switch c.r.Method {
	case http.MethodGet:
		f.mu.Lock()
		f.answer(c, m)
	case http.MethodDelete:
		f.mu.Lock()
		m.Deleted = true
		f.mu.Unlock()
		c.ok(http.StatusNoContent, nil)
	default:
		if !c.validMessage(&w, false, responseFlags) {
			return
		}
		f.mu.Lock()
		f.apply(m, &w, c.rec.Files, true)
		if id == ix.original && ix.loading {
			m.Flags &^= FlagLoading
			ix.loading = false
		}
		ix.touch(m.ID)
		f.answer(c, m)
	}
}

// channel finds the channel of a channel route, or refuses the call.
func (f *Fake) channel(c *call) (Channel, bool) {
	f.mu.Lock()
	ch, ok := f.channels[c.r.PathValue("channel")]
	f.mu.Unlock()
	if !ok {
		c.refuse(http.StatusNotFound, 10003, "Unknown Channel "+c.r.PathValue("channel"), true)
		return ch, false
	}
	f.mu.Lock()
	gone := ch.GuildID != "" && f.removed[ch.GuildID]
	f.mu.Unlock()
	if gone {
		// As Discord answers a bot that left the server: not a bug of the
		// bot, which could not know yet.
		c.refuse(http.StatusForbidden, 50001, "Missing Access: the bot is not in guild "+ch.GuildID, false)
		return ch, false
	}
	return ch, true
}

// DenyPosts takes away the bot's permission to post in the channel, as a
// manager can in one channel: its posts there are refused 403 Missing
// Access (50001), without failing the test, while the bot is still in
// the server.
func (f *Fake) DenyPosts(ch Channel) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.denied[ch.ID] = true
}

// getGuild answers GET /guilds/{guild}: the server, or 404 Unknown Guild
// (10004) for a server the bot is not in (never was, or was removed from),
// as Discord answers since 2023 (discord/discord-api-docs#5840).
func (f *Fake) getGuild(c *call) {
	id := c.r.PathValue("guild")
	f.mu.Lock()
	known := id == f.guildID
	for _, ch := range f.channels {
		known = known || ch.GuildID == id
	}
	gone := f.removed[id]
	f.mu.Unlock()
	if !known || gone {
		c.refuse(http.StatusNotFound, 10004, "Unknown Guild", false)
		return
	}
	c.ok(http.StatusOK, map[string]any{"id": id, "name": "Parlor test server", "owner_id": "1", "roles": []any{}, "emojis": []any{},
		"features": []any{}, "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
		"mfa_level": 0, "system_channel_flags": 0, "premium_tier": 0, "nsfw_level": 0, "preferred_locale": "en-US"})
}

func (f *Fake) createMessage(c *call) {
	ch, ok := f.channel(c)
	if !ok {
		return
	}
	f.mu.Lock()
	denied := f.denied[ch.ID]
	f.mu.Unlock()
	if denied {
		c.refuse(http.StatusForbidden, 50001, "Missing Access: the bot may not post in channel "+ch.ID, false)
		return
	}
	var w wireMessage
	if !c.decode(&w, "") {
		return
	}
	if !c.validMessage(&w, true, channelFlags) {
		return
	}
	f.mu.Lock()
	flags := 0
	if w.Flags != nil {
		flags = *w.Flags
	}
	m := f.newMessage(ch, &w, c.rec.Files, flags, "", "", messageTypeDefault)
	f.answer(c, m)
}

func (f *Fake) editMessage(c *call) {
	ch, ok := f.channel(c)
	if !ok {
		return
	}
	var w wireMessage
	if !c.body(&w) {
		return
	}
	f.mu.Lock()
	m := f.messages[c.r.PathValue("msg")]
	f.mu.Unlock()
	switch {
	case m == nil || m.ChannelID != ch.ID || m.Deleted:
		c.refuse(http.StatusNotFound, 10008, "Unknown Message "+c.r.PathValue("msg"), true)
		return
	case m.Ephemeral():
		// A bot edits its non-ephemeral interaction responses and
		// follow-ups through this route too, after their token has
		// expired (discord/discord-api-docs#3090); an ephemeral one is
		// unknown here.
		c.refuse(http.StatusNotFound, 10008, "Unknown Message "+c.r.PathValue("msg"), true)
		return
	}
	if !c.validMessage(&w, false, channelFlags) {
		return
	}
	f.mu.Lock()
	f.apply(m, &w, c.rec.Files, true)
	f.answer(c, m)
}

// startThread creates a thread in a channel, from a message or not. A
// thread made from a message has the message's id, as on Discord.
func (f *Fake) startThread(c *call) {
	var w wireThread
	parent, ok := f.channel(c)
	if !ok {
		return
	}
	if !c.decode(&w, "") {
		return
	}
	msgID := c.r.PathValue("msg")
	var p problems
	checkThread(&p, w, msgID != "")
	if len(p) > 0 {
		c.invalid(p)
		return
	}
	if parent.Type != TextChannel {
		c.refuse(http.StatusBadRequest, 50024, fmt.Sprintf("Cannot execute action on this channel type: %s is not a text channel", parent.ID), true)
		return
	}
	f.mu.Lock()
	th := Channel{GuildID: parent.GuildID, Name: w.Name, Type: w.Type, ParentID: parent.ID}
	if msgID != "" {
		m := f.messages[msgID]
		if m != nil && m.ChannelID == parent.ID && !m.Deleted && m.Ephemeral() {
			// Only its user sees an ephemeral message; to the channel it
			// does not exist.
			f.mu.Unlock()
			c.refuse(http.StatusNotFound, 10008, fmt.Sprintf("Unknown Message %s: a thread cannot be started from an ephemeral message", msgID), true)
			return
		}
		if m == nil || m.ChannelID != parent.ID || m.Deleted {
			f.mu.Unlock()
			c.refuse(http.StatusNotFound, 10008, "Unknown Message "+msgID, true)
			return
		}
		if _, dup := f.channels[msgID]; dup {
			f.mu.Unlock()
			c.refuse(http.StatusBadRequest, 160004, "A thread has already been created for this message", true)
			return
		}
		th.ID, th.Type = msgID, PublicThread
	} else {
		th.ID = f.snowflake()
		if th.Type == 0 {
			th.Type = PrivateThread // API v9's default
		}
	}
	f.channels[th.ID] = th
	out := channelJSON(th)
	out["owner_id"] = f.bot.ID
	before := f.beforeThread
	f.notify()
	f.mu.Unlock()
	event := map[string]any{"newly_created": true}
	for k, v := range out {
		event[k] = v
	}
	f.event("THREAD_CREATE", event)
	if before != nil {
		before(th)
	}
	c.ok(http.StatusCreated, out)
}

// answer answers the call with m as Discord returns a message, and
// unlocks f.mu: the caller holds it, having just made or changed m, so
// that the answer is m as that change left it.
func (f *Fake) answer(c *call, m *message) {
	out := f.messageJSON(m)
	f.mu.Unlock()
	c.ok(http.StatusOK, out)
}

// decode reads the call's JSON body, which it must have, into v; when it
// does not read, it answers the call with Discord's 400, what said first,
// and reports false.
func (c *call) decode(v any, what string) bool {
	if err := c.rec.Decode(v); err != nil {
		c.invalid(problems{{"", what + err.Error()}})
		return false
	}
	return true
}

// validMessage checks w, a message the bot sends (create) or edits, and
// the files it uploads, against Discord's limits, with the flags allowed
// on it; when w breaks one, it answers the call with Discord's 400 and
// reports false.
func (c *call) validMessage(w *wireMessage, create bool, allowed int) bool {
	var p problems
	checkMessage(&p, "", w, c.rec.Files, create, allowed)
	if len(p) > 0 {
		c.invalid(p)
		return false
	}
	return true
}
