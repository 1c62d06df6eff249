package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Notation is the words a game's move texts are written with, in their
// canonical spelling: "roll", "pass", "start". A word is a run of letters
// of a move text that is not a square, a hole or a letter naming a side;
// squares, letters and numbers are the same in every language, and only
// the words are said in the player's language (see Notated).
type Notation []string

// Notated is a Game whose move texts have words. A caller may write those
// words in a player's language ("salida+6" for "start+6") and read them
// back: the engine itself knows only the canonical words, and the move log
// keeps only them.
type Notated interface {
	Notation() Notation
}

// NotationOf is g's notation words, none if it has none.
func NotationOf(g Game) Notation {
	if n, ok := g.(Notated); ok {
		return n.Notation()
	}
	return nil
}

// MoveText is a move text given to a Text as an argument: a caller says
// its notation words in the reader's language and leaves the rest of it
// as it is (see SayWords).
type MoveText string

// String is the move text with its canonical words.
func (m MoveText) String() string { return string(m) }

// SayWords is text with each of its words (each run of letters) that
// word knows replaced by what word says for it; every other character
// stays as it is. It says a move text's notation words in a language.
func SayWords(text string, word func(string) (string, bool)) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		j := i
		for j < len(text) {
			r, n := utf8.DecodeRuneInString(text[j:])
			if !unicode.IsLetter(r) {
				break
			}
			j += n
		}
		if j == i {
			_, n := utf8.DecodeRuneInString(text[i:])
			b.WriteString(text[i : i+n])
			i += n
			continue
		}
		if said, ok := word(text[i:j]); ok {
			b.WriteString(said)
		} else {
			b.WriteString(text[i:j])
		}
		i = j
	}
	return b.String()
}
