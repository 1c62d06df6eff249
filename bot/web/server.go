package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"parlor/bot"
)

// Table is what the door needs of the table service.
type Table interface {
	bot.Handler
	OpenWebLink(ctx context.Context, tok string) (bot.WebPass, error)
	CheckWebPass(ctx context.Context, p bot.WebPass) error
	WebToken(p bot.WebPass) string
	WebView(ctx context.Context, p bot.WebPass, drawn *bot.Message) (*bot.WebView, error)
	WebVersions(ctx context.Context, ids []int64) (map[int64]int64, error)
}

// Server serves the pages under /web/.
type Server struct {
	Table Table
	// Key signs the pages' CSRF tokens; every replica must have the same
	// (the web links' key will do).
	Key []byte
	// SignIn signs a browser in; nil means Link.
	SignIn SignIn
	// Secure marks the session cookie Secure: set it when the public
	// address is https.
	Secure bool
	// Deliver hands the answer to a move made on a page to the Discord
	// door, which posts its board in the game's thread and wakes the
	// computer players (discord.Discord.Deliver). Nil leaves the board
	// owed, and the next sweep posts it.
	Deliver func(ctx context.Context, req bot.Request, resp bot.Response)
	// Poll is how often the door reads the versions of the games its
	// pages show; zero means DefaultPoll.
	Poll time.Duration
	// Rate and Burst bound a session's requests: Rate a second, Burst at
	// once; zero means DefaultRate and DefaultBurst.
	Rate  float64
	Burst int
	// Now is the clock of the rate limit; nil means time.Now.
	Now    func() time.Time
	Logger *slog.Logger

	once   sync.Once
	hub    *hub
	limits *limiter
	views  *views
	stop   chan struct{}
	closed sync.Once
}

// The defaults of Server's settings.
const (
	DefaultPoll  = 250 * time.Millisecond
	DefaultRate  = 5.0
	DefaultBurst = 40
)

//go:embed assets
var assets embed.FS

func (s *Server) init() {
	s.once.Do(func() {
		if s.SignIn == nil {
			s.SignIn = Link{Table: s.Table}
		}
		if s.Logger == nil {
			s.Logger = slog.New(slog.DiscardHandler)
		}
		if s.Now == nil {
			s.Now = time.Now
		}
		s.stop = make(chan struct{})
		s.hub = newHub(s)
		s.limits = &limiter{rate: s.Rate, burst: float64(s.Burst), buckets: map[string]*bucket{}}
		if s.limits.rate <= 0 {
			s.limits.rate = DefaultRate
		}
		if s.limits.burst <= 0 {
			s.limits.burst = DefaultBurst
		}
		s.views = &views{byKey: map[viewKey]*bot.WebView{}, drawing: map[viewKey]*drawing{}}
	})
}

// Close ends the pages' event streams, which would otherwise hold a
// stopping server's Shutdown until its grace runs out; the browsers
// connect again, to another replica or to the process that replaces
// this one.
func (s *Server) Close() {
	s.init()
	s.closed.Do(func() { close(s.stop) })
}

// csp lets the page load its own style, script and pictures and nothing
// else: no inline script, no other site; it may be framed by Discord (an
// Activity) and by itself only.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'self' https://discord.com https://*.discordsays.com"

// ServeHTTP routes a request under /web/: open (the link's landing page,
// and the sign-in it posts), static/ (style and script), and g/{game}/
// (the game's page, its board, its events, its moves).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.init()
	h := w.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	rest, ok := strings.CutPrefix(r.URL.Path, "/web/")
	if !ok {
		http.NotFound(w, r)
		return
	}
	switch {
	case rest == "open":
		s.open(w, r)
	case strings.HasPrefix(rest, "static/"):
		s.static(w, r, strings.TrimPrefix(rest, "static/"))
	case strings.HasPrefix(rest, "g/"):
		id, page, _ := strings.Cut(strings.TrimPrefix(rest, "g/"), "/")
		game, err := strconv.ParseInt(id, 10, 64)
		if err != nil || game <= 0 {
			http.NotFound(w, r)
			return
		}
		s.game(w, r, game, page)
	default:
		http.NotFound(w, r)
	}
}

