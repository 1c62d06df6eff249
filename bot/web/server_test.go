package web

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"parlor/bot"
	"parlor/render"
	"parlor/rules"
	"parlor/storage"
	"parlor/storage/storagetest"
)

// tinyPainter draws every board as the same small picture: these tests
// look at the page, not at the board (render's tests do).
type tinyPainter struct{}

// onePixel is a 1×1 PNG.
var onePixel = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\x00\x05\x00\x01\xff\x89\x99=\x1d\x00\x00\x00\x00IEND\xaeB`\x82")

func (tinyPainter) PNG(rules.State, render.Info) ([]byte, error) { return onePixel, nil }

// env is a table over a fresh database with the web links on, served by a
// Server under a test HTTP server; delivered are the answers the Server
// handed to Deliver.
type env struct {
	t         testing.TB
	db        *storage.DB
	table     *bot.Table
	srv       *Server
	http      *httptest.Server
	mu        sync.Mutex
	delivered []bot.Response
	seq       int
}

var (
	alice    = bot.User{ID: "100", Name: "Alice"}
	bob      = bot.User{ID: "200", Name: "Bob"}
	stranger = bot.User{ID: "400", Name: "Stranger"}
)

const (
	guild   = "guild-1"
	channel = "chan-1"
)

// engines runs test on SQLite and on PostgreSQL.
func engines(t *testing.T, test func(t *testing.T, e *env)) {
	t.Run("sqlite", func(t *testing.T) { test(t, newEnv(t, filepath.Join(t.TempDir(), "parlor.db"))) })
	t.Run("postgres", func(t *testing.T) { test(t, newEnv(t, storagetest.Postgres(t))) })
}

func newEnv(t *testing.T, source string) *env {
	t.Helper()
	return newEnvPainted(t, source, tinyPainter{})
}

// newEnvPainted is newEnv with the boards drawn by painter.
func newEnvPainted(t testing.TB, source string, painter bot.Painter) *env {
	t.Helper()
	db, err := storage.Open(context.Background(), source)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	key := []byte("the test's key")
	table := bot.NewTable(bot.Config{Store: db, Painter: painter, Kits: bot.Kits(), Pace: bot.Pace{Off: true},
		Web: bot.WebLinks{Base: "http://parlor.test", Secret: key}})
	e := &env{t: t, db: db, table: table}
	e.srv = &Server{Table: table, Key: key, Poll: 50 * time.Millisecond, Deliver: func(_ context.Context, _ bot.Request, resp bot.Response) {
		e.mu.Lock()
		defer e.mu.Unlock()
		e.delivered = append(e.delivered, resp)
	}}
	e.http = httptest.NewServer(e.srv)
	t.Cleanup(func() {
		e.srv.Close()
		e.http.Close()
	})
	return e
}

// do handles a request of u in the test channel.
func (e *env) do(u bot.User, req bot.Request) bot.Response {
	e.t.Helper()
	e.seq++
	req.ID, req.GuildID, req.ChannelID, req.User = fmt.Sprintf("req-%d", e.seq), guild, channel, u
	return e.table.Handle(context.Background(), req)
}

// game has alice challenge bob at kind and bob accept; it returns the
// game's id.
func (e *env) game(kind string) int64 {
	e.t.Helper()
	return e.gameOf(kind, alice, bob)
}

// gameOf has a challenge b at kind and b accept; it returns the game's id.
func (e *env) gameOf(kind string, alice, bob bot.User) int64 {
	e.t.Helper()
	resp := e.do(alice, bot.Request{Kind: bot.CommandRequest, Command: kind, Sub: "new", Options: map[string]string{"opponent": bob.ID}, Users: map[string]bot.User{bob.ID: bob}})
	if resp.Public == nil || resp.Public.Live == nil {
		e.t.Fatalf("new game: got %+v", resp.Private)
	}
	id := resp.Public.Live.GameID
	resp = e.do(bob, bot.Request{Kind: bot.ComponentRequest, CustomID: fmt.Sprintf("g/%d/0/accept", id)})
	if resp.Public == nil {
		e.t.Fatalf("accept game %d: got %+v", id, resp.Private)
	}
	return id
}

// link is the token of u's link to game, in locale.
func (e *env) link(u bot.User, game int64, locale string) string {
	e.t.Helper()
	resp := e.do(u, bot.Request{Kind: bot.CommandRequest, Command: e.kind(game), Sub: "web", Options: map[string]string{"game": fmt.Sprint(game)}, Locale: locale})
	if resp.Private == nil {
		e.t.Fatalf("/web: no answer")
	}
	_, tok, ok := strings.Cut(resp.Private.Content, "/web/open#")
	if !ok {
		e.t.Fatalf("/web: no link in %q", resp.Private.Content)
	}
	tok, _, _ = strings.Cut(tok, "\n")
	return tok
}

func (e *env) kind(game int64) string {
	g, err := e.db.Game(context.Background(), game)
	if err != nil {
		e.t.Fatal(err)
	}
	return g.Kind
}

// browser is a client with its own cookies, as a browser is.
func (e *env) browser() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// open signs c in with tok as the landing page's script does, and
// returns the answer.
func (e *env) open(c *http.Client, tok string) (*http.Response, string) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, e.http.URL+"/web/open", strings.NewReader(url.Values{"token": {tok}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", e.http.URL)
	return e.send(c, req)
}

func (e *env) send(c *http.Client, req *http.Request) (*http.Response, string) {
	e.t.Helper()
	resp, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

func (e *env) get(c *http.Client, path string) (*http.Response, string) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, e.http.URL+path, nil)
	return e.send(c, req)
}

var (
	csrfField    = regexp.MustCompile(`name="csrf" value="([^"]+)"`)
	versionField = regexp.MustCompile(`name="version" value="(\d+)"`)
	moveButton   = regexp.MustCompile(`name="move" value="([^"]+)"`)
)

