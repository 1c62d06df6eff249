package rumba

import (
	"fmt"
	"strconv"

	"parlor/rules"
)

// The board is reconstructed (docs/boards.md): no picture of it survives.
// Every number of it is in this table and the constants beside it, so a
// better source changes the table, not the rules; init checks the table.

// The sizes of the board.
const (
	TrackSpaces   = 64 // the main track: a square loop, spaces 00–63 counter-clockwise seen from above
	Turnouts      = 4  // one around each corner
	TurnoutSpaces = 7  // the single spaces of each turnout

	// NumSpaces counts the spaces men can stand on: the track, then the turnouts.
	NumSpaces = TrackSpaces + Turnouts*TurnoutSpaces
)

// Layout is the board as data.
type Layout struct {
	// Starts is each hand's starting point on the track (South, East,
	// North, West). A hand's finish space is the track space just before it.
	Starts [4]int
	// Turnouts are the side-tracks, in track order.
	Turnouts [Turnouts]TurnoutDef
}

// TurnoutDef is one turnout: it leaves the track after space After, runs
// TurnoutSpaces single spaces and rejoins the track at space Rejoin,
// bypassing the track spaces between.
type TurnoutDef struct {
	Name          string // its name in move texts: the corner it goes round
	After, Rejoin int
}

// Board is the reconstructed board of boards.md: a 64-space loop; the
// starting points in the middle of each side; a 7-space turnout round each
// corner, bypassing 5 track spaces.
var Board = Layout{
	Starts: [4]int{0, 16, 32, 48},
	Turnouts: [Turnouts]TurnoutDef{
		{Name: "se", After: 5, Rejoin: 11},
		{Name: "ne", After: 21, Rejoin: 27},
		{Name: "nw", After: 37, Rejoin: 43},
		{Name: "sw", After: 53, Rejoin: 59},
	},
}

// Space is a place a man can be: a track space (0–63), a turnout space,
// Waiting (not in play) or Finish (the central FINISH).
type Space int8

const (
	// Waiting is where a man is before he enters, and after his capture:
	// beside his starting point, not in play.
	Waiting Space = -1
	// Finish is the central FINISH space.
	Finish Space = NumSpaces
)

// TurnoutSpace is the k-th space (1 to TurnoutSpaces) of turnout q.
func TurnoutSpace(q, k int) Space { return Space(TrackSpaces + q*TurnoutSpaces + k - 1) }

// OnTrack reports whether s is a space of the main track.
func (s Space) OnTrack() bool { return s >= 0 && s < TrackSpaces }

// OnTurnout reports whether s is a turnout space.
func (s Space) OnTurnout() bool { return s >= TrackSpaces && s < NumSpaces }

// OnBoard reports whether s is a track or turnout space.
func (s Space) OnBoard() bool { return s >= 0 && s < NumSpaces }

// Turnout is the turnout s is on and its place on it (1 to
// TurnoutSpaces); ok is false off the turnouts.
func (s Space) Turnout() (q, k int, ok bool) {
	if !s.OnTurnout() {
		return 0, 0, false
	}
	i := int(s) - TrackSpaces
	return i / TurnoutSpaces, i%TurnoutSpaces + 1, true
}

// String is the space's name: "00" to "63" on the track, the turnout's
// name and the place on it ("se1" to "se7"), "finish", or "-" for Waiting.
func (s Space) String() string {
	switch {
	case s == Waiting:
		return "-"
	case s == Finish:
		return "finish"
	case s.OnBoard():
		return spaceNames[s]
	}
	return fmt.Sprintf("?%d", int(s))
}

// ParseSpace reads a space's name (see Space.String). Track spaces may be
// written without the leading zero.
func ParseSpace(name string) (Space, error) {
	switch name {
	case "-":
		return Waiting, nil
	case "finish":
		return Finish, nil
	}
	if n, err := strconv.Atoi(name); err == nil && name[0] != '+' && name[0] != '-' && len(name) <= 2 {
		if n >= 0 && n < TrackSpaces {
			return Space(n), nil
		}
	}
	if len(name) == 3 && name[2] >= '1' && int(name[2]-'0') <= TurnoutSpaces {
		if q := turnoutByName(name[:2]); q >= 0 {
			return TurnoutSpace(q, int(name[2]-'0')), nil
		}
	}
	return 0, rules.Mistake(rules.Textf("%q is not a space: track spaces are 00 to %d, turnout spaces se1 to sw%d", name, TrackSpaces-1, TurnoutSpaces))
}

// turnoutByName is the turnout of Board named name, or -1.
func turnoutByName(name string) int { return turnoutByNameIn(&Board, name) }

// Start is hand h's starting point, where its men enter.
func Start(h Hand) Space { return Space(Board.Starts[h]) }

