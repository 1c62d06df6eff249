package render

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"parlor/rules"
	"parlor/rules/kippykoo"
)

// kippykooCases are the Kippy Koo positions whose pictures are kept in
// testdata: a position text, and the moves played from it.
var kippykooCases = []struct {
	name  string
	pos   string   // kippykoo position text
	moves []string // canonical texts played from pos
	info  Info
}{
	{
		// Two players, every marble in START; the lot has drawn South, who
		// is to throw. West's and East's stars are nobody's.
		name: "kippykoo-start",
		pos:  "S:start,start,start,start N:start,start,start,start S:throw last:S;first",
		info: Info{Names: []string{"Alice", "Bob"}, Title: "Game 3"},
	},
	{
		// Four players: South threw 5-3 and moved h20 on 5 to h25, sending
		// East's marble there back to START, and h5 on 3 to h8. South has
		// a marble in FINISH; West is to throw.
		name:  "kippykoo-midgame",
		pos:   "S:start,h5,h20,finish W:start,h18,h30,h40 N:start,start,h33,h45 E:h2,h10,h25,h44 S:move:5-3",
		moves: []string{"h20+5, h5+3"},
		info:  Info{Names: []string{"Alice", "Bartholomew the Unready of Somewhere Far", "Chidi 🦊", "Dmitri"}, Title: "Game 12"},
	},
	{
		// Four players; West has thrown 6-2 and chooses: the marbles it can
		// move are ringed, and so is its START, since a six starts one.
		name: "kippykoo-move",
		pos:  "S:start,h5,h20,finish W:start,h10,h30,h40 N:start,start,h33,h45 E:start,h2,h25,h44 W:move:6-2",
		info: Info{Names: []string{"Alice", "Bob", "Chidi", "Dmitri"}, Title: "Game 12"},
	},
	{
		// Three players (East's star nobody's); West has just brought its
		// last marble round past its star into FINISH.
		name:  "kippykoo-over",
		pos:   "S:start,h5,h20,h30 W:h10,finish,finish,finish N:start,start,h33,h45 W:move:6-2",
		moves: []string{"h10+8"},
		info:  Info{Names: []string{"Alice", "Bob", "Chidi"}},
	},
	{
		// Four players, West has left the game (its bar greyed, its star
		// and pockets neutral); South's 5-3 has sent East's marble on h25
		// and North's on h33 back to START: rings on both holes, badges in
		// East's and North's colours, rings round the marbles back in
		// their STARTs. North, West being out, is to throw.
		name:  "kippykoo-left",
		pos:   "S:start,h5,h20,h30 W:out N:start,start,h33,h45 E:h2,h10,h25,h44 S:move:5-3",
		moves: []string{"h20+5, h30+3"},
		info:  Info{Names: []string{"Alice", "Bob", "Chidi", "Dmitri"}, Title: "Game 14"},
	},
	{
		// Four players: North threw 3-3 and moved h45 to h51, threw again
		// 4-1 and moved h33 to h37 and h51 round to h0: both throws' paths,
		// the first lighter, and both on the line of the latest turn.
		// East is to throw.
		name:  "kippykoo-again",
		pos:   "S:start,h8,h25,finish W:h13,h18,h30,h42 N:start,start,h33,h45 E:start,h44,h2,h10 N:move:3-3",
		moves: []string{"h45+6", "roll 4-1", "h33+4, h51+1"},
		info:  Info{Names: []string{"Alice", "Bob", "Chidi", "Dmitri"}, Title: "Game 12"},
	},
	{
		// Three players: South's turn was skipped with 6-6 not used (its
		// deadline passed); West is to throw. Nothing moved.
		name: "kippykoo-skipped",
		pos:  "S:start,h5,h20,finish W:start,start,h13,h30 N:start,start,start,h28 W:throw last:S;6-6;skipped",
		info: Info{Names: []string{"Alice", "Bob", "Chidi"}},
	},
}

