package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// welshFixture is a Welsh match record the board's Recorder wrote: three
// games, each washed by sticks.
var welshFixture = filepath.Join("..", "..", "testdata", "welsh", "match.welsh")

// writeBrokenWelsh writes the fixture with old replaced by new, once.
func writeBrokenWelsh(t *testing.T, old, new string) string {
	t.Helper()
	raw, err := os.ReadFile(welshFixture)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte(old)) {
		t.Fatalf("the fixture has no %q", old)
	}
	name := filepath.Join(t.TempDir(), "broken.welsh")
	if err := os.WriteFile(name, bytes.Replace(raw, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// A clean Welsh record says so, and only that.
func TestCheckWelshCleanRecord(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"check", "--rules", "welsh", welshFixture}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, want 0: %s%s", code, stdout.String(), stderr.String())
	}
	if want := welshFixture + ": clean\n"; stdout.String() != want {
		t.Fatalf("printed %q for a clean record, want %q", stdout.String(), want)
	}
}

// TestCheckWelshFindings breaks the record's plays and scores and expects
// each finding with the file, its line and its game, and exit 1.
func TestCheckWelshFindings(t *testing.T) {
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"illegal play", "White play 8/3 6/5\n", "White play 8/2 6/5\n",
			": line 7: game 1: White play 8/2 6/5: illegal play of 15"},
		{"double without the right", "Black double\nBlack throw 34\n", "Black double\nBlack double\nBlack throw 34\n",
			": line 13: game 1: Black double: Black: the right to double belongs to the other player"},
		{"wrong score", "end - wash-by-sticks 1 score 1-1", "end - wash-by-sticks 1 score 2-1",
			": line 99: game 1: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name := writeBrokenWelsh(t, tc.old, tc.new)
			var stdout, stderr bytes.Buffer
			if code := run([]string{"check", "--rules", "welsh", name}, &stdout, &stderr); code != exitFindings {
				t.Fatalf("exit %d, want 1: %s%s", code, stdout.String(), stderr.String())
			}
			first, _, _ := strings.Cut(stdout.String(), "\n")
			if !strings.HasPrefix(first, name+tc.want) {
				t.Fatalf("first finding %q, want it to start %q", first, name+tc.want)
			}
		})
	}
}

func TestCheckWelshJSON(t *testing.T) {
	name := writeBrokenWelsh(t, "White play 8/3 6/5\n", "White play 8/2 6/5\n")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"check", "--json", "--rules", "welsh", name}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("exit %d, want 1: %s", code, stderr.String())
	}
	var reports []struct {
		File, Kind, Reason string
		Line, Game         int
	}
	if err := json.Unmarshal(stdout.Bytes(), &reports); err != nil {
		t.Fatalf("--json output %q: %v", stdout.String(), err)
	}
	if len(reports) != 1 || reports[0].File != name || reports[0].Kind != "finding" || reports[0].Line != 7 || reports[0].Game != 1 ||
		!strings.Contains(reports[0].Reason, "illegal play") {
		t.Fatalf("reports %+v, want one illegal play at line 7 of game 1", reports)
	}
}

// TestCheckWelshUnreadable: a record that cannot be read names the file and
// the line, exit 2; so does a bad --rules.
func TestCheckWelshUnreadable(t *testing.T) {
	bad := writeBrokenWelsh(t, "White throw 15\n", "White thrw 15\n")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"bad line", []string{"check", "--rules", "welsh", bad}, bad + ": bad Welsh match record: line 6: White \"thrw\": unknown action"},
		{"a .mat", []string{"check", "--rules", "welsh", filepath.Join("..", "..", "testdata", "matches", "match-002-5pt.mat")}, "match-002-5pt.mat: bad Welsh match record: line 1: want \"welsh-match\" first"},
		{"unknown rules", []string{"check", "--rules", "wales", bad}, "unknown --rules \"wales\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tc.args, &stdout, &stderr); code != exitUsage {
				t.Fatalf("exit %d, want 2: %s%s", code, stdout.String(), stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.want) {
				t.Fatalf("stderr %q, want %q", stderr.String(), tc.want)
			}
		})
	}
}

// TestCheckWelshDirectory: a directory is searched for .welsh records only,
// and a check of several ends with the summary.
func TestCheckWelshDirectory(t *testing.T) {
	dir := t.TempDir()
	raw, err := os.ReadFile(welshFixture)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"a.welsh": raw,
		"b.welsh": bytes.Replace(raw, []byte("White play 8/3 6/5\n"), []byte("White play 8/2 6/5\n"), 1),
		"c.mat":   []byte("not a record the Welsh check reads"),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"check", "--rules", "welsh", dir}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("exit %d, want 1: %s%s", code, stdout.String(), stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"b.welsh: line 7: game 1:", "files read                  2", "with findings               1"} {
		if !strings.Contains(out, want) {
			t.Fatalf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "a.welsh:") || strings.Contains(out, "c.mat") {
		t.Fatalf("output names a clean record or a .mat:\n%s", out)
	}
}
