package discordtest

import (
	"bytes"
	"cmp"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"parlor/bot/limits"
)

// Interaction is an INTERACTION_CREATE the Fake dispatched, and everything
// the bot answered to it.
type Interaction struct {
	f       *Fake
	ID      string
	Token   string
	Type    int // 2 command, 3 component, 4 autocomplete
	User    User
	Channel Channel
	// Payload is the interaction object as dispatched.
	Payload json.RawMessage

	focusedType int    // the type of the focused option, for autocomplete
	messageID   string // the message a component is on

	// Guarded by f.mu.
	posting    int // HTTP deliveries whose response is not yet taken
	sent       time.Time
	deliveries int
	acked      bool
	ackType    int
	callback   *Request
	requests   []*Request
	rejected   []*Request
	msgIDs     []string // messages created or changed, in order
	original   string   // @original
	loading    bool     // deferred, and neither edited nor followed up yet
	choices    []Choice
}

// touch notes that the interaction created or changed message id.
func (ix *Interaction) touch(id string) {
	if !slices.Contains(ix.msgIDs, id) {
		ix.msgIDs = append(ix.msgIDs, id)
	}
}

// Opt is an option of a slash command as the user fills it in: Value is the
// text typed or the choice picked (a user's id for a user option).
type Opt struct {
	Name, Value string
}

// Command dispatches the slash command "/command sub" (sub "" for a command
// without subcommands) used by u in ch. The command must be registered and
// the options must fit it, as Discord's client ensures.
func (f *Fake) Command(u User, ch Channel, command, sub string, opts ...Opt) *Interaction {
	f.t.Helper()
	return f.command(interactionApplicationCmd, u, ch, command, sub, "", opts)
}

// Autocomplete dispatches an autocomplete request: u is typing into option
// focused of "/command sub" in ch, with the options filled in so far (the
// focused one holding the partial text).
func (f *Fake) Autocomplete(u User, ch Channel, command, sub, focused string, opts ...Opt) *Interaction {
	f.t.Helper()
	return f.command(interactionAutocomplete, u, ch, command, sub, focused, opts)
}

