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
// its last page, with buttons to turn the pages.
func (t *Table) history(ctx context.Context, l *loaded, page int) (Response, error) {
	if !started(l.row.Status) {
		return Response{}, sorry("Game #%d has not begun: it has no moves yet.", l.row.ID)
	}
	log, err := t.store.Log(ctx, l.row.ID)
	if err != nil {
		return Response{}, err
	}
	return Response{Private: historyMessage(l, log, page)}, nil
}

// historyMessage is page (counted from 0; -1 for the last) of game l's
// move list: a line per entry, with who, the move in the game's notation,
// and when, as Discord timestamps each reader sees in their own time
// zone, with the day when it changes.
func historyMessage(l *loaded, log []storage.Entry, page int) *Message {
	g := l.row
	pages := historyPages(g, log)
	if page < 0 || page >= len(pages) {
		page = len(pages) - 1
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Game #%d · %s** · moves", g.ID, l.kit.Game.Title())
	if len(log) == 0 {
		b.WriteString(": none yet.")
		return &Message{Content: b.String()}
	}
	from, to := pages[page][0], pages[page][1]
	fmt.Fprintf(&b, " %d–%d of %d (page %d of %d)\n", from+1, to, len(log), page+1, len(pages))
	b.WriteString(strings.Join(historyLines(g, log, from, to), "\n"))
	if page == len(pages)-1 && g.Status == storage.StatusOver {
		b.WriteString("\nGame over: " + resultLine(l))
	}
	msg := &Message{Content: b.String()}
	var row Row
	seen := map[int]bool{page: true}
	for _, nav := range []struct {
		label string
		to    int
	}{{"⏮ First", 0}, {"◀ Older", page - 1}, {"Newer ▶", page + 1}, {"Last ⏭", len(pages) - 1}} {
		if nav.to < 0 || nav.to >= len(pages) || seen[nav.to] {
			continue
		}
		seen[nav.to] = true
		row = append(row, Component{Kind: Button, ID: customID(g.ID, 0, "hist:"+strconv.Itoa(nav.to)), Label: nav.label, Style: Secondary})
	}
	if len(row) > 0 {
		msg.Components = []Row{row}
	}
	return msg
}

// historyPages splits log into pages of at most historyPage entries whose
// lines fit historyChars: each page's [from, to) entries.
func historyPages(g *storage.Game, log []storage.Entry) [][2]int {
	var pages [][2]int
	from, chars := 0, 0
	for i := range log {
		lines := historyLines(g, log, i, i+1) // the day's heading, and its line
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

// historyLines are the lines of log[from:to].
func historyLines(g *storage.Game, log []storage.Entry, from, to int) []string {
	var lines []string
	var day string
	for i := from; i < to; i++ {
		e := log[i]
		at := e.At.Unix()
		if d := historyDay(e); d != day {
			day = d
			lines = append(lines, fmt.Sprintf("__<t:%d:D>__", at))
		}
		who := "🎲"
		if e.Seat != storage.ChanceSeat {
			who = "**" + seatUser(g, e.Seat).Name + "**"
		}
		var what string
		switch e.Kind {
		case storage.EntryMove:
			what = "`" + e.Text + "`"
		case storage.EntryResign:
			what = "resigned"
		case storage.EntrySkip:
			what = "turn skipped (deadline)"
		case storage.EntryForfeit:
			what = "forfeited (deadline)"
		case storage.EntryDraw:
			what = "agreed a draw"
		case storage.EntryTakeback:
			what = "took back move " + strings.TrimPrefix(e.Text, "takeback ") + ", by agreement"
		default:
			what = e.Kind
		}
		lines = append(lines, fmt.Sprintf("`%d.` <t:%d:t> %s %s", e.Ply, at, who, what))
	}
	return lines
}

// export answers /<game> export: the game's record as a text file,
// privately (see Record).
func (t *Table) export(ctx context.Context, l *loaded) (Response, error) {
	g := l.row
	if !started(g.Status) {
		return Response{}, sorry("Game #%d has not begun: there is nothing to export yet.", g.ID)
	}
	log, err := t.store.Log(ctx, g.ID)
	if err != nil {
		return Response{}, err
	}
	start, err := l.kit.Game.New(len(g.Seats))
	if err != nil {
		return Response{}, err
	}
	r := &Record{Game: g.Kind, Title: fmt.Sprintf("Game #%d", g.ID), Names: names(g), Start: start.String(), Entries: log}
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
		r.Result = resultLine(l)
	}
	var buf bytes.Buffer
	if _, err := r.WriteTo(&buf); err != nil {
		return Response{}, err
	}
	return Response{Private: &Message{
		Content: fmt.Sprintf("The record of game #%d, %d decisions: replay it offline with `parlor console --load %s-%d.txt`, or draw it with `parlor render --replay`.", g.ID, len(log), g.Kind, g.ID),
		File:    &File{Name: fmt.Sprintf("%s-%d.txt", g.Kind, g.ID), ContentType: "text/plain; charset=utf-8", Data: buf.Bytes()},
	}}, nil
}
