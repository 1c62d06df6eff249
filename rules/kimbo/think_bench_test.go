package kimbo

import (
	"context"
	"syscall"
	"testing"
	"time"

	"parlor/rules"
)

// crowdedMove is a four-player middle game (BenchmarkLegalCrowded's): 13
// pieces on the playfield, fences scattered, North to move with 6-5, 566
// legal moves; crowdedFence is the same board at North's fence decision.
const (
	crowdedBoard = "S:b3,b5,f11,home/g2|h2,l2|m2,f5|g5,k5|k6,m9|n9,k15|l15 W:m3,d11,d13,home/h2|h3,g3|h3,e5|f5,c9|d9,f12|g12,k14|k15 " +
		"N:b2,d8,k9,k13/f1|g1,k1|l1,f4|g4,j7|k7,d9|e9,c10|c11 E:h2,a6,o12,c13/i2|i3,o3|o4,c8|c9,b10|b11,m10|m11,k13|l13"
	crowdedMove  = crowdedBoard + " N:move:6-5 last:N;n8|n9>f4|g4;6-5;-"
	crowdedFence = crowdedBoard + " N:fence"
)

// BenchmarkThink: a decision of each level with think 20ms on the
// crowded middle game, one fence decision and one move decision an
// iteration, reported per decision (ms/decision, and in the process's CPU
// time, cpu-ms/decision) with the work units spent a second of CPU time
// (units/cpu-s), by which unitsPerSecond is set: CPU time, as the machine
// is shared.
func BenchmarkThink(b *testing.B) {
	fence, err := Parse(crowdedFence)
	if err != nil {
		b.Fatal(err)
	}
	move, err := Parse(crowdedMove)
	if err != nil {
		b.Fatal(err)
	}
	for _, level := range []rules.Level{rules.Easy, rules.Strong} {
		b.Run(string(level), func(b *testing.B) {
			var work int64
			seed := uint64(0)
			cpu0 := cpuTime()
			for b.Loop() {
				for _, p := range []*Position{fence, move} {
					t := thinkers.Get().(*thinker)
					t.start(context.Background(), level, 20*time.Millisecond, seed)
					t.decide(p)
					work += t.work
					thinkers.Put(t)
					seed++
				}
			}
			cpu := (cpuTime() - cpu0).Seconds()
			b.ReportMetric(b.Elapsed().Seconds()*1000/float64(2*b.N), "ms/decision")
			b.ReportMetric(cpu*1000/float64(2*b.N), "cpu-ms/decision")
			b.ReportMetric(float64(work)/cpu, "units/cpu-s")
		})
	}
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
