package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"unicode"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"

	"parlor/rules"
)

// Info is what a picture shows beyond the position itself.
type Info struct {
	Names    []string // display names by seat
	LastMove string   // canonical text of the last move played, "" if none
	Title    string   // optional caption, e.g. "Game 12"

	// Earlier are turns played before the latest, oldest first, for the
	// picture to mark too: those since the viewer's previous decision. The
	// state drawn marks its latest turn itself; each earlier turn is
	// marked under it with the same kind of marks (paths, arrowheads, the
	// squares or holes left), in its mover's seat colour, fainter the
	// older it is; the most recent five at most (maxEarlier). With none,
	// the picture is the same as without the field.
	Earlier []Turn

	// Say says a message in the picture's language: format, the English
	// text, is the message's key (a fmt format), and args that are a
	// rules.Word or rules.Text are said in it too. nil: English.
	Say func(format string, args ...any) string
}

// T is the message format with args, said in the picture's language: every
// word a picture shows goes through it (render imports no catalogs; the
// caller's Say does).
func (in Info) T(format string, args ...any) string {
	if in.Say != nil {
		return in.Say(format, args...)
	}
	return fmt.Sprintf(format, args...)
}

// Move is a move text as the picture's language writes it: its notation
// words ("pass", "start") said in it, its squares and numbers as they are.
func (in Info) Move(text string) string { return in.T("%s", rules.MoveText(text)) }

// Turn is a turn played, for a picture to mark (Info.Earlier). The caller
// replays the game's log to make it: render plays no moves.
type Turn struct {
	// State is the position just after the turn, of the same game as the
	// state drawn; its record of its latest turn (kimbo.Position.Last,
	// kippykoo's, rumba's) says what to mark: a Kimbo turn's fence and
	// move, all the throws of a Kippy Koo turn that threw again after
	// doubles, a Rumba throw's moves. A state after any decision of the
	// turn will do: one that the next Turn (or the state drawn) carries on
	// from, the same turn further on, is marked as part of that one.
	State rules.State
	// Move is the text of an All the King's Men turn's move, as LastMove,
	// which its positions do not record; the other games ignore it.
	Move string
}

// Name is the display name of seat, cleaned of characters c's fonts
// cannot draw (see Canvas.Clean), or fallback when nothing is left.
func (in Info) Name(c *Canvas, seat int, fallback string) string {
	if seat < 0 || seat >= len(in.Names) {
		return fallback
	}
	if n := c.Clean(in.Names[seat]); n != "" {
		return n
	}
	return fallback
}

// word is w, a word of an engine (a side, a hand), said in the picture's
// language.
func (in Info) word(w rules.Word) string { return in.T("%s", w) }

// ErrUnknownGame is wrapped by the error Image returns for a state no
// painter knows.
var ErrUnknownGame = errors.New("render: no painter for this game")

// Painter draws the states of one game. A Renderer is made with the
// painters of the games it draws and asks each state's painter for its
// picture; a game's painter is listed once, beside its engine (see bot's
// Kits). A Painter is used by many pictures at once, so what it keeps
// between pictures must be safe for concurrent use.
type Painter interface {
	// Paints reports whether s is a state of the painter's game.
	Paints(s rules.State) bool
	// Paint draws s, a state of its game, with what info says, on an
	// image it takes from c (Canvas.Board), and returns that image.
	Paint(c *Canvas, s rules.State, info Info) (*image.RGBA, error)
}

// PainterOf is the Painter of the game whose states are of type P,
// drawing them with paint; a nil pointer of type P is refused before
// paint is called.
func PainterOf[P rules.State](paint func(c *Canvas, p P, info Info) (*image.RGBA, error)) Painter {
	return painterOf[P](paint)
}

type painterOf[P rules.State] func(c *Canvas, p P, info Info) (*image.RGBA, error)

func (painterOf[P]) Paints(s rules.State) bool {
	_, ok := s.(P)
	return ok
}

