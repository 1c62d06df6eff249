package rumba

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"parlor/rules"
	"parlor/rules/dice"
)

// String is the move's canonical text: "enter S", "S 63-finish", or the
// man's hand letter, a space, and his path: where he starts, the turnouts
// he runs through from end to end, where he ends, joined by "-":
// "S 06-10", "S 03-se2", "S se2-11", "N 01-se-11".
func (c *cand) String() string {
	return MoveText{Kind: c.kind, Hand: c.hand, From: c.from, To: c.to, Via: c.viaList()}.String()
}

func (c *cand) viaList() []int {
	out := make([]int, c.nvia)
	for i := range out {
		out[i] = int(c.via[i])
	}
	return out
}

// MoveText is a move decision read from its text, without checking that
// it is legal anywhere.
type MoveText struct {
	Kind     MoveKind
	Hand     Hand  // the man's hand (NoHand for a pass)
	From, To Space // Waiting and the starting point to enter; the finish space and Finish to finish
	Via      []int // the turnouts run through from end to end, in order
}

// String is the canonical text.
func (m MoveText) String() string {
	switch m.Kind {
	case KindPass:
		return PassText
	case KindEnter:
		return "enter " + string(m.Hand.Letter())
	}
	var b strings.Builder
	b.WriteByte(m.Hand.Letter())
	b.WriteByte(' ')
	b.WriteString(m.From.String())
	for _, q := range m.Via {
		b.WriteByte('-')
		b.WriteString(Board.Turnouts[q].Name)
	}
	b.WriteByte('-')
	b.WriteString(m.To.String())
	return b.String()
}

// moveGrammar says what move texts look like, for error messages.
const moveGrammar = `like "S 06-10" (hand letter, from, to), "S 03-se-11" (through the se turnout), "enter S", "S 63-finish" or "pass"`

// ParseMove reads a move text: canonical ("S 06-10", "N 01-se-11",
// "enter S", "S 63-finish", "pass") or without its space ("S06-10").
// Track spaces may lack their leading zero.
func ParseMove(text string) (MoveText, error) {
	bad := func(why rules.Text) (MoveText, error) {
		if why.Format == "" {
			return MoveText{}, rules.Illegalf("%q is not a move "+moveGrammar, text)
		}
		return MoveText{}, rules.Illegalf("%q is not a move "+moveGrammar+": %s", text, why)
	}
	t := strings.TrimSpace(text)
	if t == PassText {
		return MoveText{Kind: KindPass, Hand: NoHand}, nil
	}
	if rest, ok := strings.CutPrefix(t, "enter"); ok {
		rest = strings.TrimSpace(rest)
		if len(rest) != 1 || handByLetter(rest[0]) == NoHand {
			return bad(rules.Textf("say whose man enters: enter S, E, N or W"))
		}
		h := handByLetter(rest[0])
		return MoveText{Kind: KindEnter, Hand: h, From: Waiting, To: Start(h)}, nil
	}
	if t == "" || handByLetter(t[0]) == NoHand {
		return bad(rules.Textf("start with the man's hand letter: S, E, N or W"))
	}
	h := handByLetter(t[0])
	parts := strings.Split(strings.TrimSpace(t[1:]), "-")
	if len(parts) < 2 {
		return bad(rules.Text{})
	}
	from, err := ParseSpace(parts[0])
	if err != nil || !from.OnBoard() {
		return bad(rules.Textf("%q is not a track or turnout space", parts[0]))
	}
	m := MoveText{Kind: KindMove, Hand: h, From: from}
	last := parts[len(parts)-1]
	if last == "finish" {
		if len(parts) != 2 {
			return bad(rules.Textf("a man goes into FINISH from his finish space, like S 63-finish"))
		}
		m.Kind, m.To = KindFinish, Finish
		return m, nil
	}
	if m.To, err = ParseSpace(last); err != nil || !m.To.OnBoard() {
		return bad(rules.Textf("%q is not a track or turnout space", last))
	}
	for _, name := range parts[1 : len(parts)-1] {
		q := turnoutByName(name)
		if q < 0 || len(m.Via) == maxVia {
			return bad(rules.Textf("%q is not a turnout (se, ne, nw, sw) run through", name))
		}
		m.Via = append(m.Via, q)
	}
	return m, nil
}

