package rumba

import (
	"strings"
	"testing"
)

// The board table is checked when the package loads: a table that breaks
// the board's geometry is refused with the reason.
func TestBoardCheckRejects(t *testing.T) {
	if err := Board.check(); err != nil {
		t.Fatalf("Board.check(): %v", err)
	}
	for _, tt := range []struct {
		name string
		edit func(l *Layout)
		want string
	}{
		{"shared starting point", func(l *Layout) { l.Starts[1] = 0 }, "one per hand"},
		{"starting point off the track", func(l *Layout) { l.Starts[1] = 64 }, "want a track space"},
		{"turnout not longer", func(l *Layout) { l.Turnouts[0].Rejoin = 13 }, "is longer"},
		{"turnout bypassing nothing", func(l *Layout) { l.Turnouts[0].Rejoin = 6 }, "bypasses track spaces"},
		{"overlapping turnouts", func(l *Layout) { l.Turnouts[1].After, l.Turnouts[1].Rejoin = 8, 12 }, "both bypass"},
		{"bypassed starting point", func(l *Layout) { l.Turnouts[0].After, l.Turnouts[0].Rejoin = 14, 18 }, "starting point or finish space"},
		{"bypassed finish space", func(l *Layout) { l.Turnouts[0].After, l.Turnouts[0].Rejoin = 12, 16 }, "starting point or finish space"},
		{"turnout name", func(l *Layout) { l.Turnouts[0].Name = "s" }, "two letters"},
		{"turnout name used twice", func(l *Layout) { l.Turnouts[1].Name = "se" }, "used once"},
		{"fork off the track", func(l *Layout) { l.Turnouts[0].After = -1 }, "want track spaces"},
		{"three turnouts in one move's reach", func(l *Layout) {
			l.Turnouts[1].After, l.Turnouts[1].Rejoin = 13, 15
			l.Turnouts[2].After, l.Turnouts[2].Rejoin = 17, 19
		}, "turnouts leave within 20"},
	} {
		l := Board
		tt.edit(&l)
		if err := l.check(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: check() got %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
}
