package kingsmen_test

import (
	"slices"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kingsmen"
)

// Positions from random games (found with a throwaway script), chosen to be
// busy: knights out, captures made, Threats about.
const (
	// middleGame: 23 pieces, 46 legal moves, nobody under Threat.
	middleGame = ".nnkn.a/.aa.aa./a.a.N../..N..../...A.n./...A.A./AA.K..A/.N...N. s 10 10"
	// underThreat: South under Threat by the Knight on d4 with 8 ways out.
	underThreat = "annknn./.a.aaaa/.....N./.a...../...N.../...A.../AA.AA.A/.NK..NA s 18 10"
	// kingOpen: South moved into Threat; North may capture its King.
	kingOpen = ".anknna/a..a.a./......./.a.a.../...n.../A....../.AA.AAA/.NNKNN. n 1 10"
)

// perftVectors are node counts: the number of move sequences of each length
// (depth 1, 2, …) from a position. They were computed by the reference of
// reference_test.go and by a second, separate script before the test was
// written, and all three agree.
var perftVectors = []struct {
	name, text string
	nodes      []int
}{
	{"start", kingsmen.StartText, []int{12, 144, 1943, 26211}},
	{"middle game", middleGame, []int{46, 794, 33461}},
	{"middle game near the quiet-move draw", strings.Replace(middleGame, " 10 10", " 98 10", 1), []int{46, 794, 5115}},
	{"under Threat", underThreat, []int{8, 126, 4754}},
	{"King open to capture", kingOpen, []int{48, 314, 11749}},
	{"three ways out of Threat", threeWaysOut, []int{4, 36, 601}},
}

// perft counts the engine's move sequences of length depth from p.
func perft(t testing.TB, p *kingsmen.Position, depth int) int {
	moves := p.Legal()
	if depth == 1 {
		return len(moves)
	}
	n := 0
	for _, m := range moves {
		next, err := p.Play(m)
		if err != nil {
			t.Fatalf("Play(%q) of a legal move: got error %v, want none\n%s", m.Text, err, p.Drawing())
		}
		n += perft(t, next.(*kingsmen.Position), depth-1)
	}
	return n
}

func TestPerft(t *testing.T) {
	for _, v := range perftVectors {
		p := parse(t, v.text)
		for i, want := range v.nodes {
			expect(t, p, v.name+": perft "+string(rune('1'+i)), perft(t, p, i+1), want)
		}
	}
}

// TestPerftReference checks the vectors against the reference generator.
func TestPerftReference(t *testing.T) {
	for _, v := range perftVectors {
		r := refParse(v.text)
		for i, want := range v.nodes {
			if got := refPerft(r, i+1); got != want {
				t.Errorf("%s: reference perft %d: got %d, want %d\n%s", v.name, i+1, got, want, parse(t, v.text).Drawing())
			}
		}
	}
}

// TestAgreesWithReference walks the move tree of each vector position to
// depth 3 with the engine and the reference side by side and compares, at
// every node, the legal moves, the board, the side to move, the quiet plies,
// Threat on either side, and whether the game is over.
func TestAgreesWithReference(t *testing.T) {
	for _, v := range perftVectors {
		t.Run(v.name, func(t *testing.T) {
			crossCheck(t, parse(t, v.text), refParse(v.text), 3, nil)
		})
	}
}

func crossCheck(t *testing.T, p *kingsmen.Position, r refPos, depth int, path []string) {
	t.Helper()
	fields := strings.Fields(p.String())
	var got []string
	for _, m := range p.Legal() {
		got = append(got, m.Text)
	}
	slices.Sort(got)
	refMoves := r.moves()
	want := refTexts(refMoves)
	side := kingsmen.North
	if r.south {
		side = kingsmen.South
	}
	switch {
	case !slices.Equal(got, want):
		t.Fatalf("after %v: legal moves: got %v, want %v\n%s", path, got, want, p.Drawing())
	case fields[0] != r.boardText():
		t.Fatalf("after %v: board: got %s, want %s\n%s", path, fields[0], r.boardText(), p.Drawing())
	case p.SideToMove() != side || p.QuietPlies() != r.quiet:
		t.Fatalf("after %v: side and quiet plies: got %v %d, want %v %d\n%s", path, p.SideToMove(), p.QuietPlies(), side, r.quiet, p.Drawing())
	case p.InThreat(kingsmen.South) != r.threatened(true) || p.InThreat(kingsmen.North) != r.threatened(false):
		t.Fatalf("after %v: Threat on South, North: got %v %v, want %v %v\n%s", path,
			p.InThreat(kingsmen.South), p.InThreat(kingsmen.North), r.threatened(true), r.threatened(false), p.Drawing())
	case p.Outcome().Over() != (len(want) == 0):
		t.Fatalf("after %v: game over: got %v, want %v\n%s", path, p.Outcome().Over(), len(want) == 0, p.Drawing())
	}
	if depth <= 1 {
		return
	}
	for _, m := range refMoves {
		next, err := p.Play(rules.Move{Text: m.text})
		if err != nil {
			t.Fatalf("after %v: Play(%q): got error %v, want none\n%s", path, m.text, err, p.Drawing())
		}
		crossCheck(t, next.(*kingsmen.Position), r.after(m.from, m.to), depth-1, append(path, m.text))
	}
}

// BenchmarkLegal generates the legal moves of a busy middle-game position.
func BenchmarkLegal(b *testing.B) {
	p := parse(b, middleGame)
	for b.Loop() {
		p.Legal()
	}
}

// BenchmarkPlay plays a quiet move in a busy middle-game position, which
// includes deciding whether the game is over.
func BenchmarkPlay(b *testing.B) {
	p := parse(b, middleGame)
	m := p.Legal()[0]
	for b.Loop() {
		if _, err := p.Play(m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPerft3 counts the 1943 sequences of three plies from the start.
func BenchmarkPerft3(b *testing.B) {
	p := kingsmen.Start()
	for b.Loop() {
		perft(b, p, 3)
	}
}