// move posts the first legal move on page for c.
func (e *env) move(c *http.Client, game int64, page string, csrf string) (*http.Response, string, string) {
	e.t.Helper()
	v := versionField.FindStringSubmatch(page)
	m := moveButton.FindStringSubmatch(page)
	if v == nil || m == nil {
		e.t.Fatalf("no move on the page:\n%s", page)
	}
	text := strings.ReplaceAll(m[1], "&#43;", "+")
	req, _ := http.NewRequest(http.MethodPost, fmt.Sprintf("%s/web/g/%d/move", e.http.URL, game), strings.NewReader(url.Values{"csrf": {csrf}, "version": {v[1]}, "move": {text}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", e.http.URL)
	resp, body := e.send(c, req)
	return resp, body, text
}

// A member's link opens their game's page: a session cookie (HttpOnly,
// SameSite=Lax, not Secure on http) and the address of the page; the page
// has the CSP, the players, and for the player to move the legal moves,
// which play through the table (the move is stored and its board handed
// to Deliver); the other player's and a watcher's pages have none.
func TestOpenAndMove(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		id := e.game("kingsmen")
		g, _ := e.db.Game(context.Background(), id)
		mover, other := alice, bob
		st, _ := bot.KingsmenKit().Game.Parse(g.Position)
		for _, s := range g.Seats {
			if s.Seat == int(st.ToMove()) && s.UserID == bob.ID {
				mover, other = bob, alice
			}
		}
		c := e.browser()
		resp, body := e.open(c, e.link(mover, id, "en-US"))
		if resp.StatusCode != http.StatusOK || body != fmt.Sprintf("g/%d/", id) {
			t.Fatalf("open: got %d %q", resp.StatusCode, body)
		}
		ck := resp.Cookies()
		if len(ck) != 1 || !ck[0].HttpOnly || ck[0].SameSite != http.SameSiteLaxMode || ck[0].Secure || ck[0].Path != "/web/" {
			t.Fatalf("the session cookie: %+v", ck)
		}
		resp, page := e.get(c, fmt.Sprintf("/web/g/%d/", id))
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("page: %d\n%s", resp.StatusCode, page)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("CSP: %q", csp)
		}
		for _, want := range []string{"Alice", "Bob", `action="move"`, "Every legal move"} {
			if !strings.Contains(page, want) {
				t.Errorf("the mover's page lacks %q", want)
			}
		}
		if strings.Contains(page, "<script>") || strings.Contains(page, " on") && regexp.MustCompile(` on[a-z]+=`).MatchString(page) {
			t.Errorf("the page has inline script")
		}
		csrf := csrfField.FindStringSubmatch(page)[1]

		// Without the CSRF token, or from another site, nothing is played.
		before, _ := e.db.Game(context.Background(), id)
		if resp, _, _ := e.move(c, id, page, "forged"); resp.StatusCode != http.StatusForbidden {
			t.Errorf("a move with a forged CSRF token: got %d, want 403", resp.StatusCode)
		}
		after, _ := e.db.Game(context.Background(), id)
		if after.Version != before.Version {
			t.Fatalf("a forged move changed the game: version %d → %d", before.Version, after.Version)
		}

		resp, answer, text := e.move(c, id, page, csrf)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("move %s: %d\n%s", text, resp.StatusCode, answer)
		}
		log, err := e.db.Log(context.Background(), id)
		if err != nil || len(log) == 0 || log[len(log)-1].Text != text {
			t.Fatalf("the log after the page's move %q: %+v, %v", text, log, err)
		}
		var board *bot.Message
		n := 0
		for wait := time.Now().Add(5 * time.Second); board == nil && time.Now().Before(wait); time.Sleep(10 * time.Millisecond) {
			e.mu.Lock()
			if n = len(e.delivered); n > 0 {
				board = e.delivered[n-1].Public
			}
			e.mu.Unlock()
		}
		if board == nil || board.Live == nil || board.Live.GameID != id || board.File == nil {
			t.Fatalf("the move's board was not delivered: %d answers", n)
		}
		// The same form again (the board it was chosen on is gone) is
		// refused by the table, and nothing is played.
		resp, again, _ := e.move(c, id, page, csrf)
		if resp.StatusCode != http.StatusConflict || !strings.Contains(again, "out of date") {
			t.Errorf("the same move again: %d\n%s", resp.StatusCode, again)
		}

		// The other player, now to move, has the moves; a watcher never.
		for _, u := range []bot.User{other, stranger} {
			c := e.browser()
			if resp, _ := e.open(c, e.link(u, id, "")); resp.StatusCode != http.StatusOK {
				t.Fatalf("%s opens: %d", u.Name, resp.StatusCode)
			}
			_, page := e.get(c, fmt.Sprintf("/web/g/%d/", id))
			has := strings.Contains(page, `action="move"`)
			if has != (u == other) {
				t.Errorf("%s's page has moves: %v", u.Name, has)
			}
			if u == stranger && !strings.Contains(page, "You are watching this game.") {
				t.Errorf("the watcher's page does not say so")
			}
		}
	})
}

