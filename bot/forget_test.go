package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"parlor/bot/limits"
	"parlor/storage"
	"parlor/storage/storagetest"
)

// parlorIn is "/parlor sub" by u in the test channel of guild.
func (e *tableEnv) parlorIn(u User, guild, sub string, opts ...string) Request {
	req := e.parlorCmd(u, sub, opts...)
	req.GuildID = guild
	return req
}

// traces are the values of every table that hold one of needles.
func (e *tableEnv) traces(needles ...string) []string {
	e.t.Helper()
	found, err := storagetest.Traces(e.ctx, e.db.SQL(), e.db.Postgres(), needles...)
	if err != nil {
		e.t.Fatal(err)
	}
	return found
}

// checked runs Table.Check and fails on any game that does not replay.
func (e *tableEnv) checked() {
	e.t.Helper()
	n, problems, err := e.table.Check(e.ctx)
	if err != nil || len(problems) > 0 {
		e.t.Fatalf("check of %d games: %v %+v", n, err, problems)
	}
}

// /parlor privacy answers privately, in the member's language, in an
// embed within Discord's limits, with the operator's retention.
func TestPrivacy(t *testing.T) {
	e := newEnv(t)
	resp := e.do(e.parlorIn(alice, tableGuild, "privacy"))
	if resp.Private == nil || resp.Public != nil || resp.Private.Embed == nil {
		t.Fatalf("privacy: got %s, want a private embed", showResp(resp))
	}
	em := resp.Private.Embed
	for _, want := range []string{"Your Discord user id", "deleted 30 days later", "/parlor forget", "a former player 3"} {
		if !strings.Contains(em.Description, want) {
			t.Errorf("privacy says %q, want it to say %q", em.Description, want)
		}
	}
	if em.Title != "What Parlor keeps about you" || len([]rune(em.Description)) > limits.EmbedDescription {
		t.Errorf("privacy: title %q, %d characters", em.Title, len([]rune(em.Description)))
	}
	req := e.parlorIn(alice, tableGuild, "privacy")
	req.Locale = "es-ES"
	if es := e.do(req); es.Private == nil || es.Private.Embed == nil || es.Private.Embed.Title != "Lo que Parlor guarda sobre ti" ||
		!strings.Contains(es.Private.Embed.Description, "/parlor olvidar") {
		t.Errorf("privacy in Spanish: %+v", es.Private)
	}
	e.table.retain = 7 * 24 * time.Hour
	if resp := e.do(e.parlorIn(alice, tableGuild, "privacy")); !strings.Contains(resp.Private.Embed.Description, "deleted 7 days later") {
		t.Errorf("privacy with a retention of 7 days: %q", resp.Private.Embed.Description)
	}
}

