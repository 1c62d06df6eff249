package discordtest_test

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"fmt"
	"image"
	"image/gif"
	"image/png"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"parlor/bot"
	"parlor/bot/discord"
	"parlor/bot/discord/discordtest"
	"parlor/render"
	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/kippykoo"
	"parlor/rules/rumba"
	"parlor/storage"
	"parlor/storage/storagetest"
)

// boardSizes are the sizes a game's boards may have, by the name of the
// game that starts a board's file name. The All the King's Men board is
// 880×1244 (render/kingsmen.go: a portrait canvas 880 wide, 124+64+44 above
// the 8 ranks of 112, 44+64+8 below); Kimbo's are what the renderer draws
// for a start position of 2, 3 and 4 players, and so are Kippy Koo's.
var boardSizes = map[string][]image.Point{
	"kingsmen": {{880, 1244}},
	"kimbo":    boardSizesOf(kimbo.Game{}),
	"kippykoo": boardSizesOf(kippykoo.Game{}),
	"rumba":    boardSizesOf(rumba.Game{}),
}

// boardSizesOf are the sizes of game's start boards for each number of
// players.
func boardSizesOf(game rules.Game) []image.Point {
	var out []image.Point
	for _, n := range game.Players() {
		st, err := game.New(n)
		if err != nil {
			panic(err)
		}
		img, err := render.New(bot.Painters(bot.Kits())...).Image(st, render.Info{Names: []string{"A", "B", "C", "D"}[:n]})
		if err == nil && !slices.Contains(out, img.Bounds().Size()) {
			out = append(out, img.Bounds().Size())
		}
	}
	return out
}

// painter is the real renderer, made slow on purpose when delay is set.
type painter struct {
	r     *render.Renderer
	delay atomic.Int64
	// every, if above 1, draws only every so many boards (and the last of
	// a game) and sends the latest picture again for the others: long
	// games test the protocol, and drawing under -race is most of their
	// time (render's own tests cover the pictures).
	every int
	mu    sync.Mutex
	n     int
	last  []byte
}

func (p *painter) PNG(s rules.State, info render.Info) ([]byte, error) {
	if d := time.Duration(p.delay.Load()); d > 0 {
		time.Sleep(d)
	}
	if p.every <= 1 {
		return p.r.PNG(s, info)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.n++; p.last != nil && p.n%p.every != 0 && !s.Outcome().Over() {
		return p.last, nil
	}
	png, err := p.r.PNG(s, info)
	if err == nil {
		p.last = png
	}
	return png, err
}

// GIF draws a replay with the real renderer.
func (p *painter) GIF(frames []render.Frame) ([]byte, error) { return p.r.GIF(frames) }

// logs keeps the bot's log, shown when a test fails, and counts errors.
type logs struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	errors int
	// expected is how many errors the test provoked on purpose (expect).
	expected int
}

// expect says the test provokes n errors in the bot's log on purpose.
func (l *logs) expect(n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.expected += n
}

func (l *logs) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if bytes.Contains(p, []byte("level=ERROR")) || bytes.Contains(p, []byte(`"level":"ERROR"`)) {
		l.errors++
	}
	return l.buf.Write(p)
}

func (l *logs) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// process is one run of the bot: what cmd/parlor's runBot builds.
type process struct {
	url    string // the HTTP door's endpoint, through it
	db     *storage.DB
	table  *bot.Table
	d      *discord.Discord
	cancel context.CancelFunc
	done   chan error
}

