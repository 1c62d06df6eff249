package console

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A game's command with its game option left out acts on the game the
// user is looking at, as in a game's thread in Discord, though the user
// has several games of it here; autocomplete with nothing typed lists
// the moves of that game and says which, and asks which game when the
// user looks at none of them.
func TestConsoleCommandsActOnTheGameLookedAt(t *testing.T) {
	c, out := diceEnv(t, filepath.Join(t.TempDir(), "parlor.db"), 1)
	script(t, c, out, "/kingsmen new bob", "bob: click Accept", "/kingsmen new carol", "carol: click Accept")
	for _, l := range []string{"/kingsmen board", "/kingsmen history"} {
		got := line(t, c, out, l)
		if strings.Contains(got, "Say which") || !strings.Contains(got, "#2") {
			t.Errorf("%s, looking at game 2:\n%s", l, got)
		}
	}
	// Alice, to move in game 2, completes a move with nothing typed (the
	// first call Discord makes): the list says which game it is of.
	if c.movers[2] != "alice" {
		line(t, c, out, "mover: turn")
	}
	if c.movers[2] != "alice" || c.looking["alice"] != 2 {
		t.Fatalf("alice is not to move in game 2, which she looks at: %v, %v", c.movers, c.looking)
	}
	got := line(t, c, out, "complete /kingsmen move")
	if !strings.Contains(got, "In game #2:") || strings.Contains(got, "(no suggestions)") || !strings.Contains(got, " · ") {
		t.Errorf("complete /kingsmen move with nothing typed, alice having two games:\n%s", got)
	}
	// Looking at a game of another command, alice is asked which game.
	line(t, c, out, "/kimbo new dave")
	if _, err := c.Line(t.Context(), "complete /kingsmen move"); err == nil || !strings.Contains(err.Error(), "Which game? You have #") {
		t.Errorf("complete with two games and neither looked at: %v", err)
	}
	// A game named on the line wins over the game looked at.
	if got := line(t, c, out, "/kingsmen board game:1"); !strings.Contains(got, "#1") {
		t.Errorf("/kingsmen board game:1:\n%s", got)
	}
}

// An option typed by a name the command does not have is refused, with
// the command's options, in English and in the console's language, and
// nothing reaches the bot; a command without options says so.
func TestConsoleUnknownOption(t *testing.T) {
	for _, tc := range []struct{ locale, line, want string }{
		{"", "/rumba new oponente:@parlor", `/rumba new has no option "oponente"; its options are partner, opponent, opponent2, players, bots, level, reminders, deadline.`},
		{"es", "/rumba nueva oponente:@parlor", `/rumba nueva no tiene la opción "oponente"; sus opciones son compañero, rival, rival2, jugadores, bots, nivel, recordatorios, plazo.`},
		{"", "/kingsmen rules game:5", `/kingsmen rules takes no options, and "game" is not one.`},
		{"es", "/kingsmen reglas partida:5", `/kingsmen reglas no admite opciones, y "partida" no es una de ellas.`},
		{"", "/kingsmen rules 5", "/kingsmen rules takes no options."},
		{"es", "/kingsmen reglas 5", "/kingsmen reglas no admite opciones."},
		{"", "/kingsmen board 3 4", "/kingsmen board has only these options: game."},
	} {
		c, _, _ := consoleEnv(t)
		rec := &requests{Handler: c.Handler}
		c.Handler, c.Locale = rec, tc.locale
		_, err := c.Line(t.Context(), tc.line)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q in %q: %v, want %q", tc.line, tc.locale, err, tc.want)
		}
		if len(rec.got) != 0 {
			t.Errorf("%q reached the bot as %+v", tc.line, rec.got)
		}
	}
}

