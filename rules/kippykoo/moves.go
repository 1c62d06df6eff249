package kippykoo

import (
	"slices"
	"strconv"
	"strings"

	"parlor/rules"
)

// Leg is one part of a move: a marble started out of START onto its
// seat's Star Space, or a marble moved on from a hole.
type Leg struct {
	Start bool // the marble comes out of START
	From  Hole // the marble's hole; NoHole for a start
	Count int  // the holes it moves: for a start, 0 to stay on the star
}

// String is the leg's canonical text: "start", "start+3" or "h12+9".
func (lg Leg) String() string {
	switch {
	case lg.Start && lg.Count == 0:
		return StartText
	case lg.Start:
		return StartText + "+" + strconv.Itoa(lg.Count)
	}
	return lg.From.String() + "+" + strconv.Itoa(lg.Count)
}

// PassText is the move of a seat that can do nothing with its throw.
const PassText = "pass"

// StartText is the part of a move that starts a marble.
const StartText = "start"

// legsText is the canonical text of a move: its parts joined by ", ", or
// "pass" for none.
func legsText(legs []Leg) string {
	if len(legs) == 0 {
		return PassText
	}
	parts := make([]string, len(legs))
	for i, lg := range legs {
		parts[i] = lg.String()
	}
	return strings.Join(parts, ", ")
}

// ParseLegs reads a move text, without checking that it is legal anywhere:
// "pass" (no parts), or one or two parts joined by a comma, each "start",
// "start+N" or "hH+N" (hole H, count N from 1 to 12). Spaces around the
// parts are ignored.
func ParseLegs(text string) ([]Leg, error) {
	text = strings.TrimSpace(text)
	if text == PassText {
		return nil, nil
	}
	if text == "" {
		return nil, rules.Mistake(rules.Textf("no move given"))
	}
	parts := strings.Split(text, ",")
	if len(parts) > 2 {
		return nil, rules.Mistake(rules.Textf("%q has %d parts: a move has at most two, one for each die", text, len(parts)))
	}
	legs := make([]Leg, len(parts))
	for i, part := range parts {
		lg, err := parseLeg(strings.TrimSpace(part))
		if err != nil {
			return nil, err
		}
		legs[i] = lg
	}
	return legs, nil
}

func parseLeg(s string) (Leg, error) {
	if s == StartText {
		return Leg{Start: true, From: NoHole}, nil
	}
	head, count, ok := strings.Cut(s, "+")
	if !ok {
		return Leg{}, rules.Mistake(rules.Textf("%q is not a move like h12+9, start+3, \"start, h12+3\" or pass", s))
	}
	n, err := strconv.Atoi(count)
	if err != nil || count == "" || count[0] < '1' || count[0] > '9' || n > 12 {
		return Leg{}, rules.Mistake(rules.Textf("%q: the count after + is 1 to 12, not %q", s, count))
	}
	if head == StartText {
		return Leg{Start: true, From: NoHole, Count: n}, nil
	}
	h, err := ParseHole(head)
	if err != nil {
		return Leg{}, rules.Mistake(rules.Textf("%q: %s", s, rules.Reason(err)))
	}
	return Leg{From: h, Count: n}, nil
}

// landing is what one leg did: where its marble came from and ended, and
// what happened where it ended.
type landing struct {
	from     Hole // NoHole for a marble out of START
	target   int  // the progress from the star that the count reached; Holes or more is FINISH
	end      Hole // where the marble stopped; NoHole in FINISH
	captured int8 // the seat whose marble it sent back to START, or -1
	bumped   bool // it ended on its own marble and went on to the next unoccupied hole
}

// play moves seat's marble as lg says; the marble must be there. A marble
// that reaches its star, by the count or when moved on past its own
// marbles, goes into FINISH. One that ends on an opponent's marble sends
// it back to START; one that ends on its own marble goes on to the next
// hole no marble occupies.
func (b *board) play(seat int, star Hole, lg Leg) landing {
	ld := landing{from: NoHole, end: NoHole, captured: -1}
	d := 0
	if lg.Start {
		b.start[seat]--
	} else {
		ld.from = lg.From
		d = progress(star, lg.From)
		b.holes[lg.From] = 0
	}
	t := d + lg.Count
	ld.target = t
	if t >= Holes {
		b.finish[seat]++
		return ld
	}
	h := holeAt(star, t)
	switch o := b.holes[h]; {
	case o == 0:
	case int(o) != seat+1:
		b.start[o-1]++
		ld.captured = o - 1
	default:
		ld.bumped = true
		for b.holes[h] != 0 {
			if t++; t >= Holes {
				b.finish[seat]++
				return ld
			}
			h = holeAt(star, t)
		}
	}
	b.holes[h] = int8(seat + 1)
	ld.end = h
	return ld
}

