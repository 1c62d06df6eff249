package storage

import (
	"errors"
	"sync"
	"testing"
)

// A game speaks the language it was made with, unless its server chose
// one; choosing one (or going back to Discord's) changes the server's
// games in the same transaction, and no other server's.
func TestLanguages(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		create := func(guild, lang string) *Game {
			t.Helper()
			g := &Game{Kind: "kimbo", GuildID: guild, ChannelID: "c-" + guild, Creator: "u", Status: StatusActive, Position: "start", DrawOffer: NoDrawOffer, Lang: lang,
				Seats: []Seat{{Seat: 0, UserID: "u", Name: "U", Joined: true}}}
			if _, err := db.Create(ctx, g, ""); err != nil {
				t.Fatal(err)
			}
			return g
		}
		langOf := func(g *Game) string {
			t.Helper()
			return load(t, db, g.ID).Lang
		}
		a := create("g", "es-ES")
		other := create("h", "es-419")
		dm := create("", "en-US")
		if got := langOf(a); got != "es-ES" || a.Lang != "es-ES" {
			t.Fatalf("a game made in Spanish: %q (%q), want es-ES", got, a.Lang)
		}
		en, none := "en", ""
		s, err := db.SetGuildSettings(ctx, "g", SettingsChange{Language: &en, Speak: "en"})
		if err != nil || s.Language != "en" {
			t.Fatalf("choose English: %+v %v", s, err)
		}
		if got := langOf(a); got != "en" {
			t.Errorf("the server's game after choosing English: %q", got)
		}
		if b := create("g", "es-ES"); b.Lang != "en" || langOf(b) != "en" {
			t.Errorf("a game made in a server that chose English: %q, stored %q", b.Lang, langOf(b))
		}
		if got := langOf(other); got != "es-419" {
			t.Errorf("another server's game: %q", got)
		}
		if got := langOf(dm); got != "en-US" {
			t.Errorf("a DM game: %q", got)
		}
		six := 6
		if s, err := db.SetGuildSettings(ctx, "g", SettingsChange{RemindEvery: &six}); err != nil || s.Language != "en" || langOf(a) != "en" {
			t.Errorf("another setting changed: language %q, game %q, %v", s.Language, langOf(a), err)
		}
		if s, err := db.SetGuildSettings(ctx, "g", SettingsChange{Language: &none, Speak: "es-419"}); err != nil || s.Language != "" {
			t.Fatalf("back to Discord's: %+v %v", s, err)
		}
		if got := langOf(a); got != "es-419" {
			t.Errorf("the server's game back on Discord's language: %q", got)
		}
		if c := create("g", "pt-BR"); c.Lang != "pt-BR" {
			t.Errorf("a game made after going back to Discord's: %q", c.Lang)
		}

		// Two managers choosing at once: one outcome, for the setting and
		// the games alike.
		var wg sync.WaitGroup
		for _, l := range []string{"es", "en"} {
			wg.Go(func() {
				if _, err := db.SetGuildSettings(ctx, "g", SettingsChange{Language: &l, Speak: l}); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		s, err = db.GuildSettings(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		if got := langOf(a); got != s.Language {
			t.Errorf("after two choices at once: the server says %q, its game %q", s.Language, got)
		}
	})
}

// A server's language chosen while games are made there, and while
// another manager chooses another: every game of the server ends in the
// language the server ends with, on both engines (no game made in the old
// language after the change was decided, no half-done choice).
func TestLanguageChosenWhileGamesAreMade(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		var mu sync.Mutex
		var ids []int64
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Go(func() {
				for i := range 15 {
					if w%2 == 0 {
						g := &Game{Kind: "kimbo", GuildID: "g", ChannelID: "c", Creator: "u", Status: StatusActive, Position: "start", DrawOffer: NoDrawOffer, Lang: "pt-BR",
							Seats: []Seat{{Seat: 0, UserID: "u", Name: "U", Joined: true}}}
						if _, err := db.Create(ctx, g, ""); err != nil {
							t.Error(err)
							return
						}
						mu.Lock()
						ids = append(ids, g.ID)
						mu.Unlock()
						continue
					}
					l := []string{"es", "en"}[(i+w/2)%2]
					if _, err := db.SetGuildSettings(ctx, "g", SettingsChange{Language: &l, Speak: l}); err != nil {
						t.Error(err)
						return
					}
				}
			})
		}
		wg.Wait()
		s, err := db.GuildSettings(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			if got := load(t, db, id).Lang; got != s.Language {
				t.Errorf("game %d speaks %q; its server chose %q", id, got, s.Language)
			}
		}
	})
}

// Games outside a server (guild "") have no server's language: setting
// one is refused, and changes none of them.
func TestLanguageOfNoServer(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		g := &Game{Kind: "kimbo", ChannelID: "dm", Creator: "u", Status: StatusActive, Position: "start", DrawOffer: NoDrawOffer, Lang: "es-ES",
			Seats: []Seat{{Seat: 0, UserID: "u", Name: "U", Joined: true}}}
		if _, err := db.Create(ctx, g, ""); err != nil {
			t.Fatal(err)
		}
		en := "en"
		if _, err := db.SetGuildSettings(ctx, "", SettingsChange{Language: &en, Speak: en}); !errors.Is(err, ErrInvalid) {
			t.Errorf("a language for no server: %v, want ErrInvalid", err)
		}
		if got := load(t, db, g.ID).Lang; got != "es-ES" {
			t.Errorf("a DM game after: %q", got)
		}
	})
}
