package dice

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"parlor/rules"
)

func TestOutcomes(t *testing.T) {
	out := Outcomes()
	sum := 0.0
	for _, m := range out {
		sum += m.Odds
	}
	if len(out) != 21 || math.Abs(sum-1) > 1e-12 || out[0].Text != "roll 6-6" || out[20].Text != "roll 1-1" {
		t.Errorf("Outcomes: %d moves from %s to %s, odds summing to %v", len(out), out[0].Text, out[20].Text, sum)
	}
	out[0].Text = "changed"
	if Outcomes()[0].Text != "roll 6-6" {
		t.Error("Outcomes shares its slice with the caller")
	}
}

func TestParse(t *testing.T) {
	if a, b, err := Parse("roll 3-5", "roll"); err != nil || a != 5 || b != 3 {
		t.Errorf("Parse(roll 3-5) = %d, %d, %v", a, b, err)
	}
	for _, bad := range []string{"roll 7-1", "roll 5-", "5-3", "roll 5_3", ""} {
		if _, _, err := Parse(bad, "throw"); !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("Parse(%q): %v, want an illegal move", bad, err)
		}
	}
	if _, _, err := ParsePair("6-0"); err == nil {
		t.Error("ParsePair(6-0) accepted")
	}
	if Chance(4, 4).String() != "1 chance in 36" || Chance(4, 3).String() != "1 chance in 18" {
		t.Error("Chance")
	}
}

func TestOpening(t *testing.T) {
	var o Opening
	o.Record(0, 3, 6)
	o.Record(1, 5, 4)
	if _, done := o.Settle(3); done || o.Next(3) != 2 {
		t.Fatalf("with a seat still to roll: next %d", o.Next(3))
	}
	o.Record(2, 1, 1)
	if _, done := o.Settle(3); done || !slices.Equal(o.Rolls(3), [][2]int{{0, 0}, {0, 0}, {-1, -1}}) {
		t.Fatalf("a tie of 9 among seats 0 and 1 rolls again alone: %v", o.Rolls(3))
	}
	if o.String(3) != "-,-,x" {
		t.Errorf("String = %q", o.String(3))
	}
	o.Record(0, 2, 1)
	o.Record(1, 4, 1)
	if first, done := o.Settle(3); !done || first != 1 || o != (Opening{}) {
		t.Errorf("Settle = %d, %v, round %v; want seat 1 and a cleared round", first, done, o)
	}
	// A seat left alone in the round starts without rolling.
	alone := Opening{Pending, Out, Out}
	if first, done := alone.Settle(3); !done || first != 0 {
		t.Errorf("alone: %d, %v", first, done)
	}
}

func TestParseOpening(t *testing.T) {
	o, err := ParseOpening("6-3,-,x,-", 4, "roll")
	if err != nil || o.String(4) != "6-3,-,x,-" {
		t.Fatalf("round trip: %q, %v", o.String(4), err)
	}
	for text, want := range map[string]string{
		"6-3,5-2": "nobody left to roll",
		"-,6-3":   "seats roll in turn order",
		"-,x":     "at least two seats rolling",
		"-,-,-":   "want one per seat (2)",
		"-,9-9":   "want like 5-3",
	} {
		if _, err := ParseOpening(text, 2, "roll"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseOpening(%q): %v, want %q", text, err, want)
		}
	}
}
