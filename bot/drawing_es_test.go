package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/kippykoo"
)

// TestDrawingSpanish plays Kimbo and Kippy Koo with random legal moves,
// for two and four players, with now and then a turn skipped and, in a
// four-player game, a seat leaving, and checks every drawing on the way:
// said in English it is the engine's Drawing, byte for byte; said in
// Spanish it differs from the English, has no broken verb and none of the
// English pieces of text that only English has. At least one game of
// each is played to its end.
func TestDrawingSpanish(t *testing.T) {
	es := LangOf("es-ES")
	for _, g := range []rules.Game{kimbo.Game{}, kippykoo.Game{}} {
		over := false
		for _, n := range []int{2, 4} {
			t.Run(fmt.Sprintf("%s/%d", g.Name(), n), func(t *testing.T) {
				st, err := g.New(n)
				if err != nil {
					t.Fatal(err)
				}
				if _, ok := st.(rules.Drawer); !ok {
					t.Fatalf("%s cannot say its drawing", g.Name())
				}
				rng := rand.New(rand.NewPCG(uint64(n), 7))
				check := func(ply int) {
					t.Helper()
					en := st.Drawing()
					if got := rules.DrawingIn(st, English.Say); got != en {
						t.Fatalf("ply %d: the drawing said in English\n%s\nis not Drawing\n%s", ply, got, en)
					}
					said := rules.DrawingIn(st, es.Say)
					if said == en {
						t.Errorf("ply %d: the drawing is the same in Spanish:\n%s", ply, en)
					}
					if strings.Contains(said, "%!") {
						t.Errorf("ply %d: a broken verb in\n%s", ply, said)
					}
					noEnglish(t, fmt.Sprintf("ply %d", ply), said)
				}
				ply := 0
				for ; ply < 3000 && !st.Outcome().Over(); ply++ {
					check(ply)
					seat := st.ToMove()
					switch {
					case n == 4 && ply == 40 && seat >= 0:
						st, err = rules.Resign(st, seat)
					case ply%53 == 17 && seat >= 0:
						st, _, err = rules.Late(st, seat)
					default:
						legal := st.Legal()
						st, err = st.Play(legal[rng.IntN(len(legal))])
					}
					if err != nil {
						t.Fatalf("ply %d: %v", ply, err)
					}
				}
				check(ply)
				t.Logf("%d plies, %s", ply, st.Outcome().Method)
				over = over || st.Outcome().Over()
			})
		}
		if !over {
			t.Errorf("no game of %s played to its end", g.Name())
		}
	}
}
