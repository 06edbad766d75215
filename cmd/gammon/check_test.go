package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckCleanRecord(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"check", filepath.Join("..", "..", "testdata", "matches", "match-002-5pt.mat")}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, want 0: %s%s", code, stdout.String(), stderr.String())
	}
	if stdout.Len() != 0 {
		t.Fatalf("printed %q for a clean record", stdout.String())
	}
}

// TestCheckReportsAnIllegalPlay breaks White's first play of match-002
// ("62: 24/18 13/11" played "24/18 13/10") and expects the first finding
// there, as a line and as JSON.
func TestCheckReportsAnIllegalPlay(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "testdata", "matches", "match-002-5pt.mat"))
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(raw), "62: 24/18 13/11", "62: 24/18 13/10", 1)
	name := filepath.Join(t.TempDir(), "broken.mat")
	if err := os.WriteFile(name, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"check", name}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("exit %d, want 1: %s", code, stderr.String())
	}
	// The record carries on from the broken play: later plays of that
	// checker no longer fit, and are reported too.
	if lines := strings.Split(strings.TrimSpace(stdout.String()), "\n"); !strings.HasPrefix(lines[0], "game 1 move 1 side 0: 62: 24/18 13/10: ") {
		t.Fatalf("findings:\n%s\nwant the first at game 1 move 1 side 0", stdout.String())
	}
	stdout.Reset()
	if code := run([]string{"check", "--json", name}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("--json: exit %d, want 1", code)
	}
	var findings []struct {
		Game, Move, Side int
		Dice             [2]int
		Play, Reason     string
	}
	if err := json.Unmarshal(stdout.Bytes(), &findings); err != nil {
		t.Fatalf("--json output %q: %v", stdout.String(), err)
	}
	if len(findings) == 0 || findings[0].Game != 1 || findings[0].Move != 1 || findings[0].Side != 0 ||
		findings[0].Dice != [2]int{6, 2} || findings[0].Reason == "" || !strings.Contains(findings[0].Play, "13/10") {
		t.Fatalf("findings %+v, want the first at game 1 move 1 side 0 with dice 62 and the play", findings)
	}
}

func TestCheckUnreadable(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.mat")
	if err := os.WriteFile(bad, []byte(" 5 point match\n\n Game 1\n White : 0   Black : 0\n  1) 62: 24/x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"missing file", []string{"check", filepath.Join(t.TempDir(), "none.mat")}, "no such file"},
		{"bad play", []string{"check", bad}, "bad.mat:5"},
		{"no file", []string{"check"}, "want 1 argument"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tc.args, &stdout, &stderr); code != exitUsage {
				t.Fatalf("exit %d, want 2", code)
			}
			if !strings.Contains(stderr.String(), tc.want) {
				t.Fatalf("stderr %q, want it to name %q", stderr.String(), tc.want)
			}
		})
	}
}
