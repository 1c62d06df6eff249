package discordtest_test

import (
	"bufio"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"parlor/bot/discord/discordtest"
)

// With JSON logs, every line parses, and every line a move logs, through
// either door, answered at once or deferred, says the interaction, the
// server and the game (the board's post and its edits included), so that
// an operator can follow one move, or one game, through the log.
func TestJSONLogs(t *testing.T) {
	t.Parallel()
	forEachDoor(t, func(t *testing.T, door setting) {
		for _, c := range []struct {
			name     string
			settings []setting
		}{{"at once", nil}, {"deferred", []setting{deferAll}}} {
			t.Run(c.name, func(t *testing.T) {
				h := newHarness(t, append([]setting{door, jsonLogs}, c.settings...)...)
				alice, bob := h.f.NewUser("Alice"), h.f.NewUser("Bob")
				ch := h.f.Channel()
				id, _ := h.challenge(alice, bob, ch)
				ix := h.f.Command(alice, ch, "kingsmen", "move", discordtest.Opt{Name: "move", Value: kingsmenGame[0]})
				h.board(ix)
				h.stop() // every line of the move is written

				game := strconv.FormatInt(id, 10)
				ofMove := 0
				sc := bufio.NewScanner(strings.NewReader(h.log.String()))
				sc.Buffer(nil, 1<<20)
				for sc.Scan() {
					var line map[string]any
					if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
						t.Fatalf("a log line is not JSON: %v\n%s", err, sc.Text())
					}
					if _, ok := line["interaction"]; ok && line["guild"] != h.f.GuildID() {
						t.Errorf("a line of an interaction names the server %v, want %s:\n%s", line["guild"], h.f.GuildID(), sc.Text())
					}
					if line["interaction"] != ix.ID {
						continue
					}
					ofMove++
					// The deferral is logged before the handler has said
					// which game the interaction is of.
					if line["msg"] != "deferred" && jsonNumber(line["game"]) != game {
						t.Errorf("a line of the move names the game %v, want %s:\n%s", line["game"], game, sc.Text())
					}
				}
				if ofMove == 0 {
					t.Errorf("no line of the move's interaction %s in the log:\n%s", ix.ID, h.log.String())
				}
			})
		}
	})
}

// jsonNumber is a JSON number as its text, "" for anything else.
func jsonNumber(v any) string {
	f, ok := v.(float64)
	if !ok {
		return ""
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}
