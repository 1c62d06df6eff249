package bot

import (
	"strings"
	"testing"
	"time"

	"parlor/rules/kimbo"
)

// In a game of three, the board that pings a player at the start of their
// turn tells, a line each, what the others did since their previous turn,
// and has the picture mark the earlier of those turns; a board in the
// middle of a turn tells only what was just done.
func TestSinceYourLastTurn(t *testing.T) {
	// Opening roll: Alice 6-5, Bob 3-1, Carol 2-1: Alice starts. Then the
	// turns' rolls: Alice 4-2, Bob 5-3, Carol 6-1, Alice 2-1.
	e, _ := newKimboEnv(t, "6-5", "3-1", "2-1", "4-2", "5-3", "6-1", "2-1")
	id, _ := e.threeSeats()
	turn := func(u User) *Message {
		t.Helper()
		rolled := e.do(e.kcmd(u, "roll")).Public
		if rolled == nil {
			t.Fatalf("%s's roll: no board", u.Name)
		}
		for _, other := range []User{alice, bob, carol} {
			if other != u && strings.Contains(rolled.Content, "**"+other.Name+"** ") {
				t.Fatalf("%s's roll: the board tells %s's turn too: %q", u.Name, other.Name, rolled.Content)
			}
		}
		m := e.kimbo(id).Legal()[0].Text
		return e.do(e.kcmd(u, "move", "move", m)).Public
	}
	turn(alice)
	turn(bob)
	board := turn(carol)
	if board == nil || len(board.Mentions) != 1 || board.Mentions[0] != alice.ID {
		t.Fatalf("after Carol's turn the board %+v should ping Alice", board)
	}
	for _, want := range []string{"**Bob** moved no fence and rolled **5-3**: ", "**Carol** moved no fence and rolled **6-1**: "} {
		if !strings.Contains(board.Content, want) {
			t.Errorf("Alice's board says %q, without %q", board.Content, want)
		}
	}
	if strings.Contains(board.Content, "**Alice**") {
		t.Errorf("Alice's board tells her own turn: %q", board.Content)
	}
	t.Logf("Alice's board:\n%s", board.Content)
	info := e.painter.lastInfo()
	if len(info.Earlier) != 1 {
		t.Fatalf("the picture marks %d earlier turns, want 1 (Bob's)", len(info.Earlier))
	}
	if p, ok := info.Earlier[0].State.(*kimbo.Position); !ok || p.Last().Seat != 1 {
		t.Errorf("the earlier turn marked is not Bob's: %+v", info.Earlier[0])
	}
}

// The tails kept give the same steps as replaying the whole log, replay
// from the start when the log is not the one kept, and keep at most
// tailSteps.
func TestTails(t *testing.T) {
	log := randomKimbo(t, 7, 700)
	full, err := Steps(kimbo.Game{}, 4, log)
	if err != nil {
		t.Fatal(err)
	}
	var ts tails
	check := func(n int, wantWhole bool) {
		t.Helper()
		got, whole, err := ts.steps(1, kimbo.Game{}, 4, log[:n])
		if err != nil {
			t.Fatal(err)
		}
		want := full[max(0, n-tailSteps):n]
		if whole != wantWhole || len(got) != len(want) {
			t.Fatalf("%d entries: %d steps (whole %v), want %d (whole %v)", n, len(got), whole, len(want), wantWhole)
		}
		for i := range got {
			if got[i].Entry != want[i].Entry || got[i].After.String() != want[i].After.String() || got[i].Before.String() != want[i].Before.String() {
				t.Fatalf("%d entries: step %d is %+v, want %+v", n, i, got[i].Entry, want[i].Entry)
			}
		}
	}
	check(100, true)
	check(130, true)
	check(len(log), false)
	// Another log of the same game (a takeback, say): replayed anew.
	log[len(log)-1].At = testNow.Add(time.Minute)
	full[len(full)-1].Entry.At = log[len(log)-1].At
	check(len(log), false)
	check(50, true)
}
