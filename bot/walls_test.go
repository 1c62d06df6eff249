package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"parlor/storage"
)

// The places of the wall tests: server A (the tests' usual server), server
// B, and Alice's DM with the bot.
const (
	guildB   = "guild-2"
	channelB = "chan-B"
	aliceDM  = "dm-alice"
)

// at is req sent from guild's channel instead (guild "" for a DM).
func at(req Request, guild, channel string) Request {
	req.GuildID, req.ChannelID = guild, channel
	return req
}

// for is req as a command of another game.
func forGame(req Request, command string) Request {
	req.Command = command
	return req
}

// wallWorld is server A with a game of each kind in play, a draw offered,
// an open lobby and an invitation: every kind of thing a component or a
// command can touch. It returns the games and every component the bot made
// for them.
type wallWorld struct {
	games      map[int64]string // id → command
	components map[int64][]Component
}

func newWallWorld(e *tableEnv) wallWorld {
	t := e.t
	w := wallWorld{games: map[int64]string{}, components: map[int64][]Component{}}
	keep := func(id int64, command string, msgs ...*Message) {
		w.games[id] = command
		for _, m := range msgs {
			if m == nil {
				continue
			}
			for _, row := range m.Components {
				w.components[id] = append(w.components[id], row...)
			}
		}
	}
	invite := func(command string, a, b User, opt string) (int64, *Message) {
		req := forGame(e.cmd(a, "new", opt, b.ID), command)
		req.Users[b.ID] = b
		lobby := e.do(req).Public
		return gameOf(t, lobby), lobby
	}
	// All the King's Men in play, with a draw offered.
	id, board := e.challenge(alice, bob)
	offer := e.do(e.cmd(alice, "draw"))
	keep(id, "kingsmen", board, offer.Public)
	if menu := e.do(e.click(alice, pickID(t, board), "c2")).Private; menu != nil {
		keep(id, "kingsmen", menu)
	}
	// Kimbo, Kippy Koo and Rumba in play.
	for _, g := range []struct{ command, opt string }{{"kimbo", "player2"}, {"kippykoo", "player2"}, {"rumba", "opponent"}} {
		id, lobby := invite(g.command, alice, bob, g.opt)
		resp := e.do(e.click(bob, customID(id, 0, "accept")))
		if resp.Public == nil {
			t.Fatalf("%s: bob accepts: %s", g.command, showResp(resp))
		}
		keep(id, g.command, lobby, resp.Public)
	}
	// A Kippy Koo lobby with open seats, and a Kimbo invitation.
	open := e.do(forGame(e.cmd(carol, "new", "players", "3"), "kippykoo")).Public
	keep(gameOf(t, open), "kippykoo", open)
	id, lobby := invite("kimbo", carol, bob, "player2")
	keep(id, "kimbo", lobby)
	return w
}

// Nothing of a server's games can be seen or touched from another server
// or from a DM, not even by their own players: every command, button,
// select and autocomplete naming them is answered as if the game did not
// exist, and nothing changes.
func TestServersAreWalledOff(t *testing.T) {
	e := newEnvWith(t, (&diceRoll{rng: rand.New(rand.NewPCG(13, 13))}).roll, Kits()...)
	w := newWallWorld(e)
	ids := slices.Sorted(func(yield func(int64) bool) {
		for id := range w.games {
			if !yield(id) {
				return
			}
		}
	})
	outside := []struct{ name, guild, channel string }{{"server B", guildB, channelB}, {"a DM", "", aliceDM}}
	for _, place := range outside {
		for _, id := range ids {
			command := w.games[id]
			want := fmt.Sprintf("There is no game #%d here.", id)
			for _, u := range []User{alice, bob, carol, stranger} {
				// Every subcommand that takes a game.
				for _, c := range e.table.Commands() {
					if c.Name != command {
						continue
					}
					for _, sub := range c.Subs {
						if !slices.ContainsFunc(sub.Options, func(o OptionSpec) bool { return o.Name == "game" }) {
							continue
						}
						req := at(forGame(e.cmd(u, sub.Name, "game", fmt.Sprint(id)), command), place.guild, place.channel)
						for _, o := range sub.Options {
							if o.Required {
								req.Options[o.Name] = "e1|f1"
							}
						}
						if got := e.refuse(req, want); got != want {
							t.Errorf("%s from %s: %q, want exactly %q", describeReq(req), place.name, got, want)
						}
						// Autocomplete of the same command suggests nothing.
						for _, o := range sub.Options {
							if !o.Autocomplete {
								continue
							}
							typing := req
							typing.Kind, typing.Focused, typing.ID = AutocompleteRequest, o.Name, ""
							typing.Options = map[string]string{"game": fmt.Sprint(id), o.Name: ""}
							if o.Name == "game" {
								delete(typing.Options, "game")
							}
							for _, ch := range e.do(typing).Choices {
								if strings.Contains(ch.Name, fmt.Sprintf("#%d", id)) || o.Name != "game" {
									t.Errorf("%s from %s: suggests %+v", describeReq(typing), place.name, ch)
								}
							}
						}
					}
				}
				// Every component the bot made for the game, and the lobby's
				// buttons made up.
				comps := append([]Component(nil), w.components[id]...)
				for _, a := range []string{"accept", "decline", "cancel", "start", "join", "join:1"} {
					comps = append(comps, Component{Kind: Button, ID: customID(id, 0, a)})
				}
				for _, c := range comps {
					var values []string
					if c.Kind == Select && len(c.Options) > 0 {
						values = []string{c.Options[0].Value}
					}
					req := at(e.click(u, c.ID, values...), place.guild, place.channel)
					if got := e.refuse(req, want); got != want {
						t.Errorf("%s from %s: %q, want exactly %q", describeReq(req), place.name, got, want)
					}
				}
			}
		}
		// /games lists none of server A's games.
		for _, u := range []User{alice, bob, carol} {
			req := at(e.cmd(u, "games"), place.guild, place.channel)
			req.Command, req.Sub = "games", ""
			got := privateOnly(t, e.do(req))
			if !strings.HasPrefix(got, "You have no games in play here.") {
				t.Errorf("/games by %s from %s: %q, want no games", u.Name, place.name, got)
			}
		}
	}
	// A game number from elsewhere reads exactly like one that does not
	// exist.
	none := at(e.click(alice, customID(99999, 0, "join")), guildB, channelB)
	if got := e.refuse(none, "There is no game #99999 here."); got != "There is no game #99999 here." {
		t.Errorf("a game that does not exist: %q", got)
	}
	// The games are all still playable at home.
	for _, id := range ids {
		req := forGame(e.cmd(alice, "board", "game", fmt.Sprint(id)), w.games[id])
		if resp := e.do(req); resp.Public == nil && !strings.Contains(showResp(resp), "has not started") {
			t.Errorf("%s at home: %s", describeReq(req), showResp(resp))
		}
	}
}

