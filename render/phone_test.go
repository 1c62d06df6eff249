package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"parlor/rules"
	"parlor/rules/kippykoo"
	"parlor/rules/rumba"
)

// A phone shows a board picture about 400 px wide. Everything a player
// must read there (names, seats, colours, dice, the numbers of spaces and
// pieces, whose turn) is to be at least 8 px tall: 2% of the picture's
// width, 20 px on a canvas 1000 px wide.
//
// A label's height is the cap height of the face it is drawn with, as the
// rasterizer draws it (hinted): the height in pixels of the ink of a
// capital H, which is also the height of the figures. It is what a ruler
// held to the screen measures of "S", "12" or "Alice"; the small letters
// of a word are about three quarters of it.
const phoneShare = 0.02

// labelGap is the least room between two labels' inks, so that they read
// as two, 2.4 px on a phone for a canvas 1000 px wide.
const labelGap = 6

// label is one text a painter drew, as drawText drew it.
type label struct {
	text string
	dst  *image.RGBA     // the canvas, a static layer or a sprite
	box  image.Rectangle // the text's ink on dst
	cap  float64         // the cap height of its face
	// via are the sprites a label drawn on a sprite was copied from, to
	// where the sprite was drawn.
	via []*image.RGBA
	seq int // the order of drawing
}

// drawLabels draws s with a fresh Renderer, so that its static layer and
// sprites are drawn too, and returns the picture and every label drawn,
// those on sprites once where each copy of the sprite went.
func drawLabels(t *testing.T, s rules.State, info Info) (*image.RGBA, []label, []piece) {
	t.Helper()
	var labels []label
	var pieces []piece
	type placed struct {
		dst *image.RGBA
		at  image.Point
		seq int
	}
	places := map[*image.RGBA][]placed{}
	labelHook = func(dst *image.RGBA, f font.Face, s string, dot fixed.Point26_6) {
		b, _ := font.BoundString(f, s)
		box := image.Rect(b.Min.X.Floor(), b.Min.Y.Floor(), b.Max.X.Ceil(), b.Max.Y.Ceil()).Add(image.Pt(dot.X.Round(), dot.Y.Round()))
		labels = append(labels, label{text: s, dst: dst, box: box, cap: capHeight(f), seq: len(labels) + len(pieces)})
	}
	spriteHook = func(dst, src *image.RGBA, x, y int) {
		at := image.Pt(x, y).Sub(src.Rect.Min)
		seq := len(labels) + len(pieces)
		places[src] = append(places[src], placed{dst, at, seq})
		pieces = append(pieces, piece{dst: dst, src: src, at: at, box: opaque(src).Add(at), seq: seq})
	}
	defer func() { labelHook, spriteHook = nil, nil }()
	img, err := newRenderer().Image(s, info)
	if err != nil {
		t.Fatal(err)
	}
	// Each label on a sprite, also where the sprite went, and so on for a
	// sprite drawn on a sprite.
	for i := 0; i < len(labels); i++ {
		l := labels[i]
		for _, p := range places[l.dst] {
			c := l
			c.dst, c.box, c.via, c.seq = p.dst, l.box.Add(p.at), append(slices.Clone(l.via), l.dst), p.seq
			labels = append(labels, c)
		}
	}
	return toRGBA(img), labels, pieces
}

// piece is a sprite drawn on the canvas: a man, a marble, a disc, a die.
type piece struct {
	dst, src *image.RGBA
	at       image.Point     // where src's origin went on dst
	box      image.Rectangle // the box of its opaque part on dst
	seq      int             // the order of drawing
}

// covers reports whether some pixel of r on dst is an opaque one of p.
func (p piece) covers(r image.Rectangle) bool {
	r = r.Intersect(p.box)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if p.src.RGBAAt(x-p.at.X, y-p.at.Y).A > 0x80 {
				return true
			}
		}
	}
	return false
}

