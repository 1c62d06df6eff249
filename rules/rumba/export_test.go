package rumba

// What only the tests use of the hands, kept out of the package's API.

// Partner is the hand sitting opposite h.
func (h Hand) Partner() Hand { return (h + 2) & 3 }
