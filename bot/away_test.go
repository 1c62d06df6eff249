package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"parlor/storage"
)

// parlorCmd is /parlor sub by u in the table's server.
func (e *tableEnv) parlorCmd(u User, sub string, opts ...string) Request {
	req := e.cmd(u, sub, opts...)
	req.Command = "parlor"
	return req
}

// gamesCmd is /games by u in the table's server.
func (e *tableEnv) gamesCmd(u User) Request {
	req := e.cmd(u, "")
	req.Command = "games"
	return req
}

// Away days move a deadline: the player to move goes away for 2 days; the
// sweep at what would have been the deadline does nothing, nor do the
// reminders meanwhile, and the deadline comes 2 days later. The others see
// "away until" on the board and in /games.
func TestAwayMovesDeadline(t *testing.T) {
	e := newEnv(t)
	clock := e.withClock()
	req := e.cmd(alice, "new", "opponent", bob.ID, "deadline", "2", "reminders", "12")
	id := gameOf(t, e.do(req).Public)
	e.do(e.click(bob, customID(id, 0, "accept")))
	late := e.mover(id)
	other := alice
	if late.ID == alice.ID {
		other = bob
	}
	clock.advance(time.Hour)
	got := privateOnly(t, e.do(e.parlorCmd(late, "away", "days", "2")))
	until := testNow.Add(49 * time.Hour).Unix()
	for _, want := range []string{fmt.Sprintf("You are away until <t:%d:f> in this server", until), "your 1 game here wait", "12 of your 14 away days this year are left."} {
		if !strings.Contains(got, want) {
			t.Errorf("going away: %q, want %q", got, want)
		}
	}
	note := fmt.Sprintf("(away until <t:%d:f>)", until)
	if got := privateOnly(t, e.do(e.gamesCmd(other))); !strings.Contains(got, late.Name+" "+note) {
		t.Errorf("/games for %s: %q, want %q", other.Name, got, late.Name+" "+note)
	}
	if board := e.do(e.cmd(other, "board", "game", fmt.Sprint(id))).Public; board == nil || !strings.Contains(board.Content, "your move (") || !strings.Contains(board.Content, note) {
		t.Errorf("the board: %+v, want %q", board, note)
	}
	clock.advance(47 * time.Hour) // the deadline without the away days
	if n := e.sweep(e.table); len(n) != 0 {
		t.Fatalf("notices while away: %+v", n)
	}
	clock.advance(time.Hour) // back; 1 hour of the turn counted
	if got := privateOnly(t, e.do(e.gamesCmd(other))); strings.Contains(got, "away until") {
		t.Errorf("/games after the away: %q", got)
	}
	clock.advance(11 * time.Hour)
	n := e.sweep(e.table)
	if len(n) != 1 || !strings.Contains(n[0].Message.Content, "In 36 hours you forfeit the game.") {
		t.Fatalf("the reminder after 12 hours counted: %+v", n)
	}
	clock.advance(36*time.Hour - time.Minute)
	if n := e.sweep(e.table); len(n) != 1 || !strings.Contains(n[0].Message.Content, "In less than an hour you forfeit") || e.game(id).Status != storage.StatusActive {
		t.Fatalf("a minute before the moved deadline: %+v, want a reminder only", n)
	}
	clock.advance(time.Minute)
	n = e.sweep(e.table, e.restart(clock))
	if len(n) != 1 || !strings.Contains(n[0].Message.Content, "let the deadline of 2 days pass") {
		t.Fatalf("the moved deadline: %+v", n)
	}
}

