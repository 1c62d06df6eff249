package rumba_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/rulestest"
	"parlor/rules/rumba"
)

// Decision: deadlines. A player who lets the table's deadline pass has
// his hand's turn skipped (rumba.Position.Skip, rules.Late): the turn ends
// where it stands, what is left of it (the throw, dice, rewards, the
// throw again after doublets) is lost as if he had passed, and the seat of
// the hand to the right begins its turn by deciding to throw.

// skip skips seat's turn in p, checks the invariants across the skip and
// the position text's round trip after it, and returns the position.
func skip(t testing.TB, p *rumba.Position, seat rules.Seat) *rumba.Position {
	t.Helper()
	before := p.String()
	next, err := p.Skip(seat)
	if err != nil {
		t.Fatalf("Skip(%d): got error %v, want none\n%s", seat, err, p.Drawing())
	}
	if err := rumba.Invariants(p, next); err != nil {
		t.Fatalf("after Skip(%d) from %s: %v\n%s", seat, p, err, next.Drawing())
	}
	if p.String() != before {
		t.Fatalf("Skip(%d) changed the position it was called on: %q became %q", seat, before, p.String())
	}
	rulestest.RoundTrip(t, rumba.Game{}, next)
	return next.(*rumba.Position)
}

// lastField is the latest throw's field of p's position text ("" if none).
func lastField(p *rumba.Position) string {
	f := strings.Fields(p.String())
	if len(f) < 7 {
		return ""
	}
	return f[6]
}

// Decision: the hand to play is skipped at each decision a turn has: at
// the decision to throw it throws nothing; during a throw, whether no die,
// one die or only a reward is left, the rest is lost; after doublets it
// does not throw again. The men stay where they stand; the record of the
// throw keeps what was played and ends in ";skipped"; East's seat then
// decides to throw.
func TestSkipSeatToAct(t *testing.T) {
	doublets := parse(t, moving(hands("10", "", "", ""), "S", "2-2"))
	tests := []struct {
		name     string
		p        *rumba.Position
		last     string // the latest throw's field after the skip
		drawing  string // the drawing's line about it
		captured string // East's men, some captured and waiting
	}{
		{"decision to throw", parse(t, "4p "+hands("10", "15", "", "48")+" S:throw last:W;5-3;W40-45,W45-48"),
			"last:S;-;-;skipped", "last: South's turn skipped before the throw\n", "-,-,-,15"},
		{"first turn's decision to throw", play(t, must(rumba.New(4)), "roll 6-5", "roll 2-1", "roll 3-1", "roll 1-1"),
			"last:S;-;-;skipped", "last: South's turn skipped before the throw\n", "-,-,-,-"},
		{"move decision", parse(t, moving(hands("10", "15", "", ""), "S", "5-3")),
			"last:S;5-3;-;skipped", "last: South threw 5-3 (turn skipped)\n", "-,-,-,15"},
		{"move decision, one die used", play(t, parse(t, moving(hands("10", "15", "", ""), "S", "5-3")), "S 10-13"),
			"last:S;5-3;S10-13;skipped", "last: South threw 5-3: S 10-13 (turn skipped)\n", "-,-,-,15"},
		{"doublets, one die used", play(t, doublets, "S 10-12"),
			"last:S;2-2;S10-12;skipped", "last: South threw 2-2: S 10-12 (turn skipped)\n", "-,-,-,-"},
		{"the throw after doublets", play(t, doublets, "S 10-12", "S 12-14", "roll 5-3"),
			"last:S;5-3;-;skipped", "last: South threw 5-3 (turn skipped)\n", "-,-,-,-"},
		{"a reward and a die to play", play(t, parse(t, moving(hands("10,40", "15", "", ""), "S", "5-3")), "S 10-15"),
			"last:S;5-3;S10-15xE;skipped", "last: South threw 5-3: S 10-15 (captured East's man) (turn skipped)\n", "-,-,-,-"},
		{"a reward alone to play", play(t, parse(t, moving(hands("10", "18", "", ""), "S", "5-3")), "S 10-13", "S 13-18"),
			"last:S;5-3;S10-13,S13-18xE;skipped", "S 13-18 (captured East's man) (turn skipped)\n", "-,-,-,-"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := skip(t, tt.p, 0)
			expect(t, p, "phase", phase(p), "E:throw")
			expect(t, p, "to move", p.ToMove(), rules.Seat(1))
			expect(t, p, "last", lastField(p), tt.last)
			expect(t, p, "Last().Skipped", p.Last().Skipped, true)
			expect(t, p, "Last().Hand", p.Last().Hand, rumba.South)
			expect(t, p, "reward", p.Reward(), 0)
			for h := range rumba.Hand(4) {
				expect(t, p, h.String()+"'s men", men(p, h), men(tt.p, h))
			}
			expect(t, p, "East's men", men(p, rumba.East), tt.captured)
			expect(t, p, "drawing says skipped", strings.Contains(p.Drawing(), tt.drawing), true)
			// rules.Late is the same skip.
			st, skipped, err := rules.Late(tt.p, 0)
			if err != nil || !skipped || st.String() != p.String() {
				t.Errorf("rules.Late: got %v, %v, %v, want %q, true, nil", st, skipped, err, p.String())
			}
			// East's turn is a normal one: the decision to throw keeps the
			// record, East's throw replaces it.
			q := play(t, p, rumba.RollText)
			expect(t, q, "record while the dice roll", lastField(q), tt.last)
			q = play(t, q, "roll 4-1")
			expect(t, q, "East's throw", lastField(q), "last:E;4-1;-")
		})
	}
}

