package render

import (
	"bytes"
	"compress/lzw"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// decodeGIF decodes a GIF file, failing the test if Go's image/gif cannot.
func decodeGIF(t *testing.T, what string, data []byte) *gif.GIF {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: image/gif cannot decode the file of %d bytes: %v", what, len(data), err)
	}
	return g
}

// gifPictures are the pictures a GIF shows, as palette indexes: each frame
// laid over the picture before.
func gifPictures(g *gif.GIF) [][]uint8 {
	w, h := g.Config.Width, g.Config.Height
	var out [][]uint8
	cur := make([]uint8, w*h)
	for _, m := range g.Image {
		for y := m.Rect.Min.Y; y < m.Rect.Max.Y; y++ {
			for x := m.Rect.Min.X; x < m.Rect.Max.X; x++ {
				if i := m.ColorIndexAt(x, y); i != gifTransparent {
					cur[y*w+x] = i
				}
			}
		}
		out = append(out, slices.Clone(cur))
	}
	return out
}

// TestGIF makes the replay of a short game of each game, small, and checks
// the file: Go's image/gif decodes it; a frame for each frame given, each
// the picture of its frame scaled and mapped to the palette, which has the
// seats' colours exactly; the long side as asked; the delays; the loop.
func TestGIF(t *testing.T) {
	games, decisions := gifGames, 12
	if raceDetector {
		// Drawing is slow under -race: a few frames of Kimbo, the
		// quickest to draw, made in two runs.
		games, decisions = gifGames[1:2], 4
		defer func(n int) { gifSplit = n }(gifSplit)
		gifSplit = 2
	}
	const side = 240
	r := newRenderer()
	for _, game := range games {
		frames := replay(t, game, 2, decisions, 1)
		frames = slices.Insert(frames, 1, frames[1]) // a frame that changes nothing
		data, err := r.GIFWith(frames, GIFOptions{MaxSide: side})
		if err != nil {
			t.Fatalf("%s: %v", game.Name(), err)
		}
		g := decodeGIF(t, game.Name(), data)
		what := fmt.Sprintf("%s, %d frames given, a file of %d bytes with %d frames of %dx%d, delays %v",
			game.Name(), len(frames), len(data), len(g.Image), g.Config.Width, g.Config.Height, g.Delay)
		if len(g.Image) != len(frames) {
			t.Fatalf("%s: want a frame for each frame given", what)
		}
		if m := g.Image[2]; m.Rect.Dx()*m.Rect.Dy() != 1 || m.Pix[0] != gifTransparent {
			t.Errorf("%s: frame 2, the same as frame 1, is %v with index %d, want a transparent pixel", what, m.Rect, m.Pix[0])
		}
		if long := max(g.Config.Width, g.Config.Height); long != side {
			t.Errorf("%s: the long side is %d pixels, want %d", what, long, side)
		}
		if g.LoopCount != 0 {
			t.Errorf("%s: loop count %d, want 0 (forever)", what, g.LoopCount)
		}
		for i, d := range g.Delay {
			if last := len(g.Delay) - 1; i != last && d >= g.Delay[last] {
				t.Errorf("%s: frame %d shows %d cs, not less than the last frame's", what, i, d)
			}
			if d < 50 {
				t.Errorf("%s: frame %d shows %d cs, too quick to read", what, i, d)
			}
		}
		pal := g.Image[0].Palette
		for _, c := range append(seatFill[:], paper, ink) {
			if !slices.ContainsFunc(pal, func(p color.Color) bool { return p == color.Color(c) }) {
				t.Errorf("%s: the palette lacks %v", what, c)
			}
		}

		// Each picture shown is the frame's drawing, scaled and mapped.
		geo, err := r.gifSetup(frames, side)
		if err != nil {
			t.Fatal(err)
		}
		var cols gifColours
		cols.init(geo.colours)
		for i, pic := range gifPictures(g) {
			img, err := r.Image(frames[i].State, frames[i].Info)
			if err != nil {
				t.Fatal(err)
			}
			sc := geo.scaler(img.Bounds().Size())
			want := make([]uint8, len(pic))
			fill(want, cols.index(packRGB(paper)))
			var s gifScratch
			sc.scale(img.(*image.RGBA), image.Rect(0, 0, sc.dw, sc.dh), &s, func(y, x0 int, row []uint32) {
				for k, c := range row {
					want[y*geo.w+x0+k] = cols.index(c)
				}
			})
			if at := firstDiff(pic, want); at < len(want) {
				t.Fatalf("%s: frame %d shows index %d at (%d, %d), the frame's picture %d", what, i, pic[at], at%geo.w, at/geo.w, want[at])
			}
		}
		t.Logf("%s", what)
	}
}

