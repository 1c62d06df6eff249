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
	run := dRun{}
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
		// Something was drawn. Take the run's pixels a stretch at a time:
		// a stretch as the layer has it, skipped; then a stretch of one
		// colour drawn, which extends the run drawn last or starts one, is
		// listed to undo, and gets the layer's colour back.
		for base := uint32(y*dst.Stride + x); ; {
			for i+8 <= len(px) && binary.LittleEndian.Uint64(px[i:]) == pair {
				i += 8
			}
			for i < len(px) && binary.LittleEndian.Uint32(px[i:]) == r.c {
				i += 4
			}
			if i == len(px) {
				break
			}
			full := binary.LittleEndian.Uint32(px[i:])
			two := uint64(full) | uint64(full)<<32
			k := i + 4
			for k+8 <= len(px) && binary.LittleEndian.Uint64(px[k:]) == two {
				k += 8
			}
			for k < len(px) && binary.LittleEndian.Uint32(px[k:]) == full {
				k += 4
			}
			pos, n := base+uint32(i/4), uint32(k-i)/4
			if c := full & 0xffffff; c == run.c && pos == run.pos+run.n {
				run.n += n
			} else {
				if run.n > 0 {
					q.drawn = append(q.drawn, run)
				}
				run = dRun{pos: pos, n: n, c: c}
			}
			if u := len(undo) - 1; u >= 0 && undo[u].c == uint32(r.idx) && undo[u].pos+undo[u].n == pos {
				undo[u].n += n
			} else {
				undo = append(undo, dRun{pos: pos, n: n, c: uint32(r.idx)})
			}
			for ; i < k; i += 4 {
				binary.LittleEndian.PutUint32(px[i:], r.c)
			}
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
	}
	// Counted apart: the walk above keeps more in registers without.
	for _, run := range q.drawn {
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
