package render

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"image"
	"image/color"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"parlor/rules"
)

// An animated replay is the game's board pictures, scaled to fit a phone,
// as one GIF: a palette for the whole file, made from a few of the
// pictures (with the seats' colours, the paper and the ink exactly), and
// after the first frame only the rectangle of pixels that changed, with the
// unchanged ones inside it transparent.
//
// The frames are made in order, each from the one before: a frame is drawn
// full size on a sheet (see layers.go), and only the tiles of it whose hash
// differs from the previous picture's are scaled, mapped to the palette
// and compared with the previous frame's pixels; then the tiles that differ
// from the static layer get its pixels back, so the sheet is ready for the
// next picture. A frame costs little more than its drawing, and what is
// kept of it is its compressed part of the file. The frames are made in two
// runs at once, each from its own start.
//
// A file over the size allowed loses frames and is made again without
// them: those whose loss hides the fewest pixels (the pixels a frame
// changes that the next frame changes again), never two side by side in a
// pass, never the first nor the last few.

// GIFMaxBytes is the largest file GIF makes: what Discord lets a bot
// upload without boosts.
const GIFMaxBytes = 8 << 20

// GIFMaxSide is the longest side of a GIF's pictures, in pixels.
const GIFMaxSide = 1000

// gifKeepLast is how many frames at the end are never dropped; the first
// is never dropped either.
const gifKeepLast = 3

// Frame is one picture of a replay: a state and what to show with it.
type Frame struct {
	State rules.State
	Info  Info
}

// GIFOptions tune GIFWith; the zero value is what GIF uses.
type GIFOptions struct {
	MaxSide  int           // the longest side of the pictures in pixels; 0 means GIFMaxSide
	MaxBytes int           // the largest file; 0 means GIFMaxBytes
	Delay    time.Duration // how long each frame but the last is shown; 0 picks it by the number of frames (see GIFDelay)
	Hold     time.Duration // how long the last frame is shown; 0 means 3 s
}

// ErrGIFTooLarge is returned when even the first and last frames alone
// make a file over the size allowed.
var ErrGIFTooLarge = errors.New("render: the GIF is too large")

// GIF draws frames as an animated GIF that loops forever: one frame per
// Frame (the start position, then one per turn), the same pictures as PNG
// scaled to at most GIFMaxSide pixels on their long side, each shown
// GIFDelay(len(frames)) but the first, shown twice as long, and the last,
// held 3 s. The file is at most GIFMaxBytes: a longer game loses its least
// informative frames, never the first nor the last few. The same frames
// make the same file.
func (r *Renderer) GIF(frames []Frame) ([]byte, error) {
	return r.GIFWith(frames, GIFOptions{})
}

// GIFDelay is how long GIF shows each frame of a replay of n frames but the
// first and the last: a second, and less in long games, so that the whole
// replay lasts about 48 s, but never under half a second.
func GIFDelay(n int) time.Duration {
	if n < 2 {
		return time.Second
	}
	return min(time.Second, max(500*time.Millisecond, 48*time.Second/time.Duration(n-1)))
}

// GIFWith is GIF with options.
func (r *Renderer) GIFWith(frames []Frame, o GIFOptions) ([]byte, error) {
	if len(frames) == 0 {
		return nil, errors.New("render: a GIF needs a frame")
	}
	if o.MaxSide <= 0 {
		o.MaxSide = GIFMaxSide
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = GIFMaxBytes
	}
	if o.Hold <= 0 {
		o.Hold = 3 * time.Second
	}
	g, err := r.gifSetup(frames, o.MaxSide)
	if err != nil {
		return nil, err
	}
	kept := make([]int, len(frames))
	for i := range kept {
		kept[i] = i
	}
	for pass := 1; ; pass++ {
		recs, err := r.gifFrames(g, frames, kept, o.MaxBytes)
		if err != nil {
			return nil, err
		}
		size := gifHeaderSize + 1
		for _, rec := range recs {
			size += rec.size
		}
		if size <= o.MaxBytes {
			return g.assemble(recs, o), nil
		}
		if len(kept) <= 1+gifKeepLast {
			return nil, fmt.Errorf("%w: %d frames make %d bytes, over %d", ErrGIFTooLarge, len(kept), size, o.MaxBytes)
		}
		fewer := gifDrop(kept, recs, size-o.MaxBytes*92/100)
		if pass == gifPasses || len(fewer) == len(kept) {
			// Estimates that fail again and again: keep only the frames
			// never dropped.
			fewer = append(kept[:1:1], kept[len(kept)-gifKeepLast:]...)
		}
		kept = fewer
	}
}

// gifPasses is how many times a GIF is made at most. Each pass can drop no
// more than every other frame, so a file of up to 2^(gifPasses-2) times as
// many frames as fit keeps as many as fit.
const gifPasses = 8

// gifRec is a frame's part of the file, and what it changes: the pixels
// that differ from the frame before (changed), and those that the frame
// after differs by from the frame before (skip), which the frame after
// would change were this one dropped.
type gifRec struct {
	data                []byte // nil once the frames make more than the file may take
	size, changed, skip int    // size is the bytes of data
}

