package kippykoo

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"parlor/rules"
	"parlor/rules/dice"
)

// Phase is the part of the game or of a turn a position is in.
type Phase uint8

// The phases. The game opens with the lot; then each turn is PhaseThrow
// (the seat decides to throw), PhaseRoll (chance throws the dice for it)
// and PhaseMove. A seat that threw doubles and used them throws again at
// once: PhaseRoll then PhaseMove, with no second decision to throw.
const (
	PhaseLot   Phase = iota // chance: the lot draws the starting player
	PhaseThrow              // the seat whose turn begins throws the dice ("roll")
	PhaseRoll               // chance: the seat's throw of the two dice
	PhaseMove               // the seat uses the throw
	PhaseOver               // the game is over
)

var phaseNames = [...]string{"lot", "throw", "roll", "move", "over"}

// RollText is the only move of PhaseThrow: the seat throws the dice.
const RollText = "roll"

// String is the phase's name in the position text: lot, throw, roll, move
// or over.
func (ph Phase) String() string {
	if int(ph) < len(phaseNames) {
		return phaseNames[ph]
	}
	return "?"
}

// board is where the marbles are: on the holes, in each seat's START and
// in its FINISH. It is comparable, so that two moves with the same result
// are recognized as one.
type board struct {
	holes  [Holes]int8 // the seat+1 of the marble on each hole, 0 for none
	start  [4]int8     // marbles in each seat's START
	finish [4]int8     // marbles in each seat's FINISH
}

// Position is a state of Kippy Koo. It is immutable; the zero value is not
// a valid position: use New or Parse.
type Position struct {
	players int
	board
	phase   Phase
	seat    int8       // whose turn it is (not used in the lot)
	dice    [2]int8    // PhaseMove: the throw, larger first
	retired rules.Left // the seats that have left the game (Retire)
	last    Turn
	outcome rules.Outcome
	cache   *moveCache
}

// moveCache holds a position's moves once worked out, so that Legal, Play
// and Describe do not each generate them.
type moveCache struct {
	once sync.Once
	set  []plan
}

// clone copies p for the next position, with an empty cache.
func (p *Position) clone() *Position {
	next := *p
	next.cache = &moveCache{}
	return &next
}

// plans are the legal moves of PhaseMove, from the cache when it has them.
func (p *Position) plans() []plan {
	if p.cache == nil {
		return p.generate()
	}
	p.cache.once.Do(func() { p.cache.set = p.generate() })
	return p.cache.set
}

// Turn records the latest throw (the one being played, or the one just
// played), or the lot that drew the starting player, or a turn skipped
// (Skip), so that the board can show it; and the throws of the same turn
// before the latest, each doubles used, after which the seat threw again.
// It plays no part in the rules. It stays on record when its seat leaves
// the game (Retire): a throw not used then keeps Move "".
type Turn struct {
	Seat     rules.Seat // whose throw, or who was drawn, or whose turn was skipped; rules.Nobody before the lot
	Lot      bool       // the lot drew Seat to begin; no throw yet
	Skipped  bool       // Seat's turn was skipped (Skip): no move; Dice the throw it did not use, zeros if it had not thrown
	Dice     [2]int     // the throw, larger first
	Move     string     // the canonical text of the move; "" before it
	SentBack []Capture  // the opponents' marbles the move sent back to START, in the order of its parts; none before the move
	Before   []Throw    // Seat's earlier throws in the same turn, oldest first: doubles used, each; none after one throw, the lot, or a skip before the throw
}

// Throw is one throw of a turn, for display: the dice, the move that used
// them, and the opponents' marbles it sent back to START.
type Throw struct {
	Dice     [2]int    // larger first
	Move     string    // the canonical text of the move; "" before it
	SentBack []Capture // in the order of the move's parts
}

// Legs reads the throw's move into its parts (none for a pass, or before
// the move).
func (t Throw) Legs() []Leg {
	legs, _ := ParseLegs(t.Move)
	return legs
}

func (t Throw) equal(u Throw) bool {
	return t.Dice == u.Dice && t.Move == u.Move && slices.Equal(t.SentBack, u.SentBack)
}

