package kingsmen

import "parlor/rules"

// kindWords are the kinds' names as words a caller may say in another
// language (see rules.Word), in Kind order.
var kindWords = [...]rules.Word{"", rules.Word("King"), rules.Word("Knight"), rules.Word("Archer")}

// kindWord is the kind's name as a word.
func kindWord(k Kind) rules.Word {
	if int(k) < len(kindWords) {
		return kindWords[k]
	}
	return rules.Word(k.String())
}

// sideWord is the side's name as a word: "South", "North".
func sideWord(s Side) rules.Word {
	if s == South {
		return rules.Word("South")
	}
	return rules.Word("North")
}