// harness is the bot served by a Fake, as in production.
type harness struct {
	t       testing.TB
	f       *discordtest.Fake
	dbPath  string
	guildID string // where commands are registered: the Fake's guild, or "" for global
	painter *painter
	log     *logs
	proc    *process
	starts  int
	diceMu  sync.Mutex
	dice    *rand.Rand
	fair    bool // the bot's own fair dice and lot, not h.roll
	// pace is the bot's slow-down: off unless a test asks (paced), as
	// the fake's players act faster than people.
	pace bot.Pace
	// duringStart, if set, runs once while the first process starts,
	// before its commands are registered.
	duringStart func()
	// clock, if set, is the bot's clock (table and database), moved by
	// the test; the bot then sweeps only when the test says (sweep).
	clock *clock
	// http serves Discord's interactions through the HTTP door, signed
	// POSTs from the Fake, instead of the gateway.
	http bool
	// deferAll makes the bot defer every answer (but autocomplete's).
	deferAll bool
	// rate, if set, is the door's budget of calls a second against
	// Discord's global limit (Discord.Rate).
	rate float64
	// jsonLogs writes the bot's log as JSON lines (LOG_FORMAT=json).
	jsonLogs bool
	// wait is how long the Fake's waits last (WithTimeout).
	wait time.Duration
	// dying, while set, makes every process die between storing a
	// change and answering it (see mortal): the answer is lost.
	dying *atomic.Bool
	// think is the computer players' budget (0: 3 ms, quick: their
	// strength is tested in rules), and computerWorkers how many turns the
	// door thinks at once (0: one per core; negative: none, the sweeps
	// play them one after another).
	think           time.Duration
	computerWorkers int
	// guilds, if set, hears every server the bot is told it was removed
	// from or is in ("removed " or "back " and the id), after the table
	// has recorded it (see watchGuilds).
	guilds chan string
	// web turns the web page's links on (see browser_e2e_test.go).
	web bot.WebLinks
}

// clock is a time the test moves by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// fakeTime puts the bot on a clock the test moves (h.clock) and turns its
// own sweeps off: the test sweeps with h.sweep.
func fakeTime(h *harness) { h.clock = &clock{now: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)} }

// sweep runs the bot's sweep once, posting its notices.
func (h *harness) sweep() { h.proc.d.Sweep(context.Background()) }

// roll is the bot's Roll: seats by lot get 0 (the challenger keeps South
// and moves first), dice come from a seeded generator, so that a test
// plays the same game every time.
func (h *harness) roll(n int) int {
	if n != 1_000_000 {
		return 0
	}
	h.diceMu.Lock()
	defer h.diceMu.Unlock()
	if h.dice == nil {
		h.dice = rand.New(rand.NewPCG(2026, 11))
	}
	return h.dice.IntN(n)
}

type setting func(*harness)

// fairDice gives the bot no scripted roll: its dice are its provably fair
// ones, and seats are drawn by lot for real.
func fairDice(h *harness) { h.fair = true }

// threads grants the bot the permission to start threads.
func threads(h *harness) { h.f.GrantThreads() }

// sketchy draws one board in ten (see painter.every).
func sketchy(h *harness) { h.painter.every = 10 }

// Under the race detector, boards are drawn once in racyEvery, and the
// long games stop after racyTurns turns (about four interactions each):
// the race detector looks at how the bot's parts run together, which the
// first turns show as well as the last; without it, every game is played
// to its end.
const (
	racyEvery = 50
	racyTurns = 20
)

// onPostgres keeps the games in a fresh PostgreSQL database (see
// storagetest) instead of a SQLite file.
func onPostgres(h *harness) { h.dbPath = storagetest.Postgres(h.t) }

// viaHTTP runs the bot's HTTP door instead of the gateway: the Fake POSTs
// every interaction, signed, to it.
func viaHTTP(h *harness) { h.http = true }

// paced gives the bot the slow-down, with the production budget.
func paced(h *harness) { h.pace = bot.Pace{} }

// forEachEngine runs test on SQLite and on PostgreSQL, as parallel
// subtests named by the engine; engine is the harness's setting for it.
func forEachEngine(t *testing.T, test func(t *testing.T, engine setting)) {
	for _, e := range []struct {
		name string
		on   setting
	}{{"sqlite", func(*harness) {}}, {"postgres", onPostgres}} {
		t.Run(e.name, func(t *testing.T) {
			t.Parallel()
			test(t, e.on)
		})
	}
}

// forEachDoor runs test once through each door: the gateway, and the HTTP
// interactions endpoint; and through the HTTP door with the games in
// PostgreSQL, as replicas behind a load balancer would keep them. Under
// -race, which makes a whole game ten times slower, only the gateway runs:
// the doors' own concurrency is raced by the shorter tests (replicas,
// contested interactions, a graceful stop), and the README's test command
// runs this package without -race too.
func forEachDoor(t *testing.T, test func(t *testing.T, door setting)) {
	for _, d := range []struct {
		name string
		door setting
	}{{"gateway", func(*harness) {}}, {"http", viaHTTP}, {"http-postgres", func(h *harness) { viaHTTP(h); onPostgres(h) }}} {
		t.Run(d.name, func(t *testing.T) {
			if raceDetector && d.name != "gateway" {
				t.Skip("run without -race: go test ./bot/discord/discordtest")
			}
			t.Parallel()
			test(t, d.door)
		})
	}
}

