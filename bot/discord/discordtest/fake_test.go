package discordtest_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"parlor/bot/discord/discordtest"
)

// These tests drive the Fake with a bare discordgo session, to pin down
// what it serves and checks independently of the bot.

// session is a bare discordgo session wired to f the way the bot is.
func session(t *testing.T, f *discordtest.Fake) *discordgo.Session {
	t.Helper()
	s, err := discordgo.New("Bot " + f.Token())
	if err != nil {
		t.Fatal(err)
	}
	s.Client = &http.Client{Transport: f.Transport()}
	s.Identify.Intents = discordgo.IntentsGuilds
	return s
}

// open connects s to the gateway and closes it when the test ends.
func open(t *testing.T, s *discordgo.Session) {
	t.Helper()
	if err := s.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	// Rather than Close, which pauses a second, let the Fake cut the
	// connection when the test ends, with reconnection off as discord.Discord
	// turns it off before its Close.
	t.Cleanup(func() {
		s.Lock()
		s.ShouldReconnectOnError = false
		s.Unlock()
	})
}

func pngOf(w, h int) []byte {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h)))
	return b.Bytes()
}

// spy stands in for a test's *testing.T and keeps the errors the Fake
// reports, so that a test can check the Fake fails tests when it should.
type spy struct {
	*testing.T
	mu   sync.Mutex
	errs []string
}

func (s *spy) Errorf(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.errs = append(s.errs, fmt.Sprintf(format, args...))
}

func (s *spy) Helper() {}

// take returns the errors reported since the last take.
func (s *spy) take() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.errs
	s.errs = nil
	return out
}

// expect checks that the Fake reported one error for each of want, each
// mentioning it, in any order.
func (s *spy) expect(t *testing.T, what string, want ...string) {
	t.Helper()
	got := s.take()
	if len(got) != len(want) {
		t.Errorf("%s: the Fake reported %d errors, want %d: %q", what, len(got), len(want), got)
		return
	}
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, w) }) {
			t.Errorf("%s: no error mentions %q: %q", what, w, got)
		}
	}
}

// The gateway handshake: Hello, Identify, Ready with the application id,
// GUILD_CREATE, heartbeats that are acked; and the REST basics beside it.
func TestHandshake(t *testing.T) {
	t.Parallel()
	f := discordtest.New(t, discordtest.WithHeartbeat(250*time.Millisecond))
	s := session(t, f)
	ready := make(chan *discordgo.Ready, 1)
	guild := make(chan *discordgo.GuildCreate, 1)
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { ready <- r })
	s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) { guild <- g })
	open(t, s)
	select {
	case r := <-ready:
		if r.Application == nil || r.Application.ID != f.AppID() {
			t.Errorf("Ready.Application = %+v, want id %s", r.Application, f.AppID())
		}
		if r.User == nil || r.User.ID != f.BotUser().ID || !r.User.Bot {
			t.Errorf("Ready.User = %+v, want the bot %s", r.User, f.BotUser().ID)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no Ready")
	}
	select {
	case g := <-guild:
		if g.ID != f.GuildID() || len(g.Channels) == 0 {
			t.Errorf("GUILD_CREATE %s with %d channels, want %s with #general", g.ID, len(g.Channels), f.GuildID())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no GUILD_CREATE")
	}
	f.AwaitHeartbeats(t, 3)
	if ids := f.Identifies(); len(ids) != 1 || ids[0].Intents != int(discordgo.IntentsGuilds) || !ids[0].Compress {
		t.Errorf("Identify = %+v, want one, with the Guilds intent and payload compression", ids)
	}
	me, err := s.User("@me")
	if err != nil || me.ID != f.BotUser().ID {
		t.Errorf("GET /users/@me = %+v, %v", me, err)
	}
	app, err := s.Application("@me")
	if err != nil || app.ID != f.AppID() {
		t.Errorf("GET /oauth2/applications/@me = %+v, %v", app, err)
	}
	gw, err := s.GatewayBot()
	if err != nil || !strings.HasPrefix(gw.URL, "ws://127.0.0.1:") || gw.Shards != 1 {
		t.Errorf("GET /gateway/bot = %+v, %v", gw, err)
	}
}

// demoCommands is a command with every kind of option the Fake builds.
func demoCommands() []*discordgo.ApplicationCommand {
	return []*discordgo.ApplicationCommand{{
		Name: "demo", Description: "A demonstration",
		Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: "go", Description: "Go",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "text", Description: "Some text", Required: true, Autocomplete: true},
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "count", Description: "How many", Autocomplete: true},
				{Type: discordgo.ApplicationCommandOptionUser, Name: "who", Description: "Someone"},
			},
		}},
	}}
}

// demoBot answers interactions the simplest way and hands each to the test.
func demoBot(t *testing.T, f *discordtest.Fake, answer func(s *discordgo.Session, i *discordgo.Interaction)) (*discordgo.Session, chan *discordgo.Interaction) {
	t.Helper()
	s := session(t, f)
	got := make(chan *discordgo.Interaction, 10)
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		answer(s, ic.Interaction)
		got <- ic.Interaction
	})
	open(t, s)
	if _, err := s.ApplicationCommandBulkOverwrite(f.AppID(), f.GuildID(), demoCommands()); err != nil {
		t.Fatalf("register: %v", err)
	}
	return s, got
}

func next(t *testing.T, ch chan *discordgo.Interaction) *discordgo.Interaction {
	t.Helper()
	select {
	case i := <-ch:
		return i
	case <-time.After(5 * time.Second):
		t.Fatal("no interaction reached the bot")
		return nil
	}
}

