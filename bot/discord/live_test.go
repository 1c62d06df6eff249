package discord

import (
	"testing"
	"time"
)

// The edits that take buttons off old boards: a burst of editsBurst, then
// editsPerSecond, whatever the pace asked.
func TestEditBudget(t *testing.T) {
	var b editBudget
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	for i := range editsBurst {
		if !b.take(now) {
			t.Fatalf("edit %d of a burst refused", i+1)
		}
	}
	if b.take(now) {
		t.Fatalf("edit %d of a burst allowed", editsBurst+1)
	}
	allowed := 0
	for range 1000 {
		now = now.Add(time.Millisecond)
		if b.take(now) {
			allowed++
		}
	}
	if allowed != editsPerSecond {
		t.Errorf("%d edits allowed in the next second, want %d", allowed, editsPerSecond)
	}
	if b.denied == 0 {
		t.Error("no refusal counted")
	}
}
