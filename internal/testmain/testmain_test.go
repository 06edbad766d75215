package testmain_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gammond/internal/testmain"
)

func TestMain(m *testing.M) { testmain.Run(m) }

// TestRacyBinary builds testdata/racy as this suite is built (with -race
// or without: building the standard library with -race for a suite that
// runs without it would double the cost of a cold run) and runs it as the
// subtests ask.
func TestRacyBinary(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "racy.test")
	args := []string{"test", "-c", "-o", bin, "./testdata/racy"}
	if testmain.RaceEnabled {
		args = append(args, "-race")
	}
	build := exec.Command(goTool(t), args...)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	t.Run("a race still fails", func(t *testing.T) { testRaceStillFails(t, bin) })
	t.Run("temporary directories on the RAM disk", func(t *testing.T) { testTempDirOnRAMDisk(t, bin) })
}

// testRaceStillFails: a data race in a test, or in a child given
// testmain.Env, must still fail (when built with -race), and a failing
// test's status must come through; the clean run passes.
func testRaceStillFails(t *testing.T, bin string) {
	type run struct {
		name     string
		env      string
		wantCode int
		wantOut  string
	}
	runs := []run{
		{"clean", "", 0, "PASS"},
		{"failing test", "RACY_FAIL=1", 1, "failing as RACY_FAIL asks"},
	}
	if testmain.RaceEnabled {
		runs = append(runs,
			run{"race in a test", "RACY_TEST=1", 1, "WARNING: DATA RACE"},
			run{"race in a child with Env", "RACY_CHILD=1", 66, "WARNING: DATA RACE"})
	}
	for _, tc := range runs {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(bin, "-test.count=1")
			cmd.Env = testmain.Env("RACY_TEST=", "RACY_FAIL=", "RACY_CHILD=")
			if tc.env != "" {
				cmd.Env = append(cmd.Env, tc.env)
			}
			out, err := cmd.CombinedOutput()
			code := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.wantCode || !strings.Contains(string(out), tc.wantOut) {
				t.Errorf("exit status %d, want %d, with %q in the output:\n%s", code, tc.wantCode, tc.wantOut, out)
			}
		})
	}
}

// testTempDirOnRAMDisk: without TMPDIR, the binary's temporary directory
// is the RAM disk if there is one, and the system's default if not; with
// TMPDIR set, it is TMPDIR.
func testTempDirOnRAMDisk(t *testing.T, bin string) {
	withoutTMPDIR := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "TMPDIR=") })
	want := testmain.RAMDisk()
	if want == "" {
		want = "/tmp" // os.TempDir's default on Unix
	}
	mine := t.TempDir()
	for _, tc := range []struct {
		name string
		env  []string
		want string
	}{
		{"TMPDIR unset", withoutTMPDIR, want},
		{"TMPDIR set", slices.Concat(withoutTMPDIR, []string{"TMPDIR=" + mine}), mine},
	} {
		cmd := exec.Command(bin, "-test.run=^TestTempDir$")
		cmd.Env = slices.Concat(tc.env, []string{"RACY_TEMPDIR=1"})
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "tempdir: "+tc.want+"\n") {
			t.Errorf("%s: %v, want the temporary directory %s:\n%s", tc.name, err, tc.want, out)
		}
	}
}

// TestEnvKeepsGORACE checks that Env adds the exit-sleep option to the
// caller's GORACE rather than replacing it.
func TestEnvKeepsGORACE(t *testing.T) {
	t.Setenv("GORACE", "halt_on_error=1")
	env := testmain.Env("A=1")
	var gorace []string
	for _, kv := range env {
		if strings.HasPrefix(kv, "GORACE=") {
			gorace = append(gorace, kv)
		}
	}
	if len(gorace) != 1 || gorace[0] != "GORACE=halt_on_error=1 atexit_sleep_ms=0" {
		t.Errorf("GORACE in Env: %q, want the one \"GORACE=halt_on_error=1 atexit_sleep_ms=0\"", gorace)
	}
	if !strings.Contains(strings.Join(env, "\n"), "\nA=1\n") {
		t.Errorf("Env lost the extra variable A=1: %q", env)
	}
}

// goTool returns the go command that runs these tests.
func goTool(t *testing.T) string {
	t.Helper()
	if goroot := os.Getenv("GOROOT"); goroot != "" {
		if p := filepath.Join(goroot, "bin", "go"); fileExists(p) {
			return p
		}
	}
	p, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command, to build testdata/racy: %v", err)
	}
	return p
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
