// Package rules holds the contract every Parlor game engine meets.
//
// A game is a sequence of decisions. At each State either a seat decides, or
// chance does (a dice roll): the engine never rolls dice itself, it lists the
// chance outcomes with their odds and the caller picks one and plays it like
// any other move. Games therefore replay exactly from their move log.
//
// States are immutable: Play returns a new State. Every State has a position
// text (String) that Parse of the same game turns back into an equal State,
// and a plain-text drawing for logs, tests and the console.
//
// Moves are identified by their canonical text. Parsing what a user typed is
// done by Find, which matches it against the texts of the legal moves, so the
// encoder and decoder can never drift apart.
//
// A Game may check its own states after every decision (Checker), so that
// self-play and the fuzzers check any game through the Game alone.
package rules

import (
	"errors"
	"strings"
)

// Seat is a player's place at the table, 0-based in turn order.
type Seat int

const (
	// Chance is the seat of the dice: the caller picks one of the chance outcomes.
	Chance Seat = -1
	// Nobody is to move when the game is over.
	Nobody Seat = -2
)

// Move is one decision. Text is its canonical notation, unique among the
// legal moves of a state. Odds is set for chance outcomes only: the
// probability of that outcome, all outcomes of a state summing to 1.
type Move struct {
	Text string
	Odds float64
}

// String returns the move's canonical text.
func (m Move) String() string { return m.Text }

// Method says how a game ended.
type Method string

// The ways a game ends. Games use the ones that apply to them.
const (
	Ongoing     Method = ""
	KingTaken   Method = "king-captured" // All the King's Men: a King was captured
	ThreatMate  Method = "threat"        // All the King's Men: under Threat with no way out
	Blocked     Method = "no-moves"      // the side to move had no legal move
	QuietDraw   Method = "quiet-moves"   // too many moves without a capture
	Finished    Method = "finished"      // race games: all pieces home
	Resignation Method = "resigned"
	Agreement   Method = "agreed-draw"
	Forfeit     Method = "forfeit" // a seat ran out of time or was removed
)

// Text says how a game ended by m, as players say it after "won" or
// "drawn": "by capturing the King", as a Text a caller may say in any
// language. A game may say it more exactly (the number of quiet moves,
// what its pieces are); Ongoing has no words.
func (m Method) Text() Text {
	if m == Ongoing {
		return Text{}
	}
	if t, ok := methodTexts[m]; ok {
		return t
	}
	return Textf("by %s", strings.ReplaceAll(string(m), "-", " "))
}

// methodTexts are the words of each way a game ends.
var methodTexts = map[Method]Text{
	KingTaken: Textf("by capturing the King"), ThreatMate: Textf("by a Threat with no way out"),
	Blocked: Textf("as the other side could not move"), QuietDraw: Textf("after too many moves without a capture"),
	Finished: Textf("by bringing every piece home"), Resignation: Textf("by resignation"),
	Agreement: Textf("by agreement"), Forfeit: Textf("by forfeit"),
}

// EndedText says how a game that is over ended, as its drawing says it:
// "South won by capturing the King", "drawn by agreement", "over by
// forfeit, with no winner". finished, if its Format is not "", says how
// the game's race is won ("by bringing all four pieces HOME"); side names
// a winning seat (a Word, to be said in the caller's language).
func EndedText(o Outcome, finished Text, side func(Seat) Word) Text {
	how := o.Method.Text()
	switch {
	case o.Method == Finished && finished.Format != "":
		how = finished
	case len(o.Winners) == 0 && o.Method == Agreement:
		return Textf("drawn %s", how)
	case len(o.Winners) == 0:
		return Textf("over %s, with no winner", how)
	}
	w := o.Winners
	if len(w) == 1 {
		return Textf("%s won %s", side(w[0]), how)
	}
	// "South and North", "South, West and North": a list, its last two
	// joined.
	var first []Text
	for _, s := range w[:len(w)-1] {
		first = append(first, Textf("%s", side(s)))
	}
	return Textf("%s and %s won %s", List(first...), side(w[len(w)-1]), how)
}

// Outcome is the result of a game: ongoing, won by some seats, or drawn.
type Outcome struct {
	Method  Method
	Winners []Seat // empty with a Method set means a draw
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Method != Ongoing }

