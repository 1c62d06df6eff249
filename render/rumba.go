package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/fogleman/gg"

	"parlor/rules"
	"parlor/rules/rumba"
)

// The Rumba picture: a portrait canvas with a header (title, the latest
// throw's moves, whose decision it is or the result, the dice and the
// reward), a name bar above the board, the board, and the other bars below
// it. On the board the main track is a square ring of rumba.TrackSpaces
// wide spaces, 17 to a side as the text drawing lays them out: 00 in the
// middle of the bottom edge, counter-clockwise on the screen (seen from
// above). Each space has its number in a band along the board's edge and
// room for three men inside it. A single-width turnout loops into the board
// round each inner corner, from the space it leaves after to the one it
// rejoins at; each hand's men wait in a pocket just downstream of its
// starting point, and a lane leads from its finish space into the central
// FINISH. Sizes are in pixels.
const (
	rbW       = 1000
	rbHeaderH = headerH
	rbBarH    = 64.0
	rbBoardX  = 17.0
	rbBoardY  = rbHeaderH + rbBarH
	rbBoardS  = 966.0
	rbRim     = 8.0
	rbTrackX  = rbBoardX + rbRim // the track's outer edge
	rbTrackY  = rbBoardY + rbRim
	rbTrackS  = rbBoardS - 2*rbRim
	rbDepth   = 110.0                         // a space across the track (and a corner space's side)
	rbCell    = (rbTrackS - 2*rbDepth) / 15.0 // a space along the track
	rbBand    = 34.0                          // the band of numbers along the track's outer edge
	rbCX      = rbBoardX + rbBoardS/2         // centre of the board
	rbCY      = rbBoardY + rbBoardS/2
	rbSouthY  = rbBoardY + rbBoardS + 6 // top of the bars below the board
	rbDie     = 58.0                    // side of a die in the header
	rbBarDie  = 34.0                    // side of a die in a name bar
)

// Men, turnouts, pockets and FINISH.
const (
	rbManR     = 20.0 // a man alone on a track space
	rbPairR    = 18.0 // two men on a space; a man on a turnout, waiting, in FINISH or in a bar
	rbTrioR    = 14.0 // three men on a space, too small for a letter
	rbPairOff  = 19.0 // the offsets of two men across the track, from the middle
	rbTrioOff  = 24.0 // and of three
	rbLoopR1   = 40.0 // radius of a turnout's bends where it leaves and rejoins the track
	rbLoopR2   = 80.0 // radius of its loop
	rbTurnR    = 21.0 // a turnout space
	rbPocketW  = 124.0
	rbPocketH  = 128.0
	rbPocketIn = 8.0   // the track's inner edge to a pocket
	rbSlot     = 42.0  // between the places of a pocket
	rbFinishH  = 145.0 // half the side of the central FINISH
	rbFinishG  = 40.0  // between the places of FINISH
	rbLaneW    = 34.0  // width of a lane into FINISH
	rbHeadLen  = 18.0  // length of a path's arrowhead
)

var (
	rbBoard     = color.RGBA{0xe9, 0xdc, 0xbf, 0xff}
	rbBoardRim  = color.RGBA{0x5a, 0x44, 0x30, 0xff}
	rbSpace     = color.RGBA{0xfb, 0xf6, 0xea, 0xff} // where the men stand
	rbBandInk   = color.RGBA{0xe2, 0xd0, 0xac, 0xff} // the band of numbers
	rbSpaceLine = color.RGBA{0xa8, 0x8c, 0x64, 0xff}
	rbNumberInk = color.RGBA{0x5e, 0x4a, 0x34, 0xff}
	rbLoopInk   = color.RGBA{0x9c, 0x80, 0x5a, 0xff} // the line a turnout's spaces sit on
	rbLabelInk  = color.RGBA{0x8a, 0x72, 0x52, 0xff}
	rbArrowInk  = color.RGBA{0xd6, 0xc6, 0xa6, 0xff} // the way of travel, under the men
	rbSilver    = color.RGBA{0xdc, 0xdf, 0xe4, 0xff} // the top of a North or West man
	rbSilverRim = color.RGBA{0x80, 0x86, 0x90, 0xff}

	// The men's colours, by side: Red, Black.
	rbSideFill = [2]color.RGBA{{0xc6, 0x1b, 0x24, 0xff}, {0x24, 0x24, 0x28, 0xff}}
	rbSideRim  = [2]color.RGBA{{0x66, 0x08, 0x0e, 0xff}, {0x00, 0x00, 0x00, 0xff}}
	rbSideTint = [2]color.RGBA{{0xf4, 0xcd, 0xc8, 0xff}, {0xcd, 0xcd, 0xd2, 0xff}}
)

// rumbaCache holds the men's sprites every Rumba picture shares; the
// static layers, one for each number of players, are kept with the
// renderer's layers.
type rumbaCache struct {
	spriteOnce sync.Once
	men        [4][3]*image.RGBA // by hand and size: rbManR, rbPairR, rbTrioR
}

// rbRadii are the sizes of the men's sprites.
var rbRadii = [3]float64{rbManR, rbPairR, rbTrioR}

// load returns the static layer for a game of n players (2 to 4) whose
// words are w, and makes sure the sprites are drawn.
func (c *rumbaCache) load(kit *Canvas, w rbWords, n int) *packedLayer {
	c.spriteOnce.Do(func() {
		for h := rumba.South; h <= rumba.West; h++ {
			for i, radius := range rbRadii {
				c.men[h][i] = rbManSprite(kit, h, radius)
			}
		}
	})
	return kit.base("rumba", n, w, func() *image.RGBA { return rbStatic(kit, n, w) })
}

// rbWords are the words of a static layer: the hands' and the sides'
// names, the pockets' labels, FINISH and its rule.
type rbWords struct {
	hand, waiting [4]string
	side, upper   [2]string
	finish, win   string
}

// rbStaticWords are the words of the static layers in in's language.
func rbStaticWords(in Info) rbWords {
	var w rbWords
	for h := rumba.South; h <= rumba.West; h++ {
		w.hand[h] = in.word(h.Word())
		w.waiting[h] = in.T("%s waiting", string(h.Letter()))
	}
	for side := rumba.Red; side <= rumba.Black; side++ {
		w.side[side] = in.word(side.Word())
		w.upper[side] = strings.ToUpper(w.side[side])
	}
	w.finish, w.win = in.T("FINISH"), in.T("4 of a colour win")
	return w
}

// man draws hand h's man of the size radius (one of rbRadii) centred on
// (x, y).
func (c *rumbaCache) man(img *image.RGBA, h rumba.Hand, radius, x, y float64) {
	i := 0
	for i < len(rbRadii)-1 && rbRadii[i] != radius {
		i++
	}
	s := c.men[h][i]
	half := s.Rect.Dx() / 2
	over(img, s, int(math.Round(x))-half, int(math.Round(y))-half)
}

// rbSilverTop reports whether hand h's men have silver tops: North's and
// West's do, South's and East's are plain.
func rbSilverTop(h rumba.Hand) bool { return h == rumba.North || h == rumba.West }

