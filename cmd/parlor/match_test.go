package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestSelfplayMatch plays a short match of random players through the
// command: the last line is the JSON tally, every game is scored once,
// partners in Rumba score together, and the same seed plays the same
// match.
func TestSelfplayMatch(t *testing.T) {
	type tally struct {
		Game    string `json:"game"`
		Games   int    `json:"games"`
		Players []struct {
			Name     string     `json:"name"`
			Score    float64    `json:"score"`
			Interval [2]float64 `json:"interval"`
			Wins     int        `json:"wins"`
			Draws    int        `json:"draws"`
			Losses   int        `json:"losses"`
		} `json:"players"`
	}
	match := func(args ...string) (tally, string) {
		t.Helper()
		var out strings.Builder
		if err := run(t.Context(), append([]string{"selfplay"}, args...), nil, &out, &out); err != nil {
			t.Fatalf("selfplay %v: %v\n%s", args, err, out.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var r tally
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &r); err != nil {
			t.Fatalf("the last line is not the JSON tally: %v\n%s", err, out.String())
		}
		return r, out.String()
	}
	r, text := match("kingsmen", "--seats", "random,random", "--games", "6", "--seed", "3", "--json")
	if r.Game != "kingsmen" || r.Games != 6 || len(r.Players) != 2 {
		t.Fatalf("tally %+v\n%s", r, text)
	}
	total := 0.0
	for _, p := range r.Players {
		if p.Wins+p.Draws+p.Losses != 6 {
			t.Errorf("%s: %d+%d+%d games, want 6", p.Name, p.Wins, p.Draws, p.Losses)
		}
		if math.Abs(p.Score-(float64(p.Wins)+float64(p.Draws)/2)/6) > 1e-9 || p.Interval[0] > p.Score || p.Interval[1] < p.Score {
			t.Errorf("%s: score %v, interval %v for %d/%d/%d", p.Name, p.Score, p.Interval, p.Wins, p.Draws, p.Losses)
		}
		total += p.Score
	}
	if math.Abs(total-1) > 1e-9 {
		t.Errorf("the scores of a two-player game add to %v, want 1\n%s", total, text)
	}
	if again, _ := match("kingsmen", "--seats", "random,random", "--games", "6", "--seed", "3", "--json"); again.Players[0].Score != r.Players[0].Score {
		t.Errorf("the same seed scored %v, then %v", r.Players[0].Score, again.Players[0].Score)
	}

	rb, text := match("rumba", "--seats", "random,random,random,random", "--games", "8", "--json")
	if len(rb.Players) != 4 || rb.Players[0].Score != rb.Players[2].Score || rb.Players[1].Score != rb.Players[3].Score ||
		math.Abs(rb.Players[0].Score+rb.Players[1].Score-1) > 1e-9 {
		t.Errorf("Rumba's partners (players 0 and 2, 1 and 3) should score alike and the sides add to 1\n%s", text)
	}
}

func TestSelfplayMatchUsage(t *testing.T) {
	for _, args := range [][]string{
		{"selfplay", "kingsmen", "--seats", "random,clever"},
		{"selfplay", "kingsmen", "--seats", "random,random,random"},
		{"selfplay", "kimbo", "--seats", "random,random", "--players", "4"},
	} {
		var out strings.Builder
		if code := exitCode(run(t.Context(), args, nil, &out, &out), &out); code != 2 {
			t.Errorf("%v: exit %d, want 2 (a usage error)\n%s", args, code, out.String())
		}
	}
}
