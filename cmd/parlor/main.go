// Command parlor is the Parlor bot and its tools.
//
//	parlor [run]          the Discord bot (needs DISCORD_TOKEN)
//	parlor console        play from the terminal, no Discord needed
//	parlor render GAME    draw a position to a PNG
//	parlor selfplay GAME  play random legal games, checking invariants
//	parlor check          replay every stored game's move log
//	parlor forget USER_ID forget a member everywhere (as /parlor forget)
//	parlor purge          delete everything kept of a server, at once
//	parlor verify         recompute every finished dice game's rolls from its seed
//	parlor backup         a consistent copy of a live SQLite database
//	parlor copy           copy every game into an empty database (SQLite into PostgreSQL, say)
//	parlor help [COMMAND] the usage (also: parlor COMMAND --help)
//
// Settings come from the environment and from a .env file (which never
// overrides a variable already set): DISCORD_TOKEN, DISCORD_GUILD_ID,
// PARLOR_DB (a SQLite file, default parlor.db, or a PostgreSQL URL), LOG_LEVEL (debug, info, warn, error),
// LOG_FORMAT (text, json),
// PARLOR_RETAIN_DAYS (how long a server that removed the bot keeps its
// games, 30 days).
// Exit status: 0 done, 1 failed, 2 a command line Parlor does not understand.
package main

import (
	"cmp"
	"context"
	"crypto/ed25519"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/joho/godotenv"

	"parlor/bot"
	"parlor/bot/console"
	"parlor/bot/discord"
	"parlor/metrics"
	"parlor/render"
	"parlor/rules"
	"parlor/storage"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// exitCode reports err and says how Parlor exits: 0 for nil, 2 for a
// command line it does not understand (with the usage), 1 otherwise.
func exitCode(err error, stderr io.Writer) int {
	var ue *usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "parlor: %s\n\n%s", ue.msg, ue.usage)
		return 2
	}
	fmt.Fprintln(stderr, "parlor:", err)
	return 1
}

// usageError is a command line Parlor does not understand: what is wrong,
// and the usage that says how to write it.
type usageError struct{ msg, usage string }

func (e *usageError) Error() string { return e.msg }

// token is a secret that never shows in logs.
type token string

func (token) LogValue() slog.Value { return slog.StringValue("[redacted]") }

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if err := godotenv.Load(); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("read .env: %w", err)
	}
	if err := applyMemoryLimit(os.Getenv("GOMEMLIMIT")); err != nil {
		return err
	}
	logger, err := newLogger(os.Getenv("LOG_LEVEL"), os.Getenv("LOG_FORMAT"), stderr)
	if err != nil {
		return err
	}
	name := "run"
	switch {
	case len(args) > 0 && isHelp(args[0]): // parlor help [COMMAND], parlor --help
		if len(args) == 1 || (len(args) == 2 && isHelp(args[1])) {
			// parlor help help is the help too: help has no flags of its own.
			fmt.Fprint(stdout, usage())
			return nil
		}
		c, ok := commandNamed(args[1])
		if !ok || len(args) > 2 {
			return &usageError{msg: fmt.Sprintf("no help for %q", strings.Join(args[1:], " ")), usage: usage()}
		}
		fmt.Fprint(stdout, c.usage())
		return nil
	case len(args) > 0 && !strings.HasPrefix(args[0], "-"):
		name, args = args[0], args[1:]
	}
	c, ok := commandNamed(name)
	if !ok {
		return &usageError{msg: fmt.Sprintf("unknown command %q", name), usage: usage()}
	}
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var game rules.Game
	if c.game && !(c.gameOptional && len(args) > 0 && strings.HasPrefix(args[0], "-") && !isHelp(args[0])) {
		if len(args) == 0 || isHelp(args[0]) || strings.HasPrefix(args[0], "-") {
			if len(args) > 0 && isHelp(args[0]) {
				fmt.Fprint(stdout, c.usage())
				return nil
			}
			return &usageError{msg: "say which game: " + gameNames(), usage: c.usage()}
		}
		if game, ok = gameNamed(args[0]); !ok {
			return &usageError{msg: fmt.Sprintf("unknown game %q: say %s", args[0], gameNames()), usage: c.usage()}
		}
		args = args[1:]
	}
	var operand string
	if c.operand != "" && len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		operand, args = args[0], args[1:]
	}
	env := &cmdEnv{stdin: stdin, stdout: stdout, logger: logger, game: game, usage: c.usage()}
	finish := c.flags(fs, env)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, c.usage())
			return nil
		}
		return &usageError{msg: err.Error(), usage: c.usage()}
	}
	if c.operand != "" && operand == "" && fs.NArg() > 0 {
		operand = fs.Arg(0)
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			return &usageError{msg: err.Error(), usage: c.usage()}
		}
	}
	if fs.NArg() > 0 {
		return &usageError{msg: fmt.Sprintf("%s takes no argument %q", c.name, fs.Arg(0)), usage: c.usage()}
	}
	if c.operand != "" {
		if operand == "" {
			return &usageError{msg: fmt.Sprintf("say the %s", c.operand), usage: c.usage()}
		}
		env.operand = operand
	}
	return finish(ctx)
}