// kkCrowded is a crowded four-player position for the benchmark: every
// seat's marbles spread over the track, START and FINISH, and a move that
// takes a marble into FINISH.
var kkCrowded = struct {
	pos   string
	moves []string
	info  Info
}{
	pos:   "S:h3,h16,h29,h48 W:start,h14,h27,h35 N:h7,h22,h37,finish E:h1,h11,h40,h50 N:move:6-4",
	moves: []string{"h22+6, h7+4"},
	info:  Info{Names: []string{"Alice", "Bartholomew the Unready of Somewhere Far", "Chidi", "Dmitri"}, Title: "Game 12"},
}

// mustKippyKoo reads a position text and plays moves from it, or stops the
// test.
func mustKippyKoo(t testing.TB, text string, moves ...string) *kippykoo.Position {
	t.Helper()
	p, err := kippykoo.Parse(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	for _, m := range moves {
		next, err := p.PlayText(m)
		if err != nil {
			t.Fatalf("play %q in %q: %v\n%s", m, p, err, p.Drawing())
		}
		p = next
	}
	return p
}

func TestKippyKooGolden(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	for _, tc := range kippykooCases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustKippyKoo(t, tc.pos, tc.moves...)
			img, err := r.Image(p, tc.info)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tc.name+".png")
			if *update {
				writePNG(t, path, img)
				return
			}
			want := readPNG(t, path)
			diff, n := compare(toRGBA(img), want, 2)
			if n == 0 {
				return
			}
			got := filepath.Join("testdata", tc.name+".got.png")
			dpath := filepath.Join("testdata", tc.name+".diff.png")
			writePNG(t, got, img)
			writePNG(t, dpath, diff)
			t.Errorf("%s: %d pixels differ from %s (tolerance 2 per channel); got %s, diff %s; rerun with -update if the change is intended\n%s",
				tc.name, n, path, got, dpath, p.Drawing())
		})
	}
}

func TestKippyKooPNG(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	for i, tc := range kippykooCases {
		p := mustKippyKoo(t, tc.pos, tc.moves...)
		b, err := r.PNG(p, tc.info)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: decode: %v", tc.name, err)
		}
		w, h := cfg.Width, cfg.Height
		t.Logf("%s: %d players, %d×%d, %d KB", tc.name, p.Players(), w, h, len(b)>>10)
		if len(b) >= 300<<10 {
			t.Errorf("%s: PNG is %d bytes, want under 300 KB", tc.name, len(b))
		}
		if long := max(w, h); long < 1000 || long > 1400 {
			t.Errorf("%s: long side %d px, want 1000–1400", tc.name, long)
		}
		if w >= h {
			t.Errorf("%s: image is %d×%d, want portrait; phones crop square images", tc.name, w, h)
		}
		if i != 1 {
			continue
		}
		// The 256-colour PNG must look like the full-colour image.
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: decode: %v", tc.name, err)
		}
		full, err := r.Image(p, tc.info)
		if err != nil {
			t.Fatal(err)
		}
		near, far := strays(toRGBA(img), toRGBA(full), 12, 64)
		if near > w*h/100 || far > 0 {
			t.Errorf("%s: PNG strays from the image: %d pixels by more than 12, %d by more than 64; want under %d and 0",
				tc.name, near, far, w*h/100)
		}
	}
}

