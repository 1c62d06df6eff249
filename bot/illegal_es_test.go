package bot

import (
	"math/rand/v2"
	"testing"
)

// spanishRefusal checks that req, a move by a user whose Discord speaks
// Spanish, is refused in Spanish: the engine's reason too, with no English
// left in it.
func (e *tableEnv) spanishRefusal(req Request) string {
	e.t.Helper()
	req.Locale = "es-ES"
	got := e.refuse(req, "No puedes jugar")
	noEnglish(e.t, describeReq(req), got)
	e.t.Logf("%s", got)
	return got
}

// An illegal move is refused in the language of the user who made it,
// with the engine's reason said in it too, in every game.
func TestIllegalMoveSpanish(t *testing.T) {
	t.Run("kingsmen", func(t *testing.T) {
		e := newEnv(t)
		e.challenge(alice, bob)
		for _, text := range []string{"Ad2-e3", "Nc1-c3", "Nc1-c2", "Ad3-d4", "Ad7-d6", "Kc1-c2", "Ad2-d4", "Ac2xc3", "zz", "Nc1-c9", "Nc1c2", "Kg7", "c8", "Nc3", "Kxd2", "c0"} {
			e.spanishRefusal(e.cmd(alice, "move", "move", text))
		}
	})
	t.Run("kimbo", func(t *testing.T) {
		e, _ := newKimboEnv(t, "6-5", "3-1", "2-1", "4-2", "5-3")
		_, board := e.in(t).threeSeats()
		for _, text := range []string{"b1-b5", "zz", "h5|h6>e1|f1", "a5|a6>h5|h6", "e1|f1>f1|g1", "e1|f1>h5|h9", "corner sw"} {
			e.spanishRefusal(e.kcmd(alice, "move", "move", text))
		}
		if r := e.do(e.click(alice, button(board, "Roll"))); r.Public == nil {
			t.Fatalf("roll: %s", showResp(r))
		}
		for _, text := range []string{"pass", "zz", "n1-n2", "a2-a4", "a1-b2", "jump b1-b2", "b1-b3,b1-b4", "b1-b2,n1-n4", "n14-n15", "b1-home", "b1xhome", "nofence", "corner sw", "roll 4-2"} {
			e.spanishRefusal(e.kcmd(alice, "move", "move", text))
		}
	})
	t.Run("kippykoo", func(t *testing.T) {
		e := newKippyKooEnv(t)
		id := gameOf(t, e.do(e.kkcmd(alice, "new", "player2", bob.ID)).Public)
		e.do(e.click(bob, customID(id, 0, "accept")))
		e.spanishRefusal(e.kkcmd(alice, "move", "move", "start+3"))
		e.do(e.kkcmd(alice, "roll")) // 6-3, played for Alice
		e.do(e.kkcmd(bob, "roll"))   // 2-1, a pass played for Bob
		if r := e.do(e.kkcmd(alice, "roll")); r.Public == nil || len(selects(r.Public)) == 0 {
			t.Fatalf("Alice's 6-1: %s", showResp(r))
		}
		for _, text := range []string{"pass", "zz", "roll", "h3+4", "h3+6", "h9+7", "start", "start+3", "start, start", "h3+6,h3+1", "h3+1,h4+6", "h3+1,h3+6,h3+2", "h99+1", "h3+13"} {
			e.spanishRefusal(e.kkcmd(alice, "move", "move", text))
		}
	})
	t.Run("rumba", func(t *testing.T) {
		d := &diceRoll{script: []string{"6-5", "2-1", "6-3", "4-1", "5-2"}, rng: rand.New(rand.NewPCG(1, 1)), rolls: rumbaRolls()}
		e := newEnvWith(t, d.roll, RumbaKit())
		id := gameOf(t, e.do(e.rumbaNew(alice, "opponent", bob.ID)).Public)
		e.do(e.click(bob, customID(id, 0, "accept")))
		cmd := func(text string) Request {
			r := e.cmd(alice, "move", "move", text)
			r.Command = "rumba"
			return r
		}
		e.spanishRefusal(cmd("enter S"))
		roll := e.cmd(alice, "roll")
		roll.Command = "rumba"
		if r := e.do(roll); r.Public == nil {
			t.Fatalf("roll: %s", showResp(r))
		}
		for _, text := range []string{"pass", "zz", "N 35-40", "S 05-10", "enter E", "S 00-finish", "S 00-09", "Q 01-02", "S xx-02", "S 00-se-09", "N 32-finish", "enter", "S 00"} {
			e.spanishRefusal(cmd(text))
		}
	})
}
