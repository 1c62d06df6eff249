package bot

import (
	"context"
	"math/bits"

	"parlor/rules"
	"parlor/storage"
)

// A game is paused by agreement: each player still in asks (/<game>
// pause), and when the last one has, the game stops: no moves, reminders
// or deadlines. Any player resumes it (/<game> resume), and the clock of
// the turn goes on from where it stopped. The asks are kept in the game's
// PauseOffer as a set of seats (bit n for seat n).

// inGame are the seats still playing in l's game.
func inGame(l *loaded) []int {
	var out []int
	for _, s := range l.row.Seats {
		if r, ok := l.state.(rules.Retirer); ok && r.Retired(rules.Seat(s.Seat)) {
			continue
		}
		out = append(out, s.Seat)
	}
	return out
}

func (t *Table) pause(ctx context.Context, req Request, l *loaded) (Response, error) {
	seat, err := t.playingAllowed(ctx, l, req.User.ID, false)
	if err != nil {
		return Response{}, err
	}
	g := l.row
	if !g.PausedAt.IsZero() {
		return Response{}, sorry("Game #%s is paused already; /%s resume carries on.", no(g.ID), g.Kind)
	}
	votes := 0
	if g.PauseOffer > 0 {
		votes = g.PauseOffer
	}
	if votes&(1<<seat) != 0 {
		return Response{}, sorry("You have asked to pause game #%s already; the others have to agree.", no(g.ID))
	}
	votes |= 1 << seat
	var waiting []string
	for _, s := range inGame(l) {
		if seatUser(g, s).Computer != "" {
			votes |= 1 << s // a computer agrees at once
		}
		if votes&(1<<s) == 0 {
			waiting = append(waiting, seatUser(g, s).Name)
		}
	}
	p := &storage.Pause{Offer: votes}
	if len(waiting) == 0 {
		p.Offer, p.PausedAt = storage.NoDrawOffer, t.now()
	}
	if err := t.setPause(ctx, req, l, p, nil); err != nil {
		return Response{}, err
	}
	if len(waiting) > 0 {
		say := N("**%s** asks to pause game #%s of %s (%d of %d agree). It pauses when %s say /%s pause too.")
		if len(waiting) == 1 {
			say = N("**%s** asks to pause game #%s of %s (%d of %d agree). It pauses when %s says /%s pause too.")
		}
		return Response{Public: &Message{Content: l.lang.T(say, req.User.Name, no(g.ID), titleOf(l.kit), bits.OnesCount(uint(votes)), len(inGame(l)), joinIn(l.lang, waiting), g.Kind)}, PublicIn: g.ThreadID}, nil
	}
	return Response{Public: &Message{Content: l.lang.T("Game #%s of %s is paused by agreement: no moves, reminders or deadlines until someone says /%s resume.", no(g.ID), titleOf(l.kit), g.Kind)}, PublicIn: g.ThreadID}, nil
}

func (t *Table) resume(ctx context.Context, req Request, l *loaded) (Response, error) {
	if _, err := playing(l, req.User.ID); err != nil {
		return Response{}, err
	}
	g := l.row
	if g.PausedAt.IsZero() {
		return Response{}, sorry("Game #%s is not paused.", no(g.ID))
	}
	now := t.now()
	// The turn's clock goes on from where it stopped.
	since := now.Add(-g.PausedAt.Sub(g.TurnSince))
	lead := l.lang.T("**%s** resumed the game.", req.User.Name)
	if err := t.setPause(ctx, req, l, &storage.Pause{Offer: storage.NoDrawOffer, TurnSince: since}, t.owes(lead)); err != nil {
		return Response{}, err
	}
	board, err := t.boardMessage(ctx, l, lead, "", true)
	if err != nil {
		return Response{}, err
	}
	return Response{Public: owed(board), PublicIn: g.ThreadID}, nil
}

// setPause stores a vote to pause, a pause or a resumption of l's game
// through the version guard, like every change of a game: of two votes
// made at once, one is stored first and the other, told the game changed,
// is tried again on the game as it is then.
func (t *Table) setPause(ctx context.Context, req Request, l *loaded, p *storage.Pause, board *storage.Board) error {
	g := l.row
	v, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: g.Position, Status: g.Status,
		DrawOffer: g.DrawOffer, InteractionID: req.ID, Pause: p, Board: board})
	if err != nil {
		return err
	}
	g.Version, g.PauseOffer, g.PausedAt = v, p.Offer, p.PausedAt
	if !p.TurnSince.IsZero() {
		g.TurnSince = p.TurnSince
	}
	return nil
}
