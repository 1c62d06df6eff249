package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"parlor/bot/discord/discordtest"
)

// freeAddr is a local address nothing listens on, for the program to
// listen on.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// runHTTPProgram runs the parlor program's bot in dir with the HTTP door
// on a free address, against the fake Discord f, with the settings env
// (name and value pairs) besides, until the test ends; it returns the
// door's address once the commands are registered.
func runHTTPProgram(t *testing.T, f *discordtest.Fake, dir string, env ...string) string {
	t.Helper()
	addr := freeAddr(t)
	t.Setenv("PARLOR_DISCORD_API", f.URL())
	t.Setenv("DISCORD_TOKEN", f.Token())
	t.Setenv("DISCORD_GUILD_ID", f.GuildID())
	t.Setenv("PARLOR_HTTP_ADDR", addr)
	t.Setenv("DISCORD_PUBLIC_KEY", f.PublicKey())
	t.Setenv("LOG_LEVEL", "warn")
	for i := 0; i+1 < len(env); i += 2 {
		t.Setenv(env[i], env[i+1])
	}
	ctx, cancel := context.WithCancel(context.Background())
	var logs bytes.Buffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"run", "--db", filepath.Join(dir, "parlor.db")}, strings.NewReader(""), io.Discard, &logs)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("parlor run: %v\n%s", err, logs.String())
		}
	})
	f.AwaitCommands(t, f.GuildID())
	return addr
}

// The parlor program started with PARLOR_METRICS_ADDR serves /metrics
// there, in Prometheus's text format, and its counters move as a game is
// played through the HTTP door against the fake Discord: interactions,
// pictures, the games in play and the calls made to Discord. The public
// interactions door does not serve /metrics.
func TestProgramServesMetrics(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	f := discordtest.New(t, discordtest.WithTimeout(10*time.Second))
	metricsAddr := freeAddr(t)
	// Both addresses listen before the commands are registered: from
	// here on a request waits for its answer.
	door := runHTTPProgram(t, f, dir, "PARLOR_METRICS_ADDR", metricsAddr)

	get := func(url string) (int, string) {
		t.Helper()
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, string(b)
	}
	if code, _ := get("http://" + door + "/metrics"); code != http.StatusNotFound {
		t.Errorf("the public door's /metrics: got %d, want 404", code)
	}
	if code, _ := get("http://" + metricsAddr + "/interactions"); code != http.StatusNotFound {
		t.Errorf("the metrics address's /interactions: got %d, want 404", code)
	}

	f.DeliverTo("http://" + door + "/interactions")
	alice, bob := f.NewUser("Alice"), f.NewUser("Bob")
	ch := f.Channel()
	isBoard := func(m discordtest.Message) bool {
		return !m.Ephemeral() && !m.Loading() && len(m.Files) == 1 && strings.HasPrefix(m.Content, "**Game #")
	}
	challenge := f.Command(alice, ch, "kingsmen", "new", discordtest.Opt{Name: "opponent", Value: bob.ID}).
		Await(t, "the challenge", func(m discordtest.Message) bool { return !m.Ephemeral() && !m.Loading() && m.Content != "" })
	accept, ok := challenge.Button("Accept")
	if !ok {
		t.Fatalf("no Accept on %q", challenge.Content)
	}
	board := f.Click(bob, challenge, accept.CustomID).Await(t, "the first board", isBoard)
	south := alice
	if strings.Contains(board.Content, "Bob moves first") {
		south = bob
	}
	f.Command(south, ch, "kingsmen", "move", discordtest.Opt{Name: "move", Value: kingsmenGame[0]}).Await(t, "the board after the first move", isBoard)

	code, body := get("http://" + metricsAddr + "/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics: got %d, want 200: %s", code, body)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(body))
	if err != nil {
		t.Fatalf("/metrics does not parse: %v\n%s", err, body)
	}
	sum := func(name string, labels map[string]string) float64 {
		total := 0.0
		for _, m := range fams[name].GetMetric() {
			match := true
			for k, v := range labels {
				found := false
				for _, l := range m.GetLabel() {
					found = found || l.GetName() == k && l.GetValue() == v
				}
				match = match && found
			}
			if match {
				total += m.GetCounter().GetValue() + m.GetGauge().GetValue() + float64(m.GetHistogram().GetSampleCount())
			}
		}
		return total
	}
	for _, c := range []struct {
		name    string
		labels  map[string]string
		atLeast float64
	}{
		{"parlor_interactions_total", map[string]string{"kind": "command", "outcome": "ok"}, 2},
		{"parlor_interactions_total", map[string]string{"kind": "component", "outcome": "ok"}, 1},
		{"parlor_answer_seconds", nil, 3},
		{"parlor_pictures_total", map[string]string{"outcome": "ok"}, 2},
		{"parlor_games_in_play", map[string]string{"game": "kingsmen"}, 1},
		{"parlor_discord_calls_total", map[string]string{"method": "PUT", "route": "/applications/{id}/guilds/{id}/commands"}, 1},
		{"parlor_discord_calls_total", nil, 3},
	} {
		if got := sum(c.name, c.labels); got < c.atLeast {
			t.Errorf("%s%v: got %v, want at least %v\n%s", c.name, c.labels, got, c.atLeast, body)
		}
	}
	if strings.Contains(body, f.Token()) {
		t.Errorf("the metrics show the token")
	}
}
