package kippykoo_test

import (
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/kippykoo"
)

// sentBack lists the marbles p's latest throw sent back to START, as the
// position text writes them ("N@h13,W@h10"), "" for none.
func sentBack(p *kippykoo.Position) string {
	var parts []string
	for _, c := range p.Last().SentBack {
		parts = append(parts, string(p.Side(c.Seat).Letter())+"@"+c.Hole.String())
	}
	return strings.Join(parts, ",")
}

// Decision: the latest throw records the marbles its move sent back to
// START (HAZARDS), whose each was and the hole it stood on, in the order
// of the move's parts (kippykoo.Turn.SentBack), so that the board can mark
// them. The position text adds them to the latest throw
// ("last:S;5-3;h5+8;N@h13"); the drawing's last line says them; the
// record stays until the next throw.
func TestSentBackRecorded(t *testing.T) {
	p := parse(t, moving("S:start,start,start,h5 N:start,start,start,h13", "S", "5-3"))
	p = play(t, p, "h5+8")
	expect(t, p, "sent back", sentBack(p), "N@h13")
	expect(t, p, "SentBack", turnText(p.Last()), turnText(kippykoo.Turn{Seat: 0, Dice: [2]int{5, 3}, Move: "h5+8", SentBack: []kippykoo.Capture{{Seat: 1, Hole: 13}}}))
	expect(t, p, "position text", p.String(), "S:start,start,start,h13 "+northStart+" N:throw last:S;5-3;h5+8;N@h13")
	expect(t, p, "drawing", strings.HasSuffix(p.Drawing(), "\nlast: South threw 5-3, h5+8, sending North's marble on h13 back to START\nNorth to throw\n"), true)
	roundTrip(t, p)
	// The decision to throw keeps the record; the throw replaces it.
	q := play(t, p, "roll")
	expect(t, q, "position text after the decision to throw", q.String(), "S:start,start,start,h13 "+northStart+" N:roll last:S;5-3;h5+8;N@h13")
	q = play(t, q, "roll 2-1")
	expect(t, q, "sent back after the next throw", sentBack(q), "")
	// Two marbles, one a part, in the order of the parts.
	two := parse(t, moving("S:start,start,h5,h30 W:start,start,start,h10 N:start,start,start,h33 "+eastStart, "S", "5-3"))
	two = play(t, two, "h5+5, h30+3")
	expect(t, two, "sent back by two parts", sentBack(two), "W@h10,N@h33")
	expect(t, two, "position text", strings.Fields(two.String())[5], "last:S;5-3;h5+5,h30+3;W@h10,N@h33")
	expect(t, two, "drawing", strings.Contains(two.Drawing(), "\nlast: South threw 5-3, h5+5, h30+3, sending West's marble on h10 and North's on h33 back to START\n"), true)
	roundTrip(t, two)
	// One part of two.
	one := play(t, parse(t, moving("S:start,start,h5,h30 N:start,start,h9,h40", "S", "4-2")), "h5+4, h30+2")
	expect(t, one, "sent back by the first part", sentBack(one), "N@h9")
	// A start that stays on the star, and a throw again after doubles.
	star := play(t, parse(t, moving("S:start,start,start,h20 N:start,start,start,h0", "S", "3-3")), "start")
	expect(t, star, "sent back from the star", sentBack(star), "N@h0")
	expect(t, star, "position text", star.String(), "S:start,start,h0,h20 "+northStart+" S:roll last:S;3-3;start;N@h0")
	roundTrip(t, star)
	// Ended after the capture: the record stays.
	ended, err := p.End(rules.Outcome{Method: rules.Resignation, Winners: []rules.Seat{0}})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, p, "ended", ended.String(), "S:start,start,start,h13 "+northStart+" over:S:resigned last:S;5-3;h5+8;N@h13")
}