// Interactions built from a test's description decode in discordgo as
// Discord's would: who, where, the typed options, focus, resolved users,
// the component and the message it is on.
func TestInteractionPayloads(t *testing.T) {
	t.Parallel()
	f := discordtest.New(t)
	s, got := demoBot(t, f, func(s *discordgo.Session, i *discordgo.Interaction) {
		var err error
		switch i.Type {
		case discordgo.InteractionApplicationCommandAutocomplete:
			err = s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
				Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "Parlor", Value: "parlor"}}}})
		case discordgo.InteractionApplicationCommand:
			err = s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "Hello", Components: []discordgo.MessageComponent{
					discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "Press", Style: discordgo.PrimaryButton, CustomID: "press"}}},
					discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: "pick", Options: []discordgo.SelectMenuOption{{Label: "A", Value: "a"}, {Label: "B", Value: "b"}}}}},
				}}})
		case discordgo.InteractionMessageComponent:
			err = s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: "Pressed"}})
		}
		if err != nil {
			t.Errorf("answer: %v", err)
		}
	})
	alice := f.AddUser(discordtest.User{GlobalName: "Alice", Username: "alice", Nick: "Al"})
	bob := f.NewUser("Bob")
	thread := f.NewThread(f.Channel(), "a thread")

	ac := f.Autocomplete(alice, thread, "demo", "go", "text", discordtest.Opt{Name: "text", Value: "par"})
	i := next(t, got)
	data := i.ApplicationCommandData()
	sub := data.Options[0]
	if i.AppID != f.AppID() || i.GuildID != f.GuildID() || i.ChannelID != thread.ID || i.Member.User.ID != alice.ID || i.Member.Nick != "Al" {
		t.Errorf("autocomplete: app %s guild %s channel %s member %+v", i.AppID, i.GuildID, i.ChannelID, i.Member)
	}
	if data.Name != "demo" || sub.Name != "go" || len(sub.Options) != 1 || !sub.Options[0].Focused || sub.Options[0].StringValue() != "par" {
		t.Errorf("autocomplete data = %+v / %+v", data, sub.Options[0])
	}
	if cs := ac.Choices(t); len(cs) != 1 || cs[0].Value != "parlor" {
		t.Errorf("choices = %+v", cs)
	}

	ix := f.Command(alice, thread, "demo", "go", discordtest.Opt{Name: "text", Value: "parlor"},
		discordtest.Opt{Name: "count", Value: "3"}, discordtest.Opt{Name: "who", Value: bob.ID})
	i = next(t, got)
	sub = i.ApplicationCommandData().Options[0]
	if len(sub.Options) != 3 || sub.Options[1].IntValue() != 3 || sub.Options[2].UserValue(nil).ID != bob.ID {
		t.Errorf("command options = %+v", sub.Options)
	}
	if r := i.ApplicationCommandData().Resolved; r == nil || r.Users[bob.ID] == nil || r.Users[bob.ID].GlobalName != "Bob" {
		t.Errorf("resolved = %+v", r)
	}
	msg := ix.Await(t, "the reply", func(m discordtest.Message) bool { return m.Content == "Hello" })
	if ix.CallbackType(t) != discordtest.ChannelMessageWithSource || msg.ChannelID != thread.ID {
		t.Errorf("reply %+v of type %d", msg, ix.CallbackType(t))
	}

	f.Choose(bob, msg, "pick", "b")
	i = next(t, got)
	if cd := i.MessageComponentData(); cd.CustomID != "pick" || len(cd.Values) != 1 || cd.Values[0] != "b" || i.Message == nil || i.Message.ID != msg.ID {
		t.Errorf("select data = %+v on message %+v", cd, i.Message)
	}
	click := f.Click(bob, msg, "press")
	i = next(t, got)
	if cd := i.MessageComponentData(); cd.CustomID != "press" || cd.ComponentType != discordgo.ButtonComponent {
		t.Errorf("button data = %+v", cd)
	}
	// discordgo always sends "components" in an update (null here), which
	// clears them, as Discord does.
	if m := click.Await(t, "the update", func(m discordtest.Message) bool { return m.Content == "Pressed" }); m.ID != msg.ID || len(m.Components) != 0 {
		t.Errorf("updated message = %+v, want the same message without components", m)
	}

	// Guild commands are not offered in DMs; global ones are.
	if _, err := s.ApplicationCommandBulkOverwrite(f.AppID(), "", demoCommands()); err != nil {
		t.Fatal(err)
	}
	dm := f.DM(alice)
	f.Command(alice, dm, "demo", "go", discordtest.Opt{Name: "text", Value: "x"})
	i = next(t, got)
	if i.Member != nil || i.User == nil || i.User.ID != alice.ID || i.GuildID != "" {
		t.Errorf("a DM carries user, not member: member %+v user %+v guild %q", i.Member, i.User, i.GuildID)
	}
}

// After a deferral, the first follow-up takes the loading message's place
// and keeps its ephemerality, whatever its own flags; later ones are new
// messages with their own flags. So a bot must resolve the loading message
// before it posts something public.
func TestDeferredFirstFollowUp(t *testing.T) {
	t.Parallel()
	f := discordtest.New(t)
	demoBot(t, f, func(s *discordgo.Session, i *discordgo.Interaction) {
		s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}})
		for _, text := range []string{"first", "second"} {
			if _, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: text}); err != nil {
				t.Errorf("follow-up: %v", err)
			}
		}
	})
	alice := f.NewUser("Alice")
	ix := f.Command(alice, f.Channel(), "demo", "go", discordtest.Opt{Name: "text", Value: "x"})
	second := ix.Await(t, "the second follow-up", func(m discordtest.Message) bool { return m.Content == "second" })
	msgs := ix.Messages()
	if len(msgs) != 2 || msgs[0].Content != "first" || !msgs[0].Ephemeral() || msgs[0].Loading() || second.Ephemeral() {
		t.Errorf("messages = %+v, want the ephemeral original holding \"first\", then a public \"second\"", msgs)
	}
}

