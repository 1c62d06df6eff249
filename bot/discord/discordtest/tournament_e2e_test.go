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
		boss := h.f.NewUser("Boss")
		boss.Manager = true
		alice, bob, carol := h.f.NewUser("Alice"), h.f.NewUser("Bob"), h.f.NewUser("Carol")
		ch := h.f.Channel()

		// A member who does not manage the server cannot open one.
		h.refusal(h.f.Command(alice, ch, "tournament", "new", discordtest.Opt{Name: "game", Value: "kingsmen"},
			discordtest.Opt{Name: "format", Value: "round-robin"}), "manage")
		ix := h.f.Command(boss, ch, "tournament", "new", discordtest.Opt{Name: "game", Value: "kingsmen"},
			discordtest.Opt{Name: "format", Value: "round-robin"}, discordtest.Opt{Name: "computers", Value: "1"},
			discordtest.Opt{Name: "level", Value: "easy"})
		signUp := ix.Await(t, "the sign-up message", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
		thread := discordtest.Channel{ID: signUp.ID, GuildID: ch.GuildID, Type: discordtest.PublicThread, ParentID: ch.ID}
		join, ok := signUp.Button("Join")
		if !ok {
			t.Fatalf("the sign-up message %q has no Join button", signUp.Content)
		}
		for _, u := range []discordtest.User{alice, bob, carol} {
			ix := h.f.Click(u, signUp, join.CustomID)
			ix.Await(t, "the sign-up with "+u.GlobalName, func(m discordtest.Message) bool { return strings.Contains(m.Content, u.GlobalName) })
		}
		// The thread is recorded once the sign-up is posted.
		h.f.AwaitRequest(t, "the tournament thread's first message", func(r discordtest.Request) bool {
			return r.Method == "POST" && strings.HasSuffix(r.Path, "/channels/"+thread.ID+"/messages")
		})
		start, _ := signUp.Button("Start")
		h.refusal(h.f.Click(alice, signUp, start.CustomID), "Only")
		h.f.Click(boss, signUp, start.CustomID).Await(t, "the start", func(m discordtest.Message) bool { return strings.Contains(m.Content, "has started") })

		sweepBoth := func() {
			var wg sync.WaitGroup
			for _, p := range []*process{h.proc, second} {
				wg.Go(func() { p.d.Sweep(context.Background()) })
			}
			wg.Wait()
		}
		sweepBoth()
		tr, err := h.proc.db.Tournament(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if tr.ThreadID != thread.ID || len(tr.Games) != 6 || tr.Round != 1 {
			t.Fatalf("after the start: thread %q, %d games, round %d; want %s, 6, 1", tr.ThreadID, len(tr.Games), tr.Round, thread.ID)
		}
		firstBoards := func() int {
			n := 0
			for _, m := range h.f.ChannelMessages(thread.ID) {
				if isBoard(m) && strings.Contains(m.Content, "Tournament #1, round") {
					n++
				}
			}
			return n
		}
		for deadline := time.Now().Add(h.wait); firstBoards() < 6 && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}

		// Each game is ended by a resignation of its last person.
		resignAll := func(games []storage.TournamentGame) {
			for _, tg := range games {
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
					u := map[string]discordtest.User{alice.ID: alice, bob.ID: bob, carol.ID: carol}[g.Seats[s].UserID]
					ask := h.private(h.f.Command(u, thread, "kingsmen", "resign", discordtest.Opt{Name: "game", Value: fmt.Sprint(g.ID)}))
					yes, ok := ask.Find(func(c discordtest.Component) bool { return strings.HasPrefix(c.Label, "Resign game #") })
					if !ok {
						t.Fatalf("the question %q has no Resign button", ask.Content)
					}
					h.board(h.f.Click(u, ask, yes.CustomID))
					break
				}
			}
		}
		resignAll(tr.Games[:3])
		sweepBoth()
		// A restart: the tournament carries on from the database.
		h.restart()
		h.f.DeliverTo(h.proc.url, second.url)
		resignAll(tr.Games[3:])
		sweepBoth()
		sweepBoth()

		if n := firstBoards(); n != 6 {
			t.Errorf("%d first boards in the thread, want 6", n)
		}
		var finals, reports []discordtest.Message
		for _, m := range h.f.ChannelMessages(thread.ID) {
			switch {
			case strings.Contains(m.Content, "is over"):
				finals = append(finals, m)
			case strings.Contains(m.Content, "after round"):
				reports = append(reports, m)
			}
		}
		if len(finals) != 1 || len(finals[0].Files) != 1 {
			t.Fatalf("%d final messages (%s), want one with the standings' picture", len(finals), describe(finals))
		}
		seen := map[string]int{}
		for _, r := range reports {
			seen[r.Content[:strings.Index(r.Content, ".")]]++
		}
		for what, n := range seen {
			if n != 1 {
				t.Errorf("%q posted %d times", what, n)
			}
		}
		tr, err = h.proc.db.Tournament(context.Background(), 1)
		if err != nil || tr.Status != storage.TournamentOver || len(tr.Games) != 6 {
			t.Fatalf("the tournament at the end: %+v %v", tr, err)
		}
		// Every pair met once.
		met := map[string]int{}
		for _, tg := range tr.Games {
			g, _ := h.proc.db.Game(context.Background(), tg.GameID)
			pair := []string{g.Seats[0].UserID, g.Seats[1].UserID}
			slices.Sort(pair)
			met[strings.Join(pair, "-")]++
		}
		if len(met) != 6 {
			t.Errorf("pairs met: %v", met)
		}
	})
}
