// Package rulestest holds the checks every game engine's tests share:
// failures say "got …, want …" and show the board drawing.
package rulestest

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"parlor/rules"
)

// Expect fails the test when got differs from want, showing s's drawing.
func Expect[T comparable](t testing.TB, s rules.State, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s: got %v, want %v\n%s", what, got, want, s.Drawing())
	}
}

// ExpectRejected plays text on s and fails the test unless it is rejected
// with an error wrapping rules.ErrIllegal whose message contains reason.
func ExpectRejected(t testing.TB, s rules.State, text, reason string) {
	t.Helper()
	_, err := s.Play(rules.Move{Text: text})
	switch {
	case err == nil:
		t.Errorf("Play(%q): got no error, want one saying %q\n%s", text, reason, s.Drawing())
	case !errors.Is(err, rules.ErrIllegal):
		t.Errorf("Play(%q): got error %v, want one wrapping rules.ErrIllegal\n%s", text, err, s.Drawing())
	case !strings.Contains(err.Error(), reason):
		t.Errorf("Play(%q): got error %q, want one saying %q\n%s", text, err, reason, s.Drawing())
	}
}

// OutcomeText is an outcome as text, for comparing and printing, such as
// "resigned winners[1,2]".
func OutcomeText(o rules.Outcome) string {
	w := make([]string, len(o.Winners))
	for i, s := range o.Winners {
		w[i] = strconv.Itoa(int(s))
	}
	return string(o.Method) + " winners[" + strings.Join(w, ",") + "]"
}

// RoundTrip checks that s's position text reads back through g as the same
// position with the same outcome, and returns the state read back.
func RoundTrip(t testing.TB, g rules.Game, s rules.State) rules.State {
	t.Helper()
	text := s.String()
	back, err := g.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q) of String(): got error %v, want none\n%s", text, err, s.Drawing())
	}
	if back.String() != text || OutcomeText(back.Outcome()) != OutcomeText(s.Outcome()) {
		t.Fatalf("Parse(String()).String(): got %q (%s), want %q (%s)\n%s", back.String(), OutcomeText(back.Outcome()), text, OutcomeText(s.Outcome()), s.Drawing())
	}
	return back
}

// Play plays decisions, given by their canonical texts, in order, checks
// inv (the engine's invariants; nil for none) after each, and stops the
// test if one is rejected or breaks them. It returns the last state.
func Play(t testing.TB, s rules.State, inv func(prev, next rules.State) error, moves ...string) rules.State {
	t.Helper()
	for _, text := range moves {
		next, err := s.Play(rules.Move{Text: text})
		if err != nil {
			t.Fatalf("Play(%q): got error %v, want none\n%s%s", text, err, s.Drawing(), s)
		}
		if inv != nil {
			if err := inv(s, next); err != nil {
				t.Fatalf("after %q: %v\n%s", text, err, next.Drawing())
			}
		}
		s = next
	}
	return s
}

// Legal lists the texts of s's legal moves, sorted, separated by " | ".
func Legal(s rules.State) string {
	var out []string
	for _, m := range s.Legal() {
		out = append(out, m.Text)
	}
	slices.Sort(out)
	return strings.Join(out, " | ")
}

// Sorted sorts a " | "-separated list of move texts, to compare with Legal.
func Sorted(list string) string {
	f := strings.Split(list, " | ")
	slices.Sort(f)
	return strings.Join(f, " | ")
}

// IsLegal reports whether text is one of s's legal moves.
func IsLegal(s rules.State, text string) bool {
	return slices.ContainsFunc(s.Legal(), func(m rules.Move) bool { return m.Text == text })
}

// ExpectLegal fails the test unless each text is a legal move of s.
func ExpectLegal(t testing.TB, s rules.State, texts ...string) {
	t.Helper()
	for _, text := range texts {
		if !IsLegal(s, text) {
			t.Errorf("%q: got not legal, want legal (legal: %s)\n%s", text, Legal(s), s.Drawing())
		}
	}
}

// ExpectNotLegal fails the test if any text is a legal move of s.
func ExpectNotLegal(t testing.TB, s rules.State, texts ...string) {
	t.Helper()
	for _, text := range texts {
		if IsLegal(s, text) {
			t.Errorf("%q: got legal, want not legal\n%s", text, s.Drawing())
		}
	}
}
