package rules

import "errors"

// TextError is an error whose message is a Text, which a caller may say
// in another language: why something a player typed does not read, such
// as a square or a move text.
type TextError struct {
	Text Text
}

func (e *TextError) Error() string { return e.Text.String() }

// Mistake is the TextError of t.
func Mistake(t Text) error { return &TextError{Text: t} }

// Illegal is the error refusing a move for the reason err gives (see
// Reason): err's Text when it has one.
func Illegal(err error) error { return &IllegalError{Reason: Reason(err)} }

// textOf is the Text of err, a TextError or an error wrapping one.
func textOf(err error) (Text, bool) {
	var te *TextError
	if errors.As(err, &te) {
		return te.Text, true
	}
	return Text{}, false
}
