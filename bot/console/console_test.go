package console

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"parlor/bot"
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
	table := bot.NewTable(bot.Config{Store: db, Painter: pixel{}, Kits: bot.Kits(), Roll: func(int) int { return 0 }})
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
			if want := example(cmd.Name, sub); !strings.Contains(got, "  "+want+" ") {
				t.Errorf("help has no example of /%s %s (%q)", cmd.Name, sub.Name, want)
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
