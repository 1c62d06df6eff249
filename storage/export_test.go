package storage

import (
	"context"
	"database/sql"
	"io/fs"
	"time"
)

// Migrate applies the migrations in fsys that db, an SQLite database, has
// not applied yet (see migrate), for the tests of the migrations
// themselves.
func Migrate(ctx context.Context, db *sql.DB, fsys fs.FS) error {
	return migrate(ctx, db, fsys, time.Now, false)
}
