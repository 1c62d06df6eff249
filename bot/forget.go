package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"parlor/rules"
	"parlor/storage"
)

// A member's data on request. /parlor privacy says what Parlor keeps about
// the member and why; /parlor forget, once confirmed with its button,
// removes them from Parlor everywhere (Table.Forget), which the operator
// can do too (parlor forget USER_ID).
//
// Forgetting a member resigns their games in play for them, through the
// table service, so that every log stays true: the others play on, or the
// game ends as a resignation ends it. It cancels the lobbies they made and
// not yet started. In a lobby someone else made that they were invited to
// or had joined, a challenge for two is declined; in a larger game their
// seat is opened to anyone, as declining an invitation there does. Then
// storage.Forget replaces their id and every name they had, in every game
// they played, by a pseudonym numbered in the database ("forgotten/3", "a
// former player 3"), and deletes their settings, digest and away days.
//
// Ratings are derived from finished games: the pseudonym still counts as
// the opponent it was, so that the other players' ratings stay what their
// games say, but it is never shown on a leaderboard.

// retainDays is how many days a server's games are kept after it removes
// Parlor (Config.Retain), as /parlor privacy says it.
func (t *Table) retainDays() int { return int(t.retain / (24 * time.Hour)) }

// forgetGood is how long the buttons of /parlor forget's confirmation stay
// good: Discord's interaction tokens last as long.
const forgetGood = 15 * time.Minute

// privacy answers /parlor privacy.
func (t *Table) privacy(req Request) (Response, error) {
	lang := you(req)
	return Response{Private: &Message{Embed: &Embed{
		Title:       lang.T("What Parlor keeps about you"),
		Description: lang.T(privacyText, t.retainDays()),
	}}}, nil
}

// privacyText is what /parlor privacy says; the README's Privacy section
// says the same.
var privacyText = N(`**What.** Your Discord user id, and the name you had when you joined each game. Every move, resignation, offer and vote you made in a game, with its time. Your own settings: reminders, daily digest, move previews, and the language of your digest. The days you took away from a server's games. Your ratings are not stored: they are worked out from finished games each time they are shown.

**Why.** Only to run your games: to know whose turn it is, to remind you, to show history and replays, to let anyone verify the dice, and to rate a server's players. Parlor reads no messages and gives what it keeps to nobody but the players of your games and the bot's operator.

**How long.** A game is kept as long as Parlor is in the server where it is played, so that its history, replays and ratings stay true. When a server removes Parlor, its games and settings are deleted %d days later. Your own settings stay until you change them or ask to be forgotten.

**Removal.** /parlor forget removes you from Parlor everywhere, after you confirm: your games in play are resigned for you, the games you opened are cancelled, your invitations are declined, your settings and away days are deleted, and in every game you played your id and names become a pseudonym such as "a former player 3", so that the other players' games stay whole. Messages Parlor already posted in Discord stay there: delete them through Discord. The operator of this bot can also forget you on request.`)

// forgetID is the custom id of a button of /parlor forget's confirmation:
// "me/{user}/{unix seconds}/forget:{yes|no}", which only that user may
// press, and only for forgetGood after it was asked.
func forgetID(user string, at time.Time, answer string) string {
	return fmt.Sprintf("me/%s/%d/forget:%s", user, at.Unix(), answer)
}

