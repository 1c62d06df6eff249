package bot

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"parlor/bot/limits"
	"parlor/rules/kingsmen"
	"parlor/storage"
)

// Two short games from the start position, found by search: the first
// ends with North under Threat, the second with South's King captured.
var (
	threatLine = []string{"Ab2-b3", "Ab7-b6", "Ac2-b2", "Ac7-b7", "Nc1xc8"}
	kingLine   = []string{"Ac2-c3", "Ab7-a8", "Ad2-d3", "Nb8xb2", "Kd1-d2", "Nb2xd2"}
)

func TestNewRefusals(t *testing.T) {
	e := newEnv(t)

	self := e.cmd(alice, "new", "opponent", alice.ID)
	self.Users[alice.ID] = alice
	e.refuse(self, "You can't challenge yourself.")

	bot := e.cmd(alice, "new", "opponent", robot.ID)
	bot.Users[robot.ID] = robot
	e.refuse(bot, "Robo is a bot and can't play.")

	chess := e.cmd(alice, "new")
	chess.Command = "chess"
	e.refuse(chess, `I don't know the game "chess".`)

	e.refuse(e.cmd(alice, "fly"), `/kingsmen has no "fly" command.`)

	odd := e.cmd(alice, "new")
	odd.Kind = Kind(42)
	e.refuse(odd, "I don't know that kind of interaction.")

	if ids, _ := e.db.GameIDs(e.ctx); len(ids) != 0 {
		t.Errorf("refused /new stored games %v", ids)
	}
}

func TestChallengeAccept(t *testing.T) {
	e := newEnv(t)
	req := e.cmd(alice, "new", "opponent", bob.ID)
	req.Users[bob.ID] = bob
	resp := e.do(req)
	if resp.Public == nil || resp.Private != nil || resp.Update != nil {
		t.Fatalf("challenge: got %s, want only a public message", showResp(resp))
	}
	id := gameOf(t, resp.Public)
	if want := []string{bob.ID}; !slices.Equal(resp.Public.Mentions, want) {
		t.Errorf("challenge pings %v, want %v", resp.Public.Mentions, want)
	}
	if !strings.Contains(resp.Public.Content, "<@200>, **Alice** challenges you") {
		t.Errorf("challenge says %q", resp.Public.Content)
	}
	accept, decline := customID(id, 0, "accept"), customID(id, 0, "decline")
	if len(resp.Public.Components) != 1 || len(resp.Public.Components[0]) != 2 ||
		resp.Public.Components[0][0].ID != accept || resp.Public.Components[0][1].ID != decline {
		t.Fatalf("challenge buttons: got %+v, want %s and %s", resp.Public.Components, accept, decline)
	}
	g := e.game(id)
	wantSeats := []storage.Seat{{Seat: 0, UserID: alice.ID, Name: "Alice", Joined: true}, {Seat: 1, UserID: bob.ID, Name: "Bob"}}
	if g.Status != storage.StatusInvited || g.Version != 1 || !reflect.DeepEqual(g.Seats, wantSeats) {
		t.Errorf("stored challenge: status %s version %d seats %+v, want invited, 1, %+v", g.Status, g.Version, g.Seats, wantSeats)
	}

	e.refuse(e.click(carol, accept), "This challenge is for Bob, not you.")
	e.refuse(e.click(carol, decline), "This challenge is for Bob, not you.")
	e.refuse(e.click(alice, accept), "You made this challenge; it is Bob's to accept.")
	e.refuse(e.click(alice, customID(id, 0, "join")), "You opened this game; someone else has to take the other seat.")
	e.refuse(e.click(bob, customID(id, 0, "cancel")), fmt.Sprintf("Only Alice, who opened game #%d, can cancel it.", id))
	e.refuse(e.cmd(bob, "move", "move", "Ab7-b6", "game", fmt.Sprint(id)), fmt.Sprintf("Game #%d has not started yet", id))

	resp = e.do(e.click(bob, accept))
	if resp.Private != nil || resp.Update == nil || resp.Public == nil {
		t.Fatalf("accept: got %s, want an update and a public board", showResp(resp))
	}
	if want := fmt.Sprintf("Game #%d of All the King's Men: **Bob** accepted.", id); resp.Update.Content != want || len(resp.Update.Components) != 0 {
		t.Errorf("accept update: got %q with %d rows, want %q without buttons", resp.Update.Content, len(resp.Update.Components), want)
	}
	board := resp.Public
	for _, want := range []string{
		fmt.Sprintf("**Game #%d · All the King's Men** · Alice (South, orange) vs Bob (North, blue)", id),
		"By lot, **Alice** plays South, orange and **Bob** plays North, blue; Alice moves first.",
		"<@100>, your move (South, orange).",
	} {
		if !strings.Contains(board.Content, want) {
			t.Errorf("board says %q, want it to say %q", board.Content, want)
		}
	}
	if !slices.Equal(board.Mentions, []string{alice.ID}) {
		t.Errorf("board pings %v, want only the player to move %v", board.Mentions, []string{alice.ID})
	}
	if board.File == nil || !strings.HasSuffix(board.File.Name, ".png") {
		t.Errorf("board has no PNG: %+v", board.File)
	}
	if board.Drawing != kingsmen.Start().Drawing() {
		t.Errorf("board drawing:\n%s\nwant\n%s", board.Drawing, kingsmen.Start().Drawing())
	}
	if got, want := pickID(t, board), customID(id, 2, "pick"); got != want {
		t.Errorf("piece select id %q, want %q", got, want)
	}
	var keys []string
	for _, o := range board.Components[0][0].Options {
		keys = append(keys, o.Value)
	}
	if want := []string{"b1", "f1", "a2", "b2", "c2", "d2", "e2", "f2", "g2"}; !slices.Equal(keys, want) {
		t.Errorf("pieces offered %v, want %v", keys, want)
	}

	g = e.game(id)
	wantSeats[1].Joined = true
	if g.Status != storage.StatusActive || g.Version != 2 || g.Position != kingsmen.StartText || !reflect.DeepEqual(g.Seats, wantSeats) || g.DrawOffer != storage.NoDrawOffer {
		t.Errorf("stored game: %+v, want active, version 2, start position, seats %+v", g, wantSeats)
	}
	if log := e.log(id); len(log) != 0 {
		t.Errorf("accepting logged %+v, want nothing", log)
	}

	e.refuse(e.click(bob, accept), fmt.Sprintf("This invitation to game #%d is no longer open (the game is active).", id))
	e.refuse(e.click(bob, decline), "is no longer open (the game is active)")
	e.refuse(e.click(carol, customID(id, 0, "join")), fmt.Sprintf("Game #%d is no longer open to join (it is active).", id))
	e.refuse(e.click(alice, customID(id, 0, "cancel")), fmt.Sprintf("Game #%d can't be cancelled now (it is active).", id))
}

