package rumba_test

import (
	"fmt"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/rulestest"
	"parlor/rules/rumba"
)

// The helpers below keep the rule tests short. Every failure message says
// "got …, want …" and ends with the board drawing, so a failing test shows
// the position it failed on.

// hands writes the four hand fields of a position text from the men of
// each hand, South, East, North, West: each a comma-separated list, filled
// up to four with waiting men ("-").
func hands(s, e, n, w string) string {
	var out []string
	for i, men := range []string{s, e, n, w} {
		var list []string
		if men != "" {
			list = strings.Split(men, ",")
		}
		for len(list) < rumba.MenPerHand {
			list = append(list, "-")
		}
		out = append(out, fmt.Sprintf("%c:%s", "SENW"[i], strings.Join(list, ",")))
	}
	return strings.Join(out, " ")
}

// moving is the position text of a four-player game where hand (S, E, N,
// W) is to play dice (like "5-3") it has just thrown.
func moving(men, hand, dice string) string {
	return fmt.Sprintf("4p %s %s:move:%s last:%s;%s;-", men, hand, dice, hand, dice)
}

// parse reads a position text or stops the test.
func parse(t testing.TB, text string) *rumba.Position {
	t.Helper()
	p, err := rumba.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): got error %v, want none", text, err)
	}
	return p
}

// play plays decisions, given by their canonical texts, in order, checks
// the invariants after each, and stops the test if one is rejected.
func play(t testing.TB, p *rumba.Position, moves ...string) *rumba.Position {
	t.Helper()
	return rulestest.Play(t, p, rumba.Invariants, moves...).(*rumba.Position)
}

// expect fails the test when got differs from want, showing p's drawing.
func expect[T comparable](t testing.TB, p *rumba.Position, what string, got, want T) {
	t.Helper()
	rulestest.Expect(t, p, what, got, want)
}

// expectRejected plays text on p and fails the test unless it is rejected
// with an error wrapping rules.ErrIllegal whose message contains reason.
func expectRejected(t testing.TB, p *rumba.Position, text, reason string) {
	t.Helper()
	rulestest.ExpectRejected(t, p, text, reason)
}

// legal lists the texts of p's legal moves, sorted, separated by " | ".
func legal(p *rumba.Position) string { return rulestest.Legal(p) }

// sorted sorts a " | "-separated list of move texts.
func sorted(list string) string { return rulestest.Sorted(list) }

// isLegal reports whether text is one of p's legal moves.
func isLegal(p *rumba.Position, text string) bool { return rulestest.IsLegal(p, text) }

// expectLegal fails the test unless each text is a legal move of p.
func expectLegal(t testing.TB, p *rumba.Position, texts ...string) {
	t.Helper()
	rulestest.ExpectLegal(t, p, texts...)
}

// expectNotLegal fails the test if any text is a legal move of p.
func expectNotLegal(t testing.TB, p *rumba.Position, texts ...string) {
	t.Helper()
	rulestest.ExpectNotLegal(t, p, texts...)
}

// men lists hand h's men as names, in the order the position keeps them.
func men(p *rumba.Position, h rumba.Hand) string {
	var out []string
	for _, s := range p.Men(h) {
		out = append(out, s.String())
	}
	return strings.Join(out, ",")
}

// phase is the phase field of p's position text, like "S:move:5-3:3".
func phase(p *rumba.Position) string { return strings.Fields(p.String())[5] }

// outcomeText prints an outcome so that outcomes compare with ==.
func outcomeText(o rules.Outcome) string { return rulestest.OutcomeText(o) }

// sp reads a space name or panics: the names in tests are constants.
func sp(name string) rumba.Space {
	s, err := rumba.ParseSpace(name)
	if err != nil {
		panic(err)
	}
	return s
}
