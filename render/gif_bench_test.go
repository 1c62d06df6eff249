package render

import (
	"bytes"
	"image/gif"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/kingsmen"
	"parlor/rules/kippykoo"
	"parlor/rules/rumba"
)

// gifGames are the games BenchmarkGIF replays, each for two.
var gifGames = []rules.Game{kingsmen.Game{}, kimbo.Game{}, kippykoo.Game{}, rumba.Game{}}

// replay is the frames of a random game of g for players, of at most
// decisions decisions from seed: seats decide by rules.Uniform, chance by
// its odds. A frame is the start, then each position where a seat other
// than the last one to decide is to decide, and the end.
func replay(tb testing.TB, g rules.Game, players, decisions int, seed uint64) []Frame {
	tb.Helper()
	s, err := g.New(players)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	names := []string{"Alice", "Bob", "Carol", "Dave"}[:players]
	frames := []Frame{{State: s, Info: Info{Names: names, Title: "Game 12"}}}
	mover, last := rules.Nobody, ""
	for range decisions {
		if s.Outcome().Over() {
			break
		}
		var m rules.Move
		if s.ToMove() == rules.Chance {
			legal := s.Legal()
			m = legal[len(legal)-1]
			x := rng.Float64()
			for _, c := range legal {
				if x < c.Odds {
					m = c
					break
				}
				x -= c.Odds
			}
		} else {
			m = rules.Uniform(s, rng.IntN)
			last = m.Text
		}
		if s, err = s.Play(m); err != nil {
			tb.Fatal(err)
		}
		if to := s.ToMove(); to != rules.Chance && to != mover {
			mover = to
			frames = append(frames, Frame{State: s, Info: Info{Names: names, LastMove: last, Title: "Game 12"}})
		}
	}
	if f := frames[len(frames)-1]; f.State != s {
		frames = append(frames, Frame{State: s, Info: Info{Names: names, LastMove: last, Title: "Game 12"}})
	}
	return frames
}

// BenchmarkGIF is the replay of a 300-decision random game of each game
// for two: its time on the clock and of the processor (cpu-ms/op, which
// varies less on a shared machine), its bytes, its frames (those given,
// and those the file keeps).
//
//	go test ./render -run XXX -bench GIF -benchtime 3x
func BenchmarkGIF(b *testing.B) {
	for _, g := range gifGames {
		b.Run(g.Name(), func(b *testing.B) {
			frames := replay(b, g, 2, 300, 1)
			r := newRenderer()
			var data []byte
			cpu := cpuTime(b)
			for b.Loop() {
				var err error
				if data, err = r.GIF(frames); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime(b)-cpu)/float64(b.N)/1e6, "cpu-ms/op")
			b.ReportMetric(float64(len(data)), "bytes")
			b.ReportMetric(float64(len(frames)), "frames")
			g, err := gif.DecodeAll(bytes.NewReader(data))
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(len(g.Image)), "frames-kept")
		})
	}
}

// cpuTime is the processor time the process has used, user and system: on
// a shared machine it varies less than the time on the clock.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Skipf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
