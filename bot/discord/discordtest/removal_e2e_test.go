package discordtest_test

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"parlor/bot"
	"parlor/bot/discord/discordtest"
	"parlor/rules/kingsmen"
	"parlor/storage"
)

// guildWatch is the table, telling the test of each server it records as
// removed or back (harness.guilds).
type guildWatch struct {
	*bot.Table
	news chan string
}

func (w guildWatch) GuildRemoved(ctx context.Context, guildID string) error {
	err := w.Table.GuildRemoved(ctx, guildID)
	w.news <- "removed " + guildID
	return err
}

func (w guildWatch) GuildBack(ctx context.Context, guildID string) error {
	err := w.Table.GuildBack(ctx, guildID)
	w.news <- "back " + guildID
	return err
}

// watchGuilds makes the harness hear what the bot records of servers
// (awaitGuild).
func watchGuilds(h *harness) { h.guilds = make(chan string, 64) }

// awaitGuild waits until the bot has recorded want ("removed ID" or "back
// ID"), passing over what it recorded before.
func (h *harness) awaitGuild(want string) {
	h.t.Helper()
	deadline := time.NewTimer(h.wait)
	defer deadline.Stop()
	for {
		select {
		case got := <-h.guilds:
			if got == want {
				return
			}
		case <-deadline.C:
			h.t.Fatalf("the bot never recorded %q\n%s", want, h.log)
		}
	}
}

// postsIn counts the messages the bot tried to post in the channels (a
// sweep's notices), refused or not.
func postsIn(f *discordtest.Fake, chs ...discordtest.Channel) int {
	n := 0
	for _, r := range f.Requests() {
		for _, ch := range chs {
			if r.Method == "POST" && r.Path == "/api/v9/channels/"+ch.ID+"/messages" {
				n++
			}
		}
	}
	return n
}

// remindersIn are the reminders posted in ch.
func remindersIn(f *discordtest.Fake, ch discordtest.Channel) int {
	n := 0
	for _, m := range f.Messages() {
		if m.ChannelID == ch.ID && strings.Contains(m.Content, "has been waiting for your move") {
			n++
		}
	}
	return n
}

// computerToMove makes, in ch, a game of All the King's Men against the
// computer in which the computer is to move: its move comes at the next
// sweep.
func (h *harness) computerToMove(u discordtest.User, ch discordtest.Channel) int64 {
	h.t.Helper()
	first := h.board(h.f.Command(u, ch, "kingsmen", "new", discordtest.Opt{Name: "opponent", Value: h.f.BotUser().ID}))
	id := gameID(h.t, first)
	g, _ := h.game(id)
	p, err := kingsmen.Parse(g.Position)
	if err != nil {
		h.t.Fatal(err)
	}
	h.board(h.f.Command(u, ch, "kingsmen", "move", discordtest.Opt{Name: "game", Value: strconv.FormatInt(id, 10)}, discordtest.Opt{Name: "move", Value: p.Legal()[0].Text}))
	return id
}

// A server removes the bot (the gateway's GUILD_DELETE): its games stop
// (a reminder due is not sent, the computer does not move, nothing is
// posted there) while another server's go on, whose outage (GUILD_DELETE
// with unavailable true) stops nothing. Added back within the retention
// period (GUILD_CREATE), the server finds its games as they were, and
// they carry on. Removed again and left past the period, its games are
// deleted from the database, the other server's kept.
func TestServerRemovesTheBotThroughGateway(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeTime, global, watchGuilds)
	alice, bob, carol, dave := h.f.NewUser("Alice"), h.f.NewUser("Bob"), h.f.NewUser("Carol"), h.f.NewUser("Dave")
	serverA, serverB := h.f.Channel(), h.f.NewGuild("general")
	idA, _ := h.challenge(alice, bob, serverA)
	cpu := h.computerToMove(carol, serverA)
	idB, _ := h.challenge(carol, dave, serverB)
	before := h.storedGames(idA, cpu)

	h.f.Outage(serverB.GuildID)
	h.f.RemoveBot(serverA.GuildID)
	h.awaitGuild("removed " + serverA.GuildID) // and the outage before it
	postedA := postsIn(h.f, serverA)
	h.clock.advance(25 * time.Hour)
	h.sweep()
	if n := postsIn(h.f, serverA); n != postedA {
		t.Errorf("%d posts in the server that removed the bot", n-postedA)
	}
	if got := h.storedGames(idA, cpu); !reflect.DeepEqual(got, before) {
		t.Errorf("the removed server's games changed:\n%+v\nwant\n%+v", got, before)
	}
	if n := remindersIn(h.f, serverB); n != 1 {
		t.Errorf("%d reminders in the server with an outage, want 1", n)
	}

	h.f.AddBot(serverA.GuildID)
	h.awaitGuild("back " + serverA.GuildID)
	if got := h.storedGames(idA, cpu); !reflect.DeepEqual(got, before) {
		t.Errorf("the games back are not as they were:\n%+v\nwant\n%+v", got, before)
	}
	h.sweep()
	if n := remindersIn(h.f, serverA); n != 1 {
		t.Errorf("%d reminders in the server once back, want 1", n)
	}
	if g, _ := h.game(cpu); g.Version <= before[1].Game.Version {
		t.Errorf("the computer did not move once back (version %d)", g.Version)
	}

	h.f.RemoveBot(serverA.GuildID)
	h.awaitGuild("removed " + serverA.GuildID)
	keptB := h.storedGames(idB)
	h.clock.advance(bot.DefaultRetain - time.Hour)
	h.sweep()
	h.game(idA) // still there
	h.clock.advance(2 * time.Hour)
	h.sweep()
	for _, id := range []int64{idA, cpu} {
		if _, err := h.proc.db.Game(context.Background(), id); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("game %d of the removed server after the retention period: %v, want it deleted", id, err)
		}
	}
	if removed, _ := h.proc.db.Removed(context.Background()); len(removed) != 0 {
		t.Errorf("servers still marked after the purge: %+v", removed)
	}
	gotB := h.storedGames(idB)
	// The other server's game was reminded meanwhile: the rest is as it
	// was.
	gotB[0].Game.RemindersSent, keptB[0].Game.RemindersSent = 0, 0
	gotB[0].Game.Version, keptB[0].Game.Version = 0, 0
	if !reflect.DeepEqual(gotB, keptB) {
		t.Errorf("the other server's game changed:\n%+v\nwant\n%+v", gotB, keptB)
	}
}

