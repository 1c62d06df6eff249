package discordtest_test

import (
	"context"
	"flag"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"parlor/bot/discord/discordtest"
	"parlor/bot/limits"
	"parlor/storage"
)

var fuzzAll = flag.Bool("fuzzall", false, "TestFuzzedInputThroughDiscord: every nasty input in every option, not five kinds of it")

// The input of the fuzz test: the kinds every option gets, then more that
// -fuzzall adds.
var (
	nastyKinds = []string{
		"",                        // empty
		strings.Repeat("a", 3000), // long
		"Ñandú 象棋 🎲 👨‍👩‍👧‍👦 🇪🇸 e\u0301",     // unicode: wide, joined, flags, combining
		"\u200b\u200c\u200d\u2060\ufeff",    // zero-width only
		"\x00\x01\x07\x1b[31mred\x7f\n\r\t", // control characters
	}
	nastyMore = []string{
		" ", "   \t ",
		strings.Repeat("é", 101), strings.Repeat("🎲", 1000), strings.Repeat("x", 101),
		"Ac2\u200b-c3", "\u202eevil\u202c", "@everyone <@&1> <@1> **bold** `code` ||spoiler|| # heading",
		"#", "#-1", "-3", "0", "99999999999999999999999", "0x10", "1e3", "NaN",
		"e1|f1|g1", "||", "|", "g/1/1/do:x", "start+5", "S 63-finish", "roll", "pass",
	}
	nastyInts  = []string{"-1", "0", "1", "2", "5", "31", "169", "337", "9223372036854775807", "-9223372036854775808"}
	benign     = map[string]string{"move": "Ac2-c3", "fence": "e1|f1", "to": "h5|h6", "days": "0"}
	fuzzLabels = map[string]string{"": "empty", strings.Repeat("a", 3000): "long"}
)

// everything is what the database holds that a request could change.
type everything struct {
	Games    []stored
	Settings map[string]storage.Settings
}

func (h *harness) everything(guilds ...string) everything {
	h.t.Helper()
	ids, err := h.proc.db.GameIDs(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	e := everything{Games: h.storedGames(ids...), Settings: map[string]storage.Settings{}}
	for _, g := range guilds {
		s, err := h.proc.db.GuildSettings(context.Background(), g)
		if err != nil {
			h.t.Fatal(err)
		}
		e.Settings[g] = s
	}
	return e
}

// done waits until the interaction is answered: a message that is not a
// deferral still thinking, or autocomplete choices.
func done(t *testing.T, ix *discordtest.Interaction) []discordtest.Message {
	t.Helper()
	if ix.Type == 4 {
		ix.Choices(t)
		return nil
	}
	m := ix.Await(t, "the answer", func(m discordtest.Message) bool { return !m.Loading() })
	if m.Ephemeral() && m.Content == "Done." {
		// A deferred answer's note: the public part follows.
		ix.Await(t, "the public answer after the deferral", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() })
	}
	return ix.Messages()
}

func label(s string) string {
	if l, ok := fuzzLabels[s]; ok {
		return l
	}
	return fmt.Sprintf("%.20q", s)
}

