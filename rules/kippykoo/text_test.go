package kippykoo_test

import (
	"errors"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kippykoo"
)

// Decision: the position text (see kippykoo.Position.String).
func TestPositionText(t *testing.T) {
	p, _ := kippykoo.New(2)
	expect(t, p, "start", p.String(), southStart+" "+northStart+" lot")
	p = play(t, p, "first N")
	expect(t, p, "after the lot", p.String(), southStart+" "+northStart+" N:throw last:N;first")
	p = play(t, p, "roll")
	expect(t, p, "after the decision to throw", p.String(), southStart+" "+northStart+" N:roll last:N;first")
	p = play(t, p, "roll 6-3", "start+3")
	want := southStart + " N:start,start,start,h29 S:throw last:N;6-3;start+3"
	expect(t, p, "String", p.String(), want)
	expect(t, p, "after the next decision to throw", play(t, p, "roll").String(), southStart+" N:start,start,start,h29 S:roll last:N;6-3;start+3")
	for _, text := range []string{
		want,
		southStart + " " + northStart + " lot",
		southStart + " " + northStart + " N:throw last:N;first",
		southStart + " " + northStart + " N:roll last:N;first",
		southStart + " " + northStart + " S:throw",
		southStart + " " + northStart + " S:roll",
		"S:start,h10,h23,h41 N:start,start,start,h29 N:throw last:S;5-3;h5+5,h20+3",
		"S:start,start,start,start W:start,start,h14,h2 N:start,start,start,start E:start,start,start,start S:throw last:E;2-1;pass",
		moving("S:start,start,h5,h20 "+northStart, "S", "5-3"),
		"S:start,h0,h1,h20 N:start,start,start,h29 S:roll last:S;3-3;start",
		"S:start,h10,h23,h41 N:start,start,start,h29 N:roll last:S;5-3;h5+5,h20+3",
		"S:start,start,start,start W:start,start,h14,h2 N:start,start,start,start W:roll last:W;6-6;start+6",
		"S:finish,finish,finish,finish N:start,h30,h40,h10 over:S:finished last:S;2-1;h50+3",
		"S:start,h5,finish,finish N:start,h30,h40,h10 over:N:resigned last:S;2-1;-",
		"S:start,h5,finish,finish W:start,h30,h40,h10 N:start,start,start,start over:-:agreed-draw",
		"S:start,h5,finish,finish W:start,h30,h40,h10 N:start,start,start,start over:S+N:forfeit",
		"S:start,start,start,start  N:start,start,start,start   S:roll ", // odd spacing
		// The throws of a turn after doubles used.
		"S:start,start,start,h15 N:start,start,start,start S:roll last:S;2-2;h5+4;N@h9/3-3;h9+6",
		"S:start,start,start,h9 N:start,start,start,start S:move:3-3 last:S;2-2;h5+4;N@h9/3-3;-",
		"S:start,start,start,h22 N:start,start,start,start N:throw last:S;2-2;h5+4;N@h9/3-3;h9+6/5-2;h15+7",
		"S:start,start,start,h15 N:start,start,start,start N:throw last:S;2-2;h5+4;N@h9/3-3;h9+6/5-2;skipped",
		"S:start,start,start,h15 N:start,start,start,start N:throw last:S;2-2;h5+4;N@h9/3-3;h9+6/5-2;pass",
	} {
		q := parse(t, text)
		expect(t, q, "Parse(text).String()", q.String(), strings.Join(strings.Fields(text), " "))
	}
	// Marbles may be written in any order; String sorts them: START, the
	// track by progress from the seat's star, FINISH.
	q := parse(t, "S:h40,finish,start,h5 W:h2,start,h14,start "+northStart+" S:roll")
	expect(t, q, "sorted", q.String(), "S:start,h5,h40,finish W:start,start,h14,h2 "+northStart+" S:roll")
	bad := []struct{ text, reason string }{
		{"", "seat fields"},
		{southStart + " lot", "seat fields"},
		{northStart + " " + southStart + " lot", "start with S"},
		{southStart + " " + northStart, "seat fields"},
		{southStart + " " + westStart + " " + northStart + " " + eastStart + " " + southStart + " lot", "seat fields"},
		{"S:start,start,start " + northStart + " lot", "3 marbles"},
		{"S:start,start,start,start,finish " + northStart + " lot", "5 marbles"},
		{"S:start,start,h5,h5 " + northStart + " S:roll", "two marbles on h5"},
		{"S:start,start,h5,h20 N:start,start,start,h5 S:roll", "two marbles on h5"},
		{"S:start,start,h5,h52 " + northStart + " S:roll", "not a hole"},
		{"S:start,start,h5,home " + northStart + " S:roll", "not a hole"},
		{"S:start,start,start,h5 " + northStart + " lot", "before any marble leaves START"},
		{southStart + " " + northStart + " S:dance", "want S:throw, S:roll or S:move"},
		{southStart + " " + northStart + " E:roll", "want lot, S:throw, S:roll"},
		{southStart + " " + northStart + " E:throw", "want lot, S:throw, S:roll"},
		{southStart + " " + northStart + " S:throw:5-3", "want S:throw, S:roll or S:move"},
		{southStart + " " + northStart + " S:move:7-1", "dice"},
		{southStart + " " + northStart + " S:move", "want S:throw, S:roll or S:move"},
		{southStart + " " + northStart + " S:move:5-3 last:S;5-3;-", "only the throw, roll and over phases"},
		{southStart + " " + northStart + " lot last:S;first", "only the throw, roll and over phases"},
		{southStart + " " + northStart + " S:roll last:N;first", "the seat drawn throws first"},
		{southStart + " " + northStart + " S:throw last:N;first", "the seat drawn throws first"},
		{"S:start,start,start,h5 " + northStart + " S:throw last:S;first", "every marble in START"},
		{"S:start,h0,h1,h20 N:start,start,start,h29 S:throw last:S;3-3;start", "throws again at once (S:roll)"},
		{southStart + " " + northStart + " S:throw last:S;5-3;-", "has a move"},
		{southStart + " " + northStart + " S:throw last:S;5-3;pass", "throws again only after doubles"},
		{"S:start,start,start,h8 " + northStart + " N:throw last:S;4-4;h0+8", "not North"},
		{southStart + " W:start,start,start,start N:start,start,start,h29 S:throw last:W;6-3;start+3", "North throws, not South"},
		{"S:finish,finish,finish,finish " + northStart + " N:throw", "has not won by finishing"},
		{"S:start,start,start,h5 " + northStart + " S:roll last:S;first", "every marble in START"},
		{southStart + " " + northStart + " S:roll last:S;5-3;-", "has a move"},
		{southStart + " " + northStart + " S:roll last:S;5-3;pass", "throws again only after doubles"},
		{southStart + " " + northStart + " S:roll last:S;2-2;pass", "throws again only after doubles"},
		{"S:start,start,start,h8 " + northStart + " N:roll last:S;4-4;h0+8", "not North"},
		{southStart + " W:start,start,start,start N:start,start,start,h29 S:roll last:W;6-3;start+3", "North throws, not South"},
		{southStart + " " + northStart + " S:roll last:S;5-3;h5+8,h1+1,h2+2", "at most two"},
		{southStart + " " + northStart + " S:roll last:S;5-3;h5-8", "not a move like"},
		{southStart + " " + northStart + " S:roll last:S;5-3", "want like last:S"},
		{southStart + " " + northStart + " S:roll last:X;5-3;-", "seat \"X\""},
		{southStart + " " + northStart + " S:roll extra", "want like last:S"},
		{"S:finish,finish,finish,finish " + northStart + " N:roll", "has not won by finishing"},
		{"S:finish,finish,finish,finish " + northStart + " over:N:resigned", "has not won by finishing"},
		{"S:start,h5,finish,finish " + northStart + " over:S:finished", "without all four"},
		{"S:finish,finish,finish,finish " + northStart + " over:S:finished last:N;2-1;h50+3", "the winner's move"},
		{southStart + " " + northStart + " over:-:resigned", "winners"},
		{southStart + " " + northStart + " over:S+N:resigned", "winners"},
		{southStart + " " + northStart + " over:S+S:forfeit", "each once"},
		{southStart + " " + northStart + " over:S:king-captured", "method"},
		{southStart + " " + northStart + " over:S", "want like over:S:finished"},
		{"S:start,start,start,h22 " + northStart + " N:throw last:S;2-1;h5+3/3-3;h9+6/5-2;h15+7", "only doubles used throw again"},
		{"S:start,start,start,h22 " + northStart + " N:throw last:S;2-2;pass/5-2;h15+7", "only doubles used throw again"},
		{"S:start,start,start,h22 " + northStart + " N:throw last:S;2-2;-/5-2;h15+7", "before the latest of its turn must have a move"},
		{"S:start,start,start,h22 " + northStart + " N:throw last:S;2-2;skipped/5-2;h15+7", "before the latest of its turn must have a move"},
		{"S:start,start,start,h22 " + northStart + " N:throw last:S;2-2;h5+4;N@h10/5-2;h9+13", "where no part of the move"},
		{"S:start,start,start,h22 " + northStart + " N:throw last:S;2-2;h5+4/5-2", "want like last:S"},
		{"S:start,start,start,h9 " + northStart + " S:move:3-3 last:S;2-2;h5+4/4-4;-", "ends with the throw being played"},
		{"S:start,start,start,h9 " + northStart + " S:move:3-3 last:S;2-2;h5+4/3-3;h9+6", "ends with the throw being played"},
		{"S:start,start,start,h9 " + northStart + " S:move:3-3 last:N;2-2;h5+4/3-3;-", "ends with the throw being played"},
		{"S:start,start,start,h9 " + northStart + " S:move:3-3 last:S;3-3;-", "or the move phase of a turn that threw before"},
		{"S:start,start,start,h9 " + northStart + " S:move:3-3 last:S;first", "or the move phase of a turn that threw before"},
	}
	for _, b := range bad {
		if _, err := kippykoo.Parse(b.text); err == nil || !strings.Contains(err.Error(), b.reason) {
			t.Errorf("Parse(%q): got %v, want an error saying %q", b.text, err, b.reason)
		}
	}
}

