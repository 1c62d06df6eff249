package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"text/tabwriter"
	"time"

	"parlor/bot/discord/discordtest"
	"parlor/rules/kingsmen"
	"parlor/storage"
	"parlor/storage/storagetest"
)

// The storm benchmark (issue 28): does every answer reach its player when
// the bot is killed again and again? It is run by hand, never in CI:
//
//	export PARLOR_TEST_POSTGRES=...   # a PostgreSQL server's URL
//	go test ./cmd/parlor -run TestStorm -storm -v -timeout 40m
//
// Each phase (one bot; two replicas behind a round-robin proxy) runs the
// real parlor binary with the HTTP door on a fresh PostgreSQL database,
// talking to a fake Discord in the test process, which delivers the
// interactions through a reverse proxy that adds a little latency to each
// response. -storm.games games of All the King's Men are played at once,
// a goroutine each, for -storm.duration, while a bot is SIGKILLed every few
// seconds and restarted at once on the same address. Then the killing
// stops, the bots are given -storm.settle to catch up (their sweeps), and
// the figures are taken: see stormFigures.
var (
	stormOn       = flag.Bool("storm", false, "run TestStorm, the storm benchmark: the parlor binary SIGKILLed again and again (by hand, never in CI)")
	stormGames    = flag.Int("storm.games", 40, "storm: games played at once")
	stormDuration = flag.Duration("storm.duration", 4*time.Minute, "storm: how long each phase's storm lasts")
	stormReplicas = flag.String("storm.replicas", "1,2", "storm: the phases to run: 1 (one bot), 2 (two replicas behind the proxy), or 1,2")
	stormLatency  = flag.String("storm.proxy", "20ms-60ms", "storm: the latency the proxy adds to each response, min-max (0: none)")
	stormRetry    = flag.Bool("storm.retry", true, "storm: with two replicas, the proxy sends a request whose connection is refused to the other one, as nginx does")
	stormKill     = flag.String("storm.kill", "3s-8s", "storm: the time between two SIGKILLs, min-max (random)")
	stormSettle   = flag.Duration("storm.settle", 90*time.Second, "storm: how long the bots may take after the storm to post what they owe")
	stormWait     = flag.Duration("storm.wait", 10*time.Second, "storm: how long a player waits for an answer before moving on")
	stormPause    = flag.Duration("storm.pause", 0, "storm: how long a player pauses between an answer and the next move")
	stormHold     = flag.Duration("storm.hold", 5*time.Second, "storm: PARLOR_BOARD_HOLD given to the bots")
	stormSweep    = flag.Duration("storm.sweep", 500*time.Millisecond, "storm: PARLOR_SWEEP_EVERY given to the bots")
	stormOut      = flag.String("storm.out", "", "storm: write the figures as JSON to this file")
	stormLogs     = flag.String("storm.logs", "", "storm: the directory for the bots' logs (default: a new one under $TMPDIR, kept)")
	stormSeed     = flag.Uint64("storm.seed", 0, "storm: the seed of the moves and kills (0: a random one)")
)

// stormWindow is how soon after an interaction is sent a kill (or a
// restart under way) excuses a reply left "thinking…": Discord's window
// for the first answer.
const stormWindow = 3 * time.Second