// opaque is the box of the pixels of m that are more than half opaque.
func opaque(m *image.RGBA) image.Rectangle {
	var r image.Rectangle
	for y := m.Rect.Min.Y; y < m.Rect.Max.Y; y++ {
		for x := m.Rect.Min.X; x < m.Rect.Max.X; x++ {
			if m.RGBAAt(x, y).A > 0x80 {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// phoneCase is a picture whose labels are checked.
type phoneCase struct {
	name  string
	state rules.State
	info  Info
	title string // the title the picture must show whole
}

// phoneCases are the golden pictures of every game, the crowded ones of
// the benchmark, and each game with the longest title the bot gives.
func phoneCases(t *testing.T) []phoneCase {
	var out []phoneCase
	title := func(info Info, game string) string {
		if info.Title == "" {
			return game
		}
		return info.Title + " · " + game
	}
	long := Info{Title: "Game #1234567"}
	for _, tc := range goldenCases {
		out = append(out, phoneCase{tc.name, mustParse(t, tc.pos), tc.info, title(tc.info, "All the King's Men")})
	}
	for _, tc := range kimboCases {
		out = append(out, phoneCase{tc.name, mustParseKimbo(t, tc.pos), tc.info, title(tc.info, "Kimbo")})
	}
	for _, tc := range kippykooCases {
		out = append(out, phoneCase{tc.name, mustKippyKoo(t, tc.pos, tc.moves...), tc.info, title(tc.info, "Kippy Koo")})
	}
	for _, tc := range rumbaCases {
		out = append(out, phoneCase{tc.name, mustRumba(t, tc.pos, tc.moves...), tc.info, title(tc.info, "Rumba")})
	}
	crowded := []phoneCase{
		{"kingsmen-crowded", mustParse(t, goldenCases[1].pos), goldenCases[1].info, "All the King's Men"},
		{"kimbo-crowded", mustParseKimbo(t, kimboCases[1].pos), kimboCases[1].info, "Kimbo"},
		{"kippykoo-crowded", mustKippyKoo(t, kkCrowded.pos, kkCrowded.moves...), kkCrowded.info, "Kippy Koo"},
		{"rumba-crowded", mustRumba(t, rbCrowded.pos), rbCrowded.info, "Rumba"},
	}
	for _, c := range crowded {
		info := c.info
		info.Title = long.Title
		out = append(out, phoneCase{c.name + "-long-title", c.state, info, title(info, c.title)})
	}
	return out
}

// TestReadableOnPhone checks every label of every game's pictures: at
// least 2% of the canvas's width tall (8 px on a phone 400 px wide), on
// its canvas whole, clear of every other label, and the title whole.
func TestReadableOnPhone(t *testing.T) {
	drawingTest(t)
	for _, tc := range phoneCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			img, labels, pieces := drawLabels(t, tc.state, tc.info)
			var least *label
			for i, l := range labels {
				if l.via == nil && (least == nil || l.cap < least.cap) {
					least = &labels[i]
				}
			}
			if least != nil {
				t.Logf("%d labels; the smallest, %q, %.1f px on a phone 400 px wide", len(labels), least.text, least.cap*400/float64(img.Rect.Dx()))
			}
			for _, p := range phoneProblems(img, labels, pieces, tc.title) {
				t.Errorf("%s: %s", tc.name, p)
			}
		})
	}
}

// phoneProblems lists what is wrong with the labels of the picture img
// whose title should read title.
func phoneProblems(img *image.RGBA, labels []label, pieces []piece, title string) []string {
	var out []string
	w := img.Rect.Dx()
	least := phoneShare * float64(w)
	phone := 400 / float64(w)
	// On the canvas: the labels drawn on it or on the static layer it
	// was copied from. The others are on sprites, placed later, or on
	// layers of which the painter copied a patch or nothing.
	base := baseLayer(img, labels)
	onCanvas := func(l label) bool { return l.dst == img || l.dst == base }
	for _, l := range labels {
		if l.text == "" {
			continue
		}
		if l.cap < least && l.via == nil {
			out = append(out, fmt.Sprintf("label %q is %.0f px tall, %.1f px on a phone 400 px wide; want at least %.1f px (%.0f%% of the width %d), 8 px on a phone",
				l.text, l.cap, l.cap*phone, least, 100*phoneShare, w))
		}
		if !l.box.In(l.dst.Rect) {
			where := "its sprite"
			if l.dst.Rect == img.Rect {
				where = "the canvas"
			}
			out = append(out, fmt.Sprintf("label %q at %v runs off %s %v", l.text, l.box, where, l.dst.Rect))
		}
	}
	for i, a := range labels {
		if !onCanvas(a) || a.box.Empty() {
			continue
		}
		for _, b := range labels[i+1:] {
			if !onCanvas(b) || !a.box.Inset(-labelGap/2).Overlaps(b.box.Inset(-labelGap/2)) || redrawn(a, b) {
				continue
			}
			out = append(out, fmt.Sprintf("labels %q at %v and %q at %v are closer than %d px", a.text, a.box, b.text, b.box, labelGap))
		}
	}
	for _, p := range pieces {
		if p.dst != img && p.dst != base {
			continue
		}
		for _, l := range labels {
			// A label written later on a piece, wholly, is on it, as
			// a name on its bar; one under it, or half on it, is not.
			if !onCanvas(l) || !p.covers(l.box) || slices.Contains(l.via, p.src) || l.seq > p.seq && l.box.In(p.box) {
				continue
			}
			// Nor is one under it that is drawn again over it.
			again := slices.ContainsFunc(labels, func(m label) bool { return m.seq > p.seq && onCanvas(m) && redrawn(l, m) })
			if l.seq < p.seq && again {
				continue
			}
			what := "under"
			if l.seq > p.seq {
				what = "half over"
			}
			out = append(out, fmt.Sprintf("label %q at %v is %s a piece at %v", l.text, l.box, what, p.box))
		}
	}
	found := false
	for _, l := range labels {
		if onCanvas(l) && l.text == title {
			found = true
		}
	}
	if !found {
		var near []string
		for _, l := range labels {
			if onCanvas(l) && strings.Contains(title, strings.TrimSuffix(l.text, "…")) && len(l.text) > 3 {
				near = append(near, fmt.Sprintf("%q", l.text))
			}
		}
		out = append(out, fmt.Sprintf("title %q not drawn whole (drawn: %s)", title, strings.Join(near, ", ")))
	}
	return out
}

// redrawn reports whether b is a drawn again over a, as a highlight: the
// same text at the same place, give or take the size.
func redrawn(a, b label) bool {
	ca, cb := a.box.Min.Add(a.box.Max), b.box.Min.Add(b.box.Max) // twice the centres
	d := ca.Sub(cb)
	return a.text == b.text && max(d.X, -d.X, d.Y, -d.Y) <= 4
}

// baseLayer is the static layer img was copied from: of the images of
// img's size that labels were drawn on, the one most of whose pixels img
// still shows.
func baseLayer(img *image.RGBA, labels []label) *image.RGBA {
	var best *image.RGBA
	most := -1
	seen := map[*image.RGBA]bool{img: true}
	for _, l := range labels {
		if seen[l.dst] || l.dst.Rect != img.Rect {
			continue
		}
		seen[l.dst] = true
		same := 0
		for i := 0; i+4 <= len(img.Pix); i += 4 {
			if img.Pix[i] == l.dst.Pix[i] && img.Pix[i+1] == l.dst.Pix[i+1] && img.Pix[i+2] == l.dst.Pix[i+2] {
				same++
			}
		}
		if same > most {
			best, most = l.dst, same
		}
	}
	return best
}

// TestBarsKeepSeat checks that every name bar of the games with seats
// round the board says, whatever else it must drop for room, which seat it
// is: Kimbo's and Kippy Koo's their side, Rumba's their hands and colour.
func TestBarsKeepSeat(t *testing.T) {
	drawingTest(t)
	type bar struct {
		x, y, w, h float64
		want       string
	}
	// check checks the bar of each of the n seats of s, bar(seat).
	check := func(t *testing.T, name string, s rules.State, info Info, n int, bar func(seat rules.Seat) bar) {
		t.Helper()
		_, labels, _ := drawLabels(t, s, info)
		for seat := range rules.Seat(n) {
			b := bar(seat)
			box := image.Rect(int(b.x), int(b.y), int(b.x+b.w)+1, int(b.y+b.h)+1)
			var in []string
			found := false
			for _, l := range labels {
				if l.box.In(box) {
					in = append(in, l.text)
					found = found || l.text == b.want
				}
			}
			if !found {
				t.Errorf("%s: the bar at %v says %q, not %q", name, box, in, b.want)
			}
		}
	}
	// Rumba's seats by the number of players: their hands and colour.
	words := map[int][]string{
		2: {"South/North · Red", "East/West · Black"},
		3: {"South · Red", "East/West · Black", "North · Red"},
		4: {"South · Red", "East · Black", "North · Red", "West · Black"},
	}
	for _, tc := range rumbaCases {
		p := mustRumba(t, tc.pos, tc.moves...)
		check(t, tc.name, p, tc.info, p.Players(), func(seat rules.Seat) bar {
			x, y, w, h := rbBarBox(p.Players(), int(seat))
			return bar{x, y, w, h, words[p.Players()][seat]}
		})
	}
	for _, tc := range kimboCases {
		p := mustParseKimbo(t, tc.pos)
		check(t, tc.name, p, tc.info, p.Players(), func(seat rules.Seat) bar {
			x, y, w, h := kbBarBox(p.Side(seat))
			return bar{x, y, w, h, p.Side(seat).String()}
		})
	}
	for _, tc := range kippykooCases {
		p := mustKippyKoo(t, tc.pos, tc.moves...)
		check(t, tc.name, p, tc.info, p.Players(), func(seat rules.Seat) bar {
			x, y, w, h := kkBarBox(p.Side(seat))
			return bar{x, y, w, h, p.Side(seat).String()}
		})
	}
}

// TestWayOfTravel checks the arrows that show which way the pieces go:
// in every other space of Rumba's track a chevron pointing along it,
// counter-clockwise, and after every other hole of Kippy Koo's track one
// pointing clockwise. Each is probed where a chevron pointing the way has
// ink and one pointing back would not.
func TestWayOfTravel(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	// at is the pixel a along and c across a chevron at (x, y) pointing
	// along (ux, uy).
	at := func(x, y, ux, uy, a, c float64) (int, int) {
		return int(math.Floor(x + ux*a - uy*c)), int(math.Floor(y + uy*a + ux*c))
	}
	img, err := r.Image(mustRumba(t, rumbaCases[0].pos), rumbaCases[0].info)
	if err != nil {
		t.Fatal(err)
	}
	m := toRGBA(img)
	for s := rumba.Space(1); s < rumba.TrackSpaces; s += 2 {
		tile := &rbTiles[s]
		x, y := tile.men()
		ux, uy := tile.along[0], tile.along[1]
		hx, hy := at(x, y, ux, uy, 4, 0)
		bx, by := at(x, y, ux, uy, -7, 0)
		if got, ok := pixelNear(m, hx, hy, rbArrowInk, 2); !ok {
			t.Errorf("Rumba's %s: the chevron's head at (%d, %d) is %v, want %v", s, hx, hy, got, rbArrowInk)
		}
		if got, ok := pixelNear(m, bx, by, rbArrowInk, 24); ok {
			t.Errorf("Rumba's %s: behind the chevron, (%d, %d) is %v: the chevron points back", s, bx, by, got)
		}
	}
	img, err = r.Image(mustKippyKoo(t, kippykooCases[0].pos), kippykooCases[0].info)
	if err != nil {
		t.Fatal(err)
	}
	m = toRGBA(img)
	// nearer reports whether the pixel at (x, y) is nearer to a than to b.
	nearer := func(x, y int, a, b color.RGBA) bool {
		c := m.RGBAAt(x, y)
		px := []uint8{c.R, c.G, c.B, c.A}
		return pixelDiff(px, []uint8{a.R, a.G, a.B, a.A}) < pixelDiff(px, []uint8{b.R, b.G, b.B, b.A})
	}
	for h := kippykoo.Hole(1); h < kippykoo.Holes; h += 2 {
		if (h+1)%kippykoo.Quarter == 0 || h%kippykoo.Quarter == 0 {
			continue // beside a star, which covers it
		}
		x, y, nx, ny := kkAlong((float64(h) + 0.5) * kkStep)
		ux, uy := -ny, nx // clockwise on the screen
		wx, wy := at(x, y, ux, uy, -4, 5)
		fx, fy := at(x, y, ux, uy, 4, 5)
		if !nearer(wx, wy, kkLine, kkBoard) || !nearer(fx, fy, kkBoard, kkLine) {
			t.Errorf("Kippy Koo after %s: at (%d, %d), where a chevron pointing the way has a wing, %v; at (%d, %d), where one pointing back would, %v",
				h, wx, wy, m.RGBAAt(wx, wy), fx, fy, m.RGBAAt(fx, fy))
		}
	}
}
