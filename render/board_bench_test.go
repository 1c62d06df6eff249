package render

import (
	"bytes"
	"image"
	"image/png"
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
// ratio to the time it takes only to encode the finished image
// (x-encode): how much more than the bare encoding the picture costs.
func BenchmarkBoard(b *testing.B) {
	for _, tc := range benchBoards(b) {
		b.Run(tc.game, func(b *testing.B) {
			r := New()
			data, err := r.PNG(tc.state, tc.info)
			if err != nil {
				b.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				b.Fatal(err)
			}
			pal, ok := img.(*image.Paletted)
			if !ok {
				b.Fatalf("the board is a %T, not paletted", img)
			}
			// The encode-only time of the same image, with the same encoder.
			enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &r.pngBuffers}
			const rounds = 20
			var buf bytes.Buffer
			start := time.Now()
			for range rounds {
				buf.Reset()
				if err := enc.Encode(&buf, pal); err != nil {
					b.Fatal(err)
				}
			}
			encode := time.Since(start) / rounds
			b.ResetTimer()
			for b.Loop() {
				if _, err := r.PNG(tc.state, tc.info); err != nil {
					b.Fatal(err)
				}
			}
			per := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(float64(per)/float64(time.Millisecond), "ms/board")
			b.ReportMetric(float64(per)/float64(encode), "x-encode")
			b.ReportMetric(float64(len(data))/1024, "KB/png")
		})
	}
}
