package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"parlor/storage"
	"parlor/storage/storagetest"
)

// limitEnv is a table over source whose server has the limits given, the
// others at their defaults.
func limitEnv(t *testing.T, source string, set storage.SettingsChange) *tableEnv {
	t.Helper()
	e := newEnvOn(t, source, func(int) int { return 0 }, KingsmenKit())
	if _, err := e.db.SetGuildSettings(e.ctx, tableGuild, set); err != nil {
		t.Fatal(err)
	}
	return e
}

func ptr(n int) *int { return &n }

// opened is an open game of All the King's Men made by u; it fails the
// test if none was made.
func (e *tableEnv) opened(u User, opts ...string) int64 {
	e.t.Helper()
	resp := e.do(e.cmd(u, "new", opts...))
	if resp.Public == nil || resp.Thread == nil {
		e.t.Fatalf("%s: /kingsmen new %v: got %s, want a game and its thread", u.Name, opts, showResp(resp))
	}
	return gameOf(e.t, resp.Public)
}

// refuseNew checks that /kingsmen new by u is refused, privately, with
// want, no thread and nothing stored.
func (e *tableEnv) refuseNew(u User, want string, opts ...string) {
	e.t.Helper()
	req := e.cmd(u, "new", opts...)
	if resp := e.table.Handle(e.ctx, req); resp.Thread != nil {
		e.t.Errorf("a refused /new asks for a thread: %s", showResp(resp))
	}
	req.ID = e.nextID()
	e.refuse(req, want)
}

// A member may have made three lobbies; the fourth is refused, saying the
// limit and how to make room, in their language, storing nothing and
// making no thread. A lobby cancelled, or lapsed (before any sweep marks
// it), frees its place; another member, or another server, is not counted.
func TestMemberLobbyLimit(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		e := limitEnv(t, source, storage.SettingsChange{})
		var ids []int64
		for range 3 {
			ids = append(ids, e.opened(alice))
		}
		e.refuseNew(alice, "You have 3 games waiting for players here, this server's limit per member")
		e.refuseNew(alice, "/games lists them", "opponent", bob.ID)
		es := e.cmd(alice, "new")
		es.Locale = "es-ES"
		e.refuse(es, "Tienes 3 partidas esperando jugadores aquí")
		e.opened(bob)
		other := e.cmd(alice, "new")
		other.GuildID = "guild-2"
		if resp := e.do(other); resp.Public == nil {
			t.Errorf("a lobby in another server: %s", showResp(resp))
		}
		e.do(e.click(alice, customID(ids[0], 0, "cancel")))
		ids[0] = e.opened(alice)
		e.refuseNew(alice, "You have 3 games waiting")
		// A lobby whose invitation lapsed stops counting at once.
		if _, err := e.db.SQL().Exec(rebind(e.db, "UPDATE games SET expires_at = ? WHERE id = ?"), testNow.Add(-time.Minute).UnixMilli(), ids[1]); err != nil {
			t.Fatal(err)
		}
		e.opened(alice)
	})
}

// rebind writes a statement's ? placeholders as db's engine wants them.
func rebind(db *storage.DB, q string) string {
	if !db.Postgres() {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// A member's games in play count the games they made, joined or accepted,
// against people or the computer: past the limit, /new, Join and Accept
// are refused and change nothing; a game finished frees its place; an
// invitation not yet accepted does not count; the others' games beginning
// never fail for it.
func TestMemberGamesLimit(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		e := limitEnv(t, source, storage.SettingsChange{MemberGames: ptr(2), MemberLobbies: ptr(5)})
		first, _ := e.challenge(alice, bob)
		e.opened(alice, "bots", "1") // against the computer: it begins at once
		if g := e.game(first); g.Status != storage.StatusActive {
			t.Fatalf("game %d is %s", first, g.Status)
		}
		e.refuseNew(alice, "You are in 2 games here (in play or waiting to begin), this server's limit per member. To make room, finish, resign or cancel one of them; /games lists yours.")
		// Carol's open game: Alice may not join it.
		open := e.opened(carol)
		e.refuse(e.click(alice, customID(open, 0, "join")), "You are in 2 games here")
		// Carol's challenge to Alice is made (invitations do not count), and
		// cannot be accepted.
		req := e.cmd(carol, "new", "opponent", alice.ID)
		challenge := gameOf(t, e.do(req).Public)
		e.refuse(e.click(alice, customID(challenge, 0, "accept")), "You are in 2 games here")
		// Bob, in one game, joins Carol's: it begins.
		if resp := e.do(e.click(bob, customID(open, 0, "join"))); resp.Public == nil {
			t.Fatalf("Bob joins: %s", showResp(resp))
		}
		// Alice resigns her first game: now she may accept.
		e.resigned(e.cmd(alice, "resign", "game", fmt.Sprint(first)))
		if resp := e.do(e.click(alice, customID(challenge, 0, "accept"))); resp.Public == nil {
			t.Fatalf("Alice accepts after resigning: %s", showResp(resp))
		}
		e.refuseNew(alice, "You are in 2 games here")
	})
}

