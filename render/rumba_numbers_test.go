package render

import (
	"strconv"
	"strings"
	"testing"
)

// Rumba's numbers of track and turnout spaces are counted at a glance on a
// phone: the ink of every figure is more than 8 px tall on a picture shown
// 400 px wide (phone_test.go holds every label to its face's capital
// height, which for these is not margin enough).
func TestRumbaNumbersOnPhone(t *testing.T) {
	drawingTest(t)
	const least = 8.5 // px on a phone 400 px wide
	n := 0
	for _, tc := range phoneCases(t) {
		if !strings.HasPrefix(tc.name, "rumba") {
			continue
		}
		n++
		img, labels, _ := drawLabels(t, tc.state, tc.info)
		phone := 400 / float64(img.Rect.Dx())
		numbers := 0
		for _, l := range labels {
			if _, err := strconv.Atoi(l.text); err != nil || l.via != nil {
				continue
			}
			numbers++
			if h := float64(l.box.Dy()) * phone; h < least {
				t.Errorf("%s: the number %q is %.1f px tall on a phone, want at least %.1f", tc.name, l.text, h, least)
			}
		}
		if numbers < 64+4*7 {
			t.Errorf("%s: %d numbers drawn, want at least the 64 track and 28 turnout spaces'", tc.name, numbers)
		}
	}
	if n == 0 {
		t.Fatal("no Rumba picture measured")
	}
}
