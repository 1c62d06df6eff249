package rumba_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"parlor/rules"
	"parlor/rules/rumba"
)

var levels = []rules.Level{rules.Easy, rules.Strong}

// thinkThrow lets the computer player of level play the whole throw of
// the hand to move in p, one decision at a time, and returns the moves
// and the position after them.
func thinkThrow(t *testing.T, p *rumba.Position, level rules.Level, seed uint64) ([]string, *rumba.Position) {
	t.Helper()
	hand := p.Turn()
	var moves []string
	for p.Phase() == rumba.PhaseMove && p.Turn() == hand {
		m, err := rumba.Game{}.Think(context.Background(), p, level, 5*time.Millisecond, seed)
		if err != nil {
			t.Fatalf("Think: got error %v, want a move\n%s", err, p.Drawing())
		}
		moves = append(moves, m.Text)
		p = play(t, p, m.Text)
	}
	return moves, p
}

// Think returns one of the legal moves in positions from every phase of
// random games of 2, 3 and 4 players, at both levels.
func TestThinkLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 1))
	positions := 0
	for _, n := range []int{2, 3, 4} {
		for g := range 2 {
			var s rules.State
			s, _ = rumba.Game{}.New(n)
			for ply := 0; !s.Outcome().Over(); ply++ {
				legal := s.Legal()
				m := legal[rng.IntN(len(legal))]
				if seat := s.ToMove(); seat != rules.Chance && ply%3 == 0 {
					positions++
					level := levels[ply%2]
					got, err := rumba.Game{}.Think(context.Background(), s, level, 200*time.Microsecond, uint64(ply))
					if err != nil || !slices.Contains(legal, got) {
						t.Fatalf("%d players, game %d, %s: Think got %q, %v; want one of %s\n%s", n, g, level, got.Text, err, rulestestLegal(legal), s.Drawing())
					}
					m = got
				}
				next, err := s.Play(m)
				if err != nil {
					t.Fatalf("Play(%q): %v\n%s", m.Text, err, s.Drawing())
				}
				s = next
			}
		}
	}
	if positions < 300 {
		t.Errorf("got %d positions, want at least 300", positions)
	}
}

func rulestestLegal(legal []rules.Move) string {
	var out []string
	for _, m := range legal {
		out = append(out, m.Text)
	}
	return strings.Join(out, " | ")
}

// otherGame is a state of some other game.
type otherGame struct{ rules.State }

// Think refuses the dice's decisions, a game over, another game's state
// and an unknown level.
func TestThinkErrors(t *testing.T) {
	start, _ := rumba.Game{}.New(4)
	roll := parse(t, "4p "+hands("10", "20", "30", "40")+" S:roll last:W;5-3;W35-40")
	over := parse(t, "4p "+hands("finish,finish,finish,finish", "20", "30", "40")+" over:red:finished last:S;6-2;S62-63,S63-finish")
	moving := parse(t, crowded)
	for _, tt := range []struct {
		name  string
		s     rules.State
		level rules.Level
	}{
		{"opening throw", start, rules.Strong},
		{"throw of the dice", roll, rules.Easy},
		{"game over", over, rules.Strong},
		{"another game", otherGame{}, rules.Strong},
		{"unknown level", moving, rules.Level("expert")},
	} {
		m, err := rumba.Game{}.Think(context.Background(), tt.s, tt.level, time.Millisecond, 1)
		if err == nil {
			t.Errorf("%s: got move %q, want an error", tt.name, m.Text)
		}
	}
	_, err := rumba.Game{}.Think(context.Background(), over, rules.Strong, time.Millisecond, 1)
	if !errors.Is(err, rules.ErrOver) {
		t.Errorf("game over: got %v, want rules.ErrOver", err)
	}
}

// The decision to throw is the player's, and Think makes it.
func TestThinkThrows(t *testing.T) {
	p := parse(t, "4p "+hands("10", "20", "30", "40")+" S:throw last:W;5-3;W35-40")
	for _, level := range levels {
		m, err := rumba.Game{}.Think(context.Background(), p, level, time.Millisecond, 1)
		expect(t, p, string(level), m.Text+errText(err), rumba.RollText)
	}
}

func errText(err error) string {
	if err != nil {
		return " " + err.Error()
	}
	return ""
}

