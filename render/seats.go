package render

import (
	"image"
	"image/draw"
	"math"

	"github.com/fogleman/gg"

	"parlor/rules"
)

// barState is what a seat's name bar says about it.
type barState int

const (
	barWaiting barState = iota // another seat is to move
	barToMove                  // this seat is to move: tinted, outlined, marked
	barWinner                  // the game is over and this seat won
	barDone                    // the game is over and this seat did not win
)

// The sides of the boards with four sides (Kimbo's, Kippy Koo's), in the
// order both games number them: clockwise, which is turn order.
const (
	southSide = iota
	westSide
	northSide
	eastSide
)

// sideBarBox is the box of the name bar of side (southSide to eastSide)
// on a board with four sides: North's under the header, headerH down,
// South's at southY, below the board, and West's and East's in a row under
// South's, on the left and the right. The bars are barH apart (8 pixels of
// it a gap) and span width from left, West's and East's half of it each.
func sideBarBox(side int, left, width, headerH, southY, barH float64) (x, y, w, h float64) {
	h = barH - 8
	half := width/2 - 6
	switch side {
	case northSide:
		return left, headerH + 4, width, h
	case westSide:
		return left, southY + barH, half, h
	case eastSide:
		return left + width - half, southY + barH, half, h
	}
	return left, southY, width, h
}

// seatBarBack draws the background of a seat's name bar in the box (x, y,
// w, h): plain, or tinted and outlined in the seat's colour when the seat is
// to move or has won. Painters draw the plain one in their static layer.
func seatBarBack(dc *gg.Context, seat int, state barState, x, y, w, h float64) {
	switch state {
	case barToMove, barWinner:
		type bar struct {
			seat int
			w, h float64
		}
		stamp(dc, bar{seat, w, h}, x, y, w, h, func(dc *gg.Context, x, y float64) { tintedBar(dc, seat, x, y, w, h) })
	default:
		dc.DrawRoundedRectangle(x, y, w, h, h/2)
		dc.SetColor(alpha(white, 0.7))
		dc.Fill()
	}
}

// tintedBar draws the back of the bar of a seat to move or won.
func tintedBar(dc *gg.Context, seat int, x, y, w, h float64) {
	{
		// The straight middle filled as pixels, the round ends and the
		// outline as shapes: filling the whole bar as a shape costs a
		// good part of a millisecond.
		img := dc.Image().(*image.RGBA)
		mid := image.Rect(int(math.Ceil(x+h/2)), int(math.Ceil(y)), int(math.Floor(x+w-h/2)), int(math.Floor(y+h)))
		draw.Draw(img, mid, image.NewUniform(seatTint[seat]), image.Point{}, draw.Src)
		dc.SetColor(seatTint[seat])
		for _, cx := range []float64{x + h/2, x + w - h/2} {
			dc.DrawCircle(cx, y+h/2, h/2)
			dc.Fill()
		}
		dc.DrawRoundedRectangle(x, y, w, h, h/2)
		dc.SetColor(seatFill[seat])
		dc.SetLineWidth(3)
		dc.Stroke()
	}
}

// seatBar draws a seat's name bar in the box (x, y, w, h) over a plain
// background: the seat's colour disc, its name and, on the right, the label
// (such as "North"), or "winner". The bar of the seat to move is tinted in
// its colour and marked with a triangle: the legend and the turn in one
// place. It keeps its label rather than saying "to move", which the
// header says already with the mover's name.
func seatBar(img *image.RGBA, dc *gg.Context, kit *Canvas, in Info, seat int, name, label string, state barState, x, y, w, h float64) {
	cy := y + h/2
	if state == barToMove || state == barWinner {
		seatBarBack(dc, seat, state, x, y, w, h)
	}
	nx := x + 16
	if state == barToMove {
		turnMarker(dc, seat, nx, cy)
	}
	nx += 34
	seatDisc(dc, seat, nx+14, cy, 15)
	nx += 42

	right := label
	if state == barWinner {
		right = in.T("winner")
	}
	rf := kit.Face(state == barToMove || state == barWinner, textMin)
	rc := muted
	if state == barToMove || state == barWinner {
		rc = seatOutline[seat]
	}
	rw := drawText(img, rf, right, x+w-22, cy, 1, rc)

	nf := kit.Face(true, textName)
	if state == barWaiting || state == barDone {
		nf = kit.Face(false, textName)
	}
	drawText(img, nf, fit(nf, name, x+w-22-rw-20-nx), nx, cy, 0, ink)
}

