package discordtest_test

import (
	"bytes"
	"fmt"
	"image/gif"
	"regexp"
	"slices"
	"strings"
	"testing"

	"parlor/bot/discord/discordtest"
	"parlor/rules/kimbo"
	"parlor/storage"
)

// storyRun matches a line of a board's story that tells one player's run
// of decisions: "**Bob** moved no fence and rolled **5-3**: …".
var storyRun = regexp.MustCompile(`^\*\*([^*]+)\*\* `)

// storyNames are the players whose runs the lines of content tell, in
// order, among names; and the lines themselves.
func storyNames(content string, names []string) (who, lines []string) {
	for _, line := range strings.Split(content, "\n") {
		if m := storyRun.FindStringSubmatch(line); m != nil && slices.Contains(names, m[1]) {
			who, lines = append(who, m[1]), append(lines, line)
		}
	}
	return who, lines
}

// lastIndex is the index of the last v in s, or -1.
func lastIndex(s []string, v string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == v {
			return i
		}
	}
	return -1
}

// kimboAt is the stored position of game id, a game of Kimbo.
func (h *harness) kimboAt(id int64) *kimbo.Position {
	h.t.Helper()
	g, _ := h.game(id)
	p, err := kimbo.Parse(g.Position)
	if err != nil {
		h.t.Fatalf("game #%d's stored position %q: %v", id, g.Position, err)
	}
	return p
}

// control is the first button on m labelled label, or else the first
// control whose custom id contains label; the test fails without one.
func (h *harness) control(m discordtest.Message, label string) discordtest.Component {
	h.t.Helper()
	if c, ok := m.Button(label); ok {
		return c
	}
	c, ok := m.Find(func(c discordtest.Component) bool { return strings.Contains(c.CustomID, label) })
	if !ok {
		h.t.Fatalf("no %q on the message %q", label, m.Content)
	}
	return c
}

