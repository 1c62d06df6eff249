package kimbo_test

import (
	"errors"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kimbo"
)

// Decision: the position text (see kimbo.Position.String).
func TestPositionText(t *testing.T) {
	p, _ := kimbo.New(3)
	// South starts, moves a fence north of b8, and goes up the b file,
	// turning east at the fence.
	p = play(t, p, "roll 6-3", "roll 2-1", "roll 1-1", "e1|f1>b8|b9", "roll 5-3", "b1-b8-c8")
	want := "S:n1,c8,n14,a15/f1|g1,g1|h1,h1|i1,i1|j1,j1|k1,b8|b9 W:a2,n2,a14,o15/" + westFences +
		" N:o1,b2,b15,n15/" + northFences + " W:fence last:S;e1|f1>b8|b9;5-3;b1-b8-c8"
	expect(t, p, "String", p.String(), want)
	for _, text := range []string{
		want,
		"S:c3,home,home,home/" + southFences + " " + north + " S:roll last:S;nofence;-;-",
		moving("S:c3,l3,home,home/"+southFences, north, "5-3"),
		"S:l3,c11,home,home/" + southFences + " N:-,b2,b15,n15/" + northFences + " S:corner:N last:S;nofence;5-3;c3xc8-c11",
		"S:home,home,home,home/" + southFences + " " + north + " over:S:finished last:S;nofence;3-1;h3-home",
		"S:c3,home,home,home/" + southFences + " " + north + " over:N:resigned",
		"S:c3,home,home,home/" + southFences + " " + north + " over:-:agreed-draw",
		"S:c3,home,home,home/" + southFences + " " + north + " open:6-3,-",
		"S:c3,home,home,home/" + southFences + " " + north + " N:fence last:S;nofence;2-2;jumpc5-c6",
	} {
		q := parse(t, text)
		expect(t, q, "Parse(text).String()", q.String(), strings.Join(strings.Fields(text), " "))
	}
	// Pieces and fences may be written in any order; String sorts them.
	q := parse(t, "S:home,c3,home,home/j1|k1,e1|f1,f1|g1,g1|h1,h1|i1,i1|j1 "+north+" S:fence")
	expect(t, q, "sorted", q.String(), "S:c3,home,home,home/"+southFences+" "+north+" S:fence")
	bad := []struct{ text, reason string }{
		{"", "seat fields"},
		{"S:b1,n1,n14,a15/" + southFences + " S:fence", "seat fields"},
		{"N:b1,n1,n14,a15/" + southFences + " " + north + " S:fence", "start with S"},
		{"S:b1,n1,n14,a15/" + southFences + " " + north, "want 2 seat fields"},
		{"S:b1,n1,n14,c3,a15/" + southFences + " " + north + " S:fence", "5 pieces"},
		{"S:b1,n1,n14,h8/" + southFences + " " + north + " S:fence", "part of HOME"},
		{"S:b1,n1,n14,b2/" + southFences + " " + north + " S:fence", "two pieces on b2"},
		{"S:b1,n1,n14,a15/e1|f1,e1|f1,g1|h1,h1|i1,i1|j1,j1|k1 " + north + " S:fence", "two fences in e1|f1"},
		{"S:b1,n1,n14,a15/" + southFences + " N:o1,b2,b15,n15/e1|f1,f15|g15,g15|h15,h15|i15,i15|j15,j15|k15 S:fence", "two fences"},
		{"S:b1,n1,n14,a15/" + southFences + " " + north + " S:dance", "want fence, roll"},
		{"S:b1,n1,n14,a15/" + southFences + " " + north + " S:move:7-1", "dice"},
		{"S:b1,n1,n14,a15/" + southFences + " " + north + " S:move", "parts"},
		{"S:b1,n1,n14,a15/" + southFences + " " + north + " S:move:5-3", "before the move"},
		{"S:b1,n1,n14,a15/" + southFences + " " + north + " S:move:5-3 last:S;nofence;5-2;-", "before the move"},
		{"S:b1,n1,n14,a15/" + southFences + " " + north + " S:roll last:N;nofence;-;-", "before the roll"},
		{"S:b1,n1,n14,a15/" + southFences + " " + north + " S:corner:N last:S;nofence;5-3;b1-b9", "captured pieces"},
		{"S:b1,n1,n14,a15/" + southFences + " N:-,b2,b15,n15/" + northFences + " S:corner:S last:S;nofence;5-3;b1-b9", "another seat"},
		{"S:home,home,home,home/" + southFences + " " + north + " N:fence", "all four pieces HOME"},
		{"S:home,home,home,home/" + southFences + " " + north + " over:N:resigned", "all four pieces HOME"},
		{"S:c3,home,home,home/" + southFences + " " + north + " over:S:finished", "without all four"},
		{"S:c3,home,home,home/" + southFences + " " + north + " over:-:resigned", "winners"},
		{"S:c3,home,home,home/" + southFences + " " + north + " over:S+N:resigned", "winners"},
		{"S:c3,home,home,home/" + southFences + " " + north + " over:S:king-captured", "method"},
		{"S:c3,home,home,home/" + southFences + " " + north + " open:-,6-3", "turn order"},
		{"S:c3,home,home,home/" + southFences + " " + north + " open:6-3,5-4", "nobody left"},
		{"S:c3,home,home,home/" + southFences + " " + north + " open:-,x", "at least two"},
		{"S:c3,home,home,home/" + southFences + " " + north + " open:-,-,-", "one per seat"},
		{"S:c3,home,home,home/" + southFences + " " + north + " S:fence last:S;nofence;5-3;c3-d4", "not a straight line"},
		{"S:c3,home,home,home/" + southFences + " " + north + " S:fence last:S;e1|f1>e1|f1;5-3;-", "bad fence move"},
		{"S:c3,home,home,home/" + southFences + " " + north + " S:fence extra", "last turn"},
	}
	for _, b := range bad {
		if _, err := kimbo.Parse(b.text); err == nil || !strings.Contains(err.Error(), b.reason) {
			t.Errorf("Parse(%q): got %v, want an error saying %q", b.text, err, b.reason)
		}
	}
}

