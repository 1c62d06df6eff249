package main

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// console runs one console session over script and returns what it printed.
func consoleSession(t *testing.T, db, boards, script string) string {
	t.Helper()
	var out, errs bytes.Buffer
	err := run(t.Context(), []string{"console", "--db", db, "--boards", boards}, strings.NewReader(script), &out, &errs)
	if err != nil {
		t.Fatalf("console: %v\n%s\n%s", err, out.String(), errs.String())
	}
	return out.String()
}

// A whole game of All the King's Men from a fresh database, played in two
// console sessions: the console stops mid-game and the second session
// carries on with the same game, to the capture of a King. Moves are made
// by typed commands, by aliases and by the select menus.
func TestConsoleFullGameAcrossRestart(t *testing.T) {
	flowTest(t)
	dir := t.TempDir()
	db, boards := filepath.Join(dir, "parlor.db"), filepath.Join(dir, "boards")
	t.Chdir(dir) // no stray .env from the developer's checkout

	south, north := seating(t, consoleSession(t, db, boards, "as alice\n/kingsmen new bob\nbob: click Accept\nquit\n"))
	// South captures North's King on d8 at the 17th move, after North's
	// Archer leaves d7 and opens the d-file to the Knight on d4.
	first := []string{
		south + ": /kingsmen move Nf1-g1",
		north + ": /kingsmen move move:Ab7-b6",
		south + ": choose e2",
		south + ": choose Ae2-e3",
		north + ": /kingsmen move a7a6", // two-square alias
		south + ": /kingsmen move Ae3-d4",
		north + ": /kingsmen move Ab6-b7",
		south + ": /kingsmen move Ad4-e5",
	}
	out := consoleSession(t, db, boards, strings.Join(first, "\n")+"\n")
	if strings.Contains(out, "can't play") || strings.Contains(out, "turn, not yours") || strings.Contains(out, "No menu") {
		t.Fatalf("a move was refused in the first half:\n%s", out)
	}
	second := []string{
		north + ": /kingsmen move Ac7-c6",
		south + ": /kingsmen move Ne1-e3",
		north + ": /kingsmen move Nf8-g8",
		south + ": /kingsmen move Af2-e2",
		north + ": /kingsmen move Ab7-a8",
		south + ": /kingsmen move Ne3-d4",
		north + ": /kingsmen move Ag7-g6",
		south + ": /kingsmen move Ae2-f2",
		north + ": /kingsmen move Ad7-c7",
		south + ": /kingsmen move Nd4xd8",
		north + ": /kingsmen move Nb8-a8",
	}
	out = consoleSession(t, db, boards, strings.Join(second, "\n")+"\n")
	if !strings.Contains(out, south+" won by capturing the King") {
		t.Fatalf("the game did not end with %s capturing the King:\n%s", south, out)
	}
	if !strings.Contains(out, "Game #1 is over") {
		t.Fatalf("a move after the end was not refused:\n%s", out)
	}
	if n := strings.Count(out, "can't play"); n != 0 {
		t.Fatalf("%d moves were refused in the second half:\n%s", n, out)
	}

	var check bytes.Buffer
	if err := run(t.Context(), []string{"check", "--db", db}, nil, &check, &check); err != nil {
		t.Fatalf("check: %v\n%s", err, check.String())
	}
	if !strings.Contains(check.String(), "checked 1 games") {
		t.Fatalf("check output: %s", check.String())
	}
	// Each board's picture replaces the one before: the folder keeps the
	// latest of each game, not a file per move.
	pics, _ := filepath.Glob(filepath.Join(boards, "*.png"))
	if len(pics) != 1 || filepath.Base(pics[0]) != "kingsmen-1.png" {
		t.Fatalf("board pictures %v, want only the latest of game 1, kingsmen-1.png", pics)
	}
	f, err := os.Open(pics[len(pics)-1])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Fatalf("board picture %s is not a PNG: %v", pics[len(pics)-1], err)
	}
}

