package bot

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"parlor/storage"
)

// fakeClock is a clock the test moves by hand, shared by the table and
// the database.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// withClock puts the table and the database on a fake clock starting at
// testNow.
func (e *tableEnv) withClock() *fakeClock {
	c := &fakeClock{now: testNow}
	e.db.Now = c.Now
	e.table.now = c.Now
	return c
}

// restart is a new table over the same database and clock, as after the
// bot restarts: it knows only what is stored.
func (e *tableEnv) restart(c *fakeClock) *Table {
	return NewTable(Config{Store: e.db, Painter: e.painter, Kits: []Kit{KingsmenKit(), KimboKit(), KippyKooKit(), RumbaKit()}, Roll: func(int) int { return 0 }, Now: c.Now, Pace: unpaced})
}

// sweep runs tables' sweeps at once, posts every notice (see posted) and
// returns them.
func (e *tableEnv) sweep(tables ...*Table) []Notice {
	e.t.Helper()
	all := e.sweepDying(tables...)
	for _, n := range all {
		e.posted(n.Message)
	}
	return all
}

// sweepDying runs tables' sweeps at once and returns every notice, as
// processes that die before posting any.
func (e *tableEnv) sweepDying(tables ...*Table) []Notice {
	e.t.Helper()
	var mu sync.Mutex
	var all []Notice
	var wg sync.WaitGroup
	for _, t := range tables {
		wg.Go(func() {
			notices, err := t.Sweep(e.ctx)
			if err != nil {
				e.t.Errorf("sweep: %v", err)
			}
			mu.Lock()
			all = append(all, notices...)
			mu.Unlock()
		})
	}
	wg.Wait()
	return all
}

// The player to move is reminded after the delay, then once per interval:
// never twice for one interval, whether the same table sweeps again, a
// restarted one does, or two sweep at once. A move starts the clock again
// for the next player; a player who turned reminders off is not reminded.
func TestRemindersOncePerInterval(t *testing.T) {
	e := newEnv(t)
	clock := e.withClock()
	id, _ := e.challenge(alice, bob)
	mover := e.mover(id)
	clock.advance(23*time.Hour + 59*time.Minute)
	if n := e.sweep(e.table); len(n) != 0 {
		t.Fatalf("a reminder before the delay: %+v", n)
	}
	clock.advance(2 * time.Minute)
	n := e.sweep(e.table)
	if len(n) != 1 || !slices.Equal(n[0].Message.Mentions, []string{mover.ID}) || n[0].ChannelID != tableChannel ||
		!strings.Contains(n[0].Message.Content, "has been waiting for your move for 1 day") {
		t.Fatalf("the first reminder: %+v", n)
	}
	if n := e.sweep(e.table, e.restart(clock)); len(n) != 0 {
		t.Fatalf("a second reminder in one interval: %+v", n)
	}
	clock.advance(24 * time.Hour)
	if n := e.sweep(e.table, e.restart(clock), e.restart(clock)); len(n) != 1 {
		t.Fatalf("three sweeps at once at the second interval sent %d reminders, want 1: %+v", len(n), n)
	}
	// A move: the next player's clock starts now.
	e.play(id, "Ae2-e3")
	other := e.mover(id)
	clock.advance(23 * time.Hour)
	if n := e.sweep(e.table); len(n) != 0 {
		t.Fatalf("a reminder 23 hours after the move: %+v", n)
	}
	if err := e.db.SetRemindersOff(e.ctx, other.ID, true); err != nil {
		t.Fatal(err)
	}
	clock.advance(2 * time.Hour)
	if n := e.sweep(e.table); len(n) != 0 {
		t.Fatalf("%s turned reminders off but got %+v", other.Name, n)
	}
	if g := e.game(id); g.RemindersSent != 1 {
		t.Errorf("the reminder not sent should still count: %d", g.RemindersSent)
	}
}

