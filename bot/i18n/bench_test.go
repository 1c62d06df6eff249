package i18n

import (
	"testing"

	"golang.org/x/text/language"

	"parlor/rules"
)

// BenchmarkT is the cost of saying one message, as a board's lines are
// said: a format with a name, a number and a Word, in English and in
// Spanish.
//
//	go test ./bot/i18n -run XXX -bench T -benchmem
func BenchmarkT(b *testing.B) {
	for _, tag := range []language.Tag{language.English, language.Spanish} {
		b.Run(tag.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				T(tag, "%s, your move (%s).", "Alice", rules.Word("South"))
			}
		})
	}
}

// BenchmarkLang is the cost of finding the language of a Discord locale,
// as every request does (bot.LangOf).
func BenchmarkLang(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Lang("es-ES")
	}
}
