package kimbo_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"parlor/rules"
	"parlor/rules/kimbo"
)

// think is the computer player's decision, or the test stops.
func think(t testing.TB, p *kimbo.Position, level rules.Level, d time.Duration, seed uint64) string {
	t.Helper()
	m, err := kimbo.Game{}.Think(context.Background(), p, level, d, seed)
	if err != nil {
		t.Fatalf("Think(%s): %v\n%s", level, err, p.Drawing())
	}
	return m.Text
}

var levels = []rules.Level{rules.Easy, rules.Strong}

// Think returns one of the legal decisions in every phase of random games
// of 2, 3 and 4 players (fence, move and corner decisions, seats that have
// left the game among them), for both levels, with a small think.
func TestThinkLegal(t *testing.T) {
	perGame := 16
	if testing.Short() {
		perGame = 6
	}
	rng := rand.New(rand.NewPCG(18, 1))
	phases := map[kimbo.Phase]int{}
	for n := 2; n <= 4; n++ {
		p, _ := kimbo.New(n)
		checked := 0
		for d := 0; !p.Outcome().Over() && checked < perGame; d++ {
			if n > 2 && d == 300 && p.Phase() != kimbo.PhaseOpening {
				// A seat that is not to act leaves the game.
				s, err := p.Retire(rules.Seat((int(p.Turn()) + 1) % n))
				if err != nil {
					t.Fatal(err)
				}
				p = s.(*kimbo.Position)
				continue
			}
			if p.ToMove() >= 0 && d%11 == 0 || p.Phase() == kimbo.PhaseCorner {
				phases[p.Phase()]++
				checked++
				for _, level := range levels {
					text := think(t, p, level, time.Millisecond, uint64(d))
					if !slices.ContainsFunc(p.Legal(), func(m rules.Move) bool { return m.Text == text }) {
						t.Fatalf("%s decided %q, not a legal decision\n%s", level, text, p.Drawing())
					}
				}
			}
			next, err := p.Play(kimbo.RandomDecision(rng, p))
			if err != nil {
				t.Fatal(err)
			}
			p = next.(*kimbo.Position)
		}
	}
	for _, ph := range []kimbo.Phase{kimbo.PhaseFence, kimbo.PhaseMove, kimbo.PhaseCorner} {
		if phases[ph] == 0 {
			t.Errorf("no %s decision checked", ph)
		}
	}
}

// Think refuses what is no player's decision: the dice's (the opening
// roll, a turn's roll), a game over, another game's state, an unknown
// level.
func TestThinkErrors(t *testing.T) {
	start, _ := kimbo.New(2)
	roll := parse(t, "S:b1,n1,n14,a15/"+southFences+" "+north+" S:roll last:S;nofence;-;-")
	won := play(t, parse(t, moving("S:h3,home,home,home/"+southFences, north, "3-1")), "h3-home")
	for _, tt := range []struct {
		name  string
		state rules.State
		level rules.Level
	}{
		{"the opening roll", start, rules.Strong},
		{"a turn's roll", roll, rules.Easy},
		{"a game over", won, rules.Strong},
		{"another game's state", struct{ rules.State }{start}, rules.Strong},
		{"an unknown level", parse(t, crowdedFence()), rules.Level("grandmaster")},
	} {
		if m, err := (kimbo.Game{}).Think(context.Background(), tt.state, tt.level, time.Millisecond, 1); err == nil {
			t.Errorf("%s: got %q, want an error", tt.name, m.Text)
		}
	}
	if _, err := (kimbo.Game{}).Think(context.Background(), won, rules.Easy, time.Millisecond, 1); !errors.Is(err, rules.ErrOver) {
		t.Errorf("a game over: got %v, want rules.ErrOver", err)
	}
}

// crowdedFence is the crowded middle game of BenchmarkLegalCrowded at
// North's fence decision.
func crowdedFence() string {
	return strings.Replace(crowded, "N:move:6-5 last:N;n8|n9>f4|g4;6-5;-", "N:fence", 1)
}

