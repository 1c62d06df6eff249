package bot

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/dice"
	"parlor/rules/kippykoo"
	"parlor/storage"
)

// A game of Kippy Koo with fair dice: its invitation publishes the
// commitment; every roll is drawn from the seed; the board that ends it
// reveals the seed; /kippykoo verify recomputes every roll; a changed
// roll in the log, or another seed, is caught.
func TestFairDice(t *testing.T) {
	e := newEnvWith(t, nil, KippyKooKit()) // no scripted roll: the dice are fair
	req := e.cmd(alice, "new", "opponent", bob.ID)
	req.Command = "kippykoo"
	lobby := e.do(req).Public
	id := gameOf(t, lobby)
	g := e.game(id)
	commitment := Commitment(g.Dice)
	if len(g.Dice.Seed) != 64 || !strings.Contains(lobby.Content, "`"+commitment+"`") || strings.Contains(lobby.Content, g.Dice.Seed) {
		t.Fatalf("the invitation %q should publish the seed's SHA-256 %s, and not the seed", lobby.Content, commitment)
	}
	e.do(e.click(bob, customID(id, 0, "accept")))
	kcmd := func(u User, sub string, opts ...string) Request {
		r := e.cmd(u, sub, append(opts, "game", fmt.Sprint(id))...)
		r.Command = "kippykoo"
		return r
	}
	for range 30 {
		g := e.game(id)
		st, err := kippykoo.Game{}.Parse(g.Position)
		if err != nil || st.Outcome().Over() {
			t.Fatalf("game %d: %v", id, err)
		}
		e.do(kcmd(e.mover(id), "move", "move", st.Legal()[0].Text))
	}
	e.refuse(kcmd(alice, "verify"), "stays secret until it ends")
	final := e.resigned(kcmd(alice, "resign")).Public
	g = e.game(id)
	if final == nil || !strings.Contains(final.Content, "`"+g.Dice.Seed+"`") {
		t.Fatalf("the last board %+v does not reveal the seed", final)
	}
	v := e.do(kcmd(carol, "verify"))
	if v.Private == nil || !strings.Contains(v.Private.Content, "rolls check out") || strings.Contains(v.Private.Content, "All 0 rolls") {
		t.Fatalf("verify: got %s", showResp(v))
	}

	log := e.log(id)
	checked, bad, err := VerifyDice(kippykoo.Game{}, 2, g.Dice, commitment, log)
	if err != nil || len(bad) != 0 || checked == 0 {
		t.Fatalf("VerifyDice: %d checked, %v, %v", checked, bad, err)
	}
	// A roll changed in the log: the rolls after it are another game's,
	// but the first to disagree is the one changed.
	steps, _ := Steps(kippykoo.Game{}, 2, log)
	for i, s := range steps {
		if s.Before.ToMove() != rules.Chance {
			continue
		}
		for _, o := range s.Before.Legal() {
			if o.Text == s.Entry.Text {
				continue
			}
			changed := append([]storage.Entry(nil), log...)
			changed[i].Text = o.Text
			changed = changed[:i+1] // what follows may not replay
			_, bad, err := VerifyDice(kippykoo.Game{}, 2, g.Dice, commitment, changed)
			if err != nil || len(bad) != 1 || bad[0].Ply != s.Entry.Ply || bad[0].Logged != o.Text || bad[0].Recomputed != s.Entry.Text {
				t.Errorf("a changed roll at ply %d: %v, %v", s.Entry.Ply, bad, err)
			}
			break
		}
		break
	}
	// Another seed: it is not the one committed to, and its rolls differ.
	other := g.Dice
	other.Seed = strings.Repeat("0", 64)
	if _, _, err := VerifyDice(kippykoo.Game{}, 2, other, commitment, log); err == nil {
		t.Error("another seed passed the commitment")
	}
	if _, bad, _ := VerifyDice(kippykoo.Game{}, 2, other, Commitment(other), log); len(bad) == 0 {
		t.Error("another seed gives the same rolls")
	}
}

// The draw is the documented one: HMAC-SHA256 of input/ply/k under the
// seed, its first 8 bytes big-endian, refused at or above the largest
// multiple of 36 below 2^64, then mod 36 over the outcomes' weights; and
// over many plies every outcome comes up as often as its odds say.
func TestFairDraw(t *testing.T) {
	d := storage.Dice{Seed: strings.Repeat("ab", 32), Input: "begun:1234"}
	seed, _ := hex.DecodeString(d.Seed)
	outcomes := dice.Outcomes()
	ws, den, err := weights(outcomes)
	if err != nil || den != 36 {
		t.Fatalf("weights of two dice: %v over %d, %v", ws, den, err)
	}
	counts := map[string]int{}
	const n = 36000
	for ply := 1; ply <= n; ply++ {
		got, err := fairDraw(d, ply, outcomes)
		if err != nil {
			t.Fatal(err)
		}
		counts[got.Text]++
		if ply > 200 {
			continue
		}
		// The same, written out.
		mac := hmac.New(sha256.New, seed)
		mac.Write([]byte("begun:1234/" + strconv.Itoa(ply) + "/0"))
		x := binary.BigEndian.Uint64(mac.Sum(nil))
		u := int(x % 36) // the refusal happens once in 2^59 draws
		want := ""
		for _, o := range outcomes {
			if w := int(o.Odds*36 + 0.5); u < w {
				want = o.Text
				break
			} else {
				u -= w
			}
		}
		if got.Text != want {
			t.Fatalf("ply %d: drew %s, the recipe gives %s", ply, got.Text, want)
		}
	}
	for _, o := range outcomes {
		want := o.Odds * n
		if c := float64(counts[o.Text]); c < want*0.85 || c > want*1.15 {
			t.Errorf("%s came %v times in %d, want about %.0f", o.Text, c, n, want)
		}
	}
}
