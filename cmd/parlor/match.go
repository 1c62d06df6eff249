package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"time"

	"parlor/rules"
	"parlor/storage"
)

// A match is selfplay with --seats: the players named there (random, easy,
// strong) play K games, the seats turning between games so that every
// player plays from every seat, and each is scored: 1 for a win (every
// winner of a partnership scores it), ½ for a draw.

// matchPlayer is one player of a match: its name as given to --seats.
type matchPlayer struct {
	name  string
	level rules.Level // "" for random
}

// parseSeats reads --seats: players names separated by commas.
func parseSeats(s string, game rules.Game) ([]matchPlayer, error) {
	var ps []matchPlayer
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		p := matchPlayer{name: name}
		if name != "random" {
			l, err := rules.ParseLevel(name)
			if err != nil {
				return nil, fmt.Errorf("--seats: %q is not random, easy or strong", name)
			}
			if _, ok := game.(rules.Thinker); !ok {
				return nil, fmt.Errorf("--seats: %s has no computer players", game.Title())
			}
			p.level = l
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// matchGame is what one game of a match came to.
type matchGame struct {
	final     rules.State
	log       []storage.Entry
	points    []float64       // by player (not seat)
	thinking  []time.Duration // by player: time spent deciding
	decisions []int           // by player
	err       error
}

// playMatchGame plays game g of a match: player i sits at seat (i+g) mod
// n. Its dice and the random players come from a generator seeded by
// (seed, g), the computer players' decisions from seeds drawn from it, so
// a game is the same whatever else runs.
func playMatchGame(ctx context.Context, game rules.Game, players []matchPlayer, g int, seed uint64, think time.Duration) matchGame {
	n := len(players)
	rng := rand.New(rand.NewPCG(seed, uint64(g)+0x9e3779b97f4a7c15))
	res := matchGame{points: make([]float64, n), thinking: make([]time.Duration, n), decisions: make([]int, n)}
	st, err := game.New(n)
	if err != nil {
		res.err = err
		return res
	}
	playerAt := func(seat rules.Seat) int { return ((int(seat)-g)%n + n) % n }
	for !st.Outcome().Over() {
		if err := ctx.Err(); err != nil {
			res.err = err
			return res
		}
		if len(res.log) >= maxDecisions {
			res.err = fmt.Errorf("no end after %d decisions", maxDecisions)
			return res
		}
		if numLegal(st) == 0 {
			res.err = fmt.Errorf("no legal move but the game is not over:\n%s", st.Drawing())
			return res
		}
		var m rules.Move
		seat := st.ToMove()
		switch {
		case seat == rules.Chance:
			m = byOdds(st.Legal(), rng.Float64())
		case players[playerAt(seat)].level == "":
			m = rules.Uniform(st, rng.IntN)
		default:
			p := playerAt(seat)
			start := time.Now()
			m, err = game.(rules.Thinker).Think(ctx, st, players[p].level, think, rng.Uint64())
			res.thinking[p] += time.Since(start)
			res.decisions[p]++
			if err != nil {
				res.err = fmt.Errorf("%s, seat %d: %w\n%s", players[p].name, seat, err, st.Drawing())
				return res
			}
		}
		next, err := st.Play(m)
		if err != nil {
			res.err = fmt.Errorf("move %q rejected: %w\n%s", m.Text, err, st.Drawing())
			return res
		}
		if err := checkInvariants(game, st, next); err != nil {
			res.err = fmt.Errorf("after %q: %w\n%s", m.Text, err, next.Drawing())
			return res
		}
		res.log = append(res.log, storage.Entry{Seat: int(seat), Kind: storage.EntryMove, Text: m.Text})
		st = next
	}
	res.final = st
	o := st.Outcome()
	for seat := range n {
		switch {
		case o.Won(rules.Seat(seat)):
			res.points[playerAt(rules.Seat(seat))] = 1
		case o.Draw():
			res.points[playerAt(rules.Seat(seat))] = 0.5
		}
	}
	return res
}

// numLegal is len(st.Legal()), without the list when st is a rules.Indexer.
func numLegal(st rules.State) int {
	if ix, ok := st.(rules.Indexer); ok {
		return ix.NumLegal()
	}
	return len(st.Legal())
}

// byOdds is the chance outcome that r, uniform in [0, 1), falls on.
func byOdds(legal []rules.Move, r float64) rules.Move {
	for _, o := range legal {
		if r -= o.Odds; r < 0 {
			return o
		}
	}
	return legal[len(legal)-1]
}

// playMatch plays the games of a match, as many at once as there are
// cores, and hands each to done in order.
func playMatch(ctx context.Context, game rules.Game, players []matchPlayer, games int, seed uint64, think time.Duration, done func(g int, r matchGame) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]chan matchGame, games)
	for g := range results {
		results[g] = make(chan matchGame, 1)
	}
	var next sync.Mutex
	g0 := 0
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				next.Lock()
				g := g0
				g0++
				next.Unlock()
				if g >= games || ctx.Err() != nil {
					return
				}
				results[g] <- playMatchGame(ctx, game, players, g, seed, think)
			}
		})
	}
	defer wg.Wait()
	for g := range games {
		var r matchGame
		select {
		case r = <-results[g]:
		case <-ctx.Done():
			return ctx.Err()
		}
		if r.err != nil {
			return fmt.Errorf("game %d of seed %d: %w", g+1, seed, r.err)
		}
		if err := done(g, r); err != nil {
			return err
		}
	}
	return nil
}

// matchScore is a player's tally over a match.
type matchScore struct {
	Name      string     `json:"name"`
	Score     float64    `json:"score"`    // points per game
	Interval  [2]float64 `json:"interval"` // 95% (Wilson)
	Wins      int        `json:"wins"`
	Draws     int        `json:"draws"`
	Losses    int        `json:"losses"`
	points    float64
	thinking  time.Duration
	decisions int
}

// wilson is the 95% Wilson score interval of a proportion p of n.
func wilson(p float64, n int) [2]float64 {
	if n == 0 {
		return [2]float64{0, 1}
	}
	const z = 1.96
	fn := float64(n)
	centre := (p + z*z/(2*fn)) / (1 + z*z/fn)
	half := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / (1 + z*z/fn)
	return [2]float64{max(0, centre-half), min(1, centre+half)}
}

// printMatch writes the tally as a table, and as one JSON object on the
// last line if asJSON.
func printMatch(w io.Writer, game rules.Game, games int, think time.Duration, scores []*matchScore, asJSON bool) error {
	fmt.Fprintf(w, "%s, %d players, %d games, think %v:\n", game.Title(), len(scores), games, think)
	fmt.Fprintf(w, "  %-8s %6s  %-15s %5s %5s %5s  %s\n", "player", "score", "95% interval", "won", "drawn", "lost", "time a decision")
	for _, s := range scores {
		per := "-"
		if s.decisions > 0 {
			per = (s.thinking / time.Duration(s.decisions)).Round(10 * time.Microsecond).String()
		}
		fmt.Fprintf(w, "  %-8s %6.3f  [%.3f, %.3f] %5d %5d %5d  %s\n", s.Name, s.Score, s.Interval[0], s.Interval[1], s.Wins, s.Draws, s.Losses, per)
	}
	if !asJSON {
		return nil
	}
	out := struct {
		Game    string        `json:"game"`
		Games   int           `json:"games"`
		Think   string        `json:"think"`
		Players []*matchScore `json:"players"`
	}{game.Name(), games, think.String(), scores}
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s\n", b)
	return nil
}