// Breaking the interaction protocol fails the test: a follow-up before the
// first answer, two first answers, a response type that does not fit the
// interaction, and a first answer after the window.
func TestProtocolErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		mode, want string
		window     time.Duration
	}{
		{"follow-up first", "has not been answered yet", discordtest.DefaultAckWindow},
		{"twice", "already been acknowledged", discordtest.DefaultAckWindow},
		{"update a command", "type: response type 7 cannot answer an interaction of type 2", discordtest.DefaultAckWindow},
		{"late", "Discord allows 50ms", 50 * time.Millisecond},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			t.Parallel()
			sp := &spy{T: t}
			f := discordtest.New(sp, discordtest.WithAckWindow(tc.window))
			_, got := demoBot(t, f, func(s *discordgo.Session, i *discordgo.Interaction) {
				msg := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "ok"}}
				switch tc.mode {
				case "follow-up first":
					s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "too early"})
					s.InteractionRespond(i, msg)
				case "twice":
					s.InteractionRespond(i, msg)
					s.InteractionRespond(i, msg)
				case "update a command":
					s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{Content: "no"}})
				case "late":
					time.Sleep(100 * time.Millisecond)
					s.InteractionRespond(i, msg)
				}
			})
			ix := f.Command(f.NewUser("Alice"), f.Channel(), "demo", "go", discordtest.Opt{Name: "text", Value: "x"})
			next(t, got)
			f.AwaitRequest(t, tc.mode, func(r discordtest.Request) bool { return r.Interaction == ix.ID && r.Status >= 400 })
			sp.expect(t, tc.mode, tc.want)
		})
	}
}

