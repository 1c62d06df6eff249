package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"parlor/bot/limits"
	"parlor/render"
	"parlor/rules"
	"parlor/storage"
)

// title is the title of the game kind, as a word said in the language of
// the text it is in.
func (t *Table) title(kind string) rules.Word {
	if k, ok := t.kits[kind]; ok {
		return titleOf(k)
	}
	return rules.Word(kind)
}

// once refuses an interaction that was already handled, such as one
// Discord delivered twice.
func (t *Table) once(ctx context.Context, req Request) error {
	if req.ID == "" {
		return nil
	}
	done, err := t.store.Handled(ctx, req.ID)
	if err != nil {
		return err
	}
	if done {
		return storage.ErrDuplicate
	}
	return nil
}

// move plays text for the user. version is the version the user saw (from
// a button), or -1 for a typed command, which acts on the current
// position. mayPreview is set for a move chosen or typed, which shows its
// board first when the user sees each move before it counts (/parlor me
// confirm:on); not for a board's one-purpose button (Roll) or a Confirm.
func (t *Table) move(ctx context.Context, req Request, l *loaded, text string, version int64, mayPreview bool) (Response, error) {
	seat, err := mover(l, req.User.ID)
	if err != nil {
		return Response{}, err
	}
	m, err := findMove(l, text)
	if err != nil {
		return Response{}, sorry("%s", illegalWords(text, err, l.kit))
	}
	if mayPreview {
		on, err := t.store.ConfirmMoves(ctx, req.User.ID)
		if err != nil {
			return Response{}, err
		}
		if on {
			return t.preview(l, m, version, you(req))
		}
	}
	resp, err := t.play(ctx, req.ID, l, seat, m)
	if err != nil {
		return Response{}, err
	}
	if version >= 0 {
		resp.Update = &Message{Content: you(req).T("You played %s.", rules.MoveText(m.Text))}
	}
	return resp, nil
}

// play plays seat's decision m, for the interaction (or the scheduler's
// action) interactionID, and shows the board.
func (t *Table) play(ctx context.Context, interactionID string, l *loaded, seat int, m rules.Move) (Response, error) {
	g, st := l.row, l.state
	words := st.Describe(m)
	next, err := st.Play(m)
	if err != nil {
		return Response{}, sorry("%s", illegalWords(m.Text, err, l.kit))
	}
	entries := []storage.Entry{{Seat: seat, Kind: storage.EntryMove, Text: m.Text, At: t.now()}}
	next, more, played, err := t.settleDice(ctx, g, l.kit, next, 1)
	if err != nil {
		return Response{}, err
	}
	entries = append(entries, more...)
	played = append([]Played{{Before: st, Move: m}}, played...)
	offer, declined := g.DrawOffer, -1
	if offer >= 0 && offer != seat {
		// Moving declines the draw offered to you.
		declined, offer = offer, storage.NoDrawOffer
	}
	status := storage.StatusActive
	if next.Outcome().Over() {
		status, offer = storage.StatusOver, -1
	}
	var takeback *storage.Takeback
	if g.Takeback.Offer >= 0 {
		// A decision ends the takeback asked for.
		takeback = &storage.Takeback{Offer: storage.NoDrawOffer}
		g.Takeback = *takeback
	}
	lead := l.lang.T("**%s** played %s (%s).", seatUser(g, seat).Name, words, rules.MoveText(m.Text))
	if l.kit.Narrate != nil {
		lead = l.kit.Narrate(l.lang, played, next, names(g))
	}
	declinedLine := ""
	if declined >= 0 {
		declinedLine = "\n" + l.lang.T("By moving, %s declined %s's draw offer.", seatUser(g, seat).Name, seatUser(g, declined).Name)
	}
	v, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: next.String(), Status: status, DrawOffer: offer, Entries: entries, InteractionID: interactionID,
		TurnStarted: next.ToMove() != st.ToMove(), Takeback: takeback, Board: t.owes(lead + declinedLine)})
	if err != nil {
		return Response{}, err
	}
	g.Version, g.Position, g.Status, g.DrawOffer = v, next.String(), status, offer
	l.state = next
	story, earlier, told := t.since(ctx, l, seat)
	if told {
		lead = story
	}
	board, err := t.boardWith(ctx, l, lead+declinedLine, m.Text, true, earlier)
	if err != nil {
		return Response{}, err
	}
	return Response{Public: owed(board), PublicIn: g.ThreadID}, nil
}

