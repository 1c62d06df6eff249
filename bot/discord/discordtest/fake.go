package discordtest

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"parlor/bot/limits"
)

// Defaults of a Fake.
const (
	// DefaultHeartbeat is short, so that tests see heartbeats, but not
	// shorter: discordgo reconnects when an ack is 5 intervals late, which
	// a loaded machine running -race can make happen.
	DefaultHeartbeat = time.Second
	DefaultAckWindow = limits.AnswerWindow // Discord's window for the first answer
	DefaultTimeout   = 5 * time.Second     // how long the Await helpers wait
)

// Option configures a Fake.
type Option func(*Fake)

// WithToken sets the bot token the Fake accepts (without "Bot ").
func WithToken(token string) Option { return func(f *Fake) { f.token = token } }

// WithHeartbeat sets the heartbeat interval announced in Hello.
func WithHeartbeat(d time.Duration) Option { return func(f *Fake) { f.heartbeat = d } }

// WithAckWindow sets how long after dispatch the first answer to an
// interaction is accepted (Discord: 3 s).
func WithAckWindow(d time.Duration) Option { return func(f *Fake) { f.ackWindow = d } }

// WithTimeout sets how long the Await helpers wait before failing the test.
func WithTimeout(d time.Duration) Option { return func(f *Fake) { f.timeout = d } }

// SetTimeout changes how long the Fake's waits last (see WithTimeout), for
// the waits that start from now on.
func (f *Fake) SetTimeout(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.timeout = d
}

// GrantThreads gives the bot Create Public Threads, which it lacks by
// default, in every channel from now on: games then get their own threads.
func (f *Fake) GrantThreads() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.appPerms |= permCreatePublicThreads
}

// The bot's permissions in a channel, as interactions carry them
// (app_permissions): what the invite URL grants, less Create Public
// Threads unless GrantThreads.
const (
	permCreatePublicThreads = 1 << 35
	defaultAppPermissions   = 2248473465835073 &^ permCreatePublicThreads
)

// User is a Discord user as the Fake knows them.
type User struct {
	ID         string
	Username   string // unique handle, lowercase
	GlobalName string // display name
	Nick       string // server nickname, if any
	Bot        bool
	// Locale is the language of the user's Discord, which their
	// interactions carry; "" is en-GB.
	Locale string
}

// Channel types the Fake knows.
const (
	TextChannel   = 0
	DMChannel     = 1
	PublicThread  = 11
	PrivateThread = 12
)

// Channel is a guild text channel, a thread or a DM.
type Channel struct {
	ID       string
	GuildID  string // "" for a DM
	Name     string
	Type     int
	ParentID string // the channel a thread is in
}

// IsThread reports whether c is a thread.
func (c Channel) IsThread() bool { return c.Type == PublicThread || c.Type == PrivateThread }

// File is an uploaded attachment.
type File struct {
	Field       string // the multipart field, such as files[0]
	Name        string
	ContentType string
	Data        []byte
}

// Request is one REST request the Fake received, with what it answered.
type Request struct {
	N      int // 1, 2, 3… in order of arrival
	At     time.Time
	Method string
	Path   string // as sent, such as /api/v9/interactions/1/tok/callback
	Query  url.Values
	// Route is the route it matched, without the /api/v{n} prefix, such as
	// "POST /interactions/{id}/{token}/callback"; "" for an unknown route.
	Route  string
	Header http.Header
	// Body is the JSON payload: the body, or the payload_json part of a
	// multipart body.
	Body  []byte
	Files []File
	// Status is the status the Fake answered (0 while in flight), and Error
	// why it refused the request, if it did; Code is the JSON error code
	// of a refusal, as Discord's (10008 Unknown Message, 10015 Unknown
	// Webhook, 50035 Invalid Form Body...), 0 if it has none.
	Status int
	Error  string
	Code   int
	// Early marks a call made with an interaction's token while its first
	// answer was still on its way to Discord (the response of an HTTP
	// delivery not yet received): Discord refuses it, 404 Unknown Message
	// or Unknown Webhook, and a bot must try again. It is not a test
	// failure in itself.
	Early bool
	// Scope is, for a 429 the Fake answered, the limit it hit as Discord
	// names it in X-RateLimit-Scope: "global" for the bot's global limit,
	// "user" for a route's bucket (see EnforceRateLimits and RateLimit);
	// "" for any other answer.
	Scope string
	// Ignored marks a call that came before the retry_after of an earlier
	// 429 had passed, which fails the test: Discord counts such calls
	// against the bot, and bans an address that makes too many.
	Ignored bool
	// Interaction is the id of the interaction this request answers, if any.
	Interaction string
}

