package storage

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// lobby is an unstarted game in guild made by creator, with an open seat,
// lasting until expires (zero: never).
func lobby(guild, creator string, expires time.Time) *Game {
	g := &Game{Kind: "kimbo", GuildID: guild, ChannelID: "c", Creator: creator, Status: StatusOpen, Position: "start", DrawOffer: NoDrawOffer,
		Seats: []Seat{{Seat: 0, UserID: creator, Name: creator, Joined: true}, {Seat: 1}}}
	g.ExpiresAt = expires
	return g
}

// over is the LimitError err is, or a failure.
func limitOf(t *testing.T, err error) string {
	t.Helper()
	var le *LimitError
	if !errors.As(err, &le) || !errors.Is(err, ErrLimit) {
		t.Fatalf("got %v, want a LimitError", err)
	}
	return le.Limit
}

// Each of the four limits refuses the game past it and stores nothing;
// lapsed lobbies, cancelled, declined and finished games do not count; a
// game whose seats are all taken (by computers) counts as a game, not as
// a lobby; the limits of one server do not see another's games.
func TestCreateWithin(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		games := func() int {
			var n int
			if err := db.SQL().QueryRow("SELECT count(*) FROM games").Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		make := func(g *Game, lim Limits, id string) error {
			_, err := db.CreateWithin(ctx, g, id, lim)
			return err
		}
		// Member lobbies: two allowed, then refused; a lapsed one and a
		// cancelled one do not count.
		lim := Limits{MemberLobbies: 2}
		past := t0.Add(-time.Hour)
		if err := make(lobby("g", "ann", past), lim, "lapsed"); err != nil {
			t.Fatal(err)
		}
		cancelled := lobby("g", "ann", time.Time{})
		if err := make(cancelled, lim, "c1"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Apply(ctx, Change{GameID: cancelled.ID, Version: 1, Position: "start", Status: StatusCancelled, DrawOffer: NoDrawOffer}); err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			if err := make(lobby("g", "ann", time.Time{}), lim, fmt.Sprint("ann", i)); err != nil {
				t.Fatalf("lobby %d of 2: %v", i+1, err)
			}
		}
		before := games()
		if got := limitOf(t, make(lobby("g", "ann", time.Time{}), lim, "ann-3")); got != LimitMemberLobbies {
			t.Errorf("a third lobby: %s, want %s", got, LimitMemberLobbies)
		}
		if games() != before {
			t.Errorf("a refused game was stored")
		}
		if done, _ := db.Handled(ctx, "ann-3"); done {
			t.Errorf("a refused game's interaction was recorded")
		}
		// Another member, another server: not counted.
		if err := make(lobby("g", "bob", time.Time{}), lim, "bob"); err != nil {
			t.Error(err)
		}
		if err := make(lobby("h", "ann", time.Time{}), lim, "ann-h"); err != nil {
			t.Error(err)
		}
		// A game of computers begins at once: no lobby, but a game.
		computers := &Game{Kind: "kimbo", GuildID: "g", ChannelID: "c", Creator: "ann", Status: StatusInvited, Position: "start", DrawOffer: NoDrawOffer,
			Seats: []Seat{{Seat: 0, UserID: "ann", Name: "ann", Joined: true}, {Seat: 1, Name: "bot", Joined: true, Computer: "easy"}}}
		if err := make(computers, lim, "computers"); err != nil {
			t.Errorf("a game of computers at the lobby limit: %v", err)
		}
		// Member games: ann is in her 2 lobbies and the computers' game (3),
		// and a finished game does not count.
		if _, err := db.Apply(ctx, Change{GameID: computers.ID, Version: 1, Position: "start", Status: StatusOver, DrawOffer: NoDrawOffer}); err != nil {
			t.Fatal(err)
		}
		two := &Game{Kind: "kimbo", GuildID: "g", ChannelID: "c", Creator: "ann", Status: StatusActive, Position: "start", DrawOffer: NoDrawOffer,
			Seats: []Seat{{Seat: 0, UserID: "ann", Name: "ann", Joined: true}, {Seat: 1, Name: "bot", Joined: true, Computer: "easy"}}}
		if err := make(two, Limits{MemberGames: 3}, "two"); err != nil {
			t.Errorf("a third game of 3 (one over, one lapsed): %v", err)
		}
		if got := limitOf(t, make(lobby("g", "ann", time.Time{}), Limits{MemberGames: 3}, "four")); got != LimitMemberGames {
			t.Errorf("a fourth game: %s, want %s", got, LimitMemberGames)
		}
		// bob is invited to none, seated in one lobby of his own.
		if err := make(lobby("g", "bob", time.Time{}), Limits{MemberGames: 2}, "bob2"); err != nil {
			t.Error(err)
		}
		// The server: g has ann's 2 lobbies, bob's 2 and ann's game in play.
		if got := limitOf(t, make(lobby("g", "cat", time.Time{}), Limits{ServerLobbies: 4}, "cat1")); got != LimitServerLobbies {
			t.Errorf("a fifth lobby in the server: %s, want %s", got, LimitServerLobbies)
		}
		if got := limitOf(t, make(lobby("g", "cat", time.Time{}), Limits{ServerGames: 5}, "cat2")); got != LimitServerGames {
			t.Errorf("a sixth game in the server: %s, want %s", got, LimitServerGames)
		}
		if err := make(lobby("g", "cat", time.Time{}), Limits{ServerLobbies: 5, ServerGames: 6}, "cat3"); err != nil {
			t.Error(err)
		}
		// Outside a server only the member's limits count.
		if err := make(lobby("", "dan", time.Time{}), Limits{ServerLobbies: 1, ServerGames: 1}, "dm1"); err != nil {
			t.Error(err)
		}
		if err := make(lobby("", "eve", time.Time{}), Limits{ServerLobbies: 1, ServerGames: 1}, "dm2"); err != nil {
			t.Error(err)
		}
	})
}

