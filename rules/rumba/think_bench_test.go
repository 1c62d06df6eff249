package rumba_test

import (
	"context"
	"testing"
	"time"

	"parlor/rules"
	"parlor/rules/rumba"
)

// BenchmarkThink: one decision of each level at think 20ms on the crowded
// middle game (South to play 5-4 of 21 legal moves). Besides the time per
// decision it reports the units of work done, and a second's worth: the
// strong player's budget is sized by workPerSecond in think.go, which
// should be near the work/s of BenchmarkThink/strong on a quiet machine.
//
//	nice go test -run XXX -bench BenchmarkThink -benchtime 3s ./rules/rumba/
func BenchmarkThink(b *testing.B) {
	p := parse(b, crowded)
	for _, level := range []rules.Level{rules.Easy, rules.Strong} {
		b.Run(string(level), func(b *testing.B) {
			var work int64
			seed := uint64(0)
			for b.Loop() {
				seed++
				m, w, err := rumba.ThinkWork(context.Background(), p, level, 20*time.Millisecond, seed)
				if err != nil || !isLegal(p, m.Text) {
					b.Fatalf("Think: %q, %v", m.Text, err)
				}
				work += w
			}
			b.ReportMetric(float64(work)/float64(b.N), "work/op")
			b.ReportMetric(float64(work)/b.Elapsed().Seconds(), "work/s")
		})
	}
}
