package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Discord allows a bot about 50 calls a second in all, whatever their
// route, shared by every replica and shard of the bot; calls made with an
// interaction's token are not counted. Past the limit Discord answers 429
// with how long to wait, and a bot that keeps on regardless is banned for
// a while. So every call the door makes against that limit (a channel's
// posts and edits, thread starts, opening a direct message, asking about a
// server) waits its turn in one budget per process: a token bucket of
// Rate calls a second, from which the calls waiting are served by class,
// the calls a player waits for first.

// DefaultRate is the calls a second against Discord's global limit a
// process makes when Rate is zero: short of the 50 Discord allows, to
// leave room for discordgo's own calls (registering the commands).
const DefaultRate = 40

// callClass is how soon a call against the global limit should go: a
// lower class never waits for a higher one.
type callClass int

const (
	// boardClass is what players wait for: a game's live messages (its
	// boards, its invitation), the boards owed after a crash, a new
	// game's thread.
	boardClass callClass = iota
	// noticeClass is the rest of what the bot says by itself: reminders,
	// digests, a thread's introduction, direct messages.
	noticeClass
	// cosmeticClass is the edits that take the buttons off old boards, whose
	// buttons only answer that they are out of date meanwhile.
	cosmeticClass
	classes
)

// budget is a token bucket of calls, shared by classes of callers: when
// there is room, the first caller waiting of the highest class goes.
// rate is the calls a second; a burst of up to a fifth of a second's
// calls may go at once, so that no second holds more than 1.2 times
// rate calls. now and after are its clock (time.Now and time.AfterFunc
// when nil).
type budget struct {
	rate  float64
	now   func() time.Time
	after func(time.Duration, func()) func() bool

	mu      sync.Mutex
	tokens  float64 // calls that may go now, up to burst
	last    time.Time
	held    time.Time // no call goes before: Discord's global limit is spent
	waiting [classes][]*turn
	timer   bool // a wake-up is set for the next token
}

// turn is a caller waiting in the budget; ready is closed when it may call.
type turn struct {
	ready   chan struct{}
	granted bool
}

func newBudget(rate float64) *budget {
	if rate <= 0 {
		rate = DefaultRate
	}
	b := &budget{rate: rate}
	b.tokens = b.burst()
	return b
}

func (b *budget) burst() float64 { return max(1, math.Floor(b.rate/5)) }

func (b *budget) clock() time.Time {
	if b.now != nil {
		return b.now()
	}
	return time.Now()
}

func (b *budget) afterFunc(d time.Duration, f func()) {
	if b.after != nil {
		b.after(d, f)
		return
	}
	time.AfterFunc(d, f)
}

// wait waits until a call of class c may go, or ctx ends.
func (b *budget) wait(ctx context.Context, c callClass) error {
	t := &turn{ready: make(chan struct{})}
	b.mu.Lock()
	b.waiting[c] = append(b.waiting[c], t)
	b.serve()
	b.mu.Unlock()
	select {
	case <-t.ready:
		return nil
	case <-ctx.Done():
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if t.granted {
		return nil // it may as well go: its token is spent
	}
	for i, w := range b.waiting[c] {
		if w == t {
			b.waiting[c] = append(b.waiting[c][:i:i], b.waiting[c][i+1:]...)
			break
		}
	}
	return ctx.Err()
}

// serve lets go as many waiting callers as there are tokens, the highest
// class first, and sets a wake-up for the next token if some still wait.
// It runs with b.mu held.
func (b *budget) serve() {
	now := b.clock()
	if !b.last.IsZero() {
		b.tokens = min(b.burst(), b.tokens+now.Sub(b.last).Seconds()*b.rate)
	}
	b.last = now
	if now.Before(b.held) {
		if !b.timer && b.queued() > 0 {
			b.timer = true
			b.afterFunc(b.held.Sub(now), b.wake)
		}
		return
	}
	for c := range b.waiting {
		for len(b.waiting[c]) > 0 && b.tokens >= 1 {
			t := b.waiting[c][0]
			b.waiting[c] = b.waiting[c][1:]
			b.tokens--
			t.granted = true
			close(t.ready)
		}
	}
	if b.timer || b.queued() == 0 {
		return
	}
	b.timer = true
	wait := time.Duration((1 - b.tokens) / b.rate * float64(time.Second))
	b.afterFunc(max(wait, time.Millisecond), b.wake)
}

// wake serves the callers waiting when a wake-up set by serve comes.
func (b *budget) wake() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.timer = false
	b.serve()
}

