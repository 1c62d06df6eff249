package kingsmen_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"parlor/rules"
	"parlor/rules/kingsmen"
)

var levels = []rules.Level{rules.Easy, rules.Strong}

// think asks the computer player for a move in p and stops the test if it
// fails or returns a move that is not legal.
func think(t testing.TB, p *kingsmen.Position, level rules.Level, d time.Duration, seed uint64) rules.Move {
	t.Helper()
	m, err := kingsmen.Game{}.Think(context.Background(), p, level, d, seed)
	if err != nil {
		t.Fatalf("%s Think: got error %v, want none\n%s%s", level, err, p.Drawing(), p)
	}
	if !slices.Contains(p.Legal(), m) {
		t.Fatalf("%s Think: got %q, want one of the legal moves %v\n%s%s", level, m.Text, p.Legal(), p.Drawing(), p)
	}
	return m
}

// gamePositions returns positions from every phase of random games, some
// played by the easy level so that the middle and the end are reached with
// the pieces a real game keeps, some under Threat and some near the
// quiet-move draw.
func gamePositions(t testing.TB, games int) []*kingsmen.Position {
	rng := rand.New(rand.NewPCG(18, 2))
	var out []*kingsmen.Position
	for g := range games {
		p := kingsmen.Start()
		for ply := 0; !p.Outcome().Over(); ply++ {
			if ply%5 == g%5 {
				out = append(out, p)
				if ply%25 == g%5 {
					// The same position a few plies before the
					// quiet-move draw.
					f := strings.Fields(p.String())
					f[2] = strconv.Itoa(kingsmen.QuietLimit - 1 - ply%4)
					out = append(out, parse(t, strings.Join(f, " ")))
				}
			}
			legal := p.Legal()
			m := legal[rng.IntN(len(legal))]
			if g%2 == 0 && rng.IntN(3) > 0 {
				m = think(t, p, rules.Easy, time.Millisecond, rng.Uint64())
			}
			p = play(t, p, m.Text)
		}
	}
	return out
}

// TestThinkPlaysLegalMoves asks both levels for a move, with a small
// budget, in positions from every phase of the game.
func TestThinkPlaysLegalMoves(t *testing.T) {
	positions := gamePositions(t, 6)
	threats, late := 0, 0
	for _, p := range positions {
		if p.InThreat(p.SideToMove()) {
			threats++
		}
		if p.QuietPlies() >= kingsmen.QuietLimit-10 {
			late++
		}
		for _, level := range levels {
			think(t, p, level, 100*time.Microsecond, uint64(len(p.String())))
		}
	}
	if len(positions) < 100 || threats < 5 || late < 5 {
		t.Fatalf("got %d positions, %d under Threat, %d near the quiet-move draw; want at least 100, 5 and 5", len(positions), threats, late)
	}
}

// otherState is a state of some other game, at a chance node.
type otherState struct{ rules.State }

func (otherState) ToMove() rules.Seat { return rules.Chance }

func TestThinkErrors(t *testing.T) {
	over := play(t, parse(t, kingOpen), "Nd4xd1") // North captures the King
	tests := []struct {
		name  string
		state rules.State
		level rules.Level
		want  error
	}{
		{"finished game", over, rules.Strong, rules.ErrOver},
		{"finished game, easy", over, rules.Easy, rules.ErrOver},
		{"ended by resignation", mustEnd(t, kingsmen.Start(), rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{1}}), rules.Strong, rules.ErrOver},
		{"another game's chance node", otherState{}, rules.Strong, nil},
		{"unknown level", kingsmen.Start(), rules.Level("grandmaster"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := kingsmen.Game{}.Think(context.Background(), tt.state, tt.level, time.Millisecond, 1)
			if err == nil {
				t.Fatalf("Think: got move %q, want an error", m.Text)
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Fatalf("Think: got error %v, want %v", err, tt.want)
			}
		})
	}
}

func mustEnd(t *testing.T, s rules.State, o rules.Outcome) rules.State {
	t.Helper()
	end, err := s.End(o)
	if err != nil {
		t.Fatal(err)
	}
	return end
}

