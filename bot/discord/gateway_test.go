package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"parlor/bot"
	"parlor/bot/limits"
)

func interaction(t *testing.T, payload string) *discordgo.Interaction {
	t.Helper()
	var i discordgo.Interaction
	if err := json.Unmarshal([]byte(payload), &i); err != nil {
		t.Fatal(err)
	}
	return &i
}

func TestRequestOf(t *testing.T) {
	tests := []struct {
		name    string
		payload string
		want    bot.Request
	}{
		{
			name: "slash command in a guild, with a resolved user",
			payload: `{"id":"1","type":2,"guild_id":"g","channel_id":"c","token":"tok",
				"member":{"nick":"Al","user":{"id":"u1","username":"alice"}},
				"data":{"name":"kingsmen","type":1,"options":[{"name":"new","type":1,"options":[{"name":"opponent","type":6,"value":"u2"}]}],
				"resolved":{"users":{"u2":{"id":"u2","username":"bob","global_name":"Bobby"}}}}}`,
			want: bot.Request{ID: "1", Kind: bot.CommandRequest, GuildID: "g", ChannelID: "c", User: bot.User{ID: "u1", Name: "Al"},
				Command: "kingsmen", Sub: "new", Options: map[string]string{"opponent": "u2"}, Users: map[string]bot.User{"u2": {ID: "u2", Name: "Bobby"}}},
		},
		{
			name: "autocomplete in a DM, integer option and focus",
			payload: `{"id":"2","type":4,"channel_id":"c","token":"tok","user":{"id":"u1","username":"alice"},
				"data":{"name":"kingsmen","type":1,"options":[{"name":"move","type":1,"options":[
				{"name":"move","type":3,"value":"Nc","focused":true},{"name":"game","type":4,"value":12}]}]}}`,
			want: bot.Request{ID: "2", Kind: bot.AutocompleteRequest, ChannelID: "c", User: bot.User{ID: "u1", Name: "alice"},
				Command: "kingsmen", Sub: "move", Focused: "move", Options: map[string]string{"move": "Nc", "game": "12"}, Users: map[string]bot.User{}},
		},
		{
			name: "a Spanish user in a Latin American server",
			payload: `{"id":"4","type":2,"guild_id":"g","channel_id":"c","token":"tok","locale":"es-ES","guild_locale":"es-419",
				"member":{"user":{"id":"u1","username":"alice"}},"data":{"name":"games","type":1}}`,
			want: bot.Request{ID: "4", Kind: bot.CommandRequest, GuildID: "g", ChannelID: "c", User: bot.User{ID: "u1", Name: "alice"},
				Command: "games", Options: map[string]string{}, Users: map[string]bot.User{}, Locale: "es-ES", GuildLocale: "es-419"},
		},
		{
			name: "select menu click",
			payload: `{"id":"3","type":3,"guild_id":"g","channel_id":"c","token":"tok","member":{"user":{"id":"u3","username":"carol","bot":false}},
				"data":{"custom_id":"g/1/4/pick","component_type":3,"values":["c1"]}}`,
			want: bot.Request{ID: "3", Kind: bot.ComponentRequest, GuildID: "g", ChannelID: "c", User: bot.User{ID: "u3", Name: "carol"},
				CustomID: "g/1/4/pick", Values: []string{"c1"}, Options: map[string]string{}, Users: map[string]bot.User{}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := RequestOf(interaction(t, tt.payload))
			if err != nil {
				t.Fatal(err)
			}
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(tt.want)
			if !bytes.Equal(g, w) {
				t.Errorf("got  %s\nwant %s", g, w)
			}
		})
	}
}

var commandName = regexp.MustCompile(`^[-_'\p{L}\p{N}]{1,32}$`)

// The registration payload keeps within Discord's limits (docs/discord.md).
func TestCommandPayloadWithinLimits(t *testing.T) {
	cmds := DiscordCommands(bot.NewTable(bot.Config{Kits: bot.Kits()}).Commands())
	if len(cmds) == 0 || len(cmds) > limits.Commands {
		t.Fatalf("%d commands", len(cmds))
	}
	check := func(path, name, desc string, n int) {
		if !commandName.MatchString(name) || strings.ToLower(name) != name {
			t.Errorf("%s: name %q breaks the naming rule", path, name)
		}
		if l := utf8.RuneCountInString(desc); l < 1 || l > limits.Description {
			t.Errorf("%s: description is %d characters, want 1–%d", path, l, limits.Description)
		}
		if n > limits.CommandOptions {
			t.Errorf("%s: %d options, at most %d", path, n, limits.CommandOptions)
		}
	}
	for _, c := range cmds {
		check(c.Name, c.Name, c.Description, len(c.Options))
		for _, sub := range c.Options {
			check(c.Name+" "+sub.Name, sub.Name, sub.Description, len(sub.Options))
			for _, o := range sub.Options {
				check(c.Name+" "+sub.Name+" "+o.Name, o.Name, o.Description, len(o.Choices))
				if o.Autocomplete && len(o.Choices) > 0 {
					t.Errorf("%s %s %s: autocomplete with fixed choices", c.Name, sub.Name, o.Name)
				}
				if o.Type == discordgo.ApplicationCommandOptionString && (o.MaxLength < 1 || o.MaxLength > limits.StringLength) {
					t.Errorf("%s %s %s: a string option registered with max_length %d, want 1–%d", c.Name, sub.Name, o.Name, o.MaxLength, limits.StringLength)
				}
			}
		}
	}
}

