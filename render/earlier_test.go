package render

import (
	"flag"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/kingsmen"
	"parlor/rules/kippykoo"
	"parlor/rules/rumba"
)

// The earlier turns a picture marks (Info.Earlier): each game's test draws
// a position after a few turns, with the turns before the latest as
// Earlier and without, and reads the difference at the squares or holes
// and along the paths of those turns: each marked in its mover's colour,
// the older fainter. One picture pair a game, so they run under -race too.

var marksDir = flag.String("marks", "", "write the pictures of the earlier-turns tests to this folder, as marks-<game>.png, to look at")

// playTurns plays decisions from s and returns the state after each.
func playTurns(t *testing.T, s rules.State, moves ...string) []rules.State {
	t.Helper()
	var out []rules.State
	for _, m := range moves {
		next, err := s.Play(rules.Move{Text: m})
		if err != nil {
			t.Fatalf("play %q: %v\n%s", m, err, s.Drawing())
		}
		out = append(out, next)
		s = next
	}
	return out
}

// turnsOf makes Earlier of states, with no move texts.
func turnsOf(states ...rules.State) []Turn {
	out := make([]Turn, len(states))
	for i, s := range states {
		out[i] = Turn{State: s}
	}
	return out
}

// earlierRenderer draws the pictures of these tests, its static layers
// drawn once for all of them.
var earlierRenderer = sync.OnceValue(newRenderer)

// drawEarlier draws s with info, and with info's Earlier left out, and
// writes the first to the -marks folder as marks-<game>.png.
func drawEarlier(t *testing.T, game string, s rules.State, info Info) (with, without *image.RGBA) {
	t.Helper()
	r := earlierRenderer()
	img, err := r.Image(s, info)
	if err != nil {
		t.Fatal(err)
	}
	plain := info
	plain.Earlier = nil
	base, err := r.Image(s, plain)
	if err != nil {
		t.Fatal(err)
	}
	if *marksDir != "" {
		writePNG(t, filepath.Join(*marksDir, "marks-"+game+".png"), img)
	}
	return toRGBA(img), toRGBA(base)
}

// markStrength reads the pixel at (x, y) of with as a mark in colour c
// drawn over the same pixel of without, with = without·(1−a) + c·a, and
// returns a, read from the channel where c differs most from the pixel
// under it. ok is false when nothing is marked there, or the other
// channels say another colour (or something drawn over the mark).
func markStrength(with, without *image.RGBA, x, y int, c color.RGBA) (a float64, ok bool) {
	got, under := with.RGBAAt(x, y), without.RGBAAt(x, y)
	g := [3]float64{float64(got.R), float64(got.G), float64(got.B)}
	u := [3]float64{float64(under.R), float64(under.G), float64(under.B)}
	w := [3]float64{float64(c.R), float64(c.G), float64(c.B)}
	most := 0
	for i := range 3 {
		if math.Abs(w[i]-u[i]) > math.Abs(w[most]-u[most]) {
			most = i
		}
	}
	if math.Abs(w[most]-u[most]) < 40 {
		return 0, false
	}
	a = (g[most] - u[most]) / (w[most] - u[most])
	if a < 0.06 || a > 1.02 {
		return a, false
	}
	for i := range 3 {
		if math.Abs(g[i]-(u[i]+(w[i]-u[i])*a)) > 8 {
			return a, false
		}
	}
	return a, true
}

// contrasts reports whether a mark in c can be read over u: whether c
// and u differ by 40 or more in a channel.
func contrasts(c, u color.RGBA) bool {
	d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
	return max(d(c.R, u.R), d(c.G, u.G), d(c.B, u.B)) >= 40
}

// markRead is how a turn's marks read along some points: the median
// strength of those that read as marks of the colour, and how many of the
// points the mark changed did.
type markRead struct {
	strength     float64
	read, marked int
}

// readMarks reads the marks of colour c at the points pts of with over
// without, leaving out those where c is too near the colour under it to
// be read.
func readMarks(with, without *image.RGBA, pts [][2]float64, c color.RGBA) markRead {
	var m markRead
	var as []float64
	for _, p := range pts {
		x, y := int(math.Round(p[0])), int(math.Round(p[1]))
		under := without.RGBAAt(x, y)
		if with.RGBAAt(x, y) == under || !contrasts(c, under) {
			continue
		}
		m.marked++
		if a, ok := markStrength(with, without, x, y, c); ok {
			as = append(as, a)
		}
	}
	m.read = len(as)
	if len(as) > 0 {
		slices.Sort(as)
		m.strength = as[len(as)/2]
	}
	return m
}

