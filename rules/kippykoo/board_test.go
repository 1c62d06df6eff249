package kippykoo_test

import (
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kippykoo"
)

// The track is reconstructed (docs/boards.md): "one closed track of 52
// holes travelled clockwise, seat k's Star Space at hole 13·k (seats in
// turn order, clockwise) ... Two players sit opposite (seats 0 and 2).
// Keep the hole count a parameter (multiple of 4)."
func TestTrack(t *testing.T) {
	p, _ := kippykoo.New(4)
	expect(t, p, "holes", kippykoo.Holes, 52)
	expect(t, p, "holes a multiple of 4", kippykoo.Holes%4, 0)
	expect(t, p, "between stars", kippykoo.Quarter, kippykoo.Holes/4)
	for k, side := range []kippykoo.Side{kippykoo.SouthSide, kippykoo.WestSide, kippykoo.NorthSide, kippykoo.EastSide} {
		expect(t, p, side.String()+"'s star", side.Star(), kippykoo.Hole(13*k))
		seat, ok := p.SeatOf(side)
		expect(t, p, side.String()+"'s seat", seat, rules.Seat(k))
		expect(t, p, side.String()+" seated", ok, true)
	}
	two, _ := kippykoo.New(2)
	expect(t, two, "2 players: the second seat's star", two.Star(1), kippykoo.Hole(26))
	if _, ok := two.SeatOf(kippykoo.WestSide); ok {
		t.Errorf("2 players: West seated, want empty")
	}
	for _, tt := range []struct {
		name string
		want kippykoo.Hole
	}{{"h0", 0}, {"h51", 51}, {"h13", 13}} {
		h, err := kippykoo.ParseHole(tt.name)
		if err != nil || h != tt.want || h.String() != tt.name {
			t.Errorf("ParseHole(%q): got %v, %v, want %d", tt.name, h, err, tt.want)
		}
	}
	for _, bad := range []string{"h52", "h-1", "h", "12", "h012", "h+1", "H12"} {
		if _, err := kippykoo.ParseHole(bad); err == nil {
			t.Errorf("ParseHole(%q): got no error, want one", bad)
		}
	}
}

// The drawing shows every hole once, with its number on the margin, and
// the stars of the seats in lower case.
func TestDrawing(t *testing.T) {
	p := parse(t, moving("S:start,h5,h13,h51 W:h14,finish,start,start N:start,start,start,h26 "+eastStart, "S", "6-3"))
	d := p.Drawing()
	lines := strings.Split(d, "\n")
	grid := strings.Join(lines[:16], "\n")
	for _, legend := range []string{"KIPPY KOO", "S W N E  marbles", "s w n e  empty stars", "marbles go clockwise:", "<- along the bottom"} {
		if !strings.Contains(grid, legend) {
			t.Errorf("drawing: no legend %q\n%s", legend, d)
		}
		grid = strings.Replace(grid, legend, "", 1)
	}
	for letter, want := range map[string]int{"S": 3, "W": 1, "N": 1, "w": 0, "s": 1, "e": 1, "n": 0} {
		if got := strings.Count(grid, " "+letter+" "); got != want {
			t.Errorf("drawing: %d %q, want %d\n%s", got, letter, want, d)
		}
	}
	for _, want := range []string{"South star h0  START 1  FINISH 0", "West  star h13 START 2  FINISH 1", "South to move with 6-3"} {
		if !strings.Contains(d, want) {
			t.Errorf("drawing: no %q\n%s", want, d)
		}
	}
	nums := strings.Fields(strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return ' '
	}, lines[0]+" "+grid[len(lines[0]):]+" "+lines[15]))
	seen := map[string]bool{}
	for _, n := range nums {
		seen[n] = true
	}
	for h := range kippykoo.Holes {
		if !seen[kippykoo.Hole(h).String()[1:]] {
			t.Errorf("drawing: hole %d not numbered\n%s", h, d)
		}
	}
}
