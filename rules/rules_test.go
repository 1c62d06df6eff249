package rules_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kingsmen"
)

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"Nc1-c5":    "nc1c5",
		" n c1 c5 ": "nc1c5",
		"NC1–C5":    "nc1c5",
		"c1>c5":     "c1c5",
		"":          "",
	} {
		if got := rules.Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOutcome(t *testing.T) {
	var ongoing rules.Outcome
	if ongoing.Over() || ongoing.Draw() {
		t.Errorf("zero Outcome: over %v, draw %v; want neither", ongoing.Over(), ongoing.Draw())
	}
	won := rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{1}}
	if !won.Over() || won.Draw() || !won.Won(1) || won.Won(0) {
		t.Errorf("seat 1 won: over %v draw %v won(1) %v won(0) %v", won.Over(), won.Draw(), won.Won(1), won.Won(0))
	}
	drawn := rules.Outcome{Method: rules.Agreement}
	if !drawn.Draw() {
		t.Errorf("an outcome with a method and no winner is a draw")
	}
}

// Every way a game ends has words for players, never the code the
// position text stores ("king-captured").
func TestMethodWords(t *testing.T) {
	for m, want := range map[rules.Method]string{
		rules.Ongoing:     "",
		rules.KingTaken:   "by capturing the King",
		rules.ThreatMate:  "by a Threat with no way out",
		rules.Blocked:     "as the other side could not move",
		rules.QuietDraw:   "after too many moves without a capture",
		rules.Finished:    "by bringing every piece home",
		rules.Resignation: "by resignation",
		rules.Agreement:   "by agreement",
		rules.Forfeit:     "by forfeit",
	} {
		if got := m.Text().String(); got != want {
			t.Errorf("%q.Text() = %q, want %q", m, got, want)
		}
	}
}

func TestRegistryRefusesDuplicates(t *testing.T) {
	r := rules.NewRegistry(kingsmen.Game{})
	if _, ok := r["kingsmen"]; !ok {
		t.Fatalf("registry lacks kingsmen: %v", r)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("a duplicate game did not panic")
		}
	}()
	rules.NewRegistry(kingsmen.Game{}, kingsmen.Game{})
}

func TestFindAfterTheEnd(t *testing.T) {
	over, err := kingsmen.Start().End(rules.Outcome{Method: rules.Agreement})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rules.Find(over, "Nb1-a1"); !errors.Is(err, rules.ErrOver) {
		t.Errorf("Find after the end: got %v, want ErrOver", err)
	}
	if _, err := rules.Find(kingsmen.Start(), "  "); !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), "no move") {
		t.Errorf("Find of blank text: got %v, want ErrIllegal saying no move was given", err)
	}
}

// seated is a state of n seats: only Seats is used. partnered plays in
// two partnerships, 0 and 2 against 1 and 3.
type seated struct {
	rules.State
	n int
}

func (s seated) Seats() int { return s.n }

type partnered struct{ seated }

func (partnered) Opponents(seat rules.Seat) []rules.Seat {
	if seat%2 == 0 {
		return []rules.Seat{1, 3}
	}
	return []rules.Seat{0, 2}
}

func TestOpponents(t *testing.T) {
	if got := rules.Opponents(partnered{seated{n: 4}}, 2); !slices.Equal(got, []rules.Seat{1, 3}) {
		t.Errorf("partners: Opponents(2) = %v, want [1 3]", got)
	}
	if got := rules.Opponents(seated{n: 3}, 1); !slices.Equal(got, []rules.Seat{0, 2}) {
		t.Errorf("Opponents(1) of three = %v, want [0 2]", got)
	}
}

// EndedText names every winner in one sentence, however many there are,
// and says a draw or a game over with no winner.
func TestEndedText(t *testing.T) {
	side := func(s rules.Seat) rules.Word { return rules.Word([]string{"South", "West", "North", "East"}[s]) }
	finished := rules.Textf("by bringing all four pieces HOME")
	for _, c := range []struct {
		o    rules.Outcome
		want string
	}{
		{rules.Outcome{Method: rules.Finished, Winners: []rules.Seat{0}}, "South won by bringing all four pieces HOME"},
		{rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{0, 2}}, "South and North won by resignation"},
		{rules.Outcome{Method: rules.Forfeit, Winners: []rules.Seat{0, 1, 2}}, "South, West and North won by forfeit"},
		{rules.Outcome{Method: rules.Forfeit, Winners: []rules.Seat{0, 1, 2, 3}}, "South, West, North and East won by forfeit"},
		{rules.Outcome{Method: rules.Agreement}, "drawn by agreement"},
		{rules.Outcome{Method: rules.Forfeit}, "over by forfeit, with no winner"},
	} {
		got := rules.EndedText(c.o, finished, side)
		if got.String() != c.want {
			t.Errorf("%+v: %q, want %q", c.o, got.String(), c.want)
		}
		for _, a := range got.Args {
			if _, ok := a.(string); ok {
				t.Errorf("%+v: an argument %q is a string, which no caller can say in its language", c.o, a)
			}
		}
	}
}
