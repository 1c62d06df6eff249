package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/storage"
)

// diceRoll is a Roll for the table that throws the scripted dice ("6-5",
// …, or "#N" for the raw number N of a chance decision other than dice) in
// order, then random ones from rng; a shuffle of seats by lot gets 0,
// which keeps everyone where they sat.
type diceRoll struct {
	mu     sync.Mutex
	script []string
	rng    *rand.Rand
	rolls  map[string]int // by rollsOf; Kimbo's when nil
}

// rollsOf maps each roll text ("5-3") of the chance decision outcomes to a
// number in [0, 1e6) that pickByOdds turns into it.
func rollsOf(outcomes []rules.Move) map[string]int {
	out := map[string]int{}
	sum := 0.0
	for _, m := range outcomes {
		out[strings.TrimPrefix(m.Text, "roll ")] = int((sum + m.Odds/2) * 1_000_000)
		sum += m.Odds
	}
	return out
}

// kimboRolls are the rolls of Kimbo.
var kimboRolls = func() map[string]int {
	st, err := kimbo.New(2)
	if err != nil {
		panic(err)
	}
	return rollsOf(st.Legal())
}()

func (d *diceRoll) roll(n int) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	if n != 1_000_000 {
		return 0
	}
	if len(d.script) > 0 && strings.HasPrefix(d.script[0], "#") {
		// A raw number, for chance decisions other than dice.
		r, err := strconv.Atoi(d.script[0][1:])
		if err != nil {
			panic("diceRoll: " + d.script[0])
		}
		d.script = d.script[1:]
		return r
	}
	if len(d.script) > 0 {
		rolls := d.rolls
		if rolls == nil {
			rolls = kimboRolls
		}
		r, ok := rolls[d.script[0]]
		if !ok {
			panic("diceRoll: no roll " + d.script[0])
		}
		d.script = d.script[1:]
		return r
	}
	return d.rng.IntN(n)
}

func newKimboEnv(t *testing.T, dice ...string) (*tableEnv, *diceRoll) {
	d := &diceRoll{script: dice, rng: rand.New(rand.NewPCG(1, 2))}
	return newEnvWith(t, d.roll, KingsmenKit(), KimboKit()), d
}

// kcmd is "/kimbo sub" by u.
func (e *tableEnv) kcmd(u User, sub string, opts ...string) Request {
	req := e.cmd(u, sub, opts...)
	req.Command = "kimbo"
	return req
}

func (e *tableEnv) kimbo(id int64) *kimbo.Position {
	e.t.Helper()
	g := e.game(id)
	p, err := kimbo.Parse(g.Position)
	if err != nil {
		e.t.Fatalf("game %d: stored position %q: %v", id, g.Position, err)
	}
	return p
}

// button is the custom id of the button labelled with a text containing
// label on m, or "".
func button(m *Message, label string) string {
	for _, row := range m.Components {
		for _, c := range row {
			if c.Kind == Button && strings.Contains(c.Label, label) {
				return c.ID
			}
		}
	}
	return ""
}

// selects are the selects on m.
func selects(m *Message) []Component {
	var out []Component
	for _, row := range m.Components {
		for _, c := range row {
			if c.Kind == Select {
				out = append(out, c)
			}
		}
	}
	return out
}