func (f *Fake) command(typ int, u User, ch Channel, command, sub, focused string, opts []Opt) *Interaction {
	f.t.Helper()
	f.mu.Lock()
	cmd, ok := f.findCommand(ch.GuildID, command)
	users := maps.Clone(f.users)
	f.mu.Unlock()
	if !ok {
		f.t.Fatalf("discordtest: /%s is not registered", command)
	}
	schema := cmd.Options
	if sub != "" {
		i := slices.IndexFunc(schema, func(o CommandOption) bool { return o.Type == SubCommandOption && o.Name == sub })
		if i < 0 {
			f.t.Fatalf("discordtest: /%s has no subcommand %q", command, sub)
		}
		schema = schema[i].Options
	} else if slices.ContainsFunc(schema, func(o CommandOption) bool { return o.Type == SubCommandOption || o.Type == SubCommandGroupOption }) {
		f.t.Fatalf("discordtest: /%s needs a subcommand", command)
	}
	ix := &Interaction{f: f, Type: typ, User: u, Channel: ch}
	if focused != "" && !slices.ContainsFunc(opts, func(o Opt) bool { return o.Name == focused }) {
		opts = append(opts, Opt{Name: focused})
	}
	var built []map[string]any
	resolvedUsers, resolvedMembers := map[string]any{}, map[string]any{}
	for _, o := range opts {
		i := slices.IndexFunc(schema, func(s CommandOption) bool { return s.Name == o.Name })
		if i < 0 {
			f.t.Fatalf("discordtest: /%s %s has no option %q", command, sub, o.Name)
		}
		s := schema[i]
		opt := map[string]any{"name": o.Name, "type": s.Type}
		if o.Name == focused {
			if !s.Autocomplete {
				f.t.Fatalf("discordtest: option %q of /%s %s does not autocomplete", o.Name, command, sub)
			}
			ix.focusedType = s.Type
			opt["value"], opt["focused"] = o.Value, true // the partial text, as typed
			built = append(built, opt)
			continue
		}
		switch s.Type {
		case StringOption:
			opt["value"] = o.Value
		case IntegerOption:
			n, err := strconv.ParseInt(o.Value, 10, 64)
			if err != nil {
				f.t.Fatalf("discordtest: option %q of /%s %s is an integer; Discord's client refuses %q", o.Name, command, sub, o.Value)
			}
			opt["value"] = n
		case NumberOption:
			n, err := strconv.ParseFloat(o.Value, 64)
			if err != nil {
				f.t.Fatalf("discordtest: option %q of /%s %s is a number; Discord's client refuses %q", o.Name, command, sub, o.Value)
			}
			opt["value"] = n
		case BooleanOption:
			b, err := strconv.ParseBool(o.Value)
			if err != nil {
				f.t.Fatalf("discordtest: option %q of /%s %s is a boolean, not %q", o.Name, command, sub, o.Value)
			}
			opt["value"] = b
		case UserOption:
			ru, ok := users[o.Value]
			if !ok {
				f.t.Fatalf("discordtest: option %q of /%s %s names unknown user %q", o.Name, command, sub, o.Value)
			}
			opt["value"] = ru.ID
			resolvedUsers[ru.ID] = userJSON(ru)
			if ch.GuildID != "" {
				m := memberJSON(ru)
				delete(m, "user") // resolved members come without their user
				resolvedMembers[ru.ID] = m
			}
		default:
			opt["value"] = o.Value
		}
		if len(s.Choices) > 0 && !slices.ContainsFunc(s.Choices, func(c Choice) bool { return c.Value == o.Value }) {
			f.t.Fatalf("discordtest: option %q of /%s %s takes only its choices, not %q", o.Name, command, sub, o.Value)
		}
		built = append(built, opt)
	}
	if typ == interactionApplicationCmd {
		for _, s := range schema {
			if s.Required && !slices.ContainsFunc(opts, func(o Opt) bool { return o.Name == s.Name }) {
				f.t.Fatalf("discordtest: /%s %s needs option %q", command, sub, s.Name)
			}
		}
	}
	data := map[string]any{"id": cmd.ID, "name": cmd.Name, "type": 1}
	if cmd.GuildID != "" {
		data["guild_id"] = cmd.GuildID
	}
	if sub != "" {
		data["options"] = []any{map[string]any{"name": sub, "type": SubCommandOption, "options": nonNil(built)}}
	} else {
		data["options"] = nonNil(built)
	}
	if len(resolvedUsers) > 0 {
		resolved := map[string]any{"users": resolvedUsers}
		if len(resolvedMembers) > 0 {
			resolved["members"] = resolvedMembers
		}
		data["resolved"] = resolved
	}
	f.send(ix, data, nil)
	return ix
}

func nonNil(opts []map[string]any) []map[string]any {
	if opts == nil {
		return []map[string]any{}
	}
	return opts
}

// findCommand finds a registered command: the guild's first, then global.
// Call with f.mu held.
func (f *Fake) findCommand(guildID, name string) (Command, bool) {
	scopes := []string{""}
	if guildID != "" {
		scopes = []string{guildID, ""}
	}
	for _, scope := range scopes {
		for _, c := range f.commands[scope] {
			if c.Name == name && c.Type == 1 {
				return c, true
			}
		}
	}
	return Command{}, false
}

// Click dispatches u clicking the button customID on message m. m is the
// message as u sees it: a Message the Fake returned, possibly older than the
// message is now, since a person whose screen has not caught up can still
// click what they see. The message must still exist, u must be able to see
// it, and the button must be on m and enabled.
func (f *Fake) Click(u User, m Message, customID string) *Interaction {
	f.t.Helper()
	return f.component(u, m, customID, nil, ButtonComponent)
}

