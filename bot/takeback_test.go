package bot

import (
	"fmt"
	"strings"
	"testing"

	"parlor/storage"
)

// A takeback by agreement undoes exactly one decision: Alice asks, Bob
// accepts, the game is back where it was before her move, the log keeps
// both the move and the takeback (and replays to the position), and she
// may play another move. It is refused once Bob has moved, to a player
// who has not moved, and to someone not asked; Decline ends the request.
func TestTakeback(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, bob)
	e.refuse(e.cmd(alice, "takeback", "game", fmt.Sprint(id)), "you have made no decision yet")
	before := e.game(id).Position
	e.play(id, "Nf1-g1") // Alice, South with the scripted lot
	ask := e.do(e.cmd(alice, "takeback", "game", fmt.Sprint(id)))
	if ask.Public == nil || !strings.Contains(ask.Public.Content, "asks to take back Nf1-g1") || len(ask.Public.Mentions) != 1 || ask.Public.Mentions[0] != bob.ID {
		t.Fatalf("takeback: got %s, want a request pinging Bob", showResp(ask))
	}
	accept, decline := button(ask.Public, "Accept takeback"), button(ask.Public, "Decline")
	e.refuse(e.click(alice, accept), "Only the other players")
	e.refuse(e.click(carol, accept), "Only the other players")
	resp := e.do(e.click(bob, accept))
	if resp.Public == nil || !strings.Contains(resp.Public.Content, "took back Nf1-g1") || !strings.Contains(resp.Public.Content, "your move") {
		t.Fatalf("Bob accepts: got %s, want the board again", showResp(resp))
	}
	if got := e.game(id).Position; got != before {
		t.Errorf("after the takeback the position is %q, want %q as before the move", got, before)
	}
	log := e.log(id)
	if n := len(log); n < 2 || log[n-1].Kind != storage.EntryTakeback || log[n-1].Text != fmt.Sprintf("takeback %d", log[n-2].Ply) {
		t.Errorf("the log ends %+v, want the move and its takeback", log[max(0, n-2):])
	}
	if st, err := Replay(KingsmenKit().Game, 2, log); err != nil || st.String() != before {
		t.Errorf("the log replays to %v, %v; want %q", st, err, before)
	}
	e.refuse(e.click(bob, accept), "no longer asked for")
	e.refuse(e.cmd(alice, "takeback", "game", fmt.Sprint(id)), "taken back already")

	// Another move; Bob replies; Alice can no longer take hers back.
	e.play(id, "Ae2-e3", "Ab7-b6")
	e.refuse(e.cmd(alice, "takeback", "game", fmt.Sprint(id)), "Bob has decided since")
	// Bob asks, Alice declines.
	ask = e.do(e.cmd(bob, "takeback", "game", fmt.Sprint(id)))
	if ask.Public == nil {
		t.Fatalf("Bob's takeback: %s", showResp(ask))
	}
	no := e.do(e.click(alice, button(ask.Public, "Decline")))
	if no.Update == nil || !strings.Contains(no.Update.Content, "declined") {
		t.Errorf("Decline: got %s", showResp(no))
	}
	e.refuse(e.click(alice, button(ask.Public, "Accept takeback")), "no longer asked for")
	_ = decline
}

// A takeback is refused once the dice have been thrown after the move:
// a roll cannot be taken back.
func TestTakebackRefusedAfterARoll(t *testing.T) {
	e, _ := newKimboEnv(t, "6-5", "3-1", "4-2", "5-3")
	req := e.kcmd(alice, "new", "opponent", bob.ID)
	req.Users[bob.ID] = bob
	id := gameOf(t, e.do(req).Public)
	e.do(e.click(bob, customID(id, 0, "accept")))
	// Alice: roll, then move; Bob rolls.
	e.do(e.kcmd(alice, "roll", "game", fmt.Sprint(id)))
	e.do(e.kcmd(alice, "move", "move", e.kimbo(id).Legal()[0].Text, "game", fmt.Sprint(id)))
	ask := e.do(e.kcmd(alice, "takeback", "game", fmt.Sprint(id)))
	if ask.Public == nil {
		t.Fatalf("a takeback before Bob rolls: got %s, want the request", showResp(ask))
	}
	e.do(e.kcmd(bob, "roll", "game", fmt.Sprint(id)))
	e.refuse(e.kcmd(alice, "takeback", "game", fmt.Sprint(id)), "a roll cannot be taken back")
	e.refuse(e.click(bob, button(ask.Public, "Accept takeback")), "no longer")
}