// Of games made at once by one member at the limit, exactly as many as
// the limit allows are stored.
func TestCreateWithinAtOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		for round := range 5 {
			guild := fmt.Sprint("g", round)
			var wg sync.WaitGroup
			var mu sync.Mutex
			made, refused := 0, 0
			for i := range 8 {
				wg.Go(func() {
					_, err := db.CreateWithin(t.Context(), lobby(guild, "ann", time.Time{}), fmt.Sprint(guild, "/", i), Limits{MemberLobbies: 2, ServerGames: 100})
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil:
						made++
					case errors.Is(err, ErrLimit):
						refused++
					default:
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if made != 2 || refused != 6 {
				t.Fatalf("round %d: %d made and %d refused, want 2 and 6", round, made, refused)
			}
		}
	})
}

// A seat taken past the member's limit is refused and changes nothing; the
// game the seat is in does not count; within the limit it is taken.
func TestSeatWithin(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		for i := range 2 {
			newGameIn(t, db, "g", "bob", "ann")
			_ = i
		}
		g := lobby("g", "cat", time.Time{})
		if _, err := db.Create(ctx, g, ""); err != nil {
			t.Fatal(err)
		}
		seats := []Seat{g.Seats[0], {Seat: 1, UserID: "ann", Name: "ann", Joined: true}}
		join := Change{GameID: g.ID, Version: 1, Position: "start", Status: StatusActive, DrawOffer: NoDrawOffer, Seats: seats, InteractionID: "join",
			Within: &SeatLimit{GuildID: "g", UserID: "ann", Games: 2}}
		if got := limitOf(t, func() error { _, err := db.Apply(ctx, join); return err }()); got != LimitMemberGames {
			t.Errorf("ann's third game: %s, want %s", got, LimitMemberGames)
		}
		if row, _ := db.Game(ctx, g.ID); row.Version != 1 || row.Status != StatusOpen || row.Seats[1].UserID != "" {
			t.Errorf("a refused seat changed the game: %+v", row)
		}
		if done, _ := db.Handled(ctx, "join"); done {
			t.Errorf("a refused seat's interaction was recorded")
		}
		// cat, whose game it is, is within a limit of 1: hers does not count.
		join.Within = &SeatLimit{GuildID: "g", UserID: "cat", Games: 1}
		if _, err := db.Apply(ctx, join); err != nil {
			t.Errorf("a seat within the limit: %v", err)
		}
		// A stale version is a conflict, not a limit.
		join.InteractionID, join.Within = "join2", &SeatLimit{GuildID: "g", UserID: "ann", Games: 1}
		if _, err := db.Apply(ctx, join); !errors.Is(err, ErrConflict) {
			t.Errorf("a stale seat: %v, want ErrConflict", err)
		}
	})
}

// newGameIn is a game in play in guild.
func newGameIn(t *testing.T, db *DB, guild string, users ...string) *Game {
	t.Helper()
	g := &Game{Kind: "kimbo", GuildID: guild, ChannelID: "c", Creator: users[0], Status: StatusActive, Position: "start", DrawOffer: NoDrawOffer}
	for i, u := range users {
		g.Seats = append(g.Seats, Seat{Seat: i, UserID: u, Name: u, Joined: true})
	}
	if _, err := db.Create(t.Context(), g, ""); err != nil {
		t.Fatal(err)
	}
	return g
}

// Pace counts a user's interactions per kind in a window, starts again in
// a new one, counts a lagging replica's in the newer, and ForgetPace
// deletes the past windows' rows.
func TestPace(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		const durableFrom = 5
		pace := func(user, kind string, win int64) int {
			t.Helper()
			n, err := db.Pace(ctx, user, kind, win, durableFrom)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		for i := 1; i <= 3; i++ {
			if n := pace("ann", "c", 100); n != i {
				t.Errorf("ann's command %d counted %d", i, n)
			}
		}
		if n := pace("ann", "a", 100); n != 1 {
			t.Errorf("ann's first autocomplete counted %d", n)
		}
		if n := pace("bob", "c", 100); n != 1 {
			t.Errorf("bob's first command counted %d", n)
		}
		if n := pace("ann", "c", 99); n != 4 {
			t.Errorf("a command in a lagging window counted %d, want 4", n)
		}
		if n := pace("ann", "c", 101); n != 1 {
			t.Errorf("the first command of a new window counted %d", n)
		}
		if _, err := db.ForgetPace(ctx, 101); err != nil {
			t.Fatal(err)
		}
		if n := pace("ann", "c", 101); n != 2 {
			t.Errorf("ann's second command of the window after a sweep counted %d", n)
		}
		// Past durableFrom a count survives a restart: Ann, slowed down,
		// stays slowed. Below it, SQLite's count (in memory) starts
		// again; PostgreSQL's, in the table replicas share, goes on.
		for i := 3; i <= durableFrom+1; i++ {
			pace("ann", "c", 101)
		}
		pace("carl", "c", 101)
		pace("carl", "c", 101)
		db.paces = paces{} // a new process on the same database
		if n := pace("ann", "c", 101); n != durableFrom+2 {
			t.Errorf("after a restart, slowed Ann's next command counted %d, want %d", n, durableFrom+2)
		}
		want := 3
		if !db.Postgres() {
			want = 1
		}
		if n := pace("carl", "c", 101); n != want {
			t.Errorf("after a restart, Carl's third command counted %d, want %d", n, want)
		}
	})
}
