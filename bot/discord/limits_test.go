package discord

import (
	"strings"
	"testing"
	"unicode/utf8"

	"parlor/bot"
	"parlor/bot/limits"
)

// fit brings any message within Discord's limits, leaving out what cutting
// would change the meaning of, and leaves a message that fits as it is.
func TestFit(t *testing.T) {
	long := strings.Repeat("é", 5000)
	var manyOptions []bot.Option
	for i := range 40 {
		manyOptions = append(manyOptions, bot.Option{Label: long, Value: strings.Repeat("v", i%3+1) + string(rune('a'+i%26)) + strings.Repeat("x", i/26), Description: long})
	}
	manyOptions = append(manyOptions, bot.Option{Label: "too long a value", Value: strings.Repeat("v", limits.OptionText+1)})
	var row bot.Row
	for i := range 7 {
		row = append(row, bot.Component{Kind: bot.Button, ID: "b" + string(rune('0'+i)), Label: long})
	}
	m := &bot.Message{
		Content: long,
		Embed:   &bot.Embed{Title: long, Description: long},
		Components: []bot.Row{
			row,
			{{Kind: bot.Select, ID: "s", Placeholder: long, Options: manyOptions}},
			{{Kind: bot.Button, ID: strings.Repeat("i", limits.CustomID+1), Label: "an id too long"}, {Kind: bot.Button, ID: "b0", Label: "a repeated id"}},
			{{Kind: bot.Select, ID: "empty"}},
			{{Kind: bot.Button, ID: "r4", Label: "x"}}, {{Kind: bot.Button, ID: "r5", Label: "x"}}, {{Kind: bot.Button, ID: "r6", Label: "x"}}, {{Kind: bot.Button, ID: "r7", Label: "x"}},
		},
		Mentions: make([]string, limits.MentionIDs+50),
		File:     &bot.File{Name: "big.png", ContentType: "image/png", Data: make([]byte, limits.FileSize+1)},
	}
	got := fit(m, bot.English)
	if m.Content != long || len(m.Components[0]) != 7 {
		t.Fatalf("fit changed the message it was given")
	}
	if n := utf8.RuneCountInString(got.Content); n != limits.Content || !strings.HasSuffix(got.Content, "…") {
		t.Errorf("content: %d characters, want %d ending in an ellipsis", n, limits.Content)
	}
	if utf8.RuneCountInString(got.Embed.Title) != limits.EmbedTitle || utf8.RuneCountInString(got.Embed.Description) != limits.EmbedDescription {
		t.Errorf("embed: %d and %d characters", utf8.RuneCountInString(got.Embed.Title), utf8.RuneCountInString(got.Embed.Description))
	}
	if got.File != nil {
		t.Errorf("a file over the upload limit was kept")
	}
	if len(got.Mentions) != limits.MentionIDs {
		t.Errorf("%d mentions, want %d", len(got.Mentions), limits.MentionIDs)
	}
	if len(got.Components) != limits.Rows {
		t.Fatalf("%d rows, want %d", len(got.Components), limits.Rows)
	}
	if r := got.Components[0]; len(r) != limits.ButtonsPerRow || utf8.RuneCountInString(r[0].Label) != limits.ButtonLabel {
		t.Errorf("first row: %d buttons, label %d characters", len(r), utf8.RuneCountInString(r[0].Label))
	}
	sel := got.Components[1][0]
	if len(sel.Options) != limits.SelectOptions || utf8.RuneCountInString(sel.Placeholder) != limits.Placeholder {
		t.Errorf("select: %d options, placeholder %d characters", len(sel.Options), utf8.RuneCountInString(sel.Placeholder))
	}
	for _, o := range sel.Options {
		if strings.HasPrefix(o.Value, "vvvvv") {
			t.Errorf("an option with a value over %d characters was kept", limits.OptionText)
		}
	}
	if r := got.Components[2]; len(r) != 1 || r[0].ID != "r4" {
		t.Errorf("third row %+v: want the row of a too long and a repeated id, and the empty select, left out", r)
	}
	for _, c := range fitChoices([]bot.Choice{{Name: long, Value: "ok"}, {Name: "", Value: "named by its value"}, {Name: "x", Value: strings.Repeat("v", limits.ChoiceText+1)}}) {
		if n := utf8.RuneCountInString(c.Name); n < 1 || n > limits.ChoiceText || len(c.Value) > limits.ChoiceText {
			t.Errorf("choice %q: name of %d characters", c.Value, n)
		}
	}
	if cs := fitChoices([]bot.Choice{{Name: "", Value: "v"}, {Name: "x", Value: strings.Repeat("v", limits.ChoiceText+1)}}); len(cs) != 1 || cs[0].Name != "v" {
		t.Errorf("choices %+v", cs)
	}
	// A message that fits is left as it is; an empty one says so.
	ok := &bot.Message{Content: "fine", Components: []bot.Row{{{Kind: bot.Button, ID: "a", Label: "A"}}}}
	if got := fit(ok, bot.English); got.Content != "fine" || len(got.Components) != 1 {
		t.Errorf("a message that fits became %+v", got)
	}
	if got := fit(&bot.Message{}, bot.English); got.Content != "Done." {
		t.Errorf("an empty message became %q, want Done.", got.Content)
	}
	// A message that says its language has the door's words in it,
	// whatever the door guessed (a sweep's notice guesses English).
	if got := fit(&bot.Message{File: m.File, Lang: bot.LangOf("es-419")}, bot.English); got.Content != "\n(La imagen era demasiado grande para enviarla.)" {
		t.Errorf("a Spanish game's board too large, posted by a sweep: %q", got.Content)
	}
	if got := fit(&bot.Message{File: m.File}, bot.LangOf("es-ES")); got.Content != "\n(La imagen era demasiado grande para enviarla.)" {
		t.Errorf("a picture too large, in Spanish: %q", got.Content)
	}
}
