package storage

import (
	"reflect"
	"testing"

	"parlor/storage/storagetest"
)

// Forget leaves no trace of the member in any table, on either engine:
// their seats, the games they made and the words of a board owed take a
// pseudonym numbered after the last, the same in every game; their
// settings and away days go. Other members' rows, and every game's
// position, version and log, stay as they were; forgetting a member
// twice, or one Parlor does not know, changes nothing and numbers no
// pseudonym.
func TestForget(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		const zed, ann = "u-zed-8812", "u-ann-4471"
		zedNames := []string{"Zedd Quorra", "Qx the Bold", "Zedd on Discord"}
		a := newGame(t, db, "kimbo", "c1", zed, ann)
		a.Seats[0].Name = zedNames[0]
		b := newGame(t, db, "kingsmen", "c1", ann, zed)
		c := newGame(t, db, "rumba", "c2", zed, "u-cat-1")
		if _, err := db.Apply(ctx, Change{GameID: a.ID, Version: 1, Position: "next", Status: StatusActive, DrawOffer: NoDrawOffer,
			Seats:   []Seat{{Seat: 0, UserID: zed, Name: zedNames[0], Joined: true}, {Seat: 1, UserID: ann, Name: "Ann", Joined: true}},
			Entries: []Entry{{Seat: 0, Kind: EntryMove, Text: "a1-a2"}}, InteractionID: "i-1",
			Board: &Board{Lead: "**Zedd Quorra** played a1-a2; <@" + zed + "> and **Ann** go on."}}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Apply(ctx, Change{GameID: b.ID, Version: 1, Position: "over", Status: StatusOver, DrawOffer: NoDrawOffer,
			Seats:   []Seat{{Seat: 0, UserID: ann, Name: "Ann", Joined: true}, {Seat: 1, UserID: zed, Name: zedNames[1], Joined: true}},
			Entries: []Entry{{Seat: 1, Kind: EntryResign, Text: "resign"}}, Board: &Board{Lead: "**Qx the Bold** resigned."}}); err != nil {
			t.Fatal(err)
		}
		for _, u := range []string{zed, ann} {
			if err := db.SetDigest(ctx, u, true, "es-ES"); err != nil {
				t.Fatal(err)
			}
			if _, err := db.GoAway(ctx, "g1", u, 3, 14); err != nil {
				t.Fatal(err)
			}
			// The slow-down counts their interactions.
			if _, err := db.Pace(ctx, u, "c", 1, 0); err != nil {
				t.Fatal(err)
			}
		}
		traces := func(needles ...string) []string {
			t.Helper()
			found, err := storagetest.Traces(ctx, db.SQL(), db.Postgres(), needles...)
			if err != nil {
				t.Fatal(err)
			}
			return found
		}
		if found := traces(append([]string{zed}, zedNames[:2]...)...); len(found) < 9 {
			t.Fatalf("before forget, the dump finds only %q", found)
		}
		before := map[int64][]Entry{}
		games := map[int64]*Game{}
		for _, g := range []*Game{a, b, c} {
			before[g.ID], games[g.ID] = logOf(t, db, g.ID), load(t, db, g.ID)
		}

		r, err := db.Forget(ctx, zed, zedNames[2:])
		if err != nil {
			t.Fatal(err)
		}
		want := ForgetReport{Pseudonym: Pseudonym{N: 1}, Seats: 3, Games: 2, Leads: 2, Settings: 1, AwayPeriods: 1, Names: 4}
		if r != want {
			t.Errorf("report %+v, want %+v", r, want)
		}
		if found := traces(append([]string{zed}, zedNames...)...); len(found) > 0 {
			t.Errorf("after forget, the dump still holds the member: %q", found)
		}
		if found := traces(ann, "Ann"); len(found) < 6 {
			t.Errorf("the other member lost rows: %q", found)
		}
		for id, g := range games {
			now := load(t, db, id)
			if now.Position != g.Position || now.Version != g.Version || now.Status != g.Status || !reflect.DeepEqual(logOf(t, db, id), before[id]) {
				t.Errorf("game %d changed beyond its names: %+v, was %+v", id, now, g)
			}
			for i, s := range now.Seats {
				if s.UserID == "forgotten/1" && s.Name != "a former player 1" || g.Seats[i].UserID != zed && s != g.Seats[i] {
					t.Errorf("game %d seat %d: %+v, was %+v", id, i, s, g.Seats[i])
				}
			}
		}
		if g := load(t, db, a.ID); g.Creator != "forgotten/1" || g.Owed.Lead != "**a former player 1** played a1-a2; a former player 1 and **Ann** go on." {
			t.Errorf("game %d: creator %q, lead %q", a.ID, g.Creator, g.Owed.Lead)
		}
		if n, err := db.Forgotten(ctx); err != nil || n != 1 {
			t.Errorf("Forgotten = %d, %v; want 1", n, err)
		}

		if r, err := db.Forget(ctx, zed, nil); err != nil || r != (ForgetReport{}) {
			t.Errorf("forgetting the member again: %+v %v, want nothing done", r, err)
		}
		if r, err := db.Forget(ctx, "u-nobody", []string{"Nobody"}); err != nil || r.Pseudonym.N != 0 || r.Seats != 0 {
			t.Errorf("forgetting a stranger: %+v %v", r, err)
		}
		if r, err := db.Forget(ctx, ann, nil); err != nil || r.Pseudonym.N != 2 || r.Seats != 2 {
			t.Errorf("forgetting a second member: %+v %v, want pseudonym 2 in 2 seats", r, err)
		}
		if g := load(t, db, b.ID); g.Seats[0].UserID != "forgotten/2" || g.Seats[1].UserID != "forgotten/1" || g.Seats[1].Name != "a former player 1" {
			t.Errorf("game %d seats %+v", b.ID, g.Seats)
		}
		for _, bad := range []string{"", "forgotten/1"} {
			if _, err := db.Forget(ctx, bad, nil); err == nil {
				t.Errorf("Forget(%q) did not refuse", bad)
			}
		}
	})
}
