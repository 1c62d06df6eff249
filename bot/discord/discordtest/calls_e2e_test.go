package discordtest_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"parlor/bot"
	"parlor/bot/discord/discordtest"
	"parlor/rules"
	"parlor/storage"
)

// Discord lets a bot make about 50 calls a second against its global
// limit, all replicas and shards together; answers made with an
// interaction's token do not count. So what a move costs against that
// limit is what bounds how many moves the whole bot can carry. These are
// the budgets, per action, of calls that count (Request.Global).
const (
	// A move made by the board's buttons or menus in the game's thread:
	// the board clicked is the interaction's own message (@original), to
	// lose its buttons by the interaction's token, and the new board
	// follows up the interaction.
	threadClickBudget = 0
	// A move typed in the game's thread: its board is the interaction's
	// answer, and the board before loses its buttons by the token of the
	// interaction that posted it, or, if a channel's post did (a move
	// typed elsewhere) or it is too old, by an edit of the channel's.
	threadCommandBudget = 1
	// A move typed in another channel: its board is posted in the game's
	// thread, which only a channel post can do.
	elsewhereMoveBudget = 2
	// A computer's board after a person's move in the thread: it follows
	// up the person's interaction.
	computerBoardBudget = 0
)

// Every action that posts a board, in each game, costs at most its
// budget of calls against Discord's global rate limit: a move by the
// board's buttons or menus in the game's thread, a move typed in the
// thread, a move typed in the channel the thread belongs to, and a
// person's move in the thread followed by the computer's. The test logs
// what each action cost.
func TestCallsPerMove(t *testing.T) {
	t.Parallel()
	for _, kit := range bot.Kits() {
		kind := kit.Game.Name()
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, threads, sketchy)
			alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
			ch := h.f.Channel()
			opponent := "opponent"
			if kind == "kimbo" || kind == "kippykoo" {
				opponent = "player2"
			}
			g := h.threadGame(kit.Game, alice, ch, []discordtest.User{bob}, discordtest.Opt{Name: opponent, Value: bob.ID})
			users := map[string]discordtest.User{alice.ID: alice, bob.ID: bob}
			// Under the race detector, which makes every interaction slow,
			// one round of each; without it, two, the second on boards
			// the first posted.
			rounds := 2
			if raceDetector {
				rounds = 1
			}
			for round := range rounds {
				for _, a := range []struct {
					name   string
					budget int
					act    func(u discordtest.User) discordtest.Message
				}{
					{"button or menu in the thread", threadClickBudget, func(u discordtest.User) discordtest.Message { return h.clickMove(u, g) }},
					{"command in the thread", threadCommandBudget, func(u discordtest.User) discordtest.Message { return h.typedMove(u, g, g.thread) }},
					{"command in the channel", elsewhereMoveBudget, func(u discordtest.User) discordtest.Message { return h.typedMove(u, g, ch) }},
				} {
					u := users[h.toMove(g)]
					if u.ID == "" {
						t.Fatalf("nobody of %v to move in game #%d", users, g.id)
					}
					calls := h.countGlobal(g, func() discordtest.Message { return a.act(u) })
					t.Logf("%s, round %d: a move by %s: %d global calls: %v", kind, round+1, a.name, len(calls), calls)
					if len(calls) > a.budget {
						t.Errorf("%s: a move by %s made %d calls against the global limit, want at most %d: %v", kind, a.name, len(calls), a.budget, calls)
					}
				}
			}

			// Against the computer: a person's turn, by commands typed in
			// the thread (a roll and a move, in a game of dice), and the
			// computer's boards that follow until the person is to move
			// again.
			c := h.threadGame(kit.Game, alice, ch, nil, discordtest.Opt{Name: "bots", Value: "1"})
			for round := range rounds {
				if h.toMove(c) != alice.ID {
					// The computer begins (the opening roll is its): its
					// board comes by itself.
					c.board, _ = h.awaitBoardFor(c, alice, "")
					h.awaitOneLive(c.id, c.board)
				}
				actions, boards := 0, 0
				calls := h.countGlobal(c, func() discordtest.Message {
					for h.toMove(c) == alice.ID {
						c.board = h.typedMove(alice, c, c.thread)
						actions++
					}
					var last discordtest.Message
					last, boards = h.awaitBoardFor(c, alice, c.board.ID)
					return last
				})
				t.Logf("%s, round %d: a turn of %d commands in the thread and the computer's answer (%d boards): %d global calls: %v", kind, round+1, actions, boards, len(calls), calls)
				if len(calls) > actions*threadCommandBudget+boards*computerBoardBudget {
					t.Errorf("%s: a turn of %d commands and the computer's %d boards made %d calls against the global limit, want at most %d: %v",
						kind, actions, boards, len(calls), actions*threadCommandBudget+boards*computerBoardBudget, calls)
				}
				if g, _ := h.game(c.id); g.Status == storage.StatusOver {
					break
				}
			}
			if refused := h.refused(); len(refused) > 0 {
				t.Errorf("Discord refused %v", refused)
			}
		})
	}
}

