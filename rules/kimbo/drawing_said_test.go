package kimbo_test

import (
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
)

// The word HOME in the middle of the drawn board is said too, centred in
// HOME's eight columns and cut when it is longer, so the board keeps its
// shape in any language.
func TestDrawingSaidCentresHome(t *testing.T) {
	st, err := kimbo.Game{}.New(2)
	if err != nil {
		t.Fatal(err)
	}
	p := st.(*kimbo.Position)
	english := strings.Split(p.Drawing(), "\n")
	for word, want := range map[string]string{
		"CASA":              "  CASA  ",
		"MAISON":            " MAISON ",
		"HEIM":              "  HEIM  ",
		"Zuhause":           "Zuhause ",
		"ÉLŐHELY":           "ÉLŐHELY ",
		"HOGAR-DULCE-HOGAR": "HOGAR-DU",
	} {
		said := p.DrawingSaid(func(t rules.Text) string {
			if t.Format == "HOME" {
				return word
			}
			return t.String()
		})
		lines := strings.Split(said, "\n")
		for i, line := range lines[:len(english)] {
			if line == english[i] {
				continue
			}
			if got := strings.Replace(line, want, "  HOME  ", 1); got != english[i] || !strings.HasPrefix(line, "8 ") && !strings.HasPrefix(line, " 8 ") {
				t.Errorf("HOME said %q: line %q, want %q with HOME as %q", word, line, english[i], want)
			}
		}
		if !strings.Contains(said, want) {
			t.Errorf("HOME said %q: no %q in\n%s", word, want, said)
		}
	}
}
