package bot

import (
	"strings"

	"parlor/rules"
)

// narration gathers what happened in one interaction of a dice game as a
// line per player's run of decisions, such as "**Alice** moved no fence
// and rolled **5-3**.", with lines of their own between (the opening
// roll). Kits' Narrate functions fill one in.
type narration struct {
	lang  Lang
	names []string
	join  func([]string) string // joins a run's phrases
	lines []string
	who   rules.Seat
	cur   []string
}

func newNarration(lang Lang, names []string, join func([]string) string) *narration {
	return &narration{lang: lang, names: names, join: join, who: rules.Nobody}
}

// by starts seat's run, unless it is the current one.
func (n *narration) by(seat rules.Seat) {
	if seat != n.who {
		n.flush()
		n.who = seat
	}
}

// say adds a phrase to the current run.
func (n *narration) say(phrase string) { n.cur = append(n.cur, phrase) }

// said reports whether the current run has a phrase yet.
func (n *narration) said() bool { return len(n.cur) > 0 }

// extend adds to the last phrase of the current run.
func (n *narration) extend(s string) { n.cur[len(n.cur)-1] += s }

// line adds a line of its own, after the current run.
func (n *narration) line(s string) {
	n.flush()
	n.who = rules.Nobody
	n.lines = append(n.lines, s)
}

func (n *narration) flush() {
	if len(n.cur) > 0 {
		n.lines = append(n.lines, n.lang.T("**%s** %s.", seatLabel(n.names, n.who), n.join(n.cur)))
	}
	n.cur = nil
}

// String is the narration, one line per run.
func (n *narration) String() string {
	n.flush()
	return strings.Join(n.lines, "\n")
}

// seatLabel is the name of seat for the narration.
func seatLabel(names []string, seat rules.Seat) string {
	if int(seat) >= 0 && int(seat) < len(names) {
		return names[seat]
	}
	return "Nobody"
}

// moveWords is the engine's description of m without the "South: " that
// names the mover, whom the narration names already: an engine says a
// move as "%s: %s", the mover and what the move does.
func moveWords(s rules.State, m rules.Move) rules.Text {
	words := s.Describe(m)
	if words.Format == "%s: %s" && len(words.Args) == 2 {
		if rest, ok := words.Args[1].(rules.Text); ok {
			return rest
		}
	}
	return words
}

// afterPlayed is the state after the i-th of played: the next one's Before, or
// the final state.
func afterPlayed(played []Played, i int, final rules.State) rules.State {
	if i+1 < len(played) {
		return played[i+1].Before
	}
	return final
}
