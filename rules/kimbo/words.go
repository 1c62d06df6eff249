package kimbo

import "parlor/rules"

// sideWords are the sides' names as words a caller may say in another
// language (see rules.Word), in Side order.
var sideWords = [4]rules.Word{rules.Word("South"), rules.Word("West"), rules.Word("North"), rules.Word("East")}

// sideWord is the side's name as a word.
func sideWord(s Side) rules.Word { return sideWords[s&3] }
