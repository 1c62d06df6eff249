package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"parlor/bot"
	"parlor/bot/console"
	"parlor/render"
	"parlor/rules"
	"parlor/storage"
)

// block is a fenced block of the README: its info string and lines.
type block struct {
	info  string
	lines []string
	at    int // the README line it starts on
}

func readmeBlocks(t *testing.T) []block {
	t.Helper()
	f, err := os.Open("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []block
	var cur *block
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case cur == nil && strings.HasPrefix(trimmed, "```"):
			cur = &block{info: strings.TrimPrefix(trimmed, "```"), at: n}
		case cur != nil && trimmed == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, line)
		}
	}
	return out
}

// tinyPainter draws every board as one pixel: the README test is about
// what is typed and answered.
type tinyPainter struct{}

// GIF draws a replay as one pixel.
func (tinyPainter) GIF([]render.Frame) ([]byte, error) {
	var b bytes.Buffer
	err := gif.Encode(&b, image.NewPaletted(image.Rect(0, 0, 1, 1), color.Palette{color.White}), nil)
	return b.Bytes(), err
}

func (tinyPainter) PNG(rules.State, render.Info) ([]byte, error) {
	var b bytes.Buffer
	err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	return b.Bytes(), err
}

// watcher passes requests to the table and remembers what it answered.
type watcher struct {
	*bot.Table
	mu   sync.Mutex
	last []answer
}

type answer struct {
	req  bot.Request
	resp bot.Response
}

func (w *watcher) Handle(ctx context.Context, req bot.Request) bot.Response {
	resp := w.Table.Handle(ctx, req)
	w.mu.Lock()
	w.last = append(w.last, answer{req, resp})
	w.mu.Unlock()
	return resp
}

func (w *watcher) take() []answer {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := w.last
	w.last = nil
	return out
}

// refusal says why an answer is a refusal, or "" if it is not: a private
// answer alone with nothing to click or read, or an autocomplete that
// offers nothing.
func refusal(a answer) string {
	r := a.resp
	switch {
	case a.req.Kind == bot.AutocompleteRequest && len(r.Choices) == 0:
		return "autocomplete offers nothing"
	case r.Private != nil && r.Public == nil && r.Update == nil && len(r.Private.Components) == 0 && r.Private.Embed == nil &&
		!strings.HasPrefix(r.Private.Content, "**Game #"): // a private page of a game's story is an answer
		return r.Private.Content
	}
	return ""
}

// seedsPerExample is how many draws of the lot and the dice each console
// example of the README is played under.
const seedsPerExample = 25

// Every console example of the README works as written, whatever the lot
// and the dice: no line is refused by the bot or not understood by the
// console, under many draws. Each is played twice on one database, as a
// reader who runs the examples again another day does: the games of the
// first run are still there.
func TestReadmeExamples(t *testing.T) {
	flowTest(t)
	n := 0
	for _, b := range readmeBlocks(t) {
		if b.info != "console" {
			continue
		}
		n++
		for seed := range uint64(seedsPerExample) {
			ctx := t.Context()
			db, err := storage.Open(ctx, filepath.Join(t.TempDir(), "parlor.db"))
			if err != nil {
				t.Fatal(err)
			}
			for run := range uint64(2) {
				rng := rand.New(rand.NewPCG(seed, 99+run))
				w := &watcher{Table: bot.NewTable(bot.Config{Store: db, Painter: tinyPainter{}, Kits: bot.Kits(), Roll: rng.IntN})}
				var out bytes.Buffer
				c := console.NewConsole(w, &out, t.TempDir())
				for i, line := range b.lines {
					out.Reset()
					_, err := c.Line(ctx, line)
					if err != nil {
						t.Errorf("README line %d, draw %d, run %d: %q: the console says %v", b.at+1+i, seed, run+1, line, err)
						break
					}
					for _, a := range w.take() {
						if why := refusal(a); why != "" {
							t.Errorf("README line %d, draw %d, run %d: %q was refused: %s\n%s", b.at+1+i, seed, run+1, line, why, out.String())
						}
					}
					if t.Failed() {
						break
					}
				}
				if t.Failed() {
					break
				}
			}
			db.Close()
			if t.Failed() {
				return
			}
		}
	}
	if n < 4 {
		t.Errorf("the README has %d console examples, want one per game", n)
	}
}