// /parlor forget asks first, privately; a stranger's or a stale click, and
// Keep my data, change nothing; Forget me resigns the member's game in
// play (the opponent wins), cancels their open lobby, declines a
// challenge to them and opens their seat in a larger lobby, in every
// server, and then no table holds their id or any name they had. The
// game they played still replays (parlor check), its history names the
// pseudonym, and the leaderboard no longer lists them, on both engines.
func TestForgetConfirmed(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		e := newEnvOn(t, source, func(int) int { return 0 }, Kits()...)
		zed := User{ID: "770012345678901234", Name: "Zedd Quorra"}
		named := func(req Request) Request {
			for _, v := range req.Options {
				if v == zed.ID {
					req.Users[zed.ID] = zed
				}
			}
			return req
		}
		// A finished game, rated, and a game in play, with Bob.
		req := named(e.cmd(zed, "new", "opponent", bob.ID))
		over := gameOf(t, e.do(req).Public)
		e.do(e.click(bob, customID(over, 0, "accept")))
		e.resigned(e.cmd(bob, "resign", "game", fmt.Sprint(over)))
		playing, _ := e.challenge(alice, bob)
		req = named(e.cmd(zed, "new", "opponent", alice.ID))
		inPlay := gameOf(t, e.do(req).Public)
		e.do(e.click(alice, customID(inPlay, 0, "accept")))
		e.play(playing, "Ac2-c3")
		// An open lobby of theirs; Carol's challenge to them; Carol's Kimbo
		// for three that they joined; a game in play in another server.
		open := gameOf(t, e.do(e.cmd(zed, "new")).Public)
		challenged := gameOf(t, e.do(named(e.cmd(carol, "new", "opponent", zed.ID))).Public)
		req = forGame(named(e.cmd(carol, "new", "opponent", zed.ID, "players", "3")), "kimbo")
		three := gameOf(t, e.do(req).Public)
		e.do(e.click(zed, customID(three, 0, "accept")))
		req = named(e.cmd(zed, "new", "opponent", carol.ID))
		req.GuildID = "guild-2"
		elsewhere := gameOf(t, e.do(req).Public)
		click := e.click(carol, customID(elsewhere, 0, "accept"))
		click.GuildID = "guild-2"
		e.do(click)
		e.do(e.parlorIn(zed, tableGuild, "me", "digest", "on", "confirm", "on"))
		e.do(e.parlorIn(zed, tableGuild, "away", "days", "2"))
		if found := e.traces(zed.ID, zed.Name); len(found) < 10 {
			t.Fatalf("before forget, the dump finds %q", found)
		}

		ask := e.do(e.parlorIn(zed, tableGuild, "forget"))
		if ask.Private == nil || ask.Public != nil || !strings.Contains(ask.Private.Content, "Your games in play are resigned for you (2), your games not yet begun are cancelled or your seats in them given up (3)") {
			t.Fatalf("forget: got %s, want a private question", showResp(ask))
		}
		yes, no := button(ask.Private, "Forget me"), button(ask.Private, "Keep my data")
		if yes == "" || no == "" {
			t.Fatalf("forget's buttons: %+v", ask.Private.Components)
		}
		e.refuse(e.click(bob, yes), "That button is someone else's")
		stale := forgetID(zed.ID, testNow.Add(-16*time.Minute), "yes")
		e.refuse(e.click(zed, stale), "That confirmation is too old")
		e.refuse(e.click(zed, "me/"+zed.ID+"/x/forget:yes"), "I don't recognise that button")
		before := e.snapshot()
		if keep := e.do(e.click(zed, no)); keep.Update == nil || !strings.Contains(keep.Update.Content, "Nothing was removed") {
			t.Errorf("Keep my data: %s", showResp(keep))
		}
		if after := e.snapshot(); fmt.Sprint(after.Games) != fmt.Sprint(before.Games) {
			t.Errorf("Keep my data changed the games")
		}
		lb := e.do(lb0(e, bob))
		if !strings.Contains(lb.Private.Content, "<@"+zed.ID+">") {
			t.Fatalf("leaderboard before forget: %q", lb.Private.Content)
		}

		done := e.do(e.click(zed, yes))
		if done.Update == nil || done.Public != nil || !done.Wake ||
			done.Update.Content != "Done: Parlor has forgotten you. Games resigned for you: 2; games not yet begun cancelled or left: 3. Your settings and away days are deleted. In every game you played, you are now a former player 1." {
			t.Fatalf("Forget me: got %s (wake %v)", showResp(done), done.Wake)
		}
		if found := e.traces(zed.ID, zed.Name); len(found) > 0 {
			t.Errorf("after forget, the dump still holds the member: %q", found)
		}
		e.checked()
		g := e.game(inPlay)
		log := e.log(inPlay)
		if g.Status != storage.StatusOver || g.Seats[0].Name != "a former player 1" || log[len(log)-1].Kind != storage.EntryResign || log[len(log)-1].Seat != 0 ||
			g.Owed.Version != g.Version || g.Owed.Lead != "A player left Parlor, so their seat resigned." {
			t.Errorf("their game in play: %+v, log %+v", g, log)
		}
		if st := e.game(elsewhere); st.Status != storage.StatusOver {
			t.Errorf("their game in another server is %s", st.Status)
		}
		for id, want := range map[int64]storage.Status{open: storage.StatusCancelled, challenged: storage.StatusDeclined, three: storage.StatusOpen, playing: storage.StatusActive} {
			if got := e.game(id).Status; got != want {
				t.Errorf("game %d is %s, want %s", id, got, want)
			}
		}
		if s := e.game(three).Seats[1]; s.UserID != "" || s.Joined {
			t.Errorf("their seat in Carol's Kimbo: %+v, want open", s)
		}
		// Alice's other game goes on, and Alice can join the seat freed.
		e.play(playing, "Ac7-c6")
		if resp := e.do(forGame(e.click(alice, customID(three, 0, "join")), "kimbo")); resp.Update == nil {
			t.Errorf("Alice joins the freed seat: %s", showResp(resp))
		}
		if h := e.do(e.cmd(bob, "history", "game", fmt.Sprint(over))); h.Private == nil || !strings.Contains(h.Private.Content+fmt.Sprint(h.Private.Embed), "a former player 1") {
			t.Errorf("history of their finished game: %s", showResp(h))
		}
		lb = e.do(lb0(e, bob))
		if strings.Contains(lb.Private.Content, "forgotten") || strings.Contains(lb.Private.Content, zed.ID) || !strings.Contains(lb.Private.Content, "<@"+bob.ID+">") {
			t.Errorf("leaderboard after forget: %q", lb.Private.Content)
		}
		// Asking again finds nothing to do, and numbers no pseudonym.
		ask = e.do(e.parlorIn(zed, tableGuild, "forget"))
		again := e.do(e.click(zed, button(ask.Private, "Forget me")))
		if again.Update == nil || strings.Contains(again.Update.Content, "former player") {
			t.Errorf("forget again: %s", showResp(again))
		}
	})
}

