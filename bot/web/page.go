package web

import (
	"bytes"
	"context"
	"html/template"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"

	"parlor/bot"
)

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"ts": func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
	"day": func(t time.Time) string {
		return t.UTC().Format("2006-01-02 15:04") + " UTC"
	},
}).ParseFS(assets, "assets/*.html"))

// pageWords are the words of the page's own frame, in lang, with more
// for one page.
func pageWords(lang bot.Lang, more map[string]string) map[string]string {
	w := map[string]string{
		"Lang":     lang.Code(),
		"Title":    "Parlor",
		"Opening":  lang.T("Opening your game…"),
		"NoScript": lang.T("This page needs JavaScript to open the link."),
		"Players":  lang.T("Players"),
		"ToMove":   lang.T("to move"),
		"You":      lang.T("you"),
		"Computer": lang.T("computer"),
		"YourMove": lang.T("Your move"),
		"AllMoves": lang.T("Every legal move"),
		"History":  lang.T("Moves so far"),
		"NoMoves":  lang.T("No moves yet."),
		"Watching": lang.T("You are watching this game."),
		"Waiting":  lang.T("Waiting for the other players."),
		"Since":    lang.T("Turn began"),
		"Deadline": lang.T("Deadline"),
		"Paused":   lang.T("The game is paused."),
		"Board":    lang.T("The board"),
		"Live":     lang.T("This page shows every move as it is made."),
	}
	for k, v := range more {
		w[k] = v
	}
	return w
}

// pageData is what the game's page template reads.
type pageData struct {
	W       map[string]string
	V       *bot.WebView
	You     string // the member's user id
	Mover   bool   // the member is to move
	Player  bool   // the member plays the game
	CSRF    string
	Said    string // what the table answered the member's last move, if not the board
	Version int64
}

// page renders the game's page for the session's member, with said, the
// table's answer to their move when it was not a board, and drawn, the
// board it was.
func (s *Server) page(w http.ResponseWriter, r *http.Request, p bot.WebPass, session, said string, status int, drawn *bot.Message) {
	v, err := s.view(r.Context(), p, drawn)
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	d := pageData{W: pageWords(p.Lang(), nil), V: v, You: p.UserID, Mover: v.MoverID == p.UserID, CSRF: s.csrf(session), Said: said, Version: v.Version}
	for _, pl := range v.Players {
		if pl.UserID == p.UserID {
			d.Player = true
		}
	}
	d.W["Title"] = v.Title + " · Parlor"
	s.render(w, status, "game.html", d)
}

// render writes a page from its template, or says the page failed.
func (s *Server) render(w http.ResponseWriter, status int, name string, data any) {
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		s.Logger.Error("web: render a page", "page", name, "err", err)
		http.Error(w, "the page could not be made", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// viewKey is a game's view at a version, in a language.
type viewKey struct {
	game, version int64
	lang          string
}

// views keeps the views drawn lately: every page of a game shows the same
// view of each version (in each language), drawn once, also when many
// pages ask for it at once (each page of a game loads itself again at
// each move).
type views struct {
	mu      sync.Mutex
	byKey   map[viewKey]*bot.WebView
	drawing map[viewKey]*drawing
}

// drawing is a view being drawn, which the pages that ask meanwhile wait
// for.
type drawing struct {
	done chan struct{}
	v    *bot.WebView
	err  error
}

// viewsKept bounds the views kept; past it, one is dropped at random.
const viewsKept = 400

// view is the game's view as it stands, in the member's language; drawn,
// if set, is a board of the game the door has (see Table.WebView).
func (s *Server) view(ctx context.Context, p bot.WebPass, drawn *bot.Message) (*bot.WebView, error) {
	vs, err := s.Table.WebVersions(ctx, []int64{p.GameID})
	if err != nil {
		return nil, err
	}
	key := viewKey{game: p.GameID, version: vs[p.GameID], lang: p.Lang().Code()}
	s.views.mu.Lock()
	if v, ok := s.views.byKey[key]; ok {
		s.views.mu.Unlock()
		return v, nil
	}
	if d, ok := s.views.drawing[key]; ok {
		s.views.mu.Unlock()
		select {
		case <-d.done:
			return d.v, d.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	d := &drawing{done: make(chan struct{})}
	s.views.drawing[key] = d
	s.views.mu.Unlock()

	d.v, d.err = s.Table.WebView(context.WithoutCancel(ctx), p, drawn)
	s.views.mu.Lock()
	defer s.views.mu.Unlock()
	delete(s.views.drawing, key)
	close(d.done)
	if d.err != nil {
		return nil, d.err
	}
	if len(s.views.byKey) >= viewsKept {
		drop := rand.IntN(len(s.views.byKey))
		for k := range s.views.byKey {
			if drop == 0 {
				delete(s.views.byKey, k)
				break
			}
			drop--
		}
	}
	// Kept under the version it shows, which a move made meanwhile may
	// have made newer than the one read.
	key.version = d.v.Version
	s.views.byKey[key] = d.v
	return d.v, nil
}

// limiter bounds each session's requests: a bucket of Burst requests a
// session, refilled at Rate a second.
type limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   float64
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// allow takes a request from key's bucket, if it has one left.
func (l *limiter) allow(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) > 10000 {
			// Forget the full buckets, which are as new ones.
			for k, b := range l.buckets {
				if b.tokens+now.Sub(b.at).Seconds()*l.rate >= l.burst {
					delete(l.buckets, k)
				}
			}
		}
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[key] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
