package dice

import (
	"fmt"
	"slices"
	"strings"
)

// Opening is a round of the opening roll, each seat's entry (up to four
// seats): Pending while the seat has still to roll, Out when it is not in
// this round (it lost a roll, did not tie for the highest, or left the
// game), or its roll a-b as 10a+b. The zero value is a round nobody has
// rolled in yet.
type Opening [4]int8

// The entries of a seat that has not rolled.
const (
	Pending int8 = 0
	Out     int8 = -1
)

// Next is the seat to roll next among n, or 0 when nobody is to roll.
func (o *Opening) Next(n int) int {
	for seat := range n {
		if o[seat] == Pending {
			return seat
		}
	}
	return 0
}

// Record notes seat's roll a-b.
func (o *Opening) Record(seat, a, b int) { o[seat] = int8(10*max(a, b) + min(a, b)) }

// Rolls lists each of n seats' roll this round: {0, 0} still to roll,
// {-1, -1} out of the round.
func (o *Opening) Rolls(n int) [][2]int {
	out := make([][2]int, n)
	for seat := range n {
		switch r := o[seat]; r {
		case Pending:
		case Out:
			out[seat] = [2]int{-1, -1}
		default:
			out[seat] = [2]int{int(r / 10), int(r % 10)}
		}
	}
	return out
}

// Settle closes the round among n seats once it is decided: when every
// seat in it has rolled, the highest total starts; seats tied for the
// highest roll again, alone; a seat left alone in the round (the others
// having left the game) starts without rolling. It reports the seat that
// starts, and clears the round, or false while the opening goes on.
func (o *Opening) Settle(n int) (int, bool) {
	var in []int
	pending := false
	for seat := range n {
		switch r := o[seat]; {
		case r == Pending:
			pending = true
			in = append(in, seat)
		case r > 0:
			in = append(in, seat)
		}
	}
	if pending && len(in) > 1 {
		return 0, false
	}
	total := func(seat int) int { r := o[seat]; return int(r/10 + r%10) }
	best := 0
	for _, seat := range in {
		best = max(best, total(seat))
	}
	var top []int
	for _, seat := range in {
		if total(seat) == best {
			top = append(top, seat)
		}
	}
	if len(top) == 1 {
		*o = Opening{}
		return top[0], true
	}
	for seat := range n {
		o[seat] = Out
		if slices.Contains(top, seat) {
			o[seat] = Pending
		}
	}
	return 0, false
}

// String is the round among n seats as position texts write it: each
// seat's roll, "-" still to roll, "x" out: "6-3,-,x,-".
func (o *Opening) String(n int) string {
	parts := make([]string, n)
	for seat := range n {
		switch r := o[seat]; r {
		case Pending:
			parts[seat] = "-"
		case Out:
			parts[seat] = "x"
		default:
			parts[seat] = fmt.Sprintf("%d-%d", r/10, r%10)
		}
	}
	return strings.Join(parts, ",")
}

// ParseOpening reads a round among n seats written by String; word names
// the roll in errors ("roll", or "throw"). It refuses a round with nobody
// left to roll, a roll after a seat still to roll (seats roll in turn
// order), or fewer than two seats in it.
func ParseOpening(s string, n int, word string) (Opening, error) {
	var o Opening
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return o, fmt.Errorf("opening %s %q: %d entries, want one per seat (%d)", word, s, len(parts), n)
	}
	in, pending, rolledAfterPending := 0, 0, false
	for seat, part := range parts {
		switch part {
		case "-":
			o[seat] = Pending
			pending++
			in++
		case "x":
			o[seat] = Out
		default:
			a, b, err := ParsePair(part)
			if err != nil {
				return o, fmt.Errorf("opening %s %q: %v", word, s, err)
			}
			o.Record(seat, a, b)
			in++
			rolledAfterPending = rolledAfterPending || pending > 0
		}
	}
	switch {
	case pending == 0:
		return o, fmt.Errorf("opening %s %q: nobody left to %s", word, s, word)
	case rolledAfterPending:
		return o, fmt.Errorf("opening %s %q: seats %s in turn order", word, s, word)
	case in < 2:
		return o, fmt.Errorf("opening %s %q: a round has at least two seats %sing", word, s, word)
	}
	return o, nil
}
