package rules_test

import (
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/kingsmen"
	"parlor/rules/kippykoo"
	"parlor/rules/rumba"
)

// A game that refuses a position text or a number of players answers with
// a State that is nil, as callers test it, not a nil position inside one.
func TestAdaptersFailWithNilState(t *testing.T) {
	for _, g := range []rules.Game{kingsmen.Game{}, kimbo.Game{}, kippykoo.Game{}, rumba.Game{}} {
		st, err := g.Parse("not a position")
		if err == nil || st != nil {
			t.Errorf("%s: Parse of nonsense gave %#v, %v; want nil and an error", g.Name(), st, err)
		}
		st, err = g.New(9)
		if err == nil || st != nil {
			t.Errorf("%s: New(9) gave %#v, %v; want nil and an error", g.Name(), st, err)
		}
		start, err := g.New(2)
		if err != nil {
			t.Fatalf("%s: New(2): %v", g.Name(), err)
		}
		st, err = start.Play(rules.Move{Text: "no such move"})
		if err == nil || st != nil {
			t.Errorf("%s: Play of nonsense gave %#v, %v; want nil and an error", g.Name(), st, err)
		}
	}
}