// Global reports whether the request counts against the bot's global rate
// limit (about 50 calls a second, shared by every replica and shard): every
// call does but those made with an interaction's token (the callback, its
// original message and follow-ups), which are exempt.
func (r Request) Global() bool {
	return r.Route != "" && !tokenRoute(r.Route)
}

// tokenRoute says route is authorised by an interaction's token rather than
// the bot's: an interaction's callback or its webhook.
func tokenRoute(route string) bool {
	return strings.HasPrefix(route, "POST /interactions/") || strings.Contains(route, "/webhooks/")
}

// Decode unmarshals the request's JSON payload into v.
func (r Request) Decode(v any) error { return json.Unmarshal(r.Body, v) }

// String is a one-line summary for test failures.
func (r Request) String() string {
	s := fmt.Sprintf("#%d %s %s → %d", r.N, r.Method, r.Path, r.Status)
	if len(r.Files) > 0 {
		s += fmt.Sprintf(" (%d files)", len(r.Files))
	}
	if r.Error != "" {
		s += ": " + r.Error
	}
	return s
}

// Fake is a fake Discord serving REST and the gateway on 127.0.0.1. Make one
// with New; it stops when the test ends.
type Fake struct {
	t         testing.TB
	srv       *httptest.Server
	http      *http.Transport
	mux       *http.ServeMux
	upgrader  websocket.Upgrader
	token     string
	heartbeat time.Duration
	ackWindow time.Duration
	timeout   time.Duration
	appPerms  int64 // app_permissions of every interaction
	// guildLocales are the servers' preferred languages (guild_locale),
	// en-US unless set.
	guildLocales map[string]string
	appID        string
	bot          User
	guildID      string
	general      Channel
	epoch        int64              // snowflake base
	signKey      ed25519.PrivateKey // signs interactions delivered over HTTP

	mu           sync.Mutex
	changed      chan struct{}
	closed       bool
	seq          int64
	requests     []*Request
	users        map[string]User
	channels     map[string]Channel
	messages     map[string]*message
	order        []string             // message ids in creation order
	commands     map[string][]Command // by guild id; "" is global
	interactions map[string]*Interaction
	byToken      map[string]*Interaction
	limits       []*limitRule
	windows      map[string]time.Time // method+path → no retry before
	globalUntil  time.Time
	globalSince  time.Time // when the last global 429 was answered
	sessions     map[string]*session
	current      *session // the session dispatches go to
	conns        map[*conn]bool
	identifies   []Identify
	heartbeats   int
	resumes      int
	endpoints    []string // where interactions go over HTTP, in turn; none for the gateway
	delivered    int      // HTTP deliveries made, to take the endpoints in turn
	// delayLo and delayHi bound how long an HTTP delivery's response is
	// held before it is taken as the callback (DelayResponses).
	delayLo, delayHi time.Duration
	beforeThread     func(Channel)   // see BeforeThreadAnswer
	removed          map[string]bool // servers the bot was removed from (RemoveBot)
	denied           map[string]bool // channels the bot may not post in (DenyPosts)
	stopped          chan struct{}   // closed when the Fake stops

	// enforced are the rate limits EnforceRateLimits turned on (none
	// unless a test asks), globalCalls the window of the global limit, and
	// buckets each route bucket's window, by bucket and channel.
	enforced    RateLimits
	globalCalls window
	buckets     map[string]*window
	// inChannel are the ids of each channel's messages, in order of
	// creation, so that a wait on one channel does not read them all.
	inChannel map[string][]string
}

