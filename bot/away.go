package bot

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"parlor/bot/limits"
	"parlor/rules"
	"parlor/storage"
)

// Away days and digests. /parlor away days:N stops the clocks of the
// user's games in this server for N days: while away their turns are not
// reminded and their deadlines do not run, and the time away never counts
// against the decision awaited (a turn's clock is the time since it began
// less the time its player was away meanwhile). Each server gives its
// members an allowance of away days a year (/parlor settings away:N).
// /parlor reminders on:digest trades one reminder per game for one direct
// message a day listing every game waiting on the user, in any server.

// maxAwayDays bounds the away days a server may allow a year.
const maxAwayDays = 366

// awayFor returns how long the user was away from the game's server
// between from and to, and until when they are away if they are at to.
func (t *Table) awayFor(ctx context.Context, g *storage.Game, userID string, from, to time.Time) (time.Duration, time.Time, error) {
	if g.GuildID == "" || userID == "" {
		return 0, time.Time{}, nil
	}
	periods, err := t.store.AwayPeriods(ctx, g.GuildID, userID, from)
	if err != nil {
		return 0, time.Time{}, err
	}
	var away time.Duration
	var until time.Time
	for _, p := range periods {
		s, e := later(p.Start, from), earlier(p.End, to)
		if e.After(s) {
			away += e.Sub(s)
		}
		if !p.Start.After(to) && p.End.After(to) {
			until = p.End
		}
	}
	return away, until, nil
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// waited is how long the decision awaited in g has counted against its
// player at now: the time since it began less the time they were away,
// and until when they are away now (zero if they are not).
func (t *Table) waited(ctx context.Context, g *storage.Game, userID string, now time.Time) (time.Duration, time.Time, error) {
	away, until, err := t.awayFor(ctx, g, userID, g.TurnSince, now)
	return now.Sub(g.TurnSince) - away, until, err
}

// awayNote is " (away until …)" when the user is away from the game's
// server now, "" otherwise (or when that cannot be read: it is only a
// note).
//
// It is a Text, said in the language of the message it is an argument of
// (an empty Text says "").
func (t *Table) awayNote(ctx context.Context, g *storage.Game, userID string) rules.Text {
	_, until, err := t.awayFor(ctx, g, userID, t.now(), t.now())
	if err != nil || until.IsZero() {
		return rules.Text{}
	}
	return rules.Textf(" (away until <t:%s:f>)", unix(until))
}

// unix is t's Unix time as Discord's timestamps <t:…> write it: a
// string, not a number a language writes with separators.
func unix(t time.Time) string { return strconv.FormatInt(t.Unix(), 10) }

// away starts, replaces or ends the user's away period in this server.
func (t *Table) away(ctx context.Context, req Request) (Response, error) {
	if req.GuildID == "" {
		return Response{}, sorry("Away days are a server's: use /parlor away in a server.")
	}
	set, err := t.store.GuildSettings(ctx, req.GuildID)
	if err != nil {
		return Response{}, err
	}
	days, given, ok := intOption(req.Options, "days", 0, maxAwayDays)
	if !given || !ok {
		return Response{}, sorry("Say how many days you will be away, 1 to %d (0 to come back now), not %s.", set.AwayDays, quote(req.Options["days"]))
	}
	a, err := t.store.GoAway(ctx, req.GuildID, req.User.ID, days, set.AwayDays)
	left := max(set.AwayDays-a.Used, 0)
	if errors.Is(err, storage.ErrNoAllowance) {
		return Response{}, sorry("This server allows %d away days a year; you have %d left this year, not %d. Nothing changed.", set.AwayDays, left, days)
	}
	if err != nil {
		return Response{}, err
	}
	lang := you(req)
	tally := rules.Textf("%d of your %d away days this year are left.", left, set.AwayDays)
	if days == 0 {
		if !a.Ended {
			return Response{Private: &Message{Content: lang.T("You are not away in this server. %s", tally)}}, nil
		}
		return Response{Private: &Message{Content: lang.T("Welcome back: your games here wait for you again, their clocks going on from where they stopped. %d unused days returned; %s",
			a.Returned, tally)}}, nil
	}
	waiting, err := t.waitingHere(ctx, req)
	if err != nil {
		return Response{}, err
	}
	say := lang.T("You are away until <t:%s:f> in this server: your %d games here wait for you, without reminders, and their deadlines stop until you are back. The others see that you are away. %s /parlor away days:0 brings you back early and returns the days not begun.",
		unix(a.Until), waiting, tally)
	if a.Ended {
		say = lang.T("Your away period is replaced. %s", say)
	}
	return Response{Private: &Message{Content: say}}, nil
}

// waitingHere counts the user's games in play in this server.
func (t *Table) waitingHere(ctx context.Context, req Request) (int, error) {
	games, err := t.store.Find(ctx, storage.Filter{GuildID: req.GuildID, UserID: req.User.ID, Statuses: []storage.Status{storage.StatusActive}})
	return len(games), err
}

// digests sends the daily digest of each user in users whose digest is
// due: claimed first, so that it goes out once a day whatever the sweeps.
func (t *Table) digests(ctx context.Context, users map[string]bool, now time.Time) []Notice {
	ids := make([]string, 0, len(users))
	for id := range users {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var out []Notice
	for _, id := range ids {
		n, err := t.digest(ctx, id, now)
		if err != nil {
			t.log.Error("digest", "user", id, "err", err)
			continue
		}
		if n != nil {
			out = append(out, *n)
		}
	}
	return out
}

// digest claims and writes the user's digest: every game waiting on them,
// in any server, once each, the longest waiting first.
func (t *Table) digest(ctx context.Context, userID string, now time.Time) (*Notice, error) {
	won, err := t.store.ClaimDigest(ctx, userID, now)
	if err != nil || !won {
		return nil, err
	}
	games, err := t.store.Find(ctx, storage.Filter{UserID: userID, Statuses: []storage.Status{storage.StatusActive}})
	if err != nil {
		return nil, err
	}
	type line struct {
		waited time.Duration
		g      *storage.Game
		kit    Kit
		st     rules.State
		left   time.Duration
	}
	var lines []line
	for i := range games {
		g := &games[i]
		kit, ok := t.kits[g.Kind]
		if !ok || !g.PausedAt.IsZero() {
			continue
		}
		st, err := kit.Game.Parse(g.Position)
		if err != nil || st.Outcome().Over() || st.ToMove() < 0 || seatUser(g, int(st.ToMove())).UserID != userID {
			continue
		}
		waited, until, err := t.waited(ctx, g, userID, now)
		if err != nil {
			return nil, err
		}
		if !until.IsZero() {
			continue // away from that server: its games wait quietly
		}
		lines = append(lines, line{waited, g, kit, st, time.Duration(g.DeadlineDays)*24*time.Hour - waited})
	}
	if len(lines) == 0 {
		return nil, nil
	}
	slices.SortStableFunc(lines, func(a, b line) int { return int((b.waited - a.waited) / time.Second) })
	// The digest speaks the user's language as they asked for it; if
	// that is unknown, that of the game waiting longest.
	lang := LangOf(lines[0].g.Lang)
	if locale, err := t.store.UserLang(ctx, userID); err != nil {
		return nil, err
	} else if locale != "" {
		lang = LangOf(locale)
	}
	var b strings.Builder
	b.WriteString(lang.T("⏰ Your daily digest: %d games are waiting for your move.", len(lines)))
	for _, l := range lines {
		g := l.g
		text := lang.T("• <#%s> game #%s of %s, waiting %s", g.Where(), no(g.ID), titleOf(l.kit), spell(now.Sub(g.TurnSince)))
		if g.DeadlineDays > 0 {
			text += " " + lang.Say(beforeLeft(l.st, spell(l.left)))
		}
		b.WriteString("\n" + text)
	}
	b.WriteString("\n" + lang.T("(One message a day instead of a reminder per game; /parlor reminders on:on for those instead.)"))
	content := b.String()
	if r := []rune(content); len(r) > limits.Content {
		content = string(r[:limits.Content-1]) + "…"
	}
	return &Notice{UserID: userID, Message: &Message{Content: content}}, nil
}

// beforeLeft says, for a digest, what a deadline does in the game when
// left is over: "(2 days before your turn is skipped)" or "(2 days before
// you forfeit the game)".
func beforeLeft(st rules.State, left rules.Text) rules.Text {
	if _, ok := st.(rules.Skipper); ok {
		return rules.Textf("(%s before your turn is skipped)", left)
	}
	return rules.Textf("(%s before you forfeit the game)", left)
}

// inLeft says, for a reminder, what a deadline does in the game when left
// is over: "In 2 days your turn is skipped." or "In 2 days you forfeit the
// game."
func inLeft(st rules.State, left rules.Text) rules.Text {
	if _, ok := st.(rules.Skipper); ok {
		return rules.Textf("In %s your turn is skipped.", left)
	}
	return rules.Textf("In %s you forfeit the game.", left)
}
