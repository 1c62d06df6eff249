package main

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"parlor/bot"
	"parlor/bot/console"
	"parlor/bot/i18n"
	"parlor/bot/i18n/i18ntest"
	"parlor/storage"
)

// Each game played in Spanish in the console, from the challenge to the
// end (or 300 decisions), every move typed with the Spanish words of the
// notation as the board writes them ("tirar", "salida+6", "entrar S",
// "sinvalla"), then its board and its history: nothing the console
// prints, text boards and history included, has a word or a piece of
// English text that Spanish says otherwise.
func TestConsoleGamesInSpanish(t *testing.T) {
	flowTest(t)
	pieces := i18ntest.EnglishOnly(language.Spanish)
	words := regexp.MustCompile(`(?i)(?:^|[^\p{L}'])(` + strings.Join(i18ntest.EnglishWords(language.Spanish), "|") + `)(?:$|[^\p{L}'])`)
	news := map[string]string{
		"kingsmen": "/kingsmen nueva bob",
		"kimbo":    "/kimbo nueva bob",
		"kippykoo": "/kippykoo nueva bob",
		"rumba":    "/rumba nueva rival:bob",
	}
	for _, kit := range bot.Kits() {
		name := kit.Game.Name()
		t.Run(name, func(t *testing.T) {
			ctx := t.Context()
			db, err := storage.Open(ctx, filepath.Join(t.TempDir(), "parlor.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			rng := rand.New(rand.NewPCG(7, 31))
			// Two players typing a whole game at once would be slowed
			// down: the pace is not what this test is about.
			w := &watcher{Table: bot.NewTable(bot.Config{Store: db, Painter: tinyPainter{}, Kits: bot.Kits(), Roll: rng.IntN, Pace: bot.Pace{Off: true}})}
			var out bytes.Buffer
			c := console.NewConsole(w, &out, t.TempDir())
			c.Locale = "es"
			var said strings.Builder
			line := func(l string) {
				t.Helper()
				out.Reset()
				if _, err := c.Line(ctx, l); err != nil {
					t.Fatalf("%q: the console says %v", l, err)
				}
				for _, a := range w.take() {
					if why := refusal(a); why != "" {
						t.Fatalf("%q was refused: %s\n%s", l, why, out.String())
					}
				}
				said.WriteString(out.String())
			}
			line(news[name])
			line("bob: click Aceptar")
			var typed int
			for turn := 0; turn < 300; turn++ {
				g, err := db.Game(ctx, 1)
				if err != nil {
					t.Fatal(err)
				}
				if g.Status == storage.StatusOver {
					break
				}
				st, err := kit.Game.Parse(g.Position)
				if err != nil {
					t.Fatal(err)
				}
				seat := st.ToMove()
				if seat < 0 {
					t.Fatalf("turn %d: the dice are to roll, and the table did not roll them", turn)
				}
				move := i18n.Move(language.Spanish, st.Legal()[0].Text)
				if move != st.Legal()[0].Text {
					typed++
				}
				line(g.Seats[seat].Name + ": /" + name + " mover " + move)
			}
			line("/" + name + " tablero partida:1")
			line("/" + name + " historial partida:1")
			if wantWords := name != "kingsmen"; wantWords && typed == 0 {
				t.Errorf("no move typed had a Spanish word of the notation")
			}
			text := strings.ReplaceAll(said.String(), "All the King's Men", "")
			for _, p := range pieces {
				if strings.Contains(text, p) {
					t.Errorf("the console prints the English %q", p)
				}
			}
			reported := map[string]bool{}
			for _, l := range strings.Split(text, "\n") {
				if m := words.FindStringSubmatch(l); m != nil && !reported[strings.ToLower(m[1])] {
					reported[strings.ToLower(m[1])] = true
					t.Errorf("the console prints the English %q, which Spanish says otherwise: %q", m[1], l)
				}
			}
			if t.Failed() || testing.Verbose() {
				t.Logf("the session:\n%s", said.String())
			}
		})
	}
}
