package render

import (
	"image/color"
	"math"

	"github.com/fogleman/gg"
)

// The small drawing parts the painters share.

// letterInk is the colour of the letter on a piece of seat's colour: dark
// on the light gold of seat 2, white on the others.
func letterInk(seat int) color.RGBA {
	if seat == 2 {
		return seatOutline[seat]
	}
	return white
}

// unit is (x, y) scaled to length 1, and its length.
func unit(x, y float64) (ux, uy, n float64) {
	n = math.Hypot(x, y)
	if n == 0 {
		return 0, 0, 0
	}
	return x / n, y / n, n
}

// dieFace draws one die showing v with its top-left corner at (x, y).
func dieFace(dc *gg.Context, v int, x, y, size float64) {
	dc.DrawRoundedRectangle(x, y, size, size, size/6)
	dc.SetColor(white)
	dc.FillPreserve()
	dc.SetColor(ink)
	dc.SetLineWidth(math.Max(2, size/22))
	dc.Stroke()
	if v < 1 || v > 6 {
		return
	}
	c, o := size/2, size*0.27
	dc.SetColor(ink)
	for _, pp := range pips[v] {
		dc.DrawCircle(x+c+pp[0]*o, y+c+pp[1]*o, size*0.09)
	}
	dc.Fill()
}

// pips are the places of the pips of each face, in steps from the
// middle.
var pips = [7][][2]float64{
	1: {{0, 0}},
	2: {{-1, -1}, {1, 1}},
	3: {{-1, -1}, {0, 0}, {1, 1}},
	4: {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
	5: {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
	6: {{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}},
}