// deferAll makes the bot defer every answer it can, as when drawing is
// slow or the bot is crowded: a command is answered "thinking…" in
// private first, a click with a deferred update, and the answer follows.
func deferAll(h *harness) { h.deferAll = true }

// jsonLogs writes the bot's log as JSON lines, as LOG_FORMAT=json does.
func jsonLogs(h *harness) { h.jsonLogs = true }

// proxyDelay is how long slowResponses holds each HTTP response: well
// inside Discord's 3 seconds, long enough that an edit sent right after
// the response always arrives first.
const proxyDelay = 300 * time.Millisecond

// slowResponses makes the Fake take each HTTP response as the first answer
// only proxyDelay after reading it, as behind a reverse proxy
// (DelayResponses): the bot's edits and follow-ups that come sooner are
// refused, as Discord refuses them, and must be retried.
func slowResponses(h *harness) { h.f.DelayResponses(proxyDelay) }

// global registers the commands globally, as without DISCORD_GUILD_ID.
func global(h *harness) { h.guildID = "" }

// newHarness starts a Fake and the bot on it, and checks at the end that
// the stored games replay and every board is a PNG of the right size.
func newHarness(t testing.TB, settings ...setting) *harness {
	t.Helper()
	// Waits matter only when something is wrong; on a busy machine under
	// -race a board can take seconds to draw, the first of a game longer.
	wait := 10 * time.Second
	if raceDetector {
		wait = 30 * time.Second
	}
	f := discordtest.New(t, discordtest.WithTimeout(wait))
	h := &harness{t: t, f: f, dbPath: filepath.Join(t.TempDir(), "parlor.db"), guildID: f.GuildID(),
		painter: &painter{r: render.New(bot.Painters(bot.Kits())...)}, log: &logs{}, wait: wait, pace: bot.Pace{Off: true}}
	for _, s := range settings {
		s(h)
	}
	if raceDetector {
		// Under the race detector a board takes a second to draw, and the
		// pictures are not what these tests look for there: render's tests
		// check them, and this package runs without it too.
		h.painter.every = max(h.painter.every, racyEvery)
	}
	t.Cleanup(h.finish) // runs before the Fake stops
	h.start()
	return h
}

// start runs the bot as cmd/parlor does, but for the HTTP transport (and
// so the gateway URL) and the scripted seating roll, and waits until it
// has registered its commands.
func (h *harness) start() {
	h.t.Helper()
	h.proc = h.launch()
	if h.http {
		h.f.DeliverTo(h.proc.url)
	}
}

// launch starts a bot process on the harness's database and waits until
// it has registered its commands; through the HTTP door, the process's
// endpoint is p.url.
func (h *harness) launch() *process {
	h.t.Helper()
	ctx := context.Background()
	db, err := storage.Open(ctx, h.dbPath)
	if err != nil {
		h.t.Fatalf("storage.Open: %v", err)
	}
	h.starts++
	var lines slog.Handler = slog.NewTextHandler(h.log, &slog.HandlerOptions{Level: slog.LevelDebug})
	if h.jsonLogs {
		lines = slog.NewJSONHandler(h.log, &slog.HandlerOptions{Level: slog.LevelDebug})
	}
	logger := slog.New(lines).With("process", h.starts)
	cfg := bot.Config{Store: db, Painter: h.painter, Kits: bot.Kits(), Logger: logger,
		Roll:  h.roll, // the challenger keeps South and moves first
		Think: cmp.Or(h.think, 3*time.Millisecond),
		Pace:  h.pace,
		Web:   h.web}
	if h.clock != nil {
		db.Now, cfg.Now = h.clock.Now, h.clock.Now
	}
	if h.fair {
		cfg.Roll = nil
	}
	table := bot.NewTable(cfg)
	s, err := discordgo.New("Bot " + h.f.Token())
	if err != nil {
		h.t.Fatalf("discordgo.New: %v", err)
	}
	s.Client = &http.Client{Transport: h.f.Transport()}
	var handler bot.Handler = table
	if h.dying != nil {
		handler = mortalTable{Table: table, dying: h.dying}
	}
	if h.guilds != nil {
		handler = guildWatch{Table: table, news: h.guilds}
		// The gateway's events are handled one at a time, in order, so
		// that a test knows those before the one it heard of.
		s.SyncEvents = true
	}
	d := discord.NewDiscord(s, handler, h.guildID, logger)
	if h.clock != nil {
		d.SweepEvery = -1
		d.Now = h.clock.Now // the interactions' tokens run out by it too
	}
	d.Rate = h.rate
	if h.deferAll {
		d.DeferAfter = time.Nanosecond
	}
	d.ComputerWorkers = h.computerWorkers
	runCtx, cancel := context.WithCancel(ctx)
	p := &process{db: db, table: table, d: d, cancel: cancel, done: make(chan error, 1)}
	if h.http {
		key, err := discord.ParsePublicKey(h.f.PublicKey())
		if err != nil {
			h.t.Fatal(err)
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			h.t.Fatal(err)
		}
		p.url = "http://" + ln.Addr().String() + "/interactions"
		go func() { p.done <- d.ServeHTTP(runCtx, ln, key, db.Ping, 10*time.Second) }()
	} else {
		go func() { p.done <- d.Run(runCtx) }()
	}
	if hook := h.duringStart; hook != nil {
		h.duringStart = nil
		hook()
	}
	select {
	case <-d.Registered:
	case err := <-p.done:
		h.t.Fatalf("the bot stopped before registering its commands: %v\n%s", err, h.log)
	case <-time.After(10 * time.Second):
		h.t.Fatalf("the bot did not register its commands within 10 s\n%s", h.log)
	}
	return p
}