// alongPath lists points every 3 px along the polyline pts, leaving out
// skip0 px at its start and skip1 at its end.
func alongPath(pts [][2]float64, skip0, skip1 float64) [][2]float64 {
	total := 0.0
	for i := 1; i < len(pts); i++ {
		total += math.Hypot(pts[i][0]-pts[i-1][0], pts[i][1]-pts[i-1][1])
	}
	var out [][2]float64
	d := 0.0
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		ux, uy, n := unit(b[0]-a[0], b[1]-a[1])
		for s := 0.0; s < n; s += 3 {
			if at := d + s; at >= skip0 && at <= total-skip1 {
				out = append(out, [2]float64{a[0] + ux*s, a[1] + uy*s})
			}
		}
		d += n
	}
	return out
}

// checkMarks checks that each turn's marks (oldest first) read in its
// mover's colour at most of the points they changed, and that each is
// fainter than the one after it.
func checkMarks(t *testing.T, names []string, reads []markRead) {
	t.Helper()
	for i, m := range reads {
		t.Logf("%s: strength %.2f, read at %d of %d points marked", names[i], m.strength, m.read, m.marked)
		if m.read < 4 || float64(m.read) < 0.7*float64(m.marked) {
			t.Errorf("%s: read as its mover's colour at %d of the %d points marked, want most, and at least 4", names[i], m.read, m.marked)
		}
		if i > 0 && m.strength <= reads[i-1].strength {
			t.Errorf("%s is marked at strength %.2f, the older %s at %.2f: want the older fainter", names[i], m.strength, names[i-1], reads[i-1].strength)
		}
	}
}

// squarePoints lists a few points of the square of side sq centred on
// (x, y), left of its middle and below it: clear of the piece there and
// of the arrows printed on an All the King's Men square.
func squarePoints(x, y, sq float64) [][2]float64 {
	var out [][2]float64
	for _, dx := range []float64{-0.46, -0.43, -0.40} {
		for _, dy := range []float64{0.18, 0.22, 0.26} {
			out = append(out, [2]float64{x + dx*sq, y + dy*sq})
		}
	}
	return out
}

// All the King's Men: South's c2-c3, North's e7-e6 and South's e2-e3
// before North's d7-d6: the squares each left and reached tinted in its
// side's colour, South's older move fainter than its newer.
func TestKingsmenEarlierMoves(t *testing.T) {
	start := mustParse(t, kingsmen.StartText)
	moves := []string{"Ac2-c3", "Ae7-e6", "Ae2-e3", "Ad7-d6"}
	states := playTurns(t, start, moves...)
	var earlier []Turn
	for i, m := range moves[:3] {
		earlier = append(earlier, Turn{State: states[i], Move: m})
	}
	info := Info{Names: []string{"Alice", "Bob"}, LastMove: moves[3], Earlier: earlier}
	with, without := drawEarlier(t, "kingsmen", states[3], info)
	var reads []markRead
	for i, m := range moves[:3] {
		st, err := kingsmen.ParseStep(m)
		if err != nil {
			t.Fatal(err)
		}
		var pts [][2]float64
		for _, sq := range []kingsmen.Square{st.From, st.To} {
			x, y := kmCentre(sq)
			pts = append(pts, squarePoints(x, y, kmSq)...)
		}
		reads = append(reads, readMarks(with, without, pts, seatFill[i%2]))
	}
	checkMarks(t, moves[:3], reads)
}

// markPath is a path of a turn's marks on the canvas, and how far short of
// its end its arrowhead's tip stops.
type markPath struct {
	pts [][2]float64
	gap float64
}

// turnMarks is what a turn marks: a name for the messages, its paths and
// the seat whose colour marks them.
type turnMarks struct {
	name  string
	paths []markPath
	seat  int
}