// The README's commands for the parlor program work as written (run from a
// scratch folder): help, render and check as they are; selfplay with 3
// games rather than thousands, to keep the test short. The bot itself
// needs Discord, and the console is the examples above. Every file they
// write is one the repository's .gitignore ignores, so that a reader who
// runs them in a clone leaves it clean.
func TestReadmeCommands(t *testing.T) {
	flowTest(t)
	blocks := readmeBlocks(t)
	ignore, err := os.ReadFile("../../.gitignore")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Mkdir("boards", 0o755); err != nil {
		t.Fatal(err)
	}
	writeRecord(t, "boards/kimbo-12.txt", "kimbo", 60) // what /kimbo export in the console would give
	n := 0
	for _, b := range blocks {
		if b.info != "sh" {
			continue
		}
		for i, line := range b.lines {
			args, err := shellWords(line)
			if err != nil {
				t.Fatalf("README line %d: %v", b.at+1+i, err)
			}
			if len(args) < 3 || args[0] != "go" || args[1] != "run" || args[2] != "./cmd/parlor" {
				continue
			}
			args = args[3:]
			if len(args) == 0 || args[0] == "console" || args[0] == "run" {
				continue // the bot needs Discord; the console is the examples above
			}
			if len(args) > 0 && args[0] == "selfplay" {
				for j := range args {
					if args[j] == "--games" && j+1 < len(args) {
						args[j+1] = "3"
					}
				}
			}
			n++
			var out, errs bytes.Buffer
			if code := exitCode(run(t.Context(), args, strings.NewReader(""), &out, &errs), &errs); code != 0 {
				t.Errorf("README line %d: parlor %s: exit %d\n%s", b.at+1+i, strings.Join(args, " "), code, errs.String())
			}
			for _, a := range args {
				if strings.HasSuffix(a, ".png") {
					if _, err := os.Stat(filepath.Join(dir, a)); err != nil {
						t.Errorf("README line %d: no %s written: %v", b.at+1+i, a, err)
					}
				}
			}
		}
	}
	if n < 5 {
		t.Errorf("ran %d of the README's parlor commands, want them all", n)
	}
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if !ignored(string(ignore), filepath.ToSlash(path)) {
			t.Errorf("the README's commands wrote %s, which .gitignore does not ignore: it would be left in a clone", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// ignored says whether a .gitignore's patterns ignore path, a file's path
// from the repository's root, for the patterns Parlor's uses: a name
// pattern anywhere (*.db), a folder anywhere (boards/), and a path from
// the root (/parlor, /out/).
func ignored(gitignore, path string) bool {
	parts := strings.Split(path, "/")
	for _, p := range strings.Split(gitignore, "\n") {
		p = strings.TrimSpace(p)
		if p == "" || strings.HasPrefix(p, "#") {
			continue
		}
		folder := strings.HasSuffix(p, "/")
		p = strings.TrimSuffix(p, "/")
		if rooted := strings.HasPrefix(p, "/"); rooted {
			p = strings.TrimPrefix(p, "/")
			if ok, _ := filepath.Match(p, parts[0]); ok && (!folder || len(parts) > 1) {
				return true
			}
			continue
		}
		for i, part := range parts {
			if folder && i == len(parts)-1 {
				break // a folder pattern names the folders a file is in
			}
			if ok, _ := filepath.Match(p, part); ok {
				return true
			}
		}
	}
	return false
}

// writeRecord writes in file the record of decisions random decisions of
// a game of two of kind, as /<game> export writes it.
func writeRecord(t *testing.T, file, kind string, decisions int) {
	t.Helper()
	game, _ := gameNamed(kind)
	st, err := game.New(2)
	if err != nil {
		t.Fatal(err)
	}
	r := &bot.Record{Game: kind, Title: "Game #12", Names: []string{"Ann", "Bo"}, Start: st.String()}
	rng := rand.New(rand.NewPCG(12, 12))
	at := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	for i := 0; i < decisions && !st.Outcome().Over(); i++ {
		seat := st.ToMove()
		m := rules.Uniform(st, rng.IntN)
		if seat == rules.Chance {
			m = byOdds(st.Legal(), rng.Float64())
		}
		if st, err = st.Play(m); err != nil {
			t.Fatal(err)
		}
		r.Entries = append(r.Entries, storage.Entry{Ply: i + 1, Seat: int(seat), Kind: storage.EntryMove, Text: m.Text, At: at.Add(time.Duration(i) * time.Hour)})
	}
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := r.WriteTo(f); err != nil {
		t.Fatal(err)
	}
}

// shellWords splits a shell line into words as sh would for the README's
// simple lines: words, "double-quoted" words, and a # comment to the end.
func shellWords(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	in, quoted := false, false
	r := bufio.NewReader(strings.NewReader(line))
	for {
		c, _, err := r.ReadRune()
		if err == io.EOF {
			break
		}
		switch {
		case quoted && c == '"':
			quoted = false
		case quoted:
			cur.WriteRune(c)
		case c == '"':
			quoted, in = true, true
		case c == '#' && !in:
			return words, nil
		case c == ' ' || c == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(c)
			in = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("unclosed quote in %q", line)
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}

// ignored reads the repository's .gitignore as git does for the files the
// README's commands write.
func TestIgnored(t *testing.T) {
	ignore, err := os.ReadFile("../../.gitignore")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		want bool
	}{
		{"board.png", false}, {"kimbo.png", false}, {"kimbo-12.gif", false},
		{"boards/start.png", true}, {"boards/kimbo-12.gif", true}, {"parlor.db", true}, {"parlor-backup.db-wal", true},
		{"parlor", true}, {"cmd/parlor", false}, {"out/x.png", true}, {"docs/out/x.png", false}, {"boards", false},
	} {
		if got := ignored(string(ignore), c.path); got != c.want {
			t.Errorf("ignored(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}

// The README's Layout names every command of the program.
func TestReadmeLayoutNamesEveryCommand(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var layout string
	for _, l := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(l, "cmd/parlor/ ") {
			layout = l
		}
	}
	_, list, ok := strings.Cut(layout, "the program: ")
	if !ok {
		t.Fatalf("the README's Layout has no line for cmd/parlor/: %q", layout)
	}
	named := map[string]bool{}
	for _, w := range strings.Split(list, ",") {
		named[strings.TrimSpace(w)] = true
	}
	for _, c := range commands {
		if !named[c.name] {
			t.Errorf("the README's Layout leaves out %s: %q", c.name, layout)
		}
	}
}
