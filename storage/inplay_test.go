package storage

import (
	"maps"
	"testing"
)

// TestGamesInPlay: the games being played are counted by kind; a lobby
// and a finished game are not.
func TestGamesInPlay(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		got, err := db.GamesInPlay(t.Context())
		if err != nil || len(got) != 0 {
			t.Fatalf("empty database: got %v, %v, want none", got, err)
		}
		newGame(t, db, "kimbo", "c1", "a", "b")
		newGame(t, db, "kimbo", "c2", "a", "c")
		newGame(t, db, "rumba", "c3", "a", "b")
		over := newGame(t, db, "rumba", "c4", "a", "b")
		if _, err := db.Apply(t.Context(), Change{GameID: over.ID, Version: over.Version, Position: "end", Status: StatusOver,
			DrawOffer: NoDrawOffer, InteractionID: "end"}); err != nil {
			t.Fatal(err)
		}
		lobby := &Game{Kind: "kingsmen", ChannelID: "c5", Creator: "a", Status: StatusOpen, Position: "start", DrawOffer: NoDrawOffer,
			Seats: []Seat{{Seat: 0, UserID: "a", Name: "a", Joined: true}, {Seat: 1}}}
		if _, err := db.Create(t.Context(), lobby, ""); err != nil {
			t.Fatal(err)
		}
		got, err = db.GamesInPlay(t.Context())
		if want := map[string]int{"kimbo": 2, "rumba": 1}; err != nil || !maps.Equal(got, want) {
			t.Fatalf("got %v, %v, want %v", got, err, want)
		}
	})
}
