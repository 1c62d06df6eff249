package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"parlor/storage"
	"parlor/storage/storagetest"
)

// The rounds of the race tests: each races real goroutines on a file
// database; a round is a new game.
const raceRounds = 25

// dave is the fourth player of the four-player races.
var dave = User{ID: "500", Name: "Dave"}

// raceAll handles reqs at once, each in its own goroutine, and returns the
// answers in order.
func (e *tableEnv) raceAll(reqs ...Request) []Response {
	out := make([]Response, len(reqs))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, req := range reqs {
		wg.Go(func() {
			<-start
			out[i] = e.table.Handle(e.ctx, req)
		})
	}
	close(start)
	wg.Wait()
	for _, r := range out {
		checkLimits(e.t, r)
	}
	return out
}

// fourPlayers starts a game of command for Alice, Bob, Carol and Dave.
func (e *tableEnv) fourPlayers(command string) int64 {
	e.t.Helper()
	req := forGame(e.cmd(alice, "new", "player2", bob.ID, "player3", carol.ID, "player4", dave.ID), command)
	if command == "rumba" {
		req = forGame(e.cmd(alice, "new", "partner", carol.ID, "opponent", bob.ID, "opponent2", dave.ID), command)
	}
	for _, u := range []User{bob, carol, dave} {
		req.Users[u.ID] = u
	}
	id := gameOf(e.t, e.do(req).Public)
	for _, u := range []User{bob, carol, dave} {
		e.do(e.click(u, customID(id, 0, "accept")))
	}
	if g := e.game(id); g.Status != storage.StatusActive {
		e.t.Fatalf("game %d of four is %s", id, g.Status)
	}
	return id
}

// Four players ask to pause at the same moment: every vote is counted, so
// the game pauses, and exactly one answer says so. (Votes were written
// without the version guard: 3–9 rounds in 100 lost one.)
func TestVotesAtOnceAreAllCounted(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		e := newEnvOn(t, source, (&diceRoll{rng: rand.New(rand.NewPCG(7, 7))}).roll, Kits()...)
		for round := range raceRounds {
			command := []string{"kimbo", "kippykoo", "rumba"}[round%3]
			id := e.fourPlayers(command)
			before := e.game(id)
			var reqs []Request
			for _, u := range []User{alice, bob, carol, dave} {
				reqs = append(reqs, forGame(e.cmd(u, "pause", "game", fmt.Sprint(id)), command))
			}
			paused := 0
			for i, r := range e.raceAll(reqs...) {
				if r.Public == nil {
					t.Fatalf("round %d (%s): %s's vote: %s, want it counted", round, command, reqs[i].User.Name, showResp(r))
				}
				if strings.Contains(r.Public.Content, "is paused by agreement") {
					paused++
				}
			}
			g := e.game(id)
			if paused != 1 || g.PausedAt.IsZero() || g.PauseOffer != storage.NoDrawOffer {
				t.Fatalf("round %d (%s): %d answers said paused; stored paused at %v, votes %b; want every vote counted and the game paused",
					round, command, paused, g.PausedAt, g.PauseOffer)
			}
			if g.Version != before.Version+4 || g.BoardVersion != before.BoardVersion {
				t.Errorf("round %d: version %d → %d, board version %d → %d; want one version per vote and the board unchanged",
					round, before.Version, g.Version, before.BoardVersion, g.BoardVersion)
			}
		}
	})
}

// The last vote to pause races a move: the move is made before the pause,
// or refused because the game is paused; it is never stored into a paused
// game (it was in 1–4 rounds in 100).
func TestMoveRacingAPause(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		e := newEnvOn(t, source, func(int) int { return 0 }, KingsmenKit())
		made := 0
		for round := range raceRounds {
			id, _ := e.challenge(alice, bob)
			game := fmt.Sprint(id)
			e.do(e.cmd(alice, "pause", "game", game))
			v0 := e.game(id).Version
			out := e.raceAll(e.cmd(alice, "move", "move", "Ac2-c3", "game", game), e.cmd(bob, "pause", "game", game))
			move, pause := out[0], out[1]
			if pause.Public == nil || !strings.Contains(pause.Public.Content, "is paused by agreement") {
				t.Fatalf("round %d: the vote: %s, want the game paused", round, showResp(pause))
			}
			g, log := e.game(id), e.log(id)
			if g.PausedAt.IsZero() {
				t.Fatalf("round %d: the game is not paused", round)
			}
			switch {
			case move.Public != nil:
				// Made before the pause: two changes, in turn.
				made++
				if len(log) != 1 || g.Version != v0+2 {
					t.Errorf("round %d: the move was made: log %d, version %d → %d; want it logged and a version for each change", round, len(log), v0, g.Version)
				}
			default:
				got := privateOnly(t, move)
				if !strings.Contains(got, fmt.Sprintf("Game #%d is paused.", id)) {
					t.Errorf("round %d: the move heard %q, want it refused as paused", round, got)
				}
				if len(log) != 0 || g.Version != v0+1 {
					t.Errorf("round %d: the move was refused, but log %d, version %d → %d", round, len(log), v0, g.Version)
				}
			}
			e.replays(id)
		}
		t.Logf("the move came first in %d of %d rounds", made, raceRounds)
	})
}

// Three people take the three open seats of a lobby at once: all three are
// seated (a lost race is tried again on the seats as they are then), and
// the game starts once.
func TestJoinsAtOnceAreAllSeated(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		e := newEnvOn(t, source, (&diceRoll{rng: rand.New(rand.NewPCG(9, 9))}).roll, Kits()...)
		for round := range raceRounds {
			id := gameOf(t, e.do(forGame(e.cmd(alice, "new", "players", "4"), "kippykoo")).Public)
			join := customID(id, 0, "join")
			out := e.raceAll(e.click(bob, join), e.click(carol, join), e.click(dave, join))
			starts := 0
			for i, r := range out {
				if r.Update == nil {
					t.Fatalf("round %d: join %d: %s, want a seat", round, i, showResp(r))
				}
				if r.Public != nil {
					starts++
				}
			}
			g := e.game(id)
			if g.Status != storage.StatusActive || starts != 1 || joinedCount(g.Seats) != 4 {
				t.Fatalf("round %d: %s with %d joined, %d starts; want all four seated and one start", round, g.Status, joinedCount(g.Seats), starts)
			}
			e.replays(id)
		}
	})
}

// Two members who manage the server change different settings at once:
// both changes are kept.
func TestSettingsAtOnce(t *testing.T) {
	storagetest.Engines(t, func(t *testing.T, source string) {
		e := newEnvOn(t, source, func(int) int { return 0 }, KingsmenKit())
		manager := func(u User, opt, value string) Request {
			u.CanManage = true
			req := e.cmd(u, "settings", opt, value)
			req.Command = "parlor"
			return req
		}
		for round := range raceRounds {
			remind, deadline := fmt.Sprint(1+round), fmt.Sprint(1+round%5)
			out := e.raceAll(manager(alice, "reminders", remind), manager(bob, "deadline", deadline))
			for _, r := range out {
				if got := privateOnly(t, r); !strings.HasPrefix(got, "Saved.") {
					t.Fatalf("round %d: %q, want saved", round, got)
				}
			}
			s, err := e.db.GuildSettings(e.ctx, tableGuild)
			if err != nil || fmt.Sprint(s.RemindEvery) != remind || fmt.Sprint(s.DeadlineDays) != deadline {
				t.Fatalf("round %d: settings %+v (%v), want reminders %s and deadline %s", round, s, err, remind, deadline)
			}
		}
	})
}
