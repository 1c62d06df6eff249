package bot

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/rumba"
	"parlor/storage"
)

func (e *tableEnv) rumba(id int64) *rumba.Position {
	e.t.Helper()
	p, err := rumba.Parse(e.game(id).Position)
	if err != nil {
		e.t.Fatalf("game %d: %v", id, err)
	}
	return p
}

// rumbaRolls are the throws of Rumba, for diceRoll.
func rumbaRolls() map[string]int {
	p, err := rumba.New(2)
	if err != nil {
		panic(err)
	}
	return rollsOf(p.Legal())
}

// rumbaNew is /rumba new by u with options.
func (e *tableEnv) rumbaNew(u User, opts ...string) Request {
	req := e.cmd(u, "new", opts...)
	req.Command = "rumba"
	for i := 1; i < len(opts); i += 2 {
		for _, v := range []User{alice, bob, carol, stranger} {
			if opts[i] == v.ID {
				req.Users[v.ID] = v
			}
		}
	}
	return req
}

// seatNames are the names of a game's seats, in order.
func (e *tableEnv) seatNames(id int64) []string {
	var out []string
	for _, s := range e.game(id).Seats {
		out = append(out, s.Name)
	}
	return out
}

// TestRumbaPartnersLobby: the creator names a partner and opponents, who
// sit where they were named; open seats are joined on a side; a game
// started early seats a side of two opposite each other, and can't start
// with one side empty; options that do not fit the number of players are
// refused.
func TestRumbaPartnersLobby(t *testing.T) {
	e := newEnvWith(t, (&diceRoll{rng: rand.New(rand.NewPCG(1, 2))}).roll, RumbaKit())

	e.refuse(e.rumbaNew(alice, "partner", carol.ID, "players", "2"), "A game of two has no partners")
	e.refuse(e.rumbaNew(alice, "opponent2", bob.ID, "players", "3"), "invite them as opponent, not opponent2")
	e.refuse(e.rumbaNew(alice, "partner", alice.ID), "You are in the game already")

	// Alice with Carol as partner against Bob and an open seat.
	resp := e.do(e.rumbaNew(alice, "partner", carol.ID, "opponent", bob.ID))
	id := gameOf(t, resp.Public)
	lobby := resp.Public.Content
	if !strings.Contains(lobby, "**Alice** ✓ and <@"+carol.ID+"> (invited) against <@"+bob.ID+"> (invited) and _open seat_") {
		t.Fatalf("lobby: %q", lobby)
	}
	if button(resp.Public, "Join with Alice") != "" || button(resp.Public, "Join") == "" {
		t.Fatalf("one side has an open seat: want a plain Join, got %+v", resp.Public.Components)
	}
	if slices.Compare(resp.Public.Mentions, []string{carol.ID, bob.ID}) != 0 && slices.Compare(resp.Public.Mentions, []string{bob.ID, carol.ID}) != 0 {
		t.Errorf("the invitation pings %v, want Bob and Carol", resp.Public.Mentions)
	}
	e.refuse(e.click(alice, customID(id, 0, "start")), "needs at least 2 players")
	e.do(e.click(carol, customID(id, 0, "accept")))
	e.refuse(e.click(alice, customID(id, 0, "start")), "Partners can't play without opponents")
	e.do(e.click(bob, customID(id, 0, "accept")))
	resp = e.do(e.click(alice, customID(id, 0, "start")))
	board := resp.Public
	if board == nil || !strings.Contains(board.Content, "**Alice** plays South, Red, **Bob** plays East and West, Black and **Carol** plays North, Red") || strings.Contains(board.Content, "By lot") {
		t.Fatalf("start of three: %s", showResp(resp))
	}
	if got := e.seatNames(id); !slices.Equal(got, []string{"Alice", "Bob", "Carol"}) {
		t.Errorf("seats %v, want Alice, Bob (alone), Carol (Alice's partner)", got)
	}
	if p := e.rumba(id); p.Players() != 3 || p.Phase() != rumba.PhaseThrow {
		t.Errorf("the game of three should wait for the first throw: %v", p)
	}
	if !strings.Contains(board.Content, "Opening throw: ") {
		t.Errorf("the opening throw is not told: %q", board.Content)
	}

	// A lobby of four with both sides open: Join buttons per side.
	resp = e.do(e.rumbaNew(alice, "players", "4"))
	id = gameOf(t, resp.Public)
	with, against := button(resp.Public, "Join with Alice"), button(resp.Public, "Join against Alice")
	if with == "" || against == "" {
		t.Fatalf("want Join with / against Alice: %+v", resp.Public.Components)
	}
	lobby2 := e.do(e.click(bob, against)).Update
	resp = e.do(e.click(carol, against))
	if resp.Private == nil || !strings.Contains(resp.Private.Content, "was taken a moment ago") {
		t.Fatalf("a second player on a full seat: %s", showResp(resp))
	}
	e.do(e.click(carol, button(lobby2, "Join against Alice")))
	// Alice alone against Bob and Carol: started early, the side of two
	// sits at 0 and 2 and Alice plays both hands of the other colour.
	resp = e.do(e.click(alice, customID(id, 0, "start")))
	if resp.Public == nil {
		t.Fatalf("start: %s", showResp(resp))
	}
	if got := e.seatNames(id); !slices.Equal(got, []string{"Bob", "Alice", "Carol"}) {
		t.Errorf("seats %v, want Bob, Alice, Carol", got)
	}

	// Two players, one each side: each plays a colour.
	resp = e.do(e.rumbaNew(carol, "opponent", stranger.ID))
	id = gameOf(t, resp.Public)
	resp = e.do(e.click(stranger, customID(id, 0, "accept")))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, "**Carol** plays South and North, Red and **Stranger** plays East and West, Black") {
		t.Fatalf("start of two: %s", showResp(resp))
	}
}

