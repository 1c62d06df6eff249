package discordtest_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"parlor/bot/discord/discordtest"
	"parlor/storage"
	"parlor/storage/storagetest"
)

// /parlor privacy and /parlor forget through each door (the gateway, HTTP,
// HTTP on PostgreSQL). Privacy is a private embed. Forget asks privately
// first; a confirmation older than 15 minutes and Keep my data change
// nothing; Forget me resigns the member's game in play, whose board the
// next sweep posts in its channel (Bob wins), and afterwards no table of
// the database holds the member's id or name.
func TestPrivacyAndForget(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		h := newHarness(t, door, fakeTime)
		zed, bob := h.f.NewUser("Zedd Quorra"), h.f.NewUser("Bob")
		ch := h.f.Channel()

		privacy := h.private(h.f.Command(zed, ch, "parlor", "privacy"))
		if len(privacy.Embeds) != 1 || privacy.Embeds[0].Title != "What Parlor keeps about you" ||
			!strings.Contains(privacy.Embeds[0].Description, "/parlor forget removes you from Parlor everywhere") {
			t.Errorf("privacy: %q", privacy.Text())
		}
		id, _ := h.challenge(zed, bob, ch)
		traces := func() []string {
			t.Helper()
			found, err := storagetest.Traces(context.Background(), h.proc.db.SQL(), h.proc.db.Postgres(), zed.ID, "Zedd Quorra")
			if err != nil {
				t.Fatal(err)
			}
			return found
		}
		if found := traces(); len(found) < 3 {
			t.Fatalf("before forget, the dump finds %q", found)
		}

		ask := func() discordtest.Message {
			t.Helper()
			m := h.private(h.f.Command(zed, ch, "parlor", "forget"))
			if !strings.HasPrefix(m.Content, "Forget you everywhere in Parlor? Your games in play are resigned for you (1)") {
				t.Errorf("forget asks %q", m.Content)
			}
			return m
		}
		stale := ask()
		yes, _ := stale.Button("Forget me")
		h.clock.advance(16 * time.Minute)
		h.refusal(h.f.Click(zed, stale, yes.CustomID), "That confirmation is too old; nothing was removed.")
		keep := ask()
		no, _ := keep.Button("Keep my data")
		h.f.Click(zed, keep, no.CustomID).Await(t, "Keep my data", func(m discordtest.Message) bool {
			return strings.HasPrefix(m.Content, "Nothing was removed") && len(m.Components) == 0
		})
		if g, _ := h.game(id); g.Status != storage.StatusActive {
			t.Fatalf("after Keep my data the game is %s", g.Status)
		}

		sure := ask()
		yes, _ = sure.Button("Forget me")
		h.f.Click(zed, sure, yes.CustomID).Await(t, "forgotten", func(m discordtest.Message) bool {
			return strings.HasPrefix(m.Content, "Done: Parlor has forgotten you. Games resigned for you: 1;") &&
				strings.HasSuffix(m.Content, "you are now a former player 1.") && len(m.Components) == 0
		})
		h.clock.advance(time.Second)
		h.sweep()
		var board discordtest.Message
		for _, m := range h.f.Messages() {
			if !m.Ephemeral() && strings.Contains(m.Content, "A player left Parlor, so their seat resigned.") {
				board = m
			}
		}
		if !strings.Contains(board.Content, "Bob won by resignation") || len(board.Files) != 1 {
			t.Errorf("the board of the game resigned: %q with %d files", board.Content, len(board.Files))
		}
		g, log := h.game(id)
		if g.Status != storage.StatusOver || log[len(log)-1].Kind != storage.EntryResign || g.Seats[0].Name != "a former player 1" || g.Seats[1].Name != "Bob" {
			t.Errorf("the game after forget: %s, seats %+v, log %v", g.Status, g.Seats, texts(log))
		}
		if found := traces(); len(found) > 0 {
			t.Errorf("after forget, the dump still holds the member: %q", found)
		}
		logged := false
		for _, line := range strings.Split(h.log.String(), "\n") {
			if strings.Contains(line, "forgot a member") {
				logged = true
				if strings.Contains(line, zed.ID) || !strings.Contains(line, "resigned=1") {
					t.Errorf("forget's log line %q, want the counts and never the id", line)
				}
			}
		}
		if !logged {
			t.Errorf("forget was not logged")
		}
	})
}