func TestStorm(t *testing.T) {
	if !*stormOn {
		t.Skip("the storm benchmark runs by hand: go test ./cmd/parlor -run TestStorm -storm -v -timeout 40m")
	}
	var phases []int
	for _, p := range strings.Split(*stormReplicas, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || (n != 1 && n != 2) {
			t.Fatalf("-storm.replicas=%q: say 1, 2 or 1,2", *stormReplicas)
		}
		phases = append(phases, n)
	}
	latency, err := parseRange(*stormLatency)
	if err != nil {
		t.Fatalf("-storm.proxy: %v", err)
	}
	kills, err := parseRange(*stormKill)
	if err != nil || kills[0] <= 0 {
		t.Fatalf("-storm.kill=%q: say min-max, like 3s-8s", *stormKill)
	}
	seed := *stormSeed
	if seed == 0 {
		seed = rand.Uint64()
	}
	logDir := *stormLogs
	if logDir == "" {
		if logDir, err = os.MkdirTemp("", "parlor-storm-"); err != nil {
			t.Fatal(err)
		}
	} else if err := os.MkdirAll(logDir, 0o755); err != nil {
		t.Fatal(err)
	}
	storagetest.Server(t) // skips, saying how, without a server
	bin := filepath.Join(t.TempDir(), "parlor")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Logf("storm: seed %d, %d games, %v a phase, kills every %s, proxy latency %s; the bots' logs are in %s",
		seed, *stormGames, *stormDuration, *stormKill, *stormLatency, logDir)

	var results []*stormFigures
	for _, n := range phases {
		name := map[int]string{1: "one_bot", 2: "two_replicas"}[n]
		t.Run(name, func(t *testing.T) {
			s := &storm{
				t: t, bin: bin, replicas: n, name: name, logDir: logDir, latency: latency, kills: kills,
				rng: rand.New(rand.NewPCG(seed, uint64(n))), seed: seed,
			}
			fig := s.run()
			results = append(results, fig)
			t.Logf("storm, %s:\n%s", name, stormTable([]*stormFigures{fig}))
			fig.check(t)
		})
	}
	if len(results) > 1 {
		t.Logf("storm, every phase:\n%s", stormTable(results))
	}
	if *stormOut != "" {
		b, err := json.MarshalIndent(map[string]any{
			"seed": seed, "games": *stormGames, "duration": stormDuration.String(), "kill_every": *stormKill,
			"proxy_latency": *stormLatency, "pause": stormPause.String(), "retry": *stormRetry, "settle": stormSettle.String(), "board_hold": stormHold.String(),
			"logs": logDir, "phases": results,
		}, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*stormOut, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// stormFigures is what a phase measured. The figures marked "must be 0"
// fail the test when they are not.
type stormFigures struct {
	Phase    string `json:"phase"`
	Replicas int    `json:"replicas"`
	Games    int    `json:"games"`   // games played, those started during the storm too
	Storm    string `json:"storm"`   // how long the storm lasted
	Settled  string `json:"settled"` // how long after the storm every board owed was posted ("" never, within -storm.settle)

	MovesSent         int `json:"moves_sent"`
	MovesStored       int `json:"moves_stored"`       // log entries of kind move, seat ≥ 0, of an interaction sent
	MovesAcknowledged int `json:"moves_acknowledged"` // the reply is a board or a private "Done…"
	MovesRefused      int `json:"moves_refused"`      // the reply is a private refusal
	Lost              int `json:"lost"`               // acknowledged, not stored: must be 0
	RefusedStored     int `json:"refused_stored"`     // refused, yet stored: must be 0
	Doubled           int `json:"doubled"`            // DoubledMoves + CheckProblems: must be 0
	DoubledMoves      int `json:"doubled_moves"`      // interactions stored more than once
	CheckProblems     int `json:"check_problems"`     // games parlor check finds differ from their logs

	// Replies left "thinking…": still loading at the end, or never
	// answered at all, split by whether the replica that got the
	// interaction was killed (or restarting) within 3 s of its sending.
	StuckNearKill        int     `json:"stuck_near_kill"`
	StuckNoKill          int     `json:"stuck_no_kill"` // must be 0
	LoadingNearKill      int     `json:"loading_near_kill"`
	LoadingNoKill        int     `json:"loading_no_kill"`
	UnansweredNearKill   int     `json:"unanswered_near_kill"`
	UnansweredNoKill     int     `json:"unanswered_no_kill"`
	StuckStored          int     `json:"stuck_stored"`        // of the stuck replies, those whose move is stored: the players were never told
	GamesWithoutBoard    int     `json:"games_without_board"` // the newest board is older than the last stored change: must be 0
	MovesWithoutBoard    int     `json:"moves_without_board"` // the stored changes after those games' newest boards
	GamesWithoutBoardIDs []int64 `json:"games_without_board_ids,omitempty"`
	// BoardsTwice counts boards posted more than once (the same game and
	// version): a process that died after posting a board and before
	// recording it leaves it owed, and it is posted again.
	BoardsTwice int `json:"boards_twice"`

	Kills          int            `json:"kills"`
	Restarts       int            `json:"restarts"`
	Crashes        int            `json:"crashes"`     // a bot found stopped when its kill came
	DownP50ms      float64        `json:"down_p50_ms"` // from a kill to the restarted bot's health check answered
	DownMaxms      float64        `json:"down_max_ms"`
	FakeRefusals   map[string]int `json:"fake_refusals"`   // requests the fake answered with ≥ 400, by status, code and route
	FakeComplaints map[string]int `json:"fake_complaints"` // what the fake would have failed a test for
	ProxyErrors    map[string]int `json:"proxy_errors"`    // requests the proxy could not deliver (it answered 502)
	BotLogs        map[string]int `json:"bot_logs"`        // the bots' warnings and errors, by message
	LatencyP50ms   float64        `json:"latency_p50_ms"`  // first answer, from the sending of the interaction
	LatencyP99ms   float64        `json:"latency_p99_ms"`
	LatencyMaxms   float64        `json:"latency_max_ms"`
	Logs           []string       `json:"logs"`
}

func (f *stormFigures) check(t *testing.T) {
	t.Helper()
	for _, c := range []struct {
		what string
		n    int
	}{
		{"acknowledged moves not stored (lost)", f.Lost},
		{"refused moves stored", f.RefusedStored},
		{"moves stored twice, or games that do not replay (doubled)", f.Doubled},
		{"replies left thinking with no kill within 3 s", f.StuckNoKill},
		{"games whose newest board is older than their last stored move", f.GamesWithoutBoard},
	} {
		if c.n != 0 {
			t.Errorf("%s: %d %s; must be 0", f.Phase, c.n, c.what)
		}
	}
}

// stormTable lays the phases' figures out side by side.
func stormTable(figs []*stormFigures) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	row := func(name string, v func(*stormFigures) string) {
		fmt.Fprintf(w, "%s\t", name)
		for _, f := range figs {
			fmt.Fprintf(w, "%s\t", v(f))
		}
		fmt.Fprintln(w)
	}
	num := func(name string, v func(*stormFigures) int) {
		row(name, func(f *stormFigures) string { return strconv.Itoa(v(f)) })
	}
	row("", func(f *stormFigures) string { return f.Phase })
	num("games", func(f *stormFigures) int { return f.Games })
	row("storm", func(f *stormFigures) string { return f.Storm })
	num("kills", func(f *stormFigures) int { return f.Kills })
	num("restarts", func(f *stormFigures) int { return f.Restarts })
	num("stopped by themselves", func(f *stormFigures) int { return f.Crashes })
	row("down after a kill, p50", func(f *stormFigures) string { return fmt.Sprintf("%.0f ms", f.DownP50ms) })
	row("down after a kill, max", func(f *stormFigures) string { return fmt.Sprintf("%.0f ms", f.DownMaxms) })
	num("moves sent", func(f *stormFigures) int { return f.MovesSent })
	num("moves stored", func(f *stormFigures) int { return f.MovesStored })
	num("moves acknowledged", func(f *stormFigures) int { return f.MovesAcknowledged })
	num("moves refused", func(f *stormFigures) int { return f.MovesRefused })
	num("lost (must be 0)", func(f *stormFigures) int { return f.Lost })
	num("refused yet stored (must be 0)", func(f *stormFigures) int { return f.RefusedStored })
	num("doubled (must be 0)", func(f *stormFigures) int { return f.Doubled })
	num("  stored twice", func(f *stormFigures) int { return f.DoubledMoves })
	num("  parlor check problems", func(f *stormFigures) int { return f.CheckProblems })
	num("thinking…, kill within 3 s", func(f *stormFigures) int { return f.StuckNearKill })
	num("  still loading", func(f *stormFigures) int { return f.LoadingNearKill })
	num("  never answered", func(f *stormFigures) int { return f.UnansweredNearKill })
	num("thinking…, no kill (must be 0)", func(f *stormFigures) int { return f.StuckNoKill })
	num("  still loading", func(f *stormFigures) int { return f.LoadingNoKill })
	num("  never answered", func(f *stormFigures) int { return f.UnansweredNoKill })
	num("thinking…, yet the move stored", func(f *stormFigures) int { return f.StuckStored })
	num("games without board (must be 0)", func(f *stormFigures) int { return f.GamesWithoutBoard })
	num("  moves without board", func(f *stormFigures) int { return f.MovesWithoutBoard })
	num("boards posted twice", func(f *stormFigures) int { return f.BoardsTwice })
	row("every board posted, after", func(f *stormFigures) string { return cmp.Or(f.Settled, "never") })
	row("first answer p50", func(f *stormFigures) string { return fmt.Sprintf("%.0f ms", f.LatencyP50ms) })
	row("first answer p99", func(f *stormFigures) string { return fmt.Sprintf("%.0f ms", f.LatencyP99ms) })
	row("first answer max", func(f *stormFigures) string { return fmt.Sprintf("%.0f ms", f.LatencyMaxms) })
	counts := func(title string, m func(*stormFigures) map[string]int) {
		keys := map[string]bool{}
		for _, f := range figs {
			for k := range m(f) {
				keys[k] = true
			}
		}
		if len(keys) == 0 {
			return
		}
		row(title+":", func(*stormFigures) string { return "" })
		for _, k := range sortedStrings(keys) {
			num("  "+k, func(f *stormFigures) int { return m(f)[k] })
		}
	}
	counts("refused by the fake", func(f *stormFigures) map[string]int { return f.FakeRefusals })
	counts("the fake's complaints", func(f *stormFigures) map[string]int { return f.FakeComplaints })
	counts("the proxy's 502s", func(f *stormFigures) map[string]int { return f.ProxyErrors })
	counts("the bots' warnings and errors", func(f *stormFigures) map[string]int { return f.BotLogs })
	w.Flush()
	return b.String()
}

func sortedStrings(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// parseRange reads "min-max" durations, or one duration for both; "0"
// is no time at all.
func parseRange(s string) ([2]time.Duration, error) {
	lo, hi, ok := strings.Cut(strings.TrimSpace(s), "-")
	if !ok {
		hi = lo
	}
	a, err1 := time.ParseDuration(strings.TrimSpace(lo))
	b, err2 := time.ParseDuration(strings.TrimSpace(hi))
	if err := errors.Join(err1, err2); err != nil || a < 0 || b < a {
		return [2]time.Duration{}, fmt.Errorf("%q: say min-max, like 20ms-60ms", s)
	}
	return [2]time.Duration{a, b}, nil
}

// storm is one phase.
type storm struct {
	t        *testing.T
	bin      string
	replicas int
	name     string
	logDir   string
	latency  [2]time.Duration
	kills    [2]time.Duration
	seed     uint64
	rng      *rand.Rand // the killer's

	tb    *stormTB
	f     *discordtest.Fake
	px    *stormProxy
	reps  []*replica
	store *storage.DB
	dbURL string
	start time.Time

	mu    sync.Mutex
	games []int64
	moves []*sentMove
}

type sentMove struct {
	game int64
	ix   *discordtest.Interaction
}

func (s *storm) run() *stormFigures {
	t := s.t
	s.dbURL = storagetest.Postgres(t)
	s.tb = &stormTB{TB: t, complaints: map[string]int{}, failed: map[string]string{}}
	s.f = discordtest.New(s.tb, discordtest.WithTimeout(30*time.Second))
	for i := range s.replicas {
		r := &replica{n: i, bin: s.bin, logPath: filepath.Join(s.logDir, fmt.Sprintf("%s-%d.log", s.name, i))}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		r.addr = ln.Addr().String()
		ln.Close()
		r.env = append(os.Environ(), "DISCORD_TOKEN="+s.f.Token(), "DISCORD_GUILD_ID="+s.f.GuildID(), "PARLOR_DB="+s.dbURL,
			"PARLOR_HTTP_ADDR="+r.addr, "DISCORD_PUBLIC_KEY="+s.f.PublicKey(), "PARLOR_DISCORD_API="+s.f.URL(),
			"PARLOR_SWEEP_EVERY="+stormSweep.String(), "PARLOR_BOARD_HOLD="+stormHold.String(), "LOG_LEVEL=info",
			"PARLOR_SLOW_DOWN=off") // the storm's players move faster than people
		r.dir = t.TempDir()
		if err := r.start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(r.cleanup)
		s.reps = append(s.reps, r)
	}
	s.px = newStormProxy(s.reps, s.latency, s.replicas > 1 && *stormRetry, s.seed)
	proxy := httptest.NewServer(s.px.handler())
	t.Cleanup(proxy.Close)
	s.f.DeliverTo(proxy.URL + "/interactions")
	var err error
	if s.store, err = storage.Open(t.Context(), s.dbURL); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.store.Close() })

	// The games begin before the storm, all at once.
	var wg sync.WaitGroup
	work := make(chan int)
	var setupErr atomic.Value
	for range 8 {
		wg.Go(func() {
			for n := range work {
				id, err := s.newGame(n, 1)
				if err != nil {
					setupErr.Store(err)
					continue
				}
				s.mu.Lock()
				s.games = append(s.games, id)
				s.mu.Unlock()
			}
		})
	}
	for n := range *stormGames {
		work <- n
	}
	close(work)
	wg.Wait()
	if err, _ := setupErr.Load().(error); err != nil {
		t.Fatalf("setting the games up: %v", err)
	}
	t.Logf("%d games begun; the storm begins", len(s.games))

	// The storm: every game moving at once while the killer kills.
	s.start = time.Now()
	end := s.start.Add(*stormDuration)
	stopKilling := make(chan struct{})
	killed := make(chan struct{})
	go func() {
		defer close(killed)
		s.killer(stopKilling)
	}()
	s.mu.Lock()
	games := slices.Clone(s.games)
	s.mu.Unlock()
	var players sync.WaitGroup
	for i, id := range games {
		players.Go(func() { s.play(i, id, end) })
	}
	players.Wait()
	close(stopKilling)
	<-killed
	stormTook := time.Since(s.start)
	t.Logf("the storm is over after %v: %d moves sent, %d kills; settling (up to %v)", stormTook.Round(time.Second), len(s.moves), s.killCount(), *stormSettle)

	// Settling: the bots' sweeps may post what they owe.
	settled := ""
	settleStart := time.Now()
	for {
		behind, _, _, err := s.boardsBehind()
		if err != nil {
			t.Fatal(err)
		}
		// Replies left loading by a kill never resolve: the boards owed
		// are what the bots can still catch up on.
		if behind == 0 {
			settled = time.Since(settleStart).Round(time.Second).String()
			break
		}
		if time.Since(settleStart) > *stormSettle {
			break
		}
		time.Sleep(time.Second)
	}
	fig := s.figures()
	fig.Storm = stormTook.Round(time.Second).String()
	fig.Settled = settled

	// The bots stop as in production, and parlor check replays every log.
	for _, r := range s.reps {
		if err := r.stop(); err != nil {
			t.Errorf("replica %d: %v", r.n, err)
		}
	}
	out, err := exec.Command(s.bin, "check", "--db", s.dbURL).CombinedOutput()
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "game ") {
			fig.CheckProblems++
			if fig.CheckProblems <= 10 {
				t.Logf("parlor check: %s", line)
			}
		}
	}
	if err != nil && fig.CheckProblems == 0 {
		t.Errorf("parlor check: %v\n%s", err, out)
	}
	fig.Doubled = fig.DoubledMoves + fig.CheckProblems
	for _, r := range s.reps {
		fig.Logs = append(fig.Logs, r.logPath)
	}
	fig.BotLogs = botLogSummary(fig.Logs)
	return fig
}

