package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"parlor/rules"
	"parlor/rules/kingsmen"
	"parlor/rules/rumba"
)

// The drawings of All the King's Men and Rumba are said in Spanish: every
// word of them (the labels, the last throw, whose turn it is, how the game
// ended) is Spanish, no English piece of text is left, the board keeps its
// columns, and said in English the drawing is the engine's own.
func TestDrawingSpanishKingsmenRumba(t *testing.T) {
	es := LangOf("es-ES")
	games := []struct {
		game rules.Game
		n    int
		grid int // the lines of the board, which keep their widths
	}{
		{kingsmen.Game{}, 2, 9},
		{rumba.Game{}, 2, 19},
		{rumba.Game{}, 3, 19},
		{rumba.Game{}, 4, 19},
	}
	for _, g := range games {
		t.Run(fmt.Sprintf("%s/%d", g.game.Name(), g.n), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(g.n), 2121))
			lines := map[string]bool{} // the Spanish lines seen below the board
			check := func(what string, st rules.State) {
				t.Helper()
				english := st.Drawing()
				if got := rules.DrawingIn(st, English.Say); got != english {
					t.Fatalf("%s: said in English:\n%s\nwant the engine's drawing:\n%s", what, got, english)
				}
				spanish := rules.DrawingIn(st, es.Say)
				if spanish == english {
					t.Fatalf("%s: the Spanish drawing is the English one:\n%s", what, spanish)
				}
				if strings.Contains(spanish, "%!") {
					t.Fatalf("%s: a format's verbs do not fit its arguments:\n%s", what, spanish)
				}
				if english := englishIn(spanish); len(english) > 0 {
					t.Fatalf("%s: English %q left in the Spanish drawing:\n%s", what, english[0], spanish)
				}
				enLines, esLines := strings.Split(english, "\n"), strings.Split(spanish, "\n")
				if len(enLines) != len(esLines) {
					t.Fatalf("%s: %d lines in Spanish, %d in English:\n%s", what, len(esLines), len(enLines), spanish)
				}
				for i := range g.grid {
					if utf8.RuneCountInString(esLines[i]) != len(enLines[i]) {
						t.Fatalf("%s: the board's line %d is %d wide in Spanish, %d in English:\n%s\n%s", what, i+1,
							utf8.RuneCountInString(esLines[i]), len(enLines[i]), spanish, english)
					}
				}
				for _, l := range esLines[g.grid:] {
					lines[l] = true
				}
			}
			st, err := g.game.New(g.n)
			if err != nil {
				t.Fatal(err)
			}
			ply := 0
			for ; ply < 3000 && !st.Outcome().Over(); ply++ {
				check(fmt.Sprintf("ply %d", ply), st)
				if ply%37 == 5 {
					// Ended from outside the board, or a turn skipped.
					for _, o := range []rules.Outcome{
						{Method: rules.Resignation, Winners: []rules.Seat{1}},
						{Method: rules.Agreement},
						{Method: rules.Forfeit},
						{Method: rules.Forfeit, Winners: []rules.Seat{0}},
					} {
						if ended, err := st.End(o); err == nil {
							check(fmt.Sprintf("ply %d ended %s", ply, o.Method), ended)
						}
					}
					if sk, ok := st.(rules.Skipper); ok && st.ToMove() >= 0 {
						if skipped, err := sk.Skip(st.ToMove()); err == nil {
							check(fmt.Sprintf("ply %d, skipped", ply), skipped)
						}
					}
				}
				legal := st.Legal()
				m := legal[rng.IntN(len(legal))]
				if st, err = st.Play(m); err != nil {
					t.Fatalf("ply %d: %s: %v", ply, m.Text, err)
				}
			}
			if !st.Outcome().Over() {
				t.Fatalf("the game is not over after %d plies", ply)
			}
			check(fmt.Sprintf("the end after %d plies", ply), st)
			t.Logf("%d plies, %d kinds of Spanish line, such as:\n%s", ply, len(lines), rules.DrawingIn(st, es.Say))
		})
	}
}
