package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"parlor/bot/i18n"
	"parlor/rules"
)

// untranslated lists the messages and words of t that the Spanish catalog
// has no text for: its format (unless t is a plain text) and, one by
// one, its Word and Text arguments.
func untranslated(t rules.Text) []string {
	es := i18n.All()[language.Spanish]
	var out []string
	if _, ok := es[t.Format]; !ok && t.Format != rules.Plain("").Format {
		out = append(out, t.Format)
	}
	for _, a := range t.Args {
		switch a := a.(type) {
		case rules.Word:
			if _, ok := es[string(a)]; !ok {
				out = append(out, string(a))
			}
		case rules.Text:
			out = append(out, untranslated(a)...)
		}
	}
	return out
}

// shape is t without its plain arguments: its formats and words, nested.
func shape(t rules.Text) string {
	var b strings.Builder
	b.WriteString(t.Format + "(")
	for _, a := range t.Args {
		switch a := a.(type) {
		case rules.Word:
			b.WriteString(string(a) + ",")
		case rules.Text:
			b.WriteString(shape(a) + ",")
		}
	}
	b.WriteString(")")
	return b.String()
}

// TestDescribeSpanish plays each game from its start, for every number
// of players, and says every legal decision of every position on the way
// in Spanish: each message and word of the description has Spanish, the
// Spanish differs from the English, and none of the English pieces of
// text that only English has is left in it.
func TestDescribeSpanish(t *testing.T) {
	for _, kit := range Kits() {
		for _, n := range kit.Game.Players() {
			t.Run(fmt.Sprintf("%s/%d", kit.Game.Name(), n), func(t *testing.T) {
				st, err := kit.Game.New(n)
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(uint64(n), 21))
				seen := map[string]bool{}
				defer func() { t.Logf("%d kinds of description", len(seen)) }()
				for ply := 0; ply < 120 && !st.Outcome().Over(); ply++ {
					legal := st.Legal()
					for _, m := range legal {
						d := st.Describe(m)
						if seen[shape(d)] {
							continue // one of each kind of description is enough
						}
						seen[shape(d)] = true
						en, es := English.Say(d), LangOf("es-ES").Say(d)
						if missing := untranslated(d); len(missing) > 0 {
							t.Errorf("%s: %q has no Spanish for %q", m.Text, en, missing)
						}
						if es == en {
							t.Errorf("%s: %q is the same in Spanish", m.Text, en)
						}
						if strings.Contains(es, "%!") {
							t.Errorf("%s: %q has a broken verb", m.Text, es)
						}
						noEnglish(t, m.Text, es)
					}
					if st, err = st.Play(legal[rng.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
}

// TestNarrationDescribesInItsLanguage plays each narrated game from its
// start until a move said "South: …" is played, and checks that the
// narration of a Spanish game says that move without its mover, in
// Spanish.
func TestNarrationDescribesInItsLanguage(t *testing.T) {
	es := LangOf("es-ES")
	for _, kit := range Kits() {
		if kit.Narrate == nil {
			continue
		}
		t.Run(kit.Game.Name(), func(t *testing.T) {
			st, err := kit.Game.New(2)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(2, 21))
			for ply := 0; ply < 200 && !st.Outcome().Over(); ply++ {
				legal := st.Legal()
				m := legal[rng.IntN(len(legal))]
				d := st.Describe(m)
				next, err := st.Play(m)
				if err != nil {
					t.Fatal(err)
				}
				rest, ok := moveWords(st, m), d.Format == "%s: %s"
				if !ok || strings.Contains(m.Text, "pass") {
					st = next
					continue
				}
				got := kit.Narrate(es, []Played{{Before: st, Move: m}}, next, []string{"Ana", "Beto"})
				if !strings.Contains(got, es.Say(rest)) || strings.Contains(got, English.Say(rest)) || strings.Contains(got, es.Say(d)) {
					t.Errorf("the Spanish narration of %s is %q, want %q in it", m.Text, got, es.Say(rest))
				}
				t.Log(got)
				return
			}
			t.Fatal("no move said with its mover was played")
		})
	}
}
