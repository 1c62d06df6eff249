package render

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/rumba"
)

// rumbaCases are the Rumba positions whose pictures are kept in testdata:
// a position text, and the decisions played from it.
var rumbaCases = []struct {
	name  string
	pos   string   // rumba position text
	moves []string // canonical texts played from pos
	info  Info
}{
	{
		// Four players, every man waiting; South and East have thrown in
		// the opening throw, North is to throw.
		name: "rumba-start",
		pos:  "4p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- open:6-3,2-1,-,- last:E;2-1;open",
		info: Info{Names: []string{"Alice", "Bob", "Chidi", "Dmitri"}, Title: "Game 3"},
	},
	{
		// Four players: South threw 5-3 and ran a man from 03 onto the se
		// turnout, capturing West's man on se3; the 3 and a reward of 10
		// are left. Red holds 30 with three men, Black 12 with two; North
		// has a man on the ne turnout and one in FINISH.
		name: "rumba-midgame",
		pos:  "4p S:-,07,30,se3 E:-,12,12,44 N:30,30,ne5,finish W:-,-,47,50 S:move:5-3:3:r10 last:S;5-3;S03-se3xW",
		info: Info{Names: []string{"Alice", "Bartholomew the Unready of Somewhere Far", "Chidi 🦊", "Dmitri"}, Title: "Game 12"},
	},
	{
		// Four players: South has just taken his man from his finish space
		// into FINISH, Red's fourth.
		name: "rumba-over",
		pos:  "4p S:63,finish,finish,finish E:-,10,20,20 N:-,-,-,finish W:-,40,41,finish over:red:finished last:S;6-1;S62-63,S63-finish",
		info: Info{Names: []string{"Alice", "Bob", "Chidi", "Dmitri"}, Title: "Game 12"},
	},
	{
		// Two players, each a whole side: Red (South and North) played 4-2
		// with a man of each hand; Black's East is to throw.
		name: "rumba-2p",
		pos:  "2p S:-,00,15,33 E:-,-,22,60 N:-,-,05,sw2 W:-,49,49,finish E:throw last:S;4-2;S11-15,N03-05",
		info: Info{Names: []string{"Alice", "Bob"}},
	},
	{
		// Three players: Bob plays East and West alone. West threw
		// doublets 6-6 and entered a man; the other 6 is left.
		name: "rumba-3p",
		pos:  "3p S:-,08,26,26 E:-,-,17,se5 N:-,-,36,finish W:-,-,48,53 W:move:6-6:6 last:W;6-6;enterW",
		info: Info{Names: []string{"Alice", "Bob", "Chidi"}, Title: "Game 5"},
	},
}

// rbCrowded is a crowded four-player position for the benchmark: men on
// the track, the turnouts, in the pockets and FINISH, blockades, and a
// throw of several moves with a capture.
var rbCrowded = struct {
	pos  string
	info Info
}{
	pos:  "4p S:-,06,26,sw3 E:-,00,15,30 N:04,26,32,finish W:-,14,47,60 S:move:5-4:-:r10 last:S;5-4;S01-06,S22-26xW",
	info: Info{Names: []string{"Alice", "Bartholomew the Unready of Somewhere Far", "Chidi", "Dmitri"}, Title: "Game 12"},
}

// mustRumba reads a position text and plays decisions from it, or stops
// the test.
func mustRumba(t testing.TB, text string, moves ...string) *rumba.Position {
	t.Helper()
	p, err := rumba.Parse(text)
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

func TestRumbaGolden(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	for _, tc := range rumbaCases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustRumba(t, tc.pos, tc.moves...)
			img, err := r.Image(p, tc.info)
			if err != nil {
				t.Fatal(err)
			}
			matchGolden(t, tc.name, img, p.Drawing())
		})
	}
}

func TestRumbaPNG(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	for i, tc := range rumbaCases {
		p := mustRumba(t, tc.pos, tc.moves...)
		b, err := r.PNG(p, tc.info)
		if err != nil {
			t.Fatal(err)
		}
		w, h := checkPNG(t, tc.name, b)
		t.Logf("%s: %d players, %d×%d, %d KB", tc.name, p.Players(), w, h, len(b)>>10)
		if i == 1 {
			full, err := r.Image(p, tc.info)
			if err != nil {
				t.Fatal(err)
			}
			checkQuantized(t, tc.name, b, full)
		}
	}
}

