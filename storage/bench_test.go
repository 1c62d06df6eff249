package storage

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"parlor/storage/storagetest"
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

// BenchmarkStoredMoves measures stored moves a second on each engine with
// 1 and with 16 writers, each writer playing its own game, as players do:
// one Apply per move with its entry and interaction id, version-guarded.
// PostgreSQL's figures need PARLOR_TEST_POSTGRES (with the server's fsync
// on for figures worth quoting: PARLOR_PG_FSYNC=on .ci/postgres).
func BenchmarkStoredMoves(b *testing.B) {
	for _, engine := range []string{"sqlite", "postgres"} {
		for _, writers := range []int{1, 16} {
			b.Run(fmt.Sprintf("%s/writers=%d", engine, writers), func(b *testing.B) {
				source := storagetest.SQLite(b)
				if engine == "postgres" {
					source = storagetest.Postgres(b)
				}
				db, err := Open(b.Context(), source)
				if err != nil {
					b.Fatal(err)
				}
				defer db.Close()
				games := make([]*Game, writers)
				for i := range games {
					games[i] = &Game{Kind: "kingsmen", ChannelID: "c1", Creator: "u1", Status: StatusActive, Position: "p0",
						DrawOffer: NoDrawOffer, Seats: []Seat{{Seat: 0, UserID: "u1", Joined: true}, {Seat: 1, UserID: "u2", Joined: true}}}
					if _, err := db.Create(b.Context(), games[i], ""); err != nil {
						b.Fatal(err)
					}
				}
				var next atomic.Int64
				var moves atomic.Int64
				b.ResetTimer()
				var wg sync.WaitGroup
				per := (b.N + writers - 1) / writers
				for _, g := range games {
					wg.Go(func() {
						version := g.Version
						for range per {
							n := next.Add(1)
							c := Change{GameID: g.ID, Version: version, Position: "p" + strconv.FormatInt(n, 10), Status: StatusActive,
								DrawOffer: NoDrawOffer, InteractionID: "i" + strconv.FormatInt(n, 10), TurnStarted: true,
								Entries: []Entry{{Seat: int(n % 2), Kind: EntryMove, Text: "m"}}}
							for {
								v, err := db.Apply(b.Context(), c)
								if errors.Is(err, ErrBusy) {
									continue // SQLite's one writer at a time, past the busy timeout
								}
								if err != nil {
									b.Error(err)
									return
								}
								version = v
								break
							}
							moves.Add(1)
						}
					})
				}
				wg.Wait()
				b.ReportMetric(float64(moves.Load())/b.Elapsed().Seconds(), "moves/s")
			})
		}
	}
}

// BenchmarkApplyVsRaw sets the moves one writer stores a second beside
// the bare single-row commits SQLite makes on the same file with the same
// settings (synchronous=FULL in WAL mode): moves/s, commits/s and their
// ratio x-raw. The two alternate, a commit then a move, so that both see
// the machine alike (a disk busy with others' work slows both); the bare
// commits run under a context that is never cancelled, which spares them
// go-sqlite3's watch for cancellation, as the writer's statements are.
func BenchmarkApplyVsRaw(b *testing.B) {
	db, err := Open(b.Context(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ctx := b.Context()
	if _, err := db.SQL().ExecContext(ctx, "CREATE TABLE bench (id INTEGER PRIMARY KEY, x TEXT NOT NULL)"); err != nil {
		b.Fatal(err)
	}
	raw := func(i int) {
		bg := context.Background()
		tx, err := db.SQL().BeginTx(bg, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tx.ExecContext(bg, "INSERT INTO bench (x) VALUES (?)", "row"+strconv.Itoa(i)); err != nil {
			b.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			b.Fatal(err)
		}
	}
	g := &Game{Kind: "kingsmen", ChannelID: "c1", Creator: "u1", Status: StatusActive, Position: "p0",
		DrawOffer: NoDrawOffer, Seats: []Seat{{Seat: 0, UserID: "u1", Joined: true}, {Seat: 1, UserID: "u2", Joined: true}}}
	if _, err := db.Create(ctx, g, ""); err != nil {
		b.Fatal(err)
	}
	version, n := g.Version, 0
	var rawTime, moveTime time.Duration
	b.ResetTimer()
	for b.Loop() {
		n++
		start := time.Now()
		raw(n)
		mid := time.Now()
		c := Change{GameID: g.ID, Version: version, Position: "p" + strconv.Itoa(n), Status: StatusActive,
			DrawOffer: NoDrawOffer, InteractionID: "i" + strconv.Itoa(n), TurnStarted: true,
			Entries: []Entry{{Seat: n % 2, Kind: EntryMove, Text: "m" + strconv.Itoa(n)}}}
		if version, err = db.Apply(ctx, c); err != nil {
			b.Fatal(err)
		}
		rawTime += mid.Sub(start)
		moveTime += time.Since(mid)
	}
	moves, commits := float64(n)/moveTime.Seconds(), float64(n)/rawTime.Seconds()
	b.ReportMetric(moves, "moves/s")
	b.ReportMetric(commits, "raw-commits/s")
	b.ReportMetric(moves/commits, "x-raw")
}
