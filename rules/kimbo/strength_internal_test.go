package kimbo

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"parlor/rules"
)

// player decides for the seat to move in p, with rng for what it draws.
type player func(p *Position, rng *rand.Rand) string

// players are the computer players by name, and "random": a legal
// decision drawn uniformly.
func players(think time.Duration) map[string]player {
	thinker := func(level rules.Level) player {
		return func(p *Position, rng *rand.Rand) string {
			m, err := Game{}.Think(context.Background(), p, level, think, rng.Uint64())
			if err != nil {
				panic(err)
			}
			return m.Text
		}
	}
	return map[string]player{
		"random": func(p *Position, rng *rand.Rand) string { return RandomDecision(rng, p).Text },
		"easy":   thinker(rules.Easy),
		"strong": thinker(rules.Strong),
	}
}

// match plays games of len(seats) players, seats[i] the name of the
// player on seat i in the first game and the seats turning one place a
// game, the dice by their odds; it returns each name's score a game (a win
// 1, shared among the seats the name holds) for each game, and the
// decisions each name took and the time they took.
func match(t testing.TB, pl map[string]player, seats []string, games int, seed uint64) (map[string][]float64, map[string]int, map[string]time.Duration) {
	n := len(seats)
	scores, decisions, spent := map[string][]float64{}, map[string]int{}, map[string]time.Duration{}
	for g := range games {
		rng := rand.New(rand.NewPCG(seed, uint64(g)))
		at := make([]string, n)
		for i := range n {
			at[(i+g)%n] = seats[i]
		}
		p, _ := New(n)
		for d := 0; p.phase != PhaseOver; d++ {
			if d > 200_000 {
				t.Fatalf("game %d: no end\n%s", g, p.Drawing())
			}
			var text string
			if p.ToMove() == rules.Chance {
				text = RandomDecision(rng, p).Text
			} else {
				name := at[p.seat]
				begin := time.Now()
				text = pl[name](p, rng)
				spent[name] += time.Since(begin)
				decisions[name]++
			}
			next, err := p.PlayText(text)
			if err != nil {
				t.Fatalf("game %d: %q: %v\n%s", g, text, err, p.Drawing())
			}
			p = next
		}
		got, count := map[string]float64{}, map[string]float64{}
		for seat, name := range at {
			count[name]++
			if p.outcome.Won(rules.Seat(seat)) {
				got[name]++
			}
		}
		for name := range count {
			scores[name] = append(scores[name], got[name]/count[name])
		}
	}
	return scores, decisions, spent
}

// meanInterval is the mean of x and the half width of its 95% interval.
func meanInterval(x []float64) (float64, float64) {
	var sum, sq float64
	for _, v := range x {
		sum += v
	}
	mean := sum / float64(len(x))
	for _, v := range x {
		sq += (v - mean) * (v - mean)
	}
	return mean, 1.96 * math.Sqrt(sq/float64(len(x)-1)/float64(len(x)))
}

// TestStrength measures the computer players against each other and a
// random player: long, so it runs only with PARLOR_STRENGTH set. It plays
// the matches of PARLOR_MATCHES (default
// "strong,random strong,easy easy,random strong,random,random,random"),
// PARLOR_GAMES games each (200), with think PARLOR_THINK (20ms):
//
//	PARLOR_STRENGTH=1 nice go test -run Strength -v -timeout 0 ./rules/kimbo/
func TestStrength(t *testing.T) {
	if os.Getenv("PARLOR_STRENGTH") == "" {
		t.Skip("set PARLOR_STRENGTH=1 to measure the computer players")
	}
	games, think := 200, 20*time.Millisecond
	if s := os.Getenv("PARLOR_GAMES"); s != "" {
		games, _ = strconv.Atoi(s)
	}
	if s := os.Getenv("PARLOR_THINK"); s != "" {
		think, _ = time.ParseDuration(s)
	}
	matches := "strong,random strong,easy easy,random strong,random,random,random"
	if s := os.Getenv("PARLOR_MATCHES"); s != "" {
		matches = s
	}
	seed := uint64(1)
	if s := os.Getenv("PARLOR_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	pl := players(think)
	for _, m := range strings.Fields(matches) {
		seats := strings.Split(m, ",")
		begin := time.Now()
		scores, decisions, spent := match(t, pl, seats, games, seed)
		var line []string
		for _, name := range seats {
			if x, ok := scores[name]; ok {
				mean, half := meanInterval(x)
				per := time.Duration(0)
				if decisions[name] > 0 {
					per = spent[name] / time.Duration(decisions[name])
				}
				line = append(line, fmt.Sprintf("%s %.3f ± %.3f (%d decisions, %v each)", name, mean, half, decisions[name], per.Round(10*time.Microsecond)))
				delete(scores, name)
			}
		}
		t.Logf("%d players %s, %d games, think %v: %s (%v)", len(seats), m, games, think, strings.Join(line, ", "), time.Since(begin).Round(time.Second))
	}
}