// FinishSpace is hand h's finish space, the track space before its
// starting point: its men stop there by exact count, then go into FINISH
// on a 6.
func FinishSpace(h Hand) Space { return Space((Board.Starts[h] + TrackSpaces - 1) % TrackSpaces) }

// The board's derived tables, worked out from Board by init.
var (
	succ       [NumSpaces]Space  // the next space along the track or turnout (the track route at a fork)
	forkOf     [NumSpaces]int8   // the turnout leaving after this space, or -1
	spaceNames [NumSpaces]string // "00"–"63", "se1"–"sw7"
)

func init() {
	if err := Board.check(); err != nil {
		panic("rumba: board table: " + err.Error())
	}
	for s := range Space(TrackSpaces) {
		succ[s] = (s + 1) % TrackSpaces
		forkOf[s] = -1
		spaceNames[s] = fmt.Sprintf("%02d", int(s))
	}
	for q, t := range Board.Turnouts {
		forkOf[t.After] = int8(q)
		for k := 1; k <= TurnoutSpaces; k++ {
			s := TurnoutSpace(q, k)
			forkOf[s] = -1
			spaceNames[s] = t.Name + strconv.Itoa(k)
			succ[s] = s + 1
			if k == TurnoutSpaces {
				succ[s] = Space(t.Rejoin)
			}
		}
	}
}

// maxVia is the most turnouts one move runs through.
const maxVia = 2

// check reports what is wrong with the layout: starting points not on the
// track or shared; turnouts that do not rejoin ahead, are not longer than
// the stretch they bypass, overlap, fork where another rejoins, or bypass a
// starting point or a finish space (a man must never skip his own), or
// more than two of them within reach of one move; a turnout name that is
// not two letters or is used twice.
func (l *Layout) check() error {
	bypassed := map[int]int{}
	forks := map[int]bool{}
	for q, t := range l.Turnouts {
		if len(t.Name) != 2 || t.Name[0] < 'a' || t.Name[0] > 'z' || t.Name[1] < 'a' || t.Name[1] > 'z' || turnoutByNameIn(l, t.Name) != q {
			return fmt.Errorf("turnout %d: name %q, want two letters, used once", q, t.Name)
		}
		if t.After < 0 || t.After >= TrackSpaces || t.Rejoin < 0 || t.Rejoin >= TrackSpaces {
			return fmt.Errorf("turnout %s: spaces %d and %d, want track spaces", t.Name, t.After, t.Rejoin)
		}
		gap := (t.Rejoin - t.After + TrackSpaces) % TrackSpaces // track steps from After to Rejoin
		if gap < 2 || gap >= TurnoutSpaces+1 {
			return fmt.Errorf("turnout %s: %d track steps from %d to %d, want from 2 to %d: it bypasses track spaces and is longer", t.Name, gap, t.After, t.Rejoin, TurnoutSpaces)
		}
		forks[t.After] = true
		for i := 1; i < gap; i++ {
			s := (t.After + i) % TrackSpaces
			if other, ok := bypassed[s]; ok {
				return fmt.Errorf("turnouts %s and %s both bypass space %d", l.Turnouts[other].Name, t.Name, s)
			}
			bypassed[s] = q
		}
	}
	for q, t := range l.Turnouts {
		if other, ok := bypassed[t.After]; ok {
			return fmt.Errorf("turnout %s leaves from space %d, which turnout %s bypasses", t.Name, t.After, l.Turnouts[other].Name)
		}
		if forks[t.Rejoin] && t.Rejoin != t.After {
			return fmt.Errorf("turnout %s rejoins at %d, where a turnout leaves", l.Turnouts[q].Name, t.Rejoin)
		}
	}
	for s := range TrackSpaces { // a move of 20 (two rewards) names at most two turnouts in its path
		n := 0
		for i := range 2 * RewardSpaces {
			if forks[(s+i)%TrackSpaces] {
				n++
			}
		}
		if n > maxVia {
			return fmt.Errorf("%d turnouts leave within %d spaces from %d, want at most %d", n, 2*RewardSpaces, s, maxVia)
		}
	}
	seen := map[int]bool{}
	for h, s := range l.Starts {
		if s < 0 || s >= TrackSpaces || seen[s] {
			return fmt.Errorf("starting point %d of hand %d: want a track space, one per hand", s, h)
		}
		seen[s] = true
		fin := (s + TrackSpaces - 1) % TrackSpaces
		for _, x := range []int{s, fin} {
			if q, ok := bypassed[x]; ok {
				return fmt.Errorf("turnout %s bypasses space %d, a starting point or finish space", l.Turnouts[q].Name, x)
			}
		}
	}
	return nil
}

func turnoutByNameIn(l *Layout, name string) int {
	for q, t := range l.Turnouts {
		if t.Name == name {
			return q
		}
	}
	return -1
}
