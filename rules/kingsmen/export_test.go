package kingsmen

// What only the tests use of a position, kept out of the package's API.

// QuietPlies is the number of plies since the last capture.
func (p *Position) QuietPlies() int { return p.quiet }
