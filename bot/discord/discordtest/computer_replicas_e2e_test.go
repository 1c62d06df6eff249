package discordtest_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"parlor/bot/discord/discordtest"
	"parlor/rules/kingsmen"
	"parlor/storage"
)

// Two replicas behind one load balancer, on one database, each running
// its computer workers: eight people play the computer, their moves
// reaching the replicas in turn. Every computer's turn is played once
// (each of its boards posted once, and the log has one move per turn),
// and both replicas play some.
func TestComputersOnTwoReplicasThroughDiscord(t *testing.T) {
	t.Parallel()
	forEachEngine(t, func(t *testing.T, engine setting) {
		h := newHarness(t, engine, viaHTTP)
		second := h.launch()
		t.Cleanup(func() { h.end(second) })
		h.f.DeliverTo(h.proc.url, second.url)
		parlor := h.f.BotUser()
		type table struct {
			id     int64
			ch     discordtest.Channel
			player discordtest.User
		}
		var tables []table
		for i := range 8 {
			tb := table{ch: h.f.NewChannel(fmt.Sprintf("computer-%d", i)), player: h.f.NewUser(fmt.Sprintf("Player %d", i))}
			tb.id = gameID(t, h.board(h.f.Command(tb.player, tb.ch, "kingsmen", "new", discordtest.Opt{Name: "opponent", Value: parlor.ID})))
			tables = append(tables, tb)
		}
		for range 4 {
			for _, tb := range tables {
				g, _ := h.game(tb.id)
				p, err := kingsmen.Parse(g.Position)
				if err != nil {
					t.Fatal(err)
				}
				if g.Status != storage.StatusActive || g.Seats[p.ToMove()].Computer != "" {
					continue
				}
				h.board(h.f.Command(tb.player, tb.ch, "kingsmen", "move", discordtest.Opt{Name: "move", Value: p.Legal()[0].Text},
					discordtest.Opt{Name: "game", Value: fmt.Sprint(tb.id)}))
			}
			for _, tb := range tables {
				h.awaitStored("the computer's move", func(g *storage.Game) bool {
					p, err := kingsmen.Parse(g.Position)
					return err == nil && (g.Status != storage.StatusActive || g.Seats[p.ToMove()].Computer == "")
				}, tb.id)
			}
		}
		// Each computer move's board, once.
		played := 0
		for _, tb := range tables {
			g, log := h.game(tb.id)
			moves := 0
			for _, e := range log {
				if g.Seats[e.Seat].Computer != "" && e.Kind == storage.EntryMove {
					moves++
				}
			}
			boards := 0
			h.f.AwaitMessages(t, "the computer's boards", func(ms []discordtest.Message) bool {
				boards = 0
				for _, m := range ms {
					if m.ChannelID == tb.ch.ID && strings.Contains(m.Content, "**Parlor (strong)** played") {
						boards++
					}
				}
				return boards >= moves
			})
			if boards != moves || moves < 4 {
				t.Errorf("game %d: %d computer moves stored, %d boards of them posted", tb.id, moves, boards)
			}
			played += moves
		}
		byProcess := map[string]int{}
		for _, m := range regexp.MustCompile(`msg="computer played".* process=(\d+)`).FindAllStringSubmatch(h.log.String(), -1) {
			byProcess[m[1]]++
		}
		if byProcess["1"]+byProcess["2"] != played || byProcess["1"] == 0 || byProcess["2"] == 0 {
			t.Errorf("computer moves played by process %v, %d stored: want each once, by both", byProcess, played)
		}
	})
}