// Every payload is checked against Discord's limits; a breach fails the
// test naming the field.
func TestLimits(t *testing.T) {
	t.Parallel()
	sp := &spy{T: t}
	f := discordtest.New(sp)
	s := session(t, f)
	ch := f.Channel().ID
	long := func(n int) string { return strings.Repeat("x", n) }
	row := func(cs ...discordgo.MessageComponent) discordgo.MessageComponent {
		return discordgo.ActionsRow{Components: cs}
	}
	button := func(id string) discordgo.MessageComponent {
		return discordgo.Button{Label: "B", Style: discordgo.PrimaryButton, CustomID: id}
	}
	options := func(n int) []discordgo.SelectMenuOption {
		var out []discordgo.SelectMenuOption
		for i := range n {
			out = append(out, discordgo.SelectMenuOption{Label: fmt.Sprint(i), Value: fmt.Sprint(i)})
		}
		return out
	}
	fields := func(n int) []*discordgo.MessageEmbedField {
		var out []*discordgo.MessageEmbedField
		for i := range n {
			out = append(out, &discordgo.MessageEmbedField{Name: "n", Value: fmt.Sprint(i)})
		}
		return out
	}
	messages := []struct {
		name string
		msg  discordgo.MessageSend
		want string
	}{
		{"content", discordgo.MessageSend{Content: long(2001)}, "content: 2001 characters, at most 2000"},
		{"custom id", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(button(long(101)))}}, "components[0].components[0].custom_id: 101 characters, at most 100"},
		{"rows", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(button("a")), row(button("b")), row(button("c")), row(button("d")), row(button("e")), row(button("f"))}}, "components: 6 action rows, at most 5"},
		{"buttons", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(button("a"), button("b"), button("c"), button("d"), button("e"), button("f"))}}, "components[0].components: 6 buttons in a row, at most 5"},
		{"select beside a button", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(button("a"), discordgo.SelectMenu{CustomID: "s", Options: options(2)})}}, "a select and 1 buttons in one row"},
		{"select options", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.SelectMenu{CustomID: "s", Options: options(26)})}}, "components[0].components[0].options: 26 options, at most 25"},
		{"option label", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.SelectMenu{CustomID: "s", Options: []discordgo.SelectMenuOption{{Label: long(101), Value: "v"}}})}}, "options[0].label: 101 characters, at most 100"},
		{"duplicate custom id", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(button("a")), row(button("a"))}}, "components[1].components[0].custom_id: \"a\" is also the custom_id"},
		{"button label", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.Button{Label: long(81), Style: discordgo.PrimaryButton, CustomID: "a"})}}, "components[0].components[0].label: 81 characters, at most 80"},
		{"embed title", discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Title: long(257)}}}, "embeds[0].title: 257 characters, at most 256"},
		{"embed fields", discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Fields: fields(26)}}}, "embeds[0].fields: 26 fields, at most 25"},
		{"embeds in all", discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Description: long(4000)}, {Description: long(2001)}}}, "embeds: 6001 characters in all embeds together"},
		{"empty", discordgo.MessageSend{}, "content: cannot send an empty message"},
		{"file size", discordgo.MessageSend{Files: []*discordgo.File{{Name: "big.png", Reader: bytes.NewReader(make([]byte, 10<<20+1))}}}, "files[0]: big.png is 10485761 bytes, at most 10485760"},
		{"mentions", discordgo.MessageSend{Content: "hi", AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}, Users: []string{"1"}}}, "allowed_mentions.users: cannot list users while parse has"},
		{"ephemeral in a channel", discordgo.MessageSend{Content: "hi", Flags: discordgo.MessageFlagsEphemeral}, "flags: flags 64 include 64"},
		// Discord counts code points: 2001 emoji are 2001 characters (4002 UTF-16 units, 8004 bytes).
		{"content in code points", discordgo.MessageSend{Content: strings.Repeat("😀", 2001)}, "content: 2001 characters, at most 2000"},
		{"link url", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.Button{Label: "L", Style: discordgo.LinkButton, URL: "https://example.com/" + long(493)})}}, "components[0].components[0].url: 513 characters, at most 512"},
		{"emoji name", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.Button{Label: "B", Style: discordgo.PrimaryButton, CustomID: "a", Emoji: &discordgo.ComponentEmoji{Name: long(33)}})}}, "components[0].components[0].emoji.name: 33 characters, at most 32"},
		{"blank field", discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Fields: []*discordgo.MessageEmbedField{{Name: "   ", Value: "v"}}}}}, "embeds[0].fields[0].name: must not be empty"},
		{"embed color", discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Title: "t", Color: 1 << 24}}}, "embeds[0].color: 16777216, want 0 to 16777215"},
		{"duplicate mention", discordgo.MessageSend{Content: "hi", AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{"1", "1"}}}, "allowed_mentions.users[1]: \"1\" appears twice"},
		{"components v2", discordgo.MessageSend{Content: "hi", Flags: discordgo.MessageFlags(1 << 15)}, "IS_COMPONENTS_V2"},
	}
	for _, tc := range messages {
		if _, err := s.ChannelMessageSendComplex(ch, &tc.msg); err == nil {
			t.Errorf("%s: the Fake accepted it", tc.name)
		}
		sp.expect(t, tc.name, tc.want)
	}
	fine := []struct {
		name string
		msg  discordgo.MessageSend
	}{
		{"2000 emoji", discordgo.MessageSend{Content: strings.Repeat("😀", 2000)}},
		{"embed texts are trimmed", discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Title: long(256) + "   ", Description: "\n" + long(4096) + "\n"}}}},
	}
	for _, tc := range fine {
		if _, err := s.ChannelMessageSendComplex(ch, &tc.msg); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		sp.expect(t, tc.name)
	}

	opt := func(name string, required bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: "d", Required: required}
	}
	// wordy is an option with 25 choices of 200 characters: 5002 characters in all.
	wordy := func(name string) *discordgo.ApplicationCommandOption {
		o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: "d"}
		for i := range 25 {
			o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: fmt.Sprintf("%02d", i) + long(98), Value: long(100)})
		}
		return o
	}
	var many []*discordgo.ApplicationCommandOption
	var choices []*discordgo.ApplicationCommandOptionChoice
	for i := range 26 {
		many = append(many, opt(fmt.Sprintf("o%d", i), false))
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: fmt.Sprint(i), Value: fmt.Sprint(i)})
	}
	commands := []struct {
		name string
		cmd  discordgo.ApplicationCommand
		want string
	}{
		{"uppercase name", discordgo.ApplicationCommand{Name: "Kingsmen", Description: "d"}, "[0].name: \"Kingsmen\" must be lowercase"},
		{"description", discordgo.ApplicationCommand{Name: "k", Description: long(101)}, "[0].description: 101 characters, at most 100"},
		{"no description", discordgo.ApplicationCommand{Name: "k"}, "[0].description: must not be empty"},
		{"options", discordgo.ApplicationCommand{Name: "k", Description: "d", Options: many}, "[0].options: 26 options, at most 25"},
		{"choices", discordgo.ApplicationCommand{Name: "k", Description: "d", Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "o", Description: "d", Choices: choices}}}, "[0].options[0].choices: 26 choices, at most 25"},
		{"autocomplete with choices", discordgo.ApplicationCommand{Name: "k", Description: "d", Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "o", Description: "d", Autocomplete: true, Choices: choices[:2]}}}, "[0].options[0].autocomplete: autocomplete cannot be combined with fixed choices"},
		{"required last", discordgo.ApplicationCommand{Name: "k", Description: "d", Options: []*discordgo.ApplicationCommandOption{opt("a", false), opt("b", true)}}, "[0].options[1].required: required options must come before optional ones"},
		{"option name", discordgo.ApplicationCommand{Name: "k", Description: "d", Options: []*discordgo.ApplicationCommandOption{opt("two words", false)}}, "[0].options[0].name: \"two words\" does not match"},
		// The docs' regex shows ', but the character Discord allows is U+02BC.
		{"ascii apostrophe", discordgo.ApplicationCommand{Name: "isn't", Description: "d"}, "[0].name: \"isn't\" does not match"},
		{"locale", discordgo.ApplicationCommand{Name: "k", Description: "d", NameLocalizations: &map[discordgo.Locale]string{"xx": "k"}}, "[0].name_localizations.xx: \"xx\" is not one of Discord's locales"},
		{"localized name", discordgo.ApplicationCommand{Name: "k", Description: "d", NameLocalizations: &map[discordgo.Locale]string{discordgo.French: "Mauvais Nom"}}, "[0].name_localizations.fr: \"Mauvais Nom\" does not match"},
		{"localized description", discordgo.ApplicationCommand{Name: "k", Description: "d", DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.German: long(101)}}, "[0].description_localizations.de: 101 characters, at most 100"},
		{"localized name empty", discordgo.ApplicationCommand{Name: "k", Description: "d", NameLocalizations: &map[discordgo.Locale]string{discordgo.SpanishES: ""}}, "[0].name_localizations.es-ES: \"\" does not match"},
		{"localized name too long", discordgo.ApplicationCommand{Name: "k", Description: "d", NameLocalizations: &map[discordgo.Locale]string{discordgo.SpanishLATAM: strings.Repeat("ñ", 33)}}, "[0].name_localizations.es-419: \"" + strings.Repeat("ñ", 33) + "\" does not match"},
		{"localized option names clash", discordgo.ApplicationCommand{Name: "k", Description: "d", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "a", Description: "d", NameLocalizations: map[discordgo.Locale]string{discordgo.SpanishES: "uno"}},
			{Type: discordgo.ApplicationCommandOptionString, Name: "b", Description: "d", NameLocalizations: map[discordgo.Locale]string{discordgo.SpanishES: "uno", discordgo.SpanishLATAM: "dos"}}}},
			"[0].options[1].name_localizations.es-ES: in es-ES, \"uno\" is also the name of [0].options[0]"},
		{"localized name is another's", discordgo.ApplicationCommand{Name: "k", Description: "d", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "d"},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "move", Description: "d", NameLocalizations: map[discordgo.Locale]string{discordgo.SpanishES: "new"}}}},
			"[0].options[1].name_localizations.es-ES: in es-ES, \"new\" is also the name of [0].options[0]"},
		{"localized choice", discordgo.ApplicationCommand{Name: "k", Description: "d", Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "o", Description: "d",
			Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "easy", Value: "easy", NameLocalizations: map[discordgo.Locale]string{discordgo.SpanishES: long(101)}}}}}},
			"[0].options[0].choices[0].name_localizations.es-ES: 101 characters, at most 100"},
		{"text in all", discordgo.ApplicationCommand{Name: "k", Description: "d", Options: []*discordgo.ApplicationCommandOption{wordy("a"), wordy("b")}}, "[0]: 10006 characters of names, descriptions and choices, at most 8000"},
		{"integer choice", discordgo.ApplicationCommand{Name: "k", Description: "d", Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionInteger, Name: "n", Description: "d", Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "n", Value: 1 << 53}}}}}, "[0].options[0].choices[0].value: 9007199254740992 is outside"},
		{"no contexts", discordgo.ApplicationCommand{Name: "k", Description: "d", Contexts: &[]discordgo.InteractionContextType{}}, "[0].contexts: must not be empty"},
	}
	for _, tc := range commands {
		if _, err := s.ApplicationCommandBulkOverwrite(f.AppID(), "", []*discordgo.ApplicationCommand{&tc.cmd}); err == nil {
			t.Errorf("%s: the Fake accepted it", tc.name)
		}
		sp.expect(t, tc.name, tc.want)
	}

	var users []*discordgo.ApplicationCommand
	for i := range 16 {
		users = append(users, &discordgo.ApplicationCommand{Type: discordgo.UserApplicationCommand, Name: fmt.Sprintf("User %d", i)})
	}
	if _, err := s.ApplicationCommandBulkOverwrite(f.AppID(), "", users); err == nil {
		t.Errorf("16 user commands: the Fake accepted them")
	}
	sp.expect(t, "16 user commands", "16 commands of type 2, at most 15")
	for _, cmds := range [][]*discordgo.ApplicationCommand{
		users[:15],
		{{Name: "नमस्ते", Description: "Devanagari, with its vowel signs"}, {Name: "สวัสดี", Description: "Thai, with its vowel marks"}, {Name: "isnʼt", Description: "U+02BC"}},
		{{Name: "k", Description: "d", Options: []*discordgo.ApplicationCommandOption{wordy("a")},
			NameLocalizations: &map[discordgo.Locale]string{discordgo.French: "ké"}, DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.German: long(100)}}},
	} {
		if _, err := s.ApplicationCommandBulkOverwrite(f.AppID(), "", cmds); err != nil {
			t.Errorf("commands %q: %v", cmds[0].Name, err)
		}
		sp.expect(t, cmds[0].Name)
	}
	if got := f.Commands(""); len(got) != 1 || got[0].NameLocalizations["fr"] != "ké" || got[0].DescriptionLocalizations["de"] != long(100) {
		t.Errorf("the localizations of the last commands registered were not kept: %+v", got)
	}
	// Commands whose localized names clash with another's are refused.
	clash := []*discordgo.ApplicationCommand{{Name: "a", Description: "d"}, {Name: "b", Description: "d", NameLocalizations: &map[discordgo.Locale]string{discordgo.SpanishLATAM: "a"}}}
	if _, err := s.ApplicationCommandBulkOverwrite(f.AppID(), "", clash); err == nil {
		t.Errorf("commands clashing in es-419: the Fake accepted them")
	}
	sp.expect(t, "commands clashing in es-419", "[1].name_localizations.es-419: in es-419, \"a\" is also the name of [0]")

	if _, err := s.Request("POST", discordgo.EndpointChannelThreads(ch), map[string]any{"name": "t", "type": 11, "auto_archive_duration": 0}); err == nil {
		t.Errorf("thread archived after 0 minutes: the Fake accepted it")
	}
	sp.expect(t, "thread archived after 0 minutes", "auto_archive_duration: 0 minutes")
	if _, err := s.Request("POST", discordgo.EndpointChannelThreads(ch), map[string]any{"name": "t", "type": 11, "auto_archive_duration": nil}); err != nil {
		t.Errorf("thread with a null auto_archive_duration: %v", err)
	}
	sp.expect(t, "thread with a null auto_archive_duration")

	if _, err := s.ThreadStartComplex(ch, &discordgo.ThreadStart{Name: long(101), AutoArchiveDuration: 30}); err == nil {
		t.Errorf("thread: the Fake accepted it")
	}
	sp.expect(t, "thread", "auto_archive_duration: 30 minutes", "name: 101 characters, at most 100")

	if _, err := s.Request("GET", discordgo.EndpointAPI+"guilds/1/members", nil); err == nil {
		t.Errorf("unknown route: the Fake accepted it")
	}
	sp.expect(t, "unknown route", "unknown route GET /api/v9/guilds/1/members")
}