// killer SIGKILLs a bot every few seconds (the replicas in turn) and
// restarts it at once on the same address, until stop.
func (s *storm) killer(stop <-chan struct{}) {
	for k := 0; ; k++ {
		d := s.kills[0]
		if s.kills[1] > s.kills[0] {
			d += time.Duration(s.rng.Int64N(int64(s.kills[1] - s.kills[0])))
		}
		select {
		case <-stop:
			return
		case <-time.After(d):
		}
		r := s.reps[k%len(s.reps)]
		r.kill()
		for tries := 0; ; tries++ {
			err := r.start()
			if err == nil {
				break
			}
			if tries == 5 {
				s.t.Errorf("replica %d does not restart: %v", r.n, err)
				return
			}
			time.Sleep(time.Second)
		}
	}
}

func (s *storm) killCount() int {
	n := 0
	for _, r := range s.reps {
		r.mu.Lock()
		n += len(r.down)
		r.mu.Unlock()
	}
	return n
}

// play moves in game id, as whoever is to move, until end; a game over is
// followed by a new one.
func (s *storm) play(n int, id int64, end time.Time) {
	rng := rand.New(rand.NewPCG(s.seed, uint64(1000+n)))
	ctx := s.t.Context()
	attempt := 2
	for time.Now().Before(end) {
		g, err := s.store.Game(ctx, id)
		if err != nil {
			s.t.Errorf("game %d: %v", id, err)
			return
		}
		p, err := kingsmen.Parse(g.Position)
		if err != nil {
			s.t.Errorf("game %d: %v", id, err)
			return
		}
		if p.Outcome().Over() || g.Status != storage.StatusActive {
			if id, err = s.newGame(n, attempt); err != nil {
				s.t.Logf("game %d is over and no new one begins: %v", g.ID, err)
				return
			}
			attempt++
			s.mu.Lock()
			s.games = append(s.games, id)
			s.mu.Unlock()
			continue
		}
		mover := s.user(g.Seats[int(p.ToMove())].UserID)
		legal := p.Legal()
		m := legal[rng.IntN(len(legal))].Text
		ix := s.f.Command(mover, s.f.Channel(), "kingsmen", "move",
			discordtest.Opt{Name: "move", Value: m}, discordtest.Opt{Name: "game", Value: strconv.FormatInt(id, 10)})
		s.mu.Lock()
		s.moves = append(s.moves, &sentMove{game: id, ix: ix})
		s.mu.Unlock()
		s.awaitReply(ix, time.Now().Add(*stormWait), func(m discordtest.Message) bool {
			return isBoard(m) || (m.Ephemeral() && !m.Loading() && m.Content != "")
		})
		time.Sleep(*stormPause)
	}
}

