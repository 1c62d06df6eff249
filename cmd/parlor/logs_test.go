package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"parlor/bot"
	"parlor/bot/discord"
)

// LOG_FORMAT: text by default, JSON lines with json, and anything else
// stops the program with one line saying what to set.
func TestLogFormat(t *testing.T) {
	for _, c := range []struct {
		format string
		json   bool
		err    string
	}{
		{format: "", json: false},
		{format: "text", json: false},
		{format: "json", json: true},
		{format: " JSON ", json: true},
		{format: "xml", err: `LOG_FORMAT="xml": set it to text (the default) or json`},
	} {
		var out bytes.Buffer
		logger, err := newLogger("", c.format, &out)
		if c.err != "" {
			if err == nil || err.Error() != c.err || strings.Contains(err.Error(), "\n") {
				t.Errorf("LOG_FORMAT=%q: %v, want the one line %q", c.format, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("LOG_FORMAT=%q: %v", c.format, err)
			continue
		}
		logger.Info("hello", "game", 7)
		var line map[string]any
		isJSON := json.Unmarshal(out.Bytes(), &line) == nil
		if isJSON != c.json || c.json && (line["msg"] != "hello" || line["game"] != 7.0) {
			t.Errorf("LOG_FORMAT=%q wrote %q; want JSON %v", c.format, out.String(), c.json)
		}
	}
}

// A bad LOG_FORMAT stops parlor before it does anything, with exit 1 and
// one line on stderr.
func TestLogFormatStopsTheProgram(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("LOG_FORMAT", "yaml")
	var out, errs bytes.Buffer
	code := exitCode(run(t.Context(), []string{"check"}, strings.NewReader(""), &out, &errs), &errs)
	if code != 1 || strings.Count(strings.TrimSpace(errs.String()), "\n") != 0 || !strings.Contains(errs.String(), `LOG_FORMAT="yaml"`) {
		t.Errorf("LOG_FORMAT=yaml: exit %d, stderr %q; want exit 1 and one line naming LOG_FORMAT", code, errs.String())
	}
}

// The start line names the doors, the database (a PostgreSQL URL without
// its password), the commands and where they are registered, and the
// shard.
func TestStartLine(t *testing.T) {
	for _, c := range []struct {
		name     string
		cfg      doors
		db       string
		guild    string
		want     []string
		password string // must not show
	}{
		{name: "gateway on SQLite in a guild", cfg: doors{token: "tok", gateway: true, shardCount: 1}, db: "parlor.db", guild: "42",
			want: []string{`doors=gateway`, `sqlite=parlor.db`, `commands=9`, `registered="guild 42"`, `shard=0/1`}},
		{name: "HTTP and gateway on PostgreSQL, global, sharded", cfg: doors{token: "tok", gateway: true, httpAddr: "127.0.0.1:8080", shardID: 2, shardCount: 4},
			db:       "postgres://parlor:s3cret@db.example.com:5432/parlor?sslmode=require",
			want:     []string{`doors="gateway, http 127.0.0.1:8080"`, `postgres="postgres://parlor@db.example.com:5432/parlor?sslmode=require"`, `registered=global`, `shard=2/4`},
			password: "s3cret"},
		{name: "HTTP alone, password as a parameter", cfg: doors{token: "tok", httpAddr: ":8080", shardCount: 1},
			db:       "postgresql://parlor@db/parlor?password=hunter2&sslmode=disable",
			want:     []string{`doors="http :8080"`, `postgres="postgresql://parlor@db/parlor?sslmode=disable"`},
			password: "hunter2"},
	} {
		var out bytes.Buffer
		logger, err := newLogger("", "", &out)
		if err != nil {
			t.Fatal(err)
		}
		logger.Info("starting", startAttrs(c.cfg, c.db, 9, c.guild)...)
		line := out.String()
		for _, w := range c.want {
			if !strings.Contains(line, w) {
				t.Errorf("%s: the start line %q lacks %s", c.name, line, w)
			}
		}
		if c.password != "" && strings.Contains(line, c.password) {
			t.Errorf("%s: the start line %q shows the password", c.name, line)
		}
		if strings.Contains(line, "tok") {
			t.Errorf("%s: the start line %q shows the token", c.name, line)
		}
	}
}

// The README's example of the start line is what Parlor logs, but for
// the time: the gateway on SQLite, its commands registered in a server.
func TestStartLineInReadme(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var example string
	for line := range strings.Lines(string(readme)) {
		if strings.Contains(line, "msg=starting") {
			example = strings.TrimSpace(line)
		}
	}
	var out bytes.Buffer
	logger, err := newLogger("", "", &out)
	if err != nil {
		t.Fatal(err)
	}
	commands := len(discord.DiscordCommands(bot.NewTable(bot.Config{Kits: bot.Kits()}).Commands()))
	logger.Info("starting", startAttrs(doors{gateway: true, shardCount: 1}, "parlor.db", commands, "123456789012345678")...)
	_, got, _ := strings.Cut(strings.TrimSpace(out.String()), " ")
	_, want, _ := strings.Cut(example, " ")
	if got != want {
		t.Errorf("the README's start line (but the time) is\n%s\nParlor logs\n%s", want, got)
	}
}
