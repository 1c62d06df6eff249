package rumba

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"parlor/rules"
	"parlor/rules/dice"
)

// Hand is one of the four places at the board, each with four men of one
// style, its own starting point and its own finish space. Turns pass to
// the right: South, East, North, West (counter-clockwise seen from above,
// the way the men run). Partners sit opposite: South and North are Red,
// East and West are Black.
type Hand int8

// The hands, in turn order, and NoHand.
const (
	South  Hand = 0 // Red, plain men
	East   Hand = 1 // Black, plain men
	North  Hand = 2 // Red, silver-top men
	West   Hand = 3 // Black, silver-top men
	NoHand Hand = -1
)

const handLetters = "SENW"

// String is the hand's name, such as "South".
func (h Hand) String() string { return string(h.Word()) }

// Word is the hand's name as a word a caller may say in another language
// ("nobody" for NoHand).
func (h Hand) Word() rules.Word {
	if h >= 0 && h < 4 {
		return [4]rules.Word{rules.South, rules.East, rules.North, rules.West}[h]
	}
	return "nobody"
}

// Letter is the hand's letter in texts: S, E, N or W ('-' for NoHand).
func (h Hand) Letter() byte {
	if h >= 0 && h < 4 {
		return handLetters[h]
	}
	return '-'
}

// Side is the partnership h plays for.
func (h Hand) Side() Side { return Side(h & 1) }

// handByLetter reads a hand's letter, or NoHand.
func handByLetter(c byte) Hand {
	if i := strings.IndexByte(handLetters, c); i >= 0 {
		return Hand(i)
	}
	return NoHand
}

// Side is a partnership, the eight men of one colour: Red (South and
// North) or Black (East and West).
type Side int8

// The two sides.
const (
	Red   Side = 0
	Black Side = 1
)

// String is the side's colour: "Red" or "Black".
func (s Side) String() string { return string(s.Word()) }

// Word is the side's colour as a word a caller may say in another
// language.
func (s Side) Word() rules.Word {
	if s == Red {
		return rules.Word("Red")
	}
	return rules.Word("Black")
}

// Hands are the side's two hands: South and North, or East and West.
func (s Side) Hands() [2]Hand { return [2]Hand{Hand(s), Hand(s) + 2} }

// The equipment and the goal.
const (
	MenPerHand = 4 // each hand's men: 16 in all
	ToWin      = 4 // men of one colour in FINISH that win the game
)

// Phase is the part of the game or of a turn a position is in.
type Phase uint8

// The phases. A turn is PhaseThrow (the seat of the hand whose turn
// begins decides to throw), PhaseRoll (chance throws the dice for that
// hand), then PhaseMove, one decision per die or reward. After doublets
// the same hand throws again at once: PhaseRoll then PhaseMove, with no
// second decision to throw.
const (
	PhaseOpening Phase = iota // chance: the opening throw, one seat at a time
	PhaseThrow                // the seat of the hand whose turn begins throws the dice ("roll")
	PhaseRoll                 // chance: the hand to move throws the dice
	PhaseMove                 // the seat plays the throw, one die (or reward) at a time
	PhaseOver                 // the game is over
)

var phaseNames = [...]string{"open", "throw", "roll", "move", "over"}

// RollText is the only move of PhaseThrow: the seat throws the dice.
const RollText = "roll"

// String is the phase's name in the position text.
func (ph Phase) String() string {
	if int(ph) < len(phaseNames) {
		return phaseNames[ph]
	}
	return "?"
}

// Position is a state of Rumba. It is immutable; the zero value is not a
// valid position: use New or Parse.
type Position struct {
	players int
	t       table        // the men and what stands on each space
	phase   Phase        //
	hand    Hand         // whose throw (PhaseThrow, PhaseRoll, PhaseMove)
	pool    pool         // PhaseMove: the throw and what is left of it
	opening dice.Opening // PhaseOpening: each seat's throw this round
	last    Throw
	outcome rules.Outcome
	cache   *moveCache // the legal moves of PhaseMove, worked out once
}

// moveCache holds a position's legal moves once worked out.
type moveCache struct {
	once  sync.Once
	moves []move // empty when nothing can be played: then pass
}

// clone copies p for the next position, with an empty cache.
func (p *Position) clone() *Position {
	next := *p
	next.cache = &moveCache{}
	return &next
}

