package discordtest_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"parlor/bot/discord/discordtest"
	"parlor/rules/kingsmen"
)

// BenchmarkBoardsOnBudget is the bot on Discord's rate limits under a
// crowd: 500 games of All the King's Men, each in its own thread (five
// games' threads to a channel, so that their starts fit the channel's
// bucket), served through the gateway door with a SQLite file. The games
// are set up first; then the Fake enforces Discord's limits
// (DiscordRateLimits: 50 global calls a second, and each channel's
// buckets) and the players move: each round, every game's player to move
// sends /kingsmen move with a random legal move at the same moment, four
// in five from inside the game's thread, where the board is the
// interaction's answer, and one in five typed in the channel, which costs
// the bot a board posted into the thread, a call against the global limit.
// A round ends when every new board is up; boardsRounds rounds follow each
// other at once, a b.N. In the last round of each, a day has passed
// first: the bot's sweep reminds every player to move, in the thread, and
// the round's moves come once its first reminder is posted, so that
// reminders and boards want the same budget. The renderer draws one board
// in ten and sends the last picture again for the others (sketchy):
// drawing is measured by render's benchmarks, and drawing every board
// would keep two cores from asking for more than the budget.
//
// It reports the moves a second reached (moves/s), and each board's delay,
// from the move's dispatch to the new board being in the game's thread, as
// p50, p95 and the slowest in milliseconds, for every move, for the moves
// typed in the channel alone (channel-p95-ms) and for the rounds with a
// sweep (sweep-p95-ms); for the moves typed in the channel, the time from
// the move's answer there to its board in the thread, which is the post's
// wait for the budget (post-p95-ms); the calls against the global limit accepted per
// move (global/move) and a second (global/s), and the calls asked for, made
// or still owed as old boards' edits, a second (asked/s: above 50 is a load
// above the limit); the 429s answered (429s), of them by the global limit
// (global-429s); the calls that came back before a 429's retry_after had
// passed (ignored-429s, each a failure of the benchmark, as Discord counts
// them toward a ban); the old boards still showing their buttons when the
// rounds end (stale-buttons: the cosmetic edits still waiting); the
// reminders posted and how long the slowest sweep took (sweep-ms). It
// checks that nothing is lost: every move's board is in its thread, once,
// and each thread's boards are in the order of their versions. The figures
// are also logged as sentences, which a failed run prints too.
//
//	go test ./bot/discord/discordtest -run XXX -bench BoardsOnBudget -benchtime 1x
func BenchmarkBoardsOnBudget(b *testing.B) {
	const (
		games       = 500
		perChannel  = 5 // games whose threads start in one channel
		parentEvery = 5 // one move in five is typed in the channel
		setters     = 8 // games set up at once
	)
	h := newHarness(b, threads, paced, fakeTime, sketchy)
	tables := make([]*budgetTable, games)
	channels := make([]discordtest.Channel, games/perChannel)
	for i := range channels {
		channels[i] = h.f.NewChannel(fmt.Sprintf("hall-%d", i))
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for range setters {
		wg.Go(func() {
			for i := range work {
				tables[i] = h.budgetTable(channels[i/perChannel], i)
			}
		})
	}
	for i := range tables {
		work <- i
	}
	close(work)
	wg.Wait()

	// Every game's answer waits its turn behind the others': a board may
	// take longer than the harness's waits allow one answer.
	h.f.SetTimeout(2 * time.Minute)
	h.f.EnforceRateLimits(discordtest.DiscordRateLimits())
	before, _ := h.f.RateCounts()
	var (
		mu     sync.Mutex
		all    []time.Duration // every board's delay
		parent []time.Duration // of the moves typed in the channel
		posts  []time.Duration // of those, from the move's answer to its board
		swept  []time.Duration // of the moves of the rounds with a sweep
		moves  []budgetMove
		round  int
		sweeps []time.Duration
		since  time.Time // when the first sweep began
	)
	b.ResetTimer()
	began := time.Now()
	for b.Loop() {
		var sweeping sync.WaitGroup
		for r := range boardsRounds {
			round++
			start := time.Now()
			sweep := r == boardsRounds-1
			if sweep {
				// A day passes: every player to move is reminded, in
				// the thread, while the round's moves come.
				h.clock.advance(25 * time.Hour)
				if since.IsZero() {
					since = start
				}
				sweeping.Go(func() {
					h.sweep()
					sweeps = append(sweeps, time.Since(start))
				})
				// The moves come once the sweep has found the games
				// waiting and begun to post its reminders.
				h.f.AwaitMessages(b, "the sweep's first reminder", func(ms []discordtest.Message) bool {
					return slices.ContainsFunc(ms, func(m discordtest.Message) bool { return isReminder(m) && !m.Created.Before(start) })
				})
			}
			var wg sync.WaitGroup
			for i, t := range tables {
				text, mover, version, over := h.randomMove(t.id, t.players, t.rng)
				if over {
					continue // a random game can end; its thread stays quiet
				}
				where, opts := t.thread, []discordtest.Opt{{Name: "move", Value: text}}
				inChannel := (i+round)%parentEvery == 0
				if inChannel {
					where = t.channel
					opts = append(opts, discordtest.Opt{Name: "game", Value: fmt.Sprint(t.id)})
				}
				from := len(h.f.ChannelMessages(t.thread.ID))
				wg.Go(func() {
					ix := h.f.Command(mover, where, "kingsmen", "move", opts...)
					news := h.f.AwaitChannel(b, t.thread.ID, from, fmt.Sprintf("the board of game #%d after %s", t.id, text), func(ms []discordtest.Message) bool {
						return slices.ContainsFunc(ms, func(m discordtest.Message) bool { return isBoard(m) && boardVersion(m) > version })
					})
					i := slices.IndexFunc(news, func(m discordtest.Message) bool { return isBoard(m) && boardVersion(m) > version })
					d := news[i].Created.Sub(ix.Sent())
					var post time.Duration
					if inChannel {
						// The answer in the channel (the note that the
						// board is in the thread) comes first, at once or
						// after a deferral: the post waits from its last
						// call on.
						answered := ix.Callback(b).At
						for _, r := range ix.Requests() {
							if r.Status < 300 && r.At.After(answered) && r.At.Before(news[i].Created) {
								answered = r.At
							}
						}
						post = news[i].Created.Sub(answered)
					}
					mu.Lock()
					defer mu.Unlock()
					all = append(all, d)
					if inChannel {
						parent = append(parent, d)
						posts = append(posts, post)
					}
					if sweep {
						swept = append(swept, d)
					}
					moves = append(moves, budgetMove{game: t.id, thread: t.thread.ID, version: boardVersion(news[i])})
				})
			}
			wg.Wait()
		}
		sweeping.Wait()
	}
	elapsed := time.Since(began)
	b.StopTimer()
	reminders := 0
	for _, m := range h.f.Messages() {
		if isReminder(m) && !m.Created.Before(since) {
			reminders++
		}
	}
	after, _ := h.f.RateCounts()
	stale := checkBudgetBoards(b, h.f, tables, moves)

	if len(all) == 0 {
		b.Fatalf("no move was played")
	}
	at := func(ds []time.Duration, q float64) float64 {
		if len(ds) == 0 {
			return 0
		}
		slices.Sort(ds)
		return float64(ds[min(len(ds)-1, int(q*float64(len(ds))))]) / float64(time.Millisecond)
	}
	global := after.Global - before.Global
	limited := after.Limited() - before.Limited()
	globalLimited := after.GlobalLimited - before.GlobalLimited
	ignored := after.Ignored - before.Ignored
	n := float64(len(all))
	b.ReportMetric(n/elapsed.Seconds(), "moves/s")
	b.ReportMetric(at(all, 0.50), "p50-ms")
	b.ReportMetric(at(all, 0.95), "p95-ms")
	b.ReportMetric(at(all, 1), "max-ms")
	b.ReportMetric(at(parent, 0.95), "channel-p95-ms")
	b.ReportMetric(at(posts, 0.95), "post-p95-ms")
	b.ReportMetric(float64(global)/n, "global/move")
	b.ReportMetric(float64(global)/elapsed.Seconds(), "global/s")
	b.ReportMetric(float64(global+stale)/elapsed.Seconds(), "asked/s")
	b.ReportMetric(float64(limited), "429s")
	b.ReportMetric(float64(globalLimited), "global-429s")
	b.ReportMetric(float64(ignored), "ignored-429s")
	b.ReportMetric(float64(stale), "stale-buttons")
	b.ReportMetric(at(swept, 0.95), "sweep-p95-ms")
	b.ReportMetric(float64(reminders), "reminders")
	b.ReportMetric(float64(slices.Max(sweeps))/float64(time.Millisecond), "sweep-ms")
	b.ReportMetric(0, "ns/op")
	b.Logf("%d games, %d rounds: %d moves in %v, %.1f moves a second; %d typed in the channel", games, round, len(all), elapsed.Round(time.Millisecond), n/elapsed.Seconds(), len(parent))
	b.Logf("board delay (dispatch to the board in its thread): p50 %.0f ms, p95 %.0f ms, max %.0f ms; moves typed in the channel: p50 %.0f ms, p95 %.0f ms, max %.0f ms",
		at(all, 0.5), at(all, 0.95), at(all, 1), at(parent, 0.5), at(parent, 0.95), at(parent, 1))
	b.Logf("for the moves typed in the channel, from the move's answer there to its board in the thread (the post, on the budget): p50 %.0f ms, p95 %.0f ms, max %.0f ms",
		at(posts, 0.5), at(posts, 0.95), at(posts, 1))
	b.Logf("calls against the global limit accepted: %d, %.2f a move, %.1f a second (the limit: 50); 429s answered: %d, %d of them global; calls that ignored a 429: %d",
		global, float64(global)/n, float64(global)/elapsed.Seconds(), limited, globalLimited, ignored)
	b.Logf("old boards still showing buttons when the rounds ended: %d (cosmetic edits owed); calls asked for, made or owed: %.1f a second",
		stale, float64(global+stale)/elapsed.Seconds())
	b.Logf("the last round of each b.N had a sweep at once: %d reminders posted, the slowest sweep took %v; board delay in those rounds: p50 %.0f ms, p95 %.0f ms, max %.0f ms",
		reminders, slices.Max(sweeps).Round(time.Millisecond), at(swept, 0.5), at(swept, 0.95), at(swept, 1))
}

// isReminder reports whether m is a reminder that a player's move is
// awaited.
func isReminder(m discordtest.Message) bool {
	return strings.Contains(m.Content, "has been waiting for your move")
}

// boardsRounds is how many rounds of moves BenchmarkBoardsOnBudget plays
// a b.N.
const boardsRounds = 4

// randomMove loads game id, of All the King's Men between players, and
// picks a random legal move with rng: its text, who is to play it, and the
// game's version before it; over if the game has ended.
func (h *harness) randomMove(id int64, players [2]discordtest.User, rng *rand.Rand) (text string, mover discordtest.User, version int64, over bool) {
	h.t.Helper()
	g, err := h.proc.db.Game(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	p, err := kingsmen.Parse(g.Position)
	if err != nil {
		h.t.Fatal(err)
	}
	if p.Outcome().Over() {
		return "", discordtest.User{}, g.Version, true
	}
	legal := p.Legal()
	mover = players[0]
	for _, s := range g.Seats {
		if s.Seat == int(p.ToMove()) && s.UserID == players[1].ID {
			mover = players[1]
		}
	}
	return legal[rng.IntN(len(legal))].Text, mover, g.Version, false
}

// budgetTable is one game of BenchmarkBoardsOnBudget.
type budgetTable struct {
	id      int64
	channel discordtest.Channel // where it was made
	thread  discordtest.Channel
	players [2]discordtest.User
	rng     *rand.Rand
}

// budgetMove is a move's board: its game, thread and version.
type budgetMove struct {
	game    int64
	thread  string
	version int64
}

// budgetTable sets up game i in ch: a challenge, its thread, the
// acceptance and the first board in the thread.
func (h *harness) budgetTable(ch discordtest.Channel, i int) *budgetTable {
	h.t.Helper()
	t := &budgetTable{channel: ch, rng: rand.New(rand.NewPCG(uint64(i), 30)),
		players: [2]discordtest.User{h.f.NewUser(fmt.Sprintf("North %d", i)), h.f.NewUser(fmt.Sprintf("South %d", i))}}
	invite := h.challengeMessage(t.players[0], t.players[1], ch)
	t.thread = discordtest.Channel{ID: invite.ID, GuildID: ch.GuildID, Name: "game", Type: discordtest.PublicThread, ParentID: ch.ID}
	// The bot introduces the thread once it has recorded it as the game's.
	h.f.AwaitChannel(h.t, t.thread.ID, 0, "the thread's introduction", func(ms []discordtest.Message) bool { return len(ms) > 0 })
	accept, _ := invite.Button("Accept")
	h.f.Click(t.players[1], invite, accept.CustomID)
	ms := h.f.AwaitChannel(h.t, t.thread.ID, 0, "the first board in the thread", func(ms []discordtest.Message) bool { return slices.ContainsFunc(ms, isBoard) })
	t.id = gameID(h.t, ms[slices.IndexFunc(ms, isBoard)])
	return t
}

// boardFile is the name of a board's picture: the game's kind, id and
// version.
var boardFile = regexp.MustCompile(`^[a-z]+-(\d+)-(\d+)\.png$`)

// boardVersion is the version of the game a board shows, from its
// picture's name; -1 if it has none.
func boardVersion(m discordtest.Message) int64 {
	if len(m.Files) == 0 {
		return -1
	}
	sub := boardFile.FindStringSubmatch(m.Files[len(m.Files)-1].Name)
	if sub == nil {
		return -1
	}
	var v int64
	fmt.Sscan(sub[2], &v)
	return v
}

// checkBudgetBoards checks that every move's board was posted once, in its
// game's thread, and that each thread's boards come in the order of their
// versions; it returns how many old boards still show buttons.
func checkBudgetBoards(b *testing.B, f *discordtest.Fake, tables []*budgetTable, moves []budgetMove) (stale int) {
	b.Helper()
	type key struct {
		game    int64
		version int64
	}
	posted := map[key][]string{} // the channels of each board
	for _, m := range f.Messages() {
		if isBoard(m) && !m.Deleted {
			sub := boardFile.FindStringSubmatch(m.Files[len(m.Files)-1].Name)
			if sub == nil {
				b.Errorf("board %s has a picture named %q", m.ID, m.Files[len(m.Files)-1].Name)
				continue
			}
			var game int64
			fmt.Sscan(sub[1], &game)
			k := key{game, boardVersion(m)}
			posted[k] = append(posted[k], m.ChannelID)
		}
	}
	for _, mv := range moves {
		if where := posted[key{mv.game, mv.version}]; len(where) != 1 || where[0] != mv.thread {
			b.Errorf("the board of game #%d at version %d is in %v, want once in its thread %s", mv.game, mv.version, where, mv.thread)
		}
	}
	for _, t := range tables {
		var versions []int64
		var boards []discordtest.Message
		for _, m := range f.ChannelMessages(t.thread.ID) {
			if isBoard(m) && !m.Deleted {
				versions = append(versions, boardVersion(m))
				boards = append(boards, m)
			}
		}
		for i := 1; i < len(versions); i++ {
			if versions[i] <= versions[i-1] {
				b.Errorf("game #%d's thread has its boards in the order of versions %v", t.id, versions)
				break
			}
		}
		for i, m := range boards {
			if i < len(boards)-1 && len(m.Components) > 0 && !strings.Contains(m.Content, "Game over") {
				stale++
			}
		}
	}
	return stale
}

// With the global limit spent, the bot holds every call that counts
// against it until the global 429's retry_after has passed, and loses
// nothing. Here ten games' players move from the channel, one a tenth of a
// second, so that each move costs a board posted into its game's thread
// (and the old board's edit), against a limit of three calls a second.
func TestDoorHonoursGlobalLimit(t *testing.T) {
	t.Parallel()
	h := newHarness(t, threads)
	ch := h.f.Channel()
	const games = 10
	tables := make([]*budgetTable, games)
	for i := range tables {
		tables[i] = h.budgetTable(ch, i)
	}
	h.f.EnforceRateLimits(discordtest.RateLimits{Global: 3})
	var wg sync.WaitGroup
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for _, tb := range tables {
		<-tick.C
		text, mover, version, _ := h.randomMove(tb.id, tb.players, rand.New(rand.NewPCG(uint64(tb.id), 1)))
		from := len(h.f.ChannelMessages(tb.thread.ID))
		h.f.Command(mover, ch, "kingsmen", "move", discordtest.Opt{Name: "move", Value: text}, discordtest.Opt{Name: "game", Value: fmt.Sprint(tb.id)})
		wg.Go(func() {
			h.f.AwaitChannel(t, tb.thread.ID, from, fmt.Sprintf("the board of game #%d after %s", tb.id, text), func(ms []discordtest.Message) bool {
				return slices.ContainsFunc(ms, func(m discordtest.Message) bool { return isBoard(m) && boardVersion(m) > version })
			})
		})
	}
	wg.Wait()
	total, _ := h.f.RateCounts()
	if total.GlobalLimited == 0 {
		t.Errorf("no global 429: the moves did not spend the limit (%+v)", total)
	}
}