// seatDisc draws a disc in a seat's colour with its dark outline.
func seatDisc(dc *gg.Context, seat int, x, y, radius float64) {
	type disc struct {
		seat   int
		radius float64
	}
	r := radius + 2
	stamp(dc, disc{seat, radius}, x-r, y-r, 2*r, 2*r, func(dc *gg.Context, x, y float64) {
		dc.DrawCircle(x+r, y+r, radius)
		dc.SetColor(seatFill[seat])
		dc.FillPreserve()
		dc.SetColor(seatOutline[seat])
		dc.SetLineWidth(3)
		dc.Stroke()
	})
}

// turnMarker draws a right-pointing triangle in a seat's colour whose left
// end is x, centred on y: drawn as a shape, since the fonts lack ▶.
func turnMarker(dc *gg.Context, seat int, x, y float64) {
	type marker struct{ seat int }
	stamp(dc, marker{seat}, x-2, y-15, 26, 30, func(dc *gg.Context, x, y float64) {
		x, y = x+2, y+15
		dc.MoveTo(x, y-13)
		dc.LineTo(x+22, y)
		dc.LineTo(x, y+13)
		dc.ClosePath()
		dc.SetColor(seatFill[seat])
		dc.FillPreserve()
		dc.SetColor(seatOutline[seat])
		dc.SetLineWidth(2.5)
		dc.SetLineJoinRound()
		dc.Stroke()
	})
}

// resultText says how a game ended, such as "Alice won: King captured" or
// "Draw by agreement", in in's language. quiet describes the game's draw
// by quiet moves, said already.
func resultText(in Info, o rules.Outcome, names []string, quiet string) string {
	if o.Draw() {
		switch o.Method {
		case rules.Agreement:
			return in.T("Draw by agreement")
		case rules.QuietDraw:
			return in.T("Draw: %s", quiet)
		case rules.Blocked:
			return in.T("Draw: no legal move")
		case rules.Forfeit:
			return in.T("Over by forfeit, with no winner")
		default:
			return in.T("Draw %s", o.Method.Text())
		}
	}
	if len(o.Winners) == 0 {
		return ""
	}
	w := winnerNames(in, o, names)
	// The loser is named only in two-seat games with one winner.
	loser := ""
	if len(names) == 2 && len(o.Winners) == 1 {
		loser = seatName(in, names, 1-o.Winners[0])
	}
	switch m := o.Method; {
	case m == rules.KingTaken:
		return in.T("%s won: King captured", w)
	case m == rules.ThreatMate:
		return in.T("%s won: Threat with no way out", w)
	case m == rules.Blocked && loser != "":
		return in.T("%s won: %s had no move", w, loser)
	case m == rules.Blocked:
		return in.T("%s won: the other side had no move", w)
	case m == rules.Resignation && loser != "":
		return in.T("%s won: %s resigned", w, loser)
	case m == rules.Resignation:
		// Who resigned is not always every other seat: one partner
		// resigns for the side.
		return in.T("%s won by resignation", w)
	case m == rules.Forfeit:
		return in.T("%s won by forfeit", w)
	case m == rules.Finished:
		return in.T("%s won", w)
	default:
		return in.T("%s won %s", w, m.Text())
	}
}

// winnerNames are the names of o's winners, "Alice and Bob", in in's
// language.
func winnerNames(in Info, o rules.Outcome, names []string) string {
	if len(o.Winners) == 0 {
		return ""
	}
	w := seatName(in, names, o.Winners[0])
	for _, s := range o.Winners[1:] {
		w = in.T("%s and %s", w, seatName(in, names, s))
	}
	return w
}

// seatName is the name of seat s among names, or "Nobody" in in's
// language for a seat that has none.
func seatName(in Info, names []string, s rules.Seat) string {
	if int(s) >= 0 && int(s) < len(names) {
		return names[s]
	}
	return in.T("Nobody")
}

// barStateOf is what seat's name bar says: whether it won, lost, or is
// the actor, the seat whose decision it is.
func barStateOf(o rules.Outcome, seat, actor int) barState {
	switch {
	case o.Over() && o.Won(rules.Seat(seat)):
		return barWinner
	case o.Over():
		return barDone
	case actor == seat:
		return barToMove
	}
	return barWaiting
}

// barStart draws the back of seat's name bar in the box (x, y, w, h) when
// it is to move or has won, over the plain one of the static layer, and
// the turn marker when it is to move; it returns where the bar's contents
// begin.
func barStart(dc *gg.Context, seat int, state barState, x, y, w, h float64) float64 {
	if state == barToMove || state == barWinner {
		seatBarBack(dc, seat, state, x, y, w, h)
	}
	if state == barToMove {
		turnMarker(dc, seat, x+16, y+h/2)
	}
	return x + 50
}