// threeSeats has Alice make a Kimbo game for three inviting Bob, Carol join
// the open seat and Bob accept; it returns the game and the first board.
func (e *tableEnv) threeSeats() (int64, *Message) {
	t := e.t
	t.Helper()
	req := e.kcmd(alice, "new", "player2", bob.ID, "players", "3")
	req.Users[bob.ID] = bob
	resp := e.do(req)
	if resp.Public == nil || !slices.Equal(resp.Public.Mentions, []string{bob.ID}) {
		t.Fatalf("new: got %s, want a public invitation pinging Bob", showResp(resp))
	}
	lobby := resp.Public
	id := gameOf(t, lobby)
	for _, want := range []string{"**Alice** starts a game of Kimbo for 3", "**Alice** ✓", "<@200> (invited)", "_open seat_"} {
		if !strings.Contains(lobby.Content, want) {
			t.Errorf("lobby says %q, want %q in it", lobby.Content, want)
		}
	}
	for _, b := range []string{"Accept", "Decline", "Join", "Start now", "Cancel"} {
		if button(lobby, b) == "" {
			t.Errorf("lobby has no %s button: %+v", b, lobby.Components)
		}
	}
	if g := e.game(id); g.Status != storage.StatusOpen || len(g.Seats) != 3 {
		t.Fatalf("lobby stored as %s with %d seats, want open with 3", g.Status, len(g.Seats))
	}
	e.refuse(e.click(carol, button(lobby, "Accept")), "The invitations are for Bob, not you.")
	e.refuse(e.click(carol, button(lobby, "Start now")), "Only Alice, who made game")
	e.refuse(e.click(alice, button(lobby, "Start now")), "needs at least 2 players; only 1 has joined")

	resp = e.do(e.click(carol, button(lobby, "Join")))
	if resp.Update == nil || resp.Public != nil || !strings.Contains(resp.Update.Content, "**Carol** joined.") || len(resp.Update.Mentions) != 0 {
		t.Fatalf("Carol joins: got %s, want the lobby updated, pinging nobody", showResp(resp))
	}
	if button(resp.Update, "Join") != "" {
		t.Errorf("full lobby still offers Join: %+v", resp.Update.Components)
	}
	if g := e.game(id); g.Status != storage.StatusInvited {
		t.Errorf("lobby with Bob to answer stored as %s, want invited", g.Status)
	}
	e.refuse(e.click(carol, button(lobby, "Join")), "You are already in game")
	e.refuse(e.click(stranger, button(lobby, "Join")), "has no open seat")
	e.refuse(e.kcmd(alice, "roll"), "has not started yet")

	resp = e.do(e.click(bob, button(lobby, "Accept")))
	if resp.Public == nil || resp.Update == nil {
		t.Fatalf("Bob accepts: got %s, want the game to begin", showResp(resp))
	}
	return id, resp.Public
}

