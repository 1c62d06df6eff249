package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"parlor/bot/rating"
	"parlor/rules"
	"parlor/storage"
)

// Ratings. Each player has a Glicko-2 rating per game per server (see
// package rating), computed from the server's finished games of that game
// in the order they ended: ratings are not stored but derived, so they are
// always what the logs say. A game counts once it is over, however it
// ended (resignations and forfeits too); games cancelled or never begun do
// not. Computer players are rated as one player per level
// ("computer/strong"), which anchors the scale, and are marked.

// ratedGame is a finished game as the ratings see it: who sat where and
// how they placed.
func (t *Table) ratedGame(ctx context.Context, g *storage.Game) (rating.Game, error) {
	kit, ok := t.kits[g.Kind]
	if !ok {
		return rating.Game{}, fmt.Errorf("game %d: no kit for %s", g.ID, g.Kind)
	}
	st, err := kit.Game.Parse(g.Position)
	if err != nil {
		return rating.Game{}, fmt.Errorf("game %d: %w", g.ID, err)
	}
	var left []rules.Seat
	winners := st.Outcome().Winners
	if len(g.Seats) > 2 || st.Outcome().Method == rules.Resignation || st.Outcome().Method == rules.Forfeit {
		// Who left, in order: the log knows.
		log, err := t.store.Log(ctx, g.ID)
		if err != nil {
			return rating.Game{}, err
		}
		for _, e := range log {
			if (e.Kind == storage.EntryResign || e.Kind == storage.EntryForfeit) && !slices.Contains(left, rules.Seat(e.Seat)) && !slices.Contains(winners, rules.Seat(e.Seat)) {
				left = append(left, rules.Seat(e.Seat))
			}
		}
	}
	places, err := rating.Places(len(g.Seats), winners, left)
	if err != nil {
		return rating.Game{}, fmt.Errorf("game %d: %w", g.ID, err)
	}
	rg := rating.Game{ID: g.ID, Ended: g.UpdatedAt, Server: g.GuildID, Kind: g.Kind, Places: places}
	for _, s := range g.Seats {
		p := rating.Player{ID: s.UserID}
		if s.Computer != "" {
			p = rating.Player{ID: "computer/" + s.Computer, Computer: true}
		}
		rg.Players = append(rg.Players, p)
	}
	if kit.Partners {
		for i := range g.Seats {
			rg.Teams = append(rg.Teams, i%2)
		}
	}
	return rg, nil
}

// ledgers keeps the ledger of each place and game computed last, with
// the finished games it was computed from, so that it is computed again
// only when a game has ended since.
type ledgers struct {
	mu   sync.Mutex
	kept map[[2]string]keptLedger
}

type keptLedger struct {
	games []int64 // the ids of the finished games, as Find gave them
	// forgotten is the number of the last pseudonym given when it was
	// computed (storage.Forgotten): a member forgotten since renamed seats.
	forgotten int64
	l         *rating.Ledger
}

// forget drops every ledger kept: a member forgotten is in none any more.
func (ls *ledgers) forget() {
	ls.mu.Lock()
	ls.kept = nil
	ls.mu.Unlock()
}

// ledger is the ratings of one game's players in a place (see placeOf):
// a server, or, outside one, a channel (the console's, say).
func (t *Table) ledger(ctx context.Context, guild, channel, kind string) (*rating.Ledger, error) {
	f := storage.Filter{Kind: kind, GuildID: guild, Statuses: []storage.Status{storage.StatusOver}}
	if guild == "" {
		f.ChannelID = channel
	}
	over, err := t.store.Find(ctx, f)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(over))
	for i, g := range over {
		ids[i] = g.ID
	}
	// A member forgotten by another process renamed seats of games
	// kept here: their number says so.
	forgotten, err := t.store.Forgotten(ctx)
	if err != nil {
		return nil, err
	}
	key := [2]string{placeOf(guild, channel), kind}
	t.ledgers.mu.Lock()
	k, ok := t.ledgers.kept[key]
	t.ledgers.mu.Unlock()
	if ok && slices.Equal(k.games, ids) && k.forgotten == forgotten {
		return k.l, nil
	}
	var games []rating.Game
	for i := range over {
		rg, err := t.ratedGame(ctx, &over[i])
		if err != nil {
			t.log.Warn("a game left out of the ratings", "err", err)
			continue
		}
		games = append(games, rg)
	}
	l, err := rating.Recompute(games)
	if err != nil {
		return nil, err
	}
	t.ledgers.mu.Lock()
	if t.ledgers.kept == nil || len(t.ledgers.kept) > 256 {
		t.ledgers.kept = map[[2]string]keptLedger{}
	}
	t.ledgers.kept[key] = keptLedger{games: ids, forgotten: forgotten, l: l}
	t.ledgers.mu.Unlock()
	return l, nil
}

