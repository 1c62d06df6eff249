package kimbo_test

import (
	"math/rand/v2"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
)

// BenchmarkRandomDecisions: one decision of a random four-player game,
// reported per decision, with decisions/s. engine: a uniformly random
// legal decision drawn (chance by its odds) and played. checked: as
// `parlor selfplay` plays it, with the position text read back and the
// invariants checked too.
func BenchmarkRandomDecisions(b *testing.B) {
	for _, checked := range []bool{false, true} {
		name := "engine"
		if checked {
			name = "checked"
		}
		b.Run(name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			start, _ := kimbo.New(4)
			var st rules.State = start
			for b.Loop() {
				if st.Outcome().Over() {
					st = start
				}
				next, err := st.Play(kimbo.RandomDecision(rng, st))
				if err != nil {
					b.Fatal(err)
				}
				if checked {
					text := next.String()
					if back, err := kimbo.Parse(text); err != nil || back.String() != text {
						b.Fatalf("round trip of %q: %v", text, err)
					}
					if err := kimbo.Invariants(st, next); err != nil {
						b.Fatal(err)
					}
				}
				st = next
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
		})
	}
}
