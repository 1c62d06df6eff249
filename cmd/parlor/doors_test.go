package main

import (
	"strings"
	"testing"
)

// The doors' settings: the HTTP door needs the public key; the gateway
// runs by default without it and on request beside it; shards are checked.
func TestDoorsFromEnv(t *testing.T) {
	const key = "0cd8b6c2e4b05f6e4f2a2f7f3b8e8e1b1a8c9d0e1f2a3b4c5d6e7f8091a2b3c4"
	for _, c := range []struct {
		env     map[string]string
		err     string
		http    bool
		gateway bool
		shard   [2]int
		rate    float64
	}{
		{env: map[string]string{"DISCORD_TOKEN": ""}, err: "DISCORD_TOKEN is not set"},
		{env: map[string]string{}, gateway: true, shard: [2]int{0, 1}},
		{env: map[string]string{"PARLOR_HTTP_ADDR": ":8080"}, err: "DISCORD_PUBLIC_KEY must be too"},
		{env: map[string]string{"PARLOR_HTTP_ADDR": ":8080", "DISCORD_PUBLIC_KEY": "abc"}, err: "DISCORD_PUBLIC_KEY is not a public key"},
		{env: map[string]string{"PARLOR_HTTP_ADDR": ":8080", "DISCORD_PUBLIC_KEY": key}, http: true, shard: [2]int{0, 1}},
		{env: map[string]string{"PARLOR_HTTP_ADDR": ":8080", "DISCORD_PUBLIC_KEY": key, "PARLOR_GATEWAY": "on"}, http: true, gateway: true, shard: [2]int{0, 1}},
		{env: map[string]string{"PARLOR_GATEWAY": "off"}, err: "no door to Discord"},
		// The HTTP server for the web page alone, beside the gateway.
		{env: map[string]string{"PARLOR_HTTP_ADDR": ":8080", "PARLOR_PUBLIC_URL": "https://parlor.example.com"}, http: true, gateway: true, shard: [2]int{0, 1}},
		{env: map[string]string{"PARLOR_HTTP_ADDR": ":8080", "PARLOR_PUBLIC_URL": "https://parlor.example.com", "PARLOR_GATEWAY": "off"}, err: "no door to Discord"},
		{env: map[string]string{"PARLOR_HTTP_ADDR": ":8080", "DISCORD_PUBLIC_KEY": key, "PARLOR_PUBLIC_URL": "https://parlor.example.com"}, http: true, shard: [2]int{0, 1}},
		{env: map[string]string{"PARLOR_GATEWAY": "maybe"}, err: "say on or off"},
		{env: map[string]string{"DISCORD_SHARD_ID": "1", "DISCORD_SHARD_COUNT": "4"}, gateway: true, shard: [2]int{1, 4}},
		{env: map[string]string{"DISCORD_SHARD_ID": "4", "DISCORD_SHARD_COUNT": "4"}, err: "0 <= DISCORD_SHARD_ID < DISCORD_SHARD_COUNT"},
		{env: map[string]string{"DISCORD_SHARD_ID": "1"}, err: "set both"},
		{env: map[string]string{"PARLOR_DISCORD_RATE": "12.5"}, gateway: true, shard: [2]int{0, 1}, rate: 12.5},
		{env: map[string]string{"PARLOR_DISCORD_RATE": "60"}, err: "from 0.1 to 50"},
		{env: map[string]string{"PARLOR_DISCORD_RATE": "0"}, err: "from 0.1 to 50"},
		{env: map[string]string{"PARLOR_DISCORD_RATE": "fast"}, err: "from 0.1 to 50"},
	} {
		t.Setenv("DISCORD_TOKEN", "tok")
		for _, k := range []string{"PARLOR_HTTP_ADDR", "DISCORD_PUBLIC_KEY", "PARLOR_GATEWAY", "DISCORD_SHARD_ID", "DISCORD_SHARD_COUNT", "PARLOR_DISCORD_RATE", "PARLOR_PUBLIC_URL"} {
			t.Setenv(k, "")
		}
		for k, v := range c.env {
			t.Setenv(k, v)
		}
		d, err := doorsFromEnv()
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%v: %v, want an error saying %q", c.env, err, c.err)
			}
		case err != nil:
			t.Errorf("%v: %v", c.env, err)
		case (d.httpAddr != "") != c.http || d.gateway != c.gateway || d.shardID != c.shard[0] || d.shardCount != c.shard[1] || d.rate != c.rate:
			t.Errorf("%v: http %q, gateway %v, shard %d of %d, rate %v; want http %v, gateway %v, shard %v, rate %v", c.env, d.httpAddr, d.gateway, d.shardID, d.shardCount, d.rate, c.http, c.gateway, c.shard, c.rate)
		}
	}
}

// The web page's address must be an http or https address with a host;
// unset, there is no page.
func TestPublicURL(t *testing.T) {
	for _, c := range []struct{ env, want, err string }{
		{"", "", ""},
		{"https://parlor.example.com/", "https://parlor.example.com", ""},
		{"http://127.0.0.1:8080", "http://127.0.0.1:8080", ""},
		{"https://example.com/parlor", "https://example.com/parlor", ""},
		{"parlor.example.com", "", "say the address"},
		{"ftp://parlor.example.com", "", "say the address"},
		{"https://parlor.example.com/?x=1", "", "say the address"},
	} {
		t.Setenv("PARLOR_PUBLIC_URL", c.env)
		got, err := publicURL()
		if got != c.want || (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("PARLOR_PUBLIC_URL=%q: got %q, %v; want %q, %q", c.env, got, err, c.want, c.err)
		}
	}
}
