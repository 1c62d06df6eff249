package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"parlor/bot/limits"
	"parlor/rules"
	"parlor/storage"
)

// A game that has not started is a lobby: its seats are the creator's
// (joined), those of the people invited (not joined until they accept), and
// open seats (no user) that anyone may take. The game starts when every
// seat is taken, or earlier when its creator says so and enough have joined.
// The seats are shuffled by lot when it starts.

// lobbyStatus is the status of an unstarted game with these seats: open
// while a seat is open to anyone, else invited.
func lobbyStatus(seats []storage.Seat) storage.Status {
	for _, s := range seats {
		if openSeat(s) {
			return storage.StatusOpen
		}
	}
	return storage.StatusInvited
}

func joinedCount(seats []storage.Seat) int {
	n := 0
	for _, s := range seats {
		if s.Joined {
			n++
		}
	}
	return n
}

func (t *Table) newGame(ctx context.Context, req Request, kit Kit) (Response, error) {
	players := kit.Game.Players()
	least, most := players[0], players[len(players)-1]
	seats := []storage.Seat{{Seat: 0, UserID: req.User.ID, Name: req.User.Name, Joined: true}}
	level, err := computerLevel(req, kit)
	if err != nil {
		return Response{}, err
	}
	set, err := t.store.GuildSettings(ctx, req.GuildID)
	if err != nil {
		return Response{}, err
	}
	lang := t.newGameLang(req, set)
	computers := 0
	invite := func(id string, at int) error {
		u := req.Users[id]
		u.ID = id
		if u.Name == "" {
			u.Name = id
		}
		if id == req.Self && id != "" {
			// Naming the bot seats a computer player.
			if level == "" {
				return sorry("%s has no computer players yet: invite a person, or leave the seat empty for anyone to join.", titleOf(kit))
			}
			computers++
			seats = append(seats, computerAt(lang, at, computers, level))
			return nil
		}
		switch {
		case id == req.User.ID && most == 2:
			return sorry("You can't challenge yourself. Leave the opponent empty to open a seat for anyone.")
		case id == req.User.ID:
			return sorry("You are in the game already; invite the others, or leave their seats empty for anyone to join.")
		case u.Bot:
			return sorry("%s is a bot and can't play. Invite a person, or leave the seat empty for anyone to join.", u.Name)
		}
		for _, s := range seats {
			if s.UserID == id {
				return sorry("You invited %s twice.", u.Name)
			}
		}
		seats = append(seats, storage.Seat{Seat: at, UserID: id, Name: u.Name})
		return nil
	}
	// Who is invited, by option, and where they sit: in turn, or, in a
	// game of partners, by the part the option names.
	invites := []string{"opponent"}
	for seat := 2; seat <= most; seat++ {
		invites = append(invites, fmt.Sprintf("player%d", seat))
	}
	if kit.Partners {
		invites = partnerOptions
	}
	for i, option := range invites {
		at := len(seats)
		if kit.Partners {
			at = partnerPlace[i]
		}
		if id := req.Options[option]; id != "" {
			if err := invite(id, at); err != nil {
				return Response{}, err
			}
		}
	}
	bots, botsSet, ok := intOption(req.Options, "bots", 1, most-1)
	if !ok {
		return Response{}, sorry("Seat 1 to %d computer players, not %s.", most-1, quote(req.Options["bots"]))
	}
	if botsSet && level == "" {
		return Response{}, sorry("%s has no computer players yet.", titleOf(kit))
	}
	size := max(len(seats), least)
	if kit.Partners {
		size = partnerSize(req.Options)
	}
	if botsSet {
		size = max(size, len(seats)+bots)
	}
	if n, set, ok := intOption(req.Options, "players", least, most); set {
		if !ok {
			return Response{}, sorry("%s is played by %d to %d players, not %s.", titleOf(kit), least, most, quote(req.Options["players"]))
		}
		if n < len(seats) {
			return Response{}, sorry("You invited %d people, so the game needs at least %d players, not %d.", len(seats)-1, len(seats), n)
		}
		size = n
	}
	if kit.Partners {
		var err error
		if seats, err = partnerLobby(seats, size); err != nil {
			return Response{}, err
		}
	}
	for len(seats) < size {
		seats = append(seats, storage.Seat{Seat: len(seats)})
	}
	// The computers asked for take the open seats, in order.
	for i := range seats {
		if bots == 0 {
			break
		}
		if openSeat(seats[i]) {
			computers++
			seats[i] = computerAt(lang, seats[i].Seat, computers, level)
			bots--
		}
	}
	if bots > 0 {
		return Response{}, sorry("There are not enough open seats for %d more computer players: say players: to make room.", bots)
	}
	clock, err := t.newClock(req, set)
	if err != nil {
		return Response{}, err
	}
	st, err := kit.Game.New(least)
	if err != nil {
		return Response{}, err
	}
	row := &storage.Game{
		Kind: kit.Game.Name(), GuildID: req.GuildID, ChannelID: req.ChannelID, Creator: req.User.ID,
		Status: lobbyStatus(seats), Position: st.String(), DrawOffer: storage.NoDrawOffer, Seats: seats, Clock: clock,
		// The game speaks the server's language: Create stores the one
		// the server chose, if any, over Discord's, should it have
		// changed since newGameLang read it.
		Lang: lang.Code(),
	}
	if kit.Dice {
		row.Dice = newDice()
	}
	// Within the server's limits, counted as the game is stored (see
	// ceilings.go): a game past one is refused before anything is drawn or
	// stored, and gets no thread.
	id, err := t.store.CreateWithin(ctx, row, req.ID, t.limitsOf(set))
	if err != nil {
		return Response{}, err
	}
	row.ID = id
	if joinedCount(seats) == len(seats) {
		// Every seat is taken (by computers): the game begins at once.
		l := &loaded{row: row, state: st, kit: kit, lang: LangOf(row.Lang)}
		resp, err := t.start(ctx, Request{ID: req.ID + "/start"}, l, seats, l.lang.T("Every seat is taken."), nil)
		if err != nil {
			return Response{}, err
		}
		resp.Update = nil
		resp.Thread = threadSpec(row, kit)
		return resp, nil
	}
	msg := t.lobbyMessage(row, kit)
	for _, s := range seats[1:] {
		if !openSeat(s) && s.Computer == "" {
			msg.Mentions = append(msg.Mentions, s.UserID)
		}
	}
	return Response{Public: msg, Thread: threadSpec(row, kit)}, nil
}