// checkEarlierGame plays turns (each a turn's decisions) from start, draws
// the state after the last with Earlier the states after every decision
// before, and checks the marks of the turns before the last (checkMarks)
// along their paths, leaving out the paths' ends (the dot where they start
// and the arrowhead): marks gives them from the state at the turn's end,
// and the state drawn.
func checkEarlierGame(t *testing.T, game string, start rules.State, turns [][]string, info Info, marks func(end, last rules.State) turnMarks) {
	t.Helper()
	states := playTurns(t, start, slices.Concat(turns...)...)
	last := states[len(states)-1]
	info.Earlier = turnsOf(states[:len(states)-1]...)
	with, without := drawEarlier(t, game, last, info)
	var reads []markRead
	var names []string
	end := 0
	for _, tt := range turns[:len(turns)-1] {
		end += len(tt)
		m := marks(states[end-1], last)
		var pts [][2]float64
		for _, pa := range m.paths {
			pts = append(pts, alongPath(pa.pts, 14, pa.gap+pathHeadLen+4)...)
		}
		reads = append(reads, readMarks(with, without, pts, seatFill[m.seat]))
		names = append(names, m.name)
	}
	checkMarks(t, names, reads)
}

// Kimbo, four players: East's move, then South's and West's turns (each a
// fence moved and a move) before North's; Earlier has the state after
// every decision of theirs and of North's turn before its move, which the
// picture marks as the three turns: East's paths teal, South's orange,
// West's blue, each fainter than the next.
func TestKimboEarlierTurns(t *testing.T) {
	turns := [][]string{
		{"j5-n5-n3, j14-j15-i15-i13"},
		{"h1|i1>l15|m15", "roll 2-2", "n5-n7, n9-o9-o8"},
		{"a7|a8>k15|l15", "roll 2-2", "e8-home, f10-f12"},
		{"e15|f15>j15|k15", "roll 2-2", "g5-g6-f6, n11-o11-o10"},
	}
	// East to move 6-4.
	checkEarlierGame(t, "kimbo", mustParseKimbo(t, kimboCases[1].pos), turns, kimboCases[1].info, func(end, _ rules.State) turnMarks {
		turn := end.(*kimbo.Position).Last()
		m := turnMarks{name: turn.Move, seat: int(turn.Seat)}
		for _, lg := range turn.Legs() {
			m.paths = append(m.paths, markPath{kbLegPoints(lg), kbTipGap(lg)})
		}
		return m
	})
}

// kkEarlierGame is a game of four of Kippy Koo: South's move, sending
// East's marble on h25 back; West's start and move; North's 3-3, then,
// throwing again, its 4-1; East's 5-2, the latest.
var kkEarlierGame = struct {
	pos   string
	turns [][]string
}{
	pos: "S:start,h5,h20,finish W:start,h18,h30,h40 N:start,start,h33,h45 E:h2,h10,h25,h44 S:move:5-3",
	turns: [][]string{
		{"h20+5, h5+3"},
		{"roll", "roll 6-2", "start, h40+2"},
		{"roll", "roll 3-3", "h45+6", "roll 4-1", "h33+4, h51+1"},
		{"roll", "roll 5-2", "h10+5, h2+2"},
	},
}

// Kippy Koo, four players: Earlier has the state after every decision of
// South's, West's and North's turns, which the picture marks as three
// turns, North's of two throws as one: South's paths orange, West's blue,
// North's gold, each fainter than the next.
func TestKippyKooEarlierTurns(t *testing.T) {
	info := Info{Names: []string{"Alice", "Bob", "Chidi", "Dmitri"}}
	checkEarlierGame(t, "kippykoo", mustKippyKoo(t, kkEarlierGame.pos), kkEarlierGame.turns, info, func(end, last rules.State) turnMarks {
		p, turn := last.(*kippykoo.Position), end.(*kippykoo.Position).Last()
		m := turnMarks{name: p.Side(turn.Seat).String(), seat: int(turn.Seat)}
		for _, th := range turn.Throws() {
			for _, pa := range kkThrowPaths(p, turn.Seat, th.Legs()) {
				m.paths = append(m.paths, markPath{pa.points, pa.gap})
			}
		}
		return m
	})
}

