package main

import (
	"bytes"
	"image/gif"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// In the console, after a few moves of All the King's Men, /kingsmen
// replay writes a GIF under boards/ and prints its path: one frame per
// turn plus the start, which image/gif decodes. /kingsmen export writes
// the record, which parlor render --replay draws as the same GIF and
// parlor console --load plays on from where it stands.
func TestConsoleReplayExportLoad(t *testing.T) {
	dir := t.TempDir()
	db, boards := filepath.Join(dir, "parlor.db"), filepath.Join(dir, "boards")
	t.Chdir(dir)
	south, north := seating(t, consoleSession(t, db, boards, "as alice\n/kingsmen new bob\nbob: click Accept\nquit\n"))
	moves := []string{
		south + ": /kingsmen move Nf1-g1",
		north + ": /kingsmen move Ab7-b6",
		south + ": /kingsmen move Ae2-e3",
		north + ": /kingsmen move Ab6-b7",
		"/kingsmen replay",
		"/kingsmen export",
	}
	out := consoleSession(t, db, boards, strings.Join(moves, "\n")+"\n")
	path := regexp.MustCompile(`\(replay: (\S+\.gif)\)`).FindStringSubmatch(out)
	if path == nil {
		t.Fatalf("no replay path printed:\n%s", out)
	}
	frames := decodeGIF(t, path[1])
	if frames != 5 {
		t.Errorf("the replay of 4 moves has %d frames, want 5 (the start and a frame a turn)", frames)
	}
	record := regexp.MustCompile(`\(game record: (\S+\.txt)\)`).FindStringSubmatch(out)
	if record == nil {
		t.Fatalf("no record path printed:\n%s", out)
	}

	var rout, rerr bytes.Buffer
	gifOut := filepath.Join(dir, "again.gif")
	if err := run(t.Context(), []string{"render", "--replay", record[1], "--out", gifOut}, strings.NewReader(""), &rout, &rerr); err != nil {
		t.Fatalf("render --replay: %v\n%s", err, rerr.String())
	}
	if n := decodeGIF(t, gifOut); n != 5 || !strings.Contains(rout.String(), "5 frames") {
		t.Errorf("render --replay drew %d frames and said %q", n, rout.String())
	}

	// The record, loaded in a fresh database, plays on: South's move.
	var lout, lerr bytes.Buffer
	script := south + ": /kingsmen move Ae3-d4\nquit\n"
	err := run(t.Context(), []string{"console", "--db", filepath.Join(dir, "other.db"), "--boards", boards, "--load", record[1]}, strings.NewReader(script), &lout, &lerr)
	if err != nil {
		t.Fatalf("console --load: %v\n%s%s", err, lout.String(), lerr.String())
	}
	for _, want := range []string{"as game #1, with 4 decisions played", "(Ae3-d4)."} {
		if !strings.Contains(lout.String(), want) {
			t.Errorf("console --load says, without %q:\n%s", want, lout.String())
		}
	}
}

// decodeGIF decodes the animated GIF in path and returns its frames.
func decodeGIF(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s does not decode as a GIF: %v", path, err)
	}
	return len(g.Image)
}

// seating reads from a console session who plays South in alice's game
// against bob, and who North.
func seating(t *testing.T, out string) (south, north string) {
	t.Helper()
	m := regexp.MustCompile(`By lot, (\w+) plays South`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no seating announced:\n%s", out)
	}
	south, north = m[1], "alice"
	if south == "alice" {
		north = "bob"
	}
	return south, north
}
