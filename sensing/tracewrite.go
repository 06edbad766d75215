package sensing

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"

	"gammond/calib"
)

// TraceWriter writes what a board senses as a trace (TRACE.md): the header
// with the calibration in use, then the first frame whole and, after it,
// only the readings that changed ("set" lines), and every press. It keeps
// the first error; every later call is a no-op that returns it. Per frame
// it allocates nothing once its buffers have grown (BenchmarkTraceWriter).
type TraceWriter struct {
	w     io.Writer
	epoch time.Time // the time of t 0
	last  int64     // the last line's t, ms
	prev  []uint16  // the readings written so far
	have  bool      // a frame has been written
	buf   []byte
	err   error
}

// NewTraceWriter writes the header of a trace of the match m, played on a
// board with calibration c, to w; its lines' times count from epoch.
func NewTraceWriter(w io.Writer, c *calib.Calibration, m Match, epoch time.Time) (*TraceWriter, error) {
	tw := &TraceWriter{w: w, epoch: epoch, prev: make([]uint16, c.Board.Sensors()), buf: make([]byte, 0, 4096)}
	header := struct {
		Trace       int              `json:"trace"`
		Board       traceBoard       `json:"board"`
		Calibration traceCalibration `json:"calibration"`
		Match       Match            `json:"match"`
	}{TraceVersion, traceBoard{c.Board.Points, c.Board.Slots, c.Board.BarSlots, c.Board.ADCBits},
		traceCalibration{c.Baseline, c.White, c.Black}, m}
	b, err := json.Marshal(header)
	if err != nil {
		return nil, fmt.Errorf("trace header: %w", err)
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		return nil, fmt.Errorf("trace header: %w", err)
	}
	return tw, nil
}

type traceBoard struct {
	Points   int `json:"points"`
	Slots    int `json:"slots"`
	BarSlots int `json:"bar_slots"`
	ADCBits  int `json:"adc_bits"`
}

type traceCalibration struct {
	Baseline []uint16 `json:"baseline,omitempty"`
	White    []uint16 `json:"white,omitempty"` // a partial calibration (baselines alone) leaves them out
	Black    []uint16 `json:"black,omitempty"`
}

// Frame writes a frame read at at: all of it the first time, then the
// readings that changed; nothing when none did.
func (tw *TraceWriter) Frame(at time.Time, frame []uint16) error {
	if len(frame) != len(tw.prev) {
		return tw.fail(fmt.Errorf("trace: a frame of %d readings, want %d", len(frame), len(tw.prev)))
	}
	if !tw.have {
		tw.have = true
		copy(tw.prev, frame)
		tw.start(at)
		tw.buf = append(tw.buf, `,"frame":[`...)
		for i, r := range frame {
			if i > 0 {
				tw.buf = append(tw.buf, ',')
			}
			tw.buf = strconv.AppendUint(tw.buf, uint64(r), 10)
		}
		tw.buf = append(tw.buf, "]}\n"...)
		return tw.write()
	}
	changed := false
	for i, r := range frame {
		if r == tw.prev[i] {
			continue
		}
		if !changed {
			changed = true
			tw.start(at)
			tw.buf = append(tw.buf, `,"set":[`...)
		} else {
			tw.buf = append(tw.buf, ',')
		}
		tw.prev[i] = r
		tw.buf = append(tw.buf, '[')
		tw.buf = strconv.AppendInt(tw.buf, int64(i), 10)
		tw.buf = append(tw.buf, ',')
		tw.buf = strconv.AppendUint(tw.buf, uint64(r), 10)
		tw.buf = append(tw.buf, ']')
	}
	if !changed {
		return tw.err
	}
	tw.buf = append(tw.buf, "]}\n"...)
	return tw.write()
}

// Event writes a press at at; the dice only for a roll or nominate that
// has them, the level for a resignation, the games for an offer.
func (tw *TraceWriter) Event(at time.Time, e Event) error {
	tw.start(at)
	tw.buf = append(tw.buf, `,"event":"`...)
	tw.buf = append(tw.buf, e.Kind.String()...)
	tw.buf = append(tw.buf, `","side":`...)
	tw.buf = strconv.AppendInt(tw.buf, int64(e.Side), 10)
	switch {
	case (e.Kind == Roll || e.Kind == Nominate) && e.Dice.Valid():
		tw.buf = fmt.Appendf(tw.buf, `,"dice":[%d,%d]`, e.Dice[0], e.Dice[1])
	case e.Kind == Resign || e.Kind == Offer:
		tw.buf = fmt.Appendf(tw.buf, `,"points":%d`, e.Points)
	}
	tw.buf = append(tw.buf, "}\n"...)
	return tw.write()
}

// start begins a line at at: never before the last line, never before t 0.
func (tw *TraceWriter) start(at time.Time) {
	t := max(at.Sub(tw.epoch).Milliseconds(), tw.last, 0)
	tw.last = t
	tw.buf = append(tw.buf[:0], `{"t":`...)
	tw.buf = strconv.AppendInt(tw.buf, t, 10)
}

func (tw *TraceWriter) write() error {
	if tw.err != nil {
		return tw.err
	}
	if _, err := tw.w.Write(tw.buf); err != nil {
		return tw.fail(fmt.Errorf("writing the trace: %w", err))
	}
	return nil
}

func (tw *TraceWriter) fail(err error) error {
	if tw.err == nil {
		tw.err = err
	}
	return tw.err
}

// Err returns the first error the writer met.
func (tw *TraceWriter) Err() error { return tw.err }

// ResumeTraceWriter carries on a trace whose header is written already (a
// board that stopped and started again): its first frame is written whole.
func ResumeTraceWriter(w io.Writer, sensors int, epoch time.Time) *TraceWriter {
	return &TraceWriter{w: w, epoch: epoch, prev: make([]uint16, sensors), buf: make([]byte, 0, 4096)}
}
