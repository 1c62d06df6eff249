package discordtest

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"
)

// Rate limits as Discord applies them. A bot may make about 50 calls a
// second that count against its global limit (every call but those made
// with an interaction's token, see Request.Global), all its processes
// together; and each route has buckets of its own, one per channel for the
// routes about a channel's messages. Past a limit Discord answers
// 429 Too Many Requests with a JSON body (message, retry_after in seconds
// as a float, global) and headers: Retry-After in whole seconds, and for
// the global limit X-RateLimit-Global: true and X-RateLimit-Scope: global,
// without a bucket's headers; for a route's bucket X-RateLimit-Scope: user.
// Every answer on a route with a bucket, 429 or not, says where the bucket
// stands: X-RateLimit-Limit, -Remaining, -Reset (Unix time in seconds),
// -Reset-After (seconds) and -Bucket (the bucket's name, the same for every
// channel). Clients pace themselves by these.
//
// discordgo (v0.29) reads them so: after an answer with -Remaining 0 it
// holds that bucket's next call until -Reset-After has passed; on a 429 it
// sleeps retry_after and sends the call again, as often as it takes. It
// holds every other call too only when a 429 says X-RateLimit-Global and
// also carries -Reset-After, which Discord's global 429 does not: so a bot
// on discordgo alone goes on sending its other calls while the global
// limit is spent, and each comes back 429, which the Fake reports as a
// call that ignored a 429 (see RateLimit).

// RateLimits are the rate limits the Fake enforces once EnforceRateLimits
// turns them on. The zero value enforces none.
type RateLimits struct {
	// Global is how many calls a second the bot may make that count
	// against its global limit (Request.Global), in windows of a second
	// that open with their first call, as a Bucket's; 0 is no limit.
	Global int
	// Messages is the bucket of creating messages in a channel or thread
	// (POST /channels/{channel}/messages), Edits of editing the messages
	// of a channel (PATCH /channels/{channel}/messages/{msg}), and Threads
	// of starting threads in a channel, from a message or not; each
	// channel has its own. A zero Bucket is no limit.
	Messages, Edits, Threads Bucket
}

// Bucket is a route's rate limit: Limit calls in a window of Per, which
// opens with the first call and, once Per has passed, resets.
type Bucket struct {
	Limit int
	Per   time.Duration
}

// DiscordRateLimits are the limits a bot meets on Discord, as far as they
// are known. The global limit, 50 calls a second, is documented. Route
// limits are not (Discord tells bots to read the headers instead), so
// these are what bots observe and report: creating messages in a channel
// 5 per 5 seconds, and editing them the same. Thread starts take the same
// shape here; Discord's own are at least that strict (it has answered
// bursts of them with waits of minutes), so a bot that fits these may
// still meet more.
func DiscordRateLimits() RateLimits {
	channel := Bucket{Limit: 5, Per: 5 * time.Second}
	return RateLimits{Global: 50, Messages: channel, Edits: channel, Threads: channel}
}

// EnforceRateLimits makes the Fake enforce l from now on, as Discord does,
// with every window empty (but the waits its 429s asked for, which the
// Fake still expects to be honoured); the zero RateLimits turns
// enforcement off. A
// call past a limit gets a real 429 (see RateLimits), counted in
// RateCounts and not a test failure; a call that comes again before a
// 429's retry_after has passed is one (see RateLimit).
func (f *Fake) EnforceRateLimits(l RateLimits) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.enforced = l
	f.globalCalls = window{}
	f.buckets = map[string]*window{}
}

// window counts the calls of a fixed window, which opens with its first
// call and resets once its length has passed.
type window struct {
	start time.Time
	used  int
}

// at brings w to now, for a window of length per: a window that has run
// its length starts again empty.
func (w *window) at(now time.Time, per time.Duration) {
	if w.start.IsZero() || now.Sub(w.start) >= per {
		w.start, w.used = now, 0
	}
}

// bucketOf is the name and size of route's bucket under l; a zero Bucket
// if the route has none.
func (l RateLimits) bucketOf(route string) (string, Bucket) {
	switch route {
	case "POST /channels/{channel}/messages":
		return "channel-messages-create", l.Messages
	case "PATCH /channels/{channel}/messages/{msg}":
		return "channel-messages-edit", l.Edits
	case "POST /channels/{channel}/threads", "POST /channels/{channel}/messages/{msg}/threads":
		return "channel-threads-create", l.Threads
	}
	return "", Bucket{}
}

