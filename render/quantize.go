package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"math/bits"
)

// Pictures are encoded as 8-bit paletted PNGs: a board picture is flat
// colours with antialiased edges, which 256 colours hold without a visible
// difference, and a paletted PNG is a third of the bytes to compress and
// needs no per-row filter search, which is where most of the time of an
// RGB encoding goes.
//
// The palette is made for each picture by median cut over a histogram of
// 5-bit-per-channel bins; each bin remembers the sum of its colours, so a
// flat colour keeps its exact value.

const qBins = 1 << 15

// qBin is a histogram bin: how many pixels fell in it and the sums of their
// channels.
type qBin struct{ n, r, g, b uint32 }

// qEntry is a non-empty bin: its mean colour and weight.
type qEntry struct {
	c   [3]uint8
	n   uint32
	bin uint16
}

// qRun is a run of pixels of one colour within a row.
type qRun struct{ c, n uint32 }

// qBox is a run of entries that becomes one palette colour.
type qBox struct {
	lo, hi  int
	n       uint64
	axis    int   // channel with the widest range
	spread  uint8 // that range
	min, mx [3]uint8
}

// quantizer holds the scratch space of one quantization; reuse it.
type quantizer struct {
	hist    []qBin
	used    [qBins / 64]uint64 // the bins add counted in, a bit each
	runs    []qRun
	entries []qEntry
	tmp     []qEntry
	boxes   []qBox
	lut     []uint8
	drawn   []dRun
}

func newQuantizer() *quantizer {
	return &quantizer{hist: make([]qBin, qBins), lut: make([]uint8, qBins)}
}

func qKey(r, g, b uint8) int { return int(r>>3)<<10 | int(g>>3)<<5 | int(b>>3) }

// quantize converts the opaque image m to at most 256 colours, reusing dst's
// pixels when it has the right size.
func (q *quantizer) quantize(m *image.RGBA, dst *image.Paletted) *image.Paletted {
	return q.quantizeTo(m, dst, 256)
}

// quantizeTo converts the opaque image m to at most colours colours (1 to
// 256), reusing dst's pixels when it has the right size.
func (q *quantizer) quantizeTo(m *image.RGBA, dst *image.Paletted, colours int) *image.Paletted {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	if w == 0 || h == 0 {
		return image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.RGBA{0, 0, 0, 0xff}})
	}
	// Pictures are mostly runs of one colour: find the runs of each row
	// once, then count and map runs instead of pixels.
	q.runs = q.runs[:0]
	for y := 0; y < h; y++ {
		row := m.Pix[y*m.Stride : y*m.Stride+4*w]
		first := binary.LittleEndian.Uint32(row)
		last, pair := first&0xffffff, uint64(first)|uint64(first)<<32
		n := uint32(0)
		for i := 0; i+4 <= len(row); {
			if i+8 <= len(row) && binary.LittleEndian.Uint64(row[i:]) == pair {
				n, i = n+2, i+8
				continue
			}
			full := binary.LittleEndian.Uint32(row[i:])
			if c := full & 0xffffff; c != last {
				q.runs = append(q.runs, qRun{last, n})
				last, pair, n = c, uint64(full)|uint64(full)<<32, 0
			}
			n, i = n+1, i+4
		}
		q.runs = append(q.runs, qRun{last, n})
	}
	for _, run := range q.runs {
		q.add(run.c, run.n)
	}
	pal := q.cut(colours, 0, nil)

	if dst == nil || dst.Rect != image.Rect(0, 0, w, h) {
		dst = image.NewPaletted(image.Rect(0, 0, w, h), nil)
	}
	dst.Palette = pal
	x, y := 0, 0
	out := dst.Pix[:w]
	for _, run := range q.runs {
		idx := q.lut[qKey(uint8(run.c), uint8(run.c>>8), uint8(run.c>>16))]
		fill(out[x:x+int(run.n)], idx)
		if x += int(run.n); x == w {
			x, y = 0, y+1
			if y < h {
				out = dst.Pix[y*dst.Stride : y*dst.Stride+w]
			}
		}
	}
	return dst
}

// add counts n pixels of the colour c, its red in the low byte, in the
// histogram.
func (q *quantizer) add(c, n uint32) {
	r, g, b := uint8(c), uint8(c>>8), uint8(c>>16)
	k := qKey(r, g, b)
	q.used[k/64] |= 1 << (k % 64)
	e := &q.hist[k]
	e.n += n
	e.r += n * uint32(r)
	e.g += n * uint32(g)
	e.b += n * uint32(b)
}