// gifDrop returns the frames of kept that stay so that, by an estimate from
// the frames' records recs, the file is at least over bytes smaller. The
// frames dropped are those whose dropping hides the fewest changed pixels
// (those that a frame changes and the next changes again), never the first
// nor the last gifKeepLast, and never two side by side, so that the
// estimate is measured: it is the pixels the next frame would change, at
// the bytes a pixel that the frame and the next take.
func gifDrop(kept []int, recs []gifRec, over int) []int {
	type cand struct {
		i      int
		hidden int
		save   float64
	}
	var cands []cand
	for i := 1; i < len(kept)-gifKeepLast; i++ {
		a, b := recs[i], recs[i+1]
		bytes := float64(a.size + b.size)
		merged := bytes * float64(a.skip) / float64(max(1, a.changed+b.changed))
		// A measure that tends to promise more than it keeps: taken at
		// nine tenths.
		if save := 0.9 * (bytes - merged - gifFrameOverhead); save > 0 {
			cands = append(cands, cand{i, a.changed + b.changed - a.skip, save})
		}
	}
	slices.SortStableFunc(cands, func(x, y cand) int { return x.hidden - y.hidden })
	drop := make([]bool, len(kept))
	saved := 0.0
	for _, c := range cands {
		if saved >= float64(over) {
			break
		}
		if drop[c.i-1] || drop[c.i+1] {
			continue
		}
		drop[c.i] = true
		saved += c.save
	}
	var out []int
	for i, f := range kept {
		if !drop[i] {
			out = append(out, f)
		}
	}
	return out
}

// gifFrameOverhead is about the bytes a frame takes besides its pixels.
const gifFrameOverhead = 30

// gifGeom is what every frame of a GIF shares: the size of the pictures,
// the palette and the scalers.
type gifGeom struct {
	r       *Renderer
	scale   float64 // scaled size over the drawn size
	w, h    int     // the GIF's size: frame 0's, scaled
	palette color.Palette
	colours [][3]int32 // the palette's colours, transparent index excepted

	mu      sync.Mutex
	scalers map[image.Point]*gifScaler
}

// gifTransparent is the palette index of a pixel unchanged from the
// previous frame.
const gifTransparent = 255

