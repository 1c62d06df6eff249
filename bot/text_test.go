package bot

import (
	"strings"
	"testing"
)

// quote shows what a user typed without control or invisible characters,
// shortened.
func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"Ac2-c3":                 `"Ac2-c3"`,
		"a\x00b\nc\u200bd\ufeff": `"abcd"`,
		strings.Repeat("x", 100): `"` + strings.Repeat("x", maxQuote-1) + `…"`,
		"":                       `""`,
	} {
		if got := quote(in); got != want {
			t.Errorf("quote(%q) = %q, want %q", in, got, want)
		}
	}
}
