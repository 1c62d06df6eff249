package discordtest_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"parlor/bot"
	"parlor/bot/discord/discordtest"
	"parlor/storage"
)

// End-to-end tests: the real bot (discordgo session, adapter, table
// service, SQLite, renderer) against the Fake. Every payload is checked
// against Discord's limits by the Fake, every first answer must come within
// 3 seconds, and at the end of each test the games replay from their move
// logs and every attachment is a PNG of the board's size (harness.finish).

// The registration payload is valid (the Fake checks it against the
// limits), registered once in the guild (TestGatewayResume registers
// globally) and matches the table's commands; the gateway handshake is as
// Discord expects.
func TestRegistration(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	var puts []discordtest.Request
	for _, r := range h.f.Requests() {
		if strings.HasPrefix(r.Route, "PUT ") {
			puts = append(puts, r)
		}
	}
	if len(puts) != 1 || puts[0].Route != "PUT /applications/{app}/guilds/{guild}/commands" || puts[0].Status != 200 {
		t.Fatalf("registration requests %v, want one in the guild", puts)
	}
	specs := bot.NewTable(bot.Config{Kits: bot.Kits()}).Commands()
	cmds := h.f.Commands(h.guildID)
	if len(cmds) != len(specs) {
		t.Fatalf("registered %d commands, want %d", len(cmds), len(specs))
	}
	for i, spec := range specs {
		c := cmds[i]
		if c.Name != spec.Name || c.Description != spec.Description || len(c.Options) != len(spec.Subs)+len(spec.Options) {
			t.Errorf("command %d = /%s with %d subcommands or options, want /%s with %d", i, c.Name, len(c.Options), spec.Name, len(spec.Subs)+len(spec.Options))
			continue
		}
		for k, opt := range spec.Options {
			got := c.Options[len(spec.Subs)+k]
			if got.Name != opt.Name || got.Type != int(opt.Type) || got.Required != opt.Required {
				t.Errorf("/%s option %s registered as %+v", c.Name, opt.Name, got)
			}
		}
		for j, sub := range spec.Subs {
			o := c.Options[j]
			if o.Type != discordtest.SubCommandOption || o.Name != sub.Name || len(o.Options) != len(sub.Options) {
				t.Errorf("/%s %s registered as %+v", c.Name, sub.Name, o)
				continue
			}
			for k, opt := range sub.Options {
				got := o.Options[k]
				if got.Name != opt.Name || got.Type != int(opt.Type) || got.Required != opt.Required || got.Autocomplete != opt.Autocomplete {
					t.Errorf("/%s %s option %s registered as %+v", c.Name, sub.Name, opt.Name, got)
				}
			}
		}
	}
	// Each name and description reaches Discord in Spanish too, for both
	// of its Spanish locales.
	for _, c := range cmds {
		for _, o := range c.Options {
			for _, loc := range []string{"es-ES", "es-419"} {
				if o.NameLocalizations[loc] == "" || o.DescriptionLocalizations[loc] == "" || o.DescriptionLocalizations[loc] == o.Description {
					t.Errorf("/%s %s registered in %s as %q, %q", c.Name, o.Name, loc, o.NameLocalizations[loc], o.DescriptionLocalizations[loc])
				}
			}
		}
		if c.Name == "kimbo" {
			if got := c.Options[0].NameLocalizations["es-ES"]; got != "nueva" {
				t.Errorf("/kimbo new is /kimbo %s in Spanish, want nueva", got)
			}
		}
	}
	ids := h.f.Identifies()
	if len(ids) != 1 || ids[0].Intents != int(discordgo.IntentsGuilds) {
		t.Errorf("Identify %+v, want one with the Guilds intent only", ids)
	}
	h.f.AwaitHeartbeats(t, 2)
}

// kingsmenGame ends with South capturing North's King: 17 plies, South
// first.
var kingsmenGame = strings.Fields(`Nf1-g1 Ab7-b6 Ae2-e3 Aa7-a6 Ae3-d4 Ab6-b7 Ad4-e5 Ac7-c6 Ne1-e3
	Nf8-g8 Af2-e2 Ab7-a8 Ne3-d4 Ag7-g6 Ae2-f2 Ad7-c7 Nd4xd8`)

