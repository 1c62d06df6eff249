package bot

import (
	"context"
	"strconv"

	"parlor/rules"
	"parlor/storage"
)

// Takebacks by agreement. A player may ask to take back their last
// decision while it is still the latest entry of the game's log: nobody
// has decided since, and no dice have been thrown after it (a roll already
// thrown for the next turn cannot be taken back). The other players still
// in the game answer with Accept or Decline (a computer agrees at once);
// when all have agreed, a takeback entry is logged, which undoes the
// decision (history and replays show both), and the board is posted
// again. Any decision in the game meanwhile ends the request.

// lastDecision is the latest entry of game l's log if it is a decision of
// seat's own (not the dice's), with the state before it; otherwise why
// says why not (why.Format is "" when it is).
func (t *Table) lastDecision(ctx context.Context, l *loaded, seat int) (e storage.Entry, before rules.State, why rules.Text, err error) {
	log, err := t.store.Log(ctx, l.row.ID)
	if err != nil {
		return e, nil, why, err
	}
	steps, err := Steps(l.kit.Game, len(l.row.Seats), log)
	if err != nil {
		return e, nil, why, err
	}
	if len(steps) > 0 {
		// Only the latest decision in effect can be taken back.
		s := steps[len(steps)-1]
		switch {
		case s.Entry.Kind == storage.EntryTakeback:
			return e, nil, rules.Textf("your last decision was taken back already; only the latest decision can be"), nil
		case s.Entry.Kind != storage.EntryMove:
			return e, nil, rules.Textf("the game's latest change is not a move"), nil
		case s.Before.ToMove() == rules.Chance:
			return e, nil, rules.Textf("the dice have been thrown since your last decision, and a roll cannot be taken back"), nil
		case s.Entry.Seat != seat:
			return e, nil, rules.Textf("%s has decided since", seatUser(l.row, s.Entry.Seat).Name), nil
		}
		return s.Entry, s.Before, why, nil
	}
	return e, nil, rules.Textf("you have made no decision yet"), nil
}

// askTakeback answers /<game> takeback: the request to the others, or the
// takeback itself when nobody else need agree.
func (t *Table) askTakeback(ctx context.Context, req Request, l *loaded) (Response, error) {
	seat, err := t.playingAllowed(ctx, l, req.User.ID, true)
	if err != nil {
		return Response{}, err
	}
	e, before, why, err := t.lastDecision(ctx, l, seat)
	if err != nil {
		return Response{}, err
	}
	if why.Format != "" {
		return Response{}, sorry("You can't take back a move in game #%s: %s.", no(l.row.ID), why)
	}
	g := l.row
	if g.Takeback.Offer == seat {
		return Response{}, sorry("You have asked already: the others have not all answered.")
	}
	agreed := t.takebackAgreed(l, seat, 0)
	if agreed == t.takebackNeeded(l, seat) {
		return t.takeBack(ctx, req.ID, l, seat, e, before, "")
	}
	v, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: g.Position, Status: g.Status, DrawOffer: g.DrawOffer, InteractionID: req.ID,
		Takeback: &storage.Takeback{Offer: seat, Agreed: agreed}})
	if err != nil {
		return Response{}, err
	}
	g.Version = v
	var others, ids []string
	for _, s := range g.Seats {
		if bit := 1 << s.Seat; t.takebackNeeded(l, seat)&bit != 0 && agreed&bit == 0 {
			others, ids = append(others, "<@"+s.UserID+">"), append(ids, s.UserID)
		}
	}
	ply := strconv.Itoa(e.Ply)
	return Response{Public: &Message{
		Content: l.lang.T("**%s** asks to take back %s in game #%s. %s: accept or decline.", req.User.Name, rules.MoveText(e.Text), no(g.ID), joinIn(l.lang, others)),
		Components: []Row{{
			{Kind: Button, ID: customID(g.ID, 0, "tb:yes:"+ply), Label: l.lang.T("Accept takeback"), Style: Primary},
			{Kind: Button, ID: customID(g.ID, 0, "tb:no:"+ply), Label: l.lang.T("Decline"), Style: Secondary},
		}},
		Mentions: ids,
	}, PublicIn: g.ThreadID}, nil
}

