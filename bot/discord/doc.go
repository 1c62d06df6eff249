// Package discord is Parlor's door to Discord: it registers the commands
// (one bulk overwrite), turns each interaction into a bot.Request and the
// table's bot.Response into Discord's calls, answering within Discord's
// three seconds (deferring first when the work is slow), and posts the
// scheduler's notices. It is the only package that speaks discordgo.
//
// Every message it sends is made by one function (wireOf), which keeps
// Discord's limits (limits.go) whatever the handlers gave it.
//
// The fake Discord the tests run against is in discordtest.
package discord
