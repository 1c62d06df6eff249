package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/kingsmen"
	"parlor/rules/kippykoo"
	"parlor/rules/rumba"
)

// TestDrawingSpanish plays each game that draws its board in words with
// random legal moves, for some numbers of players, and checks every
// drawing on the way: said in English it is the engine's Drawing, byte
// for byte; said in Spanish it differs from the English, has no broken
// verb and none of the English pieces of text that only English has; and,
// where the drawing has a board of lines, Spanish keeps its lines and the
// board's widths. Kimbo and Kippy Koo are played with now and then a turn
// skipped and, in a four-player game, a seat leaving, and at least one
// game of each is played to its end; All the King's Men and Rumba are
// also checked now and then ended from outside the board or with the
// turn skipped, and each of their games is played to its end.
func TestDrawingSpanish(t *testing.T) {
	es := LangOf("es-ES")
	cases := []struct {
		game rules.Game
		n    int
		seed uint64 // with n, the seed of the random moves
		// grid is the lines of the board, which keep their widths in
		// Spanish; 0 for a drawing whose lines are not checked.
		grid int
		// lapses has the mover late every 53rd ply from the 17th, and
		// resign at ply 40 in a four-player game, instead of moving.
		lapses bool
		// sides checks, every 37th ply from the 5th, the position ended
		// from outside the board, and with its turn skipped.
		sides bool
		// mustEnd has this game played to its end; without it, one game
		// of its kind must be.
		mustEnd bool
	}{
		{game: kimbo.Game{}, n: 2, seed: 7, lapses: true},
		{game: kimbo.Game{}, n: 4, seed: 7, lapses: true},
		{game: kippykoo.Game{}, n: 2, seed: 7, lapses: true},
		{game: kippykoo.Game{}, n: 4, seed: 7, lapses: true},
		{game: kingsmen.Game{}, n: 2, seed: 2121, grid: 9, sides: true, mustEnd: true},
		{game: rumba.Game{}, n: 2, seed: 2121, grid: 19, sides: true, mustEnd: true},
		{game: rumba.Game{}, n: 3, seed: 2121, grid: 19, sides: true, mustEnd: true},
		{game: rumba.Game{}, n: 4, seed: 2121, grid: 19, sides: true, mustEnd: true},
	}
	ended := map[string]bool{}   // of the games not each played to their end, those one of whose games ended
	mayLast := map[string]bool{} // the games not each played to their end
	for _, c := range cases {
		name := c.game.Name()
		if !c.mustEnd {
			mayLast[name] = true
		}
		t.Run(fmt.Sprintf("%s/%d", name, c.n), func(t *testing.T) {
			st, err := c.game.New(c.n)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := st.(rules.Drawer); !ok {
				t.Fatalf("%s cannot say its drawing", name)
			}
			rng := rand.New(rand.NewPCG(uint64(c.n), c.seed))
			lines := map[string]bool{} // the Spanish lines seen below the board
			check := func(what string, st rules.State) {
				t.Helper()
				english := st.Drawing()
				if got := rules.DrawingIn(st, English.Say); got != english {
					t.Fatalf("%s: said in English:\n%s\nwant the engine's drawing:\n%s", what, got, english)
				}
				spanish := rules.DrawingIn(st, es.Say)
				if spanish == english {
					t.Errorf("%s: the Spanish drawing is the English one:\n%s", what, spanish)
				}
				if strings.Contains(spanish, "%!") {
					t.Errorf("%s: a format's verbs do not fit its arguments:\n%s", what, spanish)
				}
				noEnglish(t, what, spanish)
				if c.grid > 0 {
					enLines, esLines := strings.Split(english, "\n"), strings.Split(spanish, "\n")
					if len(enLines) != len(esLines) {
						t.Fatalf("%s: %d lines in Spanish, %d in English:\n%s", what, len(esLines), len(enLines), spanish)
					}
					for i := range c.grid {
						if utf8.RuneCountInString(esLines[i]) != len(enLines[i]) {
							t.Fatalf("%s: the board's line %d is %d wide in Spanish, %d in English:\n%s\n%s", what, i+1,
								utf8.RuneCountInString(esLines[i]), len(enLines[i]), spanish, english)
						}
					}
					for _, l := range esLines[c.grid:] {
						lines[l] = true
					}
				}
				if t.Failed() {
					t.FailNow() // the first position said wrong is enough
				}
			}
			ply := 0
			for ; ply < 3000 && !st.Outcome().Over(); ply++ {
				check(fmt.Sprintf("ply %d", ply), st)
				if c.sides && ply%37 == 5 {
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
				seat := st.ToMove()
				switch {
				case c.lapses && c.n == 4 && ply == 40 && seat >= 0:
					st, err = rules.Resign(st, seat)
				case c.lapses && ply%53 == 17 && seat >= 0:
					st, _, err = rules.Late(st, seat)
				default:
					legal := st.Legal()
					m := legal[rng.IntN(len(legal))]
					if st, err = st.Play(m); err != nil {
						err = fmt.Errorf("%s: %w", m.Text, err)
					}
				}
				if err != nil {
					t.Fatalf("ply %d: %v", ply, err)
				}
			}
			if c.mustEnd && !st.Outcome().Over() {
				t.Fatalf("the game is not over after %d plies", ply)
			}
			check(fmt.Sprintf("the end after %d plies", ply), st)
			t.Logf("%d plies, %s, %d kinds of Spanish line below the board; the last drawing:\n%s", ply, st.Outcome().Method, len(lines), rules.DrawingIn(st, es.Say))
			ended[name] = ended[name] || st.Outcome().Over()
		})
	}
	for name := range mayLast {
		if !ended[name] {
			t.Errorf("no game of %s played to its end", name)
		}
	}
}
