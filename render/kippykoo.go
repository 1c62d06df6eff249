package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/fogleman/gg"

	"parlor/rules"
	"parlor/rules/kippykoo"
)

// The Kippy Koo picture: a portrait canvas with a header (title, the latest
// move, whose decision it is or the result, and the dice), North's name bar,
// the board, South's name bar and, in games of three and four, a row with
// West's bar on the left and East's on the right. On the board the track
// is a loop of kippykoo.Holes holes round a rounded square, numbered
// clockwise from South's Star Space in the middle of the bottom edge as the
// text drawing numbers them; each side's star is in the middle of its edge,
// with its START and FINISH pockets inside the loop beside it. Sizes are in
// pixels.
const (
	kkW       = 1000                  // canvas width
	kkHeaderH = headerH               // header height
	kkBarH    = 64.0                  // height of a name bar, with its gaps
	kkBoardX  = 20.0                  // left edge of the board
	kkBoardY  = kkHeaderH + kkBarH    // top edge of the board
	kkBoardS  = kkW - 2*kkBoardX      // side of the (square) board
	kkCX      = kkBoardX + kkBoardS/2 // centre of the board
	kkCY      = kkBoardY + kkBoardS/2
	kkSouthY  = kkBoardY + kkBoardS + 6 // top of South's name bar
	kkDie     = 58.0                    // side of a die in the header
)

// Track geometry: the loop runs through the holes' centres, kkHalf from
// the board's centre along each edge, its corners rounded with radius
// kkRound; the holes are spaced evenly along it.
const (
	kkHalf     = 400.0 // centre of the board to the loop, across an edge
	kkRound    = 100.0 // radius of the loop's corners
	kkStraight = kkHalf - kkRound
	kkLoop     = 8*kkStraight + 2*math.Pi*kkRound // length of the loop
	kkStep     = kkLoop / kippykoo.Holes          // from a hole to the next
	kkNumberAt = 41.0                             // loop to the middle of a hole's number, outward, above and below
	kkNumberX  = 6.0                              // and further beside, where the numbers are wider than high
)

// Marble, hole and pocket geometry.
const (
	kkMarbleR     = 24.0 // radius of a marble on the track
	kkPocketR     = 19.0 // radius of a marble in a pocket
	kkStarOut     = 41.0 // a star's points
	kkStarIn      = 20.0 // a star's notches
	kkSprite      = 56   // side of a track marble's sprite
	kkPocketSp    = 46   // side of a pocket marble's sprite
	kkPocketW     = 124.0
	kkPocketH     = 150.0
	kkPocketIn    = 298.0 // board centre to a pocket's middle, across an edge
	kkPocketApart = 84.0  // a star's normal to each of its pockets' middles
	kkPocketGap   = 48.0  // between the marbles of a pocket
)

var (
	kkBoard      = color.RGBA{0xee, 0xe2, 0xc6, 0xff} // the board
	kkBoardRim   = color.RGBA{0x5a, 0x44, 0x30, 0xff}
	kkLine       = color.RGBA{0x9c, 0x80, 0x5a, 0xff} // the track's continuous line
	kkNumberInk  = color.RGBA{0x7a, 0x64, 0x4a, 0xff}
	kkNeutral    = color.RGBA{0xbd, 0xb2, 0xa0, 0xff} // the star and pockets of a side nobody sits on
	kkNeutralRim = color.RGBA{0x85, 0x78, 0x66, 0xff}
	kkNeutralIn  = color.RGBA{0xe4, 0xdc, 0xcc, 0xff}
	kkTitleInk   = color.RGBA{0xd9, 0xc8, 0xa6, 0xff} // the game's name in the middle of the board
)

// kippykooCache holds the marble sprites every Kippy Koo picture shares.
// The static layers (one for each number of players, and a board with
// every star and pocket neutral, for patches where seats have left) are
// kept with the renderer's layers.
type kippykooCache struct {
	spriteOnce sync.Once
	marbles    [4][4]*image.RGBA // track marbles by seat and side
	pocket     [4][4]*image.RGBA // pocket marbles by seat and side
}

// load returns the static layer for a game of n players (2 to 4) whose
// words are w, and makes sure the sprites are drawn.
func (c *kippykooCache) load(kit *Canvas, w kkWords, n int) *packedLayer {
	c.spriteOnce.Do(func() {
		for seat := range 4 {
			for side := kippykoo.SouthSide; side <= kippykoo.EastSide; side++ {
				c.marbles[seat][side] = discSprite(kit, seat, side.Letter(), kkMarbleR, 26, kkSprite)
				c.pocket[seat][side] = discSprite(kit, seat, side.Letter(), kkPocketR, 21, kkPocketSp)
			}
		}
	})
	return kit.base("kippykoo", n, w, func() *image.RGBA { return kkStatic(kit, n, kkSeatSides(n), w) })
}

// kkWords are the words of a static layer: each side's, what an empty
// side's bar says, and the pockets' START and FINISH.
type kkWords struct {
	side, nobody  [4]string
	start, finish string
}

// kkStaticWords are the words of the static layers in in's language.
func kkStaticWords(in Info) kkWords {
	var w kkWords
	for side := kippykoo.SouthSide; side <= kippykoo.EastSide; side++ {
		w.side[side] = in.word(side.Word())
		w.nobody[side] = in.T("%s: nobody", side.Word())
	}
	w.start, w.finish = in.T("START"), in.T("FINISH")
	return w
}

