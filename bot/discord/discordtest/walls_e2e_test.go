package discordtest_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"parlor/bot/discord/discordtest"
	"parlor/storage"
)

// stored is what the database holds of a game: the row and its log.
type stored struct {
	Game *storage.Game
	Log  []storage.Entry
}

func (h *harness) storedGames(ids ...int64) []stored {
	h.t.Helper()
	var out []stored
	for _, id := range ids {
		g, log := h.game(id)
		// Whether its board is still owed changes once the door has posted
		// it, after the answer: not a change of the game.
		g.Owed = storage.Owed{}
		out = append(out, stored{g, log})
	}
	return out
}

// Two servers, each with its games. From the other server, every kind of
// interaction naming a game (every subcommand that takes a game number,
// every button and menu the bot made for it, autocomplete, /games) is
// answered as if there were no such game, by its own players too, and
// nothing changes in either server.
func TestServersWalledOffThroughDiscord(t *testing.T) {
	t.Parallel()
	h := newHarness(t, global) // commands registered globally, as a bot in many servers does
	alice, bob, carol, dave := h.f.NewUser("Alice"), h.f.NewUser("Bob"), h.f.NewUser("Carol"), h.f.NewUser("Dave")
	serverA, serverB := h.f.Channel(), h.f.NewGuild("general")

	// Server A: a game of All the King's Men with a draw offered, and an
	// open Kimbo lobby.
	idA, board := h.challenge(alice, bob, serverA)
	offer := h.f.Command(alice, serverA, "kingsmen", "draw").Await(t, "the draw offer", func(m discordtest.Message) bool {
		return !m.Ephemeral() && strings.Contains(m.Content, "offers a draw")
	})
	lobby := h.f.Command(bob, serverA, "kimbo", "new", discordtest.Opt{Name: "players", Value: "3"}).Await(t, "the lobby",
		func(m discordtest.Message) bool {
			return !m.Ephemeral() && !m.Loading() && strings.Contains(m.Content, "starts a game of Kimbo")
		})
	lobbyA := gameID(t, lobby)
	// Server B: Carol and Dave's game.
	idB, boardB := h.challenge(carol, dave, serverB)

	ids := []int64{idA, lobbyA, idB}
	before := h.storedGames(ids...)
	type target struct {
		id       int64
		command  string
		messages []discordtest.Message
		from     discordtest.Channel
		users    []discordtest.User
	}
	targets := []target{
		{idA, "kingsmen", []discordtest.Message{board, offer}, serverB, []discordtest.User{alice, bob, dave}},
		{lobbyA, "kimbo", []discordtest.Message{lobby}, serverB, []discordtest.User{alice, bob, dave}},
		{idB, "kingsmen", []discordtest.Message{boardB}, serverA, []discordtest.User{carol, dave, alice}},
	}
	required := map[string]string{"move": "Ac2-c3", "fence": "e1|f1", "to": "h5|h6"}
	for _, tg := range targets {
		want := fmt.Sprintf("There is no game #%d here.", tg.id)
		number := fmt.Sprint(tg.id)
		for _, u := range tg.users {
			// Every subcommand that takes a game number.
			for _, cmd := range h.f.Commands("") {
				if cmd.Name != tg.command {
					continue
				}
				for _, sub := range cmd.Options {
					opts := []discordtest.Opt{}
					takesGame := false
					for _, o := range sub.Options {
						switch {
						case o.Name == "game":
							takesGame = true
							opts = append(opts, discordtest.Opt{Name: "game", Value: number})
						case o.Required:
							opts = append(opts, discordtest.Opt{Name: o.Name, Value: required[o.Name]})
						}
					}
					if !takesGame {
						continue
					}
					if m := h.refusal(h.f.Command(u, tg.from, tg.command, sub.Name, opts...), want); m.Content != want {
						t.Errorf("/%s %s game:%d by %s from the other server: %q, want exactly %q", tg.command, sub.Name, tg.id, u.GlobalName, m.Content, want)
					}
				}
			}
			// Autocomplete suggests nothing of the game.
			for _, focused := range []string{"move", "game"} {
				opts := []discordtest.Opt{{Name: "move", Value: ""}}
				if focused == "move" {
					opts = append(opts, discordtest.Opt{Name: "game", Value: number})
				} else {
					opts = append(opts, discordtest.Opt{Name: "game", Value: ""})
				}
				for _, c := range h.f.Autocomplete(u, tg.from, tg.command, "move", focused, opts...).Choices(t) {
					if focused == "move" || c.Value == number {
						t.Errorf("%s typing %s of /%s move from the other server: suggests %+v", u.GlobalName, focused, tg.command, c)
					}
				}
			}
			// Every button and menu the bot made for the game, as a forged
			// request from the other server.
			for _, m := range tg.messages {
				m.Find(func(c discordtest.Component) bool {
					if c.CustomID == "" {
						return false
					}
					var values []string
					if len(c.Options) > 0 {
						values = []string{c.Options[0].Value}
					}
					if got := h.refusal(h.f.Forge(u, tg.from, c.CustomID, values...), want); got.Content != want {
						t.Errorf("%s's %q from the other server: %q, want exactly %q", u.GlobalName, c.CustomID, got.Content, want)
					}
					return false
				})
			}
			// The lobby buttons a stranger might make up.
			for _, action := range []string{"join", "accept", "decline", "start", "cancel"} {
				h.refusal(h.f.Forge(u, tg.from, fmt.Sprintf("g/%d/0/%s", tg.id, action)), want)
			}
		}
	}
	// /games lists only the games of the server it is asked in.
	for _, c := range []struct {
		u     discordtest.User
		where discordtest.Channel
		see   []int64
		not   []int64
	}{{alice, serverB, nil, []int64{idA, lobbyA}}, {bob, serverA, []int64{idA, lobbyA}, []int64{idB}}, {dave, serverA, nil, []int64{idB}}, {carol, serverB, []int64{idB}, []int64{idA}}} {
		m := h.private(h.f.Command(c.u, c.where, "games", ""))
		for _, id := range c.see {
			if !strings.Contains(m.Content, fmt.Sprintf("#%d ", id)) {
				t.Errorf("/games by %s lists %q, want game #%d", c.u.GlobalName, m.Content, id)
			}
		}
		for _, id := range c.not {
			if strings.Contains(m.Content, fmt.Sprintf("#%d ", id)) {
				t.Errorf("/games by %s lists %q, with game #%d of the other server", c.u.GlobalName, m.Content, id)
			}
		}
	}
	if after := h.storedGames(ids...); !reflect.DeepEqual(before, after) {
		t.Errorf("the games changed:\nbefore %+v\nafter  %+v", before, after)
	}
	// At home, they are all still there.
	h.board(h.f.Command(alice, serverA, "kingsmen", "board", discordtest.Opt{Name: "game", Value: fmt.Sprint(idA)}))
	h.board(h.f.Command(carol, serverB, "kingsmen", "board", discordtest.Opt{Name: "game", Value: fmt.Sprint(idB)}))
}
