package bot

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"parlor/bot/limits"
	"parlor/render"
	"parlor/rules"
	"parlor/rules/kingsmen"
	"parlor/storage"
)

// The people of the table tests. Alice usually creates the games; with the
// scripted roll of 0 she keeps seat 0 (South) and moves first.
var (
	alice    = User{ID: "100", Name: "Alice"}
	bob      = User{ID: "200", Name: "Bob"}
	carol    = User{ID: "300", Name: "Carol"}
	stranger = User{ID: "400", Name: "Stranger"}
	robot    = User{ID: "900", Name: "Robo", Bot: true}
)

const (
	tableChannel = "chan-1"
	tableGuild   = "guild-1"
)

// testNow is the fixed clock of every table test.
var testNow = time.Date(2025, 3, 14, 15, 9, 26, 0, time.UTC)

// tinyPNG is a valid 1×1 PNG: the table needs a picture, not a good one.
var tinyPNG = func() []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		panic(err)
	}
	return b.Bytes()
}()

// fakePainter draws every board as tinyPNG, or fails as told. It is safe
// for concurrent use.
type fakePainter struct {
	calls atomic.Int64
	fail  atomic.Int32 // paintOK, paintError or paintPanic
	mu    sync.Mutex
	last  render.Info // the Info of the latest board drawn
}

// lastInfo is the Info of the latest board drawn.
func (p *fakePainter) lastInfo() render.Info {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.last
}

const (
	paintOK = iota
	paintError
	paintPanic
)

func (p *fakePainter) PNG(s rules.State, info render.Info) ([]byte, error) {
	p.calls.Add(1)
	p.mu.Lock()
	p.last = info
	p.mu.Unlock()
	switch p.fail.Load() {
	case paintError:
		return nil, fmt.Errorf("fakePainter: out of ink")
	case paintPanic:
		panic("fakePainter: brush broke")
	}
	if s == nil || len(info.Names) == 0 {
		return nil, fmt.Errorf("fakePainter: no state or no names")
	}
	return tinyPNG, nil
}

// env is a table over a fresh file database.
type tableEnv struct {
	t       *testing.T
	ctx     context.Context
	db      *storage.DB
	table   *Table
	painter *fakePainter
	seq     *atomic.Int64 // shared by the copies that in makes
}

// in is the same table, reporting to t: for subtests.
func (e *tableEnv) in(t *testing.T) *tableEnv {
	c := *e
	c.t = t
	return &c
}

// newEnv opens a database in t.TempDir() and builds a table with the
// kingsmen kit, a roll that always gives 0 and a fixed clock.
func newEnv(t *testing.T) *tableEnv {
	return newEnvWith(t, func(int) int { return 0 }, KingsmenKit())
}

func newEnvWith(t *testing.T, roll func(int) int, kits ...Kit) *tableEnv {
	t.Helper()
	return newEnvOn(t, filepath.Join(t.TempDir(), "parlor.db"), roll, kits...)
}

// unpaced is the slow-down of the tables of tests: none, as their clock
// stands still and every request of a whole game falls in one window
// (limits_test.go tests the slow-down).
var unpaced = Pace{Off: true}

