package bot

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"parlor/rules"
	"parlor/storage"
)

// Record is a game's record as /<game> export writes it and parlor
// console --load and parlor render --replay read it: the game, its seats,
// the position text at the start, every decision in order, and the
// result.
//
// The file is UTF-8 text, a field per line, tab-separated:
//
//	parlor-record	1
//	game	kimbo
//	title	Game #12 · Kimbo
//	seat	0	Alice
//	seat	1	Parlor (strong)	strong
//	start	<position text>
//	entry	<ply>	<seat>	<kind>	<RFC 3339 time>	<text>
//	…
//	result	Alice won by bringing all four pieces HOME.
//
// seat is a player's seat and name, and the level of a computer player;
// an entry's seat is -1 for the dice.
// Lines starting with # are comments. Names lose tabs and line breaks.
type Record struct {
	Game  string // the rules' name, such as "kimbo"
	Title string // a caption for pictures, such as "Game #12"
	Names []string
	// Computers are the levels of the computer players by seat, "" for a
	// person; nil when every seat is a person's.
	Computers []string
	Start     string
	Entries   []storage.Entry
	Result    string // "" while the game goes on
}

// recordVersion is the version of the record format written.
const recordVersion = "1"

// WriteTo writes r in the record format.
func (r *Record) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	line := func(fields ...string) {
		b.WriteString(strings.Join(fields, "\t"))
		b.WriteByte('\n')
	}
	line("# A game of Parlor: read it back with parlor console --load FILE or parlor render --replay FILE.")
	line("parlor-record", recordVersion)
	line("game", r.Game)
	if r.Title != "" {
		line("title", oneLine(r.Title))
	}
	for i, n := range r.Names {
		if i < len(r.Computers) && r.Computers[i] != "" {
			line("seat", strconv.Itoa(i), oneLine(n), oneLine(r.Computers[i]))
			continue
		}
		line("seat", strconv.Itoa(i), oneLine(n))
	}
	line("start", r.Start)
	for _, e := range r.Entries {
		line("entry", strconv.Itoa(e.Ply), strconv.Itoa(e.Seat), e.Kind, e.At.UTC().Format(time.RFC3339), oneLine(e.Text))
	}
	if r.Result != "" {
		line("result", oneLine(r.Result))
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// oneLine is s without tabs and line breaks.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(c rune) bool { return c == '\t' || c == '\n' || c == '\r' }), " ")
}

// maxRecordLine bounds a record's lines (a position text is a few
// hundred bytes).
const maxRecordLine = 64 << 10

// ReadRecord reads a record written by Record.WriteTo. It checks its form
// only; Replay it to check its moves.
func ReadRecord(rd io.Reader) (*Record, error) {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 0, 4096), maxRecordLine)
	r := &Record{}
	n, versioned, started := 0, false, false
	for sc.Scan() {
		n++
		text := strings.TrimRight(sc.Text(), "\r")
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "\t")
		bad := func(format string, args ...any) error {
			return fmt.Errorf("line %d: %s", n, fmt.Sprintf(format, args...))
		}
		if !versioned && f[0] != "parlor-record" {
			return nil, bad("not a Parlor game record (it should begin with parlor-record)")
		}
		switch f[0] {
		case "parlor-record":
			if len(f) != 2 || f[1] != recordVersion {
				return nil, bad("record format %q, this Parlor reads %s", strings.Join(f[1:], " "), recordVersion)
			}
			versioned = true
		case "game", "title", "start", "result":
			if len(f) != 2 {
				return nil, bad("%s takes one field, not %d", f[0], len(f)-1)
			}
			switch f[0] {
			case "game":
				r.Game = f[1]
			case "title":
				r.Title = f[1]
			case "start":
				r.Start, started = f[1], true
			case "result":
				r.Result = f[1]
			}
		case "seat":
			if len(f) != 3 && len(f) != 4 {
				return nil, bad("seat takes a number, a name and for a computer its level")
			}
			if i, err := strconv.Atoi(f[1]); err != nil || i != len(r.Names) {
				return nil, bad("seat %q out of order: seat %d was expected", f[1], len(r.Names))
			}
			r.Names = append(r.Names, f[2])
			level := ""
			if len(f) == 4 {
				l, err := rules.ParseLevel(f[3])
				if err != nil {
					return nil, bad("seat %s: %v", f[1], err)
				}
				level = string(l)
			}
			r.Computers = append(r.Computers, level)
		case "entry":
			if len(f) != 6 {
				return nil, bad("an entry has 5 fields (ply, seat, kind, time, text), not %d", len(f)-1)
			}
			ply, err1 := strconv.Atoi(f[1])
			seat, err2 := strconv.Atoi(f[2])
			at, err3 := time.Parse(time.RFC3339, f[4])
			if err := errors.Join(err1, err2, err3); err != nil {
				return nil, bad("entry: %v", err)
			}
			if ply != len(r.Entries)+1 {
				return nil, bad("entry %d out of order: %d was expected", ply, len(r.Entries)+1)
			}
			if seat < storage.ChanceSeat || seat >= len(r.Names) {
				return nil, bad("entry %d: no seat %d", ply, seat)
			}
			r.Entries = append(r.Entries, storage.Entry{Ply: ply, Seat: seat, Kind: f[3], At: at, Text: f[5]})
		default:
			return nil, bad("unknown field %q", f[0])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", n+1, err)
	}
	switch {
	case !versioned:
		return nil, errors.New("empty: not a Parlor game record")
	case r.Game == "":
		return nil, errors.New("the record names no game")
	case len(r.Names) == 0:
		return nil, errors.New("the record has no seats")
	case !started:
		return nil, errors.New("the record has no start position")
	}
	if !slices.ContainsFunc(r.Computers, func(l string) bool { return l != "" }) {
		r.Computers = nil
	}
	return r, nil
}

