package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README tells a newcomer without Go how to install the Go that
// go.mod asks for: the same version in its download and in what
// go version then says.
func TestReadmeInstallsTheGoOfGoMod(t *testing.T) {
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\d+\.\d+(?:\.\d+)?)$`).FindSubmatch(mod)
	if m == nil {
		t.Fatalf("go.mod has no go line:\n%s", mod)
	}
	version := string(m[1])
	var install []string
	for _, b := range readmeBlocks(t) {
		if b.info == "sh" && strings.Contains(strings.Join(b.lines, "\n"), "go.dev/dl/") {
			install = b.lines
		}
	}
	if install == nil {
		t.Fatal("the README does not say how to install Go (no block downloading from go.dev/dl/)")
	}
	text := strings.Join(install, "\n")
	for _, want := range []string{
		"https://go.dev/dl/go" + version + ".linux-amd64.tar.gz",
		"-xzf go" + version + ".linux-amd64.tar.gz",
		"/usr/local/go/bin",
		"go version go" + version + " ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the README's Go installation does not say %q (go.mod asks for go %s):\n%s", want, version, text)
		}
	}
}

// The repository stands on its own: no file of it cites notes kept
// outside it (the team's shared folder), whose facts the code relies on
// are written in docs/ instead.
func TestNoCitationsOutsideTheRepository(t *testing.T) {
	// The pattern is put together so that this line does not match it.
	shared := "shared" + "/"
	outside := regexp.MustCompile(shared + `(?:boards|discord|design|style)\.md|` + shared + `rules-text`)
	root := "../.."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if ext := filepath.Ext(path); ext != ".go" && ext != ".md" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if outside.MatchString(line) {
				t.Errorf("%s:%d cites a file outside the repository: %s", path, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []string{"docs/boards.md", "docs/discord.md"} {
		if _, err := os.Stat(filepath.Join(root, doc)); err != nil {
			t.Errorf("%s, which the code cites: %v", doc, err)
		}
	}
}
