package kippykoo

// The computer player searches many positions a decision, so it works on
// boards and throws directly, not on the texts of moves. afters is its move
// generator: generate's moves, results only, without texts or allocation.

// track writes seat's marbles on the track into out, the least advanced
// first (in the order of their progress from star, as marbles lists them),
// and returns how many there are.
func (b *board) track(seat int, star Hole, out *[MarblesPerSeat]Hole) int {
	n, want := 0, int8(seat+1)
	for k, part := range [2][]int8{b.holes[star:], b.holes[:star]} {
		from := star
		if k == 1 {
			from = 0
		}
		for i, o := range part {
			if o == want {
				out[n] = from + Hole(i)
				if n++; n == MarblesPerSeat {
					return n
				}
			}
		}
	}
	return n
}

// afters appends to out the board after each legal move of seat with the
// throw a-c (a ≥ c), in the order of generate and merged as it merges them,
// so that the i-th board appended is the result of the i-th legal move
// (Legal). With nothing to do it appends b itself, the result of "pass".
func (b *board) afters(seat int, star Hole, a, c int, out []board) []board {
	base := len(out)
	waiting := b.start[seat]
	start := Leg{Start: true, From: NoHole}
	var nb board
	if a+c == 6 && waiting > 0 {
		nb = *b
		nb.play(seat, star, start)
		out = appendNew(out, base, &nb)
	}
	if a == 6 && waiting > 0 {
		nb = *b
		nb.play(seat, star, Leg{Start: true, From: NoHole, Count: c})
		out = appendNew(out, base, &nb)
	}
	var own [MarblesPerSeat]Hole
	n := b.track(seat, star, &own)
	for _, x := range own[:n] {
		nb = *b
		nb.play(seat, star, Leg{From: x, Count: a + c})
		out = appendNew(out, base, &nb)
	}
	orders := [2][2]int{{a, c}, {c, a}}
	k := 2
	if a == c {
		k = 1
	}
	for _, o := range orders[:k] {
		u, v := o[0], o[1]
		var firsts [MarblesPerSeat + 1]Leg
		f := 0
		if u == 6 && waiting > 0 {
			firsts[f] = start
			f++
		}
		for _, x := range own[:n] {
			firsts[f] = Leg{From: x, Count: u}
			f++
		}
		for _, first := range firsts[:f] {
			after := *b
			ld := after.play(seat, star, first)
			if v == 6 && after.start[seat] > 0 {
				nb = after
				nb.play(seat, star, start)
				out = appendNew(out, base, &nb)
			}
			var then [MarblesPerSeat]Hole
			m := after.track(seat, star, &then)
			for _, y := range then[:m] {
				if y != ld.end {
					nb = after
					nb.play(seat, star, Leg{From: y, Count: v})
					out = appendNew(out, base, &nb)
				}
			}
		}
	}
	if len(out) == base {
		out = append(out, *b)
	}
	return out
}

// appendNew appends *nb to out unless out[base:] already holds it.
func appendNew(out []board, base int, nb *board) []board {
	for i := base; i < len(out); i++ {
		if out[i] == *nb {
			return out
		}
	}
	return append(out, *nb)
}
