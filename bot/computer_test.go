package bot

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"parlor/rules"
	"parlor/storage"
)

// firstMover is a game whose computer player plays the first legal move:
// the table's tests need a computer that is quick and predictable; the
// players themselves are tested in their games' packages.
type firstMover struct {
	rules.Game
	thinks *int
}

func (f firstMover) Think(ctx context.Context, s rules.State, level rules.Level, think time.Duration, seed uint64) (rules.Move, error) {
	if f.thinks != nil {
		*f.thinks++
	}
	if s.ToMove() < 0 {
		return rules.Move{}, errors.New("not a player's turn")
	}
	legal := s.Legal()
	if len(legal) == 0 {
		return rules.Move{}, errors.New("no legal move")
	}
	return legal[0], nil
}

// withComputer is kit whose game has firstMover's computer players.
func withComputer(kit Kit, thinks *int) Kit {
	kit.Game = firstMover{Game: kit.Game, thinks: thinks}
	return kit
}

// parlorBot is the bot itself, as Discord resolves it when it is named.
var parlorBot = User{ID: "999", Name: "Parlor", Bot: true}

// vsComputer is /kingsmen new naming the bot as the opponent.
func (e *tableEnv) vsComputer(u User) Request {
	req := e.cmd(u, "new", "opponent", parlorBot.ID)
	req.Self, req.Users[parlorBot.ID] = parlorBot.ID, parlorBot
	return req
}

// TestPlayTheComputer plays All the King's Men against the computer,
// named as the opponent: the game begins at once, the computer's turns
// are played by sweeps (never in the player's interaction), each posts a
// board that pings nobody, and the log replays.
func TestPlayTheComputer(t *testing.T) {
	thinks := 0
	e := newEnvWith(t, func(int) int { return 1 }, withComputer(KingsmenKit(), &thinks))
	resp := e.do(e.vsComputer(alice))
	if resp.Public == nil || resp.Thread == nil || !strings.Contains(resp.Public.Content, "Game #1 begins") {
		t.Fatalf("new against the computer should begin at once in a thread:\n%s", showResp(resp))
	}
	g := e.game(1)
	if g.Status != storage.StatusActive || g.Seats[0].Computer == g.Seats[1].Computer {
		t.Fatalf("game %+v", g)
	}
	computer := 0
	if g.Seats[1].Computer != "" {
		computer = 1
	}
	if g.Seats[computer].Computer != string(rules.Strong) || !strings.Contains(g.Seats[computer].Name, "Parlor") {
		t.Errorf("the computer's seat: %+v", g.Seats[computer])
	}
	// With a roll of 1 the seats are swapped: the computer moves first.
	if computer != 0 || !resp.Wake || thinks != 0 {
		t.Fatalf("the computer (seat %d) moves first: Wake %v, thought %d times in the interaction", computer, resp.Wake, thinks)
	}
	for turn := 0; turn < 6; turn++ {
		ns := e.sweep(e.table)
		if len(ns) != 1 || ns[0].Message.File == nil || len(ns[0].Message.Mentions) != 1 || ns[0].Message.Mentions[0] != alice.ID {
			t.Fatalf("turn %d: the sweep should post one board for the computer's move:\n%+v", turn, ns)
		}
		if again := e.sweep(e.table); len(again) != 0 {
			t.Fatalf("turn %d: a second sweep played again: %+v", turn, again)
		}
		if !strings.Contains(ns[0].Message.Content, "<@100>") {
			t.Errorf("turn %d: the board after the computer's move should ping Alice:\n%s", turn, ns[0].Message.Content)
		}
		p := e.position(1)
		move := p.Legal()[0].Text
		resp := e.do(e.cmd(alice, "move", "move", move))
		if resp.Public == nil || !resp.Wake {
			t.Fatalf("turn %d: Alice's move should leave the computer to move (Wake):\n%s", turn, showResp(resp))
		}
		if strings.Contains(resp.Public.Content, "<@") || len(resp.Public.Mentions) != 0 {
			t.Errorf("turn %d: the board pings the computer:\n%s", turn, resp.Public.Content)
		}
	}
	e.replays(1)
	for _, entry := range e.log(1) {
		if entry.Kind != storage.EntryMove {
			t.Errorf("log entry %+v", entry)
		}
	}

	// A draw offered to the computer is declined at once, and nothing is
	// stored.
	e.sweep(e.table)
	before := e.game(1).Version
	resp = e.do(e.cmd(alice, "draw"))
	if resp.Private == nil || !strings.Contains(resp.Private.Content, "declines the draw") || e.game(1).Version != before {
		t.Errorf("draw against the computer:\n%s", showResp(resp))
	}
	// A pause asked for is agreed by the computer at once.
	resp = e.do(e.cmd(alice, "pause"))
	if g := e.game(1); g.PausedAt.IsZero() {
		t.Errorf("pause against the computer should pause at once:\n%s", showResp(resp))
	}
}