// plan is a legal move: its parts in the order they are played, what each
// did, and the marbles after it.
type plan struct {
	text   string
	legs   [2]Leg
	n      int
	lands  [2]landing
	after  board
	others []string // the canonical texts of other moves with the same result
}

// try checks a move of one or two parts against the throw and plays it,
// or says why it is not allowed.
func (p *Position) try(legs []Leg) (plan, error) {
	seat := int(p.seat)
	star := p.star(seat)
	a, b := int(p.dice[0]), int(p.dice[1])
	pl := plan{n: len(legs), after: p.board}
	switch len(legs) {
	case 0:
		return pl, rules.Illegalf("no move given")
	case 1, 2:
	default:
		return pl, rules.Illegalf("a move has at most two parts, one for each die")
	}
	if len(legs) == 2 {
		for _, lg := range legs {
			if lg.Start && lg.Count > 0 {
				return pl, rules.Illegalf("%s uses both dice (a 6 to start the marble, the other die to move it): it is a whole move, not one part of two", lg.String())
			}
		}
	}
	for i, lg := range legs {
		if lg.Start {
			if pl.after.start[seat] == 0 {
				if i == 1 && legs[0].Start && p.start[seat] == 1 {
					return pl, rules.Illegalf("only one marble of yours waits in START")
				}
				return pl, rules.Illegalf("no marble of yours waits in START")
			}
		} else {
			if i == 1 && (lg.From == pl.lands[0].end || (!legs[0].Start && lg.From == legs[0].From)) {
				if legs[0].Start {
					return pl, rules.Illegalf("the two dice move two different marbles: a marble started with the 6 moves on with the other die as start+%d", lg.Count)
				}
				return pl, rules.Illegalf("the two dice move two different marbles: one marble moves the total as one move, %s+%d", legs[0].From.String(), legs[0].Count+lg.Count)
			}
			if pl.after.holes[lg.From] != int8(seat+1) {
				return pl, rules.Illegalf("there is no marble of yours on %s", lg.From.String())
			}
		}
		pl.legs[i] = lg
		pl.lands[i] = pl.after.play(seat, star, lg)
	}
	if err := checkDice(legs, a, b); err != nil {
		return pl, err
	}
	pl.text = legsText(legs)
	return pl, nil
}

// checkDice checks that the parts of a move use the throw a-b (a ≥ b)
// whole: one marble the total, or a start by a total of six; a start by a
// 6 and that marble moved by the other die; or one part for each die, two
// different marbles or a start for a die showing 6.
func checkDice(legs []Leg, a, b int) error {
	startRule := rules.Illegalf("only a six on one die, or a total of six, starts a marble; %d-%d is neither", a, b)
	if len(legs) == 1 {
		lg := legs[0]
		switch {
		case lg.Start && lg.Count == 0 && a+b != 6:
			if a == 6 {
				return rules.Illegalf("the %d must be used too: start+%d starts a marble and moves it %d, or \"start, hH+%d\" moves another marble", b, b, b, b)
			}
			return startRule
		case lg.Start && lg.Count > 0 && a != 6 && a+b == 6:
			return rules.Illegalf("with %d-%d the total of six starts a marble, which stays on its star: start (%s needs a die showing 6)", a, b, lg.String())
		case lg.Start && lg.Count > 0 && a != 6:
			return startRule
		case lg.Start && lg.Count > 0 && lg.Count != b:
			return rules.Illegalf("after a start with the 6, the other die moves the marble: start+%d", b)
		case !lg.Start && lg.Count != a+b && (lg.Count == a || lg.Count == b):
			return rules.Illegalf("use the whole throw %d-%d: one marble moves %d, or two marbles one die each", a, b, a+b)
		case !lg.Start && lg.Count != a+b:
			return rules.Illegalf("with %d-%d a marble moves %d, the total, or two marbles one die each", a, b, a+b)
		}
		return nil
	}
	die := func(lg Leg) int {
		if lg.Start {
			return 6
		}
		return lg.Count
	}
	u, v := die(legs[0]), die(legs[1])
	if (u == a && v == b) || (u == b && v == a) {
		return nil
	}
	if (legs[0].Start || legs[1].Start) && a != 6 {
		if a+b == 6 {
			return rules.Illegalf("a start that is one part of two takes a die showing 6; the total of six starts a marble alone: start")
		}
		return startRule
	}
	if legs[0].Start || legs[1].Start {
		return rules.Illegalf("a start takes the 6; the other part moves %d", b)
	}
	return rules.Illegalf("those parts count %d and %d; the dice show %d and %d", u, v, a, b)
}

