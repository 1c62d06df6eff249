package rumba_test

import (
	"testing"

	"parlor/rules/rumba"
)

// crowded is a four-player middle game from a random game (found with a
// throwaway script): 13 men on the board, South to play 5-4; 21 legal
// moves, the most among such positions of 300 random games.
const crowded = "4p S:-,51,53,sw3 E:-,00,15,30 N:04,26,32,36 W:-,14,47,60 S:move:5-4 last:S;5-4;-"

// crowdedReward is crowded after a capture, with the 4 and a reward of 20
// to play (30 legal moves): the move search weighs rewards played
// before the die.
const crowdedReward = "4p S:-,51,53,sw3 E:-,00,15,30 N:04,26,32,36 W:-,14,47,60 S:move:5-4:4:r20 last:S;5-4;S46-51xW"

// TestMoveCounts keeps the numbers of legal moves in fixed positions, as a
// check that move generation does not change unnoticed.
func TestMoveCounts(t *testing.T) {
	start, _ := rumba.New(4)
	for _, tt := range []struct {
		name, text string
		want       int
	}{
		{"crowded", crowded, 21},
		{"crowded, with a reward", crowdedReward, 30},
		{"start, opening throw", start.String(), 21},
		{"all waiting, 6-6", moving(hands("", "", "", ""), "S", "6-6"), 2},
	} {
		p := parse(t, tt.text)
		expect(t, p, tt.name, len(p.Legal()), tt.want)
	}
}

// BenchmarkLegalCrowded: all legal moves for a throw in a crowded middle
// game, worked out afresh each time (a new position, so no cache).
func BenchmarkLegalCrowded(b *testing.B) {
	for b.Loop() {
		q, _ := rumba.Parse(crowded)
		if n := len(q.Legal()); n != 21 {
			b.Fatalf("got %d moves", n)
		}
	}
}

// BenchmarkLegalCrowdedReward: the same with a die and a reward of 20 left.
func BenchmarkLegalCrowdedReward(b *testing.B) {
	for b.Loop() {
		q, _ := rumba.Parse(crowdedReward)
		if n := len(q.Legal()); n != 30 {
			b.Fatalf("got %d moves", n)
		}
	}
}

// BenchmarkPlayCrowded: the legal moves and one of them played, as the
// table service does each decision.
func BenchmarkPlayCrowded(b *testing.B) {
	for b.Loop() {
		q, _ := rumba.Parse(crowded)
		legal := q.Legal()
		if _, err := q.Play(legal[len(legal)/2]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRandomGame: a whole random four-player game, invariants checked.
func BenchmarkRandomGame(b *testing.B) {
	seed := uint64(0)
	for b.Loop() {
		seed++
		playout(b, 4, seed)
	}
}
