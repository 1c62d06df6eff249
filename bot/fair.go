package bot

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"parlor/rules"
	"parlor/storage"
)

// Provably fair dice. When a game is made, Parlor draws a secret seed of
// 32 bytes from crypto/rand and publishes its SHA-256 (the commitment) in
// the game's first message. When the game begins, the ids of the
// interactions that made and seated it (Discord's, made after the
// commitment was published) become its public input. The chance outcome
// of the entry at ply p is then drawn from
//
//	HMAC-SHA256(key: seed, message: input "/" p "/" k)
//
// for k = 0, 1, …: the first 8 bytes, big-endian, as a number x; x is
// refused when it is at or above the largest multiple of D below 2^64, and
// otherwise x mod D, uniform on [0, D), falls on an outcome, each weighing
// its odds times D, in the order the rules list them; D is the least whole
// number that makes every outcome's weight whole (36 for two dice). When
// the game ends the seed is revealed, and anyone can recompute every roll
// (Verify, /<game> verify, parlor verify).

// seedBytes is the length of a game's dice seed.
const seedBytes = 32

// newDice draws a new game's secret seed.
func newDice() storage.Dice {
	b := make([]byte, seedBytes)
	if _, err := rand.Read(b); err != nil {
		panic("bot: no randomness: " + err.Error())
	}
	return storage.Dice{Seed: hex.EncodeToString(b)}
}

// Commitment is the SHA-256 of a dice seed, in hex, as the game's first
// message publishes it; "" for a game with no seed.
func Commitment(d storage.Dice) string {
	seed, err := hex.DecodeString(d.Seed)
	if err != nil || len(seed) == 0 {
		return ""
	}
	sum := sha256.Sum256(seed)
	return hex.EncodeToString(sum[:])
}

// maxDenominator bounds D: odds that need more are not a fair die's.
const maxDenominator = 1 << 20

// weights are the outcomes' odds as whole weights over D.
func weights(outcomes []rules.Move) ([]uint64, uint64, error) {
	for d := uint64(1); d <= maxDenominator; d++ {
		ws := make([]uint64, len(outcomes))
		sum, ok := uint64(0), true
		for i, m := range outcomes {
			w := m.Odds * float64(d)
			r := math.Round(w)
			if math.Abs(w-r) > 1e-6 || r < 0 {
				ok = false
				break
			}
			ws[i] = uint64(r)
			sum += ws[i]
		}
		if ok && sum == d {
			return ws, d, nil
		}
	}
	return nil, 0, errors.New("the chance outcomes' odds are not a fair die's")
}

// fairDraw is the chance outcome at ply of a game with dice d.
func fairDraw(d storage.Dice, ply int, outcomes []rules.Move) (rules.Move, error) {
	seed, err := hex.DecodeString(d.Seed)
	if err != nil || len(seed) != seedBytes {
		return rules.Move{}, errors.New("no dice seed")
	}
	ws, den, err := weights(outcomes)
	if err != nil {
		return rules.Move{}, err
	}
	limit := math.MaxUint64 - math.MaxUint64%den // x at or above it is refused
	for k := 0; ; k++ {
		mac := hmac.New(sha256.New, seed)
		mac.Write([]byte(d.Input + "/" + strconv.Itoa(ply) + "/" + strconv.Itoa(k)))
		x := binary.BigEndian.Uint64(mac.Sum(nil))
		if x >= limit {
			continue
		}
		u := x % den
		for i, w := range ws {
			if u < w {
				return outcomes[i], nil
			}
			u -= w
		}
	}
}

// Disagreement is a roll of a game's log that its dice do not give.
type Disagreement struct {
	Ply        int
	Logged     string
	Recomputed string
}

