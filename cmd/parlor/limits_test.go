package main

import (
	"strings"
	"testing"

	"parlor/bot"
	"parlor/storage"
)

// The ceilings of the limits come from PARLOR_MAX_*, each bot's default
// when unset; a value that is not a number from 1 to 1,000,000 stops the
// program with a line naming the variable.
func TestCeilingsFromEnv(t *testing.T) {
	for _, v := range []string{"PARLOR_MAX_MEMBER_LOBBIES", "PARLOR_MAX_MEMBER_GAMES", "PARLOR_MAX_SERVER_LOBBIES", "PARLOR_MAX_SERVER_GAMES"} {
		t.Setenv(v, "")
	}
	if c, err := ceilingsFromEnv(); err != nil || c != bot.DefaultCeilings {
		t.Errorf("unset: %+v %v, want the defaults", c, err)
	}
	t.Setenv("PARLOR_MAX_MEMBER_LOBBIES", "5")
	t.Setenv("PARLOR_MAX_SERVER_GAMES", " 20000 ")
	want := bot.DefaultCeilings
	want.MemberLobbies, want.ServerGames = 5, 20000
	if c, err := ceilingsFromEnv(); err != nil || c != want {
		t.Errorf("set: %+v %v, want %+v", c, err, want)
	}
	for _, bad := range []string{"0", "-1", "many", "2000000"} {
		t.Setenv("PARLOR_MAX_MEMBER_GAMES", bad)
		if c, err := ceilingsFromEnv(); err == nil || !strings.Contains(err.Error(), "PARLOR_MAX_MEMBER_GAMES=") || c != (storage.Limits{}) {
			t.Errorf("%q: %+v %v, want an error naming the variable", bad, c, err)
		}
	}
}

// PARLOR_SLOW_DOWN turns the slow-down off or sets its budget.
func TestPaceFromEnv(t *testing.T) {
	for raw, want := range map[string]bot.Pace{"": {}, "off": {Off: true}, "OFF": {Off: true}, "40": {Commands: 40, Autocomplete: 120}} {
		t.Setenv("PARLOR_SLOW_DOWN", raw)
		if p, err := paceFromEnv(); err != nil || p != want {
			t.Errorf("%q: %+v %v, want %+v", raw, p, err, want)
		}
	}
	for _, bad := range []string{"0", "fast", "20000"} {
		t.Setenv("PARLOR_SLOW_DOWN", bad)
		if _, err := paceFromEnv(); err == nil || !strings.Contains(err.Error(), "PARLOR_SLOW_DOWN=") {
			t.Errorf("%q: %v, want an error naming the variable", bad, err)
		}
	}
}
