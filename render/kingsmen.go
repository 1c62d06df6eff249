package render

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/fogleman/gg"

	"parlor/rules"
	"parlor/rules/kingsmen"
)

// The All the King's Men picture: a portrait canvas with a header (title,
// move number, whose turn or the result, the last move, "Threat!"), North's
// name bar, the 7×8 board with coordinates on all four sides, and South's
// name bar. Sizes are in pixels.
const (
	kmSq      = 112.0                        // side of a square
	kmW       = 880                          // canvas width
	kmBoardX  = 48.0                         // left edge of the board (room for rank numbers)
	kmHeaderH = 124.0                        // header height
	kmBarH    = 64.0                         // height of a name bar, with its gaps
	kmCoord   = 44.0                         // room for the file letters
	kmBoardY  = kmHeaderH + kmBarH + kmCoord // top edge of the board
	kmBoardW  = kingsmen.Files * kmSq
	kmBoardH  = kingsmen.Ranks * kmSq
	kmH       = int(kmBoardY + kmBoardH + kmCoord + kmBarH + 8) // canvas height
)

// Arrow and piece geometry, as fractions of a square.
const (
	kmArrowTip     = 0.450 // centre to tip of an orthogonal arrow
	kmArrowTipDiag = 0.590 // centre to tip of a diagonal arrow
	kmArrowHead    = 0.165 // length of an arrow head
	kmArrowHalf    = 0.100 // half the width of an arrow head
	kmArrowShaft   = 0.055 // width of an arrow shaft
	kmKingR        = 0.305 // radius of a King's disc
	kmKnightR      = 0.285 // radius of a Knight's disc
	kmArcherHalf   = 0.225 // half the side of an Archer's rounded square
)

var (
	kmLight    = color.RGBA{0xf3, 0xe7, 0xcd, 0xff}
	kmDark     = color.RGBA{0xe0, 0xcb, 0x9e, 0xff}
	kmArrow    = color.RGBA{0x43, 0x33, 0x25, 0xff}
	kmFrame    = color.RGBA{0x5a, 0x44, 0x30, 0xff}
	kmGold     = color.RGBA{0xf7, 0xc8, 0x3c, 0xff}
	kmLastFill = color.RGBA{0xff, 0xd4, 0x2a, 0xff}
	kmLastLine = color.RGBA{0xe8, 0x9a, 0x00, 0xff}
	kmCoordInk = color.RGBA{0x5a, 0x44, 0x30, 0xff}
)

// kingsmenCache holds what every All the King's Men picture shares.
type kingsmenCache struct {
	once    sync.Once
	sprites [2][4]*image.RGBA // pieces by side and kind
}

// load returns the static layer (background, plain name bars, board,
// arrows, coordinates) and makes sure the sprites are drawn.
func (c *kingsmenCache) load(kit *Canvas) *packedLayer {
	c.once.Do(func() {
		for side := kingsmen.South; side <= kingsmen.North; side++ {
			for k := kingsmen.King; k <= kingsmen.Archer; k++ {
				c.sprites[side][k] = kmSprite(kit, kingsmen.Piece{Kind: k, Side: side})
			}
		}
	})
	return kit.base("kingsmen", 0, nil, func() *image.RGBA { return kmStatic(kit) })
}

// kmCentre is the centre of square s on the canvas.
func kmCentre(s kingsmen.Square) (x, y float64) {
	return kmBoardX + (float64(s.File())+0.5)*kmSq, kmBoardY + (float64(kingsmen.Ranks-1-s.Rank())+0.5)*kmSq
}

// kmBarY is the top of side's name bar: North's above the board, South's
// below, where the players sit.
func kmBarY(side kingsmen.Side) float64 {
	if side == kingsmen.South {
		return kmBoardY + kmBoardH + kmCoord + 2
	}
	return kmHeaderH + 4
}