// TestRumbaGameByComponents plays a whole game of four through the table
// with the Roll button and the move menus only, choosing at random: every
// decision is one click (forced ones are played for the player, throws
// after doublets follow at once), only the player to act is pinged, and
// the game replays.
func TestRumbaGameByComponents(t *testing.T) {
	d := &diceRoll{rng: rand.New(rand.NewPCG(4, 9))}
	e := newEnvWith(t, d.roll, RumbaKit())
	rng := rand.New(rand.NewPCG(4, 3))
	resp := e.do(e.rumbaNew(alice, "players", "4"))
	id := gameOf(t, resp.Public)
	lobby := e.do(e.click(carol, button(resp.Public, "Join with Alice"))).Update
	lobby = e.do(e.click(bob, button(lobby, "Join"))).Update
	board := e.do(e.click(stranger, button(lobby, "Join"))).Public
	if board == nil {
		t.Fatal("the game did not start")
	}
	clicks := 0
	for !e.rumba(id).Outcome().Over() {
		if clicks++; clicks > 5000 {
			t.Fatalf("no winner after %d clicks", clicks)
		}
		p := e.rumba(id)
		u := e.mover(id)
		if !slices.Equal(board.Mentions, []string{u.ID}) {
			t.Fatalf("click %d: the board pings %v, want %s\n%s", clicks, board.Mentions, u.Name, board.Content)
		}
		var resp Response
		switch p.Phase() {
		case rumba.PhaseThrow:
			roll := button(board, "Roll")
			if roll == "" {
				t.Fatalf("click %d: no Roll button on %q", clicks, board.Content)
			}
			resp = e.do(e.click(u, roll))
		case rumba.PhaseMove:
			sels := selects(board)
			if len(sels) == 0 {
				t.Fatalf("click %d: no move menu on %q\n%s", clicks, board.Content, p.Drawing())
			}
			if n := menuMoves(sels); n != len(p.Legal()) {
				t.Fatalf("click %d: the menus offer %d moves of %d\n%s", clicks, n, len(p.Legal()), p.Drawing())
			}
			sel := sels[rng.IntN(len(sels))]
			resp = e.do(e.click(u, sel.ID, sel.Options[rng.IntN(len(sel.Options))].Value))
		default:
			t.Fatalf("click %d: phase %s for a player", clicks, p.Phase())
		}
		if resp.Public == nil || resp.Private != nil {
			t.Fatalf("click %d: %s got %s, want a board (one click, no second menu)", clicks, u.Name, showResp(resp))
		}
		board = resp.Public
	}
	p := e.rumba(id)
	o := p.Outcome()
	if len(o.Winners) != 2 || p.SideOf(o.Winners[0]) != p.SideOf(o.Winners[1]) {
		t.Errorf("the winners should be partners: %+v", o)
	}
	if len(board.Components) != 0 || !strings.Contains(board.Content, " won by bringing four men of their colour into FINISH.") {
		t.Errorf("last board %q", board.Content)
	}
	if g := e.game(id); g.Status != storage.StatusOver {
		t.Errorf("stored as %s", g.Status)
	}
	e.replays(id)
	t.Logf("%d clicks", clicks)
}