// Throws lists the throws of the turn, oldest first: Before, then the
// latest throw (Dice, Move and SentBack) unless there is none (the lot, or
// a turn skipped before its throw).
func (t Turn) Throws() []Throw {
	if t.Lot || t.Dice[0] == 0 {
		return t.Before
	}
	return append(slices.Clip(t.Before), Throw{Dice: t.Dice, Move: t.Move, SentBack: t.SentBack})
}

// throwsAgain reports whether the seat of t threw doubles and used them, so
// that it throws again in the same turn.
func (t Turn) throwsAgain() bool {
	return !t.Lot && !t.Skipped && t.Dice[0] > 0 && t.Dice[0] == t.Dice[1] && t.Move != "" && t.Move != PassText
}

// Capture is an opponent's marble that a move sent back to START (HAZARDS):
// whose it was, and the hole it stood on, where the mover's marble stopped.
type Capture struct {
	Seat rules.Seat // the owner of the marble sent back
	Hole Hole       // the hole it was sent back from
}

// equal reports whether t and u record the same.
func (t Turn) equal(u Turn) bool {
	return t.Seat == u.Seat && t.Lot == u.Lot && t.Skipped == u.Skipped && t.Dice == u.Dice && t.Move == u.Move && slices.Equal(t.SentBack, u.SentBack) &&
		slices.EqualFunc(t.Before, u.Before, Throw.equal)
}

// Legs reads the turn's move into its parts (none for a pass, the lot, or
// before the move).
func (t Turn) Legs() []Leg {
	legs, _ := ParseLegs(t.Move)
	return legs
}

var noTurn = Turn{Seat: rules.Nobody}

// Game is Kippy Koo for the rules registry.
type Game struct{}

// Name implements rules.Game.
func (Game) Name() string { return "kippykoo" }

// Title implements rules.Game.
func (Game) Title() string { return "Kippy Koo" }

// Notation implements rules.Notated: the words of Kippy Koo's move texts
// ("first S", "roll", "roll 5-3", "start+6", "pass").
func (Game) Notation() rules.Notation {
	return rules.Notation{"first", "roll", "start", "pass"}
}

// Players implements rules.Game.
func (Game) Players() []int { return []int{2, 3, 4} }

// New implements rules.Game.
func (Game) New(n int) (rules.State, error) { return rules.AsState(New(n)) }

// Parse implements rules.Game.
func (Game) Parse(text string) (rules.State, error) { return rules.AsState(Parse(text)) }

// New returns the start of a game for n players (2 to 4): every marble in
// its START, and the lot to draw the starting player.
func New(n int) (*Position, error) {
	if n < 2 || n > 4 {
		//lint:ignore ST1005 the message begins with the game's name
		return nil, fmt.Errorf("Kippy Koo is for 2, 3 or 4 players, not %d", n)
	}
	p := &Position{players: n, phase: PhaseLot, last: noTurn, cache: &moveCache{}}
	for seat := range n {
		p.start[seat] = MarblesPerSeat
	}
	return p, nil
}

// Players is the number of players.
func (p *Position) Players() int { return p.players }

// Side is the side of the board seat sits on.
func (p *Position) Side(seat rules.Seat) Side { return seatSides[p.players][seat] }

// SeatOf is the seat sitting on side, if anyone does.
func (p *Position) SeatOf(side Side) (rules.Seat, bool) {
	i := slices.Index(seatSides[p.players], side)
	return rules.Seat(i), i >= 0
}

// Star is seat's Star Space.
func (p *Position) Star(seat rules.Seat) Hole { return p.Side(seat).Star() }

func (p *Position) star(seat int) Hole { return seatSides[p.players][seat].Star() }

// Marbles are the holes of seat's marbles on the track, the least advanced
// first (in the order of their progress from seat's Star Space).
func (p *Position) Marbles(seat rules.Seat) []Hole {
	return p.board.marbles(int(seat), p.star(int(seat)))
}

