// Package migrations holds Parlor's database schema as numbered SQL files,
// embedded into the binary.
//
// Each file is named NNNN_description.sql and is applied once, in order, by
// storage.Migrate. Never edit a file that has been released: add a new one.
package migrations

import "embed"

// FS holds every migration file (*.sql) of this folder.
//
//go:embed *.sql
var FS embed.FS
