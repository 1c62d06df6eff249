package discord

import (
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"parlor/bot/limits"
)

// Calls made with an interaction's token (its answer, the edits of its
// messages, its follow-ups) do not count against the bot's global rate
// limit of about 50 calls a second, which every replica and shard share;
// a channel's posts and edits do. So the door remembers, for a while, the
// tokens it answered with: an old board posted with one loses its buttons
// by an edit with that token, and a game's next board (a computer's move)
// follows up the interaction that was answered in its channel, instead of
// costing a call each against the global limit.
//
// A token is good for limits.TokenLife (15 minutes) from the interaction;
// the door uses one only for tokenUse from when it heard of the interaction, which leaves a
// margin for the time the interaction took to reach it and for the call
// itself. A call that fails all the same falls back to the channel's
// call.
const (
	tokenUse = limits.TokenLife - 2*time.Minute
	// maxTokens bounds what is remembered: messages and games each. A bot
	// answering 10 moves a second for 13 minutes answers 7,800; past the
	// bound the oldest are forgotten, and their boards are edited the
	// channel's way.
	maxTokens = 8192
)

// replyToken is an interaction's token, good until until.
type replyToken struct {
	appID, token string
	until        time.Time
}

// viaToken is how a message can be edited with an interaction's token:
// as the interaction's @original, or as one of its follow-ups by id.
type viaToken struct {
	tok      *replyToken
	original bool
}

// gameIn is a game in a channel.
type gameIn struct {
	game    int64
	channel string
}

// tokens remembers the tokens of interactions the door answered: by the
// message each can edit, and by the game and channel each was answered
// about and in. Its zero value is ready; every method is told the time.
type tokens struct {
	mu       sync.Mutex
	messages map[string]viaToken
	games    map[gameIn]*replyToken
	// The keys in the order they were remembered, so that the oldest are
	// forgotten first (a key remembered again is forgotten with its last
	// remembering).
	messageOrder []remembered[string]
	gameOrder    []remembered[gameIn]
}

// token is i's token, heard of at now and good for tokenUse from then;
// nil if i has none.
func (ts *tokens) token(i *discordgo.Interaction, now time.Time) *replyToken {
	if i == nil || i.Token == "" || i.AppID == "" {
		return nil
	}
	return &replyToken{appID: i.AppID, token: i.Token, until: now.Add(tokenUse)}
}

// message remembers that tok can edit message id (as its @original if
// original is set).
func (ts *tokens) message(id string, tok *replyToken, original bool, now time.Time) {
	if tok == nil || id == "" {
		return
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.messages == nil {
		ts.messages = map[string]viaToken{}
	}
	ts.messages[id] = viaToken{tok: tok, original: original}
	ts.messageOrder = append(ts.messageOrder, remembered[string]{id, tok})
	ts.messageOrder = forget(ts.messageOrder, ts.messages, now, func(v viaToken) *replyToken { return v.tok })
}

// game remembers that tok answered an interaction about game in channel,
// where its follow-ups go.
func (ts *tokens) game(game int64, channel string, tok *replyToken, now time.Time) {
	if tok == nil || game == 0 || channel == "" {
		return
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.games == nil {
		ts.games = map[gameIn]*replyToken{}
	}
	k := gameIn{game, channel}
	ts.games[k] = tok
	ts.gameOrder = append(ts.gameOrder, remembered[gameIn]{k, tok})
	ts.gameOrder = forget(ts.gameOrder, ts.games, now, func(t *replyToken) *replyToken { return t })
}

// remembered is a key as remembered with a token, in order.
type remembered[K comparable] struct {
	key K
	tok *replyToken
}

// forget drops from the front of order, and from m, the keys whose token
// has run out, and the oldest while more than maxTokens are kept. A key
// remembered again since keeps its newer token.
func forget[K comparable, V any](order []remembered[K], m map[K]V, now time.Time, tok func(V) *replyToken) []remembered[K] {
	for len(order) > 0 {
		r := order[0]
		if len(order) <= maxTokens && now.Before(r.tok.until) {
			break
		}
		if v, ok := m[r.key]; ok && tok(v) == r.tok {
			delete(m, r.key)
		}
		order = order[1:]
	}
	return order
}

// editor is how message id can be edited with a token still good, if it
// can.
func (ts *tokens) editor(id string, now time.Time) (viaToken, bool) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	v, ok := ts.messages[id]
	if !ok || !now.Before(v.tok.until) {
		return viaToken{}, false
	}
	return v, true
}

// follower is the token of the interaction last answered about game in
// channel, if it is still good: a message of the game's can follow it up.
func (ts *tokens) follower(game int64, channel string, now time.Time) (*replyToken, bool) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	t, ok := ts.games[gameIn{game, channel}]
	if !ok || !now.Before(t.until) {
		return nil, false
	}
	return t, true
}