// A deadline passes: the late player of a game without skipped turns
// forfeits, once, announced with the final board, whichever of two
// sweeps gets there; a reminder before it says how long is left, and a
// restart between the reminder and the deadline changes nothing.
func TestDeadlineForfeit(t *testing.T) {
	e := newEnv(t)
	clock := e.withClock()
	req := e.cmd(alice, "new", "opponent", bob.ID, "deadline", "2")
	req.Users[bob.ID] = bob
	id := gameOf(t, e.do(req).Public)
	e.do(e.click(bob, customID(id, 0, "accept")))
	late := e.mover(id)
	clock.advance(25 * time.Hour)
	n := e.sweep(e.table)
	if len(n) != 1 || !strings.Contains(n[0].Message.Content, "In 23 hours you forfeit the game.") {
		t.Fatalf("the reminder before the deadline: %+v", n)
	}
	clock.advance(23 * time.Hour)
	n = e.sweep(e.restart(clock), e.restart(clock))
	if len(n) != 1 {
		t.Fatalf("%d notices at the deadline, want 1: %+v", len(n), n)
	}
	msg := n[0].Message.Content
	if !strings.Contains(msg, "**"+late.Name+"** let the deadline of 2 days pass: they forfeit the game.") || !strings.Contains(msg, "won by forfeit") {
		t.Errorf("the deadline's board: %q", msg)
	}
	g := e.game(id)
	if g.Status != storage.StatusOver {
		t.Errorf("stored as %s", g.Status)
	}
	log := e.log(id)
	if last := log[len(log)-1]; last.Kind != storage.EntryForfeit {
		t.Errorf("last log entry %+v, want a forfeit", last)
	}
	e.replays(id)
	clock.advance(72 * time.Hour)
	if n := e.sweep(e.table); len(n) != 0 {
		t.Errorf("a game over still gets notices: %+v", n)
	}
}

// An invitation nobody answers lapses after the server's time (three
// days): the lobby closes, once, with a notice, and Join no longer works.
func TestInvitationsExpire(t *testing.T) {
	e := newEnv(t)
	clock := e.withClock()
	resp := e.do(e.cmd(alice, "new"))
	id := gameOf(t, resp.Public)
	join := button(resp.Public, "Join")
	clock.advance(71 * time.Hour)
	if n := e.sweep(e.table); len(n) != 0 {
		t.Fatalf("lapsed early: %+v", n)
	}
	clock.advance(time.Hour)
	n := e.sweep(e.table, e.restart(clock))
	if len(n) != 1 || !strings.Contains(n[0].Message.Content, "lapsed: its invitations and open seats expired after 3 days") {
		t.Fatalf("the lapse: %+v", n)
	}
	if g := e.game(id); g.Status != storage.StatusCancelled {
		t.Errorf("stored as %s", g.Status)
	}
	e.refuse(e.click(bob, join), "no longer open to join")
}

// The server's settings and the creator's options set a new game's clock;
// options out of range are refused.
func TestNewGameClock(t *testing.T) {
	e := newEnv(t)
	e.refuse(e.cmd(alice, "new", "reminders", "200"), "reminders is 0 (none) to 168 hours")
	e.refuse(e.cmd(alice, "new", "deadline", "-1"), "deadline is 0 (none) to 30 days")
	six, three, day := 6, 3, 24
	if _, err := e.db.SetGuildSettings(e.ctx, tableGuild, storage.SettingsChange{RemindEvery: &six, DeadlineDays: &three, InviteHours: &day}); err != nil {
		t.Fatal(err)
	}
	g := e.game(gameOf(t, e.do(e.cmd(alice, "new")).Public))
	if g.RemindEvery != 6 || g.DeadlineDays != 3 || !g.ExpiresAt.Equal(testNow.Add(24*time.Hour)) {
		t.Errorf("server defaults: %+v", g.Clock)
	}
	g = e.game(gameOf(t, e.do(e.cmd(alice, "new", "reminders", "0", "deadline", "7")).Public))
	if g.RemindEvery != 0 || g.DeadlineDays != 7 {
		t.Errorf("the creator's options: %+v", g.Clock)
	}
}

