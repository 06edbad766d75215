package sensing

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkParseLine parses the lines after the header of match-002 (or of
// match-004 without $GAMMOND_TRACES) with the fast path and with
// encoding/json alone, to show what the fast path is worth.
func BenchmarkParseLine(b *testing.B) {
	path := filepath.Join("..", "testdata", "traces", "match-004.trace.jsonl")
	if dir := os.Getenv("GAMMOND_TRACES"); dir != "" {
		path = filepath.Join(dir, "match-002-illegal.trace.jsonl")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))[1:]
	for _, tc := range []struct {
		name  string
		parse func(l *line, b []byte) bool
	}{
		{"fast", func(l *line, b []byte) bool { return l.parseFast(b) }},
		{"encoding-json", func(l *line, b []byte) bool { return l.parseJSON(b) == nil }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var l line
			for b.Loop() {
				for _, ln := range lines {
					if !tc.parse(&l, ln) {
						b.Fatalf("%s refused %q", tc.name, ln)
					}
				}
			}
		})
	}
}
