// Package rating rates Parlor's players with Glicko-2, one rating per
// player, per game, per server, recomputable from the finished games
// alone. It is pure: no storage, no clock, no Discord.
//
// # The system
//
// Glicko-2 exactly as Mark Glickman's "Example of the Glicko-2 system"
// (Boston University, 2013; http://www.glicko.net/glicko/glicko2.pdf)
// gives it, his worked example included as a test: a rating R, a rating
// deviation RD and a volatility Vol, a new player starting at Default
// (1500, 350, 0.06), the system constant τ = Tau = 0.5 (the middle of the
// paper's 0.3–1.2, the value of its example), the volatility found by the
// paper's Illinois iteration to within Epsilon = 0.000001. See
// Rating.Update.
//
// # Rating periods
//
// Games end one at a time over days, so each finished game is its own
// rating period for its players: every player of the game is updated
// once, against the ratings all its opponents had before the game, all at
// once (one Update with one Result an opponent met). The players of other
// games have no period then: a rating stands still between one's games,
// and its RD does not grow with idle time, which keeps the ratings a
// function of the finished games and their order alone (no clock). The
// paper prefers periods of 10–15 games a player; one-game periods still
// rate soundly, only the volatility moves little.
//
// # Games of three and four
//
// A game's result becomes pairwise results by finishing order (Results):
// each seat has a place, 1 the best, equal places tying. Every two seats on
// different teams meet once: the better place scores 1, the worse 0, equal
// places ½ each. Partners never meet. A team's result enters as its players'
// results against each opposing player: a Rumba side that wins gives each
// of its players a win against each opposing player, so in a Rumba game of
// four each player has two results, and in a game of three the player of
// East and West meets both of the other side. Places turns a game's winners
// and the order its seats left it in (resigned, forfeited, skipped out)
// into places: winners first, tied; then the others still in at the end,
// tied; then those who left, the last to leave placing highest.
//
// # The ledger
//
// A Ledger holds the ratings by Key (server, game kind, player) and
// applies finished games one by one (Ledger.Apply). Applying the same
// games in the same order to an empty Ledger gives the same numbers to the
// bit (Recompute), which is how `parlor check` verifies stored ratings;
// SortGames puts games in the one order the caller must apply them in: by
// the time they ended, then by game id. The caller, not this package,
// decides which games count: aborted games (never started, cancelled)
// are simply never applied; games ended by resignation or forfeit are.
//
// Computer players are rated like people, which anchors the scale, and
// their entries are marked Computer. A player is keyed by its id alone: a
// caller that gives every computer of a level one id (rather than one per
// seat) rates that level as one player; should one id then sit in several
// seats of a game, its seats do not meet each other and all their results
// make its one update of the game.
//
// # Display
//
// Rating.String shows a rating as "1523 ±87": R and twice RD (the paper's
// 95% interval), rounded, and adds "provisional" while RD is above
// ProvisionalRD = 110, that is until a new player has played about ten
// games against established opponents.
package rating
