package discord

import (
	"fmt"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
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