// threadSpec is the thread a new game is played in, introduced in the
// game's language.
func threadSpec(g *storage.Game, kit Kit) *ThreadSpec {
	intro := LangOf(g.Lang).T("Game #%s is played in this thread: its boards and reminders come here, and commands typed here need no game number.", no(g.ID))
	return &ThreadSpec{GameID: g.ID, Name: threadName(g, kit), Intro: intro}
}

// threadName names a game's thread for the game and its players:
// "Kimbo #12 · Alice, Bob, Carol".
func threadName(g *storage.Game, kit Kit) string {
	var players []string
	for _, s := range g.Seats {
		if s.UserID != "" {
			players = append(players, s.Name)
		}
	}
	return Clip(fmt.Sprintf("%s #%s · %s", kit.Game.Title(), no(g.ID), strings.Join(players, ", ")), limits.ThreadName)
}

// newGameLang is the language of a game made by req in a server with
// settings set: the one the server chose with /parlor settings language:,
// else Discord's for the server (see Request.PlaceLang).
func (t *Table) newGameLang(req Request, set storage.Settings) Lang {
	if set.Language != "" {
		return LangOf(set.Language)
	}
	return req.PlaceLang()
}

// newClock is the clock of a game made by req in a server with settings
// set, with the reminders and deadline the creator chose.
func (t *Table) newClock(req Request, set storage.Settings) (storage.Clock, error) {
	clock := storage.Clock{RemindEvery: set.RemindEvery, DeadlineDays: set.DeadlineDays, ExpiresAt: t.now().Add(time.Duration(set.InviteHours) * time.Hour)}
	for _, o := range []struct {
		name   string
		max    int
		to     *int
		refuse string
	}{{"reminders", maxRemindHours, &clock.RemindEvery, N("%s is 0 (none) to %d hours, not %s.")}, {"deadline", maxDeadlineDays, &clock.DeadlineDays, N("%s is 0 (none) to %d days, not %s.")}} {
		n, set, ok := intOption(req.Options, o.name, 0, o.max)
		if !ok {
			return storage.Clock{}, sorry(o.refuse, optionName(o.name), o.max, quote(req.Options[o.name]))
		}
		if set {
			*o.to = n
		}
	}
	return clock, nil
}