// Choose dispatches u choosing values in the select customID on message m,
// under the same conditions as Click; the values must be among the select's
// options, as many as it allows.
func (f *Fake) Choose(u User, m Message, customID string, values ...string) *Interaction {
	f.t.Helper()
	return f.component(u, m, customID, values, StringSelect)
}

func (f *Fake) component(u User, m Message, customID string, values []string, kind int) *Interaction {
	f.t.Helper()
	f.mu.Lock()
	stored := f.messages[m.ID]
	var mjson map[string]any
	var ch Channel
	if stored != nil {
		mjson = f.messageJSON(stored) // Discord sends the message as it is now
		ch = f.channels[stored.ChannelID]
	}
	f.mu.Unlock()
	switch {
	case stored == nil || stored.Deleted:
		f.t.Fatalf("discordtest: there is no message %s to click on", m.ID)
	case stored.Ephemeral() && stored.For != u.ID:
		f.t.Fatalf("discordtest: %s cannot see message %s: it is ephemeral, for user %s", u.GlobalName, m.ID, stored.For)
	}
	c, ok := m.Find(func(c Component) bool { return c.CustomID == customID && c.Type == kind })
	switch {
	case !ok:
		f.t.Fatalf("discordtest: message %s has no %s %q (it has %s)", m.ID, kindName(kind), customID, componentIDs(m))
	case c.Disabled:
		f.t.Fatalf("discordtest: %s %q on message %s is disabled", kindName(kind), customID, m.ID)
	case kind == StringSelect && (len(values) < c.MinValues || len(values) > c.MaxValues):
		f.t.Fatalf("discordtest: select %q takes %d to %d values, not %d", customID, c.MinValues, c.MaxValues, len(values))
	}
	for _, v := range values {
		if _, ok := c.Option(v); !ok {
			f.t.Fatalf("discordtest: select %q on message %s has no option %q", customID, m.ID, v)
		}
	}
	ix := &Interaction{f: f, Type: interactionComponent, User: u, Channel: ch, messageID: m.ID}
	data := map[string]any{"custom_id": customID, "component_type": kind}
	if kind == StringSelect {
		data["values"] = values
	}
	f.send(ix, data, mjson)
	return ix
}

// Forge dispatches a component interaction for customID that is on no
// message, such as a button from an older version of the bot or a crafted
// request: Discord would deliver it if a client sent it. values make it a
// select choice, none a button click.
func (f *Fake) Forge(u User, ch Channel, customID string, values ...string) *Interaction {
	f.t.Helper()
	ix := &Interaction{f: f, Type: interactionComponent, User: u, Channel: ch}
	data := map[string]any{"custom_id": customID, "component_type": ButtonComponent}
	if len(values) > 0 {
		data["component_type"], data["values"] = StringSelect, values
	}
	f.send(ix, data, nil)
	return ix
}

// Redeliver dispatches ix again, with the same id and token, as a gateway
// that delivers an interaction twice would. The bot's second first answer
// is refused with 40060 (already acknowledged), as Discord does, without
// failing the test; Rejected returns it.
func (f *Fake) Redeliver(ix *Interaction) {
	f.t.Helper()
	f.mu.Lock()
	endpoint := f.nextEndpoint()
	if endpoint != "" {
		ix.deliveries++
		ix.posting++
		ix.sent = time.Now() // each delivery has its own 3 seconds
	}
	f.mu.Unlock()
	if endpoint != "" {
		go f.post(ix, endpoint)
		return
	}
	f.withSession(func(s *session) {
		ix.deliveries++
		ix.sent = time.Now()
		f.sendLocked(s, "INTERACTION_CREATE", json.RawMessage(ix.Payload))
	})
}

func kindName(kind int) string {
	if kind == ButtonComponent {
		return "button"
	}
	return "select"
}

