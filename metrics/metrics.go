// Package metrics counts what Parlor does for an operator, in Prometheus's
// text format: it implements bot.Metrics with client_golang, counts the
// calls made to Discord's API through an http.RoundTripper, and serves
// /metrics on an address of its own (PARLOR_METRICS_ADDR), never on the
// public interactions door.
//
//	m := metrics.New()
//	table := bot.NewTable(bot.Config{..., Metrics: m})
//	m.WatchGames(db.GamesInPlay)
//	session.Client = &http.Client{Transport: m.Transport(http.DefaultTransport)}
//	go m.Serve(ctx, ln)
package metrics

import (
	"context"
	"errors"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics is Parlor's instruments, on a registry of their own.
type Metrics struct {
	reg             *prometheus.Registry
	interactions    *prometheus.CounterVec
	answer          *prometheus.HistogramVec
	storeErrors     *prometheus.CounterVec
	retries         prometheus.Counter
	pictures        *prometheus.CounterVec
	pictureTime     prometheus.Histogram
	computerMoves   *prometheus.CounterVec
	computerThink   *prometheus.HistogramVec
	computerWaiting prometheus.Gauge
	computerQueue   prometheus.Gauge
	computerWait    prometheus.Histogram
	discordCalls    *prometheus.CounterVec
	discordLimited  *prometheus.CounterVec
}

// GamesInPlay counts the games being played, by game (a command's name,
// like "kimbo"); a scrape asks it, so it must be cheap (one query).
type GamesInPlay func(ctx context.Context) (map[string]int, error)

// New makes the instruments.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "parlor_interactions_total",
			Help: "Interactions answered, by kind (command, component, autocomplete) and outcome (ok, refused, slowed, panic, error, or a database error's class)."},
			[]string{"kind", "outcome"}),
		answer: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "parlor_answer_seconds",
			Help:    "How long the table took to give an interaction its first answer, by kind.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2, 3, 5, 10}},
			[]string{"kind"}),
		storeErrors: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "parlor_database_errors_total",
			Help: "Database errors met by the table, by class (conflict, duplicate, busy, unavailable, unwritable, not_found, limit)."},
			[]string{"class"}),
		retries: prometheus.NewCounter(prometheus.CounterOpts{Name: "parlor_database_retries_total",
			Help: "Changes tried again after losing a race to another change of the same game."}),
		pictures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "parlor_pictures_total",
			Help: "Boards drawn, by outcome (ok, failed)."}, []string{"outcome"}),
		pictureTime: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "parlor_picture_seconds",
			Help:    "How long a board took to draw.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5}}),
		computerMoves: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "parlor_computer_moves_total",
			Help: "Moves chosen by computer players, by game."}, []string{"game"}),
		computerThink: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "parlor_computer_think_seconds",
			Help:    "How long a computer player thought over a move, by game.",
			Buckets: []float64{.001, .01, .05, .1, .2, .5, 1, 2, 5, 10, 30}}, []string{"game"}),
		computerWaiting: prometheus.NewGauge(prometheus.GaugeOpts{Name: "parlor_computer_waiting_games",
			Help: "Games with a computer player to move, as the last sweep found them."}),
		computerQueue: prometheus.NewGauge(prometheus.GaugeOpts{Name: "parlor_computer_queue_length",
			Help: "Computer players' turns waiting for a worker, as the last turn was taken."}),
		computerWait: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "parlor_computer_queue_wait_seconds",
			Help:    "How long a computer player's turn waited in the queue for a worker.",
			Buckets: []float64{.001, .01, .05, .1, .25, .5, 1, 2, 4, 8, 30, 120}}),
		discordCalls: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "parlor_discord_calls_total",
			Help: "Calls made to Discord's API, by method, route template and status code (0: no answer)."},
			[]string{"method", "route", "status"}),
		discordLimited: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "parlor_discord_rate_limited_total",
			Help: "Discord's 429 answers, by method, route template and scope (global, or the route's bucket)."},
			[]string{"method", "route", "scope"}),
	}
	m.reg.MustRegister(m.interactions, m.answer, m.storeErrors, m.retries, m.pictures, m.pictureTime, m.computerMoves,
		m.computerThink, m.computerWaiting, m.computerQueue, m.computerWait, m.discordCalls, m.discordLimited,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// WatchGames makes every scrape ask inPlay for the gauge
// parlor_games_in_play. Call it once.
func (m *Metrics) WatchGames(inPlay GamesInPlay) {
	m.reg.MustRegister(&inPlayCollector{count: inPlay, desc: prometheus.NewDesc("parlor_games_in_play",
		"Games being played, by game.", []string{"game"}, nil)})
}

// Interaction implements bot.Metrics.
func (m *Metrics) Interaction(kind, outcome string, took time.Duration) {
	m.interactions.WithLabelValues(kind, outcome).Inc()
	m.answer.WithLabelValues(kind).Observe(took.Seconds())
}

// StoreError implements bot.Metrics.
func (m *Metrics) StoreError(class string) { m.storeErrors.WithLabelValues(class).Inc() }

// Retry implements bot.Metrics.
func (m *Metrics) Retry() { m.retries.Inc() }

// Picture implements bot.Metrics.
func (m *Metrics) Picture(took time.Duration, failed bool) {
	outcome := "ok"
	if failed {
		outcome = "failed"
	}
	m.pictures.WithLabelValues(outcome).Inc()
	m.pictureTime.Observe(took.Seconds())
}

// ComputerMove implements bot.Metrics.
func (m *Metrics) ComputerMove(game string, think time.Duration) {
	m.computerMoves.WithLabelValues(game).Inc()
	m.computerThink.WithLabelValues(game).Observe(think.Seconds())
}

// ComputerWaiting implements bot.Metrics.
func (m *Metrics) ComputerWaiting(n int) { m.computerWaiting.Set(float64(n)) }

// ComputerQueue implements bot.Metrics.
func (m *Metrics) ComputerQueue(behind int, waited time.Duration) {
	m.computerQueue.Set(float64(behind))
	m.computerWait.Observe(waited.Seconds())
}

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg, ErrorHandling: promhttp.ContinueOnError})
}

