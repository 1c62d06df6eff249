package rumba

// table is the men on the board and, for each space, how many men of each
// side stand there. Positions and the move search copy it by value.
type table struct {
	men [4][MenPerHand]Space // per hand, sorted
	cnt [NumSpaces][2]int8   // men of each side on each track and turnout space
}

// fill works out cnt from men.
func (t *table) fill() {
	t.cnt = [NumSpaces][2]int8{}
	for h := range Hand(4) {
		for _, s := range t.men[h] {
			if s.OnBoard() {
				t.cnt[s][h.Side()]++
			}
		}
	}
}

// finished is the number of side s's men in FINISH.
func (t *table) finished(s Side) int {
	n := 0
	for _, h := range s.Hands() {
		for _, m := range t.men[h] {
			if m == Finish {
				n++
			}
		}
	}
	return n
}

// blockade reports whether s is a track space with two or three men: no
// man may pass it, not even one of its owners. Turnout spaces hold one man
// at most, so they never hold a blockade.
func (t *table) blockade(s Space) bool {
	return s.OnTrack() && t.cnt[s][0]+t.cnt[s][1] >= 2
}

// canLand reports whether a man of side may end a count on s: on the track
// a space with at most two men of his side (a man may rest a third on his
// own blockade, never a fourth) or a lone opponent (captured); on a
// turnout an empty space or a lone opponent.
func (t *table) canLand(side Side, s Space) bool {
	own, opp := t.cnt[s][side], t.cnt[s][1-side]
	if s.OnTurnout() {
		return own == 0
	}
	return opp <= 1 && own <= 2
}

// pool is a throw and what is left of it: the dice not yet played and the
// rewards of ten earned by captures and not yet played.
type pool struct {
	dice    [2]int8 // larger first
	used    [2]bool
	rewards int8
}

// diceLeft counts the dice still to play.
func (pl pool) diceLeft() int {
	n := 0
	for _, u := range pl.used {
		if !u {
			n++
		}
	}
	return n
}

// after is the pool once c is played.
func (pl pool) after(c *cand) pool {
	switch {
	case c.die == bothDice:
		pl.used = [2]bool{true, true}
	case c.die >= 0:
		pl.used[c.die] = true
	}
	pl.rewards -= c.rewards
	if c.capture {
		pl.rewards++
	}
	return pl
}

// MoveKind is what a move decision does.
type MoveKind uint8

// The kinds of move decision.
const (
	KindMove   MoveKind = iota // a man moves along the track and turnouts
	KindEnter                  // a waiting man enters on his starting point
	KindFinish                 // a man on his finish space goes into FINISH
	KindPass                   // nothing of the throw can be played
)

// bothDice in cand.die: the two dice played together, as a total of 6.
const bothDice = 2

// cand is one move of one count: a die, both dice together, or rewards.
type cand struct {
	kind     MoveKind
	hand     Hand  // the man's hand
	from, to Space // Waiting for an entering man; Finish for a finishing one
	via      [maxVia]int8
	nvia     int8 // turnouts run through from end to end, in order
	die      int8 // the die played (0 the larger, 1 the smaller), bothDice, or -1 for a reward
	rewards  int8 // rewards of ten played: 1 or 2
	count    int8 // spaces moved (0 to enter or finish)
	capture  bool // it lands on a lone opposing man
}

// move is a legal move with its canonical text.
type move struct {
	cand
	text string
}

// diceUsed is the number of dice c plays.
func (c *cand) diceUsed() int {
	switch {
	case c.die == bothDice:
		return 2
	case c.die >= 0:
		return 1
	}
	return 0
}

// count is one count a man may move: a die, or rewards.
type count struct {
	n       int8
	die     int8
	rewards int8
}