func TestKimboThreePlayersByButtonsAndCommands(t *testing.T) {
	// Opening roll: Alice 6-5, Bob 3-1, Carol 2-1: Alice starts. Then her
	// turn's roll, 4-2; Bob's, 5-3.
	e, _ := newKimboEnv(t, "6-5", "3-1", "2-1", "4-2", "5-3")
	id, board := e.threeSeats()
	g := e.game(id)
	if g.Status != storage.StatusActive || len(g.Seats) != 3 {
		t.Fatalf("started game stored as %s with %d seats", g.Status, len(g.Seats))
	}
	for _, want := range []string{
		"By lot, **Alice** plays South, orange, **Bob** plays West, blue and **Carol** plays North, yellow.",
		"Opening roll: Alice 6-5, Bob 3-1, Carol 2-1; **Alice** rolled highest and starts.",
		"<@100>, your move (South, orange). Move one of your fences with /kimbo fence, or roll.",
		"Alice (South, orange) · Bob (West, blue) · Carol (North, yellow)",
	} {
		if !strings.Contains(board.Content, want) {
			t.Errorf("first board says %q, want %q in it", board.Content, want)
		}
	}
	if !slices.Equal(board.Mentions, []string{alice.ID}) {
		t.Errorf("first board pings %v, want only Alice", board.Mentions)
	}
	roll := button(board, "Roll")
	if roll == "" || len(selects(board)) != 0 {
		t.Fatalf("fence-phase board controls %+v, want a Roll button and no menu", board.Components)
	}
	e.refuse(e.click(bob, roll), "It is Alice's turn, not yours.")
	e.refuse(e.kcmd(bob, "roll"), "It is Alice's turn, not yours.")
	e.refuse(e.kcmd(stranger, "roll", "game", fmt.Sprint(id)), "You are not playing in game")
	e.refuse(e.kcmd(alice, "move", "move", "b1-b5"), "You can't play \"b1-b5\"")
	e.refuse(e.kcmd(alice, "draw"), "Kimbo has no draws by agreement.")

	// Interaction 1 of Alice's turn: Roll. The dice show at once.
	resp := e.do(e.click(alice, roll))
	if resp.Public == nil || resp.Private != nil {
		t.Fatalf("roll: got %s, want a board", showResp(resp))
	}
	board = resp.Public
	if !strings.Contains(board.Content, "**Alice** moved no fence and rolled **4-2**.") || !strings.Contains(board.Content, "You rolled **4-2**") {
		t.Errorf("board after the roll says %q", board.Content)
	}
	if p := e.kimbo(id); p.Phase() != kimbo.PhaseMove {
		t.Fatalf("after the roll the phase is %s\n%s", p.Phase(), p.Drawing())
	}
	e.refuse(e.click(alice, roll), "That board is out of date")
	e.refuse(e.kcmd(alice, "roll"), "You have rolled 4-2 already")
	e.refuse(e.kcmd(alice, "fence", "fence", "e1|f1", "to", "h5|h6"), "You have rolled 4-2 already")

	// Interactions 2 (and 3): the menus, which cover every legal move.
	menus := selects(board)
	if len(menus) == 0 {
		t.Fatalf("move-phase board has no menu: %+v", board.Components)
	}
	// The menu of one piece's whole roll says what the number counts.
	if got := menus[0].Placeholder; got != "Move one piece 6 squares…" {
		t.Errorf("the first menu's placeholder is %q, want Move one piece 6 squares…", got)
	}
	covered := map[string]bool{}
	for _, sel := range menus {
		for _, o := range sel.Options {
			if !strings.Contains(o.Description, " moves: ") {
				continue // a choice of one move plays it: see below
			}
			resp := e.do(e.click(alice, sel.ID, o.Value))
			if resp.Private == nil || resp.Public != nil {
				t.Fatalf("a menu choice of several moves: got %s, want a private second menu", showResp(resp))
			}
			for _, s := range selects(resp.Private) {
				for _, o2 := range s.Options {
					covered[o2.Value] = true
				}
			}
		}
	}
	p := e.kimbo(id)
	for _, m := range p.Legal() {
		key, _, _ := kimboGroup(English, p, m)
		if !covered[m.Text] && !oneMoveChoice(p, key) {
			t.Errorf("move %s is in no menu", m.Text)
		}
	}

	// Bob's turn by commands: a fence with autocomplete, which rolls.
	first := e.kimbo(id).Legal()[0].Text
	e.do(e.kcmd(alice, "move", "move", first))
	p = e.kimbo(id)
	if p.Turn() != 1 || p.Phase() != kimbo.PhaseFence {
		t.Fatalf("after Alice's move: turn %d phase %s\n%s", p.Turn(), p.Phase(), p.Drawing())
	}
	fences := e.table.Handle(e.ctx, e.ktyping(bob, "fence", "fence", ""))
	if len(fences.Choices) != kimbo.FencesPerSeat {
		t.Errorf("fence autocomplete offers %d choices, want Bob's %d fences: %v", len(fences.Choices), kimbo.FencesPerSeat, fences.Choices)
	}
	from := fences.Choices[0].Value
	tos := e.table.Handle(e.ctx, e.ktyping(bob, "to", "fence", from, "to", "h5"))
	if len(tos.Choices) == 0 {
		t.Fatalf("no slot offered for %s near h5", from)
	}
	for _, c := range tos.Choices {
		if !strings.Contains(c.Value, "h5") {
			t.Errorf("typed h5, offered %v", c)
		}
	}
	if none := e.table.Handle(e.ctx, e.ktyping(carol, "fence", "fence", "")); len(none.Choices) != 0 {
		t.Errorf("Carol, not to move, is offered %v", none.Choices)
	}
	e.refuse(e.kcmd(bob, "fence", "fence", "x9", "to", tos.Choices[0].Value), `"x9" is not a slot`)
	resp = e.do(e.kcmd(bob, "fence", "fence", from, "to", tos.Choices[0].Value))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, fmt.Sprintf("**Bob** moved a fence from %s to %s and rolled **5-3**.", from, tos.Choices[0].Value)) {
		t.Fatalf("fence: got %s", showResp(resp))
	}
	// The move, typed; its board tells the whole turn.
	p = e.kimbo(id)
	m := p.Legal()[0]
	resp = e.do(e.kcmd(bob, "move", "move", m.Text))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, fmt.Sprintf("**Bob** moved a fence from %s to %s and rolled **5-3**: ", from, tos.Choices[0].Value)) {
		t.Errorf("end of Bob's turn: got %s", showResp(resp))
	}
	if !slices.Equal(resp.Public.Mentions, []string{carol.ID}) {
		t.Errorf("after Bob's turn the board pings %v, want Carol", resp.Public.Mentions)
	}

	// Carol resigns: Alice and Bob play on, and Carol's pieces leave.
	resp = e.resigned(e.kcmd(carol, "resign"))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, "**Carol** resigned and left the game; the others play on.") || !slices.Equal(resp.Public.Mentions, []string{alice.ID}) {
		t.Fatalf("Carol resigns: got %s", showResp(resp))
	}
	p = e.kimbo(id)
	if p.Outcome().Over() || p.Turn() != 0 {
		t.Fatalf("after Carol left: over=%v turn %d\n%s", p.Outcome().Over(), p.Turn(), p.Drawing())
	}
	e.refuse(e.kcmd(carol, "resign"), "You have left game")
	resp = e.resigned(e.kcmd(bob, "resign", "game", fmt.Sprint(id)))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, "Game over: Alice won by resignation.") {
		t.Fatalf("Bob resigns too: got %s", showResp(resp))
	}
	e.replays(id)
}

