package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"parlor/bot/i18n"
	"parlor/bot/limits"
	"parlor/storage"
)

// The bot's own commands, beside those of the games: /games lists the
// user's games in this server, /parlor settings sets the server's defaults
// for new games (members who can manage the server only), /parlor
// reminders turns the user's reminders off, on or into a daily digest, and
// /parlor away stops the clocks of the user's games here for some days
// (see away.go).

// parlorCommands are /games and /parlor; ceilings bound the limits
// /parlor settings may set.
func parlorCommands(ceilings storage.Limits) []CommandSpec {
	return []CommandSpec{
		{Name: "games", Description: "List your games in this server: whose turn, how long it has waited, where", do: (*Table).listGames},
		{Name: "parlor", Description: "Parlor's settings", Subs: []SubSpec{
			{Name: "settings", Description: "Server defaults for new games (for members who can manage the server)", ServerOnly: true, do: (*Table).settings, Options: []OptionSpec{
				{Name: "reminders", Description: "Hours before the player to move is reminded, and between reminders (0: none)", Type: IntegerOption, Min: 0, Max: maxRemindHours},
				{Name: "deadline", Description: "Days allowed per move, then a late turn is skipped or forfeits (0: none)", Type: IntegerOption, Min: 0, Max: maxDeadlineDays},
				{Name: "invitations", Description: "Hours that invitations and open seats last", Type: IntegerOption, Min: 1, Max: maxInviteHours},
				{Name: "away", Description: "Away days each member may take a year (0: none)", Type: IntegerOption, Min: 0, Max: maxAwayDays},
				{Name: "language", Description: "The language of the server's games: Discord's server language, or one chosen", Type: StringOption, MaxLength: 16, Choices: languageChoices},
				{Name: "lobbies", Description: "Games waiting for players that each member may have made here", Type: IntegerOption, Min: 1, Max: ceilings.MemberLobbies},
				{Name: "games", Description: "Games each member may be in here, in play or waiting to begin", Type: IntegerOption, Min: 1, Max: ceilings.MemberGames},
				{Name: "server-lobbies", Description: "Games waiting for players the whole server may have", Type: IntegerOption, Min: 1, Max: ceilings.ServerLobbies},
				{Name: "server-games", Description: "Games the whole server may have in play or waiting to begin", Type: IntegerOption, Min: 1, Max: ceilings.ServerGames},
			}},
			{Name: "me", Description: "Your own settings: previews of your moves, a daily digest", do: (*Table).me, Options: []OptionSpec{
				{Name: "confirm", Description: "See each move before it counts, with Confirm and Cancel", Type: StringOption, MaxLength: 3,
					Choices: []Choice{{Name: "on", Value: "on"}, {Name: "off", Value: "off"}}},
				{Name: "digest", Description: "One message a day listing the games waiting for you, instead of reminders", Type: StringOption, MaxLength: 3,
					Choices: []Choice{{Name: "on", Value: "on"}, {Name: "off", Value: "off"}}},
			}},
			{Name: "reminders", Description: "Turn your own reminders off or on, in every game, or get one message a day instead", do: (*Table).reminders, Options: []OptionSpec{
				{Name: "on", Description: "on, off, or digest: one direct message a day listing the games waiting on you", Type: StringOption, Required: true, MaxLength: 6,
					Choices: []Choice{{Name: "on", Value: "on"}, {Name: "off", Value: "off"}, {Name: "digest (one message a day)", Value: "digest"}}},
			}},
			{Name: "away", Description: "Stop the clocks of your games in this server for some days (0: come back now)", ServerOnly: true, do: (*Table).away, Options: []OptionSpec{
				{Name: "days", Description: "Days away, within the server's allowance a year (0 ends it, returning the days not begun)", Type: IntegerOption, Required: true, Min: 0, Max: maxAwayDays},
			}},
			{Name: "privacy", Description: "What Parlor keeps about you, why, for how long, and how to have it removed",
				do: func(t *Table, _ context.Context, req Request) (Response, error) { return t.privacy(req) }},
			{Name: "forget", Description: "Remove yourself from Parlor everywhere (asks to confirm first)", do: (*Table).confirmForget},
		}},
	}
}

// languageChoices are the choices of /parlor settings language: "auto"
// follows Discord's server language; the others are the languages Parlor
// speaks, a catalog each (i18n.Languages), each named in itself.
var languageChoices = func() []Choice {
	out := []Choice{{Name: N("Follow Discord"), Value: "auto"}}
	for _, tag := range i18n.Languages() {
		out = append(out, Choice{Name: display.Self.Name(tag), Value: tag.String(), Own: true})
	}
	return out
}()

// languageName is the name of the language of code, said in l ("inglés"
// in Spanish).
func (l Lang) languageName(code string) string {
	return display.Tags(l.tag).Name(language.Make(code))
}