// programName is how the running program is started again where it
// runs: "go run ./cmd/parlor" when go run built it (into a temporary
// go-build folder), or else the path it was run by ("./parlor").
func programName() string {
	exe := filepath.ToSlash(os.Args[0])
	if strings.Contains(exe, "/go-build") {
		return "go run ./cmd/parlor"
	}
	return os.Args[0]
}

// count is n things, said in the singular or the plural: "1 roll",
// "6 rolls".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}

// cmdEnv is what a command runs with.
type cmdEnv struct {
	stdin  io.Reader
	stdout io.Writer
	logger *slog.Logger
	game   rules.Game // for the commands of one game
	usage  string     // the command's usage, for a usage error
	// operand is the command's argument (command.operand), such as the
	// user id of parlor forget.
	operand string
}

// command is one of parlor's commands: flags declares its flags on fs and
// returns what runs once they are parsed.
type command struct {
	name, args, about string
	game              bool // the first argument names a game
	gameOptional      bool // with game: a flag may come first instead
	// operand, if set, names the one argument the command takes besides
	// its flags (before or after them), such as USER_ID.
	operand string
	flags   func(fs *flag.FlagSet, env *cmdEnv) func(ctx context.Context) error
}

var commands = []command{
	{name: "run", about: "Run the Discord bot (the default command). It needs DISCORD_TOKEN; see the README.", flags: runBot},
	{name: "console", about: "Play in the terminal, no Discord needed: type help there for its commands.", flags: runConsole},
	{name: "render", args: "GAME", game: true, gameOptional: true, about: "Draw a position of GAME to a PNG file, or with --replay a game's record (from /GAME export) as an animated GIF.", flags: runRender},
	{name: "selfplay", args: "GAME", game: true, about: "Play games of GAME to their end, checking the rules' invariants after every decision: random legal games, or with --seats a match of computer players (random, easy, strong) that scores each.", flags: runSelfplay},
	{name: "check", about: "Replay every stored game's move log and compare it with the stored position.", flags: runCheck},
	{name: "verify", about: "Recompute every roll of every finished dice game from its revealed seed, and say which roll, if any, disagrees with the log.", flags: runVerify},
	{name: "forget", args: "USER_ID", operand: "USER_ID", about: "Forget a member everywhere, as /parlor forget does: resign their games in play, cancel or leave their games not yet begun, replace their Discord id and names in every game they played by a pseudonym (a former player 3), and delete their settings and away days. The boards of the games resigned are posted by the running bot's next sweep.", flags: runForget},
	{name: "purge", about: "Delete at once everything Parlor keeps of a server (--server ID): its games with their seats, move logs and handled interactions, its settings, and its members' away periods there. Nothing of another server, and no player's own settings, is touched. A sweep does the same by itself once a server that removed the bot has been gone PARLOR_RETAIN_DAYS (30).", flags: runPurge},
	{name: "backup", about: "Copy a SQLite database to a file (--to FILE), consistently, while the bot goes on using it: the copy holds every move stored before it began, is checked, and appears under its name only once complete. A PostgreSQL database is backed up with pg_dump instead (see README).", flags: runBackup},
	{name: "copy", about: "Copy every game, move log, setting and pending reminder from one database into an empty one (a SQLite file into PostgreSQL, say), then check the copy: every game the same and replaying on both.", flags: runCopy},
}

