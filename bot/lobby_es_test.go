package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// A player whose Discord speaks Spanish, in a server that speaks Spanish,
// is answered in Spanish by the lobby (opening a game, joining, leaving
// one), the history, a pause and the ratings; a Spanish player in an
// English server has their own refusals in Spanish while the game's public
// messages stay English.
func TestSpanishPlayerAnswers(t *testing.T) {
	e := newEnv(t)
	es := func(req Request) Request { return locales(req, "es-ES", "es-ES") }

	// Opening a game, Bob's joining it, and Alice's cancelling another.
	open := e.do(es(e.cmd(alice, "new")))
	if open.Public == nil || open.Public.Live == nil {
		t.Fatalf("a new game: %s", showResp(open))
	}
	id := open.Public.Live.GameID
	if want := fmt.Sprintf("**Alice** abrió una partida de All the King's Men (partida #%d).", id); !strings.HasPrefix(open.Public.Content, want) {
		t.Errorf("the invitation says %q, want %q", open.Public.Content, want)
	}
	noEnglishSaid(t, "the invitation", open.Public.Content)
	if button(open.Public, "Unirse") == "" || button(open.Public, "Cancelar") == "" {
		t.Errorf("the invitation's buttons: %s", showResp(open))
	}
	got := e.refuse(es(e.click(alice, customID(id, 0, "join"))), "Tú abriste esta partida")
	noEnglishSaid(t, "joining one's own game", got)
	joined := e.do(es(e.click(bob, customID(id, 0, "join"))))
	if joined.Update == nil || joined.Public == nil {
		t.Fatalf("Bob joins: %s", showResp(joined))
	}
	if want := fmt.Sprintf("Partida #%d de All the King's Men: **Bob** se unió.", id); joined.Update.Content != want {
		t.Errorf("Bob's joining says %q, want %q", joined.Update.Content, want)
	}
	if !strings.Contains(joined.Public.Content, fmt.Sprintf("Empieza la partida #%d. Por sorteo, **", id)) {
		t.Errorf("the first board says %q", joined.Public.Content)
	}
	got = e.refuse(es(e.click(carol, customID(id, 0, "join"))), fmt.Sprintf("La partida #%d ya no admite", id))
	noEnglishSaid(t, "joining a game begun", got)
	other := e.do(es(e.cmd(alice, "new")))
	cancelled := e.do(es(e.click(alice, customID(other.Public.Live.GameID, 0, "cancel"))))
	if cancelled.Update == nil || cancelled.Update.Content != fmt.Sprintf("**Alice** canceló la partida #%d de All the King's Men.", other.Public.Live.GameID) {
		t.Errorf("cancelling: %s", showResp(cancelled))
	}

	// The history, before and after a move.
	hist := func() string {
		t.Helper()
		resp := e.do(es(e.cmd(carol, "history", "game", fmt.Sprint(id))))
		if resp.Private == nil {
			t.Fatalf("history: %s", showResp(resp))
		}
		return resp.Private.Content
	}
	if got := hist(); got != fmt.Sprintf("**Partida #%d · All the King's Men** · jugadas: ninguna todavía.", id) {
		t.Errorf("an empty history: %q", got)
	}
	e.playFirst(id, 1)
	got = hist()
	if !strings.Contains(got, "jugadas 1–1 de 1 (página 1 de 1)") {
		t.Errorf("the history: %q", got)
	}
	noEnglishSaid(t, "the history", got)

	// A pause asked for, refused twice, agreed.
	asked := e.do(es(e.cmd(alice, "pause", "game", fmt.Sprint(id))))
	if asked.Public == nil || !strings.Contains(asked.Public.Content, "**Alice** pide pausar la partida") || !strings.Contains(asked.Public.Content, "Se pausará cuando Bob diga también /kingsmen pausar.") {
		t.Fatalf("asking to pause: %s", showResp(asked))
	}
	noEnglishSaid(t, "asking to pause", asked.Public.Content)
	noEnglishSaid(t, "asking twice", e.refuse(es(e.cmd(alice, "pause", "game", fmt.Sprint(id))), "Ya has pedido pausar"))
	paused := e.do(es(e.cmd(bob, "pause", "game", fmt.Sprint(id))))
	if paused.Public == nil || !strings.HasPrefix(paused.Public.Content, fmt.Sprintf("La partida #%d de All the King's Men está en pausa por acuerdo", id)) {
		t.Errorf("pausing: %s", showResp(paused))
	}
	noEnglishSaid(t, "paused", paused.Public.Content)
	noEnglishSaid(t, "moving while paused", e.refuse(es(e.cmd(e.mover(id), "move", "move", "x", "game", fmt.Sprint(id))), "está en pausa"))

	// The ratings.
	board := e.cmd(alice, "", "game", "kingsmen")
	board.Command = "leaderboard"
	if r := e.do(es(board)); r.Private == nil || !strings.Contains(r.Private.Content, "Aún no hay partidas terminadas aquí.") {
		t.Errorf("an empty leaderboard: %s", showResp(r))
	} else {
		noEnglishSaid(t, "the leaderboard", r.Private.Content)
	}
	profile := e.cmd(alice, "")
	profile.Command = "profile"
	if r := e.do(es(profile)); r.Private == nil || !strings.Contains(r.Private.Content, "sin puntuación todavía; 1 en juego") {
		t.Errorf("a profile: %s", showResp(r))
	} else {
		noEnglishSaid(t, "the profile", r.Private.Content)
	}

	// In an English server, a Spanish player's refusal is Spanish and the
	// game's public words English.
	en := func(req Request) Request { return locales(req, "en-US", "es-ES") }
	lobby := e.do(en(e.cmd(carol, "new")))
	if lobby.Public == nil || !strings.HasPrefix(lobby.Public.Content, "**Carol** opened a game of") {
		t.Fatalf("an English server's invitation: %s", showResp(lobby))
	}
	noEnglishSaid(t, "an English game's refusal", e.refuse(en(e.click(carol, customID(lobby.Public.Live.GameID, 0, "join"))), "Tú abriste esta partida"))
}

