package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"parlor/bot"
	"parlor/render"
	"parlor/rules"
	"parlor/storage"
)

// gameNamed is the game called name.
func gameNamed(name string) (rules.Game, bool) {
	for _, k := range bot.Kits() {
		if k.Game.Name() == name {
			return k.Game, true
		}
	}
	return nil, false
}

// gameNames lists the games by name: "kingsmen, kimbo, kippykoo or rumba".
func gameNames() string {
	var names []string
	for _, k := range bot.Kits() {
		names = append(names, k.Game.Name())
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// gameForUsage is the game a command's flags are declared with for its
// usage, where their defaults depend on the game.
var gameForUsage = bot.Kits()[0].Game

func runRender(fs *flag.FlagSet, env *cmdEnv) func(ctx context.Context) error {
	game := env.game
	position := fs.String("position", "", "position text (default: the start position)")
	last := fs.String("last", "", "the last move, to highlight")
	out := fs.String("out", "", "PNG file to write (required)")
	players := fs.Int("players", 0, "number of players, for the start position (default: the fewest the game takes)")
	names := fs.String("names", "", "player names, comma-separated")
	replay := fs.String("replay", "", "a game's record (from /GAME export) to draw as an animated GIF, a frame a turn (GAME not needed; --out defaults to the record's name with .gif)")
	return func(context.Context) error {
		if *replay != "" {
			return renderReplay(env, *replay, *out)
		}
		if game == nil {
			return &usageError{msg: "say which game: " + gameNames() + " (or give --replay FILE)", usage: env.usage}
		}
		if *out == "" {
			return &usageError{msg: "say where to write the picture with --out FILE.png", usage: env.usage}
		}
		var st rules.State
		var err error
		if *players == 0 {
			*players = game.Players()[0]
		}
		if *position == "" {
			st, err = game.New(*players)
		} else {
			st, err = game.Parse(*position)
		}
		if err != nil {
			return err
		}
		info := render.Info{LastMove: *last}
		if *names != "" {
			info.Names = splitComma(*names)
		}
		png, err := render.New(bot.Painters(bot.Kits())...).PNG(st, info)
		if err != nil {
			return err
		}
		if err := writeOut(*out, png); err != nil {
			return err
		}
		fmt.Fprintf(env.stdout, "wrote %s (%d bytes)\n%s", *out, len(png), st.Drawing())
		return nil
	}
}

// writeOut writes a picture to file, making its folder if it has none
// yet (boards/, say, where the console keeps its pictures too).
func writeOut(file string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	return os.WriteFile(file, data, 0o644)
}

// renderReplay draws the record in file as an animated GIF in out.
func renderReplay(env *cmdEnv, file, out string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	rec, err := bot.ReadRecord(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	game, ok := gameNamed(rec.Game)
	if !ok {
		return fmt.Errorf("%s: a record of %q, which Parlor does not play", file, rec.Game)
	}
	steps, err := rec.Steps(game)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	start, _ := game.New(len(rec.Names))
	frames := bot.Frames(start, steps, rec.Names, rec.Title)
	gif, err := render.New(bot.Painters(bot.Kits())...).GIF(frames)
	if err != nil {
		return err
	}
	if out == "" {
		out = strings.TrimSuffix(file, filepath.Ext(file)) + ".gif"
	}
	if err := writeOut(out, gif); err != nil {
		return err
	}
	fmt.Fprintf(env.stdout, "wrote %s (%d bytes, %d frames: the start and %d turns)\n", out, len(gif), len(frames), len(frames)-1)
	return nil
}

func splitComma(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}

// runSelfplay plays random legal games to their end, checking invariants
// after every decision, and stores each finished game with its move log so
// that `parlor check` can replay them.
func runSelfplay(fs *flag.FlagSet, env *cmdEnv) func(ctx context.Context) error {
	game := env.game
	games := fs.Int("games", 100, "how many games")
	seed := fs.Uint64("seed", 1, "random seed")
	players := fs.Int("players", 0, "number of players (default: the fewest the game takes)")
	db := fs.String("db", "", "SQLite file to store the games in, for parlor check (default: not stored)")
	seats := fs.String("seats", "", "players by seat, random, easy or strong, such as strong,random: a match, the seats turning between games (default: every seat random)")
	think := fs.Duration("think", 20*time.Millisecond, "with --seats: the budget of a computer player's decision")
	asJSON := fs.Bool("json", false, "with --seats: print the scores as one JSON object on the last line too")
	return func(ctx context.Context) error {
		var match []matchPlayer
		if *seats != "" {
			var err error
			if match, err = parseSeats(*seats, game); err != nil {
				return &usageError{msg: err.Error(), usage: env.usage}
			}
			if *players != 0 && *players != len(match) {
				return &usageError{msg: fmt.Sprintf("--seats names %d players but --players is %d", len(match), *players), usage: env.usage}
			}
			*players = len(match)
			if !slices.Contains(game.Players(), *players) {
				return &usageError{msg: fmt.Sprintf("%s is not played by %d", game.Title(), *players), usage: env.usage}
			}
		}
		var repo *storage.DB
		if *db != "" {
			var err error
			if repo, err = storage.Open(ctx, *db); err != nil {
				return unusable(*db, err)
			}
			defer repo.Close()
		}
		if *players == 0 {
			*players = game.Players()[0]
		}
		if match != nil {
			scores := make([]*matchScore, len(match))
			for i, p := range match {
				scores[i] = &matchScore{Name: p.name}
			}
			err := playMatch(ctx, game, match, *games, *seed, *think, func(g int, r matchGame) error {
				for i, s := range scores {
					s.points += r.points[i]
					s.thinking += r.thinking[i]
					s.decisions += r.decisions[i]
					switch r.points[i] {
					case 1:
						s.Wins++
					case 0.5:
						s.Draws++
					default:
						s.Losses++
					}
				}
				if repo != nil {
					return storeGame(ctx, repo, game, *players, r.final, r.log)
				}
				return nil
			})
			if err != nil {
				return err
			}
			for _, s := range scores {
				s.Score = s.points / float64(*games)
				s.Interval = wilson(s.Score, *games)
				s.Interval[0], s.Interval[1] = math.Round(s.Interval[0]*1e4)/1e4, math.Round(s.Interval[1]*1e4)/1e4
			}
			return printMatch(env.stdout, game, *games, *think, scores, *asJSON)
		}
		rng := rand.New(rand.NewPCG(*seed, *seed^0x9e3779b97f4a7c15))
		stats := selfplayStats{outcomes: map[string]int{}}
		var playTime time.Duration
		for g := 0; g < *games; g++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			start := time.Now()
			st, log, err := playRandom(game, *players, rng)
			playTime += time.Since(start)
			if err != nil {
				return fmt.Errorf("game %d of seed %d: broken invariant: %w", g+1, *seed, err)
			}
			stats.add(st, len(log))
			if repo != nil {
				if err := storeGame(ctx, repo, game, *players, st, log); err != nil {
					return err
				}
			}
		}
		stats.print(env.stdout, *games, playTime)
		return nil
	}
}

type selfplayStats struct {
	decisions int
	outcomes  map[string]int
}

func (s *selfplayStats) add(st rules.State, n int) {
	s.decisions += n
	o := st.Outcome()
	key := string(o.Method)
	if o.Draw() {
		key = "draw, " + key
	} else {
		seats := make([]string, len(o.Winners))
		for i, w := range o.Winners {
			seats[i] = strconv.Itoa(int(w))
		}
		key = fmt.Sprintf("seat %s won, %s", strings.Join(seats, "+"), key)
	}
	s.outcomes[key]++
}

func (s *selfplayStats) print(w io.Writer, games int, d time.Duration) {
	fmt.Fprintf(w, "games played: %d\n", games)
	if games > 0 {
		fmt.Fprintf(w, "average length: %.1f decisions\n", float64(s.decisions)/float64(games))
	}
	fmt.Fprintln(w, "outcomes:")
	for _, k := range sortedKeys(s.outcomes) {
		fmt.Fprintf(w, "  %-40s %d\n", k, s.outcomes[k])
	}
	if d > 0 {
		fmt.Fprintf(w, "decisions per second: %.0f (rules engine and invariant checks only)\n", float64(s.decisions)/d.Seconds())
	}
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// maxDecisions bounds a game: a game that runs past it breaks the
// invariant that every game ends.
const maxDecisions = 100_000

// playRandom plays one game of uniformly random legal decisions (chance by
// its odds), checking the invariants after each.
func playRandom(game rules.Game, players int, rng *rand.Rand) (rules.State, []storage.Entry, error) {
	st, err := game.New(players)
	if err != nil {
		return nil, nil, err
	}
	var log []storage.Entry
	for !st.Outcome().Over() {
		if len(log) >= maxDecisions {
			return nil, nil, fmt.Errorf("no end after %d decisions", maxDecisions)
		}
		if numLegal(st) == 0 {
			return nil, nil, fmt.Errorf("no legal move but the game is not over:\n%s", st.Drawing())
		}
		var m rules.Move
		if st.ToMove() == rules.Chance {
			m = byOdds(st.Legal(), rng.Float64())
		} else {
			m = rules.Uniform(st, rng.IntN)
		}
		next, err := st.Play(m)
		if err != nil {
			return nil, nil, fmt.Errorf("legal move %q rejected: %w\n%s", m.Text, err, st.Drawing())
		}
		if err := checkInvariants(game, st, next); err != nil {
			return nil, nil, fmt.Errorf("after %q: %w\n%s", m.Text, err, next.Drawing())
		}
		log = append(log, storage.Entry{Seat: int(st.ToMove()), Kind: storage.EntryMove, Text: m.Text})
		st = next
	}
	return st, log, nil
}

// checkInvariants checks what must hold after every decision of any game,
// then the game's own invariants (rules.Checker).
func checkInvariants(game rules.Game, prev, next rules.State) error {
	text := next.String()
	back, err := game.Parse(text)
	if err != nil {
		return fmt.Errorf("position text %q does not parse: %w", text, err)
	}
	if back.String() != text {
		return fmt.Errorf("position text does not round-trip: %q became %q", text, back.String())
	}
	if over := next.Outcome().Over(); over != (next.ToMove() == rules.Nobody) {
		return fmt.Errorf("game over is %v but %d is to move", over, next.ToMove())
	}
	if next.Outcome().Over() && len(next.Legal()) != 0 {
		return fmt.Errorf("the game is over but moves are still offered")
	}
	return rules.Invariants(game, prev, next)
}

// storeGame writes a finished game and its move log, as the table service
// would have, so that `parlor check` can replay it.
func storeGame(ctx context.Context, repo *storage.DB, game rules.Game, players int, final rules.State, log []storage.Entry) error {
	start, err := game.New(players)
	if err != nil {
		return err
	}
	row := &storage.Game{Kind: game.Name(), ChannelID: "selfplay", Creator: "selfplay", Status: storage.StatusActive, Position: start.String(), DrawOffer: -1}
	for s := 0; s < players; s++ {
		name := fmt.Sprintf("random-%d", s)
		row.Seats = append(row.Seats, storage.Seat{Seat: s, UserID: name, Name: name, Joined: true})
	}
	id, err := repo.Create(ctx, row, "")
	if err != nil {
		return err
	}
	_, err = repo.Apply(ctx, storage.Change{GameID: id, Version: row.Version, Position: final.String(), Status: storage.StatusOver, DrawOffer: -1, Entries: log})
	return err
}
