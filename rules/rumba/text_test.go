package rumba_test

import (
	"errors"
	"strings"
	"testing"

	"parlor/rules"
	"parlor/rules/rumba"
)

// Decision: the position text (see rumba.Position.String) round-trips,
// the decision to throw ("S:throw") included; Parse accepts men in any
// order and track spaces without their leading zero, and String writes
// them sorted and padded.
func TestPositionText(t *testing.T) {
	for _, text := range []string{
		"4p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- open:-,-,-,-",
		"3p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- open:6-3,5-4,- last:E;5-4;open",
		"2p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- open:-,- last:E;6-6;open",
		"4p S:-,-,00,se3 E:-,-,15,63 N:-,10,10,finish W:-,-,-,- E:throw last:S;6-3;enterS,S00-se3",
		"4p S:-,-,00,se3 E:-,-,15,63 N:-,10,10,finish W:-,-,-,- E:roll last:S;6-3;enterS,S00-se3",
		"4p S:-,-,00,se3 E:-,-,15,63 N:-,10,10,finish W:-,-,-,- S:roll last:S;3-3;enterS,S00-se3",
		"4p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- N:throw last:E;5-3;open",
		"3p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- W:throw last:N;5-3;pass",
		"4p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- W:throw",
		"4p S:-,-,00,12 E:-,-,-,15 N:-,10,10,finish W:-,-,-,- S:move:5-3:3:r10 last:S;5-3;S07-12xW",
		"4p S:-,-,00,12 E:-,-,-,15 N:-,10,10,finish W:-,-,-,- S:move:5-3:-:r20 last:S;5-3;S02-07xW,S07-10xW",
		"4p S:-,-,00,12 E:-,-,-,15 N:-,10,10,finish W:-,-,-,- S:move:4-4:4 last:S;4-4;S08-12",
		"4p S:63,finish,finish,finish E:-,-,-,- N:-,-,-,finish W:-,-,-,- over:red:finished last:S;6-1;S62-63,S63-finish",
		"4p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- over:black:resigned",
		"3p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- over:-:agreed-draw",
		"2p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- W:roll last:W;1-1;pass",
	} {
		p := parse(t, text)
		expect(t, p, "String of "+text, p.String(), text)
	}
	// Any order, leading zeros optional.
	p := parse(t, "4p S:12,-,se3,0 E:-,-,-,- N:-,-,-,- W:-,-,-,- S:roll")
	expect(t, p, "sorted", p.String(), "4p S:-,00,12,se3 E:-,-,-,- N:-,-,-,- W:-,-,-,- S:roll")
	// Every turn's decision to throw, played, round-trips.
	for _, text := range []string{
		"4p S:-,-,00,se3 E:-,-,15,63 N:-,10,10,finish W:-,-,-,- E:throw last:S;6-3;enterS,S00-se3",
		"3p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- W:throw last:N;5-3;pass",
	} {
		q := play(t, parse(t, text), rumba.RollText)
		expect(t, q, "after the decision to throw", parse(t, q.String()).String(), strings.Replace(text, ":throw", ":roll", 1))
	}
	// New games.
	for n, want := range map[int]string{
		2: "2p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- open:-,-",
		3: "3p S:-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- open:-,-,-",
	} {
		q, _ := rumba.New(n)
		expect(t, q, "start", q.String(), want)
	}
}