// stop ends the bot process and closes its database.
func (h *harness) stop() {
	h.t.Helper()
	p := h.proc
	if p == nil {
		return
	}
	h.proc = nil
	h.end(p)
}

// end stops the process p and closes its database.
func (h *harness) end(p *process) {
	h.t.Helper()
	p.cancel()
	select {
	case err := <-p.done:
		if err != nil {
			h.t.Errorf("bot.Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		h.t.Errorf("the bot did not stop within 10 s")
	}
	if err := p.db.Close(); err != nil {
		h.t.Errorf("close the database: %v", err)
	}
}

// restart stops the bot and starts a new process on the same database.
func (h *harness) restart() {
	h.t.Helper()
	h.stop()
	h.start()
}

// finish stops the bot and checks what every test must leave behind.
func (h *harness) finish() {
	t := h.t
	if h.proc != nil {
		n, problems, err := h.proc.table.Check(context.Background())
		if err != nil || len(problems) > 0 {
			t.Errorf("checked %d games: %v %+v", n, err, problems)
		}
	}
	// discordgo's Close pauses a second; decode the boards meanwhile.
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		h.stop()
	}()
	checkBoards(t, h.f)
	<-stopped
	if h.http && len(h.f.Identifies()) > 0 {
		t.Errorf("the bot served the HTTP door but connected to the gateway too")
	}
	if h.log.errors > h.log.expected {
		t.Errorf("the bot logged %d errors, %d of them expected", h.log.errors, h.log.expected)
	}
	if t.Failed() {
		t.Logf("the bot's log:\n%s", h.log)
	}
}

// refused returns the calls Discord refused that the bot should not have
// made: every refusal but those of calls that raced an HTTP response
// (Request.Early), which Discord refuses and a bot retries.
func (h *harness) refused() []discordtest.Request {
	var out []discordtest.Request
	for _, r := range h.f.Refused() {
		if !r.Early {
			out = append(out, r)
		}
	}
	return out
}

// checkBoards decodes every uploaded file as a PNG of the board's size.
func checkBoards(t testing.TB, f *discordtest.Fake) {
	t.Helper()
	seen := map[[32]byte]bool{}
	for _, file := range f.Files() {
		sum := sha256.Sum256(file.Data)
		if seen[sum] {
			continue
		}
		seen[sum] = true
		switch {
		case strings.HasSuffix(file.Name, ".gif"):
			checkReplay(t, file)
			continue
		case strings.HasSuffix(file.Name, ".txt"):
			continue
		}
		img, err := png.Decode(bytes.NewReader(file.Data))
		if err != nil {
			t.Errorf("attachment %s does not decode as a PNG: %v", file.Name, err)
			continue
		}
		kind, _, _ := strings.Cut(file.Name, "-")
		sizes := boardSizes[kind]
		if b := img.Bounds(); !slices.Contains(sizes, b.Size()) || file.ContentType != "image/png" || !strings.HasSuffix(file.Name, ".png") {
			t.Errorf("attachment %s (%s) is %d×%d, want an image/png of %v", file.Name, file.ContentType, b.Dx(), b.Dy(), sizes)
		}
	}
}

// checkReplay decodes an uploaded replay as an animated GIF of at most
// 8 MB and 1,000 pixels on the long side, its last frame held longest.
func checkReplay(t testing.TB, file discordtest.File) {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(file.Data))
	if err != nil {
		t.Errorf("replay %s does not decode as a GIF: %v", file.Name, err)
		return
	}
	w, h := g.Config.Width, g.Config.Height
	if file.ContentType != "image/gif" || len(file.Data) > 8<<20 || max(w, h) > 1000 || len(g.Image) == 0 {
		t.Errorf("replay %s (%s): %d bytes, %d×%d, %d frames", file.Name, file.ContentType, len(file.Data), w, h, len(g.Image))
		return
	}
	if last := g.Delay[len(g.Delay)-1]; slices.Max(g.Delay) != last {
		t.Errorf("replay %s: the last frame is shown %d/100 s, less than another", file.Name, last)
	}
}

