package bot

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"parlor/storage"
	"parlor/storage/storagetest"
)

// dies handles req as a process that stores its change and dies before
// posting anything: its answer is lost.
func (e *tableEnv) dies(req Request) {
	e.t.Helper()
	resp := e.table.Handle(e.ctx, req)
	if resp.Public == nil || resp.Public.Live == nil || !resp.Public.Live.Owed {
		e.t.Fatalf("%s: got %s, want a board owed", describeReq(req), showResp(resp))
	}
}

// owedNotices are the notices among ns that are boards owed.
func owedNotices(ns []Notice) []Notice {
	var out []Notice
	for _, n := range ns {
		if n.Message != nil && n.Message.Live != nil && n.Message.Live.Owed {
			out = append(out, n)
		}
	}
	return out
}

// A process stores a move and dies before posting its board. Until the
// move's hold has passed, no sweep posts it (its holder may still be at
// it); then, of two restarted processes sweeping at once, exactly one
// posts the board, at the game's version, pinging the player to move and
// saying what the move did; once posted it is owed no more, and no later
// sweep posts it again. On SQLite and PostgreSQL.
func TestBoardOwedAfterACrash(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		e := newEnvOn(t, source, func(int) int { return 0 }, KingsmenKit())
		clock := e.withClock()
		id, _ := e.challenge(alice, bob)
		mover := e.mover(id)
		e.dies(e.cmd(mover, "move", "move", "Ac2-c3", "game", fmt.Sprint(id)))
		g := e.game(id)
		if g.Owed.Version != g.Version {
			t.Fatalf("owed %+v at version %d, want the board of the move owed", g.Owed, g.Version)
		}
		a, b := e.restart(clock), e.restart(clock)
		if n := owedNotices(e.sweepDying(a, b)); len(n) != 0 {
			t.Fatalf("a board owed posted within its hold: %+v", n)
		}
		clock.advance(storage.DefaultBoardHold)
		ns := owedNotices(e.sweepDying(a, b))
		if len(ns) != 1 {
			t.Fatalf("%d boards owed posted by two sweeps at once, want 1", len(ns))
		}
		m := ns[0].Message
		next := e.mover(id)
		if ns[0].ChannelID != tableChannel || m.Live.Version != g.Version || m.File == nil ||
			!slices.Equal(m.Mentions, []string{next.ID}) || !strings.Contains(m.Content, "Ac2-c3") || !strings.Contains(m.Content, "<@"+next.ID+">") {
			t.Fatalf("the board owed: channel %s, version %d (want %d), mentions %v (want %s):\n%s", ns[0].ChannelID, m.Live.Version, g.Version, m.Mentions, next.ID, m.Content)
		}
		// The sweep that claimed it dies too before posting: after its
		// hold another posts it; once posted, nobody again.
		clock.advance(storage.DefaultBoardHold)
		ns = owedNotices(e.sweepDying(a, b))
		if len(ns) != 1 {
			t.Fatalf("%d boards owed posted after the claimer died, want 1", len(ns))
		}
		e.posted(ns[0].Message)
		if g := e.game(id); g.Owed != (storage.Owed{}) {
			t.Fatalf("owed %+v after its board was posted", g.Owed)
		}
		clock.advance(time.Hour)
		if n := owedNotices(e.sweep(a, b, e.table)); len(n) != 0 {
			t.Fatalf("a board posted again: %+v", n)
		}
	})
}

// Two moves stored and neither board posted: only the newest is owed, and
// a sweep posts that one. A board owed whose newer board was posted is
// owed no more. A board Discord refuses for good is given up.
func TestOnlyTheNewestBoardIsOwed(t *testing.T) {
	e := newEnv(t)
	clock := e.withClock()
	id, _ := e.challenge(alice, bob)
	e.dies(e.cmd(e.mover(id), "move", "move", "Ac2-c3", "game", fmt.Sprint(id)))
	e.dies(e.cmd(e.mover(id), "move", "move", "Ab7-b6", "game", fmt.Sprint(id)))
	clock.advance(storage.DefaultBoardHold)
	ns := owedNotices(e.sweepDying(e.table))
	if len(ns) != 1 || ns[0].Message.Live.Version != e.game(id).Version || !strings.Contains(ns[0].Message.Content, "Ab7-b6") {
		t.Fatalf("boards owed after two moves: %+v, want one, of the newest", ns)
	}
	e.dies(e.cmd(e.mover(id), "move", "move", "Ad2-d3", "game", fmt.Sprint(id)))
	e.play(id, "Ac7-c6") // posted
	clock.advance(time.Hour)
	if n := owedNotices(e.sweep(e.table)); len(n) != 0 {
		t.Fatalf("a board owed though a newer one was posted: %+v", n)
	}
	e.dies(e.cmd(e.mover(id), "move", "move", "Ae2-e3", "game", fmt.Sprint(id)))
	live := Live{GameID: id, Version: e.game(id).Version, Owed: true}
	if err := e.table.BoardLost(e.ctx, live); err != nil {
		t.Fatal(err)
	}
	clock.advance(time.Hour)
	if n := owedNotices(e.sweep(e.table)); len(n) != 0 {
		t.Fatalf("a board given up is posted: %+v", n)
	}
}
