package main

import (
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"

	"parlor/render"
)

// applyMemoryLimit sets the Go runtime's soft memory limit: the value of
// GOMEMLIMIT, v, when it is set (the runtime reads it only from the
// environment it starts in, not from .env), else the limit a bot that
// draws boards runs well under (render.MemoryLimit). Past the limit the
// garbage collector runs sooner, which keeps the resident memory near it.
func applyMemoryLimit(v string) error {
	if v == "" {
		debug.SetMemoryLimit(render.MemoryLimit(runtime.GOMAXPROCS(0)))
		return nil
	}
	n, err := parseMemoryLimit(v)
	if err != nil {
		return err
	}
	debug.SetMemoryLimit(n)
	return nil
}

// parseMemoryLimit reads a size as GOMEMLIMIT writes it: "off", or a
// number of bytes with an optional unit, B, KiB, MiB, GiB or TiB.
func parseMemoryLimit(v string) (int64, error) {
	if v == "off" {
		return math.MaxInt64, nil
	}
	units := []struct {
		suffix string
		shift  uint
	}{{"TiB", 40}, {"GiB", 30}, {"MiB", 20}, {"KiB", 10}, {"B", 0}}
	num, shift := v, uint(0)
	for _, u := range units {
		if s, ok := strings.CutSuffix(v, u.suffix); ok {
			num, shift = s, u.shift
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64>>shift {
		return 0, fmt.Errorf("GOMEMLIMIT %q: want a size such as 64MiB, or off", v)
	}
	return n << shift, nil
}
