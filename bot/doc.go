// Package bot is Parlor's table service: the one place that knows both
// the rules engines and the storage. It takes a Request (a slash command,
// a button or menu, an autocomplete), loads the game from the place the
// request comes from, asks the rules engine, stores the change in one
// version-guarded transaction, draws the board, and returns a Response.
// It never sends anything itself and imports nothing of Discord.
//
// The doors turn a transport's events into Requests and Responses back
// into the transport's calls:
//
//	bot/discord (gateway, HTTP)    bot/console (stdin)    Sweep (the clock)
//	            \                          |                     /
//	             Request → Handler (the Table) → Response, Notices
//	            /                          |                     \
//	     rules/<game>                   storage                  render
//
// A game's kit (Kit: its engine, its painter, its options, menus,
// narration, rules in our words) lives in the game's own file
// (kingsmen.go, kimbo.go, kippykoo.go, rumba.go) and is listed once, in
// Kits (kits.go): the program, its tools and the tests that go through
// every game find each game's engine and painter there, and the renderer
// is made with the list's painters (Painters). A fifth game adds its
// package in rules/, its painter in render/, its kit here and one line to
// Kits; nothing else names it (toy_test.go shows it with a toy game).
package bot
