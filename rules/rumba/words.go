package rumba

import (
	"fmt"

	"parlor/rules"
)

// aMan is "a South man", "an East man", as a Text.
func aMan(h Hand) rules.Text {
	if h == East {
		return rules.Textf("an %s man", h.Word())
	}
	return rules.Textf("a %s man", h.Word())
}

// seatWords name a seat by its hands, as seatName does: "South";
// "East/West" for the lone player of three.
func (p *Position) seatWords(seat rules.Seat) rules.Text {
	hs := p.Hands(seat)
	switch len(hs) {
	case 1:
		return rules.Textf("%s", hs[0].Word())
	case 2:
		return rules.Textf("%s/%s", hs[0].Word(), hs[1].Word())
	}
	return rules.Plain(p.seatName(seat))
}

// diceWords say what is left to play: "5-3", "the 3",
// "a reward of 10", "the 3 and a reward of 10".
func (p *Position) diceWords() rules.Text {
	var dice, reward rules.Text
	switch l := p.pool.diceLeft(); {
	case l == 2:
		dice = rules.Plain(fmt.Sprintf("%d-%d", p.pool.dice[0], p.pool.dice[1]))
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
