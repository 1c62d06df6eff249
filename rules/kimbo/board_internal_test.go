package kimbo

import (
	"strings"
	"testing"
)

// The board is checked when it loads: a broken table does not load.
func TestParseLayoutRejects(t *testing.T) {
	tests := []struct{ name, grid, reason string }{
		{"one start square missing", strings.Replace(boardMap, "15 s s", "15 . s", 1), "not a start square"},
		{"a fifth entrance", strings.Replace(boardMap, " 5 . . . .", " 5 . . . e", 1), "areas"},
		{"an entrance out of line", strings.Replace(boardMap, "10 . . . . . . . e", "10 . . . . . . e .", 1), "entrance"},
		{"a short line", strings.Replace(boardMap, "13 . . . . . . . . . . . . . . .", "13 . . .", 1), "cells"},
		{"a rank twice", strings.Replace(boardMap, "13 ", "12 ", 1), "repeated rank"},
		{"an unknown cell", strings.Replace(boardMap, "13 . .", "13 ? .", 1), "unknown cell"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseLayout(tt.grid)
			if err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("parseLayout: got %v, want an error saying %q", err, tt.reason)
			}
		})
	}
	if _, err := parseLayout(boardMap); err != nil {
		t.Errorf("parseLayout(boardMap): got %v, want none", err)
	}
	// Symmetry of the sides' data: turn one fence out of place.
	saved := sideTable[EastSide].fences
	defer func() { sideTable[EastSide].fences = saved }()
	sideTable[EastSide].fences = strings.Replace(saved, "o5|o6", "n5|o5", 1)
	if _, err := parseLayout(boardMap); err == nil || !strings.Contains(err.Error(), "not symmetric") {
		t.Errorf("parseLayout with East's fence moved: got %v, want an error: not symmetric", err)
	}
}
