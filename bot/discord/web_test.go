package discord

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// closingPage is a web page that says which page was asked for, and
// counts the times the server closed it.
type closingPage struct{ closed atomic.Int32 }

func (p *closingPage) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	io.WriteString(w, "page "+r.URL.Path)
}
func (p *closingPage) Close() { p.closed.Add(1) }

// A gateway bot's HTTP server for the web page alone serves /web/ and
// /healthz, nothing of Discord's interactions, and closes the page's
// streams when it stops; the HTTP door serves /web/ without a signature,
// which only Discord's interactions carry.
func TestServeWeb(t *testing.T) {
	s, _ := discordgo.New("Bot x")
	d := NewDiscord(s, nil, "", nil)
	page := &closingPage{}
	d.Web = page
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.ServeWeb(ctx, ln, func(context.Context) error { return nil }, 5*time.Second) }()
	base := "http://" + ln.Addr().String()
	for _, c := range []struct {
		path   string
		status int
		body   string
	}{
		{"/web/g/1/", http.StatusOK, "page /web/g/1/"},
		{"/healthz", http.StatusOK, "ok\n"},
		{"/interactions", http.StatusNotFound, ""},
	} {
		resp, err := http.Get(base + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || c.body != "" && string(body) != c.body {
			t.Errorf("%s: got %d %q, want %d %q", c.path, resp.StatusCode, body, c.status, c.body)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("ServeWeb: %v", err)
	}
	// Shutdown runs what is registered with it on goroutines of its own.
	for wait := time.Now().Add(2 * time.Second); page.closed.Load() == 0 && time.Now().Before(wait); {
		time.Sleep(5 * time.Millisecond)
	}
	if page.closed.Load() != 1 {
		t.Errorf("the page was closed %d times, want once", page.closed.Load())
	}

	door := NewHTTPDoor(context.Background(), d, nil, nil)
	for path, want := range map[string]int{"/web/open": http.StatusOK, "/interactions": http.StatusMethodNotAllowed} {
		rec := httptest.NewRecorder()
		door.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://parlor.test"+path, nil))
		if rec.Code != want {
			t.Errorf("the HTTP door, GET %s: got %d, want %d", path, rec.Code, want)
		}
	}
}