// kmStatic draws the layer under every picture.
func kmStatic(kit *Canvas) *image.RGBA {
	dc := gg.NewContext(kmW, kmH)
	dc.SetColor(paper)
	dc.Clear()
	for side := kingsmen.South; side <= kingsmen.North; side++ {
		seatBarBack(dc, int(side), barWaiting, kmBoardX, kmBarY(side), kmBoardW, kmBarH-8)
	}

	// Frame and squares.
	dc.SetColor(kmFrame)
	dc.DrawRoundedRectangle(kmBoardX-7, kmBoardY-7, kmBoardW+14, kmBoardH+14, 6)
	dc.Fill()
	for s := kingsmen.Square(0); s < kingsmen.Squares; s++ {
		dc.SetColor(kmLight)
		if (s.File()+s.Rank())%2 == 0 {
			dc.SetColor(kmDark)
		}
		x, y := kmCentre(s)
		dc.DrawRectangle(x-kmSq/2, y-kmSq/2, kmSq, kmSq)
		dc.Fill()
	}

	// Arrows: from the centre toward the edge or corner, so that a piece on
	// the square hides the shafts but never the heads.
	for s := kingsmen.Square(0); s < kingsmen.Squares; s++ {
		kmArrows(dc, s)
	}

	// Coordinates on all four sides.
	img := dc.Image().(*image.RGBA)
	f := kit.Face(true, 26)
	for i := 0; i < kingsmen.Files; i++ {
		x := kmBoardX + (float64(i)+0.5)*kmSq
		l := string(rune('a' + i))
		drawText(img, f, l, x, kmBoardY-kmCoord/2-2, 0.5, kmCoordInk)
		drawText(img, f, l, x, kmBoardY+kmBoardH+kmCoord/2+2, 0.5, kmCoordInk)
	}
	for r := 0; r < kingsmen.Ranks; r++ {
		y := kmBoardY + (float64(kingsmen.Ranks-1-r)+0.5)*kmSq
		l := fmt.Sprint(r + 1)
		drawText(img, f, l, kmBoardX/2-2, y, 0.5, kmCoordInk)
		drawText(img, f, l, kmW-kmBoardX/2+2, y, 0.5, kmCoordInk)
	}
	return img
}

// kmArrows draws the arrows printed on square s and the dot they start from.
func kmArrows(dc *gg.Context, s kingsmen.Square) {
	x, y := kmCentre(s)
	a, r := kingsmen.Board[s], kmSq/2
	stamp(dc, a, x-r, y-r, 2*r, 2*r, func(dc *gg.Context, x, y float64) {
		kmArrowSet(dc, a, x+r, y+r)
	})
}

// kmArrowSet draws the arrows a around (x, y).
func kmArrowSet(dc *gg.Context, a kingsmen.Arrows, x, y float64) {
	dc.SetColor(kmArrow)
	for _, d := range a.Dirs() {
		df, dr := d.Step()
		ux, uy := float64(df), -float64(dr)
		tip := kmArrowTip
		if df != 0 && dr != 0 {
			ux, uy, tip = ux/math.Sqrt2, uy/math.Sqrt2, kmArrowTipDiag
		}
		kmArrowShape(dc, x, y, ux, uy, tip*kmSq)
	}
	dc.DrawCircle(x, y, 0.07*kmSq)
	dc.Fill()
}

// kmArrowShape fills an arrow from (x, y) along the unit vector (ux, uy)
// whose tip is tip pixels away.
func kmArrowShape(dc *gg.Context, x, y, ux, uy, tip float64) {
	head, half, shaft := kmArrowHead*kmSq, kmArrowHalf*kmSq, kmArrowShaft*kmSq/2
	px, py := -uy, ux // perpendicular
	bx, by := x+ux*(tip-head), y+uy*(tip-head)
	tx, ty := x+ux*tip, y+uy*tip
	dc.MoveTo(x+px*shaft, y+py*shaft)
	dc.LineTo(bx+px*shaft+ux, by+py*shaft+uy)
	dc.LineTo(bx+px*half, by+py*half)
	dc.LineTo(tx, ty)
	dc.LineTo(bx-px*half, by-py*half)
	dc.LineTo(bx-px*shaft+ux, by-py*shaft+uy)
	dc.LineTo(x-px*shaft, y-py*shaft)
	dc.ClosePath()
	dc.Fill()
}

// kmSpriteSize is the side of a piece sprite.
const kmSpriteSize = 84