// Kippy Koo: a turn that threw again after doubles shows all its throws
// (kippykoo.Turn.Before): North's 3-3 path, lighter than its 4-1's, and
// both throws on the header's line of the latest turn.
func TestKippyKooTurnThrowsAgain(t *testing.T) {
	moves := slices.Concat(kkEarlierGame.turns[:3]...)
	p := playTurns(t, mustKippyKoo(t, kkEarlierGame.pos), moves...)[len(moves)-1].(*kippykoo.Position)
	if _, move := kkLastWords(Info{}, p, p.Last()); move != "3-3 h45+6 · 4-1 h33+4, h51+1" {
		t.Errorf("the latest turn's line says %q, want %q", move, "3-3 h45+6 · 4-1 h33+4, h51+1")
	}
	// The same position with the latest throw alone, as before Before.
	text := p.String()
	alone, err := kippykoo.Parse(text[:strings.Index(text, "last:N;")] + "last:N;4-1;h33+4,h51+1")
	if err != nil {
		t.Fatal(err)
	}
	r := earlierRenderer()
	info := Info{Names: []string{"Alice", "Bob", "Chidi", "Dmitri"}}
	with, err := r.Image(p, info)
	if err != nil {
		t.Fatal(err)
	}
	without, err := r.Image(alone, info)
	if err != nil {
		t.Fatal(err)
	}
	pa := kkThrowPaths(p, 2, p.Last().Before[0].Legs())[0]
	m := readMarks(toRGBA(with), toRGBA(without), alongPath(pa.points, 30, pa.gap+pathHeadLen+4), pathInk)
	t.Logf("the 3-3's path: strength %.2f, read at %d of %d points marked", m.strength, m.read, m.marked)
	if m.read < 10 || float64(m.read) < 0.7*float64(m.marked) || m.strength < 0.2 || m.strength > 0.45 {
		t.Errorf("the 3-3's path reads at %d of %d points marked, strength %.2f: want most of them, and at least 10, at 0.2 to 0.45", m.read, m.marked, m.strength)
	}
}

// Rumba, four players: the rest of South's throw (its capture on se3, then
// 30-40 and se3-se6), East's 6-4 and North's 5-1 before West's 4-2, the
// latest; Earlier has the state after every decision of theirs, and the
// picture marks the three throws: South's paths orange, East's blue,
// North's gold, each fainter than the next.
func TestRumbaEarlierThrows(t *testing.T) {
	turns := [][]string{
		{"S 30-40", "S se3-se6"},
		{"roll", "roll 6-4", "E 44-50", "W 50-sw1"},
		{"roll", "roll 5-1", "S 40-45", "N ne5-ne6"},
		{"roll", "roll 4-2", "E 12-14", "W sw1-sw5"},
	}
	// South to play the 3 and a reward of 10.
	checkEarlierGame(t, "rumba", mustRumba(t, rumbaCases[1].pos), turns, rumbaCases[1].info, func(end, _ rules.State) turnMarks {
		p := end.(*rumba.Position)
		th := p.Last()
		m := turnMarks{name: th.Hand.String(), seat: int(p.SeatOf(th.Hand))}
		for _, pa := range rbLastPaths(th) {
			m.paths = append(m.paths, markPath{pa.points, pa.gap})
		}
		return m
	})
}

// earlierTurns reads each Turn, leaves a record to the next one that
// continues it, leaves out those with nothing to mark and keeps the most
// recent maxEarlier, oldest first.
func TestEarlierTurnsPicked(t *testing.T) {
	var turns []Turn
	for _, m := range []string{"1", "1", "0", "x", "2", "3", "4", "5", "6", "7"} {
		turns = append(turns, Turn{Move: m})
	}
	read := func(t Turn) (int, bool) {
		n, err := strconv.Atoi(t.Move)
		return n, err == nil
	}
	same := func(a, b int) bool { return a == b }
	marked := func(n int) bool { return n != 0 }
	got := earlierTurns(turns, 7, read, same, marked)
	if want := []int{2, 3, 4, 5, 6}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := earlierTurns(nil, 7, read, same, marked); len(got) != 0 {
		t.Errorf("with no turns: got %v, want none", got)
	}
}

// Earlier that marks nothing leaves the picture as it is without it:
// states of another game, none, and the states after the decisions of
// the latest turn before its last (North's throw again after 3-3 here),
// which the state drawn carries on.
func TestEarlierNothingToMark(t *testing.T) {
	moves := slices.Concat(kkEarlierGame.turns[:3]...)
	states := playTurns(t, mustKippyKoo(t, kkEarlierGame.pos), moves...)
	n := len(states)
	earlier := append(turnsOf(states[n-4:n-1]...), Turn{State: mustParse(t, kingsmen.StartText), Move: "Ac2-c3"}, Turn{})
	info := Info{Names: []string{"Alice", "Bob", "Chidi", "Dmitri"}, Earlier: earlier}
	with, without := drawEarlier(t, "kippykoo-none", states[n-1], info)
	if _, d := compare(with, without, 0); d != 0 {
		t.Errorf("%d pixels differ from the picture without Earlier, want none", d)
	}
}