// Decision: move texts. Fence moves "e1|f1>c4|c5" and "nofence"; rolls
// "roll 5-3"; one piece "b1-b4-f4" (start, each turn, end), "x" before a
// square where it captures ("c3xc8-c11"), "home" for HOME; two pieces
// "c3-c8, l3-l6" in the order they are played; "jump c5-c6"; "pass";
// "corner sw". Every legal move's text reads back with ParseLegs, and no
// two legal moves are the same once rules.Normalize folds them.
func TestMoveTexts(t *testing.T) {
	p := parse(t, moving("S:c3,l3,home,home/"+southFences, "N:c8,b2,b15,n15/"+northFences, "5-3"))
	seen := map[string]string{}
	for _, m := range p.Legal() {
		legs := mustLegs(t, m.Text)
		if len(legs) == 0 || len(legs) > 2 {
			t.Errorf("%s: %d legs", m.Text, len(legs))
		}
		if n := rules.Normalize(m.Text); seen[n] != "" {
			t.Errorf("%s and %s normalize alike", m.Text, seen[n])
		} else {
			seen[n] = m.Text
		}
	}
	legs := mustLegs(t, "c3xc8-c11")
	expect(t, p, "legs", len(legs), 1)
	expect(t, p, "capture point", legs[0].Points[0], kimbo.Point{Square: sq("c8"), Capture: true})
	expect(t, p, "steps", legs[0].Steps(), 8)
	legs = mustLegs(t, "e6-h6-home, c3-c4")
	expect(t, p, "legs", len(legs), 2)
	expect(t, p, "HOME leg steps", legs[0].Steps(), 4)
	expect(t, p, "HOME leg end", legs[0].End(), kimbo.Home)
	for _, bad := range []string{"c3", "c3-", "c3-d4", "c3-c3", "c3-c8, c8-c9, c9-c10", "home-c3", "c3xhome", "c5-home", "jump c5-c7", "c3+c4", "h8-h9"} {
		if _, err := kimbo.ParseLegs(bad); err == nil {
			t.Errorf("ParseLegs(%q): got no error, want one", bad)
		}
	}
}

