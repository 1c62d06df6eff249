package render

import (
	"fmt"
	"image"
	"image/color"
	"iter"
	"math"
	"strings"
	"sync"

	"github.com/fogleman/gg"

	"parlor/rules"
	"parlor/rules/kimbo"
)

// The Kimbo picture: a portrait canvas with a header (title, the latest
// turn, whose decision it is or the result, and the dice), North's name bar,
// the 15×15 board with coordinates on all four sides, South's name bar and,
// when anyone sits there, a row with West's bar on the left and East's on
// the right. Sizes are in pixels.
const (
	kbSq      = 60.0                         // side of a square
	kbW       = 1000                         // canvas width
	kbBoardX  = 50.0                         // left edge of the board (room for rank numbers)
	kbHeaderH = headerH                      // header height
	kbBarH    = 64.0                         // height of a name bar, with its gaps
	kbCoord   = 40.0                         // room for the file letters
	kbBoardY  = kbHeaderH + kbBarH + kbCoord // top edge of the board
	kbBoardW  = kimbo.Size * kbSq
	kbBoardH  = kimbo.Size * kbSq
	kbSouthY  = kbBoardY + kbBoardH + kbCoord + 2 // top of South's name bar
	kbDie     = 58.0                              // side of a die in the header
	kbBarDie  = 34.0                              // side of a die in a name bar
)

// Piece, fence and mark geometry, in pixels.
const (
	kbPieceR     = 24.0 // radius of a piece
	kbHomeR      = 13.0 // radius of a piece drawn in HOME
	kbFenceLen   = kbSq - 6
	kbFenceThick = 14.0
	kbWall       = 8.0  // width of HOME's walls
	kbRingR      = 27.0 // radius of the ring around a capture
	kbMarkIn     = 5.0  // how far the brackets of a piece that can move sit inside its square
	kbSprite     = 56   // side of a piece sprite
)

var (
	kbLight      = color.RGBA{0xf5, 0xec, 0xd8, 0xff} // playfield squares, in a faint check
	kbDark       = color.RGBA{0xea, 0xdc, 0xbd, 0xff}
	kbGroove     = color.RGBA{0xbc, 0xa4, 0x7c, 0xff} // an empty slot
	kbFrame      = color.RGBA{0x5a, 0x44, 0x30, 0xff} // border lines and HOME's walls
	kbStartTint  = color.RGBA{0xd4, 0xc8, 0xb4, 0xff} // the corner start areas
	kbArrowInk   = color.RGBA{0x5a, 0x44, 0x30, 0xff}
	kbHomeTint   = color.RGBA{0xfd, 0xf8, 0xec, 0xff}
	kbHomeInk    = color.RGBA{0xa8, 0x8c, 0x62, 0xff}
	kbEntrance   = color.RGBA{0xc9, 0xe3, 0xb4, 0xff} // an open entrance square
	kbEntranceIn = color.RGBA{0x5e, 0x8a, 0x3e, 0xff} // its chevron into HOME
	kbClosed     = color.RGBA{0xc8, 0xc5, 0xc0, 0xff} // an entrance closed by neutral fences
	kbNeutral    = color.RGBA{0x3a, 0x3c, 0x42, 0xff} // a neutral fence
	kbNeutralRim = color.RGBA{0x0e, 0x0f, 0x12, 0xff}
	kbPath       = color.RGBA{0x26, 0x22, 0x1e, 0xff} // the latest move's path
	kbNewFence   = color.RGBA{0xff, 0xff, 0xff, 0xff} // the glow around a fence just moved
	kbCoordInk   = color.RGBA{0x5a, 0x44, 0x30, 0xff}
)

// kimboCache holds the sprites every Kimbo picture shares; the static
// layers, one for each set of occupied sides, are kept with the renderer's
// layers.
type kimboCache struct {
	spriteOnce sync.Once
	sprites    [4][4]*image.RGBA // pieces by seat and side
	homes      [4][4]*image.RGBA // the small pieces drawn in HOME
	fences     [5][2]*image.RGBA // fences by owner (4: neutral), lying east–west and north–south
	discs      [4][4]*image.RGBA // seat discs with side letters, by seat and side
	dice       [2][7]*image.RGBA // die faces: the header's, the name bars'
	bars       [4][2]*image.RGBA // the back of the bar of a seat to move or won: full width, half
}

// load returns the static layer for the occupied sides mask whose words
// are w, and makes sure the sprites are drawn.
func (c *kimboCache) load(kit *Canvas, w kbWords, mask uint8) *packedLayer {
	c.spriteOnce.Do(func() {
		for seat := range 4 {
			for side := kimbo.SouthSide; side <= kimbo.EastSide; side++ {
				c.sprites[seat][side] = discSprite(kit, seat, side.Letter(), kbPieceR, 30, kbSprite)
				c.homes[seat][side] = discSprite(kit, seat, side.Letter(), kbHomeR, 17, 32)
			}
		}
		for owner := range 5 {
			fill, rim := kbNeutral, kbNeutralRim
			if owner < 4 {
				fill, rim = seatFill[owner], seatOutline[owner]
			}
			c.fences[owner][0] = kbFenceSprite(fill, rim, false)
			c.fences[owner][1] = kbFenceSprite(fill, rim, true)
		}
		for seat := range 4 {
			for side := kimbo.SouthSide; side <= kimbo.EastSide; side++ {
				c.discs[seat][side] = kbDiscSprite(kit, seat, side)
			}
			for half := range 2 {
				c.bars[seat][half] = kbBarSprite(seat, half == 1)
			}
		}
		for v := 1; v <= 6; v++ {
			for k, size := range kbDieSizes {
				c.dice[k][v] = kbDieSprite(v, size)
			}
		}
	})
	return kit.base("kimbo", int(mask&15), w, func() *image.RGBA { return kbStatic(kit, mask, w) })
}

