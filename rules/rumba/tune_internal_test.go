package rumba

import (
	"context"
	"os"
	"strings"
	"testing"

	"parlor/rules"
)

// TestTune plays two styles of computer player against each other with a
// fixed budget of work, to weigh a change of the evaluation or the
// search: PARLOR_TUNE=a,b names them (see variants), PARLOR_TUNE_GAMES
// (400) and PARLOR_TUNE_WORK (20000 units a decision) size the match.
func TestTune(t *testing.T) {
	spec := os.Getenv("PARLOR_TUNE")
	if spec == "" {
		t.Skip("set PARLOR_TUNE=a,b to play two styles against each other")
	}
	games := envInt(t, "PARLOR_TUNE_GAMES", 400)
	work := int64(envInt(t, "PARLOR_TUNE_WORK", 20000))
	var ps []player
	names := strings.Split(spec, ",")
	for _, name := range names {
		st, ok := variants()[name]
		if !ok {
			t.Fatalf("no variant %q", name)
		}
		ps = append(ps, func(p *Position, seed uint64) (rules.Move, error) {
			m, _, err := choose(context.Background(), p, st, work, seed)
			return m, err
		})
	}
	score := match(t, ps, games)
	t.Logf("%s against %s, %d games, %d units: %s", names[0], names[1], games, work, interval(score, float64(games)))
}

// variants are the styles TestTune knows; add the one to weigh.
func variants() map[string]style {
	v := map[string]style{
		"strong":  styles[rules.Strong],
		"easy":    styles[rules.Easy],
		"strong1": {w: &strongWeights, depth: 1}, // one throw ahead only
		"greedy":  {w: &strongWeights},           // the evaluation alone
	}
	edit := func(name string, depth int, change func(w *weights)) {
		w := strongWeights
		change(&w)
		v[name] = style{w: &w, depth: depth}
	}
	edit("greedy-noblocks", 0, func(w *weights) { w.blocks = false })
	edit("greedy-later0", 0, func(w *weights) { w.later = 0 })
	return v
}