// marbles lists seat's marbles on the track, in the order of their
// progress from star.
func (b *board) marbles(seat int, star Hole) []Hole {
	var out []Hole
	for d := range Holes {
		if h := holeAt(star, d); int(b.holes[h]) == seat+1 {
			out = append(out, h)
		}
	}
	return out
}

// onTrack counts seat's marbles on the track.
func (b *board) onTrack(seat int) int {
	return MarblesPerSeat - int(b.start[seat]) - int(b.finish[seat])
}

// InStart is the number of seat's marbles in its START.
func (p *Position) InStart(seat rules.Seat) int { return int(p.start[seat]) }

// InFinish is the number of seat's marbles in its FINISH.
func (p *Position) InFinish(seat rules.Seat) int { return int(p.finish[seat]) }

// At is the seat whose marble is on hole h, if any.
func (p *Position) At(h Hole) (rules.Seat, bool) {
	if h < 0 || h >= Holes || p.holes[h] == 0 {
		return rules.Nobody, false
	}
	return rules.Seat(p.holes[h] - 1), true
}

// Phase is the phase of the game or turn.
func (p *Position) Phase() Phase { return p.phase }

// Turn is the seat whose turn it is, from its decision to throw to its
// move, also while chance rolls for it; rules.Nobody during the lot and
// once the game is over.
func (p *Position) Turn() rules.Seat {
	if p.phase == PhaseOver || p.phase == PhaseLot {
		return rules.Nobody
	}
	return rules.Seat(p.seat)
}

// Dice is the throw being played in PhaseMove, larger first; zeros in the
// other phases (see Last for the dice showing).
func (p *Position) Dice() (int, int) {
	if p.phase != PhaseMove {
		return 0, 0
	}
	return int(p.dice[0]), int(p.dice[1])
}

// Last is the latest throw or the lot, for display.
func (p *Position) Last() Turn { return p.last }

// ToMove implements rules.State.
func (p *Position) ToMove() rules.Seat {
	switch p.phase {
	case PhaseOver:
		return rules.Nobody
	case PhaseLot, PhaseRoll:
		return rules.Chance
	}
	// PhaseThrow and PhaseMove: the seat whose turn it is.
	return rules.Seat(p.seat)
}

// Seats implements rules.State.
func (p *Position) Seats() int { return p.players }

// Outcome implements rules.State.
func (p *Position) Outcome() rules.Outcome { return p.outcome }

// Legal implements rules.State. The lot lists "first S" and the like, one
// per seat still in the game, each with the same odds; the decision to
// throw lists "roll" alone; a roll lists the 21 outcomes of two dice with
// their odds; a move decision lists every different use of the throw, or
// "pass" alone when nothing can be done.
func (p *Position) Legal() []rules.Move {
	switch p.phase {
	case PhaseLot:
		var out []rules.Move
		for seat := range p.players {
			if !p.retired[seat] {
				out = append(out, rules.Move{Text: lotText(p.Side(rules.Seat(seat))), Odds: 1 / float64(p.seatsIn())})
			}
		}
		return out
	case PhaseThrow:
		return []rules.Move{{Text: RollText}}
	case PhaseRoll:
		return dice.Outcomes()
	case PhaseMove:
		set := p.plans()
		out := make([]rules.Move, len(set))
		for i := range set {
			out[i] = rules.Move{Text: set[i].text}
		}
		return out
	}
	return nil
}

func lotText(side Side) string { return "first " + string(side.Letter()) }

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
	case PhaseLot:
		return p.playLot(text)
	case PhaseThrow:
		return p.playThrow(text)
	case PhaseRoll:
		a, b, err := dice.ParseExact(text, "roll")
		if err != nil {
			return nil, err
		}
		next := p.clone()
		next.phase = PhaseMove
		next.dice = [2]int8{int8(a), int8(b)}
		next.last = Turn{Seat: rules.Seat(p.seat), Dice: [2]int{a, b}, Before: p.throwsBefore()}
		return next, nil
	}
	return p.playMove(text)
}

