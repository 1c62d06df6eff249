package kimbo

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"parlor/rules"
	"parlor/rules/dice"
)

// Neutral is the owner of the fences that close the entrances of the sides
// where nobody sits. Nobody moves them.
const Neutral rules.Seat = -3

// Fences in Position.fences: an owner seat, neutral, or vacant.
const (
	neutral int8 = 4
	vacant  int8 = -1
)

// PiecesPerSeat and FencesPerSeat are each player's equipment.
const (
	PiecesPerSeat = 4
	FencesPerSeat = 6
)

// Phase is the part of the game or of a turn a position is in.
type Phase uint8

// The phases. A turn is PhaseFence, PhaseRoll, PhaseMove, then PhaseCorner
// once for each piece the move captured.
const (
	PhaseOpening Phase = iota // chance: the opening roll, one seat at a time
	PhaseFence                // the seat may move one of its fences, or not
	PhaseRoll                 // chance: the seat's roll
	PhaseMove                 // the seat moves with the dice
	PhaseCorner               // the seat chooses the start area of a piece it captured
	PhaseOver                 // the game is over
)

var phaseNames = [...]string{"open", "fence", "roll", "move", "corner", "over"}

// String is the phase's name in the position text: open, fence, roll, move,
// corner or over.
func (ph Phase) String() string {
	if int(ph) < len(phaseNames) {
		return phaseNames[ph]
	}
	return "?"
}

// Position is a state of Kimbo. It is immutable; the zero value is not a
// valid position: use New or Parse.
type Position struct {
	players  int
	pieces   [4][PiecesPerSeat]Square // per seat, sorted; Home, or NoSquare while captured and not yet placed
	fences   [Slots]int8              // the owner seat of the fence in each slot, neutral, or vacant
	phase    Phase
	seat     int8         // whose turn it is (not used in the opening)
	dice     [2]int8      // PhaseMove: the roll, larger first
	opening  dice.Opening // PhaseOpening: each seat's roll this round
	pending  [2]int8      // PhaseCorner: the seats of the captured pieces still to place, next first
	npending int8
	retired  rules.Left // the seats that have left the game (Retire)
	last     Turn
	outcome  rules.Outcome
	cache    *moveCache // the texts of the legal moves of PhaseMove, worked out once
}

// moveCache holds the texts of a position's moves once worked out, so
// that Legal and Play do not both work them out.
type moveCache struct {
	once  sync.Once
	texts moveTexts
}

// clone copies p for the next position, without the cache: a position
// that will list moves gets its own (see playRoll).
func (p *Position) clone() *Position {
	next := *p
	next.cache = nil
	return &next
}

// legalTexts are the texts of the moves of PhaseMove, from the cache when
// it has them.
func (p *Position) legalTexts() moveTexts {
	if p.cache == nil {
		return p.genTexts()
	}
	p.cache.once.Do(func() { p.cache.texts = p.genTexts() })
	return p.cache.texts
}

// withMove calls fn with the legal move of PhaseMove whose text is text,
// and the paths of its legs, if there is one, and reports whether there
// is. fn must not keep them.
func (p *Position) withMove(text string, fn func(c *cand, paths []path)) bool {
	texts := p.legalTexts()
	for i := range texts.ends {
		if texts.text(i) == text {
			g := genPool.Get().(*moveGen)
			defer genPool.Put(g)
			p.genMoves(g, nil)
			c := g.legal[i]
			c.text = texts.text(i)
			fn(&c, g.paths)
			return true
		}
	}
	return false
}

// Turn records what happened in the latest turn (the one in progress, or
// the one just finished when the next has not started), so that the board
// can show it. It plays no part in the rules.
type Turn struct {
	Seat      rules.Seat // whose turn; rules.Nobody before the first decision
	Fenced    bool       // the fence decision has been taken
	FenceFrom Slot       // the fence moved, or NoSlot ("nofence", or not yet)
	FenceTo   Slot       // where it went, or NoSlot
	Dice      [2]int     // the roll, larger first; zeros before it. In the opening, the latest opening roll
	Move      string     // the canonical text of the move; "" before it
	Skipped   bool       // the turn was skipped (Skip) after what is recorded: the rest was not played
}

