package bot

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/language"

	"parlor/bot/i18n"
)

// TestRulesSpanish checks each game's rules in Spanish: translated, short
// enough for an embed's description with room to spare, with no broken
// verb, and with the English text's bold marks and lines.
func TestRulesSpanish(t *testing.T) {
	for _, kit := range Kits() {
		t.Run(kit.Game.Name(), func(t *testing.T) {
			en := i18n.T(language.English, kit.Rules)
			es := i18n.T(language.Spanish, kit.Rules)
			if en != kit.Rules {
				t.Errorf("the English rules are not the text itself:\n%s", en)
			}
			if es == en {
				t.Fatalf("the rules have no Spanish")
			}
			if n := utf8.RuneCountInString(es); n > 3900 {
				t.Errorf("the Spanish rules are %d characters, more than 3900", n)
			}
			if strings.Contains(es, "%!") {
				t.Errorf("the Spanish rules have a broken verb:\n%s", es)
			}
			if got, want := strings.Count(es, "**"), strings.Count(en, "**"); got != want {
				t.Errorf("the Spanish rules have %d **, the English %d", got, want)
			}
			if got, want := strings.Count(es, "\n"), strings.Count(en, "\n"); got != want {
				t.Errorf("the Spanish rules have %d line breaks, the English %d", got, want)
			}
		})
	}
}
