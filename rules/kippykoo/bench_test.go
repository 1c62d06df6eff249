package kippykoo_test

import (
	"testing"

	"parlor/rules/kippykoo"
)

// crowded is a four-player middle game: 13 marbles on the track, every
// seat with a marble in START, South to move with 6-6 (a start, two starts,
// a marble the total or two marbles a six each, in either order).
const crowded = "S:start,h0,h1,h20 W:start,h14,h30,h44 N:start,h27,h40,h6 E:start,start,h41,h50 S:move:6-6"

// TestMoveCounts keeps the number of legal moves of fixed positions, so
// that move generation does not change unnoticed.
func TestMoveCounts(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		want       int
	}{
		{"crowded, 6-6", crowded, 11},
		{"crowded, 6-5", crowded[:len(crowded)-3] + "6-5", 14},
		{"crowded, 2-1", crowded[:len(crowded)-3] + "2-1", 8},
		{"all in START, 6-6", moving(southStart+" "+northStart, "S", "6-6"), 2},
		{"all in START, 2-2", moving(southStart+" "+northStart, "S", "2-2"), 1},
	} {
		p := parse(t, tt.text)
		expect(t, p, tt.name, len(p.Legal()), tt.want)
	}
	// Summed over the 21 throws from the crowded position (a perft of depth
	// one throw).
	total := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= a; b++ {
			total += len(parse(t, crowded[:len(crowded)-3]+string(rune('0'+a))+"-"+string(rune('0'+b))).Legal())
		}
	}
	p := parse(t, crowded)
	expect(t, p, "moves over all 21 throws", total, 202)
}

// BenchmarkLegalCrowded: all legal moves for a throw in a crowded middle
// game, worked out afresh each time (a new position, so no cache).
func BenchmarkLegalCrowded(b *testing.B) {
	for b.Loop() {
		q, _ := kippykoo.Parse(crowded)
		if n := len(q.Legal()); n == 0 {
			b.Fatal("no moves")
		}
	}
}

// BenchmarkPlayCrowded: the legal moves and one of them played, as the
// table service does each turn.
func BenchmarkPlayCrowded(b *testing.B) {
	for b.Loop() {
		q, _ := kippykoo.Parse(crowded)
		legal := q.Legal()
		if _, err := q.Play(legal[len(legal)/2]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParse: reading the crowded position text, the baseline of the
// two benchmarks above.
func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		if _, err := kippykoo.Parse(crowded); err != nil {
			b.Fatal(err)
		}
	}
}