var stormUsers sync.Map // user id → discordtest.User

func (s *storm) user(id string) discordtest.User {
	u, _ := stormUsers.Load(id)
	return u.(discordtest.User)
}

// newGame begins game n (its attempt-th): Alice challenges Bob, Bob
// accepts. A kill may lose either answer: then it begins again, with new
// players.
func (s *storm) newGame(n, attempt int) (int64, error) {
	var last error
	for try := range 5 {
		alice := s.f.NewUser(fmt.Sprintf("Alice %d.%d.%d", n, attempt, try))
		bob := s.f.NewUser(fmt.Sprintf("Bob %d.%d.%d", n, attempt, try))
		stormUsers.Store(alice.ID, alice)
		stormUsers.Store(bob.ID, bob)
		ix := s.f.Command(alice, s.f.Channel(), "kingsmen", "new", discordtest.Opt{Name: "opponent", Value: bob.ID})
		challenge, ok := s.awaitReply(ix, time.Now().Add(*stormWait), func(m discordtest.Message) bool {
			return !m.Ephemeral() && !m.Loading() && m.Content != ""
		})
		if !ok {
			last = fmt.Errorf("no challenge for interaction %s", ix.ID)
			continue
		}
		accept, ok := challenge.Button("Accept")
		if !ok {
			last = fmt.Errorf("the challenge has no Accept button: %q", challenge.Content)
			continue
		}
		ix = s.f.Click(bob, challenge, accept.CustomID)
		board, ok := s.awaitReply(ix, time.Now().Add(*stormWait), isBoard)
		if !ok {
			last = fmt.Errorf("no first board for interaction %s", ix.ID)
			continue
		}
		_, after, ok := strings.Cut(board.Content, "Game #")
		end := strings.IndexFunc(after, func(r rune) bool { return r < '0' || r > '9' })
		if !ok || end <= 0 {
			return 0, fmt.Errorf("no game number in %q", board.Content)
		}
		return strconv.ParseInt(after[:end], 10, 64)
	}
	return 0, last
}