// neutralLayer returns the static layer of a board where nobody sits: the
// board of every layer, with every star and pocket neutral, and the words
// w.
func (c *kippykooCache) neutralLayer(kit *Canvas, w kkWords) *packedLayer {
	return kit.base("kippykoo", 0, w, func() *image.RGBA { return kkStatic(kit, 4, nil, w) })
}

// kkSeatSides are the sides seats sit on in a game of n players, as the
// engine seats them.
func kkSeatSides(n int) []kippykoo.Side {
	p, err := kippykoo.New(n)
	if err != nil {
		return nil
	}
	sides := make([]kippykoo.Side, n)
	for seat := range n {
		sides[seat] = p.Side(rules.Seat(seat))
	}
	return sides
}

// kkSeatAt is the seat sitting on side in a game with these sides, or -1.
func kkSeatAt(sides []kippykoo.Side, side kippykoo.Side) int {
	for seat, s := range sides {
		if s == side {
			return seat
		}
	}
	return -1
}

// kkAlong is the point at distance d along the loop from South's star,
// clockwise, with the loop's outward unit normal there; d may be any
// number, the loop repeating.
func kkAlong(d float64) (x, y, nx, ny float64) {
	d = math.Mod(d, kkLoop)
	if d < 0 {
		d += kkLoop
	}
	const s, r, arc = kkStraight, kkRound, math.Pi / 2 * kkRound
	// The loop's pieces in order, clockwise from the middle of the bottom
	// edge: each a straight run or a quarter circle.
	type piece struct {
		length         float64
		x0, y0, dx, dy float64 // a straight run: start and direction
		nx, ny         float64 // its outward normal
		cx, cy, a0     float64 // a corner: centre and starting angle
		corner         bool
	}
	pieces := [...]piece{
		{length: s, x0: 0, y0: kkHalf, dx: -1, nx: 0, ny: 1},
		{length: arc, cx: -s, cy: s, a0: math.Pi / 2, corner: true},
		{length: 2 * s, x0: -kkHalf, y0: s, dy: -1, nx: -1},
		{length: arc, cx: -s, cy: -s, a0: math.Pi, corner: true},
		{length: 2 * s, x0: -s, y0: -kkHalf, dx: 1, ny: -1},
		{length: arc, cx: s, cy: -s, a0: 3 * math.Pi / 2, corner: true},
		{length: 2 * s, x0: kkHalf, y0: -s, dy: 1, nx: 1},
		{length: arc, cx: s, cy: s, a0: 0, corner: true},
		{length: s, x0: s, y0: kkHalf, dx: -1, ny: 1},
	}
	for i, pc := range pieces {
		if d > pc.length && i < len(pieces)-1 {
			d -= pc.length
			continue
		}
		if pc.corner {
			a := pc.a0 + d/r
			nx, ny = math.Cos(a), math.Sin(a)
			return kkCX + pc.cx + r*nx, kkCY + pc.cy + r*ny, nx, ny
		}
		return kkCX + pc.x0 + pc.dx*d, kkCY + pc.y0 + pc.dy*d, pc.nx, pc.ny
	}
	return kkCX, kkCY + kkHalf, 0, 1
}

// kkHolePos is the centre of hole h and the loop's outward normal there.
func kkHolePos(h kippykoo.Hole) (x, y, nx, ny float64) {
	return kkAlong(float64(h) * kkStep)
}

// kkNumberPos is the middle of hole h's number, outside the loop.
func kkNumberPos(h kippykoo.Hole) (x, y float64) {
	hx, hy, nx, ny := kkHolePos(h)
	d := kkNumberAt + kkNumberX*math.Abs(nx)
	return hx + nx*d, hy + ny*d
}

// kkPocketBox is the middle of side's START or FINISH pocket. Marbles
// leave the star downstream, so START is on that side of it and FINISH
// upstream, where they come home from.
func kkPocketBox(side kippykoo.Side, finish bool) (x, y float64) {
	_, _, nx, ny := kkHolePos(side.Star())
	// Downstream is the outward normal turned a quarter clockwise on the
	// screen (South's star: left).
	dx, dy := -ny, nx
	if finish {
		dx, dy = -dx, -dy
	}
	return kkCX + nx*kkPocketIn + dx*kkPocketApart, kkCY + ny*kkPocketIn + dy*kkPocketApart
}

// kkPocketSlot is the centre of the i-th marble place (0 to 3) of a
// pocket whose middle is (x, y): two rows of two under the pocket's word.
func kkPocketSlot(x, y float64, i int) (float64, float64) {
	col, row := float64(i%2)-0.5, float64(i/2)-0.5
	return x + col*kkPocketGap, y + 14 + row*kkPocketGap
}

// kkHeight is the height of the canvas for n players: the row of West's
// and East's bars is there only when one of them plays.
func kkHeight(n int) int {
	h := kkSouthY + kkBarH + 6
	if n > 2 {
		h += kkBarH
	}
	return int(h)
}

// kkBarBox is the box of side's name bar: North above the board, South
// below, West and East in a row under South's, on the left and the right
// (see sideBarBox), 20 pixels inside the board's edges.
func kkBarBox(side kippykoo.Side) (x, y, w, h float64) {
	return sideBarBox(int(side), kkBoardX+20, kkBoardS-40, kkHeaderH, kkSouthY, kkBarH)
}