// rbCovered reports whether (x, y) may lie under what is drawn over the
// men, the latest throw's arrowheads and capture badges, or under the dark
// dot where a man it moved stood.
func rbCovered(p *rumba.Position, x, y float64) bool {
	for _, pa := range rbLastPaths(p.Last()) {
		if pa.from.OnBoard() {
			fx, fy := rbPoint(pa.from)
			if math.Hypot(x-fx, y-fy) < 9 {
				return true
			}
		}
		tip, _, _ := cutPath(pa.points, pa.gap)
		end := tip[len(tip)-1]
		if math.Hypot(x-end[0], y-end[1]) < rbHeadLen+12 {
			return true
		}
		if pa.captured != rumba.NoHand && pa.to.OnBoard() {
			bx, by := rbCaptureBadge(pa.to)
			if math.Hypot(x-bx, y-by) < 16 {
				return true
			}
		}
	}
	return false
}

// rbManAt checks the man of hand h drawn with radius at (x, y): his side's
// colour beside his letter, across the stack of men on his space (which
// runs along the unit vector (ax, ay)), and above his letter his top:
// silver for North and West, his colour for South and East.
func rbManAt(t *testing.T, name string, m *image.RGBA, p *rumba.Position, h rumba.Hand, x, y, radius, ax, ay float64) {
	t.Helper()
	type probe struct {
		x, y float64
		want color.RGBA
		what string
	}
	top := rbSideFill[h.Side()]
	if h == rumba.North || h == rumba.West {
		top = rbSilver
	}
	// Sprites are placed on whole pixels: the pixel probed is the one
	// whose nearest corner to the man's centre is the probe's distance away.
	x, y = math.Round(x), math.Round(y)
	for _, pr := range []probe{
		{-ay * 0.87 * radius, ax * 0.87 * radius, rbSideFill[h.Side()], "body"},
		{0, -0.7 * radius, top, "top"},
	} {
		px, py := int(math.Floor(x+pr.x)), int(math.Floor(y+pr.y))
		if rbCovered(p, float64(px), float64(py)) {
			continue
		}
		if got, ok := pixelNear(m, px, py, pr.want, 2); !ok {
			t.Errorf("%s: %s man at (%.0f, %.0f): %s pixel (%d, %d) is %v, want %v\n%s", name, h, x, y, pr.what, px, py, got, pr.want, p.Drawing())
		}
	}
}

