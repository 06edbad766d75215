package main

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"gammond/internal/testmain"
)

// The 5-point match with cube actions and illegal plays, about three
// minutes of play.
var crashTrace = filepath.Join("..", "..", "testdata", "traces", "match-002-illegal.trace.jsonl")

// daemonCmd returns this test binary set up to run as gammond.
func daemonCmd(t *testing.T, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = testmain.Env("GAMMOND_RUN_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("gammond %v:\n%s", args, lastLines(stderr.String(), 10))
		}
	})
	return cmd
}

func lastLines(s string, n int) string {
	lines := bytes.Split([]byte(s), []byte("\n"))
	return string(bytes.Join(lines[max(0, len(lines)-n):], []byte("\n")))
}

// matchRecord returns the only .mat file in dir.
func matchRecord(t *testing.T, dir string) []byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.mat"))
	if err != nil || len(files) != 1 {
		t.Fatalf("match records in %s: %v %v, want one", dir, files, err)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCrashes kills the daemon (SIGKILL) at random moments while it plays
// a recorded match, 50 times in a row (5 when testmain.Trimmed; CI runs all 50),
// restarting it on the same state directory each time; the match record
// at the end must be the one an uninterrupted run writes.
func TestCrashes(t *testing.T) {
	t.Parallel()
	kills := 50
	if testmain.Trimmed() {
		kills = 5
	}
	want := uninterrupted(t)
	rng := rand.New(rand.NewPCG(2026, 11))
	landed, rounds := 0, 0
	for landed < kills {
		rounds++
		dir := t.TempDir()
		for landed < kills {
			cmd := daemonCmd(t, "-trace", crashTrace, "-speed", "60", "-state", dir)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			select {
			case err := <-exited: // the match ended before the kill
				if err != nil {
					t.Fatalf("round %d: gammond failed: %v", rounds, err)
				}
			case <-time.After(time.Duration(20+rng.IntN(180)) * time.Millisecond):
				cmd.Process.Signal(syscall.SIGKILL)
				err := <-exited
				var exit *exec.ExitError
				if errors.As(err, &exit) && exit.Sys().(syscall.WaitStatus).Signaled() {
					landed++
					continue
				}
				if err != nil {
					t.Fatalf("round %d: gammond failed: %v", rounds, err)
				}
			}
			break // the match is over: check it
		}
		// Finish the match undisturbed, and compare.
		if err := daemonCmd(t, "-trace", crashTrace, "-speed", "0", "-state", dir).Run(); err != nil {
			t.Fatalf("round %d: finishing: %v", rounds, err)
		}
		if got := undated(matchRecord(t, dir)); !bytes.Equal(got, want) {
			t.Fatalf("round %d, after %d kills: the match record differs from an uninterrupted run's:\n%s\nwant\n%s", rounds, landed, got, want)
		}
	}
	t.Logf("%d kills landed during play, over %d rounds; every round's record was the uninterrupted one", landed, rounds)
}

// uninterrupted plays the match through once.
func uninterrupted(t *testing.T) []byte {
	dir := t.TempDir()
	if err := daemonCmd(t, "-trace", crashTrace, "-speed", "0", "-state", dir).Run(); err != nil {
		t.Fatalf("uninterrupted run: %v", err)
	}
	return undated(matchRecord(t, dir))
}

// undated is a match record without its date: a run is dated when it
// begins.
func undated(record []byte) []byte {
	return regexp.MustCompile(`(?m)^; \[EventDate "[0-9.]+"\]\n`).ReplaceAll(record, nil)
}