// kkSideColours are the fill, rim and tint of side's star and pockets:
// its seat's colours, or neutral when nobody sits there.
func kkSideColours(seat int) (fill, rim, tint color.RGBA) {
	if seat < 0 {
		return kkNeutral, kkNeutralRim, kkNeutralIn
	}
	return seatFill[seat], seatOutline[seat], seatTint[seat]
}

// kkNumbered reports whether the static layer numbers hole h: every fourth
// hole and the stars. The holes marbles stand on are numbered over it.
func kkNumbered(h kippykoo.Hole) bool {
	return h%4 == 0 || h%kippykoo.Quarter == 0
}

// kkStatic draws the layer under every picture of a game of n players
// seated on sides: background, plain name bars, the board, the loop and
// its holes, the stars, the pockets, the numbers of every fourth hole and
// the game's name. With no sides, every star and pocket is neutral.
func kkStatic(kit *Canvas, n int, sides []kippykoo.Side, words kkWords) *image.RGBA {
	dc := gg.NewContext(kkW, kkHeight(n))
	dc.SetColor(paper)
	dc.Clear()
	img := dc.Image().(*image.RGBA)
	for side := kippykoo.SouthSide; side <= kippykoo.EastSide; side++ {
		x, y, w, h := kkBarBox(side)
		if kkSeatAt(sides, side) >= 0 {
			seatBarBack(dc, 0, barWaiting, x, y, w, h)
			barSeat(img, kit, words.side[side], x+w-20, y+h/2, true)
		} else if n > 2 && (side == kippykoo.WestSide || side == kippykoo.EastSide) {
			drawText(img, kit.Face(false, textMin), words.nobody[side], x+w/2, y+h/2, 0.5, muted)
		}
	}

	// The board, and the game's name in its middle.
	dc.DrawRoundedRectangle(kkBoardX, kkBoardY, kkBoardS, kkBoardS, 28)
	dc.SetColor(kkBoardRim)
	dc.Fill()
	dc.DrawRoundedRectangle(kkBoardX+6, kkBoardY+6, kkBoardS-12, kkBoardS-12, 23)
	dc.SetColor(kkBoard)
	dc.Fill()
	tf := kit.Face(true, 64)
	drawText(img, tf, "KIPPY", kkCX, kkCY-40, 0.5, kkTitleInk)
	drawText(img, tf, "KOO", kkCX, kkCY+40, 0.5, kkTitleInk)

	// The long continuous line, with a chevron after every other hole
	// showing the way the marbles go.
	dc.SetLineWidth(6)
	dc.SetColor(kkLine)
	const steps = 240
	trace(dc, steps+1, func(i int) (float64, float64) {
		x, y, _, _ := kkAlong(kkLoop * float64(i) / steps)
		return x, y
	})
	dc.ClosePath()
	dc.Stroke()
	for h := 1; h < kippykoo.Holes; h += 2 {
		// Between each odd hole and the next.
		x, y, nx, ny := kkAlong((float64(h) + 0.5) * kkStep)
		chevron(dc, x, y, -ny, nx, 9) // along the way of travel
	}

	// Stars and pockets in the colours of the seats sitting there.
	for side := kippykoo.SouthSide; side <= kippykoo.EastSide; side++ {
		kkSideMarks(img, dc, kit, side, kkSeatAt(sides, side), words)
	}

	// Holes, and the numbers of every fourth hole and the stars.
	for h := kippykoo.Hole(0); h < kippykoo.Holes; h++ {
		x, y, _, _ := kkHolePos(h)
		holeMark(dc, x, y)
		if kkNumbered(h) {
			nx, ny := kkNumberPos(h)
			drawText(img, kit.Face(h%kippykoo.Quarter == 0, textMin), strconv.Itoa(int(h)), nx, ny, 0.5, kkNumberInk)
		}
	}
	return img
}

// kkSideRects are the boxes of the board that hold side's star (with its
// hole and number) and its two pockets, and nothing that changes from
// picture to picture but what is drawn over them later.
func kkSideRects(side kippykoo.Side) []image.Rectangle {
	box := func(x0, y0, x1, y1 float64) image.Rectangle {
		return image.Rect(int(math.Floor(min(x0, x1))), int(math.Floor(min(y0, y1))), int(math.Ceil(max(x0, x1))), int(math.Ceil(max(y0, y1))))
	}
	x, y, nx, ny := kkHolePos(side.Star())
	// Along the edge ±46 (the star's points, clear of the next holes);
	// across it from 46 inside to past the star's number outside.
	const along, in, out = 46.0, 46.0, kkNumberAt + kkNumberX + 14
	ax, ay := -ny*along, nx*along
	star := box(x+ax-nx*in, y+ay-ny*in, x-ax+nx*out, y-ay+ny*out)
	rects := []image.Rectangle{star}
	for _, finish := range []bool{false, true} {
		px, py := kkPocketBox(side, finish)
		rects = append(rects, box(px-kkPocketW/2-4, py-kkPocketH/2-4, px+kkPocketW/2+4, py+kkPocketH/2+4))
	}
	return rects
}

