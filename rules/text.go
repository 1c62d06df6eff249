package rules

import (
	"errors"
	"fmt"
	"strings"
)

// Text is words for a person that a caller may say in another language: a
// fmt format and its arguments. The format, as written here in English,
// is the message's key in Parlor's catalogs, so engines stay free of
// languages; String is the English.
//
// Arguments that are themselves words are written as Word or Text, which
// a caller translates too; squares, move texts and numbers are left as
// they are.
type Text struct {
	Format string
	Args   []any
}

// Textf is the Text of format and args.
func Textf(format string, args ...any) Text { return Text{Format: format, Args: args} }

// String is the text in English.
func (t Text) String() string {
	if len(t.Args) == 0 {
		return t.Format
	}
	return fmt.Sprintf(t.Format, t.Args...)
}

// Plain is s as a Text said the same in every language, such as a move
// text that is not a move.
func Plain(s string) Text { return Text{Format: "%s", Args: []any{s}} }

// List is ts one after the other, joined by ", ": "a, b, c". ts is not
// empty.
func List(ts ...Text) Text {
	out := ts[0]
	for _, t := range ts[1:] {
		out = Textf("%s, %s", out, t)
	}
	return out
}

// Word is a word an engine names, such as a side or a piece, which a
// caller may say in another language: it is its own key in the catalogs.
type Word string

// String is the word in English.
func (w Word) String() string { return string(w) }

// The four sides of a board, as the games name their seats, sides and
// hands: one word each in the catalogs, whichever game says it.
const (
	South = Word("South")
	West  = Word("West")
	North = Word("North")
	East  = Word("East")
)

// IllegalError is the error of a refused move, with its reason as a Text.
// It wraps ErrIllegal, and ErrNotYet or ErrThrowFirst when its reason is
// that another decision comes first.
type IllegalError struct {
	Reason Text
	first  error // ErrNotYet, ErrThrowFirst, or nil
}

// ErrNotYet is wrapped by the error refusing a move because another
// decision comes first in the turn (a corner for a captured piece, the
// dice before a piece moves). Its reason says which and how, so a caller
// adds no hint of its own about the moves there are.
var ErrNotYet = errors.New("another decision comes first")

// ErrThrowFirst is wrapped by the error refusing a move because the turn
// begins with the player's decision to throw the dice: a caller says how
// to throw (a button, a command). It is an ErrNotYet too.
var ErrThrowFirst = errors.New("the dice are thrown first")

// NotYetf is the error refusing a move because another decision comes
// first (ErrNotYet), for the reason format and args say.
func NotYetf(format string, args ...any) error {
	return &IllegalError{Reason: Textf(format, args...), first: ErrNotYet}
}

// ThrowFirstf is the error refusing a move because the turn begins with
// the throw of the dice (ErrThrowFirst), for the reason format and args
// say.
func ThrowFirstf(format string, args ...any) error {
	return &IllegalError{Reason: Textf(format, args...), first: ErrThrowFirst}
}

// Is makes errors.Is(err, ErrNotYet) hold for an error of NotYetf or
// ThrowFirstf, and errors.Is(err, ErrThrowFirst) for one of ThrowFirstf.
func (e *IllegalError) Is(target error) bool {
	switch {
	case e.first == nil:
		return false
	case target == e.first:
		return true
	}
	return target == ErrNotYet && e.first == ErrThrowFirst
}

func (e *IllegalError) Error() string { return ErrIllegal.Error() + ": " + e.Reason.String() }

// Unwrap makes errors.Is(err, ErrIllegal) hold.
func (e *IllegalError) Unwrap() error { return ErrIllegal }

// Illegalf is the error refusing a move because of the reason format and
// args say, as a Text.
func Illegalf(format string, args ...any) error {
	return &IllegalError{Reason: Textf(format, args...)}
}

// Illegal is the error refusing a move for the reason err gives (see
// Reason): err's Text when it has one.
func Illegal(err error) error { return &IllegalError{Reason: Reason(err)} }

// Reason is why err refused a move, as a Text: the IllegalError's reason,
// the Text of a TextError (see Mistake), or, for an error that has none,
// its message after "illegal move: ".
func Reason(err error) Text {
	var ie *IllegalError
	if errors.As(err, &ie) {
		return ie.Reason
	}
	var te *TextError
	if errors.As(err, &te) {
		return te.Text
	}
	msg := err.Error()
	if why, ok := strings.CutPrefix(msg, ErrIllegal.Error()+": "); ok && why != "" {
		msg = why
	}
	return Plain(msg)
}