// Legs reads the turn's move into the paths of its pieces (none for a pass
// or before the move).
func (t Turn) Legs() []Leg {
	legs, _ := ParseLegs(t.Move)
	return legs
}

var noTurn = Turn{Seat: rules.Nobody, FenceFrom: NoSlot, FenceTo: NoSlot}

// Game is Kimbo for the rules registry.
type Game struct{}

// Name implements rules.Game.
func (Game) Name() string { return "kimbo" }

// Title implements rules.Game.
func (Game) Title() string { return "Kimbo" }

// Notation implements rules.Notated: the words of Kimbo's move texts
// ("roll 5-3", "nofence", "b1-b4-home", "jump e5-e6", "corner sw", "pass").
func (Game) Notation() rules.Notation {
	return rules.Notation{"roll", "nofence", "home", "jump", "corner", "pass"}
}

// Players implements rules.Game.
func (Game) Players() []int { return []int{2, 3, 4} }

// New implements rules.Game.
func (Game) New(n int) (rules.State, error) { return rules.AsState(New(n)) }

// Parse implements rules.Game.
func (Game) Parse(text string) (rules.State, error) { return rules.AsState(Parse(text)) }

// seatSides maps seats to sides for 2, 3 and 4 players: two sit opposite
// (South, North); three leave East empty.
var seatSides = [5][]Side{
	2: {SouthSide, NorthSide},
	3: {SouthSide, WestSide, NorthSide},
	4: {SouthSide, WestSide, NorthSide, EastSide},
}

// New returns the start of a game for n players (2 to 4): every piece on
// its start square, every fence in its marked slot, the entrances of empty
// sides closed by neutral fences, and the opening roll to come.
func New(n int) (*Position, error) {
	if n < 2 || n > 4 {
		//lint:ignore ST1005 the message begins with the game's name
		return nil, fmt.Errorf("Kimbo is for 2, 3 or 4 players, not %d", n)
	}
	p := &Position{players: n, phase: PhaseOpening, last: noTurn, cache: &moveCache{}}
	for i := range p.fences {
		p.fences[i] = vacant
	}
	for seat, side := range seatSides[n] {
		p.pieces[seat] = Board.StartSquares(side)
		slices.Sort(p.pieces[seat][:])
		for _, sl := range Board.InitialFences(side) {
			p.fences[sl] = int8(seat)
		}
	}
	for _, side := range emptySides(n) {
		for _, sl := range Board.ClosingSlots(side) {
			p.fences[sl] = neutral
		}
	}
	return p, nil
}

// emptySides are the sides nobody sits on with n players.
func emptySides(n int) []Side { return emptySideList[n] }

var emptySideList = func() (t [5][]Side) {
	for n := 2; n <= 4; n++ {
		for side := SouthSide; side <= EastSide; side++ {
			if !slices.Contains(seatSides[n], side) {
				t[n] = append(t[n], side)
			}
		}
	}
	return t
}()

// closedEntrances marks, for each number of players, the entrances of the
// empty sides, and closingSlots the slots their neutral fences stand in.
var closedEntrances, closingSlots = func() (sq [5][Cells]bool, sl [5][Slots]bool) {
	for n := 2; n <= 4; n++ {
		for _, side := range emptySides(n) {
			sq[n][Board.Entrance(side)] = true
			for _, c := range Board.ClosingSlots(side) {
				sl[n][c] = true
			}
		}
	}
	return sq, sl
}()

