package console

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/language"

	"parlor/bot"
	"parlor/bot/i18n/i18ntest"
	"parlor/render"
	"parlor/rules"
	"parlor/storage"
)

// consoleEnv is a console over a table of the four games, on a fresh
// database, drawing every board as one pixel.
func consoleEnv(t *testing.T) (*Console, *bytes.Buffer, string) {
	db, err := storage.Open(t.Context(), filepath.Join(t.TempDir(), "parlor.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	table := bot.NewTable(bot.Config{Store: db, Painter: pixel{}, Kits: bot.Kits(), Roll: func(int) int { return 0 }, Pace: bot.Pace{Off: true}})
	var out bytes.Buffer
	dir := t.TempDir()
	return NewConsole(table, &out, dir), &out, dir
}

// pixel draws every board as one pixel.
type pixel struct{}

func (pixel) PNG(rules.State, render.Info) ([]byte, error) {
	var b bytes.Buffer
	err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	return b.Bytes(), err
}

// line runs a console line that must work, and returns what it printed.
func line(t *testing.T, c *Console, out *bytes.Buffer, l string) string {
	t.Helper()
	out.Reset()
	if _, err := c.Line(t.Context(), l); err != nil {
		t.Fatalf("%q: %v\n%s", l, err, out.String())
	}
	return out.String()
}

// The console greets with who you are, help and quit, and prompts before
// each line; help names every command the bot serves, with an example.
func TestConsoleWelcomeAndHelp(t *testing.T) {
	c, out, _ := consoleEnv(t)
	if err := c.Run(t.Context(), strings.NewReader("help\nquit\n")); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if first, _, _ := strings.Cut(got, "\n"); first != "Parlor console: you are alice. Type help for the commands, quit to stop." {
		t.Errorf("welcome %q", first)
	}
	if strings.Count(got, "alice> ") != 2 {
		t.Errorf("want a prompt before each of the 2 lines:\n%s", got)
	}
	for _, cmd := range c.Handler.Commands() {
		for _, sub := range cmd.Subs {
			// A server's own commands are left out: the console is in none.
			want := c.example(cmd.Name, sub)
			if listed := strings.Contains(got, "  "+want+" "); listed == sub.ServerOnly {
				t.Errorf("help lists /%s %s (%q): %v, want %v", cmd.Name, sub.Name, want, listed, !sub.ServerOnly)
			}
		}
	}
	for _, verb := range []string{"as bob", "click Accept", "choose 1", "turn", "complete /kingsmen", "quit", "mover:"} {
		if !strings.Contains(got, verb) {
			t.Errorf("help does not explain %q", verb)
		}
	}
}

// click and choose act on the game the acting player is looking at (or
// the one named), not on the newest message; menus show their labels, and
// choose takes a number.
func TestConsoleActsOnTheGameLookedAt(t *testing.T) {
	c, out, dir := consoleEnv(t)
	line(t, c, out, "/kingsmen new bob") // game 1
	line(t, c, out, "carol: /kingsmen new bob")
	// Bob accepts: the newest message is Carol's challenge (game 2), but
	// bob names game 1.
	if got := line(t, c, out, "bob: click Accept #1"); !strings.Contains(got, "Game #1 of All the King's Men: bob accepted.") {
		t.Fatalf("bob accepts game 1: %s", got)
	}
	// Bob now looks at game 1; Carol's challenge is newer, yet his next
	// click is on game 1's board, which has no Accept.
	if _, err := c.Line(t.Context(), "bob: click Accept"); err == nil || !strings.Contains(err.Error(), "game #1") {
		t.Errorf("bob's click on the game he looks at: %v", err)
	}
	if got := line(t, c, out, "bob: click Accept #2"); !strings.Contains(got, "Game #2") {
		t.Fatalf("bob accepts game 2: %s", got)
	}
	// The board's menu shows the pieces as a player reads them.
	board := line(t, c, out, "/kingsmen board game:1")
	if !strings.Contains(board, "1) Knight ") && !strings.Contains(board, "1) Archer ") {
		t.Errorf("the menu shows no labels:\n%s", board)
	}
	// mover: is whoever game 1's board pings; choose 1 twice is a move.
	line(t, c, out, "mover: choose 1")
	if got := line(t, c, out, "mover: choose 1"); !strings.Contains(got, "You played") {
		t.Errorf("a move by choose 1, choose 1: %s", got)
	}
	// The pictures folder keeps the latest picture of each game.
	pics, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(pics) != 2 {
		t.Errorf("pictures %v, want one for each of the two games", pics)
	}
	for _, p := range pics {
		if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", p, err)
		}
	}
	// A comment at the end of a line is not part of it.
	if got := line(t, c, out, "/kingsmen board game:2   # Carol's game"); !strings.Contains(got, "Game #2") {
		t.Errorf("a line with a comment: %s", got)
	}
}

// firstMover's computer player plays the first legal move: quick and
// predictable, for the console's plumbing; the players themselves are
// tested in their games' packages.
type firstMover struct{ rules.Game }

func (firstMover) Think(_ context.Context, s rules.State, _ rules.Level, _ time.Duration, _ uint64) (rules.Move, error) {
	legal := s.Legal()
	if s.ToMove() < 0 || len(legal) == 0 {
		return rules.Move{}, errors.New("not a player's turn")
	}
	return legal[0], nil
}

// Naming parlor as the opponent seats the computer, which plays each of
// its turns right after the answer that leaves it to move.
func TestConsoleAgainstTheComputer(t *testing.T) {
	db, err := storage.Open(t.Context(), filepath.Join(t.TempDir(), "parlor.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	kit := bot.KingsmenKit()
	kit.Game = firstMover{kit.Game}
	table := bot.NewTable(bot.Config{Store: db, Painter: pixel{}, Kits: []bot.Kit{kit}, Roll: func(int) int { return 1 }, Pace: bot.Pace{Off: true}})
	var out bytes.Buffer
	c := NewConsole(table, &out, t.TempDir())
	got := line(t, c, &out, "/kingsmen new @parlor")
	// By lot (a roll of 1) the computer plays South and moves first: its
	// move follows the board at once, and the next board is Alice's.
	if !strings.Contains(got, "Game #1 begins") || !strings.Contains(got, "Parlor (strong) played") || !strings.HasPrefix(lastBoardLine(got), "@alice, your move") {
		t.Fatalf("/kingsmen new @parlor:\n%s", got)
	}
	for range 3 {
		got = line(t, c, &out, "turn")
		if strings.Count(got, "played") < 2 {
			t.Fatalf("Alice's turn should be followed by the computer's:\n%s", got)
		}
	}
	g, err := db.Game(t.Context(), 1)
	if err != nil || g.Seats[0].Computer != string(rules.Strong) {
		t.Fatalf("game %+v, %v", g, err)
	}
	if log, _ := db.Log(t.Context(), 1); len(log) != 7 {
		t.Errorf("%d moves stored, want 7 (the computer's first, then three of each)", len(log))
	}
}

// lastBoardLine is the last line of text before the last board drawing.
func lastBoardLine(s string) string {
	lines := strings.Split(s, "\n")
	last := ""
	for _, l := range lines {
		if strings.Contains(l, "your move") {
			last = l
		}
	}
	return last
}

// A whole game of All the King's Men against the real computer player in
// the console, Alice playing each turn by the first choice of the menus,
// to the end.
func TestConsoleWholeGameAgainstTheComputer(t *testing.T) {
	db, err := storage.Open(t.Context(), filepath.Join(t.TempDir(), "parlor.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	table := bot.NewTable(bot.Config{Store: db, Painter: pixel{}, Kits: bot.Kits(), Roll: func(int) int { return 0 }, Think: 2 * time.Millisecond, Pace: bot.Pace{Off: true}})
	var out bytes.Buffer
	c := NewConsole(table, &out, t.TempDir())
	line(t, c, &out, "/kingsmen new @parlor level:easy")
	for turn := 0; ; turn++ {
		g, err := db.Game(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status == storage.StatusOver {
			break
		}
		if turn == 300 {
			t.Fatalf("no end after %d turns:\n%s", turn, out.String())
		}
		line(t, c, &out, "turn")
	}
	if !strings.Contains(out.String(), "Game over") {
		t.Errorf("the last board should say the game is over:\n%s", out.String())
	}
}

// requests records the requests a handler is given.
type requests struct {
	bot.Handler
	got []bot.Request
}

func (r *requests) Handle(ctx context.Context, req bot.Request) bot.Response {
	r.got = append(r.got, req)
	return r.Handler.Handle(ctx, req)
}

// A console session in Spanish speaks Spanish: its own words, its help
// with every command's description, and each request it makes carries
// the language as the user's and the server's locale.
func TestConsoleSpanish(t *testing.T) {
	c, out, _ := consoleEnv(t)
	rec := &requests{Handler: c.Handler}
	c.Handler, c.Locale = rec, "es"
	if err := c.Run(t.Context(), strings.NewReader("ayuda\ncomo bob\nhello\npulsa Accept\n/kingsmen new alice\n/kingsmen nueva rival:alice\n/parlor yo confirmar:activado\nsalir\n")); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"Consola de Parlor: eres alice. Escribe ayuda para ver los comandos, salir para terminar.",
		"Escribe lo que haría un jugador en Discord.",
		"o con mueve: para actuar como quien tenga que",
		"  como bob ",
		"  pulsa Aceptar ",
		"  completa /kingsmen mover N ",
		"Haz tu jugada",
		"/kingsmen nueva bob",
		"Eres bob.",
		`No entiendo "hello". Escribe ayuda.`,
		`No hay ningún botón "Accept" en los mensajes que bob puede ver.`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the session does not say %q:\n%s", want, got)
		}
	}
	help, _, _ := strings.Cut(got, "bob> ")
	for _, english := range i18ntest.EnglishOnly(language.Spanish) {
		if strings.Contains(help, english) {
			t.Errorf("the help is in English: %q", english)
		}
	}
	if len(rec.got) == 0 {
		t.Fatal("no request reached the bot")
	}
	// The commands are typed by their English names or their Spanish ones.
	var news int
	for _, req := range rec.got {
		if req.Command == "kingsmen" && req.Sub == "new" && req.Options["opponent"] == "alice" {
			news++
		}
	}
	if !slices.ContainsFunc(rec.got, func(r bot.Request) bool {
		return r.Command == "parlor" && r.Sub == "me" && r.Options["confirm"] == "on"
	}) {
		t.Errorf("/parlor yo confirmar:activado did not reach the bot as /parlor me confirm:on")
	}
	if news != 2 {
		t.Errorf("%d of /kingsmen new alice and /kingsmen nueva rival:alice reached the bot as /kingsmen new opponent:alice, want 2", news)
	}
	for _, req := range rec.got {
		if req.Locale != "es" || req.GuildLocale != "es" {
			t.Errorf("request %s /%s %s has locale %q and server locale %q, want es", req.ID, req.Command, req.Sub, req.Locale, req.GuildLocale)
		}
	}
}

// Discord's timestamps are written in the console's language.
func TestConsoleDates(t *testing.T) {
	c, _, _ := consoleEnv(t)
	at := time.Date(2026, 3, 4, 12, 30, 0, 0, time.Local).Unix()
	stamp := func(style string) string { return "<t:" + strconv.FormatInt(at, 10) + style + ">" }
	for _, tc := range []struct{ locale, stamp, want string }{
		{"", stamp(":D"), "Wednesday 4 March 2026"},
		{"", stamp(""), "Wednesday 4 March 2026 12:30"},
		{"es", stamp(":D"), "miércoles 4 de marzo de 2026"},
		{"es-419", stamp(":f"), "miércoles 4 de marzo de 2026 12:30"},
	} {
		c.Locale = tc.locale
		if got := c.localTime(tc.stamp); got != tc.want {
			t.Errorf("%s in %q: %q, want %q", tc.stamp, tc.locale, got, tc.want)
		}
	}
}

// A command, or a subcommand, that matches nothing is refused naming what
// was typed, in English and in the console's language alike.
func TestConsoleUnknownCommand(t *testing.T) {
	for _, c := range []struct{ locale, line, want string }{
		{"", "/frobnicate now", "There is no command /frobnicate. Type help."},
		{"", "/kimbo frobnicate", "There is no command /kimbo frobnicate. Type help."},
		{"es-ES", "/frobnicate", "No existe el comando /frobnicate. Escribe ayuda."},
		{"es-ES", "/kimbo frobnicate", "No existe el comando /kimbo frobnicate. Escribe ayuda."},
	} {
		con, _, _ := consoleEnv(t)
		con.Locale = c.locale
		_, err := con.Line(t.Context(), c.line)
		if err == nil {
			t.Errorf("%s %q: no refusal", c.locale, c.line)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%s %q: %q, want %q", c.locale, c.line, err, c.want)
		}
	}
}
