package kimbo_test

import (
	"fmt"

	"parlor/rules"
	"parlor/rules/kimbo"
)

// A game starts with the opening roll; then each turn is a fence decision,
// a roll and a move. Chance decisions are played like any other: the table
// service picks the outcome. What a player types is matched against the
// legal moves by rules.Find.
func Example() {
	p, _ := kimbo.New(2)
	var st rules.State = p
	for _, text := range []string{"roll 6-3", "roll 2-1", "e1|f1 > c4|c5", "5-3"} {
		m, err := rules.Find(st, text)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(m.Text + ": " + st.Describe(m).String())
		st, _ = st.Play(m)
	}
	m, err := rules.Find(st, "b1 b9")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Text + ": " + st.Describe(m).String())
	st, _ = st.Play(m)
	fmt.Print(st.Drawing())
	fmt.Println(st)
	// Output:
	// roll 6-3: South rolls 6 and 3 (9) in the opening roll (1 chance in 18)
	// roll 2-1: North rolls 2 and 1 (3) in the opening roll (1 chance in 18)
	// e1|f1>c4|c5: South moves a fence from e1|f1 to c4|c5
	// roll 5-3: South rolls 5 and 3 (1 chance in 18)
	// b1-b9: South: b1 north 8 to b9
	//      a  b  c  d  e  f  g  h  i  j  k  l  m  n  o
	//    ##############################################
	// 15 # S  N: .  .  .| .| .| .| .| .| .  .  .: N  o# 15
	//    #                                            #
	// 14 # o  o: .  .  .  .  .  .  .  .  .  .  .: S  o# 14
	//    #:::::                                  :::::#
	// 13 # .  .  .  .  .  .  .  .  .  .  .  .  .  .  .# 13
	//    #                                            #
	// 12 # .  .  .  .  .  .  .  .  .  .  .  .  .  .  .# 12
	//    #                                            #
	// 11 # .  .  .  .  .  .  .  .  .  .  .  .  .  .  .# 11
	//    #                                            #
	// 10 # .  .  .  .  .  .  .  .  .  .  .  .  .  .  .# 10
	//    #                  ##    ##                  #
	//  9 # .  S  .  .  .  .#        # .  .  .  .  .  .# 9
	//    #               --          --               #
	//  8 # .  .  .  .  .| .   HOME    .| .  .  .  .  .# 8
	//    #               --          --               #
	//  7 # .  .  .  .  .  .#        # .  .  .  .  .  .# 7
	//    #                  ##    ##                  #
	//  6 # .  .  .  .  .  .  .  .  .  .  .  .  .  .  .# 6
	//    #                                            #
	//  5 # .  .  .  .  .  .  .  .  .  .  .  .  .  .  .# 5
	//    #      --                                    #
	//  4 # .  .  .  .  .  .  .  .  .  .  .  .  .  .  .# 4
	//    #                                            #
	//  3 # .  .  .  .  .  .  .  .  .  .  .  .  .  .  .# 3
	//    #:::::                                  :::::#
	//  2 # o  N: .  .  .  .  .  .  .  .  .  .  .: o  o# 2
	//    #                                            #
	//  1 # o  o: .  .  .  .| .| .| .| .| .  .  .: S  N# 1
	//    ##############################################
	//      a  b  c  d  e  f  g  h  i  j  k  l  m  n  o
	// HOME: S 0 N 0
	// fences: S f1|g1 g1|h1 h1|i1 i1|j1 j1|k1 c4|c5; N e15|f15 f15|g15 g15|h15 h15|i15 i15|j15 j15|k15; neutral f7|f8 j7|j8 e8|f8 f8|f9 j8|k8 j8|j9
	// last: South e1|f1>c4|c5, rolled 5-3, b1-b9
	// North to move a fence, or nofence
	// S:n1,b9,n14,a15/f1|g1,g1|h1,h1|i1,i1|j1,j1|k1,c4|c5 N:o1,b2,b15,n15/e15|f15,f15|g15,g15|h15,h15|i15,i15|j15,j15|k15 N:fence last:S;e1|f1>c4|c5;5-3;b1-b9
}
