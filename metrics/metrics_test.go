package metrics_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"parlor/bot"
	"parlor/bot/console"
	"parlor/metrics"
	"parlor/render"
	"parlor/storage"
)

// scrape GETs the handler's metrics and parses them as Prometheus's text
// format, failing the test when they do not parse.
func scrape(t *testing.T, h http.Handler) map[string]*dto.MetricFamily {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("scrape: got status %d, want 200: %s", rec.Code, rec.Body)
	}
	return Parse(t, rec.Body)
}

// Parse parses metrics in Prometheus's text format.
func Parse(t *testing.T, r io.Reader) map[string]*dto.MetricFamily {
	t.Helper()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(r)
	if err != nil {
		t.Fatalf("the scrape does not parse: %v", err)
	}
	return fams
}

// value is the sum of the family's samples (counters, gauges; a
// histogram's count) whose labels include want.
func value(fams map[string]*dto.MetricFamily, name string, want map[string]string) float64 {
	f, ok := fams[name]
	if !ok {
		return 0
	}
	sum := 0.0
next:
	for _, m := range f.Metric {
		for k, v := range want {
			found := false
			for _, l := range m.Label {
				found = found || l.GetName() == k && l.GetValue() == v
			}
			if !found {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			sum += m.Counter.GetValue()
		case m.Gauge != nil:
			sum += m.Gauge.GetValue()
		case m.Histogram != nil:
			sum += float64(m.Histogram.GetSampleCount())
		}
	}
	return sum
}

// TestGamePlayed: a game against the computer played through the table
// service moves the counters: interactions by kind and outcome, their
// answer's latency, pictures drawn, the computer's moves and think, and
// the games in play.
func TestGamePlayed(t *testing.T) {
	db, err := storage.Open(t.Context(), t.TempDir()+"/parlor.db")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := metrics.New()
	m.WatchGames(db.GamesInPlay)
	before := scrape(t, m.Handler())
	if n := value(before, "parlor_interactions_total", nil); n != 0 {
		t.Fatalf("before any game: got %v interactions, want 0", n)
	}
	table := bot.NewTable(bot.Config{Store: db, Painter: render.New(bot.Painters(bot.Kits())...), Kits: bot.Kits(), Think: time.Millisecond,
		Pace: bot.Pace{Off: true}, Metrics: m})
	c := console.NewConsole(table, io.Discard, t.TempDir())
	for _, line := range []string{
		"/kingsmen new @parlor",
		"mover: choose 1",
		"mover: choose 1",
		"/kingsmen move Zz9-z9", // not a move: refused
	} {
		if _, err := c.Line(t.Context(), line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	// With the computers' workers running, a move queues the computer's
	// turn, which a worker takes.
	ctx, cancel := context.WithCancel(t.Context())
	posted := make(chan struct{}, 16)
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		table.PlayComputers(ctx, 1, func([]bot.Notice) { posted <- struct{}{} })
	}()
	for !table.ComputerToMove(0) {
		time.Sleep(time.Millisecond) // the workers are starting
	}
	for _, line := range []string{"mover: choose 1", "mover: choose 1"} {
		if _, err := c.Line(t.Context(), line); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case <-posted:
	case <-time.After(30 * time.Second):
		t.Fatal("no computer move from the workers within 30 s")
	}
	cancel()
	<-stopped
	fams := scrape(t, m.Handler())
	for _, c := range []struct {
		name    string
		labels  map[string]string
		atLeast float64
	}{
		{"parlor_interactions_total", map[string]string{"kind": "command", "outcome": "ok"}, 1},
		{"parlor_interactions_total", map[string]string{"kind": "component", "outcome": "ok"}, 2},
		{"parlor_interactions_total", map[string]string{"kind": "command", "outcome": "refused"}, 1},
		{"parlor_answer_seconds", map[string]string{"kind": "component"}, 2},
		{"parlor_pictures_total", map[string]string{"outcome": "ok"}, 2},
		{"parlor_picture_seconds", nil, 2},
		{"parlor_computer_moves_total", map[string]string{"game": "kingsmen"}, 1},
		{"parlor_computer_think_seconds", map[string]string{"game": "kingsmen"}, 1},
		{"parlor_games_in_play", map[string]string{"game": "kingsmen"}, 1},
		{"parlor_computer_queue_wait_seconds", nil, 1},
	} {
		if got := value(fams, c.name, c.labels); got < c.atLeast {
			t.Errorf("%s%v: got %v, want at least %v", c.name, c.labels, got, c.atLeast)
		}
	}
}

// TestRoute: Discord's paths count by their template, without ids or
// tokens.
func TestRoute(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"/api/v9/channels/123/messages", "/channels/{id}/messages"},
		{"/api/v9/channels/123/messages/456", "/channels/{id}/messages/{id}"},
		{"/api/v10/webhooks/99/aW50ZXJhY3Rpb246c2VjcmV0/messages/@original", "/webhooks/{id}/{token}/messages/@original"},
		{"/api/v9/interactions/77/c2VjcmV0/callback", "/interactions/{id}/{token}/callback"},
		{"/api/v9/applications/1/guilds/2/commands", "/applications/{id}/guilds/{id}/commands"},
		{"/api/v9/channels/1/messages/2/reactions/%F0%9F%91%8D/@me", "/channels/{id}/messages/{id}/reactions/{emoji}/@me"},
		{"/api/v9/gateway/bot", "/gateway/bot"},
	} {
		if got := metrics.Route(c.path); got != c.want {
			t.Errorf("Route(%q): got %q, want %q", c.path, got, c.want)
		}
	}
}

