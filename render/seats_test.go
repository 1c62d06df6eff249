package render

import (
	"testing"

	"parlor/rules/kimbo"
	"parlor/rules/kippykoo"
)

// TestSidesInOrder checks that Kimbo's and Kippy Koo's sides are numbered
// as sideBarBox reads them, so that each side's bar is its own.
func TestSidesInOrder(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want [4]int
	}{
		{"kimbo", [4]int{int(kimbo.SouthSide), int(kimbo.WestSide), int(kimbo.NorthSide), int(kimbo.EastSide)}, [4]int{southSide, westSide, northSide, eastSide}},
		{"kippykoo", [4]int{int(kippykoo.SouthSide), int(kippykoo.WestSide), int(kippykoo.NorthSide), int(kippykoo.EastSide)}, [4]int{southSide, westSide, northSide, eastSide}},
	} {
		if c.got != c.want {
			t.Errorf("%s's South, West, North, East: got %v, want %v", c.name, c.got, c.want)
		}
	}
}
