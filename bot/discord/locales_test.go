package discord

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"golang.org/x/text/language/display"

	"parlor/bot"
	"parlor/bot/i18n"
	"parlor/bot/limits"
)

// Spanish is registered for both of Discord's Spanish locales, and for
// no other.
func TestLocalizedLanguages(t *testing.T) {
	langs := localizedLanguages()
	var got []string
	for _, l := range langs {
		for _, loc := range l.locales {
			got = append(got, l.tag.String()+":"+string(loc))
		}
	}
	if want := []string{"es:es-419", "es:es-ES"}; !slices.Equal(got, want) {
		t.Errorf("localized locales %v, want %v", got, want)
	}
}

// Every command, subcommand and option has its name and description, and
// every choice its name, in every language Parlor speaks; each localized
// name keeps to Discord's rule, each description to 1–100 characters, and
// the names at each level stay unique in every locale.
func TestCommandLocalizations(t *testing.T) {
	cmds := DiscordCommands(bot.NewTable(bot.Config{Kits: bot.Kits()}).Commands())
	langs := localizedLanguages()
	if len(langs) == 0 {
		t.Fatal("no language besides English")
	}
	var locales []discordgo.Locale
	for _, l := range langs {
		locales = append(locales, l.locales...)
	}
	// name is the name Discord shows in loc.
	name := func(def string, locs map[discordgo.Locale]string, loc discordgo.Locale) string {
		if s, ok := locs[loc]; ok {
			return s
		}
		return def
	}
	checkName := func(path, def string, locs map[discordgo.Locale]string) {
		for _, l := range langs {
			if !i18n.Has(l.tag, "cmd:"+def) {
				t.Errorf("%s: no %s name (catalog key %q)", path, l.tag, "cmd:"+def)
			}
		}
		for _, loc := range locales {
			s, ok := locs[loc]
			if !ok {
				if i18n.T(i18n.Lang(string(loc)), "cmd:"+def) != def {
					t.Errorf("%s: no %s name", path, loc)
				}
				continue
			}
			if !ValidName(s) {
				t.Errorf("%s: %s name %q breaks Discord's rule (lowercase, ^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$)", path, loc, s)
			}
		}
	}
	checkText := func(path, def string, locs map[discordgo.Locale]string, lo int) {
		for _, l := range langs {
			if !i18n.Has(l.tag, def) {
				t.Errorf("%s: %q has no %s text", path, def, l.tag)
			} else if s := i18n.T(l.tag, def); utf8.RuneCountInString(s) > limits.Description {
				t.Errorf("%s: %s text %q is %d characters, more than Discord's %d (it would be clipped)", path, l.tag, s, utf8.RuneCountInString(s), limits.Description)
			}
		}
		for _, loc := range locales {
			s, ok := locs[loc]
			if !ok {
				if i18n.T(i18n.Lang(string(loc)), def) != def {
					t.Errorf("%s: no %s text for %q", path, loc, def)
				}
				continue
			}
			if n := utf8.RuneCountInString(s); n < lo || n > limits.Description {
				t.Errorf("%s: %s text %q is %d characters, want %d–%d", path, loc, s, n, lo, limits.Description)
			}
		}
	}
	unique := func(path string, names []string, locs []map[discordgo.Locale]string) {
		for _, loc := range locales {
			seen := map[string]string{}
			for i, def := range names {
				s := name(def, locs[i], loc)
				if prev, dup := seen[s]; dup {
					t.Errorf("%s: in %s, %s and %s are both called %q", path, loc, prev, def, s)
				}
				seen[s] = def
			}
		}
	}
	var options func(path string, opts []*discordgo.ApplicationCommandOption)
	options = func(path string, opts []*discordgo.ApplicationCommandOption) {
		var names []string
		var locs []map[discordgo.Locale]string
		for _, o := range opts {
			p := path + " " + o.Name
			checkName(p, o.Name, o.NameLocalizations)
			checkText(p, o.Description, o.DescriptionLocalizations, 1)
			var cnames []string
			var clocs []map[discordgo.Locale]string
			for _, c := range o.Choices {
				if !ownNames[c.Name] {
					checkText(p+" choice "+c.Name, c.Name, c.NameLocalizations, 1)
				} else if c.NameLocalizations != nil {
					t.Errorf("%s choice %s: a language's own name is localized: %v", p, c.Name, c.NameLocalizations)
				}
				cnames = append(cnames, c.Name)
				clocs = append(clocs, c.NameLocalizations)
			}
			unique(p+" choices", cnames, clocs)
			names = append(names, o.Name)
			locs = append(locs, o.NameLocalizations)
			options(p, o.Options)
		}
		unique(path, names, locs)
	}
	var names []string
	var locs []map[discordgo.Locale]string
	deref := func(m *map[discordgo.Locale]string) map[discordgo.Locale]string {
		if m == nil {
			return nil
		}
		return *m
	}
	for _, c := range cmds {
		checkName("/"+c.Name, c.Name, deref(c.NameLocalizations))
		checkText("/"+c.Name, c.Description, deref(c.DescriptionLocalizations), 1)
		names = append(names, c.Name)
		locs = append(locs, deref(c.NameLocalizations))
		options("/"+c.Name, c.Options)
	}
	unique("commands", names, locs)
}

// A localized name that breaks Discord's rule is left out rather than
// sent for Discord to refuse the whole registration.
func TestValidName(t *testing.T) {
	for name, ok := range map[string]bool{"nueva": true, "mover": true, "añadir": true, "jugador2": true, "cmd:new": false, "Nueva": false, "dos palabras": false, "": false, strings.Repeat("a", 33): false, "it's": false} {
		if ValidName(name) != ok {
			t.Errorf("ValidName(%q) = %v, want %v", name, !ok, ok)
		}
	}
}

// The adapter's own words are said in the language of whoever reads them:
// the note where a board went, to the user who acted; those added to a
// public answer, in the server's language (the bot's Request.PlaceLang).
func TestAdapterWordsInSpanish(t *testing.T) {
	i := &discordgo.Interaction{ChannelID: "c", Locale: discordgo.SpanishLATAM}
	resp, _ := moveOut(i, bot.Response{Public: &bot.Message{Content: "board"}, PublicIn: "t"})
	if resp.Private == nil || resp.Private.Content != "Hecho: el tablero está en el hilo de la partida, <#t>." {
		t.Errorf("the note where the board went: %+v", resp.Private)
	}
	es := discordgo.SpanishES
	for _, tc := range []struct {
		i    *discordgo.Interaction
		want string
	}{
		{&discordgo.Interaction{GuildID: "g", GuildLocale: &es, Locale: discordgo.EnglishUS}, "es"},
		{&discordgo.Interaction{GuildID: "g", Locale: discordgo.SpanishES}, "es"},
		{&discordgo.Interaction{Locale: discordgo.SpanishES}, "es"},
		{&discordgo.Interaction{Locale: discordgo.German}, "en"},
	} {
		if got := langsOf(tc.i).PlaceLang().Code(); got != tc.want {
			t.Errorf("PlaceLang(guild %q, locale %q) = %s, want %s", tc.i.GuildID, tc.i.Locale, got, tc.want)
		}
	}
}

// ownNames are the names of the languages Parlor speaks, each in itself:
// the choices of /parlor settings language:, said alike in every language.
var ownNames = func() map[string]bool {
	out := map[string]bool{}
	for _, tag := range i18n.Languages() {
		out[display.Self.Name(tag)] = true
	}
	return out
}()
