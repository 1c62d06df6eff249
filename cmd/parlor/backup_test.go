package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/storage"
)

// parlor backup copies a database that another connection keeps writing
// moves to, a decision per transaction as the bot stores them, and the
// copy passes parlor check: every game in it replays to its stored
// position, none torn between two moves.
func TestBackupCommand(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	source := filepath.Join(dir, "parlor.db")
	db, err := storage.Open(t.Context(), source)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx, stop := context.WithCancel(t.Context())
	acked := make(chan int, 1)
	written := make(chan error, 1)
	go func() { written <- playOn(ctx, db, acked) }()
	before := <-acked

	var out, errs bytes.Buffer
	if code := exitCode(run(t.Context(), []string{"backup", "--db", source, "--to", "backup.db"}, nil, &out, &errs), &errs); code != 0 {
		t.Fatalf("backup: exit %d\n%s%s", code, out.String(), errs.String())
	}
	<-acked
	<-acked // the writer went on after the backup
	stop()
	if err := <-written; err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.HasPrefix(got, "backed up "+source+" to "+filepath.Join(dir, "backup.db")+": ") || !strings.Contains(got, "checked by SQLite") {
		t.Errorf("backup said %q", got)
	}
	out.Reset()
	if code := exitCode(run(t.Context(), []string{"check", "--db", "backup.db"}, nil, &out, &errs), &errs); code != 0 {
		t.Fatalf("check of the backup: exit %d\n%s%s", code, out.String(), errs.String())
	}
	var games int
	if _, err := fmt.Sscanf(out.String(), "checked %d games: every stored position matches its move log", &games); err != nil || games < 1 {
		t.Errorf("check of the backup said %q", out.String())
	}
	copied, err := storage.Open(t.Context(), "backup.db")
	if err != nil {
		t.Fatal(err)
	}
	defer copied.Close()
	var moves int
	if err := copied.SQL().QueryRow("SELECT count(*) FROM moves").Scan(&moves); err != nil {
		t.Fatal(err)
	}
	if moves < before {
		t.Errorf("the backup holds %d moves, but %d were stored before it began", moves, before)
	}
}

// playOn plays random games of every kind into db, storing each decision
// in its own transaction as the bot does, until ctx ends; every 40
// decisions it offers how many it has stored on acked.
func playOn(ctx context.Context, db *storage.DB, acked chan<- int) error {
	rng := rand.New(rand.NewPCG(7, 7))
	n := 0
	kinds := []string{"kingsmen", "kimbo", "kippykoo", "rumba"}
	for g := 0; ; g++ {
		game, _ := gameNamed(kinds[g%len(kinds)])
		players := game.Players()[0]
		st, err := game.New(players)
		if err != nil {
			return err
		}
		row := &storage.Game{Kind: game.Name(), ChannelID: "backup", Creator: "u0", Status: storage.StatusActive, Position: st.String(), DrawOffer: storage.NoDrawOffer}
		for s := range players {
			row.Seats = append(row.Seats, storage.Seat{Seat: s, UserID: fmt.Sprint("u", s), Name: fmt.Sprint("p", s), Joined: true})
		}
		id, err := db.Create(context.Background(), row, "")
		if err != nil {
			return err
		}
		version := row.Version
		for !st.Outcome().Over() {
			if ctx.Err() != nil {
				return nil
			}
			m := rules.Uniform(st, rng.IntN)
			if st.ToMove() == rules.Chance {
				m = byOdds(st.Legal(), rng.Float64())
			}
			next, err := st.Play(m)
			if err != nil {
				return err
			}
			status := storage.StatusActive
			if next.Outcome().Over() {
				status = storage.StatusOver
			}
			version, err = db.Apply(context.Background(), storage.Change{GameID: id, Version: version, Position: next.String(), Status: status,
				DrawOffer: storage.NoDrawOffer, Entries: []storage.Entry{{Seat: int(st.ToMove()), Kind: storage.EntryMove, Text: m.Text}}})
			if err != nil {
				return err
			}
			st = next
			if n++; n%40 == 0 {
				select {
				case acked <- n:
				default:
				}
			}
		}
	}
}

// parlor backup refuses, saying what to do: a PostgreSQL URL (pg_dump),
// a target that exists unless --force, a database that does not exist
// (not created), and a command line without --to.
func TestBackupRefusals(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	db, err := storage.Open(t.Context(), "parlor.db")
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := os.WriteFile("old.db", []byte("yesterday's"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"backup", "--db", "parlor.db"}, 2, "say where to write the backup with --to FILE\n\nusage: parlor backup"},
		{[]string{"backup", "--db", "postgres://parlor:secret@db.example.com/parlor", "--to", "pg.db"}, 1, "back it up with pg_dump"},
		{[]string{"backup", "--db", "parlor.db", "--to", "old.db"}, 1, "old.db already exists: name another file, or say --force to replace it"},
		{[]string{"backup", "--db", "missing.db", "--to", "m.db"}, 1, "there is no database missing.db to back up"},
		{[]string{"backup", "--db", "parlor.db", "--to", "nowhere/b.db"}, 1, "write the backup in " + filepath.Join(dir, "nowhere") + ": "},
	} {
		var out, errs bytes.Buffer
		if code := exitCode(run(t.Context(), c.args, nil, &out, &errs), &errs); code != c.code || !strings.Contains(errs.String(), c.err) {
			t.Errorf("parlor %s: exit %d, %q; want exit %d, %q", strings.Join(c.args, " "), code, errs.String(), c.code, c.err)
		}
		if strings.Contains(errs.String(), "secret") {
			t.Errorf("parlor %s: the password shows: %q", strings.Join(c.args, " "), errs.String())
		}
	}
	if b, _ := os.ReadFile("old.db"); string(b) != "yesterday's" {
		t.Errorf("old.db was replaced without --force")
	}
	for _, f := range []string{"missing.db", "m.db", "pg.db"} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s was created", f)
		}
	}
	var out, errs bytes.Buffer
	if code := exitCode(run(t.Context(), []string{"backup", "--db", "parlor.db", "--to", "old.db", "--force"}, nil, &out, &errs), &errs); code != 0 {
		t.Fatalf("--force: exit %d, %q", code, errs.String())
	}
	if code := exitCode(run(t.Context(), []string{"check", "--db", "old.db"}, nil, &out, &errs), &errs); code != 0 {
		t.Errorf("check of the replaced backup: exit %d, %q", code, errs.String())
	}
}