func must(p *rumba.Position, err error) *rumba.Position {
	if err != nil {
		panic(err)
	}
	return p
}

// skipChain skips the seat to move k times from p and lists the phases it
// was skipped in ("S:throw") and the seats.
func skipChain(t testing.TB, p *rumba.Position, k int) (phases string, seats []rules.Seat) {
	t.Helper()
	var got []string
	for range k {
		seat := p.ToMove()
		got = append(got, phase(p))
		seats = append(seats, seat)
		p = skip(t, p, seat)
	}
	return strings.Join(got, " "), seats
}

// Decision: after a skip the turn passes to the right as after any turn,
// South, East, North, West: with three players seat 1, who plays East and
// West, is skipped for one hand and keeps the other's turn; with two, a
// player's skipped hand does not take his other hand's turn.
func TestSkipTurnOrder(t *testing.T) {
	tests := []struct {
		name, text, phases string
		seats              []rules.Seat
	}{
		{"four players", "4p " + hands("10", "15", "", "") + " S:throw", "S:throw E:throw N:throw W:throw S:throw", []rules.Seat{0, 1, 2, 3, 0}},
		{"three players", "3p " + hands("10", "15", "", "") + " S:throw", "S:throw E:throw N:throw W:throw S:throw", []rules.Seat{0, 1, 2, 1, 0}},
		{"three players, seat 1 playing East", "3p " + hands("10", "15", "", "") + " E:move:5-3 last:E;5-3;-", "E:move:5-3 N:throw W:throw S:throw E:throw", []rules.Seat{1, 2, 1, 0, 1}},
		{"three players, seat 1 playing West", "3p " + hands("10", "15", "", "46") + " W:move:6-6:6 last:W;6-6;W40-46", "W:move:6-6:6 S:throw E:throw N:throw", []rules.Seat{1, 0, 1, 2}},
		{"two players", "2p " + hands("10", "15", "", "") + " S:throw", "S:throw E:throw N:throw W:throw S:throw", []rules.Seat{0, 1, 0, 1, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parse(t, tt.text)
			phases, seats := skipChain(t, p, len(tt.seats))
			expect(t, p, "skipped", phases, tt.phases)
			expect(t, p, "seats", seatsText(seats), seatsText(tt.seats))
		})
	}
	// Seat 1 of three skipped at East's move decision: North's turn, then
	// seat 1's own turn for West.
	p := skip(t, parse(t, "3p "+hands("10", "15", "", "")+" E:move:5-3 last:E;5-3;-"), 1)
	expect(t, p, "after East", phase(p), "N:throw")
	p = playThrow(t, play(t, p, rumba.RollText), "roll 4-2")
	expect(t, p, "after North", phase(p), "W:throw")
	expect(t, p, "West's seat", p.ToMove(), rules.Seat(1))
}

func seatsText(seats []rules.Seat) string {
	var b strings.Builder
	for _, s := range seats {
		b.WriteByte(byte('0' + s))
	}
	return b.String()
}

