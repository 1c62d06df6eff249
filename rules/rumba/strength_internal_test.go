package rumba

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"parlor/rules"
)

// TestStrength plays matches between the computer players and a player
// who picks uniformly among the legal moves, and prints the first
// player's score with a 95% interval. It is long, so it runs only when
// PARLOR_STRENGTH is set; PARLOR_STRENGTH_GAMES (200), PARLOR_STRENGTH_THINK
// (20ms) and PARLOR_STRENGTH_MATCHES (a comma-separated list of the
// matches below; all by default) change it.
//
//	PARLOR_STRENGTH=1 nice go test -run TestStrength -v -timeout 0 ./rules/rumba/
func TestStrength(t *testing.T) {
	if os.Getenv("PARLOR_STRENGTH") == "" {
		t.Skip("set PARLOR_STRENGTH=1 to play the strength matches")
	}
	games := envInt(t, "PARLOR_STRENGTH_GAMES", 200)
	think := 20 * time.Millisecond
	if s := os.Getenv("PARLOR_STRENGTH_THINK"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		think = d
	}
	players := map[string]player{
		"random": randomPlayer,
		"easy":   thinkPlayer(rules.Easy, think),
		"strong": thinkPlayer(rules.Strong, think),
	}
	matches := map[string][]string{
		"strong-random": {"strong", "random"},
		"strong-easy":   {"strong", "easy"},
		"easy-random":   {"easy", "random"},
		"4p":            {"strong", "random", "random", "random"}, // the random second is the partner
		"random-random": {"random", "random"},
	}
	names := []string{"strong-random", "strong-easy", "easy-random", "4p"}
	if s := os.Getenv("PARLOR_STRENGTH_MATCHES"); s != "" {
		names = strings.Split(s, ",")
	}
	for _, name := range names {
		seats, ok := matches[name]
		if !ok {
			t.Fatalf("no match %q", name)
		}
		var ps []player
		for _, s := range seats {
			ps = append(ps, players[s])
		}
		start := time.Now()
		score, games := match(t, ps, games), float64(games)
		t.Logf("%s, %d players, %.0f games, think %v: %s scores %s (%.0fs)",
			name, len(seats), games, think, seats[0], interval(score, games), time.Since(start).Seconds())
	}
}

// interval is a score out of n games with its 95% interval.
func interval(score, n float64) string {
	p := score / n
	return strconv.FormatFloat(p, 'f', 3, 64) + " ± " + strconv.FormatFloat(1.96*math.Sqrt(p*(1-p)/n), 'f', 3, 64)
}

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return n
}

// player decides for the seat to move in p, which is not chance's.
type player func(p *Position, seed uint64) (rules.Move, error)

// randomPlayer picks uniformly among the legal moves.
func randomPlayer(p *Position, seed uint64) (rules.Move, error) {
	legal := p.Legal()
	return legal[rand.New(rand.NewPCG(seed, 1)).IntN(len(legal))], nil
}

// thinkPlayer plays by Think.
func thinkPlayer(level rules.Level, think time.Duration) player {
	return func(p *Position, seed uint64) (rules.Move, error) {
		return Game{}.Think(context.Background(), p, level, think, seed)
	}
}

// match plays games between players (by seat: the first is scored; in a
// game of four the third is its partner), the seats rotating so that
// each plays every seat, and returns the first player's score: 1 a win.
func match(t *testing.T, players []player, games int) float64 {
	n := len(players)
	score := 0.0
	for g := range games {
		who := make([]player, n)
		for i := range n {
			who[(g+i)%n] = players[i]
		}
		if playGame(t, who, uint64(g)).Won(rules.Seat(g % n)) {
			score++
		}
	}
	return score
}

// playGame plays one game between players (by seat) and returns its
// outcome. The dice follow their odds from a RNG seeded by seed.
func playGame(t *testing.T, players []player, seed uint64) rules.Outcome {
	dice := rand.New(rand.NewPCG(seed, 0x5354))
	p, _ := New(len(players))
	for ply := uint64(0); p.phase != PhaseOver; ply++ {
		if ply > 100_000 {
			t.Fatalf("no end after %d decisions\n%s", ply, p.Drawing())
		}
		m := throwDice(dice, p)
		if seat := p.ToMove(); seat != rules.Chance {
			var err error
			if m, err = players[seat](p, seed<<20+ply); err != nil {
				t.Fatalf("%v\n%s", err, p.Drawing())
			}
		}
		next, err := p.PlayText(m.Text)
		if err != nil {
			t.Fatalf("Play(%q): %v\n%s", m.Text, err, p.Drawing())
		}
		p = next
	}
	return p.outcome
}

// throwDice is a throw of the dice by their odds, at a chance decision
// of p (and nothing elsewhere).
func throwDice(rng *rand.Rand, p *Position) rules.Move {
	if p.ToMove() != rules.Chance {
		return rules.Move{}
	}
	r := rng.Float64()
	legal := p.Legal()
	for _, o := range legal {
		if r < o.Odds {
			return o
		}
		r -= o.Odds
	}
	return legal[len(legal)-1]
}