// kkSideMarks draws side's Star Space and its empty START and FINISH
// pockets in seat's colours, or neutral for -1 (nobody sits there, or the
// seat has left the game).
func kkSideMarks(img *image.RGBA, dc *gg.Context, kit *Canvas, side kippykoo.Side, seat int, words kkWords) {
	fill, rim, tint := kkSideColours(seat)
	// A point inward, so that the numbers outside fit between two.
	x, y, nx, ny := kkHolePos(side.Star())
	kkStar(dc, x, y, -nx, -ny, fill, rim)
	for _, finish := range []bool{false, true} {
		px, py := kkPocketBox(side, finish)
		dc.DrawRoundedRectangle(px-kkPocketW/2, py-kkPocketH/2, kkPocketW, kkPocketH, 16)
		dc.SetColor(tint)
		dc.FillPreserve()
		dc.SetColor(fill)
		dc.SetLineWidth(4)
		dc.Stroke()
		word := words.start
		if finish {
			word = words.finish
		}
		wc := rim
		if seat < 0 {
			wc = kkNeutralRim
		}
		drawText(img, kit.Face(true, textMin), word, px, py-kkPocketH/2+24, 0.5, wc)
		for i := range kippykoo.MarblesPerSeat {
			sx, sy := kkPocketSlot(px, py, i)
			holeMark(dc, sx, sy)
		}
	}
}

// kkStar draws a five-pointed Star Space centred on (x, y), a point along
// the unit vector (ux, uy).
func kkStar(dc *gg.Context, x, y, ux, uy float64, fill, rim color.RGBA) {
	a0 := math.Atan2(uy, ux)
	trace(dc, 10, func(i int) (float64, float64) {
		r := kkStarOut
		if i%2 == 1 {
			r = kkStarIn
		}
		a := a0 + float64(i)*math.Pi/5
		return x + r*math.Cos(a), y + r*math.Sin(a)
	})
	dc.ClosePath()
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(rim)
	dc.SetLineWidth(3)
	dc.SetLineJoinRound()
	dc.Stroke()
}

// kkView is what the parts of a picture share.
type kkView struct {
	p     *kippykoo.Position
	names []string     // display names by seat
	legal []rules.Move // in a move decision
	last  kippykoo.Turn
	in    Info // the words' language
}

// KippyKoo is the Painter of Kippy Koo.
func KippyKoo() Painter { return PainterOf(new(kippykooCache).paint) }

// paint draws a Kippy Koo position.
func (cache *kippykooCache) paint(kit *Canvas, p *kippykoo.Position, info Info) (*image.RGBA, error) {
	n := p.Players()
	if n < 2 || n > 4 {
		return nil, fmt.Errorf("render: Kippy Koo for %d players", n)
	}
	words := kkStaticWords(info)
	img := kit.canvas(cache.load(kit, words, n))
	// A seat that has left the game: its star and pockets neutral, as on
	// a side nobody sits on.
	for seat := range n {
		if p.Retired(rules.Seat(seat)) {
			neutral := cache.neutralLayer(kit, words)
			for _, rc := range kkSideRects(p.Side(rules.Seat(seat))) {
				neutral.paintRect(img, rc)
			}
		}
	}
	dc := gg.NewContextForRGBA(img)

	names := make([]string, n)
	for seat := range n {
		names[seat] = info.Name(kit, seat, info.word(p.Side(rules.Seat(seat)).Word()))
	}
	v := &kkView{p: p, names: names, last: p.Last(), in: info}
	if p.Phase() == kippykoo.PhaseMove {
		v.legal = p.Legal()
	}
	paths := kkLastPaths(p, v.last)

	kkHeader(img, dc, kit, v, info)
	for seat := range n {
		kkSeatBar(img, dc, kit, v, seat)
	}

	// In a move decision, the marbles that can move: a ring in the mover's
	// colour round each, and round its START when it can start one.
	if p.Phase() == kippykoo.PhaseMove {
		seat := int(p.Turn())
		holes, start := kkMovable(v.legal)
		for _, h := range holes {
			x, y, _, _ := kkHolePos(h)
			kkHalo(dc, x, y, kkMarbleR+7, seat)
		}
		if start {
			px, py := kkPocketBox(p.Side(rules.Seat(seat)), false)
			dc.DrawRoundedRectangle(px-kkPocketW/2-7, py-kkPocketH/2-7, kkPocketW+14, kkPocketH+14, 22)
			dc.SetColor(seatFill[seat])
			dc.SetLineWidth(5)
			dc.Stroke()
		}
	}

	// Earlier turns (Info.Earlier), under the latest.
	for t, a := range faded(kkEarlier(info.Earlier, v.last)) {
		kkEarlierMarks(dc, p, t, a)
	}

	// The latest move under the marbles: its paths (those of the throws
	// its turn made before, after doubles, lighter), and the ghosts of its
	// marbles on the holes they left.
	for _, pa := range paths {
		b, _, _ := cutPath(pa.points, pa.gap+pathHeadLen-2)
		if pa.before {
			band(dc, b, alpha(pathInk, 0.3), 12)
			continue
		}
		pathBand(dc, b)
	}
	for _, pa := range paths {
		if pa.leg.Start {
			continue
		}
		x, y, _, _ := kkHolePos(pa.leg.From)
		dc.DrawCircle(x, y, kkMarbleR-2)
		dc.SetColor(seatTint[v.last.Seat])
		dc.FillPreserve()
		dc.SetColor(seatOutline[v.last.Seat])
		dc.SetLineWidth(2.5)
		dc.SetDash(5, 4)
		dc.Stroke()
		dc.SetDash()
	}

	// The numbers of the holes that matter now: those marbles stand on,
	// and those the latest move left and reached, bold on a tint of the
	// colour of the marble there.
	for h := kippykoo.Hole(0); h < kippykoo.Holes; h++ {
		if seat, ok := p.At(h); ok {
			kkNumberTag(img, dc, kit, h, int(seat))
		}
	}
	for _, pa := range paths {
		for _, h := range []kippykoo.Hole{pa.leg.From, pa.end} {
			if _, ok := p.At(h); h >= 0 && !ok {
				kkNumberTag(img, dc, kit, h, -1)
			}
		}
	}

	// Marbles on the track and in the pockets.
	for seat := range n {
		side := p.Side(rules.Seat(seat))
		for _, h := range p.Marbles(rules.Seat(seat)) {
			x, y, _, _ := kkHolePos(h)
			over(img, cache.marbles[seat][side], int(math.Round(x))-kkSprite/2, int(math.Round(y))-kkSprite/2)
		}
		for _, finish := range []bool{false, true} {
			count := p.InStart(rules.Seat(seat))
			if finish {
				count = p.InFinish(rules.Seat(seat))
			}
			px, py := kkPocketBox(side, finish)
			for i := range count {
				x, y := kkPocketSlot(px, py, i)
				over(img, cache.pocket[seat][side], int(math.Round(x))-kkPocketSp/2, int(math.Round(y))-kkPocketSp/2)
			}
		}
	}

	// On top: the marbles the latest move sent back to START, and its
	// arrowheads.
	kkSentBackMarks(dc, p, v.last)
	for _, pa := range paths {
		pathHead(dc, pa.points, pa.gap)
	}
	for _, c := range kkSentBack(v.last) {
		kkSentBackBadge(dc, p, c)
	}
	return img, nil
}