// String implements rules.State: the position text. The number of players
// ("4p"); then one field per hand, S E N W, with its four men: "-"
// waiting, a track space 00–63, a turnout space se1–sw7, or "finish",
// like "S:-,-,05,se3". Then the phase:
//
//	open:6-3,-,x,-        the opening throw: each seat's throw this round, - still to throw, x out
//	S:throw               South's turn begins: South's seat decides to throw ("roll")
//	S:roll                chance throws for South (after S:throw, or at once after doublets)
//	S:move:5-3            South plays 5-3
//	S:move:5-3:3:r10      the 3 still to play (- for no die) and a reward of 10 (or 20, …)
//	over:red:finished     the result: the winning side (red, black) or -, and the method
//
// Then, once there is one, the latest throw, for display:
// "last:S;5-3;S05-10xE,S10-13": the hand; the dice; the moves without
// spaces, each with x and the captured man's hand when it captured ("-"
// before any, "open" for an opening throw); and a fourth part "skipped"
// when the hand's turn was skipped after those moves
// ("last:S;5-3;S05-10;skipped"), or before its throw, with no dice
// ("last:S;-;-;skipped"). Texts without it, as written before there were
// skips, read as before.
func (p *Position) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%dp", p.players)
	for h := range Hand(4) {
		b.WriteByte(' ')
		b.WriteByte(h.Letter())
		b.WriteByte(':')
		for i, s := range p.t.men[h] {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(s.String())
		}
	}
	b.WriteByte(' ')
	b.WriteString(p.phaseText())
	if p.last.Hand != NoHand {
		b.WriteString(" last:")
		b.WriteString(p.lastText())
	}
	return b.String()
}

var sideNames = [2]string{"red", "black"}

func (p *Position) phaseText() string {
	switch p.phase {
	case PhaseOpening:
		return "open:" + p.opening.String(p.players)
	case PhaseOver:
		who := "-"
		if s, ok := p.Winner(); ok {
			who = sideNames[s]
		}
		return "over:" + who + ":" + string(p.outcome.Method)
	case PhaseThrow, PhaseRoll:
		return string(p.hand.Letter()) + ":" + p.phase.String()
	}
	s := fmt.Sprintf("%c:move:%d-%d", p.hand.Letter(), p.pool.dice[0], p.pool.dice[1])
	switch {
	case p.pool.used[0] && p.pool.used[1]:
		s += ":-"
	case p.pool.used[0]:
		s += fmt.Sprintf(":%d", p.pool.dice[1])
	case p.pool.used[1]:
		s += fmt.Sprintf(":%d", p.pool.dice[0])
	}
	if p.pool.rewards > 0 {
		s += fmt.Sprintf(":r%d", RewardSpaces*int(p.pool.rewards))
	}
	return s
}

func (p *Position) lastText() string {
	t := p.last
	moves := "-"
	switch {
	case t.Opening:
		moves = "open"
	case len(t.Moves) > 0:
		var parts []string
		for _, m := range t.Moves {
			s := strings.ReplaceAll(m.Text, " ", "")
			if m.Captured != NoHand {
				s += "x" + string(m.Captured.Letter())
			}
			parts = append(parts, s)
		}
		moves = strings.Join(parts, ",")
	}
	dice := fmt.Sprintf("%d-%d", t.Dice[0], t.Dice[1])
	if t.Dice[0] == 0 {
		dice = "-" // a turn skipped before its throw
	}
	s := fmt.Sprintf("%c;%s;%s", t.Hand.Letter(), dice, moves)
	if t.Skipped {
		s += ";" + skippedText
	}
	return s
}

// skippedText ends the latest throw's record when the hand's turn was
// skipped.
const skippedText = "skipped"

var endMethods = []rules.Method{rules.Finished, rules.Resignation, rules.Agreement, rules.Forfeit}

// Parse reads a position text (see String). It rejects a text no game
// could reach by its counts: a hand without four men; four men, or men of
// both sides, on a space; two men on a turnout space; a side with four men
// in FINISH when it has not won by them, or more than four; a reward
// larger than the opposing men captured; a turn record that does not fit
// the phase (before a throw: a hand throwing again without doublets, the
// wrong hand next, a decision to throw after doublets, whose throw follows
// at once, another hand than the one to the right after a skipped turn;
// a skipped turn's record while a hand plays).
func Parse(text string) (*Position, error) {
	p, err := parse(text)
	if err != nil {
		return nil, fmt.Errorf("rumba position: %v", err)
	}
	return p, nil
}