// The allowance is the server's, set by managers only; asking for more
// than is left is refused; coming back early returns the days not begun.
func TestAwayAllowance(t *testing.T) {
	e := newEnv(t)
	clock := e.withClock()
	e.refuse(e.parlorCmd(alice, "settings", "away", "3"), "Only members who can manage this server")
	admin := alice
	admin.CanManage = true
	if got := privateOnly(t, e.do(e.parlorCmd(admin, "settings", "away", "3"))); !strings.Contains(got, "Each member may be away (/parlor away) 3 days a year.") {
		t.Errorf("setting the allowance: %q", got)
	}
	e.refuse(e.parlorCmd(bob, "away", "days", "4"), "This server allows 3 away days a year; you have 3 left this year, not 4.")
	if got := privateOnly(t, e.do(e.parlorCmd(bob, "away", "days", "3"))); !strings.Contains(got, "your 0 games here wait") || !strings.Contains(got, "0 of your 3 away days") {
		t.Errorf("away 3 days: %q", got)
	}
	clock.advance(25 * time.Hour)
	if got := privateOnly(t, e.do(e.parlorCmd(bob, "away", "days", "0"))); !strings.Contains(got, "Welcome back") || !strings.Contains(got, "1 unused day returned; 1 of your 3 away days this year are left.") {
		t.Errorf("back early: %q", got)
	}
	if got := privateOnly(t, e.do(e.parlorCmd(bob, "away", "days", "0"))); !strings.Contains(got, "You are not away in this server.") {
		t.Errorf("back again: %q", got)
	}
	e.refuse(e.parlorCmd(bob, "away", "days", "2"), "you have 1 left this year, not 2.")
	if got := privateOnly(t, e.do(e.parlorCmd(bob, "away", "days", "1"))); !strings.Contains(got, "0 of your 3 away days") {
		t.Errorf("the last day: %q", got)
	}
	dm := e.parlorCmd(bob, "away", "days", "1")
	dm.GuildID = ""
	e.refuse(dm, "use /parlor away in a server")
}

// A digest lists each game waiting on its user once, across two servers,
// in one direct message a day, whatever the replicas sweeping; that
// user's per-game reminders stop, while the others' go on.
func TestDigest(t *testing.T) {
	e := newEnv(t)
	clock := e.withClock()
	first, _ := e.challenge(alice, bob)
	u := e.mover(first)
	req := e.cmd(alice, "new", "opponent", bob.ID)
	req.GuildID, req.ChannelID = "guild-2", "chan-2"
	second := gameOf(t, e.do(req).Public)
	accept := e.click(bob, customID(second, 0, "accept"))
	accept.GuildID, accept.ChannelID = "guild-2", "chan-2"
	e.do(accept)
	if e.mover(second) != u {
		t.Fatalf("%s is not to move in both games", u.Name)
	}
	got := privateOnly(t, e.do(e.parlorCmd(u, "reminders", "on", "digest")))
	if !strings.Contains(got, "one direct message a day") {
		t.Errorf("turning the digest on: %q", got)
	}
	clock.advance(24*time.Hour + time.Minute)
	n := e.sweep(e.table, e.restart(clock))
	if len(n) != 1 || n[0].UserID != u.ID || n[0].ChannelID != "" {
		t.Fatalf("the first day: %+v, want one direct message to %s", n, u.Name)
	}
	msg := n[0].Message.Content
	for _, id := range []int64{first, second} {
		if c := strings.Count(msg, fmt.Sprintf("game #%d of", id)); c != 1 {
			t.Errorf("game #%d listed %d times in %q", id, c, msg)
		}
	}
	for _, want := range []string{"2 games are waiting for your move", "<#" + tableChannel + ">", "<#chan-2>", "waiting 1 day"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the digest %q lacks %q", msg, want)
		}
	}
	clock.advance(12 * time.Hour)
	if n := e.sweep(e.table); len(n) != 0 {
		t.Errorf("half a day later: %+v", n)
	}
	clock.advance(12 * time.Hour)
	n = e.sweep(e.table, e.restart(clock))
	if len(n) != 1 || n[0].UserID != u.ID {
		t.Fatalf("the second day: %+v", n)
	}
	// Back to one reminder per game.
	privateOnly(t, e.do(e.parlorCmd(u, "reminders", "on", "on")))
	clock.advance(24 * time.Hour)
	n = e.sweep(e.table)
	if len(n) != 2 || n[0].UserID != "" || n[1].UserID != "" {
		t.Fatalf("reminders on again: %+v, want one per game", n)
	}
}