// kbWords are the words of a static layer: each side's, what an empty
// side's bar says, and HOME.
type kbWords struct {
	side, closed [4]string
	home         string
}

// kbStaticWords are the words of the static layers in in's language.
func kbStaticWords(in Info) kbWords {
	var w kbWords
	for side := kimbo.SouthSide; side <= kimbo.EastSide; side++ {
		w.side[side] = in.word(side.Word())
		w.closed[side] = in.T("%s: nobody, entrance closed", side.Word())
	}
	w.home = in.T("HOME")
	return w
}

// kbCentre is the centre of cell s on the canvas; HOME's is its middle cell.
func kbCentre(s kimbo.Square) (x, y float64) {
	if s == kimbo.Home {
		s = kimbo.SquareAt(kimbo.Size/2, kimbo.Size/2)
	}
	return kbBoardX + (float64(s.File())+0.5)*kbSq, kbBoardY + (float64(kimbo.Size-1-s.Rank())+0.5)*kbSq
}

// kbEdge is the middle of the edge of cell s in direction d, and the unit
// vector of d on the canvas (y grows downward).
func kbEdge(s kimbo.Square, d kimbo.Dir) (x, y, ux, uy float64) {
	cx, cy := kbCentre(s)
	df, dr := d.Step()
	ux, uy = float64(df), -float64(dr)
	return cx + ux*kbSq/2, cy + uy*kbSq/2, ux, uy
}

// kbSlotCentre is the middle of slot sl, and whether it runs north–south
// (between two squares of one rank).
func kbSlotCentre(sl kimbo.Slot) (x, y float64, vertical bool) {
	a, b := kimbo.Board.SlotSquares(sl)
	ax, ay := kbCentre(a)
	bx, by := kbCentre(b)
	return (ax + bx) / 2, (ay + by) / 2, a.Rank() == b.Rank()
}

// kbHeight is the height of the canvas for the occupied sides mask: the
// row of West's and East's bars is there only when one of them plays.
func kbHeight(mask uint8) int {
	h := kbSouthY + kbBarH + 6
	if kbSideRow(mask) {
		h += kbBarH
	}
	return int(h)
}

// kbSideRow reports whether West or East plays.
func kbSideRow(mask uint8) bool {
	return mask&(1<<kimbo.WestSide|1<<kimbo.EastSide) != 0
}

// kbBarBox is the box of side's name bar: North above the board, South
// below, West and East in a row under South's, on the left and the right
// (see sideBarBox), as wide as the board.
func kbBarBox(side kimbo.Side) (x, y, w, h float64) {
	return sideBarBox(int(side), kbBoardX, kbBoardW, kbHeaderH, kbSouthY, kbBarH)
}

// kbEdges are the edges of kind e of the squares of area a, each as its
// square and the direction it faces, square by square.
func kbEdges(a kimbo.Area, e kimbo.Edge) iter.Seq2[kimbo.Square, kimbo.Dir] {
	return func(yield func(kimbo.Square, kimbo.Dir) bool) {
		for s := kimbo.Square(0); s < kimbo.Cells; s++ {
			if kimbo.Board.Area(s) != a {
				continue
			}
			for d := kimbo.North; d <= kimbo.West; d++ {
				if k, _ := kimbo.Board.Edge(s, d); k == e && !yield(s, d) {
					return
				}
			}
		}
	}
}