// oneMoveChoice reports whether key is a first-menu choice of one move,
// which plays at once.
func oneMoveChoice(p *kimbo.Position, key string) bool {
	n := 0
	for _, m := range p.Legal() {
		if k, _, _ := kimboGroup(English, p, m); k == key && key != "" {
			n++
		}
	}
	return n == 1
}

// ktyping is an autocomplete of /kimbo sub by u with focus on focused.
func (e *tableEnv) ktyping(u User, focused string, opts ...string) Request {
	req := e.kcmd(u, "fence", opts...)
	req.Kind, req.Focused, req.ID = AutocompleteRequest, focused, ""
	return req
}

// TestKimboTurnsByComponents plays whole two-player games through the table
// with buttons and menus only, picking at random, and checks that every
// turn takes at most three interactions and one more per capture, that a
// forced pass or corner is played for the player, and that the stored game
// replays.
func TestKimboTurnsByComponents(t *testing.T) {
	e, _ := newKimboEnv(t)
	rng := rand.New(rand.NewPCG(7, 7))
	req := e.kcmd(alice, "new", "player2", bob.ID)
	req.Users[bob.ID] = bob
	id := gameOf(t, e.do(req).Public)
	board := e.do(e.click(bob, customID(id, 0, "accept"))).Public
	turns, captures, maxTurn := 0, 0, 0
	const limit = 60 // turns: enough to meet captures, passes and corners
	for ; turns < limit && !e.kimbo(id).Outcome().Over(); turns++ {
		p := e.kimbo(id)
		seat := p.Turn()
		u := e.mover(id)
		clicks, pcs := 0, 0
		for !e.kimbo(id).Outcome().Over() && e.kimbo(id).Turn() == seat {
			if clicks > 8 {
				t.Fatalf("turn %d: %d interactions and still %s's turn\n%s", turns, clicks, u.Name, e.kimbo(id).Drawing())
			}
			var resp Response
			clicks++
			if b := button(board, "Roll"); b != "" && rng.IntN(2) == 0 || len(selects(board)) == 0 {
				var ids []string
				for _, row := range board.Components {
					for _, c := range row {
						if c.Kind == Button {
							ids = append(ids, c.ID)
						}
					}
				}
				if len(ids) == 0 {
					t.Fatalf("turn %d: board has no control for %s:\n%q\n%s", turns, u.Name, board.Content, e.kimbo(id).Drawing())
				}
				resp = e.do(e.click(u, ids[rng.IntN(len(ids))]))
			} else {
				sels := selects(board)
				sel := sels[rng.IntN(len(sels))]
				resp = e.do(e.click(u, sel.ID, sel.Options[rng.IntN(len(sel.Options))].Value))
				if resp.Private != nil {
					clicks++
					sels := selects(resp.Private)
					if len(sels) == 0 {
						t.Fatalf("turn %d: private answer without a menu: %s", turns, showResp(resp))
					}
					sel := sels[rng.IntN(len(sels))]
					resp = e.do(e.click(u, sel.ID, sel.Options[rng.IntN(len(sel.Options))].Value))
				}
			}
			if resp.Public == nil {
				t.Fatalf("turn %d: %s got %s, want a board", turns, u.Name, showResp(resp))
			}
			board = resp.Public
			if strings.Contains(board.Content, "captured piece back to") {
				captures++
				pcs++
			}
		}
		if clicks > 3+pcs {
			t.Errorf("turn %d took %d interactions with %d captures:\n%s", turns, clicks, pcs, board.Content)
		}
		maxTurn = max(maxTurn, clicks)
	}
	t.Logf("%d turns, %d corner choices, longest turn %d interactions", turns, captures, maxTurn)
	e.replays(id)
	if n, problems, err := e.table.Check(e.ctx); err != nil || len(problems) != 0 || n != 1 {
		t.Errorf("check: %d games, %v, %v", n, problems, err)
	}
}