// Steps replays the record with game, checking that it starts where a
// new game of its players does and that every entry is legal.
func (r *Record) Steps(game rules.Game) ([]Step, error) {
	if game.Name() != r.Game {
		return nil, fmt.Errorf("a record of %s, not %s", r.Game, game.Name())
	}
	st, err := game.New(len(r.Names))
	if err != nil {
		return nil, err
	}
	if st.String() != r.Start {
		return nil, fmt.Errorf("the record starts from %q, not from the start of a game of %d (%q)", r.Start, len(r.Names), st.String())
	}
	return Steps(game, len(r.Names), r.Entries)
}

// Import stores the game of a record as a new game in channelID of
// guildID (the console's, say), to play on from where it stands: each
// person's seat is theirs by userID(name), each computer's is a computer
// player's again. The game speaks lang, the language of the place it is
// brought into (a server's chosen language, if it has one, instead). It
// checks the record by replaying it first.
func (t *Table) Import(ctx context.Context, r *Record, guildID, channelID string, lang Lang, userID func(name string) string) (int64, error) {
	kit, ok := t.kits[r.Game]
	if !ok {
		return 0, fmt.Errorf("a record of %q, a game this bot does not serve", r.Game)
	}
	steps, err := r.Steps(kit.Game)
	if err != nil {
		return 0, err
	}
	start, _ := kit.Game.New(len(r.Names))
	final := start
	if len(steps) > 0 {
		final = steps[len(steps)-1].After
	}
	row := &storage.Game{Kind: r.Game, GuildID: guildID, ChannelID: channelID, Status: storage.StatusActive, Position: start.String(), DrawOffer: storage.NoDrawOffer, Lang: lang.Code()}
	computers := 0
	for i, name := range r.Names {
		seat := storage.Seat{Seat: i, UserID: userID(name), Name: name, Joined: true}
		if i < len(r.Computers) && r.Computers[i] != "" {
			computers++
			seat = computerAt(lang, i, computers, rules.Level(r.Computers[i]))
		}
		row.Seats = append(row.Seats, seat)
	}
	row.Creator = row.Seats[0].UserID
	set, err := t.store.GuildSettings(ctx, guildID)
	if err != nil {
		return 0, err
	}
	clock, err := t.newClock(Request{GuildID: guildID, Options: map[string]string{}}, set)
	if err != nil {
		return 0, err
	}
	clock.ExpiresAt = time.Time{}
	row.Clock = clock
	id, err := t.store.Create(ctx, row, "")
	if err != nil {
		return 0, err
	}
	status := storage.StatusActive
	if final.Outcome().Over() {
		status = storage.StatusOver
	}
	entries := make([]storage.Entry, len(r.Entries))
	for i, e := range r.Entries {
		e.Ply, e.InteractionID = 0, ""
		entries[i] = e
	}
	if _, err := t.store.Apply(ctx, storage.Change{GameID: id, Version: row.Version, Position: final.String(), Status: status, DrawOffer: storage.NoDrawOffer, Entries: entries, TurnStarted: true}); err != nil {
		return 0, err
	}
	if status == storage.StatusOver {
		// Its replay is the record's, not news: none is posted.
		if _, err := t.store.ClaimReplay(ctx, id); err != nil {
			return 0, err
		}
	}
	return id, nil
}
