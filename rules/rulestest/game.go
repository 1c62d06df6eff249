package rulestest

import (
	"testing"

	"parlor/rules"
)

// FuzzGame plays a game of g as data says (Sequence: the first byte picks
// the number of players, the others the decisions), through the Game
// contract alone, so that one driver fuzzes every game of the list and any
// game added to it. After every decision it checks what holds in any game
// (Step), the game's own invariants (rules.Checker) and that no two legal
// moves read alike (Distinct).
func FuzzGame(t testing.TB, g rules.Game, data []byte) {
	t.Helper()
	inv := func(prev, next rules.State) error { return rules.Invariants(g, prev, next) }
	Sequence[rules.State]{
		Over:    "pass",
		Letters: "abcdefghijklmnopqrstuvwxyzAKNSWE0123456789-x +.:",
		Step: func(t testing.TB, s rules.State, text string) rules.State {
			t.Helper()
			next, legal := Step(t, g, inv, s, text)
			Distinct(t, next, legal, text)
			return next
		},
	}.New(t, g, data)
}