func TestChallengeByLot(t *testing.T) {
	e := newEnvWith(t, func(int) int { return 1 }, KingsmenKit())
	id, board := e.challenge(alice, bob)
	if !slices.Equal(board.Mentions, []string{bob.ID}) || !strings.Contains(board.Content, "**Bob** plays South, orange and **Alice** plays North, blue; Bob moves first.") {
		t.Errorf("roll 1: board %q pings %v, want Bob seated South and pinged", board.Content, board.Mentions)
	}
	if g := e.game(id); g.Seats[0].UserID != bob.ID || g.Seats[1].UserID != alice.ID {
		t.Errorf("roll 1: seats %+v, want Bob then Alice", g.Seats)
	}
}

func TestDecline(t *testing.T) {
	e := newEnv(t)
	newChallenge := func() int64 {
		req := e.cmd(alice, "new", "opponent", bob.ID)
		req.Users[bob.ID] = bob
		return gameOf(t, e.do(req).Public)
	}

	id := newChallenge()
	resp := e.do(e.click(bob, customID(id, 0, "decline")))
	if resp.Update == nil || resp.Public != nil || resp.Private != nil || resp.Update.Content != fmt.Sprintf("Game #%d of All the King's Men: **Bob** declined.", id) {
		t.Errorf("decline: got %s", showResp(resp))
	}
	if g := e.game(id); g.Status != storage.StatusDeclined || g.Version != 2 {
		t.Errorf("declined game: status %s version %d, want declined, 2", g.Status, g.Version)
	}
	e.refuse(e.click(bob, customID(id, 0, "accept")), "is no longer open (the game is declined)")
	e.refuse(e.cmd(bob, "move", "move", "Ab7-b6", "game", fmt.Sprint(id)), fmt.Sprintf("Game #%d was declined and never played.", id))

	id = newChallenge()
	resp = e.do(e.click(alice, customID(id, 0, "decline")))
	if resp.Update == nil || resp.Update.Content != fmt.Sprintf("Game #%d of All the King's Men: **Alice** withdrew the challenge.", id) {
		t.Errorf("withdraw: got %s", showResp(resp))
	}
	if g := e.game(id); g.Status != storage.StatusDeclined {
		t.Errorf("withdrawn game: status %s, want declined", g.Status)
	}
	e.refuse(e.click(bob, customID(id, 0, "accept")), "no longer open")
}

func TestOpenGame(t *testing.T) {
	e := newEnv(t)
	resp := e.do(e.cmd(alice, "new"))
	if resp.Public == nil || resp.Private != nil || len(resp.Public.Mentions) != 0 {
		t.Fatalf("open game: got %s, want a public message that pings nobody", showResp(resp))
	}
	id := gameOf(t, resp.Public)
	join, computer, cancel := customID(id, 0, "join"), customID(id, 0, "computer"), customID(id, 0, "cancel")
	if c := resp.Public.Components; len(c) != 1 || len(c[0]) != 3 || c[0][0].ID != join || c[0][1].ID != computer || c[0][2].ID != cancel {
		t.Fatalf("open game buttons %+v, want %s, %s and %s", c, join, computer, cancel)
	}
	if g := e.game(id); g.Status != storage.StatusOpen || len(g.Seats) != 2 || g.Seats[1] != (storage.Seat{Seat: 1}) {
		t.Errorf("open game stored as %s with seats %+v", g.Status, g.Seats)
	}

	e.refuse(e.click(alice, join), "You opened this game; someone else has to take the other seat.")
	e.refuse(e.click(robot, join), "Bots can't play.")
	e.refuse(e.click(bob, cancel), fmt.Sprintf("Only Alice, who opened game #%d, can cancel it.", id))
	e.refuse(e.click(bob, customID(id, 0, "accept")), "Nobody is invited to game")

	resp = e.do(e.click(bob, join))
	if resp.Update == nil || resp.Public == nil || !strings.Contains(resp.Update.Content, "**Bob** joined.") {
		t.Fatalf("join: got %s", showResp(resp))
	}
	if !slices.Equal(resp.Public.Mentions, []string{alice.ID}) {
		t.Errorf("joined board pings %v, want [Alice]", resp.Public.Mentions)
	}
	e.refuse(e.click(carol, join), fmt.Sprintf("Game #%d is no longer open to join (it is active).", id))
	e.refuse(e.click(alice, cancel), fmt.Sprintf("Game #%d can't be cancelled now (it is active).", id))

	id = gameOf(t, e.do(e.cmd(alice, "new")).Public)
	resp = e.do(e.click(alice, customID(id, 0, "cancel")))
	if resp.Update == nil || resp.Public != nil || resp.Update.Content != fmt.Sprintf("Game #%d of All the King's Men was cancelled by **Alice**.", id) {
		t.Errorf("cancel: got %s", showResp(resp))
	}
	if g := e.game(id); g.Status != storage.StatusCancelled {
		t.Errorf("cancelled game stored as %s", g.Status)
	}
	e.refuse(e.click(bob, customID(id, 0, "join")), "is no longer open to join (it is cancelled)")
	e.refuse(e.cmd(alice, "resign", "game", fmt.Sprint(id)), "was cancelled and never played")
}