// rbManSprite draws a man of hand h in a transparent square: a disc in his
// side's colour with his hand's letter, white on a plain man, in the
// side's colour on the silver top of a North or West man. A man of three
// on a space is too small for a letter: his colour and top say whose he
// is.
func rbManSprite(kit *Canvas, h rumba.Hand, radius float64) *image.RGBA {
	size := int(2*radius) + 8
	dc := gg.NewContext(size, size)
	c := float64(size) / 2
	side := h.Side()
	shadedDisc(dc, c, radius, 1, 1.8, 0x48, rbSideFill[side], rbSideRim[side], math.Max(1.5, radius/9))
	letter := white
	if rbSilverTop(h) {
		dc.DrawCircle(c, c, radius*0.78)
		dc.SetColor(rbSilver)
		dc.FillPreserve()
		dc.SetColor(rbSilverRim)
		dc.SetLineWidth(1.5)
		dc.Stroke()
		letter = rbSideFill[side]
	}
	img := dc.Image().(*image.RGBA)
	if size := pieceLetter(radius, textMin); size > 0 {
		drawText(img, kit.Face(true, size), string(h.Letter()), c, c, 0.5, letter)
	}
	return img
}

// rbTile is the drawing of a track space.
type rbTile struct {
	x, y, w, h float64 // its box
	cx, cy     float64 // the middle of the box
	in         [2]float64
	// in points from the track's outer edge to its inner edge, one step
	// (corners: diagonal, each step ±1); along is the way of travel, a
	// unit vector (corners: diagonal).
	along  [2]float64
	corner bool
}

// men is the middle of the part of the space men stand on, inside its band.
func (t *rbTile) men() (x, y float64) {
	return t.cx + t.in[0]*rbBand/2, t.cy + t.in[1]*rbBand/2
}

// number is the middle of the space's number, in the band.
func (t *rbTile) number() (x, y float64) {
	d := (rbDepth - rbBand) / 2
	return t.cx - t.in[0]*d, t.cy - t.in[1]*d
}

// menBox is the part of the space men stand on: all of it but the band.
func (t *rbTile) menBox() (x, y, w, h float64) {
	x, y, w, h = t.x, t.y, t.w, t.h
	if t.in[0] != 0 {
		w -= rbBand
		if t.in[0] > 0 {
			x += rbBand
		}
	}
	if t.in[1] != 0 {
		h -= rbBand
		if t.in[1] > 0 {
			y += rbBand
		}
	}
	return x, y, w, h
}

// inner is the middle of the space's edge on the inside of the track.
func (t *rbTile) inner() (x, y float64) {
	return t.cx + t.in[0]*rbDepth/2, t.cy + t.in[1]*rbDepth/2
}

// stack is the place of the i-th of n men on the space, and their radius:
// one in the middle, two or three in a line across the track.
func (t *rbTile) stack(i, n int) (x, y, radius float64) {
	x, y = t.men()
	ux, uy, _ := unit(t.in[0], t.in[1])
	off := 0.0
	switch n {
	case 1:
		return x, y, rbManR
	case 2:
		off, radius = rbPairOff*(float64(i)*2-1), rbPairR
	default:
		off, radius = rbTrioOff*float64(i-1), rbTrioR
	}
	// The first man nearest the outer edge.
	return x + ux*off, y + uy*off, radius
}

// rbSpan is where the i-th of the 17 rows or columns of the track begins,
// from the track's top or left edge, and its size: the corners are square.
func rbSpan(i int) (lo, size float64) {
	switch {
	case i <= 0:
		return 0, rbDepth
	case i >= 16:
		return rbDepth + 15*rbCell, rbDepth
	}
	return rbDepth + float64(i-1)*rbCell, rbCell
}

// rbTiles are the track spaces' drawings, by space.
var rbTiles = func() (out [rumba.TrackSpaces]rbTile) {
	// The four edges from the bottom one, counter-clockwise on the screen:
	// the way of travel and the inward step on each.
	edges := [4]struct{ along, in [2]float64 }{
		{[2]float64{1, 0}, [2]float64{0, -1}},  // bottom, from the south-west corner
		{[2]float64{0, -1}, [2]float64{-1, 0}}, // right, from the south-east corner
		{[2]float64{-1, 0}, [2]float64{0, 1}},  // top, from the north-east corner
		{[2]float64{0, 1}, [2]float64{1, 0}},   // left, from the north-west corner
	}
	for s := range rumba.TrackSpaces {
		k := (s + 8) % rumba.TrackSpaces // from the south-west corner, space 56
		e, i := k/16, k%16
		var col, row int // from the top left
		switch e {
		case 0:
			col, row = i, 16
		case 1:
			col, row = 16, 16-i
		case 2:
			col, row = 16-i, 0
		default:
			col, row = 0, i
		}
		t := rbTile{along: edges[e].along, in: edges[e].in}
		if i == 0 {
			prev := edges[(e+3)%4]
			t.corner = true
			t.in = [2]float64{t.in[0] + prev.in[0], t.in[1] + prev.in[1]}
			ax, ay, _ := unit(t.along[0]+prev.along[0], t.along[1]+prev.along[1])
			t.along = [2]float64{ax, ay}
		}
		x, w := rbSpan(col)
		y, h := rbSpan(row)
		t.x, t.y, t.w, t.h = rbTrackX+x, rbTrackY+y, w, h
		t.cx, t.cy = t.x+w/2, t.y+h/2
		out[s] = t
	}
	return out
}()

// rbLoop is the drawing of a turnout: it leaves the track's inner edge at
// a, bending back on a small circle round c1, runs round most of a larger
// circle round o, and bends into the track at b on a small circle round
// c2. Its spaces are evenly spaced along it.
type rbLoop struct {
	a, b, c1, o, c2 [2]float64
	start, sweep    [3]float64 // each arc's starting angle and signed sweep
	length          float64
}

// rbLoops are the turnouts' drawings, in rumba.Board's order.
var rbLoops = func() (out [rumba.Turnouts]rbLoop) {
	for q, def := range rumba.Board.Turnouts {
		out[q] = rbMakeLoop(&rbTiles[def.After], &rbTiles[def.Rejoin])
	}
	return out
}()