// recorder is an http.RoundTripper standing in for Discord's REST API: it
// records each request and answers 200 with an empty message.
type recorder struct {
	mu   sync.Mutex
	reqs []recorded
}

type recorded struct {
	method, path string
	payload      map[string]any
	files        int
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	rec := recorded{method: req.Method, path: req.URL.Path}
	body, _ := io.ReadAll(req.Body)
	mt, params, _ := mime.ParseMediaType(req.Header.Get("Content-Type"))
	if mt == "multipart/form-data" {
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			data, _ := io.ReadAll(p)
			if p.FormName() == "payload_json" {
				json.Unmarshal(data, &rec.payload)
			} else {
				rec.files++
			}
		}
	} else if len(body) > 0 {
		json.Unmarshal(body, &rec.payload)
	}
	r.mu.Lock()
	r.reqs = append(r.reqs, rec)
	r.mu.Unlock()
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(`{"id":"m1","channel_id":"c"}`)), Request: req}, nil
}

func (r *recorder) all() []recorded {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]recorded(nil), r.reqs...)
}

// fixedHandler answers every request with one Response, after a delay.
type fixedHandler struct {
	resp  bot.Response
	delay time.Duration
}

func (h fixedHandler) Handle(ctx context.Context, req bot.Request) bot.Response {
	time.Sleep(h.delay)
	return h.resp
}

func (fixedHandler) Commands() []bot.CommandSpec { return nil }

func newTestDiscord(h bot.Handler, rec *recorder, deferAfter time.Duration) *Discord {
	s, _ := discordgo.New("Bot test")
	s.Client = &http.Client{Transport: rec}
	s.MaxRestRetries = 0
	d := NewDiscord(s, h, "", nil)
	d.DeferAfter = deferAfter
	return d
}

const slashMove = `{"id":"9","type":2,"application_id":"app","guild_id":"g","channel_id":"c","token":"tok",
	"member":{"user":{"id":"u1","username":"alice"}},
	"data":{"name":"kingsmen","type":1,"options":[{"name":"move","type":1,"options":[{"name":"move","type":3,"value":"Nb1-a1"}]}]}}`

func boardResponse() bot.Response {
	return bot.Response{Public: &bot.Message{Content: "<@u2>, your move.", Mentions: []string{"u2"},
		File: &bot.File{Name: "b.png", ContentType: "image/png", Data: []byte("png")}}}
}

// A quick handler is answered in the first callback, with the board
// attached and only the player to move allowed to be pinged.
func TestDiscordAnswersAtOnce(t *testing.T) {
	rec := &recorder{}
	d := newTestDiscord(fixedHandler{resp: boardResponse()}, rec, time.Hour)
	serveByREST(t, d, interaction(t, slashMove))
	reqs := rec.all()
	if len(reqs) != 1 {
		t.Fatalf("got %d requests, want 1: %+v", len(reqs), reqs)
	}
	r := reqs[0]
	if r.path != "/api/v9/interactions/9/tok/callback" || r.payload["type"] != float64(4) || r.files != 1 {
		t.Fatalf("got %s %v with %d files, want a type 4 callback with the board", r.path, r.payload["type"], r.files)
	}
	data := r.payload["data"].(map[string]any)
	am := data["allowed_mentions"].(map[string]any)
	if users := am["users"].([]any); len(users) != 1 || users[0] != "u2" {
		t.Errorf("allowed_mentions users = %v, want [u2]", users)
	}
	if parse := am["parse"].([]any); len(parse) != 0 {
		t.Errorf("allowed_mentions parse = %v, want none", parse)
	}
}

// A slow handler gets a private deferral first; the loading state is then
// resolved by an edit, and the board follows as a public message.
func TestDiscordDefersSlowWork(t *testing.T) {
	rec := &recorder{}
	d := newTestDiscord(fixedHandler{resp: boardResponse(), delay: 50 * time.Millisecond}, rec, time.Millisecond)
	serveByREST(t, d, interaction(t, slashMove))
	reqs := rec.all()
	if len(reqs) != 3 {
		t.Fatalf("got %d requests, want 3: %+v", len(reqs), reqs)
	}
	if reqs[0].payload["type"] != float64(5) {
		t.Errorf("first answer type %v, want 5 (deferred)", reqs[0].payload["type"])
	}
	if reqs[1].method != "PATCH" || !strings.HasSuffix(reqs[1].path, "/messages/@original") {
		t.Errorf("second request %s %s, want PATCH of @original", reqs[1].method, reqs[1].path)
	}
	if reqs[2].method != "POST" || reqs[2].path != "/api/v9/webhooks/app/tok" || reqs[2].files != 1 {
		t.Errorf("third request %s %s with %d files, want the board as a follow-up", reqs[2].method, reqs[2].path, reqs[2].files)
	}
	if flags, _ := reqs[2].payload["flags"].(float64); int(flags)&64 != 0 {
		t.Errorf("the board follow-up is ephemeral; it must be public")
	}
}