// lb0 is /leaderboard game:kingsmen by u.
func lb0(e *tableEnv, u User) Request {
	req := e.cmd(u, "", "game", "kingsmen")
	req.Command = "leaderboard"
	return req
}

// Forgetting a random member after random games (several members, two
// servers, moves, resignations, lobbies open, joined and declined) leaves
// every game replaying (parlor check) and no trace of the member in any
// table, and the games they were in that others still play go on.
func TestForgetProperty(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 8
	}
	storagetest.Engines(t, func(t *testing.T, source string) {
		n := seeds
		if strings.Contains(source, "postgres") {
			n = 6
		}
		for seed := range n {
			t.Run(fmt.Sprint(seed), func(t *testing.T) {
				src := source
				if seed > 0 && strings.Contains(source, "postgres") {
					src = storagetest.Postgres(t)
				} else if seed > 0 {
					src = storagetest.SQLite(t)
				}
				forgetRandom(t, src, uint64(seed))
			})
		}
	})
}

// forgetRandom plays random games on a fresh database, forgets a random
// member, and checks that nothing of them is left.
func forgetRandom(t *testing.T, source string, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 29))
	e := newEnvOn(t, source, func(n int) int { return rng.IntN(n) }, Kits()...)
	members := []User{{ID: "771000000000000001", Name: "Qorvex"}, {ID: "772000000000000002", Name: "Wimbrel"},
		{ID: "773000000000000003", Name: "Ostrava"}, {ID: "774000000000000004", Name: "Jacquard"}}
	// Each member has two names, and acts under either: Discord names
	// change.
	alias := map[string]string{members[0].ID: "Kestrine", members[1].ID: "Tamsquill", members[2].ID: "Brindlemoor", members[3].ID: "Pellucid"}
	do := func(req Request) Response {
		if a, ok := alias[req.User.ID]; ok && rng.IntN(3) == 0 {
			req.User.Name = a
		}
		for id, u := range req.Users {
			if a, ok := alias[id]; ok && rng.IntN(3) == 0 {
				u.Name = a
				req.Users[id] = u
			}
		}
		if req.Kind == CommandRequest && req.Sub == "move" && rng.IntN(4) == 0 {
			// The process dies before posting the move's board: its
			// lead stays owed.
			return e.table.Handle(e.ctx, req)
		}
		return e.do(req)
	}
	guilds := []string{"guild-1", "guild-2"}
	kinds := []string{"kingsmen", "kimbo", "kippykoo", "rumba"}
	guildOf := map[int64]string{}
	kindOf := map[int64]string{}
	at := func(req Request, id int64) Request {
		req.GuildID, req.Command = guildOf[id], kindOf[id]
		return req
	}
	other := func(not User) User {
		for {
			if u := members[rng.IntN(len(members))]; u.ID != not.ID {
				return u
			}
		}
	}
	userOf := func(id string) (User, bool) {
		for _, u := range members {
			if u.ID == id {
				return u, true
			}
		}
		return User{}, false
	}
	// play has the player to move in game id play a random legal move.
	play := func(id int64) bool {
		g := e.game(id)
		if g.Status != storage.StatusActive {
			return false
		}
		st, err := e.table.kits[g.Kind].Game.Parse(g.Position)
		if err != nil {
			t.Fatal(err)
		}
		seat := st.ToMove()
		legal := st.Legal()
		if seat < 0 || len(legal) == 0 {
			return false
		}
		u, ok := userOf(seatUser(g, int(seat)).UserID)
		if !ok {
			return false
		}
		m := legal[rng.IntN(len(legal))]
		resp := do(at(e.cmd(u, "move", "move", m.Text, "game", fmt.Sprint(id)), id))
		if resp.Public == nil {
			t.Fatalf("game %d: %s plays %s: %s", id, u.Name, m.Text, showResp(resp))
		}
		return true
	}
	var ids []int64
	for range 14 {
		switch r := rng.IntN(10); {
		case r < 4 || len(ids) == 0:
			kind := kinds[rng.IntN(len(kinds))]
			creator := members[rng.IntN(len(members))]
			req := forGame(e.cmd(creator, "new"), kind)
			req.GuildID = guilds[rng.IntN(len(guilds))]
			if rng.IntN(4) > 0 {
				o := other(creator)
				req.Options["opponent"], req.Users[o.ID] = o.ID, o
			}
			if kind != "kingsmen" && rng.IntN(2) == 0 {
				req.Options["players"] = fmt.Sprint(3 + rng.IntN(2))
			}
			resp := do(req)
			if resp.Public == nil {
				continue
			}
			id := gameOf(t, resp.Public)
			ids = append(ids, id)
			guildOf[id], kindOf[id] = req.GuildID, kind
			// The invited accept, mostly; open seats are joined, mostly.
			for _, s := range e.game(id).Seats {
				if u, ok := userOf(s.UserID); ok && !s.Joined && rng.IntN(5) > 0 {
					do(at(e.click(u, customID(id, 0, "accept")), id))
				}
			}
			for tries := 0; tries < 4 && e.game(id).Status == storage.StatusOpen; tries++ {
				if rng.IntN(4) > 0 {
					do(at(e.click(other(creator), customID(id, 0, "join")), id))
				}
			}
		case r < 8:
			id := ids[rng.IntN(len(ids))]
			for range 1 + rng.IntN(12) {
				if !play(id) {
					break
				}
			}
		case r < 9:
			id := ids[rng.IntN(len(ids))]
			g := e.game(id)
			if g.Status != storage.StatusActive {
				continue
			}
			s := g.Seats[rng.IntN(len(g.Seats))]
			if u, ok := userOf(s.UserID); ok {
				req := at(e.cmd(u, "resign", "game", fmt.Sprint(id)), id)
				if ask := do(req); ask.Private != nil && button(ask.Private, "Resign game") != "" {
					do(at(e.click(u, button(ask.Private, "Resign game")), id))
				}
			}
		default:
			u := members[rng.IntN(len(members))]
			do(e.parlorIn(u, guilds[rng.IntN(2)], "me", "digest", "on"))
			do(e.parlorIn(u, guilds[rng.IntN(2)], "away", "days", fmt.Sprint(1+rng.IntN(3))))
		}
	}
	e.checked()
	gone := members[rng.IntN(len(members))]
	sat := map[int64]bool{}
	for _, id := range ids {
		for _, s := range e.game(id).Seats {
			sat[id] = sat[id] || s.UserID == gone.ID
		}
	}
	f, err := e.table.Forget(e.ctx, gone.ID, gone.Name)
	if err != nil {
		t.Fatalf("seed %d: forget %s: %v", seed, gone.Name, err)
	}
	t.Logf("forgot %s: %+v", gone.Name, f)
	e.checked()
	var needles []string
	needles = append(needles, gone.ID, gone.Name, alias[gone.ID])
	if found := e.traces(needles...); len(found) > 0 {
		t.Fatalf("seed %d: after forgetting %s (%+v), the dump still holds them: %q", seed, gone.Name, f, found)
	}
	for _, id := range ids {
		g := e.game(id)
		for _, s := range g.Seats {
			if s.UserID == gone.ID {
				t.Errorf("seed %d: game %d still seats them", seed, id)
			}
		}
		if !sat[id] {
			continue
		}
		// A game they sat in that others still play goes on.
		if g.Status == storage.StatusActive {
			st, _ := e.table.kits[g.Kind].Game.Parse(g.Position)
			if seat := st.ToMove(); seat >= 0 && storage.IsPseudonym(seatUser(g, int(seat)).UserID) {
				t.Errorf("seed %d: game %d waits for the forgotten member: %s", seed, id, g.Position)
			}
			play(id)
		}
	}
	e.checked()
}