// The game's story, told in its own thread: four people play Kimbo, each
// turn with the Roll button (or /kimbo fence now and then) and /kimbo move
// typed in the thread. From the second round on, the board that starts a
// player's turn tells, a line each, in turn order, the three others' turns
// since that player's previous one, and not their own; after every new
// board the game has one message with buttons. Then three resign, the
// last board has none left, and the thread gets the animated replay of
// the game by itself, a frame per turn and the start at least.
func TestKimboFourPlayersStory(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		h := newHarness(t, door, threads)
		alice, bob, carol, dave := h.f.NewUser("Alice"), h.f.NewUser("Bob"), h.f.NewUser("Carol"), h.f.NewUser("Dave")
		people := []discordtest.User{alice, bob, carol, dave}
		names := []string{"Alice", "Bob", "Carol", "Dave"}
		ch := h.f.Channel()

		ix := h.f.Command(alice, ch, "kimbo", "new", discordtest.Opt{Name: "player2", Value: bob.ID}, discordtest.Opt{Name: "players", Value: "4"})
		lobby := ix.Await(t, "the invitation", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
		thread := discordtest.Channel{ID: lobby.ID, GuildID: ch.GuildID, Type: discordtest.PublicThread, ParentID: ch.ID}
		join, ok := lobby.Button("Join")
		accept, ok2 := lobby.Button("Accept")
		if !ok || !ok2 {
			t.Fatalf("the invitation %q has no Join or Accept button", lobby.Content)
		}
		for _, u := range []discordtest.User{carol, dave} {
			want := fmt.Sprintf("**%s** joined.", u.GlobalName)
			h.f.Click(u, lobby, join.CustomID).Await(t, "the invitation updated", func(m discordtest.Message) bool { return strings.Contains(m.Content, want) })
		}
		// The bot says what the thread is for once it has recorded it: a
		// game that begins before then has its first board in the channel.
		h.f.AwaitMessages(t, "the thread's first message", func(ms []discordtest.Message) bool {
			return slices.ContainsFunc(ms, func(m discordtest.Message) bool { return m.ChannelID == thread.ID })
		})
		h.f.Click(bob, lobby, accept.CustomID)
		// The first board goes to the game's thread, not in answer to the
		// click in the channel.
		var board discordtest.Message
		h.f.AwaitMessages(t, "the first board in the game's thread", func(ms []discordtest.Message) bool {
			for _, m := range ms {
				if m.ChannelID == thread.ID && isBoard(m) {
					board = m
				}
			}
			return board.ID != ""
		})
		id := gameID(t, board)
		h.awaitOneLive(id, board)

		g, _ := h.game(id)
		if len(g.Seats) != 4 {
			t.Fatalf("game #%d has %d seats, want 4", id, len(g.Seats))
		}
		bySeat := map[int]discordtest.User{}
		for _, s := range g.Seats {
			for _, u := range people {
				if u.ID == s.UserID {
					bySeat[s.Seat] = u
				}
			}
		}
		// next posts the board ix answers with, in the thread, and checks
		// that it is the game's only one with buttons.
		next := func(ix *discordtest.Interaction) discordtest.Message {
			t.Helper()
			m := h.board(ix)
			if m.ChannelID != thread.ID {
				t.Errorf("a board is in %s, not the game's thread %s: %q", m.ChannelID, thread.ID, m.Content)
			}
			h.awaitOneLive(id, m)
			return m
		}
		t.Cleanup(func() {
			if t.Failed() {
				for _, m := range liveOf(h.f.Messages(), id) {
					t.Logf("message %s in %s still has game #%d's buttons: %q", m.ID, m.ChannelID, id, m.Content)
				}
			}
		})

		rounds := 3
		if raceDetector {
			rounds = 2 // the second round's boards are the first to tell a whole story
		}
		var played []string // who played each turn, in order
		stories := 0
		for turn := 1; turn <= 4*rounds; turn++ {
			p := h.kimboAt(id)
			if p.Outcome().Over() {
				t.Fatalf("turn %d: the game is over already:\n%s", turn, p.Drawing())
			}
			seat := p.Turn()
			u := bySeat[int(seat)]
			if pings := board.Pings(); len(pings) != 1 || pings[0] != u.ID {
				t.Fatalf("turn %d: the board pings %v, want only %s\n%s", turn, pings, u.GlobalName, board.Content)
			}
			// What the board should tell: every turn since u's previous one.
			if prev := lastIndex(played, u.GlobalName); prev >= 0 {
				want := played[prev+1:]
				if len(want) != 3 {
					t.Errorf("turn %d: %d turns since %s's previous one (%v), want the three others'", turn, len(want), u.GlobalName, want)
				}
				who, lines := storyNames(board.Content, names)
				if !slices.Equal(who, want) {
					t.Errorf("turn %d: the board that starts %s's turn tells the turns of %v, want %v:\n%s", turn, u.GlobalName, who, want, board.Content)
				}
				for _, line := range lines {
					if !strings.Contains(line, "rolled") {
						t.Errorf("turn %d: the line %q does not say what was rolled", turn, line)
					}
				}
				stories++
			}

			for p := h.kimboAt(id); !p.Outcome().Over() && p.Turn() == seat; p = h.kimboAt(id) {
				switch phase := p.Phase(); {
				case phase == kimbo.PhaseFence && turn%5 == 2:
					// Now and then a fence, typed in the thread: its
					// autocomplete needs no game number there either.
					fences := h.f.Autocomplete(u, thread, "kimbo", "fence", "fence", discordtest.Opt{Name: "fence", Value: ""}).Choices(t)
					if len(fences) == 0 {
						t.Fatalf("turn %d: the fence autocomplete in the thread offers nothing", turn)
					}
					from := fences[turn%len(fences)].Value
					tos := h.f.Autocomplete(u, thread, "kimbo", "fence", "to", discordtest.Opt{Name: "fence", Value: from}, discordtest.Opt{Name: "to", Value: ""}).Choices(t)
					if len(tos) == 0 {
						t.Fatalf("turn %d: no vacant slot for the fence %s", turn, from)
					}
					board = next(h.f.Command(u, thread, "kimbo", "fence", discordtest.Opt{Name: "fence", Value: from}, discordtest.Opt{Name: "to", Value: tos[0].Value}))
					if want := fmt.Sprintf("moved a fence from %s to %s", from, tos[0].Value); !strings.Contains(board.Content, want) {
						t.Errorf("turn %d: board %q does not say %q", turn, board.Content, want)
					}
				case phase == kimbo.PhaseFence:
					board = next(h.f.Click(u, board, h.control(board, "🎲 Roll (no fence move)").CustomID))
				case phase == kimbo.PhaseMove:
					board = next(h.f.Command(u, thread, "kimbo", "move", discordtest.Opt{Name: "move", Value: kimboBest(p).Text}))
				case phase == kimbo.PhaseCorner:
					board = next(h.f.Click(u, board, h.control(board, "/do:corner ").CustomID))
				default:
					t.Fatalf("turn %d: phase %s for a player\n%s", turn, phase, p.Drawing())
				}
			}
			played = append(played, u.GlobalName)
		}
		if want := 4 * (rounds - 1); stories != want {
			t.Errorf("%d boards told a story, want %d", stories, want)
		}

		// Three resign, in the thread, with no game number: the others
		// play on until one is left, the winner.
		for _, u := range []discordtest.User{bob, carol} {
			board = next(h.resign(u, thread, "kimbo"))
			if want := fmt.Sprintf("**%s** resigned and left the game; the others play on.", u.GlobalName); !strings.Contains(board.Content, want) {
				t.Errorf("the board after %s resigned does not say %q:\n%s", u.GlobalName, want, board.Content)
			}
		}
		board = h.board(h.resign(dave, thread, "kimbo"))
		if board.ChannelID != thread.ID || len(board.Components) != 0 || len(board.Pings()) != 0 || !strings.Contains(board.Content, "**Dave** resigned.") || !strings.Contains(board.Content, "Alice won") {
			t.Errorf("the last board, in %s, has %d rows of controls and pings %v, want it in the thread %s, saying Dave resigned and Alice won, with no controls and no pings:\n%s",
				board.ChannelID, len(board.Components), board.Pings(), thread.ID, board.Content)
		}
		if g, _ := h.game(id); g.Status != storage.StatusOver {
			t.Errorf("the stored game is %s, want over", g.Status)
		}

		// The replay comes by itself: the game's end wakes the sweep.
		name := fmt.Sprintf("kimbo-%d.gif", id)
		var replay discordtest.Message
		h.f.AwaitMessages(t, "the replay in the game's thread", func(ms []discordtest.Message) bool {
			for _, m := range ms {
				if len(m.Files) == 1 && strings.HasSuffix(m.Files[0].Name, ".gif") {
					replay = m
				}
			}
			return replay.ID != ""
		})
		if want := fmt.Sprintf("**Game #%d · Kimbo** · the replay", id); replay.ChannelID != thread.ID || replay.Files[0].Name != name || !strings.HasPrefix(replay.Content, want) {
			t.Errorf("the replay %s in %s says %q, want %s in the thread %s starting %q", replay.Files[0].Name, replay.ChannelID, replay.Content, name, thread.ID, want)
		}
		data := replay.Files[0].Data
		anim, err := gif.DecodeAll(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("the replay does not decode as a GIF: %v", err)
		}
		turns := len(played)
		if len(anim.Image) < turns+1 || len(data) > 8<<20 {
			t.Errorf("the replay has %d frames in %d bytes, want at least %d (the start and a turn each) in at most 8 MB", len(anim.Image), len(data), turns+1)
		}
		h.f.AwaitMessages(t, "no message of the game with buttons", func(ms []discordtest.Message) bool { return len(liveOf(ms, id)) == 0 })
		gifs := 0
		for _, m := range h.f.Messages() {
			if len(m.Files) == 1 && strings.HasSuffix(m.Files[0].Name, ".gif") {
				gifs++
			}
		}
		if gifs != 1 {
			t.Errorf("%d replays posted, want one", gifs)
		}
		if refused := h.refused(); len(refused) > 0 {
			t.Errorf("Discord refused %v", refused)
		}
		t.Logf("%d turns, %d stories told; the replay: %d frames, %d bytes, %d×%d", turns, stories, len(anim.Image), len(data), anim.Config.Width, anim.Config.Height)
	})
}