// kkSentBack are the marbles the moves of turn t sent back to START, of
// all its throws, oldest first.
func kkSentBack(t kippykoo.Turn) []kippykoo.Capture {
	if len(t.Before) == 0 {
		return t.SentBack
	}
	var out []kippykoo.Capture
	for _, th := range t.Throws() {
		out = append(out, th.SentBack...)
	}
	return out
}

// kkEarlier are the earlier turns a picture marks (Info.Earlier), oldest
// first, before latest, the state drawn's latest turn: those that moved a
// marble.
func kkEarlier(turns []Turn, latest kippykoo.Turn) []kippykoo.Turn {
	marked := func(t kippykoo.Turn) bool {
		if t.Seat < 0 || int(t.Seat) >= len(seatFill) || t.Lot {
			return false
		}
		for _, th := range t.Throws() {
			if len(th.Legs()) > 0 {
				return true
			}
		}
		return false
	}
	return earlierTurns(turns, latest, readLast[*kippykoo.Position, kippykoo.Turn], kkContinues, marked)
}

// kkContinues reports whether b is the turn a further on: the same seat's,
// with a's throws, the last of them perhaps used since.
func kkContinues(a, b kippykoo.Turn) bool {
	ta, tb := a.Throws(), b.Throws()
	if a.Seat != b.Seat || a.Lot || b.Lot || len(ta) > len(tb) {
		return false
	}
	for i, th := range ta {
		used := i == len(ta)-1 && th.Move == "" // the latest throw, used since
		if th.Dice != tb[i].Dice || (th.Move != tb[i].Move && !used) {
			return false
		}
	}
	return true
}

// kkEarlierMarks marks an earlier turn t at strength a, in its seat's
// colour, under the latest turn's marks and the marbles: the paths of all
// its throws with their arrowheads, a dot on each hole its marbles left,
// a red ring round each hole where it sent a marble back.
func kkEarlierMarks(dc *gg.Context, p *kippykoo.Position, t kippykoo.Turn, a float64) {
	seat := int(t.Seat)
	for _, th := range t.Throws() {
		for _, pa := range kkThrowPaths(p, t.Seat, th.Legs()) {
			if !pa.leg.Start {
				x, y, _, _ := kkHolePos(pa.leg.From)
				earlierDot(dc, x, y, holeR+2.5, seat, 0.9*a)
			}
			b, _, _ := cutPath(pa.points, pa.gap+pathHeadLen-2)
			band(dc, b, alpha(seatFill[seat], 0.6*a), 10)
			earlierHead(dc, pa.points, pa.gap, seat, a)
		}
		for _, c := range th.SentBack {
			if c.Hole >= 0 && c.Hole < kippykoo.Holes {
				x, y, _, _ := kkHolePos(c.Hole)
				earlierCapture(dc, x, y, kkMarbleR+6, 0.8*a)
			}
		}
	}
}

// kkSentBackMarks marks the marbles the latest move sent back to START, as
// Kimbo marks its captures: a red ring round each hole where one stood
// (where the mover's marble now stands), and in each victim's START a red
// ring round each marble just come back, the last ones in the pocket.
// Their badges (kkSentBackBadge) go on top of the arrowheads.
func kkSentBackMarks(dc *gg.Context, p *kippykoo.Position, last kippykoo.Turn) {
	var back [4]int
	for _, c := range kkSentBack(last) {
		if c.Hole < 0 || c.Hole >= kippykoo.Holes {
			continue
		}
		x, y, _, _ := kkHolePos(c.Hole)
		redRing(dc, x, y, kkMarbleR+6)
		if c.Seat >= 0 && int(c.Seat) < p.Players() {
			back[c.Seat]++
		}
	}
	for seat, k := range back {
		if k == 0 || p.Retired(rules.Seat(seat)) {
			continue
		}
		count := p.InStart(rules.Seat(seat))
		px, py := kkPocketBox(p.Side(rules.Seat(seat)), false)
		for i := max(0, count-k); i < count; i++ {
			x, y := kkPocketSlot(px, py, i)
			redRing(dc, x, y, kkPocketR+5)
		}
	}
}

