package i18n

import (
	"regexp"
	"strings"
	"testing"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"parlor/rules"
)

// Every language has every English key, with the same placeholders.
func TestCatalogsComplete(t *testing.T) {
	if problems := Check(All()); len(problems) > 0 {
		t.Errorf("the catalogs are not complete:\n%s", strings.Join(problems, "\n"))
	}
	if len(Languages()) < 2 {
		t.Errorf("languages %v, want English and Spanish at least", Languages())
	}
}

// Check finds a key with no Spanish text, a dropped placeholder, a
// changed one, and a key English does not have.
func TestCheckFinds(t *testing.T) {
	es := language.Spanish
	cs := Catalogs{
		language.English: {
			"a": {Text: "game #%[1]d of %[2]s"},
			"b": {Text: "hello"},
			"c": {Plural: 1, Forms: map[string]string{"one": "%d game", "other": "%d games"}},
			"d": {Text: "%s and %d"},
		},
		es: {
			"a": {Text: "partida #%[1]d"},                                                            // %[2]s dropped
			"c": {Plural: 1, Forms: map[string]string{"one": "una partida", "other": "%d partidas"}}, // one form needs no count
			"d": {Text: "%[2]d y %[1]s"},                                                             // reordered: fine
			"e": {Text: "extra"},
		},
	}
	got := strings.Join(Check(cs), "\n")
	for _, want := range []string{`es: no text for "b"`, `es "a": verbs [1:d]`, `es: "e" is not an English key`} {
		if !strings.Contains(got, want) {
			t.Errorf("Check says:\n%s\nwithout %q", got, want)
		}
	}
	if strings.Contains(got, `"c"`) || strings.Contains(got, `"d"`) {
		t.Errorf("Check refuses a right text:\n%s", got)
	}
}

// Discord's locales to the languages Parlor speaks.
func TestLang(t *testing.T) {
	for locale, want := range map[string]language.Tag{
		"es-ES": language.Spanish, "es-419": language.Spanish, "en-US": language.English, "en-GB": language.English,
		"fr": language.English, "": language.English, "nonsense!": language.English,
	} {
		if got := Lang(locale); got != want {
			t.Errorf("Lang(%q) = %v, want %v", locale, got, want)
		}
	}
}

// Plurals and placeholders come out as each language writes them, and
// the words of the engines are said in the language too.
func TestT(t *testing.T) {
	cs := Catalogs{
		language.English: {
			"%d games are waiting": {Plural: 1, Forms: map[string]string{"one": "%d game is waiting", "other": "%d games are waiting"}},
			"%s to move":           {Text: "%s to move"},
			"South":                {Text: "South"},
		},
		language.Spanish: {
			"%d games are waiting": {Plural: 1, Forms: map[string]string{"one": "%d partida espera", "other": "%d partidas esperan"}},
			"%s to move":           {Text: "Mueve %s"},
			"South":                {Text: "Sur"},
		},
	}
	b, err := builder(cs)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang language.Tag
		key  string
		args []any
		want string
	}{
		{language.Spanish, "%d games are waiting", []any{1}, "1 partida espera"},
		{language.Spanish, "%d games are waiting", []any{3}, "3 partidas esperan"},
		{language.Spanish, "%d games are waiting", []any{1500}, "1.500 partidas esperan"},
		{language.English, "%d games are waiting", []any{1}, "1 game is waiting"},
		{language.English, "%d games are waiting", []any{1500}, "1,500 games are waiting"},
		{language.Spanish, "%s to move", []any{rules.Word("South")}, "Mueve Sur"},
		{language.Spanish, "%s to move", []any{rules.Textf("%s to move", rules.Word("South"))}, "Mueve Mueve Sur"},
		{language.English, "%s to move", []any{rules.Word("South")}, "South to move"},
		{language.Spanish, "Not in the catalog: %s", []any{"x"}, "Not in the catalog: x"},
	} {
		p := message.NewPrinter(c.lang, message.Catalog(b))
		if got := p.Sprintf(c.key, words(p, c.args)...); got != c.want {
			t.Errorf("%v %q %v = %q, want %q", c.lang, c.key, c.args, got, c.want)
		}
	}
	if got := T(language.French, "%s to move", rules.Word("South")); got != "South to move" {
		t.Errorf("in French, a language Parlor does not speak: %q, want the English", got)
	}
}

// Every language writes the moves' notation words its own way in all its
// texts: a Spanish text that shows a move ("tirar 5-3", "sinvalla")
// writes no English notation word that Spanish says otherwise.
func TestNotationSaid(t *testing.T) {
	for _, tag := range Languages()[1:] {
		var english []string
		for key, e := range all[language.English] {
			if w, ok := strings.CutPrefix(key, NotationKey("")); ok {
				if said := all[tag][key]; said.Text != e.Text {
					english = append(english, w)
				}
			}
		}
		if len(english) == 0 {
			t.Errorf("%s says no notation word of its own", tag)
		}
		word := regexp.MustCompile(`(?i)(?:^|[^\p{L}])(` + strings.Join(english, "|") + `)(?:$|[^\p{L}])`)
		for key, e := range all[tag] {
			if strings.HasPrefix(key, "cmd:") {
				continue
			}
			for _, text := range e.Texts() {
				if m := word.FindStringSubmatch(text); m != nil {
					t.Errorf("%s %q writes the English notation word %q: %q", tag, key, m[1], text)
				}
			}
		}
	}
}
