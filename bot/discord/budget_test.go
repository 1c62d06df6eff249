package discord

import (
	"context"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"parlor/bot"
)

// fakeClock is a clock a test moves by hand, with the wake-ups set on it.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []fakeTimer
}

type fakeTimer struct {
	at time.Time
	f  func()
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 28, 1, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.timers = append(c.timers, fakeTimer{at: c.now.Add(d), f: f})
	return func() bool { return false }
}

// advance moves the clock on by d and runs the wake-ups then due.
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []func()
	kept := c.timers[:0]
	for _, t := range c.timers {
		if !t.at.After(c.now) {
			due = append(due, t.f)
		} else {
			kept = append(kept, t)
		}
	}
	c.timers = kept
	c.mu.Unlock()
	for _, f := range due {
		f()
	}
}

// onFakeClock is a budget of rate calls a second on clock c.
func onFakeClock(rate float64, c *fakeClock) *budget {
	b := newBudget(rate)
	b.now, b.after = c.Now, c.AfterFunc
	return b
}

// awaitQueued waits until n callers wait in b.
func awaitQueued(t *testing.T, b *budget, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		b.mu.Lock()
		q := b.queued()
		b.mu.Unlock()
		if q == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d callers wait, want %d", q, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// Under a queue, the calls go by class, boards first and the edits of old
// boards last, each class in the order it came; none is dropped, and no
// more go than the rate allows.
func TestBudgetPriorities(t *testing.T) {
	c := newFakeClock()
	b := onFakeClock(5, c) // one call at once, then one every 200 ms
	if err := b.wait(t.Context(), boardClass); err != nil {
		t.Fatal(err)
	}
	callers := []struct {
		name  string
		class callClass
	}{
		{"edit 1", cosmeticClass}, {"reminder 1", noticeClass}, {"board 1", boardClass},
		{"edit 2", cosmeticClass}, {"board 2", boardClass}, {"reminder 2", noticeClass},
	}
	var mu sync.Mutex
	var order []string
	var wg sync.WaitGroup
	for i, cl := range callers {
		wg.Go(func() {
			if err := b.wait(context.Background(), cl.class); err != nil {
				t.Errorf("%s: %v", cl.name, err)
				return
			}
			mu.Lock()
			order = append(order, cl.name)
			mu.Unlock()
		})
		awaitQueued(t, b, i+1) // in this order within each class
	}
	for step := 1; step <= len(callers); step++ {
		c.advance(200 * time.Millisecond)
		deadline := time.Now().Add(5 * time.Second)
		for {
			mu.Lock()
			n := len(order)
			mu.Unlock()
			if n == step {
				break
			}
			if n > step || time.Now().After(deadline) {
				t.Fatalf("after %d steps of 200 ms, %d calls went: %v", step, n, order)
			}
			time.Sleep(time.Millisecond)
		}
	}
	wg.Wait()
	want := []string{"board 1", "board 2", "reminder 1", "reminder 2", "edit 1", "edit 2"}
	if !slices.Equal(order, want) {
		t.Errorf("calls went in the order %v, want %v", order, want)
	}
}

// A board that comes while edits of old boards wait goes before them all,
// and a caller that gives up leaves its turn to the next.
func TestBudgetBoardOvertakesEdits(t *testing.T) {
	c := newFakeClock()
	b := onFakeClock(5, c)
	b.wait(t.Context(), boardClass) // the one call at once
	went := make(chan string, 10)
	for i := range 3 {
		go func() {
			b.wait(context.Background(), cosmeticClass)
			went <- "edit"
		}()
		awaitQueued(t, b, i+1)
	}
	ctx, cancel := context.WithCancel(t.Context())
	gaveUp := make(chan error)
	go func() { gaveUp <- b.wait(ctx, noticeClass) }()
	awaitQueued(t, b, 4)
	cancel()
	if err := <-gaveUp; err == nil {
		t.Fatalf("a caller whose context ended was let go")
	}
	go func() {
		b.wait(context.Background(), boardClass)
		went <- "board"
	}()
	awaitQueued(t, b, 4)
	c.advance(200 * time.Millisecond)
	if got := <-went; got != "board" {
		t.Fatalf("the first call to go after the board came was an %s", got)
	}
	for range 3 {
		c.advance(200 * time.Millisecond)
		if got := <-went; got != "edit" {
			t.Fatalf("got %s, want the edits", got)
		}
	}
}

// Over a long queue the calls go at the rate and no faster: after s
// seconds, at most the burst and s times the rate have gone, and every
// call goes in the end.
func TestBudgetRate(t *testing.T) {
	c := newFakeClock()
	const rate, calls = 40, 200
	b := onFakeClock(rate, c)
	var went atomic.Int64
	var wg sync.WaitGroup
	for i := range calls {
		wg.Go(func() {
			if err := b.wait(context.Background(), callClass(i%int(classes))); err == nil {
				went.Add(1)
			}
		})
	}
	// Let the callers queue (some have gone at once: the burst).
	deadline := time.Now().Add(5 * time.Second)
	for {
		b.mu.Lock()
		q := b.queued()
		b.mu.Unlock()
		if int64(q)+went.Load() == calls {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the callers did not queue")
		}
		time.Sleep(time.Millisecond)
	}
	burst := int64(b.burst())
	for ms := 0; went.Load() < calls; ms += 25 {
		if ms > 10_000 {
			t.Fatalf("after 10 s, %d of %d calls went", went.Load(), calls)
		}
		c.advance(25 * time.Millisecond)
		time.Sleep(time.Millisecond) // let the callers let go run
		if most := burst + int64(float64(ms+25)/1000*rate); went.Load() > most {
			t.Fatalf("after %d ms, %d calls went, more than %d", ms+25, went.Load(), most)
		}
	}
	wg.Wait()
}

// flaky is Discord's REST API answering the first calls of each path with
// an error: a 429 asking to wait a little, then a 503, then the call.
type flaky struct {
	mu    sync.Mutex
	calls map[string]int
}

func (f *flaky) RoundTrip(req *http.Request) (*http.Response, error) {
	io.Copy(io.Discard, req.Body)
	f.mu.Lock()
	f.calls[req.URL.Path]++
	n := f.calls[req.URL.Path]
	f.mu.Unlock()
	answer := func(code int, h http.Header, body string) (*http.Response, error) {
		h.Set("Content-Type", "application/json")
		return &http.Response{StatusCode: code, Header: h, Body: io.NopCloser(strings.NewReader(body)), Request: req}, nil
	}
	switch n {
	case 1:
		return answer(http.StatusTooManyRequests, http.Header{}, `{"message":"You are being rate limited.","retry_after":0.02,"global":true}`)
	case 2:
		return answer(http.StatusServiceUnavailable, http.Header{"Retry-After": {"0"}}, `{"message":"upstream busy","code":0}`)
	}
	return answer(http.StatusOK, http.Header{}, `{"id":"m1","channel_id":"c"}`)
}

// A post Discord answers 429, then 503, is tried again after the wait it
// asks for, and goes: a board is not dropped for Discord being busy.
func TestPostRetriedAfter429And5xx(t *testing.T) {
	f := &flaky{calls: map[string]int{}}
	s, _ := discordgo.New("Bot test")
	s.Client = &http.Client{Transport: f}
	s.MaxRestRetries = 0
	s.ShouldRetryOnRateLimit = false // the door's own retry is what is tested
	d := NewDiscord(s, fixedHandler{}, "", nil)
	got, err := d.post(d.Logger, "c", &bot.Message{Content: "a board"}, "", bot.English)
	if err != nil || got.MessageID != "m1" {
		t.Fatalf("post: %+v, %v; want it posted after the retries", got, err)
	}
	if n := f.calls["/api/v9/channels/c/messages"]; n != 3 {
		t.Errorf("the post was sent %d times, want 3 (429, 503, 200)", n)
	}
}

// A call refused for good (403) is not tried again.
func TestRefusedCallNotRetried(t *testing.T) {
	var n atomic.Int64
	s, _ := discordgo.New("Bot test")
	d := NewDiscord(s, fixedHandler{}, "", nil)
	err := d.globalCall(t.Context(), d.Logger, noticeClass, "post", func(context.Context) error {
		n.Add(1)
		return &discordgo.RESTError{Response: &http.Response{StatusCode: http.StatusForbidden}}
	})
	if err == nil || n.Load() != 1 {
		t.Errorf("a 403 was tried %d times (err %v), want once", n.Load(), err)
	}
}

// A global 429 holds every call for the wait Discord asks for: none goes
// before it has passed, and they go by class after.
func TestBudgetHeldByGlobal429(t *testing.T) {
	c := newFakeClock()
	b := onFakeClock(5, c) // one call at once, then one every 200 ms
	b.hold(1500 * time.Millisecond)
	went := make(chan callClass, 2)
	for i, cl := range []callClass{cosmeticClass, boardClass} {
		go func() {
			b.wait(context.Background(), cl)
			went <- cl
		}()
		awaitQueued(t, b, i+1)
	}
	c.advance(1400 * time.Millisecond)
	select {
	case cl := <-went:
		t.Fatalf("a call of class %d went before the global limit's wait had passed", cl)
	case <-time.After(20 * time.Millisecond):
	}
	c.advance(100 * time.Millisecond)
	if first := <-went; first != boardClass {
		t.Errorf("after the wait, a call of class %d went first, want the board", first)
	}
	c.advance(200 * time.Millisecond)
	if second := <-went; second != cosmeticClass {
		t.Errorf("then class %d, want the edit", second)
	}
}

// The session's transport tells the budget of a global 429 with the wait
// its body says; a 429 of a route's bucket holds nothing.
func TestGlobalWatch(t *testing.T) {
	for _, tc := range []struct {
		name   string
		header http.Header
		held   bool
	}{
		{"global", http.Header{"X-Ratelimit-Global": {"true"}, "Retry-After": {"1"}}, true},
		{"a route's bucket", http.Header{"Retry-After": {"1"}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := discordgo.New("Bot test")
			s.Client = &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
				return &http.Response{StatusCode: http.StatusTooManyRequests, Header: tc.header, Request: r,
					Body: io.NopCloser(strings.NewReader(`{"message":"You are being rate limited.","retry_after":0.25,"global":true}`))}, nil
			})}
			d := NewDiscord(s, fixedHandler{}, "", nil)
			start := time.Now()
			resp, err := s.Client.Get("https://discord.com/api/v9/channels/c/messages")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			if !strings.Contains(string(body), `"retry_after":0.25`) {
				t.Errorf("the body left for discordgo is %q", body)
			}
			b := d.budget()
			b.mu.Lock()
			held := b.held
			b.mu.Unlock()
			switch {
			case tc.held && (held.Before(start.Add(250*time.Millisecond)) || held.After(time.Now().Add(250*time.Millisecond))):
				t.Errorf("held until %v after the call, want 250 ms", held.Sub(start))
			case !tc.held && !held.IsZero():
				t.Errorf("a route's 429 held the budget")
			}
		})
	}
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
