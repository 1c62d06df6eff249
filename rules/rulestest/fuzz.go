package rulestest

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"parlor/rules"
)

// The parts of the engines' fuzz drivers (FuzzMoveSequence) that do not
// depend on the game: a typed text tried on a position, a move text edited
// by the fuzzer's bytes, and a legal decision played with every check that
// holds in any game.

// Typed tries text, as a player might type it, on s, whose legal moves are
// legal: rules.Find must find a legal move or refuse with an error
// wrapping rules.ErrIllegal, and Play must refuse it the same way unless
// it is a legal move's text (surrounding space aside). It returns that
// text, trimmed, and true when Play took it, for the caller to play it
// with its own checks (Step); the position is not changed here.
func Typed(t testing.TB, s rules.State, legal []rules.Move, text string) (string, bool) {
	t.Helper()
	if m, err := rules.Find(s, text); err != nil && !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("Find(%q): got error %v, want one wrapping rules.ErrIllegal\n%s", text, err, s.Drawing())
	} else if err == nil && !slices.Contains(legal, m) {
		t.Fatalf("Find(%q): got %q, not a legal move\n%s", text, m.Text, s.Drawing())
	}
	if _, err := s.Play(rules.Move{Text: text}); err != nil {
		if !errors.Is(err, rules.ErrIllegal) {
			t.Fatalf("Play(%q): got error %v, want one wrapping rules.ErrIllegal\n%s", text, err, s.Drawing())
		}
		return "", false
	}
	text = strings.TrimSpace(text)
	if !slices.ContainsFunc(legal, func(m rules.Move) bool { return m.Text == text }) {
		t.Fatalf("Play(%q): got no error, want one: not a legal move\n%s", text, s.Drawing())
	}
	return text, true
}

// Edit changes a move text as edits says: pairs of (position, letter), the
// letter drawn from letters (a game's, those its move texts are made of,
// and a few others).
func Edit(text string, edits []byte, letters string) string {
	b := []byte(text)
	for j := 0; j+1 < len(edits); j += 2 {
		b[int(edits[j])%len(b)] = letters[int(edits[j+1])%len(letters)]
	}
	return string(b)
}

// Step plays the legal decision text on s, a position of g, and checks
// what holds after any decision of any game: inv (the engine's
// invariants) from s to the next position, the position text's round
// trip, and a game that goes on having a decision to take and one that is
// over having none. It returns the next position and its legal moves.
func Step(t testing.TB, g rules.Game, inv func(prev, next rules.State) error, s rules.State, text string) (rules.State, []rules.Move) {
	t.Helper()
	next, err := s.Play(rules.Move{Text: text})
	if err != nil {
		t.Fatalf("Play(%q) of a legal move: got error %v, want none\n%s", text, err, s.Drawing())
	}
	if err := inv(s, next); err != nil {
		t.Fatalf("after %q from %s: %v\n%s", text, s, err, next.Drawing())
	}
	RoundTrip(t, g, next)
	legal := next.Legal()
	if next.Outcome().Over() != (len(legal) == 0) || next.Outcome().Over() != (next.ToMove() == rules.Nobody) {
		t.Fatalf("after %q: %d legal moves, ToMove %d, outcome %q\n%s", text, len(legal), next.ToMove(), next.Outcome().Method, next.Drawing())
	}
	return next, legal
}

// Distinct fails the test when two of legal, the legal moves of s reached
// by text, have texts that normalize alike (rules.Find could not tell them
// apart). It returns the normalized texts.
func Distinct(t testing.TB, s rules.State, legal []rules.Move, text string) map[string]bool {
	t.Helper()
	seen := map[string]bool{}
	for _, m := range legal {
		n := rules.Normalize(m.Text)
		if seen[n] {
			t.Fatalf("after %q: two legal moves normalize to %q\n%s", text, n, s.Drawing())
		}
		seen[n] = true
	}
	return seen
}
