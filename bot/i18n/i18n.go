// Package i18n holds Parlor's words in every language it speaks: one
// catalog file per language (catalogs/en.json, catalogs/es.json), loaded
// into a golang.org/x/text/message catalog, which gives plurals and
// numbers written the way each language writes them.
//
// A catalog maps a message key to its text, a fmt format whose verbs may
// be indexed (%[2]s) when a language orders them otherwise, or to its
// plural forms: {"plural": N, "one": "...", "other": "..."}, chosen by
// argument N (1-based). English is complete and is the fallback; every
// other language must have every key, with the same verbs (the tests
// check both). Adding a language is adding its catalog file.
//
// golang.org/x/text rather than go-i18n: it is a golang.org/x module,
// which Parlor prefers to third-party ones, it is already in the build
// (through the image packages), and its printer formats numbers per
// language too.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"

	"parlor/rules"
)

//go:embed catalogs/*.json
var files embed.FS

// entry is one message of a catalog file: a text, or plural forms.
type entry struct {
	Text   string
	Plural int // the 1-based argument the forms depend on; 0: a text
	Forms  map[string]string
}

func (e *entry) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, &e.Text); err == nil {
		return nil
	}
	var forms map[string]json.RawMessage
	if err := json.Unmarshal(b, &forms); err != nil {
		return fmt.Errorf("a message is a text or an object of plural forms: %w", err)
	}
	e.Forms = map[string]string{}
	for k, v := range forms {
		if k == "plural" {
			if err := json.Unmarshal(v, &e.Plural); err != nil || e.Plural < 1 {
				return fmt.Errorf("plural is the 1-based argument the forms depend on, not %s", v)
			}
			continue
		}
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return fmt.Errorf("plural form %q: %w", k, err)
		}
		e.Forms[k] = s
	}
	if e.Plural == 0 || e.Forms["other"] == "" {
		return fmt.Errorf("plural forms need \"plural\" and an \"other\" form")
	}
	return nil
}

// Texts are every text of the entry: itself, or its forms in order.
func (e entry) Texts() []string {
	if e.Plural == 0 {
		return []string{e.Text}
	}
	var out []string
	for _, k := range slices.Sorted(maps.Keys(e.Forms)) {
		out = append(out, e.Forms[k])
	}
	return out
}

// Catalogs are the messages of each language, by language then key.
type Catalogs map[language.Tag]map[string]entry

// load reads every catalog file of fsys.
func load(fsys fs.FS) (Catalogs, error) {
	names, err := fs.Glob(fsys, "catalogs/*.json")
	if err != nil {
		return nil, err
	}
	out := Catalogs{}
	for _, name := range names {
		tag, err := language.Parse(strings.TrimSuffix(path.Base(name), ".json"))
		if err != nil {
			return nil, fmt.Errorf("%s: not a language: %w", name, err)
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		var msgs map[string]entry
		if err := json.Unmarshal(b, &msgs); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out[tag] = msgs
	}
	if _, ok := out[language.English]; !ok {
		return nil, fmt.Errorf("no English catalog")
	}
	return out, nil
}

// builder makes the x/text catalog of cs.
func builder(cs Catalogs) (*catalog.Builder, error) {
	b := catalog.NewBuilder(catalog.Fallback(language.English))
	for tag, msgs := range cs {
		for key, e := range msgs {
			var err error
			if e.Plural == 0 {
				err = b.SetString(tag, key, e.Text)
			} else {
				var cases []any
				for _, form := range []string{"zero", "one", "two", "few", "many", "other"} {
					if text, ok := e.Forms[form]; ok {
						cases = append(cases, form, text)
					}
				}
				err = b.Set(tag, key, plural.Selectf(e.Plural, "%d", cases...))
			}
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", tag, key, err)
			}
		}
	}
	return b, nil
}

// all are Parlor's catalogs, and cat the x/text catalog made of them.
var all, cat = func() (Catalogs, *catalog.Builder) {
	cs, err := load(files)
	if err != nil {
		panic("i18n: " + err.Error())
	}
	b, err := builder(cs)
	if err != nil {
		panic("i18n: " + err.Error())
	}
	return cs, b
}()

// Languages are the languages Parlor speaks, English first.
func Languages() []language.Tag { return slices.Clone(languages) }

// languages are Languages, found once.
var languages = func() []language.Tag {
	out := []language.Tag{language.English}
	for tag := range all {
		if tag != language.English {
			out = append(out, tag)
		}
	}
	slices.SortFunc(out[1:], func(a, b language.Tag) int { return strings.Compare(a.String(), b.String()) })
	return out
}()

// matcher picks, for a Discord locale, the language Parlor speaks.
var matcher = language.NewMatcher(languages)

