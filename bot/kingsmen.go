package bot

import (
	"parlor/render"
	"parlor/rules"
	"parlor/rules/kingsmen"
)

// KingsmenKit presents All the King's Men.
func KingsmenKit() Kit {
	return Kit{
		Game:    kingsmen.Game{},
		Painter: render.Kingsmen(),
		Rules:   N(kingsmenRules),
		Example: "Nc1-c5",
		Draws:   true,
		Group: func(l Lang, s rules.State, m rules.Move) (string, string, string) {
			menu := l.T("Move a piece…")
			st, err := kingsmen.ParseStep(m.Text)
			p, ok := s.(*kingsmen.Position)
			if err != nil || !ok {
				return m.Text, m.Text, menu
			}
			return st.From.String(), l.T("%s %s", p.At(st.From).Kind.Word(), st.From), menu
		},
		SeatName: func(l Lang, _ rules.State, seat int) string {
			if seat == 0 {
				return l.T("South, orange")
			}
			return l.T("North, blue")
		},
		Alert: func(l Lang, s rules.State) string {
			p, ok := s.(*kingsmen.Position)
			if ok && !p.Outcome().Over() && p.InThreat(p.SideToMove()) {
				return l.T("**Threat!** Your King is open to capture: this move must end the Threat.")
			}
			return ""
		},
	}
}

const kingsmenRules = `**All the King's Men** — two players, one King, four Knights and seven Archers each.
**Goal:** capture the other King.
**Arrows rule everything.** Every square shows one or more arrows. A piece may only move in the direction of an arrow printed on the square it *starts* from; where it lands decides where it can go next time.
• **King** and **Archers** move one square along an arrow.
• **Knights** slide any number of squares along one arrow, stopping at the edge or at the first piece.
• No piece jumps over another. Any piece captures any enemy piece by moving onto it.
**Threat:** when a King could be captured next move, the bot announces Threat. The threatened side must end it — move the King away, put a piece in between, or capture the threatening piece. With no way out, that side loses. A side that is *not* under Threat may step into danger, and then its King can be captured.
**Ending:** capturing the King or a Threat with no way out wins; a side with no legal move at all loses; 50 moves each without a capture is a draw. You may also resign or agree a draw (/kingsmen draw).
**Moves** are written like Nc1-c5 (x for a capture: Nc1xc5); you can also type just c1c5 or Nc5. South (orange) moves first; sides are drawn by lot.
_The arrows follow the layout of Smess (1970), the game All the King's Men re-themed; the 1979 board is said to change a few arrows, but nobody has published which._`
