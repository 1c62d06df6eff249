package bot

import (
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"parlor/bot/i18n"
	"parlor/rules"
)

// The legal moves of every game, along random games, are found from their
// text written with the English words, with the Spanish words, and with
// the Spanish words in capitals; and the Spanish text of a move with
// words has no English notation word left. Each decision checks every
// move with words and three others (finding a move lists the legal moves,
// which Kimbo has hundreds of).
func TestMovesInSpanish(t *testing.T) {
	es := LangOf("es-ES")
	for _, kit := range Kits() {
		words := rules.NotationOf(kit.Game)
		t.Run(kit.Game.Name(), func(t *testing.T) {
			said := 0
			for g := range 4 {
				st, err := kit.Game.New(kit.Game.Players()[g%len(kit.Game.Players())])
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewPCG(uint64(g), 5))
				for ply := 0; ply < 150 && !st.Outcome().Over(); ply++ {
					legal := st.Legal()
					if st.ToMove() >= 0 {
						l := &loaded{state: st, kit: kit}
						for i, m := range legal {
							spanish := es.Move(m.Text)
							if spanish == m.Text && i >= 3 {
								continue
							}
							if spanish != m.Text {
								said++
								for _, w := range words {
									if containsWord(spanish, w) {
										t.Fatalf("%q in Spanish is %q, which still says %q", m.Text, spanish, w)
									}
								}
							}
							for _, typed := range []string{m.Text, spanish, strings.ToUpper(spanish)} {
								got, err := findMove(l, typed)
								if err != nil || got.Text != m.Text {
									t.Fatalf("%q typed for %q: got %q, %v\n%s", typed, m.Text, got.Text, err, st.Drawing())
								}
							}
						}
					}
					next, err := st.Play(legal[r.IntN(len(legal))])
					if err != nil {
						t.Fatal(err)
					}
					st = next
				}
			}
			if len(words) > 0 && said == 0 {
				t.Errorf("no move of %s was said otherwise in Spanish", kit.Game.Name())
			}
			if len(words) == 0 && said > 0 {
				t.Errorf("%s has no notation words, yet %d moves were said otherwise in Spanish", kit.Game.Name(), said)
			}
		})
	}
}

// containsWord reports whether text has w as a word of its own.
func containsWord(text, w string) bool {
	found := false
	rules.SayWords(text, func(s string) (string, bool) {
		found = found || strings.EqualFold(s, w)
		return s, false
	})
	return found
}

// A word a language writes apart is understood too ("sin valla"), and a
// refusal quotes what a Spanish player typed with the Spanish words,
// whatever the engine read.
func TestMoveWordsRead(t *testing.T) {
	kimboKit := KimboKit()
	st, err := kimboKit.Game.New(2)
	if err != nil {
		t.Fatal(err)
	}
	// Play the opening rolls (different ones, as a tie rolls again) until
	// a seat decides on its fences.
	for i := 0; st.ToMove() < 0; i++ {
		legal := st.Legal()
		if st, err = st.Play(legal[i*7%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	l := &loaded{state: st, kit: kimboKit}
	for _, typed := range []string{"sin valla", "Sin Valla", "sinvalla", "nofence"} {
		if m, err := findMove(l, typed); err != nil || m.Text != "nofence" {
			t.Errorf("kimbo %q: got %q, %v, want nofence", typed, m.Text, err)
		}
	}
	if got := readMove(KippyKooKit(), "SALIDA+6, h12+3"); got != "start+6, h12+3" {
		t.Errorf("kippykoo reads SALIDA+6, h12+3 as %q, want start+6, h12+3", got)
	}
	if got := readMove(RumbaKit(), "entrar S"); got != "enter S" {
		t.Errorf("rumba reads entrar S as %q, want enter S", got)
	}
	// A word of another game is not read as this one's: "casa" is Kimbo's.
	if got := readMove(KippyKooKit(), "casa"); got != "casa" {
		t.Errorf("kippykoo reads casa as %q, want it left", got)
	}

	kk := KippyKooKit()
	p, err := kk.Game.New(2)
	if err != nil {
		t.Fatal(err)
	}
	for p.ToMove() < 0 || !strings.HasPrefix(p.Legal()[0].Text, "roll") {
		if p, err = p.Play(p.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	l = &loaded{state: p, kit: kk}
	_, err = findMove(l, "salida+60")
	if err == nil {
		t.Fatal("salida+60 was found before the throw")
	}
	got := LangOf("es").Say(illegalWords("salida+60", err, kk))
	if containsWord(got, "start") || !strings.Contains(got, "salida") {
		t.Errorf("the refusal of salida+60 says %q: want it said with salida, not start", got)
	}
	if want := i18n.Move(language.Spanish, "start+3"); want != "salida+3" {
		t.Errorf("start+3 in Spanish is %q, want salida+3", want)
	}
}

// BenchmarkFindMove measures finding a typed move, in English and in
// Spanish, against rules.Find alone: what reading the notation's words
// adds to every typed move. The position is Kippy Koo's after a 6-3, with
// starts among its moves.
func BenchmarkFindMove(b *testing.B) {
	kit := KippyKooKit()
	st, err := kit.Game.Parse("S:start,start,start,start N:start,start,start,start S:move:6-3")
	if err != nil {
		b.Skip("the position text of this benchmark no longer reads:", err)
	}
	l := &loaded{state: st, kit: kit}
	text := st.Legal()[0].Text
	spanish := LangOf("es").Move(text)
	b.Run("rules.Find", func(b *testing.B) {
		for b.Loop() {
			if _, err := rules.Find(st, text); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, c := range []struct{ name, typed string }{{"english", text}, {"spanish", spanish}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := findMove(l, c.typed); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