// kbStatic draws the layer under every picture whose occupied sides are
// mask: background, plain name bars, squares, slots, walls, start areas and
// their arrows, HOME and its entrances, coordinates and corner names.
func kbStatic(kit *Canvas, mask uint8, words kbWords) *image.RGBA {
	dc := gg.NewContext(kbW, kbHeight(mask))
	dc.SetColor(paper)
	dc.Clear()
	img := dc.Image().(*image.RGBA)
	for side := kimbo.SouthSide; side <= kimbo.EastSide; side++ {
		x, y, w, h := kbBarBox(side)
		if mask&(1<<side) != 0 {
			seatBarBack(dc, 0, barWaiting, x, y, w, h)
			barSeat(img, kit, words.side[side], x+w-20, y+h/2, true)
		} else if kbSideRow(mask) && (side == kimbo.WestSide || side == kimbo.EastSide) {
			drawText(img, kit.Face(false, textMin), words.closed[side], x+w/2, y+h/2, 0.5, muted)
		}
	}

	// The border line: a frame the squares stand in.
	dc.SetColor(kbFrame)
	dc.DrawRoundedRectangle(kbBoardX-7, kbBoardY-7, kbBoardW+14, kbBoardH+14, 6)
	dc.Fill()

	// Squares: a faint check on the playfield, the start areas tinted, the
	// entrances green when open and grey when closed.
	for s := kimbo.Square(0); s < kimbo.Cells; s++ {
		var c color.RGBA
		switch kimbo.Board.Area(s) {
		case kimbo.HomeArea:
			continue
		case kimbo.StartArea:
			c = kbStartTint
		case kimbo.Entrance:
			c = kbEntrance
			if !kbEntranceOpen(s, mask) {
				c = kbClosed
			}
		default:
			c = kbLight
			if (s.File()+s.Rank())%2 == 0 {
				c = kbDark
			}
		}
		x, y := kbCentre(s)
		dc.DrawRectangle(x-kbSq/2, y-kbSq/2, kbSq, kbSq)
		dc.SetColor(c)
		dc.Fill()
	}

	// HOME: one space, with its word.
	hx, hy := kbCentre(kimbo.Home)
	dc.DrawRectangle(hx-1.5*kbSq, hy-1.5*kbSq, 3*kbSq, 3*kbSq)
	dc.SetColor(kbHomeTint)
	dc.Fill()
	drawText(img, kit.Face(true, 30), words.home, hx, hy, 0.5, kbHomeInk)

	// Slots: a groove along every edge a fence can stand in.
	dc.SetLineCapRound()
	dc.SetLineWidth(4)
	dc.SetColor(kbGroove)
	for sl := kimbo.Slot(0); sl < kimbo.Slots; sl++ {
		x, y, vertical := kbSlotCentre(sl)
		half := kbSq/2 - 7
		if vertical {
			dc.DrawLine(x, y-half, x, y+half)
		} else {
			dc.DrawLine(x-half, y, x+half, y)
		}
	}
	dc.Stroke()

	// HOME's walls, the openings' chevrons, and the closed entrances' crosses.
	dc.SetLineCapSquare()
	dc.SetLineWidth(kbWall)
	dc.SetColor(kbFrame)
	for s, d := range kbEdges(kimbo.HomeArea, kimbo.HomeWall) {
		x, y, ux, uy := kbEdge(s, d)
		px, py := -uy*kbSq/2, ux*kbSq/2
		dc.DrawLine(x-px, y-py, x+px, y+py)
	}
	dc.Stroke()
	for side := kimbo.SouthSide; side <= kimbo.EastSide; side++ {
		e := kimbo.Board.Entrance(side)
		x, y := kbCentre(e)
		if !kbEntranceOpen(e, mask) {
			dc.SetColor(alpha(kbNeutral, 0.45))
			dc.SetLineCapRound()
			dc.SetLineWidth(5)
			k := 0.22 * kbSq
			dc.DrawLine(x-k, y-k, x+k, y+k)
			dc.DrawLine(x-k, y+k, x+k, y-k)
			dc.Stroke()
			continue
		}
		// A chevron from the entrance square toward HOME.
		d := kbOpeningDir(e)
		df, dr := d.Step()
		ux, uy := float64(df), -float64(dr)
		px, py := -uy, ux
		tx, ty := x+ux*0.40*kbSq, y+uy*0.40*kbSq
		bx, by := tx-ux*0.16*kbSq, ty-uy*0.16*kbSq
		dc.MoveTo(tx, ty)
		dc.LineTo(bx+px*0.2*kbSq, by+py*0.2*kbSq)
		dc.LineTo(bx-px*0.2*kbSq, by-py*0.2*kbSq)
		dc.ClosePath()
		dc.SetColor(kbEntranceIn)
		dc.Fill()
	}

	// The start areas' arrows: a head on each edge a piece leaves by,
	// pointing out of the area.
	dc.SetColor(kbArrowInk)
	for s, d := range kbEdges(kimbo.StartArea, kimbo.Arrow) {
		x, y, ux, uy := kbEdge(s, d)
		px, py := -uy, ux
		const back, tip, half = 1.0, 13.0, 11.0
		dc.MoveTo(x+ux*tip, y+uy*tip)
		dc.LineTo(x-ux*back+px*half, y-uy*back+py*half)
		dc.LineTo(x-ux*back-px*half, y-uy*back-py*half)
		dc.ClosePath()
		dc.Fill()
	}

	// Coordinates on all four sides, and the start areas' names in the
	// margin's corners, as a corner decision names them.
	f := kit.Face(true, textMin)
	for i := range kimbo.Size {
		x := kbBoardX + (float64(i)+0.5)*kbSq
		l := string(rune('a' + i))
		drawText(img, f, l, x, kbBoardY-kbCoord/2-2, 0.5, kbCoordInk)
		drawText(img, f, l, x, kbBoardY+kbBoardH+kbCoord/2+2, 0.5, kbCoordInk)
	}
	for r := range kimbo.Size {
		y := kbBoardY + (float64(kimbo.Size-1-r)+0.5)*kbSq
		l := fmt.Sprint(r + 1)
		drawText(img, f, l, kbBoardX/2-2, y, 0.5, kbCoordInk)
		drawText(img, f, l, kbW-kbBoardX/2+2, y, 0.5, kbCoordInk)
	}
	cf := kit.Face(false, textMin)
	for c := range 4 {
		x, y := kbBoardX/2-4, kbBoardY+kbBoardH+kbCoord/2+2
		if c == 1 || c == 2 {
			x = kbW - kbBoardX/2 + 4
		}
		if c >= 2 {
			y = kbBoardY - kbCoord/2 - 2
		}
		drawText(img, cf, kimbo.CornerName(c), x, y, 0.5, muted)
	}
	return img
}

// kbEntranceOpen reports whether the entrance square e is in use: someone
// sits on its side.
func kbEntranceOpen(e kimbo.Square, mask uint8) bool {
	for side := kimbo.SouthSide; side <= kimbo.EastSide; side++ {
		if kimbo.Board.Entrance(side) == e {
			return mask&(1<<side) != 0
		}
	}
	return true
}

// kbOpeningDir is the direction from entrance square e into HOME.
func kbOpeningDir(e kimbo.Square) kimbo.Dir {
	for d := kimbo.North; d <= kimbo.West; d++ {
		if edge, _ := kimbo.Board.Edge(e, d); edge == kimbo.Opening {
			return d
		}
	}
	return kimbo.North
}

