// Command parlor is the Parlor bot and its tools.
//
//	parlor [run]                   the Discord bot (needs DISCORD_TOKEN)
//	parlor console [--as NAME]     play from the terminal, no Discord needed
//	parlor render GAME --out F     draw a position to a PNG
//	parlor selfplay GAME --games N --seed S
//	parlor check                   replay every stored game's move log
//
// Settings come from the environment and from a .env file (which never
// overrides a variable already set): DISCORD_TOKEN, DISCORD_GUILD_ID,
// PARLOR_DB (default parlor.db), LOG_LEVEL (debug, info, warn, error).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/bwmarrin/discordgo"
	"github.com/joho/godotenv"

	"parlor/bot"
	"parlor/render"
	"parlor/storage"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "parlor:", err)
		os.Exit(1)
	}
}

// token is a secret that never shows in logs.
type token string

func (token) LogValue() slog.Value { return slog.StringValue("[redacted]") }

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if err := godotenv.Load(); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("read .env: %w", err)
	}
	logger, err := newLogger(os.Getenv("LOG_LEVEL"), stderr)
	if err != nil {
		return err
	}
	cmd := "run"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "run":
		return runBot(ctx, args, logger)
	case "console":
		return runConsole(ctx, args, stdin, stdout, logger)
	case "render":
		return runRender(args, stdout)
	case "selfplay":
		return runSelfplay(ctx, args, stdout, logger)
	case "check":
		return runCheck(ctx, args, stdout, logger)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	return fmt.Errorf("unknown command %q\n%s", cmd, usage)
}

const usage = `usage:
  parlor [run]                          run the Discord bot (needs DISCORD_TOKEN)
  parlor console [--as NAME] [--boards DIR]
                                        play in the terminal, no Discord needed
  parlor render GAME [--players N] [--position TEXT] [--last MOVE] --out FILE.png
  parlor selfplay GAME [--players N] --games N --seed S [--store=false]
                                        GAME is kingsmen or kimbo
  parlor check                          replay every stored game and compare
Settings: PARLOR_DB (default parlor.db), DISCORD_TOKEN, DISCORD_GUILD_ID, LOG_LEVEL; a .env file is read too.
`

func newLogger(level string, w io.Writer) (*slog.Logger, error) {
	var l slog.Level
	if level != "" {
		if err := l.UnmarshalText([]byte(level)); err != nil {
			return nil, fmt.Errorf("LOG_LEVEL=%q: set it to debug, info, warn or error", level)
		}
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l})), nil
}

func dbPath(fs *flag.FlagSet) *string {
	def := os.Getenv("PARLOR_DB")
	if def == "" {
		def = "parlor.db"
	}
	return fs.String("db", def, "SQLite database file (PARLOR_DB)")
}

// table opens the database and builds the table service over it.
func table(ctx context.Context, path string, logger *slog.Logger) (*bot.Table, *storage.DB, error) {
	db, err := storage.Open(ctx, path)
	if err != nil {
		logger.Debug("open database", "path", path, "err", err) // the whole chain, which unusable shortens
		return nil, nil, unusable(path, err)
	}
	t := bot.NewTable(bot.Config{Store: db, Painter: render.New(), Kits: bot.Kits(), Logger: logger})
	return t, db, nil
}

// dbError is a database Parlor cannot use, told in one line for the
// operator; it wraps storage's error for errors.Is.
type dbError struct {
	msg string
	err error
}

func (e *dbError) Error() string { return e.msg }
func (e *dbError) Unwrap() error { return e.err }

