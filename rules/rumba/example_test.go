package rumba_test

import (
	"fmt"

	"parlor/rules"
	"parlor/rules/rumba"
)

// A game starts with the opening throw; then each turn begins with the
// seat's own decision to throw ("roll"), the throw is a chance decision,
// and the seat plays it one die at a time; after doublets the next throw
// follows at once, with no decision to throw. Chance decisions are played
// like any other: the table service picks the outcome. What a player
// types is matched against the legal moves by rules.Find.
func Example() {
	p, _ := rumba.New(4)
	var st rules.State = p
	for _, text := range []string{"roll 6-3", "roll 2-1", "roll 4-4", "roll 5-1", "throw", "roll 6-3", "enter", "0-3"} {
		m, err := rules.Find(st, text)
		if err != nil {
			fmt.Println(err)
			if m, err = rules.Find(st, "enter S"); err != nil {
				return
			}
		}
		fmt.Println(m.Text + ": " + st.Describe(m).String())
		st, _ = st.Play(m)
	}
	fmt.Print(st.Drawing())
	fmt.Println(st)
	// Output:
	// roll 6-3: South throws 6 and 3 (9) in the opening throw (1 chance in 18)
	// roll 2-1: East throws 2 and 1 (3) in the opening throw (1 chance in 18)
	// roll 4-4: North throws 4 and 4 (8) in the opening throw (1 chance in 36)
	// roll 5-1: West throws 5 and 1 (6) in the opening throw (1 chance in 18)
	// roll: South throws the dice
	// roll 6-3: South throws 6 and 3 (1 chance in 18)
	// illegal move: "enter" could mean enter S or enter N
	// enter S: South: a South man enters on 00 with the 6
	// S 00-03: South: a South man from 00 to 03 with the 3
	//     40  39  38  37  36  35  34  33  32  31  30  29  28  27  26  25  24
	// 40  .   .   .   .   .   .   .   .   n   n'  .   .   .   .   .   .   .   24
	// 41  .                                                               .   23
	// 42  .    nw 37> . . . . . . . >43          ne 21> . . . . . . . >27 .   22
	// 43  .                                                               .   21
	// 44  .                                                               .   20
	// 45  .                                                               .   19
	// 46  .                                                               .   18
	// 47  w'                                                              .   17
	// 48  w                                   FINISH                      e   16
	// 49  .                                                               e'  15
	// 50  .                                                               .   14
	// 51  .                                                               .   13
	// 52  .                                                               .   12
	// 53  .                                                               .   11
	// 54  .    sw 53> . . . . . . . >59          se 05> . . . . . . . >11 .   10
	// 55  .                                                               .   09
	// 56  .   .   .   .   .   .   .   s'  s   .   .   S   .   .   .   .   .   08
	//     56  57  58  59  60  61  62  63  00  01  02  03  04  05  06  07  08
	// FINISH: Red 0 (S 0, N 0), Black 0 (E 0, W 0); waiting: S 3, E 4, N 4, W 4
	// last: South threw 6-3: enter S, S 00-03
	// East to throw (East plays Black)
	// 4p S:-,-,-,03 E:-,-,-,- N:-,-,-,- W:-,-,-,- E:throw last:S;6-3;enterS,S00-03
}