// TestKippyKooMarbleColours checks that every marble is painted in its
// seat's colour at its hole, beside its letter, and every marble in START
// and FINISH in its pocket; that every hole a marble stands on has its
// number tagged in the seat's tint; and that each star is in the colour of
// the seat on its side, or neutral.
func TestKippyKooMarbleColours(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	all := append(kippykooCases[:len(kippykooCases):len(kippykooCases)], struct {
		name  string
		pos   string
		moves []string
		info  Info
	}{"crowded", kkCrowded.pos, kkCrowded.moves, kkCrowded.info})
	for _, tc := range all {
		p := mustKippyKoo(t, tc.pos, tc.moves...)
		img, err := r.Image(p, tc.info)
		if err != nil {
			t.Fatal(err)
		}
		m := toRGBA(img)
		marbles := 0
		for seat := range rules.Seat(p.Players()) {
			side := p.Side(seat)
			for _, h := range p.Marbles(seat) {
				marbles++
				x, y, _, _ := kkHolePos(h)
				px, py := int(math.Round(x-16)), int(math.Round(y))
				if got, ok := pixelNear(m, px, py, seatFill[seat], 2); !ok {
					t.Errorf("%s: marble of seat %d on %s: pixel (%d, %d) is %v, want %v\n%s", tc.name, seat, h, px, py, got, seatFill[seat], p.Drawing())
				}
				nx, ny := kkNumberPos(h)
				px, py = int(math.Round(nx)), int(math.Round(ny-12))
				if got, ok := pixelNear(m, px, py, seatTint[seat], 2); !ok {
					t.Errorf("%s: number tag of %s (seat %d): pixel (%d, %d) is %v, want %v\n%s", tc.name, h, seat, px, py, got, seatTint[seat], p.Drawing())
				}
			}
			for _, finish := range []bool{false, true} {
				count := p.InStart(seat)
				if finish {
					count = p.InFinish(seat)
				}
				bx, by := kkPocketBox(side, finish)
				for i := range kippykoo.MarblesPerSeat {
					x, y := kkPocketSlot(bx, by, i)
					px, py := int(math.Round(x-14)), int(math.Round(y))
					got, ok := pixelNear(m, px, py, seatFill[seat], 2)
					if want := i < count; ok != want {
						t.Errorf("%s: place %d of seat %d's pocket (finish %v, %d marbles): pixel (%d, %d) is %v; marble drawn %v, want %v\n%s",
							tc.name, i, seat, finish, count, px, py, got, ok, want, p.Drawing())
					}
					if i < count {
						marbles++
					}
				}
			}
		}
		in := 0
		for seat := range rules.Seat(p.Players()) {
			if !p.Retired(seat) {
				in++
			}
		}
		if want := kippykoo.MarblesPerSeat * in; marbles != want {
			t.Errorf("%s: checked %d marbles, want %d", tc.name, marbles, want)
		}
		for side := kippykoo.SouthSide; side <= kippykoo.EastSide; side++ {
			want := kkNeutral
			if seat, ok := p.SeatOf(side); ok && !p.Retired(seat) {
				want = seatFill[seat]
			}
			// The left edge of each pocket's outline.
			for _, finish := range []bool{false, true} {
				bx, by := kkPocketBox(side, finish)
				px, py := int(math.Round(bx-kkPocketW/2)), int(math.Round(by))
				if got, ok := pixelNear(m, px, py, want, 2); !ok {
					t.Errorf("%s: %s's pocket (finish %v): outline pixel (%d, %d) is %v, want %v\n%s", tc.name, side, finish, px, py, got, want, p.Drawing())
				}
			}
			x, y, nx, ny := kkHolePos(side.Star())
			// Inside the star's inward point, clear of any marble on it.
			px, py := int(math.Round(x-nx*(kkMarbleR+8))), int(math.Round(y-ny*(kkMarbleR+8)))
			if got, ok := pixelNear(m, px, py, want, 2); !ok && !kkNearPath(p, float64(px), float64(py)) {
				t.Errorf("%s: %s's star: pixel (%d, %d) is %v, want %v", tc.name, side, px, py, got, want)
			}
		}
	}
}

// kkNearPath reports whether (x, y) lies under the band of the latest
// move's paths.
func kkNearPath(p *kippykoo.Position, x, y float64) bool {
	for _, pa := range kkLastPaths(p, p.Last()) {
		for i := 1; i < len(pa.points); i++ {
			a, b := pa.points[i-1], pa.points[i]
			ux, uy, n := unit(b[0]-a[0], b[1]-a[1])
			along := (x-a[0])*ux + (y-a[1])*uy
			across := math.Abs((x-a[0])*uy - (y-a[1])*ux)
			if along > -10 && along < n+10 && across < 10 {
				return true
			}
		}
	}
	return false
}

