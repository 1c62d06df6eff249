package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"parlor/storage/storagetest"
)

// parlor copy copies a database made by selfplay into an empty one of
// either engine and checks it (every game the same, replaying on both);
// it refuses a target that is not empty.
func TestCopyCommand(t *testing.T) {
	t.Chdir(t.TempDir())
	src := filepath.Join(t.TempDir(), "selfplay.db")
	for _, g := range [][]string{{"kingsmen", "2"}, {"kippykoo", "3"}, {"rumba", "4"}} {
		var out bytes.Buffer
		if err := run(t.Context(), []string{"selfplay", g[0], "--players", g[1], "--games", "2", "--seed", "5", "--db", src}, nil, &out, &out); err != nil {
			t.Fatalf("selfplay %s: %v\n%s", g[0], err, out.String())
		}
	}
	storagetest.Engines(t, func(t *testing.T, target string) {
		var out, errs bytes.Buffer
		if code := exitCode(run(t.Context(), []string{"copy", "--from", src, "--to", target}, nil, &out, &errs), &errs); code != 0 {
			t.Fatalf("copy: exit %d\n%s%s", code, out.String(), errs.String())
		}
		if got := out.String(); !strings.HasPrefix(got, "copied 6 games (18 seats, ") || !strings.Contains(got, "checked 6 games: each the same in both databases, and replaying") {
			t.Errorf("copy said %q", got)
		}
		out.Reset()
		errs.Reset()
		if code := exitCode(run(t.Context(), []string{"copy", "--from", src, "--to", target}, nil, &out, &errs), &errs); code != 1 ||
			!strings.Contains(errs.String(), "already holds games or settings: copy only into an empty database") {
			t.Errorf("a second copy: exit %d, %q", code, errs.String())
		}
		if code := exitCode(run(t.Context(), []string{"check", "--db", target}, nil, &out, &errs), &errs); code != 0 {
			t.Errorf("check of the copy: exit %d\n%s", code, errs.String())
		}
	})
}
