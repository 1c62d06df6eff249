package console

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"parlor/bot"
	"parlor/storage"
)

// diceEnv is a console over a table of the four games on a database at
// path, with dice drawn from seed, drawing every board as one pixel.
func diceEnv(t *testing.T, path string, seed uint64) (*Console, *bytes.Buffer) {
	t.Helper()
	db, err := storage.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	rng := rand.New(rand.NewPCG(seed, 7))
	table := bot.NewTable(bot.Config{Store: db, Painter: pixel{}, Kits: bot.Kits(), Roll: rng.IntN, Pace: bot.Pace{Off: true}})
	var out bytes.Buffer
	return NewConsole(table, &out, t.TempDir()), &out
}

// script runs console lines that must all work.
func script(t *testing.T, c *Console, out *bytes.Buffer, lines ...string) {
	t.Helper()
	for _, l := range lines {
		line(t, c, out, l)
	}
}

// turned plays "mover: turn" and fails unless the move passed to another
// player (or the game ended) without a board refused as out of date.
func turned(t *testing.T, c *Console, out *bytes.Buffer, game int64, what string) {
	t.Helper()
	before := c.handoffs[game]
	got := line(t, c, out, "mover: turn")
	if strings.Contains(got, "out of date") {
		t.Fatalf("%s: turn clicked an old board:\n%s", what, got)
	}
	if c.handoffs[game] == before && c.movers[game] != nobody {
		t.Fatalf("%s: the turn did not pass to another player:\n%s", what, got)
	}
}

// turn plays whole turns of every game, in any state: at the start of a
// dice turn (the newest board offers only the dice, older boards offer
// menus), after /<game> board, and by mover: turn, under many draws of
// the dice.
func TestConsoleTurnFromAnyState(t *testing.T) {
	for _, game := range []string{"kimbo", "kippykoo", "rumba", "kingsmen"} {
		for seed := range uint64(4) {
			c, out := diceEnv(t, filepath.Join(t.TempDir(), "parlor.db"), seed)
			invite := map[string]string{"kimbo": " new bob", "kippykoo": " new bob"}[game]
			if invite == "" {
				invite = " new opponent:bob"
			}
			line(t, c, out, "/"+game+invite)
			line(t, c, out, "bob: click Accept")
			for i := range 12 {
				if c.movers[1] == nobody {
					break
				}
				what := game + " turn " + string(rune('a'+i))
				if i%3 == 2 {
					line(t, c, out, "/"+game+" board")
					what += " after /board"
				}
				turned(t, c, out, 1, what)
			}
		}
	}
}

// A session that did not see the game's boards plays a turn too: it asks
// for the board, and the player to move plays.
func TestConsoleTurnInANewSession(t *testing.T) {
	db := filepath.Join(t.TempDir(), "parlor.db")
	first, out := diceEnv(t, db, 3)
	script(t, first, out, "/rumba new opponent:bob", "bob: click Accept", "mover: turn")
	mover := first.movers[1]

	second, out := diceEnv(t, db, 4)
	line(t, second, out, "as "+mover)
	before := second.handoffs[1]
	line(t, second, out, "/rumba board")
	got := line(t, second, out, "turn")
	if strings.Contains(got, "out of date") || second.handoffs[1] == before {
		t.Fatalf("%s's turn in a new session:\n%s", mover, got)
	}
}

// With previews on (/parlor me confirm:on), turn confirms the move it
// chose rather than choosing again.
func TestConsoleTurnConfirms(t *testing.T) {
	c, out := diceEnv(t, filepath.Join(t.TempDir(), "parlor.db"), 2)
	script(t, c, out, "/parlor me confirm:on", "bob: /parlor me confirm:on", "/kingsmen new bob", "bob: click Accept")
	for i := range 4 {
		turned(t, c, out, 1, "kingsmen turn "+string(rune('a'+i))+" with previews")
	}
}
