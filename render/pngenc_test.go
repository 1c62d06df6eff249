package render

import (
	"bytes"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// decodesTo checks that data is a PNG file of exactly m: every pixel's
// index, and the palette image/png writes for m (8-bit colours that are
// not premultiplied, so a translucent colour rounds).
func decodesTo(t *testing.T, data []byte, m *image.Paletted) {
	t.Helper()
	var std bytes.Buffer
	if err := png.Encode(&std, m); err != nil {
		t.Fatal(err)
	}
	want, err := png.Decode(&std)
	if err != nil {
		t.Fatal(err)
	}
	wantPal := want.(*image.Paletted).Palette
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("image/png cannot read the file: %v", err)
	}
	got, ok := img.(*image.Paletted)
	if !ok {
		t.Fatalf("decoded a %T, not a paletted image", img)
	}
	if got.Rect.Dx() != m.Rect.Dx() || got.Rect.Dy() != m.Rect.Dy() {
		t.Fatalf("decoded %v, want the size of %v", got.Rect, m.Rect)
	}
	if len(got.Palette) != len(wantPal) {
		t.Fatalf("decoded %d colours, want %d", len(got.Palette), len(wantPal))
	}
	for i := range wantPal {
		if g, w := color.NRGBAModel.Convert(got.Palette[i]), color.NRGBAModel.Convert(wantPal[i]); g != w {
			t.Fatalf("colour %d decoded as %v, want %v", i, g, w)
		}
	}
	for y := range m.Rect.Dy() {
		for x := range m.Rect.Dx() {
			g := got.ColorIndexAt(got.Rect.Min.X+x, got.Rect.Min.Y+y)
			w := m.ColorIndexAt(m.Rect.Min.X+x, m.Rect.Min.Y+y)
			if g != w {
				t.Fatalf("pixel (%d,%d) decoded as colour %d, want %d", x, y, g, w)
			}
		}
	}
}

// TestPNGEncoderReadsBack encodes images made to reach each part of the
// encoder (runs, rows repeated, noise that fills several blocks, one
// pixel, a translucent palette, a sub-image) and reads them back with
// image/png.
func TestPNGEncoderReadsBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	palette := func(n int, alpha bool) color.Palette {
		p := make(color.Palette, n)
		for i := range p {
			a := uint8(0xff)
			if alpha && i%3 == 0 {
				a = uint8(i)
			}
			p[i] = color.NRGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), a}
		}
		return p
	}
	img := func(w, h, colours int, alpha bool, pix func(x, y int) uint8) *image.Paletted {
		m := image.NewPaletted(image.Rect(0, 0, w, h), palette(colours, alpha))
		for y := range h {
			for x := range w {
				m.SetColorIndex(x, y, pix(x, y))
			}
		}
		return m
	}
	cases := map[string]*image.Paletted{
		"one pixel":   img(1, 1, 1, false, func(x, y int) uint8 { return 0 }),
		"one colour":  img(700, 300, 1, false, func(x, y int) uint8 { return 0 }),
		"stripes":     img(333, 200, 7, false, func(x, y int) uint8 { return uint8(x / 13 % 7) }),
		"checks":      img(640, 480, 2, false, func(x, y int) uint8 { return uint8((x/40 + y/40) % 2) }),
		"noise":       img(600, 400, 256, false, func(x, y int) uint8 { return uint8(rng.IntN(256)) }),
		"translucent": img(50, 60, 40, true, func(x, y int) uint8 { return uint8(rng.IntN(40)) }),
		"sparse noise": img(1000, 500, 256, false, func(x, y int) uint8 {
			if rng.IntN(20) == 0 {
				return uint8(rng.IntN(256))
			}
			return uint8(y % 3)
		}),
		"widest": img(32767, 2, 3, false, func(x, y int) uint8 { return uint8(x / 1000 % 3) }),
	}
	sub := img(300, 300, 9, false, func(x, y int) uint8 { return uint8((x * y) / 97 % 9) })
	cases["sub-image"] = sub.SubImage(image.Rect(17, 23, 201, 250)).(*image.Paletted)
	var e pngEncoder
	for name, m := range cases {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := e.encode(&buf, m); err != nil {
				t.Fatal(err)
			}
			decodesTo(t, buf.Bytes(), m)
			// The same pixels in rows made by newRows, compressed where
			// they are, the spare bytes dirty.
			rows, raw := newRows(m.Rect)
			rows.Palette = m.Palette
			for i := range raw {
				raw[i] = 0xee
			}
			for y := m.Rect.Min.Y; y < m.Rect.Max.Y; y++ {
				for x := m.Rect.Min.X; x < m.Rect.Max.X; x++ {
					rows.SetColorIndex(x, y, m.ColorIndexAt(x, y))
				}
			}
			buf.Reset()
			if err := e.encodeRows(&buf, rows, raw); err != nil {
				t.Fatal(err)
			}
			decodesTo(t, buf.Bytes(), m)
		})
	}
}

// TestHuffmanLengthsLimited checks that a skewed alphabet (frequencies
// like Fibonacci's, whose plain Huffman tree is as deep as it has symbols)
// gets codes no longer than the limit, and a complete prefix code.
func TestHuffmanLengthsLimited(t *testing.T) {
	freq := make([]int32, 30)
	a, b := int32(1), int32(1)
	for i := range freq {
		freq[i] = a
		a, b = b, a+b
	}
	lens := make([]uint8, len(freq))
	huffLengths(freq, lens, 15)
	kraft := 0.0
	for i, l := range lens {
		if l == 0 || l > 15 {
			t.Fatalf("symbol %d got length %d", i, l)
		}
		kraft += 1 / float64(uint(1)<<l)
	}
	if kraft != 1 {
		t.Errorf("the code is not complete: Kraft sum %v", kraft)
	}
}

// BenchmarkPNGEncoder encodes each game's crowded board with pngEncoder
// and with image/png at its fastest level, reporting the file's size.
func BenchmarkPNGEncoder(b *testing.B) {
	for _, tc := range benchBoards(b) {
		r := newRenderer()
		_, pal := boardPicture(b, r, tc.state, tc.info)
		var e pngEncoder
		enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &stdBuffers}
		for name, encode := range map[string]func(*bytes.Buffer) error{
			"parlor":    func(w *bytes.Buffer) error { return e.encode(w, pal) },
			"image-png": func(w *bytes.Buffer) error { return enc.Encode(w, pal) },
		} {
			b.Run(tc.game+"/"+name, func(b *testing.B) {
				var buf bytes.Buffer
				for b.Loop() {
					buf.Reset()
					if err := encode(&buf); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(buf.Len())/1024, "KB/png")
			})
		}
	}
}

// TestAdler32 compares adler32Sum with hash/adler32 on lengths around its
// word and its reductions, and on bytes all 0xff, the largest sums.
func TestAdler32(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 7, 8, 9, 63, 1000, 32<<10 - 1, 32 << 10, 32<<10 + 5, 200_001} {
		for _, fill := range []string{"random", "0xff"} {
			p := make([]byte, n)
			for i := range p {
				if p[i] = 0xff; fill == "random" {
					p[i] = byte(rng.Uint32())
				}
			}
			if got, want := adler32Sum(p), adler32.Checksum(p); got != want {
				t.Errorf("%d %s bytes: adler32Sum %#x, hash/adler32 %#x", n, fill, got, want)
			}
		}
	}
}
