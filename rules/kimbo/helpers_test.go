package kimbo_test

import (
	"fmt"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/rulestest"
)

// The helpers below keep the rule tests short. Every failure message says
// "got …, want …" and ends with the board drawing, so a failing test shows
// the position it failed on.

// The fences in their marked slots, and the pieces on their start squares.
const (
	southFences = "e1|f1,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1"
	westFences  = "a5|a6,a6|a7,a7|a8,a8|a9,a9|a10,a10|a11"
	northFences = "e15|f15,f15|g15,g15|h15,h15|i15,i15|j15,j15|k15"
	eastFences  = "o5|o6,o6|o7,o7|o8,o8|o9,o9|o10,o10|o11"
	northStart  = "o1,b2,b15,n15"
	// north is North at the start of a two-player game.
	north = "N:" + northStart + "/" + northFences
)

// moving is the position text of a two-player game where South is to move
// with dice (like "5-3") having moved no fence: south and north are the
// seats' fields ("S:…/…", "N:…/…").
func moving(south, north, dice string) string {
	return south + " " + north + " S:move:" + dice + " last:S;nofence;" + dice + ";-"
}

// parse reads a position text or stops the test.
func parse(t testing.TB, text string) *kimbo.Position {
	t.Helper()
	p, err := kimbo.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): got error %v, want none", text, err)
	}
	return p
}

// play plays decisions, given by their canonical texts, in order, and
// stops the test if one is rejected.
func play(t testing.TB, p *kimbo.Position, moves ...string) *kimbo.Position {
	t.Helper()
	return rulestest.Play(t, p, kimbo.Invariants, moves...).(*kimbo.Position)
}

// expect fails the test when got differs from want, showing p's drawing.
func expect[T comparable](t testing.TB, p *kimbo.Position, what string, got, want T) {
	t.Helper()
	rulestest.Expect(t, p, what, got, want)
}

// expectRejected plays text on p and fails the test unless it is rejected
// with an error wrapping rules.ErrIllegal whose message contains reason.
func expectRejected(t testing.TB, p *kimbo.Position, text, reason string) {
	t.Helper()
	rulestest.ExpectRejected(t, p, text, reason)
}

// legal lists the texts of p's legal moves, sorted, separated by " | ".
func legal(p *kimbo.Position) string { return rulestest.Legal(p) }

// sorted sorts a " | "-separated list of move texts.
func sorted(list string) string { return rulestest.Sorted(list) }

// isLegal reports whether text is one of p's legal moves.
func isLegal(p *kimbo.Position, text string) bool { return rulestest.IsLegal(p, text) }

// expectLegal fails the test unless each text is a legal move of p.
func expectLegal(t testing.TB, p *kimbo.Position, texts ...string) {
	t.Helper()
	rulestest.ExpectLegal(t, p, texts...)
}

// expectNotLegal fails the test if any text is a legal move of p.
func expectNotLegal(t testing.TB, p *kimbo.Position, texts ...string) {
	t.Helper()
	rulestest.ExpectNotLegal(t, p, texts...)
}

// sq reads a square name or panics: the names in tests are constants.
func sq(name string) kimbo.Square {
	s, err := kimbo.ParseSquare(name)
	if err != nil {
		panic(err)
	}
	return s
}

// slot reads a slot name or panics.
func slot(name string) kimbo.Slot {
	s, err := kimbo.ParseSlot(name)
	if err != nil {
		panic(err)
	}
	return s
}

// pieces lists seat's pieces as names, sorted as the position keeps them.
func pieces(p *kimbo.Position, seat rules.Seat) string {
	sq := p.Pieces(seat)
	return names(sq[:])
}

// names joins the names of squares or slots with commas.
func names[T fmt.Stringer](list []T) string {
	var out []string
	for _, x := range list {
		out = append(out, x.String())
	}
	return strings.Join(out, ",")
}

// outcomeText prints an outcome so that outcomes compare with ==.
func outcomeText(o rules.Outcome) string { return rulestest.OutcomeText(o) }
