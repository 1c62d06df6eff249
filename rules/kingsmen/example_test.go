package kingsmen_test

import (
	"fmt"

	"parlor/rules"
	"parlor/rules/kingsmen"
)

// A game starts from Start; what a player types is matched against the
// legal moves by rules.Find, and Play returns the next position.
func Example() {
	p := kingsmen.Start()
	if _, err := rules.Find(p, "g1"); err != nil {
		fmt.Println(err) // three pieces can go to g1
	}
	m, err := rules.Find(p, "Ng1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Text + ": " + p.Describe(m).String())
	next, err := p.Play(m)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(next.Drawing())
	fmt.Println(next)
	// Output:
	// illegal move: "g1" could mean Nf1-g1 or Af2-g1
	// Nf1-g1: Knight f1 to g1
	//     a   b   c   d   e   f   g
	//
	// 8   .- -n- -n- -k- -n- -n-  .  8
	//     |   |   |   |   |   |   |
	//     |  \    |       |       |
	// 7   a   a- -a- -a- -a- -a   a  7
	//     |   |   |   |   |   |   |
	//     |   |  \ /     \ /  |   |
	// 6   .- -.-  .  -.-  .  -.- -.  6
	//     |   |  / \     / \      |
	//      /      |  \|/  |   |   |
	// 5   .-  .-  .- -.-  .- -.-  .  5
	//      \      |  /|\  |   |   |
	//     |   |   |  \|/  |      \
	// 4   .  -.- -.  -.- -.  -.  -.  4
	//     |   |   |  /|\  |      /
	//     |      \ /     \ /  |   |
	// 3   .- -.-  .  -.-  .  -.- -.  3
	//     |   |  / \     / \  |   |
	//     |   |   |   |   |   |   |
	// 2   A   A- -A- -A- -A- -A   A  2
	//     |       |       |    \  |
	//     |   |   |   |   |   |   |
	// 1   .  -N- -N- -K- -N- -.- -N  1
	//
	//     a   b   c   d   e   f   g
	// The marks round a square are its arrows: pieces move only along them.
	// North to move
	// .nnknn./aaaaaaa/......./......./......./......./AAAAAAA/.NNKN.N n 1 1
}