// listGames lists the user's unfinished games in this server (or, outside
// a server, in this channel): in play first, those waiting for them first.
func (t *Table) listGames(ctx context.Context, req Request) (Response, error) {
	lang := you(req)
	f := storage.Filter{GuildID: req.GuildID, UserID: req.User.ID, Statuses: []storage.Status{storage.StatusActive, storage.StatusInvited, storage.StatusOpen}, Limit: 50}
	if req.GuildID == "" {
		f.ChannelID = req.ChannelID
	}
	games, err := t.store.Find(ctx, f)
	if err != nil {
		return Response{}, err
	}
	if len(games) == 0 {
		return Response{Private: &Message{Content: lang.T("You have no games in play here. Start one with /kimbo new, /kippykoo new, /rumba new or /kingsmen new.")}}, nil
	}
	now := t.now()
	var mine, theirs, lobbies []string
	for i := range games {
		g := &games[i]
		kit, ok := t.kits[g.Kind]
		if !ok {
			continue
		}
		var players []string
		for _, s := range g.Seats {
			if s.UserID != "" {
				name := nameIn(lang, s)
				if g.Status == storage.StatusActive && s.Computer == "" {
					name += lang.Say(t.awayNote(ctx, g, s.UserID))
				}
				players = append(players, name)
			}
		}
		where := fmt.Sprintf("<#%s>", g.Where())
		if req.GuildID != "" {
			where = fmt.Sprintf("https://discord.com/channels/%s/%s", req.GuildID, g.Where())
		}
		line := fmt.Sprintf("**#%s %s** · %s", no(g.ID), kit.Game.Title(), strings.Join(players, ", "))
		if g.Status != storage.StatusActive {
			lobbies = append(lobbies, lang.T("%s · waiting for players · %s", line, where))
			continue
		}
		st, err := kit.Game.Parse(g.Position)
		if err != nil {
			continue
		}
		seat := st.ToMove()
		waited := spell(now.Sub(g.TurnSince))
		switch {
		case g.PausedAt != (time.Time{}):
			theirs = append(theirs, lang.T("%s · paused · %s", line, where))
		case seat >= 0 && seatUser(g, int(seat)).UserID == req.User.ID:
			mine = append(mine, lang.T("%s · **your turn**, waiting %s · %s", line, waited, where))
		case seat >= 0:
			theirs = append(theirs, lang.T("%s · %s's turn, waiting %s · %s", line, nameIn(lang, seatUser(g, int(seat))), waited, where))
		default:
			theirs = append(theirs, fmt.Sprintf("%s · %s", line, where))
		}
	}
	all := append(append(mine, theirs...), lobbies...)
	content := lang.T("Your games here:") + "\n" + strings.Join(all, "\n")
	if r := []rune(content); len(r) > limits.Content {
		content = string(r[:limits.Content-1]) + "…"
	}
	return Response{Private: &Message{Content: content}}, nil
}

// settings shows or sets the server's defaults.
func (t *Table) settings(ctx context.Context, req Request) (Response, error) {
	if req.GuildID == "" {
		return Response{}, sorry("Settings are a server's: use /parlor settings in a server.")
	}
	var ch storage.SettingsChange
	changed := false
	for _, o := range []struct {
		name     string
		min, max int
		to       **int
	}{{"reminders", 0, maxRemindHours, &ch.RemindEvery}, {"deadline", 0, maxDeadlineDays, &ch.DeadlineDays}, {"invitations", 1, maxInviteHours, &ch.InviteHours}, {"away", 0, maxAwayDays, &ch.AwayDays},
		// The limits, within the operator's ceilings (see ceilings.go).
		{"lobbies", 1, t.ceilings.MemberLobbies, &ch.MemberLobbies}, {"games", 1, t.ceilings.MemberGames, &ch.MemberGames},
		{"server-lobbies", 1, t.ceilings.ServerLobbies, &ch.ServerLobbies}, {"server-games", 1, t.ceilings.ServerGames, &ch.ServerGames}} {
		n, set, ok := intOption(req.Options, o.name, o.min, o.max)
		switch {
		case !set:
			continue
		case !req.User.CanManage:
			return Response{}, sorry("Only members who can manage this server can change its settings.")
		case !ok:
			return Response{}, sorry("%s is %d to %d, not %s.", optionName(o.name), o.min, o.max, quote(req.Options[o.name]))
		}
		*o.to, changed = &n, true
	}
	lang := you(req)
	if v, ok := req.Options["language"]; ok && v != "" {
		if !req.User.CanManage {
			return Response{}, sorry("Only members who can manage this server can change its settings.")
		}
		chosen := ""
		switch {
		case v == "auto":
			ch.Speak = LangOf(req.GuildLocale).Code()
		case slices.ContainsFunc(languageChoices, func(c Choice) bool { return c.Value == v }):
			chosen, ch.Speak = v, v
		default:
			return Response{}, sorry("%s is not a language Parlor speaks: choose one from the list.", quote(v))
		}
		ch.Language, changed = &chosen, true
		// The answer is said in the language chosen.
		lang = LangOf(ch.Speak)
	}
	var set storage.Settings
	var err error
	if changed {
		// Only the settings named change, in one statement: two managers
		// changing different settings at once both have their way.
		set, err = t.store.SetGuildSettings(ctx, req.GuildID, ch)
	} else {
		set, err = t.store.GuildSettings(ctx, req.GuildID)
	}
	if err != nil {
		return Response{}, err
	}
	remind := lang.T("no reminders")
	if set.RemindEvery > 0 {
		every := spell(time.Duration(set.RemindEvery) * time.Hour)
		remind = lang.T("a reminder after %s, then every %s", every, every)
	}
	deadline := lang.T("no deadline")
	if set.DeadlineDays > 0 {
		deadline = lang.T("%s per move, then a late turn is skipped (dice games) or forfeits", spell(time.Duration(set.DeadlineDays)*24*time.Hour))
	}
	speaks := lang.T("games speak %s, Discord's language for this server", lang.languageName(LangOf(req.GuildLocale).Code()))
	if set.Language != "" {
		speaks = lang.T("games speak %s, chosen for this server", lang.languageName(set.Language))
	}
	format := N("This server's defaults for new games: %s; %s; invitations and open seats last %s; %s. Games already made keep theirs; a game's creator can choose others with the reminders and deadline options. Each member may be away (/parlor away) %d days a year.")
	if changed {
		format = N("Saved. This server's defaults for new games, from now on: %s; %s; invitations and open seats last %s; %s. Games already made keep theirs; a game's creator can choose others with the reminders and deadline options. Each member may be away (/parlor away) %d days a year.")
	}
	lim := t.limitsOf(set)
	limits := lang.T("Limits: each member may have made %d games waiting for players and be in %d games (in play or waiting to begin); the server may have %d games waiting for players and %d in all. Managers may set them up to %d, %d, %d and %d (%s, %s, %s, %s).",
		lim.MemberLobbies, lim.MemberGames, lim.ServerLobbies, lim.ServerGames, t.ceilings.MemberLobbies, t.ceilings.MemberGames, t.ceilings.ServerLobbies, t.ceilings.ServerGames,
		optionName("lobbies"), optionName("games"), optionName("server-lobbies"), optionName("server-games"))
	return Response{Private: &Message{Content: lang.T(format, remind, deadline, spell(time.Duration(set.InviteHours)*time.Hour), speaks, set.AwayDays) + "\n" + limits}}, nil
}