// kbView is what the parts of a picture share.
type kbView struct {
	p     *kimbo.Position
	names []string     // display names by seat
	legal []rules.Move // in a move or corner decision
	last  kimbo.Turn
	in    Info // the words' language
}

// kbMask is the set of sides someone sits on.
func kbMask(p *kimbo.Position) uint8 {
	var m uint8
	for seat := range p.Players() {
		m |= 1 << p.Side(rules.Seat(seat))
	}
	return m
}

// Kimbo is the Painter of Kimbo.
func Kimbo() Painter { return PainterOf(new(kimboCache).paint) }

// paint draws a Kimbo position.
func (cache *kimboCache) paint(kit *Canvas, p *kimbo.Position, info Info) (*image.RGBA, error) {
	mask := kbMask(p)
	img := kit.canvas(cache.load(kit, kbStaticWords(info), mask))
	dc := gg.NewContextForRGBA(img)

	n := p.Players()
	names := make([]string, n)
	for seat := range n {
		names[seat] = info.Name(kit, seat, info.word(p.Side(rules.Seat(seat)).Word()))
	}
	v := &kbView{p: p, names: names, last: p.Last(), in: info}
	if ph := p.Phase(); ph == kimbo.PhaseMove || ph == kimbo.PhaseCorner {
		v.legal = p.Legal()
	}
	last, legs := v.last, v.last.Legs()

	kbHeader(img, dc, kit, cache, v, info)
	for seat := range n {
		kbSeatBar(img, dc, kit, cache, v, seat)
	}

	// The pieces that can move: their squares tinted in the mover's colour
	// and marked at the corners, clear of the slots. (The latest turn is
	// then the mover's own, with no move yet.)
	if p.Phase() == kimbo.PhaseMove {
		seat := int(p.ToMove())
		for _, s := range kbMovable(v.legal) {
			kbMovableMark(dc, s, seat)
		}
	}

	// Earlier turns (Info.Earlier), under the latest.
	for t, a := range faded(kbEarlier(info.Earlier, last)) {
		kbEarlierMarks(dc, t, a)
	}

	// The latest turn under everything else: the squares its pieces left,
	// the fence's old slot, the paths.
	for _, lg := range legs {
		if lg.From.OnGrid() {
			x, y := kbCentre(lg.From)
			dc.DrawCircle(x, y, 9)
			dc.SetColor(alpha(kbPath, 0.7))
			dc.Fill()
		}
	}
	if last.FenceFrom != kimbo.NoSlot && last.Seat >= 0 {
		kbFenceGhost(dc, last.FenceFrom, int(last.Seat))
	}
	for _, lg := range legs {
		kbLegPath(dc, lg)
	}

	// Fences: the neutral ones, then each seat's; the one just moved glows.
	if last.FenceTo != kimbo.NoSlot {
		kbFenceShape(dc, last.FenceTo, kbFenceLen+12, kbFenceThick+14)
		dc.SetColor(kbNewFence)
		dc.FillPreserve()
		dc.SetColor(kbPath)
		dc.SetLineWidth(2.5)
		dc.Stroke()
	}
	for _, sl := range p.Fences(kimbo.Neutral) {
		cache.fence(img, sl, 4)
	}
	for seat := range n {
		for _, sl := range p.Fences(rules.Seat(seat)) {
			cache.fence(img, sl, seat)
		}
	}

	// Pieces on the board, and in HOME along each seat's side of it.
	for seat := range n {
		side := p.Side(rules.Seat(seat))
		home := 0
		for _, s := range p.Pieces(rules.Seat(seat)) {
			switch {
			case s == kimbo.Home:
				home++
			case s.OnGrid():
				x, y := kbCentre(s)
				over(img, cache.sprites[seat][side], int(x)-kbSprite/2, int(y)-kbSprite/2)
			}
		}
		kbHomePieces(img, cache.homes[seat][side], side, home)
	}

	// On top: the captures of the latest move, its arrowheads, and in a
	// corner decision the squares the captured piece can go to.
	for _, lg := range legs {
		kbLegMarks(dc, lg)
	}
	if p.Phase() == kimbo.PhaseCorner {
		kbCornerChoices(dc, v)
	}
	return img, nil
}

// kbMovableMark tints square s in seat's colour and draws a bracket in
// each corner.
func kbMovableMark(dc *gg.Context, s kimbo.Square, seat int) {
	x, y := kbCentre(s)
	const in, leg = kbSq/2 - kbMarkIn, 15.0
	dc.DrawRectangle(x-in, y-in, 2*in, 2*in)
	dc.SetColor(seatTint[seat])
	dc.Fill()
	for _, c := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		cx, cy := x+c[0]*in, y+c[1]*in
		dc.MoveTo(cx, cy-c[1]*leg)
		dc.LineTo(cx, cy)
		dc.LineTo(cx-c[0]*leg, cy)
	}
	dc.SetColor(seatFill[seat])
	dc.SetLineWidth(5)
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	dc.Stroke()
}

// kbFenceShape adds to dc's path a rounded bar along slot sl, length
// pixels long and thick across.
func kbFenceShape(dc *gg.Context, sl kimbo.Slot, length, thick float64) {
	x, y, vertical := kbSlotCentre(sl)
	w, h := length, thick
	if vertical {
		w, h = h, w
	}
	dc.DrawRoundedRectangle(x-w/2, y-h/2, w, h, thick/2)
}