// TestComputerSeats seats computers with bots: and level:, refuses what
// does not fit, and lets a new table (a restart) play a computer's turn.
func TestComputerSeats(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	roll := func(n int) int { return rng.IntN(n) } // dice that differ: the opening roll ends
	e := newEnvWith(t, roll, withComputer(KimboKit(), nil))
	kimbo := func(opts ...string) Request {
		req := e.cmd(alice, "new", opts...)
		req.Command = "kimbo"
		return req
	}
	e.refuse(kimbo("bots", "4"), "")
	e.refuse(kimbo("bots", "2", "players", "2"), "not enough open seats")
	e.refuse(kimbo("bots", "1", "level", "clever"), "not one of the choices")

	resp := e.do(kimbo("bots", "3", "level", "easy"))
	g := e.game(1)
	if g.Status != storage.StatusActive || len(g.Seats) != 4 {
		t.Fatalf("bots:3 should start a game of four at once:\n%s\n%+v", showResp(resp), g)
	}
	computers := 0
	for _, s := range g.Seats {
		if s.Computer == string(rules.Easy) {
			computers++
		}
	}
	if computers != 3 {
		t.Fatalf("seats %+v, want three easy computers", g.Seats)
	}

	// Two players at once leave one open seat; bots:1 fills it and the
	// game waits for nobody.
	resp = e.do(kimbo("players", "3", "player2", bob.ID, "bots", "1"))
	if g := e.game(2); g.Status != storage.StatusInvited || g.Seats[2].Computer == "" {
		t.Fatalf("a computer in the open seat, Bob invited:\n%s\n%+v", showResp(resp), g)
	}

	// A restart: a new table over the same database plays the computers'
	// turns of game 1 until a person is to move.
	restarted := NewTable(Config{Store: e.db, Painter: e.painter, Kits: []Kit{withComputer(KimboKit(), nil)}, Roll: roll, Now: func() time.Time { return testNow }, Pace: unpaced})
	if _, err := restarted.Sweep(e.ctx); err != nil {
		t.Fatal(err)
	}
	e.replays(1)
	st, err := KimboKit().Game.Parse(e.game(1).Position)
	if err != nil || e.game(1).Seats[st.ToMove()].Computer != "" {
		t.Fatalf("after the sweep a person should be to move: %v\n%s", err, st.Drawing())
	}

	// When the last person leaves, the computers do not play on alone.
	resign := kimbo()
	resign.Sub, resign.Options = "resign", map[string]string{"game": "1"}
	resp = e.resigned(resign)
	if g := e.game(1); g.Status != storage.StatusOver || resp.Public == nil || !strings.Contains(resp.Public.Content, "Only computer players are left") {
		t.Fatalf("the last person resigning should end the game:\n%s\n%+v", showResp(resp), g)
	}
	e.replays(1)
}

// TestComputerMovesOnce sweeps from two tables at once, as two replicas
// would: each computer move is stored once.
func TestComputerMovesOnce(t *testing.T) {
	e := newEnvWith(t, func(int) int { return 1 }, withComputer(KingsmenKit(), nil))
	e.do(e.vsComputer(alice))
	other := NewTable(Config{Store: e.db, Painter: e.painter, Kits: []Kit{withComputer(KingsmenKit(), nil)}, Roll: func(int) int { return 1 }, Now: func() time.Time { return testNow }, Pace: unpaced})
	if ns := e.sweep(e.table, other); len(ns) != 1 || len(e.log(1)) != 1 {
		t.Fatalf("two sweeps posted %d boards and stored %d moves; want one", len(ns), len(e.log(1)))
	}
}

// TestAddComputerButton: the creator of a lobby with an open seat may
// seat a computer there with a button; nobody else may; the game then
// begins.
func TestAddComputerButton(t *testing.T) {
	e := newEnvWith(t, func(int) int { return 0 }, withComputer(KingsmenKit(), nil))
	resp := e.do(e.cmd(alice, "new"))
	id := button(resp.Public, "Add a computer player")
	if id == "" {
		t.Fatalf("the lobby offers no computer player:\n%s", showResp(resp))
	}
	e.refuse(e.click(bob, id), "Only Alice")
	resp = e.do(e.click(alice, id))
	g := e.game(1)
	if g.Status != storage.StatusActive || resp.Public == nil || !strings.Contains(resp.Update.Content+resp.Public.Content, "seated a computer player") {
		t.Fatalf("the computer's seat should start the game:\n%s\n%+v", showResp(resp), g)
	}
	if g.Seats[1].Computer != string(rules.Strong) {
		t.Errorf("seats %+v", g.Seats)
	}
	e.refuse(e.click(alice, id), "no longer open")
}

// A computer player's name is kept in the language of its game, and said
// in the reader's: a game made in English lists "Parlor (fuerte)" to a
// Spanish player, in /games and in the move box's list of games, and
// "Parlor (strong)" to an English one.
func TestComputerNameInReadersLanguage(t *testing.T) {
	e := newEnvWith(t, func(int) int { return 1 }, withComputer(KingsmenKit(), new(int)))
	if resp := e.do(locales(e.vsComputer(alice), "en-US", "en-US")); resp.Public == nil {
		t.Fatalf("new against the computer: %s", showResp(resp))
	}
	if g := e.game(1); g.Lang != "en" {
		t.Fatalf("the game speaks %q, want en", g.Lang)
	}
	for _, c := range []struct{ locale, want, not string }{
		{"es-ES", "Parlor (fuerte)", "strong"},
		{"en-US", "Parlor (strong)", "fuerte"},
	} {
		resp := e.do(locales(e.gamesCmd(alice), "en-US", c.locale))
		if resp.Private == nil {
			t.Fatalf("/games in %s: %s", c.locale, showResp(resp))
		}
		has(t, "/games in "+c.locale, resp.Private.Content, c.want)
		if strings.Contains(resp.Private.Content, c.not) {
			t.Errorf("/games in %s says %q: %q", c.locale, c.not, resp.Private.Content)
		}
		req := locales(e.typing(alice, "game"), "en-US", c.locale)
		var names []string
		for _, ch := range e.do(req).Choices {
			names = append(names, ch.Name)
		}
		has(t, "the games offered in "+c.locale, strings.Join(names, "|"), c.want)
	}
}