// closedEntrance reports whether s is the entrance of an empty side, which
// no piece may ever use.
func (p *Position) closedEntrance(s Square) bool {
	return s.OnGrid() && closedEntrances[p.players][s]
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

// Pieces are seat's four pieces, sorted: squares, Home, and NoSquare for a
// captured piece waiting for its corner. A seat that has left the game
// (Retired) has four NoSquare.
func (p *Position) Pieces(seat rules.Seat) [PiecesPerSeat]Square { return p.pieces[seat] }

// PieceAt is the seat whose piece stands on s, if any.
func (p *Position) PieceAt(s Square) (rules.Seat, bool) {
	if !s.OnGrid() {
		return rules.Nobody, false
	}
	for seat := range p.players {
		if slices.Contains(p.pieces[seat][:], s) {
			return rules.Seat(seat), true
		}
	}
	return rules.Nobody, false
}

// HomeCount is the number of seat's pieces in HOME.
func (p *Position) HomeCount(seat rules.Seat) int {
	n := 0
	for _, s := range p.pieces[seat] {
		if s == Home {
			n++
		}
	}
	return n
}

// FenceAt is the owner of the fence in slot sl (a seat, or Neutral), if a
// fence stands there.
func (p *Position) FenceAt(sl Slot) (rules.Seat, bool) {
	switch o := p.fences[sl]; o {
	case vacant:
		return rules.Nobody, false
	case neutral:
		return Neutral, true
	default:
		return rules.Seat(o), true
	}
}

// Fences are the slots of owner's fences (a seat, or Neutral), in slot order.
func (p *Position) Fences(owner rules.Seat) []Slot {
	want := int8(owner)
	if owner == Neutral {
		want = neutral
	}
	var out []Slot
	for sl, o := range p.fences {
		if o == want && o != vacant {
			out = append(out, Slot(sl))
		}
	}
	return out
}

// Phase is the phase of the game or turn.
func (p *Position) Phase() Phase { return p.phase }

// Turn is the seat whose turn it is, also while chance rolls for it.
// In the opening it is the seat about to roll; once over, rules.Nobody.
func (p *Position) Turn() rules.Seat {
	switch p.phase {
	case PhaseOver:
		return rules.Nobody
	case PhaseOpening:
		return rules.Seat(p.nextRoller())
	}
	return rules.Seat(p.seat)
}

// Dice is the roll being played in PhaseMove, larger first; zeros in the
// other phases (see Last for the dice showing).
func (p *Position) Dice() (int, int) {
	if p.phase != PhaseMove {
		return 0, 0
	}
	return int(p.dice[0]), int(p.dice[1])
}

// Last is the latest turn, for display: its fence move, dice and move.
func (p *Position) Last() Turn { return p.last }

// Pending lists the seats of the captured pieces the seat to move must
// still send to a start area, next first.
func (p *Position) Pending() []rules.Seat {
	out := make([]rules.Seat, p.npending)
	for i := range out {
		out[i] = rules.Seat(p.pending[i])
	}
	return out
}

// OpeningRolls lists, during the opening roll, each seat's roll in this
// round: {0, 0} still to roll, {-1, -1} out of this round (it lost a roll,
// did not tie for the highest, or left the game).
func (p *Position) OpeningRolls() [][2]int {
	if p.phase != PhaseOpening {
		return nil
	}
	return p.opening.Rolls(p.players)
}

// nextRoller is the seat to roll next in the opening.
func (p *Position) nextRoller() int { return p.opening.Next(p.players) }

// ToMove implements rules.State.
func (p *Position) ToMove() rules.Seat {
	switch p.phase {
	case PhaseOver:
		return rules.Nobody
	case PhaseOpening, PhaseRoll:
		return rules.Chance
	}
	return rules.Seat(p.seat)
}

// Seats implements rules.State.
func (p *Position) Seats() int { return p.players }

// Outcome implements rules.State.
func (p *Position) Outcome() rules.Outcome { return p.outcome }

// Legal implements rules.State. A fence decision lists "nofence" and every
// move of one of the seat's fences to a vacant slot; a roll lists the 21
// outcomes of two dice with their odds; a move decision lists every legal
// use of the dice; a corner decision the start areas with room.
func (p *Position) Legal() []rules.Move {
	switch p.phase {
	case PhaseOpening, PhaseRoll:
		return dice.Outcomes()
	case PhaseFence:
		return p.fenceMoves()
	case PhaseMove:
		texts := p.legalTexts()
		out := make([]rules.Move, len(texts.ends))
		for i := range out {
			out[i].Text = texts.text(i)
		}
		return out
	case PhaseCorner:
		var out []rules.Move
		for c := range 4 {
			if p.cornerRoom(c) {
				out = append(out, rules.Move{Text: "corner " + cornerNames[c]})
			}
		}
		return out
	}
	return nil
}

// NoFence is the text of the fence decision that moves no fence.
const NoFence = "nofence"

func (p *Position) fenceMoves() []rules.Move {
	var own [FencesPerSeat]Slot
	var free [Slots]Slot
	nown, nfree := p.fenceSlots(&own, &free)
	out := make([]rules.Move, 1+nown*nfree)
	out[0] = rules.Move{Text: NoFence}
	rest := out[1:]
	for _, from := range own[:nown] {
		for i, to := range free[:nfree] {
			rest[i].Text = fenceText(from, to)
		}
		rest = rest[nfree:]
	}
	return out
}

// fenceSlots lists, in slot order, the slots of the fences the seat to
// decide may move and the vacant slots they may go to.
func (p *Position) fenceSlots(own *[FencesPerSeat]Slot, free *[Slots]Slot) (nown, nfree int) {
	for sl, o := range &p.fences {
		switch {
		case o == vacant:
			free[nfree] = Slot(sl)
			nfree++
		case o == p.seat && nown < len(own):
			own[nown] = Slot(sl)
			nown++
		}
	}
	return nown, nfree
}

// fenceText is the text of the move of a fence from one slot to another,
// a slice of fenceRows.
func fenceText(from, to Slot) string {
	row, n := fenceRow(from), len(slotNames[from])+1
	at := int(to)*n + slotNameStart[to]
	return row[at : at+n+len(slotNames[to])]
}

// NumLegal is len(p.Legal()), without listing a fence decision's moves
// (rules.Indexer).
func (p *Position) NumLegal() int {
	switch p.phase {
	case PhaseFence:
		var own [FencesPerSeat]Slot
		var free [Slots]Slot
		nown, nfree := p.fenceSlots(&own, &free)
		return 1 + nown*nfree
	case PhaseMove:
		return len(p.legalTexts().ends)
	}
	return len(p.Legal())
}

// LegalAt is p.Legal()[i], made alone (rules.Indexer). It panics when i
// is out of range, as Legal()[i] would.
func (p *Position) LegalAt(i int) rules.Move {
	switch p.phase {
	case PhaseFence:
		if i == 0 {
			return rules.Move{Text: NoFence}
		}
		var own [FencesPerSeat]Slot
		var free [Slots]Slot
		nown, nfree := p.fenceSlots(&own, &free)
		if i < 0 || i > nown*nfree {
			panic(fmt.Sprintf("kimbo: fence decision %d of %d", i, 1+nown*nfree))
		}
		k, j := (i-1)/nfree, (i-1)%nfree
		return rules.Move{Text: fenceText(own[k], free[j])}
	case PhaseMove:
		return rules.Move{Text: p.legalTexts().text(i)}
	}
	return p.Legal()[i]
}

// fenceRows hold, for each slot, the texts of the moves of a fence from
// it to every slot in slot order, one after the other: the texts of a
// fence decision are slices of them, made once. A row (about 5 KB) is
// made when a fence decision first needs it; all would take 1.8 MB.
var fenceRows [Slots]atomic.Pointer[string]

// slotNameStart[sl] is the length of the names of the slots before sl.
var slotNameStart = func() (t [Slots + 1]int) {
	for sl := range Slots {
		t[sl+1] = t[sl] + len(slotNames[sl])
	}
	return t
}()

// fenceRow is the row of fenceRows of from, made if need be.
func fenceRow(from Slot) string {
	if row := fenceRows[from].Load(); row != nil {
		return *row
	}
	n := len(slotNames[from]) + 1
	b := make([]byte, 0, Slots*n+slotNameStart[Slots])
	for to := range Slots {
		b = append(b, slotNames[from]...)
		b = append(b, '>')
		b = append(b, slotNames[to]...)
	}
	row := string(b)
	fenceRows[from].Store(&row)
	return row
}

// cornerRoom reports whether start area c has a vacant square.
func (p *Position) cornerRoom(c int) bool {
	return p.cornerSquare(c, SouthSide) != NoSquare
}

// cornerSquare is the square of start area c a captured piece of side goes
// to: its own start square there if vacant, else the first vacant square of
// the next sides' (clockwise); NoSquare when the area is full.
func (p *Position) cornerSquare(c int, side Side) Square {
	for i := range Side(4) {
		s := Board.blocks[c][(side+i)&3]
		if _, taken := p.PieceAt(s); !taken {
			return s
		}
	}
	return NoSquare
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
	case PhaseOpening, PhaseRoll:
		a, b, err := dice.ParseExact(text, "roll")
		if err != nil {
			return nil, err
		}
		return p.playRoll(a, b), nil
	case PhaseFence:
		return p.playFence(text)
	case PhaseMove:
		return p.playMove(text)
	case PhaseCorner:
		return p.playCorner(text)
	}
	return nil, rules.Illegalf("no decision in phase %s", p.phase.String())
}