// VerifyDice recomputes every chance outcome of log from the dice d and
// checks the seed against the commitment published: it returns how many
// rolls it checked and those that disagree (none when the log is true to
// its dice). An error says the seed is not the one committed to, or that
// the log stops replaying (after a changed roll, say): the rolls that
// disagree before it are returned with it.
func VerifyDice(game rules.Game, players int, d storage.Dice, commitment string, log []storage.Entry) (checked int, bad []Disagreement, err error) {
	if got := Commitment(d); got == "" || got != commitment {
		return 0, nil, fmt.Errorf("the seed's SHA-256 is %s, not the %s published", orNone(got), orNone(commitment))
	}
	r, err := newReplayer(game, players)
	if err != nil {
		return 0, nil, err
	}
	for _, e := range log {
		if st := r.st; e.Kind == storage.EntryMove && st.ToMove() == rules.Chance {
			want, err := fairDraw(d, e.Ply, st.Legal())
			if err != nil {
				return checked, bad, err
			}
			checked++
			if want.Text != e.Text {
				bad = append(bad, Disagreement{Ply: e.Ply, Logged: e.Text, Recomputed: want.Text})
			}
		}
		if _, err := r.apply(e); err != nil {
			return checked, bad, fmt.Errorf("the log stops replaying: %w", err)
		}
	}
	return checked, bad, nil
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// commitLine publishes the commitment to g's dice seed, for its first
// messages, in lang; "" for a game without one.
func commitLine(lang Lang, g *storage.Game) string {
	c := Commitment(g.Dice)
	if c == "" {
		return ""
	}
	return lang.T("🎲 Fair dice: the SHA-256 of this game's secret seed is `%s`; the seed is shown when the game ends, and /%s verify then checks every roll.", c, g.Kind)
}

// revealLine reveals g's dice seed, for the board that ends it, in the
// game's language.
func revealLine(g *storage.Game) string {
	if Commitment(g.Dice) == "" {
		return ""
	}
	return LangOf(g.Lang).T("🎲 The dice seed was `%s` (its SHA-256 was published when the game was made): /%s verify checks every roll.", g.Dice.Seed, g.Kind)
}

// verify answers /<game> verify: every roll of a finished game
// recomputed from its revealed seed, privately.
func (t *Table) verify(ctx context.Context, req Request, l *loaded) (Response, error) {
	g := l.row
	switch {
	case Commitment(g.Dice) == "":
		return Response{}, sorry("Game #%s began before Parlor's dice could be checked: it has no seed.", no(g.ID))
	case g.Status != storage.StatusOver:
		return Response{}, sorry("Game #%s is still going: its dice seed stays secret until it ends. Its SHA-256, published when it was made, is `%s`.", no(g.ID), Commitment(g.Dice))
	}
	lang := you(req)
	log, err := t.store.Log(ctx, g.ID)
	if err != nil {
		return Response{}, err
	}
	checked, bad, err := VerifyDice(l.kit.Game, len(g.Seats), g.Dice, Commitment(g.Dice), log)
	if err != nil && len(bad) == 0 {
		return Response{}, fmt.Errorf("verify the dice of game %d: %w", g.ID, err)
	}
	var b strings.Builder
	b.WriteString(lang.T("**Game #%s · %s** · the seed `%s` has the SHA-256 `%s`, which the game's first message published.", no(g.ID), titleOf(l.kit), g.Dice.Seed, Commitment(g.Dice)) + " ")
	if len(bad) == 0 {
		b.WriteString(lang.T("All %d rolls check out: each is the one the seed gives (with the game's public input `%s` and the roll's place in the log).", checked, g.Dice.Input))
		return Response{Private: &Message{Content: b.String()}}, nil
	}
	b.WriteString(lang.T("%d of %d rolls do **not** check out:", len(bad), checked))
	for i, d := range bad {
		if i == 10 {
			b.WriteString("\n" + lang.T("…and %d more.", len(bad)-i))
			break
		}
		b.WriteString("\n" + lang.T("move %d: the log says %s, the seed gives %s", d.Ply, d.Logged, d.Recomputed))
	}
	if err != nil {
		b.WriteString("\n" + lang.T("After them the log does not even replay."))
	}
	return Response{Private: &Message{Content: b.String()}}, nil
}

// roller draws a change's chance outcomes: from the game's fair dice, the
// n-th entry that settle makes taking ply first+n, or from roll.
type roller struct {
	fair  storage.Dice // its seed and input, when the dice are fair
	first int          // the ply of settle's first entry
	roll  func(int) int
}

// draw is the outcome of the n-th entry settle makes.
func (d roller) draw(outcomes []rules.Move, n int) (rules.Move, error) {
	if d.fair.Seed != "" && d.fair.Input != "" {
		return fairDraw(d.fair, d.first+n, outcomes)
	}
	return pickByOdds(outcomes, d.roll), nil
}

// diceOf are the dice of game g for a change whose entries before
// settle's are before: the fair dice, when the table uses them and the
// game has them, else the table's roll.
func (t *Table) diceOf(ctx context.Context, g *storage.Game, before int) (roller, error) {
	d := roller{roll: t.roll}
	if !t.fair || g.Dice.Seed == "" || g.Dice.Input == "" {
		return d, nil
	}
	plies, err := t.store.Plies(ctx, g.ID)
	if err != nil {
		return d, err
	}
	d.fair, d.first = g.Dice, plies+before+1
	return d, nil
}

// pickByOdds picks an outcome with its odds, resolving to one part in a
// million.
func pickByOdds(outcomes []rules.Move, roll func(int) int) rules.Move {
	const scale = 1_000_000
	r := float64(roll(scale)) / scale
	for _, m := range outcomes {
		r -= m.Odds
		if r < 0 {
			return m
		}
	}
	return outcomes[len(outcomes)-1]
}

// settleDice settles st (see settle) with g's dice, before being how many
// decisions come before st's in the log beyond those stored (see diceOf).
func (t *Table) settleDice(ctx context.Context, g *storage.Game, kit Kit, st rules.State, before int) (rules.State, []storage.Entry, []Played, error) {
	dice, err := t.diceOf(ctx, g, before)
	if err != nil {
		return nil, nil, nil, err
	}
	return t.settle(kit, st, dice)
}