// awaitReply waits until a message ix made satisfies cond, until its
// delivery failed, or until deadline.
func (s *storm) awaitReply(ix *discordtest.Interaction, deadline time.Time, cond func(discordtest.Message) bool) (discordtest.Message, bool) {
	for {
		for _, m := range ix.Messages() {
			if cond(m) {
				return m, true
			}
		}
		if s.tb.deliveryFailed(ix.ID) || time.Now().After(deadline) {
			return discordtest.Message{}, false
		}
		time.Sleep(25 * time.Millisecond)
	}
}

var boardFile = regexp.MustCompile(`^kingsmen-(\d+)-(\d+)\.png$`)

// boardsBehind counts the games begun whose newest board posted is older
// than their last stored change, and the changes it misses (each a move,
// in this storm), with the games' ids.
func (s *storm) boardsBehind() (games, changes int, ids []int64, err error) {
	newest := map[int64]int64{}
	for _, f := range s.f.Files() {
		if m := boardFile.FindStringSubmatch(f.Name); m != nil {
			id, _ := strconv.ParseInt(m[1], 10, 64)
			v, _ := strconv.ParseInt(m[2], 10, 64)
			newest[id] = max(newest[id], v)
		}
	}
	all, err := s.store.GameIDs(s.t.Context())
	if err != nil {
		return 0, 0, nil, err
	}
	for _, id := range all {
		g, err := s.store.Game(s.t.Context(), id)
		if err != nil {
			return 0, 0, nil, err
		}
		if g.Status != storage.StatusActive && g.Status != storage.StatusOver {
			continue // a challenge never accepted: no board is owed
		}
		if newest[id] < g.BoardVersion {
			games++
			changes += int(g.BoardVersion - newest[id])
			ids = append(ids, id)
		}
	}
	return games, changes, ids, nil
}