// kkSentBackBadge draws, on the ring round the hole a marble was sent back
// from, a badge in the colour of the marble's seat with a cross: outside
// the loop and downstream of the hole, away from the arrowhead coming in,
// clear of its number and of the next holes' marbles.
func kkSentBackBadge(dc *gg.Context, p *kippykoo.Position, c kippykoo.Capture) {
	if c.Hole < 0 || c.Hole >= kippykoo.Holes || c.Seat < 0 || int(c.Seat) >= p.Players() {
		return
	}
	bx, by := kkBadgePos(c.Hole)
	seat := int(c.Seat)
	crossBadge(dc, bx, by, seatFill[seat], letterInk(seat))
}

// kkBadgePos is the centre of the badge of a marble sent back from hole
// h: on its ring, half-way between outward and downstream.
func kkBadgePos(h kippykoo.Hole) (x, y float64) {
	hx, hy, nx, ny := kkHolePos(h)
	// Downstream is the outward normal turned a quarter clockwise on the
	// screen (see kkPocketBox).
	ux, uy := -ny, nx
	const d = (kkMarbleR + 6) / math.Sqrt2
	return hx + (nx+ux)*d, hy + (ny+uy)*d
}

// kkLegPath is the drawing of one part of a move.
type kkLegPath struct {
	leg    kippykoo.Leg
	end    kippykoo.Hole // the hole its count reached; NoHole for FINISH
	points [][2]float64  // the path on the canvas, from where the marble was
	gap    float64       // how far short of the path's end the arrowhead's tip stops
	before bool          // the part of a throw before the latest of its turn
}

// kkLastPaths are the paths of the parts of the latest turn's moves: of
// each of its throws, oldest first (those before the latest, after
// doubles, marked before).
//
// A marble that ends on one of its own goes on to the next free hole,
// which the position does not record, so a path ends where the count
// reached. One that ends on an opponent's sends it back to START, which
// the latest throw records (Turn.SentBack; kkSentBackMarks).
func kkLastPaths(p *kippykoo.Position, last kippykoo.Turn) []kkLegPath {
	if last.Lot {
		return nil
	}
	var out []kkLegPath
	for i, th := range last.Throws() {
		for _, pa := range kkThrowPaths(p, last.Seat, th.Legs()) {
			pa.before = i < len(last.Before)
			out = append(out, pa)
		}
	}
	return out
}

// kkThrowPaths are the paths of the parts legs of a move of seat's, each
// from where its marble was (its hole, or its START) along the track to
// the hole its count reached, or on past its star into FINISH.
func kkThrowPaths(p *kippykoo.Position, seat rules.Seat, legs []kippykoo.Leg) []kkLegPath {
	if seat < 0 || int(seat) >= p.Players() {
		return nil
	}
	side := p.Side(seat)
	star := side.Star()
	var out []kkLegPath
	for _, lg := range legs {
		var pts [][2]float64
		from := 0
		if lg.Start {
			pts = append(pts, kkPocketEdge(side, false))
		} else {
			if lg.From < 0 || lg.From >= kippykoo.Holes {
				continue
			}
			from = (int(lg.From) - int(star) + kippykoo.Holes) % kippykoo.Holes
		}
		to := from + lg.Count
		pa := kkLegPath{leg: lg, end: kippykoo.NoHole, gap: kkMarbleR + 3}
		if to < kippykoo.Holes {
			pa.end = kippykoo.Hole((int(star) + to) % kippykoo.Holes)
		} else {
			to = kippykoo.Holes
		}
		// Along the loop, in steps of a quarter of a hole's spacing.
		d0 := float64(int(star)+from) * kkStep
		d1 := float64(int(star)+to) * kkStep
		for d := d0; ; d += kkStep / 4 {
			d = math.Min(d, d1)
			x, y, _, _ := kkAlong(d)
			pts = append(pts, [2]float64{x, y})
			if d >= d1 {
				break
			}
		}
		if pa.end == kippykoo.NoHole {
			pts = append(pts, kkPocketEdge(side, true))
			pa.gap = 0
		}
		pa.points = pts
		out = append(out, pa)
	}
	return out
}

// kkPocketEdge is where a path between side's star and its START or
// FINISH pocket meets the pocket: the pocket's edge on the line from the
// star to its middle, a little inside the outline.
func kkPocketEdge(side kippykoo.Side, finish bool) [2]float64 {
	sx, sy, _, _ := kkHolePos(side.Star())
	px, py := kkPocketBox(side, finish)
	dx, dy := px-sx, py-sy
	// The share of the way from the star to the middle at which the line
	// crosses the box's edge, across each axis.
	t := 0.0
	if a := math.Abs(dx); a > kkPocketW/2 {
		t = max(t, (a-kkPocketW/2)/a)
	}
	if a := math.Abs(dy); a > kkPocketH/2 {
		t = max(t, (a-kkPocketH/2)/a)
	}
	ux, uy, _ := unit(dx, dy)
	return [2]float64{sx + dx*t + ux*4, sy + dy*t + uy*4}
}

