package referee

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gammond/sensing"
)

// BenchmarkReplay replays the 5-point match-002 trace (about three minutes
// of play, illegal plays and cube actions included) through the whole
// pipeline. Target: at least 1000 times faster than real time
// (the x-realtime metric).
func BenchmarkReplay(b *testing.B) {
	raw, err := os.ReadFile(filepath.Join(tracesDir, "match-002-illegal.trace.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	var played time.Duration
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		var last time.Time
		p, _, err := OpenTrace(bytes.NewReader(raw), func(e Event) { last = e.At })
		if err != nil {
			b.Fatal(err)
		}
		if err := p.Run(); err != nil {
			b.Fatal(err)
		}
		played = last.Sub(time.Unix(0, 0))
	}
	perReplay := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(played)/float64(perReplay), "x-realtime")
}

// restingPipeline returns a pipeline fed the first frame of a trace, and
// a function that feeds it that frame again 10 ms later.
func restingPipeline(tb testing.TB) func() {
	raw, err := os.ReadFile(filepath.Join(tracesDir, "match-004.trace.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	p, _, err := OpenTrace(bytes.NewReader(raw), func(Event) {})
	if err != nil {
		tb.Fatal(err)
	}
	it, err := p.Source.Next()
	if err != nil || it.Kind != sensing.FrameItem {
		tb.Fatalf("first item %v, %v: want a frame", it.Kind, err)
	}
	frame := append([]uint16(nil), it.Frame...)
	at := it.At
	return func() {
		at = at.Add(10 * time.Millisecond)
		if err := p.Step(sensing.Item{At: at, Kind: sensing.FrameItem, Frame: frame}); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkPipelineFrame feeds frames of a board at rest through the
// pipeline (classify, settle, referee): the per-frame path.
func BenchmarkPipelineFrame(b *testing.B) {
	step := restingPipeline(b)
	b.ReportAllocs()
	for b.Loop() {
		step()
	}
}

func TestPipelineFrameAllocatesNothing(t *testing.T) {
	step := restingPipeline(t)
	if a := testing.AllocsPerRun(1000, step); a != 0 {
		t.Fatalf("%v allocations per frame, want 0", a)
	}
}