// Lang is the language Parlor speaks to a Discord locale ("es-ES" and
// "es-419" are Spanish): English for "" or one it does not speak.
func Lang(locale string) language.Tag {
	if locale == "" {
		return language.English
	}
	tag, err := language.Parse(locale)
	if err != nil {
		return language.English
	}
	_, i, conf := matcher.Match(tag)
	if conf == language.No {
		return language.English
	}
	return languages[i]
}

// printers are the printers of the languages Parlor speaks, made once: a
// message.Printer keeps no state between calls, so one serves every
// goroutine.
var printers = func() map[language.Tag]*message.Printer {
	out := map[language.Tag]*message.Printer{}
	for _, tag := range languages {
		out[tag] = message.NewPrinter(tag, message.Catalog(cat))
	}
	return out
}()

// Printer prints in lang, or in English if Parlor does not speak it.
func Printer(lang language.Tag) *message.Printer {
	if p, ok := printers[lang]; ok {
		return p
	}
	return printers[Lang(lang.String())]
}

// T is the message key in lang, with args. The key of a message is its
// English text (a fmt format): a key the catalogs do not have is printed
// as it is. Arguments that are a rules.Text, a rules.Word or a
// rules.MoveText are said in lang too; numbers are written as lang writes
// them (1,234 or 1.234), so a number that is a name, such as a game's, is
// passed as a string.
func T(lang language.Tag, key string, args ...any) string {
	p := Printer(lang)
	return p.Sprintf(key, words(p, args)...)
}

// NotationKey is the catalog key of a notation word of the games' move
// texts, such as "roll": "notation:roll".
func NotationKey(word string) string { return "notation:" + word }

// Move is the move text said in lang: each of its words that the
// catalogs know as a notation word (NotationKey) said as lang says it,
// the rest as it is: "salida+6" for "start+6" in Spanish.
func Move(lang language.Tag, text string) string { return move(Printer(lang), text) }

func move(p *message.Printer, text string) string {
	return rules.SayWords(text, func(w string) (string, bool) {
		key := NotationKey(w)
		if _, ok := all[language.English][key]; !ok {
			return "", false
		}
		return p.Sprintf(key), true
	})
}

// Say is t said in lang.
func Say(lang language.Tag, t rules.Text) string { return T(lang, t.Format, t.Args...) }

// words are args with the Texts, Words and MoveTexts among them said by
// p.
func words(p *message.Printer, args []any) []any {
	out := args
	for i, a := range args {
		var s string
		switch a := a.(type) {
		case rules.Word:
			s = p.Sprintf(string(a))
		case rules.Text:
			s = p.Sprintf(a.Format, words(p, a.Args)...)
		case rules.MoveText:
			s = move(p, string(a))
		default:
			continue
		}
		if &out[0] == &args[0] {
			out = slices.Clone(args)
		}
		out[i] = s
	}
	return out
}

// verb is a fmt verb of a message, with its explicit argument index if any.
var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// verbs are the verbs of texts, each as "index:letter", the index
// counted as fmt counts it (%%, which takes none, left out).
func verbs(texts []string) map[string]bool {
	out := map[string]bool{}
	for _, text := range texts {
		next := 1
		for _, m := range verb.FindAllStringSubmatch(text, -1) {
			v := m[0]
			letter := v[len(v)-1:]
			if letter == "%" {
				continue
			}
			if m[1] != "" {
				fmt.Sscanf(m[1], "[%d]", &next)
			}
			out[fmt.Sprintf("%d:%s", next, letter)] = true
			next++
		}
	}
	return out
}

// Check lists what is wrong with cs: a key of English missing from
// another language or not in English, and a text whose verbs are not
// English's (a placeholder dropped, added or changed).
func Check(cs Catalogs) []string {
	var problems []string
	en := cs[language.English]
	for tag, msgs := range cs {
		if tag == language.English {
			continue
		}
		for _, key := range slices.Sorted(maps.Keys(en)) {
			m, ok := msgs[key]
			if !ok {
				problems = append(problems, fmt.Sprintf("%s: no text for %q", tag, key))
				continue
			}
			want, got := verbs(en[key].Texts()), verbs(m.Texts())
			if !maps.Equal(want, got) {
				problems = append(problems, fmt.Sprintf("%s %q: verbs %v, English has %v", tag, key, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))))
			}
		}
		for key := range msgs {
			if _, ok := en[key]; !ok {
				problems = append(problems, fmt.Sprintf("%s: %q is not an English key", tag, key))
			}
		}
	}
	slices.Sort(problems)
	return problems
}

// Has reports whether the catalog of lang has key of its own (T would
// otherwise say English's, or the key).
func Has(lang language.Tag, key string) bool {
	_, ok := all[lang][key]
	return ok
}

// All are Parlor's catalogs, for Check.
func All() Catalogs { return all }