// An autocomplete answer holds at most 25 choices, of the option's type;
// names of 1 to 100 characters once trimmed, string values of at most 100.
func TestAutocompleteLimits(t *testing.T) {
	t.Parallel()
	sp := &spy{T: t}
	f := discordtest.New(sp)
	_, got := demoBot(t, f, func(s *discordgo.Session, i *discordgo.Interaction) {
		var cs []*discordgo.ApplicationCommandOptionChoice
		if focused(i) == "count" {
			for n := range 26 {
				cs = append(cs, &discordgo.ApplicationCommandOptionChoice{Name: fmt.Sprint(n), Value: fmt.Sprint(n)})
			}
			cs[0].Value = "zero"
		} else {
			cs = []*discordgo.ApplicationCommandOptionChoice{
				{Name: "  ", Value: "blank"},
				{Name: "An empty value", Value: ""},
				{Name: "A long value", Value: strings.Repeat("v", 101)},
				{Name: "Localized", Value: "l", NameLocalizations: map[discordgo.Locale]string{"xx": "L", discordgo.French: strings.Repeat("é", 100)}},
			}
		}
		s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult, Data: &discordgo.InteractionResponseData{Choices: cs}})
	})
	alice := f.NewUser("Alice")
	ix := f.Autocomplete(alice, f.Channel(), "demo", "go", "count", discordtest.Opt{Name: "text", Value: "x"})
	next(t, got)
	f.AwaitRequest(t, "the refused answer", func(r discordtest.Request) bool { return r.Interaction == ix.ID })
	sp.expect(t, "autocomplete", "data.choices: 26 choices, at most 25", "data.choices[0].value: could not interpret \"zero\" as an integer")

	ix = f.Autocomplete(alice, f.Channel(), "demo", "go", "text", discordtest.Opt{Name: "text", Value: "x"})
	next(t, got)
	f.AwaitRequest(t, "the refused answer", func(r discordtest.Request) bool { return r.Interaction == ix.ID })
	sp.expect(t, "string autocomplete", "data.choices[0].name: must not be empty", "data.choices[2].value: 101 characters, at most 100",
		"data.choices[3].name_localizations.xx: \"xx\" is not one of Discord's locales")
}