// illegalWords explains a rejected move text, with the engine's reason
// (rules.Reason), which is said in the user's language with the rest.
func illegalWords(text string, err error, kit Kit) rules.Text {
	switch {
	case errors.Is(err, rules.ErrOver):
		return rules.Textf("The game is over.")
	case errors.Is(err, rules.ErrThrowFirst):
		// The throw is a button and a command of its own, not a move.
		return rules.Textf("You can't play %s: %s. Throw the dice first, with the 🎲 Roll button under the board or /%s roll.", quote(text), movesIn(rules.Reason(err)), kit.Game.Name())
	case errors.Is(err, rules.ErrNotYet):
		// The reason says what comes first and how: the move box's
		// list of moves would not help.
		return rules.Textf("You can't play %s: %s.", quote(text), movesIn(rules.Reason(err)))
	case errors.Is(err, rules.ErrIllegal):
		return rules.Textf("You can't play %s: %s. Start typing in the move box to see your legal moves (like %s).", quote(text), movesIn(rules.Reason(err)), rules.MoveText(kit.Example))
	}
	return rules.Textf("You can't play %s: %s.", quote(text), movesIn(rules.Reason(err)))
}

// confirmResign answers /<game> resign: resigning always asks to confirm,
// privately.
func (t *Table) confirmResign(l *loaded, req Request) (Response, error) {
	if _, err := playing(l, req.User.ID); err != nil {
		return Response{}, err
	}
	lang := you(req)
	ask := lang.T("Resign game #%s? This ends the game, which the others win.", no(l.row.ID))
	if len(l.row.Seats) > 2 {
		ask = lang.T("Resign game #%s? You leave the game; the others may play on.", no(l.row.ID))
	}
	return Response{Private: &Message{
		Content: ask,
		Components: []Row{{
			{Kind: Button, ID: customID(l.row.ID, 0, "resign:yes"), Label: lang.T("Resign game #%s", no(l.row.ID)), Style: Danger},
			{Kind: Button, ID: customID(l.row.ID, 0, "resign:no"), Label: lang.T("Keep playing"), Style: Secondary},
		}},
	}}, nil
}

func (t *Table) resign(ctx context.Context, req Request, l *loaded) (Response, error) {
	seat, err := playing(l, req.User.ID)
	if err != nil {
		return Response{}, err
	}
	next, entries, ending, err := resignation(l, seat)
	if err != nil {
		return Response{}, err
	}
	lead := l.lang.T("**%s** resigned.", req.User.Name)
	switch ending {
	case playOn:
		lead = l.lang.T("**%s** resigned and left the game; the others play on.", req.User.Name)
	case computersLeft:
		lead = l.lang.T("**%s** resigned and left the game. Only computer players are left, so the game ends.", req.User.Name)
	}
	return t.finish(ctx, req.ID, l, next, lead, entries...)
}

// How a resignation leaves a game.
const (
	gameEnds      = iota // the others win
	playOn               // the others play on
	computersLeft        // only computers were left, so the game ends
)

// resignation is seat's resignation of l's game: the position after it,
// its log entries, and how it leaves the game.
func resignation(l *loaded, seat int) (rules.State, []storage.Entry, int, error) {
	next, err := rules.Resign(l.state, rules.Seat(seat))
	if err != nil {
		return nil, nil, 0, err
	}
	entries := []storage.Entry{{Seat: seat, Kind: storage.EntryResign, Text: "resign"}}
	if next.Outcome().Over() {
		return next, entries, gameEnds, nil
	}
	left := computersOnly(l, next)
	if left == nil {
		return next, entries, playOn, nil
	}
	// Computers do not play on among themselves: they leave in turn until
	// one is left in, which the rules make the winner.
	for i := len(left) - 1; i > 0 && !next.Outcome().Over(); i-- {
		if next, err = rules.Resign(next, left[i]); err != nil {
			return nil, nil, 0, err
		}
		entries = append(entries, storage.Entry{Seat: int(left[i]), Kind: storage.EntryResign, Text: "resign"})
	}
	return next, entries, computersLeft, nil
}

// finish stores a change made off the board (a resignation, a draw by
// agreement, a deadline) with its log entries, for the interaction (or the
// scheduler's action) interactionID, and shows the board: the final one,
// or, when the game goes on, the next to move's.
func (t *Table) finish(ctx context.Context, interactionID string, l *loaded, next rules.State, lead string, entries ...storage.Entry) (Response, error) {
	g := l.row
	entries, status, err := t.offBoard(ctx, interactionID, l, next, t.owes(lead), entries)
	if err != nil {
		return Response{}, err
	}
	var earlier []render.Turn
	if story, turns, told := t.since(ctx, l, entries[0].Seat); told {
		lead, earlier = story, turns
	}
	board, err := t.boardWith(ctx, l, lead, t.lastMove(ctx, g.ID), status == storage.StatusActive, earlier)
	if err != nil {
		return Response{}, err
	}
	return Response{Public: owed(board), PublicIn: g.ThreadID}, nil
}