// confirmForget answers /parlor forget: forgetting always asks to
// confirm, privately, saying what it will do.
func (t *Table) confirmForget(ctx context.Context, req Request) (Response, error) {
	if req.User.ID == "" || storage.IsPseudonym(req.User.ID) {
		return Response{}, sorry("Parlor does not know you.")
	}
	games, err := t.store.Find(ctx, storage.Filter{UserID: req.User.ID, Statuses: []storage.Status{storage.StatusActive, storage.StatusInvited, storage.StatusOpen}})
	if err != nil {
		return Response{}, err
	}
	playing, lobbies := 0, 0
	for _, g := range games {
		if g.Status == storage.StatusActive {
			playing++
		} else {
			lobbies++
		}
	}
	lang := you(req)
	now := t.now()
	return Response{Private: &Message{
		Content: lang.T("Forget you everywhere in Parlor? Your games in play are resigned for you (%d), your games not yet begun are cancelled or your seats in them given up (%d), your settings and away days are deleted, and in every game you played your name becomes a pseudonym. This cannot be undone.", playing, lobbies),
		Components: []Row{{
			{Kind: Button, ID: forgetID(req.User.ID, now, "yes"), Label: lang.T("Forget me"), Style: Danger},
			{Kind: Button, ID: forgetID(req.User.ID, now, "no"), Label: lang.T("Keep my data"), Style: Secondary},
		}},
	}}, nil
}

// forgetClick answers a button of /parlor forget's confirmation.
func (t *Table) forgetClick(ctx context.Context, req Request) (Response, error) {
	parts := strings.Split(req.CustomID, "/")
	if len(parts) != 4 || parts[0] != "me" || (parts[3] != "forget:yes" && parts[3] != "forget:no") {
		return Response{}, unknownButton()
	}
	at, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil || parts[1] == "" {
		return Response{}, unknownButton()
	}
	if parts[1] != req.User.ID {
		return Response{}, sorry("That button is someone else's: to be forgotten yourself, use /parlor forget.")
	}
	if asked := time.Unix(at, 0); t.now().Sub(asked) > forgetGood || asked.Sub(t.now()) > time.Minute {
		return Response{}, sorry("That confirmation is too old; nothing was removed. Ask again with /parlor forget.")
	}
	lang := you(req)
	if parts[3] == "forget:no" {
		return Response{Update: &Message{Content: lang.T("Nothing was removed: Parlor keeps your games and settings.")}}, nil
	}
	f, err := t.Forget(ctx, req.User.ID, req.User.Name)
	if err != nil {
		return Response{}, err
	}
	say := lang.T("Done: Parlor has forgotten you. Games resigned for you: %d; games not yet begun cancelled or left: %d. Your settings and away days are deleted.", f.Resigned, f.Cancelled+f.Left)
	if f.Pseudonym.N > 0 {
		say += " " + lang.T("In every game you played, you are now %s.", f.Pseudonym.Name())
	}
	// The boards of the games resigned are owed: the next sweep posts
	// them in their threads.
	return Response{Update: &Message{Content: say}, Wake: f.Resigned > 0}, nil
}

// Forgetting is what Table.Forget did.
type Forgetting struct {
	// Resigned counts the games in play resigned for the member, and
	// Cancelled the lobbies they had made that were cancelled; Left the
	// lobbies of others where their invitation was declined or their seat
	// opened.
	Resigned, Cancelled, Left int
	storage.ForgetReport
}

// Forget removes the member userID from Parlor everywhere (see the top of
// this file): their games in play are resigned for them, their lobbies
// closed or left, then storage.Forget replaces their id and names (those
// in their seats, and names) by a pseudonym and deletes their settings and
// away days. Each game is changed through Apply's version guard, tried
// again when another change came first. It logs what it did, never the
// id. Forgetting a member Parlor does not know changes nothing.
func (t *Table) Forget(ctx context.Context, userID string, names ...string) (Forgetting, error) {
	var f Forgetting
	if userID == "" || storage.IsPseudonym(userID) {
		return f, fmt.Errorf("forget %q: %w", userID, storage.ErrInvalid)
	}
	if err := t.leaveAll(ctx, userID, &f); err != nil {
		return f, err
	}
	var err error
	if f.ForgetReport, err = t.store.Forget(ctx, userID, names); err != nil {
		return f, err
	}
	if f.Pseudonym.N > 0 {
		// A game that began, or a lobby they joined, after the games
		// were looked at and before the seats were renamed, waits for
		// the pseudonym now: it leaves them as the member would have.
		if err := t.leaveAll(ctx, f.Pseudonym.UserID(), &f); err != nil {
			return f, err
		}
	}
	t.ledgers.forget()
	t.log.Info("forgot a member", "pseudonym", f.Pseudonym.N, "resigned", f.Resigned, "cancelled", f.Cancelled, "left", f.Left,
		"seats", f.Seats, "games_made", f.Games, "names", f.Names, "leads", f.Leads, "settings", f.Settings, "away_periods", f.AwayPeriods)
	return f, nil
}