// rbMakeLoop works out the loop of a turnout from the track space ta to tb,
// on the two edges that meet at one corner.
func rbMakeLoop(ta, tb *rbTile) rbLoop {
	var l rbLoop
	l.a[0], l.a[1] = ta.inner()
	l.b[0], l.b[1] = tb.inner()
	// c: the inner corner of the track, where the two inner edges meet.
	c := [2]float64{l.b[0], l.a[1]}
	if ta.in[1] == 0 {
		c = [2]float64{l.a[0], l.b[1]}
	}
	ux, uy, a := unit(l.a[0]-c[0], l.a[1]-c[1]) // from the corner to a
	vx, vy, _ := unit(ta.in[0], ta.in[1])       // into the board
	at := func(u, v float64) [2]float64 { return [2]float64{c[0] + u*ux + v*vx, c[1] + u*uy + v*vy} }
	// In the frame (u, v) a is (a, 0) and b (0, a); the loop is symmetric
	// about the diagonal, its centre o at (s, s), tangent to the bends.
	p := a + rbLoopR1
	s := (p + math.Sqrt(2*(rbLoopR2+rbLoopR1)*(rbLoopR2+rbLoopR1)-p*p)) / 2
	l.c1, l.o, l.c2 = at(p, 0), at(s, s), at(0, p)
	touch := func(c [2]float64) [2]float64 {
		x, y, _ := unit(l.o[0]-c[0], l.o[1]-c[1])
		return [2]float64{c[0] + x*rbLoopR1, c[1] + y*rbLoopR1}
	}
	t1, t2 := touch(l.c1), touch(l.c2)
	angle := func(c, pt [2]float64) float64 { return math.Atan2(pt[1]-c[1], pt[0]-c[0]) }
	short := func(d float64) float64 { return math.Remainder(d, 2*math.Pi) }
	l.start[0] = angle(l.c1, l.a)
	l.sweep[0] = short(angle(l.c1, t1) - l.start[0])
	l.start[1] = angle(l.o, t1)
	w := short(angle(l.o, t2) - l.start[1])
	l.sweep[1] = w - math.Copysign(2*math.Pi, w) // the long way round, away from the corner
	l.start[2] = angle(l.c2, t2)
	l.sweep[2] = short(angle(l.c2, l.b) - l.start[2])
	l.length = rbLoopR1*math.Abs(l.sweep[0]) + rbLoopR2*math.Abs(l.sweep[1]) + rbLoopR1*math.Abs(l.sweep[2])
	return l
}

// at is the point at distance d along the loop from a.
func (l *rbLoop) at(d float64) (x, y float64) {
	centres := [3][2]float64{l.c1, l.o, l.c2}
	radii := [3]float64{rbLoopR1, rbLoopR2, rbLoopR1}
	d = math.Max(0, d)
	for i := range 3 {
		n := radii[i] * math.Abs(l.sweep[i])
		if d <= n || i == 2 {
			t := math.Min(d/n, 1)
			a := l.start[i] + l.sweep[i]*t
			return centres[i][0] + radii[i]*math.Cos(a), centres[i][1] + radii[i]*math.Sin(a)
		}
		d -= n
	}
	return l.b[0], l.b[1]
}

// pitch is the distance along the loop between its spaces.
func (l *rbLoop) pitch() float64 { return l.length / (rumba.TurnoutSpaces + 1) }

// rbTurnoutNumber is the middle of the number of the k-th space of turnout
// l: beside the space, outside the loop, clear of a man on the space, of
// the loop and its other spaces, of the pockets and of the track. Away from the loop's
// middle if there is room, else turned toward the loop's line as little as
// will do.
func rbTurnoutNumber(l *rbLoop, k int) (x, y float64) {
	const (
		out  = rbTurnR + 17 // from the space's middle
		room = 13.0         // round the number's middle
	)
	sx, sy := l.at(float64(k) * l.pitch())
	ux, uy, _ := unit(sx-l.o[0], sy-l.o[1])
	clear := func(x, y float64) bool {
		lo, hi := rbTrackX+rbDepth+room+4, rbTrackX+rbTrackS-rbDepth-room-4
		if x < lo || x > hi || y < lo-rbTrackX+rbTrackY || y > hi-rbTrackX+rbTrackY {
			return false
		}
		for h := rumba.South; h <= rumba.West; h++ {
			px, py := rbPocket(h)
			if math.Abs(x-px) < rbPocketW/2+room+4 && math.Abs(y-py) < rbPocketH/2+room+4 {
				return false
			}
		}
		for j := 1; j <= rumba.TurnoutSpaces; j++ {
			px, py := l.at(float64(j) * l.pitch())
			if math.Hypot(x-px, y-py) < rbTurnR+room+2 {
				return false
			}
		}
		for d := 0.0; d <= l.length; d += 4 {
			px, py := l.at(d)
			if math.Hypot(x-px, y-py) < 6+room {
				return false
			}
		}
		return true
	}
	for turn := 0.0; turn <= 120; turn += 15 {
		for _, sign := range []float64{1, -1} {
			a := sign * turn * math.Pi / 180
			vx, vy := ux*math.Cos(a)-uy*math.Sin(a), ux*math.Sin(a)+uy*math.Cos(a)
			if x, y := sx+vx*out, sy+vy*out; clear(x, y) {
				return x, y
			}
		}
	}
	return sx + ux*out, sy + uy*out
}

// rbPoint is where the men stand on a track or turnout space.
func rbPoint(s rumba.Space) (x, y float64) {
	if q, k, ok := s.Turnout(); ok {
		l := &rbLoops[q]
		return l.at(float64(k) * l.pitch())
	}
	return rbTiles[s].men()
}

// rbPocket is the middle of hand h's pocket of waiting men: inside the
// track, just downstream of its starting point.
func rbPocket(h rumba.Hand) (x, y float64) {
	t := &rbTiles[rumba.Start(h)]
	ix, iy := t.inner()
	deep := rbPocketH / 2
	if t.in[1] == 0 {
		deep = rbPocketW / 2
	}
	d := rbPocketIn + deep
	return ix + t.along[0]*1.5*rbCell + t.in[0]*d, iy + t.along[1]*1.5*rbCell + t.in[1]*d
}

// rbPocketSlot is the i-th place (0 to 3) of the pocket whose middle is
// (x, y): two rows of two under the pocket's label.
func rbPocketSlot(x, y float64, i int) (float64, float64) {
	return x + (float64(i%2)-0.5)*rbSlot, y + 16 + (float64(i/2)-0.5)*rbSlot
}

// rbPocketMouth is where a path from hand h's pocket to its starting
// point leaves the pocket.
func rbPocketMouth(h rumba.Hand) [2]float64 {
	t := &rbTiles[rumba.Start(h)]
	x, y := rbPocket(h)
	half := rbPocketW / 2
	if t.in[1] == 0 {
		half = rbPocketH / 2
	}
	return [2]float64{x - t.along[0]*(half-6), y - t.along[1]*(half-6)}
}

// rbLane is the lane from hand h's finish space into FINISH: from the
// space's inner edge to FINISH's edge.
func rbLane(h rumba.Hand) (from, to [2]float64) {
	t := &rbTiles[rumba.FinishSpace(h)]
	from[0], from[1] = t.inner()
	// From the middle of the space straight inward to FINISH's edge.
	d := (rbCX-t.cx)*t.in[0] + (rbCY-t.cy)*t.in[1] - rbFinishH
	to = [2]float64{t.cx + t.in[0]*d, t.cy + t.in[1]*d}
	return from, to
}

// rbFinishSlot is the i-th place (0 to 3) of side's row in FINISH, right
// of the side's name.
func rbFinishSlot(side rumba.Side, i int) (x, y float64) {
	return rbCX + rbFinishH - 12 - rbPairR - float64(3-i)*rbFinishG, rbCY - 30 + float64(side)*70
}

// rbHeight is the height of the canvas for n players: two players have a
// bar above the board and one below, three and four a row more.
func rbHeight(n int) int {
	h := rbSouthY + rbBarH + 6
	if n > 2 {
		h += rbBarH
	}
	return int(h)
}