// lobbyMessage is the invitation to an unstarted game, with its buttons.
// It pings nobody: newGame adds the people invited.
func (t *Table) lobbyMessage(g *storage.Game, kit Kit) *Message {
	title := kit.Game.Title()
	creator := seatUser(g, 0).Name
	var invited, open []storage.Seat
	for _, s := range g.Seats {
		switch {
		case openSeat(s):
			open = append(open, s)
		case !s.Joined:
			invited = append(invited, s)
		}
	}
	lang := LangOf(g.Lang)
	msg := &Message{}
	var b strings.Builder
	switch {
	case len(g.Seats) == 2 && len(invited) == 1:
		b.WriteString(lang.T("<@%s>, **%s** challenges you to a game of %s (game #%s).", invited[0].UserID, creator, title, no(g.ID)))
	case len(g.Seats) == 2 && len(open) == 1:
		b.WriteString(lang.T("**%s** opened a game of %s (game #%s). Anyone may take the other seat.", creator, title, no(g.ID)))
	case kit.Partners:
		b.WriteString(lang.T("**%s** starts a game of %s for %d (game #%s): %s.", creator, title, len(g.Seats), no(g.ID), partnerLine(lang, g)) + "\n")
		if len(open) > 0 {
			b.WriteString(lang.T("Anyone may take an open seat with Join.") + " ")
		}
		b.WriteString(lang.T("The game begins when every seat is taken; %s may start it sooner once each side has a player.", creator))
	default:
		var list []string
		for _, s := range g.Seats {
			switch {
			case openSeat(s):
				list = append(list, lang.T("_open seat_"))
			case s.Joined:
				list = append(list, "**"+s.Name+"** ✓")
			default:
				list = append(list, lang.T("<@%s> (invited)", s.UserID))
			}
		}
		b.WriteString(lang.T("**%s** starts a game of %s for %d (game #%s): %s.", creator, title, len(g.Seats), no(g.ID), strings.Join(list, " · ")) + "\n")
		if len(open) > 0 {
			b.WriteString(lang.T("Anyone may take an open seat with Join.") + " ")
		}
		if least := kit.Game.Players()[0]; len(g.Seats) > least {
			b.WriteString(lang.T("The game begins when every seat is taken; %s may start it sooner once %d are in.", creator, least))
		} else {
			b.WriteString(lang.T("The game begins when every seat is taken."))
		}
	}
	if line := commitLine(lang, g); line != "" {
		b.WriteString("\n" + line)
	}
	msg.Content = b.String()
	var row Row
	if len(invited) > 0 {
		row = append(row,
			Component{Kind: Button, ID: customID(g.ID, 0, "accept"), Label: lang.T("Accept"), Style: Success},
			Component{Kind: Button, ID: customID(g.ID, 0, "decline"), Label: lang.T("Decline"), Style: Danger})
	}
	switch {
	case len(open) > 0 && kit.Partners && len(g.Seats) > 2:
		row = append(row, partnerJoins(lang, g)...)
	case len(open) > 0:
		row = append(row, Component{Kind: Button, ID: customID(g.ID, 0, "join"), Label: lang.T("Join"), Style: Success})
	}
	if _, ok := kit.Game.(rules.Thinker); ok && len(open) > 0 {
		row = append(row, Component{Kind: Button, ID: customID(g.ID, 0, "computer"), Label: lang.T("Add a computer player"), Style: Secondary})
	}
	if len(g.Seats) > 2 {
		row = append(row, Component{Kind: Button, ID: customID(g.ID, 0, "start"), Label: lang.T("Start now"), Style: Primary})
	}
	if len(open) > 0 || len(g.Seats) > 2 {
		row = append(row, Component{Kind: Button, ID: customID(g.ID, 0, "cancel"), Label: lang.T("Cancel"), Style: Secondary})
	}
	for len(row) > 0 {
		n := min(len(row), limits.ButtonsPerRow)
		msg.Components = append(msg.Components, row[:n])
		row = row[n:]
	}
	msg.Lang = lang
	msg.Live = &Live{GameID: g.ID, Version: g.Version}
	return msg
}