func TestMoveRefusals(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, bob)
	game := fmt.Sprint(id)
	move := func(u User, text string) Request { return e.cmd(u, "move", "move", text) }

	e.refuse(move(bob, "Ab7-b6"), "It is Alice's turn, not yours.")
	e.refuse(move(stranger, "Ac2-c3"), fmt.Sprintf("You are not playing in any game of All the King's Men here (game #%d is Alice vs Bob's).", id))
	e.refuse(e.cmd(stranger, "move", "move", "Ac2-c3", "game", game), fmt.Sprintf("You are not playing in game #%d.", id))

	for _, c := range []struct{ text, reason string }{
		{"Ad2-e3", "d2 has no NE arrow (its arrows: N E W)"},
		{"Nc1-c3", "another piece is in the way, and no piece may jump"},
		{"Nc1-c2", "your own Archer stands there"},
		{"Ad3-d4", "there is no piece on d3"},
		{"Ad7-d6", "the Archer on d7 is not yours"},
		{"Kc1-c2", "the piece on c1 is a Knight, not a King"},
		{"Ad2-d4", "Archer moves one square at a time"},
		{"Ac2xc3", "there is nothing to capture on c3"},
		{"zz", `"zz" is not a move like Nc1-c5`},
		{"Nc1-c9", `no square "c9" on a 7×8 board`},
	} {
		got := e.refuse(move(alice, c.text), c.reason)
		if !strings.HasPrefix(got, fmt.Sprintf("You can't play %q: ", c.text)) {
			t.Errorf("move %q: got %q, want it to start by naming the move", c.text, got)
		}
	}
	e.refuse(move(alice, ""), "Say which move, like Nc1-c5.")
	e.refuse(move(alice, "   "), "Say which move, like Nc1-c5.")

	e.refuse(e.cmd(alice, "move", "move", "Ac2-c3", "game", "999"), "There is no game #999 here.")
	e.refuse(e.cmd(alice, "move", "move", "Ac2-c3", "game", "abc"), `"abc" is not a game number; game numbers look like 12.`)
	e.refuse(e.cmd(alice, "move", "move", "Ac2-c3", "game", "-3"), `"-3" is not a game number`)

	// A game of a kind this bot does not serve.
	kimbo := &storage.Game{Kind: "kimbo", GuildID: tableGuild, ChannelID: tableChannel, Creator: alice.ID, Status: storage.StatusActive, Position: "whatever", DrawOffer: -1,
		Seats: []storage.Seat{{Seat: 0, UserID: alice.ID, Name: "Alice", Joined: true}, {Seat: 1, UserID: bob.ID, Name: "Bob", Joined: true}}}
	kid, err := e.db.Create(e.ctx, kimbo, "")
	if err != nil {
		t.Fatal(err)
	}
	e.refuse(e.cmd(alice, "move", "move", "Ac2-c3", "game", fmt.Sprint(kid)), fmt.Sprintf("Game #%d is a kimbo game, which this bot does not serve.", kid))
	e.refuse(e.click(alice, customID(kid, 1, "pick"), "c2"), "which this bot does not serve")

	// No game option: one's games are found in this tableChannel only, and are
	// listed when there are several.
	other := e.cmd(alice, "move", "move", "Ac2-c3")
	other.ChannelID = "chan-2"
	e.refuse(other, "You have no game of All the King's Men going in this channel. Start one with /kingsmen new.")
	id2, _ := e.challenge(alice, carol)
	e.refuse(move(alice, "Ac2-c3"), fmt.Sprintf("You have 2 games of All the King's Men here: #%d (Alice vs Carol), #%d (Alice vs Bob). Say which with the game option.", id2, id))
	e.play(id2, "Ac2-c3") // with the game option, Alice can play either

	// Game over.
	e.resigned(e.cmd(bob, "resign", "game", game))
	e.refuse(e.cmd(alice, "move", "move", "Ac2-c3", "game", game), fmt.Sprintf("Game #%d is over: Alice won by resignation.", id))
	// Without the game option, a game of theirs that just ended is found.
	e.refuse(e.cmd(bob, "move", "move", "Ab7-b6"), fmt.Sprintf("Game #%d is over: Alice won by resignation.", id))
	e.refuse(e.cmd(stranger, "move", "move", "Ab7-b6"), fmt.Sprintf("You are not playing in any game of All the King's Men here (game #%d is Alice vs Carol's).", id2))
}

// A game of another kind the bot serves is sent to its own command.
func TestMoveOtherKind(t *testing.T) {
	other := KingsmenKit()
	other.Game = renamed{kingsmen.Game{}}
	e := newEnvWith(t, func(int) int { return 0 }, KingsmenKit(), other)
	row := &storage.Game{Kind: "kimbo", GuildID: tableGuild, ChannelID: tableChannel, Creator: alice.ID, Status: storage.StatusActive, Position: kingsmen.StartText, DrawOffer: -1,
		Seats: []storage.Seat{{Seat: 0, UserID: alice.ID, Name: "Alice", Joined: true}, {Seat: 1, UserID: bob.ID, Name: "Bob", Joined: true}}}
	id, err := e.db.Create(e.ctx, row, "")
	if err != nil {
		t.Fatal(err)
	}
	e.refuse(e.cmd(alice, "move", "move", "Ac2-c3", "game", fmt.Sprint(id)), fmt.Sprintf("Game #%d is a game of Kimbo; use /kimbo for it.", id))
	e.refuse(e.cmd(alice, "move", "move", "Ac2-c3"), "You have no game of All the King's Men going in this channel.")
}

// renamed is kingsmen under another name, a second game for the table.
type renamed struct{ kingsmen.Game }

func (renamed) Name() string  { return "kimbo" }
func (renamed) Title() string { return "Kimbo" }

func TestComponentRefusals(t *testing.T) {
	e := newEnv(t)
	id, board := e.challenge(alice, bob)
	pick := pickID(t, board)

	e.refuse(e.click(bob, pick, "b7"), "It is Alice's turn, not yours.")
	e.refuse(e.click(stranger, pick, "c2"), fmt.Sprintf("You are not playing in game #%d.", id))
	e.refuse(e.click(alice, pick, "d1"), "That piece has no legal move now.")
	e.refuse(e.click(alice, pick, "zz"), "That piece has no legal move now.")
	e.refuse(e.click(alice, pick), "Choose one piece.")
	e.refuse(e.click(alice, pick, "c2", "d2"), "Choose one piece.")

	play := customID(id, 2, "play")
	e.refuse(e.click(alice, play), "Choose one move.")
	e.refuse(e.click(alice, play, "Ac2-c3", "Ad2-d3"), "Choose one move.")
	e.refuse(e.click(alice, play, "Kd1-d2"), "You can't play \"Kd1-d2\"")
	e.refuse(e.click(bob, play, "Ab7-b6"), "It is Alice's turn, not yours.")
	e.refuse(e.click(stranger, play, "Ac2-c3"), "You are not playing in game")

	e.refuse(e.click(alice, "nonsense"), "I don't recognise that button. It may be from an older version of the bot")
	e.refuse(e.click(alice, "g/x/2/pick", "c2"), "I don't recognise that button.")
	e.refuse(e.click(alice, "g/1/-1/pick", "c2"), "I don't recognise that button.")
	e.refuse(e.click(alice, customID(id, 2, "fly"), "c2"), "I don't recognise that button.")
	e.refuse(e.click(alice, customID(999, 1, "pick"), "c2"), "There is no game #999 here.")

	e.play(id, "Ac2-c3")
	e.refuse(e.click(bob, pick, "b7"), fmt.Sprintf("That board is out of date: game #%d has moved on since.", id))
	e.refuse(e.click(alice, play, "Ad2-d3"), "That board is out of date")
	if g := e.game(id); g.Version != 3 || len(e.log(id)) != 1 {
		t.Errorf("after one move: version %d, log %+v", g.Version, e.log(id))
	}
}

