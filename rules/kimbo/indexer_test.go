package kimbo_test

import (
	"math/rand/v2"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
)

// LegalAt(i) is Legal()[i] and NumLegal is len(Legal()) at every decision
// of random games of two, three and four, fence decisions above all.
func TestLegalAtIsLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for players := 2; players <= 4; players++ {
		st, err := kimbo.New(players)
		if err != nil {
			t.Fatal(err)
		}
		var s rules.State = st
		for n := 0; n < 400 && !s.Outcome().Over(); n++ {
			ix := s.(rules.Indexer)
			legal := s.Legal()
			if ix.NumLegal() != len(legal) {
				t.Fatalf("NumLegal is %d, Legal lists %d\n%s", ix.NumLegal(), len(legal), s.Drawing())
			}
			for i, m := range legal {
				if got := ix.LegalAt(i); got != m {
					t.Fatalf("LegalAt(%d) is %q, Legal()[%d] is %q\n%s", i, got.Text, i, m.Text, s.Drawing())
				}
			}
			if s, err = s.Play(kimbo.RandomDecision(rng, s)); err != nil {
				t.Fatal(err)
			}
		}
	}
}
