package bot

import "parlor/rules"

// Kits lists every game the bot serves.
func Kits() []Kit {
	return []Kit{KingsmenKit(), KimboKit(), KippyKooKit(), RumbaKit()}
}

// titleOf is the title of k's game, as a word said in the language of the
// text it is in (the catalogs list every kit's title: see specMessages).
func titleOf(k Kit) rules.Word { return rules.Word(k.Game.Title()) }
