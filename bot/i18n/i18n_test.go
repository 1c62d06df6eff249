package i18n

import (
	"strings"
	"testing"

	"golang.org/x/text/language"
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

// Plurals and placeholders come out as each language writes them.
func TestT(t *testing.T) {
	for _, c := range []struct {
		lang language.Tag
		key  string
		args []any
		want string
	}{
		{language.Spanish, "games.waiting", []any{1}, "1 partida espera tu jugada"},
		{language.Spanish, "games.waiting", []any{3}, "3 partidas esperan tu jugada"},
		{language.English, "games.waiting", []any{1}, "1 game is waiting for your move"},
		{language.English, "games.waiting", []any{2}, "2 games are waiting for your move"},
		{language.Spanish, "resign.button", []any{12}, "Abandonar la partida #12"},
		{language.French, "resign.button", []any{12}, "Resign game #12"},
	} {
		if got := T(c.lang, c.key, c.args...); got != c.want {
			t.Errorf("T(%v, %q, %v) = %q, want %q", c.lang, c.key, c.args, got, c.want)
		}
	}
}