// Decision: move texts. "roll 6-3"; "first W"; a move is "pass", or one or
// two parts joined by ", ": "start" (a marble started, staying on its
// star), "start+3" (started and moved 3), "h12+9" (the marble on h12 moved
// 9). No two legal moves are alike once rules.Normalize folds them.
func TestMoveTexts(t *testing.T) {
	for text, want := range map[string][]kippykoo.Leg{
		"pass":          nil,
		"start":         {{Start: true, From: kippykoo.NoHole}},
		"start+3":       {{Start: true, From: kippykoo.NoHole, Count: 3}},
		"h12+9":         {{From: 12, Count: 9}},
		"start, h12+3":  {{Start: true, From: kippykoo.NoHole}, {From: 12, Count: 3}},
		"h0+12,h51+1":   {{From: 0, Count: 12}, {From: 51, Count: 1}},
		" start,start ": {{Start: true, From: kippykoo.NoHole}, {Start: true, From: kippykoo.NoHole}},
	} {
		legs, err := kippykoo.ParseLegs(text)
		if err != nil || len(legs) != len(want) {
			t.Errorf("ParseLegs(%q): got %v, %v, want %v", text, legs, err, want)
			continue
		}
		for i := range legs {
			if legs[i] != want[i] {
				t.Errorf("ParseLegs(%q)[%d]: got %+v, want %+v", text, i, legs[i], want[i])
			}
		}
	}
	for _, bad := range []string{"", "h52+1", "h12+0", "h12+13", "h012+3", "h12+03", "start+", "h12", "h1+1, h2+2, h3+3", "h12-9", "start-3", "h12+x", "12+9"} {
		if _, err := kippykoo.ParseLegs(bad); err == nil {
			t.Errorf("ParseLegs(%q): got no error, want one", bad)
		}
	}
	p := parse(t, moving("S:start,start,h5,h20 W:h8,h30,start,start N:h6,start,start,start E:h21,h22,start,start", "S", "6-6"))
	seen := map[string]string{}
	for _, m := range p.Legal() {
		if n := rules.Normalize(m.Text); seen[n] != "" {
			t.Errorf("%s and %s normalize alike", m.Text, seen[n])
		} else {
			seen[n] = m.Text
		}
		legs, err := kippykoo.ParseLegs(m.Text)
		if err != nil {
			t.Errorf("ParseLegs(%q) of a legal move: %v", m.Text, err)
		}
		if back := strings.Join(legStrings(legs), ", "); back != m.Text {
			t.Errorf("legs of %q read back as %q", m.Text, back)
		}
	}
}