func (p *Position) playRoll(a, b int) *Position {
	next := p.clone()
	if p.phase == PhaseRoll {
		next.phase = PhaseMove
		next.cache = &moveCache{}
		next.dice = [2]int8{int8(a), int8(b)}
		next.last.Dice = [2]int{a, b}
		return next
	}
	// The opening roll.
	r := p.nextRoller()
	next.opening.Record(r, a, b)
	next.last = noTurn
	next.last.Seat, next.last.Dice = rules.Seat(r), [2]int{a, b}
	next.settleOpening()
	return next
}

// settleOpening closes the round of the opening roll once it is decided.
// When every seat in the round has rolled, the highest total starts, and
// seats tied for the highest roll again, alone. A seat left alone in the
// round, the others having left the game, starts without rolling.
func (p *Position) settleOpening() {
	if first, ok := p.opening.Settle(p.players); ok {
		p.phase, p.seat = PhaseFence, int8(first)
	}
}

// FenceMove is a fence decision read from its text: From is NoSlot for
// "nofence".
type FenceMove struct {
	From, To Slot
}

// String is the decision's canonical text.
func (f FenceMove) String() string {
	if f.From == NoSlot {
		return NoFence
	}
	return f.From.String() + ">" + f.To.String()
}

// ParseFenceMove reads "nofence" or a fence move such as "e1|f1>h5|h6",
// without checking that it is legal anywhere.
func ParseFenceMove(text string) (FenceMove, error) {
	if text == NoFence {
		return FenceMove{NoSlot, NoSlot}, nil
	}
	a, b, ok := strings.Cut(text, ">")
	if !ok {
		return FenceMove{}, rules.Illegalf("%q is not a fence move like e1|f1>h5|h6, or nofence", text)
	}
	from, err := ParseSlot(strings.TrimSpace(a))
	if err != nil {
		return FenceMove{}, rules.Illegal(err)
	}
	to, err := ParseSlot(strings.TrimSpace(b))
	if err != nil {
		return FenceMove{}, rules.Illegal(err)
	}
	return FenceMove{from, to}, nil
}

