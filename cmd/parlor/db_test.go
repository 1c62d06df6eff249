package main

import (
	"bytes"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"parlor/storage"
)

// A database Parlor cannot use stops it with one line naming the database,
// what is wrong and what to do, and nothing else: not the chain of wrapped
// errors, not a second line.
func TestUnusableDatabase(t *testing.T) {
	t.Chdir(t.TempDir()) // no stray .env from the developer's checkout
	tests := []struct {
		name    string
		setup   func(t *testing.T) string // makes the case and returns the database path
		is      error
		problem string
		remedy  string
	}{{
		name: "missing directory",
		setup: func(t *testing.T) string {
			return filepath.Join(t.TempDir(), "gone", "parlor.db")
		},
		is:      storage.ErrNoDirectory,
		problem: "the directory %DIR% does not exist",
		remedy:  "create it, or set PARLOR_DB to a file in an existing directory",
	}, {
		name: "read-only file",
		setup: func(t *testing.T) string {
			path := made(t)
			if err := os.Chmod(path, 0o444); err != nil {
				t.Fatal(err)
			}
			return path
		},
		is:      storage.ErrReadOnly,
		problem: "the file is read-only",
		remedy:  "writable for the user running Parlor, or set PARLOR_DB to a writable file",
	}, {
		name: "read-only directory",
		setup: func(t *testing.T) string {
			path := made(t)
			dir := filepath.Dir(path)
			if err := os.Chmod(dir, 0o555); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(dir, 0o755) })
			return path
		},
		is:      storage.ErrReadOnlyDir,
		problem: "the directory %DIR% is read-only, and SQLite must create parlor.db-wal and parlor.db-shm beside the database",
		remedy:  "make the directory writable for the user running Parlor, or move the database to a writable directory and set PARLOR_DB",
	}, {
		name: "corrupt file",
		setup: func(t *testing.T) string {
			path := filepath.Join(t.TempDir(), "parlor.db")
			if err := os.WriteFile(path, bytes.Repeat([]byte("not a database\n"), 500), 0o644); err != nil {
				t.Fatal(err)
			}
			return path
		},
		is:      storage.ErrCorrupt,
		problem: "it is not a Parlor database, or it is damaged",
		remedy:  "restore it from a backup, or set PARLOR_DB to another file (a new database is made if the file does not exist)",
	}, {
		name: "newer schema",
		setup: func(t *testing.T) string {
			path := made(t)
			db, err := storage.Open(t.Context(), path)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if _, err := db.SQL().Exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES (1000, '1000_future.sql', 0)"); err != nil {
				t.Fatal(err)
			}
			return path
		},
		is:      storage.ErrNewerSchema,
		problem: "it was last used by a newer version of Parlor",
		remedy:  "run that version, or restore a backup made by this one",
	}, {
		name: "PostgreSQL that does not answer",
		setup: func(t *testing.T) string {
			// A port nothing listens on: taken, then let go.
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			addr := ln.Addr().String()
			ln.Close()
			return "postgres://parlor@" + addr + "/parlor?sslmode=disable&connect_timeout=2"
		},
		is:      storage.ErrUnavailable,
		problem: "the PostgreSQL server does not answer",
		remedy:  "check that it runs and that the URL's host, port, user and password are right",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := tt.setup(t)
			var out, errs bytes.Buffer
			err := run(t.Context(), []string{"check", "--db", path}, nil, &out, &errs)
			if err == nil {
				t.Fatalf("check ran on an unusable database:\n%s", out.String())
			}
			msg := err.Error()
			t.Logf("parlor: %s", msg)
			problem := strings.ReplaceAll(tt.problem, "%DIR%", filepath.Dir(path))
			want := "cannot use the database " + path + ": " + problem
			if !strings.HasPrefix(msg, want+"; ") || !strings.HasSuffix(msg, tt.remedy) {
				t.Errorf("got %q\nwant %q, then %q", msg, want, tt.remedy)
			}
			if strings.Contains(msg, "\n") || strings.Count(msg, path) != 1 {
				t.Errorf("got %q, want one line naming %s once", msg, path)
			}
			for _, chain := range []string{"open ", "migrate:", "could not be written", "not a Parlor database or corrupt:"} {
				if strings.Contains(msg, chain) {
					t.Errorf("got %q, which repeats storage's wrapped error (%q)", msg, chain)
				}
			}
			if !errors.Is(err, tt.is) {
				t.Errorf("got %q, want it to be %q for errors.Is", msg, tt.is)
			}
			if out.Len() > 0 || errs.Len() > 0 {
				t.Errorf("printed besides the error:\n%s%s", out.String(), errs.String())
			}
		})
	}
}

// made creates a Parlor database in a directory of its own and returns its
// path.
func made(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "parlor.db")
	db, err := storage.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}
