package discord

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The HTTP door: with an Interactions Endpoint URL set in the Developer
// Portal, Discord POSTs every interaction to it, signed with the
// application's Ed25519 key, and takes the HTTP response as the first
// answer. Everything after the first answer (edits of it, follow-ups, the
// scheduler's notices) goes over REST, so no gateway connection is needed,
// and any number of replicas may answer behind a load balancer: all they
// share is the database.

// MaxInteractionBody bounds the body of an interaction Parlor reads.
// Discord's interactions are a few kilobytes; anything larger is refused
// with 413 before it is read in full.
const MaxInteractionBody = 1 << 20

// ParsePublicKey reads the application's public key as the Developer
// Portal shows it (64 hex digits).
func ParsePublicKey(hexKey string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(hexKey)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("DISCORD_PUBLIC_KEY is not a public key: want the %d hex digits the Developer Portal shows under General Information", 2*ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

// Verify reports whether body, with the request's X-Signature-Timestamp,
// is signed by key as X-Signature-Ed25519 says. Nothing else may be done
// with a request that fails.
func Verify(key ed25519.PublicKey, h http.Header, body []byte) bool {
	sig, err := hex.DecodeString(h.Get("X-Signature-Ed25519"))
	ts := h.Get("X-Signature-Timestamp")
	if err != nil || len(sig) != ed25519.SignatureSize || ts == "" || len(key) != ed25519.PublicKeySize {
		return false
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	return ed25519.Verify(key, msg, sig)
}

// HTTPDoor serves Discord's HTTP interactions (POST /interactions) and a
// health check for load balancers (GET /healthz), answering through the
// same Discord adapter as the gateway.
type HTTPDoor struct {
	*Discord
	// PublicKey verifies every request before anything else is done.
	PublicKey ed25519.PublicKey
	// Health reports whether the door can serve: the database answers.
	Health func(ctx context.Context) error

	// ctx is what the handlers run under: it outlives each HTTP request,
	// since the answer goes on over REST after the first one.
	ctx      context.Context
	inflight sync.WaitGroup
}

// NewHTTPDoor builds the HTTP door over d; the handlers run under ctx.
func NewHTTPDoor(ctx context.Context, d *Discord, key ed25519.PublicKey, health func(context.Context) error) *HTTPDoor {
	return &HTTPDoor{Discord: d, PublicKey: key, Health: health, ctx: ctx}
}

func (h *HTTPDoor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.web(w, r) {
		return
	}
	switch r.URL.Path {
	case "/interactions":
		h.interactions(w, r)
	case "/healthz":
		h.healthz(w, r)
	default:
		http.NotFound(w, r)
	}
}

func (h *HTTPDoor) healthz(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if h.Health != nil {
		if err := h.Health(ctx); err != nil {
			h.Logger.Warn("health check failed", "err", err)
			http.Error(w, "the database does not answer", http.StatusServiceUnavailable)
			return
		}
	}
	io.WriteString(w, "ok\n")
}

func (h *HTTPDoor) interactions(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxInteractionBody))
	if err != nil {
		if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
			http.Error(w, "request too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "cannot read the request", http.StatusBadRequest)
		return
	}
	// The signature is the authentication: checked before anything is
	// parsed, stored or logged of the body.
	if !Verify(h.PublicKey, r.Header, body) {
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		http.Error(w, "not an interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	first := &httpAnswer{door: h, i: &i, answer: make(chan []byte, 1), written: make(chan struct{})}
	h.inflight.Add(1)
	go func() {
		defer h.inflight.Done()
		defer first.unanswered()
		h.serveVia(h.ctx, &i, first.send, false)
	}()
	select {
	case b, ok := <-first.answer:
		if !ok {
			http.Error(w, "no answer", http.StatusInternalServerError)
			close(first.written)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(b)
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		close(first.written)
	case <-r.Context().Done():
		close(first.written)
	}
}

// Wait waits until the answers under way (their edits and follow-ups over
// REST) are sent, or ctx ends; for a graceful stop after the server has
// stopped taking requests.
func (h *HTTPDoor) Wait(ctx context.Context) error {
	if !waited(ctx, &h.inflight) {
		return ctx.Err()
	}
	return nil
}

func writeJSON(w http.ResponseWriter, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "cannot write the answer", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

// httpAnswer is the first answer of an HTTP interaction: the body of the
// HTTP response, once.
type httpAnswer struct {
	door    *HTTPDoor
	i       *discordgo.Interaction
	once    sync.Once
	answer  chan []byte   // the response body, or closed with none
	written chan struct{} // closed once the response is written (or given up)
}

var errAnswered = errors.New("the interaction was answered already")

// send makes r the HTTP response. A response's body can only be JSON, so
// an answer with files (a board) is sent as a deferral, and the message
// itself then replaces the deferral over REST, once the response is
// written.
func (a *httpAnswer) send(log *slog.Logger, r *discordgo.InteractionResponse) error {
	var later *discordgo.InteractionResponseData
	if r.Data != nil && len(r.Data.Files) > 0 {
		later = r.Data
		deferral := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
		switch {
		case r.Type == discordgo.InteractionResponseUpdateMessage:
			deferral.Type = discordgo.InteractionResponseDeferredMessageUpdate
		case later.Flags&discordgo.MessageFlagsEphemeral != 0:
			deferral.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
		}
		r = deferral
	}
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	ok := false
	a.once.Do(func() {
		ok = true
		a.answer <- b
	})
	if !ok {
		return errAnswered
	}
	<-a.written
	if later == nil {
		return nil
	}
	edit := &discordgo.WebhookEdit{Content: &later.Content, Components: &later.Components, AllowedMentions: later.AllowedMentions, Files: later.Files}
	if len(later.Embeds) > 0 {
		edit.Embeds = &later.Embeds
	}
	// The deferral is on its way back to Discord; the edit may get there
	// first, and is then tried again (withReply).
	return withReply(log, "edit the deferral into the answer", func() error {
		rewind(edit.Files)
		_, err := a.door.Session.InteractionResponseEdit(a.i, edit)
		return err
	})
}

// unanswered closes the answer channel if nothing was sent, so that the
// HTTP handler does not wait for ever.
func (a *httpAnswer) unanswered() {
	a.once.Do(func() { close(a.answer) })
}

// Register registers the commands with one bulk overwrite over REST, as
// the gateway door does on READY; the HTTP door calls it before serving.
func (d *Discord) Register(ctx context.Context) error {
	app, err := d.Session.Application("@me")
	if err != nil {
		return fmt.Errorf("ask Discord for the application (is DISCORD_TOKEN right?): %w", err)
	}
	// The bot's own user, which players name to play the computer; it
	// may differ from the application's id.
	me, err := d.Session.User("@me", discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("ask Discord for the bot's user: %w", err)
	}
	d.self.Store(me.ID)
	if _, err := d.Session.ApplicationCommandBulkOverwrite(app.ID, d.GuildID, DiscordCommands(d.Handler.Commands()), discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("register commands: %w", err)
	}
	d.Logger.Info("commands registered", "application", app.ID, "guild", d.GuildID)
	d.registered.Do(func() { close(d.Registered) })
	return nil
}

// ServeHTTP serves the HTTP door on ln until ctx ends: it registers the
// commands, sweeps as the gateway door does (once per process, whichever
// doors run), and on the way out stops taking requests and finishes those
// under way, their edits and follow-ups included, for up to grace.
func (d *Discord) ServeHTTP(ctx context.Context, ln net.Listener, key ed25519.PublicKey, health func(context.Context) error, grace time.Duration) error {
	if err := d.Register(ctx); err != nil {
		ln.Close()
		return err
	}
	// The answers run on after each request, and after ctx ends until
	// they are sent: an acknowledged move is never left unsaid.
	door := NewHTTPDoor(context.WithoutCancel(ctx), d, key, health)
	srv := d.httpServer(door)
	d.startSweeps(ctx)
	return d.serveUntil(ctx, srv, ln, grace, "HTTP door", "serving Discord's HTTP interactions", func(stop context.Context) error {
		err := door.Wait(stop)
		d.sweepsDone(stop)
		return err
	})
}

// serveUntil serves srv on ln until ctx ends, then shuts it down within
// grace and runs after (the work still owed once no request comes in),
// with the same deadline; name names the server in its errors, and say is
// the line logged when it starts.
func (d *Discord) serveUntil(ctx context.Context, srv *http.Server, ln net.Listener, grace time.Duration, name, say string, after func(stop context.Context) error) error {
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	d.Logger.Info(say, "addr", ln.Addr().String())
	select {
	case err := <-served:
		return fmt.Errorf("%s: %w", name, err)
	case <-ctx.Done():
	}
	stop, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := srv.Shutdown(stop)
	if after != nil {
		if aerr := after(stop); err == nil {
			err = aerr
		}
	}
	if err != nil {
		return fmt.Errorf("%s: stopping: %w", name, err)
	}
	return nil
}
