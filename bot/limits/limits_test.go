package limits

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// figures are the numbers that, written as a literal in the code that
// talks to Discord, are likely one of its limits written a second time.
// Small numbers that are limits too (3 stickers, 5 rows, 10 embeds) are
// left out: they mean too many other things to tell apart.
var figures = map[int64]bool{
	Content: true, EmbedTotal: true, EmbedDescription: true, EmbedTitle: true,
	FieldValue: true, Footer: true, TextInput: true, CommandText: true,
	CustomID: true, ButtonLabel: true, ButtonURL: true, Placeholder: true,
	SelectOptions: true, CommandName: true, ModalTitle: true,
	RateLimitPerUser: true, FileSize: true, RequestSize: true,
}

// allowed are the literals of those values that mean something else,
// by file (from the repository's root) and the text of their line.
var allowed = map[string][]string{
	"bot/discord/discordtest/gateway.go": {"func rand32() string { return randomToken()[:32] }"},
	"bot/discord/live.go":                {"const maxStrips = 4096"},
	"bot/discord/serve.go":               {"crowdWait = min(100*time.Millisecond, wait)"},
	"bot/commands.go":                    {"maxMoveLength = 100 // a move text; no legal move is longer"},
	"bot/story.go":                       {"tailSteps = 256", "tailGames = 512"},
	"bot/tournaments.go":                 {"maxEntrants = 32"},
	"bot/ceilings.go":                    {"var DefaultCeilings = storage.Limits{MemberLobbies: 25, MemberGames: 200, ServerLobbies: 500, ServerGames: 10000}"},
	"bot/fair.go":                        {"const seedBytes = 32"},
	"bot/record.go":                      {"sc.Buffer(make([]byte, 0, 4096), maxRecordLine)"},
	"bot/computer.go":                    {"seed := uint64(g.ID)<<32 ^ uint64(g.Version)"},
	"bot/ratings.go":                     {"if t.ledgers.kept == nil || len(t.ledgers.kept) > 256 {"},
	"cmd/parlor/tools.go":                {`games := fs.Int("games", 100, "how many games")`},
}

// No Go file of the code that talks to Discord (bot and cmd, tests left
// out) writes one of Discord's limits as a number of its own: they are
// written once, here, and used by name, so that the door, the table and
// the fake Discord cannot come to disagree about one.
func TestLimitsWrittenOnce(t *testing.T) {
	root := filepath.Join("..", "..")
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the repository's root is not where it should be: %v", err)
	}
	here, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	scanned, used := 0, map[string]bool{}
	for _, top := range []string{"bot", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			if abs, _ := filepath.Abs(filepath.Dir(path)); abs == here {
				return nil // the table itself
			}
			rel, _ := filepath.Rel(root, path)
			rel = filepath.ToSlash(rel)
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			scanned++
			lines := strings.Split(string(src), "\n")
			fset := token.NewFileSet()
			var s scanner.Scanner
			s.Init(fset.AddFile(path, -1, len(src)), src, func(pos token.Position, msg string) { t.Errorf("%s: %s", pos, msg) }, 0)
			for {
				pos, tok, lit := s.Scan()
				if tok == token.EOF {
					break
				}
				if tok != token.INT {
					continue
				}
				n, err := strconv.ParseInt(strings.ReplaceAll(lit, "_", ""), 0, 64)
				if err != nil || !figures[n] {
					continue
				}
				p := fset.Position(pos)
				line := strings.TrimSpace(lines[p.Line-1])
				ok := false
				for _, a := range allowed[rel] {
					if line == a {
						ok, used[rel+": "+a] = true, true
					}
				}
				if !ok {
					t.Errorf("%s:%d: %s is one of Discord's limits: use its name in package limits (or, if it means something else, add the line to allowed)\n\t%s", rel, p.Line, lit, line)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if scanned < 50 {
		t.Fatalf("only %d files scanned: the walk missed the code", scanned)
	}
	// An allowance whose line has gone could let a limit back in, on a
	// new line that happens to read the same: the list is kept true.
	for file, lines := range allowed {
		for _, a := range lines {
			if !used[file+": "+a] {
				t.Errorf("%s: the allowed line %q is no longer there", file, a)
			}
		}
	}
}
