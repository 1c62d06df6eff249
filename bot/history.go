package bot

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"parlor/storage"
)

// historyPage is how many entries a page of /<game> history shows, and
// historyChars the most characters of its lines (a message holds 2,000).
const (
	historyPage  = 20
	historyChars = 1700
)

// history answers /<game> history: the game's move list, privately, on
// its last page, with buttons to turn the pages, in the language of the
// user who asked.
func (t *Table) history(ctx context.Context, req Request, l *loaded, page int) (Response, error) {
	if !started(l.row.Status) {
		return Response{}, sorry("Game #%s has not begun: it has no moves yet.", no(l.row.ID))
	}
	log, err := t.store.Log(ctx, l.row.ID)
	if err != nil {
		return Response{}, err
	}
	return Response{Private: historyMessage(you(req), l, log, page)}, nil
}

// historyMessage is page (counted from 0; -1 for the last) of game l's
// move list: a line per entry, with who, the move in the game's notation,
// and when, as Discord timestamps each reader sees in their own time
// zone, with the day when it changes; said in lang.
func historyMessage(lang Lang, l *loaded, log []storage.Entry, page int) *Message {
	g := l.row
	pages := historyPages(lang, g, log)
	if page < 0 || page >= len(pages) {
		page = len(pages) - 1
	}
	if len(log) == 0 {
		return &Message{Content: lang.T("**Game #%s · %s** · moves: none yet.", no(g.ID), titleOf(l.kit))}
	}
	var b strings.Builder
	from, to := pages[page][0], pages[page][1]
	b.WriteString(lang.T("**Game #%s · %s** · moves %d–%d of %d (page %d of %d)", no(g.ID), titleOf(l.kit), from+1, to, len(log), page+1, len(pages)) + "\n")
	b.WriteString(strings.Join(historyLines(lang, g, log, from, to), "\n"))
	if page == len(pages)-1 && g.Status == storage.StatusOver {
		b.WriteString("\n" + lang.T("Game over: %s", result(l)))
	}
	msg := &Message{Content: b.String()}
	var row Row
	seen := map[int]bool{page: true}
	for _, nav := range []struct {
		label string
		to    int
	}{{N("⏮ First"), 0}, {N("◀ Older"), page - 1}, {N("Newer ▶"), page + 1}, {N("Last ⏭"), len(pages) - 1}} {
		if nav.to < 0 || nav.to >= len(pages) || seen[nav.to] {
			continue
		}
		seen[nav.to] = true
		row = append(row, Component{Kind: Button, ID: customID(g.ID, 0, "hist:"+strconv.Itoa(nav.to)), Label: lang.T(nav.label), Style: Secondary})
	}
	if len(row) > 0 {
		msg.Components = []Row{row}
	}
	return msg
}

// historyPages splits log into pages of at most historyPage entries whose
// lines, in lang, fit historyChars: each page's [from, to) entries.
func historyPages(lang Lang, g *storage.Game, log []storage.Entry) [][2]int {
	var pages [][2]int
	from, chars := 0, 0
	for i := range log {
		lines := historyLines(lang, g, log, i, i+1) // the day's heading, and its line
		n := len(lines[1]) + 1
		if i == from || historyDay(log[i]) != historyDay(log[i-1]) {
			n += historyHeading + 1
		}
		if i > from && (i-from == historyPage || chars+n > historyChars) {
			pages = append(pages, [2]int{from, i})
			from, chars, n = i, 0, len(lines[1])+historyHeading+2
		}
		chars += n
	}
	return append(pages, [2]int{from, len(log)})
}

// historyHeading is the length of a day's heading.
const historyHeading = len("__<t:1700000000:D>__")

// historyDay is the day of an entry, in UTC, for the headings.
func historyDay(e storage.Entry) string { return e.At.UTC().Format(time.DateOnly) }

// historyLines are the lines of log[from:to], in lang.
func historyLines(lang Lang, g *storage.Game, log []storage.Entry, from, to int) []string {
	var lines []string
	var day string
	for i := from; i < to; i++ {
		e := log[i]
		at := e.At.Unix()
		if d := historyDay(e); d != day {
			day = d
			lines = append(lines, fmt.Sprintf("__<t:%d:D>__", at))
		}
		who, what := entryWords(lang, g, e)
		lines = append(lines, fmt.Sprintf("`%d.` <t:%d:t> %s %s", e.Ply, at, who, what))
	}
	return lines
}

// entryWords are who made log entry e of game g and what it did, in lang,
// with Discord's markup (a name in bold, a move as code).
func entryWords(lang Lang, g *storage.Game, e storage.Entry) (who, what string) {
	who = "🎲"
	if e.Seat != storage.ChanceSeat {
		who = "**" + seatUser(g, e.Seat).Name + "**"
	}
	switch e.Kind {
	case storage.EntryMove:
		what = "`" + lang.Move(e.Text) + "`"
	case storage.EntryResign:
		what = lang.T("resigned")
	case storage.EntrySkip:
		what = lang.T("turn skipped (deadline)")
	case storage.EntryForfeit:
		what = lang.T("forfeited (deadline)")
	case storage.EntryDraw:
		what = lang.T("agreed a draw")
	case storage.EntryTakeback:
		what = lang.T("took back move %s, by agreement", strings.TrimPrefix(e.Text, "takeback "))
	default:
		what = e.Kind
	}
	return who, what
}

// export answers /<game> export: the game's record as a text file,
// privately (see Record), in the language of the user who asked.
func (t *Table) export(ctx context.Context, req Request, l *loaded) (Response, error) {
	g := l.row
	if !started(g.Status) {
		return Response{}, sorry("Game #%s has not begun: there is nothing to export yet.", no(g.ID))
	}
	lang := you(req)
	log, err := t.store.Log(ctx, g.ID)
	if err != nil {
		return Response{}, err
	}
	start, err := l.kit.Game.New(len(g.Seats))
	if err != nil {
		return Response{}, err
	}
	r := &Record{Game: g.Kind, Title: lang.T("Game #%s", no(g.ID)), Names: names(g), Start: start.String(), Entries: log}
	for _, s := range g.Seats {
		if s.Computer != "" {
			r.Computers = make([]string, len(g.Seats))
			for _, s := range g.Seats {
				r.Computers[s.Seat] = s.Computer
			}
			break
		}
	}
	if g.Status == storage.StatusOver {
		r.Result = lang.Say(result(l))
	}
	var buf bytes.Buffer
	if _, err := r.WriteTo(&buf); err != nil {
		return Response{}, err
	}
	return Response{Private: &Message{
		// Where the file lands, and how Parlor is started, depend on the
		// door and the reader's machine: the message names neither (the
		// console adds the exact command for its own file).
		Content: lang.T("The record of game #%s, %d decisions, to replay offline: Parlor's console plays on from it (console --load FILE), and render --replay FILE draws it.", no(g.ID), len(log)),
		File:    &File{Name: fmt.Sprintf("%s-%d.txt", g.Kind, g.ID), ContentType: "text/plain; charset=utf-8", Data: buf.Bytes()},
	}}, nil
}