// legalCands are the legal moves of PhaseMove (none: only pass), from the
// cache when it has them.
func (p *Position) legalCands() []move {
	if p.cache == nil {
		return p.t.legal(p.hand.Side(), p.pool)
	}
	p.cache.once.Do(func() { p.cache.moves = p.t.legal(p.hand.Side(), p.pool) })
	return p.cache.moves
}

// Throw records the latest throw (the one being played, or the one just
// finished when the next has not been thrown), so that the board can show
// it. It plays no part in the rules.
type Throw struct {
	Hand    Hand   // who threw; NoHand before the first throw
	Dice    [2]int // the throw, larger first; zeros for a turn skipped before its throw
	Opening bool   // an opening throw, which moves nothing
	Moves   []Played
	Skipped bool // the hand's turn was skipped (Skip) after the moves recorded, or before its throw
}

// Played is one decision of a throw, in its canonical text, and the hand
// whose man it captured, if any.
type Played struct {
	Text     string
	Captured Hand
}

var noThrow = Throw{Hand: NoHand}

// Game is Rumba for the rules registry.
type Game struct{}

// Name implements rules.Game.
func (Game) Name() string { return "rumba" }

// Title implements rules.Game.
func (Game) Title() string { return "Rumba" }

// Notation implements rules.Notated: the words of Rumba's move texts
// ("roll 5-3", "enter S", "S 63-finish", "pass").
func (Game) Notation() rules.Notation {
	return rules.Notation{"roll", "enter", "finish", "pass"}
}

// Players implements rules.Game.
func (Game) Players() []int { return []int{2, 3, 4} }

// New implements rules.Game.
func (Game) New(n int) (rules.State, error) { return rules.AsState(New(n)) }

// Parse implements rules.Game.
func (Game) Parse(text string) (rules.State, error) { return rules.AsState(Parse(text)) }

// seatOfHand maps hands to seats for 2, 3 and 4 players. Four: one hand
// each. Three: seats 0 and 2 are partners (South, North); seat 1 plays
// both East and West, so it has two turns a round, one after each
// opponent. Two: each plays a whole side, eight men.
var seatOfHand = [5][4]rules.Seat{
	2: {0, 1, 0, 1},
	3: {0, 1, 2, 1},
	4: {0, 1, 2, 3},
}

// New returns the start of a game for n players (2 to 4): every man
// waiting beside his starting point, and the opening throw to come.
func New(n int) (*Position, error) {
	if n < 2 || n > 4 {
		//lint:ignore ST1005 the message begins with the game's name
		return nil, fmt.Errorf("Rumba is for 2, 3 or 4 players, not %d", n)
	}
	p := &Position{players: n, phase: PhaseOpening, hand: NoHand, last: noThrow, cache: &moveCache{}}
	for h := range p.t.men {
		for i := range p.t.men[h] {
			p.t.men[h][i] = Waiting
		}
	}
	return p, nil
}

// Players is the number of players.
func (p *Position) Players() int { return p.players }

// SeatOf is the seat that plays hand h.
func (p *Position) SeatOf(h Hand) rules.Seat { return seatOfHand[p.players][h] }

// Hands are the hands seat plays, in turn order: one in a four-player
// game; East and West for seat 1 of three; a whole side with two players.
func (p *Position) Hands(seat rules.Seat) []Hand {
	var out []Hand
	for h := range Hand(4) {
		if p.SeatOf(h) == seat {
			out = append(out, h)
		}
	}
	return out
}

// SideOf is the side seat plays for.
func (p *Position) SideOf(seat rules.Seat) Side { return Hand(seat).Side() }

// SeatsOf are the seats of side s, in order: the partners, or the one
// player who plays the side alone.
func (p *Position) SeatsOf(s Side) []rules.Seat {
	var out []rules.Seat
	for _, h := range s.Hands() {
		if seat := p.SeatOf(h); !slices.Contains(out, seat) {
			out = append(out, seat)
		}
	}
	slices.Sort(out)
	return out
}

// Opponents are the seats playing against seat: the winners when seat
// resigns, since partners share one result.
func (p *Position) Opponents(seat rules.Seat) []rules.Seat {
	return p.SeatsOf(1 - p.SideOf(seat))
}

