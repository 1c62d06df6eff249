package rumba

import (
	"fmt"

	"parlor/rules"
)

// handWords are the hands' names as words a caller may say in another
// language (see rules.Word), in Hand order.
var handWords = [4]rules.Word{rules.Word("South"), rules.Word("East"), rules.Word("North"), rules.Word("West")}

// handWord is the hand's name as a word.
func handWord(h Hand) rules.Word {
	if h >= 0 && h < 4 {
		return handWords[h]
	}
	return rules.Word(h.String())
}

// sideWord is the side's colour as a word.
func sideWord(s Side) rules.Word {
	if s == Red {
		return rules.Word("Red")
	}
	return rules.Word("Black")
}

// aMan is "a South man", "an East man", as a Text.
func aMan(h Hand) rules.Text {
	if h == East {
		return rules.Textf("an %s man", handWord(h))
	}
	return rules.Textf("a %s man", handWord(h))
}

// seatWords name a seat by its hands, as seatName does: "South";
// "East/West" for the lone player of three.
func (p *Position) seatWords(seat rules.Seat) rules.Text {
	hs := p.Hands(seat)
	switch len(hs) {
	case 1:
		return rules.Textf("%s", handWord(hs[0]))
	case 2:
		return rules.Textf("%s/%s", handWord(hs[0]), handWord(hs[1]))
	}
	return rules.Textf("%s", p.seatName(seat))
}

// diceWords say what is left to play: "5-3", "the 3",
// "a reward of 10", "the 3 and a reward of 10".
func (p *Position) diceWords() rules.Text {
	var dice, reward rules.Text
	switch l := p.pool.diceLeft(); {
	case l == 2:
		dice = rules.Textf("%s", fmt.Sprintf("%d-%d", p.pool.dice[0], p.pool.dice[1]))
	case l == 1 && !p.pool.used[0]:
		dice = rules.Textf("the %d", p.pool.dice[0])
	case l == 1:
		dice = rules.Textf("the %d", p.pool.dice[1])
	}
	if p.pool.rewards > 0 {
		reward = rules.Textf("a reward of %d", p.Reward())
	}
	switch {
	case dice.Format != "" && reward.Format != "":
		return rules.Textf("%s and %s", dice, reward)
	case dice.Format != "":
		return dice
	case reward.Format != "":
		return reward
	}
	return rules.Textf("nothing")
}
