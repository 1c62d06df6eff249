package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"parlor/bot"
	"parlor/rules/kippykoo"
	"parlor/storage"
)

// parlor verify recomputes the rolls of the finished dice games of a
// database from their seeds, and names a roll changed in a log.
func TestVerifyCommand(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "parlor.db")
	db, err := storage.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	table := bot.NewTable(bot.Config{Store: db, Painter: tinyPainter{}, Kits: bot.Kits()}) // fair dice
	n := 0
	do := func(user, sub string, opts map[string]string) bot.Response {
		n++
		return table.Handle(ctx, bot.Request{ID: fmt.Sprint("i", n), Kind: bot.CommandRequest, ChannelID: "c", User: bot.User{ID: user, Name: user},
			Command: "kippykoo", Sub: sub, Options: opts, Users: map[string]bot.User{"bo": {ID: "bo", Name: "bo"}}})
	}
	do("ann", "new", map[string]string{"opponent": "bo"})
	n++
	table.Handle(ctx, bot.Request{ID: fmt.Sprint("i", n), Kind: bot.ComponentRequest, ChannelID: "c", User: bot.User{ID: "bo", Name: "bo"}, CustomID: "g/1/0/accept"})
	for range 20 {
		g, _ := db.Game(ctx, 1)
		st, err := kippykoo.Game{}.Parse(g.Position)
		if err != nil {
			t.Fatal(err)
		}
		mover := g.Seats[st.ToMove()].UserID
		do(mover, "move", map[string]string{"move": st.Legal()[0].Text})
	}
	do("ann", "resign", map[string]string{})
	n++
	table.Handle(ctx, bot.Request{ID: fmt.Sprint("i", n), Kind: bot.ComponentRequest, ChannelID: "c", User: bot.User{ID: "ann", Name: "ann"}, CustomID: "g/1/0/resign:yes"})
	db.Close()

	var out, errs bytes.Buffer
	if err := run(ctx, []string{"verify", "--db", path}, strings.NewReader(""), &out, &errs); err != nil || !regexp.MustCompile(`^checked \d+ rolls in 1 finished game with fair dice: every one is the one its seed gives\n$`).MatchString(out.String()) {
		t.Fatalf("verify: %v\n%s%s", err, out.String(), errs.String())
	}

	// A roll rewritten in the database is named.
	db, err = storage.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	var ply int
	var text string
	if err := db.SQL().QueryRowContext(ctx, "SELECT ply, text FROM moves WHERE game_id = 1 AND seat = -1 AND text LIKE 'roll %' ORDER BY ply DESC LIMIT 1").Scan(&ply, &text); err != nil {
		t.Fatal(err)
	}
	other := "roll 6-6"
	if text == other {
		other = "roll 1-1"
	}
	if _, err := db.SQL().ExecContext(ctx, "UPDATE moves SET text = ? WHERE game_id = 1 AND ply = ?", other, ply); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out.Reset()
	err = run(context.Background(), []string{"verify", "--db", path}, strings.NewReader(""), &out, &errs)
	if err == nil || !strings.Contains(out.String(), fmt.Sprintf("game 1, move %d: the log says %s, the seed gives %s", ply, other, text)) {
		t.Errorf("verify of a rewritten roll: %v\n%s", err, out.String())
	}
}

// count says one thing in the singular and any other number in the
// plural, as verify's summary does.
func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 rolls"}, {1, "1 roll"}, {6, "6 rolls"}} {
		if got := count(c.n, "roll", "rolls"); got != c.want {
			t.Errorf("count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