// kbFenceSprite draws a fence centred in a transparent box: a bar in fill
// with a dark rim, running north–south when vertical.
func kbFenceSprite(fill, rim color.RGBA, vertical bool) *image.RGBA {
	w, h := kbFenceSpriteLong, kbFenceSpriteShort
	if vertical {
		w, h = h, w
	}
	dc := gg.NewContext(w, h)
	bw, bh := kbFenceLen, kbFenceThick
	if vertical {
		bw, bh = bh, bw
	}
	dc.DrawRoundedRectangle(float64(w)/2-bw/2, float64(h)/2-bh/2, bw, bh, kbFenceThick/2)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(rim)
	dc.SetLineWidth(2.5)
	dc.Stroke()
	return dc.Image().(*image.RGBA)
}

// The size of a fence sprite.
const (
	kbFenceSpriteLong  = int(kbFenceLen) + 6
	kbFenceSpriteShort = int(kbFenceThick) + 6
)

// fence draws the fence sprite of owner (a seat, or 4 for neutral) in
// slot sl.
func (c *kimboCache) fence(img *image.RGBA, sl kimbo.Slot, owner int) {
	x, y, vertical := kbSlotCentre(sl)
	o := 0
	if vertical {
		o = 1
	}
	sp := c.fences[owner][o]
	over(img, sp, int(math.Round(x))-sp.Rect.Dx()/2, int(math.Round(y))-sp.Rect.Dy()/2)
}

// kbFenceGhost draws where a fence stood before the latest turn moved it:
// its outline, dashed, over a pale fill.
func kbFenceGhost(dc *gg.Context, sl kimbo.Slot, seat int) {
	kbFenceShape(dc, sl, kbFenceLen, kbFenceThick)
	kbGhost(dc, seat, 2.5, 5)
}

// kbGhost fills dc's path pale in seat's tint and strokes its outline
// dashed, width pixels wide in dashes of dash: the look of a place a piece
// or fence of the seat stood on, or may go to.
func kbGhost(dc *gg.Context, seat int, width, dash float64) {
	dc.SetColor(alpha(seatTint[seat], 0.9))
	dc.FillPreserve()
	dc.SetColor(seatOutline[seat])
	dc.SetLineWidth(width)
	dc.SetDash(dash, 4)
	dc.Stroke()
	dc.SetDash()
}

// kbLegPoints are the canvas points of a leg's path: where it starts, where
// it turns or captures, and where it ends; a path into HOME ends in the
// opening, and a jump is an arc bowed to one side.
func kbLegPoints(lg kimbo.Leg) [][2]float64 {
	x, y := kbCentre(lg.From)
	pts := [][2]float64{{x, y}}
	prev := lg.From
	for _, pt := range lg.Points {
		if pt.Square == kimbo.Home {
			// Straight in through the entrance the path reaches.
			sq := lg.Squares()
			e := lg.From
			if len(sq) >= 2 {
				e = sq[len(sq)-2]
			}
			ex, ey := kbCentre(e)
			if e != prev {
				pts = append(pts, [2]float64{ex, ey})
			}
			df, dr := kbOpeningDir(e).Step()
			pts = append(pts, [2]float64{ex + float64(df)*0.6*kbSq, ey - float64(dr)*0.6*kbSq})
			break
		}
		x, y := kbCentre(pt.Square)
		pts = append(pts, [2]float64{x, y})
		prev = pt.Square
	}
	if lg.Jump && len(pts) == 2 {
		a, b := pts[0], pts[1]
		ux, uy, n := unit(b[0]-a[0], b[1]-a[1])
		cx, cy := (a[0]+b[0])/2+uy*1.5*n, (a[1]+b[1])/2-ux*1.5*n
		pts = pts[:0]
		const steps = 16
		for i := range steps + 1 {
			t := float64(i) / steps
			u := 1 - t
			pts = append(pts, [2]float64{u*u*a[0] + 2*u*t*cx + t*t*b[0], u*u*a[1] + 2*u*t*cy + t*t*b[1]})
		}
	}
	return pts
}

// kbHeadLen is the length of a path's arrowhead.
const kbHeadLen = 18.0

// kbTipGap is how far short of a leg's end its arrowhead's tip stops: at
// the rim of the piece there, or in HOME's opening.
func kbTipGap(lg kimbo.Leg) float64 {
	if lg.End() == kimbo.Home {
		return 0
	}
	return kbPieceR + 3
}

// kbCut returns the path pts cut gap pixels, measured along it, short of
// its end, and the unit direction of travel at the cut.

// kbLegPath draws the band of a leg's path, stopping at the arrowhead
// that kbLegMarks draws in front of the piece at its end.
func kbLegPath(dc *gg.Context, lg kimbo.Leg) {
	pts, _, _ := cutPath(kbLegPoints(lg), kbTipGap(lg)+kbHeadLen-2)
	band(dc, pts, alpha(kbPath, 0.6), 10)
}

// kbLegMarks draws over the pieces what a leg's band leads to: the
// arrowhead in front of the piece it moved, and a red ring with a cross on
// each square where it captured.
func kbLegMarks(dc *gg.Context, lg kimbo.Leg) {
	pts := kbLegPoints(lg)
	if len(pts) < 2 {
		return
	}
	tip, ux, uy := cutPath(pts, kbTipGap(lg))
	arrowHead(dc, tip[len(tip)-1][0], tip[len(tip)-1][1], ux, uy, kbPath, white)

	for _, pt := range lg.Points {
		if !pt.Capture || !pt.Square.OnGrid() {
			continue
		}
		x, y := kbCentre(pt.Square)
		redRing(dc, x, y, kbRingR)
		// A cross in a red badge at the square's corner.
		crossBadge(dc, x+0.32*kbSq, y-0.32*kbSq, threatRed, white)
	}
}

