package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"parlor/bot"
	"parlor/bot/discord/discordtest"
	"parlor/render"
	"parlor/rules/kingsmen"
	"parlor/storage"
	"parlor/storage/storagetest"
)

// replicaGames is how many games the two replicas serve at once.
const replicaGames = 50

// Two parlor processes (the HTTP door) on one PostgreSQL database, behind
// a load balancer that sends each interaction to one or the other: 50
// games of All the King's Men, every Accept delivered to both replicas at
// once, and in each game two moves racing for the same turn. Afterwards
// every acknowledged move is stored exactly once and no refused one at
// all, no game forked, every game replays, and when the games' turns are
// a day old each is reminded exactly once, though both replicas sweep.
func TestTwoParlorProcessesOnePostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs two parlor processes")
	}
	if raceDetector {
		// The processes raced are built without it, and the test's own
		// goroutines only wait for them.
		t.Skip("two processes built without the race detector: it runs without -race (go test ./cmd/parlor)")
	}
	dbURL := storagetest.Postgres(t)
	bin := filepath.Join(t.TempDir(), "parlor")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	f := discordtest.New(t, discordtest.WithTimeout(30*time.Second))
	var urls []string
	for i := range 2 {
		urls = append(urls, startParlor(t, bin, i, f, dbURL))
	}
	f.DeliverTo(urls...)
	store, err := storage.Open(t.Context(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()

	ch := f.Channel()
	type moveSent struct {
		game int64
		id   string
		made bool
	}
	var mu sync.Mutex
	var sent []moveSent
	var games []int64
	play := func(n int) {
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		alice, bob := f.NewUser(fmt.Sprintf("Alice %d", n)), f.NewUser(fmt.Sprintf("Bob %d", n))
		challenge := f.Command(alice, ch, "kingsmen", "new", discordtest.Opt{Name: "opponent", Value: bob.ID}).
			Await(t, "the challenge", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
		accept, _ := challenge.Button("Accept")
		ix := f.Click(bob, challenge, accept.CustomID)
		f.Redeliver(ix) // to the other replica, at once
		board := ix.Await(t, "the first board", isBoard)
		id := gameNumber(t, board.Content)
		mu.Lock()
		games = append(games, id)
		mu.Unlock()
		users := map[string]discordtest.User{alice.ID: alice, bob.ID: bob}
		for ply := range 6 {
			g, err := store.Game(t.Context(), id)
			if err != nil {
				t.Error(err)
				return
			}
			p, err := kingsmen.Parse(g.Position)
			if err != nil || p.Outcome().Over() {
				return
			}
			mover := users[g.Seats[int(p.ToMove())].UserID]
			legal := p.Legal()
			moves := []string{legal[rng.IntN(len(legal))].Text}
			if ply == 2 && len(legal) > 1 {
				// Two moves for the same turn, sent at once.
				for {
					if m := legal[rng.IntN(len(legal))].Text; m != moves[0] {
						moves = append(moves, m)
						break
					}
				}
			}
			var ixs []*discordtest.Interaction
			for _, m := range moves {
				ixs = append(ixs, f.Command(mover, ch, "kingsmen", "move", discordtest.Opt{Name: "move", Value: m}, discordtest.Opt{Name: "game", Value: fmt.Sprint(id)}))
			}
			for _, ix := range ixs {
				// A refusal is private; a move made is a board. A move
				// deferred in the crowd also leaves a private "Done." before
				// its board follows.
				m := ix.Await(t, "the answer to a move", func(m discordtest.Message) bool {
					return isBoard(m) || (m.Ephemeral() && !m.Loading() && m.Content != "Done.")
				})
				mu.Lock()
				sent = append(sent, moveSent{game: id, id: ix.ID, made: isBoard(m)})
				mu.Unlock()
			}
		}
	}
	var wg sync.WaitGroup
	work := make(chan int)
	for range 5 {
		wg.Go(func() {
			for n := range work {
				play(n)
			}
		})
	}
	for n := range replicaGames {
		work <- n
	}
	close(work)
	wg.Wait()
	if t.Failed() {
		return
	}

	// Every acknowledged move is stored once, no refused one at all.
	logged := map[string]int{}
	for _, id := range games {
		log, err := store.Log(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range log {
			if e.Ply != i+1 {
				t.Errorf("game %d: ply %d at place %d of its log: forked", id, e.Ply, i+1)
			}
			if e.InteractionID != "" {
				logged[e.InteractionID]++
			}
		}
	}
	made, refused := 0, 0
	for _, m := range sent {
		switch {
		case m.made && logged[m.id] != 1:
			t.Errorf("game %d: the acknowledged move %s is stored %d times", m.game, m.id, logged[m.id])
		case !m.made && logged[m.id] != 0:
			t.Errorf("game %d: the refused move %s is stored", m.game, m.id)
		}
		if m.made {
			made++
		} else {
			refused++
		}
	}
	if refused < replicaGames/2 {
		t.Errorf("only %d moves were refused: the races did not race", refused)
	}
	table := bot.NewTable(bot.Config{Store: store, Painter: render.New(bot.Painters(bot.Kits())...), Kits: bot.Kits()})
	if n, problems, err := table.Check(t.Context()); err != nil || len(problems) > 0 || n != replicaGames {
		t.Fatalf("check: %d games, %v, %+v", n, err, problems)
	}
	t.Logf("%d games, %d moves made, %d refused (the losers of the races), every game replays", len(games), made, refused)

	// A day later: both replicas sweep; each game is reminded once.
	if _, err := store.SQL().ExecContext(t.Context(), "UPDATE games SET turn_since = turn_since - $1 WHERE status = 'active'", int64(25*time.Hour/time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	reminders := func() map[int64]int {
		out := map[int64]int{}
		for _, m := range f.Messages() {
			if strings.Contains(m.Content, "has been waiting for your move") {
				out[gameNumber(t, m.Content)]++
			}
		}
		return out
	}
	active := 0
	for _, id := range games {
		if g, _ := store.Game(t.Context(), id); g.Status == storage.StatusActive {
			active++
		}
	}
	for start := time.Now(); len(reminders()) < active; time.Sleep(50 * time.Millisecond) {
		if time.Since(start) > 20*time.Second {
			t.Fatalf("%d of %d games reminded after 20 s", len(reminders()), active)
		}
	}
	time.Sleep(5 * sweepEvery) // more sweeps by both replicas
	for id, n := range reminders() {
		if n != 1 {
			t.Errorf("game %d was reminded %d times", id, n)
		}
	}
}

// sweepEvery is how often the replicas sweep in the test.
const sweepEvery = 200 * time.Millisecond

// startParlor runs the parlor binary's bot with the HTTP door on dbURL,
// talking to the fake Discord f, and returns its interactions URL once it
// answers; it is stopped with SIGTERM when the test ends.
func startParlor(t *testing.T, bin string, n int, f *discordtest.Fake, dbURL string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "run")
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "DISCORD_TOKEN="+f.Token(), "DISCORD_GUILD_ID="+f.GuildID(), "PARLOR_DB="+dbURL,
		"PARLOR_HTTP_ADDR="+addr, "DISCORD_PUBLIC_KEY="+f.PublicKey(), "PARLOR_DISCORD_API="+f.URL(),
		"PARLOR_SWEEP_EVERY="+sweepEvery.String(), "LOG_LEVEL=warn")
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("parlor %d: %v\n%s", n, err, logs.String())
			}
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Errorf("parlor %d did not stop within 20 s of SIGTERM\n%s", n, logs.String())
		}
		if strings.Contains(logs.String(), "level=ERROR") {
			t.Errorf("parlor %d logged errors:\n%s", n, logs.String())
		}
	})
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/healthz", nil)
		resp, err := http.DefaultClient.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return "http://" + addr + "/interactions"
			}
		}
		select {
		case err := <-done:
			t.Fatalf("parlor %d stopped: %v\n%s", n, err, logs.String())
		default:
		}
		if time.Since(start) > 30*time.Second {
			t.Fatalf("parlor %d does not answer\n%s", n, logs.String())
		}
	}
}

func isBoard(m discordtest.Message) bool {
	return !m.Ephemeral() && !m.Loading() && len(m.Files) == 1 && strings.HasPrefix(m.Content, "**Game #")
}

// gameNumber reads the first "game #N" of a text.
func gameNumber(t *testing.T, text string) int64 {
	t.Helper()
	i := strings.Index(strings.ToLower(text), "game #")
	var id int64
	if i < 0 {
		t.Fatalf("no game number in %q", text)
	}
	fmt.Sscanf(text[i+len("game #"):], "%d", &id)
	return id
}
