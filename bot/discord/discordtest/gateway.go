package discordtest

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// Identify is what the bot sent in an Identify (op 2), without its token.
type Identify struct {
	Intents        int
	Compress       bool
	LargeThreshold int
	Shard          []int
	Properties     map[string]string
}

// session is a gateway session: what Identify began and Resume continues.
type session struct {
	id        string
	seq       int64
	log       []gwEvent // every dispatch, replayed on Resume
	conn      *conn     // nil while disconnected
	resumable bool
	identify  Identify
}

type gwEvent struct {
	seq   int64
	frame []byte
}

// conn is one websocket connection from the bot.
type conn struct {
	f        *Fake
	ws       *websocket.Conn
	wmu      sync.Mutex
	compress bool
	sess     *session // nil until Identify or Resume
}

type gwPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  *string         `json:"t"`
}

func (f *Fake) serveGateway(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	switch {
	case q.Get("v") != "9" && q.Get("v") != "10":
		f.t.Errorf("discordtest: gateway URL %s: want v=9 or v=10", r.URL)
		http.Error(w, "bad version", http.StatusBadRequest)
		return
	case q.Get("encoding") != "json":
		f.t.Errorf("discordtest: gateway URL %s: the fake speaks encoding=json only", r.URL)
		http.Error(w, "bad encoding", http.StatusBadRequest)
		return
	case q.Get("compress") != "":
		f.t.Errorf("discordtest: gateway URL %s: transport compression is not faked (payload compression is)", r.URL)
		http.Error(w, "bad compression", http.StatusBadRequest)
		return
	}
	ws, err := f.upgrader.Upgrade(w, r, nil)
	if err != nil {
		f.t.Errorf("discordtest: gateway upgrade: %v", err)
		return
	}
	c := &conn{f: f, ws: ws}
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		ws.Close()
		return
	}
	f.conns[c] = true
	f.mu.Unlock()
	c.send(mustJSON(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": f.heartbeat.Milliseconds()}, "s": nil, "t": nil}), false)
	c.read()
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// send writes a frame, zlib-compressed when the connection asked for
// payload compression and dispatch is set. A frame that cannot be written
// closes the connection: a client waiting for it (discordgo waits for
// READY without a deadline) then sees the error instead of hanging.
func (c *conn) send(frame []byte, dispatch bool) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.ws.SetWriteDeadline(time.Now().Add(writeWait))
	kind, data := websocket.TextMessage, frame
	if c.compress && dispatch {
		var b bytes.Buffer
		z := zlib.NewWriter(&b)
		z.Write(frame)
		z.Close()
		kind, data = websocket.BinaryMessage, b.Bytes()
	}
	if err := c.ws.WriteMessage(kind, data); err != nil {
		c.ws.Close()
	}
}

// writeWait bounds a frame's write; loopback writes only stall when the
// machine does, so it is generous.
const writeWait = 30 * time.Second

// shut closes the connection with a gateway close code.
func (c *conn) shut(code int, reason string) {
	c.wmu.Lock()
	c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(time.Second))
	c.wmu.Unlock()
	c.ws.Close()
}

func (c *conn) read() {
	f := c.f
	for {
		mt, data, err := c.ws.ReadMessage()
		if err != nil {
			c.gone(err)
			return
		}
		var p gwPayload
		if mt != websocket.TextMessage || json.Unmarshal(data, &p) != nil {
			f.t.Errorf("discordtest: gateway got a frame that is not JSON text: %.200q", data)
			c.shut(4002, "Decode error")
			return
		}
		switch p.Op {
		case 1: // Heartbeat
			f.mu.Lock()
			f.heartbeats++
			f.notify()
			f.mu.Unlock()
			c.send([]byte(`{"op":11,"d":null,"s":null,"t":null}`), false)
		case 2:
			if !c.identify(p.D) {
				return
			}
		case 6:
			if !c.resume(p.D) {
				return
			}
		case 3, 4, 8: // presence, voice state, request guild members: accepted, ignored
			if c.session() == nil {
				f.t.Errorf("discordtest: gateway op %d before Identify", p.Op)
				c.shut(4003, "Not authenticated")
				return
			}
		default:
			f.t.Errorf("discordtest: gateway got unknown opcode %d: %.200s", p.Op, data)
			c.shut(4001, "Unknown opcode")
			return
		}
	}
}

