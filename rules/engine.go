package rules

// What the engines share: the small pieces of their rules.Game and
// rules.State adapters, written once here rather than once in each game.

// AsState returns p as a State, or a nil State and err when err is not
// nil. An engine's own functions (New, Parse, PlayText, its Retire and
// Skip) return its position type; an adapter answers through AsState, so
// that a failure gives a State that is nil, never a nil position wrapped
// in a State that would not compare equal to nil.
func AsState[P State](p P, err error) (State, error) {
	if err != nil {
		return nil, err
	}
	return p, nil
}