// TestGIFDrop makes a replay under a size cap lower than its size: frames
// go, but not the first nor the last few, the file keeps under the cap,
// and the same frames make the same file.
func TestGIFDrop(t *testing.T) {
	drawingTest(t)
	decisions, side := 40, 200
	r := newRenderer()
	frames := replay(t, gifGames[0], 2, decisions, 2)
	full, err := r.GIFWith(frames, GIFOptions{MaxSide: side})
	if err != nil {
		t.Fatal(err)
	}
	all := gifPictures(decodeGIF(t, "uncapped", full))
	for _, cap := range []int{len(full) * 7 / 10, len(full) / 3} {
		o := GIFOptions{MaxSide: side, MaxBytes: cap}
		data, err := r.GIFWith(frames, o)
		if err != nil {
			t.Fatalf("capped at %d bytes (uncapped %d): %v", cap, len(full), err)
		}
		g := decodeGIF(t, "capped", data)
		what := fmt.Sprintf("%d frames in %d bytes, capped at %d: %d frames in %d bytes, delays %v",
			len(frames), len(full), cap, len(g.Image), len(data), g.Delay)
		if len(data) > cap {
			t.Errorf("%s: over the cap", what)
		}
		if len(g.Image) >= len(frames) || len(g.Image) < 1+gifKeepLast {
			t.Errorf("%s: want fewer frames, and at least %d", what, 1+gifKeepLast)
		}
		pics := gifPictures(g)
		if !slices.Equal(pics[0], all[0]) {
			t.Errorf("%s: the first frame is not the start", what)
		}
		for k := 1; k <= gifKeepLast; k++ {
			if !slices.Equal(pics[len(pics)-k], all[len(all)-k]) {
				t.Errorf("%s: the frame %d from the end is not the game's", what, k)
			}
		}
		again, err := r.GIFWith(frames, o)
		if err != nil || !bytes.Equal(again, data) {
			t.Errorf("%s: made again, %d bytes that differ (err %v)", what, len(again), err)
		}
		t.Log(what)
	}
	if _, err := r.GIFWith(frames, GIFOptions{MaxSide: side, MaxBytes: 2000}); !errors.Is(err, ErrGIFTooLarge) {
		t.Errorf("capped at 2000 bytes: error %v, want ErrGIFTooLarge", err)
	}
}

// TestGIFErrors: no frames, and a state without a painter.
func TestGIFErrors(t *testing.T) {
	r := newRenderer()
	if _, err := r.GIF(nil); err == nil {
		t.Error("no frames: no error")
	}
	if _, err := r.GIF([]Frame{{State: otherState{}}}); !errors.Is(err, ErrUnknownGame) {
		t.Errorf("a state of no game: error %v, want ErrUnknownGame", err)
	}
}

// TestGIFDelay: a second a frame for short games, down to half a second for
// long ones.
func TestGIFDelay(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want time.Duration
	}{{1, time.Second}, {2, time.Second}, {40, time.Second}, {97, 500 * time.Millisecond}, {80, 48 * time.Second / 79}, {1000, 500 * time.Millisecond}} {
		if got := GIFDelay(tc.n); got != tc.want {
			t.Errorf("GIFDelay(%d) = %v, want %v", tc.n, got, tc.want)
		}
	}
}

var gifOut = flag.String("gif.out", "", "TestGIFSamples: the folder to write a replay of each game in, as gif-<game>.gif")