// unstarted refuses an action on the lobby of a game that has started or
// closed; format says so, with the game's number (%s, see no) and status.
func unstarted(g *storage.Game, format string) error {
	if g.Status == storage.StatusInvited || g.Status == storage.StatusOpen {
		return nil
	}
	return sorry(format, no(g.ID), statusWord(g.Status))
}

// byCreator checks that g has not begun (else closed says so, as
// unstarted) and that user made it (else only says who did, and the game).
func byCreator(g *storage.Game, user, closed, only string) error {
	if err := unstarted(g, closed); err != nil {
		return err
	}
	if user != g.Creator {
		return sorry(only, seatUser(g, 0).Name, no(g.ID))
	}
	return nil
}

func (t *Table) answerInvite(ctx context.Context, req Request, l *loaded, accept bool) (Response, error) {
	g := l.row
	if g.Status != storage.StatusInvited && g.Status != storage.StatusOpen {
		return Response{}, sorry("This invitation to game #%s is no longer open (the game is %s).", no(g.ID), statusWord(g.Status))
	}
	mine := -1
	var pending []string
	for i, s := range g.Seats {
		if !openSeat(s) && !s.Joined {
			pending = append(pending, s.Name)
			if s.UserID == req.User.ID {
				mine = i
			}
		}
	}
	switch {
	case req.User.ID == g.Creator && !accept:
		// The creator withdraws.
		say := N("Game #%s of %s: **%s** withdrew the invitations.")
		if len(g.Seats) == 2 {
			say = N("Game #%s of %s: **%s** withdrew the challenge.")
		}
		return t.abandon(ctx, req, l, storage.StatusDeclined, l.lang.T(say, no(g.ID), titleOf(l.kit), req.User.Name))
	case len(pending) == 0:
		return Response{}, sorry("Nobody is invited to game #%s any more; its seats are open to anyone (Join).", no(g.ID))
	case req.User.ID == g.Creator && len(g.Seats) == 2:
		return Response{}, sorry("You made this challenge; it is %s's to accept.", pending[0])
	case req.User.ID == g.Creator:
		return Response{}, sorry("You made this game; the invitations are for %s.", strings.Join(pending, ", "))
	case mine < 0 && len(g.Seats) == 2:
		return Response{}, sorry("This challenge is for %s, not you. Start your own with /%s new.", pending[0], g.Kind)
	case mine < 0:
		return Response{}, sorry("The invitations are for %s, not you.", strings.Join(pending, ", "))
	}
	seats := append([]storage.Seat(nil), g.Seats...)
	if !accept {
		if len(seats) == 2 {
			return t.abandon(ctx, req, l, storage.StatusDeclined, l.lang.T("Game #%s of %s: **%s** declined.", no(g.ID), titleOf(l.kit), req.User.Name))
		}
		// In a larger game the seat stays, open to anyone.
		seats[mine] = storage.Seat{Seat: mine}
		return t.seat(ctx, req, l, seats, l.lang.T("**%s** declined; their seat is open to anyone.", req.User.Name), nil)
	}
	seats[mine].Joined, seats[mine].Name = true, req.User.Name
	within, err := t.seatLimit(ctx, req, g)
	if err != nil {
		return Response{}, err
	}
	return t.seat(ctx, req, l, seats, l.lang.T("**%s** accepted.", req.User.Name), within)
}