// Skip refuses a seat other than the one to move (seat 1 of three at
// North's turn; a player of two at the other side's), a chance decision
// (the opening throw, a throw, the throw again after doublets) and a game
// over; it changes nothing.
func TestSkipErrors(t *testing.T) {
	four := parse(t, "4p "+hands("10", "15", "", "")+" S:throw")
	doubled := play(t, parse(t, moving(hands("10", "", "", ""), "S", "2-2")), "S 10-12", "S 12-14")
	ended, err := four.End(rules.Outcome{Method: rules.Agreement})
	if err != nil {
		t.Fatal(err)
	}
	finished := play(t, parse(t, moving(hands("63,finish,finish,finish", "", "", ""), "S", "5-1")), "S 63-finish")
	tests := []struct {
		name   string
		p      rules.State
		seat   rules.Seat
		target error
		reason string
	}{
		{"another seat", four, 1, rules.ErrIllegal, "it is South's turn (South), not East's"},
		{"another seat during a throw", parse(t, moving(hands("10", "15", "", ""), "S", "5-3")), 2, rules.ErrIllegal, "South's turn"},
		{"seat 1 of three at North's turn", parse(t, "3p "+hands("10", "15", "", "")+" N:throw"), 1, rules.ErrIllegal, "it is North's turn (North), not East/West's"},
		{"seat 0 of three at West's turn", parse(t, "3p "+hands("10", "15", "", "")+" W:throw"), 0, rules.ErrIllegal, "West's turn (East/West)"},
		{"a player of two at the other side's turn", parse(t, "2p "+hands("10", "15", "", "")+" W:throw"), 0, rules.ErrIllegal, "West's turn (East/West), not South/North's"},
		{"a seat out of range", four, 4, rules.ErrIllegal, "no seat 4"},
		{"a seat out of range with two", parse(t, "2p "+hands("10", "15", "", "")+" S:throw"), 2, rules.ErrIllegal, "no seat 2"},
		{"chance", four, rules.Chance, rules.ErrIllegal, "no seat -1"},
		{"nobody", four, rules.Nobody, rules.ErrIllegal, "no seat -2"},
		{"the throw", play(t, four, rumba.RollText), 0, rules.ErrIllegal, "the dice are to roll for South"},
		{"the throw again after doublets", doubled, 0, rules.ErrIllegal, "the dice are to roll for South"},
		{"the opening throw", must(rumba.New(3)), 0, rules.ErrIllegal, "opening throw"},
		{"an ended game", ended, 0, rules.ErrOver, "no turn to skip"},
		{"a finished game", finished, 1, rules.ErrOver, "no turn to skip"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := tt.p.String()
			next, err := tt.p.(rules.Skipper).Skip(tt.seat)
			if next != nil || !errors.Is(err, tt.target) || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("Skip(%d): got %v, %v, want an error wrapping %v saying %q\n%s", tt.seat, next, err, tt.target, tt.reason, tt.p.Drawing())
			}
			if _, skipped, err := rules.Late(tt.p, tt.seat); !errors.Is(err, tt.target) || !skipped {
				t.Errorf("rules.Late(%d): got %v, %v, want a skip refused with %v", tt.seat, skipped, err, tt.target)
			}
			if tt.p.String() != before {
				t.Errorf("Skip changed the position: %q became %q", before, tt.p.String())
			}
		})
	}
}

