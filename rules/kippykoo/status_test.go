package kippykoo_test

import (
	"strings"
	"testing"
)

// The drawing says how the game ended in words, not by the code of the
// position text (issue 14: it said "South won (finished)").
func TestDrawingSaysHowTheGameEnded(t *testing.T) {
	for text, want := range map[string]string{
		"S:finish,finish,finish,finish " + northStart + " over:S:finished last:S;5-3;h50+8": "South won by bringing all four marbles into FINISH\n",
		southStart + " " + northStart + " over:N:resigned":                                  "North won by resignation\n",
		southStart + " " + northStart + " over:-:agreed-draw":                               "drawn by agreement\n",
		southStart + " " + northStart + " over:-:forfeit":                                   "over by forfeit, with no winner\n",
	} {
		p := parse(t, text)
		if d := p.Drawing(); !strings.HasSuffix(d, want) {
			t.Errorf("%s: drawing ends %q, want %q", text, d[strings.LastIndex(d[:len(d)-1], "\n")+1:], want)
		}
	}
}
