package rules

import (
	"context"
	"fmt"
	"time"
)

// Level is how well a computer player plays.
type Level string

// The levels of computer players.
const (
	// Easy plays sensibly but makes mistakes a beginner can punish.
	Easy Level = "easy"
	// Strong plays as well as it can within its budget.
	Strong Level = "strong"
)

// ParseLevel reads a level's name.
func ParseLevel(s string) (Level, error) {
	switch l := Level(Normalize(s)); l {
	case Easy, Strong:
		return l, nil
	}
	return "", fmt.Errorf("unknown level %q: say easy or strong", s)
}

// DefaultThink is the budget of a strong player's decision when none is
// given.
const DefaultThink = 200 * time.Millisecond

// Thinker is implemented by the Game of each game that has computer
// players.
type Thinker interface {
	// Think returns a computer player's decision for the seat to move in
	// s, one of s.Legal(). s is neither over nor waiting for the dice:
	// chance is never the player's. The budget is counted in work
	// (positions searched, games played out), sized so that a Strong
	// decision takes about think on the machine Parlor is measured on: so
	// a decision depends only on s, level, think and seed, on any machine
	// and under any load. When ctx ends first (a deadline set at several
	// times think, or a shutdown), Think returns the best decision found
	// so far, which may then differ. Easy decides within a small part of
	// think.
	Think(ctx context.Context, s State, level Level, think time.Duration, seed uint64) (Move, error)
}