// TestKippyKooLastPaths checks where the latest move's paths begin and
// end: at the marble's hole or its START, and at the hole its count
// reached or in FINISH.
func TestKippyKooLastPaths(t *testing.T) {
	near := func(pt [2]float64, x, y float64) bool { return math.Hypot(pt[0]-x, pt[1]-y) < 0.5 }
	hole := func(h kippykoo.Hole) (float64, float64) {
		x, y, _, _ := kkHolePos(h)
		return x, y
	}
	for _, tc := range []struct {
		pos, move string
		ends      []kippykoo.Hole // NoHole for FINISH
	}{
		{kippykooCases[1].pos, "h20+5, h5+3", []kippykoo.Hole{25, 8}},
		{kippykooCases[3].pos, "h10+8", []kippykoo.Hole{kippykoo.NoHole}},
		{"S:start,start,h20,h50 N:start,start,start,start S:move:6-3", "start+3", []kippykoo.Hole{3}},
		{"S:start,start,start,start N:start,start,h20,h50 N:move:3-1", "h50+4", []kippykoo.Hole{2}},
		{"S:start,start,h20,h50 N:start,start,start,start S:move:6-6", "start, start", []kippykoo.Hole{0, 0}},
	} {
		p := mustKippyKoo(t, tc.pos, tc.move)
		paths := kkLastPaths(p, p.Last())
		if len(paths) != len(tc.ends) {
			t.Errorf("%s after %q: %d paths, want %d", tc.pos, tc.move, len(paths), len(tc.ends))
			continue
		}
		side := p.Side(p.Last().Seat)
		for i, pa := range paths {
			first, last := pa.points[0], pa.points[len(pa.points)-1]
			start := kkPocketEdge(side, false)
			fx, fy := start[0], start[1]
			if !pa.leg.Start {
				fx, fy = hole(pa.leg.From)
			}
			if !near(first, fx, fy) {
				t.Errorf("%s after %q: path %d begins at %v, want (%.0f, %.0f)", tc.pos, tc.move, i, first, fx, fy)
			}
			if pa.end != tc.ends[i] {
				t.Errorf("%s after %q: path %d ends on %s, want %s", tc.pos, tc.move, i, pa.end, tc.ends[i])
			}
			finish := kkPocketEdge(side, true)
			ex, ey := finish[0], finish[1]
			if tc.ends[i] != kippykoo.NoHole {
				ex, ey = hole(tc.ends[i])
			}
			if !near(last, ex, ey) {
				t.Errorf("%s after %q: path %d ends at %v, want (%.0f, %.0f)", tc.pos, tc.move, i, last, ex, ey)
			}
		}
	}
}

// TestKippyKooTrack checks the loop's geometry: the holes evenly spaced
// and far enough apart for the marbles, the stars in the middle of their
// edges, and every hole and number on the board.
func TestKippyKooTrack(t *testing.T) {
	for h := kippykoo.Hole(0); h < kippykoo.Holes; h++ {
		x0, y0, _, _ := kkHolePos(h)
		x1, y1, _, _ := kkHolePos((h + 1) % kippykoo.Holes)
		if d := math.Hypot(x1-x0, y1-y0); d < 2*kkMarbleR+8 {
			t.Errorf("%s to the next hole: %.1f px, want at least %.0f", h, d, 2*kkMarbleR+8)
		}
		nx, ny := kkNumberPos(h)
		// A two-digit tag is under 44 px wide and 30 high; the board's
		// rim is 6 px.
		if nx < kkBoardX+30 || nx > kkBoardX+kkBoardS-30 || ny < kkBoardY+23 || ny > kkBoardY+kkBoardS-23 {
			t.Errorf("%s's number at (%.0f, %.0f): off the board", h, nx, ny)
		}
	}
	// The paths to and from the pockets meet them just inside their edge.
	for side := kippykoo.SouthSide; side <= kippykoo.EastSide; side++ {
		for _, finish := range []bool{false, true} {
			e := kkPocketEdge(side, finish)
			px, py := kkPocketBox(side, finish)
			dx, dy := kkPocketW/2-math.Abs(e[0]-px), kkPocketH/2-math.Abs(e[1]-py)
			if min(dx, dy) < 0 || min(dx, dy) > 6 {
				t.Errorf("%s's pocket (finish %v): path meets it at (%.0f, %.0f), %.1f px inside its edge, want 0 to 6", side, finish, e[0], e[1], min(dx, dy))
			}
		}
	}
	want := map[kippykoo.Side][2]float64{
		kippykoo.SouthSide: {kkCX, kkCY + kkHalf},
		kippykoo.WestSide:  {kkCX - kkHalf, kkCY},
		kippykoo.NorthSide: {kkCX, kkCY - kkHalf},
		kippykoo.EastSide:  {kkCX + kkHalf, kkCY},
	}
	for side, w := range want {
		x, y, _, _ := kkHolePos(side.Star())
		if math.Hypot(x-w[0], y-w[1]) > 0.01 {
			t.Errorf("%s's star at (%.1f, %.1f), want (%.1f, %.1f)", side, x, y, w[0], w[1])
		}
	}
}

