package render

import (
	"strings"
	"testing"

	"parlor/rules/kingsmen"
)

// An All the King's Men picture says once whose move it is: the header
// says "alice to move", and the mover's bar, tinted and marked, keeps its
// side's name rather than saying "to move" again.
func TestKingsmenSaysTheMoverOnce(t *testing.T) {
	drawingTest(t)
	st, err := kingsmen.Parse(kingsmen.StartText)
	if err != nil {
		t.Fatal(err)
	}
	_, labels, _ := drawLabels(t, st, Info{Names: []string{"alice", "bob"}, Title: "Game #3"})
	var moves, sides []string
	for _, l := range labels {
		if strings.Contains(l.text, "to move") {
			moves = append(moves, l.text)
		}
		if l.text == "South" || l.text == "North" {
			sides = append(sides, l.text)
		}
	}
	if len(moves) != 1 || moves[0] != "alice to move" {
		t.Errorf("the picture says %q, want alice to move once", moves)
	}
	if len(sides) != 2 {
		t.Errorf("the bars name the sides %q, want South and North", sides)
	}
}