// cut reduces the colours counted by add to at most colours by median cut:
// it appends them to pal, points the lookup table of every bin counted at
// base plus its colour's index among them, and empties the histogram.
func (q *quantizer) cut(colours, base int, pal color.Palette) color.Palette {
	q.entries = q.entries[:0]
	for w, word := range q.used {
		for ; word != 0; word &= word - 1 {
			k := w*64 + bits.TrailingZeros64(word)
			e := q.hist[k]
			half := e.n / 2
			q.entries = append(q.entries, qEntry{
				c:   [3]uint8{uint8((e.r + half) / e.n), uint8((e.g + half) / e.n), uint8((e.b + half) / e.n)},
				n:   e.n,
				bin: uint16(k),
			})
		}
	}
	if len(q.entries) == 0 {
		return pal // the histogram is empty already
	}

	// Median cut: split the box with the most weight times spread until
	// there are enough boxes or none can be split.
	q.boxes = append(q.boxes[:0], q.box(0, len(q.entries)))
	for len(q.boxes) < colours {
		best, score := -1, uint64(0)
		for i, b := range q.boxes {
			if s := b.n * uint64(b.spread) * uint64(b.spread); b.hi-b.lo > 1 && s > score {
				best, score = i, s
			}
		}
		if best < 0 {
			break
		}
		b := q.boxes[best]
		run := q.entries[b.lo:b.hi]
		q.sortBy(run, b.axis)
		// The weighted median, keeping both halves non-empty.
		var acc uint64
		cut := b.lo + 1
		for i := b.lo; i < b.hi-1; i++ {
			acc += uint64(q.entries[i].n)
			cut = i + 1
			if acc*2 >= b.n {
				break
			}
		}
		q.boxes[best] = q.box(b.lo, cut)
		q.boxes = append(q.boxes, q.box(cut, b.hi))
	}

	for i, b := range q.boxes {
		var r, g, bl uint64
		for _, e := range q.entries[b.lo:b.hi] {
			s := q.hist[e.bin]
			r, g, bl = r+uint64(s.r), g+uint64(s.g), bl+uint64(s.b)
			q.lut[e.bin] = uint8(base + i)
		}
		half := b.n / 2
		pal = append(pal, color.RGBA{uint8((r + half) / b.n), uint8((g + half) / b.n), uint8((bl + half) / b.n), 0xff})
	}
	// A colour of a few pixels can share a box with far heavier ones and be
	// drawn far off, say a stray antialiased pixel of a piece: such colours
	// take the nearest of all the palette's colours instead.
	var rgb [256][3]uint8
	var cr, cg, cb [256]int32 // the channels apart, for a quick search
	for i, c := range pal {
		c := c.(color.RGBA)
		rgb[i] = [3]uint8{c.R, c.G, c.B}
		cr[i], cg[i], cb[i] = int32(c.R), int32(c.G), int32(c.B)
	}
	n := len(pal)
	for _, e := range q.entries {
		if qDist(e.c, rgb[q.lut[e.bin]]) <= qFar {
			continue
		}
		r, g, b := int32(e.c[0]), int32(e.c[1]), int32(e.c[2])
		best, bestD := 0, int32(1<<30)
		for i := range cr[:n] {
			dr, dg, db := r-cr[i], g-cg[i], b-cb[i]
			d := max(dr, -dr, dg, -dg, db, -db)
			if d < bestD {
				best, bestD = i, d
			}
		}
		q.lut[e.bin] = uint8(best)
	}
	for _, e := range q.entries {
		q.hist[e.bin] = qBin{}
	}
	q.used = [qBins / 64]uint64{}
	return pal
}

// sortBy sorts run by channel axis: a counting sort, as channels are bytes.
func (q *quantizer) sortBy(run []qEntry, axis int) {
	var count [257]int
	for _, e := range run {
		count[int(e.c[axis])+1]++
	}
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1]
	}
	q.tmp = append(q.tmp[:0], run...)
	for _, e := range q.tmp {
		run[count[e.c[axis]]] = e
		count[e.c[axis]]++
	}
}

// box makes the box of entries lo to hi and measures it.
func (q *quantizer) box(lo, hi int) qBox {
	b := qBox{lo: lo, hi: hi, min: [3]uint8{255, 255, 255}}
	for _, e := range q.entries[lo:hi] {
		b.n += uint64(e.n)
		for c := range 3 {
			b.min[c] = min(b.min[c], e.c[c])
			b.mx[c] = max(b.mx[c], e.c[c])
		}
	}
	for c := range 3 {
		if s := b.mx[c] - b.min[c]; s > b.spread || c == 0 {
			b.axis, b.spread = c, s
		}
	}
	return b
}

// qFar is the distance, the largest difference of a channel, past which a
// colour looks for a nearer one than its box's.
const qFar = 24

// qDist is the largest difference of a channel between a and b.
func qDist(a, b [3]uint8) int {
	return max(absDiff(a[0], b[0]), absDiff(a[1], b[1]), absDiff(a[2], b[2]))
}

func absDiff(x, y uint8) int {
	if x > y {
		return int(x - y)
	}
	return int(y - x)
}

// fill sets every byte of seg to v.
func fill(seg []uint8, v uint8) {
	if len(seg) < 16 {
		for i := range seg {
			seg[i] = v
		}
		return
	}
	seg[0] = v
	for k := 1; k < len(seg); k *= 2 {
		copy(seg[k:], seg[:k])
	}
}
