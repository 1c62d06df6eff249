package bot

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"parlor/bot/limits"
	"parlor/render"
	"parlor/storage"
)

// playFirst plays n decisions of game id, each the first legal move of the
// player to move, by typed commands.
func (e *tableEnv) playFirst(id int64, n int) {
	e.t.Helper()
	for range n {
		st := e.position(id)
		if st.Outcome().Over() {
			e.t.Fatalf("game %d over after fewer than %d moves", id, n)
		}
		e.play(id, st.Legal()[0].Text)
	}
}

// /history: the whole move list, privately, on its last page, with who
// moved what and when as Discord timestamps, and buttons to the other
// pages that turn them in place; only in the game's own place.
func TestHistory(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, bob)
	e.playFirst(id, 45)
	version := e.game(id).Version
	resp := e.do(e.cmd(carol, "history", "game", fmt.Sprint(id)))
	if resp.Private == nil || resp.Public != nil {
		t.Fatalf("history: got %s, want a private answer", showResp(resp))
	}
	last := resp.Private
	log := e.log(id)
	for _, want := range []string{"moves 41–45 of 45 (page 3 of 3)", fmt.Sprintf("`45.` <t:%d:t> **Alice** `%s`", testNow.Unix(), log[44].Text), fmt.Sprintf("__<t:%d:D>__", testNow.Unix())} {
		if !strings.Contains(last.Content, want) {
			t.Errorf("the last page says %q, without %q", last.Content, want)
		}
	}
	if button(last, "Newer") != "" || button(last, "Last") != "" {
		t.Errorf("the last page offers newer pages: %+v", last.Components)
	}
	older := e.do(e.click(carol, button(last, "Older")))
	if older.Update == nil || !strings.Contains(older.Update.Content, "moves 21–40 of 45 (page 2 of 3)") || !strings.Contains(older.Update.Content, "`21.`") {
		t.Fatalf("Older: got %s, want page 2 in place", showResp(older))
	}
	first := e.do(e.click(carol, button(older.Update, "First")))
	if first.Update == nil || !strings.Contains(first.Update.Content, "`1.`") || button(first.Update, "Older") != "" {
		t.Fatalf("First: got %s, want page 1 with no older page", showResp(first))
	}
	if e.game(id).Version != version {
		t.Errorf("reading the history changed the game: version %d", e.game(id).Version)
	}
	elsewhere := e.cmd(alice, "history", "game", fmt.Sprint(id))
	elsewhere.GuildID = "guild-2"
	e.refuse(elsewhere, fmt.Sprintf("There is no game #%d here.", id))
	click := e.click(alice, button(last, "Older"))
	click.GuildID = "guild-2"
	e.refuse(click, fmt.Sprintf("There is no game #%d here.", id))
}

// /export gives the game's record as a file, privately, which ReadRecord
// reads back and replays to the stored position, with the result once the
// game is over.
func TestExportReadsBack(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, bob)
	e.playFirst(id, 12)
	check := func(wantResult bool) {
		t.Helper()
		resp := e.do(e.cmd(bob, "export", "game", fmt.Sprint(id)))
		if resp.Private == nil || resp.Private.File == nil || !strings.HasSuffix(resp.Private.File.Name, ".txt") {
			t.Fatalf("export: got %s, want a private text file", showResp(resp))
		}
		r, err := ReadRecord(bytes.NewReader(resp.Private.File.Data))
		if err != nil {
			t.Fatalf("the export does not read back: %v\n%s", err, resp.Private.File.Data)
		}
		steps, err := r.Steps(e.table.kits["kingsmen"].Game)
		if err != nil {
			t.Fatal(err)
		}
		g := e.game(id)
		if got := steps[len(steps)-1].After.String(); got != g.Position || len(r.Names) != 2 || r.Names[0] != "Alice" {
			t.Errorf("the record replays to %q with seats %v, the game is at %q", got, r.Names, g.Position)
		}
		if (r.Result != "") != wantResult {
			t.Errorf("result %q, want one: %v", r.Result, wantResult)
		}
	}
	check(false)
	e.resigned(e.cmd(alice, "resign", "game", fmt.Sprint(id)))
	check(true)
}