// TestThinkDeterministic asks for the same decisions twice, the second time
// from several goroutines at once and in another order: each must be the
// same. Easy's seed chooses among its mistakes, so several seeds give
// several moves somewhere.
func TestThinkDeterministic(t *testing.T) {
	positions := gamePositions(t, 2)
	type ask struct {
		p     *kingsmen.Position
		level rules.Level
		seed  uint64
	}
	var asks []ask
	for i, p := range positions[:min(len(positions), 12)] {
		for _, level := range levels {
			asks = append(asks, ask{p, level, uint64(i)})
		}
	}
	const d = time.Millisecond
	want := make([]rules.Move, len(asks))
	for i, a := range asks {
		want[i] = think(t, a.p, a.level, d, a.seed)
	}
	var wg sync.WaitGroup
	got := make([]rules.Move, len(asks))
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := len(asks) - 1 - w; i >= 0; i -= 3 {
				m, err := kingsmen.Game{}.Think(context.Background(), asks[i].p, asks[i].level, d, asks[i].seed)
				if err != nil {
					t.Error(err)
				}
				got[i] = m
			}
		}()
	}
	wg.Wait()
	for i, a := range asks {
		if got[i] != want[i] {
			t.Errorf("%s Think with seed %d: got %q the second time, %q the first\n%s", a.level, a.seed, got[i].Text, want[i].Text, a.p.Drawing())
		}
	}

	easy := map[string]bool{}
	for seed := range uint64(40) {
		easy[think(t, kingsmen.Start(), rules.Easy, d, seed).Text] = true
	}
	if len(easy) < 2 {
		t.Errorf("Easy from the start with 40 seeds: got only %v, want several moves", easy)
	}
}

// TestThinkAfterCancel: a decision asked with ctx already done is still a
// legal move.
func TestThinkAfterCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := parse(t, middleGame)
	for _, level := range levels {
		m, err := kingsmen.Game{}.Think(ctx, p, level, time.Second, 1)
		if err != nil || !slices.Contains(p.Legal(), m) {
			t.Errorf("%s Think after cancel: got %q, %v; want a legal move\n%s", level, m.Text, err, p.Drawing())
		}
	}
}

// winsAtOnce reports whether m ends the game in the mover's favour.
func winsAtOnce(t testing.TB, p *kingsmen.Position, m string) bool {
	next := play(t, p, m)
	return next.Outcome().Won(p.ToMove())
}

// losesAtOnce reports whether after m the other side has a move that wins
// at once.
func losesAtOnce(t testing.TB, p *kingsmen.Position, m string) bool {
	next := play(t, p, m)
	if next.Outcome().Over() {
		return false
	}
	for _, r := range next.Legal() {
		if winsAtOnce(t, next, r.Text) {
			return true
		}
	}
	return false
}

// TestThinkWinsAtOnce: both levels take the King when it is open, and find
// the only move (of 36 to 50) that ends the game by a Threat with no way
// out.
func TestThinkWinsAtOnce(t *testing.T) {
	tests := []struct{ name, text string }{
		// North moved into Threat: Nd4xd1 takes South's King.
		{"King open to capture", kingOpen},
		// Nd5xa8 Threatens the King on d8 along rank 8, where its steps
		// E and W stay on the Knight's line, d7 is its own Archer, and
		// nothing can block on b8 or c8 or take the Knight: 1 of 50.
		{"Threat with no way out, South", "a..k..n/...a..a/a....a./..NN.../...A.../...A..A/A...A.A/.N.KN.. s 3 17"},
		// Nd4xg1 Threatens the King on e1 along rank 1 the same way.
		{"Threat with no way out, North", "a.....n/....k.a/..a..a./A..a.../...n.../.A...../.A.AA../N...K.A n 9 32"},
	}
	for _, tt := range tests {
		p := parse(t, tt.text)
		winning := 0
		for _, m := range p.Legal() {
			if winsAtOnce(t, p, m.Text) {
				winning++
			}
		}
		if winning != 1 || len(p.Legal()) < 30 {
			t.Fatalf("%s: %d of %d moves win at once, want 1 of at least 30\n%s", tt.name, winning, len(p.Legal()), p.Drawing())
		}
		for _, level := range levels {
			for seed := range uint64(3) {
				if m := think(t, p, level, 20*time.Millisecond, seed); !winsAtOnce(t, p, m.Text) {
					t.Errorf("%s: %s played %s, which does not win at once\n%s", tt.name, level, m.Text, p.Drawing())
				}
			}
		}
	}
}

