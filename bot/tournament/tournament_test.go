package tournament

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestPointsOf(t *testing.T) {
	for _, c := range []struct {
		places []int
		want   []Points
	}{
		{[]int{1, 2}, []Points{36, 0}},
		{[]int{2, 1}, []Points{0, 36}},
		{[]int{1, 1}, []Points{18, 18}},
		{[]int{1, 2, 3}, []Points{36, 18, 0}},
		{[]int{1, 1, 3}, []Points{27, 27, 0}},
		{[]int{3, 1, 1}, []Points{0, 27, 27}},
		{[]int{1, 2, 2}, []Points{36, 9, 9}},
		{[]int{1, 1, 1}, []Points{18, 18, 18}},
		{[]int{1, 2, 3, 4}, []Points{36, 24, 12, 0}},
		{[]int{4, 3, 2, 1}, []Points{0, 12, 24, 36}},
		{[]int{1, 1, 3, 4}, []Points{30, 30, 12, 0}},
		{[]int{1, 2, 2, 2}, []Points{36, 12, 12, 12}},
		{[]int{1, 1, 1, 4}, []Points{24, 24, 24, 0}},
		{[]int{1, 1, 1, 1}, []Points{18, 18, 18, 18}},
	} {
		g := Game{Seats: make([]string, len(c.places))}
		for i := range g.Seats {
			g.Seats[i] = fmt.Sprint(i)
		}
		if err := g.Ended(c.places); err != nil {
			t.Fatal(err)
		}
		for i, want := range c.want {
			if got := g.PointsOf(i); got != want {
				t.Errorf("places %v: seat %d scores %d/36, want %d/36", c.places, i, got, want)
			}
		}
	}
	if got := (Game{Seats: []string{"a"}}).PointsOf(0); got != Point {
		t.Errorf("a bye scores %v, want 1", got)
	}
	if got := (Game{Seats: []string{"a", "b"}}).PointsOf(0); got != 0 {
		t.Errorf("a game in play scores %v, want 0", got)
	}
}

// TestPointsShareAGame checks, over every ranking of games of two to four,
// that a game's points add up to half a point a seat: places share their
// points and lose none.
func TestPointsShareAGame(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := 2 + r.IntN(3)
		g := Game{Seats: make([]string, n)}
		if err := g.Ended(randomPlaces(r, n)); err != nil {
			t.Fatal(err)
		}
		var sum Points
		for i := range n {
			sum += g.PointsOf(i)
		}
		if sum != Point*Points(n)/2 {
			t.Fatalf("places %v give %v points, want %v", g.Places, sum, Point*Points(n)/2)
		}
	}
}

func TestEndedRefusesWhatIsNoRanking(t *testing.T) {
	for _, places := range [][]int{{1}, {0, 1}, {2, 2}, {1, 3}, {1, 2, 2, 3}, {1, 1, 2}, {2, 3, 4}, {1, 2, 3}} {
		g := Game{Seats: []string{"a", "b", "c", "d"}[:2+len(places)%2]}
		if len(places) != len(g.Seats) {
			g.Seats = make([]string, len(places))
		}
		if len(places) == 3 && slices.Equal(places, []int{1, 2, 3}) {
			g.Seats = []string{"a", "b"} // three places for two seats
		}
		if err := g.Ended(places); err == nil {
			t.Errorf("places %v for %d seats were taken", places, len(g.Seats))
		}
	}
}

func TestPointsString(t *testing.T) {
	for p, want := range map[Points]string{0: "0", 36: "1", 54: "1½", 24: "⅔", 84: "2⅓", 27: "¾", 6: "⅙", 7: "0.19", -18: "-½"} {
		if got := p.String(); got != want {
			t.Errorf("%d/36 is written %q, want %q", int(p), got, want)
		}
	}
}

// randomPlaces ranks n seats at random, sharing places now and then.
func randomPlaces(r *rand.Rand, n int) []int {
	score := make([]int, n)
	for i := range score {
		score[i] = r.IntN(n + 1) // ties come often
	}
	places := make([]int, n)
	for i := range places {
		places[i] = 1
		for j := range score {
			if score[j] > score[i] {
				places[i]++
			}
		}
	}
	return places
}

func entrants(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("p%02d", i+1)
	}
	return out
}