// In a dice game the deadline skips the late player's turn: the game goes
// on with the next player, pinged, the skip is logged and replays.
func TestDeadlineSkipsTurn(t *testing.T) {
	d := &diceRoll{rng: rand.New(rand.NewPCG(7, 7)), rolls: kippyKooRolls()}
	e := newEnvWith(t, d.roll, KippyKooKit())
	clock := e.withClock()
	req := e.cmd(alice, "new", "player2", bob.ID, "deadline", "1")
	req.Command = "kippykoo"
	req.Users[bob.ID] = bob
	id := gameOf(t, e.do(req).Public)
	e.do(e.click(bob, customID(id, 0, "accept")))
	late := e.mover(id)
	clock.advance(24 * time.Hour)
	n := e.sweep(e.table, e.restart(clock))
	if len(n) != 1 {
		t.Fatalf("%d notices at the deadline, want 1: %+v", len(n), n)
	}
	next := e.mover(id)
	if next == late || !slices.Equal(n[0].Message.Mentions, []string{next.ID}) ||
		!strings.Contains(n[0].Message.Content, "**"+late.Name+"** let the deadline of 1 day pass: their turn is skipped.") {
		t.Fatalf("the skip: %q pinging %v (late %s, next %s)", n[0].Message.Content, n[0].Message.Mentions, late.Name, next.Name)
	}
	if g := e.game(id); g.Status != storage.StatusActive || !g.TurnSince.Equal(clock.Now()) {
		t.Errorf("after the skip: %s, turn since %v", g.Status, g.TurnSince)
	}
	log := e.log(id)
	if last := log[len(log)-1]; last.Kind != storage.EntrySkip || last.Seat != slices.IndexFunc(e.game(id).Seats, func(s storage.Seat) bool { return s.UserID == late.ID }) {
		t.Errorf("last log entry %+v, want %s's skip", last, late.Name)
	}
	e.replays(id)
}

// A game pauses when every player has asked: no moves, reminders or
// deadline meanwhile; any player resumes it, and the turn's clock goes on
// from where it stopped.
func TestPauseByAgreement(t *testing.T) {
	e := newEnv(t)
	clock := e.withClock()
	req := e.cmd(alice, "new", "opponent", bob.ID, "deadline", "2")
	req.Users[bob.ID] = bob
	id := gameOf(t, e.do(req).Public)
	e.do(e.click(bob, customID(id, 0, "accept")))
	mover := e.mover(id)
	e.refuse(e.cmd(stranger, "pause"), "")
	e.refuse(e.cmd(alice, "resume"), "is not paused")
	clock.advance(20 * time.Hour)
	if resp := e.do(e.cmd(alice, "pause")); resp.Public == nil || !strings.Contains(resp.Public.Content, "It pauses when Bob says /kingsmen pause too.") {
		t.Fatalf("Alice's ask: %s", showResp(resp))
	}
	e.refuse(e.cmd(alice, "pause"), "You have asked to pause game #1 already")
	if resp := e.do(e.cmd(bob, "pause")); resp.Public == nil || !strings.Contains(resp.Public.Content, "is paused by agreement") {
		t.Fatalf("Bob's agreement: %s", showResp(resp))
	}
	e.refuse(e.cmd(mover, "move", "move", "Ae2-e3"), "Game #1 is paused.")
	clock.advance(10 * 24 * time.Hour)
	if n := e.sweep(e.table); len(n) != 0 {
		t.Fatalf("a paused game got %+v", n)
	}
	if resp := e.do(e.cmd(bob, "resume")); resp.Public == nil || !strings.Contains(resp.Public.Content, "**Bob** resumed the game.") {
		t.Fatalf("resume: %s", showResp(resp))
	}
	// 20 hours had passed before the pause: the reminder comes 4 hours
	// after the resumption, the deadline 28 hours after it.
	clock.advance(3 * time.Hour)
	if n := e.sweep(e.table); len(n) != 0 {
		t.Fatalf("a reminder 23 hours into the turn: %+v", n)
	}
	clock.advance(2 * time.Hour)
	if n := e.sweep(e.table); len(n) != 1 || !strings.Contains(n[0].Message.Content, "for 25 hours") {
		t.Fatalf("the reminder 25 hours into the turn: %+v", n)
	}
	clock.advance(23 * time.Hour)
	if n := e.sweep(e.table); len(n) != 1 || !strings.Contains(n[0].Message.Content, "forfeit") {
		t.Fatalf("the deadline 48 hours into the turn: %+v", n)
	}
}