func TestPlayByComponents(t *testing.T) {
	e := newEnv(t)
	id, board := e.challenge(alice, bob)

	resp := e.do(e.click(alice, pickID(t, board), "c2"))
	if resp.Private == nil || resp.Public != nil || resp.Update != nil {
		t.Fatalf("pick: got %s, want a private choice of moves", showResp(resp))
	}
	if resp.Private.Content != "Where should the Archer c2 go?" {
		t.Errorf("pick says %q", resp.Private.Content)
	}
	if c := resp.Private.Components; len(c) != 1 || len(c[0]) != 1 || c[0][0].Kind != Select || c[0][0].ID != customID(id, 2, "play") ||
		len(c[0][0].Options) != 1 || c[0][0].Options[0].Value != "Ac2-c3" {
		t.Fatalf("pick offers %+v, want a play select with Ac2-c3", c)
	}

	req := e.click(alice, customID(id, 2, "play"), "Ac2-c3")
	resp = e.do(req)
	if resp.Private != nil || resp.Update == nil || resp.Public == nil {
		t.Fatalf("play: got %s, want an update and a board", showResp(resp))
	}
	if resp.Update.Content != "You played Ac2-c3." || len(resp.Update.Components) != 0 {
		t.Errorf("play update: %q with %d rows", resp.Update.Content, len(resp.Update.Components))
	}
	b := resp.Public
	for _, want := range []string{"**Alice** played Archer c2 to c3 (Ac2-c3).", "<@200>, your move (North, blue)."} {
		if !strings.Contains(b.Content, want) {
			t.Errorf("board says %q, want %q", b.Content, want)
		}
	}
	if strings.Contains(b.Content, "Threat") {
		t.Errorf("quiet move announces a Threat: %q", b.Content)
	}
	if !slices.Equal(b.Mentions, []string{bob.ID}) || b.File == nil {
		t.Errorf("board pings %v (file %v), want [Bob] and a PNG", b.Mentions, b.File != nil)
	}
	if got, want := pickID(t, b), customID(id, 3, "pick"); got != want {
		t.Errorf("next piece select %q, want %q", got, want)
	}
	log := e.log(id)
	want := []storage.Entry{{Ply: 1, Seat: 0, Kind: storage.EntryMove, Text: "Ac2-c3", At: testNow, InteractionID: req.ID}}
	if !reflect.DeepEqual(log, want) {
		t.Errorf("log %+v, want %+v", log, want)
	}
	e.replays(id)

	// /board shows the game to anyone and pings nobody.
	resp = e.do(e.cmd(stranger, "board"))
	if resp.Public == nil || resp.Private != nil || len(resp.Public.Mentions) != 0 || !strings.Contains(resp.Public.Content, "**Bob**, your move") {
		t.Errorf("/board: got %s, want a public board naming Bob without a ping", showResp(resp))
	}
}

func TestThreatAndKingCapture(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, bob)
	board := e.play(id, threatLine...)
	if !strings.Contains(board.Content, "<@200>, your move (North, blue). **Threat!**") {
		t.Errorf("threat board says %q, want a Threat announced to Bob", board.Content)
	}
	if !slices.Equal(board.Mentions, []string{bob.ID}) {
		t.Errorf("threat board pings %v, want [Bob]", board.Mentions)
	}
	var offered []string
	for _, o := range board.Components[0][0].Options {
		offered = append(offered, o.Value)
	}
	if want := []string{"b8", "d8"}; !slices.Equal(offered, want) {
		t.Errorf("under Threat the pieces offered are %v, want %v", offered, want)
	}
	e.refuse(e.cmd(bob, "move", "move", "Ad7-d6"), "your King is under Threat and Ad7-d6 does not end it")
	e.replays(id)

	id2, _ := e.challenge(alice, carol)
	board = e.play(id2, kingLine...)
	if !strings.Contains(board.Content, "**Carol** played Knight b2 to d2, capturing the King and winning (Nb2xd2).") ||
		!strings.HasSuffix(board.Content, "Game over: Carol won by capturing the King.") {
		t.Errorf("final board says %q", board.Content)
	}
	if len(board.Mentions) != 0 || len(board.Components) != 0 || board.File == nil {
		t.Errorf("final board pings %v with %d rows, want no ping, no controls, a picture", board.Mentions, len(board.Components))
	}
	g := e.game(id2)
	if g.Status != storage.StatusOver || g.DrawOffer != storage.NoDrawOffer || !strings.HasSuffix(g.Position, " n:king-captured") {
		t.Errorf("finished game stored as %s, offer %d, position %q", g.Status, g.DrawOffer, g.Position)
	}
	if n := len(e.log(id2)); n != len(kingLine) {
		t.Errorf("log has %d entries, want %d", n, len(kingLine))
	}
	e.replays(id2)
	e.refuse(e.cmd(alice, "move", "move", "Ae2-e3", "game", fmt.Sprint(id2)), fmt.Sprintf("Game #%d is over: Carol won by capturing the King.", id2))
	e.refuse(e.click(alice, customID(id2, 7, "pick"), "e2"), fmt.Sprintf("Game #%d is over", id2))

	// Check agrees with every game played, and finds a corrupted one.
	e.do(e.cmd(alice, "new")) // an open game, with no log
	n, problems, err := e.table.Check(e.ctx)
	if err != nil || n != 3 || len(problems) != 0 {
		t.Fatalf("Check: got %d games, problems %+v, error %v; want 3 games, no problems", n, problems, err)
	}
	if _, err := e.db.SQL().ExecContext(e.ctx, "UPDATE games SET position = ? WHERE id = ?", kingsmen.StartText, id); err != nil {
		t.Fatal(err)
	}
	_, problems, err = e.table.Check(e.ctx)
	if err != nil || len(problems) != 1 || problems[0].GameID != id || !strings.Contains(problems[0].Detail, "stored position") {
		t.Errorf("Check after corrupting game %d: got %+v, %v; want one problem with its stored position", id, problems, err)
	}
}

