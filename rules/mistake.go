package rules

// TextError is an error whose message is a Text, which a caller may say
// in another language: why something a player typed does not read, such
// as a square or a move text.
type TextError struct {
	Text Text
}

func (e *TextError) Error() string { return e.Text.String() }

// Mistake is the TextError of t.
func Mistake(t Text) error { return &TextError{Text: t} }