// static serves the page's style and script.
func (s *Server) static(w http.ResponseWriter, r *http.Request, name string) {
	types := map[string]string{"page.css": "text/css; charset=utf-8", "page.js": "text/javascript; charset=utf-8", "open.js": "text/javascript; charset=utf-8"}
	ct, ok := types[name]
	if !ok || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		http.NotFound(w, r)
		return
	}
	data, err := assets.ReadFile("assets/" + name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Write(data)
}

// cookieName is the session cookie of a game's page: one a game, so that
// a member may have the pages of several games open.
func cookieName(game int64) string { return "parlor_g" + strconv.FormatInt(game, 10) }

// open is the link's landing page (GET), whose script posts the token
// from the address's fragment back (POST): a good token starts a session
// for its game's page, and the script goes there, the token gone from the
// address bar; any other gets the plain page that says the link opens
// nothing.
func (s *Server) open(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		s.render(w, http.StatusOK, "open.html", pageWords(bot.English, nil))
		return
	case http.MethodPost:
	default:
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if !sameOrigin(r) {
		http.Error(w, "cross-site request refused", http.StatusForbidden)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if !s.limits.allow("open "+clientOf(r), s.Now()) {
		s.tooMany(w)
		return
	}
	p, err := s.SignIn.SignIn(r.Context(), r)
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName(p.GameID), Value: s.Table.WebToken(p), Path: cookiePath(r), Expires: p.Expires,
		HttpOnly: true, Secure: s.Secure, SameSite: http.SameSiteLaxMode})
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	// The address the script goes to, relative to this page's.
	fmt.Fprintf(w, "g/%d/", p.GameID)
}

// cookiePath is the folder the door is served from, as the browser
// sees it (/web/ here, or under the prefix a proxy adds, which it then
// strips): the session cookie goes to every page of the door.
func cookiePath(r *http.Request) string {
	if p := r.Header.Get("X-Forwarded-Prefix"); strings.HasPrefix(p, "/") {
		return strings.TrimSuffix(p, "/") + "/web/"
	}
	return "/web/"
}

// clientOf is the address a request came from, to bound the sign-ins
// one address tries.
func clientOf(r *http.Request) string {
	host := r.RemoteAddr
	if i := strings.LastIndexByte(host, ':'); i > 0 {
		host = host[:i]
	}
	return host
}

// sameOrigin reports whether a state-changing request comes from the
// door's own pages: a browser says where a request comes from (Origin,
// or Sec-Fetch-Site); one that says another site is refused.
func sameOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" {
		return false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host == r.Host
}

// refuse answers a sign-in or a session that does not hold with the plain
// page that says so, naming no game.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, err error) {
	lang := bot.English
	say := bot.N("This link does not open anything: it is not one Parlor made, or it was changed.")
	status := http.StatusForbidden
	switch {
	case errors.Is(err, bot.ErrWebLinkExpired):
		say = bot.N("This link has expired. Ask Parlor for a new one with /<game> web.")
	case errors.Is(err, bot.ErrWebLinkRevoked):
		say = bot.N("This link was revoked. Ask Parlor for a new one with /<game> web.")
	case errors.Is(err, bot.ErrWebLinkBad):
	default:
		s.Logger.Error("web: open a link", "err", err)
		say, status = bot.N("Parlor could not open this page just now. Please try again in a moment."), http.StatusServiceUnavailable
	}
	s.render(w, status, "gone.html", pageWords(lang, map[string]string{"Say": lang.T(say)}))
}

// tooMany answers a session (or an address) past its rate.
func (s *Server) tooMany(w http.ResponseWriter) {
	w.Header().Set("Retry-After", "2")
	http.Error(w, "too many requests: slow down", http.StatusTooManyRequests)
}

// session is a page's signed-in member, from the game's session cookie,
// checked again (not expired, not revoked, the game still where it was).
func (s *Server) session(r *http.Request, game int64) (bot.WebPass, string, error) {
	c, err := r.Cookie(cookieName(game))
	if err != nil || c.Value == "" {
		return bot.WebPass{}, "", bot.ErrWebLinkBad
	}
	p, err := s.Table.OpenWebLink(r.Context(), c.Value)
	if err != nil {
		return bot.WebPass{}, "", err
	}
	if p.GameID != game {
		return bot.WebPass{}, "", bot.ErrWebLinkBad
	}
	return p, c.Value, nil
}

