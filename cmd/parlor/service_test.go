package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The unit file shipped in deploy/, and the paths the README's service
// section installs things at.
const (
	serviceUnit    = "../../deploy/parlor.service"
	serviceBinary  = "/usr/local/bin/parlor"
	serviceEnvFile = "/etc/parlor/parlor.env"
	serviceDir     = "/var/lib/parlor"
)

// unitFile is a systemd unit's settings: section → key → values, in order.
type unitFile map[string]map[string][]string

func readUnit(t *testing.T, path string) unitFile {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	u := unitFile{}
	section := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			section = strings.Trim(line, "[]")
			u[section] = map[string][]string{}
		default:
			k, v, ok := strings.Cut(line, "=")
			if !ok || section == "" {
				t.Fatalf("%s:%d: %q is no setting", path, n, line)
			}
			u[section][k] = append(u[section][k], v)
		}
	}
	return u
}

func (u unitFile) get(section, key string) string {
	vs := u[section][key]
	if len(vs) == 0 {
		return ""
	}
	return vs[len(vs)-1]
}

// The unit runs the binary where the README installs it, with the
// environment file the README says, as its own user in its state
// directory (the one place ProtectSystem=strict lets it write, where the
// database lives); it restarts on failure, stops with SIGTERM, and gives
// Parlor's graceful stop the time it takes.
func TestServiceUnit(t *testing.T) {
	u := readUnit(t, serviceUnit)
	for _, c := range []struct{ section, key, want string }{
		{"Service", "ExecStart", serviceBinary + " run"},
		{"Service", "EnvironmentFile", serviceEnvFile},
		{"Service", "WorkingDirectory", serviceDir},
		{"Service", "StateDirectory", filepath.Base(serviceDir)},
		{"Service", "User", "parlor"},
		{"Service", "Restart", "on-failure"},
		{"Service", "KillSignal", "SIGTERM"},
		{"Service", "ProtectSystem", "strict"},
		{"Install", "WantedBy", "multi-user.target"},
	} {
		if got := u.get(c.section, c.key); got != c.want {
			t.Errorf("[%s] %s=%q, want %q", c.section, c.key, got, c.want)
		}
	}
	if rw := u.get("Service", "ReadOnlyPaths") + u.get("Service", "InaccessiblePaths"); strings.Contains(rw, serviceDir) {
		t.Errorf("the unit takes away %s, where SQLite writes", serviceDir)
	}
	stop, err := time.ParseDuration(u.get("Service", "TimeoutStopSec"))
	// The HTTP door's grace, and the 5 s its last edits are tried again.
	if need := stopGrace + 5*time.Second; err != nil || stop <= need {
		t.Errorf("TimeoutStopSec=%q (%v): want more than %v, Parlor's graceful stop", u.get("Service", "TimeoutStopSec"), err, need)
	}

	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "### Running Parlor as a service")
	if !ok {
		t.Fatal("the README has no section Running Parlor as a service")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	for _, want := range []string{"deploy/parlor.service", serviceBinary, serviceEnvFile, serviceDir, "systemctl enable --now parlor"} {
		if !strings.Contains(section, want) {
			t.Errorf("the README's service section does not say %s", want)
		}
	}
}

// systemd-analyze verify finds nothing to say about the unit, with
// ExecStart pointed at a program that exists here (verify checks that it
// does).
func TestServiceUnitVerifies(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze is not installed, so deploy/parlor.service is not verified (Debian: apt-get install systemd)")
	}
	unit, err := os.ReadFile(serviceUnit)
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "parlor.service")
	if err := os.WriteFile(path, bytes.ReplaceAll(unit, []byte("ExecStart="+serviceBinary), []byte("ExecStart="+exe)), 0o644); err != nil {
		t.Fatal(err)
	}
	// verify reports most mistakes (an unknown key, a bad value) on
	// stderr and still exits 0: any output is a failure.
	out, err := exec.CommandContext(t.Context(), analyze, "verify", "--man=no", path).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}
