package sim

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"gammond/calib"
	"gammond/sensing"
)

// traceWriter writes the lines of a trace (shared/design/TRACE.md). It
// keeps the first error; every later call is a no-op.
type traceWriter struct {
	w    *bufio.Writer
	buf  []byte
	last int64 // the time of the last line, ms
	err  error
}

func newTraceWriter(w io.Writer) *traceWriter {
	return &traceWriter{w: bufio.NewWriterSize(w, 64<<10), buf: make([]byte, 0, 4096)}
}

// header writes the trace's first line, with as much of the calibration
// as h says.
func (tw *traceWriter) header(c *calib.Calibration, h HeaderCalibration, m sensing.Match) {
	g := c.Board
	tw.buf = fmt.Appendf(tw.buf[:0], `{"trace": %d, "board": {"points": %d, "slots": %d, "bar_slots": %d, "adc_bits": %d}, `,
		sensing.TraceVersion, g.Points, g.Slots, g.BarSlots, g.ADCBits)
	if h != NoCalibration {
		tw.buf = append(tw.buf, `"calibration": {"baseline": `...)
		tw.buf = appendList(tw.buf, c.Baseline, ", ")
		if h == FullCalibration {
			tw.buf = append(tw.buf, `, "white": `...)
			tw.buf = appendList(tw.buf, c.White, ", ")
			tw.buf = append(tw.buf, `, "black": `...)
			tw.buf = appendList(tw.buf, c.Black, ", ")
		}
		tw.buf = append(tw.buf, "}, "...)
	}
	white, err := json.Marshal(m.White)
	black, err2 := json.Marshal(m.Black)
	if err = errors.Join(err, err2); err != nil {
		tw.fail(fmt.Errorf("sim: players' names: %w", err))
		return
	}
	tw.buf = fmt.Appendf(tw.buf, `"match": {"length": %d, "white": %s, "black": %s`, m.Length, white, black)
	if m.Rules != "" {
		tw.buf = fmt.Appendf(tw.buf, `, "rules": %q`, m.Rules)
	}
	tw.buf = append(tw.buf, "}}"...)
	tw.line()
}

func appendList(b []byte, rs []uint16, sep string) []byte {
	b = append(b, '[')
	for i, r := range rs {
		if i > 0 {
			b = append(b, sep...)
		}
		b = strconv.AppendUint(b, uint64(r), 10)
	}
	return append(b, ']')
}

// frame writes every sensor's reading.
func (tw *traceWriter) frame(t int64, rs []uint16) {
	if tw.start(t) {
		tw.buf = append(tw.buf, `,"frame":`...)
		tw.buf = appendList(tw.buf, rs, ",")
		tw.buf = append(tw.buf, '}')
		tw.line()
	}
}

// set writes the readings of the sensors given; nothing when there are
// none.
func (tw *traceWriter) set(t int64, sensors []int, rs []uint16) {
	if len(sensors) == 0 || !tw.start(t) {
		return
	}
	tw.buf = append(tw.buf, `,"set":[`...)
	for i, s := range sensors {
		if i > 0 {
			tw.buf = append(tw.buf, ',')
		}
		tw.buf = append(tw.buf, '[')
		tw.buf = strconv.AppendInt(tw.buf, int64(s), 10)
		tw.buf = append(tw.buf, ',')
		tw.buf = strconv.AppendUint(tw.buf, uint64(rs[s]), 10)
		tw.buf = append(tw.buf, ']')
	}
	tw.buf = append(tw.buf, "]}"...)
	tw.line()
}

// event writes a press; dice only for a roll or a nominate, points only
// for a resignation or an offer.
func (tw *traceWriter) event(t int64, e sensing.Event) {
	if !tw.start(t) {
		return
	}
	tw.buf = fmt.Appendf(tw.buf, `,"event":%q,"side":%d`, e.Kind.String(), e.Side)
	switch e.Kind {
	case sensing.Roll, sensing.Nominate:
		tw.buf = fmt.Appendf(tw.buf, `,"dice":[%d,%d]`, e.Dice[0], e.Dice[1])
	case sensing.Resign, sensing.Offer:
		tw.buf = fmt.Appendf(tw.buf, `,"points":%d`, e.Points)
	}
	tw.buf = append(tw.buf, '}')
	tw.line()
}

// start begins a line at time t, which must not be before the last line's.
func (tw *traceWriter) start(t int64) bool {
	if tw.err != nil {
		return false
	}
	if t < tw.last {
		tw.fail(fmt.Errorf("sim: line at t %d after one at %d", t, tw.last))
		return false
	}
	tw.last = t
	tw.buf = append(tw.buf[:0], `{"t":`...)
	tw.buf = strconv.AppendInt(tw.buf, t, 10)
	return true
}

func (tw *traceWriter) line() {
	tw.buf = append(tw.buf, '\n')
	if _, err := tw.w.Write(tw.buf); err != nil {
		tw.fail(fmt.Errorf("writing the trace: %w", err))
	}
}

func (tw *traceWriter) fail(err error) {
	if tw.err == nil {
		tw.err = err
	}
}

// flush writes what is buffered and returns the first error.
func (tw *traceWriter) flush() error {
	if tw.err == nil {
		if err := tw.w.Flush(); err != nil {
			tw.err = fmt.Errorf("writing the trace: %w", err)
		}
	}
	return tw.err
}