// drawing writes an event's rounds as text for a failure message.
func drawing(games []Game) string {
	var b strings.Builder
	for _, g := range games {
		fmt.Fprintf(&b, "round %d: %s", g.Round, strings.Join(g.Seats, " v "))
		if g.Places != nil {
			fmt.Fprintf(&b, " %v", g.Places)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func TestRoundRobinOfTwo(t *testing.T) {
	for n := 2; n <= 17; n++ {
		for _, double := range []bool{false, true} {
			e := Event{Format: RoundRobin, Entrants: entrants(n), PerGame: 2, Double: double}
			games, err := e.Next()
			if err != nil {
				t.Fatal(err)
			}
			times := 1
			if double {
				times = 2
			}
			met := map[pair]int{}
			firsts := map[[2]string]int{}
			balance := map[string]int{}
			rounds := map[int]map[string]bool{}
			for _, g := range games {
				if len(g.Seats) != 2 {
					t.Fatalf("%d entrants: a game of %d\n%s", n, len(g.Seats), drawing(games))
				}
				a, b := g.Seats[0], g.Seats[1]
				met[pairOf(a, b)]++
				firsts[[2]string{a, b}]++
				balance[a]++
				balance[b]--
				if rounds[g.Round] == nil {
					rounds[g.Round] = map[string]bool{}
				}
				for _, id := range g.Seats {
					if rounds[g.Round][id] {
						t.Fatalf("%d entrants: %s plays twice in round %d\n%s", n, id, g.Round, drawing(games))
					}
					rounds[g.Round][id] = true
				}
			}
			if want := n * (n - 1) / 2 * times; len(games) != want {
				t.Errorf("%d entrants, double %v: %d games, want %d", n, double, len(games), want)
			}
			for _, a := range e.Entrants {
				for _, b := range e.Entrants {
					if a < b && met[pairOf(a, b)] != times {
						t.Errorf("%d entrants: %s and %s meet %d times, want %d\n%s", n, a, b, met[pairOf(a, b)], times, drawing(games))
					}
					if double && a != b && firsts[[2]string{a, b}] != 1 {
						t.Errorf("%d entrants, double: %s has the first seat against %s %d times, want 1", n, a, b, firsts[[2]string{a, b}])
					}
				}
				if limit := 1; balance[a] > limit || balance[a] < -limit || (double && balance[a] != 0) {
					t.Errorf("%d entrants, double %v: %s's first seats less second seats are %d\n%s", n, double, a, balance[a], drawing(games))
				}
			}
			if want := (n+1)/2*2 - 1; len(rounds) != want*times {
				t.Errorf("%d entrants, double %v: %d rounds, want %d", n, double, len(rounds), want*times)
			}
		}
	}
}

func TestRoundRobinOfMore(t *testing.T) {
	for per := 3; per <= 4; per++ {
		for n := 2; n <= 16; n++ {
			e := Event{Format: RoundRobin, Entrants: entrants(n), PerGame: per}
			games, err := e.Next()
			if err != nil {
				t.Fatal(err)
			}
			met := map[pair]bool{}
			seated := map[int][]string{}
			sizes := map[int][]int{}
			for _, g := range games {
				for i, a := range g.Seats {
					for _, b := range g.Seats[i+1:] {
						met[pairOf(a, b)] = true
					}
				}
				seated[g.Round] = append(seated[g.Round], g.Seats...)
				sizes[g.Round] = append(sizes[g.Round], len(g.Seats))
			}
			for _, a := range e.Entrants {
				for _, b := range e.Entrants {
					if a < b && !met[pairOf(a, b)] {
						t.Errorf("games of %d, %d entrants: %s never meets %s\n%s", per, n, a, b, drawing(games))
					}
				}
			}
			for r, ids := range seated {
				slices.Sort(ids)
				if !slices.Equal(ids, e.Entrants) {
					t.Errorf("games of %d, %d entrants: round %d seats %v\n%s", per, n, r, ids, drawing(games))
				}
				if !slices.Equal(sizes[r], tableSizes(n, per)) {
					t.Errorf("games of %d, %d entrants: round %d has tables of %v, want %v", per, n, r, sizes[r], tableSizes(n, per))
				}
			}
			// The greedy cover is no optimum, but it must not waste rounds:
			// each entrant meets at most per-1 new faces a round.
			if least := (n - 1 + per - 2) / (per - 1); len(seated) > 3*least+1 {
				t.Errorf("games of %d, %d entrants: %d rounds for a cover that needs %d at least", per, n, len(seated), least)
			}
		}
	}
}

func TestTableSizes(t *testing.T) {
	for n := 2; n <= 40; n++ {
		for per := 3; per <= 4; per++ { // games of two pair, with a bye
			sizes := tableSizes(n, per)
			sum := 0
			for _, s := range sizes {
				sum += s
				if s < 2 && n > 1 || s > per || s < sizes[len(sizes)-1] || s > sizes[0] || sizes[0]-sizes[len(sizes)-1] > 1 {
					t.Errorf("%d in games of %d: tables %v", n, per, sizes)
				}
			}
			if sum != n {
				t.Errorf("%d in games of %d: tables %v seat %d", n, per, sizes, sum)
			}
		}
	}
}

// playSwiss plays a Swiss event of n entrants in games of per over rounds
// rounds with random results and, if leave, a withdrawal now and then; it
// checks every round as it is made and returns the event.
func playSwiss(t *testing.T, r *rand.Rand, n, per, rounds int, leave bool) Event {
	t.Helper()
	e := Event{Format: Swiss, Entrants: entrants(n), PerGame: per, Rounds: rounds}
	for !e.Done() {
		games, err := e.Next()
		if err != nil {
			t.Fatalf("%d entrants in games of %d, round %d of %d: %v\n%s", n, per, e.Round()+1, rounds, err, drawing(e.Games))
		}
		checkRound(t, e, games)
		for i := range games {
			if !games[i].Bye() {
				if err := games[i].Ended(randomPlaces(r, len(games[i].Seats))); err != nil {
					t.Fatal(err)
				}
			}
		}
		e.Games = append(e.Games, games...)
		if in := e.inPlay(); leave && len(in) > 2 && r.IntN(4) == 0 {
			e.Left = append(e.Left, in[r.IntN(len(in))])
		}
	}
	return e
}

// checkRound checks a new Swiss round of e: everyone in play is seated
// once, nobody who left is, tables are as even as can be, in games of two
// nobody meets an opponent again or gets a bye while another has had
// fewer, and nobody's first seats outnumber their second by three or the
// other way round.
func checkRound(t *testing.T, e Event, games []Game) {
	t.Helper()
	h := historyOf(e.Games)
	var seated []string
	var sizes []int
	for _, g := range games {
		if g.Round != e.Round()+1 {
			t.Fatalf("a game of round %d made for round %d", g.Round, e.Round()+1)
		}
		seated = append(seated, g.Seats...)
		if !g.Bye() {
			sizes = append(sizes, len(g.Seats))
		}
	}
	in := slices.Sorted(slices.Values(e.inPlay()))
	slices.Sort(seated)
	if !slices.Equal(seated, in) {
		t.Fatalf("round %d seats %v, want %v\n%s", e.Round()+1, seated, in, drawing(append(e.Games, games...)))
	}
	if e.PerGame > 2 {
		if !slices.Equal(sizes, tableSizes(len(in), e.PerGame)) {
			t.Fatalf("round %d has tables of %v, want %v", e.Round()+1, sizes, tableSizes(len(in), e.PerGame))
		}
		return
	}
	after := historyOf(append(slices.Clone(e.Games), games...))
	for _, g := range games {
		if g.Bye() {
			for _, o := range in {
				if h.byes[o] < h.byes[g.Seats[0]] {
					t.Errorf("round %d: %s has a bye %d, while %s has had %d\n%s", e.Round()+1, g.Seats[0], h.byes[g.Seats[0]]+1, o, h.byes[o], drawing(append(e.Games, games...)))
				}
			}
			// The lowest ranked of the fewest byes has it, unless the
			// others could then not be paired.
			ranked := e.ranked()
			due := ""
			for _, id := range ranked {
				if h.byes[id] == h.byes[g.Seats[0]] {
					due = id
				}
			}
			if due != g.Seats[0] {
				rest := slices.DeleteFunc(slices.Clone(ranked), func(id string) bool { return id == due })
				if _, ok := h.pairTwo(rest, false); ok {
					t.Errorf("round %d: the bye went to %s, not to %s, ranked lower\n%s", e.Round()+1, g.Seats[0], due, drawing(append(e.Games, games...)))
				}
			}
			continue
		}
		if h.met[pairOf(g.Seats[0], g.Seats[1])] > 0 {
			t.Fatalf("round %d: %s meets %s again\n%s", e.Round()+1, g.Seats[0], g.Seats[1], drawing(append(e.Games, games...)))
		}
		for _, id := range g.Seats {
			if b := after.balance[id]; b > 2 || b < -2 {
				t.Errorf("round %d: %s's first seats less second seats are %d\n%s", e.Round()+1, id, b, drawing(append(e.Games, games...)))
			}
		}
	}
}

// TestSwissOfTwo plays many random Swiss events in games of two, of every
// size from 2 to 30 and up to as many rounds as always leave a pairing
// (half the field, less one: past that a field can run out of opponents
// who have not met).
func TestSwissOfTwo(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 400 {
		n := 2 + r.IntN(29)
		field := n + n%2 // a bye is one more seat
		rounds := 1 + r.IntN(max(1, field/2-1))
		e := playSwiss(t, r, n, 2, rounds, r.IntN(3) == 0)
		if len(e.Left) == 0 && e.Round() != rounds {
			t.Errorf("%d entrants: %d rounds played, want %d", n, e.Round(), rounds)
		}
	}
}

// TestSwissOfSeven is the event the issue names: seven entrants over three
// rounds, so three byes go to three entrants, and nobody meets twice.
func TestSwissOfSeven(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		e := playSwiss(t, r, 7, 2, 3, false)
		byes := map[string]int{}
		for _, g := range e.Games {
			if g.Bye() {
				byes[g.Seats[0]]++
			}
		}
		if len(byes) != 3 {
			t.Fatalf("byes went %v\n%s", byes, drawing(e.Games))
		}
		for _, s := range e.Standings() {
			if s.Games != 3 {
				t.Fatalf("%s finished %d games and byes, want 3\n%s", s.Entrant, s.Games, drawing(e.Games))
			}
		}
	}
}

func TestSwissOfMore(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		per := 3 + r.IntN(2)
		n := 2 + r.IntN(20)
		playSwiss(t, r, n, per, 1+r.IntN(5), r.IntN(3) == 0)
	}
}

// TestSwissAvoidsMeetingsAtTables: a field big enough to keep every table
// of four new to each other for two rounds does so.
func TestSwissAvoidsMeetingsAtTables(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 100 {
		e := playSwiss(t, r, 16, 4, 2, false)
		h := historyOf(e.Games)
		for p, n := range h.met {
			if n > 1 {
				t.Fatalf("%s and %s meet %d times\n%s", p[0], p[1], n, drawing(e.Games))
			}
		}
	}
}

// TestSwissPairsByScore: the leader meets the next entrant they may meet,
// and a round cannot be made while one of the last is played.
func TestSwissPairsByScore(t *testing.T) {
	e := Event{Format: Swiss, Entrants: entrants(6), PerGame: 2, Rounds: 3}
	first, err := e.Next()
	if err != nil {
		t.Fatal(err)
	}
	// Round 1 pairs by the order at the start: p01-p02, p03-p04, p05-p06.
	for i, g := range first {
		want := []string{e.Entrants[2*i], e.Entrants[2*i+1]}
		if !slices.Equal(slices.Sorted(slices.Values(g.Seats)), want) {
			t.Fatalf("round 1 game %d is %v, want %v\n%s", i, g.Seats, want, drawing(first))
		}
	}
	e.Games = first
	if _, err := e.Next(); !errors.Is(err, ErrRoundOpen) {
		t.Fatalf("a round was made while the last is played: %v", err)
	}
	// p02, p04 and p06 win: round 2 pairs p02-p04 (the two best who have
	// not met), then p06 with the best of the losers, p01, and p03-p05.
	for i := range e.Games {
		g := &e.Games[i]
		winner := slices.Index(g.Seats, e.Entrants[2*i+1])
		places := []int{2, 2}
		places[winner] = 1
		if err := g.Ended(places); err != nil {
			t.Fatal(err)
		}
	}
	second, err := e.Next()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"p02", "p04"}, {"p01", "p06"}, {"p03", "p05"}}
	for i, g := range second {
		if !slices.Equal(slices.Sorted(slices.Values(g.Seats)), want[i]) {
			t.Fatalf("round 2 is\n%swant %v", drawing(second), want)
		}
	}
}