// kmSprite draws a piece centred in a transparent square: a King is a big
// disc with a crown, a Knight a disc, an Archer a rounded square, each with
// its letter.
func kmSprite(kit *Canvas, p kingsmen.Piece) *image.RGBA {
	dc := gg.NewContext(kmSpriteSize, kmSpriteSize)
	c := float64(kmSpriteSize) / 2
	fill, line := seatFill[p.Side], seatOutline[p.Side]
	shape := func() {
		switch p.Kind {
		case kingsmen.King:
			dc.DrawCircle(c, c, kmKingR*kmSq)
		case kingsmen.Knight:
			dc.DrawCircle(c, c, kmKnightR*kmSq)
		default:
			h := kmArcherHalf * kmSq
			dc.DrawRoundedRectangle(c-h, c-h, 2*h, 2*h, 9)
		}
	}
	// A soft shadow, the body, the outline.
	dc.Push()
	dc.Translate(1.5, 2.5)
	shape()
	dc.SetColor(color.RGBA{0, 0, 0, 0x40})
	dc.Fill()
	dc.Pop()
	shape()
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(line)
	dc.SetLineWidth(4)
	dc.Stroke()

	img := dc.Image().(*image.RGBA)
	letter := string(rune(p.Kind.Letter()))
	switch p.Kind {
	case kingsmen.King:
		// A small gold crown above the letter.
		w, top, base := 30.0, c-29, c-15
		dc.MoveTo(c-w/2, base)
		dc.LineTo(c-w/2, top+4)
		dc.LineTo(c-w/4, top+9)
		dc.LineTo(c, top)
		dc.LineTo(c+w/4, top+9)
		dc.LineTo(c+w/2, top+4)
		dc.LineTo(c+w/2, base)
		dc.ClosePath()
		dc.SetColor(kmGold)
		dc.FillPreserve()
		dc.SetColor(line)
		dc.SetLineWidth(2)
		dc.Stroke()
		drawText(img, kit.Face(true, 32), letter, c, c+8, 0.5, white)
	case kingsmen.Knight:
		drawText(img, kit.Face(true, 40), letter, c, c, 0.5, white)
	default:
		drawText(img, kit.Face(true, 36), letter, c, c, 0.5, white)
	}
	return img
}

// Kingsmen is the Painter of All the King's Men.
func Kingsmen() Painter { return PainterOf(new(kingsmenCache).paint) }

