package main

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"parlor/bot/discord/discordtest"
)

// kingsmenGame ends with South capturing North's King: 17 plies, South
// first.
var kingsmenGame = strings.Fields(`Nf1-g1 Ab7-b6 Ae2-e3 Aa7-a6 Ae3-d4 Ab6-b7 Ad4-e5 Ac7-c6 Ne1-e3
	Nf8-g8 Af2-e2 Ab7-a8 Ne3-d4 Ag7-g6 Ae2-f2 Ad7-c7 Nd4xd8`)

// The parlor program started with PARLOR_HTTP_ADDR and DISCORD_PUBLIC_KEY
// answers a signed PING with PONG, refuses wrong signatures with 401, and
// plays a whole game of All the King's Men through signed HTTP
// interactions against the fake Discord, a board PNG with every turn,
// without ever connecting to the gateway.
func TestProgramServesHTTPInteractions(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	f := discordtest.New(t, discordtest.WithTimeout(10*time.Second))
	addr := runHTTPProgram(t, f, dir)
	url := "http://" + addr + "/interactions"
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("the HTTP door did not come up")
		}
	}

	post := func(body, ts, sig string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
		req.Header.Set("X-Signature-Timestamp", ts)
		req.Header.Set("X-Signature-Ed25519", sig)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, strings.TrimSpace(string(b))
	}
	ping := fmt.Sprintf(`{"id":"1","application_id":"%s","type":1,"token":"t","version":1}`, f.AppID())
	ts := fmt.Sprint(time.Now().Unix())
	if code, body := post(ping, ts, f.Sign(ts, []byte(ping))); code != 200 || body != `{"type":1}` {
		t.Errorf("a signed PING: %d %q, want 200 {\"type\":1}", code, body)
	}
	for what, c := range map[string][3]string{
		"unsigned":          {ping, ts, ""},
		"another body":      {strings.Replace(ping, `"t"`, `"u"`, 1), ts, f.Sign(ts, []byte(ping))},
		"another timestamp": {ping, ts + "1", f.Sign(ts, []byte(ping))},
		"cut short":         {ping, ts, f.Sign(ts, []byte(ping))[:64]},
	} {
		if code, _ := post(c[0], c[1], c[2]); code != http.StatusUnauthorized {
			t.Errorf("a PING %s: %d, want 401", what, code)
		}
	}

	// A whole game, every interaction a signed POST.
	f.DeliverTo(url)
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
	south, north := alice, bob
	if strings.Contains(board.Content, "Bob moves first") {
		south, north = bob, alice
	}
	boards := 1
	for i, move := range kingsmenGame {
		u := []discordtest.User{south, north}[i%2]
		board = f.Command(u, ch, "kingsmen", "move", discordtest.Opt{Name: "move", Value: move}).Await(t, "the board after "+move, isBoard)
		boards++
	}
	if !strings.Contains(board.Content, south.GlobalName+" won by capturing the King") {
		t.Errorf("the last board says %q", board.Content)
	}
	// Calls that came before Discord had the HTTP response are refused
	// like Discord refuses them, and tried again: not the bot's fault.
	var refused []discordtest.Request
	for _, r := range f.Refused() {
		if !r.Early {
			refused = append(refused, r)
		}
	}
	if boards != len(kingsmenGame)+1 || len(refused) > 0 || len(f.Identifies()) > 0 {
		t.Errorf("%d boards, %d calls refused, %d gateway connections; want %d, 0, 0: %v", boards, len(refused), len(f.Identifies()), len(kingsmenGame)+1, refused)
	}
}