// A game made in a DM lives there: it cannot be reached from a server.
func TestDMGameStaysInTheDM(t *testing.T) {
	e := newEnv(t)
	open := e.do(at(e.cmd(alice, "new"), "", aliceDM)).Public
	id := gameOf(t, open)
	if g := e.game(id); g.GuildID != "" || g.ChannelID != aliceDM {
		t.Fatalf("a DM game is stored at %q/%q", g.GuildID, g.ChannelID)
	}
	want := fmt.Sprintf("There is no game #%d here.", id)
	e.refuse(e.click(bob, customID(id, 0, "join")), want)
	e.refuse(e.cmd(alice, "board", "game", fmt.Sprint(id)), want)
	e.refuse(at(e.click(bob, customID(id, 0, "join")), "", "dm-bob"), want)
	// In the DM itself it is there.
	if resp := e.do(at(e.click(alice, customID(id, 0, "cancel")), "", aliceDM)); resp.Update == nil {
		t.Errorf("cancel in the DM: %s", showResp(resp))
	}
}

// A component id is the user's word: the version, seat and action it names
// are checked against the game as stored, and a made-up one changes
// nothing.
func TestForgedComponentIDs(t *testing.T) {
	e := newEnvWith(t, (&diceRoll{rng: rand.New(rand.NewPCG(5, 5))}).roll, Kits()...)
	id, board := e.challenge(alice, bob)
	g := e.game(id)
	pick := pickID(t, board)
	for _, c := range []struct {
		id, want string
	}{
		// A version the game has not reached.
		{customID(id, g.Version+1, "pick"), "I don't recognise that button."},
		{customID(id, 1<<40, "do:Ac2-c3"), "I don't recognise that button."},
		// Lobby buttons are made at version 0 only.
		{customID(id, g.Version, "accept"), "I don't recognise that button."},
		{customID(id, 1, "join"), "I don't recognise that button."},
		// Seats and actions the bot never offers.
		{customID(id, 0, "join:-1"), "I don't recognise that button."},
		{customID(id, 0, "join:x"), "I don't recognise that button."},
		{customID(id, g.Version, "do:"), "You can't play"},
		{customID(id, g.Version, "steal"), "I don't recognise that button."},
		{"g/" + fmt.Sprint(id) + "/" + fmt.Sprint(g.Version) + "/pick/extra", "I don't recognise that button."},
		{"g/99999999999999999999/1/pick", "I don't recognise that button."},
		// The lobby of a game in play.
		{customID(id, 0, "join"), fmt.Sprintf("Game #%d is no longer open to join (it is active).", id)},
		{customID(id, 0, "join:1"), fmt.Sprintf("Game #%d is no longer open to join (it is active).", id)},
		{customID(id, 0, "accept"), "is no longer open"},
		{customID(id, 0, "start"), "can't be started now"},
		{customID(id, 0, "cancel"), "can't be cancelled now"},
		// The draw accepted with no offer standing.
		{customID(id, g.Version, "draw"), "There is no draw offer to accept"},
	} {
		e.refuse(e.click(alice, c.id, "c2"), c.want)
	}
	// An out-of-date menu, after a move.
	e.play(id, "Ac2-c3")
	e.refuse(e.click(bob, pick, "b7"), "That board is out of date")
	// A stranger's click, with the current version, is a stranger's.
	g = e.game(id)
	e.refuse(e.click(stranger, customID(id, g.Version, "do:Ab7-b6")), "You are not playing in game")
	e.refuse(e.click(stranger, customID(id, g.Version, "pick"), "b7"), "You are not playing in game")
	// An open seat joined twice by a made-up id: the second finds it taken.
	lobby := e.do(forGame(e.cmd(carol, "new", "players", "3"), "kimbo")).Public
	lid := gameOf(t, lobby)
	if resp := e.do(e.click(alice, customID(lid, 0, "join:1"))); resp.Update == nil {
		t.Fatalf("alice joins seat 1: %s", showResp(resp))
	}
	e.refuse(e.click(bob, customID(lid, 0, "join:1")), "That seat of game #")
	e.refuse(e.click(bob, customID(lid, 0, "join:7")), "That seat of game #")
	if g := e.game(lid); g.Seats[1].UserID != alice.ID || g.Status != storage.StatusOpen {
		t.Errorf("after the forged joins: %+v", g.Seats)
	}
}
