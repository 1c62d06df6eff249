package render

import (
	"bytes"
	"image"
	"image/png"
	"sync"
	"testing"
	"time"

	"parlor/rules"
)

// benchBoards are a crowded position of each game, as the bot draws them.
func benchBoards(b testing.TB) []struct {
	game  string
	state rules.State
	info  Info
} {
	return []struct {
		game  string
		state rules.State
		info  Info
	}{
		{"kingsmen", mustParse(b, goldenCases[1].pos), goldenCases[1].info},
		{"kimbo", mustParseKimbo(b, kimboCases[1].pos), kimboCases[1].info},
		{"kippykoo", mustKippyKoo(b, kkCrowded.pos, kkCrowded.moves...), kkCrowded.info},
		{"rumba", mustRumba(b, rbCrowded.pos), rbCrowded.info},
	}
}

// BenchmarkBoard is the whole picture of a board (drawing, reducing to
// 256 colours, PNG encoding) per game, reported as ms/board and as its
// ratio to the time image/png takes only to encode the finished image
// (x-encode): how much more than the bare encoding the picture costs.
// (ns/op counts both.)
func BenchmarkBoard(b *testing.B) {
	for _, tc := range benchBoards(b) {
		b.Run(tc.game, func(b *testing.B) {
			r := newRenderer()
			data, pal := boardPicture(b, r, tc.state, tc.info)
			// The encode-only time of the same image, by image/png at its
			// fastest: a picture, then an encode, in turn, so that both see
			// the machine alike.
			enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &stdBuffers}
			var buf bytes.Buffer
			var picture, encode time.Duration
			b.ResetTimer()
			for b.Loop() {
				start := time.Now()
				if _, err := r.PNG(tc.state, tc.info); err != nil {
					b.Fatal(err)
				}
				mid := time.Now()
				buf.Reset()
				if err := enc.Encode(&buf, pal); err != nil {
					b.Fatal(err)
				}
				picture += mid.Sub(start)
				encode += time.Since(mid)
			}
			per := picture / time.Duration(b.N)
			b.ReportMetric(float64(per)/float64(time.Millisecond), "ms/board")
			b.ReportMetric(float64(picture)/float64(encode), "x-encode")
			b.ReportMetric(float64(len(data))/1024, "KB/png")
		})
	}
}

// boardPicture is the PNG file r makes of s, and the image decoded.
func boardPicture(tb testing.TB, r *Renderer, s rules.State, info Info) ([]byte, *image.Paletted) {
	tb.Helper()
	data, err := r.PNG(s, info)
	if err != nil {
		tb.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	pal, ok := img.(*image.Paletted)
	if !ok {
		tb.Fatalf("the board is a %T, not paletted", img)
	}
	return data, pal
}

// stdBuffers lets image/png reuse its compressor between encodes, as the
// renderer once did.
var stdBuffers pngBuffers

// pngBuffers is image/png's EncoderBufferPool.
type pngBuffers struct{ pool sync.Pool }

func (p *pngBuffers) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngBuffers) Put(b *png.EncoderBuffer) { p.pool.Put(b) }
