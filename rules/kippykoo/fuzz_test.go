package kippykoo_test

import (
	"errors"
	"testing"

	"parlor/rules"
	"parlor/rules/kippykoo"
	"parlor/rules/rulestest"
)

// FuzzPositionRoundTrip: for any text Parse accepts, Parse(p.String())
// succeeds and gives the same text back; the position has a decision to
// take unless it is over; and so do the positions after each of its legal
// moves, after each seat still in leaves, and after the seat to act is
// skipped (no other seat may be), which keep the invariants.
func FuzzPositionRoundTrip(f *testing.F) {
	start2, _ := kippykoo.New(2)
	start4, _ := kippykoo.New(4)
	for _, text := range []string{
		start2.String(),
		start4.String(),
		crowded,
		moving("S:start,start,h5,h20 N:start,start,h13,h40", "S", "5-3"),
		moving("S:start,h0,h1,h20 "+northStart, "S", "6-2"),
		moving("S:start,h40,h49,h51 "+northStart, "S", "2-1"),
		"S:start,h0,h1,h20 N:start,start,start,h29 S:roll last:S;3-3;start",
		"S:start,h0,h1,h20 N:start,start,start,h29 N:throw last:S;4-1;h20+5",
		"S:start,h0,h1,h20 N:start,start,start,h29 N:roll last:S;4-1;h20+5",
		"S:finish,finish,finish,finish N:start,h30,h40,h10 over:S:finished last:S;2-1;h50+3",
		"S:start,start,start,start W:start,start,h14,h2 N:start,start,start,start W:roll last:W;6-6;start+6",
		southStart + " " + northStart + " N:throw last:N;first",
		southStart + " " + northStart + " N:roll last:N;first",
		southStart + " " + westStart + " " + northStart + " W:throw",
		"S:start,start,start,start  N:start,start,start,start   S:roll ",
		"S:start,start,start,h13 " + northStart + " N:throw last:S;5-3;h5+8;N@h13",
		"S:start,start,h10,h33 W:start,start,start,start N:start,start,start,start " + eastStart + " W:roll last:S;5-3;h5+5,h30+3;W@h10,N@h33",
		"S:start,h5,h20,finish W:out N:start,start,start,h28 S:move:5-3",
		"S:start,h5,h20,finish W:out N:start,start,start,h28 N:throw last:W;2-2;h9+4",
		southStart + " W:out " + northStart + " lot",
		"S:out W:out N:out " + eastStart + " over:E:resigned",
		"S:start,h5,h20,finish W:start,start,h13,h30 N:start,start,start,h28 W:throw last:S;skipped",
		"S:start,h5,h20,finish W:start,start,h13,h30 N:start,start,start,h28 W:roll last:S;6-6;skipped",
		"S:out W:start,start,h13,h30 N:start,start,start,h28 W:throw last:S;5-3;skipped",
		"S:start,start,start,h15 N:start,start,start,start S:roll last:S;2-2;h5+4;N@h9/3-3;h9+6",
		"S:start,start,start,h9 N:start,start,start,start S:move:3-3 last:S;2-2;h5+4;N@h9/3-3;-",
		"S:start,start,start,h22 N:start,start,start,start N:throw last:S;2-2;h5+4;N@h9/3-3;h9+6/5-2;h15+7",
		"S:start,h5,h20,finish W:start,start,h13,h30 N:start,start,start,h28 W:throw last:S;4-4;h12+8/5-3;skipped",
		"not a position",
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := kippykoo.Parse(text)
		if err != nil {
			return
		}
		roundTrip(t, p)
		legal := p.Legal()
		if p.Outcome().Over() != (len(legal) == 0) {
			t.Fatalf("%d legal moves, outcome %q\n%s", len(legal), p.Outcome().Method, p.Drawing())
		}
		for _, m := range legal {
			next, err := p.Play(m)
			if err != nil {
				t.Fatalf("Play(%q) of a legal move: got error %v, want none\n%s", m.Text, err, p.Drawing())
			}
			if err := kippykoo.Invariants(p, next); err != nil {
				t.Fatalf("after %q from %s: %v\n%s", m.Text, p, err, next.Drawing())
			}
			roundTrip(t, next.(*kippykoo.Position))
		}
		for seat := range rules.Seat(p.Seats()) {
			next, err := p.Retire(seat)
			if p.Outcome().Over() || p.Retired(seat) {
				if err == nil {
					t.Fatalf("Retire(%d) of a seat out or a game over: got no error\n%s", seat, p.Drawing())
				}
				continue
			}
			if err != nil {
				t.Fatalf("Retire(%d): got error %v, want none\n%s", seat, err, p.Drawing())
			}
			if err := kippykoo.Invariants(p, next); err != nil {
				t.Fatalf("after Retire(%d) from %s: %v\n%s", seat, p, err, next.Drawing())
			}
			roundTrip(t, next.(*kippykoo.Position))
		}
		for seat := rules.Chance; seat < rules.Seat(p.Seats()); seat++ {
			next, err := p.Skip(seat)
			if p.Outcome().Over() || seat < 0 || seat != p.ToMove() {
				if err == nil || !errors.Is(err, rules.ErrIllegal) && !errors.Is(err, rules.ErrOver) {
					t.Fatalf("Skip(%d), not the seat to act: got error %v, want one wrapping rules.ErrIllegal or rules.ErrOver\n%s", seat, err, p.Drawing())
				}
				continue
			}
			if err != nil {
				t.Fatalf("Skip(%d): got error %v, want none\n%s", seat, err, p.Drawing())
			}
			if err := kippykoo.Invariants(p, next); err != nil {
				t.Fatalf("after Skip(%d) from %s: %v\n%s", seat, p, err, next.Drawing())
			}
			roundTrip(t, next.(*kippykoo.Position))
		}
	})
}

