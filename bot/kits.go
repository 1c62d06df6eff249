package bot

import (
	"parlor/render"
)

// Kits lists every game the bot serves, one line each: this list is the
// one place a game is named, and each kit carries the game's engine
// (Kit.Game) and painter (Kit.Painter) with the bot's words for it, so
// that the program, its tools and the tests that go through every game
// find them all here.
func Kits() []Kit {
	return []Kit{
		KingsmenKit(),
		KimboKit(),
		KippyKooKit(),
		RumbaKit(),
	}
}

// Painters are the painters of kits' games, for the renderer that draws
// their boards: render.New(bot.Painters(kits)...).
func Painters(kits []Kit) []render.Painter {
	out := make([]render.Painter, 0, len(kits))
	for _, k := range kits {
		if k.Painter != nil {
			out = append(out, k.Painter)
		}
	}
	return out
}
