package render

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"parlor/rules"
	"parlor/rules/kingsmen"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// newRenderer is a Renderer of the four games whose painters are render's.
func newRenderer() *Renderer { return New(Kingsmen(), Kimbo(), KippyKoo(), Rumba()) }

// goldenCases are the positions whose pictures are kept in testdata.
var goldenCases = []struct {
	name string
	pos  string // kingsmen position text
	info Info
}{
	{
		name: "kingsmen-start",
		pos:  kingsmen.StartText,
		info: Info{Names: []string{"Alice", "Bob"}, Title: "Game 12"},
	},
	{
		// North's Knight has just come down to g4: South's King on d1 is
		// under Threat along the g4–d1 diagonal.
		name: "kingsmen-threat",
		pos:  ".n.k.n./a.aa.a./.a..a../..N..../......n/..A..../AA.A.AA/.N.KNN. s 3 9",
		info: Info{Names: []string{"Alice 🦊", "Bartholomew the Unready of Somewhere Far"}, LastMove: "Ng7-g4", Title: "Game 7"},
	},
	{
		name: "kingsmen-king-captured",
		pos:  ".n.N.n./a.a..aa/.a..a../......./......./..A..../AA.A.AA/.N.KNN. n 0 14 s:king-captured",
		info: Info{Names: []string{"Alice", "Bob"}, LastMove: "Nd4xd8"},
	},
}

func mustParse(t testing.TB, text string) *kingsmen.Position {
	t.Helper()
	p, err := kingsmen.Parse(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	return p
}

func TestGolden(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			img, err := r.Image(mustParse(t, tc.pos), tc.info)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tc.name+".png")
			if *update {
				writePNG(t, path, img)
				return
			}
			want := readPNG(t, path)
			diff, n := compare(toRGBA(img), want, 2)
			if n == 0 {
				return
			}
			got := filepath.Join("testdata", tc.name+".got.png")
			dpath := filepath.Join("testdata", tc.name+".diff.png")
			writePNG(t, got, img)
			writePNG(t, dpath, diff)
			t.Errorf("%s: %d pixels differ from %s (tolerance 2 per channel); got %s, diff %s; rerun with -update if the change is intended",
				tc.name, n, path, got, dpath)
		})
	}
}

func TestKingsmenPNG(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	for i, tc := range goldenCases {
		p := mustParse(t, tc.pos)
		b, err := r.PNG(p, tc.info)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: decode: %v", tc.name, err)
		}
		w, h := cfg.Width, cfg.Height
		t.Logf("%s: %d×%d, %d KB", tc.name, w, h, len(b)>>10)
		if len(b) >= 300<<10 {
			t.Errorf("%s: PNG is %d bytes, want under 300 KB", tc.name, len(b))
		}
		if long := max(w, h); long < 1000 || long > 1400 {
			t.Errorf("%s: long side %d px, want 1000–1400", tc.name, long)
		}
		if w == h {
			t.Errorf("%s: image is square (%d×%d); phones crop square images", tc.name, w, h)
		}
		if i != 1 {
			continue
		}

		// The PNG has 256 colours: it must look like the full-colour
		// image, off by little more than an antialiased edge's shade.
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: decode: %v", tc.name, err)
		}
		full, err := r.Image(p, tc.info)
		if err != nil {
			t.Fatal(err)
		}
		near, far := strays(toRGBA(img), toRGBA(full), 12, 64)
		if near > w*h/100 || far > 0 {
			t.Errorf("%s: PNG strays from the image: %d pixels by more than 12, %d by more than 64; want under %d and 0",
				tc.name, near, far, w*h/100)
		}
	}
}