// throwsBefore are, at a roll, the throws the seat has made earlier in its
// turn: none when its turn begins, or the latest throw's Before and the
// latest throw itself when it throws again after doubles used.
func (p *Position) throwsBefore() []Throw {
	t := p.last
	if t.Seat != rules.Seat(p.seat) || !t.throwsAgain() {
		return nil
	}
	return t.Throws()
}

func (p *Position) playLot(text string) (*Position, error) {
	for seat := range p.players {
		if text == lotText(p.Side(rules.Seat(seat))) {
			if p.retired[seat] {
				return nil, rules.Illegalf("%s has left the game: the lot draws among the seats still in", p.Side(rules.Seat(seat)).Word())
			}
			next := p.clone()
			next.phase, next.seat = PhaseThrow, int8(seat)
			next.last = Turn{Seat: rules.Seat(seat), Lot: true}
			return next, nil
		}
	}
	return nil, rules.Illegalf("%q is not a draw of the lot like %q (seats %s)", text, lotText(SouthSide), p.seatLetters())
}

// playThrow plays the seat's decision to throw: only the phase changes, to
// the chance roll for the same seat.
func (p *Position) playThrow(text string) (*Position, error) {
	if text != RollText {
		_, _, errRoll := dice.Parse(text, "roll")
		_, _, errDice := dice.ParsePair(text)
		if errRoll == nil || errDice == nil {
			return nil, rules.ThrowFirstf("the dice are not thrown yet, and they choose the throw")
		}
		if _, err := ParseLegs(text); err == nil || text == PassText {
			return nil, rules.ThrowFirstf("%s's turn begins with the throw of the dice: the marbles move after it", p.Side(rules.Seat(p.seat)).Word())
		}
		return nil, rules.ThrowFirstf("%q is not a move, and %s's turn begins with the throw of the dice", text, p.Side(rules.Seat(p.seat)).Word())
	}
	next := p.clone()
	next.phase = PhaseRoll
	return next, nil
}

// End implements rules.State: a resignation or a forfeit names the winners
// (one or more seats still in the game, not all of them; a forfeit may name
// none), an agreed draw none.
func (p *Position) End(o rules.Outcome) (rules.State, error) {
	if err := rules.CanEnd("kippykoo", p.phase == PhaseOver, o, p.players, &p.retired, p.Side); err != nil {
		return nil, err
	}
	if !p.endFits(o.Method, len(o.Winners)) {
		return nil, fmt.Errorf("kippykoo: %s with %d winners among %d seats in the game", o.Method, len(o.Winners), p.seatsIn())
	}
	next := p.clone()
	next.gameOver(o.Method, o.Winners...)
	return next, nil
}

// gameOver ends the game.
func (p *Position) gameOver(m rules.Method, winners ...rules.Seat) {
	p.outcome = rules.Ended(m, winners...)
	p.phase = PhaseOver
	p.dice = [2]int8{}
}

// Retired implements rules.Retirer: whether seat has left the game (see
// Retire).
func (p *Position) Retired(seat rules.Seat) bool { return p.retired.Has(seat, p.players) }

// seatsIn is the number of seats that have not left the game.
func (p *Position) seatsIn() int { return p.retired.In(p.players) }

// nextIn is the first seat clockwise after seat that is still in the game.
func (p *Position) nextIn(seat int) int {
	for i := 1; i < p.players; i++ {
		if s := (seat + i) % p.players; !p.retired[s] {
			return s
		}
	}
	return seat
}

// Retire implements rules.Retirer: in a game of three or four, seat leaves
// the game and the others play on. Its marbles leave the game, from START,
// the track and FINISH alike (a hole it stood on is free; nobody is sent
// back); its turns are skipped from now on, and the lot, if not yet drawn,
// draws among the seats still in.
//
// If it was its turn, in any phase (its decision to throw, the roll, its
// move, or the throw again after doubles), the turn ends at once: a throw
// not yet used is lost, and the next seat still in, clockwise, begins its
// turn with its decision to throw. The latest throw stays on record for
// the board, even if it was seat's. If another seat is to act, it carries
// on with the same decision, without seat's marbles on the board.
//
// When one seat is left in, the game is over and it wins by
// rules.Resignation. In a two-player game nobody leaves: Retire is a
// resignation, the same as End with the other seat the winner, and the
// marbles stay where they are. Retire fails for a seat out of range or
// already out, and with rules.ErrOver once the game is over.
func (p *Position) Retire(seat rules.Seat) (rules.State, error) { return rules.AsState(p.retire(seat)) }

