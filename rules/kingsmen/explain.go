package kingsmen

import (
	"regexp"
	"strings"

	"parlor/rules"
)

// shortForm reads, normalized (see rules.Normalize), the other ways a move
// may be typed (see Aliases): an optional piece letter, an optional square
// it comes from, an optional x and the square it goes to: "nc5", "c1c5",
// "c5", "nxc5", "c1xc5", "nc1c5".
var shortForm = regexp.MustCompile(`^([kna])?([a-z][0-9]+)?(x)?([a-z][0-9]+)$`)

// explain says why text, a move typed in one of the short ways Aliases
// lists (or the canonical way in other letters and spacing), is not a
// legal move; it returns nil when text is no such move. When text does
// mean a legal move, the error says how to write it.
func (p *Position) explain(text string) error {
	m := shortForm.FindStringSubmatch(rules.Normalize(text))
	if m == nil {
		return nil
	}
	letter, fromName, capture, toName := strings.ToUpper(m[1]), m[2], m[3] != "", m[4]
	from := NoSquare
	if fromName != "" {
		var err error
		if from, err = ParseSquare(fromName); err != nil {
			return rules.Illegal(err)
		}
	}
	to, err := ParseSquare(toName)
	if err != nil {
		return rules.Illegal(err)
	}
	if from != NoSquare {
		pc := p.board[from]
		if pc.Empty() {
			return rules.Illegalf("there is no piece on %s", from.String())
		}
		if letter == "" {
			letter = string(pc.Kind.Letter())
		}
		return p.explainStep(Step{from, to}, letter, capture)
	}
	if target := p.board[to]; !target.Empty() && target.Side == p.toMove {
		return rules.Illegalf("your own %s stands on %s", target.Kind.Word(), to.String())
	}
	if capture && p.board[to].Empty() {
		return rules.Illegalf("there is nothing to capture on %s", to.String())
	}
	// The pieces the text may mean: the mover's, of the kind named.
	kind := NoKind
	if letter != "" {
		kind = kindByLetter(letter[0])
	}
	var cands []Square
	for s, pc := range p.board {
		if !pc.Empty() && pc.Side == p.toMove && (letter == "" || pc.Kind == kind) {
			cands = append(cands, Square(s))
		}
	}
	if len(cands) == 0 {
		if letter == "" {
			return rules.Illegalf("you have no piece left")
		}
		return rules.Illegalf("you have no %s left", kind.Word())
	}
	if len(cands) == 1 {
		return p.explainStep(Step{cands[0], to}, "", capture)
	}
	var legal []string
	var threat []error
	var inLine []Step
	for _, from := range cands {
		st := Step{from, to}
		err := p.stepError(st, "", capture)
		switch {
		case err == nil:
			legal = append(legal, p.Text(st))
		case p.reaches(st.From, st.To):
			threat = append(threat, err)
		case straight(st):
			inLine = append(inLine, st)
		}
	}
	switch {
	case len(legal) == 1:
		return rules.Illegalf("write it %s", legal[0])
	case len(legal) > 1:
		return rules.Illegalf("%q could mean %s or %s", text, legal[0], legal[1])
	case len(threat) == 1:
		return threat[0]
	case len(threat) > 1:
		if letter == "" {
			return rules.Illegalf("your King is under Threat and no move to %s ends it", to.String())
		}
		if kind == Archer {
			return rules.Illegalf("your King is under Threat and no move of an %s to %s ends it", kind.Word(), to.String())
		}
		return rules.Illegalf("your King is under Threat and no move of a %s to %s ends it", kind.Word(), to.String())
	case len(inLine) == 0 && letter == "":
		return rules.Illegalf("no piece of yours stands in a straight line from %s, and pieces move in straight lines only", to.String())
	case len(inLine) == 0:
		return rules.Illegalf("no %s of yours stands in a straight line from %s, and pieces move in straight lines only", kind.Word(), to.String())
	case len(inLine) == 1:
		return p.stepError(inLine[0], "", capture)
	case len(inLine) > 3 && letter == "":
		return rules.Illegalf("no piece of yours can reach %s", to.String())
	case len(inLine) > 3:
		return rules.Illegalf("no %s of yours can reach %s", kind.Word(), to.String())
	}
	var why rules.Text
	for i, st := range inLine {
		from := rules.Textf("from %s, %s", st.From.String(), p.whyNot(st))
		if i == 0 {
			why = from
		} else {
			why = rules.Textf("%s; %s", why, from)
		}
	}
	if letter == "" {
		return rules.Illegalf("no piece of yours can reach %s: %s", to.String(), why)
	}
	return rules.Illegalf("no %s of yours can reach %s: %s", kind.Word(), to.String(), why)
}

// explainStep says why st, for the piece named by letter (the piece's own
// when ""), is not legal; when it is legal, the error says how to write it.
func (p *Position) explainStep(st Step, letter string, capture bool) error {
	if err := p.stepError(st, letter, capture); err != nil {
		return err
	}
	return rules.Illegalf("write it %s", p.Text(st))
}

// stepError is check's answer for st, for the piece named by letter (the
// piece's own when ""), typed with an x when capture is set: nil when st
// is legal.
func (p *Position) stepError(st Step, letter string, capture bool) error {
	if letter == "" {
		letter = string(p.board[st.From].Kind.Letter())
	}
	sep := "-"
	if capture || !p.board[st.To].Empty() {
		sep = "x"
	}
	return p.check(st, letter+st.From.String()+sep+st.To.String())
}

// straight reports whether st goes in a straight line: along a file, a
// rank or a diagonal.
func straight(st Step) bool {
	df, dr := st.To.File()-st.From.File(), st.To.Rank()-st.From.Rank()
	return (df != 0 || dr != 0) && (df == 0 || dr == 0 || abs(df) == abs(dr))
}
