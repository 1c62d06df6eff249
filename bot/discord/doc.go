// Package discord is Parlor's door to Discord: it registers the commands
// (one bulk overwrite), turns each interaction into a bot.Request and the
// table's bot.Response into Discord's calls, answering within Discord's
// three seconds (deferring first when the work is slow), and posts the
// scheduler's notices. It is the only package that speaks discordgo.
//
// Every message it sends is made by one function (wireOf), which keeps
// Discord's limits (limits.go) whatever the handlers gave it.
//
// Every answer arrives: a call made with an interaction's token after its
// first answer (an edit of a deferral, a follow-up, reading the reply) is
// tried again while Discord has not yet seen the first answer (reply.go),
// which through the HTTP door travels back on its own; through the HTTP
// door an answer without a file is the HTTP response itself, waiting for
// the handler rather than deferring in a crowd. A new game's thread is
// started from its public message, never from a private answer. A board
// a change owes (bot.Live.Owed) is recorded once posted, which pays its
// debt; one Discord refuses for good is given up (bot.LiveKeeper).
//
// Discord's global rate limit (about 50 calls a second for the whole bot)
// is spent with care: a move made in the game's thread costs no call
// against it, its board being the interaction's answer or follow-up and
// the old board losing its buttons by an edit with an interaction's token
// (tokens.go); the calls that do count wait their turn in one budget per
// process, boards first (budget.go).
//
// The fake Discord the tests run against is in discordtest.
package discord
