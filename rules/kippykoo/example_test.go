package kippykoo_test

import (
	"fmt"

	"parlor/rules"
	"parlor/rules/kippykoo"
)

// A game opens with the lot; then each turn begins with the seat's own
// decision to throw ("roll"), then chance rolls the dice and the seat moves;
// after doubles used the seat's next throw follows at once, with no decision
// to throw. Chance decisions are played like any other: the table service
// picks the outcome. What a player types is matched against the legal moves
// by rules.Find.
func Example() {
	p, _ := kippykoo.New(2)
	var st rules.State = p
	for _, text := range []string{"first S", "roll", "6-3", "start 3", "throw", "roll 5-2", "pass", "r", "roll 5-5", "h3-h13", "roll 6-1", "start, h13+1"} {
		m, err := rules.Find(st, text)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(m.Text + ": " + st.Describe(m).String())
		st, _ = st.Play(m)
	}
	fmt.Print(st.Drawing())
	fmt.Println(st)
	// Output:
	// first S: South is drawn to begin (1 chance in 2)
	// roll: South throws the dice
	// roll 6-3: South throws 6 and 3 (1 chance in 18)
	// start+3: South: starts a marble and moves it 3 to hole 3
	// roll: North throws the dice
	// roll 5-2: North throws 5 and 2 (1 chance in 18)
	// pass: North: nothing can be done with 5-2: pass
	// roll: South throws the dice
	// roll 5-5: South throws 5 and 5 (1 chance in 36)
	// h3+10: South: moves the marble on hole 3 by 10 to hole 13; doubles: throws again
	// roll 6-1: South throws 6 and 1 (1 chance in 18)
	// start, h13+1: South: starts a marble on its star, hole 0; then moves the marble on hole 13 by 1 to hole 14
	//      20  21  22  23  24  25  26  27  28  29  30  31  32  33
	//      .   .   .   .   .   .   n   .   .   .   .   .   .   .
	//  19  .                                                   .  34
	//  18  .                                                   .  35
	//  17  .      KIPPY KOO                                    .  36
	//  16  .                                                   .  37
	//  15  .      S W N E  marbles                             .  38
	//  14  S      s w n e  empty stars                         *  39
	//  13  *      *        unused star                         .  40
	//  12  .                                                   .  41
	//  11  .      marbles go clockwise:                        .  42
	//  10  .      <- along the bottom                          .  43
	//   9  .                                                   .  44
	//   8  .                                                   .  45
	//      .   .   .   .   .   .   .   S   .   .   .   .   .   .
	//      7   6   5   4   3   2   1   0   51  50  49  48  47  46
	// South star h0  START 2  FINISH 0
	// North star h26 START 4  FINISH 0
	// last: South threw 5-5, h3+10; then 6-1, start, h13+1
	// North to throw
	// S:start,start,h0,h14 N:start,start,start,start N:throw last:S;5-5;h3+10/6-1;start,h13+1
}