// generate lists the legal moves of PhaseMove: every use of the whole
// throw, different in its result. With a total of six, one marble started
// ("start"); with a 6, a marble started and moved by the other die
// ("start+3"); one marble moved the total ("h12+9"); or one part for each
// die, played in the order written: two different marbles ("h12+5,
// h30+3"), a start for a 6 and another marble for the other die ("start,
// h12+3", "h12+3, start"), or on 6-6 two starts. Moves with the same
// result are one move, with the text found first (the larger die first,
// then the less advanced marble first); the others are kept as aliases.
// With nothing to do, the only move is "pass".
func (p *Position) generate() []plan {
	seat := int(p.seat)
	star := p.star(seat)
	a, b := int(p.dice[0]), int(p.dice[1])
	var set []plan
	add := func(legs ...Leg) {
		pl, err := p.try(legs)
		if err != nil {
			return // cannot happen: the candidates below are all allowed
		}
		for i := range set {
			if set[i].after == pl.after {
				set[i].others = append(set[i].others, pl.text)
				return
			}
		}
		set = append(set, pl)
	}
	start := Leg{Start: true, From: NoHole}
	own := p.board.marbles(seat, star)
	waiting := p.start[seat]
	if a+b == 6 && waiting > 0 {
		add(start)
	}
	if a == 6 && waiting > 0 {
		add(Leg{Start: true, From: NoHole, Count: b})
	}
	for _, x := range own {
		add(Leg{From: x, Count: a + b})
	}
	orders := [][2]int{{a, b}, {b, a}}
	if a == b {
		orders = orders[:1]
	}
	for _, o := range orders {
		u, v := o[0], o[1]
		var firsts []Leg
		if u == 6 && waiting > 0 {
			firsts = append(firsts, start)
		}
		for _, x := range own {
			firsts = append(firsts, Leg{From: x, Count: u})
		}
		for _, f := range firsts {
			after := p.board
			ld := after.play(seat, star, f)
			if v == 6 && after.start[seat] > 0 {
				add(f, start)
			}
			for _, y := range after.marbles(seat, star) {
				if y != ld.end {
					add(f, Leg{From: y, Count: v})
				}
			}
		}
	}
	if len(set) == 0 {
		set = append(set, plan{text: PassText, after: p.board})
	}
	return set
}

func (p *Position) playMove(text string) (*Position, error) {
	set := p.plans()
	for i := range set {
		if set[i].text == text {
			return p.apply(&set[i]), nil
		}
	}
	return nil, p.whyNot(text, set)
}

// whyNot explains why text is not a legal move.
func (p *Position) whyNot(text string, set []plan) error {
	a, b := p.dice[0], p.dice[1]
	if set[0].text == PassText {
		return rules.Illegalf("nothing can be done with %d-%d: no marble of yours is on the track, and only a six on one die or a total of six starts one; the only move is pass", a, b)
	}
	if text == PassText {
		return rules.Illegalf("you cannot pass: the throw %d-%d can be used", a, b)
	}
	if strings.HasPrefix(text, "roll") {
		return rules.Illegalf("the dice are thrown: use the %d-%d", a, b)
	}
	legs, err := ParseLegs(text)
	if err != nil {
		return rules.Illegal(err)
	}
	canon := legsText(legs)
	for i := range set {
		if set[i].text == canon {
			return rules.Illegalf("write it %s", canon)
		}
		if slices.Contains(set[i].others, canon) {
			return rules.Illegalf("%s comes to the same as %s: play it as %s", canon, set[i].text, set[i].text)
		}
	}
	if _, err := p.try(legs); err != nil {
		return err
	}
	return rules.Illegalf("%q is not a legal use of %d-%d", text, a, b)
}

// apply plays a legal move and records it, with the marbles it sent back
// to START, as the latest throw. After doubles used, the seat throws again
// at once (chance rolls for it, PhaseRoll); after a pass, or any other
// throw, the turn passes clockwise to the next seat still in the game,
// which begins it by deciding to throw (PhaseThrow).
func (p *Position) apply(pl *plan) *Position {
	next := p.clone()
	seat := int(p.seat)
	next.board = pl.after
	next.last.Move = pl.text
	next.last.SentBack = nil
	for _, ld := range pl.lands[:pl.n] {
		if ld.captured >= 0 {
			next.last.SentBack = append(next.last.SentBack, Capture{Seat: rules.Seat(ld.captured), Hole: ld.end})
		}
	}
	next.dice = [2]int8{}
	switch {
	case next.finish[seat] == MarblesPerSeat:
		next.gameOver(rules.Finished, rules.Seat(seat))
	case p.dice[0] == p.dice[1] && pl.n > 0:
		// Doubles, used: the same seat throws again, at once.
		next.phase = PhaseRoll
	default:
		next.phase = PhaseThrow
		next.seat = int8(p.nextIn(seat))
	}
	return next
}