func (p *Position) playFence(text string) (*Position, error) {
	f, err := ParseFenceMove(text)
	if err != nil {
		if legs, perr := ParseLegs(text); perr == nil && (len(legs) > 0 || text == PassText) {
			// A piece's move, or a pass, before the dice are rolled.
			return nil, rules.NotYetf("roll first: no piece moves before the dice are rolled; move one of your fences, or roll without moving one (nofence)")
		}
		return nil, err
	}
	if f.String() != text {
		return nil, rules.Illegalf("write the fence move as %s", f.String())
	}
	if f.From != NoSlot {
		switch o := p.fences[f.From]; {
		case o == vacant:
			return nil, rules.Illegalf("there is no fence in %s", f.From.String())
		case o == neutral:
			return nil, rules.Illegalf("the fence in %s is neutral: it closes an entrance and never moves", f.From.String())
		case o != p.seat:
			return nil, rules.Illegalf("the fence in %s is %s's: you may move only your own", f.From.String(), p.Side(rules.Seat(o)).Word())
		}
		if p.fences[f.To] != vacant {
			return nil, rules.Illegalf("slot %s is not vacant", f.To.String())
		}
	}
	next := p.clone()
	if f.From != NoSlot {
		next.fences[f.From], next.fences[f.To] = vacant, p.seat
	}
	next.phase = PhaseRoll
	next.last = Turn{Seat: rules.Seat(p.seat), Fenced: true, FenceFrom: f.From, FenceTo: f.To}
	return next, nil
}