// takebackNeeded is the set of seats whose agreement a takeback of
// seat's needs: the others still in the game.
func (t *Table) takebackNeeded(l *loaded, seat int) int {
	need := 0
	for _, s := range l.row.Seats {
		if r, ok := l.state.(rules.Retirer); (ok && r.Retired(rules.Seat(s.Seat))) || s.Seat == seat {
			continue
		}
		need |= 1 << s.Seat
	}
	return need
}

// takebackAgreed is agreed with the computers among the seats needed,
// who agree at once.
func (t *Table) takebackAgreed(l *loaded, seat, agreed int) int {
	for _, s := range l.row.Seats {
		if s.Computer != "" && t.takebackNeeded(l, seat)&(1<<s.Seat) != 0 {
			agreed |= 1 << s.Seat
		}
	}
	return agreed
}

// answerTakeback answers a click on Accept or Decline of the takeback of
// the decision at ply.
func (t *Table) answerTakeback(ctx context.Context, req Request, l *loaded, yes bool, ply int) (Response, error) {
	g := l.row
	if err := playable(l); err != nil {
		return Response{}, err
	}
	asker := g.Takeback.Offer
	if asker < 0 {
		return Response{}, sorry("That takeback is no longer asked for in game #%s.", no(g.ID))
	}
	e, before, why, err := t.lastDecision(ctx, l, asker)
	if err != nil {
		return Response{}, err
	}
	if why.Format != "" || e.Ply != ply {
		return Response{}, sorry("That takeback is no longer possible in game #%s: the game has moved on.", no(g.ID))
	}
	seat := seatOf(g, req.User.ID)
	need := t.takebackNeeded(l, asker)
	if seat < 0 || need&(1<<seat) == 0 {
		return Response{}, sorry("Only the other players of game #%s answer this takeback.", no(g.ID))
	}
	if !yes {
		v, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: g.Position, Status: g.Status, DrawOffer: g.DrawOffer, InteractionID: req.ID,
			Takeback: &storage.Takeback{Offer: storage.NoDrawOffer}})
		if err != nil {
			return Response{}, err
		}
		g.Version = v
		return Response{Update: &Message{Content: l.lang.T("**%s** declined to take back %s in game #%s.", req.User.Name, rules.MoveText(e.Text), no(g.ID))}}, nil
	}
	agreed := t.takebackAgreed(l, asker, g.Takeback.Agreed|1<<seat)
	if agreed&need != need {
		v, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: g.Position, Status: g.Status, DrawOffer: g.DrawOffer, InteractionID: req.ID,
			Takeback: &storage.Takeback{Offer: asker, Agreed: agreed}})
		if err != nil {
			return Response{}, err
		}
		g.Version = v
		return Response{Private: &Message{Content: you(req).T("You agreed; the others have still to answer.")}}, nil
	}
	resp, err := t.takeBack(ctx, req.ID, l, asker, e, before, req.User.Name)
	if err == nil {
		resp.Update = &Message{Content: l.lang.T("Takeback of %s in game #%s agreed.", e.Text, no(g.ID))}
	}
	return resp, err
}

// takeBack logs the takeback of seat's decision e, returns the game to
// the state before it, and posts the board.
func (t *Table) takeBack(ctx context.Context, interactionID string, l *loaded, seat int, e storage.Entry, before rules.State, by string) (Response, error) {
	g := l.row
	entry := storage.Entry{Seat: seat, Kind: storage.EntryTakeback, Text: "takeback " + strconv.Itoa(e.Ply), At: t.now()}
	lead := l.lang.T("**%s** took back %s.", seatUser(g, seat).Name, e.Text)
	if by != "" {
		lead = l.lang.T("**%s** took back %s, with the others' agreement.", seatUser(g, seat).Name, e.Text)
	}
	v, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: before.String(), Status: storage.StatusActive, DrawOffer: storage.NoDrawOffer,
		Entries: []storage.Entry{entry}, InteractionID: interactionID, TurnStarted: true, Takeback: &storage.Takeback{Offer: storage.NoDrawOffer}, Board: t.owes(lead)})
	if err != nil {
		return Response{}, err
	}
	g.Version, g.Position, g.DrawOffer, g.Takeback = v, before.String(), storage.NoDrawOffer, storage.Takeback{Offer: storage.NoDrawOffer}
	l.state = before
	board, err := t.boardMessage(ctx, l, lead, "", true)
	if err != nil {
		return Response{}, err
	}
	return Response{Public: owed(board), PublicIn: g.ThreadID}, nil
}