// unusable turns storage.Open's error for the database at path into one
// line saying what is wrong and what to do, without the chain of wrapped
// errors.
func unusable(path string, err error) error {
	if abs, aerr := filepath.Abs(path); aerr == nil {
		path = abs
	}
	dir, base := filepath.Dir(path), filepath.Base(path)
	var what string
	switch {
	case errors.Is(err, storage.ErrNoDirectory):
		what = fmt.Sprintf("the directory %s does not exist; create it, or set PARLOR_DB to a file in an existing directory", dir)
	case errors.Is(err, storage.ErrReadOnlyDir):
		what = fmt.Sprintf("the directory %s is read-only, and SQLite must create %s-wal and %s-shm beside the database; "+
			"make the directory writable for the user running Parlor, or move the database to a writable directory and set PARLOR_DB", dir, base, base)
	case errors.Is(err, storage.ErrReadOnly):
		what = fmt.Sprintf("the file is read-only; make it (and any %s-wal and %s-shm beside it) writable for the user running Parlor, "+
			"or set PARLOR_DB to a writable file", base, base)
	case errors.Is(err, storage.ErrFull):
		what = fmt.Sprintf("the disk holding %s is full; free some space on it, or set PARLOR_DB to a file on another disk", dir)
	case errors.Is(err, storage.ErrIO):
		what = "the disk reported an I/O error; check the disk and the system log, then start Parlor again"
	case errors.Is(err, storage.ErrCorrupt):
		what = "it is not a Parlor database, or it is damaged; restore it from a backup, " +
			"or set PARLOR_DB to another file (a new database is made if the file does not exist)"
	case errors.Is(err, storage.ErrNewerSchema):
		what = "it was last used by a newer version of Parlor; run that version, or restore a backup made by this one"
	case errors.Is(err, storage.ErrBusy):
		what = "another program keeps it locked; stop it (is another Parlor running on it?) and try again"
	case errors.Is(err, storage.ErrUnwritable):
		what = "it could not be written; check that the user running Parlor may write the file and its directory, and that the disk works"
	default:
		return err
	}
	return &dbError{msg: "cannot use the database " + path + ": " + what, err: err}
}

func runBot(ctx context.Context, args []string, logger *slog.Logger) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	db := dbPath(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	tok := token(strings.TrimSpace(os.Getenv("DISCORD_TOKEN")))
	if tok == "" {
		return errors.New("DISCORD_TOKEN is not set: put your bot's token in .env (see README), or try `parlor console` to play without Discord")
	}
	t, store, err := table(ctx, *db, logger)
	if err != nil {
		return err
	}
	defer store.Close()
	s, err := discordgo.New("Bot " + string(tok))
	if err != nil {
		return fmt.Errorf("discord session: %w", err)
	}
	logger.Info("starting", "db", *db, "guild", os.Getenv("DISCORD_GUILD_ID"), "token", tok)
	d := bot.NewDiscord(s, t, os.Getenv("DISCORD_GUILD_ID"), logger)
	return d.Run(ctx)
}

func runConsole(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer, logger *slog.Logger) error {
	fs := flag.NewFlagSet("console", flag.ContinueOnError)
	db := dbPath(fs)
	as := fs.String("as", "alice", "the user you act as")
	boards := fs.String("boards", "boards", "folder for the board pictures")
	if err := fs.Parse(args); err != nil {
		return err
	}
	t, store, err := table(ctx, *db, logger)
	if err != nil {
		return err
	}
	defer store.Close()
	c := bot.NewConsole(t, stdout, *boards)
	c.User = strings.ToLower(*as)
	fmt.Fprintf(stdout, "Games are kept in %s; board pictures go to %s/.\n", *db, *boards)
	return c.Run(ctx, stdin)
}

func runCheck(ctx context.Context, args []string, stdout io.Writer, logger *slog.Logger) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	db := dbPath(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	t, store, err := table(ctx, *db, logger)
	if err != nil {
		return err
	}
	defer store.Close()
	n, problems, err := t.Check(ctx)
	if err != nil {
		return err
	}
	for _, p := range problems {
		fmt.Fprintf(stdout, "game %d: %s\n", p.GameID, p.Detail)
	}
	if len(problems) > 0 {
		return fmt.Errorf("%d of %d games differ from their move logs", len(problems), n)
	}
	fmt.Fprintf(stdout, "checked %d games: every stored position matches its move log\n", n)
	return nil
}
