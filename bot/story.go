package bot

import (
	"context"
	"slices"
	"strings"
	"sync"

	"parlor/render"
	"parlor/rules"
	"parlor/storage"
)

// Step is one entry of a game's log with the states around it.
type Step struct {
	Entry         storage.Entry
	Before, After rules.State
}

// Steps replays a game's log from its start, as Replay does, and returns
// each entry with the states before and after it.
func Steps(game rules.Game, players int, log []storage.Entry) ([]Step, error) {
	r, err := newReplayer(game, players)
	if err != nil {
		return nil, err
	}
	return r.steps(make([]Step, 0, len(log)), log)
}

// steps plays log on r, appending each entry with the states around it to
// steps.
func (r *replayer) steps(steps []Step, log []storage.Entry) ([]Step, error) {
	for _, e := range log {
		before := r.st
		next, err := r.apply(e)
		if err != nil {
			return nil, err
		}
		steps = append(steps, Step{Entry: e, Before: before, After: next})
	}
	return steps, nil
}

// sinceFrom is the index of the first step after seat's latest decision
// of its own (a move, not the dice) in steps, 0 if it has made none.
func sinceFrom(steps []Step, seat int) int {
	for i := len(steps) - 1; i >= 0; i-- {
		e := steps[i].Entry
		if e.Seat == seat && (e.Kind == storage.EntryMove || e.Kind == storage.EntrySkip) {
			return i + 1
		}
	}
	return 0
}

// maxStoryLines bounds the lines of what happened since a player's turn:
// the older ones are counted instead.
const maxStoryLines = 12

// story tells steps, in order, a line per run of one player's decisions
// (as the kit's Narrate tells them), resignation or skipped turn, in lang
// (the game's).
func story(lang Lang, kit Kit, g *storage.Game, steps []Step) string {
	var lines []string
	names := names(g)
	var run []Played
	flush := func(after rules.State) {
		if len(run) == 0 {
			return
		}
		if kit.Narrate != nil {
			if s := kit.Narrate(lang, run, after, names); s != "" {
				lines = append(lines, strings.Split(s, "\n")...)
			}
		} else {
			for _, p := range run {
				lines = append(lines, lang.T("**%s** played %s (%s).", seatLabel(names, p.Before.ToMove()), p.Before.Describe(p.Move), rules.MoveText(p.Move.Text)))
			}
		}
		run = nil
	}
	for i, s := range steps {
		who := seatUser(g, s.Entry.Seat).Name
		switch s.Entry.Kind {
		case storage.EntryMove:
			run = append(run, Played{Before: s.Before, Move: rules.Move{Text: s.Entry.Text}})
			if i == len(steps)-1 || steps[i+1].Entry.Kind != storage.EntryMove {
				flush(s.After)
			}
		case storage.EntryResign:
			if s.After.Outcome().Over() {
				lines = append(lines, lang.T("**%s** resigned.", who))
			} else {
				lines = append(lines, lang.T("**%s** resigned and left the game; the others play on.", who))
			}
		case storage.EntrySkip:
			lines = append(lines, lang.T("**%s**'s turn was skipped: the deadline passed.", who))
		case storage.EntryForfeit:
			lines = append(lines, lang.T("**%s** forfeited: the deadline passed.", who))
		case storage.EntryDraw:
			lines = append(lines, lang.T("The game was drawn by agreement."))
		case storage.EntryTakeback:
			lines = append(lines, lang.T("**%s** took back a move, by agreement.", who))
		}
	}
	if len(lines) > maxStoryLines {
		more := len(lines) - maxStoryLines + 1
		lines = append([]string{lang.T("_…%d earlier lines: see /%s history._", more, g.Kind)}, lines[more:]...)
	}
	return strings.Join(lines, "\n")
}

// earlierTurns are the turns of steps for a picture to mark
// (render.Info.Earlier): the state after each seat's turn (see turnEnds),
// the latest left out (the state drawn marks it).
func earlierTurns(steps []Step) []render.Turn {
	var turns []render.Turn
	for _, i := range turnEnds(steps) {
		if s := steps[i]; s.Entry.Kind == storage.EntryMove && s.Before.ToMove() != rules.Chance {
			turns = append(turns, render.Turn{State: s.After, Move: s.Entry.Text})
		}
	}
	if len(turns) > 0 {
		turns = turns[:len(turns)-1]
	}
	return turns
}

// nextSeat is the seat of the first decision of steps that is not the
// dice's, or rules.Nobody.
func nextSeat(steps []Step) int {
	for _, s := range steps {
		if s.Entry.Kind != storage.EntryMove {
			return int(rules.Nobody)
		}
		if s.Before.ToMove() != rules.Chance {
			return s.Entry.Seat
		}
	}
	return int(rules.Nobody)
}