// The same position, level, think and seed give the same decision; a
// context already ended still gives a legal one.
func TestThinkDeterministic(t *testing.T) {
	for _, text := range []string{crowded, crowdedFence()} {
		p := parse(t, text)
		for _, level := range levels {
			for seed := range uint64(3) {
				first := think(t, p, level, 5*time.Millisecond, seed)
				if again := think(t, p, level, 5*time.Millisecond, seed); again != first {
					t.Errorf("%s, seed %d: %q then %q\n%s", level, seed, first, again, p.Drawing())
				}
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		m, err := kimbo.Game{}.Think(ctx, p, rules.Strong, time.Second, 1)
		if err != nil || !isLegal(p, m.Text) {
			t.Errorf("with the context ended: %q, %v", m.Text, err)
		}
	}
}

// With the last piece one die from HOME, both levels win.
func TestThinkTakesTheWin(t *testing.T) {
	p := parse(t, moving("S:h1,home,home,home/"+strings.Replace(southFences, "h1|i1", "c3|c4", 1), north, "6-2"))
	for _, level := range levels {
		for seed := range uint64(8) {
			if got := think(t, p, level, 5*time.Millisecond, seed); got != "h1-home" {
				t.Errorf("%s, seed %d: got %q, want h1-home, the win\n%s", level, seed, got, p.Drawing())
			}
		}
	}
}

// Strong captures North's piece waiting on its entrance, h6, which the 5
// reaches from h1, and puts a piece HOME when it can.
func TestThinkStrongCapturesAndGoesHome(t *testing.T) {
	p := parse(t, moving("S:h1,l3,n14,a15/"+strings.Replace(southFences, "h1|i1", "c3|c4", 1), "N:h6,b2,b15,n15/"+northFences, "5-2"))
	for seed := range uint64(4) {
		if got := think(t, p, rules.Strong, 5*time.Millisecond, seed); !strings.Contains(got, "xh6") {
			t.Errorf("seed %d: got %q, want a capture on h6 (%d legal moves)\n%s", seed, got, len(p.Legal()), p.Drawing())
		}
	}
	p = parse(t, moving("S:h3,l3,c12,a15/"+southFences, north, "4-1"))
	for seed := range uint64(4) {
		if got := think(t, p, rules.Strong, 5*time.Millisecond, seed); !strings.Contains(got, "home") {
			t.Errorf("seed %d: got %q, want a piece HOME (%d legal moves)\n%s", seed, got, len(p.Legal()), p.Drawing())
		}
	}
}

// homeChance is the chance that seat, to roll in p, can bring a piece
// HOME with its roll.
func homeChance(t *testing.T, p *kimbo.Position) float64 {
	t.Helper()
	sum := 0.0
	for _, r := range p.Legal() {
		q := play(t, p, r.Text)
		for _, m := range q.Legal() {
			if strings.Contains(m.Text, "home") {
				sum += r.Odds
				break
			}
		}
	}
	return sum
}

// fenceText writes a seat's fences as the position text does.
func fenceText(p *kimbo.Position, seat rules.Seat) string { return names(p.Fences(seat)) }

// Strong's fences: it blocks North's last piece, four from HOME, rather
// than let it in on one roll in three; with North far away, it moves a
// fence to bring its own piece on e6 HOME this turn more often.
func TestThinkStrongFences(t *testing.T) {
	const northLast = "N:h13,home,home,home/" + northFences
	p := parse(t, "S:b1,n1,n14,a15/"+southFences+" "+northLast+" S:fence last:N;nofence;6-5;b2-b13")
	northRolls := func(south string) *kimbo.Position {
		return parse(t, "S:b1,n1,n14,a15/"+south+" "+northLast+" N:roll last:N;nofence;-;-")
	}
	before := homeChance(t, northRolls(southFences))
	for seed := range uint64(3) {
		got := think(t, p, rules.Strong, 5*time.Millisecond, seed)
		after := homeChance(t, northRolls(fenceText(play(t, p, got), 0)))
		if after >= before/2 {
			t.Errorf("seed %d: %q leaves North a chance of %.2f to come HOME, %.2f before\n%s", seed, got, after, before, p.Drawing())
		}
	}
	q := parse(t, "S:e6,n1,n14,a15/"+southFences+" "+north+" S:fence last:N;nofence;6-5;b2-b13")
	soRolls := func(q *kimbo.Position) *kimbo.Position {
		return parse(t, "S:e6,n1,n14,a15/"+fenceText(q, 0)+" "+north+" S:roll last:S;nofence;-;-")
	}
	before = homeChance(t, soRolls(q))
	for seed := range uint64(3) {
		got := think(t, q, rules.Strong, 5*time.Millisecond, seed)
		if after := homeChance(t, soRolls(play(t, q, got))); after <= before {
			t.Errorf("seed %d: %q gives South a chance of %.2f to come HOME, %.2f before\n%s", seed, got, after, before, q.Drawing())
		}
	}
}