func TestStandingsSwiss(t *testing.T) {
	// Four entrants, two rounds. Round 1: a beats b, c draws d. Round 2:
	// a draws c, d beats b. Points: a 1½, c 1, d 1½, b 0.
	e := Event{Format: Swiss, Entrants: []string{"a", "b", "c", "d"}, PerGame: 2, Rounds: 2, Games: []Game{
		{Round: 1, Seats: []string{"a", "b"}, Places: []int{1, 2}},
		{Round: 1, Seats: []string{"c", "d"}, Places: []int{1, 1}},
		{Round: 2, Seats: []string{"a", "c"}, Places: []int{1, 1}},
		{Round: 2, Seats: []string{"d", "b"}, Places: []int{1, 2}},
	}}
	got := e.Standings()
	// a and d have 1½. Buchholz: a met b (0) and c (1) = 1; d met c (1)
	// and b (0) = 1. Sonneborn-Berger: a = 1×0 + ½×1 = ½; d = ½×1 + 1×0
	// = ½. They share first; c is third, b fourth.
	wantOrder := []string{"a", "d", "c", "b"}
	wantPlaces := []int{1, 1, 3, 4}
	for i, s := range got {
		if s.Entrant != wantOrder[i] || s.Place != wantPlaces[i] {
			t.Fatalf("standings %+v, want %v in places %v", got, wantOrder, wantPlaces)
		}
	}
	if got[0].Points != 54 || got[0].Buchholz != 36*6 || got[0].SonnebornBerger != 18*36*6 {
		t.Errorf("a: %v points, Buchholz %d, SB %d", got[0].Points, got[0].Buchholz, got[0].SonnebornBerger)
	}
	// Had b drawn with d instead, d's Sonneborn-Berger would fall behind a's.
	e.Games[3].Places = []int{1, 1}
	got = e.Standings()
	if got[0].Entrant != "a" || got[0].Place != 1 || got[1].Place != 2 {
		t.Errorf("standings %+v, want a alone first", got)
	}
}

