// Package rumba is the rules engine of Rumba, "partnership backgammon"
// (Parker Brothers): two partnerships race men round a square track,
// entering them on a 6, capturing lone opposing men (a reward of ten
// spaces each), blocking with two or three men on a space, and escaping
// blockades by the single-track turnouts round the corners. The first
// side with four men in the central FINISH wins.
//
// Two, three or four play. There are always four hands (South, East,
// North, West) of four men; partners sit opposite: South and North are
// Red, East and West Black. Four players play a hand each; with three,
// one player plays East and West alone and so has two turns a round; with
// two, each plays a whole side. A player moves his own and his partner's
// men alike.
//
// The game is a sequence of decisions (see package rules):
//
//   - the opening throw: chance decisions, one per seat ("roll 6-3"), the
//     highest total starts, ties among the highest throw again;
//   - the start of each turn, the first after the opening throw too, and
//     each of the two turns a round of the lone player of three: the
//     seat's own decision to throw, "roll" (RollText), its only move,
//     which changes nothing but the phase (on Discord the player throws
//     the dice);
//   - each throw, a chance decision with 21 outcomes and their odds;
//   - the play of the throw, one decision per die: "enter S" (a man enters
//     on his starting point on a 6, or on two dice totalling 6, which
//     plays both), "S 06-10" (a man moves one die; turnout spaces are
//     se1–sw7, and a run through a whole turnout names it: "N 01-se-11"),
//     "S 63-finish" (from his finish space into FINISH on a 6), the reward
//     of a capture played the same way ("S 12-22"); "pass" when nothing of
//     the throw can be played. After doublets the same hand throws again
//     at once: chance throws for it, with no second decision to throw;
//     otherwise the turn passes to the right, and the next hand's seat
//     begins it by deciding to throw.
//
// A player who lets the table's deadline pass has his hand's turn skipped
// (Position.Skip, rules.Late): the turn ends where it stands, what is left
// of the throw is lost, doublets give no throw again, and the seat of the
// hand to the right begins its turn by deciding to throw.
//
// Game implements rules.Thinker: the computer players weigh whole plays
// of a throw for the partnership, the easy one by an evaluation of the
// race and of the shots at its men, the strong one looking one or two
// throws ahead within its budget (think.go, eval.go).
//
// The board is reconstructed (docs/boards.md) and lives as data in
// board.go. How the engine reads every sentence of the booklet, and each
// decision taken where it is silent, is in docs/rules/rumba.md.
package rumba
