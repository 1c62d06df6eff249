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
// Its files stand in floors, each using the floors below it:
//
//   - the words: types.go (Request, Response, Message, Notice, custom ids),
//     lang.go (Lang), text.go, observe.go (Metrics), doors.go (what a door
//     may also be), commands.go (the specs of commands and options);
//   - the core: table.go (Table, Kit, loading a game, settle, replaying
//     the log, Check) and seats.go (who sits where);
//   - what the parts share: the board message (board.go, menus.go), the
//     story since a turn (story.go, narrate.go, notation.go), fair dice
//     (fair.go), the board owed to a thread (outbox.go), the member's
//     ceilings and slow-down (ceilings.go), removed servers (removal.go);
//   - the parts, each in its own file: the lobby (lobby.go, partners.go),
//     moves (handlers.go: move, play, resign, draw, finish, the board
//     command), computer players (computer.go, and computers.go, the queue
//     of their turns), the clocks (pause.go, away.go, takeback.go), the
//     record and replay (history.go, record.go, replay.go), ratings
//     (ratings.go, over package rating), tournaments (tournaments.go, over
//     package tournament), a member's data (forget.go), the server's
//     settings (parlor.go);
//   - the front: scheduler.go (Sweep: reminders, deadlines, digests, the
//     computers' turns found late, the tournaments' rounds) and route.go (NewTable, Handle, and the
//     command table: each command declared once, with its spec, whether
//     it needs a game, whether a spectator may use it, and its handler).
//
// Two kinds of name run the other way, on purpose: the Table's fields
// hold the state some parts keep in memory (the computers' queue, the
// ratings computed last, the story's latest steps, the dice, the slow-
// down's budget, removed servers), and a command's spec holds its handler,
// a function of the Table.
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