// Two people play a whole game of All the King's Men through Discord:
// challenge and accept, then moves by slash command (chosen from the
// autocomplete of a partial text) and by the board's menus, until South
// takes the King. Every board pings only the player to move and offers
// them the pieces; the last one says who won and offers nothing.
func TestFullGameKingsmen(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		h := newHarness(t, door)
		alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
		ch := h.f.Channel()
		id, board := h.challenge(alice, bob, ch)
		if p := board.Pings(); len(p) != 1 || p[0] != alice.ID || !strings.Contains(board.Content, "Alice moves first") {
			t.Fatalf("first board %q pings %v, want Alice to move first", board.Content, p)
		}
		players := []discordtest.User{alice, bob}
		for i, move := range kingsmenGame {
			u, next := players[i%2], players[(i+1)%2]
			switch i % 3 {
			case 0:
				typed := move[1:3] // the square a piece leaves, as people start typing
				if i%2 == 1 {
					typed = strings.ToLower(move[:3])
				}
				board = h.slashMove(u, ch, typed, move)
			default:
				board = h.selectMove(u, board, move)
			}
			if !strings.Contains(board.Content, "played") || !strings.Contains(board.Content, move) {
				t.Errorf("ply %d: board %q does not say %s was played", i+1, board.Content, move)
			}
			if i == len(kingsmenGame)-1 {
				break
			}
			if p := board.Pings(); len(p) != 1 || p[0] != next.ID {
				t.Errorf("ply %d: the board pings %v, want only %s", i+1, p, next.GlobalName)
			}
			if _, ok := board.Select("/pick"); !ok {
				t.Errorf("ply %d: the board offers no pieces to %s", i+1, next.GlobalName)
			}
		}
		if !strings.Contains(board.Content, "Game over: Alice won by capturing the King") || len(board.Components) != 0 || len(board.Pings()) != 0 {
			t.Errorf("last board %q with %d rows pinging %v, want Alice's win and no controls", board.Content, len(board.Components), board.Pings())
		}
		g, log := h.game(id)
		if g.Status != storage.StatusOver || !slices.Equal(texts(log), kingsmenGame) {
			t.Errorf("stored game: %s with moves %v, want over with %v", g.Status, texts(log), kingsmenGame)
		}
		if refused := h.refused(); len(refused) > 0 {
			t.Errorf("Discord refused %v", refused)
		}
		// Challenge, first board, then a board per move.
		if n := len(h.f.Files()); n != len(kingsmenGame)+1 {
			t.Errorf("%d boards uploaded, want %d", n, len(kingsmenGame)+1)
		}
	})
}

