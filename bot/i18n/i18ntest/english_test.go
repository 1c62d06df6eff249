package i18ntest

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/language"
)

// EnglishOnly finds the English of a message Spanish translates, and not
// words Spanish says the same.
func TestEnglishOnly(t *testing.T) {
	got := EnglishOnly(language.Spanish)
	if !slices.Contains(got, "Keep playing") {
		t.Errorf("EnglishOnly(es) has no %q: %q", "Keep playing", got)
	}
	for _, piece := range got {
		if len(strings.Fields(piece)) < 2 {
			t.Errorf("a piece of one word: %q", piece)
		}
	}
}