func TestResign(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, bob)
	e.refuse(e.cmd(stranger, "resign"), "You are not playing in any game of All the King's Men here")
	e.refuse(e.cmd(stranger, "resign", "game", fmt.Sprint(id)), fmt.Sprintf("You are not playing in game #%d.", id))

	// Resigning asks first, privately; Keep playing changes nothing.
	ask := e.do(e.cmd(alice, "resign"))
	if ask.Private == nil || ask.Public != nil || button(ask.Private, "Resign game #1") == "" || button(ask.Private, "Keep playing") == "" {
		t.Fatalf("resign: got %s, want a private question", showResp(ask))
	}
	if keep := e.do(e.click(alice, button(ask.Private, "Keep playing"))); keep.Update == nil || keep.Public != nil || len(e.log(id)) != 0 {
		t.Fatalf("Keep playing: got %s, log %+v", showResp(keep), e.log(id))
	}
	req := e.click(alice, button(ask.Private, "Resign game #1"))
	resp := e.do(req)
	if resp.Public == nil || resp.Private != nil || resp.Update == nil {
		t.Fatalf("resign: got %s, want a public board", showResp(resp))
	}
	if !strings.Contains(resp.Public.Content, "**Alice** resigned.\nGame over: Bob won by resignation.") || len(resp.Public.Mentions) != 0 || len(resp.Public.Components) != 0 {
		t.Errorf("resign board: %s", showResp(resp))
	}
	want := []storage.Entry{{Ply: 1, Seat: 0, Kind: storage.EntryResign, Text: "resign", At: testNow, InteractionID: req.ID}}
	if log := e.log(id); !reflect.DeepEqual(log, want) {
		t.Errorf("log %+v, want %+v", log, want)
	}
	if g := e.game(id); g.Status != storage.StatusOver {
		t.Errorf("resigned game is %s", g.Status)
	}
	e.replays(id)
	e.refuse(e.cmd(alice, "resign", "game", fmt.Sprint(id)), fmt.Sprintf("Game #%d is over: Bob won by resignation.", id))
	e.refuse(e.cmd(bob, "resign", "game", fmt.Sprint(id)), "is over")
	e.refuse(e.cmd(bob, "resign"), fmt.Sprintf("Game #%d is over: Bob won by resignation.", id))
	e.refuse(e.cmd(stranger, "resign"), "You have no game of All the King's Men going in this channel.")
	e.refuse(e.cmd(bob, "draw", "game", fmt.Sprint(id)), "is over")
}

func TestDraw(t *testing.T) {
	e := newEnv(t)

	t.Run("offer survives the offerer's move", func(t *testing.T) {
		e := e.in(t)
		id, _ := e.challenge(alice, bob)
		resp := e.do(e.cmd(alice, "draw"))
		if resp.Public == nil || resp.Private != nil {
			t.Fatalf("offer: got %s", showResp(resp))
		}
		if !strings.Contains(resp.Public.Content, "**Alice** offers a draw") || len(resp.Public.Mentions) != 0 {
			t.Errorf("offer says %q, pings %v", resp.Public.Content, resp.Public.Mentions)
		}
		button := resp.Public.Components[0][0].ID
		if button != customID(id, 3, "draw") {
			t.Errorf("accept button %q, want %q", button, customID(id, 3, "draw"))
		}
		if g := e.game(id); g.DrawOffer != 0 || g.Version != 3 {
			t.Errorf("stored offer %d version %d, want 0, 3", g.DrawOffer, g.Version)
		}
		e.refuse(e.cmd(alice, "draw"), fmt.Sprintf("You have already offered a draw in game #%d", id))
		e.refuse(e.click(alice, button), "You have already offered a draw")
		e.refuse(e.click(stranger, button), fmt.Sprintf("You are not playing in game #%d.", id))
		e.refuse(e.cmd(stranger, "draw"), "You are not playing in any game")

		board := e.play(id, "Ac2-c3")
		if g := e.game(id); g.DrawOffer != 0 {
			t.Errorf("after the offerer's own move the offer is %d, want it kept (0)", g.DrawOffer)
		}
		if !strings.Contains(board.Content, "Alice has offered a draw.") {
			t.Errorf("board does not show the standing offer: %q", board.Content)
		}
		// The offer's button still accepts it after the offerer's move:
		// the offer stands, though the board has changed.
		resp = e.do(e.click(bob, button))
		if resp.Public == nil || !strings.Contains(resp.Public.Content, "**Bob** accepted the draw.\nGame over: drawn by agreement.") || resp.Update == nil {
			t.Fatalf("accept by the offer's button after the offerer moved: got %s", showResp(resp))
		}
		log := e.log(id)
		if last := log[len(log)-1]; last.Kind != storage.EntryDraw || last.Seat != 1 || last.Text != "draw" {
			t.Errorf("last entry %+v, want Bob's draw", last)
		}
		if g := e.game(id); g.Status != storage.StatusOver || g.DrawOffer != storage.NoDrawOffer || !strings.HasSuffix(g.Position, " draw:agreed-draw") {
			t.Errorf("drawn game stored as %+v", g)
		}
		e.replays(id)
		e.refuse(e.cmd(alice, "draw", "game", fmt.Sprint(id)), "is over: drawn by agreement.")
	})

	t.Run("accept by command", func(t *testing.T) {
		e := e.in(t)
		id, _ := e.challenge(alice, bob)
		e.do(e.cmd(alice, "draw"))
		resp := e.do(e.cmd(bob, "draw"))
		if resp.Public == nil || !strings.Contains(resp.Public.Content, "**Bob** accepted the draw.\nGame over: drawn by agreement.") || resp.Update != nil {
			t.Fatalf("accept by command: got %s", showResp(resp))
		}
		log := e.log(id)
		if last := log[len(log)-1]; last.Kind != storage.EntryDraw || last.Seat != 1 || last.Text != "draw" {
			t.Errorf("last entry %+v, want Bob's draw", last)
		}
		if g := e.game(id); g.Status != storage.StatusOver || g.DrawOffer != storage.NoDrawOffer {
			t.Errorf("drawn game stored as %+v", g)
		}
		e.replays(id)
	})

	t.Run("the other side's move declines", func(t *testing.T) {
		e := e.in(t)
		id, _ := e.challenge(alice, carol)
		resp := e.do(e.cmd(carol, "draw"))
		button := resp.Public.Components[0][0].ID
		e.play(id, "Ac2-c3")
		if g := e.game(id); g.DrawOffer != storage.NoDrawOffer {
			t.Errorf("after Alice moved the offer made to her is %d, want none", g.DrawOffer)
		}
		e.refuse(e.click(alice, button), "There is no draw offer to accept")
		e.refuse(e.cmd(carol, "move", "move", "Ab7-b6", "game", fmt.Sprint(id)+"x"), "is not a game number")
	})

	t.Run("accept by button", func(t *testing.T) {
		e := e.in(t)
		id, _ := e.challenge(bob, carol)
		button := e.do(e.cmd(carol, "draw", "game", fmt.Sprint(id))).Public.Components[0][0].ID
		resp := e.do(e.click(bob, button))
		if resp.Update == nil || resp.Update.Content != "Draw accepted." || resp.Public == nil || !strings.Contains(resp.Public.Content, "drawn by agreement") {
			t.Fatalf("accept by button: got %s", showResp(resp))
		}
		if g := e.game(id); g.Status != storage.StatusOver {
			t.Errorf("game is %s", g.Status)
		}
		e.replays(id)
		e.refuse(e.click(bob, button), "is over")
	})

	if _, problems, err := e.table.Check(e.ctx); err != nil || len(problems) != 0 {
		t.Errorf("Check: %+v, %v", problems, err)
	}
}

