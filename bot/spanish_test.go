package bot

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"golang.org/x/text/language"

	"parlor/bot/i18n/i18ntest"
	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/rumba"
	"parlor/storage"
)

// spanishGuild makes the test server's games speak Spanish, as a server
// whose language is Spanish does.
func spanishGuild(e *tableEnv) {
	e.t.Helper()
	es := "es"
	if _, err := e.db.SetGuildSettings(e.ctx, tableGuild, storage.SettingsChange{Language: &es, Speak: es}); err != nil {
		e.t.Fatalf("SetGuildSettings: %v", err)
	}
}

// locales is req made in a server whose Discord language is guild ("" for
// none) by a user whose Discord speaks user.
func locales(req Request, guild, user string) Request {
	req.GuildLocale, req.Locale = guild, user
	return req
}

// gameOfButtons is the game the components of m are about.
func gameOfButtons(t *testing.T, m *Message) int64 {
	t.Helper()
	if m != nil {
		for _, row := range m.Components {
			for _, c := range row {
				if id, ok := GameOfCustomID(c.ID); ok {
					return id
				}
			}
		}
	}
	t.Fatalf("no game's component on %+v", m)
	return 0
}

// shown is everything of m a user reads but the engine's descriptions of
// moves: its text, buttons, menus' placeholders and choices.
func shown(m *Message) []string {
	if m == nil {
		return nil
	}
	out := []string{m.Content}
	for _, row := range m.Components {
		for _, c := range row {
			out = append(out, c.Label, c.Placeholder)
			for _, o := range c.Options {
				out = append(out, o.Label)
			}
		}
	}
	return out
}

// englishOnly is what only English says, of the catalogs' pieces of text,
// for Spanish (i18ntest.EnglishOnly): computed once, as it scans every catalog.
var englishOnly = sync.OnceValue(func() []string { return i18ntest.EnglishOnly(language.Spanish) })

// englishIn is the pieces of text, of those only English says, that text
// has.
func englishIn(text string) []string {
	var out []string
	for _, piece := range englishOnly() {
		if strings.Contains(text, piece) {
			out = append(out, piece)
		}
	}
	return out
}

// noEnglish checks that none of texts, said in Spanish, says what only
// English says.
func noEnglish(t testing.TB, what string, texts ...string) {
	t.Helper()
	for _, text := range texts {
		for _, piece := range englishIn(text) {
			t.Errorf("%s: the English %q is left in:\n%s", what, piece, text)
		}
	}
}

// noEnglishSaid checks that text, said in Spanish, says something, and
// nothing that only English says.
func noEnglishSaid(t testing.TB, what, text string) {
	t.Helper()
	if text == "" {
		t.Errorf("%s: nothing said", what)
	}
	noEnglish(t, what, text)
}

// has checks that text says each of wants.
func has(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("%s: got %q, want it to say %q", what, text, want)
		}
	}
}

// spanishKingsmen starts a game of All the King's Men between alice, whose
// client speaks English, and bob, whose client speaks Spanish, in the
// Spanish server: alice is South and moves first.
func spanishKingsmen(e *tableEnv) int64 {
	e.t.Helper()
	spanishGuild(e)
	req := locales(e.cmd(alice, "new", "opponent", bob.ID), "es-ES", "en-US")
	id := gameOfButtons(e.t, e.do(req).Public)
	resp := e.do(locales(e.click(bob, customID(id, 0, "accept")), "es-ES", "es-ES"))
	if resp.Public == nil {
		e.t.Fatalf("bob accepts game %d: got %s, want a board", id, showResp(resp))
	}
	if g := e.game(id); g.Lang != "es" {
		e.t.Fatalf("game %d speaks %q, want es", id, g.Lang)
	}
	return id
}

