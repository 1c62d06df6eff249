package main

import (
	"parlor/rules"
	"parlor/rules/kimbo"
	"parlor/rules/kingsmen"
	"parlor/rules/kippykoo"
	"parlor/rules/rumba"
)

// invariants holds each game's own checks, run after every decision of a
// self-played game.
var invariants = map[string]func(prev, next rules.State) error{
	"kingsmen": kingsmen.Invariants,
	"kimbo":    kimbo.Invariants,
	"kippykoo": kippykoo.Invariants,
	"rumba":    rumba.Invariants,
}
