package kimbo_test

import (
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
)

// crowded is a four-player middle game from a random game (found with a
// throwaway script): 13 pieces on the playfield, fences scattered, North to
// move with 6-5; 566 legal moves.
const crowded = "S:b3,b5,f11,home/g2|h2,l2|m2,f5|g5,k5|k6,m9|n9,k15|l15 W:m3,d11,d13,home/h2|h3,g3|h3,e5|f5,c9|d9,f12|g12,k14|k15 " +
	"N:b2,d8,k9,k13/f1|g1,k1|l1,f4|g4,j7|k7,d9|e9,c10|c11 E:h2,a6,o12,c13/i2|i3,o3|o4,c8|c9,b10|b11,m10|m11,k13|l13 " +
	"N:move:6-5 last:N;n8|n9>f4|g4;6-5;-"

// moveCounts are the numbers of legal moves in fixed positions, kept as a
// check that move generation does not change unnoticed.
func TestMoveCounts(t *testing.T) {
	start, _ := kimbo.New(4)
	for _, tt := range []struct {
		name, text string
		want       int
	}{
		{"crowded", crowded, 566},
		{"crowded, fence decision", "S:b3,b5,f11,home/g2|h2,l2|m2,f5|g5,k5|k6,m9|n9,k15|l15 W:m3,d11,d13,home/h2|h3,g3|h3,e5|f5,c9|d9,f12|g12,k14|k15 " +
			"N:b2,d8,k9,k13/f1|g1,k1|l1,f4|g4,j7|k7,d9|e9,c10|c11 E:h2,a6,o12,c13/i2|i3,o3|o4,c8|c9,b10|b11,m10|m11,k13|l13 N:fence", 1 + 6*(364-24)},
		{"start, roll", start.String(), 21},
	} {
		p := parse(t, tt.text)
		expect(t, p, tt.name, len(p.Legal()), tt.want)
	}
}

// BenchmarkLegalCrowded: all legal moves for a roll in a crowded middle
// game, worked out afresh each time (a new position, so no cache).
func BenchmarkLegalCrowded(b *testing.B) {
	p, err := kimbo.Parse(crowded)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		q, _ := kimbo.Parse(crowded)
		if n := len(q.Legal()); n != 566 {
			b.Fatalf("got %d moves", n)
		}
	}
	_ = p
}

// BenchmarkPlayCrowded: the legal moves and one of them played, as the
// table service does each turn.
func BenchmarkPlayCrowded(b *testing.B) {
	for b.Loop() {
		q, _ := kimbo.Parse(crowded)
		legal := q.Legal()
		if _, err := q.Play(legal[len(legal)/2]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFenceDecisions: the legal fence decisions, some 2000.
func BenchmarkFenceDecisions(b *testing.B) {
	p, _ := kimbo.New(4)
	st, _ := p.Play(rules.Move{Text: "roll 6-6"})
	for _, r := range []string{"roll 1-1", "roll 1-1", "roll 1-1"} {
		st, _ = st.Play(rules.Move{Text: r})
	}
	for b.Loop() {
		if n := len(st.Legal()); n != 1+6*340 {
			b.Fatalf("got %d", n)
		}
	}
}
