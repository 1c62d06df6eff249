// Package kimbo is the rules engine of Kimbo (Parker Brothers, 1960), the
// "game of fences": two to four players race their four pieces from the
// corners of a 15×15 board into HOME in the middle, moving along straight
// lines that turn only where a fence, a border line or a start-area arrow
// stands in the way, and moving one of their six fences each turn to help
// themselves or to block the others.
//
// The game is a sequence of decisions (see package rules):
//
//   - the opening roll: chance decisions, one roll per seat ("roll 6-3"),
//     the highest total starts, ties among the highest roll again;
//   - each turn, the seat's fence decision: "nofence", or one of its fences
//     moved to a vacant slot ("e1|f1>h5|h6");
//   - the roll, a chance decision with 21 outcomes and their odds;
//   - the move, one decision covering the whole throw: one piece the whole
//     throw ("b1-b4-f4"), or one piece per die ("b1-b6, n14-k14"), with
//     captures marked by x ("b1xb6-b9"); on doubles a jump over a fence
//     instead ("jump e5-e6"); "pass" when nothing can move;
//   - after a capture, the capturer's choice of the start area the captured
//     piece goes back to ("corner sw"), one decision per captured piece.
//
// A player may leave a game of three or four and the others play on
// (Position.Retire, rules.Resign): its pieces leave the board, its fences
// stay where they stand, its turns are skipped, and the last seat left in
// wins by resignation.
//
// A player who lets the table's deadline pass has his turn skipped
// (Position.Skip, rules.Late): the turn ends where it stands, as if he had
// passed, and the next seat still in begins its turn; captured pieces
// waiting for his corner decision go to the first start area with room.
//
// Game implements rules.Thinker: a computer player, Easy or Strong, for
// the fence, move and corner decisions (think.go). It reads the board as
// the fences stand, the turns a piece needs from each square to get HOME,
// and weighs the seats' races and the risks of captures; there are no
// partnerships in Kimbo, every seat plays for itself.
//
// The board is reconstructed (docs/boards.md) and lives as data in
// board.go. How the engine reads every sentence of the booklet, and each
// decision taken where it is silent, is in docs/rules/kimbo.md.
package kimbo