// The README's Privacy section says what /parlor privacy says, with the
// default retention.
func TestPrivacyInReadme(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	flat := func(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, "`", "")), " ") }
	want := flat(fmt.Sprintf(privacyText, int(DefaultRetain/(24*time.Hour))))
	if !strings.Contains(flat(string(readme)), want) {
		t.Errorf("the README's Privacy section does not say what /parlor privacy says:\n%s", want)
	}
}

// lateStore hides the games of one user from the first Find that asks for
// them: as if their game began just after forget looked.
type lateStore struct {
	*storage.DB
	hide   string
	hidden bool
}

func (s *lateStore) Find(ctx context.Context, f storage.Filter) ([]storage.Game, error) {
	if f.UserID == s.hide && !s.hidden {
		s.hidden = true
		return nil, nil
	}
	return s.DB.Find(ctx, f)
}

// A game that began between forget's look at the member's games and the
// renaming of their seats is resigned for the pseudonym: no game is left
// waiting for a member who is gone.
func TestForgetRacesAGameBegun(t *testing.T) {
	e := newEnv(t)
	zed := User{ID: "770098765432101234", Name: "Zedd Quorra"}
	id, _ := e.challenge(alice, zed)
	table := NewTable(Config{Store: &lateStore{DB: e.db, hide: zed.ID}, Painter: e.painter, Kits: []Kit{KingsmenKit()}, Roll: func(int) int { return 0 }, Now: func() time.Time { return testNow }})
	f, err := table.Forget(e.ctx, zed.ID, zed.Name)
	if err != nil || f.Resigned != 1 || f.Pseudonym.N != 1 {
		t.Fatalf("forget: %+v %v, want the game begun resigned", f, err)
	}
	if g := e.game(id); g.Status != storage.StatusOver || g.Seats[1].UserID != "forgotten/1" {
		t.Errorf("the game begun meanwhile: %s, seats %+v", g.Status, g.Seats)
	}
	if found := e.traces(zed.ID, zed.Name); len(found) > 0 {
		t.Errorf("after forget: %q", found)
	}
	e.checked()
}
