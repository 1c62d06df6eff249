package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// ErrPostgresBackup means a backup was asked of a PostgreSQL database,
// which Backup does not copy: pg_dump does.
var ErrPostgresBackup = errors.New("a PostgreSQL database is backed up with pg_dump, not parlor backup")

// BackupOptions tunes Backup.
type BackupOptions struct {
	// Replace lets the backup replace a file already at the target. The
	// old file stays whole until the new one is complete, and is replaced
	// in one rename. Without it an existing target is refused with an
	// error that is fs.ErrExist.
	Replace bool
}

// BackupReport says what Backup wrote.
type BackupReport struct {
	Path  string // the backup, an absolute path
	Bytes int64  // its size
	Games int    // the games it holds
}

// Backup writes to the file to a consistent copy of the SQLite database at
// source, which may be in use meanwhile: another process (the bot) may
// read and write it all along, and waits for nothing. The copy is
// SQLite's VACUUM INTO, one read transaction, so it holds every move
// committed before it began and none after; it is a compact database
// file of its own, with no -wal beside it, readable by Parlor and by the
// sqlite3 shell.
//
// Backup never changes the source: it does not migrate it (a backup is
// taken before an upgrade), so a database made by another version of
// Parlor backs up too. It refuses a PostgreSQL URL (ErrPostgresBackup), a
// source that does not exist (fs.ErrNotExist) or is not a Parlor database
// (ErrCorrupt), a target that is the source itself, and an existing target
// unless opts.Replace (fs.ErrExist). The copy is written beside the target
// under a temporary name, synced, checked (SQLite's quick_check) and then
// renamed into place, so that a backup cut short leaves no partial file
// under the target's name. It is readable by its owner only (mode 0600):
// it holds everything Parlor keeps.
func Backup(ctx context.Context, source, to string, opts BackupOptions) (BackupReport, error) {
	if IsPostgres(source) {
		return BackupReport{}, fmt.Errorf("back up: %w", ErrPostgresBackup)
	}
	abs, err := filepath.Abs(source)
	if err != nil {
		return BackupReport{}, fmt.Errorf("back up %s: %w", source, err)
	}
	if _, err := os.Stat(abs); err != nil {
		return BackupReport{}, fmt.Errorf("back up %s: %w", source, err)
	}
	// The source as it is: no pragma that writes (journal mode), no
	// migration, and mode=rw so that a missing file is not created.
	q := url.Values{}
	q.Set("mode", "rw")
	q.Set("_busy_timeout", strconv.FormatInt(DefaultBusyTimeout.Milliseconds(), 10))
	p := (&url.URL{Path: filepath.ToSlash(abs)}).EscapedPath()
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	db, err := sql.Open("sqlite3", "file:"+p+"?"+q.Encode())
	if err != nil {
		return BackupReport{}, fmt.Errorf("back up %s: %w", source, err)
	}
	defer db.Close()
	var ours int
	err = db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).Scan(&ours)
	if err != nil {
		return BackupReport{}, fmt.Errorf("back up %s: %w", source, corrupt(err))
	}
	if ours == 0 {
		return BackupReport{}, fmt.Errorf("back up %s: %w: it has no schema_migrations", source, ErrCorrupt)
	}
	r, err := backup(ctx, db, abs, to, opts)
	if err != nil {
		return r, fmt.Errorf("back up %s: %w", source, err)
	}
	return r, nil
}

// Backup writes to a consistent copy of the database, as the package's
// Backup does, while the database goes on serving. It refuses a
// PostgreSQL database (ErrPostgresBackup).
func (db *DB) Backup(ctx context.Context, to string, opts BackupOptions) (BackupReport, error) {
	if db.db.postgres {
		return BackupReport{}, fmt.Errorf("back up: %w", ErrPostgresBackup)
	}
	var seq int
	var name, file string
	if err := db.db.DB.QueryRowContext(ctx, "PRAGMA database_list").Scan(&seq, &name, &file); err != nil {
		return BackupReport{}, fmt.Errorf("back up: %w", classify(err))
	}
	r, err := backup(ctx, db.db.DB, file, to, opts)
	if err != nil {
		return r, fmt.Errorf("back up %s: %w", file, err)
	}
	return r, nil
}

// backup copies the database open in db, whose file is source (absolute),
// to the file to.
func backup(ctx context.Context, db *sql.DB, source, to string, opts BackupOptions) (BackupReport, error) {
	target, err := filepath.Abs(to)
	if err != nil {
		return BackupReport{}, err
	}
	r := BackupReport{Path: target}
	if fi, err := os.Stat(target); err == nil {
		if src, serr := os.Stat(source); serr == nil && os.SameFile(fi, src) {
			return r, fmt.Errorf("%s is the database itself: back it up to another file", target)
		}
		if fi.IsDir() {
			return r, fmt.Errorf("%s is a directory: name the backup file", target)
		}
		if !opts.Replace {
			return r, fmt.Errorf("%s: %w", target, fs.ErrExist)
		}
	}
	// VACUUM INTO writes into a file that does not exist or is empty.
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".partial-*")
	if err != nil {
		return r, fmt.Errorf("write the backup in %s: %w", filepath.Dir(target), err)
	}
	name := tmp.Name()
	tmp.Close()
	done := false
	defer func() {
		if !done {
			os.Remove(name)
		}
	}()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", name); err != nil {
		return r, classify(err)
	}
	if err := verifyBackup(ctx, name, &r); err != nil {
		return r, err
	}
	if err := syncFile(name); err != nil {
		return r, err
	}
	if opts.Replace {
		err = os.Rename(name, target)
	} else {
		// A link, unlike a rename, never replaces a file that appeared
		// meanwhile.
		err = os.Link(name, target)
		if err == nil {
			err = os.Remove(name)
		} else if errors.Is(err, fs.ErrExist) {
			err = fmt.Errorf("%s: %w", target, fs.ErrExist)
		}
	}
	if err != nil {
		return r, err
	}
	done = true
	// The rename (or link) itself is kept once the directory is synced.
	if err := syncFile(filepath.Dir(target)); err != nil && !errors.Is(err, syscall.EINVAL) {
		return r, err
	}
	fi, err := os.Stat(target)
	if err != nil {
		return r, err
	}
	r.Bytes = fi.Size()
	return r, nil
}

// verifyBackup opens the copy at path read-only, checks it with SQLite's
// quick_check and counts its games into r.
func verifyBackup(ctx context.Context, path string, r *BackupReport) error {
	p := (&url.URL{Path: filepath.ToSlash(path)}).EscapedPath()
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	db, err := sql.Open("sqlite3", "file:"+p+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	var check string
	if err := db.QueryRowContext(ctx, "PRAGMA quick_check").Scan(&check); err != nil {
		return fmt.Errorf("check the copy: %w", corrupt(err))
	}
	if check != "ok" {
		return fmt.Errorf("check the copy: %w: %s", ErrCorrupt, check)
	}
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM games").Scan(&r.Games); err != nil {
		return fmt.Errorf("check the copy: %w", corrupt(err))
	}
	return nil
}

// syncFile flushes the file (or directory) at path to the disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