// The console writes what a reader of Discord sees, without the markup.
func TestConsolePlainText(t *testing.T) {
	c, _, _ := consoleEnv(t)
	for _, tc := range []struct{ in, want string }{
		{"**Game #1** starts", "Game #1 starts"},
		{"__Friday 27 November 2026__", "Friday 27 November 2026"},
		{"a piece may only move from where it *starts*", "a piece may only move from where it starts"},
		{"history: `roll 2-1`", "history: roll 2-1"},
		{"play in <#console>, <@bob>", "play in #console, @bob"},
		{"***both*** and ~~gone~~ and ||hidden||", "both and gone and hidden"},
		{"alice ✓ y _asiento libre_", "alice ✓ y asiento libre"},
		{"snake_case_words stay", "snake_case_words stay"},
		{"**_Threat!_** now", "Threat! now"},
		{"`**not bold** in code`", "**not bold** in code"},
		{"a \\*literal\\* star", "a *literal* star"},
		{"[the rules](https://example.com/rules)", "the rules (https://example.com/rules)"},
		{"-# a small note", "a small note"},
	} {
		if got := c.plain(tc.in); got != tc.want {
			t.Errorf("plain(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// The words of the console are taken in English and in its language.
func TestConsoleWordsInSpanish(t *testing.T) {
	c, out, _ := consoleEnv(t)
	c.Locale = "es"
	for _, l := range []string{"ayuda", "help"} {
		if got := line(t, c, out, l); !strings.Contains(got, "  como bob ") || !strings.Contains(got, "/parlor recordatorios resumen ") {
			t.Errorf("%q in Spanish (want its examples in Spanish, choices too):\n%s", l, got)
		}
	}
	// The choice is typed as help shows it.
	if got := line(t, c, out, "/parlor recordatorios resumen"); !strings.Contains(got, "un mensaje directo al día") {
		t.Errorf("/parlor recordatorios resumen:\n%s", got)
	}
	line(t, c, out, "/kingsmen nueva bob")
	if got := line(t, c, out, "bob: pulsa Aceptar"); !strings.Contains(got, "aceptó") {
		t.Errorf("bob: pulsa Aceptar:\n%s", got)
	}
	line(t, c, out, "mueve: elige 1")
	if got := line(t, c, out, "mueve: elige 1"); !strings.Contains(got, "Jugaste") {
		t.Errorf("mueve: elige 1, twice:\n%s", got)
	}
	if quit, err := c.Line(t.Context(), "salir"); !quit || err != nil {
		t.Errorf("salir: quit %v, %v", quit, err)
	}
}

// help's second column starts at one place on every line, in English and
// in Spanish.
func TestConsoleHelpColumns(t *testing.T) {
	row := regexp.MustCompile(`^  (\S+(?: \S+)*)( {2,})\S`)
	for _, locale := range []string{"", "es"} {
		c, out, _ := consoleEnv(t)
		c.Locale = locale
		help := line(t, c, out, "help")
		at := map[int][]string{}
		for _, l := range strings.Split(help, "\n") {
			m := row.FindStringSubmatchIndex(l)
			if m == nil {
				continue
			}
			col := len([]rune(l[:m[5]]))
			at[col] = append(at[col], l)
		}
		if len(at) != 1 {
			t.Errorf("help in %q has its second column at %d places:\n%v", locale, len(at), at)
		}
	}
}

// /leaderboard and /profile work in the console, which is one place: its
// finished games are rated, and nothing of another place's counts.
func TestConsoleLeaderboardAndProfile(t *testing.T) {
	c, out := diceEnv(t, filepath.Join(t.TempDir(), "parlor.db"), 1)
	script(t, c, out, "/kingsmen new bob", "bob: click Accept", "bob: /kingsmen resign")
	if got := line(t, c, out, "bob: click Resign"); !strings.Contains(got, "bob resigned") {
		t.Fatalf("bob resigns:\n%s", got)
	}
	board := line(t, c, out, "/leaderboard kingsmen")
	if !strings.Contains(board, "1. @alice") || !strings.Contains(board, "2. @bob") || !strings.Contains(board, "1 won") {
		t.Errorf("the leaderboard after alice's win:\n%s", board)
	}
	if got := line(t, c, out, "/profile bob"); !strings.Contains(got, "@bob here") || !strings.Contains(got, "1 lost") {
		t.Errorf("bob's profile:\n%s", got)
	}
	// Another place (another channel, outside a server) has its own.
	c.channel = "elsewhere"
	if got := line(t, c, out, "/leaderboard kingsmen"); !strings.Contains(got, "No finished games here yet.") {
		t.Errorf("the leaderboard of another channel:\n%s", got)
	}
}

// Every command help lists works in the console: none is refused for
// being a server's (a game's command may still want a game).
func TestConsoleHelpListsWhatWorks(t *testing.T) {
	c, out, _ := consoleEnv(t)
	help := line(t, c, out, "help")
	example := regexp.MustCompile(`(?m)^  (/\S+(?: \S+)*)  `)
	n := 0
	for _, m := range example.FindAllStringSubmatch(help, -1) {
		n++
		out.Reset()
		if _, err := c.Line(t.Context(), strings.TrimSpace(m[1])); err != nil {
			t.Errorf("%s: the console says %v", m[1], err)
		}
		if strings.Contains(out.String(), "in a server") || strings.Contains(out.String(), "per server") {
			t.Errorf("help lists %s, which the console refuses:\n%s", m[1], out.String())
		}
	}
	if n < 50 {
		t.Errorf("help lists %d commands:\n%s", n, help)
	}
}
