package bot

import (
	"context"
	"fmt"
	"time"

	"parlor/rules"
	"parlor/storage"
)

// Computer players sit in seats like people (storage.Seat.Computer is
// their level) and play apart from people's interactions, so that no
// answer waits for them: on a door that runs the table's workers
// (PlayComputers, see computers.go), a queue of their turns that every
// core takes from; otherwise (the console) from the scheduler, a sweep
// playing the move. A response that leaves a computer to move says Wake,
// and the door queues the game at once. Everything the computer does is
// stored like a person's move, under the game's version guard with an
// interaction id of its own, so two workers (two replicas, a restart)
// store one move; a worker claims the turn before thinking
// (storage.ClaimThink), so two do not both think it.

// computerThinkCap bounds a decision's time at this many times its
// budget: past it the computer plays the best it has found.
const computerThinkCap = 5

// maxComputerMoves bounds the moves computers make in one game in one
// sweep; the next sweep goes on.
const maxComputerMoves = 64

// computerSeat reports whether the seat to move in l is a computer's.
func computerSeat(l *loaded) (int, rules.Level, bool) {
	seat := l.state.ToMove()
	if seat < 0 || int(seat) >= len(l.row.Seats) || l.row.Status != storage.StatusActive || !l.row.PausedAt.IsZero() {
		return 0, "", false
	}
	s := seatUser(l.row, int(seat))
	return int(seat), rules.Level(s.Computer), s.Computer != ""
}

// computerMoves plays the moves of the computers to move in l, one after
// another while it is a computer's turn, up to most, each thinking within
// budget, and returns the boards to post.
func (t *Table) computerMoves(ctx context.Context, l *loaded, most int, budget time.Duration) ([]Notice, error) {
	var out []Notice
	for range most {
		seat, level, ok := computerSeat(l)
		if !ok {
			return out, nil
		}
		thinker, ok := l.kit.Game.(rules.Thinker)
		if !ok {
			return out, fmt.Errorf("%s has no computer players", l.kit.Game.Title())
		}
		g := l.row
		// The seed is the game's and its version's, so that two sweeps
		// playing the same turn choose the same move.
		seed := uint64(g.ID)<<32 ^ uint64(g.Version)
		tctx, cancel := context.WithTimeout(ctx, computerThinkCap*budget+time.Second)
		start := t.now()
		m, err := thinker.Think(tctx, l.state, level, budget, seed)
		cancel()
		if err == nil {
			t.metrics.ComputerMove(l.kit.Game.Name(), t.now().Sub(start))
		}
		if err != nil {
			if ctx.Err() != nil {
				return out, ctx.Err()
			}
			return out, fmt.Errorf("computer in seat %d: %w", seat, err)
		}
		resp, err := t.play(ctx, fmt.Sprintf("computer/%d/%d", g.ID, g.Version), l, seat, m)
		if err != nil {
			return out, err
		}
		out = append(out, Notice{GameID: g.ID, ChannelID: g.Where(), Message: resp.Public})
	}
	return out, nil
}

// addComputer seats a strong computer player in the first open seat of
// l's lobby, at its creator's word; the game begins if that was the last.
func (t *Table) addComputer(ctx context.Context, req Request, l *loaded) (Response, error) {
	g := l.row
	if err := byCreator(g, req.User.ID, N("Game #%s is no longer open (it is %s)."), N("Only %s, who made game #%s, can seat a computer player.")); err != nil {
		return Response{}, err
	}
	if _, ok := l.kit.Game.(rules.Thinker); !ok {
		return Response{}, sorry("%s has no computer players yet.", titleOf(l.kit))
	}
	seats := append([]storage.Seat(nil), g.Seats...)
	computers := 0
	for _, s := range seats {
		if s.Computer != "" {
			computers++
		}
	}
	for i, s := range seats {
		if openSeat(s) {
			seats[i] = computerAt(l.lang, s.Seat, computers+1, rules.Strong)
			return t.seat(ctx, req, l, seats, l.lang.T("**%s** seated a computer player, %s.", req.User.Name, seats[i].Name), nil)
		}
	}
	return Response{}, sorry("Game #%s has no open seat for a computer player.", no(g.ID))
}