// A transport may deliver an interaction twice: the second delivery must be
// recognised, whatever the first one changed.
func TestDuplicateDelivery(t *testing.T) {
	e := newEnv(t)
	const done = "That was already done."

	req := e.cmd(alice, "new", "opponent", bob.ID)
	req.Users[bob.ID] = bob
	id := gameOf(t, e.do(req).Public)
	if got := e.refuse(req, done); got != done {
		t.Errorf("second /new: got %q, want %q", got, done)
	}
	if ids, _ := e.db.GameIDs(e.ctx); len(ids) != 1 {
		t.Errorf("two deliveries of /new made games %v", ids)
	}

	accept := e.click(bob, customID(id, 0, "accept"))
	if resp := e.do(accept); resp.Public == nil {
		t.Fatalf("accept: %s", showResp(resp))
	}
	if got := e.refuse(accept, done); got != done {
		t.Errorf("second accept: got %q, want %q", got, done)
	}

	move := e.cmd(alice, "move", "move", "Ac2-c3")
	if resp := e.do(move); resp.Public == nil {
		t.Fatalf("move: %s", showResp(resp))
	}
	if got := e.refuse(move, done); got != done {
		t.Errorf("second move: got %q, want %q", got, done)
	}

	play := e.click(bob, customID(id, 3, "play"), "Ab7-b6")
	if resp := e.do(play); resp.Public == nil {
		t.Fatalf("play: %s", showResp(resp))
	}
	if got := e.refuse(play, done); got != done {
		t.Errorf("second play: got %q, want %q", got, done)
	}

	ask := e.do(e.cmd(bob, "resign"))
	resign := e.click(bob, button(ask.Private, "Resign game"))
	e.do(resign)
	if got := e.refuse(resign, done); got != done {
		t.Errorf("second resign: got %q, want %q", got, done)
	}
	if log := e.log(id); len(log) != 3 {
		t.Errorf("log %+v, want 3 entries", log)
	}
	e.replays(id)
}

// Two requests on the same game version at once: exactly one is recorded.
func TestConcurrentActions(t *testing.T) {
	e := newEnv(t)
	race := func(a, b Request) [2]Response {
		var out [2]Response
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, req := range []Request{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				out[i] = e.table.Handle(e.ctx, req)
			}()
		}
		close(start)
		wg.Wait()
		checkLimits(t, out[0])
		checkLimits(t, out[1])
		return out
	}
	judge := func(what string, id int64, out [2]Response, losers ...string) {
		t.Helper()
		wins := 0
		for _, r := range out {
			if r.Public != nil {
				wins++
				continue
			}
			got := privateOnly(t, r)
			t.Logf("%s: the loser heard %q", what, got)
			ok := strings.HasPrefix(got, "The board changed while you were acting")
			for _, l := range losers {
				ok = ok || strings.Contains(got, l)
			}
			if !ok {
				t.Errorf("%s: the loser got %q, want the conflict answer or one of %q", what, got, losers)
			}
		}
		if wins != 1 {
			t.Errorf("%s: %d requests succeeded, want exactly 1: %s | %s", what, wins, showResp(out[0]), showResp(out[1]))
		}
		e.replays(id)
	}
	for i := range 3 {
		id, _ := e.challenge(alice, bob)
		out := race(e.cmd(alice, "move", "move", "Ac2-c3"), e.cmd(alice, "move", "move", "Ad2-d3"))
		judge(fmt.Sprintf("round %d: two moves", i), id, out, "It is Bob's turn, not yours.")
		if n := len(e.log(id)); n != 1 {
			t.Errorf("round %d: two moves logged %d entries, want 1", i, n)
		}
		out = race(e.click(alice, customID(id, 0, "resign:yes")), e.click(bob, customID(id, 0, "resign:yes")))
		judge(fmt.Sprintf("round %d: two resignations", i), id, out, fmt.Sprintf("Game #%d is over", id))
		if log := e.log(id); len(log) != 2 || log[1].Kind != storage.EntryResign {
			t.Errorf("round %d: after two resignations the log is %+v, want one move and one resignation", i, log)
		}
	}

	// One interaction delivered twice at once.
	id, _ := e.challenge(alice, bob)
	twice := e.cmd(alice, "move", "move", "Ac2-c3")
	out := race(twice, twice)
	judge("one move delivered twice", id, out, "That was already done.")
	for _, r := range out {
		if r.Private != nil && r.Private.Content != "That was already done." {
			t.Errorf("one move delivered twice: the second delivery heard %q, want %q", r.Private.Content, "That was already done.")
		}
	}
	if log := e.log(id); len(log) != 1 || log[0].InteractionID != twice.ID {
		t.Errorf("one move delivered twice: log %+v, want it once", log)
	}

	// Two people take the one open seat at once.
	id = gameOf(t, e.do(e.cmd(carol, "new")).Public)
	join := customID(id, 0, "join")
	out = race(e.click(alice, join), e.click(bob, join))
	judge("two joins", id, out, fmt.Sprintf("Game #%d is no longer open to join (it is active).", id))
	if g := e.game(id); g.Status != storage.StatusActive || len(g.Seats) != 2 || g.Version != 2 {
		t.Errorf("after two joins: %+v, want one active game of two at version 2", g)
	}

	if _, problems, err := e.table.Check(e.ctx); err != nil || len(problems) != 0 {
		t.Errorf("Check: %+v, %v", problems, err)
	}
}