// Decision: Parse rejects a text no game could reach by its counts, and
// says why.
func TestParseRejects(t *testing.T) {
	empty := hands("", "", "", "")
	for _, tt := range []struct{ text, want string }{
		{"", "fields"},
		{"5p " + empty + " S:roll", "players"},
		{"4p E:-,-,-,- S:-,-,-,- N:-,-,-,- W:-,-,-,- S:roll", "start with S"},
		{"4p S:-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- S:roll", "3 men"},
		{"4p S:-,-,-,-,- E:-,-,-,- N:-,-,-,- W:-,-,-,- S:roll", "5 men"},
		{"4p S:-,-,-,64 E:-,-,-,- N:-,-,-,- W:-,-,-,- S:roll", "not a space"},
		{"4p S:-,-,-,se8 E:-,-,-,- N:-,-,-,- W:-,-,-,- S:roll", "not a space"},
		{"4p " + hands("20,20", "", "20,20", "") + " S:roll", "four men never share"},
		{"4p " + hands("se2", "", "se2", "") + " S:roll", "turnout space se2"},
		{"4p " + hands("20", "20", "", "") + " S:roll", "both sides"},
		{"4p " + hands("finish,finish", "", "finish,finish", "") + " S:roll", "has not won"},
		{"4p " + hands("finish,finish,finish", "", "finish,finish", "") + " over:red:finished", "5 men in FINISH"},
		{"4p " + hands("finish", "", "", "") + " over:red:finished", "with 1 men"},
		{"4p " + empty + " over:red:agreed-draw", "cannot have winners"},
		{"4p " + empty + " over:green:resigned", "winners"},
		{"4p " + empty + " over:red:won", "method"},
		{"4p " + empty + " X:roll", "hands S E N W"},
		{"4p " + empty + " S:fly", "throw, roll or move"},
		{"4p " + empty + " S:throws", "throw, roll or move"},
		{"4p " + empty + " S:throw:5-3", "want like S:throw"},
		{"4p " + empty + " S:roll:5-3", "want like S:roll"},
		{"4p " + empty + " throw", "hands S E N W"},
		{"4p " + empty + " X:throw", "hands S E N W"},
		{"4p " + hands("14", "", "", "") + " S:throw last:S;2-2;S10-12,S12-14", "with no decision to throw"},
		{"4p " + hands("15", "", "", "") + " S:throw last:S;5-3;S10-15", "throws again only after doublets"},
		{"4p " + hands("15", "", "", "") + " S:roll last:S;5-3;S10-15", "throws again only after doublets"},
		{"4p " + hands("15", "", "", "") + " N:throw last:S;5-3;S10-15", "East throws, not North"},
		{"4p " + hands("14", "", "", "") + " E:throw last:S;2-2;S10-12,S12-14", "South throws, not East"},
		{"4p " + hands("10", "", "", "") + " E:throw last:S;5-3;-", "the last throw has been played"},
		{"3p " + empty + " W:throw last:N;5-3;open", "(one of S, E, N with 3 players), not West"},
		{"4p " + empty + " S:move:7-1 last:S;7-1;-", "dice"},
		{"4p " + empty + " S:move:5-3:4 last:S;5-3;-", "the die left"},
		{"4p " + empty + " S:move:5-3:3:r15 last:S;5-3;S00-05", "reward"},
		{"4p " + hands("", "10,11,12,13", "", "20,21,22,23") + " S:move:5-3:3:r10 last:S;5-3;S00-05xE", "reward of 10 with 0 opposing men"},
		{"4p " + hands("", "10", "", "") + " S:move:5-3:r10 last:S;5-3;-", "reward before any die"},
		{"4p " + empty + " S:move:5-3 last:E;5-3;-", "the last throw is that one"},
		{"4p " + empty + " S:move:5-3 last:S;5-3;S00-05", "dice of it left"},
		{"4p " + empty + " S:move:5-3:3 last:S;5-3;pass", "a pass ends the throw"},
		{"4p " + empty + " S:move:5-3:3 last:S;5-3;E00-05", "does not fit"},
		{"4p " + empty + " S:move:5-3:3 last:S;5-3;S00-05xN", "does not fit"},
		{"4p " + empty + " S:roll last:S;5-3;Sfoo", "does not read"},
		{"4p " + empty + " open:-,-,-", "one per seat"},
		{"4p " + empty + " open:5-3,5-3,5-3,5-3", "nobody left"},
		{"4p " + empty + " open:-,5-3,-,-", "turn order"},
		{"4p " + empty + " open:x,x,x,-", "at least two"},
		{"4p " + empty + " open:-,-,-,- last:S;5-3;S00-05", "opening throw"},
		{"2p " + empty + " open:-,- last:N;5-3;open", "opening throw of seat 2"},
	} {
		_, err := rumba.Parse(tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q): got %v, want an error saying %q", tt.text, err, tt.want)
		}
	}
}