func parse(text string) (*Position, error) {
	fields := strings.Fields(text)
	if len(fields) < 6 || len(fields) > 7 {
		return nil, fmt.Errorf("want the players (like 4p), four hand fields (S:-,-,-,- E:… N:… W:…), the phase and an optional last throw; got %d fields", len(fields))
	}
	p := &Position{hand: NoHand, last: noThrow, cache: &moveCache{}}
	switch fields[0] {
	case "2p", "3p", "4p":
		p.players = int(fields[0][0] - '0')
	default:
		return nil, fmt.Errorf("players %q, want 2p, 3p or 4p", fields[0])
	}
	for h := range Hand(4) {
		if err := p.parseHand(h, fields[1+h]); err != nil {
			return nil, err
		}
	}
	p.t.fill()
	if err := p.checkSpaces(); err != nil {
		return nil, err
	}
	if err := p.parsePhase(fields[5]); err != nil {
		return nil, err
	}
	if len(fields) == 7 {
		if err := p.parseLast(fields[6]); err != nil {
			return nil, err
		}
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Position) parseHand(h Hand, field string) error {
	letter, rest, ok := strings.Cut(field, ":")
	if !ok || letter != string(h.Letter()) {
		return fmt.Errorf("hand field %q, want it to start with %c: (hands S E N W in order)", field, h.Letter())
	}
	names := strings.Split(rest, ",")
	if len(names) != MenPerHand {
		return fmt.Errorf("%s has %d men, want %d", h, len(names), MenPerHand)
	}
	for i, name := range names {
		s, err := ParseSpace(name)
		if err != nil {
			return fmt.Errorf("%s's men: %v", h, err)
		}
		p.t.men[h][i] = s
	}
	p.t.sort(h)
	return nil
}

// checkSpaces checks what the board holds: never four men on a track
// space, nor two on a turnout space, nor men of both sides on one space.
func (t *table) checkSpaces() error {
	for s := range Space(NumSpaces) {
		red, black := t.cnt[s][Red], t.cnt[s][Black]
		switch {
		case red > 0 && black > 0:
			return fmt.Errorf("men of both sides on %s: a man landing on a lone opposing man captures him, and nobody lands on a blockade", s)
		case s.OnTurnout() && red+black > 1:
			return fmt.Errorf("%d men on the turnout space %s: turnouts hold single men, never a blockade", red+black, s)
		case red+black > 3:
			return fmt.Errorf("%d men on %s: four men never share a space", red+black, s)
		}
	}
	return nil
}

func (p *Position) checkSpaces() error { return p.t.checkSpaces() }

func (p *Position) parsePhase(field string) error {
	parts := strings.Split(field, ":")
	switch parts[0] {
	case "open":
		if len(parts) != 2 {
			return fmt.Errorf("phase %q, want like open:6-3,-,x,-", field)
		}
		return p.parseOpening(parts[1])
	case "over":
		if len(parts) != 3 {
			return fmt.Errorf("phase %q, want like over:red:finished", field)
		}
		m := rules.Method(parts[2])
		if !slices.Contains(endMethods, m) {
			return fmt.Errorf("result %q: method %q, want finished, resigned, agreed-draw or forfeit", field, parts[2])
		}
		var winners []rules.Seat
		switch parts[1] {
		case "-":
		case "red":
			winners = p.SeatsOf(Red)
		case "black":
			winners = p.SeatsOf(Black)
		default:
			return fmt.Errorf("result %q: winners %q, want red, black or -", field, parts[1])
		}
		if !p.resultFits(m, winners) {
			return fmt.Errorf("result %q: %s cannot have winners %q", field, m, parts[1])
		}
		p.finish(m, winners...)
		return nil
	}
	if len(parts[0]) != 1 || handByLetter(parts[0][0]) == NoHand || len(parts) < 2 {
		return fmt.Errorf("phase %q, want like S:throw, S:roll or S:move:5-3 (hands S E N W)", field)
	}
	p.hand = handByLetter(parts[0][0])
	switch parts[1] {
	case "throw", "roll":
		if len(parts) != 2 {
			return fmt.Errorf("phase %q, want like S:%s", field, parts[1])
		}
		p.phase = PhaseThrow
		if parts[1] == "roll" {
			p.phase = PhaseRoll
		}
		return nil
	case "move":
	default:
		return fmt.Errorf("phase %q: want throw, roll or move after the hand", field)
	}
	p.phase = PhaseMove
	if len(parts) < 3 || len(parts) > 5 {
		return fmt.Errorf("phase %q, want like S:move:5-3, S:move:5-3:3 or S:move:5-3:-:r10", field)
	}
	a, b, err := dice.ParsePair(parts[2])
	if err != nil {
		return fmt.Errorf("phase %q: %v", field, err)
	}
	p.pool.dice = [2]int8{int8(a), int8(b)}
	rest := parts[3:]
	if len(rest) > 0 && !strings.HasPrefix(rest[0], "r") {
		switch left := rest[0]; {
		case left == "-":
			p.pool.used = [2]bool{true, true}
		case left == strconv.Itoa(a):
			p.pool.used[1] = true
			if a == b {
				p.pool.used = [2]bool{true, false}
			}
		case left == strconv.Itoa(b):
			p.pool.used[0] = true
		default:
			return fmt.Errorf("phase %q: the die left %q, want %d, %d or - for none", field, left, a, b)
		}
		rest = rest[1:]
	}
	if len(rest) > 0 {
		r, err := strconv.Atoi(strings.TrimPrefix(rest[0], "r"))
		if err != nil || !strings.HasPrefix(rest[0], "r") || r <= 0 || r%RewardSpaces != 0 || r/RewardSpaces > 2*MenPerHand || len(rest) > 1 {
			return fmt.Errorf("phase %q: reward %q, want like r10 or r20", field, rest[0])
		}
		p.pool.rewards = int8(r / RewardSpaces)
	}
	return nil
}

func (p *Position) parseOpening(s string) error {
	o, err := dice.ParseOpening(s, p.players, "throw")
	if err != nil {
		return err
	}
	p.opening, p.phase = o, PhaseOpening
	return nil
}

func (p *Position) parseLast(field string) error {
	rest, ok := strings.CutPrefix(field, "last:")
	parts := strings.Split(rest, ";")
	skipped := len(parts) == 4 && parts[3] == skippedText
	if skipped {
		parts = parts[:3]
	}
	if !ok || len(parts) != 3 || len(parts[0]) != 1 || handByLetter(parts[0][0]) == NoHand {
		return fmt.Errorf("last throw %q, want like last:S;5-3;S05-10xE,S10-13, or with ;skipped after a skipped turn", field)
	}
	t := Throw{Hand: handByLetter(parts[0][0]), Skipped: skipped}
	if parts[1] == "-" && skipped {
		// Skipped before its throw: no dice, no moves.
		if parts[2] != "-" {
			return fmt.Errorf("last throw %q: a turn skipped before its throw has no moves", field)
		}
		p.last = t
		return nil
	}
	a, b, err := dice.ParsePair(parts[1])
	if err != nil {
		return fmt.Errorf("last throw %q: %v", field, err)
	}
	t.Dice = [2]int{a, b}
	switch parts[2] {
	case "-":
	case "open":
		t.Opening = true
		if int(t.Hand) >= p.players {
			return fmt.Errorf("last throw %q: an opening throw of seat %d, with %d players", field, t.Hand, p.players)
		}
	default:
		for _, s := range strings.Split(parts[2], ",") {
			pl := Played{Captured: NoHand}
			if i := strings.IndexByte(s, 'x'); i >= 0 {
				if i != len(s)-2 || handByLetter(s[i+1]) == NoHand {
					return fmt.Errorf("last throw %q: move %q, want x and the captured man's hand at its end", field, s)
				}
				pl.Captured, s = handByLetter(s[i+1]), s[:i]
			}
			m, err := ParseMove(s)
			if err != nil {
				return fmt.Errorf("last throw %q: move %q does not read", field, s)
			}
			if m.Kind == KindPass && pl.Captured != NoHand || m.Kind != KindPass && m.Hand.Side() != t.Hand.Side() ||
				pl.Captured != NoHand && pl.Captured.Side() == t.Hand.Side() {
				return fmt.Errorf("last throw %q: move %q does not fit %s's throw", field, s, t.Hand)
			}
			pl.Text = m.String()
			t.Moves = append(t.Moves, pl)
		}
	}
	if skipped && t.Opening {
		return fmt.Errorf("last throw %q: an opening throw is no turn to skip", field)
	}
	if skipped && slices.ContainsFunc(t.Moves, func(m Played) bool { return m.Text == PassText }) {
		return fmt.Errorf("last throw %q: a pass ends the throw, so no turn is skipped after it", field)
	}
	p.last = t
	return nil
}

// validate checks what holds between the fields.
func (p *Position) validate() error {
	for _, s := range []Side{Red, Black} {
		n := p.t.finished(s)
		won := p.outcome.Method == rules.Finished && p.outcome.Won(p.SeatsOf(s)[0])
		switch {
		case n > ToWin:
			return fmt.Errorf("%s has %d men in FINISH: the game ends at %d", s, n, ToWin)
		case n == ToWin && !won:
			return fmt.Errorf("%s has %d men in FINISH, but has not won by them", s, n)
		case n < ToWin && won:
			return fmt.Errorf("%s won by finishing with %d men in FINISH, want %d", s, n, ToWin)
		}
	}
	t := p.last
	switch p.phase {
	case PhaseThrow, PhaseRoll:
		// A roll follows the seat's decision to throw, so it may show what
		// the decision showed, or it throws again after doublets.
		doublets := t.Dice[0] == t.Dice[1]
		switch {
		case t.Hand == NoHand:
		case t.Skipped:
			// A skip passes the turn to the right, doublets or not.
			if p.hand != (t.Hand+1)%4 {
				return fmt.Errorf("after %s's turn was skipped, %s throws, not %s", t.Hand, (t.Hand+1)%4, p.hand)
			}
		case t.Opening:
			if int(p.hand) >= p.players {
				return fmt.Errorf("after the opening throw, the winning seat's first hand throws (one of %s with %d players), not %s", strings.Join(strings.Split(handLetters[:p.players], ""), ", "), p.players, p.hand)
			}
		case len(t.Moves) == 0:
			return fmt.Errorf("before a throw, the last throw has been played: it has a move (or pass)")
		case t.Hand == p.hand && !doublets:
			return fmt.Errorf("%s throws again only after doublets", p.hand)
		case t.Hand == p.hand && p.phase == PhaseThrow:
			return fmt.Errorf("after doublets, %s throws again at once (%c:roll), with no decision to throw", p.hand, p.hand.Letter())
		case t.Hand != p.hand && (doublets || p.hand != (t.Hand+1)%4):
			want := (t.Hand + 1) % 4
			if doublets {
				want = t.Hand
			}
			return fmt.Errorf("after %s's throw %d-%d, %s throws, not %s", t.Hand, t.Dice[0], t.Dice[1], want, p.hand)
		}
	case PhaseOpening:
		if t.Hand != NoHand && !t.Opening {
			return fmt.Errorf("in the opening, the last throw is an opening throw")
		}
	case PhaseMove:
		side := p.hand.Side()
		if t.Skipped {
			return fmt.Errorf("%s's turn was skipped (last:…;skipped): the turn has passed to the right, %s does not play on", t.Hand, p.hand)
		}
		if t.Hand != p.hand || t.Opening || t.Dice != [2]int{int(p.pool.dice[0]), int(p.pool.dice[1])} {
			return fmt.Errorf("while %s plays %d-%d, the last throw is that one (last:%c;%d-%d;…)", p.hand, p.pool.dice[0], p.pool.dice[1], p.hand.Letter(), p.pool.dice[0], p.pool.dice[1])
		}
		if (len(t.Moves) == 0) != (p.pool.diceLeft() == 2) {
			return fmt.Errorf("%d moves in the last throw, with %d dice of it left", len(t.Moves), p.pool.diceLeft())
		}
		for _, m := range t.Moves {
			if m.Text == PassText {
				return fmt.Errorf("a pass ends the throw, but %s still plays it", p.hand)
			}
		}
		if p.pool.rewards > 0 && p.pool.diceLeft() == 2 {
			return fmt.Errorf("a reward before any die is played")
		}
		waiting := 0
		for _, h := range (1 - side).Hands() {
			waiting += p.Count(h, Waiting)
		}
		if int(p.pool.rewards) > waiting {
			return fmt.Errorf("a reward of %d with %d opposing men off the board: each reward is for a capture", p.Reward(), waiting)
		}
	}
	return nil
}

// explain says why text is not a legal move of PhaseMove.
func (p *Position) explain(text string) error {
	m, err := ParseMove(text)
	if err != nil {
		return err
	}
	if want := m.String(); want != text {
		for _, c := range p.legalCands() {
			if c.text == want {
				return rules.Illegalf("write the move as %s", want)
			}
		}
	}
	side := p.hand.Side()
	dice := p.diceWords()
	maxRule := rules.Illegalf("%s would leave dice unplayed that can be played: play for both dice when you can", m.String())
	var buf [64]cand
	for _, c := range p.t.gen(side, p.pool, buf[:0]) {
		if c.String() != m.String() {
			continue
		}
		if c.kind == KindFinish && c.die >= 0 && c.die < bothDice && p.t.finished(side)+1 >= ToWin {
			return rules.Illegalf("%s would win with the %d alone, but both dice can be played: play for both dice when you can, even to win", m.String(), p.pool.dice[c.die])
		}
		return maxRule
	}
	if m.Kind == KindPass {
		return rules.Illegalf("you can play %s, so you must: pass only when nothing can be played", dice)
	}
	if m.Hand.Side() != side {
		hs := side.Hands()
		return rules.Illegalf("%s plays %s, the %s and %s men; the %s men are the other side's", p.hand.Word(), side.Word(), hs[0].Word(), hs[1].Word(), m.Hand.Word())
	}
	six := p.pool.six()
	switch m.Kind {
	case KindEnter:
		switch {
		case p.Count(m.Hand, Waiting) == 0:
			return rules.Illegalf("no %s man is waiting to enter", m.Hand.Word())
		case six < 0:
			return rules.Illegalf("a man enters only on a 6, or two dice totalling 6; you have %s", dice)
		}
		if err := p.landingError(m.To); err != nil {
			return err
		}
	case KindFinish:
		switch {
		case m.From != FinishSpace(m.Hand):
			return rules.Illegalf("%s goes into FINISH from his finish space %s", aMan(m.Hand), FinishSpace(m.Hand).String())
		case p.Count(m.Hand, m.From) == 0:
			return rules.Illegalf("no %s man on %s", m.Hand.Word(), m.From.String())
		case six < 0:
			return rules.Illegalf("a man goes into FINISH only on a 6, or two dice totalling 6; you have %s", dice)
		}
	case KindMove:
		if p.Count(m.Hand, m.From) == 0 {
			return rules.Illegalf("no %s man on %s", m.Hand.Word(), m.From.String())
		}
		if err := p.pathError(m, dice); err != nil {
			return err
		}
	}
	return rules.Illegalf("%s is not a legal move here", m.String())
}

// pathError says why the man on m.From cannot go along m's path: no such
// path, a count not in the throw, a blockade or his finish space in the
// way, or no room where it ends. Nil if he can.
func (p *Position) pathError(m MoveText, dice rules.Text) error {
	// Follow the path as written.
	s, n, via := m.From, 0, m.Via
	var passed []Space
	for s != m.To {
		if n > 3*RewardSpaces {
			return rules.Illegalf("%s is no path a man runs forward in one count", m.String())
		}
		if q := forkOf[s]; q >= 0 {
			tq, _, onTurnout := m.To.Turnout()
			if len(via) > 0 && via[0] == int(q) {
				via = via[1:]
				s = TurnoutSpace(int(q), 1)
				n++
				passed = append(passed, s)
				continue
			}
			if onTurnout && tq == int(q) && len(via) == 0 {
				s = TurnoutSpace(int(q), 1)
				n++
				passed = append(passed, s)
				continue
			}
		}
		s = succ[s]
		n++
		passed = append(passed, s)
	}
	if len(via) > 0 {
		return rules.Illegalf("%s is no path a man runs forward in one count", m.String())
	}
	var cbuf [4]count
	ok := false
	for _, c := range p.pool.counts(cbuf[:0]) {
		ok = ok || int(c.n) == n
	}
	if !ok {
		return rules.Illegalf("%s moves %d; you have %s to play", m.String(), n, dice)
	}
	fin := FinishSpace(m.Hand)
	if m.From == fin {
		return rules.Illegalf("%s never passes his finish space %s: from there he goes into FINISH on a 6", aMan(m.Hand), fin.String())
	}
	for _, s := range passed[:len(passed)-1] {
		if s == fin {
			return rules.Illegalf("%s never passes his finish space %s", aMan(m.Hand), fin.String())
		}
		if p.t.blockade(s) {
			return rules.Illegalf("the blockade on %s cannot be passed, not even by its owners", s.String())
		}
	}
	return p.landingError(m.To)
}

// landingError says why the man to move cannot end on s, or nil.
func (p *Position) landingError(s Space) error {
	side := p.hand.Side()
	own, opp := p.t.cnt[s][side], p.t.cnt[s][1-side]
	switch {
	case s.OnTurnout() && own > 0:
		return rules.Illegalf("%s holds one of your men: a turnout space holds one man, and no blockade forms there", s.String())
	case opp >= 2:
		return rules.Illegalf("a blockade of %s's holds %s: nobody lands on it", (1 - side).Word(), s.String())
	case own >= 3:
		return rules.Illegalf("%s holds three men already: four never share a space", s.String())
	}
	return nil
}