// join seats the user in an open seat: the one the button offers (want),
// or the first (want < 0).
func (t *Table) join(ctx context.Context, req Request, l *loaded, want int) (Response, error) {
	g := l.row
	if err := unstarted(g, N("Game #%s is no longer open to join (it is %s).")); err != nil {
		return Response{}, err
	}
	free := -1
	for i, s := range g.Seats {
		if want >= 0 && s.Seat != want && !(s.UserID == req.User.ID && s.UserID != "") {
			continue
		}
		switch {
		case s.UserID == req.User.ID && s.Joined && len(g.Seats) == 2:
			return Response{}, sorry("You opened this game; someone else has to take the other seat.")
		case s.UserID == req.User.ID && s.Joined:
			return Response{}, sorry("You are already in game #%s.", no(g.ID))
		case s.UserID == req.User.ID:
			return t.answerInvite(ctx, req, l, true)
		case openSeat(s) && free < 0:
			free = i
		}
	}
	switch {
	case free < 0 && want >= 0:
		return Response{}, sorry("That seat of game #%s was taken a moment ago; try another Join.", no(g.ID))
	case free < 0:
		return Response{}, sorry("Game #%s has no open seat: its seats are for the people invited.", no(g.ID))
	case req.User.Bot:
		return Response{}, sorry("Bots can't play.")
	}
	seats := append([]storage.Seat(nil), g.Seats...)
	seats[free] = storage.Seat{Seat: free, UserID: req.User.ID, Name: req.User.Name, Joined: true}
	within, err := t.seatLimit(ctx, req, g)
	if err != nil {
		return Response{}, err
	}
	return t.seat(ctx, req, l, seats, l.lang.T("**%s** joined.", req.User.Name), within)
}

// seat stores the lobby's new seats, and starts the game when every seat
// is taken. within, if not nil, bounds the games of the member who takes
// a seat (a join, an acceptance), counted as the seats are stored.
func (t *Table) seat(ctx context.Context, req Request, l *loaded, seats []storage.Seat, headline string, within *storage.SeatLimit) (Response, error) {
	if joinedCount(seats) == len(seats) {
		return t.start(ctx, req, l, seats, headline, within)
	}
	g := l.row
	v, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: g.Position, Status: lobbyStatus(seats), DrawOffer: storage.NoDrawOffer, Seats: seats, InteractionID: req.ID, Within: within})
	if err != nil {
		return Response{}, err
	}
	g.Seats, g.Version, g.Status = seats, v, lobbyStatus(seats)
	msg := t.lobbyMessage(g, l.kit)
	msg.Content = headline + "\n" + msg.Content
	return Response{Update: msg}, nil
}

// startNow starts a game before every seat is taken, with those who have
// joined, when its creator asks and there are enough of them.
func (t *Table) startNow(ctx context.Context, req Request, l *loaded) (Response, error) {
	g := l.row
	if err := byCreator(g, req.User.ID, N("Game #%s can't be started now (it is %s)."), N("Only %s, who made game #%s, can start it early.")); err != nil {
		return Response{}, err
	}
	var in []storage.Seat
	for _, s := range g.Seats {
		if s.Joined {
			in = append(in, s)
		}
	}
	if least := l.kit.Game.Players()[0]; len(in) < least {
		return Response{}, sorry("%s needs at least %d players; only %d have joined game #%s so far.", titleOf(l.kit), least, len(in), no(g.ID))
	}
	return t.start(ctx, req, l, in, l.lang.T("**%s** started the game with the %d who joined.", req.User.Name, len(in)), nil)
}

func (t *Table) cancel(ctx context.Context, req Request, l *loaded) (Response, error) {
	g := l.row
	switch {
	case g.Status != storage.StatusOpen && g.Status != storage.StatusInvited:
		return Response{}, sorry("Game #%s can't be cancelled now (it is %s).", no(g.ID), statusWord(g.Status))
	case req.User.ID != g.Creator:
		return Response{}, sorry("Only %s, who opened game #%s, can cancel it.", seatUser(g, 0).Name, no(g.ID))
	}
	return t.abandon(ctx, req, l, storage.StatusCancelled, l.lang.T("Game #%s of %s was cancelled by **%s**.", no(g.ID), titleOf(l.kit), req.User.Name))
}

// abandon closes a game that never started, with status, and puts say on
// the invitation in place of its buttons.
func (t *Table) abandon(ctx context.Context, req Request, l *loaded, status storage.Status, say string) (Response, error) {
	g := l.row
	if _, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: g.Position, Status: status, DrawOffer: storage.NoDrawOffer, InteractionID: req.ID}); err != nil {
		return Response{}, err
	}
	return Response{Update: &Message{Content: say}}, nil
}

