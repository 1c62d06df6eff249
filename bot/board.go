package bot

import (
	"context"
	"fmt"
	"strings"

	"parlor/render"
	"parlor/rules"
	"parlor/storage"
)

// This file draws a game's board message: the picture, the story since
// the viewer's last turn, and the controls of the player to move.

// lastMove is the text of the last move on the board, for drawing it.
func (t *Table) lastMove(ctx context.Context, id int64) string {
	log, err := t.store.Log(ctx, id)
	if err != nil {
		return ""
	}
	for i := len(log) - 1; i >= 0; i-- {
		if log[i].Kind == storage.EntryMove {
			return log[i].Text
		}
	}
	return ""
}

// boardMessage is a game's board for everyone: what happened, whose turn,
// the picture, and the controls for the player to move. It pings the player
// to move when ping is set, and nobody else ever.
func (t *Table) boardMessage(ctx context.Context, l *loaded, lead, last string, ping bool) (*Message, error) {
	return t.boardWith(ctx, l, lead, last, ping, nil)
}

// boardWith is boardMessage with earlier turns for the picture to mark
// (render.Info.Earlier).
func (t *Table) boardWith(ctx context.Context, l *loaded, lead, last string, ping bool, earlier []render.Turn) (*Message, error) {
	g, st := l.row, l.state
	var b strings.Builder
	b.WriteString(l.lang.T("**Game #%s · %s**", no(g.ID), titleOf(l.kit)) + " · ")
	var seats []string
	for _, s := range g.Seats {
		seats = append(seats, fmt.Sprintf("%s (%s)", s.Name, l.kit.SeatName(l.lang, st, s.Seat)))
	}
	if len(seats) == 2 {
		b.WriteString(l.lang.Say(versus(seats)))
	} else {
		b.WriteString(strings.Join(seats, " · "))
	}
	b.WriteString("\n")
	if lead != "" {
		b.WriteString(lead + "\n")
	}
	msg := &Message{}
	if o := st.Outcome(); o.Over() {
		b.WriteString(l.lang.T("Game over: %s", result(l)))
		msg.gameOver = true
		if line := revealLine(g); line != "" {
			b.WriteString("\n" + line)
		}
	} else {
		mover := seatUser(g, int(st.ToMove()))
		name := "**" + mover.Name + "**"
		if mover.Computer != "" {
			// It never needs a ping, and moves soon by itself.
			msg.computerTurn = g.Status == storage.StatusActive && g.PausedAt.IsZero()
			ping = false
		}
		if ping {
			name = "<@" + mover.UserID + ">"
			msg.Mentions = []string{mover.UserID}
		}
		b.WriteString(l.lang.T("%s, your move (%s).", name, l.kit.SeatName(l.lang, st, int(st.ToMove()))) + l.lang.Say(t.awayNote(ctx, g, mover.UserID)))
		if l.kit.Alert != nil {
			if alert := l.kit.Alert(l.lang, st); alert != "" {
				b.WriteString(" " + alert)
			}
		}
		if g.DrawOffer >= 0 {
			b.WriteString("\n" + l.lang.T("%s has offered a draw.", seatUser(g, g.DrawOffer).Name))
		}
		msg.Components = t.controls(l)
	}
	msg.Content = b.String()
	msg.Drawing = rules.DrawingIn(st, l.lang.Say)
	msg.Lang = l.lang
	msg.Live = &Live{GameID: g.ID, Version: g.Version}
	png, err := t.paint(st, render.Info{Names: names(g), LastMove: last, Title: l.lang.T("Game #%s", no(g.ID)), Earlier: earlier, Say: l.lang.T})
	if err != nil {
		// Any change is saved by now: answer without the picture rather
		// than say that nothing happened.
		t.log.Error("draw board", "game", g.ID, "err", err)
		return msg, nil
	}
	msg.File = &File{Name: fmt.Sprintf("%s-%d-%d.png", g.Kind, g.ID, g.Version), ContentType: "image/png", Data: png}
	return msg, nil
}

// paint draws a board, turning a panic of the painter into an error.
func (t *Table) paint(st rules.State, info render.Info) (png []byte, err error) {
	start := t.now()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("painter panicked: %v", p)
		}
		t.metrics.Picture(t.now().Sub(start), err != nil)
	}()
	return t.painter.PNG(st, info)
}

// versus is the players of a game, one against the other: "Ann vs Bob",
// "Ann vs Bob vs Cy", said in the language of the text it is in.
func versus(players []string) rules.Text {
	if len(players) == 0 {
		return rules.Text{}
	}
	out := rules.Plain(players[0])
	for _, p := range players[1:] {
		out = rules.Textf("%s vs %s", out, p)
	}
	return out
}
