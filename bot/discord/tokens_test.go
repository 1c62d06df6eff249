package discord

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"parlor/bot"
)

// A token is used for tokenUse from when the door heard of its
// interaction, and not after: Discord's 15 minutes, less a margin.
func TestTokenRunsOut(t *testing.T) {
	var ts tokens
	start := time.Date(2026, 11, 28, 1, 0, 0, 0, time.UTC)
	tok := ts.token(&discordgo.Interaction{AppID: "app", Token: "tok"}, start)
	ts.message("m1", tok, true, start)
	ts.game(7, "thread", tok, start)
	for _, at := range []time.Duration{0, tokenUse - time.Second} {
		if v, ok := ts.editor("m1", start.Add(at)); !ok || v.tok.token != "tok" || !v.original {
			t.Errorf("%v later: the board's editor is %+v, %v; want the token, as @original", at, v, ok)
		}
		if f, ok := ts.follower(7, "thread", start.Add(at)); !ok || f != tok {
			t.Errorf("%v later: the game's follower is %+v, %v; want the token", at, f, ok)
		}
	}
	if _, ok := ts.editor("m1", start.Add(tokenUse)); ok {
		t.Errorf("a token is still used %v after its interaction", tokenUse)
	}
	if _, ok := ts.follower(7, "thread", start.Add(tokenUse)); ok {
		t.Errorf("a game is still followed up %v after its interaction", tokenUse)
	}
	if _, ok := ts.follower(7, "channel", start); ok {
		t.Errorf("a game is followed up in a channel it was not answered in")
	}
	if tok := ts.token(&discordgo.Interaction{Token: "tok"}, start); tok != nil {
		t.Errorf("an interaction without an application id has a token: %+v", tok)
	}
}

// No more than maxTokens messages are remembered: the oldest are
// forgotten first, and a message remembered again keeps its newer token.
func TestTokensBounded(t *testing.T) {
	var ts tokens
	now := time.Date(2026, 11, 28, 1, 0, 0, 0, time.UTC)
	old := ts.token(&discordgo.Interaction{AppID: "app", Token: "old"}, now)
	ts.message("again", old, false, now)
	for i := range maxTokens + 10 {
		tok := ts.token(&discordgo.Interaction{AppID: "app", Token: fmt.Sprint(i)}, now)
		ts.message(fmt.Sprint("m", i), tok, false, now)
		if i == 5 {
			ts.message("again", tok, true, now)
		}
	}
	if n := len(ts.messages); n > maxTokens {
		t.Errorf("%d messages remembered, want at most %d", n, maxTokens)
	}
	if _, ok := ts.editor("m0", now); ok {
		t.Errorf("the oldest message is still remembered past the bound")
	}
	if v, ok := ts.editor(fmt.Sprint("m", maxTokens+9), now); !ok || v.tok.token != fmt.Sprint(maxTokens+9) {
		t.Errorf("the newest message: %+v, %v", v, ok)
	}
	if _, ok := ts.editor("again", now); ok {
		t.Errorf("a message remembered again among the oldest is still remembered")
	}
	// Everything runs out in time, and is forgotten at the next
	// remembering.
	later := now.Add(tokenUse)
	ts.message("last", ts.token(&discordgo.Interaction{AppID: "app", Token: "last"}, later), false, later)
	if n := len(ts.messages); n != 1 {
		t.Errorf("%d messages remembered after every token ran out, want the last one only", n)
	}
}

// keeper is a handler whose games' live messages replace stale, as the
// table's LivePosted says of the message a new board replaces.
type keeper struct {
	fixedHandler
	stale bot.Posted
}

func (k keeper) LivePosted(context.Context, bot.Live, string, string) (bot.Posted, error) {
	return k.stale, nil
}

func (keeper) BoardLost(context.Context, bot.Live) error { return nil }

func liveBoard() *bot.Message {
	m := boardResponse().Public
	m.Live = &bot.Live{GameID: 1, Version: 5}
	return m
}

const rollClick = `{"id":"10","type":3,"application_id":"app","guild_id":"g","channel_id":"c","token":"tok2",
	"member":{"user":{"id":"u1","username":"alice"}},"message":{"id":"m0","channel_id":"c","flags":0},
	"data":{"custom_id":"g/1/4/roll","component_type":2}}`

// awaitRequest waits until rec has a request that ok accepts.
func awaitRequest(t *testing.T, rec *recorder, what string, ok func(recorded) bool) recorded {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		for _, r := range rec.all() {
			if ok(r) {
				return r
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s among %+v", what, rec.all())
		}
		time.Sleep(time.Millisecond)
	}
}

// A click on a board whose answer is the next board is answered by
// deferring the update of the board clicked; the new board follows up,
// and the board clicked loses its buttons as the interaction's
// @original: no call against the global limit.
func TestClickedBoardStrippedByItsToken(t *testing.T) {
	rec := &recorder{}
	d := newTestDiscord(keeper{fixedHandler: fixedHandler{resp: bot.Response{Public: liveBoard()}}, stale: bot.Posted{ChannelID: "c", MessageID: "m0"}}, rec, time.Hour)
	serveByREST(t, d, interaction(t, rollClick))
	awaitRequest(t, rec, "the board clicked edited by the token", func(r recorded) bool {
		return r.method == "PATCH" && r.path == "/api/v9/webhooks/app/tok2/messages/@original"
	})
	reqs := rec.all()
	if len(reqs) != 3 || reqs[0].payload["type"] != float64(6) || reqs[1].method != "POST" || reqs[1].path != "/api/v9/webhooks/app/tok2" || reqs[1].files != 1 {
		t.Fatalf("requests %+v, want a deferred update, the board as a follow-up and the edit of @original", reqs)
	}
	if cs, ok := reqs[2].payload["components"].([]any); !ok || len(cs) != 0 || reqs[2].payload["content"] != nil {
		t.Errorf("the edit of the board clicked is %v, want its components emptied and nothing else", reqs[2].payload)
	}
}

// A game's notice in the channel where an interaction about the game was
// just answered follows that interaction up; in another channel, or once
// the token has run out, it is a channel's post.
func TestNoticeFollowsUpTheGamesInteraction(t *testing.T) {
	rec := &recorder{}
	now := time.Date(2026, 11, 28, 1, 0, 0, 0, time.UTC)
	d := newTestDiscord(keeper{fixedHandler: fixedHandler{resp: bot.Response{Public: liveBoard()}}}, rec, time.Hour)
	d.Now = func() time.Time { return now }
	serveByREST(t, d, interaction(t, slashMove))
	posts := func() []string {
		var out []string
		for _, r := range rec.all() {
			if r.method == "POST" && !strings.HasSuffix(r.path, "/callback") {
				out = append(out, r.path)
			}
		}
		return out
	}
	notice := func(channel string) bot.Notice {
		return bot.Notice{GameID: 1, GuildID: "g", ChannelID: channel, Message: liveBoard()}
	}
	d.postNotices(t.Context(), []bot.Notice{notice("c"), notice("elsewhere")})
	now = now.Add(tokenUse)
	d.postNotices(t.Context(), []bot.Notice{notice("c")})
	want := []string{"/api/v9/webhooks/app/tok", "/api/v9/channels/elsewhere/messages", "/api/v9/channels/c/messages"}
	if got := posts(); !slices.Equal(got, want) {
		t.Errorf("posted %v, want %v", got, want)
	}
}
