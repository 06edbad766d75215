package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimulateReplayWelsh: "gammon simulate --rules welsh" writes a trace
// whose header says the rules; "gammon replay" of it (the header's rules)
// prints the Welsh record --expect wrote, and "gammon check --rules welsh"
// finds it clean; "--rules welsh" on the command line does the same.
func TestSimulateReplayWelsh(t *testing.T) {
	dir := t.TempDir()
	trace, expect := filepath.Join(dir, "w.trace.jsonl"), filepath.Join(dir, "want.welsh")
	var out, stderr bytes.Buffer
	if code := run([]string{"simulate", "--rules", "welsh", "--games", "2", "--seed", "5", "--illegal", "0.1", "--expect", expect}, &out, &stderr); code != exitOK {
		t.Fatalf("simulate: exit %d: %s", code, stderr.String())
	}
	if first, _, _ := strings.Cut(out.String(), "\n"); !strings.Contains(first, `"rules": "welsh"`) {
		t.Fatalf("trace header %.200q…: no Welsh rules", first)
	}
	if err := os.WriteFile(trace, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(expect)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"replay", trace}, {"replay", "--rules", "welsh", trace}} {
		var got bytes.Buffer
		stderr.Reset()
		if code := run(args, &got, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		if got.String() != string(want) {
			t.Fatalf("%v printed:\n%s\n--- the simulated match:\n%s", args, got.String(), want)
		}
	}
	stderr.Reset()
	if code := run([]string{"check", "--rules", "welsh", expect}, &out, &stderr); code != exitOK {
		t.Fatalf("check of the replayed record: exit %d: %s", code, stderr.String())
	}
}

func TestSimulateWelshBadArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "--rules", "welsh", "match.mat"}, "no MATCH.mat"},
		{[]string{"simulate", "--rules", "welsh", "--games", "0"}, "--games 0"},
		{[]string{"simulate", "--rules", "wales", "match.mat"}, `unknown --rules "wales"`},
		{[]string{"simulate"}, "want 1 argument"},
		{[]string{"replay", "--rules", "wales", "t.jsonl"}, `unknown --rules "wales"`},
	} {
		var out, stderr bytes.Buffer
		if code := run(tc.args, &out, &stderr); code != exitUsage || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}
