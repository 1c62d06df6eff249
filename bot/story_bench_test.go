package bot

import (
	"math/rand/v2"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/storage"
)

// BenchmarkSteps: replaying the log of a long game of four of Kimbo (a
// random game to its end), as a board that starts a turn does to tell
// what happened since the player's previous one. Reported per replay,
// with the decisions replayed.
func BenchmarkSteps(b *testing.B) {
	log := randomKimboLog(b)
	for b.Loop() {
		if _, err := Steps(kimbo.Game{}, 4, log); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(log)), "decisions")
}

// BenchmarkStepsKept: the same with the tail of the story told at the
// start of the previous turn kept (tails): a turn of four players later,
// only the dozen or so decisions since are replayed.
func BenchmarkStepsKept(b *testing.B) {
	log := randomKimboLog(b)
	const since = 12
	for b.Loop() {
		b.StopTimer()
		var ts tails
		if _, _, err := ts.steps(1, kimbo.Game{}, 4, log[:len(log)-since]); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, _, err := ts.steps(1, kimbo.Game{}, 4, log); err != nil {
			b.Fatal(err)
		}
	}
}

// randomKimboLog is the log of a random game of four of Kimbo to its end.
func randomKimboLog(b testing.TB) []storage.Entry { return randomKimbo(b, 4, 1<<30) }

// randomKimbo is the log of a random game of four of Kimbo from seed, to
// its end or its limit-th decision.
func randomKimbo(b testing.TB, seed uint64, limit int) []storage.Entry {
	rng := rand.New(rand.NewPCG(seed, seed))
	var st rules.State
	st, _ = kimbo.New(4)
	var log []storage.Entry
	for len(log) < limit && !st.Outcome().Over() {
		seat := st.ToMove()
		m := rules.Uniform(st, rng.IntN)
		if seat == rules.Chance {
			m = pickByOdds(st.Legal(), rng.IntN)
		}
		next, err := st.Play(m)
		if err != nil {
			b.Fatal(err)
		}
		log = append(log, storage.Entry{Ply: len(log) + 1, Seat: int(seat), Kind: storage.EntryMove, Text: m.Text, At: testNow})
		st = next
	}
	return log
}
