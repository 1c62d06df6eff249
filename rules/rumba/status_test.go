package rumba_test

import (
	"strings"
	"testing"

	"parlor/rules/rumba"
)

// The drawing says how the game ended in words, not by the code of the
// position text (it said "Red won (finished: South, North)").
func TestDrawingSaysHowTheGameEnded(t *testing.T) {
	for text, want := range map[string]string{
		"4p S:63,finish,finish,finish E:-,-,-,- N:-,-,-,finish W:-,-,-,- over:red:finished last:S;6-1;S62-63,S63-finish": "won by bringing four men into FINISH (South, North)",
		"4p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- over:black:resigned":                                                 "won by resignation (East, West)",
	} {
		p, err := rumba.Parse(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if d := p.Drawing(); !strings.Contains(d, want) {
			t.Errorf("%s: drawing %q, want it to say %q", text, d, want)
		}
	}
}