// TestRumbaMen checks every man in the pictures: on each track and
// turnout space in the colour and style of his hand, in the pockets and in
// FINISH; that empty spaces and places show no man; and that blockades are
// framed in their side's colour.
func TestRumbaMen(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	all := append(rumbaCases[:len(rumbaCases):len(rumbaCases)], struct {
		name  string
		pos   string
		moves []string
		info  Info
	}{"crowded", rbCrowded.pos, nil, rbCrowded.info})
	isMan := func(m *image.RGBA, x, y float64) bool {
		px, py := int(math.Round(x)), int(math.Round(y))
		_, red := pixelNear(m, px, py, rbSideFill[rumba.Red], 30)
		_, black := pixelNear(m, px, py, rbSideFill[rumba.Black], 30)
		return red || black
	}
	for _, tc := range all {
		p := mustRumba(t, tc.pos, tc.moves...)
		img, err := r.Image(p, tc.info)
		if err != nil {
			t.Fatal(err)
		}
		m := toRGBA(img)
		men := 0
		for s := range rumba.Space(rumba.NumSpaces) {
			hands := p.At(s)
			men += len(hands)
			if s.OnTurnout() {
				x, y := rbPoint(s)
				if len(hands) == 0 {
					if isMan(m, x-12, y) && !rbCovered(p, x-12, y) {
						t.Errorf("%s: empty %s shows a man\n%s", tc.name, s, p.Drawing())
					}
					continue
				}
				rbManAt(t, tc.name, m, p, hands[0], x, y, rbPairR, 0, 1)
				continue
			}
			tile := &rbTiles[s]
			ax, ay, _ := unit(tile.in[0], tile.in[1])
			if len(hands) == 0 {
				x, y := tile.men()
				if isMan(m, x, y) && !rbCovered(p, x, y) {
					t.Errorf("%s: empty %s shows a man\n%s", tc.name, s, p.Drawing())
				}
				continue
			}
			for i, h := range hands {
				x, y, radius := tile.stack(i, len(hands))
				rbManAt(t, tc.name, m, p, h, x, y, radius, ax, ay)
			}
			// A blockade's frame, at the corner of where the men stand.
			bx, by, _, _ := tile.menBox()
			got := m.RGBAAt(int(bx+3), int(by+3))
			_, fill := pixelNear(m, int(bx+3), int(by+3), rbSideFill[hands[0].Side()], 30)
			_, rim := pixelNear(m, int(bx+3), int(by+3), rbSideRim[hands[0].Side()], 30)
			if framed := fill || rim; framed != p.Blockade(s) {
				t.Errorf("%s: %s with %d men: corner pixel %v, framed %v, want %v\n%s", tc.name, s, len(hands), got, framed, p.Blockade(s), p.Drawing())
			}
		}
		for h := rumba.South; h <= rumba.West; h++ {
			bx, by := rbPocket(h)
			waiting := p.Count(h, rumba.Waiting)
			for i := range rumba.MenPerHand {
				x, y := rbPocketSlot(bx, by, i)
				if i < waiting {
					rbManAt(t, tc.name, m, p, h, x, y, rbPairR, 0, 1)
				} else if isMan(m, x-12, y) {
					t.Errorf("%s: place %d of %s's pocket, with %d men waiting, shows a man", tc.name, i, h, waiting)
				}
			}
			men += waiting
		}
		for side := rumba.Red; side <= rumba.Black; side++ {
			i := 0
			for _, h := range side.Hands() {
				for range p.Count(h, rumba.Finish) {
					x, y := rbFinishSlot(side, i)
					rbManAt(t, tc.name, m, p, h, x, y, rbPairR, 0, 1)
					i++
					men++
				}
			}
			for ; i < rumba.ToWin; i++ {
				if x, y := rbFinishSlot(side, i); isMan(m, x-12, y) {
					t.Errorf("%s: place %d of %s's row in FINISH, with %d men there, shows a man", tc.name, i, side, p.Finished(side))
				}
			}
		}
		if men != 4*rumba.MenPerHand {
			t.Errorf("%s: checked %d men, want %d", tc.name, men, 4*rumba.MenPerHand)
		}
	}
}

// TestRumbaAnchors checks a few pixels of the midgame picture at places
// worked out by hand from the layout, not from the painter's geometry: the
// men on 07 (South's, red), 44 (East's, black) and 30 (three red, South's
// outermost), an empty 01, and West's man on se3's circle gone.
func TestRumbaAnchors(t *testing.T) {
	p := mustRumba(t, rumbaCases[1].pos)
	img, err := newRenderer().Image(p, rumbaCases[1].info)
	if err != nil {
		t.Fatal(err)
	}
	m := toRGBA(img)
	// The track's outer edge is at x 25 and y 214 (a header of 142, a bar
	// of 64, the board's rim of 8); a space is 110 px across and each of
	// the 15 between two corners 48.67 px along; the band of numbers is
	// the outer 34 px, so men stand 17 px inside a space's middle. The
	// bottom edge's spaces stand from y 1054 to 1164, their men at y 1092;
	// 00 is at x 500, 07 at 841. The left edge's run from x 25 to 135, men
	// at x 97; 41 begins at y 324, 44 is centred at y 494. The top edge's
	// run from y 214, men at y 286; 30 is at x 597, its three men 24 px
	// apart across the track. The empty 01 is at x 549, its way-of-travel
	// chevron in the middle.
	for _, c := range []struct {
		what string
		x, y int
		want color.RGBA
	}{
		{"the body of South's man on 07", 841 + 16, 1092, rbSideFill[rumba.Red]},
		{"the top of South's man on 07", 841, 1092 - 12, rbSideFill[rumba.Red]},
		{"the body of East's man on 44", 97 + 16, 494, rbSideFill[rumba.Black]},
		{"the top of East's man on 44", 97, 494 - 12, rbSideFill[rumba.Black]},
		{"the top of North's middle man on 30", 597, 286 - 8, rbSilver},
		{"the body of South's outer man on 30", 597 + 11, 286 - 24, rbSideFill[rumba.Red]},
		{"the top of South's outer man on 30", 597, 286 - 24 - 8, rbSideFill[rumba.Red]},
		{"the empty 01", 549, 1092 - 24, rbSpace},
	} {
		if got, ok := pixelNear(m, c.x, c.y, c.want, 2); !ok {
			t.Errorf("%s: pixel (%d, %d) is %v, want %v\n%s", c.what, c.x, c.y, got, c.want, p.Drawing())
		}
	}
}