// rbBarBox is the box of seat's name bar in a game of n players. Four:
// North above the board, South below, West and East in a row under South.
// Three: North above, South below, the player of East and West under
// South. Two: Black above, Red below.
func rbBarBox(n, seat int) (x, y, w, h float64) {
	h = rbBarH - 8
	const left, width = rbBoardX + 20, rbBoardS - 40
	half := width/2 - 6
	top, south, row := rbHeaderH+4, rbSouthY, rbSouthY+rbBarH
	switch {
	case n == 2 && seat == 1, n > 2 && seat == 2:
		return left, top, width, h
	case seat == 0:
		return left, south, width, h
	case n == 3:
		return left, row, width, h
	case seat == 3:
		return left, row, half, h
	}
	return left + width - half, row, half, h
}

// rbStatic draws the layer under every picture of a game of n players:
// background, plain name bars, the board, the turnouts, the lanes into
// FINISH, the track with its numbers and starting points, the pockets and
// FINISH.
func rbStatic(kit *Canvas, n int, words rbWords) *image.RGBA {
	dc := gg.NewContext(rbW, rbHeight(n))
	dc.SetColor(paper)
	dc.Clear()
	img := dc.Image().(*image.RGBA)
	if p, err := rumba.New(n); err == nil {
		for seat := range n {
			x, y, w, h := rbBarBox(n, seat)
			seatBarBack(dc, 0, barWaiting, x, y, w, h)
			s := rules.Seat(seat)
			barSeat(img, kit, rbSeatWords(words, p.Hands(s), p.SideOf(s)), x+w-20, y+h/2, true)
		}
	}

	dc.DrawRoundedRectangle(rbBoardX, rbBoardY, rbBoardS, rbBoardS, 20)
	dc.SetColor(rbBoardRim)
	dc.Fill()
	dc.DrawRectangle(rbTrackX, rbTrackY, rbTrackS, rbTrackS)
	dc.SetColor(rbBoard)
	dc.Fill()

	// The lanes into FINISH, each with its hand's letter and an arrowhead.
	for h := rumba.South; h <= rumba.West; h++ {
		from, to := rbLane(h)
		side := h.Side()
		dc.SetLineCapButt()
		dc.SetLineWidth(rbLaneW)
		dc.SetColor(rbSideTint[side])
		dc.DrawLine(from[0], from[1], to[0], to[1])
		dc.Stroke()
		ux, uy, length := unit(to[0]-from[0], to[1]-from[1])
		dc.SetColor(alpha(rbSideFill[side], 0.55))
		chevron(dc, to[0]-ux*16, to[1]-uy*16, ux, uy, 11)
		mx, my := from[0]+ux*length*0.45, from[1]+uy*length*0.45
		drawText(img, kit.Face(true, textMin), string(h.Letter()), mx, my, 0.5, rbSideFill[side])
	}

	// The turnouts: a line through their spaces, each space with its
	// number, and the turnout's name in the middle of its loop.
	for q, l := range rbLoops {
		dc.SetLineWidth(12)
		dc.SetColor(rbLoopInk)
		const steps = 64
		trace(dc, steps+1, func(i int) (float64, float64) { return l.at(l.length * float64(i) / steps) })
		dc.Stroke()
		nf := kit.Face(true, textNumber)
		for k := 1; k <= rumba.TurnoutSpaces; k++ {
			d := float64(k) * l.pitch()
			x, y := l.at(d)
			dc.DrawCircle(x, y, rbTurnR)
			dc.SetColor(rbSpace)
			dc.FillPreserve()
			dc.SetColor(rbSpaceLine)
			dc.SetLineWidth(2.5)
			dc.Stroke()
			// The way along the loop, under the men; the number inside
			// the loop, clear of them.
			ax, ay := l.at(d + 1)
			ux, uy, _ := unit(ax-x, ay-y)
			dc.SetColor(rbArrowInk)
			chevron(dc, x, y, ux, uy, 8)
			nx, ny := rbTurnoutNumber(&l, k)
			drawText(img, nf, fmt.Sprint(k), nx, ny, 0.5, rbNumberInk)
		}
		drawText(img, kit.Face(true, 34), rumba.Board.Turnouts[q].Name, l.o[0], l.o[1], 0.5, rbLabelInk)
	}

	// The track: the band of numbers, the spaces, the starting points and
	// finish spaces tinted in their hands' colours.
	dc.DrawRectangle(rbTrackX, rbTrackY, rbTrackS, rbTrackS)
	dc.DrawRectangle(rbTrackX+rbDepth, rbTrackY+rbDepth, rbTrackS-2*rbDepth, rbTrackS-2*rbDepth)
	dc.SetFillRuleEvenOdd()
	dc.SetColor(rbBandInk)
	dc.Fill()
	dc.DrawRectangle(rbTrackX+rbBand, rbTrackY+rbBand, rbTrackS-2*rbBand, rbTrackS-2*rbBand)
	dc.DrawRectangle(rbTrackX+rbDepth, rbTrackY+rbDepth, rbTrackS-2*rbDepth, rbTrackS-2*rbDepth)
	dc.SetColor(rbSpace)
	dc.Fill()
	dc.SetFillRuleWinding()
	for h := rumba.South; h <= rumba.West; h++ {
		for _, s := range []rumba.Space{rumba.Start(h), rumba.FinishSpace(h)} {
			dc.DrawRectangle(rbTiles[s].menBox())
			dc.SetColor(rbSideTint[h.Side()])
			dc.Fill()
		}
	}
	// The way of travel: a chevron in every other space, under the men.
	dc.SetColor(rbArrowInk)
	for s := 1; s < rumba.TrackSpaces; s += 2 {
		t := &rbTiles[s]
		x, y := t.men()
		chevron(dc, x, y, t.along[0], t.along[1], 10)
	}
	dc.SetColor(rbSpaceLine)
	dc.SetLineWidth(2)
	for s := range rumba.TrackSpaces {
		t := &rbTiles[s]
		dc.DrawRectangle(t.x, t.y, t.w, t.h)
		dc.Stroke()
	}
	for s := range rumba.Space(rumba.TrackSpaces) {
		t := &rbTiles[s]
		x, y := t.number()
		f := kit.Face(false, textNumber)
		c := rbNumberInk
		for h := rumba.South; h <= rumba.West; h++ {
			if s == rumba.Start(h) || s == rumba.FinishSpace(h) {
				f, c = kit.Face(true, textNumber), rbSideFill[h.Side()]
			}
		}
		drawText(img, f, s.String(), x, y, 0.5, c)
	}
	dc.DrawRectangle(rbTrackX, rbTrackY, rbTrackS, rbTrackS)
	dc.SetColor(rbBoardRim)
	dc.SetLineWidth(3)
	dc.Stroke()

	// The pockets of waiting men.
	for h := rumba.South; h <= rumba.West; h++ {
		side := h.Side()
		x, y := rbPocket(h)
		dc.DrawRoundedRectangle(x-rbPocketW/2, y-rbPocketH/2, rbPocketW, rbPocketH, 14)
		dc.SetColor(rbSideTint[side])
		dc.FillPreserve()
		dc.SetColor(rbSideFill[side])
		dc.SetLineWidth(3)
		dc.Stroke()
		drawText(img, kit.Face(false, textMin), words.waiting[h], x, y-rbPocketH/2+20, 0.5, rbSideRim[side])
		for i := range rumba.MenPerHand {
			sx, sy := rbPocketSlot(x, y, i)
			holeMark(dc, sx, sy)
		}
	}

	// FINISH: a row of four places for each side.
	dc.DrawRoundedRectangle(rbCX-rbFinishH, rbCY-rbFinishH, 2*rbFinishH, 2*rbFinishH, 22)
	dc.SetColor(rbSpace)
	dc.FillPreserve()
	dc.SetColor(rbBoardRim)
	dc.SetLineWidth(4)
	dc.Stroke()
	drawText(img, kit.Face(true, textTitle), words.finish, rbCX, rbCY-rbFinishH+32, 0.5, rbBoardRim)
	for side := rumba.Red; side <= rumba.Black; side++ {
		_, y := rbFinishSlot(side, 0)
		drawText(img, kit.Face(true, textMin), words.upper[side], rbCX-rbFinishH+12, y, 0, rbSideFill[side])
		for i := range rumba.ToWin {
			sx, sy := rbFinishSlot(side, i)
			holeMark(dc, sx, sy)
		}
	}
	drawText(img, kit.Face(false, textMin), words.win, rbCX, rbCY+rbFinishH-28, 0.5, muted)
	return img
}

