package bot

import (
	"fmt"
	"strings"
	"testing"
)

// Ratings from the games that ended: after Bob resigns to Alice, the
// leaderboard puts Alice first at 1662 ±581 and Bob at 1338 ±581 (two new
// players' first game); a second game moves them on; /profile
// shows a player's rating, record and games in play; another server has
// its own board, and a cancelled game does not count.
func TestLeaderboard(t *testing.T) {
	e := newEnv(t)
	board := func(u User, guild string) string {
		t.Helper()
		req := e.cmd(u, "", "game", "kingsmen")
		req.Command, req.GuildID = "leaderboard", guild
		resp := e.do(req)
		if resp.Private == nil {
			t.Fatalf("leaderboard: got %s", showResp(resp))
		}
		return resp.Private.Content
	}
	if got := board(alice, tableGuild); !strings.Contains(got, "No finished games here yet.") {
		t.Errorf("an empty leaderboard says %q", got)
	}
	id, _ := e.challenge(alice, bob)
	e.resigned(e.cmd(bob, "resign", "game", fmt.Sprint(id)))
	got := board(carol, tableGuild)
	for _, want := range []string{"` 1.` <@100> · **1662 ±581 provisional** · 1 games: 1 won, 0 drawn, 0 lost", "` 2.` <@200> · **1338 ±581 provisional** · 1 games: 0 won, 0 drawn, 1 lost", "You have no finished game"} {
		if !strings.Contains(got, want) {
			t.Errorf("the leaderboard says %q, without %q", got, want)
		}
	}
	id2, _ := e.challenge(alice, bob)
	e.resigned(e.cmd(alice, "resign", "game", fmt.Sprint(id2)))
	e.challenge(alice, bob) // in play: not rated
	got = board(bob, tableGuild)
	if !strings.Contains(got, "2 games: 1 won, 0 drawn, 1 lost") || strings.Contains(got, "1662") {
		t.Errorf("after a second game the leaderboard says %q", got)
	}
	req := e.cmd(alice, "", "user", bob.ID)
	req.Command = "profile"
	prof := e.do(req)
	if prof.Private == nil || !strings.Contains(prof.Private.Content, "**All the King's Men**: rated ") || !strings.Contains(prof.Private.Content, "2 games: 1 won, 0 drawn, 1 lost; 1 in play") {
		t.Errorf("Bob's profile: got %s", showResp(prof))
	}
	if got := board(alice, "guild-2"); !strings.Contains(got, "No finished games here yet.") {
		t.Errorf("another server's leaderboard says %q", got)
	}
}