func legStrings(legs []kippykoo.Leg) []string {
	var out []string
	for _, lg := range legs {
		out = append(out, lg.String())
	}
	return out
}

// Decision: what a player may type. rules.Find matches canonical texts,
// then the aliases of kippykoo.Position.Aliases.
func TestFind(t *testing.T) {
	p := parse(t, moving("S:start,start,h5,h20 N:start,start,h30,h51", "S", "6-3"))
	for typed, want := range map[string]string{
		"h5+9":           "h5+9",
		"H5 +9":          "h5+9",
		"5+9":            "h5+9",
		"h5-h14":         "h5+9",
		"h5 h14":         "h5+9",
		"h5+6+3":         "h5+9",
		"h5+3+6":         "h5+9",
		"start+3":        "start+3",
		"start 3":        "start+3",
		"start-h3":       "start+3",
		"start h20+3":    "start, h20+3",
		"start, 20+3":    "start, h20+3",
		"h20+3, start":   "start, h20+3",
		"start, h20-h23": "start, h20+3",
		"h5+6 h20+3":     "h5+6, h20+3",
		"h20+3 h5+6":     "h5+6, h20+3",
		"h5 h11 h20 h23": "h5+6, h20+3",
	} {
		m, err := rules.Find(p, typed)
		if err != nil || m.Text != want {
			t.Errorf("Find(%q): got %q, %v, want %q", typed, m.Text, err, want)
		}
	}
	if _, err := rules.Find(p, "h5+6"); err == nil || !strings.Contains(err.Error(), "whole throw") {
		t.Errorf("Find(h5+6): got %v, want an error: whole throw", err)
	}
	// Near the finish: the destination is FINISH.
	f := parse(t, moving("S:start,start,h5,h50 "+northStart, "S", "2-1"))
	if m, err := rules.Find(f, "h50-finish"); err != nil || m.Text != "h50+3" {
		t.Errorf("Find(h50-finish): got %q, %v, want h50+3", m.Text, err)
	}
	// Pass, rolls and the lot.
	n := parse(t, moving(southStart+" "+northStart, "S", "5-3"))
	for _, typed := range []string{"pass", "skip", "none", "No move"} {
		if m, err := rules.Find(n, typed); err != nil || m.Text != "pass" {
			t.Errorf("Find(%q): got %q, %v, want pass", typed, m.Text, err)
		}
	}
	th := parse(t, southStart+" "+northStart+" S:throw")
	for _, typed := range []string{"roll", "Roll", "throw", "THROW", "r", " R "} {
		if m, err := rules.Find(th, typed); err != nil || m.Text != kippykoo.RollText {
			t.Errorf("Find(%q) at the decision to throw: got %q, %v, want roll", typed, m.Text, err)
		}
	}
	if _, err := rules.Find(th, "5-3"); err == nil || !strings.Contains(err.Error(), "the dice are not thrown yet") {
		t.Errorf("Find(5-3) at the decision to throw: got %v, want an error: the dice are not thrown yet", err)
	}
	r := parse(t, southStart+" "+northStart+" S:roll")
	for _, typed := range []string{"roll 5-3", "3-5", "5 3", "roll 3-5"} {
		if m, err := rules.Find(r, typed); err != nil || m.Text != "roll 5-3" {
			t.Errorf("Find(%q): got %q, %v, want roll 5-3", typed, m.Text, err)
		}
	}
	l, _ := kippykoo.New(3)
	for typed, want := range map[string]string{"first W": "first W", "w": "first W", "North": "first N", "first south": "first S"} {
		if m, err := rules.Find(l, typed); err != nil || m.Text != want {
			t.Errorf("Find(%q): got %q, %v, want %q", typed, m.Text, err, want)
		}
	}
	if _, err := rules.Find(l, "first E"); err == nil || !strings.Contains(err.Error(), "not a draw of the lot") {
		t.Errorf("Find(first E) with 3 players: got %v, want an error", err)
	}
}

