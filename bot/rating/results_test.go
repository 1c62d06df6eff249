package rating

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"parlor/rules"
)

// seats makes a list of seats.
func seats(s ...rules.Seat) []rules.Seat { return s }

func TestPlaces(t *testing.T) {
	for _, c := range []struct {
		name          string
		n             int
		winners, left []rules.Seat
		want          []int
	}{
		{"two players, seat 1 wins", 2, seats(1), nil, []int{2, 1}},
		{"two players, a draw", 2, nil, nil, []int{1, 1}},
		{"two players, seat 0 resigns", 2, seats(1), nil, []int{2, 1}},
		{"three, one winner", 3, seats(2), nil, []int{2, 2, 1}},
		{"three, seat 0 resigned first, then seat 2 wins", 3, seats(2), seats(0), []int{3, 2, 1}},
		{"three, two resigned, the last one in wins", 3, seats(1), seats(2, 0), []int{2, 1, 3}},
		{"four, seat 3 wins, seat 1 then seat 0 left", 4, seats(3), seats(1, 0), []int{3, 4, 2, 1}},
		{"four, seat 2 left, a draw among the rest", 4, nil, seats(2), []int{1, 1, 4, 1}},
		{"four, a side of two wins", 4, seats(0, 2), nil, []int{1, 3, 1, 3}},
		{"three, the side of seat 1 wins", 3, seats(1), nil, []int{2, 1, 2}},
	} {
		got, err := Places(c.n, c.winners, c.left)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s: Places(%d, %v, %v) = %v, %v; want %v", c.name, c.n, c.winners, c.left, got, err, c.want)
		}
	}
	for _, c := range []struct {
		n             int
		winners, left []rules.Seat
		err           string
	}{
		{0, nil, nil, "a game of 0 seats"},
		{2, seats(2), nil, "winner seat 2"},
		{3, nil, seats(-1), "leaver seat -1"},
		{3, seats(0), seats(0), "seat 0 named twice"},
		{3, nil, seats(1, 1), "seat 1 named twice"},
	} {
		if _, err := Places(c.n, c.winners, c.left); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("Places(%d, %v, %v): error %v, want one saying %q", c.n, c.winners, c.left, err, c.err)
		}
	}
}

// pairsText shows a game's pairwise results, seat by seat: "0: 1+ 2=" is
// seat 0 beating seat 1 and drawing with seat 2.
func pairsText(all [][]Pair) string {
	var lines []string
	for s, pairs := range all {
		line := fmt.Sprintf("%d:", s)
		for _, p := range pairs {
			line += fmt.Sprintf(" %d%s", p.Opponent, map[float64]string{1: "+", 0.5: "=", 0: "-"}[p.Score])
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, " | ")
}

func TestResults(t *testing.T) {
	for _, c := range []struct {
		name          string
		places, teams []int
		want          string
	}{
		{"two players, seat 0 wins", []int{1, 2}, nil, "0: 1+ | 1: 0-"},
		{"two players, a draw", []int{1, 1}, nil, "0: 1= | 1: 0="},
		{"three, seat 1 wins, the others tie", []int{2, 1, 2}, nil, "0: 1- 2= | 1: 0+ 2+ | 2: 0= 1-"},
		{"three, seat 2 wins, seat 0 resigned first", []int{3, 2, 1}, nil, "0: 1- 2- | 1: 0+ 2- | 2: 0+ 1+"},
		{"four, seat 3 wins, seat 1 then seat 0 left", []int{3, 4, 2, 1}, nil,
			"0: 1+ 2- 3- | 1: 0- 2- 3- | 2: 0+ 1+ 3- | 3: 0+ 1+ 2+"},
		{"four, a draw after seat 2 left", []int{1, 1, 4, 1}, nil,
			"0: 1= 2+ 3= | 1: 0= 2+ 3= | 2: 0- 1- 3- | 3: 0= 1= 2+"},
		{"Rumba of four, seats 0 and 2 win", []int{1, 3, 1, 3}, []int{0, 1, 0, 1},
			"0: 1+ 3+ | 1: 0- 2- | 2: 1+ 3+ | 3: 0- 2-"},
		{"Rumba of three, seat 1 (East and West) wins", []int{2, 1, 2}, []int{0, 1, 0},
			"0: 1- | 1: 0+ 2+ | 2: 1-"},
		{"Rumba of two, a draw", []int{1, 1}, []int{0, 1}, "0: 1= | 1: 0="},
		{"Rumba of four, partners placed apart still do not meet", []int{1, 2, 3, 4}, []int{0, 1, 0, 1},
			"0: 1+ 3+ | 1: 0- 2+ | 2: 1- 3+ | 3: 0- 2-"},
	} {
		got, err := Results(c.places, c.teams)
		if err != nil || pairsText(got) != c.want {
			t.Errorf("%s: Results(%v, %v) = %s, %v; want %s", c.name, c.places, c.teams, pairsText(got), err, c.want)
		}
	}
	if _, err := Results([]int{1, 2}, []int{0}); err == nil {
		t.Error("Results with 2 places and 1 team: no error")
	}
	if _, err := Results([]int{1, 0}, nil); err == nil {
		t.Error("Results with a place 0: no error")
	}
}

// TestPlacesToResults: a game of four where seat 0 resigned first and seat
// 2 second, seat 3 winning, scores seat 1 a win against both leavers and
// a loss to the winner.
func TestPlacesToResults(t *testing.T) {
	places, err := Places(4, seats(3), seats(0, 2))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Results(places, nil)
	if want := "0: 1- 2- 3- | 1: 0+ 2+ 3- | 2: 0+ 1- 3- | 3: 0+ 1+ 2+"; err != nil || pairsText(got) != want {
		t.Errorf("places %v: %s, %v; want %s", places, pairsText(got), err, want)
	}
}