// Decision: move texts. One man, one count: the hand letter, a space, the
// man's path: where he starts, any turnout he runs through from end to end,
// where he ends ("S 06-10", "N 01-se-11", "S 03-se2", "S se2-11"); "enter
// S"; "S 63-finish"; "pass". Two-digit track spaces keep every text unique
// once spaces and hyphens are dropped.
func TestMoveTexts(t *testing.T) {
	for _, tt := range []struct {
		text string
		want rumba.MoveText
	}{
		{"S 06-10", rumba.MoveText{Kind: rumba.KindMove, Hand: rumba.South, From: 6, To: 10}},
		{"N 01-se-11", rumba.MoveText{Kind: rumba.KindMove, Hand: rumba.North, From: 1, To: 11, Via: []int{0}}},
		{"W se2-se6", rumba.MoveText{Kind: rumba.KindMove, Hand: rumba.West, From: sp("se2"), To: sp("se6")}},
		{"E 18-ne-nw1", rumba.MoveText{Kind: rumba.KindMove, Hand: rumba.East, From: 18, To: sp("nw1"), Via: []int{1}}},
		{"enter W", rumba.MoveText{Kind: rumba.KindEnter, Hand: rumba.West, From: rumba.Waiting, To: 48}},
		{"S 63-finish", rumba.MoveText{Kind: rumba.KindFinish, Hand: rumba.South, From: 63, To: rumba.Finish}},
		{"pass", rumba.MoveText{Kind: rumba.KindPass, Hand: rumba.NoHand}},
	} {
		m, err := rumba.ParseMove(tt.text)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", tt.text, err)
			continue
		}
		if m.String() != tt.text || m.Kind != tt.want.Kind || m.Hand != tt.want.Hand || m.From != tt.want.From || m.To != tt.want.To || len(m.Via) != len(tt.want.Via) {
			t.Errorf("ParseMove(%q): got %+v (%s), want %+v", tt.text, m, m, tt.want)
		}
	}
	// Without the space, or the leading zero: read, and written canonically.
	for in, want := range map[string]string{"S06-10": "S 06-10", "S 6-10": "S 06-10", "enterS": "enter S", "S63-finish": "S 63-finish"} {
		m, err := rumba.ParseMove(in)
		if err != nil || m.String() != want {
			t.Errorf("ParseMove(%q): got %v, %v, want %s", in, m, err, want)
		}
	}
	for _, bad := range []string{"", "X 06-10", "S 06", "S 64-70", "S 06-se8", "S 06-xx-10", "enter", "enter X", "S 06-10-finish", "s 06-10"} {
		if _, err := rumba.ParseMove(bad); !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("ParseMove(%q): got %v, want an error wrapping rules.ErrIllegal", bad, err)
		}
	}
	// The one case where the digits of two paths would run together
	// without the leading zeros: 6-10 and 61-0 with 4-3. The canonical
	// texts stay apart; the short alias is refused as ambiguous.
	p := parse(t, moving(hands("", "", "06,61", ""), "S", "4-3"))
	expectLegal(t, p, "N 06-10", "N 61-00")
	for typed, want := range map[string]string{"n0610": "N 06-10", "N 61-00": "N 61-00", "61-00": "N 61-00"} {
		if m, err := rules.Find(p, typed); err != nil || m.Text != want {
			t.Errorf("Find(%q): got %v, %v, want %s", typed, m, err, want)
		}
	}
	if _, err := rules.Find(p, "6-10"); err == nil || !strings.Contains(err.Error(), "could mean") {
		t.Errorf("Find(6-10): got %v, want an error saying it could mean N 06-10 or N 61-00", err)
	}
}

