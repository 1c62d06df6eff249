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
	"parlor/rules/rulestest"
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

func TestCanEnd(t *testing.T) {
	var left rules.Left
	left[2] = true
	name := func(s rules.Seat) kimbo.Side { return kimbo.Side(s) }
	for _, c := range []struct {
		over bool
		o    rules.Outcome
		left *rules.Left
		want string
	}{
		{true, rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{0}}, &left, rules.ErrOver.Error()},
		{false, rules.Outcome{Method: rules.Finished, Winners: []rules.Seat{0}}, &left, `kimbo: End takes a resignation, an agreed draw or a forfeit, not "finished"`},
		{false, rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{3}}, &left, "kimbo: no seat 3, or named twice"},
		{false, rules.Outcome{Method: rules.Forfeit, Winners: []rules.Seat{0, 0}}, &left, "kimbo: no seat 0, or named twice"},
		{false, rules.Outcome{Method: rules.Forfeit, Winners: []rules.Seat{2}}, &left, "kimbo: " + kimbo.Side(2).String() + " has left the game and cannot win it"},
		{false, rules.Outcome{Method: rules.Forfeit, Winners: []rules.Seat{2}}, nil, ""},
		{false, rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{0, 1}}, &left, ""},
	} {
		err := rules.CanEnd("kimbo", c.over, c.o, 3, c.left, name)
		if got := fmt.Sprint(err); (c.want == "" && err != nil) || (c.want != "" && got != c.want) {
			t.Errorf("CanEnd(over %v, %v, left %v) = %v, want %q", c.over, c.o, c.left != nil, err, c.want)
		}
	}
}

func TestParseResult(t *testing.T) {
	seat := func(l string) (int, bool) {
		i := strings.Index("SN", l)
		return i, len(l) == 1 && i >= 0
	}
	letters := func() string { return "S N" }
	for _, c := range []struct {
		who, method string
		want        string
	}{
		{"S+N", "resigned", "resigned winners[0,1]"},
		{"-", "agreed-draw", "agreed-draw winners[]"},
		{"N", "won", `result "f": method "won", want one of finished, resigned, agreed-draw, forfeit`},
		{"S+S", "forfeit", `result "f": winner "S", want seats of S N, each once, joined by +`},
		{"E", "finished", `result "f": winner "E", want seats of S N, each once, joined by +`},
	} {
		m, w, err := rules.ParseResult("f", c.who, c.method, seat, letters)
		got := rulestest.OutcomeText(rules.Outcome{Method: m, Winners: w})
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("ParseResult(%q, %q) = %s, want %s", c.who, c.method, got, c.want)
		}
	}
}

func TestLeftSound(t *testing.T) {
	resigned := rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{0}}
	for _, c := range []struct {
		left rules.Left
		over bool
		o    rules.Outcome
		want string
	}{
		{rules.Left{false, true, false}, false, rules.Outcome{}, ""},
		{rules.Left{true, true, true}, true, resigned, "every seat has left the game"},
		{rules.Left{false, true, true}, false, rules.Outcome{}, "one seat left in a game not over; the game ends when one is left"},
		{rules.Left{false, true, true}, true, rules.Outcome{Method: rules.Forfeit, Winners: []rules.Seat{0}}, "one seat left in, and it has not won by the others' resignation"},
		{rules.Left{false, true, true}, true, resigned, ""},
	} {
		err := c.left.Sound(3, c.over, c.o)
		if got := fmt.Sprint(err); (c.want == "" && err != nil) || (c.want != "" && got != c.want) {
			t.Errorf("%v.Sound(3, over %v, %v) = %v, want %q", c.left, c.over, c.o, err, c.want)
		}
	}
}