func (c *conn) session() *session {
	c.f.mu.Lock()
	defer c.f.mu.Unlock()
	return c.sess
}

// gone cleans up after the connection ends. A client that closes with 1000
// or 1001 ends its session; any other end leaves it resumable.
func (c *conn) gone(err error) {
	f := c.f
	f.mu.Lock()
	delete(f.conns, c)
	if s := c.sess; s != nil && s.conn == c {
		s.conn = nil
		var ce *websocket.CloseError
		if errors.As(err, &ce) && (ce.Code == websocket.CloseNormalClosure || ce.Code == websocket.CloseGoingAway) {
			s.resumable = false
		}
	}
	f.notify()
	f.mu.Unlock()
	c.ws.Close()
}

// hello decodes d, the data of an Identify or Resume (op), into v, and
// checks the bot's token in it (token, a field of v). When d does not
// decode or the token is not the bot's, it fails the test, closes the
// connection as Discord does and reports false.
func (c *conn) hello(op string, d json.RawMessage, v any, token *string) bool {
	f := c.f
	if err := json.Unmarshal(d, v); err != nil {
		f.t.Errorf("discordtest: %s: %v", op, err)
		c.shut(4002, "Decode error")
		return false
	}
	if strings.TrimPrefix(*token, "Bot ") != f.token {
		f.t.Errorf("discordtest: %s with token %q, not the bot's", op, redact(*token))
		c.shut(4004, "Authentication failed")
		return false
	}
	return true
}

// identifyData is the data of an Identify, as far as the Fake reads it.
type identifyData struct {
	Token          string            `json:"token"`
	Intents        int               `json:"intents"`
	Compress       bool              `json:"compress"`
	LargeThreshold int               `json:"large_threshold"`
	Shard          []int             `json:"shard"`
	Properties     map[string]string `json:"properties"`
}

// resumeData is the data of a Resume.
type resumeData struct {
	Token     string `json:"token"`
	SessionID string `json:"session_id"`
	Seq       int64  `json:"seq"`
}

func (c *conn) identify(d json.RawMessage) bool {
	f := c.f
	var id identifyData
	if !c.hello("Identify", d, &id, &id.Token) {
		return false
	}
	if len(id.Shard) == 2 && (id.Shard[0] < 0 || id.Shard[0] >= id.Shard[1]) {
		f.t.Errorf("discordtest: Identify with shard %v", id.Shard)
		c.shut(4010, "Invalid shard")
		return false
	}
	f.mu.Lock()
	if c.sess != nil {
		f.mu.Unlock()
		f.t.Errorf("discordtest: Identify on a connection that already has a session")
		c.shut(4005, "Already authenticated")
		return false
	}
	ident := Identify{Intents: id.Intents, Compress: id.Compress, LargeThreshold: id.LargeThreshold, Shard: id.Shard, Properties: id.Properties}
	s := &session{id: strings.ToLower(rand32()), conn: c, resumable: true, identify: ident}
	f.sessions[s.id] = s
	f.current = s
	c.sess = s
	c.compress = id.Compress
	f.identifies = append(f.identifies, ident)
	f.sendLocked(s, "READY", map[string]any{
		"v": 9, "user": userJSON(f.bot), "session_id": s.id, "resume_gateway_url": f.GatewayURL(),
		"shard": []int{0, 1}, "guilds": []any{map[string]any{"id": f.guildID, "unavailable": true}},
		"application": map[string]any{"id": f.appID, "flags": 0}, "private_channels": []any{},
	})
	if id.Intents&1 != 0 { // GUILDS
		f.sendLocked(s, "GUILD_CREATE", f.guildJSON())
	}
	f.notify()
	f.mu.Unlock()
	return true
}

