package discordtest_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"parlor/bot/discord/discordtest"
)

// answer is one REST answer as a client reads it.
type answer struct {
	status int
	header http.Header
	body   map[string]any
}

// rawPost sends a message's content (or a thread's name, to start one)
// over plain HTTP, as the bot would but without discordgo's pacing.
func rawPost(t *testing.T, f *discordtest.Fake, method, url, content string) answer {
	t.Helper()
	field := "content"
	if strings.HasSuffix(url, "/threads") {
		field = "name"
	}
	req, err := http.NewRequest(method, url, strings.NewReader(fmt.Sprintf(`{%q:%q}`, field, content)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot "+f.Token())
	req.Header.Set("Content-Type", "application/json")
	resp, err := (&http.Client{Transport: f.Transport()}).Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, header: resp.Header}
	if err := json.Unmarshal(data, &a.body); err != nil {
		t.Fatalf("%s %s: %d %q is not JSON: %v", method, url, resp.StatusCode, data, err)
	}
	return a
}

// check429 checks a 429's body against Discord's RatelimitedResponse (code
// and message, retry_after in seconds, global) and its headers, and
// returns retry_after.
func check429(t *testing.T, what string, a answer, global bool, most time.Duration) time.Duration {
	t.Helper()
	if a.status != http.StatusTooManyRequests {
		t.Fatalf("%s: status %d, want 429: %v", what, a.status, a.body)
	}
	secs, ok := a.body["retry_after"].(float64)
	if g, _ := a.body["global"].(bool); !ok || g != global || a.body["message"] == nil || a.body["code"] == nil || len(a.body) != 4 {
		t.Errorf("%s: body %v, want code, message, retry_after and global %v", what, a.body, global)
	}
	wait := time.Duration(secs * float64(time.Second))
	if wait <= 0 || wait > most+2*time.Millisecond {
		t.Errorf("%s: retry_after %v s, want some of %v", what, secs, most)
	}
	if ra, err := strconv.Atoi(a.header.Get("Retry-After")); err != nil || float64(ra) < secs || float64(ra) >= secs+1 {
		t.Errorf("%s: Retry-After %q, want %v s rounded up", what, a.header.Get("Retry-After"), secs)
	}
	scope := map[bool]string{true: "global", false: "user"}[global]
	if got := a.header.Get("X-RateLimit-Scope"); got != scope {
		t.Errorf("%s: X-RateLimit-Scope %q, want %q", what, got, scope)
	}
	if got := a.header.Get("X-RateLimit-Global"); (got == "true") != global || (!global && got != "") {
		t.Errorf("%s: X-RateLimit-Global %q", what, got)
	}
	return wait
}

// checkBucket checks the bucket headers of an answer on a route with a
// bucket: limit calls, left remaining, resetting within per.
func checkBucket(t *testing.T, what string, a answer, bucket string, limit, left int, per time.Duration) {
	t.Helper()
	h := a.header
	after, err1 := strconv.ParseFloat(h.Get("X-RateLimit-Reset-After"), 64)
	reset, err2 := strconv.ParseFloat(h.Get("X-RateLimit-Reset"), 64)
	until := time.Until(time.UnixMilli(int64(reset * 1000)))
	if h.Get("X-RateLimit-Limit") != strconv.Itoa(limit) || h.Get("X-RateLimit-Remaining") != strconv.Itoa(left) || h.Get("X-RateLimit-Bucket") != bucket ||
		err1 != nil || err2 != nil || after <= 0 || after > per.Seconds()+0.002 || until > per+time.Second || until < -time.Second {
		t.Errorf("%s: bucket headers %v, want %s: %d of %d left, resetting within %v", what, h, bucket, left, limit, per)
	}
}

// Past the global limit every call that counts against it gets Discord's
// global 429 (no bucket headers), while calls with an interaction's token
// go through; once retry_after has passed, calls are accepted again; and
// the Fake counts it all.
func TestGlobalRateLimitEnforced(t *testing.T) {
	t.Parallel()
	f := discordtest.New(t)
	s, got := demoBot(t, f, func(s *discordgo.Session, i *discordgo.Interaction) {
		s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	})
	ix := f.Command(f.NewUser("Alice"), f.Channel(), "demo", "go", discordtest.Opt{Name: "text", Value: "hi"})
	i := next(t, got)
	f.AwaitRequest(t, "the deferral", func(r discordtest.Request) bool { return r.Interaction == ix.ID })
	const limit = 3 // few, so that even a slow machine spends them within the second
	f.EnforceRateLimits(discordtest.RateLimits{Global: limit})
	// Each post in a channel of its own, so that no route's bucket is near.
	var last answer
	posts := 0
	for ; posts <= limit; posts++ {
		ch := f.NewChannel(fmt.Sprint("c", posts))
		last = rawPost(t, f, "POST", discordgo.EndpointChannelMessages(ch.ID), fmt.Sprint("post ", posts))
		if last.status != http.StatusOK {
			break
		}
	}
	if posts != limit {
		t.Fatalf("%d posts accepted before a refusal, want %d", posts, limit)
	}
	wait := check429(t, "the post past the limit", last, true, time.Second)
	for _, h := range []string{"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Reset-After", "X-RateLimit-Bucket"} {
		if v := last.header.Get(h); v != "" {
			t.Errorf("the global 429 has %s %q, which Discord's does not", h, v)
		}
	}
	refusedAt := time.Now()
	// The interaction's token is not bound by the global limit: neither
	// a new interaction's callback nor the follow-up of the first.
	ix2 := f.Command(f.NewUser("Bob"), f.Channel(), "demo", "go", discordtest.Opt{Name: "text", Value: "hi"})
	next(t, got)
	if cb := ix2.Callback(t); cb.Status >= 300 {
		t.Errorf("a callback while the global limit is spent: %v", cb)
	}
	if _, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "follow-up"}); err != nil {
		t.Errorf("a follow-up while the global limit is spent: %v", err)
	}
	if d := time.Since(refusedAt); d >= wait {
		t.Logf("the callback and follow-up came %v after the 429, past its retry_after %v: they prove nothing", d, wait)
	}
	time.Sleep(wait)
	if a := rawPost(t, f, "POST", discordgo.EndpointChannelMessages(f.Channel().ID), "again"); a.status != http.StatusOK {
		t.Errorf("a post after retry_after: %d %v", a.status, a.body)
	}
	total, byRoute := f.RateCounts()
	posts2 := byRoute["POST /channels/{channel}/messages"]
	if posts2 != (discordtest.RateCount{Accepted: limit + 1, Global: limit + 1, GlobalLimited: 1}) {
		t.Errorf("posts counted %+v, want %d accepted and 1 refused", posts2, limit+1)
	}
	if fu := byRoute["POST /webhooks/{app}/{token}"]; fu != (discordtest.RateCount{Accepted: 1}) {
		t.Errorf("follow-ups counted %+v, want 1 accepted, not counting against the global limit", fu)
	}
	if cb := byRoute["POST /interactions/{id}/{token}/callback"]; cb != (discordtest.RateCount{Accepted: 2}) {
		t.Errorf("callbacks counted %+v, want 2 accepted, not counting against the global limit", cb)
	}
	if total.GlobalLimited != 1 || total.RouteLimited != 0 || total.Limited() != 1 || total.Ignored != 0 || total.Accepted != len(f.Requests())-1 {
		t.Errorf("in all %+v, of %d requests", total, len(f.Requests()))
	}
}