// Decision: Describe says each decision in words.
func TestDescribe(t *testing.T) {
	p := parse(t, moving("S:start,start,h5,h20 "+"N:start,start,start,h3", "S", "6-3"))
	for text, want := range map[string]string{
		"start+3":      "South: starts a marble and moves it 3 to hole 3, sending North's marble back to START",
		"start, h5+3":  "South: starts a marble on its star, hole 0; then moves the marble on hole 5 by 3 to hole 8",
		"h5+9":         "South: moves the marble on hole 5 by 9 to hole 14",
		"h5+6, h20+3":  "South: moves the marble on hole 5 by 6 to hole 11; then moves the marble on hole 20 by 3 to hole 23",
		"not a move 1": "not a move 1",
	} {
		expect(t, p, "Describe("+text+")", p.Describe(rules.Move{Text: text}).String(), want)
	}
	w := parse(t, moving("S:start,start,start,start W:start,start,start,start N:start,start,start,h16", "W", "6-3"))
	expect(t, w, "Describe(start+3)", w.Describe(rules.Move{Text: "start+3"}).String(), "West: starts a marble and moves it 3 to hole 16, sending North's marble back to START")
	th := parse(t, southStart+" "+northStart+" S:throw")
	expect(t, th, "Describe(the decision to throw)", th.Describe(rules.Move{Text: "roll"}).String(), "South throws the dice")
	expect(t, th, "Describe(not a move)", th.Describe(rules.Move{Text: "roll 5-3"}).String(), "roll 5-3")
	r := parse(t, southStart+" "+northStart+" S:roll")
	expect(t, r, "Describe(roll)", r.Describe(rules.Move{Text: "roll 5-3"}).String(), "South throws 5 and 3 (1 chance in 18)")
	expect(t, r, "Describe(roll doubles)", r.Describe(rules.Move{Text: "roll 4-4"}).String(), "South throws 4 and 4 (1 chance in 36)")
	l, _ := kippykoo.New(3)
	expect(t, l, "Describe(lot)", l.Describe(rules.Move{Text: "first W"}).String(), "West is drawn to begin (1 chance in 3)")
	s := parse(t, moving("S:start,start,h0,h20 "+northStart, "S", "4-2"))
	expect(t, s, "Describe(start onto own)", s.Describe(rules.Move{Text: "start"}).String(), "South: starts a marble on its star, hole 0, where its own marble stands, and on to hole 1, the next free hole")
	d := parse(t, moving("S:start,start,h0,h20 "+northStart, "S", "6-6"))
	expect(t, d, "Describe(start, start)", d.Describe(rules.Move{Text: "start, start"}).String(), "South: starts a marble on its star, hole 0, where its own marble stands, and on to hole 1, the next free hole; then starts a marble on its star, hole 0, where its own marble stands, and on to hole 2, the next free hole; doubles: throws again")
	n := parse(t, moving(southStart+" "+northStart, "S", "5-3"))
	expect(t, n, "Describe(pass)", n.Describe(rules.Move{Text: "pass"}).String(), "South: nothing can be done with 5-3: pass")
}

