package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"parlor/storage"
	"parlor/storage/storagetest"
)

// parlor forget --db DB USER_ID forgets a member as /parlor forget does:
// their game in play is resigned for them and their lobby cancelled, no
// table holds their id or name any more, every game still replays
// (parlor check), and forgetting them again finds nothing to do. The id
// may come before the flags or after them.
func TestForgetCommand(t *testing.T) {
	flowTest(t)
	dir := t.TempDir()
	db, boards := filepath.Join(dir, "parlor.db"), filepath.Join(dir, "boards")
	t.Chdir(dir)
	consoleSession(t, db, boards, "as alice\n/kingsmen new zorblax\nzorblax: click Accept\nmover: turn\nmover: turn\n"+
		"zorblax: /kingsmen new\nzorblax: /parlor me digest:on\nquit\n")
	traces := func() []string {
		t.Helper()
		store, err := storage.Open(t.Context(), db)
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		found, err := storagetest.Traces(t.Context(), store.SQL(), false, "zorblax")
		if err != nil {
			t.Fatal(err)
		}
		return found
	}
	if found := traces(); len(found) < 3 {
		t.Fatalf("before forget, the dump finds %q", found)
	}

	var out, errs bytes.Buffer
	if err := run(t.Context(), []string{"forget", "--db", db, "zorblax"}, nil, &out, &errs); err != nil {
		t.Fatalf("forget: %v\n%s", err, errs.String())
	}
	want := "forgot the member: they are now a former player 1 in 2 seats; 1 games in play resigned for them, 1 of their games not yet begun cancelled, 0 seats in others' given up; 1 settings rows and 0 away periods deleted\n"
	if out.String() != want {
		t.Errorf("forget says %q, want %q", out.String(), want)
	}
	if strings.Contains(errs.String(), "zorblax") || !strings.Contains(errs.String(), "forgot a member") {
		t.Errorf("forget's log: %q, want the counts and never the id", errs.String())
	}
	if found := traces(); len(found) > 0 {
		t.Errorf("after forget, the dump still holds the member: %q", found)
	}
	var check bytes.Buffer
	if err := run(t.Context(), []string{"check", "--db", db}, nil, &check, &check); err != nil || !strings.Contains(check.String(), "checked 2 games") {
		t.Errorf("check after forget: %v\n%s", err, check.String())
	}
	out.Reset()
	if err := run(t.Context(), []string{"forget", "zorblax", "--db", db}, nil, &out, &errs); err != nil || !strings.Contains(out.String(), "nothing to forget") {
		t.Errorf("forget again: %v %q", err, out.String())
	}
	// The retention /parlor privacy states is the operator's.
	t.Setenv("PARLOR_RETAIN_DAYS", "0")
	if err := run(t.Context(), []string{"forget", "zorblax", "--db", db}, nil, &out, &errs); err == nil || !strings.Contains(err.Error(), "PARLOR_RETAIN_DAYS=\"0\": say how many days") {
		t.Errorf("forget with PARLOR_RETAIN_DAYS=0: %v", err)
	}
}
