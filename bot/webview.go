package bot

import (
	"context"
	"regexp"
	"strings"
	"time"

	"parlor/storage"
)

// WebView is a game as the web page shows it, in one language: what the
// board message says, the picture, the players, the moves the player to
// move may make, the history and the clock. It is the same for every
// viewer; the page offers the moves only to MoverID.
type WebView struct {
	GameID  int64
	Kind    string // the game's command, such as "kimbo"
	Title   string // "Game #12 · Kimbo", said in the view's language
	Version int64
	// Where is the thread or channel the game is played in: a move
	// from the page is a request from there (WebRequest), so that its
	// board is posted there.
	Where   string
	GuildID string
	// Begun says the game has a board; Over that it has ended.
	Begun, Over bool
	// Lines are the board message's words, plain text: who plays, what
	// happened, whose turn, how the game ended.
	Lines   []string
	PNG     []byte
	Players []WebPlayer
	// MoverID is the member to move, "" when nobody may (the game not
	// in play, paused, or a computer to move).
	MoverID string
	// Buttons are the moves the board offers as buttons (a roll), and
	// Moves every legal move of the player to move; both for MoverID.
	Buttons []WebMove
	Moves   []WebMove
	History []WebEntry
	// TurnSince is when the awaited decision began; Deadline when it
	// lapses (zero for no deadline; away days may push it later).
	TurnSince, Deadline time.Time
	Paused              bool
}

// WebPlayer is a seat of a game.
type WebPlayer struct {
	UserID, Name, Side string
	Computer           bool
	ToMove             bool
}

// WebMove is a legal move: its text (what is played) and what the page
// shows (its label and, said in words, what it does).
type WebMove struct {
	Text, Label, Says string
}

// WebEntry is a line of a game's history.
type WebEntry struct {
	Ply       int
	Who, What string
	At        time.Time
}

// webMarkup is the Discord markup of a board message's words, which the
// page shows as plain text.
var webMarkup = strings.NewReplacer("**", "", "__", "", "`", "")

// webPing is a mention of a member, which a board for the page does not
// carry (nobody is pinged), but a lead may.
var webPing = regexp.MustCompile(`<@!?\d+>`)

// WebView is game p.GameID as its page shows it, in p's language; a game
// not of p's place is as one that does not exist. drawn, if set, is a
// board of the game the caller has (the answer to a move): if it shows the
// game as it stands, in p's language, its picture is shown rather than
// drawn again.
func (t *Table) WebView(ctx context.Context, p WebPass, drawn *Message) (*WebView, error) {
	l, err := t.load(ctx, p.request(""), p.GameID)
	if err != nil {
		return nil, err
	}
	lang := p.Lang()
	l.lang = lang
	g, st := l.row, l.state
	if drawn != nil && drawn.File != nil && drawn.Live != nil && drawn.Live.GameID == g.ID && drawn.Live.Version == g.Version && drawn.Lang.Code() == lang.Code() {
		l.picture = drawn.File.Data
	}
	v := &WebView{GameID: g.ID, Kind: g.Kind, Title: webMarkup.Replace(lang.T("**Game #%s · %s**", no(g.ID), titleOf(l.kit))), Version: g.Version,
		Where: g.Where(), GuildID: g.GuildID, Begun: started(g.Status), Over: g.Status == storage.StatusOver,
		TurnSince: g.TurnSince, Paused: !g.PausedAt.IsZero()}
	for _, s := range g.Seats {
		wp := WebPlayer{UserID: s.UserID, Name: s.Name, Computer: s.Computer != ""}
		if v.Begun {
			wp.Side = l.kit.SeatName(lang, st, s.Seat)
			wp.ToMove = !v.Over && int(st.ToMove()) == s.Seat
		}
		v.Players = append(v.Players, wp)
	}
	if !v.Begun {
		v.Lines = []string{lang.T("Game #%s has not begun yet.", no(g.ID))}
		return v, nil
	}
	msg, err := t.boardMessage(ctx, l, "", t.lastMove(ctx, g.ID), false)
	if err != nil {
		return nil, err
	}
	for line := range strings.SplitSeq(msg.Content, "\n") {
		if line = strings.TrimSpace(webPing.ReplaceAllString(webMarkup.Replace(line), "")); line != "" {
			v.Lines = append(v.Lines, line)
		}
	}
	if msg.File != nil {
		v.PNG = msg.File.Data
	}
	if g.DeadlineDays > 0 && !v.Over && !v.Paused {
		v.Deadline = g.TurnSince.Add(time.Duration(g.DeadlineDays) * 24 * time.Hour)
	}
	if seat := int(st.ToMove()); g.Status == storage.StatusActive && !v.Paused && seat >= 0 {
		if u := seatUser(g, seat); u.Computer == "" {
			v.MoverID = u.UserID
			if l.kit.Buttons != nil {
				for _, c := range l.kit.Buttons(lang, st) {
					v.Buttons = append(v.Buttons, WebMove{Text: c.Value, Label: c.Name})
				}
			}
			for _, m := range st.Legal() {
				v.Moves = append(v.Moves, WebMove{Text: m.Text, Label: lang.Move(m.Text), Says: lang.Say(st.Describe(m))})
			}
		}
	}
	log, err := t.store.Log(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	for _, e := range log {
		who, what := entryWords(lang, g, e)
		v.History = append(v.History, WebEntry{Ply: e.Ply, Who: webMarkup.Replace(who), What: webMarkup.Replace(what), At: e.At})
	}
	return v, nil
}