// figures measures the phase, after the settling.
func (s *storm) figures() *stormFigures {
	t := s.t
	s.mu.Lock()
	moves := slices.Clone(s.moves)
	games := len(s.games)
	s.mu.Unlock()
	fig := &stormFigures{Phase: s.name, Replicas: s.replicas, Games: games, MovesSent: len(moves),
		FakeRefusals: map[string]int{}, FakeComplaints: s.tb.complaintCounts(), ProxyErrors: s.px.errorCounts()}

	sent := map[string]bool{}
	for _, m := range moves {
		sent[m.ix.ID] = true
	}
	stored := map[string]int{}
	ids, err := s.store.GameIDs(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		log, err := s.store.Log(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range log {
			if e.Kind == storage.EntryMove && e.Seat >= 0 && sent[e.InteractionID] {
				stored[e.InteractionID]++
				fig.MovesStored++
			}
		}
	}
	for id, n := range stored {
		if n > 1 {
			fig.DoubledMoves++
			t.Logf("interaction %s is stored %d times", id, n)
		}
	}
	posted := map[string]int{}
	for _, f := range s.f.Files() {
		if boardFile.MatchString(f.Name) {
			posted[f.Name]++
		}
	}
	for name, n := range posted {
		if n > 1 {
			fig.BoardsTwice += n - 1
			t.Logf("board %s posted %d times", name, n)
		}
	}

	var latencies []time.Duration
	var details []string
	for _, m := range moves {
		msgs := m.ix.Messages()
		acked := slices.ContainsFunc(msgs, func(m discordtest.Message) bool {
			return isBoard(m) || (m.Ephemeral() && !m.Loading() && strings.HasPrefix(m.Content, "Done"))
		})
		refused := !acked && slices.ContainsFunc(msgs, func(m discordtest.Message) bool {
			return m.Ephemeral() && !m.Loading() && m.Content != "" && !strings.HasPrefix(m.Content, "Done")
		})
		loading := slices.ContainsFunc(msgs, discordtest.Message.Loading)
		answered := false
		for _, r := range m.ix.Requests() {
			if r.Route == "POST /interactions/{id}/{token}/callback" && r.Status >= 200 && r.Status < 300 {
				answered = true
				latencies = append(latencies, r.At.Sub(m.ix.Sent()))
			}
		}
		switch {
		case acked:
			fig.MovesAcknowledged++
			if stored[m.ix.ID] == 0 {
				fig.Lost++
				t.Logf("lost: interaction %s (game %d) was acknowledged and is not stored", m.ix.ID, m.game)
			}
		case refused:
			fig.MovesRefused++
			if stored[m.ix.ID] > 0 {
				fig.RefusedStored++
				t.Logf("interaction %s (game %d) was refused and is stored: %q", m.ix.ID, m.game, msgs[len(msgs)-1].Content)
			}
		}
		if answered && !loading {
			continue // not left thinking
		}
		near, gap := s.nearKill(m.ix)
		if stored[m.ix.ID] > 0 {
			fig.StuckStored++
		}
		switch {
		case near && loading:
			fig.LoadingNearKill++
		case near:
			fig.UnansweredNearKill++
		case loading:
			fig.LoadingNoKill++
		default:
			fig.UnansweredNoKill++
		}
		if !near && len(details) < 20 {
			what := "never answered"
			if loading {
				what = "still loading"
			}
			if why := s.tb.failure(m.ix.ID); why != "" {
				what += " (" + why + ")"
			}
			details = append(details, fmt.Sprintf("interaction %s (game %d), sent at +%v to replica %v: %s; stored %d times; the next kill of its replica %s",
				m.ix.ID, m.game, m.ix.Sent().Sub(s.start).Round(time.Millisecond), s.px.routes(m.ix.ID), what, stored[m.ix.ID], gap))
		}
	}
	fig.StuckNearKill = fig.LoadingNearKill + fig.UnansweredNearKill
	fig.StuckNoKill = fig.LoadingNoKill + fig.UnansweredNoKill
	for _, d := range details {
		t.Logf("thinking…, no kill within 3 s: %s", d)
	}
	if len(latencies) > 0 {
		slices.Sort(latencies)
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		fig.LatencyP50ms = ms(latencies[len(latencies)/2])
		fig.LatencyP99ms = ms(latencies[min(len(latencies)-1, len(latencies)*99/100)])
		fig.LatencyMaxms = ms(latencies[len(latencies)-1])
	}

	behind, changes, bids, err := s.boardsBehind()
	if err != nil {
		t.Fatal(err)
	}
	fig.GamesWithoutBoard, fig.MovesWithoutBoard, fig.GamesWithoutBoardIDs = behind, changes, bids

	var downs []time.Duration
	for _, r := range s.reps {
		r.mu.Lock()
		for _, d := range r.down {
			if !d.up.IsZero() {
				downs = append(downs, d.up.Sub(d.kill))
			}
		}
		fig.Kills += len(r.down)
		fig.Restarts += r.starts - 1
		fig.Crashes += r.crashes
		r.mu.Unlock()
	}
	if len(downs) > 0 {
		slices.Sort(downs)
		fig.DownP50ms = float64(downs[len(downs)/2].Milliseconds())
		fig.DownMaxms = float64(downs[len(downs)-1].Milliseconds())
	}
	for _, r := range s.f.Refused() {
		fig.FakeRefusals[fmt.Sprintf("%d %s %s", r.Status, discordCode(r), r.Route)]++
	}
	return fig
}

// nearKill reports whether a replica ix went to was killed, or was still
// restarting, within 3 s of its sending; if not, it says when its next
// kill came.
func (s *storm) nearKill(ix *discordtest.Interaction) (bool, string) {
	sent := ix.Sent()
	reps := s.px.routes(ix.ID)
	if len(reps) == 0 {
		for i := range s.reps {
			reps = append(reps, i)
		}
	}
	next := time.Duration(-1)
	for _, i := range reps {
		r := s.reps[i]
		r.mu.Lock()
		for _, d := range r.down {
			up := d.up
			if up.IsZero() {
				up = time.Now()
			}
			if !d.kill.After(sent.Add(stormWindow)) && !up.Before(sent) {
				r.mu.Unlock()
				return true, ""
			}
			if d.kill.After(sent) && (next < 0 || d.kill.Sub(sent) < next) {
				next = d.kill.Sub(sent)
			}
		}
		r.mu.Unlock()
	}
	if next < 0 {
		return false, "never came"
	}
	return false, fmt.Sprintf("came %v after", next.Round(time.Millisecond))
}

// discordCode is the JSON error code of the fake's refusal, read from its
// message.
func discordCode(r discordtest.Request) string {
	for _, c := range []struct{ prefix, code string }{
		{"Unknown interaction", "10062"}, {"Unknown Webhook", "10015"}, {"Unknown Message", "10008"},
		{"Interaction has already been acknowledged", "40060"}, {"Unknown Channel", "10003"},
		{"rate limited", "429"}, {"the request body is not valid", "50109"},
	} {
		if strings.HasPrefix(r.Error, c.prefix) {
			return c.code
		}
	}
	if r.Status == http.StatusBadRequest {
		return "50035"
	}
	return "?"
}

// stormTB stands for the test before the fake: a fake that cannot deliver
// an interaction (the bot is dead) fails the test it runs under, which in
// a storm is expected; the storm counts such complaints instead, and
// remembers which interactions were not delivered.
type stormTB struct {
	testing.TB
	mu         sync.Mutex
	complaints map[string]int
	failed     map[string]string // interaction id → why its delivery failed
}

var (
	digits       = regexp.MustCompile(`[0-9][0-9.]*(µs|ms|s|m)?`)
	tokens       = regexp.MustCompile(`[A-Za-z0-9_-]{40,}`) // an interaction's token, in a path
	interactionN = regexp.MustCompile(`interaction (\d+)`)
	afterColon   = regexp.MustCompile(`: (dial tcp|read tcp|EOF|Post).*`)
)

func (s *stormTB) note(msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	kind := strings.TrimPrefix(msg, "discordtest: ")
	if m := interactionN.FindStringSubmatch(msg); m != nil && (strings.Contains(msg, "POST of interaction") || strings.Contains(msg, "the endpoint answered")) {
		s.failed[m[1]] = digits.ReplaceAllString(kind, "N")
	}
	kind = afterColon.ReplaceAllString(kind, ": …")
	kind = tokens.ReplaceAllString(kind, "TOKEN")
	kind = digits.ReplaceAllString(kind, "N")
	if len(kind) > 120 {
		kind = kind[:120] + "…"
	}
	s.complaints[kind]++
}

func (s *stormTB) Errorf(format string, args ...any) { s.note(fmt.Sprintf(format, args...)) }
func (s *stormTB) Error(args ...any)                 { s.note(fmt.Sprint(args...)) }

// Fatalf and Fatal are real failures (the fake refused to do what the
// storm asked), which end the goroutine that asked.
func (s *stormTB) Fatalf(format string, args ...any) {
	s.TB.Errorf(format, args...)
	runtime.Goexit()
}

func (s *stormTB) Fatal(args ...any) {
	s.TB.Error(args...)
	runtime.Goexit()
}

func (s *stormTB) deliveryFailed(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.failed[id]
	return ok
}

func (s *stormTB) failure(id string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failed[id]
}

func (s *stormTB) complaintCounts() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int{}
	for k, v := range s.complaints {
		out[k] = v
	}
	return out
}