func TestStandingsRoundRobin(t *testing.T) {
	// Three entrants who each beat one other: a 1, b 1, c 1 — all level,
	// head to head each 1, wins each 1: all share first. Then c also
	// beats a in the second leg: c is first alone.
	e := Event{Format: RoundRobin, Entrants: []string{"a", "b", "c"}, PerGame: 2, Games: []Game{
		{Round: 1, Seats: []string{"a", "b"}, Places: []int{1, 2}},
		{Round: 2, Seats: []string{"b", "c"}, Places: []int{1, 2}},
		{Round: 3, Seats: []string{"c", "a"}, Places: []int{1, 2}},
	}}
	for _, s := range e.Standings() {
		if s.Place != 1 {
			t.Fatalf("%+v: want all first", e.Standings())
		}
	}
	// Head to head: a and b draw their game, both beat nobody else... a
	// table where a and b are level on points but a beat b.
	e = Event{Format: RoundRobin, Entrants: []string{"a", "b", "c", "d"}, PerGame: 2, Games: []Game{
		{Round: 1, Seats: []string{"a", "b"}, Places: []int{1, 2}},
		{Round: 1, Seats: []string{"c", "d"}, Places: []int{1, 1}},
		{Round: 2, Seats: []string{"a", "c"}, Places: []int{2, 1}},
		{Round: 2, Seats: []string{"b", "d"}, Places: []int{1, 2}},
		{Round: 3, Seats: []string{"a", "d"}, Places: []int{1, 1}},
		{Round: 3, Seats: []string{"b", "c"}, Places: []int{1, 1}},
	}}
	// Points: a 1½, b 1½, c 2, d 1. a beat b: a ranks above b.
	got := e.Standings()
	order := []string{got[0].Entrant, got[1].Entrant, got[2].Entrant, got[3].Entrant}
	if !slices.Equal(order, []string{"c", "a", "b", "d"}) || got[1].Place != 2 || got[2].Place != 3 {
		t.Fatalf("standings %+v, want c, a, b, d", got)
	}
}

func TestEventChecks(t *testing.T) {
	for _, e := range []Event{
		{Format: Swiss, Entrants: entrants(4), PerGame: 5, Rounds: 1},
		{Format: Swiss, Entrants: entrants(4), PerGame: 1, Rounds: 1},
		{Format: "ladder", Entrants: entrants(4), PerGame: 2},
		{Format: Swiss, Entrants: entrants(1), PerGame: 2, Rounds: 1},
		{Format: Swiss, Entrants: entrants(4), PerGame: 2},
		{Format: RoundRobin, Entrants: entrants(4), PerGame: 3, Double: true},
		{Format: RoundRobin, Entrants: []string{"a", "a"}, PerGame: 2},
	} {
		if _, err := e.Next(); err == nil {
			t.Errorf("%+v was paired", e)
		}
	}
	e := Event{Format: RoundRobin, Entrants: entrants(4), PerGame: 2}
	games, _ := e.Next()
	e.Games = games
	if _, err := e.Next(); !errors.Is(err, ErrFinished) {
		t.Errorf("a round robin made games twice: %v", err)
	}
}