// An altered, expired or revoked link, or a game's cookie sent for
// another game, opens a plain page that names no game and no player.
func TestLinksThatOpenNothing(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		id := e.game("kingsmen")
		other := e.game("kingsmen")
		tok := e.link(alice, id, "")
		altered := []byte(tok)
		altered[3] ^= 2
		expired := e.table.WebToken(bot.WebPass{UserID: alice.ID, GuildID: guild, GameID: id, Expires: time.Now().Add(-time.Minute)})
		for _, c := range []struct{ name, tok, want string }{
			{"altered", string(altered), "does not open anything"},
			{"expired", expired, "has expired"},
		} {
			resp, body := e.open(e.browser(), c.tok)
			if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, c.want) || strings.Contains(body, "Alice") || strings.Contains(body, "King") {
				t.Errorf("%s: got %d\n%s", c.name, resp.StatusCode, body)
			}
			if len(resp.Cookies()) != 0 {
				t.Errorf("%s: a cookie was set", c.name)
			}
		}
		// A session of one game opens no other.
		b := e.browser()
		if resp, _ := e.open(b, tok); resp.StatusCode != http.StatusOK {
			t.Fatal("the good link did not open")
		}
		if resp, body := e.get(b, fmt.Sprintf("/web/g/%d/", other)); resp.StatusCode != http.StatusForbidden || strings.Contains(body, "Bob") {
			t.Errorf("another game's page with this game's session: %d\n%s", resp.StatusCode, body)
		}
		// A sign-in from another site is refused.
		req, _ := http.NewRequest(http.MethodPost, e.http.URL+"/web/open", strings.NewReader(url.Values{"token": {tok}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", "https://evil.example")
		if resp, _ := e.send(e.browser(), req); resp.StatusCode != http.StatusForbidden {
			t.Errorf("a sign-in from another site: %d", resp.StatusCode)
		}
		// Revoked, the open page stops opening too.
		e.do(alice, bot.Request{Kind: bot.CommandRequest, Command: "kingsmen", Sub: "web", Options: map[string]string{"game": fmt.Sprint(id), "links": "revoke"}})
		if resp, body := e.get(b, fmt.Sprintf("/web/g/%d/", id)); resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "revoked") {
			t.Errorf("the page after a revocation: %d\n%s", resp.StatusCode, body)
		}
	})
}

