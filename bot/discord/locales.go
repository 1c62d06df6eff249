package discord

import (
	"regexp"
	"strings"

	"github.com/bwmarrin/discordgo"
	"golang.org/x/text/language"

	"parlor/bot"
	"parlor/bot/i18n"
	"parlor/bot/limits"
)

// discordLocales are the locales Discord knows (AvailableLocalesEnum in
// its OpenAPI spec): the keys of a localization dictionary.
var discordLocales = strings.Fields("ar bg cs da de el en-GB en-US es-419 es-ES fi fr he hi hr hu id it ja ko lt nl no pl pt-BR ro ru sv-SE th tr uk vi zh-CN zh-TW")

// localized are the languages other than English that Parlor speaks, each
// with the Discord locales whose users get it (Spanish: es-ES and es-419).
type localized struct {
	tag     language.Tag
	locales []discordgo.Locale
}

// localizedLanguages are the languages command names and descriptions
// are registered in besides English, in the order of i18n.Languages.
func localizedLanguages() []localized {
	var out []localized
	for _, tag := range i18n.Languages() {
		if tag == language.English {
			continue
		}
		l := localized{tag: tag}
		for _, loc := range discordLocales {
			if i18n.Lang(loc) == tag {
				l.locales = append(l.locales, discordgo.Locale(loc))
			}
		}
		if len(l.locales) > 0 {
			out = append(out, l)
		}
	}
	return out
}

// CommandName is the rule of command, option and subcommand names:
// lowercase, and ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ (the
// apostrophe the docs print there is U+02BC, a letter).
var CommandName = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// ValidName is whether name keeps to CommandName and is lowercase.
func ValidName(name string) bool {
	return CommandName.MatchString(name) && strings.ToLower(name) == name
}

// nameLocalizations are the localized names of a command, subcommand or
// option called name (bot.Lang.CommandName). A language without one, or
// whose name breaks Discord's rule, is left out (Discord shows the
// English name).
func nameLocalizations(langs []localized, name string) map[discordgo.Locale]string {
	out := map[discordgo.Locale]string{}
	for _, l := range langs {
		s := bot.LangOf(l.tag.String()).CommandName(name)
		if !ValidName(s) || s == name {
			continue
		}
		for _, loc := range l.locales {
			out[loc] = s
		}
	}
	return nilIfEmpty(out)
}

// textLocalizations are the localized texts of a description or a
// choice's name, its English text the key, clipped to n characters.
func textLocalizations(langs []localized, text string, n int) map[discordgo.Locale]string {
	out := map[discordgo.Locale]string{}
	for _, l := range langs {
		if !i18n.Has(l.tag, text) {
			continue
		}
		s := bot.Clip(strings.TrimSpace(i18n.T(l.tag, text)), n)
		if s == "" || s == text {
			continue
		}
		for _, loc := range l.locales {
			out[loc] = s
		}
	}
	return nilIfEmpty(out)
}

func nilIfEmpty(m map[discordgo.Locale]string) map[discordgo.Locale]string {
	if len(m) == 0 {
		return nil
	}
	return m
}

// localize gives cmd, its options and their choices their names and
// descriptions in every language Parlor speaks.
func localize(langs []localized, cmd *discordgo.ApplicationCommand) {
	if m := nameLocalizations(langs, cmd.Name); m != nil {
		cmd.NameLocalizations = &m
	}
	if m := textLocalizations(langs, cmd.Description, limits.Description); m != nil {
		cmd.DescriptionLocalizations = &m
	}
	var options func(opts []*discordgo.ApplicationCommandOption)
	options = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			o.NameLocalizations = nameLocalizations(langs, o.Name)
			o.DescriptionLocalizations = textLocalizations(langs, o.Description, limits.Description)
			for _, c := range o.Choices {
				c.NameLocalizations = textLocalizations(langs, c.Name, limits.ChoiceText)
			}
			options(o.Options)
		}
	}
	options(cmd.Options)
}