// TestThinkWinsInTwo: Strong finds the only move (of 23 to 46) after
// which every reply lets it win at once.
func TestThinkWinsInTwo(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"South, quiet Knight move", "a..k..n/....a.a/a....a./..N..N./...A.../...A..A/A...A.A/.N.KN.. s 1 16", "Nf5-d5"},
		{"South, Knight to the King's rank", "k..a.../....Naa/....ana/......./.NAA.../..A..../A.K.AAA/....... s 1 28", "Ne7-a7"},
		{"North, capture", "...k.na/a.aa.a./...a.../.....a./......N/.n.AA.A/....A../AN.KN.A n 0 17", "Nb3xb1"},
	}
	for _, tt := range tests {
		p := parse(t, tt.text)
		var winning []string
		for _, m := range p.Legal() {
			if winsInTwo(t, p, m.Text) {
				winning = append(winning, m.Text)
			}
		}
		if !slices.Equal(winning, []string{tt.want}) || len(p.Legal()) < 20 {
			t.Fatalf("%s: moves that win in two: got %v of %d, want [%s] of at least 20\n%s", tt.name, winning, len(p.Legal()), tt.want, p.Drawing())
		}
		for seed := range uint64(3) {
			if m := think(t, p, rules.Strong, 20*time.Millisecond, seed); m.Text != tt.want {
				t.Errorf("%s: Strong played %s, want %s, which wins in two\n%s", tt.name, m.Text, tt.want, p.Drawing())
			}
		}
	}
}

// winsInTwo reports whether, after m, the game goes on and every reply
// lets the mover win at once.
func winsInTwo(t testing.TB, p *kingsmen.Position, m string) bool {
	next := play(t, p, m)
	if next.Outcome().Over() {
		return false
	}
	for _, r := range next.Legal() {
		after := play(t, next, r.Text)
		if after.Outcome().Over() {
			return false
		}
		win := false
		for _, w := range after.Legal() {
			if winsAtOnce(t, after, w.Text) {
				win = true
				break
			}
		}
		if !win {
			return false
		}
	}
	return true
}

// TestThinkAvoidsLosingAtOnce: in positions where most moves, a Knight
// capture among them, let the other side win at once, both levels find a
// move that does not. Playing at random would pass all six about once in
// 4,700 tries.
func TestThinkAvoidsLosingAtOnce(t *testing.T) {
	for _, text := range []string{
		"a..k.n./.Nna..a/a....a./N....../..Aa.../......./......A/A..K..A n 2 25",
		"......./....N../...kN../......./......./AaAA..n/......./.N.KA.. n 0 30",
		"a..k.../...aa../N.....a/....n../......./....N../A.K.A.A/....A.A n 0 28",
		"n..k..a/a.a..a./a..a..a/....An./....N../An...../A..A.A./...K.NA s 2 22",
		"nn.k..a/.aaa.../.aa..../.....N./N....../AA.A.../...A.AA/.N.K..N n 4 22",
		"an.k..n/a.aa..a/......./......./......n/..A.n../..AAANA/ANNK..A n 4 9",
	} {
		p := parse(t, text)
		losing := 0
		for _, m := range p.Legal() {
			if losesAtOnce(t, p, m.Text) {
				losing++
			}
		}
		if losing*2 < len(p.Legal()) || losing == len(p.Legal()) {
			t.Fatalf("%d of %d moves lose at once, want more than half but not all\n%s", losing, len(p.Legal()), p.Drawing())
		}
		// Easy with three seeds, Strong once (its seed does not matter).
		for _, seed := range []uint64{1, 2, 3, 0} {
			level := rules.Easy
			if seed == 0 {
				level = rules.Strong
			}
			if m := think(t, p, level, 5*time.Millisecond, seed); losesAtOnce(t, p, m.Text) {
				t.Errorf("%s played %s, after which the other side wins at once\n%s", level, m.Text, p.Drawing())
			}
		}
	}
}
