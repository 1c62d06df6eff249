package bot

import (
	"bytes"
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a log that goroutines may write at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// The disk fills up in the middle of a game: the move that cannot be saved
// is answered privately, "could not save that; nothing changed", the game
// is as it was, the failure is logged with the game's id, and once there is
// room the same move is made.
func TestWriteFailureDuringPlay(t *testing.T) {
	e, d := newKimboEnv(t)
	logs := &syncBuffer{}
	e.table = NewTable(Config{Store: e.db, Painter: e.painter, Kits: []Kit{KimboKit()}, Roll: d.roll, Now: func() time.Time { return testNow },
		Logger: slog.New(slog.NewTextHandler(logs, nil)), Pace: unpaced})
	req := e.kcmd(alice, "new", "player2", bob.ID)
	id := gameOf(t, e.do(req).Public)
	e.do(e.click(bob, customID(id, 0, "accept")))

	// One connection, so that the limit on the file's size holds for
	// every statement: the file may not grow past what it is now.
	sqldb := e.db.SQL()
	sqldb.SetMaxOpenConns(1)
	if _, err := sqldb.ExecContext(e.ctx, "PRAGMA max_page_count = 1"); err != nil {
		t.Fatal(err)
	}
	const want = "Parlor could not save that; nothing changed. Please try again."
	for i := 0; ; i++ {
		if i == 2000 {
			t.Fatalf("2,000 decisions and the full database took them all")
		}
		u := e.mover(id)
		legal := e.legalOf(id)
		move := e.kcmd(u, "move", "move", legal[i%len(legal)], "game", fmt.Sprint(id))
		before := e.snapshot()
		resp := e.do(move)
		if resp.Public != nil {
			continue
		}
		got := privateOnly(t, resp)
		if got != want {
			t.Fatalf("decision %d: %q, want %q\n%s", i, got, want, logs)
		}
		if after := e.snapshot(); !reflect.DeepEqual(before, after) {
			t.Fatalf("the move that could not be saved changed what is stored")
		}
		if l := logs.String(); !strings.Contains(l, "level=ERROR") || !strings.Contains(l, fmt.Sprintf("game=%d", id)) ||
			move.GuildID == "" || !strings.Contains(l, "guild="+move.GuildID) || !strings.Contains(l, "interaction="+move.ID) {
			t.Errorf("the failure was not logged with the interaction %s, the server %q and the game: %s", move.ID, move.GuildID, l)
		}
		// Room again: the same move is made.
		if _, err := sqldb.ExecContext(e.ctx, "PRAGMA max_page_count = 1073741823"); err != nil {
			t.Fatal(err)
		}
		move.ID = e.nextID()
		if resp := e.do(move); resp.Public == nil {
			t.Fatalf("with room again: %s", showResp(resp))
		}
		e.replays(id)
		t.Logf("the database was full at decision %d", i)
		return
	}
}

// legalOf lists the legal move texts of the game's position.
func (e *tableEnv) legalOf(id int64) []string {
	e.t.Helper()
	g := e.game(id)
	st, err := e.table.kits[g.Kind].Game.Parse(g.Position)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, m := range st.Legal() {
		out = append(out, m.Text)
	}
	return out
}
