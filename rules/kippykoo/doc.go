// Package kippykoo is the rules engine of Kippy Koo (Parker Brothers,
// 1956), the "Indian marble game": two to four players race their four
// marbles out of START, all the way round a closed track of holes and back
// to their own Star Space, into FINISH. A six starts a marble; a marble
// that ends its move on an opponent's sends it back to START, one that ends
// on its own is moved on to the next free hole; doubles throw again.
//
// The game is a sequence of decisions (see package rules):
//
//   - the lot: one chance decision drawing the starting player ("first W"),
//     each seat with the same odds;
//   - the start of each turn, the first after the lot too: the seat's own
//     decision to throw, "roll" (RollText), its only move, which changes
//     nothing but the phase (on Discord the player throws the dice);
//   - each throw: a chance decision with the 21 outcomes of two dice and
//     their odds ("roll 6-3");
//   - the move, one decision covering the whole throw: one marble the
//     total ("h12+9"), a start by a total of six ("start"), a start by a
//     six moved on by the other die ("start+3"), or one part for each die,
//     played in the order written ("h12+5, h30+3", "start, h12+3", on 6-6
//     "start, start"); "pass" when nothing can be done;
//   - after doubles used, the same seat throws again at once: chance rolls
//     for it with no second decision to throw; otherwise the turn passes
//     clockwise, and the next seat begins it by deciding to throw.
//
// The latest throw (Position.Last) records, for the board, the move and
// the marbles it sent back to START (Turn.SentBack), and the throws its
// turn made before it, doubles used each (Turn.Before), so that a turn
// that threw again shows whole; none of it plays a part in the rules.
//
// In a game of three or four a player may leave (Position.Retire,
// rules.Resign): its marbles leave the game, its turns are skipped and the
// others play on, until one is left, who wins by resignation; in a game of
// two, leaving is a resignation.
//
// A player who lets the table's deadline pass has the turn skipped
// (Position.Skip, rules.Late): at the decision to throw or the move, the
// rest of the turn is lost as if it had passed (doubles earn no further
// throw), nothing moves, and the next seat still in begins its turn; the
// latest throw records the skip ("last:S;5-3;skipped").
//
// The track is reconstructed (docs/boards.md) and lives in board.go: 52
// holes numbered clockwise from South's Star Space, h0 to h51, seat sides
// South, West, North, East with their stars at h0, h13, h26 and h39. How
// the engine reads every sentence of the booklet, and each decision taken
// where it is silent, is in docs/rules/kippykoo.md.
package kippykoo
