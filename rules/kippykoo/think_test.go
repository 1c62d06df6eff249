package kippykoo_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"parlor/rules"
	"parlor/rules/kippykoo"
)

// The computer player (Game.Think). Positions are two-player games, South
// (star h0) against North (star h26), unless they say otherwise.

var levels = []rules.Level{rules.Easy, rules.Strong}

// think is Think with a small budget, stopping the test on an error.
func think(t testing.TB, p *kippykoo.Position, level rules.Level, seed uint64) string {
	t.Helper()
	m, err := kippykoo.Game{}.Think(context.Background(), p, level, time.Millisecond, seed)
	if err != nil {
		t.Fatalf("Think(%s): got error %v, want a move\n%s", level, err, p.Drawing())
	}
	return m.Text
}

// randomPositions plays random games of n players with the dice by their
// odds and returns every position where a seat decides. In games of three
// and four, the last seat leaves the second game after 60 decisions.
func randomPositions(n, games int, seed uint64) []*kippykoo.Position {
	var out []*kippykoo.Position
	for g := range games {
		rng := rand.New(rand.NewPCG(seed, uint64(g)))
		p, _ := kippykoo.New(n)
		for decisions := 0; !p.Outcome().Over(); decisions++ {
			if n > 2 && g == 1 && decisions == 60 {
				q, _ := p.Retire(rules.Seat(n - 1))
				p = q.(*kippykoo.Position)
				continue
			}
			legal := p.Legal()
			m := legal[rng.IntN(len(legal))]
			if p.ToMove() == rules.Chance {
				m = kippykoo.ByOdds(legal, rng.Float64())
			} else {
				out = append(out, p)
			}
			next, _ := p.Play(m)
			p = next.(*kippykoo.Position)
		}
	}
	return out
}

// Think gives a legal move of the seat to move in every phase of games of
// 2, 3 and 4 players, at both levels: the decision to throw, the first
// starts, the crowded middle, the last marbles home, after a seat left.
func TestThinkIsLegal(t *testing.T) {
	for n := 2; n <= 4; n++ {
		positions := randomPositions(n, 2, uint64(n))
		for i, p := range positions {
			if i%5 != 0 {
				continue
			}
			for _, level := range levels {
				move := think(t, p, level, uint64(i))
				if !isLegal(p, move) {
					t.Fatalf("%d players, %s: got %q, want one of %s\n%s", n, level, move, legal(p), p.Drawing())
				}
			}
		}
	}
}

// otherGame is a state of another game.
type otherGame struct{ rules.State }

// Think refuses chance's decisions (the lot, the dice), a game over, a
// state of another game and a level it does not know.
func TestThinkRefuses(t *testing.T) {
	won := "S:finish,finish,finish,finish N:start,start,h30,finish over:S:finished last:S;5-3;h49+8"
	for _, tt := range []struct {
		name  string
		state rules.State
		level rules.Level
	}{
		{"the lot", parse(t, "S:start,start,start,start N:start,start,start,start lot"), rules.Strong},
		{"the dice", parse(t, "S:start,h5,h20,h30 N:start,start,h31,finish S:roll last:N;5-3;h23+8"), rules.Strong},
		{"a game over", parse(t, won), rules.Easy},
		{"another game", otherGame{}, rules.Strong},
		{"an unknown level", parse(t, moving("S:start,h5,h20,h30 N:start,start,h31,finish", "S", "5-3")), "grandmaster"},
	} {
		_, err := kippykoo.Game{}.Think(context.Background(), tt.state, tt.level, time.Millisecond, 1)
		if err == nil {
			t.Errorf("%s: got no error, want one", tt.name)
		}
		if tt.name == "a game over" && !errors.Is(err, rules.ErrOver) {
			t.Errorf("%s: got %v, want an error wrapping rules.ErrOver", tt.name, err)
		}
	}
}

// The same position, level, think and seed give the same move; Easy's
// seed changes its move somewhere.
func TestThinkIsDeterministic(t *testing.T) {
	seedMatters := false
	for i, p := range randomPositions(3, 1, 9) {
		if p.Phase() != kippykoo.PhaseMove || i%3 != 0 {
			continue
		}
		for _, level := range levels {
			first := think(t, p, level, 7)
			q := parse(t, p.String())
			if again := think(t, q, level, 7); again != first {
				t.Fatalf("%s, seed 7 twice: got %q then %q, want the same move\n%s", level, first, again, p.Drawing())
			}
		}
		for seed := range uint64(8) {
			if think(t, p, rules.Easy, seed) != think(t, p, rules.Easy, 7) {
				seedMatters = true
			}
		}
	}
	if !seedMatters {
		t.Errorf("Easy: got the same move for every seed in every position, want its second choice now and then")
	}
}

// Think returns the best found so far when ctx has ended: still a legal
// move.
func TestThinkCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := parse(t, crowded)
	m, err := kippykoo.Game{}.Think(ctx, p, rules.Strong, time.Hour, 1)
	if err != nil || !isLegal(p, m.Text) {
		t.Errorf("Think with ctx ended: got %q, %v, want a legal move\n%s", m.Text, err, p.Drawing())
	}
}

// Tactics both levels see, whatever the seed: a move that wins at once,
// and the capture that keeps the other from winning.
func TestThinkTakesTheObvious(t *testing.T) {
	for _, tt := range []struct {
		name, text, want string
	}{
		// Each die brings a marble home; the total only one.
		{"the win", moving("S:h47,h48,finish,finish N:start,h10,h30,finish", "S", "6-5"), "h47+6, h48+5"},
		// North's last marble is 4 from home; 5-3 takes h14 onto it.
		{"the capture that stops the win", moving("S:h14,h40,finish,finish N:h22,finish,finish,finish", "S", "5-3"), "h14+8"},
	} {
		p := parse(t, tt.text)
		for _, level := range levels {
			for seed := range uint64(16) {
				if got := think(t, p, level, seed); got != tt.want {
					t.Fatalf("%s, %s, seed %d: got %q, want %q\n%s", tt.name, level, seed, got, tt.want, p.Drawing())
				}
			}
		}
	}
}

// Tactics of the Strong player: it sees the risk of being hit.
func TestThinkStrongTactics(t *testing.T) {
	for _, tt := range []struct {
		name, text, want string
	}{
		// South's marble on h20 is 2 holes ahead of North's on h18, which
		// hits it with any 2 (a third of the throws); moving it 11 takes it
		// out of reach, where every other move leaves it in reach or runs
		// h40 onto h51, just ahead of North's h50.
		{"flee", moving("S:h20,h40,finish,finish N:h18,h50,finish,finish", "S", "6-5"), "h20+11"},
		// South's marble on h26, North's star, is hit by any throw of North
		// with a six or a total of six, which starts a marble there (4 in
		// 9); only the whole 9 takes it past the holes a start reaches.
		{"off the other's star", moving("S:h5,h26,finish,finish N:start,start,h40,finish", "S", "5-4"), "h26+9"},
	} {
		p := parse(t, tt.text)
		if got := think(t, p, rules.Strong, 1); got != tt.want {
			t.Errorf("%s: got %q, want %q\n%s", tt.name, got, tt.want, p.Drawing())
		}
	}
}