// focused is the name of the option an autocomplete interaction is about.
func focused(i *discordgo.Interaction) string {
	for _, sub := range i.ApplicationCommandData().Options {
		for _, o := range sub.Options {
			if o.Focused {
				return o.Name
			}
		}
	}
	return ""
}

// rawComponent is a component as JSON, for kinds discordgo lacks.
type rawComponent string

func (r rawComponent) MarshalJSON() ([]byte, error) { return []byte(r), nil }

func (r rawComponent) Type() discordgo.ComponentType {
	var c struct {
		Type discordgo.ComponentType `json:"type"`
	}
	json.Unmarshal([]byte(r), &c)
	return c.Type
}

// A modal: a title of 1 to 45 characters, 1 to 5 components that are
// labels (wrapping a text input or a select), text displays, or (as before
// labels) action rows with one text input.
func TestModalLimits(t *testing.T) {
	t.Parallel()
	sp := &spy{T: t}
	f := discordtest.New(sp)
	modals := map[string][]discordgo.MessageComponent{
		"good": {
			rawComponent(`{"type":18,"label":"Your move","description":"In algebraic notation","component":{"type":4,"custom_id":"move","style":1,"placeholder":"e4","max_length":10}}`),
			rawComponent(`{"type":18,"label":"Promote to","component":{"type":3,"custom_id":"piece","options":[{"label":"Queen","value":"q"},{"label":"Knight","value":"n"}]}}`),
			rawComponent(`{"type":10,"content":"Think twice."}`),
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "note", Label: "Note", Style: discordgo.TextInputParagraph}}},
		},
		"bad": {
			rawComponent(`{"type":18,"label":"` + strings.Repeat("l", 46) + `","component":{"type":4,"custom_id":"a","style":3,"placeholder":"` + strings.Repeat("p", 101) + `"}}`),
			rawComponent(`{"type":18,"label":"L","component":{"type":3,"custom_id":"a","options":[{"label":"x","value":"x"}]}}`),
			rawComponent(`{"type":10,"content":""}`),
		},
	}
	_, got := demoBot(t, f, func(s *discordgo.Session, i *discordgo.Interaction) {
		which := i.ApplicationCommandData().Options[0].Options[0].StringValue()
		s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
			Data: &discordgo.InteractionResponseData{CustomID: "m", Title: "Your move", Components: modals[which]}})
	})
	alice := f.NewUser("Alice")
	for _, which := range []string{"good", "bad"} {
		ix := f.Command(alice, f.Channel(), "demo", "go", discordtest.Opt{Name: "text", Value: which})
		next(t, got)
		f.AwaitRequest(t, "the modal", func(r discordtest.Request) bool { return r.Interaction == ix.ID })
	}
	sp.expect(t, "modals",
		"data.components[0].label: 46 characters, at most 45",
		"data.components[0].component.style: text input style 3",
		"data.components[0].component.placeholder: 101 characters, at most 100",
		"data.components[1].component.custom_id: \"a\" is also the custom_id of data.components[0].component",
		"data.components[2].content: must not be empty")
}

