// Package dice holds what the dice games share about two six-sided dice:
// the chance decision of a roll (its 21 outcomes, their texts and odds)
// and the opening roll that picks who begins (highest total starts, ties
// roll again).
package dice

import (
	"fmt"
	"strings"

	"parlor/rules"
)

// outcomes are the 21 outcomes of two dice, larger first, from 6-6 down to
// 1-1, with their odds.
var outcomes = func() []rules.Move {
	var out []rules.Move
	for a := 6; a >= 1; a-- {
		for b := a; b >= 1; b-- {
			odds := 2.0 / 36
			if a == b {
				odds = 1.0 / 36
			}
			out = append(out, rules.Move{Text: Text(a, b), Odds: odds})
		}
	}
	return out
}()

// Outcomes lists the 21 outcomes of a roll of two dice, as the legal moves
// of a chance decision: "roll 6-6", "roll 6-5", … "roll 1-1", with their
// odds. The slice is the caller's.
func Outcomes() []rules.Move {
	out := make([]rules.Move, len(outcomes))
	copy(out, outcomes)
	return out
}

// Text is the text of the roll a-b: "roll 5-3". Canonical texts have the
// larger die first.
func Text(a, b int) string { return fmt.Sprintf("roll %d-%d", a, b) }

// Parse reads "roll 5-3" (either order) into the larger die and the
// smaller. Its error wraps rules.ErrIllegal and calls the text a word:
// "throw" in a game that says so, else "roll".
func Parse(text, word string) (int, int, error) {
	a, b, ok := pair(strings.TrimPrefix(text, "roll "))
	if !ok || !strings.HasPrefix(text, "roll ") {
		if word == "throw" {
			return 0, 0, rules.Illegalf("%q is not a throw like \"roll 5-3\"", text)
		}
		return 0, 0, rules.Illegalf("%q is not a roll like \"roll 5-3\"", text)
	}
	return a, b, nil
}

// ParseExact reads the canonical text of a roll, "roll 5-3", into its
// dice, as a chance decision of a roll is played: the larger die first.
// Its errors wrap rules.ErrIllegal and call the text word, as Parse's do.
func ParseExact(text, word string) (int, int, error) {
	a, b, err := Parse(text, word)
	if err != nil {
		return 0, 0, err
	}
	if text != Text(a, b) {
		return 0, 0, rules.Illegalf("write the %s larger first: %s", word, Text(a, b))
	}
	return a, b, nil
}

// Aliases are the other ways a player may type the roll whose canonical
// text is text ("roll 5-3"): "5-3", "3-5" and "roll 3-5"; none for a text
// that is not a roll's.
func Aliases(text string) []string {
	a, b, ok := pair(strings.TrimPrefix(text, "roll "))
	if !ok || !strings.HasPrefix(text, "roll ") {
		return nil
	}
	return []string{fmt.Sprintf("%d-%d", a, b), fmt.Sprintf("%d-%d", b, a), Text(b, a)}
}

// ParsePair reads the dice "5-3" (either order), as position texts write
// them, into the larger and the smaller.
func ParsePair(s string) (int, int, error) {
	a, b, ok := pair(s)
	if !ok {
		return 0, 0, fmt.Errorf("dice %q, want like 5-3", s)
	}
	return a, b, nil
}

func pair(s string) (int, int, bool) {
	if len(s) != 3 || s[1] != '-' || s[0] < '1' || s[0] > '6' || s[2] < '1' || s[2] > '6' {
		return 0, 0, false
	}
	a, b := int(s[0]-'0'), int(s[2]-'0')
	return max(a, b), min(a, b), true
}

// Chance says how likely the roll a-b is: "1 chance in 36" for doubles,
// "1 chance in 18" otherwise, as a Text.
func Chance(a, b int) rules.Text {
	if a == b {
		return rules.Textf("1 chance in %d", 36)
	}
	return rules.Textf("1 chance in %d", 18)
}
