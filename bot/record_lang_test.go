package bot

import "testing"

// A game brought in from a record speaks the language of the place it is
// brought into, as a game begun there does: its board, and its computer
// players' names.
func TestImportSpeaksItsPlacesLanguage(t *testing.T) {
	e := newEnv(t)
	start, err := KingsmenKit().Game.New(2)
	if err != nil {
		t.Fatal(err)
	}
	r := &Record{Game: "kingsmen", Names: []string{"alice", "Parlor (strong)"}, Computers: []string{"", "strong"}, Start: start.String()}
	for _, c := range []struct {
		lang           Lang
		code, computer string
	}{{LangOf("es"), "es", "Parlor (fuerte)"}, {English, "en", "Parlor (strong)"}} {
		id, err := e.table.Import(e.ctx, r, "", "console", c.lang, func(name string) string { return "u-" + name })
		if err != nil {
			t.Fatalf("Import: %v", err)
		}
		g := e.game(id)
		if LangOf(g.Lang).Code() != c.code || seatUser(g, 1).Name != c.computer {
			t.Errorf("a game imported in %s speaks %q, its computer named %q; want %s and %q", c.code, g.Lang, seatUser(g, 1).Name, c.code, c.computer)
		}
	}
}