// Decision: every rejection wraps rules.ErrIllegal and says why.
func TestIllegalMoveReasons(t *testing.T) {
	p := parse(t, moving("S:start,start,h5,h20 N:start,start,h30,h51", "S", "6-3"))
	for text, reason := range map[string]string{
		"h6+9":             "no marble of yours on h6",
		"h30+9":            "no marble of yours on h30",
		"h5+8":             "with 6-3 a marble moves 9",
		"h5+6":             "use the whole throw 6-3",
		"start":            "the 3 must be used too",
		"start+6":          "the other die moves the marble: start+3",
		"start+3, h5+6":    "start+3 uses both dice",
		"start, h5+6":      "a start takes the 6; the other part moves 3",
		"h5+6, h20+6":      "those parts count 6 and 6; the dice show 6 and 3",
		"h5+6, h11+3":      "one marble moves the total as one move, h5+9",
		"start, h0+3":      "a marble started with the 6 moves on with the other die as start+3",
		"h5+3, start":      "comes to the same as start, h5+3",
		"start,h5+3":       "write it start, h5+3",
		"h5+1, h6+1, h7+1": "at most two",
		"hello":            "is not a move like",
		"h99+3":            "not a hole",
		"h5+0":             "the count after + is 1 to 12",
		"roll 6-3":         "the dice are thrown",
		"pass":             "you cannot pass",
		"first S":          "is not a move like",
	} {
		expectRejected(t, p, text, reason)
	}
	if _, err := p.Play(rules.Move{Text: "  h5+9 "}); err != nil {
		t.Errorf("Play with spaces around: got %v, want none", err)
	}
	n := parse(t, moving(southStart+" "+northStart, "S", "5-3"))
	expectRejected(t, n, "start", "the only move is pass")
	expectRejected(t, n, "h5+8", "the only move is pass")
	t51 := parse(t, moving("S:start,start,h5,h20 "+northStart, "S", "5-1"))
	// 5-1 totals six: the start is there, but it uses the whole throw
	// (issue 14: it was answered "5-1 is neither").
	expectRejected(t, t51, "start+1", "with 5-1 the total of six starts a marble, which stays on its star: start (start+1 needs a die showing 6)")
	expectRejected(t, t51, "start+5", "with 5-1 the total of six starts a marble, which stays on its star: start (start+5 needs a die showing 6)")
	t41 := parse(t, moving("S:start,start,h5,h20 "+northStart, "S", "4-1"))
	expectRejected(t, t41, "start+4", "only a six on one die, or a total of six, starts a marble; 4-1 is neither")
	t52 := parse(t, moving("S:start,start,h5,h20 "+northStart, "S", "5-2"))
	expectRejected(t, t52, "start, h5+2", "5-2 is neither")
	r := parse(t, southStart+" "+northStart+" S:roll")
	for _, text := range []string{"roll 7-1", "roll 0-1", "roll 5", "5-3", "start", "roll"} {
		expectRejected(t, r, text, "is not a roll")
	}
	th := parse(t, southStart+" "+northStart+" S:throw")
	for text, reason := range map[string]string{
		"roll 5-3": "the dice are not thrown yet, and they choose the throw",
		"3-5":      "the dice are not thrown yet",
		"throw":    "\"throw\" is not a move, and South's turn begins with the throw of the dice",
		"pass":     "South's turn begins with the throw of the dice",
		"first S":  "South's turn begins with the throw of the dice",
		"":         "South's turn begins with the throw of the dice",
	} {
		expectRejected(t, th, text, reason)
	}
}