// TestKimboLobby covers the lobby of a larger game: declines open the
// seat, Start now with those who joined, withdrawal and refusals.
func TestKimboLobby(t *testing.T) {
	e, _ := newKimboEnv(t)
	t.Run("invalid", func(t *testing.T) {
		e := e.in(t)
		self := e.kcmd(alice, "new", "player2", alice.ID)
		e.refuse(self, "You are in the game already")
		twice := e.kcmd(alice, "new", "player2", bob.ID, "player3", bob.ID)
		twice.Users[bob.ID] = bob
		e.refuse(twice, "You invited Bob twice.")
		tooFew := e.kcmd(alice, "new", "player2", bob.ID, "player3", carol.ID, "players", "2")
		e.refuse(tooFew, "You invited 2 people, so the game needs at least 3 players, not 2.")
		e.refuse(e.kcmd(alice, "new", "players", "5"), "Kimbo is played by 2 to 4 players, not \"5\".")
		robo := e.kcmd(alice, "new", "player3", robot.ID)
		robo.Users[robot.ID] = robot
		e.refuse(robo, "Robo is a bot and can't play.")
	})
	t.Run("decline opens the seat, start now", func(t *testing.T) {
		e := e.in(t)
		req := e.kcmd(alice, "new", "player2", bob.ID, "player3", carol.ID, "players", "4")
		req.Users[bob.ID], req.Users[carol.ID] = bob, carol
		resp := e.do(req)
		id := gameOf(t, resp.Public)
		lobby := resp.Public
		if !slices.Equal(resp.Public.Mentions, []string{bob.ID, carol.ID}) {
			t.Errorf("invitation pings %v, want Bob and Carol", resp.Public.Mentions)
		}
		resp = e.do(e.click(bob, button(lobby, "Decline")))
		if resp.Update == nil || !strings.Contains(resp.Update.Content, "**Bob** declined; their seat is open to anyone.") {
			t.Fatalf("Bob declines: %s", showResp(resp))
		}
		g := e.game(id)
		if g.Status != storage.StatusOpen || g.Seats[1] != (storage.Seat{Seat: 1}) {
			t.Errorf("after the decline: %s %+v", g.Status, g.Seats)
		}
		e.refuse(e.click(bob, button(lobby, "Accept")), "The invitations are for Carol, not you.")
		e.do(e.click(carol, button(lobby, "Accept")))
		resp = e.do(e.click(alice, button(lobby, "Start now")))
		if resp.Public == nil || !strings.Contains(resp.Public.Content, "**Alice** started the game with the 2 who joined.") {
			t.Fatalf("start now: %s", showResp(resp))
		}
		if g := e.game(id); g.Status != storage.StatusActive || len(g.Seats) != 2 || e.kimbo(id).Players() != 2 {
			t.Errorf("started with %d seats (%s), %d players", len(g.Seats), g.Status, e.kimbo(id).Players())
		}
		e.refuse(e.click(stranger, button(lobby, "Join")), "is no longer open to join (it is active)")
		e.refuse(e.click(alice, button(lobby, "Start now")), "can't be started now (it is active)")
		e.replays(id)
	})
	t.Run("withdraw", func(t *testing.T) {
		e := e.in(t)
		req := e.kcmd(alice, "new", "player2", bob.ID, "players", "3")
		req.Users[bob.ID] = bob
		resp := e.do(req)
		id := gameOf(t, resp.Public)
		e.refuse(e.click(bob, button(resp.Public, "Cancel")), "Only Alice, who opened game")
		resp = e.do(e.click(alice, button(resp.Public, "Decline")))
		if resp.Update == nil || !strings.Contains(resp.Update.Content, "**Alice** withdrew the invitations.") {
			t.Errorf("withdraw: %s", showResp(resp))
		}
		if g := e.game(id); g.Status != storage.StatusDeclined {
			t.Errorf("withdrawn game is %s", g.Status)
		}
	})
	t.Run("four join an open game", func(t *testing.T) {
		e := e.in(t)
		resp := e.do(e.kcmd(alice, "new", "players", "4"))
		id := gameOf(t, resp.Public)
		join := button(resp.Public, "Join")
		for _, u := range []User{bob, carol} {
			if r := e.do(e.click(u, join)); r.Update == nil || r.Public != nil {
				t.Fatalf("%s joins: %s", u.Name, showResp(r))
			}
		}
		resp = e.do(e.click(stranger, join))
		if resp.Public == nil || e.kimbo(id).Players() != 4 || e.game(id).Status != storage.StatusActive {
			t.Fatalf("the fourth join should start the game: %s", showResp(resp))
		}
		if !strings.Contains(resp.Public.Content, " · Stranger (East, green)") {
			t.Errorf("four-player board: %q", resp.Public.Content)
		}
	})
}

