package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
)

// kimboCases are the Kimbo positions whose pictures are kept in testdata.
var kimboCases = []struct {
	name string
	pos  string // kimbo position text
	info Info
}{
	{
		// Two players; South has rolled 6-3 in the opening roll and North
		// is to roll. West's and East's entrances are closed.
		name: "kimbo-start",
		pos:  "S:b1,n1,n14,a15/e1|f1,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1 N:o1,b2,b15,n15/e15|f15,f15|g15,g15|h15,h15|i15,i15|j15,j15|k15 open:6-3,- last:S;-;6-3;-",
		info: Info{Names: []string{"Alice", "Bob"}, Title: "Game 3"},
	},
	{
		// Four players, fences scattered; East has moved a fence from
		// o8|o9 to h4|i4 and rolled 6-4: its movable pieces are ringed.
		name: "kimbo-midgame",
		pos: "S:n5,k7,n9,home/e1|f1,g1|h1,h1|i1,i1|j1,j1|k1,n5|o5 " +
			"W:e8,f10,home,home/a5|a6,a6|a7,a7|a8,a8|a9,o11|o12,g13|g14 " +
			"N:g5,i5,d9,n11/c9|c10,d10|e10,e15|f15,f15|g15,g15|h15,h15|i15 " +
			"E:c3,j5,h6,j14/h4|i4,o5|o6,o6|o7,o7|o8,o9|o10,g10|h10 " +
			"E:move:6-4 last:E;o8|o9>h4|i4;6-4;-",
		info: Info{Names: []string{"Alice", "Bartholomew the Unready of Somewhere Far", "Chidi 🦊", "Dmitri"}, Title: "Game 12"},
	},
	{
		// North moved a fence, then ran n15 to n11 with the 4 and g12 to
		// g10 and east onto h10 with the 3, capturing South's piece there:
		// North now chooses the corner it goes back to.
		name: "kimbo-capture",
		pos: "S:-,j6,home,home/f1|g1,j1|k1,m5|n5,o5|o6,n9|o9,m13|m14 " +
			"N:k8,h10,n11,home/j2|j3,a4|b4,n6|o6,k7|k8,d13|d14,f15|g15 " +
			"N:corner:S last:N;i3|j3>j2|j3;4-3;n15-n11,g12-g10xh10",
		info: Info{Names: []string{"Alice", "Bob"}, Title: "Game 5"},
	},
	{
		// Four players; South has rolled doubles and jumped its piece on
		// i11 over East's fence to i10. West may now move a fence.
		name: "kimbo-jump",
		pos: "S:e10,i10,g11,home/i1|j1,j1|k1,f2|g2,j3|j4,f8|f9,j8|k8 " +
			"W:n6,home,home,home/e3|f3,a5|a6,d6|e6,a7|a8,a9|a10,d13|e13 " +
			"N:f8,h10,e12,n15/n5|o5,d8|d9,j13|j14,e15|f15,f15|g15,i15|j15 " +
			"E:o2,k8,g10,home/o8|o9,o9|o10,c10|c11,i10|i11,j11|j12,a13|b13 " +
			"W:fence last:S;nofence;5-5;jumpi11-i10",
		info: Info{Names: []string{"Alice", "Bob", "Chidi", "Dmitri"}},
	},
	{
		// Three players (East's entrance closed); West has just taken its
		// last piece HOME through South's entrance.
		name: "kimbo-over",
		pos: "S:h10,k10,home,home/f1|g1,h1|i1,k2|l2,e6|f6,n13|o13,k15|l15 " +
			"W:home,home,home,home/j3|k3,c4|d4,i5|i6,k6|l6,k8|l8,e9|f9 " +
			"N:h13,home,home,home/c3|c4,n7|o7,e8|f8,e10|e11,e11|f11,d14|e14 " +
			"over:W:finished last:W;a5|a6>i5|i6;3-2;h5-home",
		info: Info{Names: []string{"Alice", "Bob", "Chidi"}},
	},
}