// TestSpanishBoard checks that a game of a Spanish server shows everyone
// its board in Spanish, whoever moved: what happened, whose turn, the
// menus, the draw offer and its button, the end.
func TestSpanishBoard(t *testing.T) {
	e := newEnv(t)
	id := spanishKingsmen(e)
	resp := e.do(locales(e.cmd(alice, "move", "move", "Ac2-c3"), "es-ES", "en-US"))
	board := resp.Public
	if board == nil {
		t.Fatalf("alice moves: got %s, want a board", showResp(resp))
	}
	has(t, "the board", board.Content, fmt.Sprintf("**Partida #%d · All the King's Men**", id), "Alice (Sur, naranja)", "Bob (Norte, azul)", "**Alice** jugó", "te toca (Norte, azul).")
	var placeholders, labels []string
	for _, row := range board.Components {
		for _, c := range row {
			placeholders = append(placeholders, c.Placeholder)
			for _, o := range c.Options {
				labels = append(labels, o.Label)
			}
		}
	}
	has(t, "the menu", strings.Join(placeholders, "|"), "Mover una ficha…")
	has(t, "the menu's choices", strings.Join(labels, "|"), "Caballero ", "Arquero ")
	noEnglish(t, "the board", shown(board)...)

	// Bob, in Spanish, offers a draw; the offer is the game's, in Spanish.
	resp = e.do(locales(e.cmd(bob, "draw"), "es-ES", "es-ES"))
	offer := resp.Public
	if offer == nil {
		t.Fatalf("bob offers a draw: got %s", showResp(resp))
	}
	has(t, "the offer", offer.Content, fmt.Sprintf("**Bob** ofrece tablas en la partida #%d.", id))
	if button(offer, "Aceptar tablas") == "" {
		t.Errorf("the offer has no Spanish button: %+v", offer.Components)
	}
	noEnglish(t, "the offer", shown(offer)...)

	// Alice, in English, accepts: the end is said in Spanish on the board,
	// and so is what replaces the offer her click was on, which everyone
	// sees.
	resp = e.do(locales(e.click(alice, button(offer, "Aceptar tablas")), "es-ES", "en-US"))
	if resp.Public == nil || resp.Update == nil {
		t.Fatalf("alice accepts: got %s", showResp(resp))
	}
	has(t, "the last board", resp.Public.Content, "**Alice** aceptó las tablas.", "Partida terminada: tablas por acuerdo.")
	noEnglish(t, "the last board", shown(resp.Public)...)
	has(t, "what replaces the offer", resp.Update.Content, "Tablas aceptadas.")
}

// TestSpanishAnswers checks that a Spanish-speaking user's private answers
// are in Spanish, in any game (a stale button, not their turn, a game they
// do not play in), and an English-speaking user's in English.
func TestSpanishAnswers(t *testing.T) {
	e := newEnv(t)
	id := spanishKingsmen(e)
	first := e.game(id)
	oldPick := customID(id, first.Version, "pick")
	e.do(locales(e.cmd(alice, "move", "move", "Ac2-c3"), "es-ES", "en-US"))
	e.do(locales(e.cmd(bob, "move", "move", "Ab7-b6"), "es-ES", "es-ES"))

	// Not their turn.
	got := e.refuse(locales(e.cmd(bob, "move", "move", "Ab6-b5"), "es-ES", "es-ES"), "Es el turno de Alice, no el tuyo.")
	noEnglish(t, "not your turn", got)
	e.refuse(locales(e.cmd(bob, "move", "move", "Ab6-b5"), "es-ES", "en-US"), "It is Alice's turn, not yours.")

	// A button of an older board.
	got = e.refuse(locales(e.click(alice, oldPick, "c3"), "es-ES", "es-ES"), fmt.Sprintf("Ese tablero está desactualizado: la partida #%d ha avanzado", id))
	noEnglish(t, "a stale button", got)
	e.refuse(locales(e.click(alice, oldPick, "c3"), "es-ES", "en-US"), fmt.Sprintf("That board is out of date: game #%d has moved on", id))

	// Someone who does not play in it.
	got = e.refuse(locales(e.cmd(stranger, "resign", "game", fmt.Sprint(id)), "es-ES", "es-ES"), fmt.Sprintf("No juegas en la partida #%d.", id))
	noEnglish(t, "a stranger", got)
	e.refuse(locales(e.cmd(stranger, "resign", "game", fmt.Sprint(id)), "es-ES", "en-GB"), fmt.Sprintf("You are not playing in game #%d.", id))

	// The rules, asked in Spanish.
	resp := e.do(locales(e.cmd(stranger, "rules"), "es-ES", "es-ES"))
	if resp.Private == nil || resp.Private.Embed == nil {
		t.Fatalf("/kingsmen rules: got %s", showResp(resp))
	}
	has(t, "the rules", resp.Private.Embed.Title, "Cómo jugar a All the King's Men")
	has(t, "the rules", resp.Private.Embed.Description, "dos jugadores")
}