func TestConcurrentUse(t *testing.T) {
	drawingTest(t) // under -race, TestEveryGameAtOnce
	serial := newRenderer()
	want := make([][]byte, len(goldenCases))
	for i, tc := range goldenCases {
		b, err := serial.PNG(mustParse(t, tc.pos), tc.info)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	r := newRenderer() // fresh, so the goroutines race to draw the static layer too
	var wg sync.WaitGroup
	errs := make(chan error, 3*len(goldenCases))
	for g := range 3 {
		wg.Go(func() {
			for j := range goldenCases {
				i := (g + j) % len(goldenCases)
				tc := goldenCases[i]
				p, err := kingsmen.Parse(tc.pos)
				if err != nil {
					errs <- err
					return
				}
				b, err := r.PNG(p, tc.info)
				if err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(b, want[i]) {
					errs <- fmt.Errorf("%s drawn concurrently: PNG differs from a serial drawing", tc.name)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// otherState is a state of a game no painter knows.
type otherState struct{ rules.State }

func TestUnknownGame(t *testing.T) {
	r := newRenderer()
	if _, err := r.Image(otherState{}, Info{}); !errors.Is(err, ErrUnknownGame) {
		t.Errorf("Image(unknown game): got error %v, want ErrUnknownGame", err)
	}
	if _, err := r.PNG(nil, Info{}); err == nil {
		t.Errorf("PNG(nil): got no error")
	}
}

func TestResultText(t *testing.T) {
	names := []string{"Alice", "Bob"}
	for _, tc := range []struct {
		o    rules.Outcome
		want string
	}{
		{rules.Outcome{Method: rules.KingTaken, Winners: []rules.Seat{0}}, "Alice won: King captured"},
		{rules.Outcome{Method: rules.ThreatMate, Winners: []rules.Seat{1}}, "Bob won: Threat with no way out"},
		{rules.Outcome{Method: rules.Blocked, Winners: []rules.Seat{1}}, "Bob won: Alice had no move"},
		{rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{0}}, "Alice won: Bob resigned"},
		{rules.Outcome{Method: rules.Forfeit, Winners: []rules.Seat{0}}, "Alice won by forfeit"},
		{rules.Outcome{Method: rules.Agreement}, "Draw by agreement"},
		{rules.Outcome{Method: rules.QuietDraw}, "Draw: 50 moves each without a capture"},
		{rules.Outcome{Method: rules.Forfeit}, "Over by forfeit, with no winner"},
	} {
		if got := resultText(Info{}, tc.o, names, "50 moves each without a capture"); got != tc.want {
			t.Errorf("resultText(%v): got %q, want %q", tc.o, got, tc.want)
		}
	}
	// With more than two seats, the others did not all resign when one
	// partner resigned for the side; and no word is capitalized in the
	// middle (it said "Carol won: The other side resigned").
	four := []string{"Alice", "Bob", "Carol", "Dmitri"}
	for _, tc := range []struct {
		o    rules.Outcome
		want string
	}{
		{rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{2}}, "Carol won by resignation"},
		{rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{0, 2}}, "Alice and Carol won by resignation"},
		{rules.Outcome{Method: rules.Blocked, Winners: []rules.Seat{1}}, "Bob won: the other side had no move"},
	} {
		if got := resultText(Info{}, tc.o, four, ""); got != tc.want {
			t.Errorf("resultText(%v) of four: got %q, want %q", tc.o, got, tc.want)
		}
	}
}

func TestCleanNames(t *testing.T) {
	f := parseFonts()
	for in, want := range map[string]string{
		"Alice 🦊":          "Alice",
		"  Zoë\t Ødegård ": "Zoë Ødegård",
		"🎲🎲":               "",
		"Ива́н":            "Иван", // the combining accent has no glyph
	} {
		if got := f.clean(in); got != want {
			t.Errorf("clean(%q): got %q, want %q", in, got, want)
		}
	}
	if got := (Info{Names: []string{"🎲"}}).Name(&Canvas{fonts: f}, 0, "South"); got != "South" {
		t.Errorf("name of an emoji-only seat: got %q, want the fallback South", got)
	}
}

func BenchmarkKingsmenPNG(b *testing.B) {
	r := newRenderer()
	tc := goldenCases[1]
	p := mustParse(b, tc.pos)
	var size int
	for b.Loop() {
		png, err := r.PNG(p, tc.info)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size)/1024, "KB/png")
}

// compare counts the pixels of got and want that differ by more than tol
// in any channel, and draws a diff image: differing pixels red, the rest a
// faded copy of want.
func compare(got, want *image.RGBA, tol int) (*image.RGBA, int) {
	if got.Rect != want.Rect {
		return got, max(got.Rect.Dx()*got.Rect.Dy(), 1)
	}
	diff := image.NewRGBA(want.Rect)
	if bytes.Equal(got.Pix, want.Pix) {
		return diff, 0
	}
	n := 0
	for i := 0; i < len(got.Pix); i += 4 {
		if d := pixelDiff(got.Pix[i:i+4], want.Pix[i:i+4]); d > tol {
			n++
			copy(diff.Pix[i:], []uint8{0xff, 0, 0, 0xff})
			continue
		}
		g := (int(want.Pix[i]) + int(want.Pix[i+1]) + int(want.Pix[i+2])) / 3
		v := uint8(0xc0 + g/4)
		copy(diff.Pix[i:], []uint8{v, v, v, 0xff})
	}
	return diff, n
}

// strays counts the pixels of got that differ from want by more than near,
// and by more than far, in some channel.
func strays(got, want *image.RGBA, near, far int) (nNear, nFar int) {
	for i := 0; i+4 <= len(got.Pix) && i+4 <= len(want.Pix); i += 4 {
		d := pixelDiff(got.Pix[i:i+4], want.Pix[i:i+4])
		if d > near {
			nNear++
		}
		if d > far {
			nFar++
		}
	}
	return nNear, nFar
}

// pixelDiff is the largest difference between two pixels' channels.
func pixelDiff(a, b []uint8) int {
	d := 0
	for c := range 4 {
		d = max(d, int(a[c])-int(b[c]), int(b[c])-int(a[c]))
	}
	return d
}

func toRGBA(img image.Image) *image.RGBA {
	if m, ok := img.(*image.RGBA); ok && m.Rect.Min == (image.Point{}) {
		return m
	}
	m := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(m, m.Rect, img, img.Bounds().Min, draw.Src)
	return m
}

func readPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create the goldens)", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	return toRGBA(img)
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Helpers of the painters' tests.

// pixelNear reports whether the pixel at (x, y) is c, give or take tol
// per channel, and returns it.
func pixelNear(img *image.RGBA, x, y int, c color.RGBA, tol int) (color.RGBA, bool) {
	got := img.RGBAAt(x, y)
	d := pixelDiff([]uint8{got.R, got.G, got.B, got.A}, []uint8{c.R, c.G, c.B, c.A})
	return got, d <= tol
}

// matchGolden compares img with testdata/name.png, or rewrites that file
// with -update. On a mismatch it writes the image got and a diff beside
// the golden; drawing, the position's text drawing, goes in the message.
func matchGolden(t *testing.T, name string, img image.Image, drawing string) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		writePNG(t, path, img)
		return
	}
	diff, n := compare(toRGBA(img), readPNG(t, path), 2)
	if n > 0 {
		got, dpath := filepath.Join("testdata", name+".got.png"), filepath.Join("testdata", name+".diff.png")
		writePNG(t, got, img)
		writePNG(t, dpath, diff)
		t.Errorf("%s: %d pixels differ from %s (tolerance 2 per channel); got %s, diff %s; rerun with -update if the change is intended\n%s",
			name, n, path, got, dpath, drawing)
	}
}