// TestRumbaRoutes checks the paths of moves: the spaces run through, and
// the drawing from where the man was to where he went.
func TestRumbaRoutes(t *testing.T) {
	for _, tc := range []struct {
		move  string
		steps int    // spaces moved
		via   string // a space the route passes, "" for none
	}{
		{"S 06-10", 4, "08"},
		{"S 03-se3", 5, "se1"},
		{"S se2-11", 6, "se7"},
		{"N 01-se-11", 12, "se4"},
		{"E 20-ne-30", 12, "ne7"},
		{"W 60-02", 6, "63"},
		{"N 50-sw-63", 15, "sw1"},
		{"S 50-60", 10, "55"},
		{"E 36-nw-sw-60", 28, "nw1"},
	} {
		m, err := rumba.ParseMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		route := rbRoute(m)
		if len(route) != tc.steps+1 || route[0] != m.From || route[len(route)-1] != m.To {
			t.Errorf("%s: route %v, want %d steps from %s to %s", tc.move, route, tc.steps, m.From, m.To)
			continue
		}
		if tc.via != "" {
			v, _ := rumba.ParseSpace(tc.via)
			if !slices.Contains(route, v) {
				t.Errorf("%s: route %v does not pass %s", tc.move, route, tc.via)
			}
		}
		for i := 1; i < len(route); i++ {
			// Never onto a bypassed stretch after taking a turnout.
			if route[i-1].OnTurnout() && route[i].OnTrack() && int(route[i]) != rumba.Board.Turnouts[int(route[i-1]-rumba.TrackSpaces)/rumba.TurnoutSpaces].Rejoin {
				t.Errorf("%s: route %v leaves a turnout early", tc.move, route)
			}
		}
		pts := rbRoutePoints(route)
		fx, fy := rbPoint(m.From)
		tx, ty := rbPoint(m.To)
		if first, last := pts[0], pts[len(pts)-1]; math.Hypot(first[0]-fx, first[1]-fy) > 0.5 || math.Hypot(last[0]-tx, last[1]-ty) > 0.5 {
			t.Errorf("%s: path from %v to %v, want from (%.0f, %.0f) to (%.0f, %.0f)", tc.move, first, last, fx, fy, tx, ty)
		}
		for i := 1; i < len(pts); i++ {
			if d := math.Hypot(pts[i][0]-pts[i-1][0], pts[i][1]-pts[i-1][1]); d > rbDepth {
				t.Errorf("%s: the path jumps %.0f px at point %d", tc.move, d, i)
			}
		}
	}
	for _, text := range []string{"S 06-se2", "N 01-ne-11", "S 10-05"} {
		m, err := rumba.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if route := rbRoute(m); route != nil {
			t.Errorf("%s: route %v, want none", text, route)
		}
	}
}