func TestKimboNarrateOpeningTies(t *testing.T) {
	st, _ := kimbo.New(2)
	var played []Played
	var s rules.State = st
	for _, r := range []string{"roll 6-5", "roll 5-6", "roll 2-1", "roll 1-1"} {
		m, err := rules.Find(s, r)
		if err != nil {
			t.Fatalf("%s: %v", r, err)
		}
		played = append(played, Played{Before: s, Move: m})
		if s, err = s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	got := kimboNarrate(English, played, s, []string{"Ann", "Ben"})
	if want := "Opening roll: Ann 6-5, Ben 6-5, Ann 2-1, Ben 1-1; **Ann** rolled highest and starts."; got != want {
		t.Errorf("narration %q, want %q", got, want)
	}
}

// A Kimbo menu names HOME in the game's language ("b2 → CASA (los 6)"),
// while its value keeps the notation.
func TestKimboMenuSaysHomeInItsLanguage(t *testing.T) {
	const (
		fences = "e1|f1,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1"
		north  = "N:o1,b2,b15,n15/e15|f15,f15|g15,g15|h15,h15|i15,i15|j15,j15|k15"
	)
	for _, sq := range []string{"h6", "h5", "g6", "i6", "h4", "f8", "h10", "j8", "e8"} {
		for _, dice := range []string{"1-2", "2-1", "3-1", "2-2", "4-1"} {
			p, err := kimbo.Parse("S:" + sq + ",home,home,home/" + fences + " " + north + " S:move:" + dice + " last:S;nofence;" + dice + ";-")
			if err != nil {
				continue
			}
			for _, m := range p.Legal() {
				key, es, _ := kimboGroup(LangOf("es-ES"), p, m)
				_, en, _ := kimboGroup(English, p, m)
				if !strings.HasSuffix(key, ">home") {
					continue
				}
				if !strings.Contains(es, "→ CASA") || !strings.Contains(en, "→ HOME") || strings.Contains(es, "home") {
					t.Fatalf("%s from %s with %s: Spanish %q, English %q, want → CASA and → HOME\n%s", m.Text, sq, dice, es, en, p.Drawing())
				}
				return
			}
		}
	}
	t.Fatal("no position here lets a piece go HOME with the whole throw")
}
