package discordtest_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"parlor/bot/discord/discordtest"
	"parlor/render"
	"parlor/storage"
)

// A tournament's standings picture (its file named "tournament-N.png")
// has a row per entrant: its sizes are those the renderer draws for 2 to
// 12 entrants.
func init() {
	for n := 2; n <= 12; n++ {
		data, err := render.New().StandingsPNG(render.Standings{Rows: make([]render.StandingRow, n)})
		if err != nil {
			panic(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			panic(err)
		}
		boardSizes["tournament"] = append(boardSizes["tournament"], image.Pt(cfg.Width, cfg.Height))
	}
}

// StandingsPNG draws a tournament's standings as the bot's painter does.
func (p *painter) StandingsPNG(s render.Standings) ([]byte, error) { return p.r.StandingsPNG(s) }

// maxRounds bounds the rounds a test's tournament plays.
const maxRounds = 12

// tourney is a tournament played through the fake Discord: its people
// by id, its thread, and the processes that sweep it.
type tourney struct {
	h      *harness
	people map[string]discordtest.User
	thread discordtest.Channel
	procs  []*process
}

// openTourney has a manager open a tournament of All the King's Men with
// opts, each of joiners join it by its button, and its creator start it.
func openTourney(h *harness, joiners []discordtest.User, opts ...discordtest.Opt) *tourney {
	t := h.t
	t.Helper()
	boss := h.f.NewUser("Boss")
	boss.Manager = true
	ch := h.f.Channel()
	// A member who does not manage the server cannot open one.
	h.refusal(h.f.Command(joiners[0], ch, "tournament", "new", opts...), "manage")
	ix := h.f.Command(boss, ch, "tournament", "new", opts...)
	signUp := ix.Await(t, "the sign-up message", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
	tn := &tourney{h: h, people: map[string]discordtest.User{}, procs: []*process{h.proc},
		thread: discordtest.Channel{ID: signUp.ID, GuildID: ch.GuildID, Type: discordtest.PublicThread, ParentID: ch.ID}}
	join, ok := signUp.Button("Join")
	if !ok {
		t.Fatalf("the sign-up message %q has no Join button", signUp.Content)
	}
	for _, u := range joiners {
		tn.people[u.ID] = u
		ix := h.f.Click(u, signUp, join.CustomID)
		ix.Await(t, "the sign-up with "+u.GlobalName, func(m discordtest.Message) bool { return strings.Contains(m.Content, u.GlobalName) })
	}
	// The thread is recorded once the sign-up is posted.
	h.f.AwaitRequest(t, "the tournament thread's first message", func(r discordtest.Request) bool {
		return r.Method == "POST" && strings.HasSuffix(r.Path, "/channels/"+tn.thread.ID+"/messages")
	})
	start, _ := signUp.Button("Start")
	h.refusal(h.f.Click(joiners[0], signUp, start.CustomID), "Only")
	h.f.Click(boss, signUp, start.CustomID).Await(t, "the start", func(m discordtest.Message) bool { return strings.Contains(m.Content, "has started") })
	return tn
}

// sweep has every process sweep at the same moment.
func (tn *tourney) sweep() {
	var wg sync.WaitGroup
	for _, p := range tn.procs {
		wg.Go(func() { p.d.Sweep(context.Background()) })
	}
	wg.Wait()
}

// stored is the tournament as stored.
func (tn *tourney) stored() *storage.Tournament {
	tn.h.t.Helper()
	tr, err := tn.h.proc.db.Tournament(context.Background(), 1)
	if err != nil {
		tn.h.t.Fatal(err)
	}
	return tr
}

// in are the thread's messages that say want.
func (tn *tourney) in(want string, board bool) []discordtest.Message {
	var out []discordtest.Message
	for _, m := range tn.h.f.ChannelMessages(tn.thread.ID) {
		if strings.Contains(m.Content, want) && (!board || isBoard(m)) {
			out = append(out, m)
		}
	}
	return out
}

// awaitBoards waits until n first boards of the tournament's games are in
// its thread.
func (tn *tourney) awaitBoards(n int) {
	for deadline := time.Now().Add(tn.h.wait); len(tn.in("Tournament #1, round", true)) < n && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
}

// resign ends each game in play among games: the person in its last seat
// taken by one resigns, by /kingsmen resign in the thread and its
// confirmation, so that the first seat wins, or the computer does.
func (tn *tourney) resign(games []storage.TournamentGame) {
	h, t := tn.h, tn.h.t
	t.Helper()
	for _, tg := range games {
		if tg.GameID == 0 {
			continue
		}
		g, err := h.proc.db.Game(context.Background(), tg.GameID)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status != storage.StatusActive {
			continue
		}
		for s := len(g.Seats) - 1; s >= 0; s-- {
			if g.Seats[s].Computer != "" {
				continue
			}
			u := tn.people[g.Seats[s].UserID]
			ask := h.private(h.f.Command(u, tn.thread, "kingsmen", "resign", discordtest.Opt{Name: "game", Value: fmt.Sprint(g.ID)}))
			yes, ok := ask.Find(func(c discordtest.Component) bool { return strings.HasPrefix(c.Label, "Resign game #") })
			if !ok {
				t.Fatalf("the question %q has no Resign button", ask.Content)
			}
			h.board(h.f.Click(u, ask, yes.CustomID))
			break
		}
	}
}

// checkEnd checks the tournament's end: over once batches of games were
// made (a round robin's one, a Swiss event's one a round), each round's
// standings posted once at most, the result posted once with the
// standings' picture, games made, each begun once, and no two entrants
// met twice (in games of two).
func (tn *tourney) checkEnd(batches, games int) {
	t := tn.h.t
	t.Helper()
	if finals := tn.in("is over", false); len(finals) != 1 || len(finals[0].Files) != 1 {
		t.Fatalf("%d final messages (%s), want one with the standings' picture", len(finals), describe(finals))
	}
	for r := 1; r <= maxRounds; r++ {
		if n := len(tn.in(fmt.Sprintf("after round %d.", r), false)); n > 1 {
			t.Errorf("the standings after round %d posted %d times", r, n)
		}
	}
	tr := tn.stored()
	made := 0
	met := map[string]int{}
	for _, tg := range tr.Games {
		if tg.GameID == 0 {
			continue
		}
		made++
		g, _ := tn.h.proc.db.Game(context.Background(), tg.GameID)
		pair := []string{g.Seats[0].UserID, g.Seats[1].UserID}
		slices.Sort(pair)
		if met[strings.Join(pair, "-")]++; met[strings.Join(pair, "-")] > 1 {
			t.Errorf("%v met twice", pair)
		}
	}
	if tr.Status != storage.TournamentOver || made != games || tr.Round != batches {
		t.Fatalf("at the end: status %s, %d games, %d batches; want over, %d games, %d batches", tr.Status, made, tr.Round, games, batches)
	}
	if n := len(tn.in("Tournament #1, round", true)); n != games {
		t.Errorf("%d first boards in the thread, want %d, one a game", n, games)
	}
}

// A round robin of four (three people and a computer) through the fake
// Discord, on both databases, with two replicas behind the HTTP door that
// sweep at the same moment and a restart half-way: the sign-up message
// takes entrants by its buttons and gets a thread; its creator starts it;
// the six games are made once and begun once, their first boards in the
// thread; as they end the standings come once a round, and at the end the
// winner, with the table's picture.
func TestTournamentRoundRobinE2E(t *testing.T) {
	t.Parallel()
	forEachEngine(t, func(t *testing.T, engine setting) {
		h := newHarness(t, engine, viaHTTP, fakeTime, threads)
		second := h.launch()
		t.Cleanup(func() { h.end(second) })
		h.f.DeliverTo(h.proc.url, second.url)
		people := []discordtest.User{h.f.NewUser("Alice"), h.f.NewUser("Bob"), h.f.NewUser("Carol")}
		tn := openTourney(h, people, discordtest.Opt{Name: "game", Value: "kingsmen"}, discordtest.Opt{Name: "format", Value: "round-robin"},
			discordtest.Opt{Name: "computers", Value: "1"}, discordtest.Opt{Name: "level", Value: "easy"})
		tn.procs = append(tn.procs, second)
		tn.sweep()
		tr := tn.stored()
		if tr.ThreadID != tn.thread.ID || len(tr.Games) != 6 || tr.Round != 1 {
			t.Fatalf("after the start: thread %q, %d games, round %d; want %s, 6, 1", tr.ThreadID, len(tr.Games), tr.Round, tn.thread.ID)
		}
		tn.awaitBoards(6)
		tn.resign(tr.Games[:3])
		tn.sweep()
		// A restart: the tournament carries on from the database.
		h.restart()
		h.f.DeliverTo(h.proc.url, second.url)
		tn.procs[0] = h.proc
		tn.resign(tr.Games[3:])
		tn.sweep()
		tn.sweep()
		tn.checkEnd(1, 6)
	})
}

// A Swiss event of seven (six people and a computer) over three rounds
// through the fake Discord, on both databases, across a restart: each
// round is made once the one before has ended, three games and a bye, no
// pair meeting twice; the standings come after rounds one and two, and the
// result after three.
func TestTournamentSwissE2E(t *testing.T) {
	t.Parallel()
	forEachEngine(t, func(t *testing.T, engine setting) {
		h := newHarness(t, engine, fakeTime, threads)
		var people []discordtest.User
		for _, name := range []string{"Alice", "Bob", "Carol", "Dave", "Eve", "Frank"} {
			people = append(people, h.f.NewUser(name))
		}
		tn := openTourney(h, people, discordtest.Opt{Name: "game", Value: "kingsmen"}, discordtest.Opt{Name: "format", Value: "swiss"},
			discordtest.Opt{Name: "rounds", Value: "3"}, discordtest.Opt{Name: "computers", Value: "1"}, discordtest.Opt{Name: "level", Value: "easy"})
		for round := 1; round <= 3; round++ {
			tn.sweep()
			tr := tn.stored()
			var this []storage.TournamentGame
			byes := 0
			for _, tg := range tr.Games {
				if tg.Round == round {
					this = append(this, tg)
					if tg.GameID == 0 {
						byes++
					}
				}
			}
			if tr.Round != round || len(this) != 4 || byes != 1 {
				t.Fatalf("round %d: the tournament is at round %d with %d tables, %d byes; want 3 games and a bye", round, tr.Round, len(this), byes)
			}
			tn.awaitBoards(3 * round)
			if round == 2 {
				h.restart()
				tn.procs[0] = h.proc
			}
			tn.resign(this)
			if round < 3 {
				tn.sweep()
				if len(tn.in(fmt.Sprintf("after round %d.", round), false)) != 1 {
					t.Fatalf("no standings after round %d", round)
				}
			}
		}
		tn.sweep()
		tn.checkEnd(3, 9)
	})
}
