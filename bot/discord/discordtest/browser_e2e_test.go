package discordtest_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"parlor/bot"
	"parlor/bot/discord/discordtest"
	"parlor/bot/web"
	"parlor/storage"
)

// The web page in a real browser: headless Chromium (Debian's chromium
// package, which .ci/run installs), driven over the DevTools protocol by
// chromedp. Without Chromium these tests skip, saying so, but under
// CI=true they fail: CI has it. PARLOR_WEB_SHOTS, if set, is a folder the
// tests write each game's page into, at 400 and 1280 pixels wide, for a
// person to look at.

// chromium is the Chromium to drive, or the test ends.
func chromium(t *testing.T) string {
	t.Helper()
	if raceDetector {
		t.Skip("the browser tests run without the race detector: Chromium is not Go, and the pages' boards are drawn once in fifty under it")
	}
	for _, name := range []string{os.Getenv("PARLOR_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("Chromium is not installed, and CI must run the browser tests: apt-get install chromium (see .ci/run)")
	}
	t.Skip("Chromium is not installed (apt-get install chromium, or set PARLOR_CHROMIUM): the browser tests skip")
	return ""
}

// browser starts a fresh headless Chromium (its own profile, nothing of
// the network beyond this machine) and returns a tab's context.
func browser(t *testing.T, exe string) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	// The first action starts the browser, for as long as ctx lives; the
	// later ones are bounded.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	ctx, cancel3 := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancel3)
	return ctx
}

// webPage serves the web page: its links at the address of ln, which the
// test serves (servePage) once the bot runs.
func webPage(ln net.Listener) setting {
	return func(h *harness) {
		h.web = bot.WebLinks{Base: "http://" + ln.Addr().String(), Secret: []byte("the browser tests' key")}
	}
}

// servePage serves the harness's process's web page on ln, its moves
// delivered to Discord by the process's door, as cmd/parlor wires it.
func servePage(t *testing.T, h *harness, ln net.Listener) {
	srv := &web.Server{Table: h.proc.table, Key: h.web.Secret, Deliver: h.proc.d.Deliver}
	ts := httptest.NewUnstartedServer(srv)
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(func() {
		srv.Close()
		ts.Close()
	})
}

// newGame has a invite b to a game of kind and b accept; it returns the
// game's id.
func newGame(t *testing.T, h *harness, kind string, a, b discordtest.User, ch discordtest.Channel) int64 {
	t.Helper()
	// The one to invite to a game of two: the opponent, or in the games
	// of more, the second player.
	opt := "opponent"
	for _, c := range h.proc.table.Commands() {
		if s, ok := c.Sub("new"); ok && c.Name == kind {
			if _, ok := optionOf(s, "opponent"); !ok {
				opt = "player2"
			}
		}
	}
	ix := h.f.Command(a, ch, kind, "new", discordtest.Opt{Name: opt, Value: b.ID})
	lobby := ix.Await(t, "the invitation", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
	accept, ok := lobby.Button("Accept")
	if !ok {
		t.Fatalf("the invitation %q has no Accept button", lobby.Content)
	}
	id := gameID(t, lobby)
	h.f.Click(b, lobby, accept.CustomID)
	// The first board goes to the game's thread, as the answer or as a
	// post there, whichever comes first: the game is begun once stored.
	h.f.Await(t, "the game begun, in its thread", func() bool {
		g, err := h.proc.db.Game(context.Background(), id)
		return err == nil && g.Status == storage.StatusActive && g.ThreadID != ""
	})
	return id
}

// optionOf is the option called name of a subcommand.
func optionOf(s bot.SubSpec, name string) (bot.OptionSpec, bool) {
	for _, o := range s.Options {
		if o.Name == name {
			return o, true
		}
	}
	return bot.OptionSpec{}, false
}

// link is u's personal link to game, as /<kind> web answers it in Discord.
func link(t *testing.T, h *harness, u discordtest.User, ch discordtest.Channel, kind string, game int64) string {
	t.Helper()
	m := h.private(h.f.Command(u, ch, kind, "web", discordtest.Opt{Name: "game", Value: strconv.FormatInt(game, 10)}))
	i := strings.Index(m.Content, "http://")
	if i < 0 {
		t.Fatalf("no link in %q", m.Content)
	}
	url, _, _ := strings.Cut(m.Content[i:], "\n")
	return url
}

// moverOf is the player to move in the game, of a and b.
func moverOf(t *testing.T, h *harness, game int64, a, b discordtest.User) (discordtest.User, discordtest.User) {
	t.Helper()
	g, _ := h.game(game)
	kit := kitOf(t, g.Kind)
	st, err := kit.Game.Parse(g.Position)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range g.Seats {
		if s.Seat == int(st.ToMove()) {
			if s.UserID == b.ID {
				return b, a
			}
			return a, b
		}
	}
	t.Fatalf("game %d: nobody to move", game)
	return a, b
}

func kitOf(t *testing.T, kind string) bot.Kit {
	for _, k := range bot.Kits() {
		if k.Game.Name() == kind {
			return k
		}
	}
	t.Fatalf("no kit %s", kind)
	return bot.Kit{}
}

// pageVersion is the game's version the page shows.
func pageVersion(ctx context.Context) (int64, error) {
	v, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS("main#game"), "data-version"))
	n, _ := strconv.ParseInt(v.Value, 10, 64)
	return n, err
}

