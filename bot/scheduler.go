package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"parlor/rules"
	"parlor/storage"
)

// The scheduler does what time brings to games played over days: it
// reminds the player to move, applies a game's deadline, and closes
// lobbies whose invitations have expired. Everything it needs is in the
// database (the turn's start, the reminders sent, the deadline, the pause),
// and every action is claimed there before it is announced, so sweeps
// that overlap, or a restart between two, never act twice.

// Sweep does the work due at the table's clock and returns what to post.
// Games it cannot handle are logged and left for the next sweep. The
// games of a server that removed the bot are not due; those of a server
// removed longer ago than the retention period are deleted (purge).
func (t *Table) Sweep(ctx context.Context) ([]Notice, error) {
	now := t.now()
	t.forgetPace(ctx)
	due, err := t.store.Due(ctx, now)
	if err != nil {
		return nil, err
	}
	var out []Notice
	digests := map[string]bool{} // users whose reminders go in a digest
	waiting := 0                 // games with a computer to move
	defer func() { t.metrics.ComputerWaiting(waiting) }()
	for i := range due {
		g := &due[i]
		if t.computerToMove(g) {
			waiting++
		}
		ns, err := t.sweepGame(ctx, g, now, digests)
		for i := range ns {
			ns[i].GuildID = g.GuildID
		}
		out = append(out, ns...)
		switch {
		case errors.Is(err, storage.ErrConflict), errors.Is(err, storage.ErrDuplicate):
			// Someone moved, or another sweep acted first.
		case err != nil && ctx.Err() != nil:
			return out, ctx.Err() // stopping: the rest waits for the next sweep
		case err != nil:
			t.log.Error("sweep", "game", g.ID, "err", err)
			if c := storeClass(err); c != "other" {
				t.metrics.StoreError(c)
			}
		}
	}
	out = append(out, t.digests(ctx, digests, now)...)
	t.purge(ctx)
	return out, nil
}

// computerToMove says a computer is to move in the game g, in play.
func (t *Table) computerToMove(g *storage.Game) bool {
	if g.Status != storage.StatusActive {
		return false
	}
	l, err := t.loadedFrom(g)
	if err != nil || l == nil {
		return false
	}
	_, _, ok := computerSeat(l)
	return ok
}

// sweepGame does what is due for one game: the board it owes, if the
// process that owed it did not post it in time (see outbox.go), then what
// else is due (sweepDue).
func (t *Table) sweepGame(ctx context.Context, g *storage.Game, now time.Time, digests map[string]bool) ([]Notice, error) {
	owed, err := t.recoverBoard(ctx, g)
	if err != nil && ctx.Err() == nil {
		t.log.Error("sweep: a board owed", "game", g.ID, "err", err)
	}
	ns, err := t.sweepDue(ctx, g, now, digests)
	if owed != nil {
		ns = append([]Notice{*owed}, ns...)
	}
	return ns, err
}

// sweepDue does what time brought to one game: expiry, a computer's move,
// a deadline, or a reminder, in that order. The time its player was away
// does not count against the decision awaited, and while they are away
// neither comes. A reminder for a user who asked for a digest adds them
// to digests instead.
func (t *Table) sweepDue(ctx context.Context, g *storage.Game, now time.Time, digests map[string]bool) ([]Notice, error) {
	kit, ok := t.kits[g.Kind]
	if !ok {
		return nil, nil
	}
	if g.Status == storage.StatusInvited || g.Status == storage.StatusOpen {
		if g.ExpiresAt.IsZero() || g.ExpiresAt.After(now) {
			return nil, nil // due for something else
		}
		return oneNotice(t.expire(ctx, g, kit))
	}
	l, err := t.loadedFrom(g)
	if err != nil {
		return nil, err
	}
	st := l.state
	if g.Status == storage.StatusOver {
		return t.postReplay(ctx, l)
	}
	seat := st.ToMove()
	if seat < 0 || int(seat) >= len(g.Seats) {
		return nil, nil
	}
	if _, _, ok := computerSeat(l); ok {
		if t.computers.queue(g.ID, now) {
			return nil, nil // the workers play it
		}
		return t.computerMoves(ctx, l, maxComputerMoves, t.think)
	}
	waited, away, err := t.waited(ctx, g, seatUser(g, int(seat)).UserID, now)
	if err != nil || !away.IsZero() {
		return nil, err
	}
	if g.DeadlineDays > 0 && waited >= time.Duration(g.DeadlineDays)*24*time.Hour {
		return oneNotice(t.late(ctx, l, seat))
	}
	return oneNotice(t.remind(ctx, l, seat, now, waited, digests))
}