// kbEarlier are the earlier turns a picture marks (Info.Earlier), oldest
// first, before latest, the state drawn's latest turn: those that moved a
// fence or a piece.
func kbEarlier(turns []Turn, latest kimbo.Turn) []kimbo.Turn {
	marked := func(t kimbo.Turn) bool {
		return t.Seat >= 0 && int(t.Seat) < len(seatFill) && (t.FenceFrom != kimbo.NoSlot || len(t.Legs()) > 0)
	}
	return earlierTurns(turns, latest, readLast[*kimbo.Position, kimbo.Turn], kbContinues, marked)
}

// kbContinues reports whether b is the turn a further on: the same seat's,
// the same fence moved, and the roll and the move of a, if it has them.
func kbContinues(a, b kimbo.Turn) bool {
	return a.Seat == b.Seat && a.FenceFrom == b.FenceFrom && a.FenceTo == b.FenceTo &&
		(a.Dice == [2]int{} || a.Dice == b.Dice) && (a.Move == "" || a.Move == b.Move) && (!a.Skipped || a == b)
}

// kbEarlierMarks marks an earlier turn t at strength a, in its seat's
// colour, under the latest turn's marks and the fences and pieces: a dot
// on each square its pieces left, its fence's old slot dashed and its new
// one haloed, its paths with their arrowheads, a red ring where it
// captured.
func kbEarlierMarks(dc *gg.Context, t kimbo.Turn, a float64) {
	seat := int(t.Seat)
	legs := t.Legs()
	for _, lg := range legs {
		if lg.From.OnGrid() {
			x, y := kbCentre(lg.From)
			earlierDot(dc, x, y, 8, seat, 0.9*a)
		}
	}
	if t.FenceFrom != kimbo.NoSlot {
		kbFenceShape(dc, t.FenceFrom, kbFenceLen, kbFenceThick)
		dc.SetColor(alpha(seatTint[seat], 0.9*a))
		dc.FillPreserve()
		dc.SetColor(alpha(seatOutline[seat], a))
		dc.SetLineWidth(2.5)
		dc.SetDash(5, 4)
		dc.Stroke()
		dc.SetDash()
	}
	if t.FenceTo != kimbo.NoSlot {
		kbFenceShape(dc, t.FenceTo, kbFenceLen+10, kbFenceThick+10)
		dc.SetColor(alpha(seatFill[seat], 0.6*a))
		dc.Fill()
	}
	for _, lg := range legs {
		pts := kbLegPoints(lg)
		b, _, _ := cutPath(pts, kbTipGap(lg)+pathHeadLen-2)
		band(dc, b, alpha(seatFill[seat], 0.6*a), 8)
		earlierHead(dc, pts, kbTipGap(lg), seat, a)
		for _, pt := range lg.Points {
			if pt.Capture && pt.Square.OnGrid() {
				x, y := kbCentre(pt.Square)
				earlierCapture(dc, x, y, kbRingR, 0.8*a)
			}
		}
	}
}

// kbMovable lists the squares of the pieces that some legal move starts
// from.
func kbMovable(legal []rules.Move) []kimbo.Square {
	var seen [kimbo.Cells]bool
	var out []kimbo.Square
	for _, m := range legal {
		legs, err := kimbo.ParseLegs(m.Text)
		if err != nil {
			continue
		}
		for _, lg := range legs {
			if lg.From.OnGrid() && !seen[lg.From] {
				seen[lg.From] = true
				out = append(out, lg.From)
			}
		}
	}
	return out
}

// kbHomePieces draws n small pieces inside HOME along side's wall.
func kbHomePieces(img *image.RGBA, sprite *image.RGBA, side kimbo.Side, n int) {
	hx, hy := kbCentre(kimbo.Home)
	in := 1.5*kbSq - kbWall/2 - kbHomeR - 5 // centre to the row of small pieces
	const gap = 2*kbHomeR + 5
	for i := range n {
		along := (float64(i) - float64(n-1)/2) * gap
		var x, y float64
		switch side {
		case kimbo.SouthSide:
			x, y = hx+along, hy+in
		case kimbo.NorthSide:
			x, y = hx+along, hy-in
		case kimbo.WestSide:
			x, y = hx-in, hy+along
		default:
			x, y = hx+in, hy+along
		}
		sz := sprite.Rect.Dx()
		over(img, sprite, int(x)-sz/2, int(y)-sz/2)
	}
}

// kbCornerChoices marks, in a corner decision, the square of each start
// area with room where the captured piece would go: a dashed ring in the
// piece's colour.
func kbCornerChoices(dc *gg.Context, v *kbView) {
	p := v.p
	pending := p.Pending()
	if len(pending) == 0 {
		return
	}
	victim := pending[0]
	side := p.Side(victim)
	for _, m := range v.legal {
		name, ok := strings.CutPrefix(m.Text, "corner ")
		if !ok {
			continue
		}
		for c := range 4 {
			if kimbo.CornerName(c) != name {
				continue
			}
			// The engine's rule: the piece's own start square there if
			// vacant, else the next side's clockwise.
			sq := kimbo.Board.CornerSquares(c)
			for i := range kimbo.Side(4) {
				s := sq[(side+i)&3]
				if _, taken := p.PieceAt(s); taken {
					continue
				}
				x, y := kbCentre(s)
				dc.DrawCircle(x, y, kbPieceR)
				kbGhost(dc, int(victim), 3, 6)
				break
			}
		}
	}
}

