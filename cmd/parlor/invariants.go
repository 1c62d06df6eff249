package main

import (
	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/kingsmen"
)

// invariants holds each game's own checks, run after every decision of a
// self-played game.
var invariants = map[string]func(prev, next rules.State) error{
	"kingsmen": kingsmen.Invariants,
	"kimbo":    kimbo.Invariants,
}