// paint draws an All the King's Men position.
func (cache *kingsmenCache) paint(kit *Canvas, p *kingsmen.Position, info Info) (*image.RGBA, error) {
	img := kit.canvas(cache.load(kit))
	dc := gg.NewContextForRGBA(img)

	names := [2]string{info.Name(kit, 0, info.word(kingsmen.South.Word())), info.Name(kit, 1, info.word(kingsmen.North.Word()))}
	o := p.Outcome()
	toMove := p.SideToMove()
	threat := !o.Over() && p.InThreat(toMove)

	last := kingsmen.Step{From: kingsmen.NoSquare, To: kingsmen.NoSquare}
	if info.LastMove != "" {
		if st, err := kingsmen.ParseStep(info.LastMove); err == nil {
			last = st
		}
	}

	// Header and name bars.
	kmHeader(img, dc, kit, p, info, names, threat)
	for side := kingsmen.South; side <= kingsmen.North; side++ {
		state := barWaiting
		switch {
		case o.Over() && o.Won(rules.Seat(side)):
			state = barWinner
		case o.Over():
			state = barDone
		case side == toMove:
			state = barToMove
		}
		seatBar(img, dc, kit, info, int(side), names[side], info.word(side.Word()), state, kmBoardX, kmBarY(side), kmBoardW, kmBarH-8)
	}

	// Marks go under the arrows, and the arrows under the pieces: the
	// arrows of every marked square are drawn again over its marks.
	var marked [kingsmen.Squares]bool
	square := func(s kingsmen.Square, c color.RGBA) {
		x, y := kmCentre(s)
		fillRect(img, x-kmSq/2, y-kmSq/2, kmSq, kmSq, c)
		marked[s] = true
	}
	path := func(from, to kingsmen.Square) {
		df, dr := cmp.Compare(to.File(), from.File()), cmp.Compare(to.Rank(), from.Rank())
		for s := from; s != kingsmen.NoSquare; s = kingsmen.SquareAt(s.File()+df, s.Rank()+dr) {
			marked[s] = true
			if s == to || (df == 0 && dr == 0) {
				break
			}
		}
	}

	// Earlier moves (Info.Earlier) under the last: their squares tinted
	// in the mover's colour, joined by a narrower band with a dot on the
	// square left, fainter the older.
	for e, a := range faded(kmEarlier(info.Earlier)) {
		c := seatFill[e.side]
		square(e.step.From, alpha(c, 0.3*a))
		square(e.step.To, alpha(c, 0.3*a))
		path(e.step.From, e.step.To)
		x0, y0 := kmCentre(e.step.From)
		x1, y1 := kmCentre(e.step.To)
		band(dc, [][2]float64{{x0, y0}, {x1, y1}}, alpha(c, 0.6*a), 0.14*kmSq)
		earlierDot(dc, x0, y0, 0.1*kmSq, int(e.side), 0.9*a)
	}

	// The last move: both squares filled, joined by a band along the path
	// the piece took, with a dot on the square it left.
	if last.From != kingsmen.NoSquare {
		square(last.From, alpha(kmLastFill, 0.5))
		square(last.To, alpha(kmLastFill, 0.5))
		if last.From != last.To {
			path(last.From, last.To)
			x0, y0 := kmCentre(last.From)
			x1, y1 := kmCentre(last.To)
			dc.SetColor(alpha(kmLastLine, 0.55))
			dc.SetLineCapRound()
			dc.SetLineWidth(0.22 * kmSq)
			dc.DrawLine(x0, y0, x1, y1)
			dc.Stroke()
			dc.SetColor(alpha(kmLastLine, 0.8))
			dc.DrawCircle(x0, y0, 0.16*kmSq)
			dc.Fill()
		}
	}

	// Threat: the King's square tinted and ringed, each threatener ringed
	// with a line of attack to the King.
	if threat {
		king := p.KingSquare(toMove)
		kx, ky := kmCentre(king)
		square(king, alpha(threatRed, 0.28))
		for _, s := range p.Threateners(toMove.Other()) {
			square(s, alpha(threatRed, 0.14))
			path(s, king)
			x, y := kmCentre(s)
			kmLink(dc, x, y, kx, ky, kmPieceR(p.At(s))+8, kmKingR*kmSq+12, 8, alpha(threatRed, 0.85))
			kmRing(dc, x, y, kmPieceR(p.At(s))+4, 4)
		}
		kmRing(dc, kx, ky, kmKingR*kmSq+5, 7)
	}
	for s := kingsmen.Square(0); s < kingsmen.Squares; s++ {
		if marked[s] {
			kmArrows(dc, s)
		}
	}

	// Pieces.
	for s := kingsmen.Square(0); s < kingsmen.Squares; s++ {
		pc := p.At(s)
		if pc.Empty() {
			continue
		}
		x, y := kmCentre(s)
		over(img, cache.sprites[pc.Side][pc.Kind], int(x)-kmSpriteSize/2, int(y)-kmSpriteSize/2)
	}
	return img, nil
}

// kmMove is an earlier move to mark, and the side that made it.
type kmMove struct {
	step kingsmen.Step
	side kingsmen.Side
}

// kmEarlier are the earlier moves a picture marks (Info.Earlier), oldest
// first: each turn's Move, made by the side whose piece stands on the
// square it reached.
func kmEarlier(turns []Turn) []kmMove {
	read := func(t Turn) (kmMove, bool) {
		p, ok := t.State.(*kingsmen.Position)
		if !ok || p == nil {
			return kmMove{}, false
		}
		st, err := kingsmen.ParseStep(t.Move)
		if err != nil {
			return kmMove{}, false
		}
		side := p.SideToMove().Other()
		if pc := p.At(st.To); !pc.Empty() {
			side = pc.Side
		}
		return kmMove{st, side}, true
	}
	never := func(a, b kmMove) bool { return false }
	marked := func(m kmMove) bool { return true }
	return earlierTurns(turns, kmMove{}, read, never, marked)
}

// kmPieceR is how far a piece reaches from its square's centre.
func kmPieceR(p kingsmen.Piece) float64 {
	switch p.Kind {
	case kingsmen.King:
		return kmKingR * kmSq
	case kingsmen.Knight:
		return kmKnightR * kmSq
	case kingsmen.Archer:
		return kmArcherHalf * kmSq * 1.25
	}
	return 0.1 * kmSq
}