// Ways to recognise the bot's answers, whichever path (at once or
// deferred) the adapter took.
func isBoard(m discordtest.Message) bool {
	return !m.Ephemeral() && !m.Loading() && len(m.Files) == 1 && strings.HasPrefix(m.Content, "**Game #")
}

func isPrivate(m discordtest.Message) bool {
	return m.Ephemeral() && !m.Loading() && strings.TrimSpace(m.Text()) != ""
}

// resign has u resign the game of kind in ch: the command, then the
// button of the private question that confirms it. It returns the click.
func (h *harness) resign(u discordtest.User, ch discordtest.Channel, kind string) *discordtest.Interaction {
	h.t.Helper()
	ask := h.private(h.f.Command(u, ch, kind, "resign"))
	yes, ok := ask.Find(func(c discordtest.Component) bool { return strings.HasPrefix(c.Label, "Resign game #") })
	if !ok {
		h.t.Fatalf("the question %q has no Resign button", ask.Content)
	}
	return h.f.Click(u, ask, yes.CustomID)
}

// board waits for the public board an interaction posts.
func (h *harness) board(ix *discordtest.Interaction) discordtest.Message {
	h.t.Helper()
	return ix.Await(h.t, "the new board", isBoard)
}

// private waits for the private answer to an interaction.
func (h *harness) private(ix *discordtest.Interaction) discordtest.Message {
	h.t.Helper()
	return ix.Await(h.t, "the private answer", isPrivate)
}

// refusal waits for a private answer containing want and checks that it is
// the interaction's only message.
func (h *harness) refusal(ix *discordtest.Interaction, want string) discordtest.Message {
	h.t.Helper()
	m := h.private(ix)
	if !strings.Contains(m.Content, want) {
		h.t.Errorf("private answer %q, want it to say %q", m.Content, want)
	}
	if m.For != ix.User.ID {
		h.t.Errorf("private answer shown to %s, want %s", m.For, ix.User.ID)
	}
	return m
}

var gameNumber = regexp.MustCompile(`(?i)game #(\d+)`)

// challenge has a challenge b with /kingsmen new, b accept it, and returns
// the game id and the first board.
func (h *harness) challenge(a, b discordtest.User, ch discordtest.Channel) (int64, discordtest.Message) {
	h.t.Helper()
	msg := h.challengeMessage(a, b, ch)
	accept, _ := msg.Button("Accept")
	board := h.board(h.f.Click(b, msg, accept.CustomID))
	return gameID(h.t, board), board
}

