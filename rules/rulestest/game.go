package rulestest

import (
	"errors"
	"strings"
	"testing"

	"parlor/rules"
)

// FuzzGame plays a game of g as data says, through the Game contract
// alone, so that one driver fuzzes every game of the list and any game
// added to it. The first byte picks the number of players among
// g.Players(); then most bytes pick a legal decision by its index (a
// seat's or chance's); a byte from 0xE0 up reads the next byte&15 bytes as
// a move text, raw (0xE0–0xEF) or as edits of a legal move's text
// (0xF0–0xFF), which must be played if legal and refused with
// rules.ErrIllegal if not (Typed). After every decision it checks what
// holds in any game (Step), the game's own invariants (rules.Checker) and
// that no two legal moves read alike (Distinct); once the game is over, a
// move is refused with rules.ErrOver.
func FuzzGame(t testing.TB, g rules.Game, data []byte) {
	t.Helper()
	if len(data) == 0 {
		return
	}
	players := g.Players()
	s, err := g.New(players[int(data[0])%len(players)])
	if err != nil {
		t.Fatalf("%s: New(%d): %v", g.Name(), players[int(data[0])%len(players)], err)
	}
	RoundTrip(t, g, s)
	inv := func(prev, next rules.State) error { return rules.Invariants(g, prev, next) }
	legal := s.Legal()
	for i := 1; i < len(data); i++ {
		if s.Outcome().Over() {
			if _, err := s.Play(rules.Move{Text: "pass"}); !errors.Is(err, rules.ErrOver) {
				t.Fatalf("Play after the end: got %v, want rules.ErrOver\n%s", err, s.Drawing())
			}
			return
		}
		b := data[i]
		text := ""
		if b < 0xE0 {
			text = legal[int(b)%len(legal)].Text
		} else {
			raw := data[i+1 : min(len(data), i+1+int(b&15))]
			i += len(raw)
			text = string(raw)
			if b >= 0xF0 && len(raw) > 0 {
				text = Edit(legal[int(raw[0])%len(legal)].Text, raw[1:], lettersOf(legal))
			}
			var ok bool
			if text, ok = Typed(t, s, legal, text); !ok {
				continue
			}
		}
		s, legal = Step(t, g, inv, s, text)
		Distinct(t, s, legal, text)
	}
}

// lettersOf are the letters the texts of legal are made of, and a few
// others a player might type between them: what Edit draws from.
func lettersOf(legal []rules.Move) string {
	var b strings.Builder
	seen := map[rune]bool{}
	for _, m := range legal {
		for _, r := range m.Text + "-x +.0" {
			if !seen[r] {
				seen[r] = true
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}
