package bot

import (
	"strings"
	"testing"
	"time"

	"parlor/storage"
)

// /games lists the user's games in this server, theirs to move first,
// with whose turn it is, how long it has waited and a link; other people's
// games are not listed.
func TestGamesList(t *testing.T) {
	e := newEnv(t)
	clock := e.withClock()
	id, _ := e.challenge(alice, bob)
	first := e.mover(id)
	other := bob
	if first == bob {
		other = alice
	}
	lobby := gameOf(t, e.do(e.cmd(carol, "new")).Public)
	clock.advance(26 * time.Hour)
	games := func(u User) string {
		req := e.cmd(u, "")
		req.Command = "games"
		return privateOnly(t, e.do(req))
	}
	got := games(first)
	link := "https://discord.com/channels/" + tableGuild + "/" + tableChannel
	if !strings.Contains(got, "#1 All the King's Men** · Alice, Bob · **your turn**, waiting 26 hours · "+link) {
		t.Errorf("/games for %s: %q", first.Name, got)
	}
	if got := games(other); !strings.Contains(got, first.Name+"'s turn, waiting 26 hours") {
		t.Errorf("/games for %s: %q", other.Name, got)
	}
	if got := games(carol); !strings.Contains(got, "Carol · waiting for players") || strings.Contains(got, "#1 ") {
		t.Errorf("/games for Carol (game %d): %q", lobby, got)
	}
	if got := games(stranger); !strings.Contains(got, "You have no games in play here.") {
		t.Errorf("/games for a stranger: %q", got)
	}
}

// /parlor settings shows the server's defaults to anyone and changes them
// only for members who can manage the server; /parlor reminders turns a
// player's reminders off and on.
func TestParlorSettings(t *testing.T) {
	e := newEnv(t)
	parlor := func(u User, sub string, opts ...string) Request {
		req := e.cmd(u, sub, opts...)
		req.Command = "parlor"
		return req
	}
	if got := privateOnly(t, e.do(parlor(alice, "settings"))); !strings.Contains(got, "a reminder after 1 day, then every 1 day; no deadline; invitations and open seats last 3 days") {
		t.Errorf("the defaults: %q", got)
	}
	e.refuse(parlor(alice, "settings", "deadline", "2"), "Only members who can manage this server")
	admin := alice
	admin.CanManage = true
	e.refuse(parlor(admin, "settings", "invitations", "0"), "invitations is 1 to 336")
	if got := privateOnly(t, e.do(parlor(admin, "settings", "deadline", "2", "reminders", "12"))); !strings.HasPrefix(got, "Saved.") || !strings.Contains(got, "2 days per move") {
		t.Errorf("saving: %q", got)
	}
	if s, _ := e.db.GuildSettings(e.ctx, tableGuild); s != (storage.Settings{RemindEvery: 12, DeadlineDays: 2, InviteHours: 72, AwayDays: 14, MemberLobbies: 3, MemberGames: 25, ServerLobbies: 50, ServerGames: 1000}) {
		t.Errorf("stored settings %+v", s)
	}
	e.refuse(parlor(bob, "reminders", "on", "maybe"), `"maybe" is not one of the choices for on: on, off, digest.`)
	if got := privateOnly(t, e.do(parlor(bob, "reminders", "on", "off"))); !strings.Contains(got, "Reminders are off for you") {
		t.Errorf("reminders off: %q", got)
	}
	if off, _ := e.db.RemindersOff(e.ctx, bob.ID); !off {
		t.Error("Bob's reminders are still on")
	}
	e.do(parlor(bob, "reminders", "on", "on"))
	if off, _ := e.db.RemindersOff(e.ctx, bob.ID); off {
		t.Error("Bob's reminders are still off")
	}
}
