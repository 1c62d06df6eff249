package kingsmen_test

import (
	"slices"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kingsmen"
	"parlor/rules/rulestest"
)

// The helpers below keep the rule tests short. Every failure message says
// "got …, want …" and ends with the board drawing, so a failing test shows
// the position it failed on.

// parse reads a position text or stops the test.
func parse(t testing.TB, text string) *kingsmen.Position {
	t.Helper()
	p, err := kingsmen.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): got error %v, want none", text, err)
	}
	return p
}

// play plays moves, given by their canonical texts, in order, and stops the
// test if one is rejected.
func play(t testing.TB, p *kingsmen.Position, moves ...string) *kingsmen.Position {
	t.Helper()
	for _, text := range moves {
		next, err := p.Play(rules.Move{Text: text})
		if err != nil {
			t.Fatalf("Play(%q): got error %v, want none\n%s", text, err, p.Drawing())
		}
		p = next.(*kingsmen.Position)
	}
	return p
}

// expect fails the test when got differs from want, showing p's drawing.
func expect[T comparable](t testing.TB, p *kingsmen.Position, what string, got, want T) {
	t.Helper()
	rulestest.Expect(t, p, what, got, want)
}

// expectRejected plays text on p and fails the test unless it is rejected
// with an error wrapping rules.ErrIllegal whose message contains reason.
func expectRejected(t testing.TB, p *kingsmen.Position, text, reason string) {
	t.Helper()
	rulestest.ExpectRejected(t, p, text, reason)
}

// legal lists the texts of p's legal moves, sorted, separated by spaces.
func legal(p *kingsmen.Position) string { return movesFrom(p, "") }

// movesFrom lists, sorted and separated by spaces, the texts of p's legal
// moves made by the piece on square from ("" for every piece).
func movesFrom(p *kingsmen.Position, from string) string {
	var out []string
	for _, m := range p.Legal() {
		if from == "" || m.Text[1:3] == from {
			out = append(out, m.Text)
		}
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// sorted sorts a space-separated list of move texts, so a test's want can be
// written in any order.
func sorted(list string) string {
	f := strings.Fields(list)
	slices.Sort(f)
	return strings.Join(f, " ")
}

// sq reads a square name or panics: the names in tests are constants.
func sq(name string) kingsmen.Square {
	s, err := kingsmen.ParseSquare(name)
	if err != nil {
		panic(err)
	}
	return s
}

// count is the number of pieces of side and kind on p's board.
func count(p *kingsmen.Position, side kingsmen.Side, kind kingsmen.Kind) int {
	n := 0
	for s := kingsmen.Square(0); s < kingsmen.Squares; s++ {
		if pc := p.At(s); pc.Kind == kind && pc.Side == side {
			n++
		}
	}
	return n
}