// The server's lobbies and games are bounded too: past them anyone's /new
// is refused, saying the server's limit.
func TestServerLimits(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		e := limitEnv(t, source, storage.SettingsChange{ServerLobbies: ptr(2), ServerGames: ptr(3)})
		e.opened(alice)
		e.opened(bob)
		e.refuseNew(carol, "This server has 2 games waiting for players, its limit")
		e.opened(carol, "bots", "1") // no lobby: a game
		e.refuseNew(stranger, "This server has 3 games in play or waiting to begin, its limit", "bots", "1")
		other := e.cmd(stranger, "new")
		other.GuildID = "guild-2"
		if resp := e.do(other); resp.Public == nil {
			t.Errorf("a game in another server: %s", showResp(resp))
		}
	})
}

// Games made at once by a member at their limit: exactly as many as the
// limit allows are made, each with its thread; the others are refused.
func TestLimitsAtOnce(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		e := limitEnv(t, source, storage.SettingsChange{})
		e.opened(alice)
		e.opened(alice)
		var made, refused atomic.Int32
		var wg sync.WaitGroup
		for range 6 {
			req := e.cmd(alice, "new")
			wg.Go(func() {
				resp := e.table.Handle(e.ctx, req)
				switch {
				case resp.Public != nil && resp.Thread != nil:
					made.Add(1)
				case resp.Private != nil && strings.Contains(resp.Private.Content, "You have 3 games waiting"):
					refused.Add(1)
				default:
					t.Errorf("got %s", showResp(resp))
				}
			})
		}
		wg.Wait()
		if made.Load() != 1 || refused.Load() != 5 {
			t.Errorf("%d made and %d refused, want 1 and 5", made.Load(), refused.Load())
		}
	})
}

// Managers set the limits in /parlor settings, up to the operator's
// ceilings, and everyone sees them there; the ceilings bound the limits in
// force whatever was stored.
func TestLimitSettings(t *testing.T) {
	e := newEnv(t)
	e.table = NewTable(Config{Store: e.db, Painter: e.painter, Kits: []Kit{KingsmenKit()}, Roll: func(int) int { return 0 }, Now: func() time.Time { return testNow },
		Pace: unpaced, Ceilings: storage.Limits{MemberLobbies: 4, MemberGames: 30}})
	parlor := func(u User, opts ...string) Request {
		req := e.cmd(u, "settings", opts...)
		req.Command = "parlor"
		return req
	}
	if got := privateOnly(t, e.do(parlor(bob))); !strings.Contains(got, "Limits: each member may have made 3 games waiting for players and be in 25 games (in play or waiting to begin); the server may have 50 games waiting for players and 1,000 in all. Managers may set them up to 4, 30, 500 and 10,000 (lobbies, games, server-lobbies, server-games).") {
		t.Errorf("the limits shown: %q", got)
	}
	e.refuse(parlor(bob, "lobbies", "2"), "Only members who can manage this server can change its settings.")
	admin := alice
	admin.CanManage = true
	e.refuse(parlor(admin, "lobbies", "5"), `lobbies is 1 to 4, not "5".`)
	e.refuse(parlor(admin, "server-games", "0"), `server-games is 1 to 10,000, not "0".`)
	if got := privateOnly(t, e.do(parlor(admin, "lobbies", "1", "games", "30", "server-lobbies", "7", "server-games", "8"))); !strings.HasPrefix(got, "Saved.") ||
		!strings.Contains(got, "each member may have made 1 games waiting for players and be in 30 games") || !strings.Contains(got, "the server may have 7 games waiting for players and 8 in all") {
		t.Errorf("saving the limits: %q", got)
	}
	e.opened(alice)
	e.refuseNew(alice, "You have 1 games waiting for players here")
	// The operator lowers a ceiling below what a manager chose.
	e.table = NewTable(Config{Store: e.db, Painter: e.painter, Kits: []Kit{KingsmenKit()}, Roll: func(int) int { return 0 }, Now: func() time.Time { return testNow },
		Pace: unpaced, Ceilings: storage.Limits{ServerLobbies: 1}})
	e.refuseNew(bob, "This server has 1 games waiting for players")
	for _, c := range e.table.Commands() {
		for _, s := range c.Subs {
			for _, o := range s.Options {
				if c.Name == "parlor" && o.Name == "server-lobbies" && o.Max != 1 {
					t.Errorf("server-lobbies registered up to %d, want the ceiling, 1", o.Max)
				}
			}
		}
	}
}

