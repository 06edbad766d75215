package mat

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead checks that no input makes Read panic, and that whatever it
// reads, written and read again, writes the same bytes. (Writing resolves
// XG's combined moves and marks hits, so the first match read may differ
// from the second; the records GNU Backgammon writes do not change, see
// TestRoundTrip.)
//
//	go test -run '^$' -fuzz FuzzRead -fuzztime 30s ./record/mat
func FuzzRead(f *testing.F) {
	files := allRecords(f)
	dialects, err := filepath.Glob(filepath.Join("..", "..", "testdata", "dialects", "*.mat"))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range append(files, dialects...) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		// The fuzzer minimizes every new input, up to a minute each: big
		// seeds would keep it minimizing instead of exploring. The small
		// records hold every kind of line.
		if len(data) <= 2048 {
			f.Add(data)
		}
	}
	f.Add([]byte(head + "  1) 31: 8/5 6/5   42: 8/4 6/4\n  2)  Doubles => 2  Drops\n      Wins 1 point\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Read(bytes.NewReader(data), "fuzz.mat")
		if err != nil {
			return
		}
		var out bytes.Buffer
		if _, err := m.WriteTo(&out); err != nil {
			return // a move no board allows
		}
		again, err := Read(bytes.NewReader(out.Bytes()), "written.mat")
		if err != nil {
			t.Fatalf("reading the written record: %v\n%s", err, out.Bytes())
		}
		var out2 bytes.Buffer
		if _, err := again.WriteTo(&out2); err != nil {
			t.Fatalf("writing the record read back: %v\n%s", err, out.Bytes())
		}
		if !bytes.Equal(out2.Bytes(), out.Bytes()) {
			t.Fatalf("the record read back writes differently:\n%s", firstDiff(out2.String(), out.String()))
		}
	})
}