// roundTrip checks that p's position text reads back as the same position.
func roundTrip(t *testing.T, p *kippykoo.Position) {
	t.Helper()
	rulestest.RoundTrip(t, kippykoo.Game{}, p)
}

// FuzzMoveSequence plays a game from the start as the bytes say: the first
// byte picks the number of players; then most bytes pick a legal decision
// by index; a byte from 0xD0 to 0xDF retires the seat it names (modulo the
// number of players), which must fail for a seat already out; a byte from
// 0xE0 up reads the next (byte&15) bytes as a
// decision's text, raw (0xE0–0xEF) or as edits of a legal decision's text
// (0xF0–0xFF), which must be played if legal and rejected with
// rules.ErrIllegal if not; rules.Find on it must find a legal move or say
// why not with rules.ErrIllegal. It never panics and keeps the invariants
// after every decision.
func FuzzMoveSequence(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
	f.Add([]byte{1, 0, 0xE4, 'r', 'o', 'l', 'l', 0xE8, 'r', 'o', 'l', 'l', ' ', '6', '-', '6', 0xE5, 's', 't', 'a', 'r', 't', 0xEC, 's', 't', 'a', 'r', 't', ',', ' ', 's', 't', 'a', 'r', 't'})
	f.Add([]byte{0, 0, 0xE5, 't', 'h', 'r', 'o', 'w', 0xE1, 'r', 0xE8, 'r', 'o', 'l', 'l', ' ', '6', '-', '3', 0, 0xE4, 'r', 'o', 'l', 'l', 0xE8, 'r', 'o', 'l', 'l', ' ', '2', '-', '2', 0, 0xE4, 'r', 'o', 'l', 'l'})
	f.Add([]byte{0, 1, 3, 0xF4, 0, 3, '+', 1, '7', 0xF3, 9, 0, 'h', 5, 0xEA, 0, 0xFF, 'g', '9', ' ', '-', '-', 'x', 'x', 0})
	f.Add([]byte{1, 0, 0, 0, 1, 0xD1, 0, 0, 0, 0xD0, 0, 0xD3})
	f.Add([]byte{2, 0xD2, 1, 0, 0, 3, 0xD3, 0, 0, 0, 0, 0xD1})
	f.Add([]byte("\x02\x07\x21\x40\x13\x99\x05\x42\x77\x18\x36\x21\x40\x13\x99\x05\x42\x77\x18\x36\x01\x02\x03\x04\x11\x22\x33\x44\x55\x66\x77\x88\x99\xaa\xbb\xcc\xdd"))
	f.Fuzz(func(t *testing.T, data []byte) { sequence.New(t, kippykoo.Game{}, data) })
}

// sequence reads Kippy Koo's bytes: one from 0xD0 to 0xDF retires a seat.
var sequence = rulestest.Sequence[*kippykoo.Position]{
	Over:    "pass",
	Letters: "h0123456789+, startpasfirol-SWNE",
	Step:    step,
	Other: func(t testing.TB, p *kippykoo.Position, data []byte, i int) (*kippykoo.Position, int, bool) {
		if b := data[i]; b >= 0xD0 && b < 0xE0 {
			return retireStep(t, p, rules.Seat(int(b)%p.Seats())), 0, true
		}
		return p, 0, false
	},
}

// step plays a legal decision and checks the invariants after it: those of
// kippykoo.Invariants, the position text's round trip, legal moves whose
// normalized texts are all different and whose aliases each mean one
// move, and a game that goes on having a decision to take.
func step(t testing.TB, p *kippykoo.Position, text string) *kippykoo.Position {
	t.Helper()
	nextState, legal := rulestest.Step(t, kippykoo.Game{}, kippykoo.Invariants, p, text)
	next := nextState.(*kippykoo.Position)
	seen := rulestest.Distinct(t, next, legal, text)
	// An alias that is another move's text, or an alias of two moves,
	// would make rules.Find pick the wrong move or none.
	meant := map[string]string{}
	for _, m := range legal {
		for _, a := range next.Aliases(m) {
			n := rules.Normalize(a)
			if seen[n] && n != rules.Normalize(m.Text) {
				t.Fatalf("alias %q of %q is another legal move's text\n%s", a, m.Text, next.Drawing())
			}
			if o, ok := meant[n]; ok && o != m.Text {
				t.Fatalf("alias %q means both %q and %q\n%s", a, o, m.Text, next.Drawing())
			}
			meant[n] = m.Text
		}
	}
	return next
}

// retireStep retires seat from p (rulestest.Retire), and checks that a
// game going on has a decision for a seat still in.
func retireStep(t testing.TB, p *kippykoo.Position, seat rules.Seat) *kippykoo.Position {
	t.Helper()
	next := rulestest.Retire(t, kippykoo.Game{}, kippykoo.Invariants, p, seat)
	if to := next.ToMove(); next.Outcome().Over() != (to == rules.Nobody) || to >= 0 && next.Retired(to) {
		t.Fatalf("after Retire(%d): ToMove %d, outcome %q\n%s", seat, to, next.Outcome().Method, next.Drawing())
	}
	return next
}