// /parlor settings language: a manager chooses the server's language;
// the answer, and the server's new games, speak it; others may not
// choose; "auto" follows Discord's server language again.
func TestSettingsLanguage(t *testing.T) {
	e := newEnvWith(t, func(int) int { return 0 }, KingsmenKit(), KimboKit())
	settings := func(u User, opts ...string) Request {
		return locales(e.parlorCmd(u, "settings", opts...), "en-US", "en-US")
	}
	newKimbo := func() *Message {
		t.Helper()
		resp := e.do(locales(e.kcmd(bob, "new"), "en-US", "en-US"))
		if resp.Public == nil {
			t.Fatalf("/kimbo new: %s", showResp(resp))
		}
		return resp.Public
	}
	before := newKimbo()
	if !strings.HasPrefix(before.Content, "**Bob** opened a game of Kimbo") {
		t.Fatalf("an English server's invitation: %q", before.Content)
	}
	if got := privateOnly(t, e.do(settings(alice))); !strings.Contains(got, "games speak English, Discord's language for this server") {
		t.Errorf("the settings: %q", got)
	}
	e.refuse(settings(alice, "language", "es"), "Only members who can manage this server can change its settings.")

	admin := alice
	admin.CanManage = true
	got := privateOnly(t, e.do(settings(admin, "language", "es")))
	if !strings.HasPrefix(got, "Guardado. Los ajustes de este servidor") || !strings.Contains(got, "las partidas hablan español, elegido para este servidor") {
		t.Errorf("choosing Spanish: %q", got)
	}
	noEnglishSaid(t, "choosing Spanish", got)
	if s, _ := e.db.GuildSettings(e.ctx, tableGuild); s.Language != "es" {
		t.Errorf("stored language %q", s.Language)
	}
	// The game made before speaks Spanish now, and so do new ones.
	if g := e.game(before.Live.GameID); LangOf(g.Lang).Code() != "es" {
		t.Errorf("the earlier game speaks %q", g.Lang)
	}
	inv := newKimbo()
	if want := fmt.Sprintf("**Bob** abrió una partida de Kimbo (partida #%d). Cualquiera puede ocupar el otro asiento.", inv.Live.GameID); !strings.HasPrefix(inv.Content, want) {
		t.Errorf("the invitation after choosing Spanish: %q, want %q", inv.Content, want)
	}
	noEnglishSaid(t, "the Spanish invitation", inv.Content)
	if button(inv, "Unirse") == "" {
		t.Errorf("the Spanish invitation's buttons: %s", showResp(Response{Public: inv}))
	}

	got = privateOnly(t, e.do(settings(admin, "language", "auto")))
	if !strings.HasPrefix(got, "Saved. This server's defaults") || !strings.Contains(got, "games speak English, Discord's language for this server") {
		t.Errorf("following Discord again: %q", got)
	}
	if s, _ := e.db.GuildSettings(e.ctx, tableGuild); s.Language != "" {
		t.Errorf("stored language %q after auto", s.Language)
	}
	if g := e.game(inv.Live.GameID); LangOf(g.Lang).Code() != "en" {
		t.Errorf("the Spanish game speaks %q after auto", g.Lang)
	}
	if after := newKimbo(); !strings.HasPrefix(after.Content, "**Bob** opened a game of Kimbo") {
		t.Errorf("the invitation after auto: %q", after.Content)
	}
}