// oneNotice is the notice n, if any, as a list.
func oneNotice(n *Notice, err error) ([]Notice, error) {
	if n == nil {
		return nil, err
	}
	return []Notice{*n}, err
}

// expire closes a lobby whose invitations have lapsed.
func (t *Table) expire(ctx context.Context, g *storage.Game, kit Kit) (*Notice, error) {
	v, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: g.Position, Status: storage.StatusCancelled,
		DrawOffer: storage.NoDrawOffer, InteractionID: fmt.Sprintf("expire/%d", g.ID)})
	if err != nil {
		return nil, err
	}
	days := g.ExpiresAt.Sub(g.CreatedAt).Round(time.Hour)
	// Live: posted, it takes the buttons off the invitation.
	return &Notice{GameID: g.ID, ChannelID: g.Where(), Message: &Message{
		Content: LangOf(g.Lang).T("Game #%s of %s lapsed: its invitations and open seats expired after %s without every seat taken. Start a new one with /%s new.",
			no(g.ID), titleOf(kit), spell(days), g.Kind),
		Live: &Live{GameID: g.ID, Version: v},
		Lang: LangOf(g.Lang),
	}}, nil
}

// late applies the deadline to the seat to move: its turn is skipped in a
// dice game, or it forfeits.
func (t *Table) late(ctx context.Context, l *loaded, seat rules.Seat) (*Notice, error) {
	g := l.row
	next, skipped, err := rules.Late(l.state, seat)
	if err != nil {
		return nil, err
	}
	deadline := spell(time.Duration(g.DeadlineDays) * 24 * time.Hour)
	name := seatUser(g, int(seat)).Name
	entry := storage.Entry{Seat: int(seat), Kind: storage.EntryForfeit, Text: "forfeit"}
	lead := l.lang.T("⏰ **%s** let the deadline of %s pass: they forfeit the game.", name, deadline)
	if skipped {
		entry.Kind, entry.Text = storage.EntrySkip, "skip"
		lead = l.lang.T("⏰ **%s** let the deadline of %s pass: their turn is skipped.", name, deadline)
	}
	resp, err := t.finish(ctx, fmt.Sprintf("deadline/%d/%d", g.ID, g.Version), l, next, lead, entry)
	if err != nil {
		return nil, err
	}
	return &Notice{GameID: g.ID, ChannelID: g.Where(), Message: resp.Public}, nil
}

// remind reminds the seat to move, once per interval of the time waited,
// unless its player turned reminders off or has them in a digest.
func (t *Table) remind(ctx context.Context, l *loaded, seat rules.Seat, now time.Time, waited time.Duration, digests map[string]bool) (*Notice, error) {
	g := l.row
	if g.RemindEvery <= 0 || waited < time.Duration((g.RemindersSent+1)*g.RemindEvery)*time.Hour {
		return nil, nil
	}
	won, err := t.store.ClaimReminder(ctx, g.ID, g.Version, g.RemindersSent)
	if err != nil || !won {
		return nil, err
	}
	user := seatUser(g, int(seat))
	off, err := t.store.RemindersOff(ctx, user.UserID)
	if err != nil || off {
		return nil, err
	}
	if digest, err := t.store.Digest(ctx, user.UserID); err != nil || digest {
		if digest {
			digests[user.UserID] = true
		}
		return nil, err
	}
	msg := l.lang.T("⏰ <@%s>, game #%s of %s has been waiting for your move for %s. Use the newest board above, or /%s board.",
		user.UserID, no(g.ID), titleOf(l.kit), spell(now.Sub(g.TurnSince)), g.Kind)
	if g.DeadlineDays > 0 {
		left := time.Duration(g.DeadlineDays)*24*time.Hour - waited
		msg += " " + l.lang.Say(inLeft(l.state, spell(left)))
	}
	return &Notice{GameID: g.ID, ChannelID: g.Where(), Message: &Message{Content: msg, Mentions: []string{user.UserID}, Lang: l.lang}}, nil
}