// counts lists the distinct counts of a pool: each die not yet played
// (doublets once), ten and twenty for rewards.
func (pl pool) counts(out []count) []count {
	for i := range 2 {
		if pl.used[i] || (i == 1 && !pl.used[0] && pl.dice[0] == pl.dice[1]) {
			continue
		}
		out = append(out, count{n: pl.dice[i], die: int8(i)})
	}
	if pl.rewards >= 1 {
		out = append(out, count{n: RewardSpaces, die: -1, rewards: 1})
	}
	if pl.rewards >= 2 {
		out = append(out, count{n: 2 * RewardSpaces, die: -1, rewards: 2})
	}
	return out
}

// six is how the pool can show a 6 to enter or finish: the die showing 6
// (not yet played), bothDice when the two dice are left and total 6, or -1.
func (pl pool) six() int8 {
	for i := range 2 {
		if !pl.used[i] && pl.dice[i] == 6 {
			return int8(i)
		}
	}
	if !pl.used[0] && !pl.used[1] && pl.dice[0]+pl.dice[1] == 6 {
		return bothDice
	}
	return -1
}

// gen appends every move of one count that side's men can make, without
// the rule that as many dice as possible be played: entering, moving, and
// going into FINISH.
func (t *table) gen(side Side, pl pool, out []cand) []cand {
	var cbuf [4]count
	counts := pl.counts(cbuf[:0])
	six := pl.six()
	for _, h := range side.Hands() {
		if six >= 0 && t.men[h][0] == Waiting && t.canLand(side, Start(h)) {
			out = append(out, cand{kind: KindEnter, hand: h, from: Waiting, to: Start(h), die: six, capture: t.cnt[Start(h)][1-side] == 1})
		}
	}
	for _, h := range side.Hands() {
		prev := Waiting
		for _, s := range t.men[h] {
			if !s.OnBoard() || s == prev {
				continue
			}
			prev = s
			if s == FinishSpace(h) {
				if six >= 0 {
					out = append(out, cand{kind: KindFinish, hand: h, from: s, to: Finish, die: six})
				}
				continue // a man never passes his own finish space
			}
			for _, c := range counts {
				out = t.walk(side, h, s, int(c.n), cand{kind: KindMove, hand: h, from: s, die: c.die, rewards: c.rewards, count: c.n}, out)
			}
		}
	}
	return out
}

// walk appends the moves of a man of hand h now on s with n steps to go:
// along the track, and onto each turnout whose fork he reaches (a choice);
// never past a blockade or his own finish space.
func (t *table) walk(side Side, h Hand, s Space, n int, c cand, out []cand) []cand {
	fin := FinishSpace(h)
	for n > 0 {
		if s == fin {
			return out
		}
		if q := forkOf[s]; q >= 0 {
			on := c
			on.via[on.nvia] = q
			on.nvia++
			if n == 1 {
				out = t.land(side, TurnoutSpace(int(q), 1), on, out)
			} else {
				out = t.walk(side, h, TurnoutSpace(int(q), 1), n-1, on, out) // no blockades on turnouts
			}
		}
		s = succ[s]
		n--
		if n > 0 && t.blockade(s) {
			return out
		}
	}
	return t.land(side, s, c, out)
}

// land appends c ending on s, if a man may end there.
func (t *table) land(side Side, s Space, c cand, out []cand) []cand {
	if !t.canLand(side, s) {
		return out
	}
	c.to = s
	c.capture = t.cnt[s][1-side] == 1
	if q, _, ok := s.Turnout(); ok && c.nvia > 0 && int(c.via[c.nvia-1]) == q {
		c.nvia-- // he stops on the turnout: its space names it
	}
	return append(out, c)
}