// What a player may type: rules.Find takes the canonical texts and the
// aliases; an alias that fits two moves is refused with both named.
func TestFind(t *testing.T) {
	p := parse(t, moving(hands("06,se2", "", "01", ""), "S", "6-4"))
	for typed, want := range map[string]string{
		"S 06-10": "S 06-10",
		"s06-10":  "S 06-10",
		"6-10":    "S 06-10",
		"S 6 10":  "S 06-10",
		"06+4":    "S 06-10",
		"S6+4":    "S 06-10",
		"N 1-7":   "N 01-07",
		"se2-11":  "S se2-11",
		"enter S": "enter S",
		"S enter": "enter S",
	} {
		m, err := rules.Find(p, typed)
		if err != nil || m.Text != want {
			t.Errorf("Find(%q): got %q, %v, want %q", typed, m.Text, err, want)
		}
	}
	if _, err := rules.Find(p, "enter"); err == nil || !strings.Contains(err.Error(), "could mean") {
		t.Errorf("Find(enter) with South and North able to enter: got %v, want an error saying it could mean either", err)
	}
	// A run through a turnout, typed without it.
	q := parse(t, "4p "+hands("", "", "03", "")+" S:move:6-1:-:r10 last:S;6-1;S00-03xE")
	expectLegal(t, q, "N 03-se-11")
	for _, typed := range []string{"N 03-se-11", "03-11", "N 3-11"} {
		if m, err := rules.Find(q, typed); err != nil || m.Text != "N 03-se-11" {
			t.Errorf("Find(%q): got %q, %v, want N 03-se-11", typed, m.Text, err)
		}
	}
	// A count fits both routes.
	if _, err := rules.Find(q, "3+10"); err == nil || !strings.Contains(err.Error(), "could mean") {
		t.Errorf("Find(3+10): got %v, want an error saying it could mean N 03-se-11 or N 03-13", err)
	}
	// Finishing, passing and throwing.
	r := parse(t, moving(hands("63", "00,00,32,32", "", ""), "S", "6-2"))
	for _, typed := range []string{"finish", "S finish", "home", "63-finish"} {
		if m, err := rules.Find(r, typed); err != nil || m.Text != "S 63-finish" {
			t.Errorf("Find(%q): got %q, %v, want S 63-finish", typed, m.Text, err)
		}
	}
	s := parse(t, moving(hands("", "", "", ""), "S", "5-3"))
	for _, typed := range []string{"pass", "none", "skip", "no move"} {
		if m, err := rules.Find(s, typed); err != nil || m.Text != "pass" {
			t.Errorf("Find(%q): got %q, %v, want pass", typed, m.Text, err)
		}
	}
	v := parse(t, "4p "+hands("", "", "", "")+" S:throw")
	for _, typed := range []string{"roll", "ROLL", " roll ", "throw", "Throw", "r", "R"} {
		if m, err := rules.Find(v, typed); err != nil || m.Text != rumba.RollText {
			t.Errorf("Find(%q) at the decision to throw: got %q, %v, want roll", typed, m.Text, err)
		}
	}
	u := parse(t, "4p "+hands("", "", "", "")+" S:roll")
	for _, typed := range []string{"roll 5-3", "5-3", "3-5", "roll 3-5"} {
		if m, err := rules.Find(u, typed); err != nil || m.Text != "roll 5-3" {
			t.Errorf("Find(%q): got %q, %v, want roll 5-3", typed, m.Text, err)
		}
	}
}