// rbView is what the parts of a picture share.
type rbView struct {
	p     *rumba.Position
	n     int
	names []string       // display names by seat
	hands [][]rumba.Hand // each seat's hands
	legal []rules.Move   // in a move decision
	last  rumba.Throw
	in    Info    // the words' language
	words rbWords // the words of the static layers, in it
}

// Rumba is the Painter of Rumba.
func Rumba() Painter { return PainterOf(new(rumbaCache).paint) }

// paint draws a Rumba position.
func (cache *rumbaCache) paint(kit *Canvas, p *rumba.Position, info Info) (*image.RGBA, error) {
	n := p.Players()
	if n < 2 || n > 4 {
		return nil, fmt.Errorf("render: Rumba for %d players", n)
	}
	v := &rbView{p: p, n: n, last: p.Last(), names: make([]string, n), hands: make([][]rumba.Hand, n), in: info, words: rbStaticWords(info)}
	for seat := range n {
		v.hands[seat] = p.Hands(rules.Seat(seat))
		var hs []string
		for _, h := range v.hands[seat] {
			hs = append(hs, v.words.hand[h])
		}
		v.names[seat] = info.Name(kit, seat, strings.Join(hs, "/"))
	}
	if p.Phase() == rumba.PhaseMove {
		v.legal = p.Legal()
	}
	paths := rbLastPaths(v.last)
	img := kit.canvas(cache.load(kit, v.words, n))
	dc := gg.NewContextForRGBA(img)

	rbHeader(img, dc, kit, cache, v, info)
	for seat := range n {
		rbSeatBar(img, dc, kit, cache, v, seat)
	}

	// The men on each space, in hand order.
	var on [rumba.NumSpaces][3]rumba.Hand
	var count [rumba.NumSpaces]int
	for h := rumba.South; h <= rumba.West; h++ {
		for _, s := range p.Men(h) {
			if s.OnBoard() && count[s] < 3 {
				on[s][count[s]] = h
				count[s]++
			}
		}
	}

	// Under the men: the spaces whose men can move now, the blockades,
	// and the latest throw's paths.
	if p.Phase() == rumba.PhaseMove {
		rbMovable(dc, v.legal, int(p.ToMove()))
	}
	for s := range rumba.Space(rumba.TrackSpaces) {
		if p.Blockade(s) {
			rbBlockade(dc, &rbTiles[s], on[s][0].Side())
		}
	}
	for t, a := range faded(rbEarlier(info.Earlier, rbThrow{v.last, -1})) {
		rbEarlierMarks(dc, t, a)
	}
	for _, pa := range paths {
		if pa.from.OnBoard() {
			x, y := rbPoint(pa.from)
			dc.DrawCircle(x, y, 8)
			dc.SetColor(alpha(ink, 0.7))
			dc.Fill()
		}
		band, _, _ := cutPath(pa.points, pa.gap+rbHeadLen-2)
		pathBand(dc, band)
	}
	rbCaptureMarks(dc, p, paths, false)

	// The men: on the track, on the turnouts, waiting and in FINISH.
	for s := range rumba.Space(rumba.NumSpaces) {
		k := count[s]
		for i := range k {
			if s.OnTurnout() {
				x, y := rbPoint(s)
				cache.man(img, on[s][i], rbPairR, x, y)
				continue
			}
			x, y, radius := rbTiles[s].stack(i, k)
			cache.man(img, on[s][i], radius, x, y)
		}
	}
	var finished [2]int
	for h := rumba.South; h <= rumba.West; h++ {
		px, py := rbPocket(h)
		for i := range p.Count(h, rumba.Waiting) {
			x, y := rbPocketSlot(px, py, i)
			cache.man(img, h, rbPairR, x, y)
		}
		side := h.Side()
		for range p.Count(h, rumba.Finish) {
			if finished[side] < rumba.ToWin {
				x, y := rbFinishSlot(side, finished[side])
				cache.man(img, h, rbPairR, x, y)
			}
			finished[side]++
		}
	}

	// On top: the arrowheads of the latest throw and its captures.
	for _, pa := range paths {
		pathHead(dc, pa.points, pa.gap)
	}
	rbCaptureMarks(dc, p, paths, true)
	return img, nil
}

// rbBlockade marks a blockade on tile t: a frame in its side's colour
// round where the men stand, its two ends across the track heavy like bars.
func rbBlockade(dc *gg.Context, t *rbTile, side rumba.Side) {
	const in = 3.0
	x, y, w, h := t.menBox()
	dc.DrawRectangle(x+in, y+in, w-2*in, h-2*in)
	dc.SetColor(rbSideFill[side])
	dc.SetLineWidth(4)
	dc.Stroke()
	if t.corner {
		return
	}
	// The bars across the track, at the space's two ends.
	ax, ay := math.Abs(t.along[0]), math.Abs(t.along[1])
	cx, cy := x+w/2, y+h/2
	for _, e := range []float64{-1, 1} {
		ex, ey := cx+ax*e*(w/2-in-1), cy+ay*e*(h/2-in-1)
		hx, hy := ay*(w/2-in), ax*(h/2-in)
		dc.DrawLine(ex-hx, ey-hy, ex+hx, ey+hy)
	}
	dc.SetColor(rbSideRim[side])
	dc.SetLineWidth(6)
	dc.SetLineCapButt()
	dc.Stroke()
}

