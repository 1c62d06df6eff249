package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// parlor's command line: help prints the usage and exits 0, a command line
// it does not understand prints what is wrong and the usage and exits 2.
func TestCommandLine(t *testing.T) {
	t.Chdir(t.TempDir()) // no .env, no parlor.db of the developer's
	for _, c := range []struct {
		args     []string
		code     int
		out, err string // what stdout and stderr contain
	}{
		{args: []string{"--help"}, code: 0, out: "usage: parlor [COMMAND]"},
		{args: []string{"-h"}, code: 0, out: "usage: parlor [COMMAND]"},
		{args: []string{"help"}, code: 0, out: "selfplay GAME"},
		{args: []string{"help", "help"}, code: 0, out: "usage: parlor [COMMAND]"},
		{args: []string{"help", "console"}, code: 0, out: "usage: parlor console"},
		{args: []string{"help", "render"}, code: 0, out: "GAME is kingsmen, kimbo, kippykoo or rumba."},
		{args: []string{"run", "--help"}, code: 0, out: "usage: parlor run"},
		{args: []string{"console", "--help"}, code: 0, out: "-boards"},
		{args: []string{"render", "--help"}, code: 0, out: "usage: parlor render GAME"},
		{args: []string{"render", "kimbo", "-h"}, code: 0, out: "-position"},
		{args: []string{"selfplay", "--help"}, code: 0, out: "GAME is kingsmen, kimbo, kippykoo or rumba."},
		{args: []string{"check", "-help"}, code: 0, out: "usage: parlor check"},
		{args: []string{"frob"}, code: 2, err: "parlor: unknown command \"frob\"\n\nParlor:"},
		{args: []string{"help", "frob"}, code: 2, err: "no help for \"frob\""},
		{args: []string{"console", "--frob"}, code: 2, err: "flag provided but not defined: -frob\n\nusage: parlor console"},
		{args: []string{"--frob"}, code: 2, err: "usage: parlor run"},
		{args: []string{"render"}, code: 2, err: "say which game: kingsmen, kimbo, kippykoo or rumba"},
		{args: []string{"render", "chess", "--out", "x.png"}, code: 2, err: "unknown game \"chess\""},
		{args: []string{"render", "kimbo"}, code: 2, err: "say where to write the picture with --out FILE.png"},
		{args: []string{"check", "extra"}, code: 2, err: "check takes no argument \"extra\""},
		{args: []string{"help", "forget"}, code: 0, out: "usage: parlor forget USER_ID"},
		{args: []string{"forget"}, code: 2, err: "say the USER_ID\n\nusage: parlor forget USER_ID"},
		{args: []string{"forget", "--db", "x.db"}, code: 2, err: "say the USER_ID"},
		{args: []string{"forget", "123", "456"}, code: 2, err: "forget takes no argument \"456\""},
		{args: []string{"forget", "a/b", "--db", "x.db"}, code: 2, err: "\"a/b\" is not a Discord user id"},
		{args: []string{"selfplay", "rumba", "--games", "1", "--players", "4"}, code: 0, out: "games played: 1"},
	} {
		var out, errs bytes.Buffer
		code := exitCode(run(t.Context(), c.args, strings.NewReader(""), &out, &errs), &errs)
		if code != c.code || !strings.Contains(out.String(), c.out) || !strings.Contains(errs.String(), c.err) {
			t.Errorf("parlor %s: exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q",
				strings.Join(c.args, " "), code, out.String(), errs.String(), c.code, c.out, c.err)
		}
		if c.code == 0 && errs.Len() > 0 {
			t.Errorf("parlor %s: stderr %q, want nothing", strings.Join(c.args, " "), errs.String())
		}
	}
	// selfplay stores nothing unless asked: no parlor.db appeared.
	if _, err := statFile("parlor.db"); err == nil {
		t.Errorf("selfplay wrote parlor.db without --db")
	}
}

func statFile(name string) (int64, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}