// Draw reports whether the game ended with no winner.
func (o Outcome) Draw() bool { return o.Over() && len(o.Winners) == 0 }

// Won reports whether seat s is among the winners.
func (o Outcome) Won(s Seat) bool {
	for _, w := range o.Winners {
		if w == s {
			return true
		}
	}
	return false
}

// State is a position of a game together with whose decision it is.
type State interface {
	// ToMove is the seat to decide, Chance, or Nobody when the game is over.
	ToMove() Seat
	// Seats is the number of players.
	Seats() int
	// Legal lists every legal decision now, in a stable order. It returns a
	// fresh slice the caller may keep. It is empty when the game is over.
	Legal() []Move
	// Play returns the state after m, or an error saying why m is not legal.
	// Only the Text of m is read.
	Play(m Move) (State, error)
	// Describe says in words what the legal move m does from this state,
	// as a Text the caller may say in any language (its String is English).
	Describe(m Move) Text
	// Outcome is the result so far.
	Outcome() Outcome
	// End returns the state ended by something outside the board: a
	// resignation, a draw by agreement or a forfeit.
	End(o Outcome) (State, error)
	// String is the game's position text.
	String() string
	// Drawing is a plain-text picture of the board.
	Drawing() string
}

// Drawer is a State whose Drawing can be said in another language:
// DrawingSaid is Drawing with each of its words (its labels, its lines
// saying the last turn, whose turn it is, how the game ended) made a Text
// and said by say; squares, move texts and numbers stay as they are.
// Drawing is DrawingSaid(Text.String).
type Drawer interface {
	DrawingSaid(say func(Text) string) string
}

// DrawingIn is st's drawing said by say, if st can say it (Drawer), else
// its Drawing.
func DrawingIn(st State, say func(Text) string) string {
	if d, ok := st.(Drawer); ok {
		return d.DrawingSaid(say)
	}
	return st.Drawing()
}

// Game describes one kind of game.
type Game interface {
	// Name is the game's short id, used in commands and storage ("kingsmen").
	Name() string
	// Title is the game's name for people ("All the King's Men").
	Title() string
	// Players lists the numbers of players the game can be played by.
	Players() []int
	// New returns the start position for n players.
	New(n int) (State, error)
	// Parse reads a position text.
	Parse(text string) (State, error)
}

// Checker is implemented by games whose engines check their own states
// beyond the contract: what must hold after every decision (pieces
// neither made nor lost, fences where they may stand), for self-play, the
// fuzzers and the tests of every game to run without knowing the game.
type Checker interface {
	// Invariants checks what must hold from prev to next, the state after
	// one decision (or a retirement, a skipped turn, an End) from prev,
	// and says what does not.
	Invariants(prev, next State) error
}

// Invariants checks the step from prev to next with g's own checks (see
// Checker): nil for a game that has none.
func Invariants(g Game, prev, next State) error {
	if c, ok := g.(Checker); ok {
		return c.Invariants(prev, next)
	}
	return nil
}

// ErrIllegal is wrapped by every error that rejects a move.
var ErrIllegal = errors.New("illegal move")

// ErrOver is returned when a move is played after the end of the game.
var ErrOver = errors.New("the game is over")

