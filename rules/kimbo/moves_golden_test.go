package kimbo

import (
	"bufio"
	"crypto/sha256"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"parlor/rules"
)

var update = flag.Bool("update", false, "rewrite testdata/moves.golden")

// goldenDigests is how moveDigests reads a position's moves; a test may
// point it elsewhere.
var goldenDigests = func(p *Position) (texts []string, barred map[string]rules.Text) {
	if p.phase == PhaseFence {
		for _, m := range p.Legal() {
			texts = append(texts, m.Text)
		}
		return texts, nil
	}
	set := p.moves(true)
	for i := range set.legal {
		texts = append(texts, set.legal[i].text)
	}
	return texts, set.barred
}

// moveDigests plays random games of 2, 3 and 4 players and lists, for
// every move decision and every eighth fence decision, the number of legal
// moves and a digest of their texts in order and of the reasons given for
// the uses of the dice that are refused.
func moveDigests() []string {
	var out []string
	for n := 2; n <= 4; n++ {
		for g := range 2 {
			rng := rand.New(rand.NewPCG(uint64(n), uint64(g)+100))
			p, _ := New(n)
			for d := 0; !p.Outcome().Over() && d < 1500; d++ {
				if p.phase == PhaseMove || p.phase == PhaseFence && d%8 == 0 {
					texts, barred := goldenDigests(p)
					h := sha256.New()
					h.Write([]byte(strings.Join(texts, "\n")))
					for _, k := range slices.Sorted(func(yield func(string) bool) {
						for k := range barred {
							if !yield(k) {
								return
							}
						}
					}) {
						fmt.Fprintf(h, "\n%s=%s", k, barred[k])
					}
					out = append(out, fmt.Sprintf("%d %d %d %s %d %x", n, g, d, p.phase, len(texts), h.Sum(nil)[:8]))
				}
				m := RandomDecision(rng, p)
				next, err := p.PlayText(m.Text)
				if err != nil {
					panic(fmt.Sprintf("PlayText(%q): %v\n%s", m.Text, err, p.Drawing()))
				}
				p = next
			}
		}
	}
	return out
}

// The legal moves of random games are those listed in
// testdata/moves.golden, written by the move generation as it was before
// it was made faster (commit cffb1d9): the same moves, in the same order,
// with the same texts, and the same reasons for the uses of the dice that
// are refused. Lines: players, game, decision, phase, number of moves,
// digest. go test -update rewrites the file, for a change of the rules.
func TestMovesAsGolden(t *testing.T) {
	file := filepath.Join("testdata", "moves.golden")
	got := moveDigests()
	if *update {
		if err := os.WriteFile(file, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		want = append(want, sc.Text())
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Fatalf("line %d: got %q, want %q (players, game, decision, phase, moves, digest)", i+1, got[i], want[i])
		}
	}
	if len(got) != len(want) {
		t.Fatalf("got %d positions, want %d", len(got), len(want))
	}
}