func TestAutocomplete(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, bob)
	texts := func(cs []Choice) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Value)
		}
		return out
	}
	legal := func(id int64) []string {
		var out []string
		for _, m := range e.position(id).Legal() {
			out = append(out, m.Text)
		}
		return out
	}
	complete := func(req Request) []Choice {
		t.Helper()
		resp := e.do(req)
		if resp.Private != nil || resp.Public != nil || resp.Update != nil {
			t.Errorf("autocomplete answered with messages: %s", showResp(resp))
		}
		return resp.Choices
	}

	all := complete(e.typing(alice, "move", "move", ""))
	if got, want := texts(all), legal(id); !slices.Equal(got, want) {
		t.Errorf("nothing typed: got %v, want every legal move %v", got, want)
	}
	for _, c := range all {
		if !strings.HasPrefix(c.Name, c.Value+" · ") {
			t.Errorf("choice %q does not start with its move %q", c.Name, c.Value)
		}
	}
	if got, want := texts(complete(e.typing(alice, "move", "move", "N"))), []string{"Nb1-a1", "Nf1-g1"}; !slices.Equal(got, want) {
		t.Errorf(`"N": got %v, want the Knights' moves %v`, got, want)
	}
	if got, want := texts(complete(e.typing(alice, "move", "move", "a2"))), []string{"Aa2-a3", "Aa2-a1"}; !slices.Equal(got, want) {
		t.Errorf(`"a2": got %v, want %v`, got, want)
	}
	if got, want := texts(complete(e.typing(alice, "move", "move", "c2-c"))), []string{"Ac2-c3"}; !slices.Equal(got, want) {
		t.Errorf(`"c2-c": got %v, want %v`, got, want)
	}
	if got := complete(e.typing(alice, "move", "move", "Nc")); len(got) != 0 {
		t.Errorf(`"Nc" at the start (no Knight on c can move): got %v, want nothing`, texts(got))
	}
	if got := complete(e.typing(alice, "move", "move", "zzz")); len(got) != 0 {
		t.Errorf(`"zzz": got %v`, texts(got))
	}
	if got := complete(e.typing(bob, "move", "move", "")); len(got) != 0 {
		t.Errorf("for the player not to move: got %v, want nothing", texts(got))
	}
	if got := complete(e.typing(stranger, "move", "move", "")); len(got) != 0 {
		t.Errorf("for a stranger: got %v, want nothing", texts(got))
	}
	unknown := e.typing(alice, "move", "move", "")
	unknown.Command = "chess"
	if got := complete(unknown); len(got) != 0 {
		t.Errorf("for an unknown game: got %v", texts(got))
	}

	// The game option: the user's games here, filtered by what was typed.
	id2, _ := e.challenge(alice, carol)
	e.play(id2, "Ac2-c3") // Alice to move in one game, Carol in the other
	if got := complete(e.typing(alice, "move", "move", "")); len(got) != 0 {
		t.Errorf("two games, none chosen: got %v, want nothing", texts(got))
	}
	games := complete(e.typing(alice, "game", "game", ""))
	if got, want := texts(games), []string{fmt.Sprint(id2), fmt.Sprint(id)}; !slices.Equal(got, want) {
		t.Errorf("game option: got %v, want %v", got, want)
	}
	if len(games) == 2 {
		if want := fmt.Sprintf("#%d: Alice vs Carol", id2); games[0].Name != want {
			t.Errorf("game choice %q, want %q", games[0].Name, want)
		}
	}
	if got, want := texts(complete(e.typing(alice, "game", "game", "carol"))), []string{fmt.Sprint(id2)}; !slices.Equal(got, want) {
		t.Errorf(`game option "carol": got %v, want %v`, got, want)
	}
	if got := complete(e.typing(stranger, "game", "game", "")); len(got) != 0 {
		t.Errorf("game option for a stranger: got %v", texts(got))
	}
	// With the game chosen, the moves of that game.
	if got, want := texts(complete(e.typing(alice, "move", "move", "", "game", fmt.Sprint(id)))), legal(id); !slices.Equal(got, want) {
		t.Errorf("moves of game %d: got %v, want %v", id, got, want)
	}
	if got := complete(e.typing(alice, "move", "move", "", "game", fmt.Sprint(id2))); len(got) != 0 {
		t.Errorf("moves of game %d, where Carol is to move: got %v", id2, texts(got))
	}

	// Moves may be typed as their aliases ("Nc5" for "Nc1-c5").
	id3, _ := e.challenge(bob, carol)
	e.play(id3, threatLine[:4]...)
	chan3 := func(typed string) []string {
		req := e.typing(bob, "move", "move", typed, "game", fmt.Sprint(id3))
		return texts(complete(req))
	}
	if got, want := chan3("Nc5"), []string{"Nc1-c5"}; !slices.Equal(got, want) {
		t.Errorf(`"Nc5": got %v, want %v`, got, want)
	}
	if got, want := chan3("c1c5"), []string{"Nc1-c5"}; !slices.Equal(got, want) {
		t.Errorf(`"c1c5": got %v, want %v`, got, want)
	}
	nc := chan3("Nc")
	if len(nc) < 6 {
		t.Errorf(`"Nc": got %v, want the Knight c1's moves up the file`, nc)
	}
	for _, m := range nc {
		if !strings.HasPrefix(m, "Nc1-") && !strings.HasPrefix(m, "Nc1x") {
			t.Errorf(`"Nc": got %q, want only moves of the Knight on c1`, m)
		}
	}

	// A position with more legal moves than Discord shows.
	crowd := &storage.Game{Kind: "kingsmen", GuildID: tableGuild, ChannelID: "chan-crowd", Creator: alice.ID, Status: storage.StatusActive, DrawOffer: -1,
		Position: "...k.../......./......./...N.../...N.../......./......./...K... s 0 1",
		Seats:    []storage.Seat{{Seat: 0, UserID: alice.ID, Name: "Alice", Joined: true}, {Seat: 1, UserID: bob.ID, Name: "Bob", Joined: true}}}
	cid, err := e.db.Create(e.ctx, crowd, "")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(legal(cid)); n <= limits.Choices {
		t.Fatalf("crowded position has only %d legal moves", n)
	}
	req := e.typing(alice, "move", "move", "")
	req.ChannelID = "chan-crowd"
	got := complete(req)
	if len(got) != limits.Choices {
		t.Errorf("crowded position: %d choices, want %d", len(got), limits.Choices)
	}
	for _, c := range got {
		if !slices.Contains(legal(cid), c.Value) {
			t.Errorf("choice %q is not a legal move", c.Value)
		}
	}
	req.Options["move"] = "Nd5"
	for _, c := range complete(req) {
		if !strings.HasPrefix(c.Value, "Nd5") {
			t.Errorf(`"Nd5": got %q`, c.Value)
		}
	}
}

