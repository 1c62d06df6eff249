package rating

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"time"
)

// Key names one rating: a player's in one game on one server.
type Key struct {
	Server string // Discord server id, "" for DMs and the console
	Kind   string // the game, as storage names it ("kingsmen")
	Player string // user id, or the id the caller gives a computer player
}

// Entry is one rating in a Ledger and the record behind it.
type Entry struct {
	Key
	Rating   Rating
	Computer bool // the player is a computer player
	// Games counts the rated games; each is a win (the best place, which
	// some seat did not share), a draw (every seat placed alike) or a
	// loss.
	Games, Wins, Draws, Losses int
}

// Player is who sits in a seat.
type Player struct {
	ID       string
	Computer bool
}

// Game is a finished game to rate.
type Game struct {
	ID      int64     // the game's id; with Ended it orders games (SortGames)
	Ended   time.Time // when the game ended
	Server  string
	Kind    string
	Players []Player // by seat
	// Teams is each seat's team, nil when every seat plays for itself
	// (see Results).
	Teams []int
	// Places is each seat's place, 1 the best (see Results and Places).
	Places []int
}

// Change is what a game did to one player's rating.
type Change struct {
	Key
	Before, After Rating
}

// Ledger holds ratings by Key. Its zero value is empty and ready to use.
type Ledger struct {
	entries map[Key]Entry
}

// Get is the entry of k, and whether k has one; a player without one is
// rated Default.
func (l *Ledger) Get(k Key) (Entry, bool) {
	e, ok := l.entries[k]
	return e, ok
}

// Rating is k's rating, Default for a player not rated yet.
func (l *Ledger) Rating(k Key) Rating {
	if e, ok := l.entries[k]; ok {
		return e.Rating
	}
	return Default
}

// Put sets an entry, as stored ratings are loaded into a Ledger.
func (l *Ledger) Put(e Entry) {
	if l.entries == nil {
		l.entries = map[Key]Entry{}
	}
	l.entries[e.Key] = e
}

// Len is the number of entries.
func (l *Ledger) Len() int { return len(l.entries) }

// Entries are all the entries, ordered by server, game and player id.
func (l *Ledger) Entries() []Entry {
	keys := slices.SortedFunc(maps.Keys(l.entries), compareKeys)
	out := make([]Entry, len(keys))
	for i, k := range keys {
		out[i] = l.entries[k]
	}
	return out
}

// Standings are the entries of one game on one server, the highest rating
// first; equal ratings put the smaller RD, then the smaller player id,
// first.
func (l *Ledger) Standings(server, kind string) []Entry {
	var out []Entry
	for k, e := range l.entries {
		if k.Server == server && k.Kind == kind {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b Entry) int {
		return cmp.Or(cmp.Compare(b.Rating.R, a.Rating.R), cmp.Compare(a.Rating.RD, b.Rating.RD), cmp.Compare(a.Player, b.Player))
	})
	return out
}

// Apply rates a finished game as one rating period for its players (see
// the package comment) and returns the changes, in the order of the
// players' first seats. Each player is updated once, against the ratings
// its opponents had before the game. The caller applies games in the
// order of SortGames and never applies an aborted game. A game that is
// not well formed changes nothing and is an error.
func (l *Ledger) Apply(g Game) ([]Change, error) {
	if err := g.check(); err != nil {
		return nil, err
	}
	pairs, err := Results(g.Places, g.Teams)
	if err != nil {
		return nil, fmt.Errorf("rating: game %d: %w", g.ID, err)
	}
	keys := make([]Key, len(g.Players))
	before := make([]Rating, len(g.Players))
	for s, p := range g.Players {
		keys[s] = Key{Server: g.Server, Kind: g.Kind, Player: p.ID}
		before[s] = l.Rating(keys[s])
	}
	// A player's results, from every seat it holds, against other players.
	var order []Key
	results := map[Key][]Result{}
	best := map[Key]int{}
	for s, k := range keys {
		if _, seen := best[k]; !seen {
			order = append(order, k)
			best[k] = g.Places[s]
		}
		best[k] = min(best[k], g.Places[s])
		for _, p := range pairs[s] {
			if keys[p.Opponent] != k {
				results[k] = append(results[k], Result{Opponent: before[p.Opponent], Score: p.Score})
			}
		}
	}
	if len(results) == 0 {
		return nil, fmt.Errorf("rating: game %d: no player has an opponent", g.ID)
	}
	top, bottom := slices.Min(g.Places), slices.Max(g.Places)
	changes := make([]Change, 0, len(order))
	computer := map[Key]bool{}
	for s, k := range keys {
		computer[k] = computer[k] || g.Players[s].Computer
	}
	for _, k := range order {
		e, ok := l.entries[k]
		if !ok {
			e = Entry{Key: k, Rating: Default}
		}
		change := Change{Key: k, Before: e.Rating}
		e.Rating = e.Rating.Update(results[k])
		e.Computer = computer[k]
		e.Games++
		switch {
		case top == bottom:
			e.Draws++
		case best[k] == top:
			e.Wins++
		default:
			e.Losses++
		}
		change.After = e.Rating
		changes = append(changes, change)
		l.Put(e)
	}
	return changes, nil
}

