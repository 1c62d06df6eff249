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
// A game's kit (Kit: its options, menus, narration, rules in our words)
// lives in the game's own file (kingsmen.go, kimbo.go, kippykoo.go,
// rumba.go) and is listed in kits.go; a fifth game adds a file there, a
// package in rules/ and a painter in render/.
package bot
