package bot

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// fit brings any message within Discord's limits, leaving out what cutting
// would change the meaning of, and leaves a message that fits as it is.
func TestFit(t *testing.T) {
	long := strings.Repeat("é", 5000)
	var manyOptions []Option
	for i := range 40 {
		manyOptions = append(manyOptions, Option{Label: long, Value: strings.Repeat("v", i%3+1) + string(rune('a'+i%26)) + strings.Repeat("x", i/26), Description: long})
	}
	manyOptions = append(manyOptions, Option{Label: "too long a value", Value: strings.Repeat("v", 101)})
	var row Row
	for i := range 7 {
		row = append(row, Component{Kind: Button, ID: "b" + string(rune('0'+i)), Label: long})
	}
	m := &Message{
		Content: long,
		Embed:   &Embed{Title: long, Description: long},
		Components: []Row{
			row,
			{{Kind: Select, ID: "s", Placeholder: long, Options: manyOptions}},
			{{Kind: Button, ID: strings.Repeat("i", 101), Label: "an id too long"}, {Kind: Button, ID: "b0", Label: "a repeated id"}},
			{{Kind: Select, ID: "empty"}},
			{{Kind: Button, ID: "r4", Label: "x"}}, {{Kind: Button, ID: "r5", Label: "x"}}, {{Kind: Button, ID: "r6", Label: "x"}}, {{Kind: Button, ID: "r7", Label: "x"}},
		},
		Mentions: make([]string, 150),
		File:     &File{Name: "big.png", ContentType: "image/png", Data: make([]byte, maxFileSize+1)},
	}
	got := fit(m)
	if m.Content != long || len(m.Components[0]) != 7 {
		t.Fatalf("fit changed the message it was given")
	}
	if n := utf8.RuneCountInString(got.Content); n != maxContent || !strings.HasSuffix(got.Content, "…") {
		t.Errorf("content: %d characters, want %d ending in an ellipsis", n, maxContent)
	}
	if utf8.RuneCountInString(got.Embed.Title) != maxEmbedTitle || utf8.RuneCountInString(got.Embed.Description) != maxEmbedDescription {
		t.Errorf("embed: %d and %d characters", utf8.RuneCountInString(got.Embed.Title), utf8.RuneCountInString(got.Embed.Description))
	}
	if got.File != nil {
		t.Errorf("a file over the upload limit was kept")
	}
	if len(got.Mentions) != maxMentions {
		t.Errorf("%d mentions, want %d", len(got.Mentions), maxMentions)
	}
	if len(got.Components) != maxRows {
		t.Fatalf("%d rows, want %d", len(got.Components), maxRows)
	}
	if r := got.Components[0]; len(r) != maxButtons || utf8.RuneCountInString(r[0].Label) != maxButtonLabel {
		t.Errorf("first row: %d buttons, label %d characters", len(r), utf8.RuneCountInString(r[0].Label))
	}
	sel := got.Components[1][0]
	if len(sel.Options) != maxOptions || utf8.RuneCountInString(sel.Placeholder) != maxPlaceholder {
		t.Errorf("select: %d options, placeholder %d characters", len(sel.Options), utf8.RuneCountInString(sel.Placeholder))
	}
	for _, o := range sel.Options {
		if strings.HasPrefix(o.Value, "vvvvv") {
			t.Errorf("an option with a value over 100 characters was kept")
		}
	}
	if r := got.Components[2]; len(r) != 1 || r[0].ID != "r4" {
		t.Errorf("third row %+v: want the row of a too long and a repeated id, and the empty select, left out", r)
	}
	got.Mentions = nil // checkLimits wants pings named in the content; these are made up
	checkLimits(t, Response{Public: got, Choices: fitChoices([]Choice{{Name: long, Value: "ok"}, {Name: "", Value: "named by its value"}, {Name: "x", Value: strings.Repeat("v", 101)}})})
	if cs := fitChoices([]Choice{{Name: "", Value: "v"}, {Name: "x", Value: strings.Repeat("v", 101)}}); len(cs) != 1 || cs[0].Name != "v" {
		t.Errorf("choices %+v", cs)
	}
	// A message that fits is left as it is; an empty one says so.
	ok := &Message{Content: "fine", Components: []Row{{{Kind: Button, ID: "a", Label: "A"}}}}
	if got := fit(ok); got.Content != "fine" || len(got.Components) != 1 {
		t.Errorf("a message that fits became %+v", got)
	}
	if got := fit(&Message{}); got.Content == "" {
		t.Errorf("an empty message stayed empty")
	}
}

// quote shows what a user typed without control or invisible characters,
// shortened.
func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"Ac2-c3":                 `"Ac2-c3"`,
		"a\x00b\nc\u200bd\ufeff": `"abcd"`,
		strings.Repeat("x", 100): `"` + strings.Repeat("x", maxQuote-1) + `…"`,
		"":                       `""`,
	} {
		if got := quote(in); got != want {
			t.Errorf("quote(%q) = %q, want %q", in, got, want)
		}
	}
}
