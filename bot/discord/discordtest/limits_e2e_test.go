package discordtest_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"parlor/bot/discord/discordtest"
	"parlor/storage"
)

// isThreadStart reports whether r is a call that starts a thread.
func isThreadStart(r discordtest.Request) bool {
	return r.Method == "POST" && strings.HasSuffix(r.Route, "/threads")
}

// threadsStarted counts the bot's calls that start a thread.
func threadsStarted(f *discordtest.Fake) int {
	n := 0
	for _, r := range f.Requests() {
		if isThreadStart(r) {
			n++
		}
	}
	return n
}

// A member past a limit of the server (here one lobby per member) gets a
// private refusal that says which limit and how to make room; no message
// is posted, no thread started and no game stored.
func TestLimitThroughDiscord(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		h := newHarness(t, door, threads)
		one := 1
		if _, err := h.proc.db.SetGuildSettings(context.Background(), h.guildID, storage.SettingsChange{MemberLobbies: &one}); err != nil {
			t.Fatal(err)
		}
		alice := h.f.NewUser("Alice")
		ch := h.f.Channel()
		h.f.Command(alice, ch, "kingsmen", "new").Await(t, "the open game", func(m discordtest.Message) bool {
			return !m.Ephemeral() && !m.Loading() && strings.Contains(m.Content, "opened a game")
		})
		h.f.AwaitRequest(t, "the game's thread", isThreadStart)
		h.f.AwaitMessages(t, "the thread's introduction", func(ms []discordtest.Message) bool {
			return slices.ContainsFunc(ms, func(m discordtest.Message) bool { return strings.Contains(m.Content, "is played in this thread") })
		})
		public := len(h.f.Messages())
		m := h.refusal(h.f.Command(alice, ch, "kingsmen", "new"), "You have 1 games waiting for players here, this server's limit per member: no new one until one of them begins, lapses or is cancelled (its Cancel button). /games lists them.")
		if len(m.Files) > 0 {
			t.Errorf("the refusal carries a file")
		}
		if n := threadsStarted(h.f); n != 1 {
			t.Errorf("%d threads started, want 1", n)
		}
		if n := len(h.f.Messages()); n != public+1 {
			t.Errorf("%d messages after the refusal, want %d (the refusal alone)", n, public+1)
		}
		if ids, err := h.proc.db.GameIDs(context.Background()); err != nil || len(ids) != 1 {
			t.Errorf("games stored: %v (%v), want one", ids, err)
		}
		h.finish()
	})
}

// A member who sends more than 20 commands in 10 seconds is told once to
// slow down, then answered without work; another member is not.
func TestSlowDownThroughDiscord(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		h := newHarness(t, door, paced, fakeTime) // the window stands still
		alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
		ch := h.f.Channel()
		for range 20 {
			h.refusal(h.f.Command(alice, ch, "games", ""), "You have no games in play here.")
		}
		m := h.private(h.f.Command(alice, ch, "games", ""))
		if !strings.HasPrefix(m.Content, "Slow down: that is more than 20 commands and clicks in 10 seconds") {
			t.Errorf("the 21st command: %q, want the slow-down", m.Content)
		}
		h.refusal(h.f.Command(alice, ch, "kingsmen", "new"), "Still too fast: nothing was done.")
		if ids, err := h.proc.db.GameIDs(context.Background()); err != nil || len(ids) != 0 {
			t.Errorf("games stored for a slowed member: %v (%v)", ids, err)
		}
		h.refusal(h.f.Command(bob, ch, "games", ""), "You have no games in play here.")
		// The next window: Alice is answered again.
		h.clock.advance(10 * time.Second)
		h.refusal(h.f.Command(alice, ch, "games", ""), "You have no games in play here.")
		h.finish()
	})
}
