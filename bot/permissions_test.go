package bot

import (
	"fmt"
	"strings"
	"testing"
)

// Who may do what, as the README says it, row by row: what each may do is
// done, and what they may not is refused privately with nothing changed.
func TestWhoMayDoWhat(t *testing.T) {
	e := newEnvWith(t, func(int) int { return 0 }, KingsmenKit(), KimboKit())
	id, board := e.challenge(alice, bob)
	game := fmt.Sprint(id)
	g := e.game(id)
	parlor := func(u User, sub string, opts ...string) Request {
		req := e.cmd(u, sub, opts...)
		req.Command = "parlor"
		return req
	}

	t.Run("anyone in the server", func(t *testing.T) {
		e := e.in(t)
		if resp := e.do(e.cmd(stranger, "board", "game", game)); resp.Public == nil || len(resp.Public.Mentions) > 0 {
			t.Errorf("a stranger asks for the board: %s, want it shown, pinging nobody", showResp(resp))
		}
		if resp := e.do(e.cmd(stranger, "rules")); resp.Private == nil || resp.Private.Embed == nil {
			t.Errorf("a stranger asks for the rules: %s", showResp(resp))
		}
		games := parlor(stranger, "")
		games.Command = "games"
		if got := privateOnly(t, e.do(games)); !strings.Contains(got, "You have no games") {
			t.Errorf("/games by a stranger: %q", got)
		}
		if got := privateOnly(t, e.do(parlor(stranger, "settings"))); !strings.HasPrefix(got, "This server's defaults") {
			t.Errorf("/parlor settings seen by a stranger: %q", got)
		}
		if got := privateOnly(t, e.do(parlor(stranger, "reminders", "on", "off"))); !strings.HasPrefix(got, "Reminders are off") {
			t.Errorf("/parlor reminders by a stranger: %q", got)
		}
		if resp := e.do(e.cmd(stranger, "new")); resp.Public == nil {
			t.Errorf("a stranger starts a game: %s", showResp(resp))
		}
	})

	t.Run("anyone, in an open seat", func(t *testing.T) {
		e := e.in(t)
		open := gameOf(t, e.do(e.cmd(carol, "new")).Public)
		join := customID(open, 0, "join")
		e.refuse(e.click(robot, join), "Bots can't play.")
		e.refuse(e.click(carol, join), "You opened this game; someone else has to take the other seat.")
		kimbo := newKimboLobby(e)
		e.do(e.click(bob, customID(kimbo, 0, "join")))
		e.refuse(e.click(bob, customID(kimbo, 0, "join")), fmt.Sprintf("You are already in game #%d.", kimbo))
		if resp := e.do(e.click(stranger, join)); resp.Public == nil {
			t.Errorf("a stranger takes the open seat: %s", showResp(resp))
		}
	})

	t.Run("the people invited", func(t *testing.T) {
		e := e.in(t)
		req := e.cmd(alice, "new", "opponent", bob.ID)
		req.Users[bob.ID] = bob
		inv := gameOf(t, e.do(req).Public)
		e.refuse(e.click(stranger, customID(inv, 0, "accept")), "This challenge is for Bob, not you.")
		e.refuse(e.click(stranger, customID(inv, 0, "decline")), "This challenge is for Bob, not you.")
		e.refuse(e.click(alice, customID(inv, 0, "accept")), "You made this challenge; it is Bob's to accept.")
		if resp := e.do(e.click(bob, customID(inv, 0, "decline"))); resp.Update == nil {
			t.Errorf("Bob declines his invitation: %s", showResp(resp))
		}
	})

	t.Run("the game's creator", func(t *testing.T) {
		e := e.in(t)
		kimbo := newKimboLobby(e)
		e.do(e.click(bob, customID(kimbo, 0, "join")))
		e.refuse(e.click(bob, customID(kimbo, 0, "start")), fmt.Sprintf("Only Alice, who made game #%d, can start it early.", kimbo))
		e.refuse(e.click(bob, customID(kimbo, 0, "cancel")), fmt.Sprintf("Only Alice, who opened game #%d, can cancel it.", kimbo))
		if resp := e.do(e.click(alice, customID(kimbo, 0, "cancel"))); resp.Update == nil {
			t.Errorf("Alice cancels her game: %s", showResp(resp))
		}
	})

	t.Run("the players", func(t *testing.T) {
		e := e.in(t)
		for _, sub := range []string{"resign", "draw", "pause", "resume"} {
			e.refuse(e.cmd(stranger, sub, "game", game), fmt.Sprintf("You are not playing in game #%d.", id))
		}
		e.refuse(e.cmd(stranger, "move", "move", "Ac2-c3", "game", game), fmt.Sprintf("You are not playing in game #%d.", id))
		e.refuse(e.click(stranger, pickID(t, board), "c2"), fmt.Sprintf("You are not playing in game #%d.", id))
		e.refuse(e.cmd(bob, "move", "move", "Ab7-b6", "game", game), "It is Alice's turn, not yours.")
		e.refuse(e.click(bob, customID(id, g.Version, "do:Ab7-b6")), "It is Alice's turn, not yours.")
		e.play(id, "Ac2-c3")
		e.refuse(e.click(alice, pickID(t, board), "d2"), "That board is out of date")
	})

	t.Run("members who can manage the server", func(t *testing.T) {
		e := e.in(t)
		e.refuse(parlor(stranger, "settings", "reminders", "6"), "Only members who can manage this server can change its settings.")
		manager := stranger
		manager.CanManage = true
		if got := privateOnly(t, e.do(parlor(manager, "settings", "reminders", "6"))); !strings.HasPrefix(got, "Saved.") {
			t.Errorf("a manager changes the settings: %q", got)
		}
	})
}

// newKimboLobby is Alice's Kimbo game for three, every seat open.
func newKimboLobby(e *tableEnv) int64 {
	e.t.Helper()
	return gameOf(e.t, e.do(forGame(e.cmd(alice, "new", "players", "3"), "kimbo")).Public)
}
