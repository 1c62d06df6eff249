package rules_test

import (
	"errors"
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