func (f painterOf[P]) Paint(c *Canvas, s rules.State, info Info) (*image.RGBA, error) {
	p, ok := s.(P)
	if !ok {
		return nil, fmt.Errorf("%w: %T", ErrUnknownGame, s)
	}
	if v := reflect.ValueOf(p); v.Kind() == reflect.Pointer && v.IsNil() {
		return nil, fmt.Errorf("render: nil %T", p)
	}
	return f(c, p, info)
}

// Renderer draws game states. It caches the parsed fonts and each game's
// static board, so make one and share it; it is safe for concurrent use.
type Renderer struct {
	turns    chan struct{} // one for each picture being made
	fonts    *fonts
	painters []Painter
	// Scratch kept between pictures; each is used by one goroutine at a
	// time. Font faces are not safe for concurrent use.
	canvases   freeList[*Canvas]
	sheets     sheets
	quantizers freeList[*quantizer]
	encoders   freeList[*pngEncoder]
	layers     layers
}

// freeList keeps a few values for reuse; unlike a sync.Pool it is not
// emptied by the garbage collector, so glyph caches stay warm.
type freeList[T any] chan T

// get returns a kept value, or the zero value when there is none.
func (f freeList[T]) get() (t T) {
	select {
	case t = <-f:
	default:
	}
	return t
}

// put keeps t unless the list is full.
func (f freeList[T]) put(t T) {
	select {
	case f <- t:
	default:
	}
}

// New returns a Renderer of the games whose painters are given (see
// Painter). The embedded fonts are parsed here; the static boards are
// drawn the first time each game is drawn.
func New(painters ...Painter) *Renderer {
	keep := runtime.GOMAXPROCS(0) // pictures drawn at once, each with its scratch
	return &Renderer{
		turns:      make(chan struct{}, keep),
		fonts:      parseFonts(),
		painters:   painters,
		canvases:   make(freeList[*Canvas], keep),
		sheets:     sheets{keep: keep},
		quantizers: make(freeList[*quantizer], keep),
		encoders:   make(freeList[*pngEncoder], keep),
	}
}

// Image draws s. It fails for a state of a game that has no painter.
func (r *Renderer) Image(s rules.State, info Info) (image.Image, error) {
	img, _, _, err := r.draw(s, info, false)
	if err != nil {
		return nil, err
	}
	return img, nil
}

// draw paints s, on a sheet of r's (returned) if onSheet, else on a new
// image, and returns the image painted and the static layer it was painted
// on, nil if none.
func (r *Renderer) draw(s rules.State, info Info, onSheet bool) (img *image.RGBA, base *packedLayer, sh *sheet, err error) {
	if r.fonts.err != nil {
		return nil, nil, nil, r.fonts.err
	}
	c := r.canvases.get()
	if c == nil {
		c = &Canvas{fonts: r.fonts, faces: map[faceKey]font.Face{}, r: r}
	}
	defer r.canvases.put(c)
	c.layer, c.sheet, c.onSheet = nil, nil, onSheet
	img, err = r.paint(s, info, c)
	return img, c.layer, c.sheet, err
}

// paint has the painter of s's game paint it.
func (r *Renderer) paint(s rules.State, info Info, c *Canvas) (*image.RGBA, error) {
	if s == nil {
		return nil, fmt.Errorf("render: nil state")
	}
	for _, p := range r.painters {
		if p.Paints(s) {
			return p.Paint(c, s, info)
		}
	}
	return nil, fmt.Errorf("%w: %T", ErrUnknownGame, s)
}

// PNG draws s and encodes it as an 8-bit paletted PNG file (see
// quantize.go and pngenc.go), 60–110 KB for a board. As many pictures are
// made at once as there are cores; more wait their turn, which takes less
// time than sharing the cores and holds the memory of only a few sheets
// (see layers.go).
func (r *Renderer) PNG(s rules.State, info Info) ([]byte, error) {
	r.turns <- struct{}{}
	defer func() { <-r.turns }()
	img, base, sh, err := r.draw(s, info, true)
	if sh != nil {
		defer r.sheets.put(sh)
	}
	if err != nil {
		return nil, err
	}
	runtime.Gosched()
	q := r.quantizers.get()
	if q == nil {
		q = newQuantizer()
	}
	var pal *image.Paletted
	if sh != nil && img == sh.img && base != nil {
		pal, sh.undo = q.quantizeOver(img, base, sh.pal, sh.undo[:0])
		defer func() { restore(pal, sh.undo); sh.shows = base }()
	} else {
		pal = q.quantize(img, nil)
	}
	r.quantizers.put(q)

	runtime.Gosched()
	e := r.encoders.get()
	if e == nil {
		e = new(pngEncoder)
	}
	defer r.encoders.put(e)
	e.file.Reset()
	var raw []byte
	if sh != nil && pal == sh.pal {
		raw = sh.raw
	}
	if err := e.encodeRows(&e.file, pal, raw); err != nil {
		return nil, fmt.Errorf("render: encode png: %w", err)
	}
	return bytes.Clone(e.file.Bytes()), nil
}