// New starts a Fake on 127.0.0.1 and stops it when the test ends. Stop the
// bot before that (register its cleanup after calling New).
func New(t testing.TB, opts ...Option) *Fake {
	t.Helper()
	f := &Fake{
		t: t, token: "parlor-test-token", heartbeat: DefaultHeartbeat, ackWindow: DefaultAckWindow, timeout: DefaultTimeout, appPerms: defaultAppPermissions,
		changed: make(chan struct{}), users: map[string]User{}, channels: map[string]Channel{}, messages: map[string]*message{},
		commands: map[string][]Command{}, interactions: map[string]*Interaction{}, byToken: map[string]*Interaction{},
		windows: map[string]time.Time{}, buckets: map[string]*window{}, inChannel: map[string][]string{}, sessions: map[string]*session{}, conns: map[*conn]bool{}, removed: map[string]bool{}, denied: map[string]bool{},
		stopped: make(chan struct{}),
		epoch:   (time.Now().UnixMilli() - discordEpoch) << 22,
	}
	for _, o := range opts {
		o(f)
	}
	f.upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
	if _, key, err := ed25519.GenerateKey(rand.Reader); err != nil {
		t.Fatalf("discordtest: %v", err)
	} else {
		f.signKey = key
	}
	f.appID = f.snowflake()
	f.bot = User{ID: f.snowflake(), Username: "parlor", GlobalName: "Parlor", Bot: true}
	f.users[f.bot.ID] = f.bot
	f.guildID = f.snowflake()
	f.general = Channel{ID: f.snowflake(), GuildID: f.guildID, Name: "general", Type: TextChannel}
	f.channels[f.general.ID] = f.general
	f.routes()
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	f.http = &http.Transport{}
	t.Cleanup(f.close)
	return f
}

const discordEpoch = 1420070400000

// snowflake returns a new id shaped like Discord's.
func (f *Fake) snowflake() string {
	f.seq++
	return fmt.Sprint(f.epoch + f.seq)
}

func (f *Fake) close() {
	f.mu.Lock()
	f.closed = true
	close(f.stopped)
	conns := make([]*conn, 0, len(f.conns))
	for c := range f.conns {
		conns = append(conns, c)
	}
	f.mu.Unlock()
	for _, c := range conns {
		c.ws.Close()
	}
	f.srv.Close()
	f.http.CloseIdleConnections()
}

// Token is the bot token the Fake accepts, without "Bot ".
func (f *Fake) Token() string { return f.token }

// AppID is the application id, which differs from the bot user's id as it
// does for older applications.
func (f *Fake) AppID() string { return f.appID }

// BotUser is the bot's own user.
func (f *Fake) BotUser() User { return f.bot }

// GuildID is the id of the one server the bot is in.
func (f *Fake) GuildID() string { return f.guildID }

// Channel is the server's #general text channel.
func (f *Fake) Channel() Channel { return f.general }

// URL is the base URL of the Fake's HTTP server.
func (f *Fake) URL() string { return f.srv.URL }

// GatewayURL is the websocket URL GET /gateway answers.
func (f *Fake) GatewayURL() string { return "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/gateway" }

// NewUser adds a person to the server: name is their display name.
func (f *Fake) NewUser(name string) User {
	return f.AddUser(User{GlobalName: name, Username: strings.ToLower(strings.ReplaceAll(name, " ", "_"))})
}

// AddUser adds u to the server, giving it an id if it has none, and
// returns it.
func (f *Fake) AddUser(u User) User {
	f.mu.Lock()
	defer f.mu.Unlock()
	if u.ID == "" {
		u.ID = f.snowflake()
	}
	if u.Username == "" {
		u.Username = "user" + u.ID
	}
	f.users[u.ID] = u
	return u
}