// start seats the players who joined in an order drawn by lot, and begins
// the game: the decisions of chance that open it (an opening roll) are
// played at once. within is as for seat: the limits of the others seated
// were counted when they took their seats, so a game that begins is never
// refused for them.
func (t *Table) start(ctx context.Context, req Request, l *loaded, joined []storage.Seat, headline string, within *storage.SeatLimit) (Response, error) {
	g := l.row
	seats := make([]storage.Seat, len(joined))
	copy(seats, joined)
	if l.kit.Partners {
		var err error
		if seats, err = partnerSeating(joined); err != nil {
			return Response{}, err
		}
	} else {
		for i := len(seats) - 1; i > 0; i-- {
			j := i - t.roll(i+1) // a roll of 0 keeps everyone where they sat
			seats[i], seats[j] = seats[j], seats[i]
		}
	}
	for i := range seats {
		seats[i].Seat, seats[i].Joined = i, true
	}
	st, err := l.kit.Game.New(len(seats))
	if err != nil {
		return Response{}, err
	}
	// The dice's public input: the interaction that began the game, which
	// Discord made after the seed's commitment was published (see fair.go).
	if g.Dice.Seed != "" {
		g.Dice.Input = "begun:" + req.ID
	}
	st, entries, played, err := t.settleDice(ctx, g, l.kit, st, 0)
	if err != nil {
		return Response{}, err
	}
	// The lead names the seats as drawn: the game is told them before it
	// is stored, as its board owes them (storage.Board).
	before := g.Seats
	g.Seats = seats
	lang := l.lang
	var sides []string
	for _, s := range seats {
		sides = append(sides, lang.T("**%s** plays %s", s.Name, l.kit.SeatName(l.lang, st, s.Seat)))
	}
	who := joinIn(lang, sides)
	var lead string
	switch narrate := len(played) > 0 && l.kit.Narrate != nil; {
	case narrate && l.kit.Partners:
		lead = lang.T("%s Game #%s begins. %s.", headline, no(g.ID), who) + " " + l.kit.Narrate(lang, played, st, names(g))
	case narrate:
		lead = lang.T("%s Game #%s begins. By lot, %s.", headline, no(g.ID), who) + " " + l.kit.Narrate(lang, played, st, names(g))
	case l.kit.Partners:
		lead = lang.T("%s Game #%s begins. %s; %s moves first.", headline, no(g.ID), who, seatUser(g, int(st.ToMove())).Name)
	default:
		lead = lang.T("%s Game #%s begins. By lot, %s; %s moves first.", headline, no(g.ID), who, seatUser(g, int(st.ToMove())).Name)
	}
	if line := commitLine(lang, g); line != "" {
		lead += "\n" + line
	}
	version, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: st.String(), Status: storage.StatusActive, DrawOffer: storage.NoDrawOffer, Seats: seats, Entries: entries, InteractionID: req.ID, TurnStarted: true, DiceInput: g.Dice.Input, Board: t.owes(lead), Within: within})
	if err != nil {
		g.Seats = before
		return Response{}, err
	}
	g.Version, g.Status, g.Position = version, storage.StatusActive, st.String()
	l.state = st
	if g.ThreadID == "" {
		// The game's thread may have been recorded since the lobby was
		// loaded (someone accepted the moment it was made): the first
		// board goes there.
		if row, err := t.store.Game(ctx, g.ID); err == nil {
			g.ThreadID = row.ThreadID
		}
	}
	board, err := t.boardMessage(ctx, l, lead, "", true)
	if err != nil {
		return Response{}, err
	}
	return Response{Update: &Message{Content: lang.T("Game #%s of %s: %s", no(g.ID), titleOf(l.kit), headline)}, Public: owed(board), PublicIn: g.ThreadID}, nil
}

// computerLevel is the level of the computer players a new game asks
// for (its level option, strong by default), or "" when the game has none.
func computerLevel(req Request, kit Kit) (rules.Level, error) {
	if _, ok := kit.Game.(rules.Thinker); !ok {
		return "", nil
	}
	raw := req.Options["level"]
	if raw == "" {
		return rules.Strong, nil
	}
	l, err := rules.ParseLevel(raw)
	if err != nil {
		return "", sorry("The computer plays easy or strong, not %s.", quote(raw))
	}
	return l, nil
}
