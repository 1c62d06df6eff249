package bot

import (
	"context"
	"fmt"
	"strings"

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
	st, err := game.New(players)
	if err != nil {
		return nil, err
	}
	steps := make([]Step, 0, len(log))
	for _, e := range log {
		next, err := applyEntry(game, st, e)
		if err != nil {
			return nil, err
		}
		steps = append(steps, Step{Entry: e, Before: st, After: next})
		st = next
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
// (as the kit's Narrate tells them), resignation or skipped turn.
func story(kit Kit, g *storage.Game, steps []Step) string {
	var lines []string
	names := names(g)
	var run []Played
	flush := func(after rules.State) {
		if len(run) == 0 {
			return
		}
		if kit.Narrate != nil {
			if s := kit.Narrate(run, after, names); s != "" {
				lines = append(lines, strings.Split(s, "\n")...)
			}
		} else {
			for _, p := range run {
				lines = append(lines, fmt.Sprintf("**%s** played %s (%s).", seatLabel(names, p.Before.ToMove()), p.Before.Describe(p.Move), p.Move.Text))
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
				lines = append(lines, fmt.Sprintf("**%s** resigned.", who))
			} else {
				lines = append(lines, fmt.Sprintf("**%s** resigned and left the game; the others play on.", who))
			}
		case storage.EntrySkip:
			lines = append(lines, fmt.Sprintf("**%s**'s turn was skipped: the deadline passed.", who))
		case storage.EntryForfeit:
			lines = append(lines, fmt.Sprintf("**%s** forfeited: the deadline passed.", who))
		case storage.EntryDraw:
			lines = append(lines, "The game was drawn by agreement.")
		}
	}
	if len(lines) > maxStoryLines {
		more := len(lines) - maxStoryLines + 1
		lines = append([]string{fmt.Sprintf("_…%d earlier lines: see /%s history._", more, g.Kind)}, lines[more:]...)
	}
	return strings.Join(lines, "\n")
}

// earlierTurns are the turns of steps for a picture to mark
// (render.Info.Earlier): a state after each seat's turn, one per run of a
// seat's decisions, the latest run left out (the state drawn marks it).
func earlierTurns(steps []Step) []render.Turn {
	var turns []render.Turn
	for i, s := range steps {
		if s.Entry.Kind != storage.EntryMove || s.Before.ToMove() == rules.Chance {
			continue
		}
		end := i+1 == len(steps)
		if !end {
			// The turn goes on while the same seat (or the dice) decides.
			nx := steps[i+1]
			end = nx.Entry.Kind != storage.EntryMove || (nx.Before.ToMove() != rules.Chance && nx.Entry.Seat != s.Entry.Seat)
			if !end && nx.Before.ToMove() == rules.Chance {
				end = nextSeat(steps[i+1:]) != s.Entry.Seat
			}
		}
		if end {
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
	steps, err := Steps(l.kit.Game, len(g.Seats), log)
	if err != nil {
		t.log.Warn("replay the log for the story", "game", g.ID, "err", err)
		return "", nil, false
	}
	steps = steps[sinceFrom(steps, seat):]
	if len(steps) == 0 {
		return "", nil, false
	}
	return story(l.kit, g, steps), earlierTurns(steps), true
}