// SetGuildLocale sets the preferred language of a server (its
// guild_locale), such as "es-ES".
func (f *Fake) SetGuildLocale(guildID, locale string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.guildLocales == nil {
		f.guildLocales = map[string]string{}
	}
	f.guildLocales[guildID] = locale
}

// NewChannel adds a text channel to the server.
func (f *Fake) NewChannel(name string) Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := Channel{ID: f.snowflake(), GuildID: f.guildID, Name: name, Type: TextChannel}
	f.channels[c.ID] = c
	return c
}

// PublicKey is the application's public key, as the Developer Portal
// shows it (hex): what the bot verifies HTTP interactions with.
func (f *Fake) PublicKey() string {
	return hex.EncodeToString(f.signKey.Public().(ed25519.PublicKey))
}

// Sign signs body at timestamp ts with the application's key, as Discord
// signs what it POSTs to an Interactions Endpoint URL: the hex of
// X-Signature-Ed25519. For tests that craft requests of their own.
func (f *Fake) Sign(ts string, body []byte) string {
	return hex.EncodeToString(ed25519.Sign(f.signKey, append([]byte(ts), body...)))
}

// DeliverTo makes the Fake deliver every interaction from now on as
// Discord does to an Interactions Endpoint URL: a POST of the interaction
// to the url, signed with the application's key (X-Signature-Ed25519 over
// X-Signature-Timestamp and the body), whose response is the first answer.
// The answer is checked and recorded as a callback would be, when the
// Fake has read it (see DelayResponses); edits and follow-ups come over
// REST as before, and until then are refused as Discord refuses them
// (Request.Early). With several urls (replicas behind
// a load balancer) the deliveries take them in turn, and a redelivery goes
// to the next one.
func (f *Fake) DeliverTo(urls ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.endpoints = urls
}

// nextEndpoint is where the next HTTP delivery goes, "" for the gateway;
// call with f.mu held.
func (f *Fake) nextEndpoint() string {
	if len(f.endpoints) == 0 {
		return ""
	}
	f.delivered++
	return f.endpoints[(f.delivered-1)%len(f.endpoints)]
}

// DelayResponses makes the Fake, from now on, hold the response of each
// HTTP delivery (see DeliverTo) for d after reading it, before taking it
// as the interaction's first answer, as a reverse proxy or a slow network
// would. Meanwhile the interaction is not answered as far as Discord
// knows: a call with its token is refused as Discord refuses it (see
// Request.Early), so the bot must retry an edit or follow-up it makes
// right after its response. The delay counts against the 3 seconds.
// Zero takes the response as soon as it is read, which is the default.
func (f *Fake) DelayResponses(d time.Duration) { f.DelayResponsesBetween(d, d) }

// DelayResponsesBetween is DelayResponses with a delay drawn at random
// between lo and hi for each response, as a network's jitter.
func (f *Fake) DelayResponsesBetween(lo, hi time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.delayLo, f.delayHi = lo, max(lo, hi)
}

// responseDelay is how long to hold the next response; call with f.mu
// held.
func (f *Fake) responseDelay() time.Duration {
	if f.delayHi <= f.delayLo {
		return f.delayLo
	}
	return f.delayLo + time.Duration(mrand.Int64N(int64(f.delayHi-f.delayLo)+1))
}

// BeforeThreadAnswer sets fn to run each time the bot starts a thread,
// after the thread exists in the Fake (and THREAD_CREATE is sent) but
// before the bot has the answer: what a test does in fn happens while the
// bot is still waiting to learn its thread's id, as when a person acts
// within milliseconds of the thread being made. fn runs on the Fake's
// server goroutine and may call the Fake (it holds no lock) or block,
// but it must not call t.Fatal or t.FailNow: hand the work to the test's
// goroutine through channels. nil removes it.
func (f *Fake) BeforeThreadAnswer(fn func(thread Channel)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.beforeThread = fn
}