// Over HTTP alone no event says a server removed the bot: a sweep's
// reminder there is refused (403 Missing Access), the bot asks Discord
// for the server, which answers 404 Unknown Guild, and the server's games
// stop from then on, while another server's go on. Added back, the first
// interaction from the server brings its games back as they were. On
// SQLite and on PostgreSQL.
func TestServerRemovesTheBotOverHTTP(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		store setting
	}{{"sqlite", func(*harness) {}}, {"postgres", onPostgres}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, fakeTime, global, viaHTTP, c.store)
			alice, bob, carol, dave := h.f.NewUser("Alice"), h.f.NewUser("Bob"), h.f.NewUser("Carol"), h.f.NewUser("Dave")
			serverA, serverB := h.f.Channel(), h.f.NewGuild("general")
			idA, _ := h.challenge(alice, bob, serverA)
			h.challenge(carol, dave, serverB)
			ctx := context.Background()

			h.f.RemoveBot(serverA.GuildID)
			h.clock.advance(25 * time.Hour)
			h.sweep()
			refused := len(h.f.RefusedWith(50001))
			if refused != 1 || len(h.f.RefusedWith(10004)) != 1 {
				t.Errorf("%d calls refused Missing Access and %d Unknown Guild, want 1 and 1", refused, len(h.f.RefusedWith(10004)))
			}
			if removed, err := h.proc.db.Removed(ctx); err != nil || len(removed) != 1 || removed[0].GuildID != serverA.GuildID {
				t.Fatalf("servers marked removed: %+v, %v; want %s", removed, err, serverA.GuildID)
			}
			if n := remindersIn(h.f, serverB); n != 1 {
				t.Errorf("%d reminders in the other server, want 1", n)
			}
			before := h.storedGames(idA)
			postedA := postsIn(h.f, serverA)
			h.clock.advance(24 * time.Hour)
			h.sweep()
			if n := postsIn(h.f, serverA); n != postedA {
				t.Errorf("%d posts tried in the removed server once Discord said it", n-postedA)
			}
			if n := remindersIn(h.f, serverB); n != 2 {
				t.Errorf("%d reminders in the other server, want 2", n)
			}

			h.f.AddBot(serverA.GuildID)
			h.private(h.f.Command(alice, serverA, "games", ""))
			if removed, _ := h.proc.db.Removed(ctx); len(removed) != 0 {
				t.Errorf("still marked after an interaction from the server: %+v", removed)
			}
			if got := h.storedGames(idA); !reflect.DeepEqual(got, before) {
				t.Errorf("the game back is not as it was:\n%+v\nwant\n%+v", got, before)
			}
			h.sweep()
			if n := remindersIn(h.f, serverA); n != 1 {
				t.Errorf("%d reminders in the server once back, want 1", n)
			}
		})
	}
}

// A permission taken away in one channel is not a removal: the reminder
// posted there is refused (403 Missing Access), the bot asks Discord for
// the server, which it is still in, and marks nothing; the game's next
// reminder is tried again.
func TestMissingAccessIsNotARemoval(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeTime, viaHTTP)
	alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
	ch := h.f.Channel()
	h.challenge(alice, bob, ch)
	h.f.DenyPosts(ch)
	h.clock.advance(25 * time.Hour)
	h.sweep()
	// The reminder, and the first board if it was owed still.
	if n := len(h.f.RefusedWith(50001)); n < 1 || n > 2 {
		t.Errorf("%d posts refused Missing Access, want the reminder's (and the board's, if owed)", n)
	}
	asked := 0
	for _, r := range h.f.Requests() {
		if r.Method == "GET" && r.Path == "/api/v9/guilds/"+ch.GuildID {
			asked++
		}
	}
	if asked != 1 {
		t.Errorf("the bot asked for the server %d times in a sweep, want once", asked)
	}
	if n := len(h.f.RefusedWith(10004)); n != 0 {
		t.Errorf("%d calls refused Unknown Guild, want none: the bot is in the server", n)
	}
	if removed, _ := h.proc.db.Removed(context.Background()); len(removed) != 0 {
		t.Fatalf("servers marked removed after a missing permission: %+v", removed)
	}
	before := postsIn(h.f, ch)
	h.clock.advance(24 * time.Hour)
	h.sweep()
	if n := postsIn(h.f, ch); n != before+1 {
		t.Errorf("%d posts tried at the next reminder, want 1: the game goes on", n-before)
	}
	// Each refused post is logged as an error, as any notice Discord
	// refuses.
	h.log.expect(len(h.f.RefusedWith(50001)))
}