// kmRing strokes a red ring with a white halo around (x, y).
func kmRing(dc *gg.Context, x, y, radius, width float64) {
	type threat struct{ radius, width float64 }
	r := radius + width/2 + 3
	stamp(dc, threat{radius, width}, x-r, y-r, 2*r, 2*r, func(dc *gg.Context, x, y float64) {
		dc.DrawCircle(x+r, y+r, radius)
		dc.SetColor(white)
		dc.SetLineWidth(width + 4)
		dc.StrokePreserve()
		dc.SetColor(threatRed)
		dc.SetLineWidth(width)
		dc.Stroke()
	})
}

// kmLink draws a line w pixels wide with an arrow head from (x0, y0) to
// (x1, y1), leaving out gap0 pixels at the start and gap1 at the end.
func kmLink(dc *gg.Context, x0, y0, x1, y1, gap0, gap1, w float64, c color.Color) {
	dx, dy := x1-x0, y1-y0
	n := math.Hypot(dx, dy)
	if n <= gap0+gap1+1 {
		return
	}
	ux, uy := dx/n, dy/n
	sx, sy := x0+ux*gap0, y0+uy*gap0
	tx, ty := x1-ux*gap1, y1-uy*gap1
	head, half := 2.4*w, 1.6*w
	if n-gap0-gap1 < head*1.5 {
		head, half = (n-gap0-gap1)/1.5, (n-gap0-gap1)/2.4
	}
	bx, by := tx-ux*head, ty-uy*head
	px, py := -uy, ux
	dc.SetColor(c)
	dc.SetLineCapRound()
	dc.SetLineWidth(w)
	dc.MoveTo(sx, sy)
	dc.LineTo(bx, by)
	dc.Stroke()
	dc.MoveTo(tx, ty)
	dc.LineTo(bx+px*half, by+py*half)
	dc.LineTo(bx-px*half, by-py*half)
	dc.ClosePath()
	dc.Fill()
}

// kmHeader draws the title, the move number, the status line and the last
// move.
func kmHeader(img *image.RGBA, dc *gg.Context, kit *Canvas, p *kingsmen.Position, info Info, names [2]string, threat bool) {
	left, right := kmBoardX-20, float64(kmW)-kmBoardX+20
	small := kit.Face(false, 28)

	// Line 1: title and move number.
	moveText := info.T("Move %d", p.MoveNumber())
	mw := drawText(img, small, moveText, right, 38, 1, muted)
	title := "All the King's Men"
	if t := kit.fonts.clean(info.Title); t != "" {
		title = t + " · " + title
	}
	tf := kit.Face(true, 32)
	drawText(img, tf, fit(tf, title, right-left-mw-24), left, 38, 0, ink)

	// Line 2: whose turn or the result, "Threat!", and the last move.
	y := 90.0
	if info.LastMove != "" {
		lm := kit.fonts.clean(info.LastMove)
		w := drawText(img, kit.Face(true, 28), lm, right, y, 1, ink)
		label := info.T("Last") + " "
		drawText(img, small, label, right-w, y, 1, muted)
		right -= w + textWidth(small, label) + 24
	}
	o := p.Outcome()
	bf := kit.Face(true, 34)
	x := left
	var status string
	if o.Over() {
		if len(o.Winners) == 1 {
			seatDisc(dc, int(o.Winners[0]), x+14, y, 14)
			x += 38
		}
		status = resultText(info, o, names[:], info.T("50 moves each without a capture"))
	} else {
		side := p.SideToMove()
		turnMarker(dc, int(side), x, y)
		x += 40
		status = info.T("%s to move", names[side])
	}
	room := right - x
	if threat {
		pill := info.T("Threat!")
		pw := textWidth(bf, pill) + 28
		status = fit(bf, status, room-pw-16)
		w := drawText(img, bf, status, x, y, 0, ink)
		px := x + w + 16
		dc.DrawRoundedRectangle(px, y-25, pw, 50, 25)
		dc.SetColor(threatRed)
		dc.Fill()
		drawText(img, bf, pill, px+pw/2, y, 0.5, white)
		return
	}
	drawText(img, bf, fit(bf, status, room), x, y, 0, ink)
}
