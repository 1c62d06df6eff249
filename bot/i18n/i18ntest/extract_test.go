package i18ntest

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Extract finds the messages of every marker, constants included, and
// not other strings.
func TestExtract(t *testing.T) {
	dir := t.TempDir()
	src := `package x

const long = "Rules: " + "in words."

func f() {
	l.T("Hello %s", name)
	sorry("Nope.")
	rules.Illegalf("bad %d", 3)
	rules.Word("South")
	N(long)
	fmt.Sprintf("not a message %d", 1)
	l.T(variable)
}
`
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "x_test.go"), []byte("package x\nfunc g() { sorry(\"test only\") }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	found, err := Extract(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := slices.Sorted(maps.Keys(found))
	want := []string{"Hello %s", "Nope.", "Rules: in words.", "South", "bad %d"}
	if !slices.Equal(got, want) {
		t.Errorf("Extract = %q, want %q", got, want)
	}
}
