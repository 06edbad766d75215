package sensing_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
	"gammond/sensing/health"
)

// readTraces loads the traces to benchmark (see traceFiles) into memory.
func readTraces(b *testing.B) map[string][]byte {
	traces := map[string][]byte{}
	for _, path := range traceFiles(b) {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		traces[filepath.Base(path)] = data
	}
	return traces
}

// BenchmarkReadTrace reads whole traces from memory: MB/s, and frames/s
// (frame and set lines).
func BenchmarkReadTrace(b *testing.B) {
	for name, data := range readTraces(b) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			frames := 0
			for b.Loop() {
				frames = 0
				tr, err := sensing.NewTraceReader(bytes.NewReader(data), nil)
				if err != nil {
					b.Fatal(err)
				}
				for {
					it, err := tr.Next()
					if errors.Is(err, io.EOF) {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					if it.Kind == sensing.FrameItem {
						frames++
					}
				}
			}
			b.ReportMetric(float64(frames)*float64(b.N)/b.Elapsed().Seconds(), "frames/s")
		})
	}
}

// BenchmarkReplay replays whole matches the way the daemon does (read,
// settle, read each settled frame, watch health), and reports how many
// times faster than the match was played.
func BenchmarkReplay(b *testing.B) {
	for name, data := range readTraces(b) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			var played time.Duration
			for b.Loop() {
				played = replayBytes(b, data)
			}
			perReplay := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(float64(played)/float64(perReplay), "x_realtime")
		})
	}
}

// replayBytes replays a trace and returns how long the match took.
func replayBytes(b *testing.B, data []byte) time.Duration {
	tr, err := sensing.NewTraceReader(bytes.NewReader(data), nil)
	if err != nil {
		b.Fatal(err)
	}
	m, err := calib.NewModel(&tr.Header().Calibration)
	if err != nil {
		b.Fatal(err)
	}
	mon := health.NewMonitor(m, nil)
	var (
		board engine.Occupancy
		last  time.Time
		still bool
	)
	for {
		it, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return last.Sub(time.Unix(0, 0))
		}
		if err != nil {
			b.Fatal(err)
		}
		last = it.At
		if !still && m.Settled(it.At) {
			still = true
			m.Evaluate(it.At)
			m.Best(&board)
			m.Follow(it.At)
		}
		if it.Kind == sensing.FrameItem {
			still = m.Observe(it.At, it.Frame) && still
			mon.Observe(it.At, it.Frame)
		}
	}
}

// BenchmarkFramePath runs the per-frame path (settle, watch health) over
// the frames of match-004, held in memory: one frame per op. The budget
// is no allocation.
func BenchmarkFramePath(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "traces", "match-004.trace.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	tr, err := sensing.NewTraceReader(bytes.NewReader(data), nil)
	if err != nil {
		b.Fatal(err)
	}
	type frame struct {
		at       time.Time
		readings []uint16
	}
	var frames []frame
	for {
		it, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		if it.Kind == sensing.FrameItem {
			frames = append(frames, frame{it.At, append([]uint16(nil), it.Frame...)})
		}
	}
	m, err := calib.NewModel(&tr.Header().Calibration)
	if err != nil {
		b.Fatal(err)
	}
	mon := health.NewMonitor(m, nil)
	played := frames[len(frames)-1].at.Sub(frames[0].at)
	b.ReportAllocs()
	for k := 0; b.Loop(); k++ {
		// Each pass over the match runs later than the one before.
		f := frames[k%len(frames)]
		at := f.at.Add(time.Duration(k/len(frames)) * played)
		m.Observe(at, f.readings)
		mon.Observe(at, f.readings)
	}
}