// Kimbo for three in the console: an invitation, a seat taken with Join,
// the game begun by the acceptance with its opening roll; the player to
// move rolls with the button (the others are told it is not their turn);
// the console stops and a new session shows the same game's board.
func TestConsoleKimboThreePlayers(t *testing.T) {
	flowTest(t)
	dir := t.TempDir()
	db, boards := filepath.Join(dir, "parlor.db"), filepath.Join(dir, "boards")
	t.Chdir(dir)

	out := consoleSession(t, db, boards, strings.Join([]string{
		"as alice",
		"/kimbo new bob players:3",
		"carol: click Join",
		"bob: click Accept",
		"alice: click roll",
		"bob: click roll",
		"carol: click roll",
		"quit",
	}, "\n")+"\n")
	for _, want := range []string{"alice starts a game of Kimbo for 3", "carol joined.", "Opening roll: ", "moved no fence and rolled"} {
		if !strings.Contains(out, want) {
			t.Fatalf("the console did not say %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "moved no fence and rolled"); n != 1 {
		t.Errorf("%d rolls, want the one of the player to move:\n%s", n, out)
	}
	out = consoleSession(t, db, boards, "/kimbo board game:1\nquit\n")
	if !strings.Contains(out, "Game #1 · Kimbo · ") || !strings.Contains(out, "your move") {
		t.Fatalf("the board after a restart:\n%s", out)
	}
	checkDB(t, db, 1)
}

// Kippy Koo in the console: a challenge accepted, the lot, a throw by
// the Roll button of whoever the lot drew, and the game carried on in a
// second session.
func TestConsoleKippyKoo(t *testing.T) {
	flowTest(t)
	dir := t.TempDir()
	db, boards := filepath.Join(dir, "parlor.db"), filepath.Join(dir, "boards")
	t.Chdir(dir)

	out := consoleSession(t, db, boards, strings.Join([]string{
		"as alice",
		"/kippykoo new bob",
		"bob: click Accept",
		"alice: click roll",
		"bob: click roll",
		"quit",
	}, "\n")+"\n")
	for _, want := range []string{"Game #1 begins. By lot, ", " rolled "} {
		if !strings.Contains(out, want) {
			t.Fatalf("the console did not say %q:\n%s", want, out)
		}
	}
	out = consoleSession(t, db, boards, "/kippykoo board game:1\n/games\nquit\n")
	if !strings.Contains(out, "Game #1 · Kippy Koo · ") || !strings.Contains(out, "your move") {
		t.Fatalf("the board after a restart:\n%s", out)
	}
	if !strings.Contains(out, "Your games here:") || !strings.Contains(out, "#1 Kippy Koo · ") {
		t.Fatalf("/games:\n%s", out)
	}
	checkDB(t, db, 1)
}

// Rumba in the console: Alice names her partner and both opponents, they
// accept, the opening throw picks who begins and that player throws.
func TestConsoleRumbaFourPlayers(t *testing.T) {
	flowTest(t)
	dir := t.TempDir()
	db, boards := filepath.Join(dir, "parlor.db"), filepath.Join(dir, "boards")
	t.Chdir(dir)

	out := consoleSession(t, db, boards, strings.Join([]string{
		"as alice",
		"/rumba new partner:carol opponent:bob opponent2:dave",
		"carol: click Accept",
		"bob: click Accept",
		"dave: click Accept",
		"alice: click roll",
		"bob: click roll",
		"carol: click roll",
		"dave: click roll",
		"quit",
	}, "\n")+"\n")
	for _, want := range []string{"alice ✓ and @carol (invited) against @bob (invited) and @dave (invited)", "alice plays South, Red, bob plays East, Black, carol plays North, Red and dave plays West, Black", "Opening throw: ", " rolled "} {
		if !strings.Contains(out, want) {
			t.Fatalf("the console did not say %q:\n%s", want, out)
		}
	}
	checkDB(t, db, 1)
}

// checkDB runs parlor check on db, which should hold games games.
func checkDB(t *testing.T, db string, games int) {
	t.Helper()
	var check bytes.Buffer
	if err := run(t.Context(), []string{"check", "--db", db}, nil, &check, &check); err != nil || !strings.Contains(check.String(), fmt.Sprintf("checked %d games", games)) {
		t.Fatalf("check: %v\n%s", err, check.String())
	}
}

// flowTest marks a test of one player's flow through the program (the
// console games, the README's examples and commands): one goroutine at a
// time, drawing a board at every turn, which the race detector makes ten
// times slower and learns nothing from. Under -race it skips; the README's
// test command runs this package without -race too.
func flowTest(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("a flow through the program: it runs without -race (go test ./cmd/parlor)")
	}
}

// parlor console --lang es speaks Spanish from its first line; a language
// Parlor does not speak is refused.
func TestConsoleLang(t *testing.T) {
	flowTest(t)
	dir := t.TempDir()
	t.Chdir(dir)
	db, boards := filepath.Join(dir, "parlor.db"), filepath.Join(dir, "boards")
	var out, errs bytes.Buffer
	if err := run(t.Context(), []string{"console", "--db", db, "--boards", boards, "--lang", "es"}, strings.NewReader("as bob\nquit\n"), &out, &errs); err != nil {
		t.Fatalf("console --lang es: %v\n%s", err, errs.String())
	}
	for _, want := range []string{"Las partidas se guardan en " + db, "Consola de Parlor: eres alice.", "Eres bob."} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("console --lang es does not say %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := run(t.Context(), []string{"console", "--db", db, "--lang", "xx"}, strings.NewReader("quit\n"), &out, &errs); err == nil || !strings.Contains(err.Error(), "en, es") {
		t.Errorf("console --lang xx: %v, want it refused naming en, es", err)
	}
}

// An export in the console says the exact command that plays on from the
// record it wrote, and that command works as said.
func TestConsoleExportHint(t *testing.T) {
	flowTest(t)
	dir := t.TempDir()
	t.Chdir(dir)
	out := consoleSession(t, "parlor.db", "boards", "/kippykoo new bob\nbob: click Accept\n/kippykoo export\nquit\n")
	path := filepath.Join("boards", "kippykoo-1.txt")
	want := "(play on from it with: " + programName() + " console --load " + path + ")"
	if !strings.Contains(out, want) {
		t.Fatalf("the export does not say %q:\n%s", want, out)
	}
	if strings.Contains(out, "`") {
		t.Errorf("the console shows Discord's markup:\n%s", out)
	}
	words := strings.Fields(strings.TrimSuffix(strings.TrimPrefix(want, "(play on from it with: "+programName()+" "), ")"))
	var loaded, errs bytes.Buffer
	if err := run(t.Context(), words, strings.NewReader("quit\n"), &loaded, &errs); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(words, " "), err, errs.String())
	}
	if !strings.Contains(loaded.String(), "Loaded boards/kippykoo-1.txt as game #2") {
		t.Errorf("%s:\n%s", strings.Join(words, " "), loaded.String())
	}
}