// What time brings to a game of a Spanish server is said in Spanish: a
// lobby's lapse, a reminder with the time left before the deadline, and
// the daily digest.
func TestSpanishSweeps(t *testing.T) {
	e := newEnv(t)
	clock := e.withClock()
	es := func(req Request) Request { return locales(req, "es-ES", "es-ES") }
	lobby := e.do(es(e.cmd(carol, "new")))
	if lobby.Public == nil || lobby.Public.Live == nil {
		t.Fatalf("a new game: %s", showResp(lobby))
	}
	id := e.do(es(e.cmd(alice, "new", "opponent", bob.ID, "deadline", "3"))).Public.Live.GameID
	e.do(es(e.click(bob, customID(id, 0, "accept"))))
	clock.advance(24*time.Hour + time.Minute)
	n := e.sweep(e.table)
	if len(n) != 1 || !strings.Contains(n[0].Message.Content, fmt.Sprintf("la partida #%d de All the King's Men lleva 1 día esperando tu jugada", id)) ||
		!strings.Contains(n[0].Message.Content, "En 47 horas pierdes la partida.") {
		t.Fatalf("the reminder: %q", n[0].Message.Content)
	}
	noEnglishSaid(t, "the reminder", n[0].Message.Content)
	clock.advance(48 * time.Hour)
	var lapse string
	for _, n := range e.sweep(e.table) {
		if n.GameID == lobby.Public.Live.GameID {
			lapse = n.Message.Content
		}
	}
	if !strings.Contains(lapse, "caducó: sus invitaciones y asientos libres expiraron tras 3 días") {
		t.Errorf("the lapse: %q", lapse)
	}
	noEnglishSaid(t, "the lapse", lapse)

	// The digest speaks the language its player asked for it in; if that
	// is unknown, its games'.
	for _, c := range []struct {
		name             string
		game, asks, want string // locales: the server's, the player's asking ("": not asked); the digest's start
	}{
		{"a Spanish game's, asked for by no command", "es-ES", "", "⏰ Tu resumen diario: 1 partida espera tu jugada."},
		{"an English game's, asked for in Spanish", "en-US", "es-419", "⏰ Tu resumen diario: 1 partida espera tu jugada."},
		{"a Spanish game's, asked for in English", "es-ES", "en-GB", "⏰ Your daily digest: 1 game is waiting for your move."},
	} {
		e := newEnv(t)
		clock := e.withClock()
		id := e.do(locales(e.cmd(alice, "new", "opponent", bob.ID), c.game, "es-ES")).Public.Live.GameID
		e.do(locales(e.click(bob, customID(id, 0, "accept")), c.game, "es-ES"))
		mover := e.mover(id)
		if c.asks == "" {
			if err := e.db.SetDigest(e.ctx, mover.ID, true, ""); err != nil {
				t.Fatal(err)
			}
		} else {
			ask := e.parlorCmd(mover, "reminders", "on", "digest")
			ask.Locale = c.asks
			if r := e.do(ask); r.Private == nil {
				t.Fatalf("%s: asking for the digest: %s", c.name, showResp(r))
			}
		}
		clock.advance(25 * time.Hour)
		var digest string
		for _, n := range e.sweep(e.table) {
			if n.UserID == mover.ID {
				digest = n.Message.Content
			}
		}
		if !strings.HasPrefix(digest, c.want) {
			t.Errorf("%s: %q, want it to begin %q", c.name, digest, c.want)
		}
		if strings.HasPrefix(c.want, "⏰ Tu") {
			noEnglishSaid(t, c.name, digest)
		}
	}
}

// A computer player is named in its game's language, which is the
// server's: Discord's, or the one a manager chose over it.
func TestComputerNamedInTheGamesLanguage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	e := newEnvWith(t, func(n int) int { return rng.IntN(n) }, withComputer(KimboKit(), nil))
	games := int64(0)
	seated := func(req Request) string {
		t.Helper()
		req.Command = "kimbo"
		resp := e.do(req)
		games++
		for _, s := range e.game(games).Seats {
			if s.Computer != "" {
				return s.Name
			}
		}
		t.Fatalf("no computer seated in game %d: %s", games, showResp(resp))
		return ""
	}
	if got := seated(locales(e.cmd(alice, "new", "bots", "1", "level", "easy"), "es-ES", "es-ES")); got != "Parlor (fácil)" {
		t.Errorf("in a Spanish server: %q, want Parlor (fácil)", got)
	}
	// A Spanish player in an English server: the game is English.
	if got := seated(locales(e.cmd(bob, "new", "bots", "1"), "en-US", "es-ES")); got != "Parlor (strong)" {
		t.Errorf("in an English server: %q, want Parlor (strong)", got)
	}
	spanishGuild(e)
	req := e.cmd(carol, "new", "bots", "1")
	req.GuildLocale = "en-US"
	if got := seated(req); got != "Parlor (fuerte)" {
		t.Errorf("in an English server that chose Spanish: %q, want Parlor (fuerte)", got)
	}
}