// apply plays c for side and returns the hand of the man it captured, or
// NoHand.
func (t *table) apply(c *cand, side Side) Hand {
	captured := NoHand
	if c.capture {
		for _, oh := range (1 - side).Hands() {
			if i := t.index(oh, c.to); i >= 0 {
				t.men[oh][i] = Waiting
				t.cnt[c.to][1-side]--
				t.sort(oh)
				captured = oh
				break
			}
		}
	}
	i := t.index(c.hand, c.from)
	t.men[c.hand][i] = c.to
	t.sort(c.hand)
	if c.from.OnBoard() {
		t.cnt[c.from][side]--
	}
	if c.to.OnBoard() {
		t.cnt[c.to][side]++
	}
	return captured
}

// index is the index of one of hand h's men on s, or -1.
func (t *table) index(h Hand, s Space) int {
	for i, m := range t.men[h] {
		if m == s {
			return i
		}
	}
	return -1
}

// sort keeps hand h's men in order.
func (t *table) sort(h Hand) {
	m := &t.men[h]
	for i := 1; i < len(m); i++ {
		for j := i; j > 0 && m[j] < m[j-1]; j-- {
			m[j], m[j-1] = m[j-1], m[j]
		}
	}
}

// legal lists the legal moves of side with pool, with their texts: of
// all the moves of one count, those that begin a play of the throw using
// as many dice as can be used (a reward may be played before a die if
// that lets the die be played); with no die left, every reward move. A
// move that wins ends the game, so a play ending with it uses the dice
// played up to it and no more: a win on the first of two dice is legal
// only when no play of the throw uses both. Empty means nothing can be
// played.
func (t *table) legal(side Side, pl pool) []move {
	var buf [64]cand
	cands := t.gen(side, pl, buf[:0])
	if left := pl.diceLeft(); left > 0 && len(cands) > 1 {
		s := search{side: side}
		vals := make([]int, len(cands))
		best := 0
		for i := range cands {
			vals[i] = s.value(t, pl, &cands[i], left)
			best = max(best, vals[i])
		}
		keep := cands[:0]
		for i := range cands {
			if vals[i] == best {
				keep = append(keep, cands[i])
			}
		}
		cands = keep
	}
	out := make([]move, len(cands))
	for i := range cands {
		out[i] = move{cands[i], cands[i].String()}
	}
	return out
}

// search works out how many dice can still be played. It remembers the
// positions it has weighed with rewards to play, which many orders of
// reward moves reach.
type search struct {
	side Side
	memo map[searchKey]int
}

type searchKey struct {
	men  [4][MenPerHand]Space
	pool pool
}

// value is the most dice that can be played this throw if c is played
// next, c's own included. A move that brings the side's fourth man into
// FINISH ends the game: nothing after it is played, so it counts its own
// dice alone (the booklet makes no exception for a win to the rule that
// both dice be played when they can). left, the dice still to play, is
// no longer needed here; dropping it measured slower in the benchmarks.
func (s *search) value(t *table, pl pool, c *cand, left int) int {
	nt := *t
	nt.apply(c, s.side)
	if c.kind == KindFinish && nt.finished(s.side) >= ToWin {
		return c.diceUsed()
	}
	return c.diceUsed() + s.most(&nt, pl.after(c))
}

// most is the most dice side can still play with pool: a search over the
// moves of the throw, rewards included where they help, stopping as soon
// as every die is shown to be playable.
func (s *search) most(t *table, pl pool) int {
	left := pl.diceLeft()
	if left == 0 {
		return 0
	}
	key := searchKey{t.men, pl}
	if pl.rewards > 0 {
		if v, ok := s.memo[key]; ok {
			return v
		}
	}
	var buf [64]cand
	cands := t.gen(s.side, pl, buf[:0])
	best := 0
	for pass := range 2 { // the dice first, rewards only if they do not reach every die
		for i := range cands {
			c := &cands[i]
			if (c.die < 0) != (pass == 1) || best == left {
				continue
			}
			best = max(best, s.value(t, pl, c, left))
		}
	}
	if pl.rewards > 0 {
		if s.memo == nil {
			s.memo = map[searchKey]int{}
		}
		s.memo[key] = best
	}
	return best
}
