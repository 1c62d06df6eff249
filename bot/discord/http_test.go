package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"parlor/bot"
)

// countingHandler counts the requests that reach the table.
type countingHandler struct {
	fixedHandler
	n atomic.Int64
}

func (h *countingHandler) Handle(ctx context.Context, req bot.Request) bot.Response {
	h.n.Add(1)
	return h.fixedHandler.Handle(ctx, req)
}

// door is an HTTP door over h with a new key pair; REST calls go to rec.
func door(t *testing.T, h bot.Handler, rec *recorder) (*httptest.Server, ed25519.PrivateKey) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	d := newTestDiscord(h, rec, time.Hour)
	hd := NewHTTPDoor(t.Context(), d, pub, func(context.Context) error { return nil })
	srv := httptest.NewServer(hd)
	t.Cleanup(srv.Close)
	return srv, priv
}

// signed is a POST of body to the door, signed with key at timestamp ts.
func signed(t *testing.T, srv *httptest.Server, key ed25519.PrivateKey, ts, body string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, srv.URL+"/interactions", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, []byte(ts+body))))
	return req
}

func do(t *testing.T, req *http.Request) (int, string) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	return resp.StatusCode, b.String()
}

// Only requests signed with the application's key are read: every other
// gets 401 before anything is parsed or reaches the table; a body too
// large gets 413; PING is answered PONG.
func TestHTTPDoorSignatures(t *testing.T) {
	h := &countingHandler{fixedHandler: fixedHandler{resp: bot.Response{Private: &bot.Message{Content: "ok"}}}}
	rec := &recorder{}
	srv, key := door(t, h, rec)
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	const ts = "1732500000"

	if code, body := do(t, signed(t, srv, key, ts, `{"type":1}`)); code != 200 || strings.TrimSpace(body) != `{"type":1}` {
		t.Errorf("PING: %d %q, want 200 {\"type\":1}", code, body)
	}
	bad := map[string]func() *http.Request{
		"unsigned": func() *http.Request {
			r, _ := http.NewRequest(http.MethodPost, srv.URL+"/interactions", strings.NewReader(slashMove))
			return r
		},
		"signed by another key": func() *http.Request { return signed(t, srv, otherKey, ts, slashMove) },
		"body altered": func() *http.Request {
			r := signed(t, srv, key, ts, slashMove)
			r.Body, r.ContentLength = http.NoBody, 0
			altered := strings.Replace(slashMove, "Nb1-a1", "Nb1-c1", 1)
			r2, _ := http.NewRequest(http.MethodPost, srv.URL+"/interactions", strings.NewReader(altered))
			r2.Header = r.Header
			return r2
		},
		"timestamp altered": func() *http.Request {
			r := signed(t, srv, key, ts, slashMove)
			r.Header.Set("X-Signature-Timestamp", "1732500001")
			return r
		},
		"signature truncated": func() *http.Request {
			r := signed(t, srv, key, ts, slashMove)
			r.Header.Set("X-Signature-Ed25519", r.Header.Get("X-Signature-Ed25519")[:100])
			return r
		},
		"signature not hex": func() *http.Request {
			r := signed(t, srv, key, ts, slashMove)
			r.Header.Set("X-Signature-Ed25519", strings.Repeat("zz", 64))
			return r
		},
		"no timestamp": func() *http.Request {
			r := signed(t, srv, key, "", slashMove)
			r.Header.Del("X-Signature-Timestamp")
			return r
		},
		"PING unsigned": func() *http.Request {
			r, _ := http.NewRequest(http.MethodPost, srv.URL+"/interactions", strings.NewReader(`{"type":1}`))
			return r
		},
	}
	for name, mk := range bad {
		if code, _ := do(t, mk()); code != http.StatusUnauthorized {
			t.Errorf("%s: %d, want 401", name, code)
		}
	}
	huge := `{"type":2,"x":"` + strings.Repeat("a", MaxInteractionBody) + `"}`
	if code, _ := do(t, signed(t, srv, key, ts, huge)); code != http.StatusRequestEntityTooLarge {
		t.Errorf("a huge body: %d, want 413", code)
	}
	if n := h.n.Load(); n != 0 || len(rec.all()) != 0 {
		t.Errorf("%d requests reached the table and %d REST calls were made, want none", n, len(rec.all()))
	}
	if code, _ := do(t, mustGet(t, srv.URL+"/interactions")); code != http.StatusMethodNotAllowed {
		t.Errorf("GET /interactions: %d, want 405", code)
	}
	// A signed command reaches the table.
	if code, body := do(t, signed(t, srv, key, ts, slashMove)); code != 200 || !strings.Contains(body, `"content":"ok"`) || h.n.Load() != 1 {
		t.Errorf("a signed command: %d %q, %d requests handled", code, body, h.n.Load())
	}
}

func mustGet(t *testing.T, url string) *http.Request {
	r, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// An answer with a picture: the HTTP response is a deferral (a response
// body cannot carry files), and the board replaces it over REST with the
// PNG attached.
func TestHTTPDoorBoardByEdit(t *testing.T) {
	rec := &recorder{}
	srv, key := door(t, fixedHandler{resp: boardResponse()}, rec)
	code, body := do(t, signed(t, srv, key, "1", slashMove))
	var first struct {
		Type int `json:"type"`
	}
	if err := json.Unmarshal([]byte(body), &first); code != 200 || err != nil || first.Type != 5 {
		t.Fatalf("first answer %d %q, want 200 and a deferral (type 5)", code, body)
	}
	var edit recorded
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if reqs := rec.all(); len(reqs) > 0 {
			edit = reqs[0]
			break
		}
	}
	if edit.method != http.MethodPatch || !strings.HasSuffix(edit.path, "/webhooks/app/tok/messages/@original") || edit.files != 1 ||
		!strings.Contains(edit.payload["content"].(string), "your move") {
		t.Errorf("the board came as %+v, want a PATCH of @original with the PNG", edit)
	}
}

// /healthz says whether the database answers.
func TestHTTPDoorHealth(t *testing.T) {
	var down atomic.Bool
	d := newTestDiscord(fixedHandler{}, &recorder{}, time.Hour)
	srv := httptest.NewServer(NewHTTPDoor(t.Context(), d, nil, func(context.Context) error {
		if down.Load() {
			return errors.New("database closed")
		}
		return nil
	}))
	defer srv.Close()
	if code, _ := do(t, mustGet(t, srv.URL+"/healthz")); code != 200 {
		t.Errorf("healthy: %d", code)
	}
	down.Store(true)
	if code, _ := do(t, mustGet(t, srv.URL+"/healthz")); code != http.StatusServiceUnavailable {
		t.Errorf("database down: %d, want 503", code)
	}
}
