// Package migrations holds Parlor's database schema as numbered SQL files,
// one set per database engine, embedded into the binary: sqlite/ for
// SQLite (the default) and postgres/ for PostgreSQL. The two sets have the
// same numbers with the same meaning, so a database of either engine at
// version N holds the same things.
//
// Each file is named NNNN_description.sql and is applied once, in order, by
// storage.Open. Never edit a file that has been released: add a new one,
// to both sets.
package migrations

import (
	"embed"
	"io/fs"
)

//go:embed sqlite/*.sql postgres/*.sql
var files embed.FS

// SQLite holds the SQLite migrations (*.sql at its root).
var SQLite = sub("sqlite")

// Postgres holds the PostgreSQL migrations (*.sql at its root).
var Postgres = sub("postgres")

func sub(dir string) fs.FS {
	f, err := fs.Sub(files, dir)
	if err != nil {
		panic("migrations: " + err.Error())
	}
	return f
}
