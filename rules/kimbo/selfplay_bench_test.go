package kimbo_test

import (
	"math/rand/v2"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
)

// BenchmarkRandomDecisions: one decision of a random four-player game as
// `parlor selfplay` plays it: the legal decisions listed, one played
// (chance by its odds), the position text read back, and the invariants.
// Reported per decision, with decisions/s.
func BenchmarkRandomDecisions(b *testing.B) {
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
		text := next.String()
		if back, err := kimbo.Parse(text); err != nil || back.String() != text {
			b.Fatalf("round trip of %q: %v", text, err)
		}
		if err := kimbo.Invariants(st, next); err != nil {
			b.Fatal(err)
		}
		st = next
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
}
