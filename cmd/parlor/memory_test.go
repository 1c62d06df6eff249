package main

import (
	"math"
	"testing"
)

func TestParseMemoryLimit(t *testing.T) {
	good := map[string]int64{
		"off": math.MaxInt64, "0": 0, "1048576": 1 << 20, "512B": 512,
		"64KiB": 64 << 10, "64MiB": 64 << 20, "2GiB": 2 << 30, "1TiB": 1 << 40,
	}
	for v, want := range good {
		if got, err := parseMemoryLimit(v); err != nil || got != want {
			t.Errorf("parseMemoryLimit(%q) = %d, %v; want %d", v, got, err, want)
		}
	}
	for _, v := range []string{"", "64M", "64 MiB", "-1MiB", "sixty", "9999999TiB", "MiB"} {
		if got, err := parseMemoryLimit(v); err == nil {
			t.Errorf("parseMemoryLimit(%q) = %d, want an error", v, got)
		}
	}
}
