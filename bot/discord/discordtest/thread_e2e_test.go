package discordtest_test

import (
	"strings"
	"testing"
	"time"

	"parlor/bot/discord/discordtest"
)

// With the permission to start threads, a new game gets its own thread,
// started from its invitation and named for the game and its players: the
// first board goes there when the challenge is accepted in the channel,
// a command in the thread needs no game number, its board stays there,
// the reminder comes there pinging only the player to move, and /games
// links to it.
func TestGameThread(t *testing.T) {
	t.Parallel()
	h := newHarness(t, threads, fakeTime)
	alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
	ch := h.f.Channel()
	invite := h.challengeMessage(alice, bob, ch)
	thread := discordtest.Channel{ID: invite.ID, GuildID: ch.GuildID, Type: discordtest.PublicThread, ParentID: ch.ID}
	postIn := func(r discordtest.Request) bool {
		return r.Method == "POST" && strings.HasSuffix(r.Path, "/channels/"+thread.ID+"/messages")
	}
	// The bot says what the thread is for once it has recorded it.
	intro := h.f.AwaitRequest(t, "the thread's first message", postIn)
	accept, _ := invite.Button("Accept")
	h.f.Click(bob, invite, accept.CustomID)
	h.f.AwaitRequest(t, "the board posted in the thread", func(r discordtest.Request) bool { return postIn(r) && r.N > intro.N })
	var board discordtest.Message
	for _, m := range h.f.Messages() {
		if m.ChannelID == thread.ID && isBoard(m) {
			board = m
		}
	}
	if board.ID == "" {
		t.Fatalf("no board in the game's thread")
	}
	if pings := board.Pings(); len(pings) != 1 || pings[0] != alice.ID {
		t.Errorf("the first board pings %v, want Alice", pings)
	}
	board = h.slashMove(alice, thread, "e2", "Ae2-e3")
	if board.ChannelID != thread.ID || !strings.Contains(board.Content, "Bob") {
		t.Errorf("the board after a move in the thread is in %s: %q", board.ChannelID, board.Content)
	}
	h.clock.advance(25 * time.Hour)
	h.sweep()
	var reminder discordtest.Message
	for _, m := range h.f.Messages() {
		if strings.Contains(m.Content, "has been waiting for your move") {
			reminder = m
		}
	}
	if reminder.ChannelID != thread.ID || len(reminder.Pings()) != 1 || reminder.Pings()[0] != bob.ID {
		t.Errorf("the reminder %q is in %s pinging %v, want the thread and Bob", reminder.Content, reminder.ChannelID, reminder.Pings())
	}
	games := h.private(h.f.Command(bob, ch, "games", ""))
	if !strings.Contains(games.Content, "**your turn**") || !strings.Contains(games.Content, "/"+thread.ID) {
		t.Errorf("/games: %q, want Bob's turn and a link to the thread %s", games.Content, thread.ID)
	}
}

// In a Spanish server the thread's first message is in Spanish.
func TestGameThreadSpanish(t *testing.T) {
	t.Parallel()
	h := newHarness(t, threads, fakeTime)
	alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
	ch := h.f.Channel()
	h.f.SetGuildLocale(ch.GuildID, "es-ES")
	invite := h.challengeMessage(alice, bob, ch)
	h.f.AwaitRequest(t, "the thread's first message", func(r discordtest.Request) bool {
		return r.Method == "POST" && strings.HasSuffix(r.Path, "/channels/"+invite.ID+"/messages")
	})
	var intro []string
	for _, m := range h.f.Messages() {
		if m.ChannelID == invite.ID {
			intro = append(intro, m.Content)
		}
	}
	if len(intro) != 1 || !strings.Contains(intro[0], "La partida #") || !strings.Contains(intro[0], "se juega en este hilo") {
		t.Errorf("the thread's messages are %q, want its introduction in Spanish", intro)
	}
}
