package bot

import (
	"bytes"
	"image/png"
	"testing"

	"parlor/render"
	"parlor/rules"
)

// TestKitsComplete checks each game of the list (Kits) for what the
// program and the tests find through it: an engine that checks its own
// invariants (rules.Checker), and a painter that the renderer made from
// the list (Painters) asks for the game's start, which it draws.
func TestKitsComplete(t *testing.T) {
	kits := Kits()
	r := render.New(Painters(kits)...)
	for _, k := range kits {
		t.Run(k.Game.Name(), func(t *testing.T) {
			if _, ok := k.Game.(rules.Checker); !ok {
				t.Errorf("%T is not a rules.Checker: self-play and the fuzzers would not check its invariants", k.Game)
			}
			if k.Painter == nil {
				t.Fatalf("no painter")
			}
			n := k.Game.Players()[0]
			st, err := k.Game.New(n)
			if err != nil {
				t.Fatal(err)
			}
			if !k.Painter.Paints(st) {
				t.Fatalf("the painter does not paint the game's start %T", st)
			}
			for _, other := range kits {
				if other.Game.Name() != k.Game.Name() && other.Painter.Paints(st) {
					t.Errorf("%s's painter paints %s's start too", other.Game.Name(), k.Game.Name())
				}
			}
			b, err := r.PNG(st, render.Info{Names: []string{"A", "B", "C", "D"}[:n]})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := png.Decode(bytes.NewReader(b)); err != nil {
				t.Fatalf("not a PNG: %v", err)
			}
		})
	}
}
