package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gammond/record/journal"
)

// stateDir makes a state directory whose current journal holds n records,
// beside a kept journal of an earlier match, and returns it and the
// current journal's path.
func stateDir(t *testing.T, n int) (dir, current string) {
	t.Helper()
	dir = t.TempDir()
	for _, name := range []string{"journal", "table-1-20261123-190000.journal"} {
		j, _, err := journal.Open(filepath.Join(dir, name), nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if _, err := j.Append(fmt.Appendf(nil, `{"input":%d}`, i)); err != nil {
				t.Fatal(err)
			}
		}
		j.Close()
	}
	return dir, filepath.Join(dir, "journal")
}

func runGammon(args ...string) (code int, stdout, stderr string) {
	var out, errs bytes.Buffer
	code = run(args, &out, &errs)
	return code, out.String(), errs.String()
}

func TestJournalVerifyAndSalvage(t *testing.T) {
	dir, current := stateDir(t, 10)
	if code, out, errs := runGammon("journal", "verify", dir); code != exitOK || strings.Count(out, "; sound") != 2 {
		t.Fatalf("sound journals: exit %d\n%s%s", code, out, errs)
	}
	data, err := os.ReadFile(current)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0x10 // a byte flipped mid-file
	if err := os.WriteFile(current, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runGammon("journal", "verify", dir)
	if code != exitFindings || !strings.Contains(out, "DAMAGED") || !strings.Contains(out, "gammon journal salvage "+dir) {
		t.Fatalf("damaged journal: exit %d, want 1, a DAMAGED line and the salvage command:\n%s", code, out)
	}
	code, out, errs := runGammon("journal", "salvage", dir)
	if code != exitOK || !strings.Contains(out, "salvaged: kept records 1-") {
		t.Fatalf("salvage: exit %d\n%s%s", code, out, errs)
	}
	if code, out, _ := runGammon("journal", "verify", current); code != exitOK {
		t.Fatalf("after salvage: exit %d\n%s", code, out)
	}
	kept, _ := filepath.Glob(filepath.Join(dir, "journal.damaged-*"))
	if len(kept) != 1 {
		t.Fatalf("damaged files kept: %v, want one", kept)
	}
}

func TestJournalBadArguments(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"journal"},
		{"journal", "verify"},
		{"journal", "mend", dir},
		{"journal", "verify", dir}, // no journal in it
		{"journal", "verify", filepath.Join(dir, "missing")},
	} {
		if code, _, errs := runGammon(args...); code != exitUsage || !strings.HasPrefix(errs, "gammon journal: ") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and an error", args, code, errs)
		}
	}
}
