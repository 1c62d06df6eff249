// Package tournament pairs and scores Parlor's tournaments: round robins
// and Swiss events, for games of two to four players. It knows entrants
// only by id (a member, or a team of partners in Rumba) and games only by
// their seats and finishing places; the table service stores events,
// starts their games and tells this package how they ended. Nothing here
// reads a clock, a database or chance: the same event gives the same
// pairings.
//
// # Scoring
//
// A game's winner scores 1 and its last scores 0; between them the places
// share the point evenly (in a game of three: 1, ½, 0; of four: 1, ⅔, ⅓,
// 0). Seats that share a place share the points of the places they cover,
// so a drawn game of two gives ½ each. A bye scores as a win. Points are
// kept in 36ths of a point (Points), which makes every share whole.
//
// # Round robin
//
// In games of two, everyone meets everyone once (or twice, seats swapped,
// when Double is set), by the circle method, so no one waits a round more
// than once. In games of three or four, the rounds split the entrants into
// tables as even as can be, chosen so that every two entrants meet at
// least once, in as few rounds as the greedy cover finds. All the games of
// a round robin are made at once.
//
// # Swiss
//
// Each round pairs entrants of close scores who have not met: the entrants
// are ranked by score (then by their order at the start) and the highest
// unpaired meets the next one that is allowed, with a search that steps
// back when the rest cannot be paired (the Monrad way of pairing). In
// games of two nobody plays the first seat three times more than the
// second, or the other way round, when any pairing avoids it, and of two
// opponents the one who has had the first seat less takes it. With an odd
// number of entrants the lowest ranked who has had the fewest byes has
// one. Games of three or four are seated at tables as even as can be
// (seven in games of four are a table of four and one of three), each
// begun by the highest ranked still free and filled by those who have met
// nobody there yet, or else the fewest; a small field cannot avoid some
// meeting again.
//
// # Standings
//
// Entrants are ranked by points, then by tie-breaks: in a Swiss event
// Buchholz (the sum of the opponents' points; at a table of more, their
// mean) and then Sonneborn-Berger (for each game, the points scored in it
// times the opponents' points);
// in a round robin the points scored against the other tied entrants
// (head to head) and then the number of wins. Entrants still tied share
// their place.
package tournament
