package kippykoo_test

import (
	"context"
	"testing"
	"time"

	"parlor/rules"
	"parlor/rules/kippykoo"
)

// BenchmarkThink: one decision of each level with think 20ms on the
// crowded middle position (South to move with 6-6, 11 moves), each time
// from a fresh position. Strong reports the work units it spent a second,
// the rate unitsPerSecond is calibrated to, and the deepest level of its
// search looked at.
func BenchmarkThink(b *testing.B) {
	for _, level := range []rules.Level{rules.Easy, rules.Strong} {
		b.Run(string(level), func(b *testing.B) {
			for b.Loop() {
				p, _ := kippykoo.Parse(crowded)
				if _, err := (kippykoo.Game{}).Think(context.Background(), p, level, 20*time.Millisecond, 1); err != nil {
					b.Fatal(err)
				}
			}
			if level == rules.Strong {
				_, depth, work := kippykoo.StrongSearch(parse(b, crowded), kippykoo.StrongBudget(20*time.Millisecond))
				b.ReportMetric(float64(work)*float64(b.N)/b.Elapsed().Seconds(), "units/s")
				b.ReportMetric(float64(depth), "depth")
			}
		})
	}
}
