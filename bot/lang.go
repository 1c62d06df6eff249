package bot

import (
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/language"

	"parlor/bot/i18n"
	"parlor/rules"
)

// Lang is a language Parlor speaks to someone. Its T says a message in it:
// the message is its English text, a fmt format, which the catalogs of
// bot/i18n translate (see i18n.T). Every text a user reads goes through a
// T, so that Extract finds it for the catalogs.
//
// Private answers are said in the language of the user who acted
// (Request.Locale); what a game shows everyone, in the game's language
// (loaded.lang).
type Lang struct{ tag language.Tag }

// English is Parlor's first language, and the one said when no other is
// known.
var English = Lang{language.English}

// LangOf is the language Parlor speaks to a Discord locale, such as
// "es-ES" or "es-419": English when it speaks no language of it.
func LangOf(locale string) Lang { return Lang{i18n.Lang(locale)} }

// LanguageCodes are the codes of the languages Parlor speaks ("en",
// "es"), English first.
func LanguageCodes() []string {
	var out []string
	for _, tag := range i18n.Languages() {
		out = append(out, tag.String())
	}
	return out
}

// you is the language of the user who made req.
func you(req Request) Lang { return LangOf(req.Locale) }

// T is the message format with args, said in l.
func (l Lang) T(format string, args ...any) string { return i18n.T(l.tag, format, args...) }

// Say is t said in l.
func (l Lang) Say(t rules.Text) string { return i18n.Say(l.tag, t) }

// CommandName is the name of the command, subcommand or option whose
// English name is name, as l says it: as Discord shows it to l's speakers
// ("nueva" for new in Spanish). Its catalog key is "cmd:" and the name; a
// name l has none for is said as it is.
func (l Lang) CommandName(name string) string {
	key := "cmd:" + name
	if name == "" || !i18n.Has(l.tag, key) {
		return name
	}
	return l.T(key)
}

// IsZero reports whether l is no language at all (Lang{}), as a Message
// whose language is not said has.
func (l Lang) IsZero() bool { return l.tag == (language.Tag{}) }

// Code is the language's code, such as "en" or "es".
func (l Lang) Code() string {
	if l.tag == (language.Tag{}) {
		return "en"
	}
	return l.tag.String()
}

// N marks s as a message said later with T (a name kept in a table).
func N(s string) string { return s }

// no is a game's number as messages write it, "12" in "#12": a number
// that is a name, so not written as a quantity ("1,234" or "1.234").
func no(id int64) string { return strconv.FormatInt(id, 10) }

// spell says a duration in whole days or hours: "3 days", "26 hours",
// "1 hour", "less than an hour"; a Text, said in the language of the
// message it is an argument of.
func spell(d time.Duration) rules.Text {
	hours := int(d / time.Hour)
	switch {
	case hours >= 48 && hours%24 == 0, hours >= 72:
		return rules.Textf("%d days", hours/24)
	case hours == 24:
		return rules.Textf("%d days", 1)
	case hours >= 1:
		return rules.Textf("%d hours", hours)
	}
	return rules.Textf("less than an hour")
}

// joinIn joins "a", "b" and "c" as "a, b and c", in lang.
func joinIn(lang Lang, words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return lang.T("%s and %s", strings.Join(words[:len(words)-1], ", "), words[len(words)-1])
}
