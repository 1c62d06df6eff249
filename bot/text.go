package bot

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// TextLen is a text's length as Discord counts it: in code points.
func TextLen(s string) int { return utf8.RuneCountInString(s) }

// Clip shortens s to at most n characters, ending it with an ellipsis
// when it was longer.
func Clip(s string, n int) string {
	if TextLen(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// maxQuote is how much of what a user typed an answer quotes.
const maxQuote = 40

// quote is text a user typed, as an answer quotes it: in quotes, without
// control or invisible characters, and shortened with an ellipsis.
func quote(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, s)
	return `"` + Clip(s, maxQuote) + `"`
}