// offBoard stores a change made off the board (see finish) that owes
// board, and sets l to the game as changed. It returns the entries
// stored, chance's after the change's, and the game's new status.
func (t *Table) offBoard(ctx context.Context, interactionID string, l *loaded, next rules.State, board *storage.Board, entries []storage.Entry) ([]storage.Entry, storage.Status, error) {
	g := l.row
	skip := false
	for i := range entries {
		entries[i].At = t.now()
		skip = skip || entries[i].Kind == storage.EntrySkip
	}
	next, more, _, err := t.settleDice(ctx, g, l.kit, next, len(entries))
	if err != nil {
		return nil, "", err
	}
	entries = append(entries, more...)
	status, offer := storage.StatusActive, g.DrawOffer
	if next.Outcome().Over() {
		status, offer = storage.StatusOver, storage.NoDrawOffer
	}
	v, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: next.String(), Status: status, DrawOffer: offer, Entries: entries, InteractionID: interactionID,
		TurnStarted: next.ToMove() != l.state.ToMove() || skip, Board: board})
	if err != nil {
		return nil, "", err
	}
	g.Version, g.Position, g.Status, g.DrawOffer = v, next.String(), status, offer
	l.state = next
	return entries, status, nil
}

// draw offers a draw, or accepts the one offered to the user.
func (t *Table) draw(ctx context.Context, req Request, l *loaded, version int64) (Response, error) {
	seat, err := playing(l, req.User.ID)
	if err != nil {
		return Response{}, err
	}
	g := l.row
	switch {
	case g.DrawOffer == seat:
		return Response{}, sorry("You have already offered a draw in game #%s; it stands until your opponent accepts or moves.", no(g.ID))
	case g.DrawOffer < 0 && version >= 0:
		return Response{}, sorry("There is no draw offer to accept in game #%s any more.", no(g.ID))
	}
	if other := seatUser(g, int(rules.Opponents(l.state, rules.Seat(seat))[0])); g.DrawOffer < 0 && other.Computer != "" {
		// A computer answers at once: it plays on.
		return private(you(req).T("**%s** declines the draw in game #%s: it plays on.", other.Name, no(g.ID))), nil
	}
	if g.DrawOffer < 0 {
		v, err := t.store.Apply(ctx, storage.Change{GameID: g.ID, Version: g.Version, Position: g.Position, Status: g.Status, DrawOffer: seat, InteractionID: req.ID})
		if err != nil {
			return Response{}, err
		}
		other := seatUser(g, int(rules.Opponents(l.state, rules.Seat(seat))[0]))
		return Response{Public: &Message{
			Content: l.lang.T("**%s** offers a draw in game #%s. **%s**: accept with the button or /%s draw; your next move declines it.", req.User.Name, no(g.ID), other.Name, g.Kind),
			Components: []Row{{
				{Kind: Button, ID: customID(g.ID, v, "draw"), Label: l.lang.T("Accept draw"), Style: Primary},
			}},
		}}, nil
	}
	next, err := l.state.End(rules.Outcome{Method: rules.Agreement})
	if err != nil {
		return Response{}, err
	}
	entry := storage.Entry{Seat: seat, Kind: storage.EntryDraw, Text: "draw"}
	resp, err := t.finish(ctx, req.ID, l, next, l.lang.T("**%s** accepted the draw.", req.User.Name), entry)
	if err == nil && version >= 0 {
		// The click's update replaces the offer, which everyone sees: it
		// is said in the game's language, like the offer.
		resp.Update = &Message{Content: l.lang.T("Draw accepted.")}
	}
	return resp, err
}

func (t *Table) board(ctx context.Context, l *loaded, lead string) (Response, error) {
	switch l.row.Status {
	case storage.StatusInvited, storage.StatusOpen:
		// A game not yet begun has no board and no turn: what it has is
		// its lobby, with who is invited, the open seats and the buttons
		// to join, pinging nobody.
		msg := t.lobbyMessage(l.row, l.kit)
		msg.Content = l.lang.T("Game #%s has not begun yet.", no(l.row.ID)) + "\n" + msg.Content
		return Response{Public: msg}, nil
	case storage.StatusDeclined, storage.StatusCancelled:
		return Response{}, playable(l)
	}
	board, err := t.boardMessage(ctx, l, lead, t.lastMove(ctx, l.row.ID), false)
	if err != nil {
		return Response{}, err
	}
	return Response{Public: board}, nil
}