// ratingCommands are /leaderboard and /profile.
func (t *Table) ratingCommands() []CommandSpec {
	var games []Choice
	for _, name := range t.order {
		games = append(games, Choice{Name: t.kits[name].Game.Title(), Value: name})
	}
	return []CommandSpec{
		{Name: "leaderboard", Description: "The best-rated players of a game in this server, and your place", do: (*Table).leaderboard, Options: []OptionSpec{
			{Name: "game", Description: "Which game", Type: StringOption, Required: true, MaxLength: 20, Choices: games},
		}},
		{Name: "profile", Description: "A player's ratings, record and games in this server", do: (*Table).profile, Options: []OptionSpec{
			{Name: "user", Description: "Whose (default: yours)", Type: UserOption},
		}},
	}
}

// leaderboard answers /leaderboard: the top ten of a game in this server
// and the asker's place.
func (t *Table) leaderboard(ctx context.Context, req Request) (Response, error) {
	kind := req.Options["game"]
	kit, ok := t.kits[kind]
	if !ok {
		return Response{}, sorry("%s is not a game here: choose one from the list.", quote(kind))
	}
	l, err := t.ledger(ctx, req.GuildID, req.ChannelID, kind)
	if err != nil {
		return Response{}, err
	}
	// Members forgotten still count as the opponents they were, so that
	// the others' ratings stay what their games say, but are not listed.
	standings := slices.DeleteFunc(l.Standings(req.GuildID, kind), func(e rating.Entry) bool { return storage.IsPseudonym(e.Player) })
	lang := you(req)
	var b strings.Builder
	b.WriteString(lang.T("**%s · leaderboard** (Glicko-2 ratings, ± twice the deviation)", titleOf(kit)) + "\n")
	if len(standings) == 0 {
		b.WriteString(lang.T("No finished games here yet."))
		return Response{Private: &Message{Content: b.String()}}, nil
	}
	mine := -1
	for i, e := range standings {
		if e.Player == req.User.ID {
			mine = i
		}
		if i < 10 {
			b.WriteString(standingLine(lang, i, e) + "\n")
		}
	}
	switch {
	case mine >= 10:
		b.WriteString("…\n" + standingLine(lang, mine, standings[mine]))
	case mine < 0:
		b.WriteString(lang.T("You have no finished game of %s here yet.", titleOf(kit)))
	}
	return Response{Private: &Message{Content: strings.TrimSpace(b.String())}}, nil
}

// standingLine is place i of a leaderboard, in lang.
func standingLine(lang Lang, i int, e rating.Entry) string {
	who := "<@" + e.Player + ">"
	if e.Computer {
		who = lang.T("🤖 Parlor (%s)", levelWord(strings.TrimPrefix(e.Player, "computer/")))
	}
	return lang.T("`%2d.` %s · **%s** · %d games: %d won, %d drawn, %d lost", i+1, who, ratingWords(e.Rating), e.Games, e.Wins, e.Draws, e.Losses)
}

// ratingWords is a rating as messages say it: "1523 ±87", and
// "provisional" after it while it is (see rating.Rating.String).
func ratingWords(r rating.Rating) rules.Text {
	base := strings.TrimSuffix(r.String(), " provisional")
	if r.Provisional() {
		return rules.Textf("%s provisional", base)
	}
	return rules.Textf("%s", base)
}

// profile answers /profile: a player's rating, record and current games,
// per game, in this server.
func (t *Table) profile(ctx context.Context, req Request) (Response, error) {
	who := req.User
	if id := req.Options["user"]; id != "" {
		who = req.Users[id]
		if who.ID == "" {
			who = User{ID: id}
		}
	}
	f := storage.Filter{GuildID: req.GuildID, UserID: who.ID, Statuses: []storage.Status{storage.StatusActive}}
	if req.GuildID == "" {
		f.ChannelID = req.ChannelID
	}
	active, err := t.store.Find(ctx, f)
	if err != nil {
		return Response{}, err
	}
	lang := you(req)
	var b strings.Builder
	if req.GuildID == "" {
		// Outside a server (a direct message, the console) the place is
		// the channel.
		b.WriteString(lang.T("**<@%s> here**", who.ID))
	} else {
		b.WriteString(lang.T("**<@%s> in this server**", who.ID))
	}
	for _, kind := range t.order {
		l, err := t.ledger(ctx, req.GuildID, req.ChannelID, kind)
		if err != nil {
			return Response{}, err
		}
		e, rated := l.Get(rating.Key{Server: req.GuildID, Kind: kind, Player: who.ID})
		playing := 0
		for _, g := range active {
			if g.Kind == kind {
				playing++
			}
		}
		if !rated && playing == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n**%s**: ", lang.T(t.kits[kind].Game.Title()))
		switch {
		case rated && playing > 0:
			b.WriteString(lang.T("rated %s; %d games: %d won, %d drawn, %d lost; %d in play", ratingWords(e.Rating), e.Games, e.Wins, e.Draws, e.Losses, playing))
		case rated:
			b.WriteString(lang.T("rated %s; %d games: %d won, %d drawn, %d lost", ratingWords(e.Rating), e.Games, e.Wins, e.Draws, e.Losses))
		default:
			b.WriteString(lang.T("not rated yet; %d in play", playing))
		}
	}
	if !strings.Contains(b.String(), "\n") {
		b.WriteString("\n" + lang.T("No games here yet."))
	}
	return Response{Private: &Message{Content: b.String()}}, nil
}
