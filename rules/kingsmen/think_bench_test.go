package kingsmen

import (
	"context"
	"testing"
	"time"

	"parlor/rules"
)

// crowdedMiddle is a middle game from a random game: 23 pieces, 46 legal
// moves, Knights out on both sides, nobody under Threat (perft_test.go's
// middleGame).
const crowdedMiddle = ".nnkn.a/.aa.aa./a.a.N../..N..../...A.n./...A.A./AA.K..A/.N...N. s 10 10"

// BenchmarkThink times one decision of each level at think 20ms on a
// crowded middle position, and reports the positions searched a second:
// the strong figure is what nodesPerSecond is calibrated from. Run it
// alone, on a quiet machine:
//
//	go test -run '^$' -bench BenchmarkThink -benchtime 50x ./rules/kingsmen/
func BenchmarkThink(b *testing.B) {
	p, err := Parse(crowdedMiddle)
	if err != nil {
		b.Fatal(err)
	}
	for _, level := range []rules.Level{rules.Easy, rules.Strong} {
		b.Run(string(level), func(b *testing.B) {
			sr := &searcher{tt: make([]ttEntry, ttSize)}
			nodes := int64(0)
			seed := uint64(0)
			for b.Loop() {
				seed++
				sr.decide(context.Background(), p, level, 20*time.Millisecond, seed)
				nodes += sr.nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
