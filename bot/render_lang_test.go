package bot

import (
	"fmt"
	"testing"

	"parlor/storage"
)

// A game's pictures (its boards and its replay) are drawn in the game's
// language: the bot gives render the game's Say and a title in it.
func TestPicturesInTheGamesLanguage(t *testing.T) {
	e := newEnv(t)
	a := &animator{}
	e.table.painter = a
	// The server speaks Spanish, and so do its games.
	spanishGuild(e)
	id := gameOf(t, e.do(e.cmd(alice, "new", "opponent", bob.ID)).Public)
	if r := e.do(e.click(bob, customID(id, 0, "accept"))); r.Public == nil {
		t.Fatalf("Bob accepts game %d: got %s, want a board", id, showResp(r))
	}
	info := a.lastInfo()
	if want := fmt.Sprintf("Partida #%d", id); info.Title != want {
		t.Errorf("the board's title: got %q, want %q", info.Title, want)
	}
	if got := info.T("Threat!"); got != "¡AMENAZA!" {
		t.Errorf("the board says Threat! as %q, want ¡AMENAZA!", got)
	}
	e.playFirst(id, 2)
	if r := e.do(e.cmd(carol, "replay", "game", fmt.Sprint(id))); r.Public == nil {
		t.Fatalf("replay: got %s", showResp(r))
	}
	if len(a.frames) != 3 {
		t.Fatalf("%d frames, want 3", len(a.frames))
	}
	for i, f := range a.frames {
		if got := f.Info.T("%s to move", "Alice"); got != "Turno de Alice" || f.Info.Title != fmt.Sprintf("Partida #%d", id) {
			t.Errorf("frame %d: %q titled %q, want Spanish", i, got, f.Info.Title)
		}
	}

	// An English game's pictures are in English.
	en := ""
	if _, err := e.db.SetGuildSettings(e.ctx, tableGuild, storage.SettingsChange{Language: &en, Speak: "en"}); err != nil {
		t.Fatal(err)
	}
	id2, _ := e.challenge(alice, bob)
	info = a.lastInfo()
	if want := fmt.Sprintf("Game #%d", id2); info.Title != want || info.T("Threat!") != "Threat!" {
		t.Errorf("an English board: title %q, Threat! as %q", info.Title, info.T("Threat!"))
	}
}
