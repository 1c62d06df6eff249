package render

import (
	"image"
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

// cutPath shortens the polyline pts by gap at its end, to leave room for an
// arrowhead there, and returns it with the direction of its last segment.
func cutPath(pts [][2]float64, gap float64) (cut [][2]float64, ux, uy float64) {
	for i := len(pts) - 1; i > 0; i-- {
		a, b := pts[i-1], pts[i]
		ux, uy, n := unit(b[0]-a[0], b[1]-a[1])
		if n > gap || i == 1 {
			g := math.Min(gap, n)
			cut = append(cut, pts[:i]...)
			return append(cut, [2]float64{b[0] - ux*g, b[1] - uy*g}), ux, uy
		}
		gap -= n
	}
	return pts, 0, 0
}

// drawTitle draws "Game 12 · Kimbo" (or the game's name alone) with its
// left edge at left, fitted before right, on the baseline y.
func drawTitle(img *image.RGBA, kit *faceKit, info Info, game string, left, right, y float64) {
	title := game
	if t := kit.fonts.clean(info.Title); t != "" {
		title = t + " · " + title
	}
	tf := kit.face(true, 30)
	drawText(img, tf, fit(tf, title, right-left), left, y, 0, ink)
}

// barPart is one part of the label on the right of a name bar.
type barPart struct {
	text string
	bold bool
	c    color.RGBA
	keep int // higher is dropped later
}

// barLabel draws a name bar's text: the name from nx (bold when the seat
// is to act or has won), and the parts right-aligned at right, separated by
// dots; parts are dropped, lowest keep first, while the name would get
// less than minName pixels.
func barLabel(img *image.RGBA, kit *faceKit, name string, bold bool, parts []barPart, nx, right, cy, minName float64) {
	nf := kit.face(bold, 28)
	const sep = "  ·  "
	measure := func(ps []barPart) float64 {
		wd := 0.0
		for i, pt := range ps {
			wd += textWidth(kit.face(pt.bold, 24), pt.text)
			if i > 0 {
				wd += textWidth(kit.face(false, 24), sep)
			}
		}
		return wd
	}
	minName = math.Min(textWidth(nf, name), minName)
	for len(parts) > 1 && right-measure(parts)-20-nx < minName {
		low := 0
		for i, pt := range parts {
			if pt.keep < parts[low].keep {
				low = i
			}
		}
		parts = append(parts[:low], parts[low+1:]...)
	}
	for i := len(parts) - 1; i >= 0; i-- {
		pt := parts[i]
		right -= drawText(img, kit.face(pt.bold, 24), pt.text, right, cy, 1, pt.c)
		if i > 0 {
			right -= drawText(img, kit.face(false, 24), sep, right, cy, 1, muted)
		}
	}
	drawText(img, nf, fit(nf, name, right-20-nx), nx, cy, 0, ink)
}

// Drawing pieces of the race boards (Kippy Koo, Rumba).

// Hole and path geometry and ink.
const (
	pathHeadLen = 18.0 // length of a path's arrowhead
	holeR       = 9.0  // radius of an empty hole
)

var (
	pathInk = color.RGBA{0x26, 0x22, 0x1e, 0xff} // the latest move's path
	holeInk = color.RGBA{0x4a, 0x38, 0x28, 0xff} // an empty hole
	holeRim = color.RGBA{0xc8, 0xb4, 0x90, 0xff}
)

// holeMark draws an empty hole centred on (x, y).
func holeMark(dc *gg.Context, x, y float64) {
	dc.DrawCircle(x, y, holeR+2.5)
	dc.SetColor(holeRim)
	dc.Fill()
	dc.DrawCircle(x, y, holeR)
	dc.SetColor(holeInk)
	dc.Fill()
}

// chevron fills a small arrowhead at (x, y) pointing along the unit
// vector (ux, uy).
func chevron(dc *gg.Context, x, y, ux, uy, size float64) {
	px, py := -uy, ux
	dc.MoveTo(x+ux*size, y+uy*size)
	dc.LineTo(x-ux*size+px*size, y-uy*size+py*size)
	dc.LineTo(x-ux*size/3, y-uy*size/3)
	dc.LineTo(x-ux*size-px*size, y-uy*size-py*size)
	dc.ClosePath()
	dc.Fill()
}

// pathBand draws the band of a path, under the marbles.
func pathBand(dc *gg.Context, pts [][2]float64) {
	if len(pts) < 2 {
		return
	}
	dc.SetColor(alpha(pathInk, 0.55))
	dc.SetLineWidth(12)
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	dc.MoveTo(pts[0][0], pts[0][1])
	for _, pt := range pts[1:] {
		dc.LineTo(pt[0], pt[1])
	}
	dc.Stroke()
}

// pathHead draws a path's arrowhead, its tip gap pixels short of the
// path's end: in front of the marble there, or at FINISH's edge.
func pathHead(dc *gg.Context, pts [][2]float64, gap float64) {
	if len(pts) < 2 {
		return
	}
	tip, ux, uy := cutPath(pts, gap)
	if ux == 0 && uy == 0 {
		return
	}
	tx, ty := tip[len(tip)-1][0], tip[len(tip)-1][1]
	px, py := -uy, ux
	bx, by := tx-ux*pathHeadLen, ty-uy*pathHeadLen
	dc.MoveTo(tx, ty)
	dc.LineTo(bx+px*11, by+py*11)
	dc.LineTo(bx-px*11, by-py*11)
	dc.ClosePath()
	dc.SetColor(pathInk)
	dc.FillPreserve()
	dc.SetColor(white)
	dc.SetLineWidth(1.5)
	dc.Stroke()
}

// diceRow draws two dice of side size, the first with its left edge at x,
// centred on y, and returns the width they took.
func diceRow(dc *gg.Context, dice [2]int, x, y, size float64) float64 {
	for i, v := range dice {
		dieFace(dc, v, x+float64(i)*(size+size/5), y-size/2, size)
	}
	return 2*size + size/5
}