// Normalize folds move text for matching: lower case, without spaces,
// hyphens and other punctuation a person might type between the parts.
func Normalize(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch r {
		case ' ', '\t', '-', '_', '.', ',', '>', '–', '—', ':':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Indexer is implemented by states with so many legal decisions that
// listing them costs more than a random player should pay (Kimbo's fence
// decisions, a thousand or so): LegalAt(i) is Legal()[i], made alone.
type Indexer interface {
	// NumLegal is len(Legal()).
	NumLegal() int
	// LegalAt is Legal()[i], for 0 <= i < NumLegal().
	LegalAt(i int) Move
}

// Uniform is a legal decision of s for a seat, drawn uniformly by
// intn(len(Legal())): through Indexer when s has it, so the same intn
// gives the same decision either way.
func Uniform(s State, intn func(int) int) Move {
	if ix, ok := s.(Indexer); ok {
		return ix.LegalAt(intn(ix.NumLegal()))
	}
	legal := s.Legal()
	return legal[intn(len(legal))]
}

// Aliaser is implemented by states whose moves may be typed in more ways
// than their canonical text.
type Aliaser interface {
	// Aliases lists other texts that mean the legal move m.
	Aliases(m Move) []string
}

// Retirer is implemented by states of games for more than two where a seat
// may leave and the others play on.
type Retirer interface {
	// Retire takes seat out of the game: its turns are skipped from now on
	// and its pieces leave the board. When one seat is left in, it wins by
	// Resignation. It fails for a seat already out or a game over.
	Retire(seat Seat) (State, error)
	// Retired reports whether seat has left the game.
	Retired(seat Seat) bool
}

// Resign is the state after seat resigns: it retires from a game that goes
// on without it (see Retirer), or, in any other game, loses it and every
// other seat wins.
func Resign(s State, seat Seat) (State, error) {
	if r, ok := s.(Retirer); ok {
		return r.Retire(seat)
	}
	return s.End(Outcome{Method: Resignation, Winners: Opponents(s, seat)})
}

// Skipper is implemented by states of dice games where a player who lets
// a deadline pass loses the turn rather than the game.
type Skipper interface {
	// Skip ends the turn of seat, which must be the seat to move: what is
	// left of its turn is not played, as if it had passed, and the turn
	// passes on as after a pass (doubles earn no throw again). It fails for
	// another seat or a game over.
	Skip(seat Seat) (State, error)
}

// Late is the state after seat, the seat to move, lets its deadline pass:
// its turn skipped in a game that allows it (see Skipper; skipped is
// true), or else the game forfeited to its opponents.
func Late(s State, seat Seat) (next State, skipped bool, err error) {
	if sk, ok := s.(Skipper); ok {
		next, err = sk.Skip(seat)
		return next, true, err
	}
	next, err = s.End(Outcome{Method: Forfeit, Winners: Opponents(s, seat)})
	return next, false, err
}

// Partnered is implemented by states of games played in partnerships,
// where a seat's opponents are not every other seat.
type Partnered interface {
	// Opponents are the seats playing against seat, in seat order.
	Opponents(seat Seat) []Seat
}

// Opponents are the seats playing against seat in s: those of the other
// partnership (see Partnered), or every other seat.
func Opponents(s State, seat Seat) []Seat {
	if p, ok := s.(Partnered); ok {
		return p.Opponents(seat)
	}
	var out []Seat
	for o := range s.Seats() {
		if Seat(o) != seat {
			out = append(out, Seat(o))
		}
	}
	return out
}

// Find returns the legal move of s that text means. It matches the canonical
// texts first, then the aliases, ignoring case, spaces and hyphens. The error
// says why nothing matched.
func Find(s State, text string) (Move, error) {
	if s.Outcome().Over() {
		return Move{}, ErrOver
	}
	want := Normalize(text)
	if want == "" {
		return Move{}, Illegalf("no move given")
	}
	legal := s.Legal()
	for _, m := range legal {
		if Normalize(m.Text) == want {
			return m, nil
		}
	}
	if a, ok := s.(Aliaser); ok {
		var found []Move
		for _, m := range legal {
			for _, alias := range a.Aliases(m) {
				if Normalize(alias) == want {
					found = append(found, m)
					break
				}
			}
		}
		if len(found) == 1 {
			return found[0], nil
		}
		if len(found) > 1 {
			return Move{}, Illegalf("%q could mean %s or %s", text, found[0].Text, found[1].Text)
		}
	}
	// Nothing matched: let the engine say why, when it can read the text.
	if _, err := s.Play(Move{Text: strings.TrimSpace(text)}); err != nil {
		return Move{}, err
	}
	return Move{}, Illegalf("%q is not a legal move here", text)
}

// Registry maps game names to games.
type Registry map[string]Game

// NewRegistry builds a registry; it panics on a duplicate name, a
// programming error found at start-up.
func NewRegistry(games ...Game) Registry {
	r := Registry{}
	for _, g := range games {
		if _, dup := r[g.Name()]; dup {
			panic("rules: duplicate game " + g.Name())
		}
		r[g.Name()] = g
	}
	return r
}