// aliasStarts reports whether one of the other ways to type m (see
// rules.Aliaser), such as "Nc5" for "Nc1-c5", starts with typed, which is
// normalized.
func aliasStarts(s rules.State, m rules.Move, typed string) bool {
	a, ok := s.(rules.Aliaser)
	if !ok {
		return false
	}
	for _, alias := range a.Aliases(m) {
		if strings.HasPrefix(rules.Normalize(alias), typed) {
			return true
		}
	}
	return false
}

// turnOf is the game an autocomplete is about, when it is the user's turn
// in it.
func (t *Table) turnOf(ctx context.Context, req Request, kit Kit) (*loaded, error) {
	l, err := t.pick(ctx, req, kit, false)
	if err != nil {
		return nil, err
	}
	if _, err := mover(l, req.User.ID); err != nil {
		return nil, err
	}
	return l, nil
}

// preview shows the player, privately, the board after m, with Confirm
// and Cancel: the move counts only when confirmed, on this board.
// It is said in lang, the player's, picture and all.
func (t *Table) preview(l *loaded, m rules.Move, version int64, lang Lang) (Response, error) {
	g := l.row
	next, err := l.state.Play(m)
	if err != nil {
		return Response{}, sorry("%s", illegalWords(m.Text, err, l.kit))
	}
	id := customID(g.ID, g.Version, "ok:"+m.Text)
	if len(id) > limits.CustomID {
		// Too long a move to carry on a button: played as asked.
		return Response{}, sorry("%s is too long a move to preview: turn previews off with /parlor me confirm:off, or type a shorter form of it.", quote(lang.Move(m.Text)))
	}
	msg := &Message{
		Content: lang.T("Game #%s: you are about to play %s (%s). It counts once you confirm.", no(g.ID), l.state.Describe(m), rules.MoveText(m.Text)),
		Drawing: rules.DrawingIn(next, lang.Say),
		Components: []Row{{
			{Kind: Button, ID: id, Label: lang.T("Confirm %s", Clip(lang.Move(m.Text), 60)), Style: Success},
			{Kind: Button, ID: customID(g.ID, g.Version, "cancel-move"), Label: lang.T("Cancel"), Style: Secondary},
		}},
	}
	if png, err := t.paint(next, render.Info{Names: names(g), LastMove: m.Text, Title: lang.T("Game #%s · preview", no(g.ID)), Say: lang.T}); err == nil {
		msg.File = &File{Name: fmt.Sprintf("%s-%d-preview.png", g.Kind, g.ID), ContentType: "image/png", Data: png}
	}
	if version >= 0 {
		return Response{Update: msg}, nil
	}
	return Response{Private: msg}, nil
}