// pacedTable is a table over e's database with the slow-down's budget
// pace, on clock.
func pacedTable(e *tableEnv, clock *fakeClock, pace Pace) *Table {
	return NewTable(Config{Store: e.db, Painter: e.painter, Kits: []Kit{KingsmenKit()}, Roll: func(int) int { return 0 }, Now: clock.Now, Pace: pace})
}

// A member past the budget gets one "slow down" answer, then answers that
// do nothing (no game, no thread, no picture, nothing stored), and no
// suggestions as they type; another member is not slowed; a new window
// lets them act again; a second table over the same database (a restart, a
// replica) keeps the window; the sweep deletes past windows' counts.
func TestSlowDown(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		e := newEnvOn(t, source, func(int) int { return 0 }, KingsmenKit())
		clock := &fakeClock{now: time.Date(2025, 3, 14, 15, 9, 20, 0, time.UTC)} // the start of a window of 10 s
		e.db.Now = clock.Now
		pace := Pace{Commands: 3, Autocomplete: 4, Window: 10 * time.Second}
		e.table = pacedTable(e, clock, pace)
		id, _ := e.challenge(alice, bob) // one command of Alice's, one click of Bob's
		e.do(e.cmd(alice, "board", "game", fmt.Sprint(id)))
		e.do(e.cmd(alice, "board", "game", fmt.Sprint(id)))
		painted := e.painter.calls.Load()
		e.refuse(e.cmd(alice, "move", "move", "Ac2-c3", "game", fmt.Sprint(id)), "Slow down: that is more than 3 commands and clicks in 10 seconds")
		e.refuse(e.cmd(alice, "new"), "Still too fast: nothing was done.")
		es := e.cmd(alice, "board")
		es.Locale = "es-ES"
		e.refuse(es, "Todavía demasiado rápido")
		if n := e.painter.calls.Load(); n != painted {
			t.Errorf("%d boards drawn for a slowed member", n-painted)
		}
		for i := range 5 {
			resp := e.do(e.typing(alice, "move", "move", "N"))
			if got := len(resp.Choices); i < 4 && got == 0 || i == 4 && (got != 0 || resp.Choices == nil) {
				t.Errorf("autocomplete %d: %d choices", i+1, got)
			}
		}
		// Bob is not slowed.
		if resp := e.do(e.cmd(bob, "board", "game", fmt.Sprint(id))); resp.Public == nil {
			t.Errorf("Bob's board: %s", showResp(resp))
		}
		// A restart (or a replica) in the same window keeps it.
		clock.advance(9 * time.Second)
		e.table = pacedTable(e, clock, pace)
		e.refuse(e.cmd(alice, "board", "game", fmt.Sprint(id)), "Still too fast")
		// The next window: Alice plays.
		clock.advance(time.Second)
		e.table = pacedTable(e, clock, pace)
		before := e.snapshot()
		if resp := e.do(e.cmd(alice, "move", "move", "Ac2-c3", "game", fmt.Sprint(id))); resp.Public == nil {
			t.Fatalf("Alice's move in a new window: %s", showResp(resp))
		}
		if after := e.snapshot(); len(after.Logs[0]) != len(before.Logs[0])+1 {
			t.Errorf("the move was not stored")
		}
		rows := func() int {
			var n int
			if err := e.db.SQL().QueryRow("SELECT count(*) FROM pace").Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		// PostgreSQL counts in the table; SQLite in memory, writing only
		// the counts of members slowed down (see storage.Pace).
		want, wantAfter := 3, 1 // Alice's two kinds and Bob's; Alice's of this window
		if !e.db.Postgres() {
			want, wantAfter = 2, 0 // Alice's two kinds, slowed; none of this window
		}
		if n := rows(); n != want {
			t.Errorf("%d rows of pace, want %d", n, want)
		}
		if _, err := e.table.Sweep(e.ctx); err != nil {
			t.Fatal(err)
		}
		if n := rows(); n != wantAfter {
			t.Errorf("%d rows of pace after a sweep, want %d", n, wantAfter)
		}
	})
}