// kbDieSizes are the sides of the dice in the header and in the name bars.
var kbDieSizes = [2]float64{kbDie, kbBarDie}

// kbDieSprite draws a die showing v, of side size, in a transparent box 4
// pixels larger.
func kbDieSprite(v int, size float64) *image.RGBA {
	n := int(size) + 4
	dc := gg.NewContext(n, n)
	dieFace(dc, v, 2, 2, size)
	return dc.Image().(*image.RGBA)
}

// kbDiceWidth is the width of two dice of side size and the gap between.
func kbDiceWidth(size float64) float64 { return 2*size + math.Round(size/5) }

// drawDice draws two dice, the header's size when big and else the name
// bars', the first with its left edge at x, centred on y, and returns the
// width they took.
func (c *kimboCache) drawDice(img *image.RGBA, dice [2]int, big bool, x, y float64) float64 {
	k := 1
	if big {
		k = 0
	}
	size := kbDieSizes[k]
	for i, v := range dice {
		if v < 1 || v > 6 {
			continue
		}
		dx := x + float64(i)*(size+math.Round(size/5))
		over(img, c.dice[k][v], int(math.Round(dx))-2, int(math.Round(y-size/2))-2)
	}
	return kbDiceWidth(size)
}

// kbDecision is the short words for what seat is deciding, for its bar,
// fewer words for the same for a bar too short for them ("to move" for
// "to move 6-4", "corner for S" for "choose corner for S"; "" when there
// are none), and the sentence for the header; "" when the seat is not to
// act.
func kbDecision(v *kbView, seat int) (short, shorter, long string) {
	p, names, in := v.p, v.names, v.in
	if p.Outcome().Over() || int(p.Turn()) != seat {
		return "", "", ""
	}
	name := names[seat]
	a, b := p.Dice()
	switch p.Phase() {
	case kimbo.PhaseOpening:
		return in.T("to roll"), "", in.T("Opening roll: %s to roll", name)
	case kimbo.PhaseFence:
		return in.T("fence or roll"), "", in.T("%s: move a fence, or roll", name)
	case kimbo.PhaseRoll:
		return in.T("to roll"), "", in.T("%s to roll", name)
	case kimbo.PhaseMove:
		if len(v.legal) == 1 && v.legal[0].Text == kimbo.PassText {
			return in.T("pass %d-%d", a, b), "", in.T("%s cannot move %d-%d: pass", name, a, b)
		}
		return in.T("to move %d-%d", a, b), in.T("to move"), in.T("%s to move %d-%d", name, a, b)
	case kimbo.PhaseCorner:
		if pending := p.Pending(); len(pending) > 0 {
			victim := pending[0]
			vname := in.word(p.Side(victim).Word())
			if int(victim) < len(names) {
				vname = names[victim]
			}
			letter := string(p.Side(victim).Letter())
			return in.T("choose corner for %s", letter), in.T("corner for %s", letter),
				in.T("%s: choose a corner for %s's piece", name, vname)
		}
	}
	return "", "", ""
}

// kbSeatBar draws a seat's name bar: its disc with its side's letter, its
// name and, on the right, what it is deciding, its pieces HOME and
// captured, and its side; in the opening, its roll.
func kbSeatBar(img *image.RGBA, dc *gg.Context, kit *Canvas, cache *kimboCache, v *kbView, seat int) {
	p, name := v.p, v.names[seat]
	side := p.Side(rules.Seat(seat))
	x, y, w, h := kbBarBox(side)
	cy := y + h/2
	state := barStateOf(p.Outcome(), seat, int(p.Turn()))
	if state == barToMove || state == barWinner {
		// seatBarBack, drawn once.
		half := 0
		if w < kbBoardW {
			half = 1
		}
		over(img, cache.bars[seat][half], int(x)-3, int(y)-3)
	}
	nx := x + 16
	if state == barToMove {
		turnMarker(dc, seat, nx, cy)
	}
	nx += 34
	cache.drawDisc(img, seat, side, nx+kbDiscR, cy)
	nx += 2*kbDiscR + 10

	// The right-hand side, from the right: the roll in the opening, then
	// the parts of the label, the least needed dropped first when the name
	// would be squeezed.
	right := barSeat(img, kit, v.in.word(side.Word()), x+w-20, cy, state == barToMove || state == barWinner)
	if p.Phase() == kimbo.PhaseOpening {
		if rolls := p.OpeningRolls(); seat < len(rolls) && rolls[seat][0] > 0 {
			right -= 16
			right -= cache.drawDice(img, rolls[seat], false, right-kbDiceWidth(kbBarDie), cy)
		}
	}
	barLabel(img, kit, name, state != barWaiting && state != barDone, kbBarParts(v, seat, state), nx, right, cy, 160)
}

