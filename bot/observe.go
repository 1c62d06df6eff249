package bot

import (
	"errors"
	"time"

	"parlor/storage"
)

// Metrics is what the table tells an operator's instruments (see package
// metrics, which counts it for Prometheus). Its methods must be safe for
// concurrent use and quick: they are called on the way of every answer.
// The table is given nil for none (Config.Metrics).
type Metrics interface {
	// Interaction is one request answered: its kind ("command",
	// "component", "autocomplete"), its outcome (see outcomeOf) and how
	// long the table took to give its first answer.
	Interaction(kind, outcome string, took time.Duration)
	// StoreError is a database error met while answering, by its class
	// (storage's sentinel errors: "conflict", "busy", "unavailable",
	// "unwritable", "duplicate", "not_found", "limit", "other").
	StoreError(class string)
	// Retry is a change tried again after losing a race to another change
	// of the same game (storage.ErrConflict).
	Retry()
	// Picture is one board drawn, and how long it took; failed says the
	// painter failed.
	Picture(took time.Duration, failed bool)
	// ComputerMove is one move a computer player chose, in game (a
	// command's name, like "kimbo"), and how long it thought.
	ComputerMove(game string, think time.Duration)
	// ComputerWaiting is how many games a sweep found with a computer to
	// move.
	ComputerWaiting(n int)
	// ComputerQueue is a computer's turn taken from the queue by a worker
	// (see computers.go): how many turns still wait behind it, and how long
	// it waited.
	ComputerQueue(behind int, waited time.Duration)
}

// noMetrics counts nothing.
type noMetrics struct{}

func (noMetrics) Interaction(string, string, time.Duration) {}
func (noMetrics) StoreError(string)                         {}
func (noMetrics) Retry()                                    {}
func (noMetrics) Picture(time.Duration, bool)               {}
func (noMetrics) ComputerMove(string, time.Duration)        {}
func (noMetrics) ComputerWaiting(int)                       {}
func (noMetrics) ComputerQueue(int, time.Duration)          {}

// kindName is a request kind as the metrics name it.
func kindName(k Kind) string {
	switch k {
	case CommandRequest:
		return "command"
	case ComponentRequest:
		return "component"
	case AutocompleteRequest:
		return "autocomplete"
	}
	return "other"
}

// outcomeOf names how a request ended: "ok", "refused" (the player was
// told no: an illegal move, a game not theirs, a limit), or, for a
// database error, its class (see storeClass), or "error".
func outcomeOf(err error) string {
	if err == nil {
		return "ok"
	}
	var ue *userError
	if errors.As(err, &ue) || errors.Is(err, storage.ErrLimit) {
		return "refused"
	}
	if c := storeClass(err); c != "other" {
		return c
	}
	return "error"
}

// storeClass is the class of a database error, by storage's sentinel
// errors; "other" when it is none of them.
func storeClass(err error) string {
	for _, c := range []struct {
		err  error
		name string
	}{
		{storage.ErrConflict, "conflict"},
		{storage.ErrDuplicate, "duplicate"},
		{storage.ErrBusy, "busy"},
		{storage.ErrUnavailable, "unavailable"},
		{storage.ErrUnwritable, "unwritable"},
		{storage.ErrNotFound, "not_found"},
		{storage.ErrLimit, "limit"},
	} {
		if errors.Is(err, c.err) {
			return c.name
		}
	}
	return "other"
}