func componentIDs(m Message) string {
	var ids []string
	m.Find(func(c Component) bool {
		if c.CustomID != "" {
			ids = append(ids, fmt.Sprintf("%s %q", kindName(c.Type), c.CustomID))
		}
		return false
	})
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// send builds the interaction object around data and dispatches it.
func (f *Fake) send(ix *Interaction, data map[string]any, message map[string]any) {
	f.t.Helper()
	f.mu.Lock()
	ix.ID, ix.Token = f.snowflake(), "aW50ZXJhY3Rpb246"+randomToken()
	perms := f.appPerms
	f.mu.Unlock()
	p := map[string]any{
		"id": ix.ID, "application_id": f.appID, "type": ix.Type, "token": ix.Token, "version": 1,
		"data": data, "channel_id": ix.Channel.ID, "channel": channelJSON(ix.Channel),
		"app_permissions": strconv.FormatInt(perms, 10), "locale": cmp.Or(ix.User.Locale, "en-GB"), "entitlements": []any{}, "attachment_size_limit": limits.FileSize,
	}
	if ix.Channel.GuildID != "" {
		f.mu.Lock()
		guildLocale := cmp.Or(f.guildLocales[ix.Channel.GuildID], "en-US")
		f.mu.Unlock()
		p["guild_id"], p["guild_locale"], p["member"], p["context"] = ix.Channel.GuildID, guildLocale, memberJSON(ix.User), 0
		p["authorizing_integration_owners"] = map[string]any{"0": ix.Channel.GuildID}
	} else {
		p["user"], p["context"] = userJSON(ix.User), 1
		p["authorizing_integration_owners"] = map[string]any{"0": "0"}
	}
	if message != nil {
		p["message"] = message
	}
	ix.Payload = mustJSON(p)
	f.mu.Lock()
	endpoint := f.nextEndpoint()
	f.mu.Unlock()
	if endpoint != "" {
		f.mu.Lock()
		f.interactions[ix.ID] = ix
		f.byToken[ix.Token] = ix
		ix.sent = time.Now()
		ix.deliveries = 1
		ix.posting++
		f.mu.Unlock()
		go f.post(ix, endpoint)
		return
	}
	f.withSession(func(s *session) {
		f.interactions[ix.ID] = ix
		f.byToken[ix.Token] = ix
		ix.sent = time.Now()
		ix.deliveries = 1
		f.sendLocked(s, "INTERACTION_CREATE", json.RawMessage(ix.Payload))
	})
}

// post delivers ix to the Interactions Endpoint URL, signed, and takes the
// HTTP response as the interaction's callback, once it has read it and
// held it as long as DelayResponses says. Until then the interaction is
// unanswered: ix.posting counts the deliveries under way.
func (f *Fake) post(ix *Interaction, endpoint string) {
	defer func() {
		f.mu.Lock()
		ix.posting--
		f.notify()
		f.mu.Unlock()
	}()
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	sig := ed25519.Sign(f.signKey, append([]byte(ts), ix.Payload...))
	req, err := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(ix.Payload))
	if err != nil {
		f.t.Errorf("discordtest: %v", err)
		return
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	resp, err := (&http.Client{Transport: f.http, Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		f.t.Errorf("discordtest: POST of interaction %s to %s: %v", ix.ID, endpoint, err)
		return
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		f.t.Errorf("discordtest: the endpoint answered interaction %s with %s: %s", ix.ID, resp.Status, body)
		return
	}
	// A proxy or the network may hold the response a while (see
	// DelayResponses): until it reaches Discord, the interaction is not
	// answered.
	f.mu.Lock()
	delay := f.responseDelay()
	f.mu.Unlock()
	if delay > 0 {
		held := time.NewTimer(delay)
		select {
		case <-held.C:
		case <-f.stopped:
			held.Stop()
			return
		}
	}
	// The response is the first answer: checked and recorded like a
	// callback (same route, same limits, same 3 seconds), the moment it
	// is taken.
	cb := httptest.NewRequest(http.MethodPost, fmt.Sprintf("/api/v10/interactions/%s/%s/callback", ix.ID, ix.Token), bytes.NewReader(body))
	cb.Header.Set("Content-Type", "application/json")
	f.mux.ServeHTTP(httptest.NewRecorder(), cb)
}

// Sent is when the interaction was dispatched, last (a redelivery has its
// own three seconds).
func (ix *Interaction) Sent() time.Time {
	ix.f.mu.Lock()
	defer ix.f.mu.Unlock()
	return ix.sent
}

// Callback waits for the first answer to the interaction and returns it.
func (ix *Interaction) Callback(t testing.TB) Request {
	t.Helper()
	var got Request
	ix.f.await(t, "the first answer to interaction "+ix.ID, func() bool {
		if ix.callback == nil || ix.callback.Status == 0 {
			return false
		}
		got = *ix.callback
		return true
	})
	return got
}

// CallbackType waits for the first answer and returns its type (4, 5, 6, 7,
// 8 or 9).
func (ix *Interaction) CallbackType(t testing.TB) int {
	t.Helper()
	ix.Callback(t)
	ix.f.mu.Lock()
	defer ix.f.mu.Unlock()
	return ix.ackType
}

// Latency waits for the first answer and returns how long after the
// dispatch it arrived.
func (ix *Interaction) Latency(t testing.TB) time.Duration {
	t.Helper()
	cb := ix.Callback(t)
	return cb.At.Sub(ix.Sent())
}

// Choices waits for the answer to an autocomplete and returns its choices.
func (ix *Interaction) Choices(t testing.TB) []Choice {
	t.Helper()
	var out []Choice
	ix.f.await(t, "the autocomplete answer to interaction "+ix.ID, func() bool {
		out = ix.choices
		return out != nil
	})
	return out
}

// Await waits until a message the interaction created or changed satisfies
// cond, and returns it as it is then. cond must not call the Fake.
func (ix *Interaction) Await(t testing.TB, what string, cond func(Message) bool) Message {
	t.Helper()
	var got Message
	ix.f.await(t, fmt.Sprintf("%s (interaction %s)", what, ix.ID), func() bool {
		for _, id := range ix.msgIDs {
			if m := ix.f.messages[id].snapshot(); cond(m) {
				got = m
				return true
			}
		}
		return false
	})
	return got
}

// Messages returns the messages the interaction created or changed so far,
// as they are now.
func (ix *Interaction) Messages() []Message {
	ix.f.mu.Lock()
	defer ix.f.mu.Unlock()
	var out []Message
	for _, id := range ix.msgIDs {
		out = append(out, ix.f.messages[id].snapshot())
	}
	return out
}

// Requests returns the requests made with the interaction's token so far,
// in the order the Fake received them: the first answer among them, at the
// moment it came (for an HTTP delivery, the endpoint's response is
// recorded as a callback when the Fake takes it, after any DelayResponses),
// so a call that raced it comes before it, refused (Request.Early).
func (ix *Interaction) Requests() []Request {
	ix.f.mu.Lock()
	defer ix.f.mu.Unlock()
	return copies(ix.requests)
}

// Rejected returns the first answers refused because the interaction had
// already been answered (after Redeliver).
func (ix *Interaction) Rejected() []Request {
	ix.f.mu.Lock()
	defer ix.f.mu.Unlock()
	return copies(ix.rejected)
}

// copies are copies of the requests rs, for a test to keep while the Fake
// goes on changing rs under f.mu.
func copies(rs []*Request) []Request {
	var out []Request
	for _, r := range rs {
		out = append(out, *r)
	}
	return out
}

// AwaitRejected waits until n first answers were refused as already
// acknowledged, and returns them.
func (ix *Interaction) AwaitRejected(t testing.TB, n int) []Request {
	t.Helper()
	var out []Request
	ix.f.await(t, fmt.Sprintf("%d refused answers to interaction %s", n, ix.ID), func() bool {
		out = out[:0]
		for _, r := range ix.rejected {
			if r.Status != 0 {
				out = append(out, *r)
			}
		}
		return len(out) >= n
	})
	return out
}