// hold lets no call go for d: Discord answered a call 429 for the global
// limit, spent for that long, and every call sent meanwhile would be
// refused too (and count towards a ban). The bucket is empty after it.
func (b *budget) hold(d time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if until := b.clock().Add(d); until.After(b.held) {
		b.held = until
	}
	b.tokens = 0
	b.serve()
}

// queued is how many callers wait. It runs with b.mu held.
func (b *budget) queued() int {
	n := 0
	for _, q := range b.waiting {
		n += len(q)
	}
	return n
}

// retryFor bounds how long a call against the global limit is tried again
// while Discord answers that it is busy (429) or failing (5xx); a board
// owed that was still not posted is posted by a later sweep.
const retryFor = 2 * time.Minute

// globalCall makes call, a call against Discord's global limit, when the
// process's budget lets a call of class c go, and again after a 429 (once
// Discord's retry_after has passed) or a 5xx, each time waiting its turn
// anew, until it goes through or retryFor has passed. It returns call's
// last error.
func (d *Discord) globalCall(ctx context.Context, log *slog.Logger, c callClass, what string, call func(ctx context.Context) error) error {
	start := time.Now()
	pause := time.Second
	for tries := 1; ; tries++ {
		if err := d.budget().wait(ctx, c); err != nil {
			return err
		}
		err := call(ctx)
		if err == nil {
			return nil
		}
		wait, again := retryAfter(err, pause)
		if !again || time.Since(start)+wait > retryFor {
			return err
		}
		log.Info("Discord asks to wait; trying again", "call", what, "tries", tries, "wait", wait, "err", err)
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return err
		}
		pause = min(2*pause, 30*time.Second)
	}
}

// budget is the process's budget of calls against the global limit,
// made at its first use with Rate calls a second.
func (d *Discord) budget() *budget {
	d.budgetOnce.Do(func() {
		if d.calls == nil {
			d.calls = newBudget(d.Rate)
		}
	})
	return d.calls
}

// retryAfter says whether err is worth trying again after a while, and
// how long: Discord's retry_after for a 429, the Retry-After header or
// pause for a 5xx.
func retryAfter(err error, pause time.Duration) (time.Duration, bool) {
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) && rl.RateLimit != nil && rl.TooManyRequests != nil {
		return max(rl.RetryAfter, 10*time.Millisecond), true
	}
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response == nil {
		return 0, false
	}
	code := re.Response.StatusCode
	if code != http.StatusTooManyRequests && code < 500 {
		return 0, false
	}
	if s, err := strconv.ParseFloat(re.Response.Header.Get("Retry-After"), 64); err == nil && s >= 0 {
		return max(time.Duration(s*float64(time.Second)), 10*time.Millisecond), true
	}
	return pause, true
}

// globalWatch is the session's transport, watching Discord's answers for a
// 429 of the global limit, which holds the budget (see hold): discordgo
// waits and tries again the call refused, but not the others, as Discord's
// global 429 carries none of the headers it holds every call by.
type globalWatch struct {
	next http.RoundTripper
	d    *Discord
}

func (g globalWatch) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := g.next.RoundTrip(r)
	if err != nil || resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("X-RateLimit-Global") == "" {
		return resp, err
	}
	// The body says how long exactly (retry_after, in seconds); the
	// Retry-After header, in whole seconds, is the fallback. discordgo
	// reads the body after us.
	wait := time.Second
	if s, err := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64); err == nil && s > 0 {
		wait = time.Duration(s * float64(time.Second))
	}
	body, rerr := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	var tm struct {
		RetryAfter float64 `json:"retry_after"`
	}
	if rerr == nil && json.Unmarshal(body, &tm) == nil && tm.RetryAfter > 0 {
		wait = time.Duration(tm.RetryAfter * float64(time.Second))
	}
	g.d.Logger.Warn("Discord's global rate limit is spent: no call against it goes for a while", "wait", wait, "path", r.URL.Path)
	g.d.budget().hold(wait)
	return resp, err
}
