package bot

import (
	"math/rand/v2"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
)

// moveBoxHint is the start of the hint a refusal of an illegal move adds
// about the move box's suggestions.
const moveBoxHint = "Start typing in the move box"

// A move typed while another decision comes first is answered with what
// comes first and how, and without the move box's hint, which lists the
// decisions of now: in Kimbo, a piece's move while the capture waits for
// its corner (and before the roll: TestKimboBeforeTheRoll).
func TestNotYetAnswers(t *testing.T) {
	// A position waiting for the capturer's corner, found by playing.
	kit := KimboKit()
	st, err := kit.Game.New(2)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 3))
	for ply := 0; ; ply++ {
		if p := st.(*kimbo.Position); p.Phase() == kimbo.PhaseCorner {
			break
		}
		if st.Outcome().Over() || ply > 20000 {
			st, _ = kit.Game.New(2)
		}
		legal := st.Legal()
		if st, err = st.Play(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	l := &loaded{state: st, kit: kit}
	for _, typed := range []string{"b1-b4", "pass", "nofence"} {
		_, err := findMove(l, typed)
		if err == nil {
			t.Fatalf("%q was played while the corner waits", typed)
		}
		said := English.Say(illegalWords(typed, err, kit))
		for _, want := range []string{"first choose the corner the captured piece goes back to", "from the menu under the board", "corner "} {
			if !strings.Contains(said, want) {
				t.Errorf("%q while the corner waits: got %q, want it to say %q", typed, said, want)
			}
		}
		if strings.Contains(said, "is not a corner like") || strings.Contains(said, moveBoxHint) {
			t.Errorf("%q while the corner waits: got %q", typed, said)
		}
	}
	if _, err := findMove(l, "corner xx"); err == nil || !strings.Contains(English.Say(illegalWords("corner xx", err, kit)), "is not a corner like") {
		t.Errorf("corner xx: got %v, want it refused as not a corner", err)
	}
}

// Text typed in Kippy Koo before the throw is answered that it is not a
// move (or that moves come after the throw), and how to throw: with the
// Roll button or /kippykoo roll, not by "playing" a text.
func TestThrowFirstAnswers(t *testing.T) {
	e := newKippyKooEnv(t)
	id := gameOfButtons(t, e.do(e.kkcmd(alice, "new", "player2", bob.ID)).Public)
	if e.do(e.click(bob, customID(id, 0, "accept"))).Public == nil || e.mover(id) != alice {
		t.Fatal("the lot should draw Alice")
	}
	got := e.refuse(e.kkcmd(alice, "move", "move", "42 potatoes"), `You can't play "42 potatoes": "42 potatoes" is not a move, and South's turn begins with the throw of the dice. Throw the dice first, with the 🎲 Roll button under the board or /kippykoo roll.`)
	if strings.Contains(got, `play "roll"`) || strings.Contains(got, moveBoxHint) {
		t.Errorf("the answer to 42 potatoes: %q", got)
	}
	e.refuse(e.kkcmd(alice, "move", "move", "start+6"), "South's turn begins with the throw of the dice: the marbles move after it. Throw the dice first")
	es := e.refuse(locales(e.kkcmd(alice, "move", "move", "salida+6"), "", "es-ES"), "el turno de Sur empieza tirando los dados: las canicas se mueven después. Tira antes los dados, con el botón 🎲 Tirar bajo el tablero o con /kippykoo tirar.")
	noEnglish(t, "the throw first, in Spanish", es)
	if _, err := rules.Find(e.kippykoo(id), "roll"); err != nil {
		t.Errorf("roll is still the move that throws: %v", err)
	}
}