func (p *Position) playCorner(text string) (*Position, error) {
	name, ok := strings.CutPrefix(text, "corner ")
	c := slices.Index(cornerNames[:], name)
	if !ok || c < 0 {
		if legs, err := ParseLegs(text); err == nil && len(legs) > 0 || text == PassText || text == NoFence {
			// A move of the turn, typed while the capture waits for
			// its corner: the corner comes first.
			var corners []string
			for _, m := range p.Legal() {
				corners = append(corners, m.Text)
			}
			return nil, rules.NotYetf("first choose the corner the captured piece goes back to, from the menu under the board or by playing one of %s", strings.Join(corners, ", "))
		}
		return nil, rules.Illegalf("%q is not a corner like \"corner sw\" (sw, se, ne, nw)", text)
	}
	if !p.cornerRoom(c) {
		return nil, rules.Illegalf("the %s start area is full", name)
	}
	next := p.clone()
	next.place(c)
	if next.npending == 0 {
		next.endTurn()
	}
	return next, nil
}

// place puts the next captured piece in start area c, which has room.
func (p *Position) place(c int) {
	victim := p.pending[0]
	s := p.cornerSquare(c, p.Side(rules.Seat(victim)))
	i := slices.Index(p.pieces[victim][:], NoSquare)
	p.pieces[victim][i] = s
	slices.Sort(p.pieces[victim][:])
	p.pending[0], p.pending[1] = p.pending[1], 0
	p.npending--
}

// endTurn passes the turn to the next seat still in the game.
func (p *Position) endTurn() {
	for {
		p.seat = int8((int(p.seat) + 1) % p.players)
		if !p.retired[p.seat] {
			break
		}
	}
	p.phase = PhaseFence
	p.dice = [2]int8{}
}

// Skip implements rules.Skipper: the turn of seat, the seat to act, ends
// where it stands, as if it had passed, and the next seat still in the
// game (in turn order, past the seats that have left) begins its turn with
// its fence decision. What is left of the turn is lost: skipped at its
// fence decision, the seat moves no fence, rolls and moves nothing; at its
// move decision, the roll is not played (doubles give no jump and no
// further turn); at a corner decision, the choice is not made: the
// captured pieces still waiting go to the first start area with room (sw,
// se, ne, nw), as after a winning capture or when the capturer leaves.
//
// The latest turn's record (Last) keeps what the seat played before the
// skip and says the turn was skipped (Turn.Skipped); a turn skipped at its
// fence decision records nothing else. Skip fails with rules.ErrOver once
// the game is over, and with rules.ErrIllegal for a seat not to act:
// another seat, a seat out of range or that has left, or any seat while
// the dice are to roll (the opening roll and each turn's roll are
// chance's).
func (p *Position) Skip(seat rules.Seat) (rules.State, error) { return rules.AsState(p.skip(seat)) }

func (p *Position) skip(seat rules.Seat) (*Position, error) {
	if err := rules.CanSkip("kimbo", p.phase == PhaseOver, seat, p.players); err != nil {
		return nil, err
	}
	switch {
	case p.phase == PhaseOpening:
		return nil, rules.Illegalf("no turn to skip during the opening roll: the dice roll for %s", p.Side(p.Turn()).Word())
	case p.phase == PhaseRoll:
		return nil, rules.Illegalf("no decision of %s's to skip: the dice are to roll for it", p.Side(p.Turn()).Word())
	case p.retired[seat]:
		return nil, rules.Illegalf("%s has left the game: it has no turn to skip", p.Side(seat).Word())
	case seat != rules.Seat(p.seat):
		return nil, rules.Illegalf("it is %s's turn, not %s's: only the seat to act can be skipped", p.Side(rules.Seat(p.seat)).Word(), p.Side(seat).Word())
	}
	next := p.clone()
	if p.phase == PhaseFence {
		// The record still holds the turn before; this turn has none yet.
		next.last = noTurn
		next.last.Seat = seat
	}
	next.last.Skipped = true
	next.placeAll()
	next.endTurn()
	return next, nil
}

// Retired reports whether seat has left the game (see Retire).
func (p *Position) Retired(seat rules.Seat) bool { return p.retired.Has(seat, p.players) }