// since is what a game of three or four tells its next player when their
// turn begins, after seat actor acted: everything since their previous
// decision, and the turns to mark on the picture. ok is false when there
// is nothing more to tell than the latest action (a game of two, a game
// over, a turn going on, a computer to move) or the log cannot be read.
func (t *Table) since(ctx context.Context, l *loaded, actor int) (lead string, earlier []render.Turn, ok bool) {
	g, st := l.row, l.state
	seat := int(st.ToMove())
	if len(g.Seats) <= 2 || st.Outcome().Over() || seat < 0 || seat == actor || seatUser(g, seat).Computer != "" {
		return "", nil, false
	}
	log, err := t.store.Log(ctx, g.ID)
	if err != nil {
		t.log.Warn("load the log for the story", "game", g.ID, "err", err)
		return "", nil, false
	}
	steps, whole, err := t.tails.steps(g.ID, l.kit.Game, len(g.Seats), log)
	if err == nil && !whole && sinceFrom(steps, seat) == 0 {
		// The player's previous decision is older than the steps kept.
		steps, err = Steps(l.kit.Game, len(g.Seats), log)
	}
	if err != nil {
		t.log.Warn("replay the log for the story", "game", g.ID, "err", err)
		return "", nil, false
	}
	steps = steps[sinceFrom(steps, seat):]
	if len(steps) == 0 {
		return "", nil, false
	}
	return story(l.lang, l.kit, g, steps), earlierTurns(steps), true
}

// tails keeps the latest steps of the games whose stories were told
// lately, so that the next story replays only the entries since, not the
// whole log (a long game of four has thousands). Safe for concurrent use.
type tails struct {
	mu    sync.Mutex
	games map[int64]*tail
}

// tail is a game's log replayed up to a ply: the state there, and the
// last steps before it.
type tail struct {
	last  storage.Entry // the last entry replayed, to know the log is the same
	state rules.State   // the state after it
	steps []Step        // the last steps, at most tailSteps
	whole bool          // steps start at the game's start
}

// tailSteps is how many steps a tail keeps: several rounds of a game of
// four; tailGames how many games' tails are kept.
const (
	tailSteps = 256
	tailGames = 512
)

// steps are the latest steps of game's log, at most tailSteps of them,
// replayed from the tail kept when it is of the same log, else from the
// start; whole says they begin at the start of the game.
func (ts *tails) steps(id int64, game rules.Game, players int, log []storage.Entry) (steps []Step, whole bool, err error) {
	ts.mu.Lock()
	tl := ts.games[id]
	ts.mu.Unlock()
	var from int
	var st rules.State
	var kept []Step
	if tl != nil && tl.last.Ply >= 1 && tl.last.Ply <= len(log) && sameEntry(log[tl.last.Ply-1], tl.last) {
		from, st, kept, whole = tl.last.Ply, tl.state, tl.steps, tl.whole
	} else if st, err = game.New(players); err != nil {
		return nil, false, err
	} else {
		whole = true
	}
	if from > 0 && slices.ContainsFunc(log[from:], func(e storage.Entry) bool { return e.Kind == storage.EntryTakeback }) {
		// A takeback needs the states before the tail: replay it all.
		from, kept, whole = 0, nil, true
		if st, err = game.New(players); err != nil {
			return nil, false, err
		}
	}
	r := &replayer{game: game, st: st}
	if steps, err = r.steps(append([]Step(nil), kept...), log[from:]); err != nil {
		return nil, false, err
	}
	st = r.st
	if n := len(steps) - tailSteps; n > 0 {
		steps, whole = steps[n:], false
	}
	if len(log) > 0 {
		ts.mu.Lock()
		if ts.games == nil || len(ts.games) >= tailGames {
			ts.games = map[int64]*tail{} // forget them all: the next stories replay whole
		}
		ts.games[id] = &tail{last: log[len(log)-1], state: st, steps: steps, whole: whole}
		ts.mu.Unlock()
	}
	return steps, whole, nil
}

// sameEntry reports whether two log entries are the same entry.
func sameEntry(a, b storage.Entry) bool {
	return a.Ply == b.Ply && a.Seat == b.Seat && a.Kind == b.Kind && a.Text == b.Text && a.At.Equal(b.At)
}

// turnEnds are the indices of the steps that end a turn: a step after
// which a different seat decides (the dice aside), the game ends, or an
// entry other than a move comes.
func turnEnds(steps []Step) []int {
	var ends []int
	for i, s := range steps {
		if s.Entry.Kind == storage.EntryMove && s.Before.ToMove() == rules.Chance && i+1 < len(steps) {
			continue // a roll: its turn goes on
		}
		end := i+1 == len(steps) || steps[i+1].Entry.Kind != storage.EntryMove
		if !end {
			next := nextSeat(steps[i+1:])
			end = next != s.Entry.Seat || s.Entry.Kind != storage.EntryMove
		}
		if end {
			ends = append(ends, i)
		}
	}
	return ends
}