// csrf is the token a session's forms carry: an HMAC of the session under
// the door's key, which another site can neither read nor make.
func (s *Server) csrf(session string) string {
	h := hmac.New(sha256.New, s.Key)
	h.Write([]byte("csrf\n" + session))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}

// sessionKey names a session in the rate limit without keeping its token.
func sessionKey(session string) string {
	sum := sha256.Sum256([]byte(session))
	return hex.EncodeToString(sum[:12])
}

// game serves a game's page and what it loads: "" the page, "board.png"
// the picture, "events" the live stream, "move" a move (POST).
func (s *Server) game(w http.ResponseWriter, r *http.Request, game int64, page string) {
	// The rate comes before the session is checked, which reads the
	// database: a session sent too often is slowed down unread.
	if c, err := r.Cookie(cookieName(game)); err == nil && !s.limits.allow(sessionKey(c.Value), s.Now()) {
		s.tooMany(w)
		return
	}
	p, session, err := s.session(r, game)
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	switch page {
	case "":
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		s.page(w, r, p, session, "", http.StatusOK, nil)
	case "board.png":
		s.board(w, r, p)
	case "events":
		s.events(w, r, p)
	case "move":
		s.move(w, r, p, session)
	default:
		http.NotFound(w, r)
	}
}

// board serves the game's picture as it stands.
func (s *Server) board(w http.ResponseWriter, r *http.Request, p bot.WebPass) {
	v, err := s.view(r.Context(), p, nil)
	if err != nil || len(v.PNG) == 0 {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=3600")
	w.Write(v.PNG)
}

// maxMoveText bounds a move's text from a page: every game's moves are
// far shorter.
const maxMoveText = 120

// move plays a move for the session's member, as a click on the board in
// Discord would: the form names the move and the version of the board it
// was chosen on, and carries the session's CSRF token. The answer is the
// page again, with what the table said.
func (s *Server) move(w http.ResponseWriter, r *http.Request, p bot.WebPass, session string) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 8<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	if !sameOrigin(r) || !hmac.Equal([]byte(r.PostFormValue("csrf")), []byte(s.csrf(session))) {
		http.Error(w, "this form is not from this page: reload the page", http.StatusForbidden)
		return
	}
	text := strings.TrimSpace(r.PostFormValue("move"))
	version, err := strconv.ParseInt(r.PostFormValue("version"), 10, 64)
	if text == "" || err != nil || version <= 0 || len(text) > maxMoveText {
		http.Error(w, "say which move, on which board", http.StatusBadRequest)
		return
	}
	v, err := s.view(r.Context(), p, nil)
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	name := ""
	for _, pl := range v.Players {
		if pl.UserID == p.UserID {
			name = pl.Name
		}
	}
	var id [12]byte
	rand.Read(id[:])
	req := bot.WebRequest(p, v.Where, name, "web-"+hex.EncodeToString(id[:]))
	req.Kind = bot.ComponentRequest
	req.CustomID = bot.WebMoveID(p.GameID, version, text)
	// The move is made whatever happens to the browser's request: the
	// table's answer, once stored, is delivered.
	ctx := context.WithoutCancel(r.Context())
	resp := s.Table.Handle(ctx, req)
	said := ""
	if resp.Private != nil {
		said = resp.Private.Content
	}
	if resp.Public != nil {
		// The page's view of the new version takes the picture the
		// table drew for Discord, before any page asks for it.
		s.view(ctx, p, resp.Public)
		s.hub.changed(p.GameID)
		if s.Deliver != nil {
			// Posting in Discord may wait its turn behind other calls
			// (the rate budget): the mover's page does not wait for
			// it. A board not posted is owed, and a sweep posts it.
			go s.Deliver(ctx, req, resp)
		}
	}
	status := http.StatusOK
	if resp.Public == nil {
		status = http.StatusConflict
	}
	s.page(w, r, p, session, said, status, resp.Public)
}
