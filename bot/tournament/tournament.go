package tournament

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
)

// Format is how an event pairs its entrants.
type Format string

// The formats.
const (
	RoundRobin Format = "round-robin"
	Swiss      Format = "swiss"
)

// Points is a score in 36ths of a point, so that every share of a place
// in a game of two, three or four is whole.
type Points int

// Point is a whole point: a win.
const Point Points = 36

// fractions are the 36ths that have a sign of their own.
var fractions = map[Points]string{6: "⅙", 9: "¼", 12: "⅓", 18: "½", 24: "⅔", 27: "¾", 30: "⅚"}

// String writes p as players read a score: "2", "1½", "⅔", "3.42".
func (p Points) String() string {
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	whole, part := p/Point, p%Point
	if part == 0 {
		return sign + strconv.Itoa(int(whole))
	}
	if f, ok := fractions[part]; ok {
		if whole == 0 {
			return sign + f
		}
		return sign + strconv.Itoa(int(whole)) + f
	}
	return sign + strconv.FormatFloat(float64(p)/float64(Point), 'f', 2, 64)
}

// Game is one game of an event: its entrants in seat order (seat 0 plays
// first) and, once it has ended, the place each seat finished in.
type Game struct {
	Round int
	Seats []string
	// Places holds each seat's finishing place, 1 being first, ranked as
	// competitions rank (two seats sharing first are both 1, and the next
	// is 3); nil while the game is played. A bye has none.
	Places []int
}

// Bye reports whether g is a bye: one entrant, no game.
func (g Game) Bye() bool { return len(g.Seats) == 1 }

// Over reports whether g has ended (a bye has).
func (g Game) Over() bool { return g.Bye() || g.Places != nil }

// PointsOf is what seat i scored in g: 0 while it is played.
func (g Game) PointsOf(i int) Points {
	if g.Bye() {
		return Point
	}
	if g.Places == nil {
		return 0
	}
	n, place := len(g.Seats), g.Places[i]
	shared := 0
	for _, p := range g.Places {
		if p == place {
			shared++
		}
	}
	var sum Points
	for q := place; q < place+shared; q++ {
		sum += Point * Points(n-q) / Points(n-1)
	}
	return sum / Points(shared)
}

// Ended records how g ended: places[i] is seat i's finishing place. It
// checks that the places are ranked as competitions rank them.
func (g *Game) Ended(places []int) error {
	if len(places) != len(g.Seats) || g.Bye() {
		return fmt.Errorf("tournament: %d places for a game of %d", len(places), len(g.Seats))
	}
	sorted := slices.Sorted(slices.Values(places))
	for i, p := range sorted {
		if p < 1 || (i > 0 && p != sorted[i-1] && p != i+1) || (i == 0 && p != 1) {
			return fmt.Errorf("tournament: places %v are not a ranking", places)
		}
	}
	g.Places = slices.Clone(places)
	return nil
}

// Event is a tournament as pairing needs it.
type Event struct {
	Format Format
	// Entrants are in their order at the start (by rating, or as they
	// joined), which ranks entrants of equal points before any game.
	Entrants []string
	// Left are the entrants who withdrew: they are paired no more.
	Left []string
	// PerGame is how many play each game: 2 to 4 (a table may have one
	// fewer when the entrants do not divide evenly).
	PerGame int
	// Double has each pair of a round robin in games of two meet twice,
	// seats swapped.
	Double bool
	// Rounds is how many rounds a Swiss event plays.
	Rounds int
	// Games are every game of the event so far, byes included.
	Games []Game
}

// The errors of pairing.
var (
	ErrRoundOpen = errors.New("tournament: the round is still being played")
	ErrFinished  = errors.New("tournament: every round has been played")
	ErrNoPairing = errors.New("tournament: no pairing is left in which nobody meets an opponent again")
)

