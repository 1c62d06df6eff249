package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"parlor/bot/limits"
	"parlor/storage"
)

// Games of partners (Kit.Partners) seat two sides opposite each other: in
// a game of four, seats 0 and 2 against 1 and 3; of three, 0 and 2
// against 1, who plays for a whole side; of two, 0 against 1. The
// creator sits at 0 and names a partner (2) and opponents (1, then 3);
// an open seat is joined on a side. Seats are kept as chosen: the game's
// own opening decides who begins.

// partnerOptions are the options of /<game> new that invite people to a
// game of partners, and partnerPlace the seat each one's guest takes.
var (
	partnerOptions = []string{"partner", "opponent", "opponent2"}
	partnerPlace   = []int{2, 1, 3}
)

// partnerSideOf is the side of a seat: 0 for the creator's, 1 for the
// other.
func partnerSideOf(seat int) int { return seat % 2 }

// partnerSize is the size of a game of partners made with these options
// and no number of players: four when a partner or a second opponent is
// named (the partnership game), two otherwise.
func partnerSize(options map[string]string) int {
	if options["partner"] != "" || options["opponent2"] != "" {
		return 4
	}
	return 2
}

// partnerLobby checks that the people invited fit a game of size, and
// returns the lobby's seats in seat order with the open ones filled in.
func partnerLobby(invited []storage.Seat, size int) ([]storage.Seat, error) {
	seats := make([]storage.Seat, size)
	for i := range seats {
		seats[i] = storage.Seat{Seat: i}
	}
	for _, s := range invited {
		switch {
		case s.Seat == 2 && size < 3:
			return nil, sorry("A game of two has no partners: each player plays a whole colour. Leave out the partner, or make it a game of 3 or 4 (players).")
		case s.Seat == 3 && size < 4:
			return nil, sorry("In a game of three your single opponent plays both hands of the other colour: invite them as opponent, not opponent2.")
		}
		seats[s.Seat] = s
	}
	return seats, nil
}

// partnerSeating seats the players who joined a lobby of partners for the
// game: everyone where they chose when all are in; when the game starts
// with fewer, a side with two players takes seats 0 and 2 and the other
// side's player seat 1 (three), or one of each side plays a colour each
// (two). A side with nobody on it can't start.
func partnerSeating(joined []storage.Seat) ([]storage.Seat, error) {
	var sides [2][]storage.Seat
	for _, s := range joined {
		side := partnerSideOf(s.Seat)
		sides[side] = append(sides[side], s)
	}
	for i := range sides {
		slices.SortFunc(sides[i], func(a, b storage.Seat) int { return a.Seat - b.Seat })
	}
	if len(sides[0]) == 0 || len(sides[1]) == 0 {
		return nil, sorry("Partners can't play without opponents: someone has to join the other side first.")
	}
	if len(sides[1]) > len(sides[0]) {
		sides[0], sides[1] = sides[1], sides[0]
	}
	seats := []storage.Seat{sides[0][0], sides[1][0]}
	if len(sides[0]) > 1 {
		seats = append(seats, sides[0][1])
	}
	if len(sides[1]) > 1 {
		seats = append(seats, sides[1][1])
	}
	return seats, nil
}

// partnerLine describes the sides of a lobby of partners, in lang:
// "**Alice** ✓ and _open seat_ against <@bob> (invited) and _open seat_".
func partnerLine(lang Lang, g *storage.Game) string {
	var sides [2][]string
	for _, s := range g.Seats {
		side := partnerSideOf(s.Seat)
		switch {
		case openSeat(s):
			sides[side] = append(sides[side], lang.T("_open seat_"))
		case s.Joined:
			sides[side] = append(sides[side], "**"+s.Name+"** ✓")
		default:
			sides[side] = append(sides[side], lang.T("<@%s> (invited)", s.UserID))
		}
	}
	if len(g.Seats) == 3 {
		return lang.T("%s against %s (who plays both hands of the other colour)", joinIn(lang, sides[0]), joinIn(lang, sides[1]))
	}
	return lang.T("%s against %s", joinIn(lang, sides[0]), joinIn(lang, sides[1]))
}

// partnerJoins are the Join buttons of a lobby of partners with open
// seats: one per side that has one, naming the creator's side, or a plain
// Join when only one side is open; in lang.
func partnerJoins(lang Lang, g *storage.Game) []Component {
	open := [2]int{-1, -1}
	for _, s := range g.Seats {
		if side := partnerSideOf(s.Seat); openSeat(s) && open[side] < 0 {
			open[side] = s.Seat
		}
	}
	creator := seatUser(g, 0).Name
	labels := [2]string{lang.T("Join with %s", creator), lang.T("Join against %s", creator)}
	var out []Component
	for side, seat := range open {
		if seat < 0 {
			continue
		}
		out = append(out, Component{Kind: Button, ID: customID(g.ID, 0, fmt.Sprintf("join:%d", seat)), Label: Clip(labels[side], limits.ButtonLabel), Style: Success})
	}
	if len(out) == 1 {
		out[0].Label = lang.T("Join")
	}
	return out
}

// joinSeat reads the seat a Join button offers ("join:2"): -1 for a plain
// Join, which takes the first open seat.
func joinSeat(action string) (int, bool) {
	if action == "join" {
		return -1, true
	}
	rest, ok := strings.CutPrefix(action, "join:")
	if !ok {
		return 0, false
	}
	seat, err := strconv.Atoi(rest)
	return seat, err == nil && seat >= 0
}