// gifSetup draws a few of frames (the first, the last and some between)
// and makes the palette from them, scaled.
func (r *Renderer) gifSetup(frames []Frame, maxSide int) (*gifGeom, error) {
	g := &gifGeom{r: r, scalers: map[image.Point]*gifScaler{}}
	// The seats' colours, the paper and the ink, exactly.
	pal := color.Palette{paper, ink, muted, white, threatRed}
	for _, cs := range [][4]color.RGBA{seatFill, seatOutline, seatTint} {
		for _, c := range cs {
			pal = append(pal, c)
		}
	}
	var picks []int
	for k := range gifSamples {
		if i := k * (len(frames) - 1) / (gifSamples - 1); !slices.Contains(picks, i) {
			picks = append(picks, i)
		}
	}
	// The colours of the samples, counted in a histogram of each half:
	// the first sample sets the size.
	var qs [2]*quantizer
	for h := range qs {
		if qs[h] = r.quantizers.get(); qs[h] == nil {
			qs[h] = newQuantizer()
		}
		defer r.quantizers.put(qs[h])
	}
	count := func(i int, q *quantizer) error {
		return r.gifDraw(frames[i], func(img *image.RGBA, _ *packedLayer) bool {
			if g.w == 0 {
				sw, sh := img.Rect.Dx(), img.Rect.Dy()
				g.scale = min(1, float64(maxSide)/float64(max(sw, sh)))
				g.w, g.h = max(1, int(float64(sw)*g.scale+0.5)), max(1, int(float64(sh)*g.scale+0.5))
			}
			sc := g.scaler(img.Rect.Size())
			var s gifScratch
			sc.scale(img, image.Rect(0, 0, sc.dw, sc.dh), &s, func(y, x0 int, row []uint32) {
				for i := 0; i < len(row); {
					n := 1
					for i+n < len(row) && row[i+n] == row[i] {
						n++
					}
					q.add(row[i], uint32(n))
					i += n
				}
			})
			return false
		})
	}
	if err := count(picks[0], qs[0]); err != nil {
		return nil, err
	}
	var errs [2]error
	var wg sync.WaitGroup
	for h := range qs {
		wg.Go(func() {
			for k := 1 + h; k < len(picks) && errs[h] == nil; k += 2 {
				errs[h] = count(picks[k], qs[h])
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	q := qs[0]
	q.merge(qs[1])
	pal = q.cut(gifTransparent-len(pal), len(pal), pal)
	for _, c := range pal {
		c := c.(color.RGBA)
		g.colours = append(g.colours, [3]int32{int32(c.R), int32(c.G), int32(c.B)})
	}
	for len(pal) < 256 {
		pal = append(pal, color.RGBA{0, 0, 0, 0xff})
	}
	g.palette = pal
	return g, nil
}

// gifSamples is how many frames the palette is made from, spread over the
// game from its first to its last.
const gifSamples = 6

// merge adds the histogram of o to q's and empties o's.
func (q *quantizer) merge(o *quantizer) {
	for w, word := range o.used {
		for ; word != 0; word &= word - 1 {
			k := w*64 + bits.TrailingZeros64(word)
			b, e := &q.hist[k], o.hist[k]
			b.n, b.r, b.g, b.b = b.n+e.n, b.r+e.r, b.g+e.g, b.b+e.b
			q.used[k/64] |= 1 << (k % 64)
			o.hist[k] = qBin{}
		}
	}
	o.used = [qBins / 64]uint64{}
}

// gifDraw draws f on a sheet and hands the picture to use, with the static
// layer it was painted on (nil if none), taking one of r's turns meanwhile.
// use says whether it put the layer's pixels back on the picture; if not,
// the next picture on the sheet unpacks its layer afresh.
func (r *Renderer) gifDraw(f Frame, use func(img *image.RGBA, base *packedLayer) (restored bool)) error {
	r.turns <- struct{}{}
	defer func() { <-r.turns }()
	img, base, sh, err := r.draw(f.State, f.Info, true)
	if sh == nil || img != sh.img {
		base = nil
	}
	if sh != nil {
		// take left the sheet showing no layer; so it stays unless use
		// puts the layer back. Its paletted twin still shows the layer.
		defer r.sheets.put(sh)
	}
	if err != nil {
		return err
	}
	runtime.Gosched()
	if use(img, base) && base != nil {
		sh.shows = base
	}
	return nil
}

// scaler returns the scaler of pictures of size sz to the GIF's scale,
// cropped to the GIF's size.
func (g *gifGeom) scaler(sz image.Point) *gifScaler {
	g.mu.Lock()
	defer g.mu.Unlock()
	if sc := g.scalers[sz]; sc != nil {
		return sc
	}
	sc := newGIFScaler(sz.X, sz.Y, g.scale, g.w, g.h)
	g.scalers[sz] = sc
	return sc
}

// gifFrames makes the records of the frames kept, in two runs at once.
// Past limit bytes, it keeps their sizes only: the file will have fewer
// frames.
func (r *Renderer) gifFrames(g *gifGeom, frames []Frame, kept []int, limit int) ([]gifRec, error) {
	recs := make([]gifRec, len(kept))
	var total atomic.Int64
	runs := 1
	if len(kept) >= gifSplit {
		runs = 2
	}
	errs := make([]error, runs)
	var wg sync.WaitGroup
	for k := range runs {
		from, to := k*len(kept)/runs, (k+1)*len(kept)/runs
		wg.Go(func() {
			w := newGIFWorker(g)
			// A run starts two frames before its first: the frame before
			// is what its first frame changes, and the one before that is
			// what the frame before changed.
			for i := max(0, from-2); i < to; i++ {
				rec, skip, err := w.frame(frames[kept[i]], i >= from)
				if err != nil {
					errs[k] = err
					return
				}
				if i >= from {
					recs[i].size, recs[i].changed = len(rec.data), rec.changed
					if total.Add(int64(len(rec.data))) <= int64(limit) {
						recs[i].data = rec.data
					}
					if i >= 2 {
						// The next run's first frame measures this
						// run's last.
						recs[i-1].skip = skip
					}
				}
			}
		})
	}
	wg.Wait()
	return recs, errors.Join(errs...)
}

// gifSplit is the fewest frames made in two runs; tests lower it.
var gifSplit = 16

// gifWorker makes frames in order, each from the one before.
type gifWorker struct {
	g       *gifGeom
	seed    maphash.Seed
	size    image.Point               // the drawn size of the previous picture
	tiles   []uint64                  // the hash of each of its tiles
	dirty   []bool                    // for each tile, whether it differs from the previous picture's
	hs      []uint64                  // scratch: a row of tiles' hashes
	layers  map[*packedLayer][]uint64 // the hash of each tile of the static layers met
	spans   []gifSpan
	scratch gifScratch
	cache   gifColours
	enc     gifEncoder

	cur   []uint8 // the previous frame's pixels, then this one's
	spare []uint8 // the previous frame's, kept to be the next prev
	prev  []uint8 // the pixels of the frame before the previous
	// What this frame changed: the pixels and the rectangle they make.
	changed int
	bb      image.Rectangle
}

func newGIFWorker(g *gifGeom) *gifWorker {
	n := g.w * g.h
	w := &gifWorker{
		g:      g,
		seed:   maphash.MakeSeed(),
		layers: map[*packedLayer][]uint64{},
		cur:    make([]uint8, n),
		prev:   make([]uint8, n),
		spare:  make([]uint8, n),
	}
	fill(w.cur, gifTransparent) // so that every pixel of the first frame changes
	w.cache.init(g.colours)
	return w
}

// Tiles are gifTileW by gifTileH pixels of the drawn picture.
const gifTileW, gifTileH = 32, 16

// frame draws f and works out what it changes from the frame before;
// when emit, it returns the frame's record. skip is the pixels it differs
// by from the frame before the previous.
func (w *gifWorker) frame(f Frame, emit bool) (rec gifRec, skip int, err error) {
	w.changed, w.bb = 0, image.Rectangle{}
	gw := w.g.w
	copy(w.spare, w.cur)
	err = w.g.r.gifDraw(f, func(img *image.RGBA, base *packedLayer) bool {
		sc := w.g.scaler(img.Rect.Size())
		if img.Rect.Size() != w.size {
			// Another size (or the first picture): all of it is new, and
			// what it does not cover is paper.
			w.size = img.Rect.Size()
			w.tiles = w.tiles[:0]
			row := make([]uint32, gw)
			for i := range row {
				row[i] = packRGB(paper)
			}
			for y := range w.g.h {
				x0 := 0
				if y < sc.dh {
					x0 = sc.dw
				}
				if x0 < gw {
					w.mark(y, x0, row[x0:])
				}
			}
		}
		nx := w.hash(img)
		for t := 0; t < len(w.dirty); {
			if !w.dirty[t] {
				t++
				continue
			}
			// A run of dirty tiles within a row of tiles.
			t0 := t
			for t++; t < len(w.dirty) && t%nx != 0 && w.dirty[t]; t++ {
			}
			tx, ty := t0%nx, t0/nx
			src := image.Rect(tx*gifTileW, ty*gifTileH, (tx+t-t0)*gifTileW, (ty+1)*gifTileH).Intersect(img.Rect)
			sc.scale(img, sc.covering(src), &w.scratch, w.mark)
		}
		if base == nil || base.rect != img.Rect {
			return false
		}
		w.restore(img, base, nx)
		return true
	})
	if err != nil {
		return gifRec{}, 0, err
	}
	rec.changed = w.changed
	if emit {
		rec.data = w.enc.frame(w.cur, w.spare, gw, w.bb)
	}
	skip = gifDiffer(w.cur, w.prev)
	w.prev, w.spare = w.spare, w.prev
	return rec, skip, nil
}

// gifDiffer is how many bytes of a and b (as long) differ.
func gifDiffer(a, b []uint8) int {
	n, i := 0, 0
	for ; i+8 <= len(a); i += 8 {
		if binary.LittleEndian.Uint64(a[i:]) != binary.LittleEndian.Uint64(b[i:]) {
			for k := i; k < i+8; k++ {
				if a[k] != b[k] {
					n++
				}
			}
		}
	}
	for ; i < len(a); i++ {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

// mark takes a row of scaled pixels, from (x0, y): each gets its palette
// index, and those that differ from the previous frame's are marked.
func (w *gifWorker) mark(y, x0 int, row []uint32) {
	at := y*w.g.w + x0
	cur := w.cur[at : at+len(row)]
	last, idx := ^uint32(0), uint8(0)
	first, end := -1, 0
	for i, c := range row {
		if c != last {
			last, idx = c, w.cache.index(c)
		}
		if cur[i] == idx {
			continue
		}
		cur[i] = idx
		w.changed++
		if first < 0 {
			first = i
		}
		end = i + 1
	}
	if first >= 0 {
		w.bb = w.bb.Union(image.Rect(x0+first, y, x0+end, y+1))
	}
}

// packRGB is c packed as the scaler packs colours: red in the low byte.
func packRGB(c color.RGBA) uint32 { return uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 }

// hash hashes img's tiles and marks in w.dirty those that differ from the
// previous picture's (all, when there is none). It returns the number of
// tiles in a row.
func (w *gifWorker) hash(img *image.RGBA) int {
	sw, sh := img.Rect.Dx(), img.Rect.Dy()
	nx, ny := (sw+gifTileW-1)/gifTileW, (sh+gifTileH-1)/gifTileH
	fresh := len(w.tiles) != nx*ny
	if fresh {
		w.tiles = make([]uint64, nx*ny)
	}
	w.dirty = w.dirty[:0]
	for range nx * ny {
		w.dirty = append(w.dirty, fresh)
	}
	w.hashTiles(sw, sh, func(y int) []byte { return img.Pix[y*img.Stride : y*img.Stride+4*sw] }, func(t int, h uint64) {
		if w.tiles[t] != h {
			w.tiles[t] = h
			w.dirty[t] = true
		}
	})
	return nx
}

// hashTiles hashes the tiles of a picture sw by sh whose rows row gives,
// and hands each hash to put with its tile's number.
func (w *gifWorker) hashTiles(sw, sh int, row func(y int) []byte, put func(t int, h uint64)) {
	nx := (sw + gifTileW - 1) / gifTileW
	if cap(w.hs) < nx {
		w.hs = make([]uint64, nx)
	}
	hs := w.hs[:nx]
	for ty := 0; ty*gifTileH < sh; ty++ {
		clear(hs)
		for y := ty * gifTileH; y < min(sh, (ty+1)*gifTileH); y++ {
			px := row(y)
			for tx := range nx {
				seg := px[tx*4*gifTileW : min(len(px), (tx+1)*4*gifTileW)]
				hs[tx] = (hs[tx]^maphash.Bytes(w.seed, seg))*0x9e3779b97f4a7c15 + uint64(y)
			}
		}
		for tx, h := range hs {
			put(ty*nx+tx, h)
		}
	}
}

// gifSpan is a span of pixels within a row, [x0, x1).
type gifSpan struct{ x0, x1 int }

// restore puts the static layer l back on img, which was painted on it and
// whose tiles w.hash has hashed: the tiles whose hash is not the layer's
// get the layer's pixels.
func (w *gifWorker) restore(img *image.RGBA, l *packedLayer, nx int) {
	sw, sh := img.Rect.Dx(), img.Rect.Dy()
	lt := w.layers[l]
	if lt == nil {
		lt = make([]uint64, len(w.tiles))
		buf := make([]byte, 4*sw)
		w.hashTiles(sw, sh, func(y int) []byte {
			l.unpackRow(y, buf, []gifSpan{{0, sw}})
			return buf
		}, func(t int, h uint64) { lt[t] = h })
		w.layers[l] = lt
	}
	for ty := 0; ty*gifTileH < sh; ty++ {
		w.spans = w.spans[:0]
		for tx := range nx {
			if w.tiles[ty*nx+tx] == lt[ty*nx+tx] {
				continue
			}
			x0, x1 := tx*gifTileW, min(sw, (tx+1)*gifTileW)
			if n := len(w.spans); n > 0 && w.spans[n-1].x1 == x0 {
				w.spans[n-1].x1 = x1
			} else {
				w.spans = append(w.spans, gifSpan{x0, x1})
			}
		}
		if len(w.spans) == 0 {
			continue
		}
		for y := ty * gifTileH; y < min(sh, (ty+1)*gifTileH); y++ {
			l.unpackRow(y, img.Pix[y*img.Stride:y*img.Stride+4*sw], w.spans)
		}
	}
}

// unpackRow sets the pixels of row y of the layer within spans (in order,
// apart) in px, the row's pixels.
func (p *packedLayer) unpackRow(y int, px []byte, spans []gifSpan) {
	x, k := 0, 0
	for _, r := range p.runs[p.rows[y]:] {
		end := x + int(r.n)
		for k < len(spans) && spans[k].x1 <= x {
			k++
		}
		if k == len(spans) {
			return
		}
		for j := k; j < len(spans) && spans[j].x0 < end; j++ {
			a, b := max(x, spans[j].x0), min(end, spans[j].x1)
			seg := px[4*a : 4*b]
			binary.LittleEndian.PutUint32(seg, r.c)
			for n := 4; n < len(seg); n *= 2 {
				copy(seg[n:], seg[:n])
			}
		}
		x = end
	}
}

// gifColours maps colours to the palette's nearest, remembering the
// answers.
type gifColours struct {
	colours [][3]int32
	keys    []uint32 // colour | 1<<24, 0 for an empty slot
	idx     []uint8
	n       int
}

const gifColourSlots = 1 << 16

func (c *gifColours) init(colours [][3]int32) {
	c.colours = colours
	c.keys = make([]uint32, gifColourSlots)
	c.idx = make([]uint8, gifColourSlots)
}

// index is the palette index of the colour rgb (red in the low byte): the
// colour itself if the palette has it, else the nearest.
func (c *gifColours) index(rgb uint32) uint8 {
	key := rgb | 1<<24
	s := (key * 0x9e3779b1) >> (32 - 16)
	for {
		switch c.keys[s] {
		case key:
			return c.idx[s]
		case 0:
			if c.n >= gifColourSlots*3/4 {
				clear(c.keys)
				c.n = 0
			}
			i := c.nearest(rgb)
			c.keys[s], c.idx[s] = key, i
			c.n++
			return i
		}
		s = (s + 1) & (gifColourSlots - 1)
	}
}

// nearest is the index of the palette colour nearest rgb, by a distance
// that weighs green most, then blue, then red, as the eye does.
func (c *gifColours) nearest(rgb uint32) uint8 {
	r, g, b := int32(rgb&0xff), int32(rgb>>8&0xff), int32(rgb>>16&0xff)
	best, bestD := 0, int32(1<<31-1)
	for i, p := range c.colours {
		dr, dg, db := r-p[0], g-p[1], b-p[2]
		if d := 2*dr*dr + 4*dg*dg + 3*db*db; d < bestD {
			best, bestD = i, d
			if d == 0 {
				break
			}
		}
	}
	return uint8(best)
}

// The file.

// gifHeaderSize is the bytes of the file before its first frame: the
// header, the screen, the palette and the loop.
const gifHeaderSize = 6 + 7 + 3*256 + 19

// gifEncoder compresses frames; reuse it.
type gifEncoder struct {
	lzw gifLZW
	row []uint8
}

// frame returns the record of the frame whose pixels are pix (w a row)
// within r, after a frame whose pixels were was: the pixels it leaves as
// they were are transparent. An empty r makes a frame of a transparent
// pixel.
func (e *gifEncoder) frame(pix, was []uint8, w int, r image.Rectangle) []byte {
	e.lzw.reset()
	if r.Empty() {
		pix, was, w, r = []uint8{gifTransparent}, []uint8{0}, 1, image.Rect(0, 0, 1, 1)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		e.row = e.row[:0]
		now, then := pix[y*w+r.Min.X:y*w+r.Max.X], was[y*w+r.Min.X:y*w+r.Max.X]
		for x, c := range now {
			if c == then[x] {
				c = gifTransparent
			}
			e.row = append(e.row, c)
		}
		e.lzw.write(e.row)
	}
	data := e.lzw.close()
	out := make([]byte, 0, 8+10+1+len(data)+len(data)/255+2)
	// The frame's control: left in place, transparent pixels, the delay
	// (set when the file is put together).
	out = append(out, 0x21, 0xf9, 4, 1<<2|1, 0, 0, gifTransparent, 0)
	out = append(out, 0x2c)
	for _, v := range []int{r.Min.X, r.Min.Y, r.Dx(), r.Dy()} {
		out = binary.LittleEndian.AppendUint16(out, uint16(v))
	}
	out = append(out, 0, gifLitWidth)
	// The data in sub-blocks of at most 255 bytes.
	for len(data) > 0 {
		n := min(len(data), 255)
		out = append(out, byte(n))
		out = append(out, data[:n]...)
		data = data[n:]
	}
	return append(out, 0)
}

// gifLZW is the LZW compression of GIF for 256 colours, as compress/lzw
// makes it (the same codes, bit for bit), made quicker for the long runs of
// transparent pixels of a frame's rectangle: the codes of the runs of
// gifTransparent of each length are remembered, so a run takes a step for
// each code it is written as, not for each pixel.
type gifLZW struct {
	out     []byte
	bits    uint64
	nBits   uint
	width   uint
	hi      uint32                 // the code last given to a string
	code    uint32                 // the string matched so far, gifNoCode before the first byte
	run     int                    // its length, when it is a run of gifTransparent; else 0
	longest int                    // the longest run that has a code
	runs    [gifMaxCode + 1]uint16 // the code of each run up to longest
	table   [gifTableSize]uint32   // hash table: the string's code and its last byte <<12 | its code
}

const (
	gifLitWidth  = 8
	gifClear     = 1 << gifLitWidth
	gifMaxCode   = 1<<12 - 1
	gifTableSize = 4 << 12
	gifTableMask = gifTableSize - 1
	gifNoCode    = 1<<32 - 1
)

func (z *gifLZW) reset() {
	z.out = z.out[:0]
	z.bits, z.nBits = 0, 0
	z.code = gifNoCode
	z.clear()
}

// clear starts a new table of strings.
func (z *gifLZW) clear() {
	z.width = gifLitWidth + 1
	z.hi = gifClear + 1
	z.longest = 1
	z.runs[1] = gifTransparent
	clear(z.table[:])
}

// emit writes the code c.
func (z *gifLZW) emit(c uint32) {
	z.bits |= uint64(c) << z.nBits
	z.nBits += z.width
	for z.nBits >= 8 {
		z.out = append(z.out, byte(z.bits))
		z.bits >>= 8
		z.nBits -= 8
	}
}

// next counts a new code, widening the codes when they need a bit more;
// when the codes run out it writes a clear code, starts a new table and
// returns false.
func (z *gifLZW) next() bool {
	z.hi++
	if z.hi == 1<<z.width {
		z.width++
	}
	if z.hi == gifMaxCode {
		z.emit(gifClear)
		z.clear()
		return false
	}
	return true
}

// write compresses p.
func (z *gifLZW) write(p []byte) {
	if len(p) == 0 {
		return
	}
	if z.code == gifNoCode {
		z.emit(gifClear)
		z.code, z.run = uint32(p[0]), 0
		if p[0] == gifTransparent {
			z.run = 1
		}
		p = p[1:]
	}
	code, run := z.code, z.run
loop:
	for i := 0; i < len(p); {
		x := p[i]
		if run > 0 && x == gifTransparent && run < z.longest {
			// Take as much of the run as has a code.
			n := min(z.longest-run, gifRunAt(p[i:]))
			run += n
			i += n
			code = uint32(z.runs[run])
			continue
		}
		i++
		key := code<<8 | uint32(x)
		h := (key>>12 ^ key) & gifTableMask
		for t := z.table[h]; t != 0; t = z.table[h] {
			if key == t>>12 {
				// A run that reaches here is the longest, whose string one
				// longer is not in the table: the string matched is no run.
				code, run = t&gifMaxCode, 0
				continue loop
			}
			h = (h + 1) & gifTableMask
		}
		// Not in the table: write the string, and the byte starts the next.
		z.emit(code)
		code = uint32(x)
		extends := run > 0 && x == gifTransparent
		run = 0
		if x == gifTransparent {
			run = 1
		}
		if !z.next() {
			continue
		}
		for z.table[h] != 0 {
			h = (h + 1) & gifTableMask
		}
		z.table[h] = key<<12 | z.hi
		if extends {
			// The run one longer than the longest has its code now.
			z.longest++
			z.runs[z.longest] = uint16(z.hi)
		}
	}
	z.code, z.run = code, run
}

// gifRunAt is how many bytes of gifTransparent p starts with.
func gifRunAt(p []byte) int {
	const all = ^uint64(0) / 0xff * gifTransparent
	n := 0
	for n+8 <= len(p) && binary.LittleEndian.Uint64(p[n:]) == all {
		n += 8
	}
	for n < len(p) && p[n] == gifTransparent {
		n++
	}
	return n
}

// close ends the data and returns it, without its sub-blocks.
func (z *gifLZW) close() []byte {
	if z.code == gifNoCode {
		z.emit(gifClear)
	} else {
		z.emit(z.code)
		z.next()
	}
	z.emit(gifClear + 1) // the end
	if z.nBits > 0 {
		z.out = append(z.out, byte(z.bits))
	}
	return z.out
}

// assemble puts the file together from the frames' records, setting their
// delays.
func (g *gifGeom) assemble(recs []gifRec, o GIFOptions) []byte {
	size := gifHeaderSize + 1
	for _, rec := range recs {
		size += len(rec.data)
	}
	out := make([]byte, 0, size)
	out = append(out, "GIF89a"...)
	out = binary.LittleEndian.AppendUint16(out, uint16(g.w))
	out = binary.LittleEndian.AppendUint16(out, uint16(g.h))
	out = append(out, 0xf7, 0, 0) // a palette of 256 colours; background 0
	for _, c := range g.palette {
		c := c.(color.RGBA)
		out = append(out, c.R, c.G, c.B)
	}
	out = append(out, 0x21, 0xff, 11)
	out = append(out, "NETSCAPE2.0"...)
	out = append(out, 3, 1, 0, 0, 0) // loop forever
	delay := o.Delay
	if delay <= 0 {
		delay = GIFDelay(len(recs))
	}
	cs := func(d time.Duration) uint16 {
		return uint16(min(0xffff, max(2, (d+5*time.Millisecond)/(10*time.Millisecond))))
	}
	for i, rec := range recs {
		d := delay
		switch {
		case i == len(recs)-1:
			d = o.Hold
		case i == 0:
			d = min(2*delay, o.Hold)
		}
		at := len(out)
		out = append(out, rec.data...)
		binary.LittleEndian.PutUint16(out[at+4:], cs(d))
	}
	return append(out, 0x3b)
}

// Scaling.

// gifScaler scales pictures of one size by averaging the area each scaled
// pixel covers, in fixed point: a flat colour keeps its exact value. The
// three channels of a pixel are added up at once, as lanes of 21 bits of a
// uint64 (see gifSpread).
type gifScaler struct {
	sw, sh int // the picture's size
	dw, dh int // its scaled size, cropped to the GIF's
	x, y   gifAxis
}

// gifAxis is the weights along one axis: scaled pixel j averages the
// picture's pixels start[j] to start[j]+taps-1 by w[j*taps:], which sum to
// one in fixed point.
type gifAxis struct {
	taps  int
	start []int32
	w     []uint64
}

// Weights across sum to 1<<gifXBits, down to 1<<gifYBits. A sum across is
// at most 255<<gifXBits a lane and keeps gifFrac bits below the byte for
// the sum down, at most 255<<(gifFrac+gifYBits): both under 1<<21.
const (
	gifXBits = 13
	gifYBits = 10
	gifFrac  = 3
	gifLane  = 1<<42 | 1<<21 | 1 // a one in each lane
)

// gifSpread spreads the red, green and blue of a pixel (as four bytes,
// red first) into lanes 21 bits apart.
func gifSpread(p uint32) uint64 {
	x := uint64(p)
	return x&0xff | (x&0xff00)<<13 | (x&0xff0000)<<26
}

func newGIFScaler(sw, sh int, scale float64, maxW, maxH int) *gifScaler {
	dw, dh := max(1, int(float64(sw)*scale+0.5)), max(1, int(float64(sh)*scale+0.5))
	sc := &gifScaler{sw: sw, sh: sh, x: newGIFAxis(sw, dw, gifXBits), y: newGIFAxis(sh, dh, gifYBits)}
	sc.dw, sc.dh = min(dw, maxW), min(dh, maxH)
	return sc
}

// newGIFAxis weighs n pixels down to m (m <= n, else up), with weights that
// sum to 1<<bits.
func newGIFAxis(n, m int, bits int) gifAxis {
	// In units of 1/(n*m) of the picture's length: the picture's pixel
	// k spans [k*m, (k+1)*m), the scaled pixel j [j*n, (j+1)*n).
	type tap struct {
		k int
		w uint64
	}
	all := make([][]tap, m)
	taps := 1
	for j := range m {
		lo, hi := j*n, (j+1)*n
		var ts []tap
		cum, prev := 0, uint64(0)
		for k := lo / m; k*m < hi && k < n; k++ {
			cum += min((k+1)*m, hi) - max(k*m, lo)
			// Rounded cumulatively, so the weights sum to one exactly.
			at := uint64((cum<<bits + n/2) / n)
			if at > prev {
				ts = append(ts, tap{k, at - prev})
			}
			prev = at
		}
		all[j] = ts
		taps = max(taps, ts[len(ts)-1].k-ts[0].k+1)
	}
	a := gifAxis{taps: taps, start: make([]int32, m), w: make([]uint64, m*taps)}
	for j, ts := range all {
		s := min(ts[0].k, n-taps)
		a.start[j] = int32(s)
		for _, t := range ts {
			a.w[j*taps+t.k-s] = t.w
		}
	}
	return a
}

// covering is the rectangle of scaled pixels that the picture's pixels in
// src weigh in, cropped to the scaled size.
func (sc *gifScaler) covering(src image.Rectangle) image.Rectangle {
	x0, x1 := sc.x.covering(src.Min.X, src.Max.X)
	y0, y1 := sc.y.covering(src.Min.Y, src.Max.Y)
	return image.Rect(x0, y0, min(x1, sc.dw), min(y1, sc.dh))
}

// covering is the range of scaled pixels whose taps meet [a, b).
func (ax *gifAxis) covering(a, b int) (int, int) {
	j0 := sort.Search(len(ax.start), func(j int) bool { return int(ax.start[j])+ax.taps > a })
	j1 := sort.Search(len(ax.start), func(j int) bool { return int(ax.start[j]) >= b })
	return j0, j1
}

// gifScratch is a scaler's scratch space; reuse it.
type gifScratch struct {
	rows []uint64 // the picture's rows scaled across, in lanes
	out  []uint32
}

// gifBand is how many scaled rows are made at once.
const gifBand = 32

// scale scales the pixels of img (the scaler's size) that make the scaled
// pixels in dst, and hands each scaled row to emit: its y, its first x, and
// its colours packed red in the low byte.
func (sc *gifScaler) scale(img *image.RGBA, dst image.Rectangle, s *gifScratch, emit func(y, x0 int, row []uint32)) {
	if dst.Empty() {
		return
	}
	n := dst.Dx()
	xt, yt := sc.x.taps, sc.y.taps
	if cap(s.out) < n {
		s.out = make([]uint32, n)
	}
	out := s.out[:n]
	const (
		xShift = gifXBits - gifFrac
		xHalf  = gifLane << (xShift - 1)        // a half of what the shift across drops
		xMask  = (1<<(8+gifFrac) - 1) * gifLane // what it keeps of each lane
		yShift = gifFrac + gifYBits
		yHalf  = gifLane << (yShift - 1)
	)
	starts, ws := sc.x.start[dst.Min.X:dst.Max.X], sc.x.w[dst.Min.X*xt:dst.Max.X*xt]
	for y0 := dst.Min.Y; y0 < dst.Max.Y; y0 += gifBand {
		y1 := min(y0+gifBand, dst.Max.Y)
		sy0, sy1 := int(sc.y.start[y0]), int(sc.y.start[y1-1])+yt
		if need := (sy1 - sy0) * n; cap(s.rows) < need {
			s.rows = make([]uint64, need)
		}
		rows := s.rows[:(sy1-sy0)*n]
		// Across: each row of the picture to the scaled width, keeping
		// gifYBits more bits than a byte.
		for sy := sy0; sy < sy1; sy++ {
			src := img.Pix[sy*img.Stride : sy*img.Stride+4*sc.sw]
			o := rows[(sy-sy0)*n : (sy-sy0+1)*n]
			if xt == 3 {
				for i, st := range starts {
					p := src[4*int(st) : 4*int(st)+12]
					a, b, c := binary.LittleEndian.Uint32(p), binary.LittleEndian.Uint32(p[4:]), binary.LittleEndian.Uint32(p[8:])
					if a == b && b == c {
						o[i] = gifSpread(a) << gifFrac
						continue
					}
					w := ws[3*i : 3*i+3]
					h := w[0]*gifSpread(a) + w[1]*gifSpread(b) + w[2]*gifSpread(c)
					o[i] = (h + xHalf) >> xShift & xMask
				}
				continue
			}
			for i, st := range starts {
				var h uint64
				for t, w := range ws[i*xt : i*xt+xt] {
					h += w * gifSpread(binary.LittleEndian.Uint32(src[4*(int(st)+t):]))
				}
				o[i] = (h + xHalf) >> xShift & xMask
			}
		}
		// Down: each scaled row from the rows it covers.
		for y := y0; y < y1; y++ {
			wy := sc.y.w[y*yt : y*yt+yt]
			base := int(sc.y.start[y]) - sy0
			if yt == 3 {
				r0, r1, r2 := rows[base*n:(base+1)*n], rows[(base+1)*n:(base+2)*n], rows[(base+2)*n:(base+3)*n]
				w0, w1, w2 := wy[0], wy[1], wy[2]
				for i := range out {
					v := (w0*r0[i] + w1*r1[i] + w2*r2[i] + yHalf) >> yShift
					out[i] = uint32(v&0xff | v>>13&0xff00 | v>>26&0xff0000)
				}
			} else {
				for i := range out {
					var v uint64
					for t, w := range wy {
						v += w * rows[(base+t)*n+i]
					}
					v = (v + yHalf) >> yShift
					out[i] = uint32(v&0xff | v>>13&0xff00 | v>>26&0xff0000)
				}
			}
			emit(y, dst.Min.X, out)
		}
	}
}
