package rating

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"parlor/rules"
)

// people seats people by id.
func people(ids ...string) []Player {
	out := make([]Player, len(ids))
	for i, id := range ids {
		out[i] = Player{ID: id}
	}
	return out
}

// apply applies g to l, failing t on an error.
func apply(t *testing.T, l *Ledger, g Game) []Change {
	t.Helper()
	changes, err := l.Apply(g)
	if err != nil {
		t.Fatalf("Apply(%+v): %v", g, err)
	}
	return changes
}

// rated fails t unless the ledger rates k at R and RD, to 0.0001.
func rated(t *testing.T, l *Ledger, k Key, r, rd float64) {
	t.Helper()
	e, ok := l.Get(k)
	if !ok {
		t.Fatalf("no entry for %+v", k)
	}
	within(t, k.Player+"'s R", e.Rating.R, r, 0.0001)
	within(t, k.Player+"'s RD", e.Rating.RD, rd, 0.0001)
}

// TestWorkedSeries is the worked example: Ann beats Bob, then Cat
// (new) wins a game of three that Bob resigned first, Ann placing second.
// The numbers are Glicko-2's, worked out apart from this package.
func TestWorkedSeries(t *testing.T) {
	var l Ledger
	key := func(id string) Key { return Key{Server: "s1", Kind: "kimbo", Player: id} }
	changes := apply(t, &l, Game{ID: 1, Server: "s1", Kind: "kimbo", Players: people("ann", "bob"), Places: []int{1, 2}})
	rated(t, &l, key("ann"), 1662.3109, 290.3190)
	rated(t, &l, key("bob"), 1337.6891, 290.3190)
	if len(changes) != 2 || changes[0].Player != "ann" || changes[0].Before != Default || changes[1].Player != "bob" {
		t.Errorf("changes of the first game: %+v", changes)
	}

	places, err := Places(3, seats(2), seats(1))
	if err != nil {
		t.Fatal(err)
	}
	apply(t, &l, Game{ID: 2, Server: "s1", Kind: "kimbo", Players: people("ann", "bob", "cat"), Places: places})
	rated(t, &l, key("ann"), 1570.9635, 235.0117)
	rated(t, &l, key("bob"), 1216.3178, 235.0117)
	rated(t, &l, key("cat"), 1762.3389, 248.9344)
	for id, want := range map[string][4]int{"ann": {2, 1, 0, 1}, "bob": {2, 0, 0, 2}, "cat": {1, 1, 0, 0}} {
		e, _ := l.Get(key(id))
		if got := [4]int{e.Games, e.Wins, e.Draws, e.Losses}; got != want {
			t.Errorf("%s's record (games, won, drawn, lost) = %v, want %v", id, got, want)
		}
	}
	if got := l.Standings("s1", "kimbo"); len(got) != 3 || got[0].Player != "cat" || got[1].Player != "ann" || got[2].Player != "bob" {
		t.Errorf("standings: %+v", got)
	}
}

// TestTeams: in Rumba a side's win is a win of each of its players
// against each opposing player, and partners do not meet.
func TestTeams(t *testing.T) {
	var l Ledger
	apply(t, &l, Game{ID: 1, Kind: "rumba", Players: people("n", "e", "s", "w"), Teams: []int{0, 1, 0, 1}, Places: []int{1, 2, 1, 2}})
	won := Default.Update([]Result{{Opponent: Default, Score: 1}, {Opponent: Default, Score: 1}})
	lost := Default.Update([]Result{{Opponent: Default, Score: 0}, {Opponent: Default, Score: 0}})
	for id, want := range map[string]Rating{"n": won, "s": won, "e": lost, "w": lost} {
		if got := l.Rating(Key{Kind: "rumba", Player: id}); got != want {
			t.Errorf("%s: %+v, want %+v", id, got, want)
		}
	}

	// Three: seat 1 plays both hands of its side and meets both others.
	var three Ledger
	apply(t, &three, Game{ID: 2, Kind: "rumba", Players: people("a", "b", "c"), Teams: []int{0, 1, 0}, Places: []int{2, 1, 2}})
	if got := three.Rating(Key{Kind: "rumba", Player: "b"}); got != won {
		t.Errorf("the lone winner of three: %+v, want %+v", got, won)
	}
	if got, want := three.Rating(Key{Kind: "rumba", Player: "a"}), Default.Update([]Result{{Opponent: Default, Score: 0}}); got != want {
		t.Errorf("a loser of three: %+v, want %+v", got, want)
	}
}