// A page's event stream says the game's version at once, and the new one
// within a second of a move made elsewhere (as in Discord: straight to
// the table).
func TestEventsHearMovesMadeElsewhere(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		id := e.game("kingsmen")
		c := e.browser()
		e.open(c, e.link(stranger, id, ""))
		req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/web/g/%d/events", e.http.URL, id), nil)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
			t.Fatalf("events: %s", ct)
		}
		versions := make(chan string, 8)
		go func() {
			sc := bufio.NewScanner(resp.Body)
			for sc.Scan() {
				if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
					versions <- v
				}
			}
			close(versions)
		}()
		g, _ := e.db.Game(context.Background(), id)
		if v := <-versions; v != fmt.Sprint(g.Version) {
			t.Fatalf("first version: got %s, want %d", v, g.Version)
		}
		st, _ := bot.KingsmenKit().Game.Parse(g.Position)
		mover := alice
		for _, s := range g.Seats {
			if s.Seat == int(st.ToMove()) && s.UserID == bob.ID {
				mover = bob
			}
		}
		made := time.Now()
		played := e.do(mover, bot.Request{Kind: bot.CommandRequest, Command: "kingsmen", Sub: "move", Options: map[string]string{"move": st.Legal()[0].Text, "game": fmt.Sprint(id)}})
		if played.Public == nil {
			t.Fatalf("the move was not played: %+v", played.Private)
		}
		g, _ = e.db.Game(context.Background(), id)
		select {
		case v := <-versions:
			if v != fmt.Sprint(g.Version) {
				t.Errorf("next version: got %s, want %d", v, g.Version)
			}
			t.Logf("heard after %v", time.Since(made))
		case <-time.After(5 * time.Second):
			t.Fatal("the page did not hear of the move")
		}
	})
}

// A session past its rate is told to slow down.
func TestSessionRate(t *testing.T) {
	e := newEnv(t, filepath.Join(t.TempDir(), "parlor.db"))
	id := e.game("kingsmen")
	c := e.browser()
	e.open(c, e.link(alice, id, ""))
	limited := 0
	for range DefaultBurst + 10 {
		if resp, _ := e.get(c, fmt.Sprintf("/web/g/%d/board.png", id)); resp.StatusCode == http.StatusTooManyRequests {
			limited++
		}
	}
	if limited == 0 {
		t.Errorf("%d requests at once: none slowed", DefaultBurst+10)
	}
}

// A page's event stream outlives the server's read and write timeouts
// (the doors' server has 10 s and 15 s): a move made after both have
// passed still reaches it.
func TestEventsOutliveServerTimeouts(t *testing.T) {
	e := newEnv(t, filepath.Join(t.TempDir(), "parlor.db"))
	short := httptest.NewUnstartedServer(e.srv)
	short.Config.ReadTimeout, short.Config.WriteTimeout = 200*time.Millisecond, 200*time.Millisecond
	short.Start()
	defer short.Close()
	e.http.Close()
	e.http = short
	id := e.game("kingsmen")
	c := e.browser()
	e.open(c, e.link(stranger, id, ""))
	resp, err := c.Get(fmt.Sprintf("%s/web/g/%d/events", short.URL, id))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := make(chan string, 8)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				lines <- v
			}
		}
		close(lines)
	}()
	<-lines
	time.Sleep(time.Second)
	v, err := e.table.WebView(context.Background(), bot.WebPass{UserID: stranger.ID, GuildID: guild, GameID: id}, nil)
	if err != nil {
		t.Fatal(err)
	}
	mover := alice
	if v.MoverID == bob.ID {
		mover = bob
	}
	if r := e.do(mover, bot.Request{Kind: bot.CommandRequest, Command: "kingsmen", Sub: "move", Options: map[string]string{"move": v.Moves[0].Text, "game": fmt.Sprint(id)}}); r.Public == nil {
		t.Fatalf("the move: %+v", r.Private)
	}
	select {
	case got, ok := <-lines:
		if !ok || got != fmt.Sprint(v.Version+1) {
			t.Errorf("after the timeouts: got %q (open %v), want version %d", got, ok, v.Version+1)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the stream heard nothing of the move")
	}
}