func commandNamed(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// usage is how to call the command, with its flags.
func (c command) usage() string {
	var b strings.Builder
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	c.flags(fs, &cmdEnv{game: gameForUsage})
	synopsis := "parlor " + c.name
	if c.args != "" {
		synopsis += " " + c.args
	}
	fmt.Fprintf(&b, "usage: %s [flags]\n\n%s\n", synopsis, c.about)
	if c.game {
		fmt.Fprintf(&b, "GAME is %s.\n", gameNames())
	}
	b.WriteString("\nflags:\n")
	fs.SetOutput(&b)
	fs.PrintDefaults()
	return b.String()
}

// usage is parlor's usage.
func usage() string {
	var b strings.Builder
	b.WriteString("Parlor: All the King's Men, Kimbo, Kippy Koo and Rumba on Discord.\n\nusage: parlor [COMMAND] [flags]\n\ncommands:\n")
	for _, c := range commands {
		name := c.name
		if c.args != "" {
			name += " " + c.args
		}
		about, _, _ := strings.Cut(c.about, ". ")
		fmt.Fprintf(&b, "  %-15s %s\n", name, strings.TrimSuffix(about, "."))
	}
	fmt.Fprintf(&b, "  %-15s %s\n", "help [COMMAND]", "this help, or a command's flags (also: parlor COMMAND --help)")
	fmt.Fprintf(&b, "\nGAME is %s.\n", gameNames())
	b.WriteString("Settings: PARLOR_DB (default parlor.db), DISCORD_TOKEN, DISCORD_GUILD_ID, LOG_LEVEL, LOG_FORMAT; a .env file is read too.\n")
	return b.String()
}

// newLogger is the program's one logger, writing to w at level
// (LOG_LEVEL) in format (LOG_FORMAT): text lines by default, or JSON lines
// with json, one object a line, for a log collector.
func newLogger(level, format string, w io.Writer) (*slog.Logger, error) {
	var l slog.Level
	if level != "" {
		if err := l.UnmarshalText([]byte(level)); err != nil {
			return nil, fmt.Errorf("LOG_LEVEL=%q: set it to debug, info, warn or error", level)
		}
	}
	opts := &slog.HandlerOptions{Level: l}
	switch f := strings.ToLower(strings.TrimSpace(format)); f {
	case "", "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	default:
		return nil, fmt.Errorf("LOG_FORMAT=%q: set it to text (the default) or json", format)
	}
}

// defaultDB is the database PARLOR_DB names, parlor.db if none.
func defaultDB() string {
	if db := os.Getenv("PARLOR_DB"); db != "" {
		return db
	}
	return "parlor.db"
}

func dbPath(fs *flag.FlagSet) *string {
	return fs.String("db", defaultDB(), "the database: a SQLite file, or a postgres:// URL (PARLOR_DB)")
}

// table opens the database and builds the table service over it; the
// console's (one person acting for everyone) has no slow-down.
func table(ctx context.Context, path string, logger *slog.Logger, console bool) (*bot.Table, *storage.DB, error) {
	return tableWith(ctx, path, logger, console, nil)
}

// tableWith is table counting for m (nil: nothing counted).
func tableWith(ctx context.Context, path string, logger *slog.Logger, console bool, m bot.Metrics) (*bot.Table, *storage.DB, error) {
	db, err := storage.Open(ctx, path)
	if err != nil {
		logger.Debug("open database", "path", path, "err", err) // the whole chain, which unusable shortens
		return nil, nil, unusable(path, err)
	}
	think := time.Duration(0) // rules.DefaultThink
	if v := strings.TrimSpace(os.Getenv("PARLOR_THINK")); v != "" {
		if think, err = time.ParseDuration(v); err != nil || think < time.Millisecond || think > 10*time.Second {
			db.Close()
			return nil, nil, fmt.Errorf("PARLOR_THINK=%q: say how long a computer player thinks, from 1ms to 10s, like 200ms", v)
		}
	}
	hold := time.Duration(0) // storage.DefaultBoardHold
	if v := strings.TrimSpace(os.Getenv("PARLOR_BOARD_HOLD")); v != "" {
		if hold, err = time.ParseDuration(v); err != nil || hold < time.Second || hold > time.Hour {
			db.Close()
			return nil, nil, fmt.Errorf("PARLOR_BOARD_HOLD=%q: say how long a process has to post a move's board before another posts it, from 1s to 1h, like 30s", v)
		}
	}
	retain := time.Duration(0) // bot.DefaultRetain
	if v := strings.TrimSpace(os.Getenv("PARLOR_RETAIN_DAYS")); v != "" {
		days, err := strconv.Atoi(v)
		if err != nil || days < 1 || days > 3650 {
			db.Close()
			return nil, nil, fmt.Errorf("PARLOR_RETAIN_DAYS=%q: say how many days the games of a server that removed the bot are kept before they are deleted, from 1 to 3650, like 30", v)
		}
		retain = time.Duration(days) * 24 * time.Hour
	}
	ceilings, err := ceilingsFromEnv()
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	pace, err := paceFromEnv()
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	pace.Off = pace.Off || console
	var links bot.WebLinks
	if !console {
		if links, err = webFromEnv(ctx, db); err != nil {
			db.Close()
			return nil, nil, err
		}
	}
	kits := bot.Kits()
	t := bot.NewTable(bot.Config{Store: db, Painter: render.New(bot.Painters(kits)...), Kits: kits, Logger: logger, Think: think, BoardHold: hold,
		Retain: retain, Ceilings: ceilings, Pace: pace, Metrics: m, Web: links})
	return t, db, nil
}

// paceFromEnv reads the slow-down's budget from PARLOR_SLOW_DOWN: "off",
// or the commands, clicks and menu choices a member may send in 10
// seconds (autocomplete gets three times as many); unset, the defaults (20
// and 60).
func paceFromEnv() (bot.Pace, error) {
	raw := strings.TrimSpace(os.Getenv("PARLOR_SLOW_DOWN"))
	switch {
	case raw == "":
		return bot.Pace{}, nil
	case strings.EqualFold(raw, "off"):
		return bot.Pace{Off: true}, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > 10000 {
		return bot.Pace{}, fmt.Errorf("PARLOR_SLOW_DOWN=%q: say off, or how many commands and clicks a member may send in 10 seconds, from 1 to 10000, like 20", raw)
	}
	return bot.Pace{Commands: n, Autocomplete: 3 * n}, nil
}

// ceilingsFromEnv reads the operator's ceilings of the limits a server's
// managers may set (PARLOR_MAX_MEMBER_LOBBIES and the others); one not set
// is bot.DefaultCeilings'.
func ceilingsFromEnv() (storage.Limits, error) {
	var c storage.Limits
	for _, v := range []struct {
		name, what string
		to         *int
		def        int
	}{
		{"PARLOR_MAX_MEMBER_LOBBIES", "games waiting for players a member may have made in a server", &c.MemberLobbies, bot.DefaultCeilings.MemberLobbies},
		{"PARLOR_MAX_MEMBER_GAMES", "games a member may be in, in a server", &c.MemberGames, bot.DefaultCeilings.MemberGames},
		{"PARLOR_MAX_SERVER_LOBBIES", "games waiting for players a server may have", &c.ServerLobbies, bot.DefaultCeilings.ServerLobbies},
		{"PARLOR_MAX_SERVER_GAMES", "games a server may have", &c.ServerGames, bot.DefaultCeilings.ServerGames},
	} {
		raw := strings.TrimSpace(os.Getenv(v.name))
		if raw == "" {
			*v.to = v.def
			continue
		}
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 1_000_000 {
			return storage.Limits{}, fmt.Errorf("%s=%q: the most %s that managers may allow, from 1 to 1000000, like %d", v.name, raw, v.what, v.def)
		}
		*v.to = n
	}
	return c, nil
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
	if storage.IsPostgres(path) {
		if u, uerr := url.Parse(path); uerr == nil {
			path = u.Redacted()
		}
	} else if abs, aerr := filepath.Abs(path); aerr == nil {
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
	case errors.Is(err, storage.ErrUnavailable):
		what = "the PostgreSQL server does not answer; check that it runs and that the URL's host, port, user and password are right"
	case errors.Is(err, storage.ErrBusy):
		what = "another program keeps it locked; stop it (is another Parlor running on it?) and try again"
	case errors.Is(err, storage.ErrUnwritable):
		what = "it could not be written; check that the user running Parlor may write the file and its directory, and that the disk works"
	default:
		return err
	}
	return &dbError{msg: "cannot use the database " + path + ": " + what, err: err}
}

// stopGrace is how long the HTTP door has, once Parlor is told to stop, to
// finish the answers under way (deploy/parlor.service's TimeoutStopSec
// leaves room for it).
const stopGrace = 10 * time.Second

func runBot(fs *flag.FlagSet, env *cmdEnv) func(ctx context.Context) error {
	db := dbPath(fs)
	return func(ctx context.Context) error {
		cfg, err := doorsFromEnv()
		if err != nil {
			return err
		}
		var m *metrics.Metrics
		var counted bot.Metrics // nil unless there are metrics: never a nil *metrics.Metrics
		var metricsLn net.Listener
		if cfg.metricsAddr != "" {
			if metricsLn, err = net.Listen("tcp", cfg.metricsAddr); err != nil {
				return fmt.Errorf("PARLOR_METRICS_ADDR=%s: %w", cfg.metricsAddr, err)
			}
			defer metricsLn.Close()
			m = metrics.New()
			counted = m
		}
		t, store, err := tableWith(ctx, *db, env.logger, false, counted)
		if err != nil {
			return err
		}
		defer store.Close()
		s, err := discordgo.New("Bot " + string(cfg.token))
		if err != nil {
			return fmt.Errorf("discord session: %w", err)
		}
		s.ShardID, s.ShardCount = cfg.shardID, cfg.shardCount
		if cfg.api != "" {
			s.Client = &http.Client{Transport: apiAt(cfg.api)}
		}
		if m != nil {
			m.WatchGames(store.GamesInPlay)
			// The calls to Discord are counted over the transport they
			// went through anyway (Go's default: HTTPS_PROXY works).
			s.Client.Transport = m.Transport(cmp.Or(s.Client.Transport, http.DefaultTransport))
		}
		guild := strings.TrimSpace(os.Getenv("DISCORD_GUILD_ID"))
		env.logger.Info("starting", startAttrs(cfg, *db, len(discord.DiscordCommands(t.Commands())), guild)...)
		d := discord.NewDiscord(s, t, guild, env.logger)
		d.SweepEvery = cfg.sweepEvery
		d.Rate = cfg.rate
		serveWeb(t, d)
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		var doors []func() error
		if cfg.httpAddr != "" {
			ln, err := net.Listen("tcp", cfg.httpAddr)
			if err != nil {
				return fmt.Errorf("PARLOR_HTTP_ADDR=%s: %w", cfg.httpAddr, err)
			}
			if cfg.publicKey == nil {
				// The web page alone, beside the gateway.
				doors = append(doors, func() error { return d.ServeWeb(ctx, ln, store.Ping, stopGrace) })
			} else {
				doors = append(doors, func() error { return d.ServeHTTP(ctx, ln, cfg.publicKey, store.Ping, stopGrace) })
			}
		}
		if cfg.gateway {
			doors = append(doors, func() error { return d.Run(ctx) })
		}
		if m != nil {
			env.logger.Info("serving metrics", "addr", metricsLn.Addr().String()+"/metrics")
			doors = append(doors, func() error {
				if err := m.Serve(ctx, metricsLn); err != nil {
					return fmt.Errorf("PARLOR_METRICS_ADDR: %w", err)
				}
				return nil
			})
		}
		errs := make(chan error, len(doors))
		for _, door := range doors {
			go func() { errs <- door() }()
		}
		var first error
		for range doors {
			if err := <-errs; err != nil && first == nil {
				first = err
				cancel() // one door failed: close the others
			}
		}
		return first
	}
}

// startAttrs is what the start line says Parlor is about to do: its
// doors (the gateway, the HTTP door's address), its database (the SQLite
// file, or the PostgreSQL URL without its password), how many commands it
// registers and where (a server, or globally), and its shard.
func startAttrs(cfg doors, db string, commands int, guild string) []any {
	var ds []string
	if cfg.gateway {
		ds = append(ds, "gateway")
	}
	if cfg.httpAddr != "" {
		ds = append(ds, "http "+cfg.httpAddr)
	}
	engine := "sqlite"
	if storage.IsPostgres(db) {
		engine, db = "postgres", withoutPassword(db)
	}
	where := "global"
	if guild != "" {
		where = "guild " + guild
	}
	return []any{"doors", strings.Join(ds, ", "), engine, db, "commands", commands, "registered", where,
		"shard", fmt.Sprintf("%d/%d", cfg.shardID, cfg.shardCount)}
}

// withoutPassword is a PostgreSQL URL without its password, whether in
// the user part or as a password parameter; a URL that does not parse is
// not shown at all, as it may hold one anywhere.
func withoutPassword(db string) string {
	u, err := url.Parse(db)
	if err != nil {
		return "(a postgres URL that does not parse)"
	}
	if u.User != nil {
		u.User = url.User(u.User.Username())
	}
	if q := u.Query(); q.Has("password") {
		q.Del("password")
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// apiAt is a transport that sends the requests for https://discord.com to
// base instead (a fake Discord, in tests), over Go's default transport.
func apiAt(base string) http.RoundTripper {
	return roundTripper(func(r *http.Request) (*http.Response, error) {
		if r.URL.Host == "discord.com" {
			u, err := url.Parse(base)
			if err != nil {
				return nil, err
			}
			r = r.Clone(r.Context())
			r.URL.Scheme, r.URL.Host, r.Host = u.Scheme, u.Host, u.Host
		}
		return http.DefaultTransport.RoundTrip(r)
	})
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// doors is how the bot meets Discord, from the environment.
type doors struct {
	token               token
	httpAddr            string // the HTTP interactions door's address, "" for none
	publicKey           ed25519.PublicKey
	gateway             bool
	shardID, shardCount int
	sweepEvery          time.Duration // how often to sweep; 0 for the default
	api                 string        // Discord's API elsewhere than https://discord.com: a fake Discord, for tests
	metricsAddr         string        // where to serve /metrics, "" for nowhere
	rate                float64       // calls a second against Discord's global limit; 0 for the default
}

// doorsFromEnv reads the doors' settings: DISCORD_TOKEN always;
// PARLOR_HTTP_ADDR with DISCORD_PUBLIC_KEY for the HTTP door (without the
// key but with PARLOR_PUBLIC_URL, for the web page alone); the gateway
// unless the HTTP door is on (PARLOR_GATEWAY=on keeps it too), sharded by
// DISCORD_SHARD_ID and DISCORD_SHARD_COUNT.
func doorsFromEnv() (doors, error) {
	d := doors{token: token(strings.TrimSpace(os.Getenv("DISCORD_TOKEN"))), httpAddr: strings.TrimSpace(os.Getenv("PARLOR_HTTP_ADDR")), shardCount: 1}
	if d.token == "" {
		return d, errors.New("DISCORD_TOKEN is not set: put your bot's token in .env (see README), or try `parlor console` to play without Discord")
	}
	webOnly := false
	if d.httpAddr != "" {
		hexKey := strings.TrimSpace(os.Getenv("DISCORD_PUBLIC_KEY"))
		// Without the key but with a public address, the HTTP server
		// serves the web page alone, and Discord is met by the gateway.
		webOnly = hexKey == "" && strings.TrimSpace(os.Getenv("PARLOR_PUBLIC_URL")) != ""
		if hexKey == "" && !webOnly {
			return d, errors.New("PARLOR_HTTP_ADDR is set, so DISCORD_PUBLIC_KEY must be too: copy the Public Key from the Developer Portal (General Information) into .env")
		}
		if !webOnly {
			key, err := discord.ParsePublicKey(hexKey)
			if err != nil {
				return d, err
			}
			d.publicKey = key
		}
	}
	switch g := strings.ToLower(strings.TrimSpace(os.Getenv("PARLOR_GATEWAY"))); g {
	case "":
		d.gateway = d.httpAddr == "" || webOnly
	case "on":
		d.gateway = true
	case "off":
		if webOnly {
			return d, errors.New("PARLOR_GATEWAY=off, and PARLOR_HTTP_ADDR serves only the web page (no DISCORD_PUBLIC_KEY): Parlor would have no door to Discord")
		}
		d.gateway = false
	default:
		return d, fmt.Errorf("PARLOR_GATEWAY=%q: say on or off", g)
	}
	if !d.gateway && d.httpAddr == "" {
		return d, errors.New("PARLOR_GATEWAY=off and no PARLOR_HTTP_ADDR: Parlor would have no door to Discord")
	}
	if v := strings.TrimSpace(os.Getenv("PARLOR_SWEEP_EVERY")); v != "" {
		every, err := time.ParseDuration(v)
		if err != nil || every <= 0 {
			return d, fmt.Errorf("PARLOR_SWEEP_EVERY=%q: say how often to sweep, like 1m", v)
		}
		d.sweepEvery = every
	}
	if v := strings.TrimSpace(os.Getenv("PARLOR_DISCORD_RATE")); v != "" {
		rate, err := strconv.ParseFloat(v, 64)
		if err != nil || !(rate >= 0.1 && rate <= 50) {
			return d, fmt.Errorf("PARLOR_DISCORD_RATE=%q: say how many calls a second this process may make against Discord's global limit of 50, from 0.1 to 50, like 40 (with replicas, 50 divided among them)", v)
		}
		d.rate = rate
	}
	d.api = strings.TrimSpace(os.Getenv("PARLOR_DISCORD_API"))
	d.metricsAddr = strings.TrimSpace(os.Getenv("PARLOR_METRICS_ADDR"))
	id, count := os.Getenv("DISCORD_SHARD_ID"), os.Getenv("DISCORD_SHARD_COUNT")
	if id != "" || count != "" {
		i, err1 := strconv.Atoi(strings.TrimSpace(id))
		n, err2 := strconv.Atoi(strings.TrimSpace(count))
		if err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
			return d, fmt.Errorf("DISCORD_SHARD_ID=%q and DISCORD_SHARD_COUNT=%q: set both, with 0 <= DISCORD_SHARD_ID < DISCORD_SHARD_COUNT", id, count)
		}
		d.shardID, d.shardCount = i, n
	}
	return d, nil
}

func runConsole(fs *flag.FlagSet, env *cmdEnv) func(ctx context.Context) error {
	db := dbPath(fs)
	as := fs.String("as", "alice", "the user you act as")
	boards := fs.String("boards", "boards", "folder for the board pictures (the latest of each game)")
	load := fs.String("load", "", "a game's record (from /GAME export) to play on from where it stands, as a new game")
	lang := fs.String("lang", "en", "the language the console speaks: "+strings.Join(bot.LanguageCodes(), " or "))
	return func(ctx context.Context) error {
		if !slices.Contains(bot.LanguageCodes(), *lang) {
			return fmt.Errorf("--lang %s: Parlor speaks %s", *lang, strings.Join(bot.LanguageCodes(), ", "))
		}
		var rec *bot.Record
		if *load != "" {
			f, err := os.Open(*load)
			if err != nil {
				return err
			}
			rec, err = bot.ReadRecord(f)
			f.Close()
			if err != nil {
				return fmt.Errorf("%s: %w", *load, err)
			}
		}
		t, store, err := table(ctx, *db, env.logger, true)
		if err != nil {
			return err
		}
		defer store.Close()
		c := console.NewConsole(t, env.stdout, *boards)
		c.User = strings.ToLower(*as)
		c.Program = programName()
		if *lang != "en" {
			c.Locale = *lang
		}
		fmt.Fprintln(env.stdout, c.Kept(*db, *boards))
		in := env.stdin
		if rec != nil {
			// The game speaks the console's language, as one begun there.
			id, err := t.Import(ctx, rec, "", console.Channel, bot.LangOf(c.Locale), console.UserID)
			if err != nil {
				return fmt.Errorf("%s: %w", *load, err)
			}
			var players []string
			for _, n := range rec.Names {
				players = append(players, console.UserID(n))
			}
			fmt.Fprintln(env.stdout, c.Loaded(*load, id, len(rec.Entries), players))
			// Its board first, as the game stands.
			in = io.MultiReader(strings.NewReader(fmt.Sprintf("/%s board game:%d\n", rec.Game, id)), in)
		}
		return c.Run(ctx, in)
	}
}

func runCopy(fs *flag.FlagSet, env *cmdEnv) func(ctx context.Context) error {
	from := fs.String("from", defaultDB(), "the database to copy from: a SQLite file or a postgres:// URL (PARLOR_DB)")
	to := fs.String("to", "", "the empty database to copy into: a postgres:// URL or a SQLite file (required)")
	return func(ctx context.Context) error {
		if *to == "" {
			return &usageError{msg: "say where to copy the games with --to postgres://… (or a SQLite file)", usage: env.usage}
		}
		src, err := storage.Open(ctx, *from)
		if err != nil {
			return unusable(*from, err)
		}
		defer src.Close()
		dst, err := storage.Open(ctx, *to)
		if err != nil {
			return unusable(*to, err)
		}
		defer dst.Close()
		r, err := storage.Copy(ctx, src, dst)
		if errors.Is(err, storage.ErrNotEmpty) {
			return fmt.Errorf("%s already holds games or settings: copy only into an empty database", redacted(*to))
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(env.stdout, "copied %d games (%d seats, %d log entries), %d handled interactions, %d server and %d player settings, %d away periods, %d servers that removed the bot\n",
			r.Games, r.Seats, r.Entries, r.Interactions, r.ServerSettings, r.PlayerSettings, r.AwayPeriods, r.RemovedServers)
		n, err := verifyCopy(ctx, src, dst, env.logger)
		if err != nil {
			return fmt.Errorf("the copy is not the same: %w", err)
		}
		fmt.Fprintf(env.stdout, "checked %d games: each the same in both databases, and replaying to its stored position in both\n", n)
		return nil
	}
}

func runPurge(fs *flag.FlagSet, env *cmdEnv) func(ctx context.Context) error {
	path := dbPath(fs)
	server := fs.String("server", "", "the id of the server (guild) whose games and settings to delete (required)")
	return func(ctx context.Context) error {
		id := strings.TrimSpace(*server)
		if id == "" {
			return &usageError{msg: "say which server with --server ID (Discord: right-click the server → Copy Server ID)", usage: env.usage}
		}
		if _, err := strconv.ParseUint(id, 10, 64); err != nil {
			return &usageError{msg: fmt.Sprintf("--server %q is not a server id: it is a number, like 1234567890123456789", id), usage: env.usage}
		}
		db, err := storage.Open(ctx, *path)
		if err != nil {
			return unusable(*path, err)
		}
		defer db.Close()
		r, err := db.Purge(ctx, id)
		if err != nil {
			return err
		}
		env.logger.Info("purged a server", "guild", id, "purged", r.String())
		fmt.Fprintf(env.stdout, "purged server %s: %s\n", id, r)
		return nil
	}
}

func runBackup(fs *flag.FlagSet, env *cmdEnv) func(ctx context.Context) error {
	path := dbPath(fs)
	to := fs.String("to", "", "the file to write the backup to (required)")
	force := fs.Bool("force", false, "replace the file --to names if it exists (the old one stays until the new one is complete)")
	return func(ctx context.Context) error {
		if *to == "" {
			return &usageError{msg: "say where to write the backup with --to FILE", usage: env.usage}
		}
		if storage.IsPostgres(*path) {
			return fmt.Errorf("%s is a PostgreSQL database: back it up with pg_dump, such as pg_dump --format=custom --file parlor.dump '%s' (see README, Backups)", redacted(*path), redacted(*path))
		}
		if _, err := os.Stat(*path); errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("there is no database %s to back up: say which with --db (or PARLOR_DB)", *path)
		}
		r, err := storage.Backup(ctx, *path, *to, storage.BackupOptions{Replace: *force})
		switch {
		case errors.Is(err, os.ErrExist):
			return fmt.Errorf("%s already exists: name another file, or say --force to replace it", *to)
		case errors.Is(err, storage.ErrCorrupt):
			return fmt.Errorf("%s is not a Parlor database, or it is damaged: %w", *path, err)
		case err != nil:
			return err
		}
		fmt.Fprintf(env.stdout, "backed up %s to %s: %d games, %d bytes, checked by SQLite (parlor check --db %s replays them)\n", *path, r.Path, r.Games, r.Bytes, *to)
		return nil
	}
}

// redacted is a database source fit to print: a URL without its password.
func redacted(source string) string {
	if u, err := url.Parse(source); err == nil && storage.IsPostgres(source) {
		return u.Redacted()
	}
	return source
}

// verifyCopy checks that every game of src is in dst the same, seats and
// log included, and that every game replays on both.
func verifyCopy(ctx context.Context, src, dst *storage.DB, logger *slog.Logger) (int, error) {
	ids, err := src.GameIDs(ctx)
	if err != nil {
		return 0, err
	}
	copied, err := dst.GameIDs(ctx)
	if err != nil {
		return 0, err
	}
	if len(copied) != len(ids) {
		return 0, fmt.Errorf("%d games, the copy %d", len(ids), len(copied))
	}
	for _, id := range ids {
		a, b, err := both(ctx, src, dst, id, (*storage.DB).Game)
		if err != nil {
			return 0, err
		}
		if !reflect.DeepEqual(a, b) {
			return 0, fmt.Errorf("game %d differs: %+v, the copy %+v", id, a, b)
		}
		la, lb, err := both(ctx, src, dst, id, (*storage.DB).Log)
		if err != nil {
			return 0, err
		}
		if !reflect.DeepEqual(la, lb) {
			return 0, fmt.Errorf("the log of game %d differs", id)
		}
	}
	for _, db := range []*storage.DB{src, dst} {
		kits := bot.Kits()
		t := bot.NewTable(bot.Config{Store: db, Painter: render.New(bot.Painters(kits)...), Kits: kits, Logger: logger})
		n, problems, err := t.Check(ctx)
		if err != nil {
			return 0, err
		}
		if len(problems) > 0 {
			return 0, fmt.Errorf("%d of %d games do not replay, the first: game %d: %s", len(problems), n, problems[0].GameID, problems[0].Detail)
		}
	}
	return len(ids), nil
}

// both reads one thing of game id, by read (the game, its log), from the
// database src and from its copy dst.
func both[T any](ctx context.Context, src, dst *storage.DB, id int64, read func(*storage.DB, context.Context, int64) (T, error)) (T, T, error) {
	a, err := read(src, ctx, id)
	if err != nil {
		var none T
		return none, none, err
	}
	b, err := read(dst, ctx, id)
	return a, b, err
}

func runCheck(fs *flag.FlagSet, env *cmdEnv) func(ctx context.Context) error {
	db := dbPath(fs)
	return func(ctx context.Context) error {
		t, store, err := table(ctx, *db, env.logger, false)
		if err != nil {
			return err
		}
		defer store.Close()
		n, problems, err := t.Check(ctx)
		if err != nil {
			return err
		}
		for _, p := range problems {
			fmt.Fprintf(env.stdout, "game %d: %s\n", p.GameID, p.Detail)
		}
		if len(problems) > 0 {
			return fmt.Errorf("%d of %d games differ from their move logs", len(problems), n)
		}
		fmt.Fprintf(env.stdout, "checked %d games: every stored position matches its move log\n", n)
		return nil
	}
}

func runForget(fs *flag.FlagSet, env *cmdEnv) func(ctx context.Context) error {
	db := dbPath(fs)
	return func(ctx context.Context) error {
		id := strings.TrimSpace(env.operand)
		if id == "" || strings.ContainsAny(id, " /") {
			return &usageError{msg: fmt.Sprintf("%q is not a Discord user id", env.operand), usage: env.usage}
		}
		t, store, err := table(ctx, *db, env.logger, true)
		if err != nil {
			return err
		}
		defer store.Close()
		f, err := t.Forget(ctx, id)
		if err != nil {
			return err
		}
		if f.Pseudonym.N == 0 && f.Settings == 0 && f.AwayPeriods == 0 {
			fmt.Fprintln(env.stdout, "nothing to forget: the database holds no game, setting or away day of that user")
			return nil
		}
		as := "they sat in no game"
		if f.Pseudonym.N > 0 {
			as = "they are now " + f.Pseudonym.Name() + " in " + fmt.Sprint(f.Seats) + " seats"
		}
		fmt.Fprintf(env.stdout, "forgot the member: %s; %d games in play resigned for them, %d of their games not yet begun cancelled, %d seats in others' given up; %d settings rows and %d away periods deleted\n",
			as, f.Resigned, f.Cancelled, f.Left, f.Settings, f.AwayPeriods)
		return nil
	}
}

func runVerify(fs *flag.FlagSet, env *cmdEnv) func(ctx context.Context) error {
	db := dbPath(fs)
	return func(ctx context.Context) error {
		store, err := storage.Open(ctx, *db)
		if err != nil {
			return unusable(*db, err)
		}
		defer store.Close()
		ids, err := store.GameIDs(ctx)
		if err != nil {
			return err
		}
		games, rolls, wrong := 0, 0, 0
		for _, id := range ids {
			g, err := store.Game(ctx, id)
			if err != nil {
				return err
			}
			game, ok := gameNamed(g.Kind)
			if !ok || g.Status != storage.StatusOver || bot.Commitment(g.Dice) == "" {
				continue
			}
			log, err := store.Log(ctx, id)
			if err != nil {
				return err
			}
			checked, bad, err := bot.VerifyDice(game, len(g.Seats), g.Dice, bot.Commitment(g.Dice), log)
			games++
			rolls += checked
			for _, d := range bad {
				wrong++
				fmt.Fprintf(env.stdout, "game %d, move %d: the log says %s, the seed gives %s\n", id, d.Ply, d.Logged, d.Recomputed)
			}
			if err != nil {
				return fmt.Errorf("game %d: %w", id, err)
			}
		}
		if wrong > 0 {
			disagree := "disagree"
			if wrong == 1 {
				disagree = "disagrees"
			}
			return fmt.Errorf("%d of %s in %s %s with their seeds", wrong, count(rolls, "roll", "rolls"), count(games, "finished game", "finished games"), disagree)
		}
		switch {
		case games == 0:
			fmt.Fprintln(env.stdout, "no finished game with fair dice to check")
		case rolls == 1:
			fmt.Fprintf(env.stdout, "checked 1 roll in %s with fair dice: it is the one its seed gives\n", count(games, "finished game", "finished games"))
		default:
			fmt.Fprintf(env.stdout, "checked %s in %s with fair dice: every one is the one its seed gives\n", count(rolls, "roll", "rolls"), count(games, "finished game", "finished games"))
		}
		return nil
	}
}