// TestComputers: computer players are rated and marked; a computer id in
// two seats does not meet itself, and its seats' results make one update.
func TestComputers(t *testing.T) {
	var l Ledger
	players := []Player{{ID: "ann"}, {ID: "computer/strong", Computer: true}, {ID: "computer/strong", Computer: true}}
	changes := apply(t, &l, Game{ID: 1, Kind: "kippykoo", Players: players, Places: []int{2, 1, 3}})
	if len(changes) != 2 {
		t.Fatalf("changes: %+v, want one for ann and one for the computer", changes)
	}
	cpu, _ := l.Get(Key{Kind: "kippykoo", Player: "computer/strong"})
	// Seat 1 beat ann, seat 2 lost to her; the better seat makes the record.
	want := Default.Update([]Result{{Opponent: Default, Score: 1}, {Opponent: Default, Score: 0}})
	if !cpu.Computer || cpu.Rating != want || cpu.Games != 1 || cpu.Wins != 1 {
		t.Errorf("computer: %+v, want marked, rated %+v, one game won", cpu, want)
	}
	if ann, _ := l.Get(Key{Kind: "kippykoo", Player: "ann"}); ann.Computer || ann.Losses != 1 {
		t.Errorf("ann: %+v", ann)
	}
}

// TestApart: servers and games keep their own ratings.
func TestApart(t *testing.T) {
	var l Ledger
	apply(t, &l, Game{ID: 1, Server: "a", Kind: "kingsmen", Players: people("ann", "bob"), Places: []int{1, 2}})
	apply(t, &l, Game{ID: 2, Server: "b", Kind: "kingsmen", Players: people("ann", "bob"), Places: []int{2, 1}})
	apply(t, &l, Game{ID: 3, Server: "a", Kind: "kimbo", Players: people("ann", "bob"), Places: []int{1, 1}})
	first := Default.Update([]Result{{Opponent: Default, Score: 1}})
	for k, want := range map[Key]Rating{
		{Server: "a", Kind: "kingsmen", Player: "ann"}: first,
		{Server: "b", Kind: "kingsmen", Player: "bob"}: first,
		{Server: "a", Kind: "kimbo", Player: "ann"}:    Default.Update([]Result{{Opponent: Default, Score: 0.5}}),
		{Server: "", Kind: "kingsmen", Player: "ann"}:  Default,
	} {
		if got := l.Rating(k); got != want {
			t.Errorf("%+v: %+v, want %+v", k, got, want)
		}
	}
	if l.Len() != 6 {
		t.Errorf("%d entries, want 6", l.Len())
	}
	if got := l.Standings("a", "kingsmen"); len(got) != 2 || got[0].Player != "ann" {
		t.Errorf("standings of kingsmen on a: %+v", got)
	}
}

func TestApplyRefuses(t *testing.T) {
	for _, g := range []Game{
		{ID: 1, Players: people("a", "b"), Places: []int{1, 2}},
		{ID: 2, Kind: "kimbo", Players: people("a"), Places: []int{1}},
		{ID: 3, Kind: "kimbo", Players: people("a", "b"), Places: []int{1}},
		{ID: 4, Kind: "kimbo", Players: people("a", ""), Places: []int{1, 2}},
		{ID: 5, Kind: "kimbo", Players: people("a", "b"), Places: []int{1, 0}},
		{ID: 6, Kind: "rumba", Players: people("a", "b"), Teams: []int{0, 0}, Places: []int{1, 1}},
		{ID: 7, Kind: "kimbo", Players: people("a", "a"), Places: []int{1, 2}},
		{ID: 8, Kind: "rumba", Players: people("a", "b", "c"), Teams: []int{0, 1}, Places: []int{1, 2, 1}},
	} {
		var l Ledger
		if changes, err := l.Apply(g); err == nil || changes != nil || l.Len() != 0 {
			t.Errorf("Apply(%+v) = %v, %v and %d entries; want an error and nothing rated", g, changes, err, l.Len())
		}
	}
	good := Game{ID: 9, Kind: "kimbo", Players: people("a", "b"), Places: []int{1, 2}}
	if l, err := Recompute([]Game{good, {ID: 10, Kind: "kimbo"}}); l != nil || err == nil {
		t.Errorf("Recompute with a game of no players: %v, %v; want an error", l, err)
	}
}

