package discordtest_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"parlor/bot/discord/discordtest"
)

// Two replicas of the bot behind one load balancer, on one database, as
// the HTTP door allows: interactions go to each in turn, a redelivery to
// the other one, and two clicks at once to both. They behave as one: a
// whole game is played, a redelivered click is done once, a double click
// has one outcome, and two sweeps at once send a reminder once.
func TestTwoReplicasOneDatabase(t *testing.T) {
	t.Parallel()
	forEachEngine(t, twoReplicas)
}

func twoReplicas(t *testing.T, engine setting) {
	h := newHarness(t, engine, viaHTTP, fakeTime)
	second := h.launch()
	t.Cleanup(func() { h.end(second) })
	h.f.DeliverTo(h.proc.url, second.url)
	alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
	ch := h.f.Channel()

	// Bob's Accept reaches one replica; Discord delivers it again, to the
	// other: the game starts once.
	challenge := h.challengeMessage(alice, bob, ch)
	accept, _ := challenge.Button("Accept")
	ix := h.f.Click(bob, challenge, accept.CustomID)
	board := h.board(ix)
	id := gameID(t, board)
	h.f.Redeliver(ix)
	// The other replica answers "That was already done.", which Discord
	// refuses, the interaction being acknowledged.
	if again := ix.AwaitRejected(t, 1)[0]; !strings.Contains(string(again.Body), "That was already done.") {
		t.Errorf("the redelivery was answered %s", again.Body)
	}
	if g, log := h.game(id); g.Version != 2 || len(log) != 0 {
		t.Fatalf("after a redelivered accept: version %d, %d moves", g.Version, len(log))
	}

	// The game, move by move, each through whichever replica is next.
	players := []discordtest.User{alice, bob}
	for i, move := range kingsmenGame[:8] {
		u := players[i%2]
		if i%2 == 0 {
			board = h.slashMove(u, ch, strings.ToLower(move[:3]), move)
		} else {
			board = h.selectMove(u, board, move)
		}
	}
	// A double click: the two choices reach the two replicas at once.
	menu := h.pickMenu(alice, board, kingsmenGame[8])
	play, _ := menu.Select("/play")
	c1 := h.f.Choose(alice, menu, play.CustomID, kingsmenGame[8])
	c2 := h.f.Choose(alice, menu, play.CustomID, kingsmenGame[8])
	oneOf(t, h, c1, c2, "a double click on two replicas", isBoard,
		"The board changed while you were acting", "That board is out of date", "It is Bob's turn, not yours.")
	if _, log := h.game(id); len(log) != 9 || log[8].Text != kingsmenGame[8] {
		t.Fatalf("after the double click the log is %v", texts(log))
	}

	// A day later both replicas sweep at the same moment: Bob is reminded
	// once.
	h.clock.advance(25 * time.Hour)
	var wg sync.WaitGroup
	for _, p := range []*process{h.proc, second} {
		wg.Go(func() { p.d.Sweep(context.Background()) })
	}
	wg.Wait()
	reminders := 0
	for _, m := range h.f.Messages() {
		if strings.Contains(m.Content, "has been waiting for your move") {
			reminders++
		}
	}
	if reminders != 1 {
		t.Errorf("%d reminders from two replicas sweeping at once, want 1", reminders)
	}
	// And the game plays on to its end.
	for i, move := range kingsmenGame[9:] {
		board = h.slashMove(players[(i+9)%2], ch, strings.ToLower(move[:3]), move)
	}
	if !strings.Contains(board.Content, "Alice won by capturing the King") {
		t.Errorf("the last board says %q", board.Content)
	}
}
