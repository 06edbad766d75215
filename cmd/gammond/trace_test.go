package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"gammond/internal/testmain"
)

var exampleTrace = filepath.Join("..", "..", "examples", "match.trace.jsonl")

// runDaemon runs this test binary as gammond with args and the extra
// environment, and returns what it logged; it must exit 0.
func runDaemon(t *testing.T, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = testmain.Env(append([]string{"GAMMOND_RUN_MAIN=1"}, env...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("gammond %v: %v\n%s", args, err, lastLines(stderr.String(), 10))
	}
	return stderr.String()
}

// recordWritten returns the match record a -trace run logged it wrote.
var recordWritten = regexp.MustCompile(`msg="match record written" record=(\S+)`)

// A -trace run dates its match when it begins (not 1970) and logs where
// the record went. Run again on the same -state, it carries on from the
// journal, which holds the trace's end: it plays nothing more and says so,
// with no stray irregularities. On the scratch state directory (no -state)
// every run plays the trace afresh.
func TestTraceRunTwice(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	before := time.Now().UTC()
	first := runDaemon(t, nil, "-trace", exampleTrace, "-speed", "0", "-state", dir)
	m := recordWritten.FindStringSubmatch(first)
	if m == nil || filepath.Dir(m[1]) != dir {
		t.Fatalf("the run does not log where the record went in %s:\n%s", dir, lastLines(first, 5))
	}
	record, err := os.ReadFile(m[1])
	if err != nil {
		t.Fatal(err)
	}
	dated := false
	for _, day := range []time.Time{before, time.Now().UTC()} {
		dated = dated || bytes.Contains(record, []byte(`[EventDate "`+day.Format("2006.01.02")+`"]`)) &&
			strings.Contains(filepath.Base(m[1]), day.Format("20060102"))
	}
	if !dated {
		t.Errorf("record %s is not dated today:\n%s", m[1], record)
	}

	again := runDaemon(t, nil, "-trace", exampleTrace, "-speed", "0", "-state", dir)
	if !strings.Contains(again, "nothing more to play") || strings.Contains(again, "event=") || !strings.Contains(again, m[1]) {
		t.Errorf("the run again on the same state: want no events and the record's place:\n%s", again)
	}
	if after, err := os.ReadFile(m[1]); err != nil || !bytes.Equal(after, record) {
		t.Errorf("the run again changed the record: %v\n%s", err, after)
	}

	cache := []string{"XDG_CACHE_HOME=" + t.TempDir(), "HOME=" + t.TempDir()}
	for run := 1; run <= 2; run++ {
		out := runDaemon(t, cache, "-trace", exampleTrace, "-speed", "0")
		if strings.Contains(out, "journal replayed") || strings.Contains(out, "out of turn") || !strings.Contains(out, "wins the match") || !recordWritten.MatchString(out) {
			t.Errorf("scratch run %d: want the whole match afresh and the record's place:\n%s", run, lastLines(out, 5))
		}
	}
}