// TestRumbaBoard checks the board's geometry: the track's spaces tile the
// ring, consecutive spaces touch, the turnouts' spaces are far enough
// apart for a man each and clear of the track, the pockets, FINISH and one
// another, and every number is on the board.
func TestRumbaBoard(t *testing.T) {
	area := 0.0
	for s := range rumba.Space(rumba.TrackSpaces) {
		a, b := &rbTiles[s], &rbTiles[(s+1)%rumba.TrackSpaces]
		area += a.w * a.h
		// Consecutive spaces share an edge.
		dx, dy := math.Abs(a.cx-b.cx), math.Abs(a.cy-b.cy)
		if !(math.Abs(dx-(a.w+b.w)/2) < 0.01 && dy < 0.01 || math.Abs(dy-(a.h+b.h)/2) < 0.01 && dx < 0.01) {
			t.Errorf("%s and %s do not touch: centres (%.1f, %.1f) and (%.1f, %.1f)", s, s+1, a.cx, a.cy, b.cx, b.cy)
		}
		nx, ny := a.number()
		if nx < rbTrackX+10 || nx > rbTrackX+rbTrackS-10 || ny < rbTrackY+10 || ny > rbTrackY+rbTrackS-10 {
			t.Errorf("%s's number at (%.0f, %.0f): off the track", s, nx, ny)
		}
	}
	if want := rbTrackS*rbTrackS - (rbTrackS-2*rbDepth)*(rbTrackS-2*rbDepth); math.Abs(area-want) > 1 {
		t.Errorf("the spaces cover %.0f px², want the ring's %.0f", area, want)
	}
	if x, y := rbTiles[0].men(); math.Abs(x-rbCX) > 0.01 || y < rbCY {
		t.Errorf("00 at (%.0f, %.0f), want in the middle of the bottom edge", x, y)
	}
	if x, y := rbTiles[16].men(); math.Abs(y-rbCY) > 0.01 || x < rbCX {
		t.Errorf("16 at (%.0f, %.0f), want in the middle of the right edge (counter-clockwise)", x, y)
	}
	inner := [4]float64{rbTrackX + rbDepth, rbTrackY + rbDepth, rbTrackX + rbTrackS - rbDepth, rbTrackY + rbTrackS - rbDepth}
	type box struct {
		name           string
		x0, y0, x1, y1 float64
	}
	var boxes []box
	for h := rumba.South; h <= rumba.West; h++ {
		x, y := rbPocket(h)
		boxes = append(boxes, box{h.String() + "'s pocket", x - rbPocketW/2, y - rbPocketH/2, x + rbPocketW/2, y + rbPocketH/2})
		from, to := rbLane(h)
		boxes = append(boxes, box{h.String() + "'s lane", math.Min(from[0], to[0]) - rbLaneW/2, math.Min(from[1], to[1]) - rbLaneW/2, math.Max(from[0], to[0]) + rbLaneW/2, math.Max(from[1], to[1]) + rbLaneW/2})
		if x0, y0, x1, y1 := boxes[len(boxes)-2].x0, boxes[len(boxes)-2].y0, boxes[len(boxes)-2].x1, boxes[len(boxes)-2].y1; x0 < inner[0] || y0 < inner[1] || x1 > inner[2] || y1 > inner[3] {
			t.Errorf("%s's pocket (%.0f, %.0f)–(%.0f, %.0f) is not inside the track", h, x0, y0, x1, y1)
		}
	}
	boxes = append(boxes, box{"FINISH", rbCX - rbFinishH, rbCY - rbFinishH, rbCX + rbFinishH, rbCY + rbFinishH})
	for q, l := range rbLoops {
		name := rumba.Board.Turnouts[q].Name
		var prev [2]float64
		for k := 1; k <= rumba.TurnoutSpaces; k++ {
			s := rumba.TurnoutSpace(q, k)
			x, y := rbPoint(s)
			if k > 1 && math.Hypot(x-prev[0], y-prev[1]) < 2*rbTurnR+2 {
				t.Errorf("%s: %.0f px from the space before, want at least %.0f", s, math.Hypot(x-prev[0], y-prev[1]), 2*rbTurnR+2)
			}
			prev = [2]float64{x, y}
			if x-rbTurnR < inner[0] || y-rbTurnR < inner[1] || x+rbTurnR > inner[2] || y+rbTurnR > inner[3] {
				t.Errorf("%s at (%.0f, %.0f): on the track", s, x, y)
			}
			for _, b := range boxes {
				if x+rbTurnR > b.x0 && x-rbTurnR < b.x1 && y+rbTurnR > b.y0 && y-rbTurnR < b.y1 {
					t.Errorf("%s at (%.0f, %.0f) overlaps %s", s, x, y, b.name)
				}
			}
		}
		// It leaves the track at its fork and rejoins it at Rejoin.
		def := rumba.Board.Turnouts[q]
		ax, ay := rbTiles[def.After].inner()
		bx, by := rbTiles[def.Rejoin].inner()
		x0, y0 := l.at(0)
		x1, y1 := l.at(l.length)
		if math.Hypot(x0-ax, y0-ay) > 0.5 || math.Hypot(x1-bx, y1-by) > 0.5 {
			t.Errorf("turnout %s runs from (%.0f, %.0f) to (%.0f, %.0f), want from %02d's inner edge (%.0f, %.0f) to %02d's (%.0f, %.0f)",
				name, x0, y0, x1, y1, def.After, ax, ay, def.Rejoin, bx, by)
		}
	}
	for i, a := range boxes {
		for _, b := range boxes[i+1:] {
			if a.x1 > b.x0 && a.x0 < b.x1 && a.y1 > b.y0 && a.y0 < b.y1 && !strings.HasSuffix(a.name, "lane") && !strings.HasSuffix(b.name, "lane") {
				t.Errorf("%s and %s overlap", a.name, b.name)
			}
		}
	}
}