// check says what makes g unfit to rate, if anything.
func (g Game) check() error {
	switch {
	case g.Kind == "":
		return fmt.Errorf("rating: game %d has no kind", g.ID)
	case len(g.Players) < 2:
		return fmt.Errorf("rating: game %d has %d players", g.ID, len(g.Players))
	case len(g.Places) != len(g.Players):
		return fmt.Errorf("rating: game %d has %d players but %d places", g.ID, len(g.Players), len(g.Places))
	}
	for s, p := range g.Players {
		if p.ID == "" {
			return fmt.Errorf("rating: game %d: seat %d has no player id", g.ID, s)
		}
	}
	return nil
}

// SortGames orders games as they must be applied: by the time they ended,
// then by id.
func SortGames(games []Game) {
	slices.SortStableFunc(games, func(a, b Game) int {
		return cmp.Or(a.Ended.Compare(b.Ended), cmp.Compare(a.ID, b.ID))
	})
}

// Recompute rates games, in the order given (see SortGames), from
// nothing.
func Recompute(games []Game) (*Ledger, error) {
	l := &Ledger{}
	for _, g := range games {
		if _, err := l.Apply(g); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// Diff lists, one line each and in key order, where two ledgers disagree
// (such as stored ratings and ratings recomputed from the logs): an entry
// only one of them has, a record that differs, or R, RD or Vol apart by
// more than tolerance (0 asks for equality to the bit; the same build
// recomputes the same bits, another platform may differ in the last).
func Diff(want, got *Ledger, tolerance float64) []string {
	keys := slices.Collect(maps.Keys(want.entries))
	for k := range got.entries {
		if _, ok := want.entries[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, compareKeys)
	var out []string
	for _, k := range keys {
		w, inW := want.entries[k]
		g, inG := got.entries[k]
		name := fmt.Sprintf("%s of %s on server %q", k.Kind, k.Player, k.Server)
		switch {
		case !inG:
			out = append(out, fmt.Sprintf("%s: %s wanted, none found", name, exact(w.Rating)))
		case !inW:
			out = append(out, fmt.Sprintf("%s: none wanted, %s found", name, exact(g.Rating)))
		case !near(w.Rating, g.Rating, tolerance):
			out = append(out, fmt.Sprintf("%s: %s wanted, %s found", name, exact(w.Rating), exact(g.Rating)))
		case w.Computer != g.Computer || w.Games != g.Games || w.Wins != g.Wins || w.Draws != g.Draws || w.Losses != g.Losses:
			out = append(out, fmt.Sprintf("%s: record %s wanted, %s found", name, record(w), record(g)))
		}
	}
	return out
}

// near reports whether a and b are within tolerance in R, RD and Vol.
func near(a, b Rating, tolerance float64) bool {
	return math.Abs(a.R-b.R) <= tolerance && math.Abs(a.RD-b.RD) <= tolerance && math.Abs(a.Vol-b.Vol) <= tolerance
}

// exact shows a rating's numbers in full.
func exact(r Rating) string { return fmt.Sprintf("R %v RD %v Vol %v", r.R, r.RD, r.Vol) }

// record is an entry's record as Diff shows it.
func record(e Entry) string {
	s := fmt.Sprintf("%d games (%d won, %d drawn, %d lost)", e.Games, e.Wins, e.Draws, e.Losses)
	if e.Computer {
		s += ", computer"
	}
	return s
}

func compareKeys(a, b Key) int {
	return cmp.Or(cmp.Compare(a.Server, b.Server), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Player, b.Player))
}
