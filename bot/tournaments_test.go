package bot

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"parlor/bot/tournament"
	"parlor/render"
	"parlor/storage"
)

// tournamentCmd is "/tournament sub" by u in the test channel.
func (e *tableEnv) tournamentCmd(u User, sub string, opts ...string) Request {
	req := e.cmd(u, sub, opts...)
	req.Command = "tournament"
	return req
}

// openTournament has alice, who manages the server, open a tournament with
// opts, the others join it by its button, and alice start it by hers. It
// returns its id.
func (e *tableEnv) openTournament(joiners []User, opts ...string) int64 {
	e.t.Helper()
	manager := alice
	manager.CanManage = true
	resp := e.do(e.tournamentCmd(manager, "new", opts...))
	if resp.Public == nil || len(resp.Public.Components) == 0 {
		e.t.Fatalf("/tournament new answered %s, want a sign-up message with buttons", showResp(resp))
	}
	join := resp.Public.Components[0][0].ID
	id, err := parseTournamentButton(join)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, u := range joiners {
		if r := e.do(e.click(u, join)); r.Update == nil || !strings.Contains(r.Update.Content, u.Name) {
			e.t.Fatalf("%s joining: %s", u.Name, showResp(r))
		}
	}
	if r := e.do(e.click(alice, tournamentID(id, "start"))); r.Public == nil || !r.Wake {
		e.t.Fatalf("starting: %s, want it said and a sweep woken", showResp(r))
	}
	return id
}

func parseTournamentButton(id string) (int64, error) {
	var n int64
	_, err := fmt.Sscanf(id, "tn/%d/join", &n)
	return n, err
}