// The same position, level, think and seed give the same move; the easy
// player's noise follows the seed, so some seeds choose differently.
func TestThinkDeterministic(t *testing.T) {
	p := parse(t, crowded)
	for _, level := range levels {
		first, _ := rumba.Game{}.Think(context.Background(), p, level, 5*time.Millisecond, 7)
		for range 3 {
			again, _ := rumba.Game{}.Think(context.Background(), p, level, 5*time.Millisecond, 7)
			expect(t, p, string(level)+" again", again.Text, first.Text)
		}
	}
	quiet := parse(t, moving(hands("05,20", "30", "40", "52"), "S", "4-2"))
	seen := map[string]bool{}
	for seed := range uint64(40) {
		m, _ := rumba.Game{}.Think(context.Background(), quiet, rules.Easy, 5*time.Millisecond, seed)
		seen[m.Text] = true
	}
	if len(seen) < 2 {
		t.Errorf("easy over 40 seeds: got only %v, want some variety\n%s", seen, quiet.Drawing())
	}
}

// A context that has ended still gets a legal move, at once.
func TestThinkCancelled(t *testing.T) {
	p := parse(t, crowded)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	m, err := rumba.Game{}.Think(ctx, p, rules.Strong, time.Hour, 1)
	if err != nil || !isLegal(p, m.Text) {
		t.Errorf("Think with an ended context: got %q, %v; want a legal move", m.Text, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Think with an ended context took %v", d)
	}
}

// Tactics: positions where one play is clearly best. Each test plays the
// whole throw by Think and checks what it must have done.
func TestThinkTactics(t *testing.T) {
	for _, tt := range []struct {
		name   string
		text   string
		levels []rules.Level
		want   string // a move the play must contain
		check  func(p *rumba.Position) bool
	}{
		{
			// 6-3 with a man on the finish space and three in FINISH: the
			// win must use both dice, so the 3 goes first (N 10-13), then
			// the 6 takes South's man in. N 10-16 or entering North loses
			// the win.
			name:   "win with both dice",
			text:   moving(hands("finish,finish,finish,63", "20,30", "10", "40"), "S", "6-3"),
			levels: levels,
			check:  func(p *rumba.Position) bool { w, ok := p.Winner(); return ok && w == rumba.Red },
		},
		{
			// East has three men in FINISH and the fourth on his finish
			// space, a 6 from winning: South's man on 10 captures him with
			// the 5.
			name:   "capture the man about to win",
			text:   moving(hands("10,40", "finish,finish,finish,15", "50", "30"), "S", "5-3"),
			levels: levels,
			want:   "S 10-15",
		},
		{
			// The same with North's man: a player moves his partner's
			// men as his own.
			name:   "capture with the partner's man",
			text:   moving(hands("40,44", "finish,finish,finish,15", "10", "30"), "S", "5-3"),
			levels: levels,
			want:   "N 10-15",
		},
		{
			// South's blockade on 20 holds three East men just behind it:
			// breaking it leaves two lone men in their reach. North's man
			// far away plays the 4-1 safely.
			name:   "keep the blockade, leave no shot",
			text:   moving(hands("20,20", "14,16,17", "40", "02"), "S", "4-1"),
			levels: []rules.Level{rules.Strong},
			check:  func(p *rumba.Position) bool { return p.Blockade(sp("20")) },
		},
		{
			// East's lone man on 12 is 4 ahead of South's man on 08: the
			// 4 captures him (S 08-12), which sends him back to wait and
			// earns a reward of ten.
			name:   "capture rather than race",
			text:   moving(hands("08,30", "12,finish", "44", "-"), "S", "4-2"),
			levels: levels,
			want:   "S 08-12",
		},
	} {
		for _, level := range tt.levels {
			for seed := range uint64(3) {
				p := parse(t, tt.text)
				moves, end := thinkThrow(t, p, level, seed)
				ok := tt.check == nil || tt.check(end)
				if tt.want != "" && !slices.Contains(moves, tt.want) {
					ok = false
				}
				if !ok {
					t.Errorf("%s, %s, seed %d: got %v, want a play that %s\n%s\nafter:\n%s", tt.name, level, seed, moves, tt.name, p.Drawing(), end.Drawing())
				}
			}
		}
	}
}