// A board that cannot be drawn must not hide a move that was saved: the
// answer is the board without its picture.
func TestPainterFailure(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, bob)
	for i, mode := range []int32{paintError, paintPanic} {
		e.painter.fail.Store(mode)
		u, text := alice, "Ac2-c3"
		if i == 1 {
			u, text = bob, "Ab7-b6"
		}
		resp := e.do(e.cmd(u, "move", "move", text))
		if resp.Public == nil || resp.Private != nil || resp.Public.File != nil || !strings.Contains(resp.Public.Content, "played") || resp.Public.Drawing == "" {
			t.Errorf("painter mode %d: got %s, want the board without a picture", mode, showResp(resp))
		}
		if n := len(e.log(id)); n != i+1 {
			t.Errorf("painter mode %d: %d moves logged, want %d", mode, n, i+1)
		}
	}
	e.painter.fail.Store(paintOK)
	if resp := e.do(e.cmd(alice, "board")); resp.Public == nil || resp.Public.File == nil {
		t.Errorf("painter mended: got %s, want a board with a picture", showResp(resp))
	}
	e.replays(id)
}

func TestRules(t *testing.T) {
	e := newEnv(t)
	resp := e.do(e.cmd(alice, "rules"))
	if resp.Private == nil || resp.Public != nil || resp.Update != nil {
		t.Fatalf("/rules: got %s, want a private answer", showResp(resp))
	}
	card := resp.Private.Embed
	if card == nil || !strings.Contains(card.Description, "Smess") || !strings.Contains(card.Title, "All the King's Men") {
		t.Fatalf("/rules says %s, want a card that names the game and Smess", showResp(resp))
	}
}

// Every game's rules fit one answer: /rumba rules was 2,180 characters
// of message content, which Discord refuses (the user saw nothing).
func TestEveryGamesRulesFit(t *testing.T) {
	e := newEnvWith(t, func(int) int { return 0 }, Kits()...)
	for _, kit := range Kits() {
		req := e.cmd(alice, "rules")
		req.Command = kit.Game.Name()
		resp := e.do(req)
		if resp.Private == nil || resp.Private.Embed == nil || !strings.Contains(resp.Private.Embed.Title, kit.Game.Title()) {
			t.Errorf("/%s rules: %s, want a private card titled with the game", kit.Game.Name(), showResp(resp))
			continue
		}
		if resp.Private.Embed.Description != kit.Rules {
			t.Errorf("/%s rules: the card does not hold the whole rules", kit.Game.Name())
		}
	}
}

var specName = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

// Every command has a handler, and every command, subcommand and option
// fits Discord's limits.
func TestCommandSpecs(t *testing.T) {
	e := newEnv(t)
	name := func(what, n string) {
		if !specName.MatchString(n) || strings.ToLower(n) != n {
			t.Errorf("%s name %q: want 1–%d lower-case letters, digits, - or _", what, n, limits.CommandName)
		}
	}
	desc := func(what, d string) {
		if n := utf8.RuneCountInString(d); n < 1 || n > limits.Description {
			t.Errorf("%s description %q is %d characters, want 1–%d", what, d, n, limits.Description)
		}
	}
	specs := e.table.Commands()
	if len(specs) == 0 || len(specs) > limits.Commands {
		t.Fatalf("%d commands", len(specs))
	}
	var subs []string
	for _, c := range specs {
		name("command", c.Name)
		desc("command "+c.Name, c.Description)
		if n := len(c.Subs); (n < 1 && c.Name != "games" && len(c.Options) == 0) || n > limits.CommandOptions || (n > 0 && len(c.Options) > 0) {
			t.Errorf("/%s has %d subcommands and %d options, want 1–%d subcommands or options of its own", c.Name, n, len(c.Options), limits.CommandOptions)
		}
		subsOf := c.Subs
		if len(subsOf) == 0 && len(c.Options) > 0 {
			subsOf = []SubSpec{{Description: c.Description, Options: c.Options}}
		}
		for _, s := range subsOf {
			what := "/" + c.Name + " " + s.Name
			subs = append(subs, what)
			if s.Name != "" {
				name(what, s.Name)
			}
			desc(what, s.Description)
			if len(s.Options) > limits.CommandOptions {
				t.Errorf("%s has %d options", what, len(s.Options))
			}
			optional := false
			for _, o := range s.Options {
				name(what+" option", o.Name)
				desc(what+" "+o.Name, o.Description)
				if o.Required && optional {
					t.Errorf("%s: required option %q after an optional one, which Discord refuses", what, o.Name)
				}
				optional = optional || !o.Required
				if o.Autocomplete && o.Type == UserOption {
					t.Errorf("%s %s: a user option cannot autocomplete", what, o.Name)
				}
				if o.Type == StringOption && (o.MaxLength < 1 || o.MaxLength > 100) {
					t.Errorf("%s %s: a string option with max length %d, want one declared, at most 100", what, o.Name, o.MaxLength)
				}
			}

			resp := e.do(Request{ID: e.nextID(), Kind: CommandRequest, ChannelID: tableChannel, User: alice, Command: c.Name, Sub: s.Name, Options: map[string]string{}})
			for _, m := range []*Message{resp.Private, resp.Public, resp.Update} {
				if m != nil && strings.Contains(m.Content, "has no \"") {
					t.Errorf("%s: no handler: %q", what, m.Content)
				}
			}
			if resp.Private == nil && resp.Public == nil {
				t.Errorf("%s: no answer: %s", what, showResp(resp))
			}
		}
	}
	if want := []string{"/kingsmen new", "/kingsmen move", "/kingsmen board", "/kingsmen history", "/kingsmen replay", "/kingsmen export", "/kingsmen resign", "/kingsmen takeback", "/kingsmen pause", "/kingsmen resume", "/kingsmen draw", "/kingsmen rules", "/parlor settings", "/parlor me", "/parlor reminders", "/parlor away", "/parlor privacy", "/parlor forget", "/leaderboard ", "/profile "}; !slices.Equal(subs, want) {
		t.Errorf("subcommands %v, want %v (each one handled)", subs, want)
	}
}

// The piece select and the move selects it leads to offer exactly the
// legal moves.
func TestPieceMenuCoversLegalMoves(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, bob)
	board := e.play(id, threatLine[:4]...)
	var got []string
	for _, o := range board.Components[0][0].Options {
		resp := e.do(e.click(alice, pickID(t, board), o.Value))
		if resp.Private == nil || len(resp.Private.Components) != 1 {
			t.Fatalf("pick %s: %s", o.Value, showResp(resp))
		}
		for _, m := range resp.Private.Components[0][0].Options {
			got = append(got, m.Value)
		}
	}
	var want []string
	for _, m := range e.position(id).Legal() {
		want = append(want, m.Text)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("moves through the menus %v, want the legal moves %v", got, want)
	}
}