// TestRumbaPlayout draws positions of short random games for 2, 3 and 4
// players, in every phase, and the end of a game: no panic, no error.
func TestRumbaPlayout(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	rng := rand.New(rand.NewPCG(3, 4))
	phases := map[rumba.Phase]int{}
	names := [][]string{nil, {"A"}, {"Ann", "Bo", "Cy", "Di"}}
	for n := 2; n <= 4; n++ {
		st, err := rumba.New(n)
		if err != nil {
			t.Fatal(err)
		}
		var s rules.State = st
		for i := 0; ; i++ {
			p := s.(*rumba.Position)
			if over := p.Outcome().Over(); over || i%151 == 0 {
				phases[p.Phase()]++
				if _, err := r.Image(p, Info{Names: names[i%3]}); err != nil {
					t.Fatalf("%d players, after %d decisions: %v\n%s", n, i, err, p.Drawing())
				}
				if over {
					break
				}
			}
			if i > 4000 {
				// End it: a resignation draws the last picture.
				s, err = p.End(rules.Outcome{Method: rules.Resignation, Winners: p.Opponents(0)})
				if err != nil {
					t.Fatal(err)
				}
				continue
			}
			legal := s.Legal()
			next, err := s.Play(legal[rng.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			s = next
		}
	}
	t.Logf("positions drawn by phase: %v", phases)
}

// TestRumbaConcurrentUse draws a game of each number of players from two
// goroutines at once (kept small: the race detector makes it slow).
func TestRumbaConcurrentUse(t *testing.T) {
	drawingTest(t)           // under -race, TestEveryGameAtOnce
	var states []rules.State // immutable, so shared
	var infos []Info
	for _, tc := range rumbaCases {
		if tc.name == "rumba-midgame" || tc.name == "rumba-2p" || tc.name == "rumba-3p" {
			states, infos = append(states, mustRumba(t, tc.pos, tc.moves...)), append(infos, tc.info)
		}
	}
	for _, err := range drawConcurrently(states, infos, 2) {
		t.Error(err)
	}
}

func TestRumbaNil(t *testing.T) {
	var p *rumba.Position
	if _, err := newRenderer().PNG(p, Info{}); err == nil {
		t.Errorf("PNG(nil *rumba.Position): got no error, want one")
	}
}

// BenchmarkRumbaPNG draws and encodes a crowded four-player game.
func BenchmarkRumbaPNG(b *testing.B) {
	r := newRenderer()
	p := mustRumba(b, rbCrowded.pos)
	var size int
	for b.Loop() {
		png, err := r.PNG(p, rbCrowded.info)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size)/1024, "KB/png")
}