// When drawing is slow, the first answer is still well inside Discord's 3
// seconds: a deferral, with the board following. The adapter's DeferAfter
// is left at its production default. A button (accepting a challenge) is
// deferred as an update of its message (type 6), which then says who
// accepted; a slash command (a move in another game) with a private
// loading message (type 5), which then says it is done. Both are slow at
// once; autocomplete, which draws nothing, is answered at once meanwhile.
func TestSlowDrawingIsDeferred(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		h := newHarness(t, door)
		alice, bob, carol := h.f.NewUser("Alice"), h.f.NewUser("Bob"), h.f.NewUser("Carol")
		ch := h.f.Channel()
		thread := h.f.NewThread(ch, "second game")
		challenge := h.challengeMessage(alice, bob, ch)
		h.challenge(carol, bob, thread)

		h.painter.delay.Store(int64(2500 * time.Millisecond))
		accept, _ := challenge.Button("Accept")
		button := h.f.Click(bob, challenge, accept.CustomID)
		command := h.f.Command(carol, thread, "kingsmen", "move", discordtest.Opt{Name: "move", Value: "Nf1-g1"})
		// (Her games, not her moves: the move is stored before it is drawn, so
		// it may be Bob's turn already.)
		ac := h.f.Autocomplete(carol, thread, "kingsmen", "move", "game", discordtest.Opt{Name: "move", Value: "Nf1-g1"})
		if typ := ac.CallbackType(t); typ != discordtest.AutocompleteResult || len(ac.Choices(t)) != 1 {
			t.Errorf("autocomplete answered with type %d and %v, want Carol's one game", typ, ac.Choices(t))
		}
		for _, tc := range []struct {
			what      string
			ix        *discordtest.Interaction
			deferral  int
			ephemeral bool // the note is a private message, not the message clicked
			note      string
		}{
			{"accepting (a button)", button, discordtest.DeferredUpdateMessage, false, "Bob** accepted"},
			{"a slash move", command, discordtest.DeferredChannelMessage, true, "Done."},
		} {
			if typ, lat := tc.ix.CallbackType(t), tc.ix.Latency(t); typ != tc.deferral || lat >= 3*time.Second {
				t.Errorf("%s: first answer of type %d after %v, want a deferral (%d) within 3 s", tc.what, typ, lat, tc.deferral)
			}
			board := h.board(tc.ix)
			note := tc.ix.Await(t, "the deferral resolved", func(m discordtest.Message) bool {
				return m.Ephemeral() == tc.ephemeral && !m.Loading() && strings.Contains(m.Content, tc.note)
			})
			if note.ID == board.ID {
				t.Errorf("%s: the board is the note %q", tc.what, note.Content)
			}
		}
		if m, _ := h.f.Message(challenge.ID); !strings.Contains(m.Content, "Bob** accepted") || len(m.Components) > 0 {
			t.Errorf("after the deferred accept the challenge says %q with %d rows of buttons, want who accepted and none", m.Content, len(m.Components))
		}
	})
}