// tournamentGames are tournament id's stored games in play.
func (e *tableEnv) tournamentGames(id int64, status storage.Status) []*storage.Game {
	e.t.Helper()
	tr, err := e.db.Tournament(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []*storage.Game
	for _, tg := range tr.Games {
		if tg.GameID == 0 {
			continue
		}
		g, err := e.db.Game(e.ctx, tg.GameID)
		if err != nil {
			e.t.Fatal(err)
		}
		if g.Status == status {
			out = append(out, g)
		}
	}
	return out
}

// resolve ends every game of tournament id in play: the player in the
// last seat who is a person resigns (so that the first seat wins, or the
// computer does).
func (e *tableEnv) resolve(id int64) int {
	e.t.Helper()
	games := e.tournamentGames(id, storage.StatusActive)
	for _, g := range games {
		for s := len(g.Seats) - 1; s >= 0; s-- {
			if g.Seats[s].Computer == "" {
				u := User{ID: g.Seats[s].UserID, Name: g.Seats[s].Name}
				if r := e.do(e.click(u, customID(g.ID, 0, "resign:yes"))); r.Public == nil {
					e.t.Fatalf("%s resigning game %d: %s", u.Name, g.ID, showResp(r))
				}
				break
			}
		}
	}
	return len(games)
}

// said reports whether one of ns says want.
func said(ns []Notice, want string) bool {
	return slices.ContainsFunc(ns, func(n Notice) bool { return n.Message != nil && strings.Contains(n.Message.Content, want) })
}

// A round robin of four: the sweep makes its six games at once, each
// pairing once, seated as paired (not by lot); as their games end the
// standings of each round are posted once, and at the end the winner is
// named. The first seat wins every game here, so points follow the
// seats.
func TestTournamentRoundRobin(t *testing.T) {
	e := newEnvWith(t, func(n int) int { return n - 1 }, KingsmenKit())
	// The boards' painter, which draws the standings too.
	e.table.painter = render.New(Painters(Kits())...)
	id := e.openTournament([]User{alice, bob, carol, dave}, "game", "kingsmen", "format", "round-robin")
	ns := e.sweep(e.table)
	games := e.tournamentGames(id, storage.StatusActive)
	if len(games) != 6 || len(ns) != 6 {
		t.Fatalf("%d games begun, %d notices; want 6 of each", len(games), len(ns))
	}
	met := map[[2]string]int{}
	ev := tournament.Event{Format: tournament.RoundRobin, Entrants: []string{alice.ID, bob.ID, carol.ID, dave.ID}, PerGame: 2}
	want, _ := ev.Next()
	for _, g := range games {
		a, b := g.Seats[0].UserID, g.Seats[1].UserID
		met[[2]string{min(a, b), max(a, b)}]++
	}
	for pair, n := range met {
		if n != 1 {
			t.Errorf("%v met %d times", pair, n)
		}
	}
	if len(met) != 6 {
		t.Errorf("%d pairs met, want 6", len(met))
	}
	// The seats are the pairing's: the roll (which would reverse them)
	// is not asked.
	var paired, seated []string
	for _, g := range want {
		paired = append(paired, strings.Join(g.Seats, "-"))
	}
	for _, g := range games {
		seated = append(seated, g.Seats[0].UserID+"-"+g.Seats[1].UserID)
	}
	slices.Sort(paired)
	slices.Sort(seated)
	if !slices.Equal(paired, seated) {
		t.Errorf("seated %v, paired %v", seated, paired)
	}
	// A second sweep makes nothing more.
	if ns := e.sweep(e.table); len(ns) != 0 {
		t.Fatalf("a second sweep posted %d notices: %+v", len(ns), ns[0].Message)
	}
	if n := e.resolve(id); n != 6 {
		t.Fatalf("%d games resolved", n)
	}
	ns = e.sweep(e.table)
	if !said(ns, "is over") {
		t.Fatalf("the last sweep said %v, want the end", ns)
	}
	final := ns[len(ns)-1].Message
	if final.File == nil {
		t.Fatal("the final standings have no picture")
	}
	if img, err := png.Decode(bytes.NewReader(final.File.Data)); err != nil || img.Bounds().Dx() != 800 {
		t.Errorf("the final standings' picture: %v", err)
	}
	if dir := os.Getenv("PARLOR_SHOW"); dir != "" {
		os.WriteFile(filepath.Join(dir, "roundrobin.png"), final.File.Data, 0o644)
	}
	// The first seat won every game: Alice and Carol have two points
	// each, and Carol beat Alice (head to head).
	if !strings.Contains(final.Content, "**Carol** won it") || !strings.Contains(final.Content, "2. Alice · 2 · H2H 0 · Wins 2") {
		t.Errorf("the final standings say %q", final.Content)
	}
	if e.sweep(e.table) != nil {
		t.Error("a sweep after the end posted more")
	}
	tr, err := e.db.Tournament(e.ctx, id)
	if err != nil || tr.Status != storage.TournamentOver {
		t.Fatalf("tournament after its games: %+v %v", tr, err)
	}
	// The standings by /tournament standings agree.
	resp := e.do(e.tournamentCmd(bob, "standings"))
	if resp.Private == nil || !strings.Contains(resp.Private.Content, "after 6 games") || resp.Private.File == nil {
		t.Fatalf("/tournament standings: %s", showResp(resp))
	}
}

// Refusals: only a manager opens a tournament, only its creator starts it,
// a member joins once.
func TestTournamentRefusals(t *testing.T) {
	e := newEnv(t)
	e.refuse(e.tournamentCmd(bob, "new", "game", "kingsmen", "format", "swiss"), "manage")
	manager := alice
	manager.CanManage = true
	e.refuse(e.tournamentCmd(manager, "new", "game", "kingsmen", "format", "knockout"), "not one of the choices")
	e.refuse(e.tournamentCmd(manager, "new", "game", "kingsmen", "format", "swiss", "twice", "on"), "played twice")
	resp := e.do(e.tournamentCmd(manager, "new", "game", "kingsmen", "format", "swiss"))
	id, err := parseTournamentButton(resp.Public.Components[0][0].ID)
	if err != nil {
		t.Fatal(err)
	}
	e.refuse(e.click(alice, tournamentID(id, "start")), "two entrants")
	e.do(e.click(bob, tournamentID(id, "join")))
	e.refuse(e.click(bob, tournamentID(id, "join")), "already")
	e.refuse(e.click(bob, tournamentID(id, "start")), "Only")
	e.refuse(e.tournamentCmd(bob, "standings", "tournament", "99"), "no tournament #99")
}

// A Swiss event of seven over three rounds, one of them a computer: each
// round is made once its predecessor has ended, nobody meets anyone twice,
// one bye a round (a win); a player who leaves forfeits their game in play
// and is paired no more; the standings are posted after rounds one and
// two, and the end after three.
func TestTournamentSwissOfSeven(t *testing.T) {
	e := newEnvWith(t, func(int) int { return 0 }, KingsmenKit())
	e.table.think = 1
	eve, frank := User{ID: "600", Name: "Eve"}, User{ID: "700", Name: "Frank"}
	id := e.openTournament([]User{alice, bob, carol, dave, eve, frank}, "game", "kingsmen", "format", "swiss", "rounds", "3", "computers", "1", "level", "easy")
	met := map[[2]string]bool{}
	for round := 1; round <= 3; round++ {
		e.sweep(e.table)
		games := e.tournamentGames(id, storage.StatusActive)
		// Seven entrants make three games and a bye; once frank has
		// left, six make three games.
		if len(games) != 3 {
			t.Fatalf("round %d: %d games, want 3", round, len(games))
		}
		for _, g := range games {
			a, b := g.Seats[0].UserID, g.Seats[1].UserID
			key := [2]string{min(a, b), max(a, b)}
			if met[key] {
				t.Errorf("round %d: %v meet again", round, key)
			}
			met[key] = true
		}
		if round == 2 {
			// Frank leaves: his game in play is forfeited at once.
			resp := e.do(e.tournamentCmd(frank, "leave"))
			if resp.Private == nil || !strings.Contains(resp.Private.Content, "forfeited") {
				t.Fatalf("frank leaving: %s", showResp(resp))
			}
		}
		e.resolve(id)
		ns := e.sweep(e.table)
		switch {
		case round < 3 && !said(ns, fmt.Sprintf("after round %d", round)):
			t.Fatalf("round %d's end said %v", round, ns)
		case round == 3 && !said(ns, "is over"):
			t.Fatalf("the last round's end said %v", ns)
		}
	}
	tr, err := e.db.Tournament(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	byes := map[int]int{}
	for _, tg := range tr.Games {
		if tg.Bye != "" {
			byes[tg.Round]++
		}
		if tg.Round == 3 && tg.GameID != 0 {
			g, _ := e.db.Game(e.ctx, tg.GameID)
			if seatOf(g, frank.ID) >= 0 {
				t.Errorf("frank, who left, was paired in round 3")
			}
		}
	}
	if byes[1] != 1 || byes[2] != 1 || byes[3] != 0 {
		t.Errorf("byes by round %v, want one in rounds 1 and 2 and none in 3 (six left)", byes)
	}
	if tr.Status != storage.TournamentOver || tr.Round != 3 {
		t.Errorf("status %s after round %d", tr.Status, tr.Round)
	}
}

// Two tables on one database (two replicas) sweeping at once make each
// round and each game once.
func TestTournamentSweepsAtOnce(t *testing.T) {
	e := newEnvWith(t, func(int) int { return 0 }, KingsmenKit())
	other := NewTable(Config{Store: e.db, Painter: e.painter, Kits: []Kit{KingsmenKit()}, Roll: func(int) int { return 0 }, Now: e.table.now, Pace: unpaced})
	id := e.openTournament([]User{alice, bob, carol, dave}, "game", "kingsmen", "format", "swiss", "rounds", "2")
	for round := 1; round <= 2; round++ {
		var wg sync.WaitGroup
		boards := make([]int, 8)
		for i := range boards {
			table := e.table
			if i%2 == 1 {
				table = other
			}
			wg.Go(func() {
				ns, err := table.Sweep(e.ctx)
				if err != nil {
					t.Error(err)
				}
				for _, n := range ns {
					if n.Message != nil && n.Message.Live != nil {
						boards[i]++
					}
				}
			})
		}
		wg.Wait()
		if total := boards[0] + boards[1] + boards[2] + boards[3] + boards[4] + boards[5] + boards[6] + boards[7]; total != 2 {
			t.Fatalf("round %d: %d first boards posted by the sweeps, want 2", round, total)
		}
		if games := e.tournamentGames(id, storage.StatusActive); len(games) != 2 {
			t.Fatalf("round %d: %d games, want 2", round, len(games))
		}
		e.resolve(id)
	}
	tr, _ := e.db.Tournament(e.ctx, id)
	if len(tr.Games) != 4 {
		t.Errorf("%d games made, want 4", len(tr.Games))
	}
}

// A tournament's games follow its settings: by default they refuse a
// takeback and a pause, and allow them when it says so.
func TestTournamentTakebacksAndPauses(t *testing.T) {
	for _, on := range []bool{false, true} {
		e := newEnv(t)
		opts := []string{"game", "kingsmen", "format", "round-robin"}
		if on {
			opts = append(opts, "takebacks", "on", "pauses", "on")
		}
		id := e.openTournament([]User{alice, bob}, opts...)
		e.sweep(e.table)
		g := e.tournamentGames(id, storage.StatusActive)[0]
		game := fmt.Sprint(g.ID)
		mover := User{ID: g.Seats[0].UserID, Name: g.Seats[0].Name}
		if !on {
			e.refuse(e.cmd(mover, "takeback", "game", game), "allows no takebacks")
			e.refuse(e.cmd(mover, "pause", "game", game), "allows no pauses")
			continue
		}
		if r := e.do(e.cmd(mover, "pause", "game", game)); r.Public == nil && r.Private == nil || r.Private != nil && strings.Contains(r.Private.Content, "allows no") {
			t.Errorf("a pause asked in a tournament that allows them: %s", showResp(r))
		}
	}
}
