package web

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"

	"parlor/bot"
)

// The live pages. A page listens to its game's events (Server-Sent
// Events): the game's version, at once and whenever it changes; the page
// then loads itself again. The door learns of a change two ways: a move
// made on one of its own pages tells it at once (changed), and every Poll
// it reads the versions of the games its pages show, which catches a move
// made in Discord, by the sweep, or through another replica.

// hub is the games the door's pages show, each with its listeners and
// the version last read.
type hub struct {
	s     *Server
	mu    sync.Mutex
	games map[int64]*watched
	// polling says the poll loop runs; it stops when no page listens.
	polling bool
	poke    chan struct{}
}

type watched struct {
	version   int64
	listeners map[chan int64]bool
}

func newHub(s *Server) *hub {
	return &hub{s: s, games: map[int64]*watched{}, poke: make(chan struct{}, 1)}
}

// listen adds a listener of game, which hears each new version; cancel
// removes it.
func (h *hub) listen(game, version int64) (ch chan int64, cancel func()) {
	ch = make(chan int64, 1)
	h.mu.Lock()
	defer h.mu.Unlock()
	g, ok := h.games[game]
	if !ok {
		g = &watched{version: version, listeners: map[chan int64]bool{}}
		h.games[game] = g
	}
	g.listeners[ch] = true
	if !h.polling {
		h.polling = true
		go h.poll()
	}
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(g.listeners, ch)
		if len(g.listeners) == 0 && h.games[game] == g {
			delete(h.games, game)
		}
	}
}

// changed says game changed through this door: the versions are read
// now rather than at the next tick.
func (h *hub) changed(int64) {
	select {
	case h.poke <- struct{}{}:
	default:
	}
}

// poll reads the watched games' versions every Poll (or when poked) and
// tells each game's listeners of a new one, until no page listens or the
// server closes.
func (h *hub) poll() {
	every := h.s.Poll
	if every <= 0 {
		every = DefaultPoll
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		h.mu.Lock()
		ids := make([]int64, 0, len(h.games))
		for id := range h.games {
			ids = append(ids, id)
		}
		if len(ids) == 0 {
			h.polling = false
			h.mu.Unlock()
			return
		}
		h.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		vs, err := h.s.Table.WebVersions(ctx, ids)
		cancel()
		if err != nil {
			h.s.Logger.Warn("web: read the games' versions", "err", err)
		}
		h.mu.Lock()
		for id, v := range vs {
			g, ok := h.games[id]
			if !ok || v <= g.version {
				continue
			}
			g.version = v
			for ch := range g.listeners {
				// A listener that has not taken the last version yet
				// gets the newest instead.
				select {
				case <-ch:
				default:
				}
				ch <- v
			}
		}
		h.mu.Unlock()
		select {
		case <-h.s.stop:
			h.mu.Lock()
			h.polling = false
			h.mu.Unlock()
			return
		case <-tick.C:
		case <-h.poke:
		}
	}
}

// heartbeat is how often an idle stream says it is alive, so that
// proxies keep it open.
const heartbeat = 20 * time.Second

// events streams the game's version to a page: at once, then at each
// change, until the page goes or the server closes.
func (s *Server) events(w http.ResponseWriter, r *http.Request, p bot.WebPass) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", "GET")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	vs, err := s.Table.WebVersions(r.Context(), []int64{p.GameID})
	if err != nil {
		http.Error(w, "the game's version could not be read", http.StatusServiceUnavailable)
		return
	}
	ch, cancel := s.hub.listen(p.GameID, vs[p.GameID])
	defer cancel()
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(format string, args ...any) bool {
		// The server's write timeout is for whole answers; a stream's
		// is for each write.
		rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !send("retry: 1000\nevent: version\ndata: %d\n\n", vs[p.GameID]) {
		return
	}
	beat := time.NewTicker(heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.stop:
			return
		case v := <-ch:
			// A revoked link's pages stop hearing at its next change.
			if err := s.Table.CheckWebPass(r.Context(), p); err != nil {
				send("event: gone\ndata: 0\n\n")
				return
			}
			if !send("event: version\ndata: %d\n\n", v) {
				return
			}
		case <-beat.C:
			if !send(": alive\n\n") {
				return
			}
		}
	}
}
