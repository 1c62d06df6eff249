package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
)

// Most of a board picture is its static layer: the board, the plain name
// bars, the margins. A picture is that layer's copy with pieces, text and
// highlights drawn on it. So the layer's pixels are reduced to a palette
// once (refColours colours), and each picture only reduces the pixels it
// changed, to the rest of the 256 colours: comparing the picture with its
// layer row by row costs a fraction of reducing every pixel.
//
// An unchanged pixel keeps the layer's palette entry; a changed one gets
// one of the picture's own colours. A painter that drew on a layer that is
// not the one it reported gives a correct picture still, only a slower one:
// every pixel that differs counts as drawn.

// refColours is how many palette entries the static layer gets; the
// picture's own drawing gets the other 256 − refColours at least.
const refColours = 160

// dRun is a run of n drawn pixels of the colour c, the first at pos in the
// paletted picture's pixels.
type dRun struct{ pos, n, c uint32 }

// spanWidth is the width of the stretches of a row compared at once: wide
// enough for a quick comparison, narrow enough that a stretch with a
// change leaves few unchanged pixels to look at one by one.
const spanWidth = 32

// quantizeOver converts the opaque picture m, drawn on a copy of layer, to
// 256 colours: the pixels left as the layer has them take ref's indexes,
// ref being the layer reduced by quantizeTo, and the pixels drawn are
// reduced to the remaining colours. dst's pixels are reused when it has the
// right size.
func (q *quantizer) quantizeOver(m, layer *image.RGBA, ref, dst *image.Paletted) *image.Paletted {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	if dst == nil || dst.Rect != image.Rect(0, 0, w, h) {
		dst = image.NewPaletted(image.Rect(0, 0, w, h), nil)
	}
	for y := range h {
		copy(dst.Pix[y*dst.Stride:y*dst.Stride+w], ref.Pix[y*ref.Stride:y*ref.Stride+w])
	}

	// Find what was drawn, as runs of one colour, and count its colours.
	// Drawn things are mostly flat too: a run grows two pixels at a time
	// while both are its colour.
	q.drawn = q.drawn[:0]
	run, pair := dRun{}, uint64(0)
	for y := range h {
		row := m.Pix[y*m.Stride : y*m.Stride+4*w]
		base := layer.Pix[y*layer.Stride : y*layer.Stride+4*w]
		for x0 := 0; x0 < w; x0 += spanWidth {
			x1 := min(x0+spanWidth, w)
			a, b := row[4*x0:4*x1], base[4*x0:4*x1]
			if bytes.Equal(a, b) {
				continue
			}
			pos := uint32(y*dst.Stride + x0)
			for i := 0; i < len(a); {
				if i+8 <= len(a) {
					two := binary.LittleEndian.Uint64(a[i:])
					if two == pair && pos == run.pos+run.n {
						run.n += 2
						i, pos = i+8, pos+2
						continue
					}
					if two == binary.LittleEndian.Uint64(b[i:]) {
						i, pos = i+8, pos+2
						continue
					}
				}
				full := binary.LittleEndian.Uint32(a[i:])
				if full != binary.LittleEndian.Uint32(b[i:]) {
					if c := full & 0xffffff; c == run.c && pos == run.pos+run.n {
						run.n++
					} else {
						if run.n > 0 {
							q.drawn = append(q.drawn, run)
							q.add(run.c, run.n)
						}
						run, pair = dRun{pos: pos, n: 1, c: c}, uint64(full)|uint64(full)<<32
					}
				}
				i, pos = i+4, pos+1
			}
		}
	}
	if run.n > 0 {
		q.drawn = append(q.drawn, run)
		q.add(run.c, run.n)
	}

	pal := make(color.Palette, len(ref.Palette), 256)
	copy(pal, ref.Palette)
	dst.Palette = q.cut(256-len(pal), len(pal), pal)

	// Map what was drawn.
	for _, run := range q.drawn {
		idx := q.lut[qKey(uint8(run.c), uint8(run.c>>8), uint8(run.c>>16))]
		fill(dst.Pix[run.pos:run.pos+run.n], idx)
	}
	return dst
}