// TestGIFSamples writes the replay of a random game of each game, to be
// looked at, when -gif.out is set.
func TestGIFSamples(t *testing.T) {
	if *gifOut == "" {
		t.Skip("no -gif.out")
	}
	r := newRenderer()
	for _, g := range gifGames {
		data, err := r.GIF(replay(t, g, 2, 300, 1))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*gifOut, "gif-"+g.Name()+".gif"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGIFLZW checks gifLZW against compress/lzw, bit for bit, on data
// with runs of the transparent index long and short, other runs, and
// noise, written in one piece and in rows.
func TestGIFLZW(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var z gifLZW
	for trial := range 40 {
		n := rng.IntN(1 << (4 + trial%14))
		data := make([]byte, n)
		for i := 0; i < n; {
			k := min(n-i, 1+rng.IntN(1+rng.IntN(3000)))
			switch v := byte(rng.IntN(256)); rng.IntN(4) {
			case 0, 1:
				fill(data[i:i+k], gifTransparent)
			case 2:
				fill(data[i:i+k], v)
			default:
				for j := range k {
					data[i+j] = byte(rng.IntN(1 + trial*6))
				}
			}
			i += k
		}
		var want bytes.Buffer
		w := lzw.NewWriter(&want, lzw.LSB, 8)
		w.Write(data)
		w.Close()
		z.reset()
		for rest := data; len(rest) > 0; {
			k := min(len(rest), 1+rng.IntN(700))
			z.write(rest[:k])
			rest = rest[k:]
		}
		if got := z.close(); !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("trial %d, %d bytes: gifLZW makes %d bytes, compress/lzw %d; they first differ at %d",
				trial, n, len(got), want.Len(), firstDiff(got, want.Bytes()))
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestGIFLeavesSheetsClean checks that the pictures a Renderer draws after
// a replay are those a new Renderer draws: the sheets a replay puts back
// show their layers exactly.
func TestGIFLeavesSheetsClean(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	for _, g := range gifGames {
		frames := replay(t, g, 2, 40, 3)
		if _, err := r.GIF(frames); err != nil {
			t.Fatal(err)
		}
		for _, i := range []int{0, len(frames) / 2, len(frames) - 1} {
			got, err := r.PNG(frames[i].State, frames[i].Info)
			if err != nil {
				t.Fatal(err)
			}
			want, err := newRenderer().PNG(frames[i].State, frames[i].Info)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s, frame %d of %d: the picture after a replay differs from a new renderer's", g.Name(), i, len(frames))
			}
		}
	}
}

// TestGIFScaler checks the scaler against the area average worked out in
// floating point, for sizes down and the same, whole and in pieces: within
// a level of each channel, and a flat colour exactly.
func TestGIFScaler(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	cases := []struct{ sw, sh, dw, dh int }{{97, 61, 40, 25}, {50, 50, 50, 50}, {300, 200, 31, 21}, {1000, 1322, 756, 1000}, {880, 1244, 707, 1000}}
	if raceDetector {
		cases = cases[:3] // the small ones
	}
	for _, tc := range cases {
		img := image.NewRGBA(image.Rect(0, 0, tc.sw, tc.sh))
		for y := range tc.sh {
			for x := range tc.sw {
				c := color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 0xff}
				if x < tc.sw/2 {
					c = seatFill[1] // a flat half
				}
				img.SetRGBA(x, y, c)
			}
		}
		sc := newGIFScaler(tc.sw, tc.sh, float64(max(tc.dw, tc.dh))/float64(max(tc.sw, tc.sh)), tc.dw, tc.dh)
		if sc.dw != tc.dw || sc.dh != tc.dh {
			t.Fatalf("%dx%d scales to %dx%d, want %dx%d", tc.sw, tc.sh, sc.dw, sc.dh, tc.dw, tc.dh)
		}
		got := make([]uint32, tc.dw*tc.dh)
		var s gifScratch
		put := func(y, x0 int, row []uint32) { copy(got[y*tc.dw+x0:], row) }
		sc.scale(img, image.Rect(0, 0, tc.dw, tc.dh), &s, put)
		whole := slices.Clone(got)
		clear(got)
		for y := 0; y < tc.dh; y += 7 {
			for x := 0; x < tc.dw; x += 13 {
				sc.scale(img, image.Rect(x, y, min(x+13, tc.dw), min(y+7, tc.dh)), &s, put)
			}
		}
		if !slices.Equal(got, whole) {
			t.Errorf("%dx%d to %dx%d: scaled in pieces differs from whole", tc.sw, tc.sh, tc.dw, tc.dh)
		}
		rx, ry := float64(tc.sw)/float64(tc.dw), float64(tc.sh)/float64(tc.dh)
		worst := 0.0
		for y := range tc.dh {
			for x := range tc.dw {
				var sum [3]float64
				for sy := int(float64(y) * ry); float64(sy) < float64(y+1)*ry; sy++ {
					wy := min(float64(sy+1), float64(y+1)*ry) - max(float64(sy), float64(y)*ry)
					for sx := int(float64(x) * rx); float64(sx) < float64(x+1)*rx; sx++ {
						wx := min(float64(sx+1), float64(x+1)*rx) - max(float64(sx), float64(x)*rx)
						c := img.RGBAAt(sx, sy)
						for k, v := range []uint8{c.R, c.G, c.B} {
							sum[k] += wx * wy * float64(v)
						}
					}
				}
				g := whole[y*tc.dw+x]
				for k := range 3 {
					want := sum[k] / (rx * ry)
					d := math.Abs(float64(g>>(8*k)&0xff) - want)
					worst = max(worst, d)
					if d > 0.75 {
						t.Fatalf("%dx%d to %dx%d: pixel (%d, %d) channel %d is %d, the area average %.2f", tc.sw, tc.sh, tc.dw, tc.dh, x, y, k, g>>(8*k)&0xff, want)
					}
				}
				if float64(x+1)*rx <= float64(tc.sw/2) && g != packRGB(seatFill[1]) {
					t.Fatalf("%dx%d to %dx%d: pixel (%d, %d) of the flat half is %06x, not %06x", tc.sw, tc.sh, tc.dw, tc.dh, x, y, g, packRGB(seatFill[1]))
				}
			}
		}
		t.Logf("%dx%d to %dx%d: %d taps across, %d down, off by %.2f at worst", tc.sw, tc.sh, tc.dw, tc.dh, sc.x.taps, sc.y.taps, worst)
	}
}