// Every command and option of every game, and the bot's buttons, with
// long, empty, unicode, zero-width and control-character input, through
// the real client and the Fake: Discord rejects no call the bot makes (the
// Fake fails the test on any), nothing panics (the harness fails on an
// error logged), and an input that is refused changes nothing. With
// -args -fuzzall every input of the list goes into every option.
func TestFuzzedInputThroughDiscord(t *testing.T) {
	if raceDetector {
		// Hundreds of interactions one after another: nothing for the race
		// detector to find that the other tests do not race.
		t.Skip("run without -race: go test ./bot/discord/discordtest")
	}
	t.Parallel()
	// The bot's clock stands still and it sweeps only when told: computer
	// players seated by the fuzzed commands do not move between an
	// interaction and the look at what it changed.
	h := newHarness(t, sketchy, fakeTime)
	alice, bob, carol := h.f.NewUser("Alice"), h.f.NewUser("Bob"), h.f.NewUser("Carol")
	ch := h.f.Channel()
	// A game of each kind in play, Alice's, and an open lobby, so that
	// every command reaches a game.
	h.challenge(alice, bob, ch)
	for _, g := range []struct{ command, opt string }{{"kimbo", "player2"}, {"kippykoo", "player2"}, {"rumba", "opponent"}} {
		lobby := h.f.Command(alice, ch, g.command, "new", discordtest.Opt{Name: g.opt, Value: bob.ID}).Await(t, "the invitation",
			func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
		accept, _ := lobby.Button("Accept")
		h.board(h.f.Click(bob, lobby, accept.CustomID))
	}
	h.f.Command(carol, ch, "kingsmen", "new").Await(t, "the open game", func(m discordtest.Message) bool { return !m.Ephemeral() && m.Content != "" })

	strs := nastyKinds
	if *fuzzAll {
		strs = append(append([]string(nil), nastyKinds...), nastyMore...)
	}
	guild := h.f.GuildID()
	sent, refused := 0, 0
	// try sends one interaction and checks that, if it was refused (every
	// message it made is private), nothing changed.
	try := func(what string, send func() *discordtest.Interaction) {
		t.Helper()
		before := h.everything(guild)
		ix := send()
		msgs := done(t, ix)
		sent++
		if ix.Type == 4 {
			if after := h.everything(guild); !reflect.DeepEqual(before, after) {
				t.Errorf("%s: an autocomplete changed what is stored", what)
			}
			return
		}
		private := len(msgs) > 0
		text := ""
		for _, m := range msgs {
			private = private && m.Ephemeral()
			text += m.Text()
		}
		if !private || strings.HasPrefix(text, "Saved.") || strings.HasPrefix(text, "Reminders are") {
			return // a change made, and said
		}
		refused++
		if after := h.everything(guild); !reflect.DeepEqual(before, after) {
			t.Errorf("%s was refused (%q), but what is stored changed", what, text)
		}
	}
	for _, cmd := range h.f.Commands(guild) {
		subs := cmd.Options
		if len(subs) == 0 || subs[0].Type != discordtest.SubCommandOption {
			subs = []discordtest.CommandOption{{Name: "", Options: cmd.Options}} // the command's own options
		}
		for _, sub := range subs {
			// The subcommand as it is, with its required options only.
			var plain []discordtest.Opt
			for _, o := range sub.Options {
				if o.Required {
					val := benign[o.Name]
					if len(o.Choices) > 0 {
						val = o.Choices[0].Value
					}
					plain = append(plain, discordtest.Opt{Name: o.Name, Value: val})
				}
			}
			try(fmt.Sprintf("/%s %s", cmd.Name, sub.Name), func() *discordtest.Interaction { return h.f.Command(alice, ch, cmd.Name, sub.Name, plain...) })
			for _, o := range sub.Options {
				if len(o.Choices) > 0 {
					continue // Discord's client sends only the choices
				}
				var values []string
				switch o.Type {
				case discordtest.StringOption:
					values = strs
				case discordtest.IntegerOption:
					values = nastyInts
				case discordtest.UserOption:
					values = []string{h.f.BotUser().ID, alice.ID, carol.ID}
				}
				for _, v := range values {
					opts := []discordtest.Opt{{Name: o.Name, Value: v}}
					for _, other := range sub.Options {
						if other.Required && other.Name != o.Name {
							val := benign[other.Name]
							if len(other.Choices) > 0 {
								val = other.Choices[0].Value
							}
							opts = append(opts, discordtest.Opt{Name: other.Name, Value: val})
						}
					}
					what := fmt.Sprintf("/%s %s %s:%s", cmd.Name, sub.Name, o.Name, label(v))
					try(what, func() *discordtest.Interaction { return h.f.Command(alice, ch, cmd.Name, sub.Name, opts...) })
					if o.Autocomplete && o.Type == discordtest.StringOption {
						try("typing "+what, func() *discordtest.Interaction {
							return h.f.Autocomplete(alice, ch, cmd.Name, sub.Name, o.Name, opts...)
						})
					}
				}
			}
		}
	}
	// Buttons and menus with made-up actions and values.
	for _, v := range strs {
		id := clipID("g/1/0/do:" + v)
		try("a button "+label(v), func() *discordtest.Interaction { return h.f.Forge(alice, ch, id) })
		if v != "" {
			try("a menu choice "+label(v), func() *discordtest.Interaction { return h.f.Forge(alice, ch, "g/1/3/play", clipID(v)) })
			try("a custom id "+label(v), func() *discordtest.Interaction { return h.f.Forge(alice, ch, clipID(v)) })
		}
	}
	if r := h.f.Refused(); len(r) > 0 {
		t.Errorf("Discord refused %d calls: %v", len(r), r)
	}
	t.Logf("%d interactions, %d refused", sent, refused)
}

// clipID makes s a custom id or select value Discord could deliver: 1 to
// limits.CustomID characters.
func clipID(s string) string {
	r := []rune(s)
	if len(r) > limits.CustomID {
		r = r[:limits.CustomID]
	}
	return string(r)
}
