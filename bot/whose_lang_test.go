package bot

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"parlor/storage"
)

// spanishOffer is the game of spanishKingsmen after Alice's first move
// and Bob's offer of a draw, in Spanish: the game, and the offer, which has
// its Spanish button.
func spanishOffer(e *tableEnv) (int64, *Message) {
	e.t.Helper()
	id := spanishKingsmen(e)
	e.do(locales(e.cmd(alice, "move", "move", "Ac2-c3"), "es-ES", "en-US"))
	offer := e.do(locales(e.cmd(bob, "draw"), "es-ES", "es-ES")).Public
	if offer == nil || button(offer, "Aceptar tablas") == "" {
		e.t.Fatalf("bob offers a draw in game %d: got %+v", id, offer)
	}
	return id, offer
}

// Accepting a draw with its button replaces the offer, which everyone
// sees: the words that take its place are the game's, whoever clicked.
func TestDrawAcceptedInTheGamesLanguage(t *testing.T) {
	e := newEnv(t)
	_, offer := spanishOffer(e)
	resp := e.do(locales(e.click(alice, button(offer, "Aceptar tablas")), "es-ES", "en-US"))
	if resp.Update == nil || resp.Update.Content != "Tablas aceptadas." {
		t.Errorf("alice, in English, accepts a Spanish game's draw: the offer becomes %s, want Tablas aceptadas.", showResp(resp))
	}

	// An English game, a Spanish clicker.
	e2 := newEnv(t)
	id2, _ := e2.challenge(alice, bob)
	offer = e2.do(e2.cmd(bob, "draw")).Public
	if offer == nil || button(offer, "Accept draw") == "" {
		t.Fatalf("bob offers a draw in game %d: got %+v", id2, offer)
	}
	resp = e2.do(locales(e2.click(alice, button(offer, "Accept draw")), "", "es-ES"))
	if resp.Update == nil || resp.Update.Content != "Draw accepted." {
		t.Errorf("alice, in Spanish, accepts an English game's draw: the offer becomes %s, want Draw accepted.", showResp(resp))
	}
}

// The history and the export are the asker's, end and all: how a game of
// another language ended is said in theirs.
func TestHistoryAndExportEndInTheAskersLanguage(t *testing.T) {
	e := newEnv(t)
	id, offer := spanishOffer(e)
	if r := e.do(locales(e.click(alice, button(offer, "Aceptar tablas")), "es-ES", "es-ES")); r.Public == nil || e.game(id).Status != storage.StatusOver {
		t.Fatalf("the draw is not agreed: %s", showResp(r))
	}
	history := func(locale string) string {
		t.Helper()
		resp := e.do(locales(e.cmd(carol, "history", "game", fmt.Sprint(id)), "es-ES", locale))
		if resp.Private == nil {
			t.Fatalf("history: %s", showResp(resp))
		}
		return resp.Private.Content
	}
	if got := history("en-US"); !strings.Contains(got, "Game over: drawn by agreement.") || strings.Contains(got, "tablas") {
		t.Errorf("the history asked in English of a Spanish game: %q, want it to end Game over: drawn by agreement.", got)
	}
	if got := history("es-ES"); !strings.Contains(got, "Partida terminada: tablas por acuerdo.") {
		t.Errorf("the history asked in Spanish: %q", got)
	}

	resp := e.do(locales(e.cmd(carol, "export", "game", fmt.Sprint(id)), "es-ES", "en-US"))
	if resp.Private == nil || resp.Private.File == nil {
		t.Fatalf("export: %s", showResp(resp))
	}
	r, err := ReadRecord(bytes.NewReader(resp.Private.File.Data))
	if err != nil {
		t.Fatalf("the export does not read back: %v", err)
	}
	if r.Title != fmt.Sprintf("Game #%d", id) || r.Result != "drawn by agreement." {
		t.Errorf("the record exported in English: title %q, result %q, want both in English", r.Title, r.Result)
	}
}

// A move's preview is the player's alone, its picture too: drawn in their
// language, whatever the game's.
func TestPreviewPictureInThePlayersLanguage(t *testing.T) {
	e := newEnv(t)
	id := spanishKingsmen(e)
	e.do(e.parlorCmd(alice, "me", "confirm", "on"))
	preview := e.do(locales(e.cmd(alice, "move", "move", "Ac2-c3"), "es-ES", "en-US"))
	if preview.Private == nil || preview.Private.File == nil {
		t.Fatalf("a preview: %s", showResp(preview))
	}
	info := e.painter.lastInfo()
	if want := fmt.Sprintf("Game #%d · preview", id); info.Title != want || info.T("Threat!") != "Threat!" {
		t.Errorf("an English player's preview of a Spanish game is drawn titled %q, saying Threat! as %q; want %q and English", info.Title, info.T("Threat!"), want)
	}

	// A Spanish player in an English game.
	e2 := newEnv(t)
	id2, _ := e2.challenge(alice, bob)
	mover := e2.mover(id2)
	e2.do(e2.parlorCmd(mover, "me", "confirm", "on"))
	preview = e2.do(locales(e2.cmd(mover, "move", "move", e2.position(id2).Legal()[0].Text), "", "es-ES"))
	if preview.Private == nil || preview.Private.File == nil {
		t.Fatalf("a preview: %s", showResp(preview))
	}
	info = e2.painter.lastInfo()
	if want := fmt.Sprintf("Partida #%d · previa", id2); info.Title != want || info.T("Threat!") != "¡AMENAZA!" {
		t.Errorf("a Spanish player's preview of an English game is drawn titled %q, saying Threat! as %q; want %q and Spanish", info.Title, info.T("Threat!"), want)
	}
}

// A setting out of bounds is refused naming the option as the user's
// Discord names it.
func TestSettingRefusedInTheUsersWords(t *testing.T) {
	e := newEnv(t)
	admin := alice
	admin.CanManage = true
	settings := func(locale string) Request {
		req := e.parlorCmd(admin, "settings", "reminders", "999")
		req.Locale = locale
		return req
	}
	noEnglishSaid(t, "a Spanish refusal", e.refuse(settings("es-ES"), `recordatorios va de 0 a 168, no "999".`))
	e.refuse(settings("en-US"), `reminders is 0 to 168, not "999".`)
}
