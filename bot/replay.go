package bot

import (
	"context"
	"errors"
	"fmt"

	"parlor/render"
	"parlor/rules"
	"parlor/storage"
)

// Animator is a Painter that also draws a game's replay, as an animated
// GIF of the frames (render.Renderer does). Without one, /<game> replay
// says replays cannot be drawn here, and no replay is posted.
type Animator interface {
	GIF(frames []render.Frame) ([]byte, error)
}

// Frames are a replay's frames: the start of the game, then the board
// after each turn of steps.
func Frames(start rules.State, steps []Step, names []string, title string) []render.Frame {
	frames := []render.Frame{{State: start, Info: render.Info{Names: names, Title: title}}}
	for _, i := range turnEnds(steps) {
		last := ""
		for j := i; j >= 0; j-- {
			if steps[j].Entry.Kind == storage.EntryMove && steps[j].Before.ToMove() != rules.Chance {
				last = steps[j].Entry.Text
				break
			}
		}
		frames = append(frames, render.Frame{State: steps[i].After, Info: render.Info{Names: names, LastMove: last, Title: title}})
	}
	return frames
}

// replayMessage is the animated replay of game l, as a public message.
func (t *Table) replayMessage(ctx context.Context, l *loaded) (*Message, error) {
	g := l.row
	a, ok := t.painter.(Animator)
	if !ok {
		return nil, sorry("Replays cannot be drawn here.")
	}
	log, err := t.store.Log(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	steps, err := Steps(l.kit.Game, len(g.Seats), log)
	if err != nil {
		return nil, fmt.Errorf("replay game %d: %w", g.ID, err)
	}
	start, err := l.kit.Game.New(len(g.Seats))
	if err != nil {
		return nil, err
	}
	title := l.lang.T("Game #%s", no(g.ID))
	frames := Frames(start, steps, names(g), title)
	for i := range frames {
		frames[i].Info.Say = l.lang.T
	}
	gif, err := animate(a, frames)
	if err != nil {
		return nil, fmt.Errorf("draw the replay of game %d: %w", g.ID, err)
	}
	content := l.lang.T("**Game #%s · %s** · the game so far, a frame a turn (%d turns).", no(g.ID), titleOf(l.kit), len(frames)-1)
	if g.Status == storage.StatusOver {
		content = l.lang.T("**Game #%s · %s** · the replay, a frame a turn (%d turns). Game over: %s", no(g.ID), titleOf(l.kit), len(frames)-1, result(l))
	}
	return &Message{
		Content: content,
		File:    &File{Name: fmt.Sprintf("%s-%d.gif", g.Kind, g.ID), ContentType: "image/gif", Data: gif},
		Lang:    l.lang,
	}, nil
}

// animate draws frames with a, turning a panic into an error.
func animate(a Animator, frames []render.Frame) (gif []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("animator panicked: %v", p)
		}
	}()
	return a.GIF(frames)
}

// replay answers /<game> replay: the replay, posted for everyone in the
// game's place.
func (t *Table) replay(ctx context.Context, l *loaded) (Response, error) {
	if !started(l.row.Status) {
		return Response{}, sorry("Game #%s has not begun: there is nothing to replay yet.", no(l.row.ID))
	}
	msg, err := t.replayMessage(ctx, l)
	if err != nil {
		return Response{}, err
	}
	return Response{Public: msg, PublicIn: l.row.ThreadID}, nil
}

// postReplay posts the replay of a game just over in its thread (or
// channel), once: the sweep claims it first.
func (t *Table) postReplay(ctx context.Context, l *loaded) ([]Notice, error) {
	if _, ok := t.painter.(Animator); !ok {
		return nil, nil
	}
	ok, err := t.store.ClaimReplay(ctx, l.row.ID)
	if err != nil || !ok {
		return nil, err
	}
	msg, err := t.replayMessage(ctx, l)
	var s *userError
	if errors.As(err, &s) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return []Notice{{GameID: l.row.ID, ChannelID: l.row.Where(), Message: msg}}, nil
}
