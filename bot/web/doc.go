// Package web is the web door: every game as a live page, opened from
// Discord by a member's personal link (see bot/weblinks.go), served under
// /web/ by the same HTTP server as Discord's interactions.
//
// The page is the game as the table service sees it: the board the
// render package draws, the players, whose turn and the clock, the
// history, and for the player to move the legal moves as buttons. A move
// from the page is a request to the same Table as a click on the board in
// Discord (bot.WebRequest), with the same checks and the same one
// outcome; its board is then posted in the game's thread by the Discord
// door (Server.Deliver). Every open page of a game hears of every change
// of the game within a second (Server-Sent Events), whichever door or
// replica made it: the door reads the versions of the games its pages
// show a few times a second.
//
// The page is plain HTML and CSS with a small script, embedded in the
// binary, with relative addresses only and no assumption of being the
// top window, so that it can be served inside Discord as an Activity
// later; signing in is one interface (SignIn), today the personal link.
//
//	srv := &web.Server{Table: table, Key: secret, Deliver: door.Deliver}
//	mux.Handle("/web/", srv)
package web