// checkPNG checks a picture's PNG file: under 300 KB, portrait (phones
// crop square pictures), its long side 1000 to 1400 px. It returns the
// picture's size.
func checkPNG(t *testing.T, name string, b []byte) (w, h int) {
	t.Helper()
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: decode: %v", name, err)
	}
	w, h = cfg.Width, cfg.Height
	switch {
	case len(b) >= 300<<10:
		t.Errorf("%s: PNG is %d bytes, want under 300 KB", name, len(b))
	case max(w, h) < 1000 || max(w, h) > 1400:
		t.Errorf("%s: long side %d px, want 1000–1400", name, max(w, h))
	case w >= h:
		t.Errorf("%s: image is %d×%d, want portrait", name, w, h)
	}
	return w, h
}

// checkQuantized checks that the 256-colour PNG file b looks like the
// full-colour picture: at most 1 pixel in 100 off by more than 12 in a
// channel, none by more than 64.
func checkQuantized(t *testing.T, name string, b []byte, full image.Image) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: decode: %v", name, err)
	}
	n := full.Bounds().Dx() * full.Bounds().Dy()
	if near, far := strays(toRGBA(img), toRGBA(full), 12, 64); near > n/100 || far > 0 {
		t.Errorf("%s: PNG strays from the image: %d pixels by more than 12, %d by more than 64; want under %d and 0", name, near, far, n/100)
	}
}

