// Package testmain ends a test binary without the race detector's idle
// second.
//
// A binary built with -race sleeps at a clean exit: os.Exit(0) runs the
// race runtime's finaliser, which waits atexit_sleep_ms (1000 ms by
// default) for goroutines still running to report, and a test binary
// always has some (the runtime's own). Over the suite's two dozen test
// binaries that is some 25 s of idling, a third of `go test -race ./...`.
//
// Skipping it loses nothing a test run needs: every race is reported as
// it happens, and testing.M.Run already returns a failing code when the
// race detector reported anything, in a test or outside one. Each
// package's tests therefore end with
//
//	func TestMain(m *testing.M) { testmain.Run(m) }
//
// Run also puts the tests' temporary directories (t.TempDir) on a RAM
// disk when the machine has one and TMPDIR is not set: the journal syncs
// every record it appends, thousands per match a test replays, and on a
// disk each sync waits for the disk, some ten seconds of idling over the
// suite. The tests lose nothing by it: a killed process's writes survive
// on a RAM disk as on any other, and no test can cut the power.
//
// Child processes a test starts from a race-built binary sleep the same
// second at their clean exit; Env gives them an environment that tells
// the race runtime not to (GORACE's atexit_sleep_ms=0), which still lets
// a racy child fail with the race detector's exit status.
package testmain

import (
	"os"
	"strings"
	"testing"
)

// Run runs the tests, their temporary directories on a RAM disk if there
// is one (RAMDisk) and TMPDIR is unset, and exits with m.Run's status;
// under -race it skips the race runtime's exit sleep, unless coverage is
// on (its counters are written by the exit os.Exit runs).
func Run(m *testing.M) {
	if os.Getenv("TMPDIR") == "" {
		if dir := RAMDisk(); dir != "" {
			os.Setenv("TMPDIR", dir)
		}
	}
	code := m.Run()
	if testing.CoverMode() != "" {
		os.Exit(code)
	}
	exit(code)
}

// Env returns os.Environ() with extra appended and the race runtime told
// not to sleep at a clean exit, for a child process started from a
// race-built binary; the caller's own GORACE options are kept.
func Env(extra ...string) []string {
	base := os.Environ()
	env := make([]string, 0, len(base)+len(extra)+1)
	gorace := ""
	for _, kv := range base {
		if v, ok := strings.CutPrefix(kv, "GORACE="); ok {
			gorace = v
			continue
		}
		env = append(env, kv)
	}
	env = append(env, extra...)
	return append(env, "GORACE="+strings.TrimSpace(gorace+" atexit_sleep_ms=0"))
}