// Decision: what a player may type. rules.Find matches canonical texts,
// then the aliases of kimbo.Position.Aliases.
func TestFind(t *testing.T) {
	p := parse(t, moving("S:c3,l3,home,home/"+southFences, "N:c8,b2,b15,n15/"+northFences, "5-3"))
	tests := []struct{ typed, want string }{
		{"c3-c11", "c3-c11"},
		{"C3 C11", "c3-c11"},
		{"c3xc8-c11", "c3xc8-c11"},
		{"c3-c8-c11", "c3xc8-c11"}, // the spelling without x
		{"l3-l6 c3-c8", "c3xc8, l3-l6"},
		{"c3c8 l3l6", "c3xc8, l3-l6"},
	}
	for _, tt := range tests {
		m, err := rules.Find(p, tt.typed)
		if err != nil || m.Text != tt.want {
			t.Errorf("Find(%q): got %q, %v, want %q", tt.typed, m.Text, err, tt.want)
		}
	}
	if _, err := rules.Find(p, "c3-c6"); err == nil || !strings.Contains(err.Error(), "whole throw") {
		t.Errorf("Find(c3-c6): got %v, want an error: whole throw", err)
	}
	// Fence decisions.
	f := parse(t, "S:c3,l3,home,home/"+southFences+" "+north+" S:fence")
	for typed, want := range map[string]string{
		"nofence": "nofence", "no fence": "nofence", "skip": "nofence",
		"e1|f1 > c4|c5": "e1|f1>c4|c5", "f1|e1>c5|c4": "e1|f1>c4|c5", "e1f1 c4c5": "e1|f1>c4|c5",
	} {
		if m, err := rules.Find(f, typed); err != nil || m.Text != want {
			t.Errorf("Find(%q): got %q, %v, want %q", typed, m.Text, err, want)
		}
	}
	if _, err := rules.Find(f, "e15|f15>c4|c5"); err == nil || !strings.Contains(err.Error(), "only your own") {
		t.Errorf("Find(North's fence): got %v, want an error: only your own", err)
	}
	// Rolls and corners.
	r := parse(t, "S:c3,l3,home,home/"+southFences+" "+north+" S:roll last:S;nofence;-;-")
	for _, typed := range []string{"roll 5-3", "3-5", "5 3", "roll 3-5"} {
		if m, err := rules.Find(r, typed); err != nil || m.Text != "roll 5-3" {
			t.Errorf("Find(%q): got %q, %v, want roll 5-3", typed, m.Text, err)
		}
	}
	c := play(t, p, "c3xc8-c11")
	for typed, want := range map[string]string{"corner se": "corner se", "se": "corner se", "south-east": "corner se", "o1": "corner se", "a1": "corner sw"} {
		if m, err := rules.Find(c, typed); err != nil || m.Text != want {
			t.Errorf("Find(%q): got %q, %v, want %q", typed, m.Text, err, want)
		}
	}
	// The start and end squares alone, when one path fits them.
	a := parse(t, moving("S:c5,home,home,home/c7|c8,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1", north, "3-2"))
	if m, err := rules.Find(a, "c5 f7"); err != nil || m.Text != "c5-c7-f7" {
		t.Errorf("Find(c5 f7): got %q, %v, want c5-c7-f7", m.Text, err)
	}
}

// Decision: Describe says each decision in words.
func TestDescribe(t *testing.T) {
	p := parse(t, moving("S:c3,l3,home,home/"+southFences, "N:c8,b2,b15,n15/"+northFences, "5-3"))
	for text, want := range map[string]string{
		"c3xc8-c11":    "South: c3 north 5 to c8, capturing North's piece, north 3 to c11",
		"c3-c11":       "South: c3 north 8 to c11",
		"c3xc8, l3-l6": "South: c3 north 5 to c8, capturing North's piece; l3 north 3 to l6",
	} {
		expect(t, p, "Describe("+text+")", p.Describe(rules.Move{Text: text}).String(), want)
	}
	f := parse(t, "S:c3,l3,home,home/"+southFences+" "+north+" S:fence")
	expect(t, f, "Describe(nofence)", f.Describe(rules.Move{Text: "nofence"}).String(), "South moves no fence")
	expect(t, f, "Describe(fence)", f.Describe(rules.Move{Text: "e1|f1>c4|c5"}).String(), "South moves a fence from e1|f1 to c4|c5")
	r := parse(t, "S:c3,l3,home,home/"+southFences+" "+north+" S:roll last:S;nofence;-;-")
	expect(t, r, "Describe(roll)", r.Describe(rules.Move{Text: "roll 5-3"}).String(), "South rolls 5 and 3 (1 chance in 18)")
	c := play(t, p, "c3xc8-c11")
	expect(t, c, "Describe(corner)", c.Describe(rules.Move{Text: "corner se"}).String(), "North's captured piece goes back to the south-east start area (o1)")
	h := parse(t, moving("S:h1,home,home,home/"+strings.Replace(southFences, "h1|i1", "c3|c4", 1), north, "6-2"))
	expect(t, h, "Describe(home)", h.Describe(rules.Move{Text: "h1-home"}).String(), "South: h1 north 6 into HOME (the 6 alone)")
	j := parse(t, moving("S:c5,home,home,home/c5|c6,f1|g1,g1|h1,h1|i1,i1|j1,j1|k1", north, "2-2"))
	expect(t, j, "Describe(jump)", j.Describe(rules.Move{Text: "jump c5-c6"}).String(), "South: the piece on c5 jumps the fence to c6, instead of moving")
}