// A picture keeps a core busy for several milliseconds, and a goroutine
// that does not block runs until the scheduler preempts it, every 10 ms:
// meanwhile the quick work that answers Discord (a deferral, an
// acknowledgement) waits for a core. So a picture steps aside between its
// steps and between the blocks of its file (see pngEncoder.deflate).

// The shared palette. Seat colours are an orange-red and blue pair that
// people with the common colour-vision deficiencies can tell apart, then a
// gold and a teal green for games of three and four (whose pieces also carry
// letters); every seat colour comes with a dark outline and a light tint.
var (
	paper     = color.RGBA{0xf6, 0xf1, 0xe6, 0xff}
	ink       = color.RGBA{0x26, 0x22, 0x1e, 0xff}
	muted     = color.RGBA{0x6b, 0x60, 0x55, 0xff}
	white     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	threatRed = color.RGBA{0xd0, 0x10, 0x2c, 0xff}

	seatFill    = [...]color.RGBA{{0xe8, 0x5d, 0x1c, 0xff}, {0x1f, 0x6f, 0xc5, 0xff}, {0xf2, 0xb7, 0x05, 0xff}, {0x12, 0x9a, 0x7d, 0xff}}
	seatOutline = [...]color.RGBA{{0x5c, 0x1e, 0x00, 0xff}, {0x0a, 0x26, 0x4a, 0xff}, {0x5e, 0x43, 0x00, 0xff}, {0x04, 0x3b, 0x2f, 0xff}}
	seatTint    = [...]color.RGBA{{0xfb, 0xdd, 0xcb, 0xff}, {0xd3, 0xe4, 0xf7, 0xff}, {0xfc, 0xed, 0xc0, 0xff}, {0xcc, 0xed, 0xe4, 0xff}}
)

// alpha returns c at opacity a (0–1), premultiplied as image/color wants.
func alpha(c color.RGBA, a float64) color.RGBA {
	m := func(v uint8) uint8 { return uint8(float64(v)*a + 0.5) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), m(c.A)}
}

// fonts holds the embedded Go fonts, parsed once.
type fonts struct {
	regular, bold *truetype.Font
	err           error
}

func parseFonts() *fonts {
	f := &fonts{}
	var errR, errB error
	f.regular, errR = truetype.Parse(goregular.TTF)
	f.bold, errB = truetype.Parse(gobold.TTF)
	if err := errors.Join(errR, errB); err != nil {
		f.err = fmt.Errorf("render: parse fonts: %w", err)
	}
	return f
}