// Every refusal wraps rules.ErrIllegal and says why.
func TestIllegalMoveReasons(t *testing.T) {
	base := moving(hands("10,20,60", "14", "", ""), "S", "5-3")
	for _, tt := range []struct{ text, why string }{
		{"S 10-12", "moves 2; you have 5-3 to play"},
		{"S 11-14", "no South man on 11"},
		{"E 14-19", "the other side's"},
		{"N 10-15", "no North man on 10"},
		{"enter S", "only on a 6"},
		{"S 60-01", "never passes his finish space 63"},
		{"S 10-06", "no path"},
		{"S 20-se2", "no path"},
		{"S 10-15-20", "not a turnout"},
		{"S 63-finish", "no South man on 63"},
		{"S 60-finish", "from his finish space 63"},
		{"S10-15", "write the move as S 10-15"},
		{"pass", "pass only when nothing can be played"},
		{"hello", "is not a move"},
		{"roll 5-3", "is not a move"},
	} {
		expectRejected(t, parse(t, base), tt.text, tt.why)
	}
	over := parse(t, "4p "+hands("", "", "", "")+" over:red:resigned")
	if _, err := over.Play(rules.Move{Text: "pass"}); !errors.Is(err, rules.ErrOver) {
		t.Errorf("Play after the end: got %v, want rules.ErrOver", err)
	}
	roll := parse(t, "4p "+hands("", "", "", "")+" S:roll")
	expectRejected(t, roll, "S 10-15", "not a throw")
	expectRejected(t, roll, "roll", "not a throw")
	throw := parse(t, "4p "+hands("", "", "", "")+" S:throw")
	expectRejected(t, throw, "roll 5-3", "the dice are not thrown yet")
	expectRejected(t, throw, "5-3", "the dice are not thrown yet")
	expectRejected(t, throw, "S 10-15", "South's turn begins with the throw of the dice")
	expectRejected(t, throw, "hello", `"hello" is not a move, and South's turn begins with the throw of the dice`)
}

// Words for every decision.
func TestDescribe(t *testing.T) {
	for _, tt := range []struct{ text, move, want string }{
		{"4p " + hands("", "", "", "") + " open:-,-,-,-", "roll 6-3", "South throws 6 and 3 (9) in the opening throw (1 chance in 18)"},
		{"3p " + hands("", "", "", "") + " open:6-3,-,-", "roll 2-2", "East/West throws 2 and 2 (4) in the opening throw (1 chance in 36)"},
		{"4p " + hands("", "", "", "") + " E:throw", "roll", "East throws the dice"},
		{"3p " + hands("", "", "", "") + " W:throw", "roll", "West throws the dice"},
		{"4p " + hands("", "", "", "") + " E:roll", "roll 5-3", "East throws 5 and 3 (1 chance in 18)"},
		{"4p " + hands("", "", "", "") + " E:roll", "roll 4-4", "East throws doublets, 4 and 4 (1 chance in 36): plays them, then throws again"},
		{moving(hands("10", "15", "", ""), "S", "5-3"), "S 10-15", "South: a South man from 10 to 15 with the 5, capturing East's man (a reward of 10 to play)"},
		{moving(hands("", "", "", ""), "S", "4-2"), "enter N", "South: a North man enters on 32 with 4 and 2 together"},
		{moving(hands("03", "", "", ""), "S", "4-1"), "S 03-se2", "South: a South man from 03 onto the se turnout, se2 (space 2 of 7) with the 4"},
		{"4p " + hands("", "", "03", "") + " S:move:6-1:-:r10 last:S;6-1;S00-03xE", "N 03-se-11", "South: a North man from 03 through the se turnout to 11 with the reward of 10"},
		{moving(hands("63", "00,00,32,32", "finish,finish,finish", ""), "S", "6-2"), "S 63-finish", "South: a South man goes from his finish space 63 into FINISH with the 6: Red's fourth man in FINISH wins"},
		{moving(hands("", "", "", ""), "S", "5-3"), "pass", "South can play nothing of 5-3: the turn passes to East"},
		{moving(hands("", "", "", ""), "W", "1-1"), "pass", "West can play nothing of 1-1: West throws again (doublets)"},
	} {
		p := parse(t, tt.text)
		expect(t, p, "Describe("+tt.move+")", p.Describe(rules.Move{Text: tt.move}).String(), tt.want)
	}
}