func mustParseKimbo(t testing.TB, text string) *kimbo.Position {
	t.Helper()
	p, err := kimbo.Parse(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	return p
}

func TestKimboGolden(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	for _, tc := range kimboCases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParseKimbo(t, tc.pos)
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

func TestKimboPNG(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	for i, tc := range kimboCases {
		p := mustParseKimbo(t, tc.pos)
		b, err := r.PNG(p, tc.info)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: decode: %v", tc.name, err)
		}
		w, h := cfg.Width, cfg.Height
		t.Logf("%s: %d×%d, %d KB", tc.name, w, h, len(b)>>10)
		if len(b) >= 300<<10 {
			t.Errorf("%s: PNG is %d bytes, want under 300 KB", tc.name, len(b))
		}
		if long := max(w, h); long < 1000 || long > 1400 {
			t.Errorf("%s: long side %d px, want 1000–1400", tc.name, long)
		}
		if w == h {
			t.Errorf("%s: image is square (%d×%d); phones crop square images", tc.name, w, h)
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

// kbNearColour reports whether the pixel at (x, y) is c, give or take tol per
// channel.
func kbNearColour(img *image.RGBA, x, y int, c color.RGBA, tol int) (color.RGBA, bool) {
	got := img.RGBAAt(x, y)
	d := pixelDiff([]uint8{got.R, got.G, got.B, got.A}, []uint8{c.R, c.G, c.B, c.A})
	return got, d <= tol
}

// TestKimboFenceColours checks that every fence is painted in its owner's
// colour, and each neutral fence in the neutral colour, in the middle of
// its slot.
func TestKimboFenceColours(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	for _, tc := range kimboCases {
		p := mustParseKimbo(t, tc.pos)
		img, err := r.Image(p, tc.info)
		if err != nil {
			t.Fatal(err)
		}
		m := toRGBA(img)
		owners := []rules.Seat{kimbo.Neutral}
		for seat := range p.Players() {
			owners = append(owners, rules.Seat(seat))
		}
		count := 0
		for _, owner := range owners {
			want := kbNeutral
			if owner >= 0 {
				want = seatFill[owner]
			}
			for _, sl := range p.Fences(owner) {
				count++
				x, y, _ := kbSlotCentre(sl)
				if got, ok := kbNearColour(m, int(x), int(y), want, 2); !ok {
					t.Errorf("%s: fence of seat %d at %s: pixel (%d, %d) is %v, want %v\n%s",
						tc.name, owner, sl, int(x), int(y), got, want, p.Drawing())
				}
			}
		}
		wantCount := p.Players() * kimbo.FencesPerSeat
		if n := 4 - p.Players(); n > 0 {
			wantCount += 3 * n
		}
		if count != wantCount {
			t.Errorf("%s: checked %d fences, want %d", tc.name, count, wantCount)
		}
		// An empty slot shows its groove, not a fence.
		for sl := kimbo.Slot(0); sl < kimbo.Slots; sl++ {
			if _, ok := p.FenceAt(sl); ok || sl == p.Last().FenceFrom || sl == p.Last().FenceTo {
				continue
			}
			x, y, _ := kbSlotCentre(sl)
			if got, ok := kbNearColour(m, int(x), int(y), kbGroove, 40); !ok && !kbNearPath(p, x, y) {
				t.Errorf("%s: empty slot %s: pixel (%d, %d) is %v, want the groove %v", tc.name, sl, int(x), int(y), got, kbGroove)
			}
		}
	}
}

// kbNearPath reports whether (x, y) lies near the latest move's path,
// whose band crosses the slots the pieces passed, or by one of its
// captures, whose ring reaches the slots around the square.
func kbNearPath(p *kimbo.Position, x, y float64) bool {
	for _, lg := range p.Last().Legs() {
		for _, pt := range lg.Points {
			if cx, cy := kbCentre(pt.Square); pt.Capture && math.Hypot(x-cx, y-cy) < kbSq*0.6 {
				return true
			}
		}
		pts := kbLegPoints(lg)
		for i := 1; i < len(pts); i++ {
			a, b := pts[i-1], pts[i]
			if min(a[0], b[0])-12 <= x && x <= max(a[0], b[0])+12 && min(a[1], b[1])-12 <= y && y <= max(a[1], b[1])+12 {
				return true
			}
		}
	}
	return false
}

// TestKimboMovableMarked checks that, in a move decision, exactly the
// pieces some legal move starts from are marked in the mover's colour.
func TestKimboMovableMarked(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	tc := kimboCases[1]
	p := mustParseKimbo(t, tc.pos)
	img, err := r.Image(p, tc.info)
	if err != nil {
		t.Fatal(err)
	}
	m := toRGBA(img)
	movable := map[kimbo.Square]bool{}
	for _, s := range kbMovable(p.Legal()) {
		movable[s] = true
	}
	if len(movable) == 0 {
		t.Fatalf("%s: no movable piece; want some\n%s", tc.name, p.Drawing())
	}
	mover := p.ToMove()
	for seat := range rules.Seat(p.Players()) {
		for _, s := range p.Pieces(seat) {
			if !s.OnGrid() {
				continue
			}
			// The bracket in the square's lower-left corner.
			x, y := kbCentre(s)
			px, py := int(x-kbSq/2+kbMarkIn), int(y+kbSq/2-kbMarkIn-7)
			got, marked := kbNearColour(m, px, py, seatFill[mover], 30)
			if want := seat == mover && movable[s]; marked != want {
				t.Errorf("%s: piece of seat %d on %s: bracket pixel %v, marked %v, want %v\n%s", tc.name, seat, s, got, marked, want, p.Drawing())
			}
		}
	}
}

// TestKimboNames draws every case with too few, too many, empty and
// unprintable names: none may panic, and the picture keeps its size.
func TestKimboNames(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	for _, tc := range kimboCases {
		p := mustParseKimbo(t, tc.pos)
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

// TestKimboPlayout draws positions of random games in every phase, for 2,
// 3 and 4 players: no panic, no error.
func TestKimboPlayout(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	rng := rand.New(rand.NewPCG(1, 2))
	phases := map[kimbo.Phase]int{}
	for n := 2; n <= 4; n++ {
		st, err := kimbo.New(n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Image(st, Info{}); err != nil {
			t.Fatalf("New(%d): %v", n, err)
		}
		var s rules.State = st
		for i := 0; i < 400 && !s.Outcome().Over(); i++ {
			legal := s.Legal()
			next, err := s.Play(legal[rng.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			s = next
			p := s.(*kimbo.Position)
			if i%31 != 0 && p.Phase() != kimbo.PhaseCorner {
				continue
			}
			phases[p.Phase()]++
			if _, err := r.Image(p, Info{Names: []string{"A", "B", "C", "D"}}); err != nil {
				t.Fatalf("%d players, after %d decisions: %v\n%s", n, i+1, err, p.Drawing())
			}
		}
	}
	t.Logf("positions drawn by phase: %v", phases)
}

func TestKimboConcurrentUse(t *testing.T) {
	drawingTest(t) // under -race, TestEveryGameAtOnce
	serial := newRenderer()
	want := make([][]byte, len(kimboCases))
	for i, tc := range kimboCases {
		b, err := serial.PNG(mustParseKimbo(t, tc.pos), tc.info)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	r := newRenderer() // fresh, so the goroutines race to draw the static layers too
	var wg sync.WaitGroup
	errs := make(chan error, 3*len(kimboCases))
	for g := range 3 {
		wg.Go(func() {
			for j := range kimboCases {
				i := (g + j) % len(kimboCases)
				tc := kimboCases[i]
				p, err := kimbo.Parse(tc.pos)
				if err != nil {
					errs <- err
					return
				}
				b, err := r.PNG(p, tc.info)
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

func TestKimboNil(t *testing.T) {
	var p *kimbo.Position
	if _, err := newRenderer().PNG(p, Info{}); err == nil {
		t.Errorf("PNG(nil *kimbo.Position): got no error, want one")
	}
}

// BenchmarkKimboPNG draws and encodes a crowded four-player game.
func BenchmarkKimboPNG(b *testing.B) {
	r := newRenderer()
	tc := kimboCases[1]
	p := mustParseKimbo(b, tc.pos)
	var size int
	for b.Loop() {
		png, err := r.PNG(p, tc.info)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size)/1024, "KB/png")
}

// TestKimboResignedSeat: the name bar of a seat that resigned (left the
// game, its pieces off the board) says "resigned", not "4 captured"; in a
// game of three that goes on, and in a game of two that the resignation
// ended.
func TestKimboResignedSeat(t *testing.T) {
	drawingTest(t)
	three, err := kimbo.New(3)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"roll 6-5", "roll 3-1", "roll 2-1"} {
		if three, err = three.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	two, err := kimbo.New(2)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p      *kimbo.Position
		seat   rules.Seat
		over   bool
		header string
	}{
		{three, 1, false, ""},
		{two, 0, true, "Bob won: Alice resigned"},
	} {
		st, err := tc.p.Retire(tc.seat)
		if err != nil {
			t.Fatal(err)
		}
		p := st.(*kimbo.Position)
		if p.Outcome().Over() != tc.over {
			t.Fatalf("after seat %d resigned: over %v, want %v\n%s", tc.seat, p.Outcome().Over(), tc.over, p.Drawing())
		}
		names := []string{"Alice", "Bob", "Chidi"}[:p.Players()]
		v := &kbView{p: p, names: names, legal: p.Legal(), last: p.Last()}
		for seat := range p.Players() {
			var words []string
			for _, pt := range kbBarParts(v, seat, barStateOf(p.Outcome(), seat, int(p.Turn()))) {
				words = append(words, pt.text)
			}
			got := strings.Join(words, " · ")
			resigned := rules.Seat(seat) == tc.seat
			if strings.Contains(got, "captured") || strings.Contains(got, "resigned") != resigned {
				t.Errorf("%s: seat %d's bar says %q (resigned %v)\n%s", p, seat, got, resigned, p.Drawing())
			}
		}
		if tc.header != "" {
			if got := resultText(Info{}, p.Outcome(), names, ""); got != tc.header {
				t.Errorf("%s: header says %q, want %q", p, got, tc.header)
			}
		}
		if _, err := newRenderer().Image(p, Info{Names: names}); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}