// drawConcurrently draws each state's PNG file with a fresh Renderer from
// g goroutines at once, so that they race to draw the static layers too,
// and reports the errors and the files that differ from a serial drawing.
func drawConcurrently(states []rules.State, infos []Info, g int) []error {
	want := make([][]byte, len(states))
	for i, s := range states {
		b, err := newRenderer().PNG(s, infos[i])
		if err != nil {
			return []error{err}
		}
		want[i] = b
	}
	r := newRenderer()
	var wg sync.WaitGroup
	errs := make(chan error, g*len(states))
	for k := range g {
		wg.Go(func() {
			for j := range states {
				i := (k + j) % len(states)
				if b, err := r.PNG(states[i], infos[i]); err != nil {
					errs <- err
				} else if !bytes.Equal(b, want[i]) {
					errs <- fmt.Errorf("picture %d drawn concurrently: PNG differs from a serial drawing", i)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	var out []error
	for err := range errs {
		out = append(out, err)
	}
	return out
}

// drawingTest marks a test of what pictures look like: it draws many
// boards, which the race detector makes ten times slower and learns
// nothing from, since one drawing runs on one goroutine. Under -race it
// skips; the README's test command runs the render package without -race
// too (go test ./render). Under -race, TestEveryGameAtOnce draws a board of
// every game from two goroutines at once; without it, each game's
// ConcurrentUse test draws all its cases so.
func drawingTest(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("a picture test: it runs without -race (go test ./render)")
	}
}

// TestCachedGlyphsAsTruetype checks that a glyph from cachedFace is the
// glyph truetype draws at the same dot (whole pixels): the same place, the
// same mask, the same advance, for runes of names and of the boards.
func TestCachedGlyphsAsTruetype(t *testing.T) {
	r := newRenderer()
	kit := &Canvas{fonts: r.fonts, faces: map[faceKey]font.Face{}, r: r}
	for _, size := range []float64{17, 32.5} {
		cached := kit.Face(true, size).(*cachedFace)
		plain := truetype.NewFace(r.fonts.bold, &truetype.Options{Size: size, Hinting: font.HintingFull, SubPixelsX: 1, SubPixelsY: 1})
		for _, c := range "AgÅé·…–Ng7 王\u0000" {
			for _, dot := range []fixed.Point26_6{{X: 0, Y: 0}, {X: 1000, Y: 2000}, {X: 1031, Y: 2017}, {X: 1055, Y: 1990}} {
				for range 2 { // a miss, then a hit
					dr, mask, mp, adv, ok := cached.Glyph(dot, c)
					wdr, wmask, wmp, wadv, wok := plain.Glyph(dot, c)
					if ok != wok || adv != wadv || dr != wdr {
						t.Fatalf("%q at %v, size %v: cached %v %v %v, truetype %v %v %v", c, dot, size, dr, adv, ok, wdr, wadv, wok)
					}
					for y := range dr.Dy() {
						for x := range dr.Dx() {
							got := mask.(*image.Alpha).AlphaAt(mp.X+x, mp.Y+y)
							want := wmask.(*image.Alpha).AlphaAt(wmp.X+x, wmp.Y+y)
							if got != want {
								t.Fatalf("%q at %v, size %v: mask (%d,%d) %v, truetype %v", c, dot, size, x, y, got, want)
							}
						}
					}
				}
			}
		}
	}
}
