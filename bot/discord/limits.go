package discord

import (
	"strings"

	"parlor/bot"
	"parlor/bot/limits"
)

// The handlers keep to Discord's limits on what the bot sends (package
// limits, docs/discord.md); fit makes sure of it, as the last step before
// a message leaves for Discord.

// textLen and clip measure and shorten texts as Discord counts them (the
// table's own helpers).
var (
	textLen = bot.TextLen
	clip    = bot.Clip
)

// fit returns m as Discord will take it: every text within its limit
// (shortened with an ellipsis), at most 5 rows of components, 5 buttons or
// one select a row, 25 options a select; a component or option whose
// custom id or value is out of bounds or repeated is left out rather than
// cut, since it would no longer mean what it says, and so is a file over
// the upload limit. A message left with nothing to show says so. m itself
// is not changed.
//
// What it adds (a note that a picture was left out, or Done. for an empty
// message) is said in m.Lang if the message says its language, else in l.
func fit(m *bot.Message, l bot.Lang) *bot.Message {
	if m == nil {
		return nil
	}
	if !m.Lang.IsZero() {
		l = m.Lang
	}
	out := *m
	out.Content = clip(m.Content, limits.Content)
	if m.Embed != nil {
		out.Embed = &bot.Embed{Title: clip(m.Embed.Title, limits.EmbedTitle), Description: clip(m.Embed.Description, limits.EmbedDescription)}
	}
	out.Components = fitRows(m.Components)
	if len(m.Mentions) > limits.MentionIDs {
		out.Mentions = m.Mentions[:limits.MentionIDs]
	}
	if m.File != nil && len(m.File.Data) > limits.FileSize {
		out.File = nil
		out.Content = clip(out.Content+"\n"+l.T("(The picture was too large to send.)"), limits.Content)
	}
	if strings.TrimSpace(out.Content) == "" && out.Embed == nil && out.File == nil && len(out.Components) == 0 {
		out.Content = l.T("Done.")
	}
	return &out
}

func fitRows(rows []bot.Row) []bot.Row {
	var out []bot.Row
	ids := map[string]bool{}
	for _, row := range rows {
		if len(out) == limits.Rows {
			break
		}
		var kept bot.Row
		for _, c := range row {
			if n := len(c.ID); n == 0 || n > limits.CustomID || ids[c.ID] {
				continue
			}
			switch c.Kind {
			case bot.Button:
				if len(kept) == limits.ButtonsPerRow || len(kept) > 0 && kept[0].Kind == bot.Select {
					continue
				}
				c.Label = clip(c.Label, limits.ButtonLabel)
				if strings.TrimSpace(c.Label) == "" {
					continue
				}
			case bot.Select:
				if len(kept) > 0 {
					continue
				}
				c.Placeholder = clip(c.Placeholder, limits.Placeholder)
				if c.Options = fitOptions(c.Options); len(c.Options) == 0 {
					continue
				}
			default:
				continue
			}
			ids[c.ID] = true
			kept = append(kept, c)
		}
		if len(kept) > 0 {
			out = append(out, kept)
		}
	}
	return out
}

func fitOptions(opts []bot.Option) []bot.Option {
	var out []bot.Option
	values := map[string]bool{}
	for _, o := range opts {
		if len(out) == limits.SelectOptions {
			break
		}
		if n := textLen(o.Value); n == 0 || n > limits.OptionText || values[o.Value] {
			continue
		}
		o.Label = clip(o.Label, limits.OptionText)
		if strings.TrimSpace(o.Label) == "" {
			o.Label = o.Value
		}
		o.Description = clip(o.Description, limits.OptionText)
		values[o.Value] = true
		out = append(out, o)
	}
	return out
}

// fitChoices returns an autocomplete answer as Discord will take it: at
// most 25 choices, names shortened, and choices whose value is out of
// bounds left out.
func fitChoices(cs []bot.Choice) []bot.Choice {
	out := []bot.Choice{}
	for _, c := range cs {
		if len(out) == limits.Choices {
			break
		}
		if n := textLen(c.Value); n == 0 || n > limits.ChoiceText {
			continue
		}
		c.Name = clip(c.Name, limits.ChoiceText)
		if strings.TrimSpace(c.Name) == "" {
			c.Name = c.Value
		}
		out = append(out, c)
	}
	return out
}
