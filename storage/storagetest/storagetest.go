// Package storagetest gives tests a fresh database of each engine Parlor
// stores games in: a SQLite file, always, and a PostgreSQL database when
// PARLOR_TEST_POSTGRES holds the URL of a server the tests may create
// databases on (.ci/postgres starts one). Without it the PostgreSQL tests
// skip, saying how to run them; under CI=true they fail instead.
package storagetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// Env is the variable that holds the PostgreSQL server's URL.
const Env = "PARLOR_TEST_POSTGRES"

// Server returns the URL of the PostgreSQL server the tests may use, or
// skips t (fails it under CI=true) when there is none.
func Server(t testing.TB) string {
	t.Helper()
	u := os.Getenv(Env)
	if u == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: under CI the PostgreSQL tests must run (.ci/run starts a server)", Env)
		}
		t.Skipf("PostgreSQL tests skipped: set %s to a server's URL (export %s=$(.ci/postgres))", Env, Env)
	}
	return u
}

// Postgres creates an empty database on the test server for t, dropped
// when t ends, and returns its URL.
func Postgres(t testing.TB) string {
	t.Helper()
	server := Server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := sql.Open("pgx", server)
	if err != nil {
		t.Fatalf("storagetest: %v", err)
	}
	defer admin.Close()
	if err := admin.PingContext(ctx); err != nil {
		t.Fatalf("storagetest: the PostgreSQL server at %s does not answer: %v", redact(server), err)
	}
	name := "parlor_test_" + strings.ToLower(rand.Text()[:12])
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("storagetest: create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", server)
		if err != nil {
			return
		}
		defer admin.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Logf("storagetest: drop database %s: %v", name, err)
		}
	})
	u, err := url.Parse(server)
	if err != nil {
		t.Fatalf("storagetest: %s: %v", Env, err)
	}
	u.Path = "/" + name
	return u.String()
}

// SQLite is a fresh SQLite file for t.
func SQLite(t testing.TB) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "parlor.db")
}

// Engines runs test once for each engine, as subtests "sqlite" and
// "postgres", with a fresh database of it (a file, or a URL).
func Engines(t *testing.T, test func(t *testing.T, source string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { test(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { test(t, Postgres(t)) })
}

func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unreadable URL)"
	}
	return u.Redacted()
}