// rbMovable tints the spaces holding men that some legal move moves in the
// mover's colour, and frames the pockets men can enter from.
func rbMovable(dc *gg.Context, legal []rules.Move, seat int) {
	if seat < 0 || seat >= len(seatFill) {
		return
	}
	seen := map[rumba.Space]bool{}
	pockets := [4]bool{}
	for _, m := range legal {
		mt, err := rumba.ParseMove(m.Text)
		if err != nil || mt.Kind == rumba.KindPass {
			continue
		}
		switch {
		case mt.Kind == rumba.KindEnter && !pockets[mt.Hand]:
			pockets[mt.Hand] = true
			x, y := rbPocket(mt.Hand)
			dc.DrawRoundedRectangle(x-rbPocketW/2-6, y-rbPocketH/2-6, rbPocketW+12, rbPocketH+12, 18)
			dc.SetColor(seatFill[seat])
			dc.SetLineWidth(5)
			dc.Stroke()
			continue
		case mt.From.OnTurnout() && !seen[mt.From]:
			x, y := rbPoint(mt.From)
			dc.DrawCircle(x, y, rbTurnR+1)
		case mt.From.OnTrack() && !seen[mt.From]:
			x, y, w, h := rbTiles[mt.From].menBox()
			dc.DrawRectangle(x+2, y+2, w-4, h-4)
		default:
			continue
		}
		seen[mt.From] = true
		dc.SetColor(seatTint[seat])
		dc.FillPreserve()
		dc.SetColor(seatFill[seat])
		dc.SetLineWidth(2.5)
		dc.Stroke()
	}
}

// rbCaptureMarks marks the captures of the latest throw, as Kimbo and
// Kippy Koo mark theirs: under the men (top false), a red frame round
// where the men stand on the space (a turnout space: a red ring round its
// man) and in each victim's pocket a red ring round each man just come
// back, the last ones there; over them (top), a cross in a red badge at
// the frame's corner.
func rbCaptureMarks(dc *gg.Context, p *rumba.Position, paths []rbPath, top bool) {
	var back [4]int
	for _, pa := range paths {
		if pa.captured == rumba.NoHand || !pa.to.OnBoard() {
			continue
		}
		back[pa.captured]++
		if top {
			x, y := rbCaptureBadge(pa.to)
			crossBadge(dc, x, y, threatRed, white)
			continue
		}
		if pa.to.OnTurnout() {
			px, py := rbPoint(pa.to)
			redRing(dc, px, py, rbPairR+5)
		} else {
			// Bands of whole pixels, a red one on a white one: quicker
			// than stroking the rectangle.
			img := dc.Image().(*image.RGBA)
			bx, by, w, h := rbTiles[pa.to].menBox()
			box := image.Rect(int(math.Round(bx)), int(math.Round(by)), int(math.Round(bx+w)), int(math.Round(by+h)))
			rbFrame(img, box.Inset(1), 7, white)
			rbFrame(img, box.Inset(2), 4, threatRed)
		}
	}
	if top {
		return
	}
	for h, k := range back {
		n := p.Count(rumba.Hand(h), rumba.Waiting)
		px, py := rbPocket(rumba.Hand(h))
		for i := max(0, n-k); i < n; i++ {
			x, y := rbPocketSlot(px, py, i)
			redRing(dc, x, y, rbPairR+4)
		}
	}
}

// rbThrow is a throw to mark and the seat whose hand threw it.
type rbThrow struct {
	rumba.Throw
	seat int
}

// rbEarlier are the earlier throws a picture marks (Info.Earlier), oldest
// first, before latest, the state drawn's latest throw: those that moved
// a man.
func rbEarlier(turns []Turn, latest rbThrow) []rbThrow {
	read := func(t Turn) (rbThrow, bool) {
		p, ok := t.State.(*rumba.Position)
		if !ok || p == nil || p.Last().Hand == rumba.NoHand {
			return rbThrow{}, false
		}
		return rbThrow{p.Last(), int(p.SeatOf(p.Last().Hand))}, true
	}
	marked := func(t rbThrow) bool {
		return t.seat >= 0 && t.seat < len(seatFill) && len(rbLastPaths(t.Throw)) > 0
	}
	return earlierTurns(turns, latest, read, rbContinues, marked)
}

// rbContinues reports whether b is the throw a further on: the same hand's
// and dice, with a's moves and perhaps more.
func rbContinues(a, b rbThrow) bool {
	return a.Hand == b.Hand && a.Dice == b.Dice && a.Opening == b.Opening && len(a.Moves) <= len(b.Moves) &&
		slices.Equal(a.Moves, b.Moves[:len(a.Moves)]) && (!a.Skipped || b.Skipped)
}

// rbEarlierMarks marks an earlier throw t at strength a, in its seat's
// colour, under the latest throw's marks and the men: its paths with their
// arrowheads, a dot on each space its men left, a red ring round each
// space where it captured.
func rbEarlierMarks(dc *gg.Context, t rbThrow, a float64) {
	for _, pa := range rbLastPaths(t.Throw) {
		if pa.from.OnBoard() {
			x, y := rbPoint(pa.from)
			earlierDot(dc, x, y, 8, t.seat, 0.9*a)
		}
		b, _, _ := cutPath(pa.points, pa.gap+rbHeadLen-2)
		band(dc, b, alpha(seatFill[t.seat], 0.6*a), 10)
		earlierHead(dc, pa.points, pa.gap, t.seat, a)
		if pa.captured != rumba.NoHand && pa.to.OnBoard() {
			x, y := rbPoint(pa.to)
			earlierCapture(dc, x, y, rbManR+4, 0.8*a)
		}
	}
}

// rbFrame fills a frame of width w in c just inside r.
func rbFrame(img *image.RGBA, r image.Rectangle, w int, c color.RGBA) {
	u := image.NewUniform(c)
	for _, b := range []image.Rectangle{
		{r.Min, image.Pt(r.Max.X, r.Min.Y+w)},
		{image.Pt(r.Min.X, r.Max.Y-w), r.Max},
		{image.Pt(r.Min.X, r.Min.Y+w), image.Pt(r.Min.X+w, r.Max.Y-w)},
		{image.Pt(r.Max.X-w, r.Min.Y+w), image.Pt(r.Max.X, r.Max.Y-w)},
	} {
		draw.Draw(img, b, u, image.Point{}, draw.Src)
	}
}

// rbCaptureBadge is the middle of the badge of a capture on space s: the
// corner of the frame round its men inside the track and downstream, or on
// the ring round a turnout space's man, toward the loop's middle.
func rbCaptureBadge(s rumba.Space) (x, y float64) {
	if q, _, ok := s.Turnout(); ok {
		px, py := rbPoint(s)
		l := &rbLoops[q]
		ux, uy, _ := unit(l.o[0]-px, l.o[1]-py)
		return px + ux*(rbPairR+5), py + uy*(rbPairR+5)
	}
	t := &rbTiles[s]
	bx, by, w, h := t.menBox()
	const in = 4.0
	best := -math.MaxFloat64
	for _, c := range [4][2]float64{{bx + in, by + in}, {bx + w - in, by + in}, {bx + in, by + h - in}, {bx + w - in, by + h - in}} {
		dx, dy := c[0]-t.cx, c[1]-t.cy
		if d := dx*(t.in[0]+t.along[0]) + dy*(t.in[1]+t.along[1]); d > best {
			best, x, y = d, c[0], c[1]
		}
	}
	return x, y
}

// rbPath is the drawing of one move of the latest throw.
type rbPath struct {
	from, to rumba.Space // Waiting for a man entering, Finish for one finishing
	captured rumba.Hand
	points   [][2]float64 // from where the man was
	gap      float64      // how far short of the end the arrowhead's tip stops
}

