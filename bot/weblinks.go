package bot

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"parlor/bot/limits"
)

// The web page's personal links. /<game> web gives the member who asks a
// link to the game's page, which carries a signed token: the member, the
// game's place (its server, or outside a server its channel), the game,
// the member's language, when the link stops opening, and the generation
// of the member's links to the game. /<game> web revoke bumps that
// generation (a row, so every replica sees it at once), and every link
// made before stops opening. The web door (bot/web) opens a token with
// OpenWebLink and acts for the member with what it carries.

// DefaultWebLifetime is how long a link opens its game when
// WebLinks.Lifetime is zero.
const DefaultWebLifetime = 7 * 24 * time.Hour

// WebLinks turns on the web page's links: where the page is and the key
// the links are signed with. With no Base, /<game> web says the page is
// not served.
type WebLinks struct {
	// Base is the address browsers reach the page at, such as
	// https://parlor.example.com (PARLOR_PUBLIC_URL).
	Base string
	// Secret signs the links: the operator's, or one made once and kept
	// in the database (storage.WebSecret), so that every replica opens
	// the links of every other.
	Secret []byte
	// Lifetime is how long a link opens its game; zero means
	// DefaultWebLifetime.
	Lifetime time.Duration
}

// WebPass is what a link's token carries: who may look at (and, a
// player, move in) which game, in which language, until when.
type WebPass struct {
	UserID string
	// GuildID is the game's server; ChannelID is set instead for a game
	// outside any server (a DM's), whose place is its channel.
	GuildID, ChannelID string
	GameID             int64
	// Locale is the member's Discord locale when they asked, in which
	// the page speaks.
	Locale     string
	Expires    time.Time
	Generation int64
}

// Lang is the language the page speaks to the pass's member.
func (p WebPass) Lang() Lang { return LangOf(p.Locale) }

// The reasons a token does not open: each is a plain page that shows
// nothing of any game.
var (
	// ErrWebLinkBad: the token is not one Parlor made (altered, cut
	// short, signed with another key), or names a game that is not
	// where it says.
	ErrWebLinkBad = errors.New("web link not valid")
	// ErrWebLinkExpired: the link's time is over.
	ErrWebLinkExpired = errors.New("web link expired")
	// ErrWebLinkRevoked: the member revoked their links to the game
	// after this one was made.
	ErrWebLinkRevoked = errors.New("web link revoked")
)

// webStore is what the links need of the store beyond Store: the
// generation of a member's links to a game, and its bump.
type webStore interface {
	WebGeneration(ctx context.Context, userID string, gameID int64) (int64, error)
	RevokeWeb(ctx context.Context, userID string, gameID int64) (int64, error)
	Versions(ctx context.Context, ids []int64) (map[int64]int64, error)
}

// webTokenVersion opens every token's text, so that a later format can be
// told from this one.
const webTokenVersion = "p1"

// token signs p: its fields, in a line each, then an HMAC-SHA256 of them
// under the links' key, both in URL-safe base64.
func (w WebLinks) token(p WebPass) string {
	body := strings.Join([]string{webTokenVersion, p.UserID, p.GuildID, p.ChannelID, strconv.FormatInt(p.GameID, 10), p.Locale,
		strconv.FormatInt(p.Expires.Unix(), 10), strconv.FormatInt(p.Generation, 10)}, "\n")
	return base64.RawURLEncoding.EncodeToString([]byte(body)) + "." + base64.RawURLEncoding.EncodeToString(w.mac([]byte(body)))
}

func (w WebLinks) mac(body []byte) []byte {
	h := hmac.New(sha256.New, w.Secret)
	h.Write(body)
	return h.Sum(nil)
}

