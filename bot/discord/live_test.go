package discord

import (
	"testing"
	"time"
)

// The edits that take buttons off old boards: a burst of editsBurst at
// once, then each waits its turn, editsPerSecond a second.
func TestEditBudget(t *testing.T) {
	var b editBudget
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	for i := range editsBurst {
		if w := b.reserve(now); w != 0 {
			t.Fatalf("edit %d of a burst waits %v", i+1, w)
		}
	}
	for i := 1; i <= 3; i++ {
		if w, want := b.reserve(now), time.Duration(i)*time.Second/editsPerSecond; w != want {
			t.Errorf("edit %d past the burst waits %v, want %v", i, w, want)
		}
	}
	// A second later, editsPerSecond tokens have come back: the next
	// waits as the fourth past the burst less a second's worth.
	now = now.Add(time.Second)
	if w, want := b.reserve(now), time.Duration(4-editsPerSecond)*time.Second/editsPerSecond; max(w, 0) != max(want, 0) {
		t.Errorf("a second later an edit waits %v, want %v", w, max(want, 0))
	}
}