// TestTransport: calls through the transport count by method, route and
// status, and Discord's 429s by scope; the answer passes through.
func TestTransport(t *testing.T) {
	answers := []func(w http.ResponseWriter){
		func(w http.ResponseWriter) { w.WriteHeader(http.StatusOK) },
		func(w http.ResponseWriter) {
			w.Header().Set("X-RateLimit-Global", "true")
			w.WriteHeader(http.StatusTooManyRequests)
		},
		func(w http.ResponseWriter) {
			w.Header().Set("X-RateLimit-Scope", "user")
			w.WriteHeader(http.StatusTooManyRequests)
		},
	}
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		answers[n](w)
		n++
	}))
	defer srv.Close()
	m := metrics.New()
	client := &http.Client{Transport: m.Transport(http.DefaultTransport)}
	var statuses []int
	for range answers {
		resp, err := client.Post(srv.URL+"/api/v9/channels/42/messages", "application/json", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		statuses = append(statuses, resp.StatusCode)
	}
	if statuses[0] != 200 || statuses[1] != 429 || statuses[2] != 429 {
		t.Fatalf("got statuses %v, want 200 429 429", statuses)
	}
	srv.Close()
	if _, err := client.Get(srv.URL + "/api/v9/gateway/bot"); err == nil {
		t.Fatal("a call to a closed server succeeded")
	}
	fams := scrape(t, m.Handler())
	route := "/channels/{id}/messages"
	for _, c := range []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"parlor_discord_calls_total", map[string]string{"method": "POST", "route": route}, 3},
		{"parlor_discord_calls_total", map[string]string{"method": "POST", "route": route, "status": "200"}, 1},
		{"parlor_discord_calls_total", map[string]string{"method": "POST", "route": route, "status": "429"}, 2},
		{"parlor_discord_calls_total", map[string]string{"method": "GET", "route": "/gateway/bot", "status": "0"}, 1},
		{"parlor_discord_rate_limited_total", map[string]string{"route": route, "scope": "global"}, 1},
		{"parlor_discord_rate_limited_total", map[string]string{"route": route, "scope": "route"}, 1},
	} {
		if got := value(fams, c.name, c.labels); got != c.want {
			t.Errorf("%s%v: got %v, want %v", c.name, c.labels, got, c.want)
		}
	}
}

// TestDatabaseCounts: database errors count by class, and retries.
func TestDatabaseCounts(t *testing.T) {
	m := metrics.New()
	m.StoreError("busy")
	m.StoreError("busy")
	m.StoreError("unavailable")
	m.Retry()
	fams := scrape(t, m.Handler())
	for _, c := range []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"parlor_database_errors_total", map[string]string{"class": "busy"}, 2},
		{"parlor_database_errors_total", map[string]string{"class": "unavailable"}, 1},
		{"parlor_database_retries_total", nil, 1},
	} {
		if got := value(fams, c.name, c.labels); got != c.want {
			t.Errorf("%s%v: got %v, want %v", c.name, c.labels, got, c.want)
		}
	}
}
