package discordtest_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"parlor/bot/discord/discordtest"
	"parlor/storage"
)

// A game played over days through Discord: made with a deadline of two
// days, its player to move is reminded in its channel after a day (pinged
// alone), the bot restarts, and when the deadline passes the late player
// forfeits, announced with the final board; sweeping again does nothing.
func TestRemindersAndDeadlineThroughDiscord(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeTime)
	alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
	ch := h.f.Channel()
	ix := h.f.Command(alice, ch, "kingsmen", "new", discordtest.Opt{Name: "opponent", Value: bob.ID}, discordtest.Opt{Name: "deadline", Value: "2"})
	invite := ix.Await(t, "the challenge", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
	accept, _ := invite.Button("Accept")
	board := h.board(h.f.Click(bob, invite, accept.CustomID))
	id := gameID(t, board)
	// A sweep posts its notices before it returns.
	posted := func(what string, cond func(m discordtest.Message) bool) discordtest.Message {
		t.Helper()
		for _, m := range h.f.Messages() {
			if m.ChannelID == ch.ID && cond(m) {
				return m
			}
		}
		t.Fatalf("no %s was posted", what)
		return discordtest.Message{}
	}
	h.clock.advance(24*time.Hour + time.Minute)
	h.sweep()
	reminder := posted("the reminder", func(m discordtest.Message) bool { return strings.Contains(m.Content, "has been waiting for your move") })
	if pings := reminder.Pings(); len(pings) != 1 || pings[0] != alice.ID {
		t.Errorf("the reminder pings %v, want only Alice", pings)
	}
	if !strings.Contains(reminder.Content, "In 23 hours you forfeit the game.") {
		t.Errorf("the reminder %q does not say what the deadline does", reminder.Content)
	}
	h.restart()
	h.sweep() // nothing new is due: no second reminder
	h.clock.advance(24 * time.Hour)
	h.sweep()
	final := posted("the forfeit", func(m discordtest.Message) bool {
		return strings.Contains(m.Content, "let the deadline of 2 days pass")
	})
	if !strings.Contains(final.Content, "Bob won by forfeit") || len(final.Components) != 0 || len(final.Pings()) != 0 {
		t.Errorf("the final board %q (%d rows, pings %v)", final.Content, len(final.Components), final.Pings())
	}
	h.sweep()
	n := 0
	for _, m := range h.f.Messages() {
		if strings.Contains(m.Content, "has been waiting for your move") || strings.Contains(m.Content, "let the deadline") {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d reminders and deadline notices, want 1 of each", n)
	}
	if g, _ := h.game(id); g.Status != storage.StatusOver {
		t.Errorf("stored as %s", g.Status)
	}
}

// The daily digest through Discord: Alice, who asked for it with /parlor
// me digest:on, gets one direct message when her game's reminder is due,
// listing it with a link, and no reminder in the channel.
func TestDigestThroughDiscord(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeTime)
	alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
	ch := h.f.Channel()
	h.private(h.f.Command(alice, ch, "parlor", "me", discordtest.Opt{Name: "digest", Value: "on"}))
	id, _ := h.challenge(alice, bob, ch)
	h.clock.advance(24*time.Hour + time.Minute)
	h.sweep()
	dm := h.f.DM(alice)
	var got []discordtest.Message
	for _, m := range h.f.Messages() {
		switch {
		case m.ChannelID == dm.ID:
			got = append(got, m)
		case strings.Contains(m.Content, "has been waiting for your move"):
			t.Errorf("a reminder in the channel despite the digest: %q", m.Content)
		}
	}
	if len(got) != 1 || !strings.Contains(got[0].Content, fmt.Sprintf("game #%d of", id)) || !strings.Contains(got[0].Content, "<#"+ch.ID+">") {
		t.Fatalf("direct messages to Alice: %+v, want one digest listing game #%d in <#%s>", got, id, ch.ID)
	}
	h.sweep()
	n := 0
	for _, m := range h.f.Messages() {
		if m.ChannelID == dm.ID {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d digests the same day, want 1", n)
	}
}