// ReadRecord refuses what is not a record, with the line at fault.
func TestReadRecordRefuses(t *testing.T) {
	good := "parlor-record\t1\ngame\tkingsmen\nseat\t0\tA\nseat\t1\tB\nstart\tx\n"
	for _, c := range []struct{ text, want string }{
		{"", "not a Parlor game record"},
		{"hello\n", "line 1: not a Parlor game record"},
		{"parlor-record\t2\n", "record format \"2\""},
		{good + "entry\t2\t0\tmove\t2026-01-01T00:00:00Z\tNc1-c5\n", "line 6: entry 2 out of order"},
		{good + "entry\t1\t5\tmove\t2026-01-01T00:00:00Z\tNc1-c5\n", "no seat 5"},
		{good + "entry\t1\t0\tmove\tyesterday\tNc1-c5\n", "line 6: entry"},
		{good + "frob\t1\n", "unknown field \"frob\""},
		{"parlor-record\t1\ngame\tkingsmen\nstart\tx\n", "no seats"},
	} {
		if _, err := ReadRecord(strings.NewReader(c.text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadRecord(%q): %v, want an error saying %q", c.text, err, c.want)
		}
	}
}

// animator is a fakePainter that draws replays too, counting their frames.
type animator struct {
	fakePainter
	frames []render.Frame
}

func (a *animator) GIF(frames []render.Frame) ([]byte, error) {
	a.frames = frames
	return []byte("GIF89a"), nil
}

// /replay posts the game's replay for everyone: the start and a frame a
// turn; the sweep posts it by itself once the game is over, once.
func TestReplay(t *testing.T) {
	e := newEnv(t)
	a := &animator{}
	e.table.painter = a
	id, _ := e.challenge(alice, bob)
	e.playFirst(id, 6)
	resp := e.do(e.cmd(carol, "replay", "game", fmt.Sprint(id)))
	if resp.Public == nil || resp.Public.File == nil || resp.Public.File.ContentType != "image/gif" {
		t.Fatalf("replay: got %s, want a public GIF", showResp(resp))
	}
	if len(a.frames) != 7 {
		t.Errorf("%d frames for 6 moves, want 7", len(a.frames))
	}
	if got, want := a.frames[6].State.String(), e.game(id).Position; got != want {
		t.Errorf("the last frame shows %q, the game is at %q", got, want)
	}
	if resp := e.resigned(e.cmd(alice, "resign", "game", fmt.Sprint(id))); !resp.Wake {
		t.Errorf("the game's end does not wake the sweep for its replay")
	}
	a.frames = nil
	notices, err := e.table.Sweep(e.ctx)
	if err != nil || len(notices) != 1 || notices[0].Message.File == nil || !strings.Contains(notices[0].Message.Content, "Game over") {
		t.Fatalf("sweep after the end: %v %+v, want the replay", err, notices)
	}
	if len(a.frames) != 8 {
		t.Errorf("%d frames for 6 moves and a resignation, want 8", len(a.frames))
	}
	if notices, _ := e.table.Sweep(e.ctx); len(notices) != 0 {
		t.Errorf("the replay posted twice: %+v", notices)
	}
}

// A page fits a message whatever the names, moves and days: 32-character
// names, long move texts, each move on a day of its own.
func TestHistoryPagesFit(t *testing.T) {
	g := &storage.Game{ID: 7, Kind: "kingsmen", Status: storage.StatusActive, Seats: []storage.Seat{
		{Seat: 0, Name: strings.Repeat("W", 32)}, {Seat: 1, Name: strings.Repeat("M", 32)}}}
	var log []storage.Entry
	for i := range 300 {
		log = append(log, storage.Entry{Ply: i + 1, Seat: i % 2, Kind: storage.EntryMove, Text: strings.Repeat("x", 20+i%60), At: testNow.Add(time.Duration(i) * 25 * time.Hour)})
	}
	l := &loaded{row: g, kit: KingsmenKit()}
	pages := historyPages(English, g, log)
	covered := 0
	for p, pg := range pages {
		if pg[0] != covered || pg[1] <= pg[0] {
			t.Fatalf("page %d is %v after %d entries", p, pg, covered)
		}
		covered = pg[1]
		msg := historyMessage(English, l, log, p)
		if n := utf8.RuneCountInString(msg.Content); n > limits.Content {
			t.Errorf("page %d has %d characters", p, n)
		}
	}
	if covered != len(log) {
		t.Errorf("the pages cover %d entries of %d", covered, len(log))
	}
}
