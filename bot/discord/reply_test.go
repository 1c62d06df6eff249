package discord

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// restError is the error discordgo returns for an answer of Discord's.
func restError(status, code int) error {
	return &discordgo.RESTError{Response: &http.Response{StatusCode: status},
		Message: &discordgo.APIErrorMessage{Code: code, Message: fmt.Sprint("code ", code)}}
}

// Which of Discord's answers say the reply is not there yet, and which
// refuse a call for good.
func TestReplyErrors(t *testing.T) {
	for _, c := range []struct {
		name          string
		err           error
		notYet, final bool
	}{
		{"unknown message", restError(404, discordgo.ErrCodeUnknownMessage), true, true},
		{"unknown webhook", restError(404, discordgo.ErrCodeUnknownWebhook), true, true},
		{"unknown channel", restError(404, discordgo.ErrCodeUnknownChannel), false, true},
		{"missing access", restError(403, discordgo.ErrCodeMissingAccess), false, true},
		{"rate limited", restError(429, 0), false, false},
		{"server error", restError(502, 0), false, false},
		{"network", errors.New("connection reset"), false, false},
	} {
		if got := notYet(c.err); got != c.notYet {
			t.Errorf("%s: notYet %v, want %v", c.name, got, c.notYet)
		}
		if got := refusedForGood(c.err); got != c.final {
			t.Errorf("%s: refusedForGood %v, want %v", c.name, got, c.final)
		}
	}
}

// A call that meets "unknown message" is tried again until it goes
// through, with its file read again from the start; any other error ends
// it at once. Each outcome is logged with what the call was.
func TestWithReply(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})).With("interaction", "42")
	file := []*discordgo.File{{Name: "b.png", Reader: strings.NewReader("png")}}
	tries := 0
	err := withReply(log, "edit", func() error {
		rewind(file)
		body, _ := io.ReadAll(file[0].Reader)
		if string(body) != "png" {
			t.Errorf("try %d read %q", tries, body)
		}
		if tries++; tries < 3 {
			return restError(404, discordgo.ErrCodeUnknownMessage)
		}
		return nil
	})
	if err != nil || tries != 3 {
		t.Fatalf("withReply: %v after %d tries, want success at the third", err, tries)
	}
	if !strings.Contains(logs.String(), "went through") || !strings.Contains(logs.String(), "interaction=42") || !strings.Contains(logs.String(), "tries=3") {
		t.Errorf("the log does not tell the outcome:\n%s", logs.String())
	}
	tries = 0
	denied := restError(403, discordgo.ErrCodeMissingAccess)
	if err := withReply(log, "follow up", func() error { tries++; return denied }); err != denied || tries != 1 {
		t.Errorf("withReply on missing access: %v after %d tries, want it at once", err, tries)
	}
}
