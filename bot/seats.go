package bot

import (
	"fmt"
	"strconv"
	"strings"

	"parlor/rules"
	"parlor/storage"
)

// This file answers questions about a game's seats: who sits where,
// which are open, and what each is called (a computer by its level).

// seatOf is the seat of user in g, or -1.
func seatOf(g *storage.Game, user string) int {
	for _, s := range g.Seats {
		if s.UserID == user && s.Joined {
			return s.Seat
		}
	}
	return -1
}

func seatUser(g *storage.Game, seat int) storage.Seat {
	for _, s := range g.Seats {
		if s.Seat == seat {
			return s
		}
	}
	return storage.Seat{Seat: seat, Name: fmt.Sprintf("seat %d", seat+1)}
}

func names(g *storage.Game) []string {
	out := make([]string, len(g.Seats))
	for i, s := range g.Seats {
		out[i] = s.Name
	}
	return out
}

// openSeat reports whether s is a seat nobody has taken or been offered.
func openSeat(s storage.Seat) bool { return s.UserID == "" }

// nameIn is s's name as a reader of lang reads it. A computer player's
// name is kept in the language of the game it plays in ("Parlor
// (strong)"), and said again in lang ("Parlor (fuerte)") for a reader of
// another language, such as in a list of games; a person's name is as it
// is.
func nameIn(lang Lang, s storage.Seat) string {
	if s.Computer == "" {
		return s.Name
	}
	n := 1
	if v, ok := strings.CutPrefix(s.UserID, "computer/"); ok {
		if i, err := strconv.Atoi(v); err == nil && i > 0 {
			n = i
		}
	}
	return computerAt(lang, s.Seat, n, rules.Level(s.Computer)).Name
}

// namesIn is the names of g's seats as a reader of lang reads them (see
// nameIn).
func namesIn(lang Lang, g *storage.Game) []string {
	out := make([]string, len(g.Seats))
	for i, s := range g.Seats {
		out[i] = nameIn(lang, s)
	}
	return out
}

// levelWord is a computer player's level as messages say it.
func levelWord(level string) rules.Word {
	switch rules.Level(level) {
	case rules.Easy:
		return rules.Word("easy")
	case rules.Strong:
		return rules.Word("strong")
	}
	return rules.Word(level)
}

// computerAt is the n-th computer player of a game, of level, in seat at,
// named in the game's language lang ("Parlor (strong)", "Parlor 2
// (fácil)"): the name is kept with the game.
func computerAt(lang Lang, at, n int, level rules.Level) storage.Seat {
	name := "Parlor"
	if n > 1 {
		name = fmt.Sprintf("Parlor %d", n)
	}
	return storage.Seat{Seat: at, UserID: fmt.Sprintf("computer/%d", n), Name: lang.T("%s (%s)", name, levelWord(string(level))), Joined: true, Computer: string(level)}
}
