package bot

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"parlor/storage"
)

// With /parlor me confirm:on, a typed move shows its board privately with
// Confirm and Cancel: Cancel leaves nothing, Confirm plays it; a preview
// from before the game moved on is refused; a player without previews
// plays at once.
func TestConfirmMoves(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, bob)
	me := e.cmd(alice, "me", "confirm", "on")
	me.Command = "parlor"
	if r := e.do(me); r.Private == nil || !strings.Contains(r.Private.Content, "press Confirm") {
		t.Fatalf("/parlor me confirm:on: %s", showResp(r))
	}
	version := e.game(id).Version
	preview := e.do(e.cmd(alice, "move", "move", "Nf1-g1", "game", fmt.Sprint(id)))
	if preview.Private == nil || preview.Public != nil || preview.Private.File == nil || !strings.Contains(preview.Private.Content, "about to play") {
		t.Fatalf("a move with previews: got %s, want a private preview with its board", showResp(preview))
	}
	if g := e.game(id); g.Version != version || len(e.log(id)) != 0 {
		t.Fatalf("the preview changed the game: version %d, log %+v", g.Version, e.log(id))
	}
	cancel := e.do(e.click(alice, button(preview.Private, "Cancel")))
	if cancel.Update == nil || !strings.Contains(cancel.Update.Content, "nothing was played") || len(e.log(id)) != 0 {
		t.Fatalf("Cancel: got %s, log %+v", showResp(cancel), e.log(id))
	}
	preview = e.do(e.cmd(alice, "move", "move", "Nf1-g1", "game", fmt.Sprint(id)))
	e.refuse(e.click(bob, button(preview.Private, "Confirm")), "not your")
	ok := e.do(e.click(alice, button(preview.Private, "Confirm")))
	if ok.Public == nil || ok.Update == nil || !strings.Contains(ok.Update.Content, "You played Nf1-g1") {
		t.Fatalf("Confirm: got %s, want the board and the preview replaced", showResp(ok))
	}
	if log := e.log(id); len(log) != 1 || log[0].Text != "Nf1-g1" {
		t.Fatalf("after Confirm the log is %+v", log)
	}
	e.refuse(e.click(alice, button(preview.Private, "Confirm")), "moved on since that preview")
	// Bob has no previews: his move counts at once.
	if r := e.do(e.cmd(bob, "move", "move", "Ab7-b6", "game", fmt.Sprint(id))); r.Public == nil {
		t.Fatalf("Bob's move: got %s, want the board", showResp(r))
	}
}

// A player whose Discord speaks Spanish is asked, and answered, in
// Spanish; an English player in English (issue 21's first words).
func TestResignAsksInTheirLanguage(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, bob)
	req := e.cmd(bob, "resign", "game", fmt.Sprint(id))
	req.Locale = "es-419"
	ask := e.do(req)
	if ask.Private == nil || ask.Private.Content != fmt.Sprintf("¿Abandonar la partida #%d? La partida termina y la ganan los demás.", id) || button(ask.Private, "Seguir jugando") == "" {
		t.Fatalf("a Spanish player's question: %s", showResp(ask))
	}
	click := e.click(bob, button(ask.Private, "Abandonar la partida"))
	click.Locale = "es-ES"
	if r := e.do(click); r.Update == nil || r.Update.Content != fmt.Sprintf("Abandonaste la partida #%d.", id) {
		t.Errorf("the answer to a Spanish player: %s", showResp(r))
	}
	id2, _ := e.challenge(alice, bob)
	req = e.cmd(alice, "resign", "game", fmt.Sprint(id2))
	req.Locale = "en-US"
	if ask := e.do(req); ask.Private == nil || !strings.HasPrefix(ask.Private.Content, "Resign game #") {
		t.Errorf("an English player's question: %s", showResp(ask))
	}
}

// A move is said in the language of who reads it: its preview and the
// moves suggested as one types in the player's, the board's line saying
// it was played in the game's.
func TestMoveDescribedInTheirLanguage(t *testing.T) {
	e := newEnv(t)
	es := "es"
	if _, err := e.db.SetGuildSettings(e.ctx, tableGuild, storage.SettingsChange{Language: &es, Speak: es}); err != nil {
		t.Fatal(err)
	}
	req := e.cmd(alice, "new", "opponent", bob.ID)
	req.Users[bob.ID] = bob
	id := gameOfButtons(t, e.do(req).Public)
	e.do(e.click(bob, customID(id, 0, "accept")))
	if g := e.game(id); g.Lang != "es" {
		t.Fatalf("a game made in a Spanish server speaks %q", g.Lang)
	}
	typing := e.typing(alice, "move", "move", "Nf1", "game", fmt.Sprint(id))
	typing.Locale = "es-ES"
	if r := e.do(typing); len(r.Choices) == 0 || !slices.ContainsFunc(r.Choices, func(c Choice) bool { return c.Name == "Nf1-g1 · Caballero de f1 a g1" }) {
		t.Errorf("a Spanish player's suggestions: %+v", r.Choices)
	}
	me := e.cmd(alice, "me", "confirm", "on")
	me.Command = "parlor"
	e.do(me)
	move := e.cmd(alice, "move", "move", "Nf1-g1", "game", fmt.Sprint(id))
	move.Locale = "es-ES"
	preview := e.do(move)
	if want := fmt.Sprintf("Partida #%d: vas a jugar Caballero de f1 a g1 (Nf1-g1). Cuenta cuando la confirmes.", id); preview.Private == nil || preview.Private.Content != want {
		t.Fatalf("a Spanish player's preview: got %s, want %q", showResp(preview), want)
	}
	move.Locale = "en-US"
	if preview := e.do(move); preview.Private == nil || !strings.HasPrefix(preview.Private.Content, fmt.Sprintf("Game #%d: you are about to play Knight f1 to g1 (Nf1-g1).", id)) {
		t.Fatalf("an English player's preview: %s", showResp(preview))
	}
	ok := e.do(e.click(alice, button(preview.Private, "Confirm")))
	if ok.Public == nil || !strings.Contains(ok.Public.Content, "**Alice** jugó Caballero de f1 a g1 (Nf1-g1).") {
		t.Fatalf("the board of a Spanish game: %s", showResp(ok))
	}
}
