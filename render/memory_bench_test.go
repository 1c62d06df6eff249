package render

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/kingsmen"
	"parlor/rules/kippykoo"
	"parlor/rules/rumba"
)

// BenchmarkMemory draws 1,000 boards spread over every game and player
// count (positions reached by random play), as a bot with games of every
// kind would, through one Renderer from 16 goroutines at once, under the
// soft memory limit the bot sets (MemoryLimit, MB-limit), then reports the
// process's resident memory (VmRSS, MB-rss) and its peak (VmHWM, MB-peak),
// and the Go heap in use after a collection, the Renderer still alive
// (MB-heap). With -limit=false it runs without the limit.
//
//	go test ./render -run XXX -bench Memory -benchtime 1x
func BenchmarkMemory(b *testing.B) {
	games := []struct {
		game  rules.Game
		sizes []int
	}{
		{kingsmen.Game{}, []int{2}},
		{kimbo.Game{}, []int{2, 3, 4}},
		{kippykoo.Game{}, []int{2, 3, 4}},
		{rumba.Game{}, []int{2, 3, 4}},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var states []rules.State
	for _, g := range games {
		for _, n := range g.sizes {
			st, err := g.game.New(n)
			if err != nil {
				b.Fatal(err)
			}
			// A few positions along a random game of each.
			for range 10 {
				for range 6 {
					legal := st.Legal()
					if len(legal) == 0 || st.Outcome().Over() {
						break
					}
					next, err := st.Play(legal[rng.IntN(len(legal))])
					if err != nil {
						b.Fatal(err)
					}
					st = next
				}
				states = append(states, st)
			}
		}
	}
	names := []string{"Alice", "Bob", "Carol", "Dave"}
	limit := int64(math.MaxInt64)
	if *memoryLimit {
		limit = MemoryLimit(runtime.GOMAXPROCS(0))
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(limit))
	for b.Loop() {
		r := newRenderer()
		var next atomic.Int64
		var wg sync.WaitGroup
		for range 16 {
			wg.Go(func() {
				for i := int(next.Add(1)) - 1; i < 1000; i = int(next.Add(1)) - 1 {
					st := states[i%len(states)]
					if _, err := r.PNG(st, Info{Names: names[:st.Seats()], Title: fmt.Sprintf("Game %d", i)}); err != nil {
						b.Error(err)
						return
					}
				}
			})
		}
		wg.Wait()
		if limit != math.MaxInt64 {
			b.ReportMetric(float64(limit)/(1<<20), "MB-limit")
		}
		b.ReportMetric(procStatus(b, "VmRSS"), "MB-rss")
		b.ReportMetric(procStatus(b, "VmHWM"), "MB-peak")
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "MB-heap")
		runtime.KeepAlive(r)
	}
}

var memoryLimit = flag.Bool("limit", true, "BenchmarkMemory: draw under the soft memory limit the bot sets")

// procStatus is the field of /proc/self/status, in MB.
func procStatus(b *testing.B, field string) float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Skipf("no /proc: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := bytes.Fields(sc.Bytes())
		if len(f) >= 2 && string(f[0]) == field+":" {
			kb, err := strconv.ParseFloat(string(f[1]), 64)
			if err != nil {
				b.Fatal(err)
			}
			return kb / 1024
		}
	}
	b.Fatalf("no %s in /proc/self/status", field)
	return 0
}