// seatsIn is the number of seats that have not left the game.
func (p *Position) seatsIn() int { return p.retired.In(p.players) }

// Retire implements rules.Retirer: seat leaves the game and the others
// play on. Its four pieces leave the board, from squares and HOME alike;
// its six fences stay where they stand, still its own, and nobody moves
// them again; its entrance stays open. Its turns are skipped from now on.
//
// If it was its turn, in any phase, the turn ends at once, and the pieces
// it captured and had not yet sent to a corner go to the first start area
// with room (sw, se, ne, nw), as at the end of a game. If another seat is
// choosing corners for pieces of seat's, those pieces leave the game
// instead, and that seat's turn ends when no other piece waits. In the
// opening roll seat is out of the round, which may settle the roll.
//
// When one seat is left in, the game is over and that seat wins by
// rules.Resignation: in a two-player game Retire is a resignation. Retire
// fails for a seat out of range or already out, and with rules.ErrOver once
// the game is over.
func (p *Position) Retire(seat rules.Seat) (rules.State, error) { return rules.AsState(p.retire(seat)) }

func (p *Position) retire(seat rules.Seat) (*Position, error) {
	if err := rules.CanLeave("kimbo", p.phase == PhaseOver, &p.retired, seat, p.players, p.Side); err != nil {
		return nil, err
	}
	next := p.clone()
	next.retired[seat] = true
	next.pieces[seat] = [PiecesPerSeat]Square{NoSquare, NoSquare, NoSquare, NoSquare}
	next.opening[seat] = dice.Out
	// Its pieces waiting for a corner leave the game with it.
	var keep [2]int8
	k := int8(0)
	for _, v := range p.pending[:p.npending] {
		if v != int8(seat) {
			keep[k] = v
			k++
		}
	}
	next.pending, next.npending = keep, k
	acting := p.phase != PhaseOpening && p.seat == int8(seat)
	switch {
	case next.seatsIn() == 1:
		for w := range p.players {
			if !next.retired[w] {
				next.finish(rules.Resignation, rules.Seat(w))
			}
		}
	case p.phase == PhaseOpening:
		next.settleOpening()
	case acting:
		next.placeAll()
		next.endTurn()
	case p.phase == PhaseCorner && next.npending == 0:
		next.endTurn()
	}
	return next, nil
}

// End implements rules.State: a resignation or a forfeit names the winners
// (one or more seats; a forfeit may name none), an agreed draw none.
func (p *Position) End(o rules.Outcome) (rules.State, error) {
	if err := rules.CanEnd("kimbo", p.phase == PhaseOver, o, p.players, &p.retired, p.Side); err != nil {
		return nil, err
	}
	if !p.endFits(o.Method, o.Winners) {
		return nil, fmt.Errorf("kimbo: %s with %d winners among %d seats in the game", o.Method, len(o.Winners), p.seatsIn())
	}
	next := p.clone()
	next.finish(o.Method, o.Winners...)
	return next, nil
}

// finish ends the game.
func (p *Position) finish(m rules.Method, winners ...rules.Seat) {
	p.outcome = rules.Ended(m, winners...)
	p.phase = PhaseOver
	p.dice = [2]int8{}
	p.opening = dice.Opening{}
	// A piece captured by the winning move still goes back to a corner: the
	// first start area with room.
	p.placeAll()
}

// placeAll sends every captured piece waiting for a corner to the first
// start area with room (sw, se, ne, nw), without a decision.
func (p *Position) placeAll() {
	for p.npending > 0 {
		c := slices.IndexFunc([]int{0, 1, 2, 3}, p.cornerRoom)
		if c < 0 {
			break // cannot happen: a captured piece left a square free
		}
		p.place(c)
	}
}

// endFits reports whether the game may end by m with winners (seats in
// range, none twice): none of them has left the game, and their number
// fits the seats still in. With one seat left in, the others have left:
// it won by resignation.
func (p *Position) endFits(m rules.Method, winners []rules.Seat) bool {
	for _, w := range winners {
		if p.retired[w] {
			return false
		}
	}
	if in := p.seatsIn(); in == 1 {
		return m == rules.Resignation && len(winners) == 1
	}
	return rules.WinnersFit(m, len(winners), p.seatsIn())
}