// Each channel's messages, edits and thread starts have a bucket: every
// answer says where it stands; past it, a 429 of scope user with the
// bucket's headers, in that channel only; once reset, calls go again.
func TestRouteRateLimitsEnforced(t *testing.T) {
	t.Parallel()
	f := discordtest.New(t)
	per := time.Minute
	f.EnforceRateLimits(discordtest.RateLimits{Global: 1000, Messages: discordtest.Bucket{Limit: 3, Per: per},
		Edits: discordtest.Bucket{Limit: 2, Per: per}, Threads: discordtest.Bucket{Limit: 2, Per: per}})
	ch, other := f.Channel(), f.NewChannel("other")
	var ids []string
	for n := range 3 {
		a := rawPost(t, f, "POST", discordgo.EndpointChannelMessages(ch.ID), fmt.Sprint("post ", n))
		if a.status != http.StatusOK {
			t.Fatalf("post %d: %d %v", n, a.status, a.body)
		}
		checkBucket(t, fmt.Sprint("post ", n), a, "channel-messages-create", 3, 2-n, per)
		ids = append(ids, a.body["id"].(string))
	}
	a := rawPost(t, f, "POST", discordgo.EndpointChannelMessages(ch.ID), "one too many")
	check429(t, "the fourth post", a, false, per)
	checkBucket(t, "the fourth post", a, "channel-messages-create", 3, 0, per)
	if a := rawPost(t, f, "POST", discordgo.EndpointChannelMessages(other.ID), "elsewhere"); a.status != http.StatusOK {
		t.Errorf("a post in another channel: %d %v", a.status, a.body)
	} else {
		checkBucket(t, "a post in another channel", a, "channel-messages-create", 3, 2, per)
	}
	// Two edits, then two thread starts, fill their buckets; the third of
	// each is refused.
	for _, b := range []struct {
		bucket, method string
		status         int
		url            func(msg string) string
	}{
		{"channel-messages-edit", "PATCH", http.StatusOK, func(msg string) string { return discordgo.EndpointChannelMessage(ch.ID, msg) }},
		{"channel-threads-create", "POST", http.StatusCreated, func(msg string) string { return discordgo.EndpointChannelMessageThread(ch.ID, msg) }},
	} {
		for n, msg := range ids {
			what := fmt.Sprint(b.bucket, " ", n)
			a := rawPost(t, f, b.method, b.url(msg), what)
			if n == 2 {
				check429(t, what, a, false, per)
			} else if a.status != b.status {
				t.Fatalf("%s: %d %v", what, a.status, a.body)
			}
			checkBucket(t, what, a, b.bucket, 2, max(0, 1-n), per)
		}
	}
	total, byRoute := f.RateCounts()
	want := map[string]discordtest.RateCount{
		"POST /channels/{channel}/messages":               {Accepted: 4, Global: 4, RouteLimited: 1},
		"PATCH /channels/{channel}/messages/{msg}":        {Accepted: 2, Global: 2, RouteLimited: 1},
		"POST /channels/{channel}/messages/{msg}/threads": {Accepted: 2, Global: 2, RouteLimited: 1},
	}
	for route, w := range want {
		if byRoute[route] != w {
			t.Errorf("%s counted %+v, want %+v", route, byRoute[route], w)
		}
	}
	if total != (discordtest.RateCount{Accepted: 8, Global: 8, RouteLimited: 3}) {
		t.Errorf("in all %+v", total)
	}

	// A short bucket resets once its time has passed.
	f.EnforceRateLimits(discordtest.RateLimits{Messages: discordtest.Bucket{Limit: 1, Per: 500 * time.Millisecond}})
	// (A new channel: the Fake still expects the 429 of the first to be
	// honoured.)
	short := discordgo.EndpointChannelMessages(f.NewChannel("short").ID)
	rawPost(t, f, "POST", short, "first")
	wait := check429(t, "the second post", rawPost(t, f, "POST", short, "second"), false, 500*time.Millisecond)
	time.Sleep(wait)
	if a := rawPost(t, f, "POST", short, "second, later"); a.status != http.StatusOK {
		t.Errorf("a post after the bucket reset: %d %v", a.status, a.body)
	}
}

