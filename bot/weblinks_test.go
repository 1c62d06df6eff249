package bot

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"parlor/storage/storagetest"
)

// webEnvs runs test on a table with the web page's links on, over SQLite
// and PostgreSQL.
func webEnvs(t *testing.T, test func(t *testing.T, e *tableEnv)) {
	run := func(t *testing.T, source string) {
		e := newEnvOn(t, source, func(int) int { return 0 }, KingsmenKit())
		e.table.web = WebLinks{Base: "https://parlor.test/", Secret: []byte("the links' key")}
		test(t, e)
	}
	t.Run("sqlite", func(t *testing.T) { run(t, filepath.Join(t.TempDir(), "parlor.db")) })
	t.Run("postgres", func(t *testing.T) { run(t, storagetest.Postgres(t)) })
}

// linkToken is the token of the link in a /<game> web answer.
func linkToken(t *testing.T, resp Response) string {
	t.Helper()
	text := privateOnly(t, resp)
	_, rest, ok := strings.Cut(text, "https://parlor.test/web/open#")
	if !ok {
		t.Fatalf("no link in %q", text)
	}
	tok, _, _ := strings.Cut(rest, "\n")
	return tok
}

// A player and a member who does not play each get a link that opens the
// game for them, in their language; an altered token, one signed with
// another key, an expired one and one that names the game in another
// server open nothing; a revocation closes every link given before it
// (also an opened one, checked again), and the next link opens.
func TestWebLinks(t *testing.T) {
	webEnvs(t, func(t *testing.T, e *tableEnv) {
		id, _ := e.challenge(alice, bob)
		web := func(u User, opts ...string) Request {
			req := e.cmd(u, "web", append([]string{"game", fmt.Sprint(id)}, opts...)...)
			req.Locale = "es-ES"
			return req
		}
		resp := e.do(web(alice))
		if text := privateOnly(t, resp); !strings.Contains(text, "no lo compartas") && !strings.Contains(text, "don't share it") {
			t.Errorf("a player's link: %q", text)
		}
		tok := linkToken(t, resp)
		p, err := e.table.OpenWebLink(e.ctx, tok)
		if err != nil {
			t.Fatalf("open alice's link: %v", err)
		}
		want := WebPass{UserID: alice.ID, GuildID: tableGuild, GameID: id, Locale: "es-ES", Expires: testNow.Add(DefaultWebLifetime).Truncate(time.Second), Generation: 0}
		if !p.Expires.Equal(want.Expires) || p.UserID != want.UserID || p.GuildID != want.GuildID || p.ChannelID != "" || p.GameID != id || p.Locale != want.Locale {
			t.Errorf("alice's pass: got %+v, want %+v", p, want)
		}
		watch := linkToken(t, e.do(web(stranger)))
		if p, err := e.table.OpenWebLink(e.ctx, watch); err != nil || p.UserID != stranger.ID {
			t.Errorf("a watcher's link: got %+v, %v", p, err)
		}

		body, sig, _ := strings.Cut(tok, ".")
		flip := func(s string) string {
			b := []byte(s)
			b[len(b)/2] ^= 1
			return string(b)
		}
		other := e.table.web
		other.Secret = []byte("another key")
		elsewhere := want
		elsewhere.GuildID = guildB
		for _, c := range []struct {
			name, tok string
			want      error
		}{
			{"an altered body", flip(body) + "." + sig, ErrWebLinkBad},
			{"an altered signature", body + "." + flip(sig), ErrWebLinkBad},
			{"no signature", body, ErrWebLinkBad},
			{"another key", other.token(want), ErrWebLinkBad},
			{"the game in another server", e.table.WebToken(elsewhere), ErrWebLinkBad},
			{"a game that does not exist", e.table.WebToken(WebPass{UserID: alice.ID, GuildID: tableGuild, GameID: id + 99, Expires: testNow.Add(time.Hour)}), ErrWebLinkBad},
			{"expired", e.table.WebToken(WebPass{UserID: alice.ID, GuildID: tableGuild, GameID: id, Expires: testNow}), ErrWebLinkExpired},
			{"nothing", "", ErrWebLinkBad},
		} {
			if _, err := e.table.OpenWebLink(e.ctx, c.tok); !errors.Is(err, c.want) {
				t.Errorf("%s: got %v, want %v", c.name, err, c.want)
			}
		}

		resp = e.do(web(alice, "links", "revoke"))
		if text := privateOnly(t, resp); strings.Contains(text, "https://") {
			t.Errorf("a revocation gives a link: %q", text)
		}
		if _, err := e.table.OpenWebLink(e.ctx, tok); !errors.Is(err, ErrWebLinkRevoked) {
			t.Errorf("alice's link after she revoked: got %v, want %v", err, ErrWebLinkRevoked)
		}
		if err := e.table.CheckWebPass(e.ctx, p); !errors.Is(err, ErrWebLinkRevoked) {
			t.Errorf("alice's opened pass after she revoked: got %v, want %v", err, ErrWebLinkRevoked)
		}
		if _, err := e.table.OpenWebLink(e.ctx, watch); err != nil {
			t.Errorf("the stranger's link after alice revoked hers: %v", err)
		}
		if _, err := e.table.OpenWebLink(e.ctx, linkToken(t, e.do(web(alice)))); err != nil {
			t.Errorf("alice's new link: %v", err)
		}
	})
}

// Without a public address, /<game> web says the page is not served.
func TestWebLinksOff(t *testing.T) {
	e := newEnv(t)
	id, _ := e.challenge(alice, bob)
	text := privateOnly(t, e.do(e.cmd(alice, "web", "game", fmt.Sprint(id))))
	if !strings.Contains(text, "PARLOR_PUBLIC_URL") {
		t.Errorf("got %q, want it to say the page is not served", text)
	}
}

// With the page served, a board in play has Open in browser, which gives
// whoever clicks it (a player or not) their own link, privately; without
// it, boards have no such button.
func TestOpenInBrowserButton(t *testing.T) {
	find := func(m *Message) (Component, bool) {
		for _, row := range m.Components {
			for _, c := range row {
				if strings.HasSuffix(c.ID, "/web") {
					return c, true
				}
			}
		}
		return Component{}, false
	}
	e := newEnv(t)
	_, board := e.challenge(alice, bob)
	if _, ok := find(board); ok {
		t.Errorf("a board has Open in browser without the page served")
	}
	e = newEnv(t)
	e.table.web = WebLinks{Base: "https://parlor.test/", Secret: []byte("the links' key")}
	id, board := e.challenge(alice, bob)
	b, ok := find(board)
	if !ok || !strings.Contains(b.Label, "Open in browser") {
		t.Fatalf("the board has no Open in browser: %+v", board.Components)
	}
	for _, u := range []User{bob, stranger} {
		resp := e.do(e.click(u, b.ID))
		if resp.Public != nil || resp.Update != nil {
			t.Errorf("%s's click answers more than privately: %s", u.Name, showResp(resp))
		}
		p, err := e.table.OpenWebLink(e.ctx, linkToken(t, resp))
		if err != nil || p.UserID != u.ID || p.GameID != id {
			t.Errorf("%s's link: %+v, %v", u.Name, p, err)
		}
	}
}
