package bot

import "parlor/rules"

// Kits lists every game the bot serves.
func Kits() []Kit {
	return []Kit{KingsmenKit(), KimboKit(), KippyKooKit(), RumbaKit()}
}

// titles are the games' titles (rules.Game.Title), marked for the
// catalogs: a title is said in the language of the text it is in.
var titles = []string{N("All the King's Men"), N("Kimbo"), N("Kippy Koo"), N("Rumba")}

// titleOf is the title of k's game, as a word said in the language of the
// text it is in.
func titleOf(k Kit) rules.Word { return rules.Word(k.Game.Title()) }
