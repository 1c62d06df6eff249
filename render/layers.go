package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"sync"
)

// A painter draws what never changes in a picture of its game (the board,
// the margins, the plain name bars) once for each language its words are
// said in, as a static layer, and each picture on a sheet that shows it.
// A layer is big (a 1000×1300 canvas is 5 MB, and a bot that plays every
// game at every player count has ten for each language it speaks), so a
// layer is kept only as its runs of one colour (45,000–90,000 of them, a
// few hundred KB), each with its index in the layer's reduction to
// refColours colours (see layered.go). Layers are never let go, and a
// layer's key holds its words, so a picture's Info.Say must say the same
// words each time (a catalog does); else the layers grow without end.
//
// A sheet is a canvas and its paletted twin, kept between pictures. Between
// pictures both show a layer: the canvas its colours, the twin its
// indexes. A picture is painted on the canvas; reducing it finds each
// pixel the painter changed and puts the layer's colour back, and after
// the file is written the twin's pixels that the picture changed get the
// layer's indexes back. So the next picture on the same layer starts with
// nothing to copy, and a sheet moves to another layer by unpacking that
// layer's runs onto it, which costs about a millisecond.

// layerKey names a static layer: the painter's game and which of its
// layers (a player count, a set of occupied sides), and the words it
// draws, which differ by language.
type layerKey struct {
	game    string
	variant int
	words   any // comparable
}

// packedLayer is a static layer kept as runs: enough to unpack it exactly.
// It does not change once made.
type packedLayer struct {
	once    sync.Once
	rect    image.Rectangle
	runs    []layerRun
	rows    []int32 // the index in runs of each row's first run
	palette color.Palette
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
}

// get returns the layer key, drawing it with draw and reducing it with
// reduce the first time.
func (ls *layers) get(key layerKey, reduce func(*image.RGBA) *image.Paletted, draw func() *image.RGBA) *packedLayer {
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
	p.once.Do(func() {
		img := draw()
		p.pack(img, reduce(img))
	})
	return p
}

// pack keeps m, reduced to ref, as runs.
func (p *packedLayer) pack(m *image.RGBA, ref *image.Paletted) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	p.rect = image.Rect(0, 0, w, h)
	p.palette = ref.Palette
	p.runs, p.rows = p.runs[:0], make([]int32, h)
	for y := range h {
		p.rows[y] = int32(len(p.runs))
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

// unpackOnto sets m's pixels to the layer's colours and ref's to its
// indexes; either may be nil. Both are the layer's size.
func (p *packedLayer) unpackOnto(m *image.RGBA, ref *image.Paletted) {
	w := p.rect.Dx()
	x, y := 0, 0
	for _, r := range p.runs {
		n := int(r.n)
		if m != nil {
			px := m.Pix[y*m.Stride+4*x : y*m.Stride+4*(x+n)]
			binary.LittleEndian.PutUint32(px, r.c)
			for k := 4; k < len(px); k *= 2 {
				copy(px[k:], px[:k])
			}
		}
		if ref != nil {
			fill(ref.Pix[y*ref.Stride+x:y*ref.Stride+x+n], r.idx)
		}
		if x += n; x == w {
			x, y = 0, y+1
		}
	}
}

// image returns the layer as a new image.
func (p *packedLayer) image() *image.RGBA {
	m := image.NewRGBA(p.rect)
	p.unpackOnto(m, nil)
	return m
}

// reduction returns the layer's reduction as a new image.
func (p *packedLayer) reduction() *image.Paletted {
	ref := image.NewPaletted(p.rect, p.palette)
	p.unpackOnto(nil, ref)
	return ref
}

// paintRect sets the pixels of dst within rc to the layer's.
func (p *packedLayer) paintRect(dst *image.RGBA, rc image.Rectangle) {
	rc = rc.Intersect(p.rect).Intersect(dst.Rect)
	for y := rc.Min.Y; y < rc.Max.Y; y++ {
		x := 0
		for _, r := range p.runs[p.rows[y]:] {
			x0, x1 := max(x, rc.Min.X), min(x+int(r.n), rc.Max.X)
			for ; x0 < x1; x0++ {
				binary.LittleEndian.PutUint32(dst.Pix[dst.PixOffset(x0, y):], r.c)
			}
			if x += int(r.n); x >= rc.Max.X {
				break
			}
		}
	}
}

// sheet is a canvas and its paletted twin, kept between pictures.
type sheet struct {
	img   *image.RGBA
	pal   *image.Paletted // made by newRows
	raw   []byte          // pal's rows, for pngEncoder.encodeRows
	shows *packedLayer    // the layer both show, nil when unknown
	undo  []dRun          // after the file is written: pal's pixels to set back
}

// sheets are a renderer's sheets not in use, a few at most.
type sheets struct {
	mu   sync.Mutex
	free []*sheet // the most recently used last
	keep int
}

// take returns a sheet that shows l, unpacking l onto one when none does.
// Until it is put back, it shows no layer: it is being painted.
func (s *sheets) take(l *packedLayer) *sheet {
	s.mu.Lock()
	var sh *sheet
	for i := len(s.free) - 1; i >= 0; i-- {
		if s.free[i].shows == l {
			sh = s.free[i]
			s.free = append(s.free[:i], s.free[i+1:]...)
			break
		}
	}
	if sh == nil && len(s.free) > 0 {
		sh = s.free[0] // the least recently used
		s.free = s.free[1:]
	}
	s.mu.Unlock()
	if sh == nil {
		sh = &sheet{}
	}
	if sh.shows != l {
		sh.fit(l.rect)
		l.unpackOnto(sh.img, sh.pal)
	}
	sh.shows = nil
	return sh
}

// fit sizes sh's images to r, keeping its memory when it is large enough:
// the layers of a game differ in height, and a new 5 MB canvas costs a
// collection's work and the pages' first touch.
func (sh *sheet) fit(r image.Rectangle) {
	if sh.img != nil && sh.img.Rect == r {
		return
	}
	w, h := r.Dx(), r.Dy()
	if sh.img == nil || cap(sh.img.Pix) < 4*w*h || cap(sh.raw) < (w+1)*h {
		sh.img = image.NewRGBA(r)
		sh.pal, sh.raw = newRows(r)
		return
	}
	sh.img = &image.RGBA{Pix: sh.img.Pix[:4*w*h], Stride: 4 * w, Rect: r}
	sh.raw = sh.raw[:(w+1)*h]
	sh.pal = &image.Paletted{Pix: sh.raw[1:], Stride: w + 1, Rect: r}
}

// put keeps sh for another picture, unless enough are kept.
func (s *sheets) put(sh *sheet) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.free) < s.keep {
		s.free = append(s.free, sh)
	}
}
