package render

import (
	"encoding/binary"
	"image"
	"sync"
)

// A painter draws what never changes in a picture of its game (the board,
// the margins, the plain name bars) once, as a static layer, and each
// picture on a copy of it. A layer is big (a 1000×1300 canvas is 5 MB, and
// a bot that plays every game at every player count has ten), so the
// layers are kept small: each as its runs of one colour (45,000–90,000 of
// them, a few hundred KB), and only the few used last also as the picture
// itself, ready to copy, and reduced to a palette (see layered.go). A
// layer out of that few is unpacked from its runs again, which costs
// about a millisecond; drawing it afresh costs tens.

// hotLayers is how many layers are kept unpacked.
const hotLayers = 2

// layerKey names a static layer: the painter's game and which of its
// layers (a player count, a set of occupied sides).
type layerKey struct {
	game    string
	variant int
}

// layer is a static layer ready for pictures: the image and its reduction
// to refColours colours. Neither changes once made.
type layer struct {
	img *image.RGBA
	ref *image.Paletted
}

// packedLayer is a layer kept as runs: enough to unpack it exactly.
type packedLayer struct {
	once sync.Once
	rect image.Rectangle
	runs []layerRun
	ref  *image.Paletted // its palette only; Pix is nil
	hot  *layer          // the unpacked layer, nil when it is not among the few
}

// layerRun is a run of pixels of one colour within a row: the colour as
// its four bytes, its palette index in the reduction, and its length.
type layerRun struct {
	c   uint32
	idx uint8
	n   uint16
}

// layers are a renderer's static layers.
type layers struct {
	mu     sync.Mutex
	packed map[layerKey]*packedLayer
	recent []*packedLayer // unpacked, the most recently used first
}

// get returns the layer key, drawing it with draw and reducing it with
// reduce the first time, and unpacking it when it is not among the few
// kept ready.
func (ls *layers) get(key layerKey, reduce func(*image.RGBA) *image.Paletted, draw func() *image.RGBA) *layer {
	ls.mu.Lock()
	if ls.packed == nil {
		ls.packed = map[layerKey]*packedLayer{}
	}
	p, ok := ls.packed[key]
	if !ok {
		p = &packedLayer{}
		ls.packed[key] = p
	}
	ls.mu.Unlock()

	var fresh *layer
	p.once.Do(func() {
		img := draw()
		fresh = &layer{img: img, ref: reduce(img)}
		p.pack(fresh)
	})

	ls.mu.Lock()
	defer ls.mu.Unlock()
	if fresh != nil {
		p.hot = fresh
	}
	if p.hot == nil {
		p.hot = p.unpack()
	}
	// Move p to the front of the few, and pack away the one that falls out.
	i := 0
	for i < len(ls.recent) && ls.recent[i] != p {
		i++
	}
	if i == len(ls.recent) {
		ls.recent = append(ls.recent, nil)
	}
	copy(ls.recent[1:i+1], ls.recent[:i])
	ls.recent[0] = p
	if len(ls.recent) > hotLayers {
		ls.recent[hotLayers].hot = nil
		ls.recent = ls.recent[:hotLayers]
	}
	return p.hot
}

// pack keeps l as runs.
func (p *packedLayer) pack(l *layer) {
	m, ref := l.img, l.ref
	w, h := m.Rect.Dx(), m.Rect.Dy()
	p.rect = m.Rect
	p.ref = &image.Paletted{Rect: ref.Rect, Stride: ref.Stride, Palette: ref.Palette}
	p.runs = p.runs[:0]
	for y := range h {
		row := m.Pix[y*m.Stride : y*m.Stride+4*w]
		idx := ref.Pix[y*ref.Stride : y*ref.Stride+w]
		for x := 0; x < w; {
			c := binary.LittleEndian.Uint32(row[4*x:])
			n := 1
			for x+n < w && n < 0xffff && binary.LittleEndian.Uint32(row[4*(x+n):]) == c && idx[x+n] == idx[x] {
				n++
			}
			p.runs = append(p.runs, layerRun{c: c, idx: idx[x], n: uint16(n)})
			x += n
		}
	}
	p.runs = append([]layerRun(nil), p.runs...) // no spare capacity kept
}

// unpack makes the layer from its runs.
func (p *packedLayer) unpack() *layer {
	m := image.NewRGBA(p.rect)
	ref := image.NewPaletted(p.ref.Rect, p.ref.Palette)
	w := p.rect.Dx()
	x, y := 0, 0
	for _, r := range p.runs {
		n := int(r.n)
		px := m.Pix[y*m.Stride+4*x : y*m.Stride+4*(x+n)]
		binary.LittleEndian.PutUint32(px, r.c)
		for k := 4; k < len(px); k *= 2 {
			copy(px[k:], px[:k])
		}
		fill(ref.Pix[y*ref.Stride+x:y*ref.Stride+x+n], r.idx)
		if x += n; x == w {
			x, y = 0, y+1
		}
	}
	return &layer{img: m, ref: ref}
}
