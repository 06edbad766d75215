package sensing

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
)

// testCalibration is a calibration of the reference board with every
// sensor alike.
func testCalibration() *calib.Calibration {
	n := calib.ReferenceBoard.Sensors()
	c := &calib.Calibration{Board: calib.ReferenceBoard,
		Baseline: make([]uint16, n), White: make([]uint16, n), Black: make([]uint16, n)}
	for i := range n {
		c.Baseline[i], c.White[i], c.Black[i] = 2048, 2700, 1400
	}
	return c
}

// TestTraceWriterRoundTrip writes frames and presses, gzipped, and reads
// them back with the TraceReader: the same readings at the same times.
func TestTraceWriterRoundTrip(t *testing.T) {
	c := testCalibration()
	epoch := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	tw, err := NewTraceWriter(zw, c, Match{Length: 5, White: "Ann", Black: "Bo"}, epoch)
	if err != nil {
		t.Fatal(err)
	}
	frame := slices.Clone(c.Baseline)
	type step struct {
		ms    int
		frame []uint16
		event *Event
	}
	var steps []step
	for i := range 5 {
		frame[i*7] = 2700
		steps = append(steps, step{ms: 10 * i, frame: slices.Clone(frame)})
	}
	steps = append(steps, step{ms: 60, event: &Event{Kind: Roll, Side: engine.Black, Dice: engine.Dice{6, 3}}},
		step{ms: 70, frame: slices.Clone(frame)}, // unchanged: no line
		step{ms: 80, event: &Event{Kind: Done, Side: engine.Black}},
		step{ms: 90, event: &Event{Kind: Resign, Side: engine.White, Points: ResignNext}}, // the buttons' resignation
		step{ms: 95, event: &Event{Kind: Resign, Side: engine.White, Points: ResignGammon}},
		step{ms: 99, event: &Event{Kind: Accept, Side: engine.Black}},
		step{ms: 100, event: &Event{Kind: Nominate, Side: engine.White, Dice: engine.Dice{2, 1}}},
		step{ms: 101, event: &Event{Kind: Offer, Side: engine.Black, Points: 5}})
	for _, s := range steps {
		at := epoch.Add(time.Duration(s.ms) * time.Millisecond)
		if s.event != nil {
			err = tw.Event(at, *s.event)
		} else {
			err = tw.Frame(at, s.frame)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	tr, err := NewTraceReader(&out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if h := tr.Header(); h.Match.White != "Ann" || h.Match.Length != 5 || !slices.Equal(h.Calibration.White, c.White) {
		t.Fatalf("header %+v: want the match and calibration written", h.Match)
	}
	want := slices.DeleteFunc(steps, func(s step) bool { return s.ms == 70 })
	for i, s := range want {
		it, err := tr.Next()
		if err != nil {
			t.Fatalf("item %d: %v", i, err)
		}
		if got := it.At.Sub(time.Unix(0, 0)); got != time.Duration(s.ms)*time.Millisecond {
			t.Errorf("item %d at %v, want %d ms", i, got, s.ms)
		}
		switch {
		case s.event != nil && (it.Kind != EventItem || it.Event != *s.event):
			t.Errorf("item %d: %v %v, want the event %v", i, it.Kind, it.Event, *s.event)
		case s.event == nil && (it.Kind != FrameItem || !slices.Equal(it.Frame, s.frame)):
			t.Errorf("item %d: %v, want the frame written", i, it.Kind)
		}
	}
	if _, err := tr.Next(); !errors.Is(err, io.EOF) {
		t.Fatalf("after the last item: %v, want io.EOF", err)
	}
}

func TestTraceWriterRefusesAShortFrame(t *testing.T) {
	tw, err := NewTraceWriter(io.Discard, testCalibration(), Match{}, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if err := tw.Frame(time.Unix(1, 0), make([]uint16, 3)); err == nil {
		t.Fatal("a frame of 3 readings written: want an error")
	}
}

// BenchmarkTraceWriter writes a frame with one reading changed, as a board
// at rest but for noise gives. Budget: 0 allocations per frame.
func BenchmarkTraceWriter(b *testing.B) {
	c := testCalibration()
	tw, err := NewTraceWriter(io.Discard, c, Match{}, time.Unix(0, 0))
	if err != nil {
		b.Fatal(err)
	}
	frame := slices.Clone(c.Baseline)
	at := time.Unix(0, 0)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		frame[i%len(frame)] ^= 1
		at = at.Add(10 * time.Millisecond)
		if err := tw.Frame(at, frame); err != nil {
			b.Fatal(err)
		}
	}
}

// gzipTrace starts a gzipped trace of a 1-point match into out.
func gzipTrace(t *testing.T, out *bytes.Buffer, c *calib.Calibration) (*gzip.Writer, *TraceWriter) {
	t.Helper()
	zw := gzip.NewWriter(out)
	tw, err := NewTraceWriter(zw, c, Match{Length: 1, White: "Ann", Black: "Bo"}, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	return zw, tw
}

// TestTraceCutShortReads: a board's trace read while it is being written,
// or after a crash, has no gzip trailer; what was flushed reads to io.EOF,
// and Cut says the trace stops short after its last line.
func TestTraceCutShortReads(t *testing.T) {
	c := testCalibration()
	var out bytes.Buffer
	zw, tw := gzipTrace(t, &out, c)
	if err := tw.Frame(time.Unix(0, 0), c.Baseline); err != nil {
		t.Fatal(err)
	}
	if err := tw.Event(time.Unix(1, 0), Event{Kind: Done, Side: engine.White}); err != nil {
		t.Fatal(err)
	}
	if err := zw.Flush(); err != nil { // no Close: the trailer is missing
		t.Fatal(err)
	}
	tr, err := NewTraceReader(&out, nil)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []ItemKind
	for {
		it, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("after %v: %v, want the flushed items, then io.EOF", kinds, err)
		}
		kinds = append(kinds, it.Kind)
	}
	if !slices.Equal(kinds, []ItemKind{FrameItem, EventItem}) {
		t.Fatalf("items %v, want the frame and the press", kinds)
	}
	var te *TraceError
	if err := tr.Cut(); !errors.Is(err, ErrCut) || !errors.As(err, &te) || te.Line != 3 || !strings.Contains(err.Error(), "gzip") {
		t.Fatalf("Cut() = %v, want ErrCut at line 3, the gzip stream's end missing", err)
	}
}

// TestTraceCutInTheMiddle: a gzipped trace cut anywhere (a power cut in
// the middle of a write) reads every line whole before the cut, then
// io.EOF, and Cut says which line it stops at; the whole stream reads
// with no cut.
func TestTraceCutInTheMiddle(t *testing.T) {
	c := testCalibration()
	var out bytes.Buffer
	zw, tw := gzipTrace(t, &out, c)
	frame := slices.Clone(c.Baseline)
	const frames = 400
	for i := range frames {
		frame[i%len(frame)] = uint16(1000 + i)
		if err := tw.Frame(time.Unix(0, int64(i)*int64(time.Millisecond)), frame); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	whole := out.Bytes()
	for _, size := range []int{len(whole), len(whole) - 4, len(whole) * 3 / 4, len(whole) / 2, len(whole) / 5} {
		tr, err := NewTraceReader(bytes.NewReader(whole[:size]), nil)
		if err != nil {
			t.Fatalf("%d of %d bytes: %v", size, len(whole), err)
		}
		items := 0
		for ; ; items++ {
			if _, err := tr.Next(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("%d of %d bytes: after %d items: %v, want io.EOF at the cut", size, len(whole), items, err)
			}
		}
		cut := tr.Cut()
		if size == len(whole) {
			if cut != nil || items != frames {
				t.Errorf("whole stream: %d items, Cut() = %v; want %d and nil", items, cut, frames)
			}
			continue
		}
		var te *TraceError
		if !errors.As(cut, &te) || !errors.Is(cut, ErrCut) || items == frames && size < len(whole)-8 || te.Line < items+1 || te.Line > items+2 {
			t.Errorf("%d of %d bytes: %d items, Cut() = %v; want ErrCut at the line after the last item", size, len(whole), items, cut)
		}
	}
}