// TestKippyKooNames draws every case with too few, too many, empty and
// unprintable names: none may panic, and the picture keeps its size.
func TestKippyKooNames(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	for _, tc := range kippykooCases {
		p := mustKippyKoo(t, tc.pos, tc.moves...)
		want, err := r.Image(p, tc.info)
		if err != nil {
			t.Fatal(err)
		}
		for _, names := range [][]string{
			nil,
			{"Alice"},
			{"", "🎲🎲", "\x00\t"},
			{"A", "B", "C", "D", "E", "F"},
			{"Wolfeschlegelsteinhausenbergerdorff the Elder, Count of Many Places"},
		} {
			img, err := r.Image(p, Info{Names: names, Title: "🎲"})
			if err != nil {
				t.Errorf("%s with names %q: %v", tc.name, names, err)
				continue
			}
			if img.Bounds() != want.Bounds() {
				t.Errorf("%s with names %q: bounds %v, want %v", tc.name, names, img.Bounds(), want.Bounds())
			}
		}
	}
}

// TestKippyKooPlayout draws positions of random games in every phase, for
// 2, 3 and 4 players, with turns skipped and seats leaving: no panic, no
// error.
func TestKippyKooPlayout(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	rng := rand.New(rand.NewPCG(1, 2))
	phases := map[kippykoo.Phase]int{}
	for n := 2; n <= 4; n++ {
		st, err := kippykoo.New(n)
		if err != nil {
			t.Fatal(err)
		}
		var s rules.State = st
		for i := 0; i < 3000; i++ {
			p := s.(*kippykoo.Position)
			if i%17 == 0 || p.Phase() == kippykoo.PhaseOver || i < 3 {
				phases[p.Phase()]++
				if _, err := r.Image(p, Info{Names: []string{"A", "B", "C", "D"}}); err != nil {
					t.Fatalf("%d players, after %d decisions: %v\n%s", n, i, err, p.Drawing())
				}
			}
			if s.Outcome().Over() {
				break
			}
			// Now and then the seat to act is skipped, or in games of
			// three and four a seat leaves.
			var next rules.State
			var err error
			switch to := p.ToMove(); {
			case to >= 0 && rng.IntN(10) == 0:
				next, err = p.Skip(to)
			case n > 2 && rng.IntN(300) == 0:
				next, err = p.Retire(rules.Seat(rng.IntN(n)))
				if err != nil {
					continue // a seat already out
				}
			default:
				legal := s.Legal()
				next, err = s.Play(legal[rng.IntN(len(legal))])
			}
			if err != nil {
				t.Fatal(err)
			}
			s = next
		}
	}
	t.Logf("positions drawn by phase: %v", phases)
}