// Decision: the position text marks a skipped turn's throw record with a
// fourth part, "last:S;5-3;S10-13;skipped", and one skipped before its
// throw has no dice, "last:S;-;-;skipped"; texts without it read as
// before. Parse refuses a skipped record the game cannot reach: a hand
// other than the one to the right next (doublets or not), a hand playing
// on, moves without dice, a pass or an opening throw skipped.
func TestSkippedPositionText(t *testing.T) {
	men := "4p " + hands("13", "15", "", "")
	for _, text := range []string{
		men + " E:throw last:S;-;-;skipped",
		men + " E:throw last:S;5-3;-;skipped",
		men + " E:roll last:S;5-3;S10-13;skipped",
		men + " E:throw last:S;2-2;S11-13;skipped",
		men + " E:throw last:S;5-3;S10-13,S13-15xE;skipped",
		men + " over:black:resigned last:S;5-3;-;skipped",
		"3p " + hands("13", "15", "", "") + " N:throw last:E;-;-;skipped",
	} {
		p := parse(t, text)
		f := strings.Fields(text)
		expect(t, p, "last field", lastField(p), f[len(f)-1])
		expect(t, p, "Skipped", p.Last().Skipped, true)
		rulestest.RoundTrip(t, rumba.Game{}, p)
	}
	old := parse(t, men+" E:throw last:S;5-3;S10-13")
	expect(t, old, "Skipped in an old text", old.Last().Skipped, false)
	bad := []struct{ text, reason string }{
		{men + " S:throw last:S;-;-;skipped", "after South's turn was skipped, East throws, not South"},
		{men + " N:throw last:S;5-3;-;skipped", "East throws, not North"},
		{men + " S:roll last:S;2-2;S11-13;skipped", "East throws, not South"},
		{men + " S:move:5-3 last:S;5-3;-;skipped", "the turn has passed"},
		{men + " E:move:5-3 last:E;5-3;-;skipped", "the turn has passed"},
		{men + " E:throw last:S;-;S10-13;skipped", "no moves"},
		{men + " E:throw last:S;-;-", "last throw"},
		{men + " E:throw last:S;5-3;pass;skipped", "a pass ends the throw"},
		{men + " S:throw last:N;6-3;open;skipped", "an opening throw is no turn to skip"},
		{men + " open:6-3,-,-,- last:S;-;-;skipped", "in the opening"},
		{men + " E:throw last:S;5-3;-;skip", "want like"},
		{men + " E:throw last:S;5-3;-;skipped;skipped", "want like"},
	}
	for _, b := range bad {
		if _, err := rumba.Parse(b.text); err == nil || !strings.Contains(err.Error(), b.reason) {
			t.Errorf("Parse(%q): got %v, want an error saying %q", b.text, err, b.reason)
		}
	}
}

// Decision: skips keep the invariants, and games with skips still end.
// Random games of 2, 3 and 4 players where the seat to move is sometimes
// skipped instead (at the decision to throw, and during throws: with both
// dice, one die or a reward left, on doublets): the invariants hold after
// every decision and skip, each skip gives the turn to the hand to the
// right, the position text round-trips after each skip, and every game
// ends.
func TestRandomGamesWithSkips(t *testing.T) {
	const games = 6
	kinds := map[string]int{} // what was left of the turns skipped
	total := 0
	for g := range games {
		n := 2 + g%3
		rng := rand.New(rand.NewPCG(uint64(n), uint64(4000+g)))
		p := must(rumba.New(n))
		decisions := 0
		for !p.Outcome().Over() {
			if decisions++; decisions > maxDecisions {
				t.Fatalf("game %d: no end after %d decisions\n%s", g, maxDecisions, p.Drawing())
			}
			if seat := p.ToMove(); seat >= 0 && rng.IntN(8) == 0 {
				kinds[skipKind(p)]++
				want := (p.Turn() + 1) % 4
				p = skip(t, p, seat)
				if p.Phase() != rumba.PhaseThrow || p.Turn() != want || p.ToMove() != p.SeatOf(want) {
					t.Fatalf("game %d: after skipping seat %d: %s, want %s deciding to throw\n%s", g, seat, phase(p), want, p.Drawing())
				}
				continue
			}
			legal := p.Legal()
			m := legal[rng.IntN(len(legal))]
			if p.ToMove() == rules.Chance {
				r := rng.Float64()
				for _, o := range legal {
					if m = o; r < o.Odds {
						break
					}
					r -= o.Odds
				}
			}
			p = play(t, p, m.Text)
		}
		total += decisions
		if o := p.Outcome(); o.Method != rules.Finished || len(o.Winners) == 0 {
			t.Errorf("game %d: outcome %v\n%s", g, o, p.Drawing())
		}
	}
	t.Logf("%d decisions; skips: %v", total, kinds)
	for _, k := range []string{"throw", "both dice", "one die", "reward", "doublets"} {
		if kinds[k] == 0 {
			t.Errorf("no skip with %s left: the test no longer covers it", k)
		}
	}
}

// skipKind says what a skip at p loses: the throw, both dice, one die, a
// reward (with or without a die), or doublets (some of them).
func skipKind(p *rumba.Position) string {
	d, left := p.Dice()
	switch {
	case p.Phase() == rumba.PhaseThrow:
		return "throw"
	case p.Reward() > 0:
		return "reward"
	case d[0] == d[1]:
		return "doublets"
	case left[0] && left[1]:
		return "both dice"
	}
	return "one die"
}
