package kimbo

// What only the tests use of the board, kept out of the package's API.

// Neighbor is the cell beside s in direction d (Home through an opening),
// or NoSquare at the edge of the board.
func (l *Layout) Neighbor(s Square, d Dir) Square { return l.edges[s][d&3].to }