// Men are hand h's four men, sorted: Waiting first, then track spaces,
// turnout spaces and Finish.
func (p *Position) Men(h Hand) [MenPerHand]Space { return p.t.men[h] }

// At lists the hands of the men on space s, one entry a man, in hand order.
func (p *Position) At(s Space) []Hand {
	var out []Hand
	for h := range Hand(4) {
		for _, m := range p.t.men[h] {
			if m == s {
				out = append(out, h)
			}
		}
	}
	return out
}

// Count is the number of hand h's men on s (Waiting and Finish included).
func (p *Position) Count(h Hand, s Space) int {
	n := 0
	for _, m := range p.t.men[h] {
		if m == s {
			n++
		}
	}
	return n
}

// Finished is the number of side s's men in FINISH.
func (p *Position) Finished(s Side) int { return p.t.finished(s) }

// Blockade reports whether s holds a blockade: two or three men (of one
// side) on a track space.
func (p *Position) Blockade(s Space) bool { return p.t.blockade(s) }

// Phase is the phase of the game or turn.
func (p *Position) Phase() Phase { return p.phase }

// Turn is the hand whose throw it is, from its seat's decision to throw
// to its moves, also while chance throws for it; NoHand in the opening
// and once the game is over.
func (p *Position) Turn() Hand {
	if p.phase == PhaseThrow || p.phase == PhaseRoll || p.phase == PhaseMove {
		return p.hand
	}
	return NoHand
}

// Dice is the throw being played, larger first, and which dice are still
// to play; zeros outside PhaseMove.
func (p *Position) Dice() (dice [2]int, left [2]bool) {
	if p.phase != PhaseMove {
		return
	}
	return [2]int{int(p.pool.dice[0]), int(p.pool.dice[1])}, [2]bool{!p.pool.used[0], !p.pool.used[1]}
}

// Reward is the number of spaces of reward still to play this throw: ten
// for each capture not yet used.
func (p *Position) Reward() int { return RewardSpaces * int(p.pool.rewards) }

// RewardSpaces is the reward for one capture.
const RewardSpaces = 10

// Last is the latest throw, for display: its hand, dice and moves.
func (p *Position) Last() Throw { return p.last }

// OpeningThrows lists, during the opening throw, each seat's throw in this
// round: {0, 0} still to throw, {-1, -1} out of the round.
func (p *Position) OpeningThrows() [][2]int {
	if p.phase != PhaseOpening {
		return nil
	}
	return p.opening.Rolls(p.players)
}

// nextRoller is the seat to throw next in the opening.
func (p *Position) nextRoller() int { return p.opening.Next(p.players) }

// ToMove implements rules.State.
func (p *Position) ToMove() rules.Seat {
	switch p.phase {
	case PhaseOver:
		return rules.Nobody
	case PhaseOpening, PhaseRoll:
		return rules.Chance
	}
	// PhaseThrow and PhaseMove: the seat playing the hand whose turn it is.
	return p.SeatOf(p.hand)
}

// Seats implements rules.State.
func (p *Position) Seats() int { return p.players }

// Outcome implements rules.State.
func (p *Position) Outcome() rules.Outcome { return p.outcome }

// PassText is the move of a throw that nothing can be played with.
const PassText = "pass"

// Legal implements rules.State. The decision to throw lists "roll" alone;
// a throw lists the 21 outcomes of two dice with their odds; a move
// decision lists every legal use of one die, of two dice together
// (entering or finishing on a total of 6), or of the reward; "pass" alone
// when nothing can be played.
func (p *Position) Legal() []rules.Move {
	switch p.phase {
	case PhaseThrow:
		return []rules.Move{{Text: RollText}}
	case PhaseOpening, PhaseRoll:
		return dice.Outcomes()
	case PhaseMove:
		cands := p.legalCands()
		if len(cands) == 0 {
			return []rules.Move{{Text: PassText}}
		}
		out := make([]rules.Move, len(cands))
		for i := range cands {
			out[i] = rules.Move{Text: cands[i].text}
		}
		return out
	}
	return nil
}

// Play implements rules.State.
func (p *Position) Play(m rules.Move) (rules.State, error) { return rules.AsState(p.PlayText(m.Text)) }