// waitVersion waits until the page shows the game at version or later.
func waitVersion(t *testing.T, ctx context.Context, who string, version int64) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		v, err := pageVersion(ctx)
		if err == nil && v >= version {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s's page shows version %d (%v), not %d", who, v, err, version)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// screenshot writes the page at width to PARLOR_WEB_SHOTS, if set.
func screenshot(t *testing.T, ctx context.Context, name string, width int64) {
	t.Helper()
	dir := os.Getenv("PARLOR_WEB_SHOTS")
	if dir == "" {
		return
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900), chromedp.Sleep(200*time.Millisecond)); err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// FullScreenshot gives a PNG at quality 100.
	path := filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, width))
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

// In each game, the player to move opens their personal link from
// Discord in a browser, the token leaves the address bar, and they play
// from the page: the first button (a roll, or a move) and, while still
// to move, the next; each is stored, the game's thread in Discord gets its
// board, and the other player's page, open meanwhile in a second browser,
// shows each move within a second. A watcher's page has no way to move.
func TestWebPageInBrowser(t *testing.T) {
	exe := chromium(t)
	for _, kind := range []string{"kingsmen", "kimbo", "kippykoo", "rumba"} {
		t.Run(kind, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			h := newHarness(t, threads, webPage(ln))
			servePage(t, h, ln)
			alice, bob, watcher := h.f.NewUser("Alice"), h.f.NewUser("Bob"), h.f.NewUser("Walter")
			ch := h.f.Channel()
			id := newGame(t, h, kind, alice, bob, ch)
			mover, other := moverOf(t, h, id, alice, bob)
			g, _ := h.game(id)
			if g.ThreadID == "" {
				t.Fatalf("game %d has no thread", id)
			}

			// The other player watches the game in a browser of their own.
			otherCtx := browser(t, exe)
			if err := chromedp.Do(otherCtx, chromedp.Navigate(link(t, h, other, ch, kind, id)), chromedp.WaitVisible(chromedp.CSS("main#game"))); err != nil {
				t.Fatalf("the other player's page: %v", err)
			}

			ctx := browser(t, exe)
			if err := chromedp.Do(ctx, chromedp.Navigate(link(t, h, mover, ch, kind, id)), chromedp.WaitVisible(chromedp.CSS("form.moves button"))); err != nil {
				t.Fatalf("the mover's page: %v", err)
			}
			where, err := chromedp.Run(ctx, chromedp.Location())
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(where, "#") || !strings.HasSuffix(where, fmt.Sprintf("/web/g/%d/", id)) {
				t.Errorf("the address after opening the link: %s", where)
			}
			screenshot(t, ctx, kind+"-start", 1280)

			for turn := 0; turn < 2; turn++ {
				seen := len(h.f.ChannelMessages(g.ThreadID))
				before, _ := h.game(id)
				// The board's own buttons (a roll) first, else the first
				// legal move.
				sel := ".buttons button"
				n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".buttons button").length`))
				if err != nil {
					t.Fatal(err)
				}
				if n == 0 {
					sel = ".list button"
				}
				attr, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(sel), "value"))
				if err != nil || !attr.Exists {
					t.Fatalf("no move button (%s): %v", sel, err)
				}
				text := attr.Value
				// By the keyboard: the button focused, then Enter.
				if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(sel)), chromedp.KeyEvent("\r")); err != nil {
					t.Fatalf("play %s: %v", text, err)
				}
				// Stored: the log has the move, by the mover's seat.
				var after int64
				h.f.Await(t, "the page's move "+text+" stored", func() bool {
					g, log := h.game(id)
					after = g.Version
					for _, e := range log[len(log)-min(len(log), 3):] {
						if e.Text == text && g.Version > before.Version {
							return true
						}
					}
					return false
				})
				// Posted in the game's thread in Discord.
				h.f.AwaitChannel(t, g.ThreadID, seen, "the move's board in the thread", func(ms []discordtest.Message) bool {
					for _, m := range ms {
						if isBoard(m) && strings.Contains(m.Content, fmt.Sprintf("Game #%d", id)) {
							return true
						}
					}
					return false
				})
				waitVersion(t, ctx, "the mover", after)
				waitVersion(t, otherCtx, "the other player", after)
				still, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("form.moves button").length`))
				if err != nil {
					t.Fatal(err)
				}
				if still == 0 {
					break
				}
			}
			screenshot(t, ctx, kind, 400)
			screenshot(t, ctx, kind, 1280)

			// A watcher's page shows the game and no way to move.
			wctx := browser(t, exe)
			if err := chromedp.Do(wctx, chromedp.Navigate(link(t, h, watcher, ch, kind, id)), chromedp.WaitVisible(chromedp.CSS("main#game"))); err != nil {
				t.Fatalf("the watcher's page: %v", err)
			}
			forms, err := chromedp.Run(wctx, chromedp.Evaluate[int](`document.querySelectorAll("form, button").length`))
			if err != nil {
				t.Fatal(err)
			}
			said, err := chromedp.Run(wctx, chromedp.Text(chromedp.CSS(".side")))
			if err != nil {
				t.Fatal(err)
			}
			if forms != 0 || !strings.Contains(said, "You are watching this game.") {
				t.Errorf("the watcher's page has %d forms and buttons, and says %q", forms, said)
			}
		})
	}
}

