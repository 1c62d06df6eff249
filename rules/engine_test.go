package rules_test

import (
	"errors"
	"strings"
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

func TestAcross(t *testing.T) {
	two, _ := kimbo.New(2)
	three, _ := kimbo.New(3)
	marbles, _ := kippykoo.New(2)
	sound := func(*kimbo.Position) error { return nil }
	if _, _, err := rules.Across("Kimbo", two, marbles, sound); err == nil || !strings.Contains(err.Error(), "not Kimbo positions") {
		t.Errorf("a Kimbo and a Kippy Koo position: %v", err)
	}
	if _, _, err := rules.Across("Kimbo", two, three, sound); err == nil || err.Error() != "players changed from 2 to 3" {
		t.Errorf("two players then three: %v", err)
	}
	unsound := errors.New("unsound")
	if _, _, err := rules.Across("Kimbo", two, two, func(*kimbo.Position) error { return unsound }); err != unsound {
		t.Errorf("a check that fails: %v, want its error", err)
	}
	prev, next, err := rules.Across("Kimbo", two, two, sound)
	if err != nil || prev != two || next != two {
		t.Errorf("a sound pair: %v, %v, %v", prev, next, err)
	}
}