// No sequence of /new (open, a challenge, against the computer), Join,
// Accept, Decline, Cancel and Resign by three members takes anyone, or the
// server, past a limit.
func TestLimitsHold(t *testing.T) {
	e := limitEnv(t, filepath.Join(t.TempDir(), "parlor.db"), storage.SettingsChange{MemberLobbies: ptr(2), MemberGames: ptr(3), ServerLobbies: ptr(4), ServerGames: ptr(6)})
	rng := rand.New(rand.NewPCG(29, 29))
	members := []User{alice, bob, carol}
	pick := func(status ...storage.Status) (storage.Game, bool) {
		games, err := e.db.Find(e.ctx, storage.Filter{GuildID: tableGuild, Statuses: status})
		if err != nil {
			t.Fatal(err)
		}
		if len(games) == 0 {
			return storage.Game{}, false
		}
		return games[rng.IntN(len(games))], true
	}
	for step := range 400 {
		u := members[rng.IntN(len(members))]
		other := members[rng.IntN(len(members))]
		switch rng.IntN(7) {
		case 0:
			e.do(e.cmd(u, "new"))
		case 1:
			e.do(e.cmd(u, "new", "opponent", other.ID))
		case 2:
			e.do(e.cmd(u, "new", "bots", "1"))
		case 3:
			if g, ok := pick(storage.StatusOpen); ok {
				e.do(e.click(u, customID(g.ID, 0, "join")))
			}
		case 4:
			if g, ok := pick(storage.StatusInvited); ok {
				e.do(e.click(u, customID(g.ID, 0, []string{"accept", "decline"}[rng.IntN(2)])))
			}
		case 5:
			if g, ok := pick(storage.StatusOpen); ok {
				e.do(e.click(u, customID(g.ID, 0, "cancel")))
			}
		case 6:
			if g, ok := pick(storage.StatusActive); ok && seatOf(&g, u.ID) >= 0 {
				e.resigned(e.cmd(u, "resign", "game", fmt.Sprint(g.ID)))
			}
		}
		checkWithinLimits(t, e, step, 2, 3, 4, 6)
	}
}

// checkWithinLimits fails t if anyone, or the server, is past a limit.
func checkWithinLimits(t *testing.T, e *tableEnv, step, memberLobbies, memberGames, serverLobbies, serverGames int) {
	t.Helper()
	games, err := e.db.Find(context.Background(), storage.Filter{GuildID: tableGuild, Statuses: []storage.Status{storage.StatusActive, storage.StatusOpen, storage.StatusInvited}})
	if err != nil {
		t.Fatal(err)
	}
	lobbies, in := map[string]int{}, map[string]int{}
	all, open := 0, 0
	for _, g := range games {
		lobby := g.Status != storage.StatusActive
		if lobby && !g.ExpiresAt.IsZero() && !g.ExpiresAt.After(testNow) {
			continue
		}
		all++
		if lobby {
			open++
			lobbies[g.Creator]++
		}
		for _, s := range g.Seats {
			if s.Joined && s.Computer == "" {
				in[s.UserID]++
			}
		}
	}
	for u, n := range lobbies {
		if n > memberLobbies {
			t.Fatalf("step %d: %s has made %d lobbies, past %d", step, u, n, memberLobbies)
		}
	}
	for u, n := range in {
		if n > memberGames {
			t.Fatalf("step %d: %s is in %d games, past %d", step, u, n, memberGames)
		}
	}
	if open > serverLobbies || all > serverGames {
		t.Fatalf("step %d: the server has %d lobbies and %d games, past %d and %d", step, open, all, serverLobbies, serverGames)
	}
}