// TestSpanishDice checks a dice game of a Spanish server: its Roll button,
// its narration of rolls and passes, its menus and its refusals.
func TestSpanishDice(t *testing.T) {
	e := newKippyKooEnv(t)
	spanishGuild(e)
	cmd := func(u User, locale, sub string, opts ...string) Request {
		return locales(e.kkcmd(u, sub, opts...), "es-ES", locale)
	}
	id := gameOfButtons(t, e.do(cmd(alice, "es-ES", "new", "player2", bob.ID)).Public)
	board := e.do(locales(e.click(bob, customID(id, 0, "accept")), "es-ES", "es-ES")).Public
	if board == nil || e.mover(id) != alice {
		t.Fatalf("the lot should draw Alice: %+v", board)
	}
	has(t, "the first board", board.Content, "Alice (Sur, naranja)", "te toca (Sur, naranja). Tira los dados.")
	if button(board, "🎲 Tirar") == "" {
		t.Errorf("no Spanish Roll button on %+v", board.Components)
	}
	resp := e.do(e.click(alice, button(board, "🎲 Tirar")))
	if resp.Public == nil {
		t.Fatalf("roll: %s", showResp(resp))
	}
	has(t, "alice's roll", resp.Public.Content, "**Alice** sacó **6-3**: ")
	noEnglish(t, "alice's roll", shown(resp.Public)...)
	resp = e.do(cmd(bob, "es-ES", "roll"))
	if resp.Public == nil {
		t.Fatalf("bob's roll: %s", showResp(resp))
	}
	has(t, "bob's roll", resp.Public.Content, "**Bob** sacó **2-1**: no puede mover, y pasa.")
	noEnglish(t, "bob's roll", shown(resp.Public)...)
	resp = e.do(cmd(alice, "en-US", "roll"))
	if resp.Public == nil || len(selects(resp.Public)) == 0 {
		t.Fatalf("alice's second roll: %s", showResp(resp))
	}
	has(t, "alice's second roll", resp.Public.Content, "Sacaste **6-1**: elige tu jugada abajo, o escríbela con /kippykoo mover.")
	has(t, "the menu", selects(resp.Public)[0].Placeholder, "Mover tus canicas…")
	noEnglish(t, "alice's second roll", shown(resp.Public)...)
	got := e.refuse(cmd(alice, "es-ES", "roll"), "Ya sacaste 6-1: ahora mueve")
	noEnglish(t, "a roll too many", got)
	e.refuse(cmd(alice, "en-US", "roll"), "You have thrown 6-1 already")
}

// TestSpanishKitWords checks the kits' words that the games above do not
// show: seats' names and a fence's refusals, said in Spanish.
func TestSpanishKitWords(t *testing.T) {
	es := LangOf("es-ES")
	r, err := rumba.New(4)
	if err != nil {
		t.Fatal(err)
	}
	if got := rumbaSeatName(es, r, 0); got != "Sur, Rojo" {
		t.Errorf("rumba's seat 0 in Spanish is %q, want Sur, Rojo", got)
	}
	if r2, err := rumba.New(2); err == nil {
		if got := rumbaSeatName(es, r2, 1); got != "Este y Oeste, Negro" {
			t.Errorf("rumba's seat 1 of 2 in Spanish is %q, want Este y Oeste, Negro", got)
		}
	}
	k, err := kimbo.New(3)
	if err != nil {
		t.Fatal(err)
	}
	if got := kimboSeatName(es, k, 1); got != "Oeste, azul" {
		t.Errorf("kimbo's seat 1 in Spanish is %q, want Oeste, azul", got)
	}
	for _, c := range []struct {
		st   rules.State
		want string
	}{
		{nil, `"x9" no es una ranura`},
		{k, "Ahora no puedes mover una valla"}, // before the opening roll
	} {
		_, err = kimboFenceText(c.st, map[string]string{"fence": "x9", "to": "h5|h6"})
		var ue *userError
		if !errors.As(err, &ue) {
			t.Fatalf("kimbo fence: %v, want a userError", err)
		}
		got := es.Say(ue.text)
		has(t, "kimbo fence", got, c.want)
		noEnglish(t, "kimbo fence", got)
	}
}