// read checks tok's signature and reads what it carries; it does not look
// at the clock or the store.
func (w WebLinks) read(tok string) (WebPass, error) {
	b64, sig64, ok := strings.Cut(tok, ".")
	body, err1 := base64.RawURLEncoding.DecodeString(b64)
	sig, err2 := base64.RawURLEncoding.DecodeString(sig64)
	if !ok || err1 != nil || err2 != nil || len(w.Secret) == 0 || !hmac.Equal(sig, w.mac(body)) {
		return WebPass{}, ErrWebLinkBad
	}
	f := strings.Split(string(body), "\n")
	if len(f) != 8 || f[0] != webTokenVersion {
		return WebPass{}, ErrWebLinkBad
	}
	game, err1 := strconv.ParseInt(f[4], 10, 64)
	exp, err2 := strconv.ParseInt(f[6], 10, 64)
	gen, err3 := strconv.ParseInt(f[7], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || f[1] == "" || (f[2] == "") == (f[3] == "") {
		return WebPass{}, ErrWebLinkBad
	}
	return WebPass{UserID: f[1], GuildID: f[2], ChannelID: f[3], GameID: game, Locale: f[5], Expires: time.Unix(exp, 0), Generation: gen}, nil
}

// WebToken signs p with the table's key: the token of a link. Tests make
// links with it; members get theirs from /<game> web.
func (t *Table) WebToken(p WebPass) string { return t.web.token(p) }

// OpenWebLink checks a link's token: signed with the table's key, not
// expired, not revoked, and naming a game that is where the token says
// (a game of another place is as one that does not exist). It returns
// what the token carries, or one of ErrWebLinkBad, ErrWebLinkExpired and
// ErrWebLinkRevoked (or the store's error).
func (t *Table) OpenWebLink(ctx context.Context, tok string) (WebPass, error) {
	p, err := t.web.read(tok)
	if err != nil {
		return WebPass{}, err
	}
	if !t.now().Before(p.Expires) {
		return WebPass{}, ErrWebLinkExpired
	}
	if err := t.CheckWebPass(ctx, p); err != nil {
		return WebPass{}, err
	}
	return p, nil
}

// CheckWebPass checks, again, that an opened link's pass still holds:
// not expired, not revoked, its game still where it was. The web door
// checks it at every request of a session, so that a revocation closes
// the pages open with the link too.
func (t *Table) CheckWebPass(ctx context.Context, p WebPass) error {
	if !t.now().Before(p.Expires) {
		return ErrWebLinkExpired
	}
	ws, ok := t.store.(webStore)
	if !ok {
		return ErrWebLinkBad
	}
	gen, err := ws.WebGeneration(ctx, p.UserID, p.GameID)
	if err != nil {
		return err
	}
	if gen != p.Generation {
		return ErrWebLinkRevoked
	}
	if _, err := t.load(ctx, p.request(""), p.GameID); err != nil {
		var ue *userError
		if errors.As(err, &ue) {
			return ErrWebLinkBad
		}
		return err
	}
	return nil
}

// request is a request of the pass's member from the game's place, with
// id; the web door's requests are built the same way (WebRequest).
func (p WebPass) request(id string) Request {
	return Request{ID: id, GuildID: p.GuildID, ChannelID: p.ChannelID, User: User{ID: p.UserID}, Locale: p.Locale}
}

// WebVersions reads the versions of the games of ids (see
// storage.Versions): how the web door learns of moves made by any door
// of any replica.
func (t *Table) WebVersions(ctx context.Context, ids []int64) (map[int64]int64, error) {
	ws, ok := t.store.(webStore)
	if !ok {
		return nil, errors.New("the store keeps no web links")
	}
	return ws.Versions(ctx, ids)
}

// webLink answers /<game> web: privately, a personal link to the game's
// page, or with links:revoke, the revocation of every link the member was
// given to it.
func (t *Table) webLink(ctx context.Context, req Request, l *loaded) (Response, error) {
	lang := you(req)
	ws, ok := t.store.(webStore)
	if t.web.Base == "" || len(t.web.Secret) == 0 || !ok {
		return Response{}, sorry("This Parlor does not serve the web page: its operator has not set PARLOR_PUBLIC_URL.")
	}
	g := l.row
	if req.Options["links"] == "revoke" {
		if _, err := ws.RevokeWeb(ctx, req.User.ID, g.ID); err != nil {
			return Response{}, err
		}
		return Response{Private: &Message{Content: lang.T("Every link you were given to game #%s stops opening it now. /%s web gives you a new one.", no(g.ID), g.Kind)}}, nil
	}
	gen, err := ws.WebGeneration(ctx, req.User.ID, g.ID)
	if err != nil {
		return Response{}, err
	}
	life := t.web.Lifetime
	if life <= 0 {
		life = DefaultWebLifetime
	}
	p := WebPass{UserID: req.User.ID, GuildID: g.GuildID, GameID: g.ID, Locale: req.Locale, Expires: t.now().Add(life), Generation: gen}
	if g.GuildID == "" {
		p.ChannelID = g.ChannelID
	}
	if err := p.valid(); err != nil {
		return Response{}, err
	}
	url := strings.TrimSuffix(t.web.Base, "/") + "/web/open#" + t.web.token(p)
	say := N("Your own link to game #%s, good for %s: %s\nIt opens the game as you: don't share it. /%s web revoke stops it.")
	if _, err := player(l, req.User.ID); err != nil {
		say = N("Your own link to watch game #%s, good for %s: %s\nDon't share it. /%s web revoke stops it.")
	}
	return Response{Private: &Message{Content: lang.T(say, no(g.ID), lang.T("%d days", int(life.Hours()+23)/24), url, g.Kind)}}, nil
}

// WebMoveID is the custom id of a control that plays text on game's board
// drawn at version: what a board's button carries, so that a move from the
// web page is checked as a click on the newest board is (the board must
// be the current one; the mover must be to move).
func WebMoveID(game, version int64, text string) string {
	return customID(game, version, "do:"+text)
}

// WebRequest is the request a member makes on the web page, with the id
// the door gives it: from the game's place (its thread or channel, where
// its board is posted), in the member's language.
func WebRequest(p WebPass, where, name, id string) Request {
	r := p.request(id)
	r.ChannelID, r.User.Name = where, name
	return r
}

// valid checks that a pass's fields can be carried: the token is lines
// of text.
func (p WebPass) valid() error {
	for _, f := range []string{p.UserID, p.GuildID, p.ChannelID, p.Locale} {
		if strings.ContainsAny(f, "\n") {
			return fmt.Errorf("web pass field %q: %w", f, ErrWebLinkBad)
		}
	}
	return nil
}

// WebLinks is the table's web links setting (Config.Web): where the page
// is, and its key, for the door that serves it.
func (t *Table) WebLinks() WebLinks { return t.web }

// webButton adds Open in browser to a board's controls, when the page is
// served: anyone who clicks it gets their own link, privately. It goes
// beside the board's buttons if their row has room, else in a row of its
// own if the board has room for one.
func (t *Table) webButton(l *loaded, rows []Row) []Row {
	if t.web.Base == "" {
		return rows
	}
	b := Component{Kind: Button, ID: customID(l.row.ID, 0, "web"), Label: Clip(l.lang.T("🌐 Open in browser"), limits.ButtonLabel), Style: Secondary}
	if len(rows) > 0 && rows[0][0].Kind == Button && len(rows[0]) < limits.ButtonsPerRow {
		rows[0] = append(rows[0], b)
		return rows
	}
	if len(rows) < limits.Rows {
		rows = append(rows, Row{b})
	}
	return rows
}