// kkHalo draws a ring in seat's colour round (x, y).
func kkHalo(dc *gg.Context, x, y, radius float64, seat int) {
	dc.DrawCircle(x, y, radius)
	dc.SetColor(seatTint[seat])
	dc.SetLineWidth(9)
	dc.StrokePreserve()
	dc.SetColor(seatFill[seat])
	dc.SetLineWidth(5)
	dc.Stroke()
}

// kkNumberTag draws hole h's number bold on a tag in seat's tint (or
// white for -1), over the static layer's number if any.
func kkNumberTag(img *image.RGBA, dc *gg.Context, kit *Canvas, h kippykoo.Hole, seat int) {
	x, y := kkNumberPos(h)
	f := kit.Face(true, textMin)
	s := strconv.Itoa(int(h))
	w := math.Max(textWidth(f, s)+14, 36)
	fill, rim := white, kkNumberInk
	if seat >= 0 {
		fill, rim = seatTint[seat], seatFill[seat]
	}
	// The rim a pill 2 px larger under the tag: quicker than stroking
	// the tag's outline, which costs twice its fill.
	type tag struct {
		w         float64
		fill, rim color.RGBA
	}
	stamp(dc, tag{w, fill, rim}, x-w/2-1, y-18, w+2, 36, func(dc *gg.Context, x, y float64) {
		dc.DrawRoundedRectangle(x, y, w+2, 36, 18)
		dc.SetColor(rim)
		dc.Fill()
		dc.DrawRoundedRectangle(x+2, y+2, w-2, 32, 16)
		dc.SetColor(fill)
		dc.Fill()
	})
	drawText(img, f, s, x, y, 0.5, ink)
}

// kkMovable lists the holes of the marbles that some legal move moves,
// and whether some legal move starts a marble.
func kkMovable(legal []rules.Move) (holes []kippykoo.Hole, start bool) {
	var seen [kippykoo.Holes]bool
	for _, m := range legal {
		legs, err := kippykoo.ParseLegs(m.Text)
		if err != nil {
			continue
		}
		for _, lg := range legs {
			switch {
			case lg.Start:
				start = true
			case lg.From >= 0 && lg.From < kippykoo.Holes && !seen[lg.From]:
				seen[lg.From] = true
				holes = append(holes, lg.From)
			}
		}
	}
	return holes, start
}

// kkDecision is the short words for what seat is deciding, for its bar,
// fewer words for the same for a bar too short for them ("to move" for
// "to move 6-2"; "" when there are none), and the sentence for the
// header; "" when the seat is not to act.
func kkDecision(v *kkView, seat int) (short, shorter, long string) {
	p, in := v.p, v.in
	if p.Outcome().Over() || int(p.Turn()) != seat || seat < 0 || seat >= len(v.names) {
		return "", "", ""
	}
	name := v.names[seat]
	switch p.Phase() {
	case kippykoo.PhaseThrow:
		return in.T("to throw"), "", in.T("%s to throw the dice", name)
	case kippykoo.PhaseRoll:
		if l := v.last; int(l.Seat) == seat && !l.Lot && l.Dice[0] == l.Dice[1] && l.Move != "" {
			return in.T("throws again"), "", in.T("%s threw %d-%d: throws again", name, l.Dice[0], l.Dice[1])
		}
		return in.T("throwing"), "", in.T("%s is throwing the dice", name)
	case kippykoo.PhaseMove:
		a, b := p.Dice()
		if len(v.legal) == 1 && v.legal[0].Text == kippykoo.PassText {
			return in.T("pass %d-%d", a, b), "", in.T("%s cannot use %d-%d: pass", name, a, b)
		}
		return in.T("to move %d-%d", a, b), in.T("to move"), in.T("%s to move %d-%d", name, a, b)
	}
	return "", "", ""
}

// kkSeatBar draws a seat's name bar: its marble with its side's letter,
// its name and, on the right, what it is deciding, its marbles in START
// and FINISH, and its side.
func kkSeatBar(img *image.RGBA, dc *gg.Context, kit *Canvas, v *kkView, seat int) {
	p, name := v.p, v.names[seat]
	side := p.Side(rules.Seat(seat))
	x, y, w, h := kkBarBox(side)
	cy := y + h/2
	if p.Retired(rules.Seat(seat)) {
		kkLeftBar(img, dc, kit, v.in, name, side, x, y, w, h)
		return
	}
	state := barStateOf(p.Outcome(), seat, int(p.Turn()))
	nx := barStart(dc, seat, state, x, y, w, h)
	seatDisc(dc, seat, nx+18, cy, 20)
	drawText(img, kit.Face(true, textMin), string(side.Letter()), nx+18, cy, 0.5, letterInk(seat))
	nx += 50

	// The right-hand side, from the right, the least needed parts dropped
	// first when the name would be squeezed.
	in := v.in
	right := barSeat(img, kit, in.word(side.Word()), x+w-20, cy, state == barToMove || state == barWinner)
	var parts []barPart
	short, shorter, _ := kkDecision(v, seat)
	switch {
	case state == barWinner:
		parts = append(parts, barPart{text: in.T("winner"), bold: true, c: seatOutline[seat], keep: 9})
	case short != "":
		parts = append(parts, barPart{text: short, short: shorter, bold: true, c: seatOutline[seat], keep: 9})
	}
	if k := p.InStart(rules.Seat(seat)); k > 0 {
		parts = append(parts, barPart{text: in.T("START %d", k), c: ink, keep: 6})
	}
	if k := p.InFinish(rules.Seat(seat)); k > 0 {
		parts = append(parts, barPart{text: in.T("FINISH %d", k), bold: true, c: ink, keep: 7})
	}
	barLabel(img, kit, name, state != barWaiting && state != barDone, parts, nx, right, cy, 140)
}