// PlayText plays the decision with the canonical text text (surrounding
// space ignored).
func (p *Position) PlayText(text string) (*Position, error) {
	if p.phase == PhaseOver {
		return nil, rules.ErrOver
	}
	text = strings.TrimSpace(text)
	switch p.phase {
	case PhaseThrow:
		return p.playThrow(text)
	case PhaseOpening, PhaseRoll:
		a, b, err := dice.ParseExact(text, "throw")
		if err != nil {
			return nil, err
		}
		return p.playRoll(a, b), nil
	case PhaseMove:
		return p.playMove(text)
	}
	return nil, rules.Illegalf("no decision in phase %s", p.phase.String())
}

// playThrow plays the seat's decision to throw: only the phase changes, to
// the chance throw for the same hand.
func (p *Position) playThrow(text string) (*Position, error) {
	if text != RollText {
		_, _, errRoll := dice.Parse(text, "throw")
		_, _, errDice := dice.ParsePair(text)
		if errRoll == nil || errDice == nil {
			return nil, rules.ThrowFirstf("the dice are not thrown yet, and they choose the throw")
		}
		if _, err := ParseMove(text); err == nil || text == PassText {
			return nil, rules.ThrowFirstf("%s's turn begins with the throw of the dice: the men move after it", p.hand.Word())
		}
		return nil, rules.ThrowFirstf("%q is not a move, and %s's turn begins with the throw of the dice", text, p.hand.Word())
	}
	next := p.clone()
	next.phase = PhaseRoll
	return next, nil
}

func (p *Position) playRoll(a, b int) *Position {
	next := p.clone()
	if p.phase == PhaseRoll {
		next.phase = PhaseMove
		next.pool = pool{dice: [2]int8{int8(a), int8(b)}}
		next.last = Throw{Hand: p.hand, Dice: [2]int{a, b}}
		return next
	}
	// The opening throw.
	r := p.nextRoller()
	next.opening.Record(r, a, b)
	next.last = Throw{Hand: Hand(r), Dice: [2]int{a, b}, Opening: true}
	if first, ok := next.opening.Settle(p.players); ok {
		// The seat's first hand in turn order is the hand with its number;
		// its turn begins, like every turn, with the seat's decision to
		// throw.
		next.phase, next.hand = PhaseThrow, Hand(first)
	}
	return next
}

func (p *Position) playMove(text string) (*Position, error) {
	cands := p.legalCands()
	if text == PassText && len(cands) == 0 {
		next := p.clone()
		next.last.Moves = append(slices.Clip(p.last.Moves), Played{Text: PassText, Captured: NoHand})
		next.endThrow()
		return next, nil
	}
	for i := range cands {
		if cands[i].text == text {
			return p.playCand(&cands[i]), nil
		}
	}
	return nil, p.explain(text)
}

// playCand plays a legal move: the man moves, a man it lands on is
// captured, and the throw goes on while something of it can be played.
func (p *Position) playCand(c *move) *Position {
	next := p.clone()
	side := p.hand.Side()
	captured := next.t.apply(&c.cand, side)
	next.pool = p.pool.after(&c.cand)
	next.last.Moves = append(slices.Clip(p.last.Moves), Played{Text: c.text, Captured: captured})
	if next.t.finished(side) >= ToWin {
		next.finish(rules.Finished, p.SeatsOf(side)...)
		return next
	}
	var buf [64]cand
	if len(next.t.gen(side, next.pool, buf[:0])) == 0 {
		next.endThrow()
	}
	return next
}

// endThrow ends the throw: after doublets the same hand throws again at
// once (chance throws for it, PhaseRoll); otherwise the turn passes to the
// right, and the seat of the next hand begins it by deciding to throw
// (PhaseThrow). What is left of the throw, dice or reward, is lost.
func (p *Position) endThrow() {
	p.phase = PhaseRoll
	if p.pool.dice[0] != p.pool.dice[1] {
		p.hand = (p.hand + 1) % 4
		p.phase = PhaseThrow
	}
	p.pool = pool{}
}