// A 429 with retry_after: discordgo waits and retries, and the Fake checks
// that it waited; a client that comes back early fails the test.
func TestRateLimit(t *testing.T) {
	t.Parallel()
	sp := &spy{T: t}
	f := discordtest.New(sp)
	s := session(t, f)
	const wait = 150 * time.Millisecond
	f.RateLimit(discordtest.Limit{Route: "POST /channels/{channel}/messages", RetryAfter: wait})
	if _, err := s.ChannelMessageSend(f.Channel().ID, "hello"); err != nil {
		t.Fatalf("send: %v", err)
	}
	reqs := f.Requests()
	if len(reqs) != 2 || reqs[0].Status != http.StatusTooManyRequests || reqs[1].Status != http.StatusOK || reqs[1].At.Sub(reqs[0].At) < wait {
		t.Errorf("requests = %v, want a 429 and a retry %v later", reqs, wait)
	}
	if msgs := f.Messages(); len(msgs) != 1 || msgs[0].Content != "hello" {
		t.Errorf("messages = %+v, want the one hello", msgs)
	}
	sp.expect(t, "honoured 429")

	// A client that ignores the 429 and comes straight back.
	f.RateLimit(discordtest.Limit{Route: "POST /channels/{channel}/messages", RetryAfter: time.Minute})
	raw := &http.Client{Transport: f.Transport()}
	for _, want := range []int{http.StatusTooManyRequests, http.StatusOK} {
		req, _ := http.NewRequest("POST", discordgo.EndpointChannelMessages(f.Channel().ID), strings.NewReader(`{"content":"again"}`))
		req.Header.Set("Authorization", "Bot "+f.Token())
		req.Header.Set("Content-Type", "application/json")
		resp, err := raw.Do(req)
		if err != nil || resp.StatusCode != want {
			t.Fatalf("raw send: %v %v, want %d", resp.Status, err, want)
		}
		resp.Body.Close()
	}
	sp.expect(t, "early retry", "before the retry_after of an earlier 429 had passed")
}

// Channel messages with files are created and edited; threads start from a
// message (taking its id) or on their own.
func TestChannelMessagesAndThreads(t *testing.T) {
	t.Parallel()
	f := discordtest.New(t)
	s := session(t, f)
	ch := f.Channel().ID
	m, err := s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "board", Files: []*discordgo.File{{Name: "b.png", ContentType: "image/png", Reader: bytes.NewReader(pngOf(3, 2))}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Attachments) != 1 || m.Attachments[0].Width != 3 || m.Attachments[0].Height != 2 {
		t.Errorf("attachments = %+v", m.Attachments)
	}
	edit := discordgo.NewMessageEdit(ch, m.ID).SetContent("board, again")
	edit.Files = []*discordgo.File{{Name: "c.png", ContentType: "image/png", Reader: bytes.NewReader(pngOf(1, 1))}}
	if _, err := s.ChannelMessageEditComplex(edit); err != nil {
		t.Fatal(err)
	}
	got, _ := f.Message(m.ID)
	if got.Content != "board, again" || len(got.Files) != 2 || got.Edits != 1 {
		t.Errorf("edited message = %+v", got)
	}
	th, err := s.MessageThreadStart(ch, m.ID, "Game 1", 1440)
	if err != nil || th.ID != m.ID || th.ParentID != ch || th.Type != discordgo.ChannelTypeGuildPublicThread {
		t.Errorf("thread from a message = %+v, %v", th, err)
	}
	th2, err := s.ThreadStart(ch, "Game 2", discordgo.ChannelTypeGuildPublicThread, 60)
	if err != nil || th2.Name != "Game 2" {
		t.Fatalf("thread = %+v, %v", th2, err)
	}
	if _, err := s.ChannelMessageSend(th2.ID, "in the thread"); err != nil {
		t.Errorf("posting in the new thread: %v", err)
	}
}

// A Reconnect (op 7) makes discordgo resume; what was dispatched meanwhile
// is replayed, and nothing is lost.
func TestResume(t *testing.T) {
	t.Parallel()
	f := discordtest.New(t)
	_, got := demoBot(t, f, func(s *discordgo.Session, i *discordgo.Interaction) {
		s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "ok"}})
	})
	alice := f.NewUser("Alice")
	f.Reconnect(t)
	ix := f.Command(alice, f.Channel(), "demo", "go", discordtest.Opt{Name: "text", Value: "while away"})
	next(t, got)
	ix.Await(t, "the answer", func(m discordtest.Message) bool { return m.Content == "ok" })
	if f.Resumes() != 1 || len(f.Identifies()) != 1 {
		t.Errorf("%d resumes and %d identifies, want 1 and 1", f.Resumes(), len(f.Identifies()))
	}
}