// Check reports what is wrong with e's settings, if anything.
func (e Event) Check() error {
	switch {
	case e.PerGame < 2 || e.PerGame > 4:
		return fmt.Errorf("tournament: games of %d players", e.PerGame)
	case e.Format != RoundRobin && e.Format != Swiss:
		return fmt.Errorf("tournament: no format %q", e.Format)
	case len(e.Entrants) < 2:
		return fmt.Errorf("tournament: %d entrants", len(e.Entrants))
	case e.Double && e.PerGame != 2:
		return errors.New("tournament: only games of two are played twice")
	case e.Format == Swiss && e.Rounds < 1:
		return errors.New("tournament: a Swiss event plays one round at least")
	}
	seen := map[string]bool{}
	for _, id := range e.Entrants {
		if id == "" || seen[id] {
			return fmt.Errorf("tournament: entrant %q twice or empty", id)
		}
		seen[id] = true
	}
	return nil
}

// in play are e's entrants who have not left, in their order.
func (e Event) inPlay() []string {
	var out []string
	for _, id := range e.Entrants {
		if !slices.Contains(e.Left, id) {
			out = append(out, id)
		}
	}
	return out
}

// Round is the last round made, 0 before the first.
func (e Event) Round() int {
	r := 0
	for _, g := range e.Games {
		r = max(r, g.Round)
	}
	return r
}

// Done reports whether e has ended: every game made is over, and no
// round is left to make.
func (e Event) Done() bool {
	for _, g := range e.Games {
		if !g.Over() {
			return false
		}
	}
	if e.Format == RoundRobin {
		return len(e.Games) > 0
	}
	return e.Round() >= e.Rounds || len(e.inPlay()) < 2
}

// Next makes the next games of e: the whole of a round robin at its start,
// or a Swiss event's next round once the last has ended.
func (e Event) Next() ([]Game, error) {
	if err := e.Check(); err != nil {
		return nil, err
	}
	if e.Format == RoundRobin {
		if len(e.Games) > 0 {
			return nil, ErrFinished
		}
		return roundRobin(e.Entrants, e.PerGame, e.Double), nil
	}
	for _, g := range e.Games {
		if !g.Over() {
			return nil, ErrRoundOpen
		}
	}
	if e.Round() >= e.Rounds || len(e.inPlay()) < 2 {
		return nil, ErrFinished
	}
	return e.swiss()
}

// pair is two entrants, in either order.
type pair [2]string

func pairOf(a, b string) pair {
	if a > b {
		a, b = b, a
	}
	return pair{a, b}
}

// history is what pairing needs of the games played: who met whom, the
// byes, and each entrant's seats.
type history struct {
	met     map[pair]int
	byes    map[string]int
	balance map[string]int // first seats less second seats, in games of two
	last    map[string]int // the seat of the last game of two: 0, 1, or -1
	firsts  map[string]int // first seats, in games of more
}

func historyOf(games []Game) history {
	h := history{met: map[pair]int{}, byes: map[string]int{}, balance: map[string]int{}, last: map[string]int{}, firsts: map[string]int{}}
	for _, g := range games {
		if g.Bye() {
			h.byes[g.Seats[0]]++
			continue
		}
		for i, a := range g.Seats {
			for _, b := range g.Seats[i+1:] {
				h.met[pairOf(a, b)]++
			}
		}
		if len(g.Seats) == 2 {
			h.balance[g.Seats[0]]++
			h.balance[g.Seats[1]]--
			h.last[g.Seats[0]], h.last[g.Seats[1]] = 0, 1
		}
		h.firsts[g.Seats[0]]++
	}
	return h
}

// tableSizes splits n entrants into tables of at most per, as even as can
// be: 7 in games of four are a table of 4 and one of 3.
func tableSizes(n, per int) []int {
	tables := (n + per - 1) / per
	sizes := make([]int, tables)
	for i := range sizes {
		sizes[i] = n / tables
		if i < n%tables {
			sizes[i]++
		}
	}
	return sizes
}