// Decision: End takes a resignation or a forfeit naming the winners, or an
// agreed draw naming none; it refuses what the board decides.
func TestEnd(t *testing.T) {
	p, _ := kippykoo.New(3)
	end := func(o rules.Outcome) (rules.State, error) { return p.End(o) }
	st, err := end(rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{2, 1}})
	if err != nil || outcomeText(st.Outcome()) != "resigned winners[1,2]" || st.ToMove() != rules.Nobody || len(st.Legal()) != 0 {
		t.Fatalf("End(resignation): got %v, %v", st, err)
	}
	back := parse(t, st.String())
	expect(t, back, "round trip", back.String(), st.String())
	if _, err := st.End(rules.Outcome{Method: rules.Agreement}); err != rules.ErrOver {
		t.Errorf("End after the end: got %v, want rules.ErrOver", err)
	}
	if _, err := st.Play(rules.Move{Text: "first S"}); err != rules.ErrOver {
		t.Errorf("Play after the end: got %v, want rules.ErrOver", err)
	}
	for _, o := range []rules.Outcome{
		{Method: rules.Finished, Winners: []rules.Seat{0}},
		{Method: rules.Resignation},
		{Method: rules.Resignation, Winners: []rules.Seat{0, 1, 2}},
		{Method: rules.Agreement, Winners: []rules.Seat{0}},
		{Method: rules.Forfeit, Winners: []rules.Seat{3}},
		{Method: rules.Forfeit, Winners: []rules.Seat{1, 1}},
		{Method: rules.Ongoing},
	} {
		if _, err := end(o); err == nil {
			t.Errorf("End(%v): got no error, want one", o)
		}
	}
	for _, o := range []rules.Outcome{{Method: rules.Agreement}, {Method: rules.Forfeit}, {Method: rules.Forfeit, Winners: []rules.Seat{0, 2}}} {
		st, err := end(o)
		if err != nil {
			t.Errorf("End(%v): got %v, want none", o, err)
			continue
		}
		back := parse(t, st.String())
		expect(t, back, "round trip", back.String(), st.String())
	}
	// Ended in the middle of a throw: the throw stays on record.
	m := parse(t, moving("S:start,start,h5,h20 "+northStart, "S", "6-3"))
	st, err = m.End(rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{1}})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, m, "ended mid-throw", st.String(), "S:start,start,h5,h20 "+northStart+" over:N:resigned last:S;6-3;-")
	if err := kippykoo.Invariants(m, st); err != nil {
		t.Errorf("Invariants after End: %v", err)
	}
	if _, err := p.Play(rules.Move{Text: "first S"}); errors.Is(err, rules.ErrOver) {
		t.Errorf("the start position ended too")
	}
}

