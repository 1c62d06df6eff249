package render

import (
	"regexp"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"parlor/bot/i18n"
)

// spanish says a picture's words in Spanish, as the bot's Say does for a
// game in Spanish.
func spanish(format string, args ...any) string { return i18n.T(language.Spanish, format, args...) }

// inSpanish is info for a picture in Spanish: its words, and its title as
// the bot gives it ("Partida #12").
func inSpanish(info Info) Info {
	info.Say = spanish
	info.Title = spanishTitle(info.Title)
	return info
}

// spanishTitle is a test's title ("Game 12", "Game #12 · All the King's
// Men") in Spanish.
func spanishTitle(title string) string {
	if rest, ok := strings.CutPrefix(title, "Game "); ok {
		return spanish("Game #%s", strings.TrimPrefix(rest, "#"))
	}
	return title
}

// spanishCases are the positions of each game kept in testdata in Spanish
// too (name-es.png): those with the most words, a result and the latest
// turn, or a Threat.
var spanishCases = map[string]bool{
	"kingsmen-threat": true, "kingsmen-king-captured": true,
	"kimbo-over": true, "kimbo-midgame": true,
	"kippykoo-over": true, "kippykoo-left": true,
	"rumba-over": true, "rumba-midgame": true,
}

// TestSpanishGolden draws pictures of every game in Spanish, kept in
// testdata (go test ./render -run SpanishGolden -update rewrites them).
func TestSpanishGolden(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	n := 0
	for _, tc := range phoneCases(t) {
		if !spanishCases[tc.name] {
			continue
		}
		n++
		t.Run(tc.name, func(t *testing.T) {
			img, err := r.Image(tc.state, inSpanish(tc.info))
			if err != nil {
				t.Fatal(err)
			}
			matchGolden(t, tc.name+"-es", img, tc.state.Drawing())
		})
	}
	if n != len(spanishCases) {
		t.Errorf("%d Spanish cases drawn, want %d", n, len(spanishCases))
	}
}

// TestReadableOnPhoneInSpanish is TestReadableOnPhone with the pictures'
// words in Spanish, which are longer: every label still readable, on its
// canvas, clear of the others, and the title whole.
func TestReadableOnPhoneInSpanish(t *testing.T) {
	drawingTest(t)
	for _, tc := range phoneCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			img, labels, pieces := drawLabels(t, tc.state, inSpanish(tc.info))
			for _, p := range phoneProblems(img, labels, pieces, spanishTitle(tc.title)) {
				t.Errorf("%s: %s", tc.name, p)
			}
		})
	}
}

// TestPicturesInSpanish checks that a picture in Spanish draws none of
// the English texts of the catalog that Spanish says otherwise: every
// word a painter draws goes through Info.T.
func TestPicturesInSpanish(t *testing.T) {
	drawingTest(t)
	verb := regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z]`)
	cs := i18n.All()
	type english struct {
		key string
		re  *regexp.Regexp
	}
	var texts []english
	for key, e := range cs[language.English] {
		if es, ok := cs[language.Spanish][key]; !ok || es.Text == e.Text || e.Plural != 0 {
			continue
		}
		// A text of verbs alone ("%[1]s %[2]s %[3]s %[4]s", the console's
		// date) has no English word to find, and would match anything.
		if !regexp.MustCompile(`\pL`).MatchString(verb.ReplaceAllString(e.Text, "")) {
			continue
		}
		var pat strings.Builder
		last := 0
		for _, m := range verb.FindAllStringIndex(e.Text, -1) {
			pat.WriteString(regexp.QuoteMeta(e.Text[last:m[0]]) + ".+")
			last = m[1]
		}
		pat.WriteString(regexp.QuoteMeta(e.Text[last:]))
		// A decision on a bar may end with a hand's letter (Rumba).
		texts = append(texts, english{key, regexp.MustCompile(`^` + pat.String() + `( [A-Z])?…?$`)})
	}
	for _, tc := range phoneCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			_, labels, _ := drawLabels(t, tc.state, inSpanish(tc.info))
			for _, l := range labels {
				text := strings.TrimSpace(l.text)
				for _, e := range texts {
					if e.re.MatchString(text) {
						t.Errorf("%s: %q is English (%q)", tc.name, text, e.key)
					}
				}
			}
		})
	}
}
