package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"parlor/rules/kingsmen"
	"parlor/storage"
)

// A short self-play run ends every game, and check agrees with the
// database it leaves; a tampered game is then reported.
func TestSelfplayThenCheck(t *testing.T) {
	t.Chdir(t.TempDir())
	db := filepath.Join(t.TempDir(), "sp.db")
	var out bytes.Buffer
	if err := run(t.Context(), []string{"selfplay", "kingsmen", "--games", "12", "--seed", "7", "--db", db}, nil, &out, &out); err != nil {
		t.Fatalf("selfplay: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "games played: 12") {
		t.Fatalf("selfplay output:\n%s", out.String())
	}
	out.Reset()
	if err := run(t.Context(), []string{"check", "--db", db}, nil, &out, &out); err != nil {
		t.Fatalf("check: %v\n%s", err, out.String())
	}
	store, err := storage.Open(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.SQL().Exec("UPDATE games SET position = ? WHERE id = 3", kingsmen.StartText); err != nil {
		t.Fatal(err)
	}
	store.Close()
	out.Reset()
	err = run(t.Context(), []string{"check", "--db", db}, nil, &out, &out)
	if err == nil || !strings.Contains(out.String(), "game 3:") {
		t.Fatalf("check of a tampered game: err %v, output:\n%s", err, out.String())
	}
}

func TestKingsmenInvariantsCatchBrokenMoves(t *testing.T) {
	tests := []struct{ name, prev, next, want string }{
		{"a piece appears", ".nnknn./aaaaaaa/......./......./......./......./AAAAAA./.NNKNN. s 0 1", kingsmen.StartText, "gained"},
		{"the mover loses a piece", kingsmen.StartText, ".nnknn./aaaaaaa/......./......./......./......./AAAAAA./.NNKNN. n 1 1", "own move"},
		{"two pieces leave", kingsmen.StartText, ".nnknn./aaaaa../......./......./......./......./AAAAAAA/.NNKNN. n 0 1", "2 pieces"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prev, err := kingsmen.Parse(tt.prev)
			if err != nil {
				t.Fatal(err)
			}
			next, err := kingsmen.Parse(tt.next)
			if err != nil {
				t.Fatal(err)
			}
			err = kingsmen.Invariants(prev, next)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error about %q\n%s", err, tt.want, next.Drawing())
			}
		})
	}
}