// kkLeftBar draws the name bar of a seat that has left the game, greyed:
// a neutral background and disc, the name in muted ink, and "left" where
// the others have their counts.
func kkLeftBar(img *image.RGBA, dc *gg.Context, kit *Canvas, in Info, name string, side kippykoo.Side, x, y, w, h float64) {
	cy := y + h/2
	dc.DrawRoundedRectangle(x, y, w, h, h/2)
	dc.SetColor(kkNeutralIn)
	dc.FillPreserve()
	dc.SetColor(kkNeutral)
	dc.SetLineWidth(2)
	dc.Stroke()
	nx := x + 16 + 34
	dc.DrawCircle(nx+18, cy, 20)
	dc.SetColor(kkNeutral)
	dc.FillPreserve()
	dc.SetColor(kkNeutralRim)
	dc.SetLineWidth(3)
	dc.Stroke()
	drawText(img, kit.Face(true, textMin), string(side.Letter()), nx+18, cy, 0.5, white)
	nx += 50
	right := x + w - 20
	f, bf := kit.Face(false, textMin), kit.Face(true, textMin)
	right -= drawText(img, f, in.word(side.Word()), right, cy, 1, muted)
	right -= drawText(img, f, "  ·  ", right, cy, 1, muted)
	right -= drawText(img, bf, in.T("left"), right, cy, 1, muted)
	nf := kit.Face(false, textName)
	drawText(img, nf, fit(nf, name, right-20-nx), nx, cy, 0, muted)
}

// kkLastWords are the words of the header's line for the latest turn: a
// label and, bold, the move, the seat drawn or "turn skipped", or for a
// turn that threw again after doubles each throw's dice and move; both ""
// when there is nothing to show.
func kkLastWords(in Info, p *kippykoo.Position, last kippykoo.Turn) (label, move string) {
	if s := int(last.Seat); s < 0 || s >= p.Players() {
		return "", ""
	}
	letter := string(p.Side(last.Seat).Letter())
	switch {
	case last.Lot:
		return in.T("Drawn to begin:") + " ", in.word(p.Side(last.Seat).Word())
	case len(last.Before) > 0:
		// A turn that threw again after doubles: each throw with its move.
		var throws []string
		for _, th := range last.Throws() {
			switch {
			case th.Move != "":
				throws = append(throws, fmt.Sprintf("%d-%d %s", th.Dice[0], th.Dice[1], in.Move(th.Move)))
			case last.Skipped:
				throws = append(throws, in.T("turn skipped"))
			}
		}
		return in.T("Last %s:", letter) + " ", strings.Join(throws, " · ")
	case last.Skipped:
		return in.T("Last %s:", letter) + " ", in.T("turn skipped")
	case last.Move != "":
		return in.T("Last %s:", letter) + " ", in.Move(last.Move)
	}
	return "", ""
}

// kkHeader draws the title on the first line, whose decision it is (or
// the result) on the second and the latest move on the third, and the dice
// on the right of the first two.
func kkHeader(img *image.RGBA, dc *gg.Context, kit *Canvas, v *kkView, info Info) {
	p, names, last := v.p, v.names, v.last
	left, right := kkBoardX+10, float64(kkW)-kkBoardX-10
	const dy = headerDiceY

	// The dice: the throw being played, or the latest one, with the disc
	// of the seat that threw it.
	var dice [2]int
	thrower := -1
	switch a, b := p.Dice(); {
	case a > 0:
		dice, thrower = [2]int{a, b}, int(p.Turn())
	case !last.Lot && last.Dice[0] > 0:
		dice, thrower = last.Dice, int(last.Seat)
	}
	if thrower >= 0 && thrower < p.Players() {
		dw := 2*kkDie + kkDie/5
		right -= diceRow(dc, dice, right-dw, dy, kkDie)
		right -= 12
		seatDisc(dc, thrower, right-20, dy, 20)
		drawText(img, kit.Face(true, textMin), string(p.Side(rules.Seat(thrower)).Letter()), right-20, dy, 0.5, letterInk(thrower))
		right -= 40 + 24
	}

	drawTitle(img, kit, info, "Kippy Koo", left, right, headerTitleY)

	// Whose decision it is, or the result.
	y := headerStatusY
	sf := kit.Face(true, textStatus)
	x := left
	o := p.Outcome()
	var status string
	switch t := int(p.Turn()); {
	case o.Over():
		if len(o.Winners) == 1 {
			seatDisc(dc, int(o.Winners[0]), x+14, y, 14)
			x += 38
		}
		status = resultText(info, o, names, "")
		if o.Method == rules.Finished && len(o.Winners) > 0 {
			status = info.T("%s won: all four marbles in FINISH", winnerNames(info, o, names))
		}
	case p.Phase() == kippykoo.PhaseLot:
		status = info.T("Drawing lots for who begins")
	case t >= 0 && t < len(names):
		turnMarker(dc, t, x, y)
		x += 36
		_, _, status = kkDecision(v, t)
	}
	drawText(img, sf, fit(sf, status, right-x), x, y, 0, ink)

	// The latest move, or the lot.
	label, move := kkLastWords(info, p, last)
	drawLast(img, kit, label, move, left, float64(kkW)-left, headerLastY)
}