// NewGuild adds a second server the bot is in, with its own #general,
// and returns that channel. Commands registered for the first server only
// are not there: register them globally (as a bot in many servers does) to
// use them in both. The gateway announces only the first server.
func (f *Fake) NewGuild(name string) Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := Channel{ID: f.snowflake(), GuildID: f.snowflake(), Name: name, Type: TextChannel}
	f.channels[c.ID] = c
	return c
}

// NewThread adds a public thread to parent, as if a person had made it.
func (f *Fake) NewThread(parent Channel, name string) Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := Channel{ID: f.snowflake(), GuildID: parent.GuildID, Name: name, Type: PublicThread, ParentID: parent.ID}
	f.channels[c.ID] = c
	return c
}

// DM is the direct-message channel between u and the bot.
func (f *Fake) DM(u User) Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, c := range f.channels {
		if c.Type == DMChannel && c.Name == u.ID {
			return c
		}
	}
	c := Channel{ID: f.snowflake(), Name: u.ID, Type: DMChannel}
	f.channels[c.ID] = c
	return c
}

// Transport is the RoundTripper to give the bot's HTTP client: it sends
// every request for https://discord.com to the Fake, keeping the path and
// query, and fails the test on any other host.
func (f *Fake) Transport() http.RoundTripper { return rewriter{f} }

type rewriter struct{ f *Fake }

func (r rewriter) RoundTrip(req *http.Request) (*http.Response, error) {
	host := req.URL.Hostname()
	if host != "discord.com" && host != "discordapp.com" {
		r.f.t.Errorf("discordtest: %s %s: only Discord's API is faked", req.Method, req.URL)
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, fmt.Errorf("discordtest: no route to %s", req.URL.Host)
	}
	out := req.Clone(req.Context())
	out.URL.Scheme = "http"
	out.URL.Host = strings.TrimPrefix(r.f.srv.URL, "http://")
	out.Host = ""
	resp, err := r.f.http.RoundTrip(out)
	if resp != nil {
		resp.Request = req
	}
	return resp, err
}

// notify wakes every waiter; call with f.mu held.
func (f *Fake) notify() {
	close(f.changed)
	f.changed = make(chan struct{})
}

// deadline is a timer of the Fake's timeout, started now, and the
// timeout, for the failure's message.
func (f *Fake) deadline() (*time.Timer, time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return time.NewTimer(f.timeout), f.timeout
}

// await waits until cond, called with f.mu held, is true, and fails t after
// the Fake's timeout.
func (f *Fake) await(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline, timeout := f.deadline()
	defer deadline.Stop()
	for {
		f.mu.Lock()
		ok := cond()
		ch := f.changed
		f.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline.C:
			t.Fatalf("discordtest: waited %v for %s; the last requests were:\n%s", timeout, what, f.recent(12))
		}
	}
}

// recent lists the last n requests, for failure messages.
func (f *Fake) recent(n int) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	reqs := f.requests
	if len(reqs) > n {
		reqs = reqs[len(reqs)-n:]
	}
	var b strings.Builder
	for _, r := range reqs {
		fmt.Fprintf(&b, "\t%s\n", r)
	}
	if b.Len() == 0 {
		return "\t(none)\n"
	}
	return b.String()
}

// Await waits until cond holds and fails t after the timeout. cond is
// called with the Fake locked: it must not call the Fake's methods; read
// what it needs through the values it is given elsewhere, or use the more
// specific waits (AwaitRequest, Interaction.Await).
func (f *Fake) Await(t testing.TB, what string, cond func() bool) {
	t.Helper()
	f.await(t, what, cond)
}

// AwaitRequest waits for a finished request that satisfies cond and
// returns it.
func (f *Fake) AwaitRequest(t testing.TB, what string, cond func(Request) bool) Request {
	t.Helper()
	var got Request
	f.await(t, what, func() bool {
		for _, r := range f.requests {
			if r.Status != 0 && cond(*r) {
				got = *r
				return true
			}
		}
		return false
	})
	return got
}