// menuMoves counts the moves the selects offer.
func menuMoves(sels []Component) int {
	n := 0
	for _, s := range sels {
		n += len(s.Options)
	}
	return n
}

// TestRumbaCommands plays the start of a game with typed commands: the
// roll, a forced entry played by the table, a choice typed with
// autocomplete, refusals out of turn and of a second roll, and resigning
// for the partnership.
func TestRumbaCommands(t *testing.T) {
	// The opening: South 6-5 beats East 2-1; then South throws 6-3.
	d := &diceRoll{script: []string{"6-5", "2-1", "6-3", "4-1", "5-2"}, rng: rand.New(rand.NewPCG(1, 1)), rolls: rumbaRolls()}
	e := newEnvWith(t, d.roll, RumbaKit())
	id := gameOf(t, e.do(e.rumbaNew(alice, "opponent", bob.ID)).Public)
	resp := e.do(e.click(bob, customID(id, 0, "accept")))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, "Opening throw: Alice 6-5, Bob 2-1; **Alice** threw highest and starts, as South.") {
		t.Fatalf("start: %s", showResp(resp))
	}
	cmd := func(u User, sub string, opts ...string) Request {
		r := e.cmd(u, sub, opts...)
		r.Command = "rumba"
		return r
	}
	e.refuse(cmd(bob, "roll"), "It is Alice's turn, not yours.")
	resp = e.do(cmd(alice, "roll"))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, "South to play with **6-3**") {
		t.Fatalf("roll: %s", showResp(resp))
	}
	e.refuse(cmd(alice, "roll"), "You are playing a throw of 6-3")
	labels := map[string]bool{}
	for _, sel := range selects(resp.Public) {
		for _, o := range sel.Options {
			labels[o.Label] = true
		}
	}
	if !labels["Enter a South man on 00"] || !labels["Enter a North man on 32"] {
		t.Fatalf("the menus should offer entering a South or a North man: %v", labels)
	}
	ac := e.typing(alice, "move", "move", "enter N")
	ac.Command = "rumba"
	choices := e.table.Handle(e.ctx, ac).Choices
	if len(choices) != 1 || choices[0].Value != "enter N" {
		t.Fatalf("autocomplete of enter N: %v", choices)
	}
	// The suggestion says what the move does without naming the mover,
	// whose suggestions they are ("South: a North man…" read as if the
	// man were South's).
	if got, want := choices[0].Name, "enter N · a North man enters on 32 with the 6"; got != want {
		t.Errorf("the suggestion of enter N is %q, want %q", got, want)
	}
	// Entering North's man with the 6 leaves the 3 for him alone: played
	// for Alice.
	resp = e.do(cmd(alice, "move", "move", "enter N"))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, "**Alice** playing 6-3: a North man enters on 32 with the 6; a North man from 32 to 35 with the 3.") {
		t.Fatalf("enter N: %s", showResp(resp))
	}
	if p := e.rumba(id); p.Turn() != rumba.East || p.Phase() != rumba.PhaseThrow {
		t.Fatalf("East should be to throw: %s", p.Drawing())
	}
	// Bob's 4-1 enters nothing: a pass, played for him; then it is North's
	// (Alice's) turn.
	resp = e.do(cmd(bob, "roll"))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, "**Bob** rolled **4-1**: can play nothing.") {
		t.Fatalf("Bob's roll: %s", showResp(resp))
	}
	e.refuse(cmd(alice, "move", "move", "N 35-40"), "You can't play")
	// Resigning hands the game to the other side.
	resp = e.resigned(cmd(alice, "resign"))
	if resp.Public == nil {
		t.Fatalf("resign: %s", showResp(resp))
	}
	o := e.rumba(id).Outcome()
	if o.Method != rules.Resignation || !slices.Equal(o.Winners, []rules.Seat{1}) {
		t.Errorf("after Alice resigns: %+v", o)
	}
	e.replays(id)
}
