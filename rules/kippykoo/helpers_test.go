package kippykoo_test

import (
	"fmt"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kippykoo"
	"parlor/rules/rulestest"
)

// The helpers below keep the rule tests short. Every failure message says
// "got …, want …" and ends with the board drawing, so a failing test shows
// the position it failed on.

// Seat fields of marbles all in START.
const (
	southStart = "S:start,start,start,start"
	westStart  = "W:start,start,start,start"
	northStart = "N:start,start,start,start"
	eastStart  = "E:start,start,start,start"
)

// moving is the position text of a game whose seats' fields are seats
// ("S:… N:…"), with seat (a letter) to move with dice (like "5-3").
func moving(seats, seat, dice string) string {
	return seats + " " + seat + ":move:" + dice
}

// parse reads a position text or stops the test.
func parse(t testing.TB, text string) *kippykoo.Position {
	t.Helper()
	p, err := kippykoo.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): got error %v, want none", text, err)
	}
	return p
}

// play plays decisions, given by their canonical texts, in order, checks
// the invariants after each, and stops the test if one is rejected.
func play(t testing.TB, p *kippykoo.Position, moves ...string) *kippykoo.Position {
	t.Helper()
	return rulestest.Play(t, p, kippykoo.Invariants, moves...).(*kippykoo.Position)
}

// expect fails the test when got differs from want, showing p's drawing.
func expect[T comparable](t testing.TB, p *kippykoo.Position, what string, got, want T) {
	t.Helper()
	rulestest.Expect(t, p, what, got, want)
}

// expectRejected plays text on p and fails the test unless it is rejected
// with an error wrapping rules.ErrIllegal whose message contains reason.
func expectRejected(t testing.TB, p *kippykoo.Position, text, reason string) {
	t.Helper()
	rulestest.ExpectRejected(t, p, text, reason)
}

// legal lists the texts of p's legal moves, sorted, separated by " | ".
func legal(p *kippykoo.Position) string { return rulestest.Legal(p) }

// isLegal reports whether text is one of p's legal moves.
func isLegal(p *kippykoo.Position, text string) bool { return rulestest.IsLegal(p, text) }

// expectLegal fails the test unless each text is a legal move of p.
func expectLegal(t testing.TB, p *kippykoo.Position, texts ...string) {
	t.Helper()
	rulestest.ExpectLegal(t, p, texts...)
}

// expectNotLegal fails the test if any text is a legal move of p.
func expectNotLegal(t testing.TB, p *kippykoo.Position, texts ...string) {
	t.Helper()
	rulestest.ExpectNotLegal(t, p, texts...)
}

// seats is the seat fields of p's position text: where the marbles are.
func seats(p *kippykoo.Position) string {
	f := strings.Fields(p.String())
	return strings.Join(f[:p.Players()], " ")
}

// phase is the phase field of p's position text, such as "S:roll".
func phase(p *kippykoo.Position) string {
	return strings.Fields(p.String())[p.Players()]
}

// turnText prints a latest throw so that throws compare with ==.
func turnText(t kippykoo.Turn) string { return fmt.Sprintf("%+v", t) }

// outcomeText prints an outcome so that outcomes compare with ==.
func outcomeText(o rules.Outcome) string { return rulestest.OutcomeText(o) }