// Requests returns every request received so far, in order of arrival.
func (f *Fake) Requests() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]Request, len(f.requests))
	for i, r := range f.requests {
		out[i] = *r
	}
	return out
}

// Refused returns the requests the Fake answered with a status of 400 or
// more (including its 429s, armed or enforced, and the Early refusals of
// calls that raced an HTTP delivery's response).
func (f *Fake) Refused() []Request {
	var out []Request
	for _, r := range f.Requests() {
		if r.Status >= 400 {
			out = append(out, r)
		}
	}
	return out
}

// RefusedWith returns the requests the Fake refused with Discord's JSON
// error code, such as 10008 (Unknown Message) or 10015 (Unknown Webhook),
// whether or not they failed the test (see Request.Early).
func (f *Fake) RefusedWith(code int) []Request {
	var out []Request
	for _, r := range f.Requests() {
		if r.Status >= 400 && r.Code == code {
			out = append(out, r)
		}
	}
	return out
}

// Files returns every file uploaded in an accepted request, in order.
func (f *Fake) Files() []File {
	var out []File
	for _, r := range f.Requests() {
		if r.Status >= 200 && r.Status < 300 {
			out = append(out, r.Files...)
		}
	}
	return out
}

// Commands returns the commands registered for the guild ("" for global
// ones), as the last bulk overwrite left them.
func (f *Fake) Commands(guildID string) []Command {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Command(nil), f.commands[guildID]...)
}

// AwaitCommands waits until commands are registered for the guild ("" for
// global ones) and returns them.
func (f *Fake) AwaitCommands(t testing.TB, guildID string) []Command {
	t.Helper()
	var out []Command
	f.await(t, "command registration", func() bool {
		out = append([]Command(nil), f.commands[guildID]...)
		return len(out) > 0
	})
	return out
}

// Messages returns every message the bot has posted, as it is now, in order
// of creation.
func (f *Fake) Messages() []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.messageList()
}

// messageList is Messages, with f.mu held.
func (f *Fake) messageList() []Message {
	out := make([]Message, 0, len(f.order))
	for _, id := range f.order {
		out = append(out, f.messages[id].snapshot())
	}
	return out
}

// ChannelMessages returns the messages the bot has posted in a channel or
// thread, as they are now, in order of creation.
func (f *Fake) ChannelMessages(channelID string) []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.channelList(channelID, 0)
}

// channelList is ChannelMessages from the index from on, with f.mu held.
func (f *Fake) channelList(channelID string, from int) []Message {
	ids := f.inChannel[channelID]
	out := make([]Message, 0, max(0, len(ids)-from))
	for _, id := range ids[min(from, len(ids)):] {
		out = append(out, f.messages[id].snapshot())
	}
	return out
}

// AwaitChannel waits until cond holds of the messages the bot has posted
// in a channel or thread, but for its first from messages (as
// ChannelMessages returns them, without those), returns them, and fails t
// after the timeout. It reads only that channel's newer messages, so that
// many waits at once stay cheap.
func (f *Fake) AwaitChannel(t testing.TB, channelID string, from int, what string, cond func([]Message) bool) []Message {
	t.Helper()
	var out []Message
	f.await(t, what, func() bool {
		out = f.channelList(channelID, from)
		return cond(out)
	})
	return out
}