// rbLastPaths are the paths of the moves of the latest throw: along the
// track and turnouts, from the pocket onto the starting point, or along
// the lane into FINISH.
func rbLastPaths(last rumba.Throw) []rbPath {
	if last.Hand == rumba.NoHand || last.Opening {
		return nil
	}
	var out []rbPath
	for _, pl := range last.Moves {
		m, err := rumba.ParseMove(pl.Text)
		if err != nil {
			continue
		}
		pa := rbPath{from: m.From, to: m.To, captured: pl.Captured, gap: rbManR + 3}
		switch m.Kind {
		case rumba.KindEnter:
			x, y := rbPoint(m.To)
			pa.points = [][2]float64{rbPocketMouth(m.Hand), {x, y}}
		case rumba.KindFinish:
			x, y := rbPoint(m.From)
			_, to := rbLane(m.Hand)
			pa.points, pa.gap = [][2]float64{{x, y}, to}, 2
		case rumba.KindMove:
			pa.points = rbRoutePoints(rbRoute(m))
			if m.To.OnTurnout() {
				pa.gap = rbPairR + 3
			}
		}
		if len(pa.points) >= 2 {
			out = append(out, pa)
		}
	}
	return out
}

// rbRoute lists the spaces a man runs through on move m, from m.From to
// m.To: along the track, onto each turnout m runs through and onto the
// one it ends on; nil when m is no such path.
func rbRoute(m rumba.MoveText) []rumba.Space {
	route, via := rbRun(m)
	if len(via) > 0 || len(route) == 0 || route[len(route)-1] != m.To {
		return nil
	}
	return route
}

// rbRun runs a man along m's path as far as m.To, or as far as a move of
// any count goes, and returns the spaces he ran through and the turnouts
// of m.Via he did not.
func rbRun(m rumba.MoveText) (route []rumba.Space, via []int) {
	if !m.From.OnBoard() || !m.To.OnBoard() {
		return nil, m.Via
	}
	via = m.Via
	end, _, endOnTurnout := m.To.Turnout()
	route = []rumba.Space{m.From}
	for s := m.From; s != m.To; {
		if len(route) > 3*rumba.RewardSpaces {
			break
		}
		q, k, ok := s.Turnout()
		switch {
		case ok && k < rumba.TurnoutSpaces:
			s++
		case ok:
			s = rumba.Space(rumba.Board.Turnouts[q].Rejoin)
		default:
			next := (s + 1) % rumba.TrackSpaces
			for q, t := range rumba.Board.Turnouts {
				if t.After != int(s) {
					continue
				}
				if len(via) > 0 && via[0] == q {
					via, next = via[1:], rumba.TurnoutSpace(q, 1)
				} else if len(via) == 0 && endOnTurnout && end == q {
					next = rumba.TurnoutSpace(q, 1)
				}
			}
			s = next
		}
		route = append(route, s)
	}
	return route, via
}

// rbRoutePoints is the path on the canvas along route: straight from
// space to space on the track, along the loop on a turnout.
func rbRoutePoints(route []rumba.Space) [][2]float64 {
	if len(route) < 2 {
		return nil
	}
	x, y := rbPoint(route[0])
	pts := [][2]float64{{x, y}}
	// loop adds the points of loop q from distance d0 to d1.
	loop := func(q int, d0, d1 float64) {
		l := &rbLoops[q]
		for d := d0; ; d += 8 {
			d = math.Min(d, d1)
			x, y := l.at(d)
			pts = append(pts, [2]float64{x, y})
			if d >= d1 {
				return
			}
		}
	}
	for i := 1; i < len(route); i++ {
		a, b := route[i-1], route[i]
		qa, ka, onA := a.Turnout()
		qb, kb, onB := b.Turnout()
		switch {
		case onA && onB:
			loop(qa, float64(ka)*rbLoops[qa].pitch(), float64(kb)*rbLoops[qb].pitch())
		case onB: // leaving the track
			loop(qb, 0, float64(kb)*rbLoops[qb].pitch())
		case onA: // rejoining it
			l := &rbLoops[qa]
			loop(qa, float64(ka)*l.pitch(), l.length)
			fallthrough
		default:
			x, y := rbPoint(b)
			pts = append(pts, [2]float64{x, y})
		}
	}
	return pts
}

// rbDiceLeft says what is left of the throw being played: "5-3", "the 3",
// "the 3 + reward 10", "reward 10"; "" outside a move decision.
func rbDiceLeft(in Info, p *rumba.Position) string {
	dice, left := p.Dice()
	var parts []string
	switch {
	case left[0] && left[1]:
		parts = append(parts, fmt.Sprintf("%d-%d", dice[0], dice[1]))
	case left[0]:
		parts = append(parts, in.T("the %d", dice[0]))
	case left[1]:
		parts = append(parts, in.T("the %d", dice[1]))
	}
	if rw := p.Reward(); rw > 0 {
		parts = append(parts, in.T("reward %d", rw))
	}
	return strings.Join(parts, " + ")
}

// rbOpeningNext is the seat to throw next in the opening throw, or -1.
func rbOpeningNext(p *rumba.Position) int {
	for seat, t := range p.OpeningThrows() {
		if t[0] == 0 {
			return seat
		}
	}
	return -1
}

// rbActor is the seat whose decision it is, or whose hand the dice are
// rolling for; -1 when the game is over.
func rbActor(p *rumba.Position) int {
	if p.Phase() == rumba.PhaseOpening {
		return rbOpeningNext(p)
	}
	if h := p.Turn(); h != rumba.NoHand {
		return int(p.SeatOf(h))
	}
	return -1
}

// rbDecision is the short words for what seat is deciding, for its bar,
// fewer words for the same for a bar too short for them ("to move" for
// "to move the 3 + reward 10"; "" when there are none), and the sentence
// for the header; "" when the seat is not to act.
func rbDecision(v *rbView, seat int) (short, shorter, long string) {
	p, in := v.p, v.in
	if seat < 0 || seat >= v.n || rbActor(p) != seat {
		return "", "", ""
	}
	name := v.names[seat]
	h := p.Turn()
	// The hand is named when the seat plays more than one: by its
	// letter on the bar, by its name in the sentence.
	var tag, hand string
	if len(v.hands[seat]) > 1 && h != rumba.NoHand {
		tag, hand = " "+string(h.Letter()), v.words.hand[h]
	}
	// pick is the sentence without the hand, or with it.
	pick := func(without, with string) string {
		if hand == "" {
			return without
		}
		return with
	}
	switch p.Phase() {
	case rumba.PhaseOpening:
		return in.T("to throw"), "", in.T("Opening throw: %s to throw", name)
	case rumba.PhaseThrow:
		return in.T("to throw") + tag, "", pick(in.T("%s to throw the dice", name), in.T("%s to throw the dice for %s", name, hand))
	case rumba.PhaseRoll:
		if l := v.last; l.Hand == h && !l.Opening && l.Dice[0] == l.Dice[1] && len(l.Moves) > 0 {
			return in.T("throws again") + tag, "", pick(in.T("%s threw doublets: throws again", name), in.T("%s threw doublets: throws again for %s", name, hand))
		}
		return in.T("throwing") + tag, "", in.T("The dice roll for %s (%s)", in.word(h.Word()), name)
	case rumba.PhaseMove:
		what := rbDiceLeft(in, p)
		if len(v.legal) == 1 && v.legal[0].Text == rumba.PassText {
			return in.T("pass") + tag, "", pick(in.T("%s cannot play %s: pass", name, what), in.T("%s cannot play %s for %s: pass", name, what, hand))
		}
		if p.Reward() > 0 && !strings.Contains(what, "+") {
			// A key of its own ("%[1]s"): what is to move, not who.
			return in.T("%[1]s to move", what) + tag, in.T("to move"), pick(in.T("%s: %s to move", name, what), in.T("%s: %s to move for %s", name, what, hand))
		}
		return in.T("to move %s", what) + tag, in.T("to move"), pick(in.T("%s to move %s", name, what), in.T("%s to move %s for %s", name, what, hand))
	}
	return "", "", ""
}