// challengeMessage posts a's challenge to b and returns it.
func (h *harness) challengeMessage(a, b discordtest.User, ch discordtest.Channel) discordtest.Message {
	h.t.Helper()
	ix := h.f.Command(a, ch, "kingsmen", "new", discordtest.Opt{Name: "opponent", Value: b.ID})
	msg := ix.Await(h.t, "the challenge", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
	if _, ok := msg.Find(func(c discordtest.Component) bool { return strings.HasSuffix(c.CustomID, "/accept") }); !ok {
		h.t.Fatalf("the challenge %q has no Accept button", msg.Content)
	}
	if p := msg.Pings(); len(p) != 1 || p[0] != b.ID {
		h.t.Errorf("the challenge pings %v, want only %s", p, b.ID)
	}
	return msg
}

func gameID(t testing.TB, m discordtest.Message) int64 {
	t.Helper()
	sub := gameNumber.FindStringSubmatch(m.Content)
	if sub == nil {
		t.Fatalf("no game number in %q", m.Content)
	}
	id, _ := strconv.ParseInt(sub[1], 10, 64)
	return id
}

// slashMove plays move the way a person types it: start typing typed into
// the move option, take the autocomplete choice whose value is move, and
// send the command.
func (h *harness) slashMove(u discordtest.User, ch discordtest.Channel, typed, move string) discordtest.Message {
	h.t.Helper()
	ac := h.f.Autocomplete(u, ch, "kingsmen", "move", "move", discordtest.Opt{Name: "move", Value: typed})
	choices := ac.Choices(h.t)
	var picked string
	for _, c := range choices {
		if c.Value == move {
			picked = c.Value
		}
	}
	if picked == "" {
		h.t.Fatalf("typing %q offers %v, without %s", typed, choices, move)
	}
	return h.board(h.f.Command(u, ch, "kingsmen", "move", discordtest.Opt{Name: "move", Value: picked}))
}

// pickMenu chooses the piece of move in the board's piece menu and returns
// the private menu of its moves.
func (h *harness) pickMenu(u discordtest.User, board discordtest.Message, move string) discordtest.Message {
	h.t.Helper()
	pick, ok := board.Select("/pick")
	if !ok {
		h.t.Fatalf("the board has no piece menu: %q", board.Content)
	}
	// The options are the pieces that can move, by square; move is written
	// like Nf1-g1, so its piece stands on f1.
	opt, ok := pick.Option(move[1:3])
	if !ok {
		h.t.Fatalf("the piece menu %+v does not offer the piece of %s", pick.Options, move)
	}
	menu := h.private(h.f.Choose(u, board, pick.CustomID, opt.Value))
	if _, ok := menu.Select("/play"); !ok {
		h.t.Fatalf("the private answer %q has no move menu", menu.Content)
	}
	return menu
}

// menuMove plays move from a private move menu and returns the new board.
func (h *harness) menuMove(u discordtest.User, menu discordtest.Message, move string) discordtest.Message {
	h.t.Helper()
	play, _ := menu.Select("/play")
	if _, ok := play.Option(move); !ok {
		h.t.Fatalf("the move menu %+v does not offer %s", play.Options, move)
	}
	ix := h.f.Choose(u, menu, play.CustomID, move)
	board := h.board(ix)
	// The menu itself now says what was played, whichever path was taken.
	ix.Await(h.t, "the note of the move played", func(m discordtest.Message) bool {
		return m.Ephemeral() && strings.Contains(m.Content, "You played "+move)
	})
	return board
}

// selectMove plays move with the board's menus: the piece, then the move.
func (h *harness) selectMove(u discordtest.User, board discordtest.Message, move string) discordtest.Message {
	h.t.Helper()
	return h.menuMove(u, h.pickMenu(u, board, move), move)
}

// game loads a game from the database.
func (h *harness) game(id int64) (*storage.Game, []storage.Entry) {
	h.t.Helper()
	ctx := context.Background()
	g, err := h.proc.db.Game(ctx, id)
	if err != nil {
		h.t.Fatalf("load game %d: %v", id, err)
	}
	log, err := h.proc.db.Log(ctx, id)
	if err != nil {
		h.t.Fatalf("load the log of game %d: %v", id, err)
	}
	return g, log
}

// recorded returns which of the interaction ids the database recorded as
// handled: each stored change records the one interaction that made it.
func (h *harness) recorded(ids ...string) []string {
	h.t.Helper()
	var out []string
	for _, id := range ids {
		done, err := h.proc.db.Handled(context.Background(), id)
		if err != nil {
			h.t.Fatal(err)
		}
		if done {
			out = append(out, id)
		}
	}
	return out
}

func texts(log []storage.Entry) []string {
	var out []string
	for _, e := range log {
		out = append(out, e.Text)
	}
	return out
}

func describe(ms []discordtest.Message) string {
	var b strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&b, "\n\t%s ephemeral=%v files=%d %q", m.ID, m.Ephemeral(), len(m.Files), m.Content)
	}
	return b.String()
}
