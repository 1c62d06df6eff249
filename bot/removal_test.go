package bot

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"parlor/storage"
	"parlor/storage/storagetest"
)

// purgeCounter is a store that counts the purges it is asked for.
type purgeCounter struct {
	*storage.DB
	purges *atomic.Int64
}

func (p purgeCounter) PurgeRemoved(ctx context.Context, guildID string) (storage.PurgeReport, error) {
	p.purges.Add(1)
	return p.DB.PurgeRemoved(ctx, guildID)
}

// Two replicas sweeping at once, past the retention period of a server
// that removed the bot, purge it once; before it, neither does, and the
// other server's game is kept.
func TestTwoReplicasPurgeOnce(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		ctx := context.Background()
		clock := &fakeClock{now: testNow}
		var purges atomic.Int64
		var tables []*Table
		var dbs []*storage.DB
		for range 2 {
			db, err := storage.Open(ctx, source)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			db.Now = clock.Now
			dbs = append(dbs, db)
			tables = append(tables, NewTable(Config{Store: purgeCounter{db, &purges}, Painter: &fakePainter{}, Kits: []Kit{KingsmenKit()},
				Roll: func(int) int { return 0 }, Now: clock.Now, Retain: 7 * 24 * time.Hour}))
		}
		var gone []int64
		for _, guild := range []string{"gone", "gone", "kept"} {
			g := &storage.Game{Kind: "kingsmen", GuildID: guild, ChannelID: "c-" + guild, Creator: "u1", Status: storage.StatusActive,
				Position: "start", DrawOffer: storage.NoDrawOffer, Seats: []storage.Seat{{Seat: 0, UserID: "u1", Name: "a", Joined: true}, {Seat: 1, UserID: "u2", Name: "b", Joined: true}}}
			id, err := dbs[0].Create(ctx, g, "")
			if err != nil {
				t.Fatal(err)
			}
			if guild == "gone" {
				gone = append(gone, id)
			}
		}
		if err := tables[0].GuildRemoved(ctx, "gone"); err != nil {
			t.Fatal(err)
		}
		sweepAll := func() {
			var wg sync.WaitGroup
			for _, tb := range tables {
				wg.Go(func() {
					if _, err := tb.Sweep(ctx); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
		}
		clock.advance(7*24*time.Hour - time.Minute)
		sweepAll()
		if n := purges.Load(); n != 0 {
			t.Fatalf("%d purges before the retention period", n)
		}
		clock.advance(time.Minute)
		sweepAll()
		sweepAll()
		if n := purges.Load(); n != 1 {
			t.Errorf("%d purges by two replicas sweeping at once, want 1", n)
		}
		for _, id := range gone {
			if _, err := dbs[1].Game(ctx, id); !errors.Is(err, storage.ErrNotFound) {
				t.Errorf("game %d of the removed server: %v, want it deleted", id, err)
			}
		}
		if ids, _ := dbs[1].GameIDs(ctx); len(ids) != 1 {
			t.Errorf("games left: %v, want the other server's", ids)
		}
	})
}