// Serve serves GET /metrics (and nothing else) on ln until ctx ends.
func (m *Metrics) Serve(ctx context.Context, ln net.Listener) error {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	stop, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(stop); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// Transport counts every call made through next to Discord's API by
// method, route template (see Route) and status, and its 429s. next is
// typically http.DefaultTransport, which keeps HTTPS_PROXY working.
func (m *Metrics) Transport(next http.RoundTripper) http.RoundTripper {
	return transport{m: m, next: next}
}

type transport struct {
	m    *Metrics
	next http.RoundTripper
}

func (t transport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(r)
	route := Route(r.URL.Path)
	status := 0
	if err == nil {
		status = resp.StatusCode
	}
	t.m.discordCalls.WithLabelValues(r.Method, route, strconv.Itoa(status)).Inc()
	if status == http.StatusTooManyRequests {
		scope := "route"
		if resp.Header.Get("X-RateLimit-Global") == "true" || resp.Header.Get("X-RateLimit-Scope") == "global" {
			scope = "global"
		}
		t.m.discordLimited.WithLabelValues(r.Method, route, scope).Inc()
	}
	return resp, err
}

var (
	apiVersion = regexp.MustCompile(`^/api/v\d+`)
	// tokened are the routes whose segment after an id is an
	// interaction's or a webhook's token.
	tokened = map[string]bool{"webhooks": true, "interactions": true}
)

// Route is the template of a Discord API path: ids become {id} and
// interaction or webhook tokens {token}, so that a route's calls count
// together and no secret is ever a label.
//
//	Route("/api/v9/channels/123/messages/456") == "/channels/{id}/messages/{id}"
func Route(path string) string {
	parts := strings.Split(strings.Trim(apiVersion.ReplaceAllString(path, ""), "/"), "/")
	for i, p := range parts {
		switch {
		case isID(p):
			parts[i] = "{id}"
		case i >= 2 && tokened[parts[i-2]] && parts[i-1] == "{id}":
			parts[i] = "{token}"
		case i >= 1 && parts[i-1] == "reactions":
			parts[i] = "{emoji}"
		}
	}
	return "/" + strings.Join(parts, "/")
}

func isID(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// inPlayCollector asks for the games in play at each scrape.
type inPlayCollector struct {
	count GamesInPlay
	desc  *prometheus.Desc
}

func (c *inPlayCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *inPlayCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	byGame, err := c.count(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.desc, err)
		return
	}
	for game, n := range byGame {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(n), game)
	}
}
