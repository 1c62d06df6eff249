package discordtest_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"parlor/bot"
	"parlor/bot/discord/discordtest"
	"parlor/bot/i18n"
	"parlor/bot/i18n/i18ntest"
	"parlor/storage"
)

// A whole game of each game in a Spanish server, by Spanish players (one
// from Spain, one from Latin America) against the computer: the rules,
// the new game, every turn (with the move box's suggestions), a board, the
// history, an illegal move, a stranger's click and a resignation asked and
// withdrawn, to the end and its replay. The moves are typed with the
// Spanish words of the notation. Everything the bot sent Discord, but the
// commands it registers, is Spanish: no piece of English that only the
// English catalog has, no word of it (a notation word such as "roll" or
// "pass", a level such as "strong"), and no common English word.
func TestSpanishGames(t *testing.T) {
	t.Parallel()
	// The games take turns at the doors: the gateway, the HTTP door, and
	// the HTTP door on PostgreSQL (under -race, the gateway only; see
	// forEachDoor).
	doors := []struct {
		name string
		door setting
	}{{"gateway", func(*harness) {}}, {"http", viaHTTP}, {"http-postgres", func(h *harness) { viaHTTP(h); onPostgres(h) }}}
	for i, kit := range bot.Kits() {
		name := kit.Game.Name()
		d := doors[i%len(doors)]
		if raceDetector {
			d = doors[0]
		}
		t.Run(name+"/"+d.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, d.door)
			h.f.SetGuildLocale(h.f.GuildID(), "es-ES")
			alicia := h.f.AddUser(discordtest.User{GlobalName: "Alicia", Username: "alicia", Locale: "es-ES"})
			bruno := h.f.AddUser(discordtest.User{GlobalName: "Bruno", Username: "bruno", Locale: "es-419"})
			ch := h.f.Channel()

			h.private(h.f.Command(alicia, ch, name, "rules"))
			first := h.f.Command(alicia, ch, name, "new", discordtest.Opt{Name: "bots", Value: "1"}, discordtest.Opt{Name: "level", Value: "easy"}).
				Await(t, "the first board", isPublicBoard)
			id := spanishGameID(t, first)
			if b, ok := first.Find(func(c discordtest.Component) bool { return c.CustomID != "" && c.Type == 2 }); ok {
				h.private(h.f.Click(bruno, first, b.CustomID)) // a stranger's click
			}
			h.private(h.f.Command(alicia, ch, name, "move", discordtest.Opt{Name: "move", Value: "zzz"}))
			h.f.Command(alicia, ch, name, "board").Await(t, "the board", isPublicBoard)
			ask := h.private(h.f.Command(alicia, ch, name, "resign"))
			if no, ok := ask.Find(func(c discordtest.Component) bool { return strings.HasSuffix(c.CustomID, "/resign:no") }); ok {
				h.f.Click(alicia, ask, no.CustomID).Await(t, "the resignation withdrawn", func(m discordtest.Message) bool { return m.Content != ask.Content })
			} else {
				t.Errorf("the resignation question %q has no button to keep playing", ask.Content)
			}
			for turn := 0; ; turn++ {
				g, _ := h.game(id)
				if g.Status == storage.StatusOver {
					break
				}
				if raceDetector && turn == racyTurns {
					t.Logf("stopped after %d turns under the race detector; without it the game is played to its end", turn)
					break
				}
				if turn == 2000 {
					t.Fatalf("no end after %d turns", turn)
				}
				st, err := kit.Game.Parse(g.Position)
				if err != nil {
					t.Fatal(err)
				}
				seat := st.ToMove()
				if seat < 0 || g.Seats[seat].Computer != "" {
					h.awaitStored("the computer's move", func(now *storage.Game) bool { return now.Version > g.Version }, id)
					continue
				}
				// The move is typed with Spanish words ("tirar 5-3",
				// "salida+6"), as the board and the suggestions write it.
				move := i18n.Move(language.Spanish, st.Legal()[0].Text)
				if turn < 6 {
					h.f.Autocomplete(alicia, ch, name, "move", "move", discordtest.Opt{Name: "move", Value: move[:1]}).Choices(t)
				}
				ix := h.f.Command(alicia, ch, name, "move", discordtest.Opt{Name: "move", Value: move})
				ix.Await(t, "the move's answer", func(m discordtest.Message) bool { return !m.Loading() && (m.Content != "" || len(m.Files) > 0) })
				h.awaitStored("the move", func(now *storage.Game) bool { return now.Version > g.Version }, id)
			}
			h.private(h.f.Command(alicia, ch, name, "history"))
			h.sweep()
			checkSpanish(t, h.f.Requests())
		})
	}
}