// An altered token and an expired one open a plain page that says so,
// with nothing of the game, and set no cookie.
func TestWebLinksThatOpenNothingInBrowser(t *testing.T) {
	exe := chromium(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, threads, webPage(ln))
	servePage(t, h, ln)
	alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
	ch := h.f.Channel()
	id := newGame(t, h, "kingsmen", alice, bob, ch)
	good := link(t, h, alice, ch, "kingsmen", id)
	base, tok, _ := strings.Cut(good, "#")
	altered := []byte(tok)
	altered[5] ^= 1
	expired := h.proc.table.WebToken(bot.WebPass{UserID: alice.ID, GuildID: h.f.GuildID(), GameID: id, Expires: time.Now().Add(-time.Hour)})
	for _, c := range []struct{ name, url, want string }{
		{"altered", base + "#" + string(altered), "does not open anything"},
		{"expired", base + "#" + expired, "has expired"},
	} {
		ctx := browser(t, exe)
		if err := chromedp.Do(ctx, chromedp.Navigate(c.url), chromedp.WaitVisible(chromedp.CSS("main#gone"))); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("body")))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, c.want) || strings.Contains(text, "Alice") || strings.Contains(text, "Bob") || strings.Contains(text, "#"+strconv.FormatInt(id, 10)) {
			t.Errorf("%s: the page says %q", c.name, text)
		}
		if cookies, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.cookie`)); err != nil || cookies != "" {
			t.Errorf("%s: cookies %q, %v", c.name, cookies, err)
		}
		resp, err := http.Get(strings.Replace(base, "/web/open", fmt.Sprintf("/web/g/%d/", id), 1))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("the game's page without a session: %d", resp.StatusCode)
		}
	}
}