// discordgo on its own, posting from one goroutine past both limits,
// paces itself by the bucket headers, waits out the global 429s and sends
// again, and delivers every message, in order, without a call that
// ignored a 429. The limits are small, so that however slow the machine
// the third post is refused by the global limit (two a second) and the
// fourth, in the first post's channel, waits for that channel's bucket
// (one post in two seconds) to reset.
func TestRateLimitedSessionDelivers(t *testing.T) {
	t.Parallel()
	sp := &spy{T: t}
	f := discordtest.New(sp)
	s := session(t, f)
	f.EnforceRateLimits(discordtest.RateLimits{Global: 2, Messages: discordtest.Bucket{Limit: 1, Per: 2 * time.Second}})
	chans := []discordtest.Channel{f.Channel(), f.NewChannel("b"), f.NewChannel("c")}
	const posts = 6
	for n := range posts {
		if _, err := s.ChannelMessageSend(chans[n%len(chans)].ID, fmt.Sprint(n)); err != nil {
			t.Fatalf("post %d: %v", n, err)
		}
	}
	checkDelivered(t, f, chans, posts)
	total, _ := f.RateCounts()
	if total.Accepted != posts || total.GlobalLimited == 0 || total.RouteLimited != 0 || total.Ignored != 0 {
		t.Errorf("counted %+v, want %d accepted, some global 429s, no bucket's (discordgo paces itself by their headers) and none ignored", total, posts)
	}
	sp.expect(t, "one goroutine honours every 429")
}

