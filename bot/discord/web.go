package discord

import (
	"cmp"
	"context"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"parlor/bot"
)

// The web page (bot/web) is served by the same HTTP server as the
// interactions, under /web/ (Discord.Web), and a move made on it reaches
// Discord through Deliver.

// Deliver posts the answer to a request made through another door than
// Discord (a move on the web page): its public message (the game's new
// board) where the game is played, as a sweep's notice is posted, so that
// the board before loses its buttons and the board owed is paid; and it
// wakes the computer players, or a sweep, when the answer asks.
func (d *Discord) Deliver(ctx context.Context, req bot.Request, resp bot.Response) {
	if resp.Public != nil {
		n := bot.Notice{GuildID: req.GuildID, ChannelID: cmp.Or(resp.PublicIn, req.ChannelID), Message: resp.Public}
		if resp.Public.Live != nil {
			n.GameID = resp.Public.Live.GameID
		}
		d.postNotices(ctx, []bot.Notice{n})
	}
	if resp.Wake {
		d.wake(resp.Computer)
	}
}

// web serves a request for the web page, if the door has one.
func (d *Discord) web(w http.ResponseWriter, r *http.Request) bool {
	if d.Web == nil || !strings.HasPrefix(r.URL.Path, "/web/") {
		return false
	}
	d.Web.ServeHTTP(w, r)
	return true
}

// httpServer is the HTTP server of the doors, serving h: its timeouts
// bound slow and idle clients, and it ends the web page's live streams
// when it stops, which would otherwise hold its Shutdown to the end of the
// grace.
func (d *Discord) httpServer(h http.Handler) *http.Server {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 15 * time.Second, IdleTimeout: 60 * time.Second, MaxHeaderBytes: 64 << 10,
		ErrorLog: slog.NewLogLogger(d.Logger.Handler(), slog.LevelWarn)}
	if c, ok := d.Web.(interface{ Close() }); ok {
		srv.RegisterOnShutdown(c.Close)
	}
	return srv
}

// ServeWeb serves the web page (and GET /healthz) on ln without Discord's
// interactions, for a bot whose door to Discord is the gateway, until ctx
// ends; then it stops taking requests and finishes those under way, for
// up to grace.
func (d *Discord) ServeWeb(ctx context.Context, ln net.Listener, health func(context.Context) error, grace time.Duration) error {
	door := &HTTPDoor{Discord: d, Health: health, ctx: context.WithoutCancel(ctx)}
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", door.healthz)
	mux.HandleFunc("/web/", func(w http.ResponseWriter, r *http.Request) { d.web(w, r) })
	srv := d.httpServer(mux)
	return d.serveUntil(ctx, srv, ln, grace, "web page", "serving the web page", nil)
}
