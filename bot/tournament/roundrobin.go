package tournament

// roundRobin makes every game of a round robin among entrants.
func roundRobin(entrants []string, per int, double bool) []Game {
	if per == 2 {
		games := circle(entrants)
		if double {
			rounds := games[len(games)-1].Round
			for _, g := range games[:len(games):len(games)] {
				games = append(games, Game{Round: g.Round + rounds, Seats: []string{g.Seats[1], g.Seats[0]}})
			}
		}
		return games
	}
	return cover(entrants, per)
}

// circle is the circle method: the first entrant stays, the others turn
// one place a round, and each round pairs the two ends of the circle
// inwards; with an odd number one of each round rests (a rest is no game
// and scores nothing: every entrant rests once). Seats are then given by
// balance: nobody's first seats outnumber their second by more than one.
func circle(entrants []string) []Game {
	ring := append([]string(nil), entrants...)
	if len(ring)%2 == 1 {
		ring = append(ring, "")
	}
	n := len(ring)
	var games []Game
	for r := 1; r < n; r++ {
		for i := 0; i < n/2; i++ {
			a, b := ring[i], ring[n-1-i]
			if a != "" && b != "" {
				games = append(games, Game{Round: r, Seats: []string{a, b}})
			}
		}
		// Turn every place but the first one step.
		last := ring[n-1]
		copy(ring[2:], ring[1:n-1])
		ring[1] = last
	}
	balance(games)
	return games
}

// balance orders the seats of games of two so that each entrant's first
// seats and second seats differ by one at most: it walks an Euler circuit
// of the graph whose edges are the games (with an edge added between
// entrants of odd degree, two by two, so that one exists), and each game
// is seated in the direction the walk takes it, so every entrant leaves as
// often as it arrives.
func balance(games []Game) {
	var ids []string
	at := map[string]int{}
	for _, g := range games {
		for _, id := range g.Seats {
			if _, ok := at[id]; !ok {
				at[id] = len(ids)
				ids = append(ids, id)
			}
		}
	}
	type edge struct{ a, b int }
	edges := make([]edge, 0, len(games)+len(ids)/2)
	adj := make([][]int, len(ids))
	link := func(a, b int) {
		adj[a] = append(adj[a], len(edges))
		adj[b] = append(adj[b], len(edges))
		edges = append(edges, edge{a, b})
	}
	for _, g := range games {
		link(at[g.Seats[0]], at[g.Seats[1]])
	}
	odd := -1
	for v := range ids {
		if len(adj[v])%2 == 1 {
			if odd < 0 {
				odd = v
			} else {
				link(odd, v)
				odd = -1
			}
		}
	}
	used := make([]bool, len(edges))
	from := make([]int, len(edges)) // the end each edge is walked from
	next := make([]int, len(ids))   // how far each vertex's edges are used
	for start := range ids {
		// Hierholzer's walk, iteratively: follow unused edges until stuck,
		// then back up; every edge is walked once.
		stack := []int{start}
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			for next[v] < len(adj[v]) && used[adj[v][next[v]]] {
				next[v]++
			}
			if next[v] == len(adj[v]) {
				stack = stack[:len(stack)-1]
				continue
			}
			e := adj[v][next[v]]
			used[e], from[e] = true, v
			w := edges[e].a
			if w == v {
				w = edges[e].b
			}
			stack = append(stack, w)
		}
	}
	for i := range games {
		if at[games[i].Seats[0]] != from[i] {
			games[i].Seats[0], games[i].Seats[1] = games[i].Seats[1], games[i].Seats[0]
		}
	}
}

// seat orders a and b (a ranked above b) for a game of two in round r:
// the one who has had the first seat less takes it; between equals, the
// one who had the second seat last time; else a in odd rounds, b in even.
func (h history) seat(a, b string, r int) []string {
	switch {
	case h.balance[a] < h.balance[b]:
		return []string{a, b}
	case h.balance[a] > h.balance[b]:
		return []string{b, a}
	}
	la, okA := h.last[a]
	lb, okB := h.last[b]
	switch {
	case okA && okB && la == 1 && lb == 0, okA && !okB && la == 1, !okA && okB && lb == 0:
		return []string{a, b}
	case okA && okB && la == 0 && lb == 1, okA && !okB && la == 0, !okA && okB && lb == 1:
		return []string{b, a}
	}
	if r%2 == 1 {
		return []string{a, b}
	}
	return []string{b, a}
}

// cover makes the rounds of a round robin in games of three or four: each
// round splits every entrant into tables (tableSizes), each table built
// greedily to seat together as many entrants who have not met as it can,
// until every two entrants have met. A round seats every entrant, so one
// who has met everyone may meet some again.
func cover(entrants []string, per int) []Game {
	met := map[pair]bool{}
	unmet := func(a string) int {
		n := 0
		for _, b := range entrants {
			if b != a && !met[pairOf(a, b)] {
				n++
			}
		}
		return n
	}
	left := len(entrants) * (len(entrants) - 1) / 2
	firsts := map[string]int{}
	var games []Game
	for r := 1; left > 0; r++ {
		free := append([]string(nil), entrants...)
		for _, size := range tableSizes(len(entrants), per) {
			// The table starts with the free entrant who has the most
			// left to meet, and grows by whoever meets the most new
			// faces there.
			best := 0
			for i, a := range free {
				if unmet(a) > unmet(free[best]) {
					best = i
				}
			}
			table := []string{free[best]}
			free = append(free[:best], free[best+1:]...)
			for len(table) < size {
				best, gain := 0, -1
				for i, b := range free {
					g := 0
					for _, a := range table {
						if !met[pairOf(a, b)] {
							g++
						}
					}
					if g > gain {
						best, gain = i, g
					}
				}
				table = append(table, free[best])
				free = append(free[:best], free[best+1:]...)
			}
			for i, a := range table {
				for _, b := range table[i+1:] {
					if !met[pairOf(a, b)] {
						met[pairOf(a, b)] = true
						left--
					}
				}
			}
			games = append(games, Game{Round: r, Seats: seatMany(table, firsts)})
		}
	}
	return games
}

// seatMany orders a table of three or four: whoever has had the first
// seat least goes first, the others in their order at the table; it counts
// the first seat taken.
func seatMany(table []string, firsts map[string]int) []string {
	first := 0
	for i, a := range table {
		if firsts[a] < firsts[table[first]] {
			first = i
		}
	}
	seats := append([]string{table[first]}, table[:first]...)
	seats = append(seats, table[first+1:]...)
	firsts[seats[0]]++
	return seats
}