func rand32() string { return randomToken()[:32] }

// guildJSON is the GUILD_CREATE of the first server; call with f.mu held.
func (f *Fake) guildJSON() map[string]any { return f.guildJSONOf(f.guildID) }

// guildJSONOf is the GUILD_CREATE of a server; call with f.mu held.
func (f *Fake) guildJSONOf(guildID string) map[string]any {
	var channels, threads []any
	for _, id := range sortedKeys(f.channels) {
		c := f.channels[id]
		switch {
		case c.GuildID != guildID:
		case c.IsThread():
			threads = append(threads, channelJSON(c))
		default:
			channels = append(channels, channelJSON(c))
		}
	}
	if threads == nil {
		threads = []any{}
	}
	return map[string]any{
		"id": guildID, "name": "Parlor test server", "unavailable": false, "owner_id": "1", "joined_at": timestamp(time.Now()),
		"member_count": len(f.users), "large": false, "channels": channels, "threads": threads, "members": []any{}, "roles": []any{},
		"emojis": []any{}, "stickers": []any{}, "features": []any{}, "voice_states": []any{}, "presences": []any{},
	}
}

func (c *conn) resume(d json.RawMessage) bool {
	f := c.f
	var r resumeData
	if !c.hello("Resume", d, &r, &r.Token) {
		return false
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.sessions[r.SessionID]
	if s == nil || !s.resumable || c.sess != nil || r.Seq > s.seq {
		// Not resumable: the client must identify again.
		c.send([]byte(`{"op":9,"d":false,"s":null,"t":null}`), false)
		return true
	}
	if old := s.conn; old != nil && old != c {
		old.sess = nil
		go old.ws.Close()
	}
	s.conn, c.sess, c.compress = c, s, s.identify.Compress
	f.current = s
	for _, e := range s.log {
		if e.seq > r.Seq {
			c.send(e.frame, true)
		}
	}
	f.sendLocked(s, "RESUMED", map[string]any{})
	f.resumes++
	f.notify()
	return true
}

// sendLocked dispatches an event in session s: it is logged for Resume and
// written if the session is connected. Call with f.mu held.
func (f *Fake) sendLocked(s *session, name string, d any) {
	s.seq++
	frame := mustJSON(map[string]any{"op": 0, "t": name, "s": s.seq, "d": d})
	s.log = append(s.log, gwEvent{seq: s.seq, frame: frame})
	if s.conn != nil {
		s.conn.send(frame, true)
	}
}

// live reports whether dispatches reach the bot now or on its Resume.
// Call with f.mu held.
func (f *Fake) live() *session {
	s := f.current
	if s == nil || (s.conn == nil && !s.resumable) {
		return nil
	}
	return s
}

// withSession waits until a bot session can take events, then runs fn with
// f.mu held. It fails the Fake's test after the timeout.
func (f *Fake) withSession(fn func(s *session)) {
	f.t.Helper()
	deadline, timeout := f.deadline()
	defer deadline.Stop()
	for {
		f.mu.Lock()
		if s := f.live(); s != nil {
			fn(s)
			f.notify()
			f.mu.Unlock()
			return
		}
		ch := f.changed
		f.mu.Unlock()
		select {
		case <-ch:
		case <-deadline.C:
			f.t.Fatalf("discordtest: no bot connected to the gateway within %v", timeout)
		}
	}
}

// event dispatches an event if a session can take it, and drops it if not.
func (f *Fake) event(name string, d any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if s := f.live(); s != nil && s.identify.Intents&1 != 0 {
		f.sendLocked(s, name, d)
		f.notify()
	}
}

// RemoveBot removes the bot from the server, as a manager does: the
// gateway, if a bot is connected, sends GUILD_DELETE (unavailable false),
// and from then on REST calls about the server are refused as Discord
// refuses them: a call on one of its channels 403 Missing Access (50001),
// GET /guilds/{id} 404 Unknown Guild (10004). Neither fails the test.
func (f *Fake) RemoveBot(guildID string) {
	f.mu.Lock()
	f.removed[guildID] = true
	f.notify()
	f.mu.Unlock()
	f.event("GUILD_DELETE", map[string]any{"id": guildID, "unavailable": false})
}

// AddBot adds the bot back to a server it was removed from (RemoveBot):
// the gateway, if a bot is connected, sends the server's GUILD_CREATE, and
// REST calls about it are answered again.
func (f *Fake) AddBot(guildID string) {
	f.mu.Lock()
	delete(f.removed, guildID)
	f.notify()
	d := f.guildJSONOf(guildID)
	f.mu.Unlock()
	f.event("GUILD_CREATE", d)
}

// Outage makes the server unavailable for a while, as a Discord outage
// does: the gateway sends GUILD_DELETE with unavailable true. The bot is
// still in the server; REST calls about it go on as before. End it with
// GuildCreate.
func (f *Fake) Outage(guildID string) {
	f.event("GUILD_DELETE", map[string]any{"id": guildID, "unavailable": true})
}

// GuildCreate sends the server's GUILD_CREATE, as at the end of an outage.
func (f *Fake) GuildCreate(guildID string) {
	f.mu.Lock()
	d := f.guildJSONOf(guildID)
	f.mu.Unlock()
	f.event("GUILD_CREATE", d)
}

// AwaitReady waits until a bot has identified (or resumed) and is connected.
func (f *Fake) AwaitReady(t testing.TB) {
	t.Helper()
	f.await(t, "a bot connected to the gateway", func() bool { return f.current != nil && f.current.conn != nil })
}

// Reconnect asks the bot to reconnect (op 7), as Discord does before it
// moves a session, and waits until the bot has closed the connection. The
// session stays resumable: events dispatched meanwhile are replayed when the
// bot resumes.
func (f *Fake) Reconnect(t testing.TB) {
	t.Helper()
	f.mu.Lock()
	s := f.current
	var c *conn
	if s != nil {
		c = s.conn
	}
	f.mu.Unlock()
	if c == nil {
		t.Fatalf("discordtest: Reconnect: no bot connected")
	}
	c.send([]byte(`{"op":7,"d":null,"s":null,"t":null}`), false)
	f.await(t, "the bot to close its connection after op 7", func() bool { return s.conn != c })
}

// InvalidateSession tells the bot its session is invalid (op 9, not
// resumable); the bot must identify again and gets a new READY.
func (f *Fake) InvalidateSession(t testing.TB) {
	t.Helper()
	f.mu.Lock()
	s := f.current
	if s == nil || s.conn == nil {
		f.mu.Unlock()
		t.Fatalf("discordtest: InvalidateSession: no bot connected")
	}
	c := s.conn
	s.resumable, s.conn, c.sess = false, nil, nil
	f.current = nil
	f.notify()
	f.mu.Unlock()
	c.send([]byte(`{"op":9,"d":false,"s":null,"t":null}`), false)
}

// Identifies returns each Identify the bot sent, in order.
func (f *Fake) Identifies() []Identify {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Identify(nil), f.identifies...)
}

// Heartbeats is the number of heartbeats the bot sent (each was acked).
func (f *Fake) Heartbeats() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.heartbeats
}

// AwaitHeartbeats waits until the bot has sent n heartbeats in all.
func (f *Fake) AwaitHeartbeats(t testing.TB, n int) {
	t.Helper()
	f.await(t, fmt.Sprintf("%d heartbeats", n), func() bool { return f.heartbeats >= n })
}

// Resumes is the number of sessions the bot resumed.
func (f *Fake) Resumes() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.resumes
}

// String describes the gateway state, for failure messages.
func (s *session) String() string {
	return fmt.Sprintf("session %s seq %d connected=%v resumable=%v", s.id, s.seq, s.conn != nil, s.resumable)
}