// kippykoo.Invariants, which the self-play checker runs after every
// decision, catches broken decisions.
func TestInvariantsCatchBrokenDecisions(t *testing.T) {
	move := moving("S:start,start,h5,h20 N:start,start,h13,h40", "S", "5-3")
	after := func(south, north, seat, last string) string {
		return "S:" + south + " N:" + north + " " + seat + ":throw last:S;5-3;" + last
	}
	throw := "S:start,start,h5,h20 N:start,start,h13,h40 S:throw last:N;4-1;h8+5"
	tests := []struct{ name, prev, next, reason string }{
		{"a marble moves other than its count says", move, after("start,start,h11,h20", "start,start,h13,h40", "N", "h5+8"), "want S:start,start,h13,h20"},
		{"a capture not made", move, after("start,start,h13,h20", "start,start,h13,h40", "N", "h5+8"), "two marbles"},
		{"a marble left in FINISH", moving("S:start,h5,h20,finish N:start,start,h13,h40", "S", "5-3"), after("start,start,h13,h20", "start,start,start,h40", "N", "h5+8"), "left FINISH"},
		{"a die alone", move, after("start,start,h10,h20", "start,start,h13,h40", "N", "h5+5"), "whole throw"},
		{"one marble with each die", move, after("start,start,h13,h20", "start,start,start,h40", "N", "h5+5,h10+3"), "both parts move"},
		{"a start without a six", move, after("start,h0,h5,h28", "start,start,h13,h40", "N", "start,h20+8"), "uses [6 8]"},
		{"a pass that could move", move, after("start,start,h5,h20", "start,start,h13,h40", "N", "pass"), "a marble could move"},
		{"the turn not passed", move, after("start,start,h5,h28", "start,start,h13,h40", "S", "h20+8"), "throws again only after doubles"},
		{"an opponent's marble moved", move, after("start,start,h5,h28", "start,start,h14,h40", "N", "h20+8"), "want S:start,start,h5,h28 N:start,start,h40,h13"},
		{"a roll that moves a marble", "S:start,start,h5,h20 N:start,start,h13,h40 S:roll", moving("S:start,start,h6,h20 N:start,start,h13,h40", "S", "5-3"), "the roll moved marbles"},
		{"a roll that passes the turn", "S:start,start,h5,h20 N:start,start,h13,h40 S:roll", moving("S:start,start,h5,h20 N:start,start,h13,h40", "N", "5-3"), "passed the turn"},
		{"a turn begun without the decision to throw", move, "S:start,start,h5,h28 N:start,start,h13,h40 N:roll last:S;5-3;h20+8", "want throw"},
		{"doubles used, then a decision to throw", moving("S:start,start,h5,h20 N:start,start,h13,h40", "S", "4-4"), "S:start,start,h5,h28 N:start,start,h13,h40 S:throw last:S;4-4;h20+8", "throws again at once"},
		{"the decision to throw moves a marble", throw, "S:start,start,h6,h20 N:start,start,h13,h40 S:roll last:N;4-1;h8+5", "changed more than the phase"},
		{"the decision to throw passes the turn", throw, "S:start,start,h5,h20 N:start,start,h13,h40 N:roll", "changed more than the phase"},
		{"the decision to throw rolls the dice too", throw, moving("S:start,start,h5,h20 N:start,start,h13,h40", "S", "5-3"), "changed more than the phase"},
		{"the decision to throw forgets the last throw", throw, "S:start,start,h5,h20 N:start,start,h13,h40 S:roll", "changed more than the phase"},
		{"the decision to throw leaves the seat to throw", throw, throw, "changed more than the phase"},
		{"the lot moves a marble", southStart + " " + northStart + " lot", "S:start,start,start,h0 " + northStart + " S:throw", "the lot moved marbles"},
		{"the lot skips the decision to throw", southStart + " " + northStart + " lot", southStart + " " + northStart + " S:roll last:S;first", "did not give the drawn seat the decision to throw"},
		{"a marble sent back not recorded", move, "S:start,start,h13,h20 N:start,start,start,h40 N:throw last:S;5-3;h5+8", "records the marbles sent back to START as \"\", want \"N@h13\""},
		{"a marble recorded sent back that was not", move, "S:start,start,h5,h28 N:start,start,h13,h40 N:throw last:S;5-3;h20+8;N@h28", "records the marbles sent back to START as \"N@h28\", want \"\""},
		{"a marble sent back recorded as another's", moving("S:start,start,h5,h20 W:start,start,start,h13 N:start,start,h1,h40", "S", "5-3"), "S:start,start,h13,h20 W:start,start,start,start N:start,start,h1,h40 W:throw last:S;5-3;h5+8;N@h13", "as \"N@h13\", want \"W@h13\""},
		{"a decision after the end", "S:finish,finish,finish,finish " + northStart + " over:S:finished", "S:finish,finish,finish,finish " + northStart + " over:S:finished", "after the end"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prev, err := kippykoo.Parse(tt.prev)
			if err != nil {
				t.Fatalf("Parse(prev): %v", err)
			}
			next, err := kippykoo.Parse(tt.next)
			if err != nil {
				if strings.Contains(err.Error(), tt.reason) {
					return // Parse already refuses it
				}
				t.Fatalf("Parse(next): %v", err)
			}
			if err := kippykoo.Invariants(prev, next); err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("Invariants: got %v, want an error saying %q", err, tt.reason)
			}
		})
	}
	// And real decisions pass.
	p := parse(t, move)
	play(t, p, "h5+8", "roll", "roll 6-6", "start, start", "roll 2-1", "h40+3", "roll")
}
