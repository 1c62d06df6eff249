package rules_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/kingsmen"
	"parlor/rules/rulestest"
)

// Leaving answers for each way a decision may change the seats that have
// left a game of four: none changed (not done), one came back, two left at
// once, one left (its retirement's own verdict), and a seat out acting.
func TestLeaving(t *testing.T) {
	side := func(s rules.Seat) kimbo.Side { return kimbo.Side(s) }
	retired := errors.New("the retirement's verdict")
	var gone rules.Seat = -9
	retirement := func(s rules.Seat) error { gone = s; return retired }
	westOut := rules.Left{false, true}
	for _, c := range []struct {
		name       string
		prev, next rules.Left
		actor      rules.Seat
		done       bool
		err        string
	}{
		{"nothing changed", westOut, westOut, 0, false, ""},
		{"chance decided", westOut, westOut, rules.Chance, false, ""},
		{"a seat came back", westOut, rules.Left{}, 0, true, "West came back into the game it had left"},
		{"two left at once", rules.Left{}, rules.Left{false, true, true}, 0, true, "2 seats left the game at once"},
		{"one left", westOut, rules.Left{false, true, false, true}, 0, true, retired.Error()},
		{"a seat out acted", westOut, westOut, 1, true, "West acted after leaving the game"},
	} {
		gone = -9
		done, err := rules.Leaving(&c.prev, &c.next, 4, c.actor, side, retirement)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if done != c.done || got != c.err {
			t.Errorf("%s: got %v, %q; want %v, %q", c.name, done, got, c.done, c.err)
		}
		if c.err == retired.Error() && gone != 3 {
			t.Errorf("%s: the retirement was asked about seat %d, want 3", c.name, gone)
		}
	}
}

// Thinking refuses another game's state, a game over and chance's
// decision, and gives the position of a seat's.
func TestThinking(t *testing.T) {
	start, err := kimbo.New(2) // the opening roll: chance's
	if err != nil {
		t.Fatal(err)
	}
	over, err := start.End(rules.Outcome{Method: rules.Agreement})
	if err != nil {
		t.Fatal(err)
	}
	fence, err := kimbo.Parse("S:b1,n1,n14,a15/e1|f1,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1 N:home,home,home,a1/e15|f15,f15|g15,g15|h15,h15|i15,i15|j15,j15|k15 S:fence")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		s    rules.State
		want string
	}{
		{"another game", kingsmen.Start(), "kimbo: cannot think about *kingsmen.Position"},
		{"a game over", over, "kimbo: nothing to decide: the game is over"},
		{"the dice", start, "kimbo: nothing to decide: chance decides now"},
	} {
		if _, err := rules.Thinking[*kimbo.Position]("kimbo", c.s); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error starting %q", c.name, err, c.want)
		}
	}
	if p, err := rules.Thinking[*kimbo.Position]("kimbo", fence); err != nil || p != fence {
		t.Errorf("a fence decision: got %p, %v; want the position and no error", p, err)
	}
}

// CanSkip refuses a game over (rules.ErrOver) and a seat out of range.
func TestCanSkip(t *testing.T) {
	if err := rules.CanSkip("kimbo", true, 0, 2); !errors.Is(err, rules.ErrOver) {
		t.Errorf("a game over: got %v, want rules.ErrOver", err)
	}
	for _, seat := range []rules.Seat{-1, 2} {
		if err := rules.CanSkip("kimbo", false, seat, 2); !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("seat %d of 2: got %v, want rules.ErrIllegal", seat, err)
		}
	}
	if err := rules.CanSkip("kimbo", false, 1, 2); err != nil {
		t.Errorf("seat 1 of 2: got %v, want none", err)
	}
}

// Ended sorts a copy of the winners, and WinnersFit takes the numbers of
// winners each way of ending allows among three seats.
func TestEndedAndWinnersFit(t *testing.T) {
	winners := []rules.Seat{2, 0}
	if got := rulestest.OutcomeText(rules.Ended(rules.Resignation, winners...)); got != "resigned winners[0,2]" {
		t.Errorf("Ended: got %s, want resigned winners[0,2]", got)
	}
	if winners[0] != 2 {
		t.Errorf("Ended changed its argument: %v", winners)
	}
	for _, c := range []struct {
		m    rules.Method
		fits []int // the numbers of winners among 0 to 3 that fit
	}{
		{rules.Agreement, []int{0}},
		{rules.Forfeit, []int{0, 1, 2}},
		{rules.Finished, []int{1}},
		{rules.Resignation, []int{1, 2}},
	} {
		for n := range 4 {
			if got, want := rules.WinnersFit(c.m, n, 3), slices.Contains(c.fits, n); got != want {
				t.Errorf("WinnersFit(%s, %d, 3): got %v, want %v", c.m, n, got, want)
			}
		}
	}
}
