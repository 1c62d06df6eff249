package render

import (
	"image"
	"image/color"
	"iter"
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
	type die struct {
		v    int
		size float64
	}
	stamp(dc, die{v, size}, x, y, size, size, func(dc *gg.Context, x, y float64) { drawDie(dc, v, x, y, size) })
}

func drawDie(dc *gg.Context, v int, x, y, size float64) {
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

// Text sizes, in points of the Go fonts. A phone shows a picture about 400
// px wide, 0.4 of a canvas 1000 px wide: at textMin a capital letter or a
// figure is 20 px tall on the canvas and 8 px on the phone, the least a
// player reads there comfortably. Nothing a player must read is smaller
// (phone_test.go measures every label of every game).
const (
	textMin    = 28.0 // the words of the name bars, numbers of spaces, coordinates, letters on pieces
	textName   = 29.0 // the names in the name bars, a point larger than the words beside them
	textTitle  = 30.0 // "Game 12 · Kimbo"
	textStatus = 32.0 // whose decision it is, or the result
	// textNumber is the numbers of Rumba's track and turnout spaces, read
	// at a glance to count a move: a size above textMin, so that their
	// ink, not only their face's capital, is over 8 px tall on a phone.
	textNumber = 32.0
)

// pieceLetter is the size of the letter on a piece of the given radius
// asked at size: at least textMin, or 0 when the piece is too small to
// hold a letter that size, its colour and its place then saying whose it
// is.
func pieceLetter(radius, size float64) float64 {
	const least = 16.0 // the radius round a "W" of textMin
	if radius < least {
		return 0
	}
	return max(size, textMin)
}

// shadedDisc draws a disc of radius r centred at (c, c) over its shadow
// (offset by dx, dy, black of alpha shade), filled with fill and ringed
// with rim in a line of width w: a piece seen from above.
func shadedDisc(dc *gg.Context, c, r, dx, dy float64, shade uint8, fill, rim color.Color, w float64) {
	dc.DrawCircle(c+dx, c+dy, r)
	dc.SetColor(color.RGBA{0, 0, 0, shade})
	dc.Fill()
	dc.DrawCircle(c, c, r)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(rim)
	dc.SetLineWidth(w)
	dc.Stroke()
}

// discSprite draws a seat's piece (a Kimbo piece, a Kippy Koo marble)
// centred in a transparent square of side size: a disc in the seat's
// colour, with a shadow, and letter (the side's) at the size letterSize
// asks. A disc too small for a letter (a Kimbo piece in HOME) has none:
// its colour, and where it stands, say whose it is.
func discSprite(kit *Canvas, seat int, letter byte, radius, letterSize float64, size int) *image.RGBA {
	dc := gg.NewContext(size, size)
	c := float64(size) / 2
	shadedDisc(dc, c, radius, 1.2, 2, 0x40, seatFill[seat], seatOutline[seat], math.Max(2, radius/7))
	img := dc.Image().(*image.RGBA)
	if size := pieceLetter(radius, letterSize); size > 0 {
		drawText(img, kit.Face(true, size), string(letter), c, c, 0.5, letterInk(seat))
	}
	return img
}

// The header of a dice game's picture (Kimbo, Kippy Koo, Rumba): the
// title on the first line, whose decision it is or the result on the
// second, the latest turn on the third; the dice on the right of the first
// two. Each line has the whole width it needs: the title is never cut.
const (
	headerH       = 142.0 // height of the header
	headerTitleY  = 34.0  // the middle of the title's capitals
	headerStatusY = 78.0  // of the status line's
	headerLastY   = 120.0 // of the latest turn's line
	headerDiceY   = 56.0  // the middle of the dice
)

// drawTitle draws "Game 12 · Kimbo" (or the game's name alone) with its
// left edge at left, centred on y, and returns its width. A title wider
// than right-left is cut, but no picture's layout leaves it less room than
// the longest title the bot gives ("Game #1234567 · All the King's Men").
func drawTitle(img *image.RGBA, kit *Canvas, info Info, game string, left, right, y float64) float64 {
	title := game
	if t := kit.fonts.clean(info.Title); t != "" {
		title = t + " · " + title
	}
	tf := kit.Face(true, textTitle)
	return drawText(img, tf, fit(tf, title, right-left), left, y, 0, ink)
}

// drawLast draws the header's line of the latest turn: label (such as
// "Last S: ") muted and the turn's text bold after it, cut to end before
// right.
func drawLast(img *image.RGBA, kit *Canvas, label, text string, left, right, y float64) {
	if text == "" {
		return
	}
	x := left + drawText(img, kit.Face(false, textMin), label, left, y, 0, muted)
	bf := kit.Face(true, textMin)
	drawText(img, bf, fit(bf, text, right-x), x, y, 0, ink)
}

// barPart is one part of the label on the right of a name bar.
type barPart struct {
	text  string
	short string // shorter words for the same, used before the part is dropped; "" if none
	bold  bool
	c     color.RGBA
	keep  int // higher is shortened and dropped later
}

// barSeat draws the words of a name bar that say which seat it is (its
// side; in Rumba, its hands and colour), muted, ending at right, and
// returns where they begin. They never change, and the static layers draw
// them under every picture; a painter draws them again (draw) only over
// the back of the bar of the seat to move or that won. Whatever else a
// bar drops for room, they stay.
func barSeat(img *image.RGBA, kit *Canvas, words string, right, cy float64, draw bool) float64 {
	f := kit.Face(false, textMin)
	if !draw {
		return right - textWidth(f, words)
	}
	return right - drawText(img, f, words, right, cy, 1, muted)
}

// barLabel draws the rest of a name bar's text: the name from nx (bold
// when the seat is to act or has won), and the parts right-aligned at
// right, where the seat's words begin, each followed by a dot. While the
// name would get less than minName pixels the part with the lowest keep
// is shortened, or when it has no shorter words dropped.
func barLabel(img *image.RGBA, kit *Canvas, name string, bold bool, parts []barPart, nx, right, cy, minName float64) {
	nf := kit.Face(bold, textName)
	const sep = "  ·  "
	measure := func(ps []barPart) float64 {
		wd := 0.0
		for _, pt := range ps {
			wd += textWidth(kit.Face(pt.bold, textMin), pt.text) + textWidth(kit.Face(false, textMin), sep)
		}
		return wd
	}
	minName = math.Min(textWidth(nf, name), minName)
	parts = append([]barPart(nil), parts...)
	for len(parts) > 0 && right-measure(parts)-20-nx < minName {
		low := 0
		for i, pt := range parts {
			if pt.keep < parts[low].keep {
				low = i
			}
		}
		if parts[low].short != "" {
			parts[low].text, parts[low].short = parts[low].short, ""
			continue
		}
		parts = append(parts[:low], parts[low+1:]...)
	}
	for i := len(parts) - 1; i >= 0; i-- {
		pt := parts[i]
		right -= drawText(img, kit.Face(false, textMin), sep, right, cy, 1, muted)
		right -= drawText(img, kit.Face(pt.bold, textMin), pt.text, right, cy, 1, pt.c)
	}
	drawText(img, nf, fit(nf, name, right-20-nx), nx, cy, 0, ink)
}

// redRing draws a red ring on a white one round (x, y): where a capture
// was, or round a piece just sent back by one. The rings are filled, not
// stroked: a stroke round a circle costs twice its fill.
func redRing(dc *gg.Context, x, y, radius float64) {
	type red struct{ radius float64 }
	r := radius + 3.5
	stamp(dc, red{radius}, x-r, y-r, 2*r, 2*r, func(dc *gg.Context, x, y float64) {
		ring(dc, x+r, y+r, radius-3.5, radius+3.5, white)
		ring(dc, x+r, y+r, radius-2, radius+2, threatRed)
	})
}

// ring fills the ring round (x, y) between the radii in and out with c.
func ring(dc *gg.Context, x, y, in, out float64, c color.RGBA) {
	dc.DrawCircle(x, y, out)
	dc.DrawCircle(x, y, in)
	dc.SetFillRuleEvenOdd()
	dc.SetColor(c)
	dc.Fill()
	dc.SetFillRuleWinding()
}

// crossBadge draws a small badge of a capture centred on (x, y): a disc
// in fill, rimmed white, with a cross in cross; all filled, which is
// quicker than stroking.
func crossBadge(dc *gg.Context, x, y float64, fill, cross color.RGBA) {
	type badge struct{ fill, cross color.RGBA }
	const r = 12.25
	stamp(dc, badge{fill, cross}, x-r, y-r, 2*r, 2*r, func(dc *gg.Context, x, y float64) { drawBadge(dc, x+r, y+r, fill, cross) })
}

func drawBadge(dc *gg.Context, x, y float64, fill, cross color.RGBA) {
	dc.DrawCircle(x, y, 12.25)
	dc.SetColor(white)
	dc.Fill()
	dc.DrawCircle(x, y, 9.75)
	dc.SetColor(fill)
	dc.Fill()
	// Two bars 3 px wide, crossed, each with the same turn so that they
	// do not cancel where they cross.
	const long, half = 4.5*math.Sqrt2 + 1.5, 1.5
	for _, u := range [][2]float64{{math.Sqrt2 / 2, math.Sqrt2 / 2}, {math.Sqrt2 / 2, -math.Sqrt2 / 2}} {
		v := [2]float64{-u[1], u[0]}
		corners := [4][2]float64{{-long, -half}, {-long, half}, {long, half}, {long, -half}}
		trace(dc, len(corners), func(i int) (float64, float64) {
			c := corners[i]
			return x + c[0]*u[0] + c[1]*v[0], y + c[0]*u[1] + c[1]*v[1]
		})
		dc.ClosePath()
	}
	dc.SetColor(cross)
	dc.Fill()
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
	band(dc, pts, alpha(pathInk, 0.55), 12)
}

// trace adds to dc's path a line through the n points at gives, begun
// afresh at the first: a polyline for the caller to stroke, or to close
// and fill.
func trace(dc *gg.Context, n int, at func(i int) (x, y float64)) {
	for i := range n {
		x, y := at(i)
		if i == 0 {
			dc.MoveTo(x, y)
		} else {
			dc.LineTo(x, y)
		}
	}
}

// band strokes the polyline pts in c (premultiplied), w pixels wide, with
// round caps and joins: once, so that where it crosses itself it is no
// darker.
func band(dc *gg.Context, pts [][2]float64, c color.RGBA, w float64) {
	if len(pts) < 2 {
		return
	}
	dc.SetColor(c)
	dc.SetLineWidth(w)
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
	arrowHead(dc, tip[len(tip)-1][0], tip[len(tip)-1][1], ux, uy, pathInk, white)
}

// arrowHead fills an arrowhead pathHeadLen long with its tip at (tx, ty),
// pointing along the unit vector (ux, uy), in fill rimmed with rim.
func arrowHead(dc *gg.Context, tx, ty, ux, uy float64, fill, rim color.RGBA) {
	px, py := -uy, ux
	bx, by := tx-ux*pathHeadLen, ty-uy*pathHeadLen
	dc.MoveTo(tx, ty)
	dc.LineTo(bx+px*11, by+py*11)
	dc.LineTo(bx-px*11, by-py*11)
	dc.ClosePath()
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(rim)
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

// Earlier turns (Info.Earlier): each painter marks them under its latest
// turn's marks, with the same kind of marks in the mover's seat colour,
// the older the fainter, and under the pieces, so that they hide neither
// pieces nor text.

// maxEarlier is how many earlier turns a picture marks at most, the most
// recent: in a game of four, the two before the latest since a player's
// own turn, and three more.
const maxEarlier = 5

// earlierFade is the strength of the marks of an earlier turn age turns
// before the latest (1 for the one just before it), a share of their full
// strength: each turn back is 30% fainter than the one after it.
func earlierFade(age int) float64 {
	return 0.9 * math.Pow(0.7, float64(age-1))
}

// faded yields each of the earlier turns a picture marks (oldest first)
// with the strength of its marks, fainter the older (earlierFade).
func faded[T any](earlier []T) iter.Seq2[T, float64] {
	return func(yield func(T, float64) bool) {
		for i, t := range earlier {
			if !yield(t, earlierFade(len(earlier)-i)) {
				return
			}
		}
	}
}

// earlierTurns reads the earlier turns a picture marks from turns, oldest
// first, the most recent maxEarlier at most: read gives a turn's record
// of what it did (false for a state of another game); a record that the
// next one, or latest (the state drawn's), continues (the same turn,
// further on) is left to that one; a record with nothing to mark
// (marked false) is left out.
func earlierTurns[T any](turns []Turn, latest T, read func(Turn) (T, bool), continues func(a, b T) bool, marked func(T) bool) []T {
	var recs []T
	for _, t := range turns {
		if r, ok := read(t); ok {
			recs = append(recs, r)
		}
	}
	recs = append(recs, latest)
	var out []T
	for i, r := range recs[:len(recs)-1] {
		if !continues(r, recs[i+1]) && marked(r) {
			out = append(out, r)
		}
	}
	return out[max(0, len(out)-maxEarlier):]
}

// recorder is a game's position that records its latest turn, for the
// picture: Last.
type recorder[R any] interface {
	comparable
	Last() R
}

// readLast reads the record of its latest turn from t's state, if it is a
// P, as earlierTurns reads.
func readLast[P recorder[R], R any](t Turn) (R, bool) {
	var none P
	p, ok := t.State.(P)
	if !ok || p == none {
		var r R
		return r, false
	}
	return p.Last(), true
}

// earlierHead draws the arrowhead of an earlier turn's path pts, its tip
// gap pixels short of the path's end, in seat's colour at strength a.
func earlierHead(dc *gg.Context, pts [][2]float64, gap float64, seat int, a float64) {
	if len(pts) < 2 {
		return
	}
	tip, ux, uy := cutPath(pts, gap)
	if ux == 0 && uy == 0 {
		return
	}
	arrowHead(dc, tip[len(tip)-1][0], tip[len(tip)-1][1], ux, uy, alpha(seatFill[seat], a), alpha(seatOutline[seat], a))
}

// earlierDot marks where an earlier turn's piece started: a dot of radius
// r in seat's colour at strength a.
func earlierDot(dc *gg.Context, x, y, r float64, seat int, a float64) {
	dc.DrawCircle(x, y, r)
	dc.SetColor(alpha(seatFill[seat], a))
	dc.Fill()
}

// earlierCapture marks where an earlier turn captured: a red ring of
// radius r at strength a.
func earlierCapture(dc *gg.Context, x, y, r, a float64) {
	ring(dc, x, y, r-2.5, r+2.5, alpha(threatRed, a))
}
