// Package discordtest is a fake Discord on loopback, for tests that drive a
// bot built on discordgo end to end without reaching Discord.
//
// A Fake serves Discord's REST API and its gateway websocket on 127.0.0.1.
// The bot under test is wired exactly as in production except for two
// things: its session's HTTP client uses the Fake's Transport, which sends
// every https://discord.com/... request to the Fake (keeping the path), and
// so the gateway URL it asks for with GET /gateway is the Fake's
// ws://127.0.0.1:port/gateway. discordgo's default websocket dialer reaches
// it as it is. Compression is left as discordgo sets it: when Identify asks
// for it, the Fake sends each dispatch as its own zlib-compressed binary
// frame, as Discord does.
//
//	f := discordtest.New(t)
//	s, _ := discordgo.New("Bot " + f.Token())
//	s.Client = &http.Client{Transport: f.Transport()}
//	// ... start the bot on s, wait until it registered its commands ...
//	alice, bob := f.NewUser("Alice"), f.NewUser("Bob")
//	ix := f.Command(alice, f.Channel(), "kingsmen", "new", discordtest.Opt{Name: "opponent", Value: bob.ID})
//	msg := ix.Await(t, "the challenge", func(m discordtest.Message) bool { return !m.Ephemeral() })
//	accept, _ := msg.Button("Accept")
//	f.Click(bob, msg, accept.CustomID)
//
// What the Fake serves. REST: GET /gateway and /gateway/bot, GET /users/@me,
// opening a direct message (POST /users/@me/channels with recipient_id),
// GET /applications/@me (and /oauth2/applications/@me), the bulk overwrite
// of global and guild commands, interaction callbacks (JSON or multipart
// with files), follow-ups, reading, editing and deleting @original and
// follow-ups, channel messages (create and edit, with files), and thread
// creation (from a message or not). Gateway: Hello, Identify, Ready (with the
// application id) and GUILD_CREATE, heartbeats and their acks, Resume with
// the missed events replayed, Reconnect (op 7) and Invalid Session (op 9) on
// demand, and INTERACTION_CREATE built from a test's description: a slash
// command with options, autocomplete with a focused option, a button click
// or a select choice, by a named user in a guild channel, thread or DM.
//
// What the Fake checks, failing the test with the method, path and field:
// every payload against Discord's limits (command names, descriptions,
// options, choices, autocomplete results, custom ids, rows, buttons and
// selects, content, embeds, allowed mentions, files, thread names); the
// interaction protocol (the first answer within 3 seconds, one first answer
// per interaction, follow-ups and edits only after it, response types that
// fit the interaction); that a thread is started only from a message
// everyone can see, never an ephemeral one; the bot token on Identify and
// on REST calls; that a 429's retry_after is honoured; and that no request
// goes to a route the Fake does not know. Like Discord, it only delivers
// clicks on components that are on a message the user can see, and
// commands that are registered.
//
// Rate limits are enforced only when a test asks (EnforceRateLimits, with
// DiscordRateLimits or its own): the bot's global limit of calls a second,
// which calls with an interaction's token are exempt from, and each
// channel's buckets of message posts, edits and thread starts. Past a
// limit the Fake answers Discord's 429, body and headers, and every answer
// on a route with a bucket carries the bucket's headers, by which clients
// pace themselves. RateCounts counts what was accepted and refused, in all
// and by route. RateLimit instead arms one 429 on a route.
//
// The HTTP door races as on Discord. An interaction delivered to an
// Interactions Endpoint URL (DeliverTo) is answered when the Fake has read
// the endpoint's response, which DelayResponses holds back as a reverse
// proxy or a slow network would. A call with the interaction's token that
// comes before that, such as the edit of @original a bot sends right after
// its deferral, is refused as Discord refuses it: 404 with code 10008
// Unknown Message for @original or any message of the interaction, 10015
// Unknown Webhook for a follow-up. That is not a test failure: the bot must
// try again, and tests count these refusals (Request.Early, RefusedWith)
// and the replies left "thinking" (Loading). The same call when no
// response is on its way (through the gateway, whose callback the bot
// waits for) is a bug in the bot and fails the test. BeforeThreadAnswer
// lets a test act between a thread's creation and the bot's hearing of it.
//
// A server can remove the bot. RemoveBot sends GUILD_DELETE (unavailable
// false) to a connected bot and from then on refuses REST calls about the
// server as Discord refuses a bot that is not in it: a call on one of its
// channels 403 Missing Access (50001), GET /guilds/{id} 404 Unknown Guild
// (10004); neither fails the test, since the bot cannot know before it
// tries. AddBot adds the bot back (GUILD_CREATE, and REST answered again).
// Outage sends GUILD_DELETE with unavailable true, as a Discord outage
// does, and changes nothing else; GuildCreate ends it. GET /guilds/{id}
// answers a server the bot is in. DenyPosts takes away the bot's
// permission to post in one channel (403 Missing Access there), which is
// not a removal.
//
// Every request is recorded (Requests) with what the Fake answered, an
// interaction's own in the order they came, its first answer among them
// (Interaction.Requests); every message is kept with its current content
// (Messages); and waits are event-driven with a deadline (Await and
// friends), so tests never sleep.
package discordtest
