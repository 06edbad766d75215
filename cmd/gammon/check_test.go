package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A clean record says so, and only that.
func TestCheckCleanRecord(t *testing.T) {
	name := filepath.Join("..", "..", "testdata", "matches", "match-002-5pt.mat")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"check", name}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, want 0: %s%s", code, stdout.String(), stderr.String())
	}
	if want := name + ": clean\n"; stdout.String() != want || stderr.Len() > 0 {
		t.Fatalf("printed %q, %q for a clean record; want %q", stdout.String(), stderr.String(), want)
	}
}

// A file named twice, by two paths, through a symbolic link, or named and
// also found in a directory named, is checked once.
func TestCheckReadsEachFileOnce(t *testing.T) {
	dir := t.TempDir()
	raw, err := os.ReadFile(filepath.Join("..", "..", "examples", "match.mat"))
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "match.mat")
	if err := os.WriteFile(name, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "link.mat")
	if err := os.Symlink(name, link); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"check", name, dir, filepath.Join(dir, ".", "match.mat"), link, dir + "/"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "files read                  1\n") {
		t.Errorf("summary:\n%s\nwant one file read", stdout.String())
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
	if lines := strings.Split(strings.TrimSpace(stdout.String()), "\n"); !strings.HasPrefix(lines[0], name+": game 1 move 1 side 0: 62: 24/18 13/10: ") {
		t.Fatalf("findings:\n%s\nwant the first at game 1 move 1 side 0", stdout.String())
	}
	stdout.Reset()
	if code := run([]string{"check", "--json", name}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("--json: exit %d, want 1", code)
	}
	var findings []struct {
		File, Kind       string
		Game, Move, Side int
		Dice             [2]int
		Play, Reason     string
	}
	if err := json.Unmarshal(stdout.Bytes(), &findings); err != nil {
		t.Fatalf("--json output %q: %v", stdout.String(), err)
	}
	if len(findings) == 0 || findings[0].File != name || findings[0].Kind != "finding" || findings[0].Game != 1 || findings[0].Move != 1 || findings[0].Side != 0 ||
		findings[0].Dice != [2]int{6, 2} || findings[0].Reason == "" || !strings.Contains(findings[0].Play, "13/10") {
		t.Fatalf("findings %+v, want the first at game 1 move 1 side 0 with dice 62 and the play", findings)
	}
}

func TestCheckUnreadable(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.mat")
	if err := os.WriteFile(bad, []byte("; [Site \"x\"]\nno match line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"missing file", []string{"check", filepath.Join(t.TempDir(), "none.mat")}, "no such file"},
		{"no match line", []string{"check", bad}, "bad.mat:2: no \"N point match\" line"},
		{"no file", []string{"check"}, "want at least 1 argument"},
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

// TestCheckWarningsOnly: a record with writers' conventions only exits 0
// and prints its warnings.
func TestCheckWarningsOnly(t *testing.T) {
	var stdout, stderr bytes.Buffer
	file := "../../testdata/dialects/galaxy-losses-alone-capped.mat"
	if code := run([]string{"check", file}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, want 0: %s%s", code, stdout.String(), stderr.String())
	}
	if want := file + ": warning: game 1 move 30 side 1: Wins 3 point(s): "; !strings.HasPrefix(stdout.String(), want) {
		t.Fatalf("printed %q, want a warning starting %q", stdout.String(), want)
	}
}

// TestCheckDirectory checks a directory tree holding a clean record, one
// with warnings, one with a breach, an unreadable one and a file that is
// no record: it reads every record, goes on past the bad one, ends with
// the summary, and exits 2; --json gives each report's file and kind.
func TestCheckDirectory(t *testing.T) {
	dir := t.TempDir()
	clean, err := os.ReadFile("../../testdata/matches/match-002-5pt.mat")
	if err != nil {
		t.Fatal(err)
	}
	capped, err := os.ReadFile("../../testdata/dialects/galaxy-losses-alone-capped.mat")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"a/clean.mat":      string(clean),
		"a/b/capped.txt":   string(capped),
		"a/b/broken.MAT":   strings.Replace(string(clean), "62: 24/18 13/11", "62: 24/18 13/10", 1),
		"c/unreadable.mat": "hello\n",
		"c/notes.md":       "not a record\n",
	}
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"check", dir}, &stdout, &stderr); code != exitUsage {
		t.Fatalf("exit %d, want 2", code)
	}
	out := stdout.String()
	for _, want := range []string{
		filepath.Join(dir, "a/b/broken.MAT") + ": game 1 move 1 side 0: 62: 24/18 13/10: ",
		filepath.Join(dir, "a/b/capped.txt") + ": warning: ",
		"files read                  4\n",
		"clean                       1\n",
		"with warnings only          1\n",
		"with findings               1\n",
		"unreadable                  1\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if want := filepath.Join(dir, "c/unreadable.mat") + ":1:"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q, want it to name %q", stderr.String(), want)
	}

	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"check", "--json", dir}, &stdout, &stderr); code != exitUsage {
		t.Fatalf("--json: exit %d, want 2", code)
	}
	var reports []struct{ File, Kind string }
	if err := json.Unmarshal(stdout.Bytes(), &reports); err != nil {
		t.Fatalf("--json output %q: %v", stdout.String(), err)
	}
	kinds := map[string]string{}
	for _, r := range reports {
		kinds[filepath.Base(r.File)] = r.Kind
	}
	want := map[string]string{"broken.MAT": "finding", "capped.txt": "warning", "unreadable.mat": "unreadable"}
	if !reflect.DeepEqual(kinds, want) {
		t.Errorf("--json kinds by file %v, want %v", kinds, want)
	}
	if !strings.Contains(stderr.String(), "files read                  4") {
		t.Errorf("--json: the summary is not on stderr: %q", stderr.String())
	}
}