// rbSeatWords are the words of a seat's name bar that say which seat it
// is: its hands and colour, "East/West · Black".
func rbSeatWords(words rbWords, hands []rumba.Hand, side rumba.Side) string {
	var names []string
	for _, h := range hands {
		names = append(names, words.hand[h])
	}
	return strings.Join(names, "/") + " · " + words.side[side]
}

// rbSeatBar draws a seat's name bar: its hands' men, its name and, on the
// right, what it is deciding (in the opening, its throw), its side's men
// in FINISH, its men waiting, and its hands and colour.
func rbSeatBar(img *image.RGBA, dc *gg.Context, kit *Canvas, cache *rumbaCache, v *rbView, seat int) {
	p := v.p
	x, y, w, h := rbBarBox(v.n, seat)
	cy := y + h/2
	state := barStateOf(p.Outcome(), seat, rbActor(p))
	nx := barStart(dc, seat, state, x, y, w, h)
	hands := v.hands[seat]
	for _, hd := range hands {
		cache.man(img, hd, rbPairR, nx+rbPairR, cy)
		nx += 2*rbPairR + 4
	}
	nx += 8

	side := p.SideOf(rules.Seat(seat))
	in := v.in
	right := barSeat(img, kit, rbSeatWords(v.words, hands, side), x+w-20, cy, state == barToMove || state == barWinner)
	var parts []barPart
	short, shorter, _ := rbDecision(v, seat)
	switch {
	case state == barWinner:
		parts = append(parts, barPart{text: in.T("winner"), bold: true, c: seatOutline[seat], keep: 9})
	case short != "":
		parts = append(parts, barPart{text: short, short: shorter, bold: true, c: seatOutline[seat], keep: 9})
	}
	if p.Phase() == rumba.PhaseOpening {
		if t := p.OpeningThrows(); seat < len(t) {
			switch {
			case t[seat][0] > 0:
				right -= 16
				right -= diceRow(dc, t[seat], right-2*rbBarDie-rbBarDie/5, cy, rbBarDie)
			case t[seat][0] < 0:
				parts = append(parts, barPart{text: in.T("out"), c: muted, keep: 8})
			}
		}
	}
	if k := p.Finished(side); k > 0 {
		parts = append(parts, barPart{text: in.T("FINISH %d/%d", k, rumba.ToWin), bold: true, c: ink, keep: 7})
	}
	waiting := 0
	for _, hd := range hands {
		waiting += p.Count(hd, rumba.Waiting)
	}
	if waiting > 0 && p.Phase() != rumba.PhaseOpening {
		parts = append(parts, barPart{text: in.T("%d waiting", waiting), c: ink, keep: 5})
	}
	barLabel(img, kit, v.names[seat], state != barWaiting && state != barDone, parts, nx, right, cy, 140)
}

// rbHeader draws the title on the first line, whose decision it is (or
// the result) on the second and the latest throw's moves on the third; on
// the right of the first two the dice, those played dimmed, with the man
// of the hand that threw them and the reward still to play.
func rbHeader(img *image.RGBA, dc *gg.Context, kit *Canvas, cache *rumbaCache, v *rbView, info Info) {
	p, last := v.p, v.last
	left, right := rbBoardX+10, float64(rbW)-rbBoardX-10
	const dy = headerDiceY

	if last.Hand != rumba.NoHand && !last.Opening {
		dice, played := last.Dice, [2]bool{true, true}
		if d, l := p.Dice(); p.Phase() == rumba.PhaseMove {
			dice, played = d, [2]bool{!l[0], !l[1]}
		}
		dw := 2*rbDie + rbDie/5
		right -= diceRow(dc, dice, right-dw, dy, rbDie)
		for i, used := range played {
			if used {
				dx := right + float64(i)*(rbDie+rbDie/5)
				dc.DrawRoundedRectangle(dx-2, dy-rbDie/2-2, rbDie+4, rbDie+4, rbDie/6)
				dc.SetColor(alpha(paper, 0.62))
				dc.Fill()
			}
		}
		if rw := p.Reward(); rw > 0 {
			right -= 12
			f := kit.Face(true, textMin)
			text := info.T("reward %d", rw)
			w := textWidth(f, text) + 24
			dc.DrawRoundedRectangle(right-w, dy-rbDie/2, w, rbDie, 10)
			dc.SetColor(seatTint[2])
			dc.FillPreserve()
			dc.SetColor(seatOutline[2])
			dc.SetLineWidth(2.5)
			dc.Stroke()
			drawText(img, f, text, right-w/2, dy, 0.5, ink)
			right -= w
		}
		right -= 12
		cache.man(img, last.Hand, rbPairR, right-rbPairR, dy)
		right -= 2*rbPairR + 18
	}

	drawTitle(img, kit, info, "Rumba", left, right, headerTitleY)

	// Whose decision it is, or the result.
	y := headerStatusY
	x := left
	o := p.Outcome()
	var status string
	if o.Over() {
		if s, ok := p.Winner(); ok {
			cache.man(img, s.Hands()[0], rbPairR, x+rbPairR, y)
			x += 2*rbPairR + 10
		}
		status = resultText(info, o, v.names, "")
		if s, ok := p.Winner(); ok && o.Method == rules.Finished {
			w := winnerNames(info, o, v.names)
			if s == rumba.Red {
				status = info.T("%s won: four Red men in FINISH", w)
			} else {
				status = info.T("%s won: four Black men in FINISH", w)
			}
		}
	} else if seat := rbActor(p); seat >= 0 {
		turnMarker(dc, seat, x, y)
		x += 36
		_, _, status = rbDecision(v, seat)
	}
	sf := kit.Face(true, textStatus)
	drawText(img, sf, fit(sf, status, right-x), x, y, 0, ink)

	// The latest throw's moves.
	var moves []string
	for _, m := range last.Moves {
		t := info.Move(m.Text)
		if m.Captured != rumba.NoHand {
			t += " ×" + string(m.Captured.Letter())
		}
		moves = append(moves, t)
	}
	drawLast(img, kit, info.T("Last:")+" ", strings.Join(moves, ", "), left, float64(rbW)-left, headerLastY)
}