// series is a deterministic mix of games of every size on two servers.
func series(n int) []Game {
	rng := rand.New(rand.NewPCG(20, 20))
	ids := []string{"ann", "bob", "cat", "dan", "eve", "computer/easy", "computer/strong"}
	kinds := []string{"kingsmen", "kimbo", "kippykoo", "rumba"}
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	var games []Game
	for i := range n {
		kind := kinds[rng.IntN(len(kinds))]
		size := 2
		if kind != "kingsmen" {
			size += rng.IntN(3)
		}
		g := Game{ID: int64(i + 1), Ended: start.Add(time.Duration(i) * time.Hour), Server: fmt.Sprint("s", rng.IntN(2)), Kind: kind}
		for _, p := range rng.Perm(len(ids))[:size] {
			g.Players = append(g.Players, Player{ID: ids[p], Computer: ids[p][0] == 'c' && ids[p][1] == 'o'})
		}
		winner := rng.IntN(size)
		if kind == "rumba" {
			for s := range size {
				g.Teams = append(g.Teams, s%2)
				g.Places = append(g.Places, 1+(s+winner)%2)
			}
		} else {
			g.Places, _ = Places(size, seats(rules.Seat(winner)), nil)
		}
		games = append(games, g)
	}
	return games
}

// recompute rates games from nothing, failing t on an error.
func recompute(t *testing.T, games []Game) *Ledger {
	t.Helper()
	l, err := Recompute(games)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestDeterministic: the same games applied in the same order from
// nothing give the same ledger to the bit; another order does not.
func TestDeterministic(t *testing.T) {
	games := series(300)
	shuffled := slices.Clone(games)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	SortGames(shuffled)
	if !reflect.DeepEqual(shuffled, games) {
		t.Fatal("SortGames does not restore the order by end time")
	}
	one, two := recompute(t, games), recompute(t, shuffled)
	if !reflect.DeepEqual(one.Entries(), two.Entries()) || len(Diff(one, two, 0)) != 0 {
		t.Errorf("two recomputations differ: %v", Diff(one, two, 0))
	}
	if one.Len() < 20 {
		t.Errorf("only %d entries from %d games", one.Len(), len(games))
	}
	var computers int
	for _, e := range one.Entries() {
		if e.Computer {
			computers++
		}
	}
	if computers == 0 {
		t.Error("no computer entry is marked")
	}

	// Loaded back entry by entry, the ledger is the same; a game out of
	// order, or one entry changed, shows.
	var loaded Ledger
	for _, e := range one.Entries() {
		loaded.Put(e)
	}
	if d := Diff(one, &loaded, 0); len(d) != 0 {
		t.Errorf("loaded ledger differs: %v", d)
	}
	i := slices.IndexFunc(games[1:], func(g Game) bool { return g.Server == games[0].Server && g.Kind == games[0].Kind })
	swapped := slices.Clone(games)
	swapped[0], swapped[i+1] = swapped[i+1], swapped[0]
	if len(Diff(one, recompute(t, swapped), 0)) == 0 {
		t.Errorf("games 1 and %d, of one rating pool, swapped, and nothing differs", i+2)
	}
	e := one.Entries()[0]
	e.Rating.R += 0.001
	loaded.Put(e)
	if d := Diff(one, &loaded, 0.0001); len(d) != 1 {
		t.Errorf("one entry changed by 0.001: %v", d)
	}
	if d := Diff(one, &loaded, 0.01); len(d) != 0 {
		t.Errorf("within tolerance: %v", d)
	}
	e.Games++
	loaded.Put(e)
	loaded.Put(Entry{Key: Key{Kind: "kimbo", Player: "zed"}, Rating: Default})
	if d := Diff(one, &loaded, 0.01); len(d) != 2 {
		t.Errorf("a record changed and an entry added: %v", d)
	}
	if d := Diff(&loaded, one, 0.01); len(d) != 2 {
		t.Errorf("a record changed and an entry missing: %v", d)
	}
}

func TestSortGames(t *testing.T) {
	t0 := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	games := []Game{{ID: 3, Ended: t0}, {ID: 1, Ended: t0.Add(time.Minute)}, {ID: 2, Ended: t0}}
	SortGames(games)
	var got []int64
	for _, g := range games {
		got = append(got, g.ID)
	}
	if !slices.Equal(got, []int64{2, 3, 1}) {
		t.Errorf("sorted: %v, want [2 3 1]", got)
	}
}