// clean drops from s the characters the fonts have no glyph for (emoji,
// most scripts beyond Latin, Greek and Cyrillic), so that no box is drawn,
// and squeezes the spaces.
func (f *fonts) clean(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case unicode.IsSpace(c):
			b.WriteRune(' ')
		case unicode.IsControl(c):
		case f.regular.Index(c) != 0 && f.bold.Index(c) != 0:
			b.WriteRune(c)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

type faceKey struct {
	bold bool
	size float64
}

// Canvas is what a Painter draws a picture with: the renderer's fonts, as
// faces (Face), and its cache of static layers, one of which the picture
// starts from (Board). A Canvas is one goroutine's, for one picture at a
// time; the renderer keeps a few between pictures, so that the faces'
// glyph caches stay warm.
type Canvas struct {
	fonts *fonts
	faces map[faceKey]font.Face
	r     *Renderer
	// layer is the static layer the picture being drawn starts from, set
	// by canvas when the painter takes it; sheet is the sheet it is
	// painted on, if onSheet.
	layer   *packedLayer
	sheet   *sheet
	onSheet bool
}

// Board returns the image a picture is painted on: a copy of the static
// layer of game (its name) and variant whose words (a comparable value of
// the texts it draws, in the picture's language) are words, drawn by draw
// the first time it is asked for and then kept (see layers.go). A painter
// takes one Board for each picture, before painting on it what changes
// from a position to the next.
func (k *Canvas) Board(game string, variant int, words any, draw func() *image.RGBA) *image.RGBA {
	return k.canvas(k.base(game, variant, words, draw))
}

// Clean is s without the characters the fonts cannot draw, its spaces
// squeezed: what a picture shows of a name.
func (k *Canvas) Clean(s string) string { return k.fonts.clean(s) }

// base returns the static layer of game and variant whose words (a
// comparable value of the texts it draws, in the picture's language) are
// words, drawn by draw the first time.
func (k *Canvas) base(game string, variant int, words any, draw func() *image.RGBA) *packedLayer {
	return k.r.layers.get(layerKey{game, variant, words}, k.r.reduce, draw)
}

// canvas returns the image a picture on the static layer l is painted on:
// a sheet showing l, or a new image of l.
func (k *Canvas) canvas(l *packedLayer) *image.RGBA {
	k.layer = l
	if !k.onSheet {
		return l.image()
	}
	k.sheet = k.r.sheets.take(l)
	return k.sheet.img
}

// reduce reduces a static layer to refColours colours.
func (r *Renderer) reduce(m *image.RGBA) *image.Paletted {
	q := r.quantizers.get()
	if q == nil {
		q = newQuantizer()
	}
	defer r.quantizers.put(q)
	ref := q.quantizeTo(m, nil, refColours)
	q.runs = nil // a whole picture's runs: not kept for the pictures, which need none
	return ref
}

func (k *Canvas) Face(bold bool, size float64) font.Face {
	key := faceKey{bold, size}
	if f, ok := k.faces[key]; ok {
		return f
	}
	ft := k.fonts.regular
	if bold {
		ft = k.fonts.bold
	}
	f := &cachedFace{
		// Glyphs at whole pixels (SubPixelsX 1), so a rune has one mask,
		// kept by cachedFace: truetype's own cache of one entry is only
		// the buffer its masks are drawn in.
		Face:    truetype.NewFace(ft, &truetype.Options{Size: size, Hinting: font.HintingFull, GlyphCacheEntries: 1, SubPixelsX: 1, SubPixelsY: 1}),
		advance: map[rune]fixed.Int26_6{},
		glyphs:  map[rune]cachedGlyph{},
	}
	b, _, _ := f.Face.GlyphBounds('H')
	f.capHeight = float64(-b.Min.Y) / 64
	k.faces[key] = f
	return f
}

// cachedFace remembers glyph advances, which a truetype face works out
// afresh (running the hinter) on every call, and measuring text needs; and
// glyph masks, which truetype keeps in a cache indexed by glyph number
// modulo its size, where the glyphs of one line of text collide.
type cachedFace struct {
	font.Face
	advance   map[rune]fixed.Int26_6
	glyphs    map[rune]cachedGlyph
	capHeight float64
}

// cachedGlyph is a glyph's mask, its place from the dot, and its advance.
type cachedGlyph struct {
	mask    *image.Alpha
	offset  image.Point
	advance fixed.Int26_6
	ok      bool
}

// maxCachedGlyphs bounds a face's glyphs: names may bring any rune.
const maxCachedGlyphs = 512

// Glyph is truetype's Glyph for glyphs at whole pixels, from the cache.
func (f *cachedFace) Glyph(dot fixed.Point26_6, r rune) (dr image.Rectangle, mask image.Image, maskp image.Point, advance fixed.Int26_6, ok bool) {
	g, hit := f.glyphs[r]
	if !hit {
		gdr, gmask, gp, adv, gok := f.Face.Glyph(fixed.Point26_6{}, r)
		g = cachedGlyph{offset: gdr.Min, advance: adv, ok: gok}
		if gok {
			g.mask = image.NewAlpha(image.Rectangle{Max: gdr.Size()})
			if gdr.Dx() > 0 && gdr.Dy() > 0 {
				draw.Draw(g.mask, g.mask.Rect, gmask, gp, draw.Src)
			}
		}
		if len(f.glyphs) >= maxCachedGlyphs {
			clear(f.glyphs)
		}
		f.glyphs[r] = g
	}
	if !g.ok {
		return image.Rectangle{}, nil, image.Point{}, 0, false
	}
	// The dot rounded to a whole pixel, as truetype places a glyph when
	// there is one place a pixel.
	at := image.Pt(int((dot.X+32)>>6), int((dot.Y+32)>>6)).Add(g.offset)
	return g.mask.Rect.Add(at), g.mask, image.Point{}, g.advance, true
}

func (f *cachedFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if a, ok := f.advance[r]; ok {
		return a, true
	}
	a, ok := f.Face.GlyphAdvance(r)
	if ok {
		f.advance[r] = a
	}
	return a, ok
}

// textWidth is the advance of s in pixels.
func textWidth(f font.Face, s string) float64 {
	return float64(font.MeasureString(f, s)) / 64
}

// capHeight is the height of a capital letter in pixels.
func capHeight(f font.Face) float64 {
	if c, ok := f.(*cachedFace); ok {
		return c.capHeight
	}
	b, _, _ := f.GlyphBounds('H')
	return float64(-b.Min.Y) / 64
}

// drawText draws s with its left end at x and capital letters centred
// vertically on y; ax 0.5 centres it on x, 1 ends it at x. It returns the
// text's width.
func drawText(dst *image.RGBA, f font.Face, s string, x, y, ax float64, c color.Color) float64 {
	w := textWidth(f, s)
	d := font.Drawer{
		Dst:  dst,
		Src:  image.NewUniform(c),
		Face: f,
		Dot:  fixed.Point26_6{X: fixed.Int26_6((x - ax*w) * 64), Y: fixed.Int26_6((y + capHeight(f)/2) * 64)},
	}
	if labelHook != nil {
		labelHook(dst, f, s, d.Dot)
	}
	d.DrawString(s)
	return w
}

// labelHook, set only by tests (phone_test.go), is told of every text
// drawText draws: where, with which face, from which dot.
var labelHook func(dst *image.RGBA, f font.Face, s string, dot fixed.Point26_6)

// spriteHook, set only by tests, is told of every sprite over draws.
var spriteHook func(dst, src *image.RGBA, x, y int)

// fit shortens s with an ellipsis until it is at most width pixels wide.
func fit(f font.Face, s string, width float64) string {
	if textWidth(f, s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		t := strings.TrimRight(string(r), " ") + "…"
		if textWidth(f, t) <= width {
			return t
		}
	}
	return "…"
}

// over draws src, premultiplied, on the opaque dst with its top-left
// corner at (x, y). It is draw.Draw with draw.Over made quick for sprites,
// whose pixels are mostly fully transparent or fully opaque.
func over(dst *image.RGBA, src *image.RGBA, x, y int) {
	if spriteHook != nil {
		spriteHook(dst, src, x, y)
	}
	blend(dst, src, x, y)
}

// blend is over without telling spriteHook: for stamps, which are not
// pieces.
func blend(dst *image.RGBA, src *image.RGBA, x, y int) {
	r := image.Rect(x, y, x+src.Rect.Dx(), y+src.Rect.Dy()).Intersect(dst.Rect)
	for py := r.Min.Y; py < r.Max.Y; py++ {
		d := dst.Pix[dst.PixOffset(r.Min.X, py):dst.PixOffset(r.Max.X, py)]
		s := src.Pix[src.PixOffset(src.Rect.Min.X+r.Min.X-x, src.Rect.Min.Y+py-y):]
		for i := 0; i+4 <= len(d); i += 4 {
			sp := s[i : i+4 : i+4]
			switch a := sp[3]; a {
			case 0:
			case 0xff:
				copy(d[i:i+4], sp)
			default:
				k := uint32(0xff - a)
				dp := d[i : i+4 : i+4]
				dp[0] = sp[0] + uint8((uint32(dp[0])*k+0x7f)/0xff)
				dp[1] = sp[1] + uint8((uint32(dp[1])*k+0x7f)/0xff)
				dp[2] = sp[2] + uint8((uint32(dp[2])*k+0x7f)/0xff)
				dp[3] = a + uint8((uint32(dp[3])*k+0x7f)/0xff)
			}
		}
	}
}

// A picture repeats small drawings from one picture to the next (a seat's
// bar, a die, a ring round a piece): each is a stamp, drawn once as a
// sprite for its look and the fraction of a pixel where it falls, then
// copied onto the pictures, which is several times quicker than
// rasterizing its shapes again. Stamped or drawn, the picture differs by a
// unit of rounding at most.

// stampKey names a stamp's sprite: what it shows (the painter's key) and
// where it falls within a pixel.
type stampKey struct {
	what   any
	fx, fy float64
}

// stampBudget is the bytes of sprites kept; past it, they are all
// forgotten and drawn again as needed.
const stampBudget = 4 << 20

// stampBook is the sprites of the stamps, shared by every picture.
type stampBook struct {
	mu    sync.Mutex
	m     map[stampKey]*image.RGBA
	bytes int
}

var stamps stampBook

// stamp draws on dc's image what paint draws in the box w×h with its
// top-left corner at (x, y), from the sprite of what (a comparable value
// naming everything paint's drawing depends on besides the box's corner).
// paint draws with the box's corner at (x, y) of the context it is given.
func stamp(dc *gg.Context, what any, x, y, w, h float64, paint func(dc *gg.Context, x, y float64)) {
	dst, ok := dc.Image().(*image.RGBA)
	if !ok || stampsOff {
		paint(dc, x, y)
		return
	}
	// The sprite has a few pixels of room on every side, for antialiasing
	// and strokes that straddle the box's edge.
	const pad = 4
	ix, iy := math.Floor(x)-pad, math.Floor(y)-pad
	key := stampKey{what, x - ix, y - iy}
	stamps.mu.Lock()
	sprite := stamps.m[key]
	stamps.mu.Unlock()
	if sprite == nil {
		sdc := gg.NewContext(int(math.Ceil(w+key.fx))+pad, int(math.Ceil(h+key.fy))+pad)
		paint(sdc, key.fx, key.fy)
		sprite = sdc.Image().(*image.RGBA)
		stamps.mu.Lock()
		if stamps.m == nil || stamps.bytes+len(sprite.Pix) > stampBudget {
			stamps.m, stamps.bytes = map[stampKey]*image.RGBA{}, 0
		}
		stamps.m[key] = sprite
		stamps.bytes += len(sprite.Pix)
		stamps.mu.Unlock()
	}
	blend(dst, sprite, int(ix), int(iy))
}

// fillRect fills the rectangle at (x, y), w by h, with c (premultiplied)
// over dst: on whole pixels, directly, which is what gg's rasterizer would
// do there at many times the cost; else through gg.
func fillRect(dst *image.RGBA, x, y, w, h float64, c color.RGBA) {
	r := image.Rect(int(x), int(y), int(x+w), int(y+h))
	if float64(r.Min.X) != x || float64(r.Min.Y) != y || float64(r.Dx()) != w || float64(r.Dy()) != h {
		dc := gg.NewContextForRGBA(dst)
		dc.DrawRectangle(x, y, w, h)
		dc.SetColor(c)
		dc.Fill()
		return
	}
	draw.Draw(dst, r, image.NewUniform(c), image.Point{}, draw.Over)
}

// stampsOff, set only by tests, draws every stamp afresh on the picture.
var stampsOff bool

// MemoryLimit is the soft memory limit (runtime/debug.SetMemoryLimit) that
// a process drawing with a Renderer on cores cores runs well under: its
// Go heap holds the static layers, the stamps and the glyphs (about 20 MB
// for every game and player count), a sheet and scratch of about 7 MB for
// each picture drawn at once, and the rest of a bot beside them.
func MemoryLimit(cores int) int64 {
	return (24 + 16*int64(max(cores, 1))) << 20
}