// Skip implements rules.Skipper: the turn of the hand to play ends where
// it stands, as if its seat had passed, and the turn passes to the right:
// the next hand's seat begins its turn by deciding to throw (PhaseThrow).
// seat must be the seat of that hand, at its decision to throw or while
// it plays a throw. What is left of the turn is lost: skipped at the
// decision to throw, the hand throws nothing; skipped during a throw, the
// dice and rewards not yet played; after doublets it does not throw again.
// Only the hand's turn ends: the lone player of three, who plays East and
// West, keeps his other hand's turn, and a player of two his partner
// hand's.
//
// The latest throw's record (Last) keeps the throw and the moves played
// and says the turn was skipped (Throw.Skipped); a turn skipped at the
// decision to throw records the hand alone, no dice. Skip fails with
// rules.ErrOver once the game is over, and with rules.ErrIllegal for a
// seat not to move: another seat, or any seat while the dice are to roll
// (the opening throw, a throw after the decision to throw or after
// doublets).
func (p *Position) Skip(seat rules.Seat) (rules.State, error) { return rules.AsState(p.skip(seat)) }

func (p *Position) skip(seat rules.Seat) (*Position, error) {
	if err := rules.CanSkip("rumba", p.phase == PhaseOver, seat, p.players); err != nil {
		return nil, err
	}
	switch {
	case p.phase == PhaseOpening:
		return nil, rules.Illegalf("no turn to skip during the opening throw: the dice roll for %s", p.seatWords(rules.Seat(p.nextRoller())))
	case p.phase == PhaseRoll:
		return nil, rules.Illegalf("no decision of %s's to skip: the dice are to roll for %s", p.seatWords(p.SeatOf(p.hand)), p.hand.Word())
	case seat != p.SeatOf(p.hand):
		return nil, rules.Illegalf("it is %s's turn (%s), not %s's: only the seat to move can be skipped", p.hand.Word(), p.seatWords(p.SeatOf(p.hand)), p.seatWords(seat))
	}
	next := p.clone()
	if p.phase == PhaseThrow {
		// The record still holds the throw before; this turn has none.
		next.last = Throw{Hand: p.hand}
	}
	next.last.Moves = slices.Clip(next.last.Moves)
	next.last.Skipped = true
	next.hand = (p.hand + 1) % 4
	next.phase = PhaseThrow
	next.pool = pool{}
	return next, nil
}

// End implements rules.State: a resignation names the other side's seats
// as winners (partners share one result, so one partner's resignation
// concedes for both), a forfeit names them or nobody, an agreed draw
// nobody.
func (p *Position) End(o rules.Outcome) (rules.State, error) {
	if err := rules.CanEnd("rumba", p.phase == PhaseOver, o, p.players, nil, p.SideOf); err != nil {
		return nil, err
	}
	if !p.resultFits(o.Method, o.Winners) {
		want := fmt.Sprintf("one side's seats (%v or %v)", p.SeatsOf(Red), p.SeatsOf(Black))
		switch o.Method {
		case rules.Agreement:
			want = "nobody"
		case rules.Forfeit:
			want += ", or nobody"
		}
		return nil, fmt.Errorf("rumba: %s with winners %v: partners share one result, so the winners are %s", o.Method, o.Winners, want)
	}
	next := p.clone()
	next.finish(o.Method, o.Winners...)
	return next, nil
}

// resultFits reports whether a game ended by m may have these winners: a
// whole side for a finish or a resignation, a whole side or nobody for a
// forfeit, nobody for an agreed draw.
func (p *Position) resultFits(m rules.Method, winners []rules.Seat) bool {
	w := slices.Clone(winners)
	slices.Sort(w)
	side := slices.Equal(w, p.SeatsOf(Red)) || slices.Equal(w, p.SeatsOf(Black))
	switch m {
	case rules.Agreement:
		return len(w) == 0
	case rules.Forfeit:
		return len(w) == 0 || side
	case rules.Finished, rules.Resignation:
		return side
	}
	return false
}

// finish ends the game.
func (p *Position) finish(m rules.Method, winners ...rules.Seat) {
	p.outcome = rules.Ended(m, winners...)
	p.phase = PhaseOver
	p.hand = NoHand
	p.pool = pool{}
	p.opening = dice.Opening{}
}

// Winner is the side that won, if the game has ended with winners.
func (p *Position) Winner() (Side, bool) {
	if len(p.outcome.Winners) == 0 {
		return 0, false
	}
	return p.SideOf(p.outcome.Winners[0]), true
}