// A stranger's click, stale menus, forged ids, an interaction delivered
// twice and two players clicking at once each end with exactly one stored
// outcome and the right private answer.
func TestContestedInteractions(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	alice, bob, carol := h.f.NewUser("Alice"), h.f.NewUser("Bob"), h.f.NewUser("Carol")
	ch := h.f.Channel()

	// A stranger cannot accept someone else's challenge; the one invited can.
	challenge := h.challengeMessage(alice, bob, ch)
	accept, _ := challenge.Button("Accept")
	h.refusal(h.f.Click(carol, challenge, accept.CustomID), "This challenge is for Bob, not you.")
	board := h.board(h.f.Click(bob, challenge, accept.CustomID))
	id := gameID(t, board)

	// A stranger's choice in the piece menu changes nothing.
	pick, _ := board.Select("/pick")
	before, _ := h.game(id)
	h.refusal(h.f.Choose(carol, board, pick.CustomID, pick.Options[0].Value), "You are not playing in game #")
	// Nor does Bob's, out of turn.
	h.refusal(h.f.Choose(bob, board, pick.CustomID, pick.Options[0].Value), "It is Alice's turn, not yours.")

	// Alice opens her move menu, then moves by command instead; Bob
	// answers. Her menu and the first board are stale now.
	staleMenu := h.pickMenu(alice, board, "Nf1-g1")
	oldBoard := board
	board = h.slashMove(alice, ch, "nf1", "Nf1-g1")
	board = h.selectMove(bob, board, "Ab7-b6")
	play, _ := staleMenu.Select("/play")
	h.refusal(h.f.Choose(alice, staleMenu, play.CustomID, "Nf1-g1"), "That board is out of date")
	h.refusal(h.f.Choose(alice, oldBoard, pick.CustomID, "e2"), "That board is out of date")
	if g, log := h.game(id); g.Version != before.Version+2 || len(log) != 2 {
		t.Errorf("after two moves and four refusals: version %d (was %d), %d moves", g.Version, before.Version, len(log))
	}

	// Forged ids: a game that does not exist, and a shape the bot never made.
	h.refusal(h.f.Forge(alice, ch, "g/9999/1/pick", "e2"), "There is no game #9999 here.")
	h.refusal(h.f.Forge(alice, ch, "not-ours"), "I don't recognise that button")

	// A choice delivered twice is played once; the second delivery is told
	// it was already done (and Discord refuses that second first answer).
	menu := h.pickMenu(alice, board, "Ae2-e3")
	play, _ = menu.Select("/play")
	twice := h.f.Choose(alice, menu, play.CustomID, "Ae2-e3")
	board = h.board(twice)
	h.f.Redeliver(twice)
	again := twice.AwaitRejected(t, 1)[0]
	var dup struct {
		Type int `json:"type"`
		Data struct {
			Content string `json:"content"`
			Flags   int    `json:"flags"`
		} `json:"data"`
	}
	if err := again.Decode(&dup); err != nil || dup.Type != discordtest.ChannelMessageWithSource ||
		dup.Data.Flags&discordtest.FlagEphemeral == 0 || dup.Data.Content != "That was already done." {
		t.Errorf("the answer to the second delivery was %s, want a private \"That was already done.\"", again.Body)
	}
	if _, log := h.game(id); len(log) != 3 || log[2].Text != "Ae2-e3" || log[2].InteractionID != twice.ID {
		t.Errorf("after the double delivery the log is %v", texts(log))
	}

	// Bob chooses the same move twice at once from one menu (a double
	// click): one is played, the other told the board changed.
	menu = h.pickMenu(bob, board, "Aa7-a6")
	play, _ = menu.Select("/play")
	c1 := h.f.Choose(bob, menu, play.CustomID, "Aa7-a6")
	c2 := h.f.Choose(bob, menu, play.CustomID, "Aa7-a6")
	first := oneOf(t, h, c1, c2, "Bob's double click", func(m discordtest.Message) bool { return isBoard(m) },
		"The board changed while you were acting", "That board is out of date")
	if _, log := h.game(id); len(log) != 4 || log[3].Text != "Aa7-a6" || log[3].InteractionID != first.ID {
		t.Errorf("after the double click the log is %v", texts(log))
	}
	if got := h.recorded(c1.ID, c2.ID); len(got) != 1 || got[0] != first.ID {
		t.Errorf("recorded %v of the double click, want only %s", got, first.ID)
	}

	// Two people take the one open seat at once: one joins, one is told.
	opened := h.f.Command(alice, ch, "kingsmen", "new")
	seat := opened.Await(t, "the open game", func(m discordtest.Message) bool { return !m.Ephemeral() && m.Content != "" })
	join, _ := seat.Button("Join")
	j1 := h.f.Click(bob, seat, join.CustomID)
	j2 := h.f.Click(carol, seat, join.CustomID)
	winner := oneOf(t, h, j1, j2, "the race for the seat", func(m discordtest.Message) bool { return isBoard(m) },
		"is no longer open to join", "The board changed while you were acting")
	openID := gameID(t, seat)
	g, _ := h.game(openID)
	if g.Status != storage.StatusActive || len(g.Seats) != 2 || g.Seats[1].UserID != winner.User.ID {
		t.Errorf("open game after the race: %s, seats %+v, want %s seated", g.Status, g.Seats, winner.User.GlobalName)
	}
	if got := h.recorded(j1.ID, j2.ID); len(got) != 1 || got[0] != winner.ID {
		t.Errorf("recorded %v of the two joins, want only %s's", got, winner.User.GlobalName)
	}

	// The challenger withdraws while the challenged accepts: one wins.
	challenge = h.challengeMessage(alice, bob, ch)
	accept, _ = challenge.Button("Accept")
	decline, _ := challenge.Button("Decline")
	a := h.f.Click(bob, challenge, accept.CustomID)
	w := h.f.Click(alice, challenge, decline.CustomID)
	won := oneOf(t, h, a, w, "accept against withdraw", func(m discordtest.Message) bool {
		return isBoard(m) || strings.Contains(m.Content, "withdrew the challenge")
	}, "is no longer open", "The board changed while you were acting")
	g, _ = h.game(gameID(t, challenge))
	if want := map[string]storage.Status{a.ID: storage.StatusActive, w.ID: storage.StatusDeclined}[won.ID]; g.Status != want {
		t.Errorf("after accept against withdraw the game is %s, want %s", g.Status, want)
	}
	if got := h.recorded(a.ID, w.ID); len(got) != 1 || got[0] != won.ID {
		t.Errorf("recorded %v of accept and withdraw, want only %s", got, won.ID)
	}
}