// stormProxy is the load balancer in front of the replicas: round-robin,
// with a little latency on the way back, as a real proxy and network add.
// With retry, a request whose connection is refused (the replica is dead)
// goes to the next replica, as nginx's proxy_next_upstream error does; a
// request that reached a replica is never sent twice. It does not keep
// connections to the replicas alive (nginx's default to an upstream).
type stormProxy struct {
	backends []string
	latency  [2]time.Duration
	retry    bool
	tr       *http.Transport
	next     atomic.Uint64

	mu     sync.Mutex
	rng    *rand.Rand
	routed map[string][]int // interaction id → the replicas tried, in order
	errs   map[string]int
}

func newStormProxy(reps []*replica, latency [2]time.Duration, retry bool, seed uint64) *stormProxy {
	p := &stormProxy{latency: latency, retry: retry, tr: &http.Transport{DisableKeepAlives: true},
		rng: rand.New(rand.NewPCG(seed, 99)), routed: map[string][]int{}, errs: map[string]int{}}
	for _, r := range reps {
		p.backends = append(p.backends, r.addr)
	}
	return p
}

func (p *stormProxy) handler() http.Handler {
	return &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.Out.URL.Scheme, r.Out.URL.Host = "http", "replica" // RoundTrip chooses
		},
		Transport: p,
		ErrorLog:  log.New(io.Discard, "", 0), // a body cut short by a kill: counted by the fake
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			kind := "other"
			switch {
			case isDialError(err):
				kind = "connection refused"
			case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
				kind = "EOF (killed while answering)"
			case errors.Is(err, syscall.ECONNRESET):
				kind = "connection reset (killed while answering)"
			}
			p.mu.Lock()
			p.errs[kind]++
			p.mu.Unlock()
			w.WriteHeader(http.StatusBadGateway)
		},
	}
}

func (p *stormProxy) RoundTrip(req *http.Request) (*http.Response, error) {
	body, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return nil, err
	}
	var ix struct {
		ID string `json:"id"`
	}
	json.Unmarshal(body, &ix)
	first := int(p.next.Add(1)-1) % len(p.backends)
	tries := 1
	if p.retry {
		tries = len(p.backends)
	}
	for k := range tries {
		b := (first + k) % len(p.backends)
		p.mu.Lock()
		p.routed[ix.ID] = append(p.routed[ix.ID], b)
		p.mu.Unlock()
		out := req.Clone(req.Context())
		out.URL.Host, out.Host = p.backends[b], p.backends[b]
		out.Body, out.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
		resp, err := p.tr.RoundTrip(out)
		if err == nil {
			p.mu.Lock()
			d := p.latency[0]
			if p.latency[1] > p.latency[0] {
				d += time.Duration(p.rng.Int64N(int64(p.latency[1] - p.latency[0])))
			}
			p.mu.Unlock()
			time.Sleep(d)
			return resp, nil
		}
		if k == tries-1 || !isDialError(err) {
			return nil, err
		}
	}
	panic("unreachable")
}