// awaitBoardFor waits for the board of g, newer than message after (""
// for any), that leaves u to move (it pings u; the computer's others, and
// u's own last, ping nobody), or the game's last; it returns the board and
// how many boards of g came after after.
func (h *harness) awaitBoardFor(g *threadGame, u discordtest.User, after string) (discordtest.Message, int) {
	h.t.Helper()
	var last discordtest.Message
	boards := 0
	h.f.AwaitMessages(h.t, fmt.Sprintf("the board of game #%d that leaves %s to move", g.id, u.GlobalName), func(ms []discordtest.Message) bool {
		boards = 0
		for _, m := range ms {
			if isBoard(m) && m.ID > after && gameID(h.t, m) == g.id {
				boards++
				last = m
				if p := m.Pings(); len(p) == 1 && p[0] == u.ID {
					return true
				}
			}
		}
		row, _ := h.game(g.id)
		return boards > 0 && row.Status == storage.StatusOver && strings.Contains(last.Content, "won")
	})
	return last, boards
}

// threadGame is a game played in its own thread.
type threadGame struct {
	id     int64
	game   rules.Game
	thread discordtest.Channel
	board  discordtest.Message // its newest board
}

// threadGame has a start a game of game in ch with opts (an opponent, or
// the computer), accepted by those invited, and returns it once its first
// board is in its thread.
func (h *harness) threadGame(game rules.Game, a discordtest.User, ch discordtest.Channel, invited []discordtest.User, opts ...discordtest.Opt) *threadGame {
	h.t.Helper()
	kind := game.Name()
	ix := h.f.Command(a, ch, kind, "new", opts...)
	invite := ix.Await(h.t, "the invitation", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
	g := &threadGame{id: gameID(h.t, invite), game: game, thread: discordtest.Channel{ID: invite.ID, GuildID: ch.GuildID, Type: discordtest.PublicThread, ParentID: ch.ID}}
	h.f.AwaitRequest(h.t, "the thread's first message", func(r discordtest.Request) bool {
		return r.Method == "POST" && strings.HasSuffix(r.Path, "/channels/"+g.thread.ID+"/messages")
	})
	for _, u := range invited {
		accept, ok := invite.Button("Accept")
		if !ok {
			h.t.Fatalf("the invitation %q has no Accept button", invite.Content)
		}
		h.f.Click(u, invite, accept.CustomID)
	}
	h.awaitStored("the game begun", func(now *storage.Game) bool { return now.Status == storage.StatusActive }, g.id)
	// The first board is in the thread, or, when the game begins at
	// once, the message the thread starts from.
	h.f.AwaitMessages(h.t, "the first board", func(ms []discordtest.Message) bool {
		live := liveOf(ms, g.id)
		return len(live) == 1 && isBoard(live[0])
	})
	g.board = h.newestBoard(g)
	return g
}

// newestBoard is the newest board of g.
func (h *harness) newestBoard(g *threadGame) discordtest.Message {
	h.t.Helper()
	ms := h.f.Messages()
	for i := len(ms) - 1; i >= 0; i-- {
		if m := ms[i]; isBoard(m) && gameID(h.t, m) == g.id {
			return m
		}
	}
	h.t.Fatalf("no board of game #%d", g.id)
	return discordtest.Message{}
}

// toMove is the user id of the player to move in g, as stored.
func (h *harness) toMove(g *threadGame) string {
	h.t.Helper()
	row, _ := h.game(g.id)
	return h.toMoveIn(g.game, row)
}

// toMoveIn is the user id of the player to move in row ("" for the
// computer, or nobody).
func (h *harness) toMoveIn(game rules.Game, row *storage.Game) string {
	h.t.Helper()
	st, err := game.Parse(row.Position)
	if err != nil {
		h.t.Fatalf("game #%d: stored position: %v", row.ID, err)
	}
	seat := st.ToMove()
	if seat < 0 || int(seat) >= len(row.Seats) || row.Seats[seat].Computer != "" {
		return ""
	}
	return row.Seats[seat].UserID
}

// countGlobal runs act, which makes a board of g the newest, waits until
// it is g's only message with controls, and returns the calls against the
// global limit made meanwhile.
func (h *harness) countGlobal(g *threadGame, act func() discordtest.Message) []string {
	h.t.Helper()
	last := 0
	for _, r := range h.f.Requests() {
		last = max(last, r.N)
	}
	board := act()
	h.awaitOneLive(g.id, board)
	g.board = board
	var out []string
	for _, r := range h.f.Requests() {
		if r.N > last && r.Global() {
			out = append(out, r.Route)
		}
	}
	slices.Sort(out)
	return out
}

// clickMove has u move in g by the board's controls: the Roll button if
// it has one, else the first choice of its menu (and of the second menu
// it opens, if it does), else its first button; it returns the new board.
func (h *harness) clickMove(u discordtest.User, g *threadGame) discordtest.Message {
	h.t.Helper()
	board := g.board
	if roll, ok := board.Find(func(c discordtest.Component) bool { return strings.Contains(c.Label, "Roll") }); ok {
		return h.board(h.f.Click(u, board, roll.CustomID))
	}
	if pick, ok := board.Select("/pick"); ok {
		ix := h.f.Choose(u, board, pick.CustomID, pick.Options[0].Value)
		m := ix.Await(h.t, "a board or a second menu", func(m discordtest.Message) bool {
			_, menu := m.Select("/play")
			return isBoard(m) || m.Ephemeral() && menu
		})
		if isBoard(m) {
			return m
		}
		play, _ := m.Select("/play")
		return h.board(h.f.Choose(u, m, play.CustomID, play.Options[0].Value))
	}
	b, ok := board.Find(func(c discordtest.Component) bool { return c.Label != "" })
	if !ok {
		h.t.Fatalf("game #%d: no control to move by on %q", g.id, board.Content)
	}
	return h.board(h.f.Click(u, board, b.CustomID))
}

// typedMove has u move in g by a command typed in ch: /GAME roll when
// the board offers a roll, else /GAME move with the first legal move; it
// returns the new board, which is in g's thread wherever ch is.
func (h *harness) typedMove(u discordtest.User, g *threadGame, ch discordtest.Channel) discordtest.Message {
	h.t.Helper()
	kind := g.game.Name()
	game := discordtest.Opt{Name: "game", Value: fmt.Sprint(g.id)}
	var ix *discordtest.Interaction
	if _, ok := g.board.Find(func(c discordtest.Component) bool { return strings.Contains(c.Label, "Roll") }); ok {
		ix = h.f.Command(u, ch, kind, "roll", game)
	} else {
		row, _ := h.game(g.id)
		st, err := g.game.Parse(row.Position)
		if err != nil {
			h.t.Fatal(err)
		}
		ix = h.f.Command(u, ch, kind, "move", discordtest.Opt{Name: "move", Value: st.Legal()[0].Text}, game)
	}
	if ch.ID == g.thread.ID {
		return h.board(ix)
	}
	ix.Await(h.t, "the note that the board is in the thread", isPrivate)
	old := g.board.ID
	var board discordtest.Message
	h.f.AwaitMessages(h.t, "the new board in the game's thread", func(ms []discordtest.Message) bool {
		for i := len(ms) - 1; i >= 0; i-- {
			if m := ms[i]; m.ChannelID == g.thread.ID && isBoard(m) && m.ID != old && len(m.Components) > 0 {
				board = m
				return true
			}
		}
		return false
	})
	return board
}

// An interaction's token is good for 15 minutes: past the door's margin
// (13 minutes), an old board posted with one loses its buttons by an edit
// of the channel's message, and a computer's board is posted in the
// thread, each one call against the global limit, as before the door
// remembered tokens.
func TestCallsOnceTokensRunOut(t *testing.T) {
	t.Parallel()
	h := newHarness(t, threads, fakeTime)
	alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
	ch := h.f.Channel()
	kingsmen := bot.KingsmenKit().Game
	g := h.threadGame(kingsmen, alice, ch, []discordtest.User{bob}, discordtest.Opt{Name: "opponent", Value: bob.ID})
	h.countGlobal(g, func() discordtest.Message { return h.typedMove(alice, g, g.thread) })
	h.clock.advance(13*time.Minute + time.Second)
	calls := h.countGlobal(g, func() discordtest.Message { return h.typedMove(bob, g, g.thread) })
	if want := []string{"PATCH /channels/{channel}/messages/{msg}"}; !slices.Equal(calls, want) {
		t.Errorf("a move 13 minutes after the board before made the global calls %v, want %v", calls, want)
	}

	c := h.threadGame(kingsmen, alice, ch, nil, discordtest.Opt{Name: "bots", Value: "1"})
	h.countGlobal(c, func() discordtest.Message { return h.typedMove(alice, c, c.thread) })
	h.clock.advance(13*time.Minute + time.Second)
	calls = h.countGlobal(c, func() discordtest.Message {
		h.sweep() // the computer moves
		return h.newestBoard(c)
	})
	if want := []string{"PATCH /channels/{channel}/messages/{msg}", "POST /channels/{channel}/messages"}; !slices.Equal(calls, want) {
		t.Errorf("the computer's move 13 minutes after Alice's made the global calls %v, want %v", calls, want)
	}
}

// Past the door's budget of calls against the global limit, boards wait
// their turn and none is lost: with a budget of 4 calls a second, the
// players of four games in threads type their moves in the channel at
// once, each move's board a post in its thread; every board comes, each
// game's in turn, and no second holds more calls against the limit than
// the budget allows (a burst of one, and 4 a second).
func TestBoardsWaitTheirTurn(t *testing.T) {
	t.Parallel()
	const rate = 4
	h := newHarness(t, threads, sketchy, func(h *harness) { h.rate = rate })
	ch := h.f.Channel()
	kingsmen := bot.KingsmenKit().Game
	users := map[string]discordtest.User{}
	var games []*threadGame
	for i := range 4 {
		a, b := h.f.NewUser(fmt.Sprint("Ann ", i)), h.f.NewUser(fmt.Sprint("Ben ", i))
		users[a.ID], users[b.ID] = a, b
		games = append(games, h.threadGame(kingsmen, a, ch, []discordtest.User{b}, discordtest.Opt{Name: "opponent", Value: b.ID}))
	}
	for round := range 3 {
		var wg sync.WaitGroup
		for _, g := range games {
			u := users[h.toMove(g)]
			wg.Go(func() { g.board = h.typedMove(u, g, ch) })
		}
		wg.Wait()
		for _, g := range games {
			h.awaitOneLive(g.id, g.board)
			if row, _ := h.game(g.id); row.Version != shownVersion(t, g.board) {
				t.Errorf("round %d: game #%d is at version %d, its newest board shows %d", round+1, g.id, row.Version, shownVersion(t, g.board))
			}
		}
	}
	var at []time.Time
	for _, r := range h.f.Requests() {
		if r.Global() && !strings.Contains(r.Route, "/commands") {
			at = append(at, r.At)
		}
	}
	// The Fake stamps a call when it arrives, a little after the budget
	// let it go: one call of slack.
	most := 1 + rate + 1
	for i := range at {
		n := 0
		for j := i; j < len(at) && at[j].Sub(at[i]) < time.Second; j++ {
			n++
		}
		if n > most {
			t.Errorf("%d calls against the global limit in the second from %s, want at most %d", n, at[i].Format("15:04:05.000"), most)
			break
		}
	}
}

// shownVersion is the version of its game a board shows, as its controls
// name it (g/{game}/{version}/{action}).
func shownVersion(t *testing.T, m discordtest.Message) int64 {
	t.Helper()
	c, ok := m.Find(func(c discordtest.Component) bool { return strings.HasPrefix(c.CustomID, "g/") })
	if !ok {
		t.Fatalf("the board %q has no controls", m.Content)
	}
	var game, version int64
	if _, err := fmt.Sscanf(c.CustomID, "g/%d/%d/", &game, &version); err != nil {
		t.Fatalf("custom id %q: %v", c.CustomID, err)
	}
	return version
}