// Loading returns the messages still "thinking": deferrals that no edit
// or follow-up has resolved yet, as a user sees them. A bot should leave
// none once it is done.
func (f *Fake) Loading() []Message {
	var out []Message
	for _, m := range f.Messages() {
		if m.Loading() && !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// AwaitMessages waits until cond holds of every message the bot has
// posted (as Messages returns them), and fails t after the timeout.
func (f *Fake) AwaitMessages(t testing.TB, what string, cond func([]Message) bool) {
	t.Helper()
	f.await(t, what, func() bool { return cond(f.messageList()) })
}

// Message returns the message with the id as it is now.
func (f *Fake) Message(id string) (Message, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.messages[id]
	if !ok {
		return Message{}, false
	}
	return m.snapshot(), true
}

// call is one REST request being answered.
type call struct {
	f    *Fake
	w    http.ResponseWriter
	r    *http.Request
	rec  *Request
	done bool
}

// routes registers the REST API.
func (f *Fake) routes() {
	f.mux = http.NewServeMux()
	f.route("GET /gateway", f.getGateway)
	f.route("GET /gateway/bot", f.getGatewayBot)
	f.route("GET /users/{user}", f.getUser)
	f.route("POST /users/@me/channels", f.createDM)
	f.route("GET /applications/@me", f.getApplication)
	f.route("GET /oauth2/applications/@me", f.getApplication)
	f.route("PUT /applications/{app}/commands", f.putCommands)
	f.route("PUT /applications/{app}/guilds/{guild}/commands", f.putCommands)
	f.route("POST /interactions/{id}/{token}/callback", f.interactionCallback)
	f.route("POST /webhooks/{app}/{token}", f.followUp)
	f.route("GET /webhooks/{app}/{token}/messages/{msg}", f.webhookMessage)
	f.route("PATCH /webhooks/{app}/{token}/messages/{msg}", f.webhookMessage)
	f.route("DELETE /webhooks/{app}/{token}/messages/{msg}", f.webhookMessage)
	f.route("GET /guilds/{guild}", f.getGuild)
	f.route("POST /channels/{channel}/messages", f.createMessage)
	f.route("PATCH /channels/{channel}/messages/{msg}", f.editMessage)
	f.route("POST /channels/{channel}/threads", f.startThread)
	f.route("POST /channels/{channel}/messages/{msg}/threads", f.startThread)
	f.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		f.serveCall(w, r, "", func(c *call) {
			c.refuse(http.StatusNotFound, 0, fmt.Sprintf("unknown route %s %s", r.Method, r.URL.Path), true)
		})
	})
}

func (f *Fake) route(pattern string, h func(*call)) {
	method, path, _ := strings.Cut(pattern, " ")
	f.mux.HandleFunc(method+" /api/{version}"+path, func(w http.ResponseWriter, r *http.Request) {
		if v := r.PathValue("version"); v != "v9" && v != "v10" {
			f.serveCall(w, r, "", func(c *call) {
				c.refuse(http.StatusNotFound, 0, fmt.Sprintf("unknown API version in %s %s", r.Method, r.URL.Path), true)
			})
			return
		}
		f.serveCall(w, r, pattern, h)
	})
}

func (f *Fake) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/gateway" || strings.HasPrefix(r.URL.Path, "/gateway/") {
		f.serveGateway(w, r)
		return
	}
	f.mux.ServeHTTP(w, r)
}

// maxBody is Discord's limit on a request, with a mebibyte of room for
// the multipart framing, so that a breach is reported rather than cut off.
const maxBody = limits.RequestSize + 1<<20

// serveCall records the request, applies rate limits and the token check,
// and runs h.
func (f *Fake) serveCall(w http.ResponseWriter, r *http.Request, route string, h func(*call)) {
	rec := &Request{At: time.Now(), Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Route: route, Header: r.Header.Clone()}
	c := &call{f: f, w: w, r: r, rec: rec}
	readErr := c.readBody()
	f.mu.Lock()
	f.requests = append(f.requests, rec)
	rec.N = len(f.requests)
	if ix := f.byToken[r.PathValue("token")]; ix != nil {
		rec.Interaction = ix.ID
		ix.requests = append(ix.requests, rec)
	}
	limited := f.rateLimit(c)
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.notify()
		f.mu.Unlock()
	}()
	if limited {
		return
	}
	if readErr != nil {
		// A body cut off because the Fake itself is closing (the test is
		// over, and a bot still posting) is no fault of the bot's.
		f.mu.Lock()
		closing := f.closed
		f.mu.Unlock()
		c.refuse(http.StatusBadRequest, 50109, "the request body is not valid: "+readErr.Error(), !closing)
		return
	}
	// Interaction and webhook routes are authorised by their token; every
	// other route needs the bot's.
	if !tokenRoute(route) && route != "" {
		if got := r.Header.Get("Authorization"); got != "Bot "+f.token {
			c.refuse(http.StatusUnauthorized, 0, fmt.Sprintf("Authorization header %q is not the bot token", redact(got)), true)
			return
		}
	}
	h(c)
	if !c.done {
		c.refuse(http.StatusInternalServerError, 0, "the fake did not answer", true)
	}
}

