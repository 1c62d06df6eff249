package rulestest

import (
	"errors"
	"testing"

	"parlor/rules"
)

// Sequence is how an engine's FuzzMoveSequence reads the fuzzer's bytes
// to play a game whose positions are of type P,
// one decision or event at a time: a byte below 0xE0 picks a legal
// decision by index (unless Other reads it); a byte from 0xE0 up reads
// the next (byte&15) bytes as a decision's text, raw (0xE0–0xEF) or as
// edits of a legal decision's text (0xF0–0xFF), which must be played if
// legal and refused with rules.ErrIllegal if not (Typed). Once the game
// is over, a decision must be refused with rules.ErrOver, and the
// sequence ends.
type Sequence[P rules.State] struct {
	// Over is a decision's text tried once the game is over.
	Over string
	// Letters are those Edit draws from: the letters the game's move
	// texts are made of, and a few others.
	Letters string
	// Step plays the legal decision text on s, with the engine's checks
	// after it, and returns the next position.
	Step func(t testing.TB, p P, text string) P
	// Pick, if not nil, reads the index of a legal decision of s from
	// data[i], and how many bytes after it it read too (a decision among
	// thousands takes two); nil reads data[i] alone.
	Pick func(p P, data []byte, i int) (k, more int)
	// Other, if not nil, reads the bytes below 0xE0 that are not a
	// decision's index in this game (a seat leaving, a turn skipped): ok
	// says whether data[i] is one; then next is the position after it,
	// and more how many bytes after data[i] it read.
	Other func(t testing.TB, p P, data []byte, i int) (next P, more int, ok bool)
}

// Play plays data from s as q reads it; it never panics, and the checks
// of Step and Typed hold after every decision.
func (q Sequence[P]) Play(t testing.TB, s P, data []byte) {
	t.Helper()
	for i := 0; i < len(data); i++ {
		if s.Outcome().Over() {
			if _, err := s.Play(rules.Move{Text: q.Over}); !errors.Is(err, rules.ErrOver) {
				t.Fatalf("Play after the end: got %v, want rules.ErrOver\n%s", err, s.Drawing())
			}
			return
		}
		if q.Other != nil {
			if next, more, ok := q.Other(t, s, data, i); ok {
				s, i = next, i+more
				continue
			}
		}
		legal := s.Legal()
		b := data[i]
		if b < 0xE0 {
			k, more := int(b), 0
			if q.Pick != nil {
				k, more = q.Pick(s, data, i)
			}
			i += more
			s = q.Step(t, s, legal[k%len(legal)].Text)
			continue
		}
		raw := data[i+1 : min(len(data), i+1+int(b&15))]
		i += len(raw)
		text := string(raw)
		if b >= 0xF0 && len(raw) > 0 {
			text = Edit(legal[int(raw[0])%len(legal)].Text, raw[1:], q.Letters)
		}
		if text, ok := Typed(t, s, legal, text); ok {
			s = q.Step(t, s, text)
		}
	}
}

// New plays data as q reads it from the start of a game of g, for as
// many players as data's first byte picks among g.Players(); no data, no
// game.
func (q Sequence[P]) New(t testing.TB, g rules.Game, data []byte) {
	t.Helper()
	if len(data) == 0 {
		return
	}
	players := g.Players()
	s, err := g.New(players[int(data[0])%len(players)])
	if err != nil {
		t.Fatal(err)
	}
	q.Play(t, s.(P), data[1:])
}

// Retire retires seat from s, a position of g whose seats may leave it
// (rules.Retirer): it must fail just when seat is not one of s's or has
// left already. After it, inv (the engine's invariants) and the position
// text's round trip must hold. It returns the next position, or s when
// Retire failed.
func Retire[P rules.State](t testing.TB, g rules.Game, inv func(prev, next rules.State) error, s P, seat rules.Seat) P {
	t.Helper()
	r := any(s).(rules.Retirer)
	next, err := r.Retire(seat)
	if in := seat >= 0 && int(seat) < s.Seats() && !r.Retired(seat); (err == nil) != in {
		t.Fatalf("Retire(%d), a seat still in: %v; got error %v\n%s", seat, in, err, s.Drawing())
	}
	if err != nil {
		return s
	}
	if err := inv(s, next); err != nil {
		t.Fatalf("after Retire(%d) from %s: %v\n%s", seat, s, err, next.Drawing())
	}
	RoundTrip(t, g, next)
	return next.(P)
}

// Skip skips seat's turn in s, a position of g where a late seat loses
// its turn (rules.Skipper): it must be refused with rules.ErrIllegal
// unless seat is the seat to move. After it, inv (the engine's
// invariants) and the position text's round trip must hold. It returns
// the next position and true, or s and false when Skip refused.
func Skip[P rules.State](t testing.TB, g rules.Game, inv func(prev, next rules.State) error, s P, seat rules.Seat) (P, bool) {
	t.Helper()
	next, err := any(s).(rules.Skipper).Skip(seat)
	if ok := seat >= 0 && seat == s.ToMove(); ok != (err == nil) || err != nil && !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("Skip(%d) with %d to move: got error %v\n%s", seat, s.ToMove(), err, s.Drawing())
	}
	if err != nil {
		return s, false
	}
	if err := inv(s, next); err != nil {
		t.Fatalf("after Skip(%d) from %s: %v\n%s", seat, s, err, next.Drawing())
	}
	RoundTrip(t, g, next)
	return next.(P), true
}
