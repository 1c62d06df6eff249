package kimbo_test

import (
	"strings"
	"testing"
)

// The drawing says how the game ended in words, not by the code of the
// position text (issue 14: it said "South won (finished)").
func TestDrawingSaysHowTheGameEnded(t *testing.T) {
	for text, want := range map[string]string{
		"S:home,home,home,home/" + southFences + " " + north + " over:S:finished last:S;nofence;3-1;h3-home": "South won by bringing all four pieces HOME\n",
		"S:c3,home,home,home/" + southFences + " " + north + " over:N:resigned":                              "North won by resignation\n",
		"S:c3,home,home,home/" + southFences + " " + north + " over:-:agreed-draw":                           "drawn by agreement\n",
		"S:c3,home,home,home/" + southFences + " " + north + " over:-:forfeit":                               "over by forfeit, with no winner\n",
	} {
		p := parse(t, text)
		if d := p.Drawing(); !strings.HasSuffix(d, want) {
			t.Errorf("%s: drawing ends %q, want %q", text, d[strings.LastIndex(d[:len(d)-1], "\n")+1:], want)
		}
	}
}
