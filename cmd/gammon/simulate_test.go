package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gammond/sensing"
	"gammond/sensing/sim"
)

// match004 is a 1-point match GNU Backgammon played.
var match004 = filepath.Join("..", "..", "testdata", "matches", "match-004-1pt.mat")

func TestSimulate(t *testing.T) {
	dir := t.TempDir()
	expect := filepath.Join(dir, "m.expect.json")
	var stdout, stderr bytes.Buffer
	args := []string{"simulate", match004, "--seed", "4", "--illegal", "0.2", "--expect", expect}
	if code := run(args, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if _, err := sensing.NewTraceReader(bytes.NewReader(stdout.Bytes()), nil); err != nil {
		t.Fatalf("the trace does not read: %v", err)
	}
	f, err := os.Open(expect)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want, err := sim.ReadExpect(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Games) != 1 || len(want.Games[0].Plays) != 35 || len(want.Games[0].Illegal) == 0 {
		t.Errorf("expectation: %d games, want 1 of 35 plays with illegal ones", len(want.Games))
	}
	for _, tc := range []struct {
		args []string
		same bool
	}{
		{args, true},
		{args[:4], false}, // no illegal plays
	} {
		var again bytes.Buffer
		if code := run(tc.args, &again, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d", tc.args, code)
		}
		if bytes.Equal(again.Bytes(), stdout.Bytes()) != tc.same {
			t.Errorf("%v: same trace %v, want %v", tc.args, !tc.same, tc.same)
		}
	}
}

func TestSimulateFailures(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.mat")
	if err := os.WriteFile(bad, []byte(" 1 point match\n\n Game 1\n A : 0   B : 0\n  1) 31: 24/20 13/10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	garbled := filepath.Join(dir, "garbled.mat")
	if err := os.WriteFile(garbled, []byte(" 1 point match\n\n Game 1\n A : 0   B : 0\n  1) 71: 24/17\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no file", nil, exitUsage, "want 1 argument"},
		{"two files", []string{"a.mat", "b.mat"}, exitUsage, "want 1 argument"},
		{"rate above 1", []string{match004, "--illegal", "1.5"}, exitUsage, "--illegal 1.5"},
		{"rate not a number", []string{match004, "--illegal", "often"}, exitUsage, "invalid value"},
		{"negative seed", []string{match004, "--seed", "-1"}, exitUsage, "invalid value"},
		{"unknown flag", []string{match004, "--fast"}, exitUsage, "not defined"},
		{"missing file", []string{filepath.Join(dir, "none.mat")}, exitFindings, "none.mat"},
		{"unreadable record", []string{garbled}, exitFindings, "garbled.mat:5:"},
		{"illegal recorded play", []string{bad}, exitFindings, "is not a legal play"},
		{"expectation not writable", []string{match004, "--expect", filepath.Join(dir, "no", "dir.json")}, exitFindings, "dir.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"simulate"}, tc.args...), &stdout, &stderr)
			msg := stderr.String()
			if code != tc.code || !strings.Contains(msg, tc.want) || !strings.HasPrefix(msg, "gammon simulate: ") {
				t.Errorf("exit %d, stderr %q; want exit %d saying %q", code, msg, tc.code, tc.want)
			}
			if tc.code == exitUsage && strings.Count(msg, "\n") != 2 {
				t.Errorf("usage error is not one line and the usage: %q", msg)
			}
		})
	}
}

// TestSimulateBehaviourFlags: each real-board behaviour is a flag; the
// header carries as much calibration as asked, and bad values are refused.
func TestSimulateBehaviourFlags(t *testing.T) {
	base := []string{"simulate", match004, "--seed", "2"}
	for _, tc := range []struct {
		flags     []string
		baselines int
		white     int
	}{
		{[]string{"--drift", "300", "--drift-minutes", "5", "--off-centre", "0.3", "--hover", "0.2", "--late-done", "0.1", "--dead", "31, 76"}, 152, 152},
		{[]string{"--calibration", "baselines"}, 152, 0},
		{[]string{"--calibration", "none"}, 0, 0},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append(base, tc.flags...), &stdout, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d: %s", tc.flags, code, stderr.String())
		}
		tr, err := sensing.NewTraceReader(bytes.NewReader(stdout.Bytes()), nil)
		if err != nil {
			t.Fatalf("%v: the trace does not read: %v", tc.flags, err)
		}
		if c := tr.Header().Calibration; len(c.Baseline) != tc.baselines || len(c.White) != tc.white {
			t.Errorf("%v: header has %d baselines and %d White levels, want %d and %d", tc.flags, len(c.Baseline), len(c.White), tc.baselines, tc.white)
		}
	}
	var plain, drifted, stderr bytes.Buffer
	run(base, &plain, &stderr)
	run(append(base, "--drift", "300"), &drifted, &stderr)
	if bytes.Equal(plain.Bytes(), drifted.Bytes()) {
		t.Error("--drift 300 left the trace as it was")
	}
	for _, bad := range [][]string{
		{"--drift", "601"}, {"--hover", "2"}, {"--off-centre", "-1"}, {"--late-done", "1.5"},
		{"--dead", "3,x"}, {"--dead", "152"}, {"--calibration", "half"}, {"--drift", "100", "--drift-minutes", "0"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append(base, bad...), &stdout, &stderr); code == exitOK || stderr.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q: want refused", bad, code, stderr.String())
		}
	}
}