func redact(s string) string {
	if len(s) <= 8 {
		return s
	}
	return s[:8] + "…"
}

// readBody reads a JSON or multipart body into the record.
func (c *call) readBody() error {
	body, err := io.ReadAll(http.MaxBytesReader(c.w, c.r.Body, maxBody))
	if err != nil {
		return err
	}
	if len(body) == 0 {
		return nil
	}
	mt, params, err := mime.ParseMediaType(c.r.Header.Get("Content-Type"))
	if err != nil {
		return fmt.Errorf("content type: %w", err)
	}
	switch mt {
	case "application/json":
		if !json.Valid(body) {
			return fmt.Errorf("malformed JSON: %.200s", body)
		}
		c.rec.Body = body
	case "multipart/form-data":
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				return fmt.Errorf("multipart: %w", err)
			}
			data, err := io.ReadAll(p)
			if err != nil {
				return fmt.Errorf("multipart part %q: %w", p.FormName(), err)
			}
			if p.FormName() == "payload_json" {
				if !json.Valid(data) {
					return fmt.Errorf("malformed payload_json: %.200s", data)
				}
				c.rec.Body = data
				continue
			}
			c.rec.Files = append(c.rec.Files, File{Field: p.FormName(), Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
		}
	default:
		return fmt.Errorf("content type %q: Discord takes JSON or multipart/form-data", mt)
	}
	return nil
}

// body decodes the request's JSON body, if it has one, into v; when it
// does not decode it answers 400 and reports false.
func (c *call) body(v any) bool {
	if len(c.rec.Body) == 0 {
		return true
	}
	return c.decode(v, "")
}

// ok answers with status and v as JSON (nothing for 204).
func (c *call) ok(status int, v any) {
	c.f.mu.Lock()
	c.rec.Status = status
	c.f.mu.Unlock()
	c.done = true
	if status == http.StatusNoContent {
		c.w.WriteHeader(status)
		return
	}
	writeJSON(c.w, status, v)
}

// refuse answers with Discord's error shape. fail marks it as a bug in the
// bot, which fails the test.
func (c *call) refuse(status, code int, msg string, fail bool) {
	c.f.mu.Lock()
	c.rec.Status, c.rec.Error, c.rec.Code = status, msg, code
	c.f.mu.Unlock()
	c.done = true
	if fail {
		c.f.t.Errorf("discordtest: %s %s: %s", c.r.Method, c.r.URL.Path, msg)
	}
	writeJSON(c.w, status, map[string]any{"code": code, "message": msg})
}

// invalid answers 400 Invalid Form Body, naming each field, and fails the
// test: Discord would refuse the payload in production.
func (c *call) invalid(p problems) {
	c.f.mu.Lock()
	c.rec.Status, c.rec.Error, c.rec.Code = http.StatusBadRequest, strings.Join(p.strings(), "; "), 50035
	c.f.mu.Unlock()
	c.done = true
	for _, s := range p.strings() {
		c.f.t.Errorf("discordtest: %s %s breaks Discord's limits: %s", c.r.Method, c.r.URL.Path, s)
	}
	writeJSON(c.w, http.StatusBadRequest, map[string]any{"code": 50035, "message": "Invalid Form Body", "errors": p.tree()})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}

func randomToken() string { return rand.Text() + rand.Text() }

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func timestamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000+00:00") }
