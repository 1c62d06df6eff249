package render

import (
	"bytes"
	"fmt"
	"image"
	"strings"

	"golang.org/x/image/font"
)

// Standings is a tournament's table as drawn: a title, the six columns'
// headings (place, entrant, points, two tie-breaks, games), said in the
// reader's language, and a row per entrant, best first.
type Standings struct {
	Title string
	Head  [6]string
	Rows  []StandingRow
}

// StandingRow is one entrant's line, its figures written as players read
// them ("2½").
type StandingRow struct {
	Place, Name, Points, Tie1, Tie2, Games string
	// Left marks an entrant who withdrew: their line is greyed.
	Left bool
}

// fractions writes the signs of thirds and sixths, which the Go fonts
// lack (halves and quarters they have), as a small slash: "1⅔" is "1 2/3".
var fractions = strings.NewReplacer("⅓", " 1/3", "⅔", " 2/3", "⅙", " 1/6", "⅚", " 5/6")

// The standings' geometry, in pixels of a picture 800 wide, which a phone
// shows at 400: text of 30 px reads as 15.
const (
	stWidth   = 800
	stMargin  = 28
	stTitleH  = 84
	stHeadH   = 56
	stRowH    = 62
	stText    = 30
	stHead    = 24
	stTitle   = 36
	stMaxRows = 64
)

// StandingsPNG draws a tournament's standings as a PNG, with the boards'
// fonts and palette: the leaders' rows tinted in the first seat's colour,
// the others striped for the eye to follow a line across on a phone.
func (r *Renderer) StandingsPNG(s Standings) ([]byte, error) {
	if r.fonts.err != nil {
		return nil, r.fonts.err
	}
	if len(s.Rows) > stMaxRows {
		return nil, fmt.Errorf("render: standings of %d rows, more than %d", len(s.Rows), stMaxRows)
	}
	kit := r.canvases.get()
	if kit == nil {
		kit = &Canvas{fonts: r.fonts, faces: map[faceKey]font.Face{}, r: r}
	}
	defer r.canvases.put(kit)
	h := stTitleH + stHeadH + stRowH*len(s.Rows) + stMargin
	img := image.NewRGBA(image.Rect(0, 0, stWidth, h))
	fillRect(img, 0, 0, stWidth, float64(h), paper)
	bold, regular, title := kit.Face(true, stText), kit.Face(false, stText), kit.Face(true, stTitle)
	drawText(img, title, fit(title, r.fonts.clean(s.Title), stWidth-2*stMargin), stMargin, stTitleH/2+4, 0, ink)
	// The columns: the place and the figures right-aligned at their
	// right edge, the name left-aligned, taking what is left.
	right := [6]float64{stMargin + 44, 0, 440, 570, 672, stWidth - stMargin}
	nameX, nameW := right[0]+20, right[2]-right[0]-20-96
	small := kit.Face(false, stHead)
	y := float64(stTitleH)
	fillRect(img, stMargin-8, y, stWidth-2*stMargin+16, 2, ink)
	for i, head := range s.Head {
		head = r.fonts.clean(head)
		if i == 1 {
			drawText(img, bold, fit(bold, head, nameW), nameX, y+stHeadH/2, 0, muted)
			continue
		}
		width := right[i] - right[max(i-1, 2)] - 14
		switch i {
		case 0:
			width = 40
		case 2:
			width = 96
		}
		drawText(img, small, fit(small, head, width), right[i], y+stHeadH/2, 1, muted)
	}
	y += stHeadH
	for n, row := range s.Rows {
		switch {
		case row.Place == "1":
			fillRect(img, stMargin-8, y, stWidth-2*stMargin+16, stRowH, seatTint[0])
		case n%2 == 1:
			fillRect(img, stMargin-8, y, stWidth-2*stMargin+16, stRowH, seatTint[1])
		}
		c := ink
		if row.Left {
			c = muted
		}
		cy := y + stRowH/2
		cells := [6]string{row.Place, row.Name, row.Points, row.Tie1, row.Tie2, row.Games}
		for i, cell := range cells {
			if i != 1 {
				cell = fractions.Replace(cell)
			}
			cell = r.fonts.clean(cell)
			switch i {
			case 1:
				drawText(img, regular, fit(regular, cell, nameW), nameX, cy, 0, c)
			case 2:
				drawText(img, bold, cell, right[i], cy, 1, c)
			default:
				drawText(img, regular, cell, right[i], cy, 1, c)
			}
		}
		y += stRowH
	}
	fillRect(img, stMargin-8, y, stWidth-2*stMargin+16, 2, ink)
	// Reduced to a palette and encoded as the boards are (see PNG).
	q := r.quantizers.get()
	if q == nil {
		q = newQuantizer()
	}
	pal := q.quantize(img, nil)
	q.runs = nil
	r.quantizers.put(q)
	e := r.encoders.get()
	if e == nil {
		e = new(pngEncoder)
	}
	defer r.encoders.put(e)
	e.file.Reset()
	if err := e.encodeRows(&e.file, pal, nil); err != nil {
		return nil, fmt.Errorf("render: encode the standings: %w", err)
	}
	return bytes.Clone(e.file.Bytes()), nil
}