func isDialError(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

func (p *stormProxy) routes(id string) []int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.routed[id])
}

func (p *stormProxy) errorCounts() map[string]int {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[string]int{}
	for k, v := range p.errs {
		out[k] = v
	}
	return out
}

// replica is one parlor process, which the storm kills and restarts on
// the same address; its logs are appended to logPath.
type replica struct {
	n       int
	bin     string
	addr    string
	dir     string
	env     []string
	logPath string

	mu      sync.Mutex
	cmd     *exec.Cmd
	exited  chan error
	starts  int
	crashes int // the process was found stopped when its kill came
	down    []downtime
}

// downtime is from a kill to the restarted process's first health check
// answered.
type downtime struct{ kill, up time.Time }

// start runs the process and waits until it answers /healthz.
func (r *replica) start() error {
	r.mu.Lock()
	mode := os.O_CREATE | os.O_WRONLY | os.O_APPEND
	if r.starts == 0 {
		mode |= os.O_TRUNC // a new phase: no earlier run's logs
	}
	r.mu.Unlock()
	logf, err := os.OpenFile(r.logPath, mode, 0o644)
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.starts++
	fmt.Fprintf(logf, "=== storm: start %d of replica %d at %s\n", r.starts, r.n, time.Now().Format(time.RFC3339Nano))
	r.mu.Unlock()
	cmd := exec.Command(r.bin, "run")
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = r.dir, r.env, logf, logf
	if err := cmd.Start(); err != nil {
		logf.Close()
		return err
	}
	logf.Close() // the child has its own
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	r.mu.Lock()
	r.cmd, r.exited = cmd, exited
	r.mu.Unlock()
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+r.addr+"/healthz", nil)
		resp, err := http.DefaultClient.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		select {
		case err := <-exited:
			exited <- err
			return fmt.Errorf("parlor %d stopped as it started: %v (see %s)", r.n, err, r.logPath)
		default:
		}
		if time.Since(start) > 30*time.Second {
			return fmt.Errorf("parlor %d does not answer 30 s after it started (see %s)", r.n, r.logPath)
		}
	}
	r.mu.Lock()
	if len(r.down) > 0 && r.down[len(r.down)-1].up.IsZero() {
		r.down[len(r.down)-1].up = time.Now()
	}
	r.mu.Unlock()
	return nil
}

// kill SIGKILLs the process and waits until it is gone.
func (r *replica) kill() {
	r.mu.Lock()
	cmd, exited := r.cmd, r.exited
	r.down = append(r.down, downtime{kill: time.Now()})
	r.cmd = nil
	r.mu.Unlock()
	if cmd == nil {
		return
	}
	select {
	case err := <-exited:
		r.mu.Lock()
		r.crashes++
		r.mu.Unlock()
		if f, ferr := os.OpenFile(r.logPath, os.O_WRONLY|os.O_APPEND, 0); ferr == nil {
			fmt.Fprintf(f, "=== storm: replica %d had stopped by itself before its kill: %v\n", r.n, err)
			f.Close()
		}
		return
	default:
	}
	cmd.Process.Signal(syscall.SIGKILL)
	<-exited
}

// stop stops the process with SIGTERM, as in production, and reports
// whether it stopped cleanly within 20 s.
func (r *replica) stop() error {
	r.mu.Lock()
	cmd, exited := r.cmd, r.exited
	r.cmd = nil
	r.mu.Unlock()
	if cmd == nil {
		return nil
	}
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-exited:
		if err != nil {
			return fmt.Errorf("stopped with %v (see %s)", err, r.logPath)
		}
		return nil
	case <-time.After(20 * time.Second):
		cmd.Process.Signal(syscall.SIGKILL)
		<-exited
		return fmt.Errorf("did not stop within 20 s of SIGTERM (see %s)", r.logPath)
	}
}

func (r *replica) cleanup() {
	r.mu.Lock()
	cmd, exited := r.cmd, r.exited
	r.cmd = nil
	r.mu.Unlock()
	if cmd != nil {
		cmd.Process.Signal(syscall.SIGKILL)
		<-exited
	}
}

var logLine = regexp.MustCompile(`level=(WARN|ERROR) msg=("(?:[^"\\]|\\.)*"|\S+)(.*)`)
var logErr = regexp.MustCompile(`err=("(?:[^"\\]|\\.)*"|\S+)`)

// botLogSummary counts the bots' warnings and errors by level, message
// and error (its numbers made N).
func botLogSummary(paths []string) map[string]int {
	out := map[string]int{}
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			m := logLine.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			key := m[1] + " " + strings.Trim(m[2], `"`)
			if e := logErr.FindStringSubmatch(m[3]); e != nil {
				key += ": " + strings.Trim(e[1], `"`)
			}
			key = digits.ReplaceAllString(key, "N")
			key = strings.ReplaceAll(key, "http://N:N", "http://…")
			if len(key) > 160 {
				key = key[:160] + "…"
			}
			out[key]++
		}
		f.Close()
	}
	return out
}