// checkDelivered checks that the messages 0, 1, ... posts-1 were each
// posted once, round the channels in turn, in order in each.
func checkDelivered(t *testing.T, f *discordtest.Fake, chans []discordtest.Channel, posts int) {
	t.Helper()
	in := map[string][]string{}
	for _, m := range f.Messages() {
		in[m.ChannelID] = append(in[m.ChannelID], m.Content)
	}
	for i, ch := range chans {
		var want []string
		for n := i; n < posts; n += len(chans) {
			want = append(want, fmt.Sprint(n))
		}
		if fmt.Sprint(in[ch.ID]) != fmt.Sprint(want) {
			t.Errorf("channel %s has %v, want %v", ch.Name, in[ch.ID], want)
		}
	}
}

// discordgo holds a bucket's calls while it is spent, but after a global
// 429 it holds only the call refused (Discord's global 429 has no
// X-RateLimit-Reset-After, which is what discordgo would hold every call
// by): calls started from other goroutines meanwhile go out and are
// refused too, and the Fake reports those that come after the 429 (beyond
// the grace of calls already on their way) as ignoring it. Everything is
// delivered in the end, as discordgo tries again until it is. A bot that
// posts from many goroutines must pace its global calls itself.
func TestRateLimitedSessionGoroutines(t *testing.T) {
	t.Parallel()
	sp := &spy{T: t}
	f := discordtest.New(sp)
	s := session(t, f)
	f.EnforceRateLimits(discordtest.RateLimits{Global: 5})
	var chans []discordtest.Channel
	const posts = 40
	for n := range posts {
		chans = append(chans, f.NewChannel(fmt.Sprint("c", n)))
	}
	var wg sync.WaitGroup
	tick := time.NewTicker(10 * time.Millisecond) // 100 calls a second, twenty times the limit
	defer tick.Stop()
	for n := range posts {
		<-tick.C
		wg.Go(func() {
			if _, err := s.ChannelMessageSend(chans[n].ID, fmt.Sprint(n)); err != nil {
				t.Errorf("post %d: %v", n, err)
			}
		})
	}
	wg.Wait()
	checkDelivered(t, f, chans, posts)
	total, _ := f.RateCounts()
	errs := sp.take()
	if total.Accepted != posts || total.GlobalLimited == 0 || total.Ignored == 0 || total.Ignored != len(errs) {
		t.Errorf("counted %+v and %d failures, want %d accepted, global 429s, and calls that ignored them, each a failure", total, len(errs), posts)
	}
	for _, e := range errs {
		if !strings.Contains(e, "before the retry_after of a global 429 had passed") {
			t.Errorf("the Fake reported %q", e)
		}
	}
}

// A client that comes back to a spent bucket before the 429's retry_after
// has passed fails the test, and is counted.
func TestRouteRateLimitIgnored(t *testing.T) {
	t.Parallel()
	sp := &spy{T: t}
	f := discordtest.New(sp)
	f.EnforceRateLimits(discordtest.RateLimits{Messages: discordtest.Bucket{Limit: 1, Per: time.Minute}})
	url := discordgo.EndpointChannelMessages(f.Channel().ID)
	for n, want := range []int{http.StatusOK, http.StatusTooManyRequests, http.StatusTooManyRequests} {
		if a := rawPost(t, f, "POST", url, fmt.Sprint(n)); a.status != want {
			t.Fatalf("post %d: %d, want %d", n, a.status, want)
		}
	}
	sp.expect(t, "the post straight after a 429", "before the retry_after of an earlier 429 had passed")
	if total, _ := f.RateCounts(); total != (discordtest.RateCount{Accepted: 1, Global: 1, RouteLimited: 2, Ignored: 1}) {
		t.Errorf("counted %+v", total)
	}
}
