package render

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// The standings are drawn 800 pixels wide, a row each, on the boards'
// paper; the thirds the fonts lack are written out, and a table too long
// is refused.
func TestStandingsPNG(t *testing.T) {
	s := Standings{Title: "Tournament #7 · Kimbo", Head: [6]string{"#", "Entrant", "Points", "Buchholz", "S-B", "Games"}, Rows: []StandingRow{
		{"1", "Alice Liddell", "2⅔", "4½", "3.25", "3", false},
		{"2", "Bob", "2", "5", "2", "3", false},
		{"3", "A name far too long to fit in its column on a phone", "1⅓", "3", "1", "3", false},
		{"4", "Parlor (strong)", "½", "2", "0", "3", true},
	}}
	data, err := New().StandingsPNG(s)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != stWidth || b.Dy() != stTitleH+stHeadH+4*stRowH+stMargin {
		t.Fatalf("the picture is %v, want %d wide and a row for each of 4", b, stWidth)
	}
	if got := fractions.Replace("1⅔"); got != "1 2/3" {
		t.Errorf("1⅔ is written %q", got)
	}
	if c := img.At(2, 2); c != paper {
		r, g, b, _ := c.RGBA()
		if uint8(r>>8) != paper.R || uint8(g>>8) != paper.G || uint8(b>>8) != paper.B {
			t.Errorf("the corner is %v, want the paper", c)
		}
	}
	if dir := os.Getenv("PARLOR_SHOW"); dir != "" {
		os.WriteFile(filepath.Join(dir, "standings.png"), data, 0o644)
	}
	s.Rows = make([]StandingRow, stMaxRows+1)
	if _, err := New().StandingsPNG(s); err == nil {
		t.Error("a table longer than the most drawn was drawn")
	}
}

// BenchmarkStandingsPNG draws the standings of a tournament of 32, the
// most entrants one takes.
func BenchmarkStandingsPNG(b *testing.B) {
	r := New()
	s := Standings{Title: "Tournament #7 · Kippy Koo", Head: [6]string{"#", "Entrant", "Points", "Buchholz", "S-B", "Games"}}
	for i := range 32 {
		s.Rows = append(s.Rows, StandingRow{Place: fmt.Sprint(i + 1), Name: fmt.Sprintf("Entrant number %d", i+1), Points: "2⅔", Tie1: "4½", Tie2: "3.25", Games: "5"})
	}
	var size int
	for b.Loop() {
		data, err := r.StandingsPNG(s)
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
	}
	b.ReportMetric(float64(size)/1024, "KB")
}