func TestKippyKooConcurrentUse(t *testing.T) {
	drawingTest(t) // under -race, TestEveryGameAtOnce
	serial := newRenderer()
	want := make([][]byte, len(kippykooCases))
	pos := make([]*kippykoo.Position, len(kippykooCases)) // immutable, so shared
	for i, tc := range kippykooCases {
		pos[i] = mustKippyKoo(t, tc.pos, tc.moves...)
		b, err := serial.PNG(pos[i], tc.info)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	r := newRenderer() // fresh, so the goroutines race to draw the static layers too
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(kippykooCases))
	for g := range 4 {
		wg.Go(func() {
			for j := range kippykooCases {
				i := (g + j) % len(kippykooCases)
				tc := kippykooCases[i]
				b, err := r.PNG(pos[i], tc.info)
				if err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(b, want[i]) {
					errs <- fmt.Errorf("%s drawn concurrently: PNG differs from a serial drawing", tc.name)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestKippyKooNil(t *testing.T) {
	var p *kippykoo.Position
	if _, err := newRenderer().PNG(p, Info{}); err == nil {
		t.Errorf("PNG(nil *kippykoo.Position): got no error, want one")
	}
}

// BenchmarkKippyKooPNG draws and encodes a crowded four-player game.
func BenchmarkKippyKooPNG(b *testing.B) {
	r := newRenderer()
	p := mustKippyKoo(b, kkCrowded.pos, kkCrowded.moves...)
	var size int
	for b.Loop() {
		png, err := r.PNG(p, kkCrowded.info)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size)/1024, "KB/png")
}

// kkSentBackCase is a position whose latest move sent marbles back to
// START: a position text, the moves played from it.
var kkSentBackCases = []struct {
	name  string
	pos   string
	moves []string
}{
	{"one marble", kippykooCases[1].pos, kippykooCases[1].moves},
	{"two marbles, West out", "S:start,h5,h20,h30 W:out N:start,start,h33,h45 E:h2,h10,h25,h44 S:move:5-3", []string{"h20+5, h30+3"}},
	{"from a star, doubles", "S:start,start,start,h20 N:start,start,start,h0 S:move:3-3", []string{"start"}},
	{"two of one seat", "S:start,start,h5,h30 N:start,start,h10,h33 S:move:5-3", []string{"h5+5, h30+3"}},
}

// TestKippyKooSentBackMarks checks the marks of the marbles the latest
// move sent back to START (kippykoo.Turn.SentBack): a red ring round each
// hole where one stood, a badge in its seat's colour on the ring, and a
// red ring round each marble just come back in its START (the last ones
// there) and not round the others. The same position read from a text
// without the record (as written before it existed) has none of them.
func TestKippyKooSentBackMarks(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	for _, tc := range kkSentBackCases {
		p := mustKippyKoo(t, tc.pos, tc.moves...)
		sent := p.Last().SentBack
		if len(sent) == 0 {
			t.Fatalf("%s: the move sent nothing back\n%s", tc.name, p.Drawing())
		}
		// The text without the marbles sent back: the latest throw's
		// fourth part dropped.
		f := strings.Fields(p.String())
		last := f[len(f)-1]
		f[len(f)-1] = last[:strings.LastIndex(last, ";")]
		bare := mustKippyKoo(t, strings.Join(f, " "))
		if len(bare.Last().SentBack) != 0 {
			t.Fatalf("%s: %q still records marbles sent back", tc.name, bare)
		}
		for _, q := range []*kippykoo.Position{p, bare} {
			marked := q == p
			img, err := r.Image(q, Info{Names: []string{"A", "B", "C", "D"}})
			if err != nil {
				t.Fatal(err)
			}
			m := toRGBA(img)
			back := map[rules.Seat]int{}
			for _, c := range sent {
				back[c.Seat]++
				x, y, nx, ny := kkHolePos(c.Hole)
				// The ring, inside the loop.
				px, py := int(math.Round(x-nx*(kkMarbleR+6))), int(math.Round(y-ny*(kkMarbleR+6)))
				if got, ok := pixelNear(m, px, py, threatRed, 2); ok != marked {
					t.Errorf("%s (marked %v): ring round %s: pixel (%d, %d) is %v; red %v, want %v\n%s", tc.name, marked, c.Hole, px, py, got, ok, marked, q.Drawing())
				}
				// The badge, in the colour of the marble sent back, beside
				// its cross.
				bx, by := kkBadgePos(c.Hole)
				px, py = int(math.Round(bx)), int(math.Round(by+6))
				if got, ok := pixelNear(m, px, py, seatFill[c.Seat], 2); ok != marked {
					t.Errorf("%s (marked %v): badge on %s: pixel (%d, %d) is %v; %v %v, want %v\n%s", tc.name, marked, c.Hole, px, py, got, seatFill[c.Seat], ok, marked, q.Drawing())
				}
			}
			for seat, k := range back {
				count := q.InStart(seat)
				bx, by := kkPocketBox(q.Side(seat), false)
				for i := range count {
					x, y := kkPocketSlot(bx, by, i)
					px, py := int(math.Round(x)), int(math.Round(y-(kkPocketR+5)))
					want := marked && i >= count-k
					if got, ok := pixelNear(m, px, py, threatRed, 2); ok != want {
						t.Errorf("%s (marked %v): marble %d of %d in seat %d's START, %d sent back: pixel (%d, %d) is %v; red %v, want %v\n%s",
							tc.name, marked, i, count, seat, k, px, py, got, ok, want, q.Drawing())
					}
				}
			}
		}
	}
}

// TestKippyKooLeftSeat checks how a seat that has left the game shows: its
// name bar greyed (a neutral disc, no name in ink) where the others' are
// not, and its star and pockets neutral (TestKippyKooMarbleColours).
func TestKippyKooLeftSeat(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	p := mustKippyKoo(t, kkSentBackCases[1].pos, kkSentBackCases[1].moves...)
	img, err := r.Image(p, Info{Names: []string{"Alice", "Bob", "Chidi", "Dmitri"}})
	if err != nil {
		t.Fatal(err)
	}
	m := toRGBA(img)
	for seat := range rules.Seat(p.Players()) {
		left := p.Retired(seat)
		x, y, w, h := kkBarBox(p.Side(seat))
		cy := y + h/2
		// The disc, left of its letter.
		want := seatFill[seat]
		if left {
			want = kkNeutral
		}
		px, py := int(math.Round(x+16+34+16-11)), int(math.Round(cy))
		if got, ok := pixelNear(m, px, py, want, 2); !ok {
			t.Errorf("seat %d (left %v): disc pixel (%d, %d) is %v, want %v\n%s", seat, left, px, py, got, want, p.Drawing())
		}
		// The name: in ink, unless the seat has left.
		inked := 0
		for yy := int(y); yy < int(y+h); yy++ {
			for xx := int(x + 100); xx < int(x+w/2); xx++ {
				if _, ok := pixelNear(m, xx, yy, ink, 24); ok {
					inked++
				}
			}
		}
		if (inked > 0) == left {
			t.Errorf("seat %d (left %v): %d pixels of its name in ink, want them only for a seat still in\n%s", seat, left, inked, p.Drawing())
		}
	}
}

// TestKippyKooLastWords checks the header's words for the latest turn:
// the lot, a move, a turn skipped with or without a throw, and nothing
// for a throw its seat never used (it left the game), nor before the lot.
func TestKippyKooLastWords(t *testing.T) {
	for _, tc := range []struct {
		pos, label, move string
		moves            []string
	}{
		{"S:start,start,start,start N:start,start,start,start S:throw last:S;first", "Drawn to begin: ", "South", nil},
		{kippykooCases[1].pos, "Last S: ", "h20+5, h5+3", kippykooCases[1].moves},
		{"S:start,h5,h20,finish W:start,start,h13,h30 N:start,start,start,h28 W:throw last:S;6-6;skipped", "Last S: ", "turn skipped", nil},
		{"S:start,h5,h20,finish W:start,start,h13,h30 N:start,start,start,h28 W:roll last:S;skipped", "Last S: ", "turn skipped", nil},
		{"S:out W:start,start,h13,h30 N:start,start,start,h28 W:throw last:S;5-3;-", "", "", nil},
		{"S:start,start,start,start N:start,start,start,start lot", "", "", nil},
	} {
		p := mustKippyKoo(t, tc.pos, tc.moves...)
		label, move := kkLastWords(Info{}, p, p.Last())
		if label != tc.label || move != tc.move {
			t.Errorf("%s: header says %q %q, want %q %q\n%s", p, label, move, tc.label, tc.move, p.Drawing())
		}
		if tc.move == "turn skipped" && len(kkLastPaths(p, p.Last())) != 0 {
			t.Errorf("%s: a turn skipped draws paths\n%s", p, p.Drawing())
		}
	}
	// Skipped through the engine: the header says so, and no path.
	p := mustKippyKoo(t, "S:start,h5,h20,finish W:start,start,h13,h30 N:start,start,start,h28 S:move:5-3")
	st, err := p.Skip(0)
	if err != nil {
		t.Fatal(err)
	}
	q := st.(*kippykoo.Position)
	if label, move := kkLastWords(Info{}, q, q.Last()); move != "turn skipped" || len(kkLastPaths(q, q.Last())) != 0 {
		t.Errorf("after Skip: header says %q %q, %d paths; want turn skipped, none\n%s", label, move, len(kkLastPaths(q, q.Last())), q.Drawing())
	}
}
