package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExport(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"export", "--sgf", match004}, &stdout, &stderr); code != exitOK {
		t.Fatalf("--sgf: exit %d: %s", code, stderr.String())
	}
	// White's 31: 24/21 24/23, then a resigned gammon.
	for _, want := range []string{"(;FF[4]GM[6]", "MI[length:1][game:0][ws:0][bs:0]", "RE[W+2R]", "\n;W[31xuxw]\n"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("SGF lacks %q:\n%s", want, stdout.String())
		}
	}
	stdout.Reset()
	if code := run([]string{"export", "--mat", match004}, &stdout, &stderr); code != exitOK {
		t.Fatalf("--mat: exit %d: %s", code, stderr.String())
	}
	if want, _ := os.ReadFile(match004); stdout.String() != string(want) {
		t.Errorf("--mat wrote\n%s\nwant gnubg's own\n%s", stdout.String(), want)
	}
}

func TestExportFailures(t *testing.T) {
	dir := t.TempDir()
	impossible := filepath.Join(dir, "impossible.mat")
	if err := os.WriteFile(impossible, []byte(" 1 point match\n\n Game 1\n A : 0   B : 0\n  1) 31: 20/17 20/19\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no format", []string{match004}, exitUsage, "want one of --sgf and --mat"},
		{"both formats", []string{"--sgf", "--mat", match004}, exitUsage, "want one of"},
		{"missing file", []string{"--sgf", filepath.Join(dir, "none.mat")}, exitUsage, "none.mat"},
		{"a move no board allows", []string{"--sgf", impossible}, exitFindings, "no checker on 20"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(append([]string{"export"}, tc.args...), &stdout, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("exit %d, stderr %q; want exit %d saying %q", code, stderr.String(), tc.code, tc.want)
			}
		})
	}
}