// restCode is the JSON error code of a REST error from discordgo, 0 if err
// is not one.
func restCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// Through the HTTP door, a call with an interaction's token that comes
// before the Fake has the endpoint's response is refused as Discord refuses
// it, 10008 Unknown Message for @original and 10015 Unknown Webhook for a
// follow-up, without failing the test; once the response is taken the same
// calls succeed. The interaction's requests show the order: the early
// calls, the response, the retry. DelayResponses holds the response back.
func TestHTTPResponseRace(t *testing.T) {
	t.Parallel()
	sp := &spy{T: t}
	f := discordtest.New(sp)
	s := session(t, f)
	if _, err := s.ApplicationCommandBulkOverwrite(f.AppID(), f.GuildID(), demoCommands()); err != nil {
		t.Fatalf("register: %v", err)
	}
	var deliveries atomic.Int32
	early := make(chan error, 2)
	answered := make(chan *discordgo.Interaction, 2)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var i discordgo.Interaction
		if err := json.NewDecoder(r.Body).Decode(&i); err != nil {
			t.Errorf("decode the interaction: %v", err)
			return
		}
		if deliveries.Add(1) == 1 {
			// Too early: the response is not written yet.
			_, err := s.InteractionResponseEdit(&i, &discordgo.WebhookEdit{Content: ptr("too early")})
			early <- err
			_, err = s.FollowupMessageCreate(&i, true, &discordgo.WebhookParams{Content: "too early"})
			early <- err
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"type":5,"data":{"flags":64}}`))
		answered <- &i
	}))
	t.Cleanup(srv.Close)
	f.DeliverTo(srv.URL)
	alice := f.NewUser("Alice")

	ix := f.Command(alice, f.Channel(), "demo", "go", discordtest.Opt{Name: "text", Value: "x"})
	i := next(t, answered)
	if edit, follow := <-early, <-early; restCode(edit) != 10008 || restCode(follow) != 10015 {
		t.Errorf("early edit: %v; early follow-up: %v; want 10008 and 10015", edit, follow)
	}
	if typ := ix.CallbackType(t); typ != discordtest.DeferredChannelMessage {
		t.Errorf("first answer of type %d, want the deferral", typ)
	}
	if loading := f.Loading(); len(loading) != 1 || loading[0].Interaction != ix.ID {
		t.Errorf("loading: %+v, want the deferral", loading)
	}
	if _, err := s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: ptr("done")}); err != nil {
		t.Errorf("the edit after the response: %v", err)
	}
	if loading := f.Loading(); len(loading) != 0 {
		t.Errorf("still loading after the edit: %+v", loading)
	}
	var order []string
	for _, r := range ix.Requests() {
		order = append(order, fmt.Sprintf("%s %d %v", r.Route, r.Status, r.Early))
	}
	want := []string{
		"PATCH /webhooks/{app}/{token}/messages/{msg} 404 true",
		"POST /webhooks/{app}/{token} 404 true",
		"POST /interactions/{id}/{token}/callback 204 false",
		"PATCH /webhooks/{app}/{token}/messages/{msg} 200 false",
	}
	if !slices.Equal(order, want) {
		t.Errorf("the interaction's requests:\n\t%s\nwant\n\t%s", strings.Join(order, "\n\t"), strings.Join(want, "\n\t"))
	}

	// Held by a proxy, the response reaches Discord after the bot's edit,
	// which the bot sends once the response is written.
	f.DelayResponses(time.Hour) // until the test ends
	ix = f.Command(alice, f.Channel(), "demo", "go", discordtest.Opt{Name: "text", Value: "y"})
	i = next(t, answered)
	if _, err := s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: ptr("done")}); restCode(err) != 10008 {
		t.Errorf("the edit racing a held response: %v, want 10008", err)
	}
	if reqs := ix.Requests(); len(reqs) != 1 || !reqs[0].Early || reqs[0].Code != 10008 {
		t.Errorf("the second interaction's requests: %v, want one early edit", reqs)
	}
	if n, m := len(f.RefusedWith(10008)), len(f.RefusedWith(10015)); n != 2 || m != 1 {
		t.Errorf("%d refusals with 10008 and %d with 10015, want 2 and 1", n, m)
	}
	sp.expect(t, "calls that raced the response")
}

func ptr[T any](v T) *T { return &v }

// A thread starts only from a message everyone can see: starting one from
// an ephemeral answer fails the test, saying so. BeforeThreadAnswer runs
// once the thread exists, before the bot has the answer.
func TestThreadStarts(t *testing.T) {
	t.Parallel()
	sp := &spy{T: t}
	f := discordtest.New(sp)
	s, got := demoBot(t, f, func(s *discordgo.Session, i *discordgo.Interaction) {
		s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "only you", Flags: discordgo.MessageFlagsEphemeral}})
	})
	ch := f.Channel().ID
	f.Command(f.NewUser("Alice"), f.Channel(), "demo", "go", discordtest.Opt{Name: "text", Value: "x"})
	i := next(t, got)
	m, err := s.InteractionResponse(i)
	if err != nil {
		t.Fatalf("GET @original: %v", err)
	}
	if _, err := s.MessageThreadStart(ch, m.ID, "Game 1", 1440); restCode(err) != 10008 {
		t.Errorf("a thread from an ephemeral message: %v, want 10008", err)
	}
	sp.expect(t, "a thread from an ephemeral message", "a thread cannot be started from an ephemeral message")

	hooked := make(chan discordtest.Channel, 1)
	f.BeforeThreadAnswer(func(th discordtest.Channel) { hooked <- th })
	post, err := s.ChannelMessageSend(ch, "an invitation")
	if err != nil {
		t.Fatal(err)
	}
	th, err := s.MessageThreadStart(ch, post.ID, "Game 2", 1440)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case seen := <-hooked:
		if seen.ID != th.ID || seen.ID != post.ID || seen.ParentID != ch || !seen.IsThread() {
			t.Errorf("the hook saw %+v, want the thread %s in %s", seen, th.ID, ch)
		}
	default:
		t.Errorf("the hook did not run before the answer")
	}
	sp.expect(t, "a thread from a public message")
}