// pick finds the game a command is about: the one named by the game
// option, or the user's only game of this kind in this channel. For the
// board, a channel's only game will do for anyone.
func (t *Table) pick(ctx context.Context, req Request, kit Kit, anyone bool) (*loaded, error) {
	kind := kit.Game.Name()
	if raw := req.Options["game"]; strings.TrimSpace(raw) != "" {
		id, err := strconv.ParseInt(strings.TrimPrefix(strings.TrimSpace(raw), "#"), 10, 64)
		if err != nil || id <= 0 {
			return nil, sorry("%s is not a game number; game numbers look like 12.", quote(raw))
		}
		l, err := t.load(ctx, req, id)
		if err != nil {
			return nil, err
		}
		if l.row.Kind != kind {
			return nil, sorry("Game #%s is a game of %s; use /%s for it.", no(id), t.title(l.row.Kind), l.row.Kind)
		}
		return l, nil
	}
	// Games are looked for in the request's channel, within its server
	// (a channel id is the same place whatever the server, but the wall
	// between servers does not rest on that).
	here := storage.Filter{Kind: kind, GuildID: req.GuildID, ChannelID: req.ChannelID}
	// In a game's thread, the game is that one.
	if req.ChannelID != "" {
		in, err := t.store.Find(ctx, storage.Filter{Kind: kind, GuildID: req.GuildID, ThreadID: req.ChannelID, Limit: 1})
		if err != nil {
			return nil, err
		}
		if len(in) == 1 {
			return t.load(ctx, req, in[0].ID)
		}
	}
	find := func(user string, limit int, statuses ...storage.Status) ([]storage.Game, error) {
		f := here
		f.UserID, f.Limit, f.Statuses = user, limit, statuses
		return t.store.Find(ctx, f)
	}
	mine, err := find(req.User.ID, 0, storage.StatusActive)
	if err != nil {
		return nil, err
	}
	if len(mine) == 0 && anyone {
		if mine, err = find("", 0, storage.StatusActive); err != nil {
			return nil, err
		}
	}
	if len(mine) == 0 {
		// A game of theirs that just ended, or has not begun, answers better
		// than "no game": the caller says it is over or not started.
		recent, err := find(req.User.ID, 1, storage.StatusOver, storage.StatusInvited, storage.StatusOpen)
		if err != nil {
			return nil, err
		}
		if len(recent) == 1 {
			return t.load(ctx, req, recent[0].ID)
		}
	}
	switch len(mine) {
	case 0:
		here, err := find("", 1, storage.StatusActive)
		if err == nil && len(here) > 0 {
			return nil, sorry("You are not playing in any game of %s here (game #%s is %s's). Start your own with /%s new.", titleOf(kit), no(here[0].ID), versus(namesIn(you(req), &here[0])), kind)
		}
		return nil, sorry("You have no game of %s going in this channel. Start one with /%s new.", titleOf(kit), kind)
	case 1:
		return t.load(ctx, req, mine[0].ID)
	}
	var list []string
	for i, g := range mine {
		if i == 5 {
			list = append(list, "…")
			break
		}
		list = append(list, you(req).T("#%s (%s)", no(g.ID), versus(namesIn(you(req), &g))))
	}
	return nil, sorry("You have %d games of %s here: %s. Say which with the game option.", len(mine), titleOf(kit), strings.Join(list, ", "))
}

// computersOnly returns the seats still in game next when every one of
// them is a computer's, else nil.
func computersOnly(l *loaded, next rules.State) []rules.Seat {
	var left []rules.Seat
	for _, s := range l.row.Seats {
		if r, ok := next.(rules.Retirer); ok && r.Retired(rules.Seat(s.Seat)) {
			continue
		}
		if s.Computer == "" {
			return nil
		}
		left = append(left, rules.Seat(s.Seat))
	}
	return left
}

// pickPiece answers a choice of the first menu: it plays the choice's move
// when it is the only one and the kit says such choices play at once, and
// otherwise offers the moves of the choice in a second, private menu.
func (t *Table) pickPiece(ctx context.Context, req Request, l *loaded) (Response, error) {
	if _, err := mover(l, req.User.ID); err != nil {
		return Response{}, err
	}
	if len(req.Values) != 1 {
		return Response{}, sorry("Choose one piece.")
	}
	var chosen *menuGroup
	lang := you(req)
	for _, gr := range groups(l, lang) {
		if gr.key == req.Values[0] {
			chosen = gr
		}
	}
	if chosen == nil {
		return Response{}, sorry("That piece has no legal move now.")
	}
	if len(chosen.moves) == 1 && l.kit.Direct {
		return t.move(ctx, req, l, chosen.moves[0].Text, -1, true)
	}
	var rows []Row
	for p := 0; p*limits.SelectOptions < len(chosen.moves) && p < limits.Rows; p++ {
		var opts []Option
		for _, m := range chosen.moves[p*limits.SelectOptions : min(len(chosen.moves), (p+1)*limits.SelectOptions)] {
			opts = append(opts, Option{Label: Clip(lang.Move(m.Text), limits.OptionText), Value: m.Text, Description: Clip(lang.Say(moveWords(l.state, m)), limits.OptionText)})
		}
		action := "play"
		if p > 0 {
			action = fmt.Sprintf("play%d", p+1)
		}
		rows = append(rows, Row{{Kind: Select, ID: customID(l.row.ID, l.row.Version, action), Placeholder: lang.T("Choose the move…"), Options: opts}})
	}
	content := lang.T("Where should the %s go?", chosen.label)
	if l.kit.Direct {
		content = lang.T("%s: which way?", chosen.label)
	}
	if len(chosen.moves) > limits.Rows*limits.SelectOptions {
		content += " " + lang.T("(%d moves; the first %d are here, type /%s move for the others)", len(chosen.moves), limits.Rows*limits.SelectOptions, l.row.Kind)
	}
	return Response{Private: &Message{Content: content, Components: rows}}, nil
}
