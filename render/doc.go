// Package render draws game positions as PNG images for players on phones.
//
// A Renderer draws with the painters it is made with, one per game (a
// Painter): it asks each whether a state is its game's, and that one
// paints it, on a Canvas that lends it the fonts and the static layers.
// Render's own painters are one file each: kingsmen.go for All the King's
// Men (Kingsmen), kimbo.go for Kimbo, kippykoo.go for Kippy Koo, rumba.go
// for Rumba; the list of games that gives each its painter is bot's Kits,
// and a painter made elsewhere (PainterOf) draws the same way. Beside the
// painters are a shared palette and caches: the embedded Go fonts are
// parsed once, and each game's static board (background, squares, slots,
// walls, arrows, the track and its holes, coordinates) is drawn once and
// copied under every picture. A Renderer is safe for concurrent use; make
// one at start-up and share it.
//
// Render reads rules states only: it never plays moves or changes a state.
//
//	r := render.New(render.Kingsmen(), render.Kimbo())
//	png, err := r.PNG(pos, render.Info{
//		Names:    []string{"Alice", "Bob"},
//		LastMove: "Nc1-c5",
//		Title:    "Game 12",
//	})
//
// A picture marks the latest turn. In a game of three or four, the turns
// before it since the viewer's previous decision are marked too, fainter
// with age, when the caller gives the states just after them, replayed
// from the game's log (and for All the King's Men, whose positions do not
// record their moves, the moves' texts):
//
//	png, err := r.PNG(pos, render.Info{
//		Names:   names,
//		Earlier: []render.Turn{{State: afterWest}, {State: afterNorth}},
//	})
package render