// oneOf waits until each of two racing interactions has either succeeded
// (a message satisfying won) or been refused privately with one of
// refusals, checks that exactly one succeeded, and returns it.
func oneOf(t *testing.T, h *harness, x, y *discordtest.Interaction, what string, won func(discordtest.Message) bool, refusals ...string) *discordtest.Interaction {
	t.Helper()
	refused := func(m discordtest.Message) bool {
		return isPrivate(m) && slices.ContainsFunc(refusals, func(r string) bool { return strings.Contains(m.Content, r) })
	}
	for _, ix := range []*discordtest.Interaction{x, y} {
		ix.Await(t, what, func(m discordtest.Message) bool { return won(m) || refused(m) })
	}
	outcome := func(ix *discordtest.Interaction) (bool, bool) {
		ms := ix.Messages()
		return slices.ContainsFunc(ms, won), slices.ContainsFunc(ms, refused)
	}
	xw, xr := outcome(x)
	yw, yr := outcome(y)
	switch {
	case xw && yr && !xr && !yw:
		return x
	case yw && xr && !yr && !xw:
		return y
	}
	t.Fatalf("%s: want one success and one refusal, got%s\nand%s", what, describe(x.Messages()), describe(y.Messages()))
	return nil
}

// The bot restarts mid-game (a new process on the same database): menus
// posted by the old process still work, and the game goes on.
func TestRestartMidGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
	thread := h.f.NewThread(h.f.Channel(), "kingsmen")
	id, board := h.challenge(alice, bob, thread)
	board = h.selectMove(alice, board, "Nf1-g1")
	oldMenu := h.pickMenu(bob, board, "Ab7-b6") // from the old process

	h.restart()

	// The old board's piece menu works in the new process…
	h.pickMenu(bob, board, "Ab7-b6")
	// …and so does the move menu the old process sent.
	h.menuMove(bob, oldMenu, "Ab7-b6")
	board = h.slashMove(alice, thread, "e2", "Ae2-e3")
	if g, log := h.game(id); g.ChannelID != thread.ID || len(log) != 3 {
		t.Errorf("after the restart: game in %s with %v", g.ChannelID, texts(log))
	}
	if !strings.Contains(board.Content, "Bob") || board.ChannelID != thread.ID {
		t.Errorf("board %q in %s", board.Content, board.ChannelID)
	}
	if n := len(h.f.Identifies()); n != 2 {
		t.Errorf("%d identifies, want one per process", n)
	}
}

// A 429 with retry_after is honoured (the Fake fails the test if a retry
// comes early) and nothing is lost: at registration, on a board follow-up,
// and under a global limit.
func TestRateLimits(t *testing.T) {
	t.Parallel()
	const wait = 300 * time.Millisecond
	h := newHarness(t, func(h *harness) {
		h.f.RateLimit(discordtest.Limit{Route: "PUT /applications/{app}/guilds/{guild}/commands", RetryAfter: wait})
	})
	if cmds := h.f.Commands(h.guildID); len(cmds) == 0 {
		t.Fatalf("no commands registered after the 429")
	}
	alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
	ch := h.f.Channel()
	_, board := h.challenge(alice, bob, ch)

	for i, l := range []discordtest.Limit{
		{Route: "POST /webhooks/{app}/{token}", RetryAfter: wait},
		{Route: "POST /webhooks/{app}/{token}", RetryAfter: wait, Global: true},
	} {
		move := []string{"Nf1-g1", "Ab7-b6"}[i]
		u := []discordtest.User{alice, bob}[i]
		menu := h.pickMenu(u, board, move)
		h.f.RateLimit(l)
		play, _ := menu.Select("/play")
		ix := h.f.Choose(u, menu, play.CustomID, move)
		board = h.board(ix)
		var posts []discordtest.Request
		for _, r := range ix.Requests() {
			if r.Route == l.Route {
				posts = append(posts, r)
			}
		}
		if len(posts) != 2 || posts[0].Status != 429 || posts[1].Status != 200 || posts[1].At.Sub(posts[0].At) < wait ||
			string(posts[0].Body) != string(posts[1].Body) {
			t.Errorf("limit %+v: follow-ups %v, want a 429 then the same board %v later", l, posts, wait)
		}
		boards := 0
		for _, m := range ix.Messages() {
			if isBoard(m) {
				boards++
			}
		}
		if boards != 1 {
			t.Errorf("limit %+v: %d boards posted, want exactly 1", l, boards)
		}
	}
	h.slashMove(alice, ch, "e2", "Ae2-e3")
	var limited int
	for _, r := range h.f.Refused() {
		if r.Status != 429 {
			t.Errorf("refused: %v", r)
		}
		limited++
	}
	if limited != 3 {
		t.Errorf("%d 429s sent, want 3", limited)
	}
}

