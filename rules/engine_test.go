package rules_test

import (
	"errors"
	"fmt"
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

func TestLeft(t *testing.T) {
	var left rules.Left
	left[1] = true
	if left.In(3) != 2 || left.In(2) != 1 {
		t.Errorf("seats in with seat 1 gone: %d of 3, %d of 2; want 2 and 1", left.In(3), left.In(2))
	}
	if !left.Has(1, 3) || left.Has(0, 3) || left.Has(-1, 3) || left.Has(3, 3) {
		t.Errorf("Has: seat 1 has left, seats 0, -1 and 3 have not")
	}
	name := func(s rules.Seat) kimbo.Side { return kimbo.Side(s) }
	for _, c := range []struct {
		over bool
		seat rules.Seat
		want string
	}{
		{true, 0, rules.ErrOver.Error()},
		{false, 3, "kimbo: no seat 3 in a game of 3"},
		{false, -1, "kimbo: no seat -1 in a game of 3"},
		{false, 1, "kimbo: " + kimbo.Side(1).String() + " has already left the game"},
		{false, 2, ""},
	} {
		err := rules.CanLeave("kimbo", c.over, &left, c.seat, 3, name)
		if got := fmt.Sprint(err); (c.want == "" && err != nil) || (c.want != "" && got != c.want) {
			t.Errorf("CanLeave(over %v, seat %d) = %v, want %q", c.over, c.seat, err, c.want)
		}
	}
}