func isPublicBoard(m discordtest.Message) bool {
	return !m.Ephemeral() && !m.Loading() && len(m.Files) == 1
}

var partidaNumber = regexp.MustCompile(`#(\d+)`)

// spanishGameID is the number of the game a board shows.
func spanishGameID(t testing.TB, m discordtest.Message) int64 {
	t.Helper()
	sub := partidaNumber.FindStringSubmatch(m.Content)
	if sub == nil {
		t.Fatalf("no game number in %q", m.Content)
	}
	var id int64
	for _, c := range sub[1] {
		id = id*10 + int64(c-'0')
	}
	return id
}

// englishWord is a common English word, which no Spanish text has.
// Its bounds are letters in any script (Go's \b knows only ASCII, so it
// would find "is" in "dieciséis").
var englishWord = regexp.MustCompile(`(?i)(?:^|[^\p{L}'])(the|your|you|is|are|and|with|wins|won|played|rolled|turn|waiting|please|can't|don't|nobody|who|which)(?:$|[^\p{L}'])`)

// shownFields are the fields of Discord's payloads that people read.
var shownFields = map[string]bool{"content": true, "title": true, "description": true, "label": true, "placeholder": true, "name": true, "value": true, "text": true}

// checkSpanish fails for every text people read in the requests (but the
// commands' registration) that is English.
func checkSpanish(t *testing.T, reqs []discordtest.Request) {
	t.Helper()
	pieces := i18ntest.EnglishOnly(language.Spanish)
	words := regexp.MustCompile(`(?i)(?:^|[^\p{L}'])(` + strings.Join(i18ntest.EnglishWords(language.Spanish), "|") + `)(?:$|[^\p{L}'])`)
	seen, reported := map[string]bool{}, map[string]bool{}
	for _, r := range reqs {
		if strings.Contains(r.Route, "/commands") || len(r.Body) == 0 {
			continue
		}
		var body any
		if err := json.Unmarshal(r.Body, &body); err != nil {
			continue
		}
		for _, text := range shownTexts(body, "") {
			if seen[text] {
				continue
			}
			seen[text] = true
			for _, p := range pieces {
				if strings.Contains(text, p) && !reported[p] {
					reported[p] = true
					t.Errorf("%s sends English (%q): %q", r.Route, p, text)
				}
			}
			// The game's name stays English, as the Spanish booklet
			// keeps it.
			text := strings.ReplaceAll(text, "All the King's Men", "")
			if m := words.FindStringSubmatch(text); m != nil && !reported[strings.ToLower(m[1])] {
				reported[strings.ToLower(m[1])] = true
				t.Errorf("%s sends the English %q, which Spanish says otherwise: %q", r.Route, m[1], text)
			}
			if m := englishWord.FindStringSubmatch(text); m != nil && !reported[strings.ToLower(m[1])] {
				w := strings.ToLower(m[1])
				reported[w] = true
				t.Errorf("%s sends the English word %q: %q", r.Route, w, text)
			}
		}
	}
	if len(seen) < 20 {
		t.Errorf("only %d texts sent: the check looked at too little", len(seen))
	}
}

// shownTexts are the strings of v under the fields people read. The
// value of a select menu's option (beside its label) or of an
// autocomplete's choice (under "choices") is what comes back to the bot,
// not what people read, and is left out.
func shownTexts(v any, field string) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		_, option := v["label"]
		for k, x := range v {
			if k == "custom_id" || k == "url" || k == "filename" || (k == "value" && (option || field == "choices")) {
				continue
			}
			out = append(out, shownTexts(x, k)...)
		}
	case []any:
		for _, x := range v {
			out = append(out, shownTexts(x, field)...)
		}
	case string:
		if shownFields[field] && v != "" {
			out = append(out, v)
		}
	}
	return out
}
