package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSpeedRange(t *testing.T) {
	for _, tc := range []struct {
		speed string
		ok    bool
	}{
		{"0", true}, {"1", true}, {"0.5", true}, {"1000", true},
		{"-1", false}, {"NaN", false}, {"1e-300", false}, {"+Inf", false}, {"1e9", false},
	} {
		_, err := parseOptions([]string{"-trace", "t.jsonl", "-speed", tc.speed}, io.Discard)
		if (err == nil) != tc.ok || (err != nil && !strings.Contains(err.Error(), "-speed")) {
			t.Errorf("-speed %s: %v, want ok %v", tc.speed, err, tc.ok)
		}
	}
}

// TestScratchStateDirs: boards without a config or -state keep their
// journals apart: one directory per simulated board's address, one per
// trace.
func TestScratchStateDirs(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dirOf := func(args ...string) string {
		t.Helper()
		o, err := parseOptions(args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := o.loadConfig()
		if err != nil {
			t.Fatal(err)
		}
		return cfg.StateDir
	}
	dirs := map[string]bool{}
	for _, args := range [][]string{
		{"-sim"},
		{"-sim", "-listen", "127.0.0.1:18181"},
		{"-trace", "examples/match.trace.jsonl"},
		{"-trace", "other/T.jsonl"},
	} {
		dir := dirOf(args...)
		if dirs[dir] || !strings.HasPrefix(dir, os.Getenv("XDG_CACHE_HOME")) {
			t.Errorf("%q: state in %s, shared with another board or outside the cache", args, dir)
		}
		dirs[dir] = true
	}
	if got, want := dirOf("-sim", "-state", "/srv/x"), "/srv/x"; got != want {
		t.Errorf("-state: %s, want %s", got, want)
	}
}

// TestSecondDaemonRefused starts two daemons on one state directory, as
// two processes: the second exits at once, naming the directory and the
// first's pid.
func TestSecondDaemonRefused(t *testing.T) {
	dir := t.TempDir()
	first := daemonCmd(t, "-sim", "-listen", "127.0.0.1:0", "-state", dir)
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		first.Process.Kill()
		first.Wait()
	}()
	pid := strings.TrimSpace(waitForFile(t, filepath.Join(dir, "lock")))
	second := daemonCmd(t, "-sim", "-listen", "127.0.0.1:0", "-state", dir)
	out := new(strings.Builder)
	second.Stderr = out
	err := second.Run()
	if err == nil || !strings.Contains(out.String(), dir) || !strings.Contains(out.String(), "pid "+pid) {
		t.Fatalf("second daemon: %v\n%s\nwant it refused, naming %s and pid %s", err, out, dir, pid)
	}
}

// waitForFile returns the file's content once it has some.
func waitForFile(t *testing.T, name string) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(name); err == nil && len(b) > 0 {
			return string(b)
		}
		time.Sleep(10 * time.Millisecond) // polls another process's file: no event to wait on
	}
	t.Fatalf("%s: still empty after 20 s", name)
	return ""
}

// gammond -h prints the synopsis and every flag, each described, on
// stdout, exit 0.
func TestHelpOnStdout(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-h"}, &stdout, &stderr); code != 0 || stderr.Len() > 0 {
		t.Fatalf("exit %d, stderr %q; want 0 and nothing", code, stderr.String())
	}
	for _, f := range []string{"config", "check-config", "sim", "trace", "speed", "listen", "state", "selftest"} {
		if !strings.Contains(stdout.String(), "\n  -"+f) {
			t.Errorf("gammond -h does not describe -%s:\n%s", f, stdout.String())
		}
	}
}

// Only a simulated or recorded board without a config file and without
// -state keeps its state in the scratch directory; a bare gammond reads
// the board's config, and its state_dir stands.
func TestScratchStateOnlyWithoutConfig(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		scratch bool
	}{
		{[]string{"-sim"}, true},
		{[]string{"-trace", "t.jsonl"}, true},
		{[]string{"-trace", "t.jsonl", "-state", "/tmp/s"}, false},
		{[]string{"-trace", "t.jsonl", "-config", "c.toml"}, false},
		{nil, false},
		{[]string{"-config", "c.toml"}, false},
	} {
		o, err := parseOptions(tc.args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if o.scratch() != tc.scratch {
			t.Errorf("gammond %v: scratch %v, want %v", tc.args, o.scratch(), tc.scratch)
		}
	}
	if o, _ := parseOptions(nil, io.Discard); o.configPath() != defaultConfigPath {
		t.Errorf("a bare gammond reads %q, want %s", o.configPath(), defaultConfigPath)
	}
}