func (p *Position) retire(seat rules.Seat) (*Position, error) {
	if err := rules.CanLeave("kippykoo", p.phase == PhaseOver, &p.retired, seat, p.players, p.Side); err != nil {
		return nil, err
	}
	next := p.clone()
	s := int(seat)
	if p.players == 2 {
		next.gameOver(rules.Resignation, rules.Seat(1-s))
		return next, nil
	}
	next.retired[s] = true
	next.start[s], next.finish[s] = 0, 0
	for h, o := range next.holes {
		if int(o) == s+1 {
			next.holes[h] = 0
		}
	}
	switch {
	case next.seatsIn() == 1:
		next.gameOver(rules.Resignation, rules.Seat(next.nextIn(s)))
	case p.phase != PhaseLot && int(p.seat) == s:
		next.phase = PhaseThrow
		next.seat = int8(next.nextIn(s))
		next.dice = [2]int8{}
	}
	return next, nil
}

// Skip implements rules.Skipper: the turn of seat, the seat to act, is
// skipped (its deadline passed). Whatever point the turn is at, its
// decision to throw or its move decision (the first throw or one after
// doubles), the rest of the turn is lost as if it had passed: a throw not
// used is not played, and doubles earn no further throw. Nothing moves; the
// next seat still in, clockwise, begins its turn with its decision to
// throw. The latest throw becomes the record of the skip (Turn.Skipped,
// with the throw not used if there was one, after the throws the turn
// made before it, if any), so that the board does not show an earlier
// move as the latest.
//
// Skip fails, with an error wrapping rules.ErrIllegal, for any seat but
// the one to act, and so during the lot and the rolls, whose decisions are
// chance's; it returns rules.ErrOver once the game is over.
func (p *Position) Skip(seat rules.Seat) (rules.State, error) { return rules.AsState(p.skip(seat)) }

func (p *Position) skip(seat rules.Seat) (*Position, error) {
	if p.phase == PhaseOver {
		return nil, rules.ErrOver
	}
	to := p.ToMove()
	switch {
	case seat < 0 || int(seat) >= p.players:
		return nil, rules.Illegalf("no seat %d to skip in a game of %d", seat, p.players)
	case to == rules.Chance && p.phase == PhaseLot:
		return nil, rules.Illegalf("the lot is drawing who begins: no seat's turn to skip")
	case to == rules.Chance:
		return nil, rules.Illegalf("the dice are rolling for %s: chance decides now, not %s", p.Side(rules.Seat(p.seat)).Word(), p.Side(seat).Word())
	case seat != to:
		return nil, rules.Illegalf("it is %s's turn, not %s's: only the seat to act is skipped", p.Side(to).Word(), p.Side(seat).Word())
	}
	next := p.clone()
	next.last = Turn{Seat: seat, Skipped: true}
	if p.phase == PhaseMove {
		next.last.Dice = [2]int{int(p.dice[0]), int(p.dice[1])}
		next.last.Before = p.last.Before
	}
	next.phase = PhaseThrow
	next.seat = int8(p.nextIn(int(seat)))
	next.dice = [2]int8{}
	return next, nil
}

// endFits reports whether the game may end by m with n winners, all of
// them seats still in: their number fits the seats in, and with one seat
// left in, the others have left, it won by resignation.
func (p *Position) endFits(m rules.Method, n int) bool {
	if in := p.seatsIn(); in == 1 {
		return m == rules.Resignation && n == 1
	}
	return rules.WinnersFit(m, n, p.seatsIn())
}

var _ rules.State = (*Position)(nil)
var _ rules.Aliaser = (*Position)(nil)
var _ rules.Retirer = (*Position)(nil)
var _ rules.Skipper = (*Position)(nil)
var _ rules.Game = Game{}
