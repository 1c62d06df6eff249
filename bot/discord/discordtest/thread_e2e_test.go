package discordtest_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"parlor/bot/discord/discordtest"
	"parlor/storage"
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

// threadStart reports whether r starts a thread in channel from a message.
func threadStart(r discordtest.Request, channel string) bool {
	return r.Method == "POST" && strings.Contains(r.Path, "/channels/"+channel+"/messages/") && strings.HasSuffix(r.Path, "/threads")
}

// A thread is started only from a message everyone sees. With every
// answer deferred, /kingsmen new is answered "thinking…" in private first
// and its public invitation follows: each game's thread must start from
// the invitation, never from the private answer (which Discord refuses),
// and be recorded as the game's.
func TestThreadsOnlyFromPublicMessages(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		h := newHarness(t, door, threads, deferAll)
		ch := h.f.Channel()
		var news []*discordtest.Interaction
		for _, pair := range [][2]string{{"Alice", "Bob"}, {"Carol", "Dave"}, {"Erin", "Frank"}} {
			a, b := h.f.NewUser(pair[0]), h.f.NewUser(pair[1])
			news = append(news, h.f.Command(a, ch, "kingsmen", "new", discordtest.Opt{Name: "opponent", Value: b.ID}))
		}
		for _, ix := range news {
			invite := ix.Await(t, "the invitation", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
			id := gameID(t, invite)
			// The bot introduces the thread once it has recorded it; a
			// thread it could not start ends the wait at once.
			r := h.f.AwaitRequest(t, fmt.Sprintf("the thread of game #%d", id), func(r discordtest.Request) bool {
				return r.Method == "POST" && strings.HasSuffix(r.Path, "/channels/"+invite.ID+"/messages") ||
					threadStart(r, ch.ID) && r.Status >= 400
			})
			if r.Status >= 400 {
				t.Fatalf("waiting for the thread of game #%d, a thread start was refused: %v", id, r)
			}
			if g, _ := h.game(id); g.ThreadID != invite.ID {
				t.Errorf("game #%d is recorded in thread %q, want the thread of its invitation %s", id, g.ThreadID, invite.ID)
			}
		}
		for _, r := range h.f.Requests() {
			if threadStart(r, ch.ID) && r.Status != 201 {
				t.Errorf("a thread start refused: %v", r)
			}
		}
		if refused := h.refused(); len(refused) > 0 {
			t.Errorf("Discord refused %v", refused)
		}
	})
}

// Someone accepts a challenge within milliseconds of its thread being
// made, before the bot has recorded the thread: the game begins while the
// bot still thinks it has no thread. Its first board (the newest with
// buttons) must end up in the thread all the same.
func TestFirstBoardInThreadWhenAcceptedAtOnce(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		h := newHarness(t, door, threads)
		alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
		ch := h.f.Channel()
		made := make(chan discordtest.Channel, 1)
		release := make(chan struct{})
		var once sync.Once
		let := func() { once.Do(func() { close(release) }) }
		t.Cleanup(let) // before the harness stops the bot
		h.f.BeforeThreadAnswer(func(th discordtest.Channel) {
			select {
			case made <- th:
				<-release // the bot waits for its thread while Bob accepts
			default:
			}
		})
		h.f.Command(alice, ch, "kingsmen", "new", discordtest.Opt{Name: "opponent", Value: bob.ID})
		var thread discordtest.Channel
		select {
		case thread = <-made:
		case <-time.After(h.wait):
			t.Fatalf("the bot started no thread for the challenge")
		}
		invite, ok := h.f.Message(thread.ID)
		if !ok {
			t.Fatalf("the thread %s was not started from a message of the bot's", thread.ID)
		}
		accept, ok := invite.Find(func(c discordtest.Component) bool { return strings.HasSuffix(c.CustomID, "/accept") })
		if !ok {
			t.Fatalf("the invitation %q has no Accept button", invite.Content)
		}
		id := gameID(t, invite)
		h.f.Click(bob, invite, accept.CustomID)
		// The game begins while the bot waits to hear of its thread.
		h.f.Await(t, fmt.Sprintf("game #%d begun", id), func() bool {
			g, _ := h.game(id)
			return g.Status == storage.StatusActive
		})
		let()
		h.f.AwaitMessages(t, "the first board, with its buttons, in the game's thread", func(ms []discordtest.Message) bool {
			for i := len(ms) - 1; i >= 0; i-- {
				if m := ms[i]; isBoard(m) && len(m.Components) > 0 && !m.Deleted {
					return m.ChannelID == thread.ID
				}
			}
			return false
		})
		if g, _ := h.game(id); g.ThreadID != thread.ID {
			t.Errorf("game #%d is recorded in thread %q, want %s", id, g.ThreadID, thread.ID)
		}
	})
}