// Stopped while an answer is under way (a slow board after its deferral),
// the HTTP door finishes it before it returns: the board arrives.
func TestHTTPDoorStopsGracefully(t *testing.T) {
	t.Parallel()
	h := newHarness(t, viaHTTP)
	alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
	ch := h.f.Channel()
	h.challenge(alice, bob, ch)
	h.painter.delay.Store(int64(2500 * time.Millisecond))
	ix := h.f.Command(alice, ch, "kingsmen", "move", discordtest.Opt{Name: "move", Value: "Nf1-g1"})
	if typ := ix.CallbackType(t); typ != discordtest.DeferredChannelMessage {
		t.Fatalf("first answer of type %d, want a deferral", typ)
	}
	h.stop() // SIGTERM, as it were, while the board is being drawn
	if !slices.ContainsFunc(ix.Messages(), isBoard) {
		t.Errorf("the door stopped without sending the board of a move it had stored: %s", describe(ix.Messages()))
	}
}

// The gateway drops the bot: after a Reconnect (op 7) the bot resumes and
// gets what was sent meanwhile; after an Invalid Session (op 9) it
// identifies again and keeps its commands.
func TestGatewayResume(t *testing.T) {
	t.Parallel()
	h := newHarness(t, global)
	alice := h.f.NewUser("Alice")
	ch := h.f.Channel()
	h.f.Reconnect(t)
	ix := h.f.Command(alice, ch, "kingsmen", "rules") // sent while the bot is away
	if m := h.private(ix); !strings.Contains(m.Text(), "All the King's Men") {
		t.Errorf("rules answer %q", m.Text())
	}
	if h.f.Resumes() != 1 || len(h.f.Identifies()) != 1 {
		t.Errorf("%d resumes and %d identifies, want 1 and 1", h.f.Resumes(), len(h.f.Identifies()))
	}

	h.f.InvalidateSession(t)
	ix = h.f.Command(alice, ch, "kingsmen", "rules") // waits for the new session
	h.private(ix)
	if n := len(h.f.Identifies()); n != 2 {
		t.Errorf("%d identifies after the invalid session, want 2", n)
	}
	var puts []string
	for _, r := range h.f.Requests() {
		if strings.HasPrefix(r.Route, "PUT ") {
			puts = append(puts, r.Route)
		}
	}
	if len(puts) != 1 || puts[0] != "PUT /applications/{app}/commands" {
		t.Errorf("registrations %v, want one global one", puts)
	}
}

// Discord may send READY again (here after an Invalid Session) while the
// first registration is still under way (here waiting out a 429): the bot
// registers once, does not crash, and serves the new session.
func TestReadyAgainWhileRegistering(t *testing.T) {
	t.Parallel()
	const route = "PUT /applications/{app}/guilds/{guild}/commands"
	h := newHarness(t, func(h *harness) {
		h.f.RateLimit(discordtest.Limit{Route: route, RetryAfter: 500 * time.Millisecond})
		h.duringStart = func() {
			h.f.AwaitRequest(h.t, "the 429 on registration", func(r discordtest.Request) bool { return r.Status == 429 })
			h.f.InvalidateSession(h.t)
		}
	})
	h.private(h.f.Command(h.f.NewUser("Alice"), h.f.Channel(), "kingsmen", "rules"))
	var ok int
	for _, r := range h.f.Requests() {
		if r.Route == route && r.Status == 200 {
			ok++
		}
	}
	if n := len(h.f.Identifies()); n != 2 || ok != 1 {
		t.Errorf("%d identifies and %d registrations, want 2 and 1", n, ok)
	}
}
