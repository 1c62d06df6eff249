package storage

import (
	"path/filepath"
	"strconv"
	"testing"
)

// BenchmarkApply measures how many moves a second one game can commit: each
// Apply carries one entry and an interaction id and is guarded by the
// version it read, as a move made in play is. Every commit waits for the
// disk as synchronous asks, so the figure depends on the file system.
func BenchmarkApply(b *testing.B) {
	db, err := Open(b.Context(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	g := &Game{Kind: "kingsmen", ChannelID: "c1", Creator: "u1", Status: StatusActive, Position: "p0",
		DrawOffer: NoDrawOffer, Seats: []Seat{{Seat: 0, UserID: "u1", Joined: true}, {Seat: 1, UserID: "u2", Joined: true}}}
	if _, err := db.Create(b.Context(), g, ""); err != nil {
		b.Fatal(err)
	}
	version := g.Version
	n := 0
	for b.Loop() {
		n++
		c := Change{GameID: g.ID, Version: version, Position: "p" + strconv.Itoa(n), Status: StatusActive,
			DrawOffer: NoDrawOffer, InteractionID: "i" + strconv.Itoa(n), TurnStarted: true,
			Entries: []Entry{{Seat: n % 2, Kind: EntryMove, Text: "m" + strconv.Itoa(n)}}}
		if version, err = db.Apply(b.Context(), c); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}