// Limit makes the Fake answer 429 Too Many Requests to the next Times
// requests on Route (such as "POST /webhooks/{app}/{token}"; "" for any
// route), with retry_after set to RetryAfter. Global makes it a global limit.
type Limit struct {
	Route      string
	RetryAfter time.Duration
	Times      int
	Global     bool
}

type limitRule struct {
	Limit
	left int
}

// RateLimit arms a 429. The Fake then checks that the bot honours it: a
// request on the same path (or any request counting against the global
// limit, for a global 429) that comes before retry_after has passed fails
// the test. The 429s of EnforceRateLimits are checked the same way.
func (f *Fake) RateLimit(l Limit) {
	if l.Times <= 0 {
		l.Times = 1
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.limits = append(f.limits, &limitRule{Limit: l, left: l.Times})
}

// RateCount is what became of calls, as rate limits go.
type RateCount struct {
	// Accepted calls went past the rate limits (whatever the route then
	// answered), Global of them counting against the global limit.
	Accepted, Global int
	// GlobalLimited were answered 429 by the global limit, RouteLimited by
	// a route's bucket (or a 429 armed with RateLimit).
	GlobalLimited, RouteLimited int
	// Ignored came before an earlier 429's retry_after had passed (each
	// fails the test).
	Ignored int
}

// Limited is how many calls were answered 429.
func (c RateCount) Limited() int { return c.GlobalLimited + c.RouteLimited }

// add counts r, which has been answered, into c.
func (c *RateCount) add(r *Request) {
	switch {
	case r.Status == http.StatusTooManyRequests && r.Scope == "global":
		c.GlobalLimited++
	case r.Status == http.StatusTooManyRequests && r.Scope != "":
		c.RouteLimited++
	default:
		c.Accepted++
		if r.Global() {
			c.Global++
		}
	}
	if r.Ignored {
		c.Ignored++
	}
}

// RateCounts counts the calls answered so far, in all and by route (as
// Request.Route names them; "" for unknown routes).
func (f *Fake) RateCounts() (total RateCount, byRoute map[string]RateCount) {
	f.mu.Lock()
	defer f.mu.Unlock()
	byRoute = map[string]RateCount{}
	for _, r := range f.requests {
		if r.Status == 0 {
			continue
		}
		total.add(r)
		c := byRoute[r.Route]
		c.add(r)
		byRoute[r.Route] = c
	}
	return total, byRoute
}

// rateLimit checks that earlier 429s are honoured, sends an armed one, and
// enforces the rate limits; it reports whether it answered 429. It runs
// with f.mu held.
func (f *Fake) rateLimit(c *call) bool {
	// A call a hair early is not early: the bot counts the wait from when
	// it read the 429, the Fake from when it wrote it, on clocks read a
	// few instructions apart, and Discord does not split milliseconds.
	const hair = 2 * time.Millisecond
	now := c.rec.At.Add(hair)
	key := c.rec.Method + " " + c.rec.Path
	if until, ok := f.windows[key]; ok && now.Before(until) {
		c.rec.Ignored = true
		f.t.Errorf("discordtest: %s came %v before the retry_after of an earlier 429 had passed", key, until.Sub(now))
	}
	// A request already on its way when a global 429 was answered (sent
	// by another goroutine of the bot) could not have known of it: only
	// one that comes later than inFlight after the 429 breaks it. On a
	// loaded machine (CI runs test binaries side by side on two cores) the
	// 429 can take a hundred milliseconds and more to reach the bot's
	// goroutine, so inFlight allows 250 ms: a door that ignored a global
	// 429 would still be caught, as it would call through the whole wait
	// (about a second). Calls with an interaction's token do not count
	// against the global limit, so they may go on.
	const inFlight = 250 * time.Millisecond
	if now.Before(f.globalUntil) && now.Sub(f.globalSince) > inFlight && c.rec.Global() {
		c.rec.Ignored = true
		f.t.Errorf("discordtest: %s came %v before the retry_after of a global 429 had passed", key, f.globalUntil.Sub(now))
	}
	for i, l := range f.limits {
		if l.Route != "" && l.Route != c.rec.Route {
			continue
		}
		l.left--
		if l.left <= 0 {
			f.limits = append(f.limits[:i], f.limits[i+1:]...)
		}
		wait := retryAfter(l.RetryAfter)
		until := time.Now().Add(wait)
		if l.Global {
			f.globalUntil, f.globalSince = until, time.Now()
			// discordgo holds its other calls only if a global 429 says
			// when to resume in X-RateLimit-Reset-After (see RateLimits);
			// the tests that arm one rely on that.
			c.w.Header().Set("X-RateLimit-Reset-After", seconds(wait))
		} else {
			f.windows[key] = until
			c.bucketHeaders("armed-limit", 5, 0, until, wait)
		}
		c.tooMany(wait, l.Global, "rate limited on purpose")
		return true
	}
	return f.enforce(c)
}

// enforce applies the limits EnforceRateLimits turned on to the call, and
// reports whether it answered 429. A call refused by one limit is not
// counted against another.
func (f *Fake) enforce(c *call) bool {
	l := f.enforced
	name, b := l.bucketOf(c.rec.Route)
	global := l.Global > 0 && c.rec.Global()
	if !global && b.Limit <= 0 {
		return false
	}
	now := time.Now()
	key := c.rec.Method + " " + c.rec.Path
	if global {
		f.globalCalls.at(now, time.Second)
		if f.globalCalls.used >= l.Global {
			wait := retryAfter(f.globalCalls.start.Add(time.Second).Sub(now))
			if !now.Before(f.globalUntil) {
				// The first 429 of this window: calls already on their
				// way may come for a while (see rateLimit), and no later.
				f.globalSince = now
			}
			f.globalUntil = now.Add(wait)
			c.tooMany(wait, true, fmt.Sprintf("over the global limit of %d calls a second", l.Global))
			return true
		}
	}
	if b.Limit > 0 {
		id := name + " " + c.r.PathValue("channel")
		w := f.buckets[id]
		if w == nil {
			w = &window{}
			f.buckets[id] = w
		}
		w.at(now, b.Per)
		reset := w.start.Add(b.Per)
		wait := retryAfter(reset.Sub(now))
		if w.used >= b.Limit {
			f.windows[key] = now.Add(wait)
			c.bucketHeaders(name, b.Limit, 0, now.Add(wait), wait)
			c.tooMany(wait, false, fmt.Sprintf("over the bucket %s of %d calls in %v in channel %s", name, b.Limit, b.Per, c.r.PathValue("channel")))
			return true
		}
		w.used++
		c.bucketHeaders(name, b.Limit, b.Limit-w.used, now.Add(wait), wait)
	}
	if global {
		f.globalCalls.used++
	}
	return false
}

// retryAfter is d as the Fake tells a client to wait: rounded up to the
// millisecond, and one more, since Discord's answers carry milliseconds
// and a client's float arithmetic (discordgo truncates to the
// millisecond) must not bring it back a hair too early.
func retryAfter(d time.Duration) time.Duration {
	return (d + time.Millisecond - 1).Truncate(time.Millisecond) + time.Millisecond
}

// seconds is d in seconds with milliseconds, as Discord writes them.
func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) }

// bucketHeaders says where the route's bucket stands: limit calls, left of
// them remaining, resetting at reset, which is after from now.
func (c *call) bucketHeaders(bucket string, limit, left int, reset time.Time, after time.Duration) {
	h := c.w.Header()
	h.Set("X-RateLimit-Limit", strconv.Itoa(limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(left))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(reset.UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", seconds(after))
	h.Set("X-RateLimit-Bucket", bucket)
}

// tooMany answers 429 as Discord does (see RateLimits), asking the client
// to wait for wait, which is in whole milliseconds. The body is
// Discord's RatelimitedResponse: its Error part (code, message) and
// retry_after and global.
func (c *call) tooMany(wait time.Duration, global bool, why string) {
	h := c.w.Header()
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	scope := "user"
	if global {
		scope = "global"
		h.Set("X-RateLimit-Global", "true")
	}
	h.Set("X-RateLimit-Scope", scope)
	c.rec.Status, c.rec.Error, c.rec.Code, c.rec.Scope = http.StatusTooManyRequests, why, 0, scope
	c.done = true
	writeJSON(c.w, http.StatusTooManyRequests, map[string]any{"code": 0, "message": "You are being rate limited.", "retry_after": wait.Seconds(), "global": global})
}