// A refusal is private (ephemeral) and pings nobody.
func TestDiscordRefusalIsPrivate(t *testing.T) {
	rec := &recorder{}
	d := newTestDiscord(fixedHandler{resp: bot.Response{Private: &bot.Message{Content: "It is bob's turn, not yours."}}}, rec, time.Hour)
	serveByREST(t, d, interaction(t, slashMove))
	reqs := rec.all()
	if len(reqs) != 1 {
		t.Fatalf("got %d requests, want 1", len(reqs))
	}
	data := reqs[0].payload["data"].(map[string]any)
	if flags, _ := data["flags"].(float64); int(flags)&64 == 0 {
		t.Errorf("refusal flags %v, want ephemeral (64)", data["flags"])
	}
}

// serveByREST serves i as the gateway door does: the first answer is a
// REST callback.
func serveByREST(t *testing.T, d *Discord, i *discordgo.Interaction) {
	d.serve(t.Context(), i, func(_ *slog.Logger, r *discordgo.InteractionResponse) error {
		return d.Session.InteractionRespond(i, r)
	})
}

// sweeper is a handler whose sweep fails as the database does when the
// process is stopped in the middle of it.
type sweeper struct{ fixedHandler }

func (sweeper) Sweep(ctx context.Context) ([]bot.Notice, error) {
	<-ctx.Done()
	return nil, fmt.Errorf("find games due: %w", ctx.Err())
}

// A sweep cut short by the process stopping is no error: nothing is
// logged at error level (a replica stopped by SIGTERM logged one).
func TestSweepCutShortByTheStop(t *testing.T) {
	var logs bytes.Buffer
	d := newTestDiscord(sweeper{}, &recorder{}, time.Hour)
	d.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	d.Sweep(ctx)
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("a sweep cut short by the stop logged an error:\n%s", logs.String())
	}
}

// gatedHandler answers every request with resp once open is closed.
type gatedHandler struct {
	resp bot.Response
	open chan struct{}
}

func (h gatedHandler) Handle(ctx context.Context, req bot.Request) bot.Response {
	<-h.open
	return h.resp
}

func (gatedHandler) Commands() []bot.CommandSpec { return nil }

// An interaction that arrives in a crowd (more than CrowdAt in hand) is
// deferred at once, not after DeferAfter: Discord hears at once that the
// bot is on it. Alone, the same interaction waits for its answer.
func TestDiscordDefersAtOnceInACrowd(t *testing.T) {
	callbacks := func(rec *recorder, id string) (types []any) {
		for _, r := range rec.all() {
			if strings.HasSuffix(r.path, "/callback") && (id == "" || strings.Contains(r.path, "/interactions/"+id+"/")) {
				types = append(types, r.payload["type"])
			}
		}
		return types
	}
	// One in hand, then another: more than CrowdAt. Neither would be
	// deferred for an hour but for the crowd.
	rec := &recorder{}
	h := gatedHandler{resp: boardResponse(), open: make(chan struct{})}
	d := newTestDiscord(h, rec, time.Hour)
	d.CrowdAt, d.CrowdWait = 1, time.Hour
	var wg sync.WaitGroup
	serve := func(id string) {
		i := interaction(t, strings.Replace(slashMove, `"id":"9"`, `"id":"`+id+`"`, 1))
		wg.Go(func() { serveByREST(t, d, i) })
	}
	await := func(what string, cond func() bool) {
		for start := time.Now(); !cond(); time.Sleep(time.Millisecond) {
			if time.Since(start) > 10*time.Second {
				close(h.open)
				wg.Wait()
				t.Fatalf("after 10 s, still waiting for %s; callbacks %v", what, callbacks(rec, ""))
			}
		}
	}
	serve("9")
	await("the first interaction in hand", func() bool { return d.inHand.Load() == 1 })
	serve("10")
	await("the second interaction's first answer", func() bool { return len(callbacks(rec, "10")) > 0 })
	close(h.open)
	wg.Wait()
	if got := callbacks(rec, "10"); len(got) != 1 || got[0] != float64(5) {
		t.Errorf("in a crowd the first answer was %v, want a deferral (5)", got)
	}

	// One in hand: it waits for its answer.
	rec = &recorder{}
	h = gatedHandler{resp: boardResponse(), open: make(chan struct{})}
	d = newTestDiscord(h, rec, time.Hour)
	d.CrowdAt, d.CrowdWait = 1, time.Millisecond
	go func() {
		time.Sleep(20 * time.Millisecond)
		close(h.open)
	}()
	serveByREST(t, d, interaction(t, slashMove))
	if got := callbacks(rec, ""); len(got) != 1 || got[0] != float64(4) {
		t.Errorf("alone the first answer was %v, want the board at once (4)", got)
	}
}
