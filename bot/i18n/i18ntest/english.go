package i18ntest

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/language"

	"parlor/bot/i18n"
)

// verb is a printf verb, which splits a text into the pieces between its
// placeholders.
var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// EnglishOnly are the pieces of English text that only the English
// catalog has: each text's words between its placeholders, at least two
// words long, that no text of lang contains. A message said in lang that
// contains one was not translated: tests look for them.
func EnglishOnly(lang language.Tag) []string {
	var others []string
	for _, e := range i18n.All()[lang] {
		others = append(others, e.Texts()...)
	}
	seen := map[string]bool{}
	var out []string
	for key, e := range i18n.All()[language.English] {
		if t, ok := i18n.All()[lang][key]; ok && slices.Equal(t.Texts(), e.Texts()) {
			continue // said the same in both
		}
		for _, text := range e.Texts() {
			for _, piece := range verb.Split(text, -1) {
				piece = strings.TrimSpace(strings.Trim(strings.TrimSpace(piece), "*_`.,:;!?()\"'—-"))
				if len(strings.Fields(piece)) < 2 || seen[piece] {
					continue
				}
				seen[piece] = true
				if !slices.ContainsFunc(others, func(o string) bool { return strings.Contains(o, piece) }) {
					out = append(out, piece)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// EnglishWords are the single words that only the English catalog says:
// each text of one word (a notation word of the moves, such as "roll", a
// level, such as "strong", a button, such as "Accept") that lang says
// otherwise and that no text of lang has as a word of its own, in lower
// case. A text said in lang that has one as a word (between non-letters,
// in any case) was not translated: tests look for them, as EnglishOnly's pieces are too short
// to catch them. Command names are left out: Discord shows them as the
// user's client names them.
func EnglishWords(lang language.Tag) []string {
	theirs := map[string]bool{}
	for _, e := range i18n.All()[lang] {
		for _, text := range e.Texts() {
			for _, w := range strings.FieldsFunc(text, notLetter) {
				theirs[strings.ToLower(w)] = true
			}
		}
	}
	seen := map[string]bool{}
	var out []string
	for key, e := range i18n.All()[language.English] {
		if strings.HasPrefix(key, "cmd:") || e.Plural != 0 {
			continue
		}
		if t, ok := i18n.All()[lang][key]; ok && t.Text == e.Text {
			continue
		}
		w := strings.TrimSpace(e.Text)
		if len(strings.FieldsFunc(w, notLetter)) != 1 || strings.FieldsFunc(w, notLetter)[0] != w || len(w) < 3 {
			continue
		}
		// A notation word lang says otherwise is English wherever it
		// stands, even if some text of lang still has it (a test finds
		// those: TestNotationSaid).
		notation := strings.HasPrefix(key, i18n.NotationKey(""))
		if lw := strings.ToLower(w); (notation || !theirs[lw]) && !seen[lw] {
			seen[lw] = true
			out = append(out, lw)
		}
	}
	slices.Sort(out)
	return out
}

// notLetter reports whether r is not a letter, nor an apostrophe within a
// word ("can't").
func notLetter(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }
