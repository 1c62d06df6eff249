package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"parlor/bot/limits"
	"parlor/bot/tournament"
	"parlor/render"
	"parlor/rules"
	"parlor/storage"
)

// Tournaments. A manager opens one with /tournament new: a round robin or
// a Swiss event of one game, with a sign-up message whose Join and Leave
// buttons take entrants until its creator starts it (its Start button, or
// /tournament start) or its start time comes. From then on it runs itself
// from the sweep: the sweep makes its games (a round robin's all at once,
// a Swiss event's a round at a time, once the round before has ended),
// begins them with the seats in the pairing's order, posts the standings
// after each round and names the winner. Its games are ordinary games,
// marked with their tournament and round, played where the tournament is,
// with its deadline per move. Every step is claimed in the database
// (package storage, tournaments.go), so two sweeps or two replicas at once
// make each round, each game and each report once. Package tournament
// pairs and scores.

// TournamentStore is what tournaments need of the store (see
// storage/tournaments.go).
type TournamentStore interface {
	CreateTournament(ctx context.Context, tr *storage.Tournament) (int64, error)
	Tournament(ctx context.Context, id int64) (*storage.Tournament, error)
	Tournaments(ctx context.Context, f storage.TournamentFilter) ([]storage.Tournament, error)
	DueTournaments(ctx context.Context, now time.Time) ([]storage.Tournament, error)
	JoinTournament(ctx context.Context, id, version int64, e storage.Entrant) (int64, error)
	LeaveTournament(ctx context.Context, id, version int64, member string) (int64, error)
	StartTournament(ctx context.Context, id, version int64) (int64, error)
	EndTournament(ctx context.Context, id, version int64, status storage.TournamentStatus) (int64, error)
	MakeRound(ctx context.Context, id, version int64, batch int, games []storage.RoundGame) (int64, error)
	ReportRound(ctx context.Context, id int64, round int) (bool, error)
	SetTournamentThread(ctx context.Context, id int64, messageID, threadID string) error
	TournamentOf(ctx context.Context, gameID int64) (int64, storage.TournamentGame, bool, error)
}

// TournamentThreads is what a door that starts threads tells the table
// of a tournament's (see ThreadSpec.Tournament).
type TournamentThreads interface {
	// TournamentThread records that the door started threadID for
	// tournament id from its sign-up message messageID.
	TournamentThread(ctx context.Context, id int64, messageID, threadID string) error
}

// TournamentThread records the thread of tournament id: its games and
// standings are posted there from now on.
func (t *Table) TournamentThread(ctx context.Context, id int64, messageID, threadID string) error {
	return t.store.SetTournamentThread(ctx, id, messageID, threadID)
}

// The bounds of a tournament's options.
const (
	maxTournamentRounds    = 12
	maxTournamentComputers = 8
	maxTournamentStartsIn  = 24 * 30 // hours
	// maxEntrants keeps a round robin's games (n(n-1)/2, twice that
	// doubled) and a standings picture within reason.
	maxEntrants = 32
)

// tournamentCommands are /tournament's.
func (t *Table) tournamentCommands() []CommandSpec {
	var games []Choice
	for _, name := range t.order {
		games = append(games, Choice{Name: t.kits[name].Game.Title(), Value: name})
	}
	which := OptionSpec{Name: "tournament", Description: "Which tournament, by number (default: the one of this channel)", Type: IntegerOption, Min: 1, Max: 1 << 30}
	return []CommandSpec{{Name: "tournament", Description: "Tournaments in this server: a round robin or a Swiss event that runs itself", Subs: []SubSpec{
		{Name: "new", Description: "Open a tournament here, with a sign-up message (for members who can manage the server)", ServerOnly: true, do: (*Table).newTournament, Options: []OptionSpec{
			{Name: "game", Description: "Which game", Type: StringOption, Required: true, MaxLength: 20, Choices: games},
			{Name: "format", Description: "Round robin (everyone meets everyone) or Swiss (rounds paired by score)", Type: StringOption, Required: true, MaxLength: 12,
				Choices: []Choice{{Name: "round robin", Value: string(tournament.RoundRobin)}, {Name: "Swiss", Value: string(tournament.Swiss)}}},
			{Name: "rounds", Description: "Rounds of a Swiss event (default 3)", Type: IntegerOption, Min: 1, Max: maxTournamentRounds},
			{Name: "players", Description: "Players in each game (default 2)", Type: IntegerOption, Min: 2, Max: 4},
			{Name: "deadline", Description: "Days allowed per move (default: the server's)", Type: IntegerOption, Min: 0, Max: maxDeadlineDays},
			{Name: "starts", Description: "Hours from now when it starts by itself (default: when you start it)", Type: IntegerOption, Min: 1, Max: maxTournamentStartsIn},
			{Name: "computers", Description: "Computer players entered", Type: IntegerOption, Min: 0, Max: maxTournamentComputers},
			{Name: "level", Description: "How well the computer players play (default: strong)", Type: StringOption, MaxLength: 10,
				Choices: []Choice{{Name: "easy", Value: string(rules.Easy)}, {Name: "strong", Value: string(rules.Strong)}}},
			{Name: "takebacks", Description: "Whether its games allow takebacks by agreement (default off)", Type: StringOption, MaxLength: 3,
				Choices: []Choice{{Name: "on", Value: "on"}, {Name: "off", Value: "off"}}},
			{Name: "pauses", Description: "Whether its games may be paused by agreement (default off)", Type: StringOption, MaxLength: 3,
				Choices: []Choice{{Name: "on", Value: "on"}, {Name: "off", Value: "off"}}},
			{Name: "twice", Description: "In a round robin of two-player games, each pair meets twice, seats swapped", Type: StringOption, MaxLength: 3,
				Choices: []Choice{{Name: "on", Value: "on"}, {Name: "off", Value: "off"}}},
		}},
		{Name: "start", Description: "Start your tournament now, with those who have joined", ServerOnly: true, do: (*Table).startTournamentCommand, Options: []OptionSpec{which}},
		{Name: "standings", Description: "A tournament's standings and its games in play", ServerOnly: true, do: (*Table).tournamentStandings, Options: []OptionSpec{which}},
		{Name: "leave", Description: "Leave a tournament: games not yet played are forfeited, finished ones count", ServerOnly: true, do: (*Table).leaveTournamentCommand, Options: []OptionSpec{which}},
	}}}
}

// tournamentID is a tournament button's custom id: "tn/{id}/{action}".
func tournamentID(id int64, action string) string { return fmt.Sprintf("tn/%d/%s", id, action) }

// newTournament answers /tournament new.
func (t *Table) newTournament(ctx context.Context, req Request) (Response, error) {
	if req.GuildID == "" {
		return Response{}, sorry("Tournaments are a server's: open one in a server.")
	}
	if !req.User.CanManage {
		return Response{}, sorry("Only members who can manage this server can open a tournament.")
	}
	kit, ok := t.kits[req.Options["game"]]
	if !ok {
		return Response{}, sorry("%s is not a game here: choose one from the list.", quote(req.Options["game"]))
	}
	format := tournament.Format(req.Options["format"])
	if format != tournament.RoundRobin && format != tournament.Swiss {
		return Response{}, sorry("A tournament is a round robin or Swiss, not %s.", quote(req.Options["format"]))
	}
	players := kit.Game.Players()
	per, set, ok := intOption(req.Options, "players", players[0], players[len(players)-1])
	if !ok {
		return Response{}, sorry("%s is played by %d to %d players, not %s.", titleOf(kit), players[0], players[len(players)-1], quote(req.Options["players"]))
	}
	if !set {
		per = max(2, players[0])
	}
	rounds, _, ok := intOption(req.Options, "rounds", 1, maxTournamentRounds)
	if !ok {
		return Response{}, sorry("A Swiss event plays 1 to %d rounds, not %s.", maxTournamentRounds, quote(req.Options["rounds"]))
	}
	if rounds == 0 {
		rounds = 3
	}
	if format == tournament.RoundRobin {
		rounds = 0
	}
	computers, _, ok := intOption(req.Options, "computers", 0, maxTournamentComputers)
	if !ok {
		return Response{}, sorry("Enter 0 to %d computer players, not %s.", maxTournamentComputers, quote(req.Options["computers"]))
	}
	level, err := computerLevel(req, kit)
	if err != nil {
		return Response{}, err
	}
	if computers > 0 && level == "" {
		return Response{}, sorry("%s has no computer players yet.", titleOf(kit))
	}
	twice := req.Options["twice"] == "on"
	if twice && (format != tournament.RoundRobin || per != 2) {
		return Response{}, sorry("Only a round robin of two-player games is played twice.")
	}
	hours, _, ok := intOption(req.Options, "starts", 1, maxTournamentStartsIn)
	if !ok {
		return Response{}, sorry("A tournament starts 1 to %d hours from now, not %s.", maxTournamentStartsIn, quote(req.Options["starts"]))
	}
	gs, err := t.store.GuildSettings(ctx, req.GuildID)
	if err != nil {
		return Response{}, err
	}
	clock, err := t.newClock(req, gs)
	if err != nil {
		return Response{}, err
	}
	lang := t.newGameLang(req, gs)
	tr := &storage.Tournament{GuildID: req.GuildID, ChannelID: req.ChannelID, Kind: kit.Game.Name(), Format: string(format), PerGame: per,
		Rounds: rounds, Double: twice, DeadlineDays: clock.DeadlineDays, Creator: req.User.ID, Lang: lang.Code(),
		Takebacks: req.Options["takebacks"] == "on", Pauses: req.Options["pauses"] == "on"}
	if hours > 0 {
		tr.StartsAt = t.now().Add(time.Duration(hours) * time.Hour)
	}
	for n := 1; n <= computers; n++ {
		s := computerAt(lang, 0, n, level)
		tr.Entrants = append(tr.Entrants, storage.Entrant{Member: s.UserID, Name: s.Name, Computer: s.Computer})
	}
	if _, err := t.store.CreateTournament(ctx, tr); err != nil {
		return Response{}, err
	}
	intro := lang.T("Tournament #%s is played in this thread: its games, and the standings after each round, come here.", no(tr.ID))
	name := Clip(fmt.Sprintf("%s #%s · %s", lang.T("Tournament"), no(tr.ID), kit.Game.Title()), limits.ThreadName)
	return Response{Public: t.signUp(tr), Thread: &ThreadSpec{Tournament: tr.ID, Name: name, Intro: intro}}, nil
}

// formatWord names a tournament's format.
func formatWord(format string) string {
	if format == string(tournament.Swiss) {
		return N("Swiss")
	}
	return N("round robin")
}

// signUp is a tournament's sign-up message, with its buttons while it
// takes entrants.
func (t *Table) signUp(tr *storage.Tournament) *Message {
	lang := LangOf(tr.Lang)
	kit := t.kits[tr.Kind]
	var b strings.Builder
	b.WriteString(lang.T("**Tournament #%s: %s, %s**, games of %d.", no(tr.ID), titleOf(kit), lang.T(formatWord(tr.Format)), tr.PerGame))
	if tr.Format == string(tournament.Swiss) {
		b.WriteString(" " + lang.T("%d rounds.", tr.Rounds))
	}
	if tr.DeadlineDays > 0 {
		b.WriteString(" " + lang.T("%d days a move.", tr.DeadlineDays))
	}
	b.WriteString("\n")
	var names []string
	for _, e := range tr.Entrants {
		names = append(names, e.Name)
	}
	if len(names) == 0 {
		b.WriteString(lang.T("Nobody has joined yet."))
	} else {
		b.WriteString(lang.T("Entrants (%d): %s", len(names), strings.Join(names, ", ")))
	}
	msg := &Message{Lang: lang}
	switch tr.Status {
	case storage.TournamentOpen:
		if !tr.StartsAt.IsZero() {
			b.WriteString("\n" + lang.T("It starts <t:%s:R>, or when <@%s> starts it.", strconv.FormatInt(tr.StartsAt.Unix(), 10), tr.Creator))
		} else {
			b.WriteString("\n" + lang.T("It starts when <@%s> starts it.", tr.Creator))
		}
		msg.Components = []Row{{
			{Kind: Button, ID: tournamentID(tr.ID, "join"), Label: lang.T("Join"), Style: Primary},
			{Kind: Button, ID: tournamentID(tr.ID, "leave"), Label: lang.T("Leave"), Style: Secondary},
			{Kind: Button, ID: tournamentID(tr.ID, "start"), Label: lang.T("Start"), Style: Success},
		}}
	case storage.TournamentRunning:
		b.WriteString("\n" + lang.T("It has started: its games are played here."))
	case storage.TournamentCancelled:
		b.WriteString("\n" + lang.T("It was cancelled."))
	}
	msg.Content = b.String()
	return msg
}

// tournamentClick answers a sign-up message's button.
func (t *Table) tournamentClick(ctx context.Context, req Request) (Response, error) {
	parts := strings.Split(req.CustomID, "/")
	if len(parts) != 3 {
		return Response{}, unknownButton()
	}
	id, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || id <= 0 {
		return Response{}, unknownButton()
	}
	tr, err := t.loadTournament(ctx, req, id)
	if err != nil {
		return Response{}, err
	}
	switch parts[2] {
	case "join":
		return t.joinTournament(ctx, req, tr)
	case "leave":
		return t.leaveTournament(ctx, req, tr, true)
	case "start":
		return t.startTournament(ctx, req, tr, true)
	}
	return Response{}, unknownButton()
}

// loadTournament loads tournament id for req: one of another server is
// answered as one that does not exist.
func (t *Table) loadTournament(ctx context.Context, req Request, id int64) (*storage.Tournament, error) {
	tr, err := t.store.Tournament(ctx, id)
	if errors.Is(err, storage.ErrNotFound) || err == nil && tr.GuildID != req.GuildID {
		return nil, sorry("There is no tournament #%s here.", no(id))
	}
	return tr, err
}

// chosenTournament is the tournament a command names, or else the newest
// of the channel (or thread) it is typed in that has not ended.
func (t *Table) chosenTournament(ctx context.Context, req Request) (*storage.Tournament, error) {
	if raw := req.Options["tournament"]; raw != "" {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || id <= 0 {
			return nil, sorry("%s is not a tournament's number.", quote(raw))
		}
		return t.loadTournament(ctx, req, id)
	}
	list, err := t.store.Tournaments(ctx, storage.TournamentFilter{GuildID: req.GuildID, ChannelID: req.ChannelID})
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, sorry("There is no tournament in this channel: say which, with tournament:.")
	}
	return t.loadTournament(ctx, req, list[0].ID)
}

// changeTournament runs change, a version-guarded change of tr, and when
// another change was stored first loads tr afresh and runs it again, as
// retry does for a game.
func (t *Table) changeTournament(ctx context.Context, req Request, tr *storage.Tournament, change func(*storage.Tournament) (Response, error)) (Response, error) {
	for try := 1; ; try++ {
		resp, err := change(tr)
		if !errors.Is(err, storage.ErrConflict) || try == maxTries {
			return resp, err
		}
		if tr, err = t.loadTournament(ctx, req, tr.ID); err != nil {
			return Response{}, err
		}
	}
}

// joinTournament enters the user in tr.
func (t *Table) joinTournament(ctx context.Context, req Request, tr *storage.Tournament) (Response, error) {
	return t.changeTournament(ctx, req, tr, func(tr *storage.Tournament) (Response, error) {
		if tr.Status != storage.TournamentOpen {
			return Response{}, sorry("Tournament #%s has started or ended: it takes no more entrants.", no(tr.ID))
		}
		if _, in := tr.Entrant(req.User.ID); in {
			return Response{}, sorry("You are in tournament #%s already.", no(tr.ID))
		}
		if len(tr.Entrants) >= maxEntrants {
			return Response{}, sorry("Tournament #%s is full: %d entrants.", no(tr.ID), maxEntrants)
		}
		v, err := t.store.JoinTournament(ctx, tr.ID, tr.Version, storage.Entrant{Member: req.User.ID, Name: req.User.Name})
		if errors.Is(err, storage.ErrDuplicate) {
			return Response{}, sorry("You are in tournament #%s already.", no(tr.ID))
		}
		if err != nil {
			return Response{}, err
		}
		tr.Version = v
		tr.Entrants = append(tr.Entrants, storage.Entrant{Member: req.User.ID, Name: req.User.Name})
		return Response{Update: t.signUp(tr)}, nil
	})
}

// leaveTournament takes the user out of tr. Once it runs, their games in
// play are resigned, by the path a resignation takes, and their games not
// begun are forfeited as the sweep begins them; finished games count. A
// forfeit this answer could not make (another change of the game came
// first, or the process stopped) is made by the next sweep (advance).
func (t *Table) leaveTournament(ctx context.Context, req Request, tr *storage.Tournament, click bool) (Response, error) {
	resp, err := t.changeTournament(ctx, req, tr, func(tr2 *storage.Tournament) (Response, error) {
		tr = tr2
		e, in := tr.Entrant(req.User.ID)
		switch {
		case !in:
			return Response{}, sorry("You are not in tournament #%s.", no(tr.ID))
		case e.Left:
			return Response{}, sorry("You have left tournament #%s already.", no(tr.ID))
		case tr.Status != storage.TournamentOpen && tr.Status != storage.TournamentRunning:
			return Response{}, sorry("Tournament #%s has ended.", no(tr.ID))
		}
		v, err := t.store.LeaveTournament(ctx, tr.ID, tr.Version, req.User.ID)
		if err != nil {
			return Response{}, err
		}
		tr.Version = v
		if tr.Status == storage.TournamentOpen {
			tr.Entrants = slices.DeleteFunc(tr.Entrants, func(e storage.Entrant) bool { return e.Member == req.User.ID })
			if click {
				return Response{Update: t.signUp(tr)}, nil
			}
			return Response{Private: &Message{Content: you(req).T("You have left tournament #%s.", no(tr.ID))}}, nil
		}
		return Response{Private: &Message{Content: you(req).T("You have left tournament #%s: your games not yet played are forfeited.", no(tr.ID))}, Wake: true}, nil
	})
	if err != nil || tr.Status != storage.TournamentRunning {
		return resp, err
	}
	for _, tg := range tr.Games {
		if tg.GameID == 0 {
			continue
		}
		r, err := t.forfeit(ctx, tg.GameID, req.User.ID, req.ID)
		if err != nil {
			t.log.Warn("a withdrawal's forfeit is left to the sweep", "tournament", tr.ID, "game", tg.GameID, "err", err)
			continue
		}
		if resp.Public == nil && r.Public != nil {
			// The first board goes with the answer; the others are
			// owed (storage.Board), and a sweep posts them.
			resp.Public, resp.PublicIn = r.Public, r.PublicIn
		}
	}
	return resp, nil
}

// forfeit resigns member's seat in game id, in play, for their withdrawal
// from its tournament, with the interaction (or the sweep's action) cause,
// and returns the board; nothing when the game is not in play or the
// member has left it already. A change of the game stored first is met by
// loading it afresh, as retry does.
func (t *Table) forfeit(ctx context.Context, id int64, member, cause string) (Response, error) {
	for try := 1; ; try++ {
		g, err := t.store.Game(ctx, id)
		if err != nil {
			return Response{}, err
		}
		seat := seatOf(g, member)
		if g.Status != storage.StatusActive || seat < 0 {
			return Response{}, nil
		}
		l, err := t.loadedFrom(g)
		if err != nil || l == nil {
			return Response{}, err
		}
		if r, ok := l.state.(interface{ Retired(rules.Seat) bool }); ok && r.Retired(rules.Seat(seat)) {
			return Response{}, nil
		}
		next, entries, _, err := resignation(l, seat)
		if err != nil {
			return Response{}, err
		}
		lead := l.lang.T("**%s** left the tournament, and so game #%s.", seatUser(g, seat).Name, no(g.ID))
		resp, err := t.finish(ctx, fmt.Sprintf("%s/forfeit/%d/%d", cause, g.ID, g.Version), l, next, lead, entries...)
		resp.PublicIn = g.Where()
		if !errors.Is(err, storage.ErrConflict) || try == maxTries {
			return resp, err
		}
	}
}

// startTournamentCommand answers /tournament start.
func (t *Table) startTournamentCommand(ctx context.Context, req Request) (Response, error) {
	tr, err := t.chosenTournament(ctx, req)
	if err != nil {
		return Response{}, err
	}
	return t.startTournament(ctx, req, tr, false)
}

// startTournament starts tr for its creator: the sweep, woken at once,
// makes its first games.
func (t *Table) startTournament(ctx context.Context, req Request, tr *storage.Tournament, click bool) (Response, error) {
	return t.changeTournament(ctx, req, tr, func(tr *storage.Tournament) (Response, error) {
		if req.User.ID != tr.Creator {
			return Response{}, sorry("Only <@%s>, who opened tournament #%s, can start it.", tr.Creator, no(tr.ID))
		}
		if tr.Status != storage.TournamentOpen {
			return Response{}, sorry("Tournament #%s has started already.", no(tr.ID))
		}
		if len(tr.Entrants) < 2 {
			return Response{}, sorry("Tournament #%s needs two entrants at least to start.", no(tr.ID))
		}
		v, err := t.store.StartTournament(ctx, tr.ID, tr.Version)
		if err != nil {
			return Response{}, err
		}
		tr.Version, tr.Status = v, storage.TournamentRunning
		say := LangOf(tr.Lang).T("Tournament #%s has started: its first games come in a moment.", no(tr.ID))
		if click {
			return Response{Update: t.signUp(tr), Public: &Message{Content: say}, Wake: true}, nil
		}
		return Response{Public: &Message{Content: say}, Wake: true}, nil
	})
}

// leaveTournamentCommand answers /tournament leave.
func (t *Table) leaveTournamentCommand(ctx context.Context, req Request) (Response, error) {
	tr, err := t.chosenTournament(ctx, req)
	if err != nil {
		return Response{}, err
	}
	return t.leaveTournament(ctx, req, tr, false)
}

// tournamentStandings answers /tournament standings: the picture of the
// table, and the games in play.
func (t *Table) tournamentStandings(ctx context.Context, req Request) (Response, error) {
	tr, err := t.chosenTournament(ctx, req)
	if err != nil {
		return Response{}, err
	}
	if tr.Status == storage.TournamentOpen || tr.Status == storage.TournamentCancelled {
		return Response{Private: t.signUp(tr)}, nil
	}
	ev, games, err := t.eventOf(ctx, tr)
	if err != nil {
		return Response{}, err
	}
	lang := you(req)
	msg, err := t.standingsMessage(tr, ev, lang, lang.T("Standings of tournament #%s after %d games.", no(tr.ID), gamesOver(ev)))
	if err != nil {
		return Response{}, err
	}
	var playing []string
	for _, tg := range tr.Games {
		if g := games[tg.GameID]; g != nil && g.Status == storage.StatusActive {
			playing = append(playing, fmt.Sprintf("#%s %s", no(g.ID), strings.Join(names(g), " · ")))
		}
	}
	if len(playing) > 0 {
		msg.Content += "\n" + lang.T("In play: %s", strings.Join(playing, "; "))
	}
	return Response{Private: msg}, nil
}

// gamesOver is the number of ev's games that are over, byes left out.
func gamesOver(ev tournament.Event) int {
	n := 0
	for _, g := range ev.Games {
		if !g.Bye() && g.Over() {
			n++
		}
	}
	return n
}

// eventOf is tr as package tournament sees it, with tr's stored games by
// id: each finished game's places come from how it ended, as the ratings
// read them (ratedGame).
func (t *Table) eventOf(ctx context.Context, tr *storage.Tournament) (tournament.Event, map[int64]*storage.Game, error) {
	ev := tournament.Event{Format: tournament.Format(tr.Format), PerGame: tr.PerGame, Double: tr.Double, Rounds: tr.Rounds}
	for _, e := range tr.Entrants {
		ev.Entrants = append(ev.Entrants, e.Member)
		if e.Left {
			ev.Left = append(ev.Left, e.Member)
		}
	}
	games := map[int64]*storage.Game{}
	for _, tg := range tr.Games {
		if tg.GameID == 0 {
			ev.Games = append(ev.Games, tournament.Game{Round: tg.Round, Seats: []string{tg.Bye}})
			continue
		}
		g, err := t.store.Game(ctx, tg.GameID)
		if err != nil {
			return ev, nil, err
		}
		games[g.ID] = g
		eg := tournament.Game{Round: tg.Round}
		for _, s := range g.Seats {
			eg.Seats = append(eg.Seats, s.UserID)
			if !slices.Contains(ev.Entrants, s.UserID) {
				// Not an entrant (any more): a seat renamed by a change
				// that raced its entrant's. It counts, withdrawn.
				ev.Entrants, ev.Left = append(ev.Entrants, s.UserID), append(ev.Left, s.UserID)
			}
		}
		if g.Status == storage.StatusOver {
			rg, err := t.ratedGame(ctx, g)
			if err != nil {
				return ev, nil, err
			}
			if err := eg.Ended(rg.Places); err != nil {
				return ev, nil, fmt.Errorf("game %d: %w", g.ID, err)
			}
		}
		ev.Games = append(ev.Games, eg)
	}
	return ev, games, nil
}

// sweepTournaments does what the tournaments due need (advance), and
// returns what to post.
func (t *Table) sweepTournaments(ctx context.Context) []Notice {
	due, err := t.store.DueTournaments(ctx, t.now())
	if err != nil {
		if ctx.Err() == nil { // a sweep stopped with the program is no fault
			t.log.Error("sweep: tournaments", "err", err)
		}
		return nil
	}
	var out []Notice
	for _, tr := range due {
		ns, err := t.advance(ctx, tr.ID)
		for i := range ns {
			ns[i].GuildID = tr.GuildID
		}
		out = append(out, ns...)
		if err != nil && !errors.Is(err, storage.ErrConflict) && !errors.Is(err, storage.ErrDuplicate) && ctx.Err() == nil {
			t.log.Error("sweep: tournament", "tournament", tr.ID, "err", err)
		}
	}
	return out
}

// advance takes tournament id as far as it goes now: it starts it at its
// time, begins its games made but not begun, posts the standings of a
// round just ended, and makes the next games or ends it. Each step is
// claimed, so that another sweep doing the same at once does it once; a
// step lost to another (ErrConflict) ends this one, whose next sweep sees
// what the other did.
func (t *Table) advance(ctx context.Context, id int64) ([]Notice, error) {
	tr, err := t.store.Tournament(ctx, id)
	if err != nil {
		return nil, err
	}
	lang := LangOf(tr.Lang)
	where := cmp.Or(tr.ThreadID, tr.ChannelID)
	var out []Notice
	say := func(m *Message) { out = append(out, Notice{ChannelID: where, Message: m}) }
	if tr.Status == storage.TournamentOpen {
		if tr.StartsAt.IsZero() || tr.StartsAt.After(t.now()) {
			return nil, nil
		}
		if len(tr.Entrants) < 2 {
			if _, err := t.store.EndTournament(ctx, tr.ID, tr.Version, storage.TournamentCancelled); err != nil {
				return nil, err
			}
			say(&Message{Content: lang.T("Tournament #%s was cancelled at its start time: fewer than two entrants joined.", no(tr.ID)), Lang: lang})
			return out, nil
		}
		if tr.Version, err = t.store.StartTournament(ctx, tr.ID, tr.Version); err != nil {
			return nil, err
		}
		tr.Status = storage.TournamentRunning
		say(&Message{Content: lang.T("Tournament #%s has started: its first games come in a moment.", no(tr.ID)), Lang: lang})
	}
	if tr.Status != storage.TournamentRunning {
		return out, nil
	}
	ev, games, err := t.eventOf(ctx, tr)
	if err != nil {
		return out, err
	}
	// Games made and not begun (their maker stopped before beginning
	// them): begin them now.
	begun := false
	for _, tg := range tr.Games {
		if g := games[tg.GameID]; g != nil && g.Status == storage.StatusInvited {
			ns, err := t.beginTournamentGame(ctx, tr, g)
			out = append(out, ns...)
			if err != nil {
				return out, err
			}
			begun = true
		}
	}
	if begun {
		return out, nil // the next sweep reads them as begun
	}
	// The games in play of entrants who have left, which their
	// withdrawal did not forfeit (its process stopped, or lost a race).
	forfeited := false
	for _, tg := range tr.Games {
		if g := games[tg.GameID]; g != nil && g.Status == storage.StatusActive {
			ns, err := t.forfeitLeft(ctx, tr, g.ID)
			out = append(out, ns...)
			if err != nil {
				return out, err
			}
			forfeited = forfeited || len(ns) > 0
		}
	}
	if forfeited {
		return out, nil // the next sweep reads them as they ended
	}
	// The standings of each round whose games are all over, once.
	if r := roundsOver(ev); r > tr.Reported && !ev.Done() {
		won, err := t.store.ReportRound(ctx, tr.ID, r)
		if err != nil {
			return out, err
		}
		if won {
			m, err := t.standingsMessage(tr, ev, lang, lang.T("Standings of tournament #%s after round %d.", no(tr.ID), r))
			if err != nil {
				return out, err
			}
			say(m)
		}
	}
	if ev.Done() {
		return t.endTournament(ctx, tr, ev, out)
	}
	next, err := ev.Next()
	switch {
	case errors.Is(err, tournament.ErrRoundOpen):
		return out, nil
	case errors.Is(err, tournament.ErrFinished), errors.Is(err, tournament.ErrNoPairing):
		// Nothing more to make: the event ends once every game made is
		// over (a round robin's are made at once), or, when no pairing
		// is left in which nobody meets again, now.
		if roundsOver(ev) == ev.Round() {
			return t.endTournament(ctx, tr, ev, out)
		}
		return out, nil
	case err != nil:
		return out, err
	}
	return t.makeGames(ctx, tr, next, out)
}

// roundsOver is the last round up to which every game of ev is over.
func roundsOver(ev tournament.Event) int {
	last := ev.Round()
	for _, g := range ev.Games {
		if !g.Over() {
			last = min(last, g.Round-1)
		}
	}
	return last
}

// makeGames stores the games pairing made for tr (one round of a Swiss
// event, or every round of a round robin) and begins them.
func (t *Table) makeGames(ctx context.Context, tr *storage.Tournament, pairing []tournament.Game, out []Notice) ([]Notice, error) {
	kit, ok := t.kits[tr.Kind]
	if !ok {
		return out, fmt.Errorf("tournament %d: no kit for %s", tr.ID, tr.Kind)
	}
	gs, err := t.store.GuildSettings(ctx, tr.GuildID)
	if err != nil {
		return out, err
	}
	entrants := map[string]storage.Entrant{}
	for _, e := range tr.Entrants {
		entrants[e.Member] = e
	}
	var made []storage.RoundGame
	for _, p := range pairing {
		if p.Bye() {
			made = append(made, storage.RoundGame{Round: p.Round, Bye: p.Seats[0]})
			continue
		}
		st, err := kit.Game.New(len(p.Seats))
		if err != nil {
			return out, err
		}
		g := &storage.Game{Kind: tr.Kind, GuildID: tr.GuildID, ChannelID: cmp.Or(tr.ThreadID, tr.ChannelID), Creator: tr.Creator,
			Status: storage.StatusInvited, Position: st.String(), DrawOffer: storage.NoDrawOffer, Lang: tr.Lang,
			Clock: storage.Clock{RemindEvery: gs.RemindEvery, DeadlineDays: tr.DeadlineDays}}
		for i, id := range p.Seats {
			e := entrants[id]
			g.Seats = append(g.Seats, storage.Seat{Seat: i, UserID: id, Name: e.Name, Joined: true, Computer: e.Computer})
		}
		if kit.Dice {
			g.Dice = newDice()
		}
		made = append(made, storage.RoundGame{Round: p.Round, Game: g})
	}
	if _, err := t.store.MakeRound(ctx, tr.ID, tr.Version, tr.Round+1, made); err != nil {
		return out, err
	}
	for _, m := range made {
		if m.Game == nil {
			continue
		}
		ns, err := t.beginTournamentGame(ctx, tr, m.Game)
		out = append(out, ns...)
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// beginTournamentGame begins g, a game of tr made with its seats in the
// pairing's order, and forfeits the seats of entrants who have left.
func (t *Table) beginTournamentGame(ctx context.Context, tr *storage.Tournament, g *storage.Game) ([]Notice, error) {
	l, err := t.loadedFrom(g)
	if err != nil || l == nil {
		return nil, err
	}
	l.seated = true
	cause := fmt.Sprintf("tournament/%d/game/%d", tr.ID, g.ID)
	round := 0
	for _, tg := range tr.Games {
		if tg.GameID == g.ID {
			round = tg.Round
		}
	}
	headline := l.lang.T("Tournament #%s, round %d.", no(tr.ID), max(round, tr.Round+1))
	resp, err := t.start(ctx, Request{ID: cause}, l, g.Seats, headline, nil)
	if err != nil {
		return nil, err
	}
	var out []Notice
	if resp.Public != nil {
		out = append(out, Notice{GameID: g.ID, ChannelID: g.Where(), Message: resp.Public})
	}
	if _, _, ok := computerSeat(l); ok {
		// A computer opens: this process's workers, if it runs them,
		// take its turn now rather than at the next sweep.
		t.computers.queue(g.ID, t.now())
	}
	ns, err := t.forfeitLeft(ctx, tr, g.ID)
	return append(out, ns...), err
}

// forfeitLeft forfeits the seats of game id, of tr, whose entrants have
// left tr, and returns the boards to post.
func (t *Table) forfeitLeft(ctx context.Context, tr *storage.Tournament, id int64) ([]Notice, error) {
	var out []Notice
	for _, e := range tr.Entrants {
		if !e.Left {
			continue
		}
		r, err := t.forfeit(ctx, id, e.Member, fmt.Sprintf("tournament/%d/left", tr.ID))
		if err != nil {
			return out, err
		}
		if r.Public != nil {
			out = append(out, Notice{GameID: id, ChannelID: r.PublicIn, Message: r.Public})
		}
	}
	return out, nil
}

// endTournament ends tr, once, with the final standings.
func (t *Table) endTournament(ctx context.Context, tr *storage.Tournament, ev tournament.Event, out []Notice) ([]Notice, error) {
	if _, err := t.store.EndTournament(ctx, tr.ID, tr.Version, storage.TournamentOver); err != nil {
		return out, err
	}
	lang := LangOf(tr.Lang)
	st := ev.Standings()
	var winners []string
	for _, s := range st {
		if s.Place == 1 {
			winners = append(winners, "**"+entrantName(tr, s.Entrant)+"**")
		}
	}
	head := lang.T("Tournament #%s is over. Final standings:", no(tr.ID))
	if len(winners) > 0 {
		head = lang.T("Tournament #%s is over: %s won it. Final standings:", no(tr.ID), joinIn(lang, winners))
	}
	m, err := t.standingsMessage(tr, ev, lang, head)
	if err != nil {
		return out, err
	}
	return append(out, Notice{ChannelID: cmp.Or(tr.ThreadID, tr.ChannelID), Message: m}), nil
}

// entrantName is the name of tr's entrant member.
func entrantName(tr *storage.Tournament, member string) string {
	if e, ok := tr.Entrant(member); ok {
		return e.Name
	}
	return member
}

// standingsPainter is a painter that also draws a tournament's table.
type standingsPainter interface {
	StandingsPNG(render.Standings) ([]byte, error)
}

// standingsMessage is ev's standings, said in lang under head: a picture
// when the painter draws one, and the table in text too (for the console,
// and for readers of the message without pictures).
func (t *Table) standingsMessage(tr *storage.Tournament, ev tournament.Event, lang Lang, head string) (*Message, error) {
	swiss := ev.Format == tournament.Swiss
	pic := render.Standings{Title: lang.T("Tournament #%s · %s", no(tr.ID), titleOf(t.kits[tr.Kind])), Head: [6]string{"#", lang.T("Entrant"), lang.T("Points"), lang.T("H2H"), lang.T("Wins"), lang.T("Games")}}
	if swiss {
		pic.Head[3], pic.Head[4] = lang.T("Buchholz"), lang.T("S-B")
	}
	var lines []string
	for _, s := range ev.Standings() {
		name := entrantName(tr, s.Entrant)
		tie1, tie2 := tournament.Points(s.HeadToHead).String(), strconv.Itoa(s.Wins)
		if swiss {
			tie1, tie2 = tiePoints(s.Buchholz, 6*int64(tournament.Point)), tiePoints(s.SonnebornBerger, 6*int64(tournament.Point)*int64(tournament.Point))
		}
		row := render.StandingRow{Place: strconv.Itoa(s.Place), Name: name, Points: s.Points.String(), Tie1: tie1, Tie2: tie2, Games: strconv.Itoa(s.Games), Left: s.Left}
		pic.Rows = append(pic.Rows, row)
		left := ""
		if s.Left {
			left = " " + lang.T("(left)")
		}
		lines = append(lines, fmt.Sprintf("%s. %s%s · %s · %s %s · %s %s", row.Place, name, left, row.Points, pic.Head[3], tie1, pic.Head[4], tie2))
	}
	msg := &Message{Content: head + "\n" + strings.Join(lines, "\n"), Lang: lang}
	if p, ok := t.painter.(standingsPainter); ok {
		png, err := p.StandingsPNG(pic)
		if err != nil {
			return nil, err
		}
		msg.File = &File{Name: fmt.Sprintf("tournament-%d.png", tr.ID), ContentType: "image/png", Data: png}
	}
	return msg, nil
}

// tiePoints writes a tie-break kept in units of a point's 1/per as points.
func tiePoints(v, per int64) string {
	if v%per == 0 {
		return strconv.FormatInt(v/per, 10)
	}
	return strconv.FormatFloat(float64(v)/float64(per), 'f', 2, 64)
}

// playingAllowed checks as playing does, and that l's tournament, if it
// is a tournament's game, allows a takeback (takeback set) or a pause.
func (t *Table) playingAllowed(ctx context.Context, l *loaded, user string, takeback bool) (int, error) {
	seat, err := playing(l, user)
	if err != nil {
		return -1, err
	}
	return seat, t.tournamentAllows(ctx, l, takeback)
}

// tournamentAllows refuses a takeback asked for (takeback set) or a pause
// (not set) in l's game when it is a game of a tournament that does not
// allow them: a tournament's games follow its settings.
func (t *Table) tournamentAllows(ctx context.Context, l *loaded, takeback bool) error {
	id, _, ok, err := t.store.TournamentOf(ctx, l.row.ID)
	if err != nil || !ok {
		return err
	}
	tr, err := t.store.Tournament(ctx, id)
	if err != nil {
		return err
	}
	switch {
	case takeback && !tr.Takebacks:
		return sorry("Game #%s is a game of tournament #%s, which allows no takebacks.", no(l.row.ID), no(id))
	case !takeback && !tr.Pauses:
		return sorry("Game #%s is a game of tournament #%s, which allows no pauses.", no(l.row.ID), no(id))
	}
	return nil
}