// newEnvOn is newEnvWith on the database source: a SQLite file or a
// PostgreSQL URL.
func newEnvOn(t *testing.T, source string, roll func(int) int, kits ...Kit) *tableEnv {
	t.Helper()
	ctx := context.Background()
	db, err := storage.Open(ctx, source)
	if err != nil {
		t.Fatalf("storage.Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	db.Now = func() time.Time { return testNow }
	painter := &fakePainter{}
	table := NewTable(Config{Store: db, Painter: painter, Kits: kits, Roll: roll, Now: func() time.Time { return testNow }, Pace: unpaced})
	return &tableEnv{t: t, ctx: ctx, db: db, table: table, painter: painter, seq: new(atomic.Int64)}
}

// nextID is a fresh interaction id.
func (e *tableEnv) nextID() string { return fmt.Sprintf("req-%d", e.seq.Add(1)) }

// cmd is "/kingsmen sub" by u in the test channel; opts are option name and
// value pairs.
func (e *tableEnv) cmd(u User, sub string, opts ...string) Request {
	req := Request{ID: e.nextID(), Kind: CommandRequest, GuildID: tableGuild, ChannelID: tableChannel, User: u,
		Command: "kingsmen", Sub: sub, Options: map[string]string{}, Users: map[string]User{}}
	for i := 0; i+1 < len(opts); i += 2 {
		req.Options[opts[i]] = opts[i+1]
		// The people named are resolved, as Discord resolves the users of
		// user options.
		for _, u := range people {
			if u.ID == opts[i+1] {
				req.Users[u.ID] = u
			}
		}
	}
	return req
}

// people are the users the table tests know.
var people = []User{alice, bob, carol, stranger, robot, {ID: "500", Name: "Dave"}}

// click is u using the component customID, choosing values in a select.
func (e *tableEnv) click(u User, customID string, values ...string) Request {
	return Request{ID: e.nextID(), Kind: ComponentRequest, GuildID: tableGuild, ChannelID: tableChannel, User: u, CustomID: customID, Values: values}
}

// typing is an autocomplete request by u with focus on option focused.
func (e *tableEnv) typing(u User, focused string, opts ...string) Request {
	req := e.cmd(u, "move", opts...)
	req.Kind, req.Focused, req.ID = AutocompleteRequest, focused, ""
	return req
}

// do handles req and checks the answer against Discord's limits. Its
// public message is taken as posted, as a door posts it (see posted).
func (e *tableEnv) do(req Request) Response {
	e.t.Helper()
	resp := e.table.Handle(e.ctx, req)
	checkLimits(e.t, resp)
	e.posted(resp.Public)
	return resp
}

// posted records m, if it shows a game, as posted, as a door does after
// posting it (LivePosted): a board owed is then paid.
func (e *tableEnv) posted(m *Message) {
	e.t.Helper()
	if m == nil || m.Live == nil {
		return
	}
	if _, err := e.table.LivePosted(e.ctx, *m.Live, tableChannel, fmt.Sprintf("msg-%d", e.seq.Add(1))); err != nil {
		e.t.Errorf("record a posted message: %v", err)
	}
}

// state is everything stored: every game with its seats and log, and the
// handled interactions.
type storedState struct {
	Games        []storage.Game
	Logs         [][]storage.Entry
	Interactions int
}

func (e *tableEnv) snapshot() storedState {
	e.t.Helper()
	ids, err := e.db.GameIDs(e.ctx)
	if err != nil {
		e.t.Fatalf("GameIDs: %v", err)
	}
	var s storedState
	for _, id := range ids {
		g, err := e.db.Game(e.ctx, id)
		if err != nil {
			e.t.Fatalf("Game(%d): %v", id, err)
		}
		log, err := e.db.Log(e.ctx, id)
		if err != nil {
			e.t.Fatalf("Log(%d): %v", id, err)
		}
		s.Games = append(s.Games, *g)
		s.Logs = append(s.Logs, log)
	}
	if err := e.db.SQL().QueryRowContext(e.ctx, "SELECT count(*) FROM interactions").Scan(&s.Interactions); err != nil {
		e.t.Fatalf("count interactions: %v", err)
	}
	return s
}

// refuse handles req and checks that the answer is a private message, and
// nothing else, containing want, and that nothing stored changed.
func (e *tableEnv) refuse(req Request, want string) string {
	e.t.Helper()
	before := e.snapshot()
	resp := e.do(req)
	after := e.snapshot()
	got := privateOnly(e.t, resp)
	if !strings.Contains(got, want) {
		e.t.Errorf("%s: got answer %q, want one saying %q", describeReq(req), got, want)
	}
	if !reflect.DeepEqual(before, after) {
		e.t.Errorf("%s: refused with %q, but the store changed:\nbefore %+v\nafter  %+v", describeReq(req), got, before, after)
	}
	return got
}

// privateOnly checks that resp is a bare private text and returns it.
func privateOnly(t *testing.T, resp Response) string {
	t.Helper()
	if resp.Private == nil || resp.Public != nil || resp.Update != nil || resp.Choices != nil {
		t.Errorf("got response %s, want only a private message", showResp(resp))
		if resp.Private == nil {
			return ""
		}
	}
	p := resp.Private
	if p.File != nil || len(p.Components) > 0 || len(p.Mentions) > 0 {
		t.Errorf("private refusal %q carries a file, components or mentions: %s", p.Content, showResp(resp))
	}
	if p.Content == "" {
		t.Errorf("private refusal is empty")
	}
	return p.Content
}

func describeReq(req Request) string {
	switch req.Kind {
	case ComponentRequest:
		return fmt.Sprintf("%s clicks %q %q", req.User.Name, req.CustomID, req.Values)
	case AutocompleteRequest:
		return fmt.Sprintf("%s types in %s of /%s %s %v", req.User.Name, req.Focused, req.Command, req.Sub, req.Options)
	}
	return fmt.Sprintf("%s: /%s %s %v", req.User.Name, req.Command, req.Sub, req.Options)
}

func showResp(resp Response) string {
	msg := func(m *Message) string {
		if m == nil {
			return "nil"
		}
		return fmt.Sprintf("{%q mentions=%v file=%v components=%d}", m.Content, m.Mentions, m.File != nil, len(m.Components))
	}
	return fmt.Sprintf("Private=%s Update=%s Public=%s Choices=%v", msg(resp.Private), msg(resp.Update), msg(resp.Public), resp.Choices)
}

// game loads a stored game.
func (e *tableEnv) game(id int64) *storage.Game {
	e.t.Helper()
	g, err := e.db.Game(e.ctx, id)
	if err != nil {
		e.t.Fatalf("Game(%d): %v", id, err)
	}
	return g
}

// log loads a game's move log.
func (e *tableEnv) log(id int64) []storage.Entry {
	e.t.Helper()
	log, err := e.db.Log(e.ctx, id)
	if err != nil {
		e.t.Fatalf("Log(%d): %v", id, err)
	}
	return log
}

// position parses a stored game's position.
func (e *tableEnv) position(id int64) *kingsmen.Position {
	e.t.Helper()
	p, err := kingsmen.Parse(e.game(id).Position)
	if err != nil {
		e.t.Fatalf("game %d: %v", id, err)
	}
	return p
}

// replays checks that the game's log replays to its stored position.
func (e *tableEnv) replays(id int64) {
	e.t.Helper()
	g := e.game(id)
	kit, ok := e.table.kits[g.Kind]
	if !ok {
		e.t.Fatalf("game %d: no kit for %s", id, g.Kind)
	}
	st, err := Replay(kit.Game, len(g.Seats), e.log(id))
	if err != nil {
		e.t.Fatalf("game %d: Replay: %v", id, err)
	}
	if st.String() != g.Position {
		e.t.Errorf("game %d: replay gives %q, stored %q\n%s", id, st.String(), g.Position, st.Drawing())
	}
}

// gameOf reads the game number out of a message that says "game #N".
func gameOf(t *testing.T, m *Message) int64 {
	t.Helper()
	if m == nil {
		t.Fatalf("no message to read a game number from")
	}
	sub := gameNumber.FindStringSubmatch(m.Content)
	if sub == nil {
		t.Fatalf("no game number in %q", m.Content)
	}
	id, err := strconv.ParseInt(sub[2], 10, 64)
	if err != nil {
		t.Fatalf("no game number in %q: %v", m.Content, err)
	}
	return id
}

// gameNumber is a game's number in a message, in English or Spanish.
var gameNumber = regexp.MustCompile(`(?i)\b(game|partida) #(\d+)`)

// challenge has a challenge b and b accept; it returns the game and the
// first board. With the scripted roll a is South and moves first.
func (e *tableEnv) challenge(a, b User) (int64, *Message) {
	e.t.Helper()
	req := e.cmd(a, "new", "opponent", b.ID)
	req.Users[b.ID] = b
	resp := e.do(req)
	id := gameOf(e.t, resp.Public)
	resp = e.do(e.click(b, customID(id, 0, "accept")))
	if resp.Public == nil || resp.Update == nil {
		e.t.Fatalf("%s accepts game %d: got %s, want an update and a board", b.Name, id, showResp(resp))
	}
	return id, resp.Public
}

// play plays moves in game id by typed commands, each by the player to move,
// and returns the last board.
func (e *tableEnv) play(id int64, moves ...string) *Message {
	e.t.Helper()
	var board *Message
	for _, m := range moves {
		u := e.mover(id)
		resp := e.do(e.cmd(u, "move", "move", m, "game", fmt.Sprint(id)))
		if resp.Public == nil || resp.Private != nil {
			e.t.Fatalf("game %d: %s plays %s: got %s, want a board\n%s", id, u.Name, m, showResp(resp), e.position(id).Drawing())
		}
		board = resp.Public
	}
	return board
}

// mover is the user to move in game id.
func (e *tableEnv) mover(id int64) User {
	e.t.Helper()
	g := e.game(id)
	kit := e.table.kits[g.Kind]
	st, err := kit.Game.Parse(g.Position)
	if err != nil {
		e.t.Fatalf("game %d: %v", id, err)
	}
	seat := int(st.ToMove())
	for _, u := range []User{alice, bob, carol, stranger} {
		if seatUser(g, seat).UserID == u.ID {
			return u
		}
	}
	e.t.Fatalf("game %d: nobody to move (seat %d)", id, seat)
	return User{}
}

// pickID is the custom id of the piece select on a board message.
func pickID(t *testing.T, m *Message) string {
	t.Helper()
	for _, row := range m.Components {
		for _, c := range row {
			if c.Kind == Select && strings.HasSuffix(c.ID, "/pick") {
				return c.ID
			}
		}
	}
	t.Fatalf("no piece select on %q", m.Content)
	return ""
}

// checkLimits checks every message and choice of resp against the limits in
// docs/discord.md.
func checkLimits(t *testing.T, resp Response) {
	t.Helper()
	for _, m := range []*Message{resp.Private, resp.Update, resp.Public} {
		if m == nil {
			continue
		}
		if n := utf8.RuneCountInString(m.Content); n > limits.Content {
			t.Errorf("message content is %d characters, more than %d", n, limits.Content)
		}
		if m.Embed != nil {
			if n := utf8.RuneCountInString(m.Embed.Title); n > limits.EmbedTitle {
				t.Errorf("embed title is %d characters, more than %d", n, limits.EmbedTitle)
			}
			if n := utf8.RuneCountInString(m.Embed.Description); n > limits.EmbedDescription {
				t.Errorf("embed description is %d characters, more than %d", n, limits.EmbedDescription)
			}
		}
		switch {
		case m.File == nil:
		case strings.HasSuffix(m.File.Name, ".gif"):
			// A replay: the animator decides what it holds.
			if m.File.ContentType != "image/gif" || len(m.File.Data) > 8<<20 {
				t.Errorf("replay %q is %q of %d bytes, want an image/gif of at most 8 MB", m.File.Name, m.File.ContentType, len(m.File.Data))
			}
		case strings.HasSuffix(m.File.Name, ".txt"):
			if m.File.ContentType != "text/plain; charset=utf-8" || !utf8.Valid(m.File.Data) {
				t.Errorf("record %q is %q, want UTF-8 text/plain", m.File.Name, m.File.ContentType)
			}
		default:
			if m.File.ContentType != "image/png" || !strings.HasSuffix(m.File.Name, ".png") {
				t.Errorf("file %q is %q, want a .png of image/png", m.File.Name, m.File.ContentType)
			}
			if _, err := png.Decode(bytes.NewReader(m.File.Data)); err != nil {
				t.Errorf("file %q is not a PNG: %v", m.File.Name, err)
			}
		}
		if len(m.Mentions) > 1 && !strings.Contains(m.Content, "(invited)") {
			t.Errorf("message pings %v, want at most the one player to move (or those invited)", m.Mentions)
		}
		for _, id := range m.Mentions {
			if !strings.Contains(m.Content, "<@"+id+">") {
				t.Errorf("message pings %s without naming them: %q", id, m.Content)
			}
		}
		if len(m.Components) > limits.Rows {
			t.Errorf("%d action rows, more than %d", len(m.Components), limits.Rows)
		}
		ids := map[string]bool{}
		for _, row := range m.Components {
			if len(row) == 0 || len(row) > limits.ButtonsPerRow {
				t.Errorf("action row with %d components", len(row))
			}
			for _, c := range row {
				if n := len(c.ID); n < 1 || n > limits.CustomID {
					t.Errorf("custom id %q is %d characters, want 1–%d", c.ID, n, limits.CustomID)
				}
				if ids[c.ID] {
					t.Errorf("custom id %q twice in one message", c.ID)
				}
				ids[c.ID] = true
				switch c.Kind {
				case Button:
					if n := utf8.RuneCountInString(c.Label); n < 1 || n > limits.ButtonLabel {
						t.Errorf("button label %q is %d characters, want 1–%d", c.Label, n, limits.ButtonLabel)
					}
				case Select:
					if len(row) != 1 {
						t.Errorf("select %q shares its row with %d others", c.ID, len(row)-1)
					}
					if n := len(c.Options); n < 1 || n > limits.SelectOptions {
						t.Errorf("select %q has %d options, want 1–%d", c.ID, n, limits.SelectOptions)
					}
					values := map[string]bool{}
					for _, o := range c.Options {
						for what, s := range map[string]string{"label": o.Label, "value": o.Value} {
							if n := utf8.RuneCountInString(s); n < 1 || n > limits.OptionText {
								t.Errorf("select %q option %s %q is %d characters, want 1–%d", c.ID, what, s, n, limits.OptionText)
							}
						}
						if n := utf8.RuneCountInString(o.Description); n > limits.OptionText {
							t.Errorf("select %q option description %q is %d characters, more than %d", c.ID, o.Description, n, limits.OptionText)
						}
						if values[o.Value] {
							t.Errorf("select %q offers value %q twice", c.ID, o.Value)
						}
						values[o.Value] = true
					}
				}
			}
		}
	}
	if len(resp.Choices) > limits.Choices {
		t.Errorf("%d autocomplete choices, more than %d", len(resp.Choices), limits.Choices)
	}
	for _, c := range resp.Choices {
		if n := utf8.RuneCountInString(c.Name); n < 1 || n > limits.ChoiceText {
			t.Errorf("choice name %q is %d characters, want 1–%d", c.Name, n, limits.ChoiceText)
		}
		if n := utf8.RuneCountInString(c.Value); n < 1 || n > limits.ChoiceText {
			t.Errorf("choice value %q is %d characters, want 1–%d", c.Value, n, limits.ChoiceText)
		}
	}
}

// resigned sends a resign command and confirms it, as the one who sent it,
// with the button the private question offers; it returns the answer to
// the confirmation.
func (e *tableEnv) resigned(req Request) Response {
	e.t.Helper()
	ask := e.do(req)
	if ask.Private == nil || ask.Public != nil || !strings.HasPrefix(ask.Private.Content, "Resign game #") {
		e.t.Fatalf("%s resigns: got %s, want a private question", req.User.Name, showResp(ask))
	}
	yes := button(ask.Private, "Resign game")
	click := e.click(req.User, yes)
	click.GuildID, click.ChannelID = req.GuildID, req.ChannelID
	return e.do(click)
}