// leaveAll takes userID out of every game in play or not yet begun that
// seats them (see leave), counting in f what it did.
func (t *Table) leaveAll(ctx context.Context, userID string, f *Forgetting) error {
	games, err := t.store.Find(ctx, storage.Filter{UserID: userID, Statuses: []storage.Status{storage.StatusActive, storage.StatusInvited, storage.StatusOpen}})
	if err != nil {
		return err
	}
	for _, g := range games {
		for try := 1; ; try++ {
			did, err := t.leave(ctx, g.ID, userID)
			if errors.Is(err, storage.ErrConflict) && try < maxTries {
				continue
			}
			if err != nil {
				return fmt.Errorf("forget: game %d: %w", g.ID, err)
			}
			switch did {
			case leftResigned:
				f.Resigned++
			case leftCancelled:
				f.Cancelled++
			case leftSeat:
				f.Left++
			}
			break
		}
	}
	return nil
}

// What leave did.
const (
	leftNothing = iota
	leftResigned
	leftCancelled
	leftSeat
)

// leave takes userID out of the game id, as stored now: resigns their
// seat in a game in play, cancels a lobby they made, declines or opens
// their seat in another's lobby.
func (t *Table) leave(ctx context.Context, id int64, userID string) (int, error) {
	row, err := t.store.Game(ctx, id)
	if err != nil {
		return leftNothing, err
	}
	l, err := t.loadRow(row)
	if err != nil {
		return leftNothing, err
	}
	g := l.row
	mine := -1
	for i, s := range g.Seats {
		if s.UserID == userID {
			mine = i
		}
	}
	switch {
	case g.Status == storage.StatusActive:
		seat := seatOf(g, userID)
		if seat < 0 {
			return leftNothing, nil
		}
		if r, ok := l.state.(rules.Retirer); ok && r.Retired(rules.Seat(seat)) {
			return leftNothing, nil // they left the game already
		}
		next, entries, ending, err := resignation(l, seat)
		if err != nil {
			return leftNothing, err
		}
		lead := l.lang.T("A player left Parlor, so their seat resigned.")
		switch ending {
		case playOn:
			lead = l.lang.T("A player left Parlor, so their seat resigned and left the game; the others play on.")
		case computersLeft:
			lead = l.lang.T("A player left Parlor, so their seat resigned. Only computer players are left, so the game ends.")
		}
		// Nobody here posts the board: the next sweep of any process
		// does, at once.
		if _, _, err := t.offBoard(ctx, "", l, next, &storage.Board{Lead: lead, Hold: time.Millisecond}, entries); err != nil {
			return leftNothing, err
		}
		return leftResigned, nil
	case g.Status != storage.StatusInvited && g.Status != storage.StatusOpen:
		return leftNothing, nil
	case g.Creator == userID:
		_, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: g.Position, Status: storage.StatusCancelled, DrawOffer: storage.NoDrawOffer})
		return leftCancelled, err
	case mine < 0:
		return leftNothing, nil
	case len(g.Seats) == 2:
		_, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: g.Position, Status: storage.StatusDeclined, DrawOffer: storage.NoDrawOffer})
		return leftSeat, err
	}
	seats := append([]storage.Seat(nil), g.Seats...)
	seats[mine] = storage.Seat{Seat: seats[mine].Seat}
	_, err = t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: g.Position, Status: lobbyStatus(seats), DrawOffer: storage.NoDrawOffer, Seats: seats})
	return leftSeat, err
}