// reminders turns the user's own reminders off or on, or on in a daily
// digest.
func (t *Table) reminders(ctx context.Context, req Request) (Response, error) {
	var off, digest bool
	switch strings.ToLower(strings.TrimSpace(req.Options["on"])) {
	case "on", "yes":
	case "off", "no":
		off = true
	case "digest":
		digest = true
	default:
		return Response{}, sorry("Say on, off or digest.")
	}
	if err := t.store.SetRemindersOff(ctx, req.User.ID, off); err != nil {
		return Response{}, err
	}
	if err := t.store.SetDigest(ctx, req.User.ID, digest, req.Locale); err != nil {
		return Response{}, err
	}
	lang := you(req)
	if digest {
		return Response{Private: &Message{Content: lang.T("Instead of a reminder per game, you get one direct message a day listing every game waiting for your move, in every server, with links. It comes when a game of yours is due a reminder, at most once a day. Deadlines still apply.")}}, nil
	}
	if off {
		return Response{Private: &Message{Content: lang.T("Reminders are off for you in every game. The board still pings you when it is your move; deadlines still apply.")}}, nil
	}
	return Response{Private: &Message{Content: lang.T("Reminders are on for you again.")}}, nil
}

// me answers /parlor me: sets the choices given, and says them all.
func (t *Table) me(ctx context.Context, req Request) (Response, error) {
	onOff := func(name string) (set, on bool, err error) {
		switch v := strings.ToLower(strings.TrimSpace(req.Options[name])); v {
		case "":
			return false, false, nil
		case "on", "off":
			return true, v == "on", nil
		default:
			return false, false, sorry("%s is on or off, not %s.", optionName(name), quote(req.Options[name]))
		}
	}
	setConfirm, confirm, err := onOff("confirm")
	if err != nil {
		return Response{}, err
	}
	setDigest, digest, err := onOff("digest")
	if err != nil {
		return Response{}, err
	}
	if setConfirm {
		if err := t.store.SetConfirmMoves(ctx, req.User.ID, confirm); err != nil {
			return Response{}, err
		}
	}
	if setDigest {
		if err := t.store.SetDigest(ctx, req.User.ID, digest, req.Locale); err != nil {
			return Response{}, err
		}
	}
	if confirm, err = t.store.ConfirmMoves(ctx, req.User.ID); err != nil {
		return Response{}, err
	}
	if digest, err = t.store.Digest(ctx, req.User.ID); err != nil {
		return Response{}, err
	}
	lang := you(req)
	moves := lang.T("Your moves count at once")
	if confirm {
		moves = lang.T("Each move you choose or type shows you its board first, and counts once you press Confirm")
	}
	reminders := lang.T("each game reminds you itself when it waits for you")
	if digest {
		reminders = lang.T("once a day, one message lists the games waiting for you, instead of a reminder per game")
	}
	return Response{Private: &Message{Content: lang.T("%s; %s. Change them with /parlor me confirm:on|off digest:on|off.", moves, reminders)}}, nil
}