// A move that sends nothing back records nothing, and the position text
// writes the latest throw as before: passing over marbles, moving on past
// one's own and an opponent's, finishing past an opponent on the star,
// passing.
func TestNothingSentBackRecordsNothing(t *testing.T) {
	for _, tt := range []struct{ position, move string }{
		{moving("S:start,start,start,h5 N:start,start,start,h10", "S", "5-3"), "h5+8"},
		{moving("S:start,h5,h13,h14 N:start,start,start,h15", "S", "5-3"), "h5+8"},
		{moving("S:start,start,h5,h50 N:start,start,start,h0", "S", "2-1"), "h50+3"},
		{moving(southStart+" "+northStart, "S", "5-3"), "pass"},
		{moving("S:start,start,h5,h20 N:start,start,start,h30", "S", "6-6"), "start, start"},
	} {
		p := play(t, parse(t, tt.position), tt.move)
		expect(t, p, "sent back by "+tt.move, sentBack(p), "")
		expect(t, p, "SentBack by "+tt.move, len(p.Last().SentBack), 0)
		if f := strings.Fields(p.String()); !strings.HasSuffix(f[len(f)-1], ";"+strings.ReplaceAll(tt.move, " ", "")) {
			t.Errorf("after %s: position text %q, want the last throw to end with the move", tt.move, p)
		}
		expect(t, p, "drawing after "+tt.move, strings.Contains(p.Drawing(), "back to START"), false)
	}
}

// Decision: position texts written before the marbles sent back were
// recorded still read, with none recorded; Parse refuses a record no move
// could leave.
func TestSentBackPositionText(t *testing.T) {
	old := "S:start,start,start,h13 " + northStart + " N:throw last:S;5-3;h5+8"
	p := parse(t, old)
	expect(t, p, "old text", p.String(), old)
	expect(t, p, "sent back in an old text", sentBack(p), "")
	for _, text := range []string{
		"S:start,start,start,h13 " + northStart + " N:throw last:S;5-3;h5+8;N@h13",
		"S:start,start,h10,h33 W:start,start,start,start N:start,start,start,start " + eastStart + " W:roll last:S;5-3;h5+5,h30+3;W@h10,N@h33",
		"S:start,start,h10,h33 W:start,start,start,start N:start,start,start,start " + eastStart + " W:throw last:S;5-3;h30+3,h5+5;N@h33,W@h10",
	} {
		q := parse(t, text)
		expect(t, q, "Parse(text).String()", q.String(), text)
	}
	for _, b := range []struct{ text, reason string }{
		{"S:start,start,start,h13 " + northStart + " N:throw last:S;5-3;h5+8;N@h14", "no part of the move"},
		{"S:start,start,h10,h33 W:start,start,start,start N:start,start,start,start " + eastStart + " W:roll last:S;5-3;h5+5,h30+3;N@h33,W@h10", "no part of the move after the one before"},
		{"S:start,start,start,h13 " + northStart + " N:throw last:S;5-3;h5+8;N@h13,N@h13", "no part of the move after the one before"},
		{"S:start,start,start,h13 " + northStart + " N:throw last:S;5-3;h5+8;S@h13", "its own marble"},
		{"S:start,start,start,h13 " + northStart + " N:throw last:S;5-3;h5+8;X@h13", "want like N@h3"},
		{"S:start,start,start,h13 " + northStart + " N:throw last:S;5-3;h5+8;Nh13", "want like N@h3"},
		{"S:start,start,start,h13 " + northStart + " N:throw last:S;5-3;h5+8;", "want like N@h3"},
		{"S:start,start,start,h13 " + northStart + " N:throw last:S;5-3;h5+8;N@h52", "want like N@h3"},
		{southStart + " " + northStart + " N:throw last:S;5-3;pass;N@h13", "by no move"},
		{"S:start,start,start,h14 " + northStart + " N:throw last:S;5-3;h5+8;N@h13", "no marble of South's stands there"},
		{"S:start,start,start,h13 N:h1,h2,h3,h4 N:throw last:S;5-3;h5+8;N@h13", "which holds 0"},
		{"S:start,start,start,h13 " + northStart + " N:throw last:S;5-3;h5+8;N@h13;N@h13", "want like last:S"},
		{"S:finish,finish,finish,finish " + northStart + " over:S:finished last:S;5-3;h45+8;N@h1", "no part of the move"},
	} {
		if _, err := kippykoo.Parse(b.text); err == nil || !strings.Contains(err.Error(), b.reason) {
			t.Errorf("Parse(%q): got %v, want an error saying %q", b.text, err, b.reason)
		}
	}
}