// kbBarParts are the words on the right of seat's name bar, before its
// side: what it is deciding (or that it won, or is out of an opening
// roll), its pieces captured and waiting for their corner, and its pieces
// HOME. A seat that has resigned (left the game, its pieces off the board)
// says so instead of its counts.
func kbBarParts(v *kbView, seat int, state barState) []barPart {
	p, in := v.p, v.in
	if p.Retired(rules.Seat(seat)) {
		return []barPart{{text: in.T("resigned"), bold: true, c: muted, keep: 9}}
	}
	var parts []barPart
	short, shorter, _ := kbDecision(v, seat)
	switch {
	case state == barWinner:
		parts = append(parts, barPart{text: in.T("winner"), bold: true, c: seatOutline[seat], keep: 9})
	case short != "":
		parts = append(parts, barPart{text: short, short: shorter, bold: true, c: seatOutline[seat], keep: 9})
	case p.Phase() == kimbo.PhaseOpening:
		if rolls := p.OpeningRolls(); seat < len(rolls) && rolls[seat][0] < 0 {
			parts = append(parts, barPart{text: in.T("out"), c: muted, keep: 8})
		}
	}
	home, captured := 0, 0
	for _, s := range p.Pieces(rules.Seat(seat)) {
		switch {
		case s == kimbo.Home:
			home++
		case s == kimbo.NoSquare:
			captured++
		}
	}
	if captured > 0 {
		parts = append(parts, barPart{text: in.T("%d captured", captured), bold: true, c: threatRed, keep: 7})
	}
	if home > 0 {
		parts = append(parts, barPart{text: in.T("%d home", home), c: ink, keep: 6})
	}
	return parts
}

// kbHeader draws the title on the first line, whose decision it is (or
// the result) on the second and the latest turn on the third, and the
// dice on the right of the first two.
func kbHeader(img *image.RGBA, dc *gg.Context, kit *Canvas, cache *kimboCache, v *kbView, info Info) {
	p, names, last := v.p, v.names, v.last
	left, right := kbBoardX-20, float64(kbW)-kbBoardX+20
	const dy = headerDiceY

	// The dice: the roll being played, or the latest turn's, with the disc
	// of the seat that rolled it.
	var dice [2]int
	roller := -1
	switch a, b := p.Dice(); {
	case a > 0:
		dice, roller = [2]int{a, b}, int(p.Turn())
	case p.Phase() != kimbo.PhaseOpening && last.Dice[0] > 0 && (last.Fenced || last.Move != ""):
		// A turn's roll; not the opening's last roll, which the
		// first turn's record holds until it starts.
		dice, roller = last.Dice, int(last.Seat)
	}
	if roller >= 0 && roller < p.Players() {
		right -= cache.drawDice(img, dice, true, right-kbDiceWidth(kbDie), dy)
		right -= 12
		cache.drawDisc(img, roller, p.Side(rules.Seat(roller)), right-kbDiscR, dy)
		right -= 2*kbDiscR + 24
	}

	drawTitle(img, kit, info, "Kimbo", left, right, headerTitleY)

	// Whose decision it is, or the result.
	y := headerStatusY
	bf := kit.Face(true, textStatus)
	x := left
	o := p.Outcome()
	var status string
	if o.Over() {
		if w := o.Winners; len(w) == 1 && int(w[0]) < p.Players() {
			cache.drawDisc(img, int(w[0]), p.Side(w[0]), x+kbDiscR, y)
			x += 2*kbDiscR + 8
		}
		status = resultText(info, o, names, "")
		if o.Method == rules.Finished && len(o.Winners) > 0 {
			status = info.T("%s won: all four pieces HOME", winnerNames(info, o, names))
		}
	} else if t := int(p.Turn()); t >= 0 && t < len(names) {
		turnMarker(dc, t, x, y)
		x += 36
		_, _, status = kbDecision(v, t)
	}
	drawText(img, bf, fit(bf, status, right-x), x, y, 0, ink)

	// The latest turn's fence and move.
	var lt []string
	if last.Seat >= 0 && p.Phase() != kimbo.PhaseOpening {
		if last.FenceFrom != kimbo.NoSlot {
			lt = append(lt, last.FenceFrom.String()+">"+last.FenceTo.String())
		}
		if last.Move != "" {
			lt = append(lt, info.Move(last.Move))
		}
	}
	if len(lt) > 0 {
		label := info.T("Last %s:", string(p.Side(last.Seat).Letter())) + " "
		drawLast(img, kit, label, strings.Join(lt, ", "), left, float64(kbW)-left, headerLastY)
	}
}

// kbDiscR is the radius of a seat's disc in its name bar and the header.
const kbDiscR = 20.0

// kbDiscSize is the side of the sprite of a seat's disc.
const kbDiscSize = 2*int(kbDiscR) + 6

// kbDiscSprite draws a seat's disc with its side's letter in a transparent
// square.
func kbDiscSprite(kit *Canvas, seat int, side kimbo.Side) *image.RGBA {
	dc := gg.NewContext(kbDiscSize, kbDiscSize)
	c := float64(kbDiscSize) / 2
	seatDisc(dc, seat, c, c, kbDiscR)
	drawText(dc.Image().(*image.RGBA), kit.Face(true, textMin), string(side.Letter()), c, c, 0.5, letterInk(seat))
	return dc.Image().(*image.RGBA)
}

// drawDisc draws a seat's disc with its side's letter centred on (x, y).
func (c *kimboCache) drawDisc(img *image.RGBA, seat int, side kimbo.Side, x, y float64) {
	over(img, c.discs[seat][side], int(math.Round(x))-kbDiscSize/2, int(math.Round(y))-kbDiscSize/2)
}

// kbBarSprite draws the back of the name bar of a seat to move or that has
// won, of the full board's width or half of it, in a transparent box 3
// pixels wider on each side.
func kbBarSprite(seat int, half bool) *image.RGBA {
	side := kimbo.SouthSide
	if half {
		side = kimbo.WestSide
	}
	_, _, w, h := kbBarBox(side)
	dc := gg.NewContext(int(w)+6, int(h)+6)
	seatBarBack(dc, seat, barToMove, 3, 3, w, h)
	return dc.Image().(*image.RGBA)
}

// kbTitle draws the game's title between left and right on line y.
