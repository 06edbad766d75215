package mat

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The records the tests read: the shared matches GNU Backgammon wrote
// (matchesDir) and the mat package's own (matDir, see its README.md).
var (
	matchesDir = filepath.Join("..", "..", "testdata", "matches")
	matDir     = filepath.Join("..", "..", "testdata", "mat")
)

// allRecords returns every .mat file of matchesDir and matDir.
func allRecords(tb testing.TB) []string {
	tb.Helper()
	var files []string
	for _, dir := range []string{matchesDir, matDir} {
		m, err := filepath.Glob(filepath.Join(dir, "*.mat"))
		if err != nil || len(m) == 0 {
			tb.Fatalf("no records in %s: %v", dir, err)
		}
		files = append(files, m...)
	}
	return files
}

// gnubgFiles returns the records that GNU Backgammon wrote: the shared
// matches (matchesDir) and the ones made for the cases those lack
// (matDir's gnubg-*.mat).
func gnubgFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pattern := range []string{filepath.Join(matchesDir, "match-*.mat"), filepath.Join(matDir, "gnubg-*.mat")} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no records in ../../testdata")
	}
	return files
}

// TestRoundTrip reads every record GNU Backgammon wrote and writes it back:
// the bytes must be GNU Backgammon's, and reading them again must give the
// same match.
func TestRoundTrip(t *testing.T) {
	for _, file := range gnubgFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			m, err := Read(bytes.NewReader(want), file)
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if _, err := m.WriteTo(&got); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("written record differs from GNU Backgammon's:\n%s", firstDiff(got.String(), string(want)))
			}
			again, err := Read(&got, "written")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(again, m) {
				t.Errorf("reading the written record gives another match")
			}
		})
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.SplitAfter(got, "\n"), strings.SplitAfter(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d\n got: %q\nwant: %q", i+1, gl, wl)
		}
	}
	return "(no line differs)"
}