// Decision: every rejection wraps rules.ErrIllegal and says why.
func TestIllegalMoveReasons(t *testing.T) {
	p := parse(t, moving("S:c3,l3,home,home/"+southFences, "N:c8,b2,b15,n15/"+northFences, "5-3"))
	for text, reason := range map[string]string{
		"d3-d11":        "no piece of yours on d3",
		"b2-b7":         "no piece of yours on b2",
		"c3-c9":         "that path counts 6",
		"c3-c7, l3-l6":  "count 4 and 3",
		"c3-c11x":       "bad point",
		"c3-d3-d10":     "not a path",
		"c3-b3-b10":     "not a path",
		"jump c3-c4":    "only on doubles",
		"hello":         "a path starts with a square",
		"roll 5-3":      "a path starts with a square",
		"c3xc8, l3-l9x": "bad point",
	} {
		expectRejected(t, p, text, reason)
	}
	if _, err := p.Play(rules.Move{Text: "  c3-c11 "}); err != nil {
		t.Errorf("Play with spaces around: got %v, want none", err)
	}
	r := parse(t, "S:c3,l3,home,home/"+southFences+" "+north+" S:roll last:S;nofence;-;-")
	for _, text := range []string{"roll 7-1", "roll 0-1", "roll 5", "5-3"} {
		expectRejected(t, r, text, "is not a roll")
	}
	c := play(t, p, "c3xc8-c11")
	expectRejected(t, c, "corner x", "is not a corner")
}

// Decision: End takes a resignation or a forfeit naming the winners, or an
// agreed draw naming none; it refuses what the board decides.
func TestEnd(t *testing.T) {
	p, _ := kimbo.New(3)
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
	if _, err := p.Play(rules.Move{Text: "roll 5-3"}); errors.Is(err, rules.ErrOver) {
		t.Errorf("the start position ended too")
	}
}

// kimbo.Invariants, which the self-play checker runs after every decision,
// catches broken decisions.
func TestInvariantsCatchBrokenDecisions(t *testing.T) {
	move := moving("S:c3,l3,home,home/"+southFences, "N:c8,b2,b15,n15/"+northFences, "5-3")
	fence := "S:c3,l3,home,home/" + southFences + " N:c8,b2,b15,n15/" + northFences + " S:fence"
	after := func(south, north, last string) string {
		return "S:" + south + " N:" + north + " N:fence last:S;nofence;5-3;" + last
	}
	tests := []struct{ name, prev, next, reason string }{
		{"a piece goes back into a start area", move, after("a1,l3,home,home/"+southFences, "c8,b2,b15,n15/"+northFences, "c3-c11"), "start area"},
		{"a piece enters HOME by no count", move, after("l3,home,home,home/"+southFences, "c8,b2,b15,n15/"+northFences, "c3-c11"), "entered HOME"},
		{"the move's path counts wrong", move, after("c9,l3,home,home/"+southFences, "c8,b2,b15,n15/"+northFences, "c3-c9"), "counts 6"},
		{"the pieces are not where the move says", move, after("c10,l3,home,home/"+southFences, "c8,b2,b15,n15/"+northFences, "c3-c11"), "mover's pieces"},
		{"HOME through a closed entrance", moving("S:c5,l3,home,home/"+southFences, "N:c8,b2,b15,n15/"+northFences, "4-3"),
			"S:l3,home,home,home/" + southFences + " N:c8,b2,b15,n15/" + northFences + " N:fence last:S;nofence;4-3;c5-c8-home", "closed entrance f8"},
		{"an opponent's fence moved", fence, "S:c3,l3,home,home/" + southFences + " N:c8,b2,b15,n15/c4|c5,f15|g15,g15|h15,h15|i15,i15|j15,j15|k15 S:roll last:S;nofence;-;-", "not the mover's"},
		{"a piece moved at the fence decision", fence, "S:c4,l3,home,home/" + southFences + " N:c8,b2,b15,n15/" + northFences + " S:roll last:S;nofence;-;-", "moved in phase fence"},
		{"two fences moved", fence, "S:c3,l3,home,home/c4|c5,c5|c6,g1|h1,h1|i1,i1|j1,j1|k1 N:c8,b2,b15,n15/" + northFences + " S:roll last:S;nofence;-;-", "4 slots changed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prev, next := parse(t, tt.prev), parse(t, tt.next)
			if err := kimbo.Invariants(prev, next); err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("Invariants: got %v, want an error saying %q", err, tt.reason)
			}
		})
	}
	// And a real decision passes.
	p := parse(t, move)
	play(t, p, "c3xc8-c11", "corner sw")
}
