package render

import (
	"encoding/binary"
	"image"
	"image/color"
)

// Most of a board picture is its static layer: the board, the plain name
// bars, the margins. A picture is that layer with pieces, text and
// highlights drawn on it. So the layer's pixels are reduced to a palette
// once (refColours colours), and each picture only reduces the pixels it
// changed, to the rest of the 256 colours: comparing the picture with its
// layer's runs costs a fraction of reducing every pixel.
//
// An unchanged pixel keeps the layer's palette entry; a changed one gets
// one of the picture's own colours. A painter that drew on a layer that is
// not the one it reported gives a correct picture still, only a slower one:
// every pixel that differs counts as drawn.

// refColours is how many palette entries the static layer gets; the
// picture's own drawing gets the other 256 − refColours at least.
const refColours = 160

// dRun is a run of n pixels, the first at pos in the paletted picture's
// pixels: drawn in the colour c, or (in an undo) to set back to the index c.
type dRun struct{ pos, n, c uint32 }

// quantizeOver converts the opaque picture m, painted on a sheet that
// showed the layer l, to 256 colours in dst, which shows l's indexes: the
// pixels left as the layer has them keep their index, and the pixels
// drawn are reduced to the colours the layer leaves. Each drawn pixel of m
// gets the layer's colour back; undo gets the runs of dst's pixels to set
// back to the layer's indexes once dst is no longer needed (see undo).
func (q *quantizer) quantizeOver(m *image.RGBA, l *packedLayer, dst *image.Paletted, undo []dRun) (*image.Paletted, []dRun) {
	w := l.rect.Dx()
	q.drawn = q.drawn[:0]
	run, runPair := dRun{}, uint64(0)
	x, y := 0, 0
	row := m.Pix[:4*w]
	for _, r := range l.runs {
		px := row[4*x : 4*(x+int(r.n))]
		// Most runs are as the layer has them: compare eight pixels at
		// once, then two.
		pair := uint64(r.c) | uint64(r.c)<<32
		i := 0
		for ; i+32 <= len(px); i += 32 {
			e := px[i : i+32]
			if (binary.LittleEndian.Uint64(e)^pair)|(binary.LittleEndian.Uint64(e[8:])^pair)|
				(binary.LittleEndian.Uint64(e[16:])^pair)|(binary.LittleEndian.Uint64(e[24:])^pair) != 0 {
				break
			}
		}
		for i+8 <= len(px) && binary.LittleEndian.Uint64(px[i:]) == pair {
			i += 8
		}
		if i == len(px) {
			goto next
		}
		// Something was drawn: look at each pixel, or at two at once where
		// they are as the layer has them or both the colour drawn last.
		for base := uint32(y*dst.Stride + x); i < len(px); {
			pos := base + uint32(i/4)
			if i+8 <= len(px) {
				two := binary.LittleEndian.Uint64(px[i:])
				if two == pair {
					i += 8
					continue
				}
				if k := len(undo) - 1; two == runPair && pos == run.pos+run.n &&
					undo[k].c == uint32(r.idx) && undo[k].pos+undo[k].n == pos {
					run.n += 2
					undo[k].n += 2
					binary.LittleEndian.PutUint64(px[i:], pair)
					i += 8
					continue
				}
			}
			full := binary.LittleEndian.Uint32(px[i:])
			i += 4
			if full == r.c {
				continue
			}
			if c := full & 0xffffff; c == run.c && pos == run.pos+run.n {
				run.n++
			} else {
				if run.n > 0 {
					q.drawn = append(q.drawn, run)
					q.add(run.c, run.n)
				}
				run, runPair = dRun{pos: pos, n: 1, c: c}, uint64(full)|uint64(full)<<32
			}
			if k := len(undo) - 1; k >= 0 && undo[k].c == uint32(r.idx) && undo[k].pos+undo[k].n == pos {
				undo[k].n++
			} else {
				undo = append(undo, dRun{pos: pos, n: 1, c: uint32(r.idx)})
			}
			binary.LittleEndian.PutUint32(px[i-4:], r.c)
		}
	next:
		if x += int(r.n); x == w {
			x, y = 0, y+1
			if y < l.rect.Dy() {
				row = m.Pix[y*m.Stride : y*m.Stride+4*w]
			}
		}
	}
	if run.n > 0 {
		q.drawn = append(q.drawn, run)
		q.add(run.c, run.n)
	}

	pal := make(color.Palette, len(l.palette), 256)
	copy(pal, l.palette)
	dst.Palette = q.cut(256-len(pal), len(pal), pal)

	// Map what was drawn.
	for _, run := range q.drawn {
		idx := q.lut[qKey(uint8(run.c), uint8(run.c>>8), uint8(run.c>>16))]
		fill(dst.Pix[run.pos:run.pos+run.n], idx)
	}
	return dst, undo
}

// restore sets dst's pixels back to the layer's indexes, as quantizeOver's
// undo lists them.
func restore(dst *image.Paletted, undo []dRun) {
	for _, u := range undo {
		fill(dst.Pix[u.pos:u.pos+u.n], uint8(u.c))
	}
}
