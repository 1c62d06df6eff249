package bot

import (
	"context"
	"fmt"
	"testing"
	"time"

	"parlor/storage"
	"parlor/storage/storagetest"
)

// benchEngines runs bench on SQLite and, with a server, PostgreSQL.
func benchEngines(b *testing.B, bench func(b *testing.B, db *storage.DB)) {
	for _, e := range []struct {
		name   string
		source func(testing.TB) string
	}{{"sqlite", storagetest.SQLite}, {"postgres", storagetest.Postgres}} {
		b.Run(e.name, func(b *testing.B) {
			db, err := storage.Open(context.Background(), e.source(b))
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { db.Close() })
			bench(b, db)
		})
	}
}

// newGameReq is /kingsmen new (an open seat) by u.
func newGameReq(id string, u User) Request {
	return Request{ID: id, Kind: CommandRequest, GuildID: tableGuild, ChannelID: tableChannel, User: u, Command: "kingsmen", Sub: "new",
		Options: map[string]string{}, Users: map[string]User{}}
}

// count is the rows of a table.
func countRows(b *testing.B, db *storage.DB, table string) int {
	var n int
	if err := db.SQL().QueryRow("SELECT count(*) FROM " + table).Scan(&n); err != nil {
		b.Fatal(err)
	}
	return n
}

// BenchmarkRefusedNew is the cost of a /new past a limit (the member has
// made their three lobbies): its time and allocations; and it checks that
// the refusals drew no picture, asked for no thread and wrote nothing (no
// game, no interaction recorded).
func BenchmarkRefusedNew(b *testing.B) {
	benchEngines(b, func(b *testing.B, db *storage.DB) {
		painter := &fakePainter{}
		table := NewTable(Config{Store: db, Painter: painter, Kits: []Kit{KingsmenKit()}, Roll: func(int) int { return 0 }, Pace: unpaced})
		ctx := context.Background()
		for i := range 3 {
			if resp := table.Handle(ctx, newGameReq(fmt.Sprint("made-", i), alice)); resp.Thread == nil {
				b.Fatalf("lobby %d: %s", i, showResp(resp))
			}
		}
		games, interactions := countRows(b, db, "games"), countRows(b, db, "interactions")
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; b.Loop(); i++ {
			resp := table.Handle(ctx, newGameReq(fmt.Sprint("refused-", i), alice))
			if resp.Private == nil || resp.Thread != nil || resp.Public != nil {
				b.Fatalf("got %s, want a refusal", showResp(resp))
			}
		}
		b.StopTimer()
		if g, n, p := countRows(b, db, "games"), countRows(b, db, "interactions"), painter.calls.Load(); g != games || n != interactions || p != 0 {
			b.Fatalf("the refusals wrote or drew: games %d→%d, interactions %d→%d, %d pictures", games, g, interactions, n, p)
		}
	})
}

// BenchmarkSlowDown is what the slow-down costs an interaction: the Handle
// of a cheap command (/games, for a member with none) with the slow-down
// off and on (one upsert of the member's count), each request by another
// member so that none is slowed.
func BenchmarkSlowDown(b *testing.B) {
	benchEngines(b, func(b *testing.B, db *storage.DB) {
		for _, pace := range []Pace{{Off: true}, {}} {
			name := "on"
			if pace.Off {
				name = "off"
			}
			b.Run(name, func(b *testing.B) {
				table := NewTable(Config{Store: db, Painter: &fakePainter{}, Kits: []Kit{KingsmenKit()}, Now: time.Now, Pace: pace})
				ctx := context.Background()
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					req := newGameReq("", User{ID: fmt.Sprint("member-", name, i), Name: "M"})
					req.Command, req.Sub = "games", ""
					if resp := table.Handle(ctx, req); resp.Private == nil {
						b.Fatalf("got %s", showResp(resp))
					}
				}
			})
		}
	})
}
