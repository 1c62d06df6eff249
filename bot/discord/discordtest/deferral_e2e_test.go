package discordtest_test

import (
	"strings"
	"testing"

	"parlor/bot/discord/discordtest"
)

// Through the HTTP door behind a slow proxy, with every answer deferred,
// the bot's edit of its deferral (and its follow-ups) reach Discord before
// the deferral itself, and Discord refuses them (issue 28). The bot tries
// again: every reply ends resolved, none is left "thinking…", and every
// board is posted.
func TestEditRacesItsDeferral(t *testing.T) {
	t.Parallel()
	for _, engine := range []struct {
		name string
		on   setting
	}{{"sqlite", func(*harness) {}}, {"postgres", onPostgres}} {
		t.Run(engine.name, func(t *testing.T) {
			if raceDetector && engine.name != "sqlite" {
				t.Skip("run without -race: go test ./bot/discord/discordtest")
			}
			t.Parallel()
			editRacesItsDeferral(t, engine.on)
		})
	}
}

func editRacesItsDeferral(t *testing.T, engine setting) {
	h := newHarness(t, engine, viaHTTP, deferAll, slowResponses)
	alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
	ch := h.f.Channel()
	id, board := h.challenge(alice, bob, ch)
	players := []discordtest.User{alice, bob}
	moves := kingsmenGame[:3]
	for i, move := range moves {
		u := players[i%2]
		if i%2 == 0 {
			board = h.slashMove(u, ch, strings.ToLower(move[:3]), move)
		} else {
			board = h.selectMove(u, board, move)
		}
		if !strings.Contains(board.Content, "played") || !strings.Contains(board.Content, move) {
			t.Errorf("the board after %s says %q", move, board.Content)
		}
	}
	shown := h.board(h.f.Command(bob, ch, "kingsmen", "board"))
	if gameID(t, shown) != id {
		t.Errorf("/kingsmen board shows %q, want game #%d", shown.Content, id)
	}
	// Every reply is resolved in the end: the bot gives up on none.
	h.f.AwaitMessages(t, "every reply resolved", func(ms []discordtest.Message) bool {
		for _, m := range ms {
			if m.Loading() && !m.Deleted {
				return false
			}
		}
		return true
	})
	if loading := h.f.Loading(); len(loading) > 0 {
		t.Errorf("replies left thinking: %s", describe(loading))
	}
	// A board for the start, one per move, and the one /kingsmen board
	// shows: each posted once.
	boards := 0
	for _, m := range h.f.Messages() {
		if isBoard(m) && m.ChannelID == ch.ID {
			boards++
		}
	}
	if want := 1 + len(moves) + 1; boards != want {
		t.Errorf("%d boards posted, want %d:%s", boards, want, describe(h.f.Messages()))
	}
	if _, log := h.game(id); len(log) != len(moves) {
		t.Errorf("the game's log is %v, want %v", texts(log), moves)
	}
	// The race happened: the test proves something.
	if len(h.f.RefusedWith(10008)) == 0 {
		t.Errorf("no edit reached Discord before its deferral; the race was not run")
	}
	if refused := h.refused(); len(refused) > 0 {
		t.Errorf("Discord refused %v", refused)
	}
}
