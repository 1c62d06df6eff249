package bot

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"parlor/rules/rulestest"
	"parlor/storage"
)

// fuzzTable is one table for all the inputs of FuzzHandle: a database with
// a game of each kind in the list (Kits) in play, which the inputs may
// change.
var fuzzTable struct {
	once   sync.Once
	e      *tableEnv
	errors atomic.Int64 // errors logged: a panic, or a failure of ours
	ids    []int64
	err    error
}

type countErrors struct{ n *atomic.Int64 }

func (c countErrors) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelError }
func (c countErrors) Handle(context.Context, slog.Record) error    { c.n.Add(1); return nil }
func (c countErrors) WithAttrs([]slog.Attr) slog.Handler           { return c }
func (c countErrors) WithGroup(string) slog.Handler                { return c }

func fuzzEnv(t *testing.T) *tableEnv {
	fuzzTable.once.Do(func() {
		dir, err := os.MkdirTemp("", "parlor-fuzz")
		if err != nil {
			fuzzTable.err = err
			return
		}
		db, err := storage.Open(context.Background(), filepath.Join(dir, "parlor.db"))
		if err != nil {
			fuzzTable.err = err
			return
		}
		d := &diceRoll{rng: rand.New(rand.NewPCG(3, 3))}
		table := NewTable(Config{Store: db, Painter: &fakePainter{}, Kits: Kits(), Roll: d.roll, Now: func() time.Time { return testNow },
			Logger: slog.New(countErrors{&fuzzTable.errors}), Pace: unpaced})
		e := &tableEnv{t: t, ctx: context.Background(), db: db, table: table, painter: &fakePainter{}, seq: new(atomic.Int64)}
		for _, k := range Kits() {
			req := forGame(e.cmd(alice, "new", "opponent", bob.ID), k.Game.Name())
			id := gameOf(t, e.do(req).Public)
			e.do(e.click(bob, customID(id, 0, "accept")))
			fuzzTable.ids = append(fuzzTable.ids, id)
		}
		fuzzTable.e = e
	})
	if fuzzTable.err != nil {
		t.Fatal(fuzzTable.err)
	}
	return fuzzTable.e.in(t)
}

// versions is every game's version and the server's settings: what a
// refused request must leave as it was.
func (e *tableEnv) versions() string {
	e.t.Helper()
	var b strings.Builder
	rows, err := e.db.SQL().QueryContext(e.ctx, "SELECT id, version, status, position FROM games ORDER BY id")
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, v int64
		var status, pos string
		rows.Scan(&id, &v, &status, &pos)
		fmt.Fprintf(&b, "%d@%d %s %s\n", id, v, status, pos)
	}
	s, _ := e.db.GuildSettings(e.ctx, tableGuild)
	fmt.Fprintf(&b, "%+v", s)
	return b.String()
}

// FuzzHandle sends the table any request: any command, subcommand, option
// and value, component id and values, by any of the people, typed or
// clicked or autocompleted. The answer keeps Discord's limits as it comes
// from the handler (before the adapter's fit), nothing panics or fails on
// our side, and a refusal changes nothing.
func FuzzHandle(f *testing.F) {
	for _, s := range []struct {
		kind, cmd, sub, opt, user uint8
		value                     string
	}{
		{0, 0, 1, 0, 0, "Ac2-c3"}, {0, 1, 1, 0, 0, strings.Repeat("x", 3000)}, {0, 3, 0, 0, 0, "\x00\u200b"},
		{1, 0, 0, 0, 1, "g/1/3/do:Ab7-b6"}, {1, 2, 0, 0, 0, "g/2/0/join:1"}, {2, 1, 1, 0, 0, "e1|"},
		{0, 4, 1, 1, 3, "off"}, {0, 4, 0, 0, 2, "999999999999"}, {0, 2, 3, 1, 0, "#3"}, {1, 0, 0, 0, 0, strings.Repeat("é", 101)},
	} {
		f.Add(s.kind, s.cmd, s.sub, s.opt, s.user, s.value)
	}
	f.Fuzz(func(t *testing.T, kind, cmd, sub, opt, user uint8, value string) {
		e := fuzzEnv(t)
		specs := e.table.Commands()
		c := specs[int(cmd)%len(specs)]
		u := []User{alice, bob, carol, stranger, robot}[int(user)%5]
		var req Request
		switch kind % 3 {
		case 0, 2:
			req = forGame(e.cmd(u, "", "game", fmt.Sprint(fuzzTable.ids[int(opt)%len(fuzzTable.ids)])), c.Name)
			if len(c.Subs) > 0 {
				s := c.Subs[int(sub)%len(c.Subs)]
				req.Sub = s.Name
				if len(s.Options) > 0 {
					o := s.Options[int(opt)%len(s.Options)]
					req.Options[o.Name] = value
					if kind%3 == 2 {
						req.Kind, req.Focused, req.ID = AutocompleteRequest, o.Name, ""
					}
				}
			}
		case 1:
			req = e.click(u, value, strings.Fields(value)...)
		}
		before := e.versions()
		errs := fuzzTable.errors.Load()
		resp := e.do(req)
		if n := fuzzTable.errors.Load(); n != errs {
			t.Fatalf("%s: %d errors logged (a panic, or a failure of ours): %s", describeReq(req), n-errs, showResp(resp))
		}
		if resp.Private != nil && resp.Public == nil && resp.Update == nil && !strings.HasPrefix(resp.Private.Content, "Saved.") && !strings.HasPrefix(resp.Private.Content, "Reminders are") {
			if after := e.versions(); after != before {
				t.Fatalf("%s was refused (%q) but the store changed:\n%s\n→\n%s", describeReq(req), resp.Private.Content, before, after)
			}
		}
	})
}

// FuzzGames plays every game of the list (Kits) by the shared driver,
// rulestest.FuzzGame: the first byte picks the game, the rest its number of
// players and its decisions, each checked with the game's own invariants.
func FuzzGames(f *testing.F) {
	f.Add([]byte{0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 1, 0, 0, 0xF3, 0, 1, 'x', 7, 7, 7, 7, 7})
	f.Add([]byte{2, 2, 3, 0xE4, 'p', 'a', 's', 's', 1, 2, 3})
	f.Add([]byte{3, 0, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0xE2, 'e', '1'})
	kits := Kits()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		rulestest.FuzzGame(t, kits[int(data[0])%len(kits)].Game, data[1:])
	})
}
