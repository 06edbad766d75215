package record

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"testing"

	"gammond/record/mat"
)

// longSession returns a money session of n games, the shared matches'
// games over and over, as a director's longest files are.
func longSession(b *testing.B, n int) []byte {
	b.Helper()
	gameRE := regexp.MustCompile(`(?s)\n Game \d+\n[^\n]*\n(.*?)(?:\n\n|\z)`)
	var games [][]byte
	for _, file := range matchFiles {
		data, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range gameRE.FindAllSubmatch(data, -1) {
			games = append(games, m[1])
		}
	}
	var rec bytes.Buffer
	rec.WriteString(" 0 point match\n")
	for i := range n {
		fmt.Fprintf(&rec, "\n Game %d\n White : 0                      Black : 0\n%s\n", i+1, games[i%len(games)])
	}
	return rec.Bytes()
}

// BenchmarkCheckReader checks a long record a game at a time. The memory
// it holds is two games' worth whatever the record's length: `gammon
// check` on a 17 MB record peaks at about 20 MB resident (it was 230 MB
// when the whole match was read first).
func BenchmarkCheckReader(b *testing.B) {
	rec := longSession(b, 1000)
	b.SetBytes(int64(len(rec)))
	b.ReportAllocs()
	for b.Loop() {
		findings, err := CheckReader(mat.NewReader(bytes.NewReader(rec), "long.mat"))
		if err != nil {
			b.Fatal(err)
		}
		if len(findings) != 1 || findings[0].Kind != Warning { // the 0-0 score lines
			b.Fatalf("findings %v, want the money session's warning", findings)
		}
	}
}
