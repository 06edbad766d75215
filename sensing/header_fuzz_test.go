package sensing

import (
	"errors"
	"strings"
	"testing"

	"gammond/calib"
)

// FuzzTraceHeader reads any first line as a trace's header: NewTraceReader
// must not panic, must fail only with a *TraceError on line 1, and a header
// it accepts must describe a board that validates and a calibration, maybe
// partial, for it (ValidatePartial), with a frame as long as the board has
// sensors.
func FuzzTraceHeader(f *testing.F) {
	f.Add(headerFor(fuzzBoard))
	f.Add(headerFor(calib.Geometry{Points: 24, Slots: 2, BarSlots: 1, ADCBits: 10}))
	for _, s := range []string{
		`{"trace": 2}`, `{"trace": 1}`, `{"trace": 1, "board": {"points": 24, "slots": 1, "bar_slots": 0, "adc_bits": 12}}`,
		`{"trace": 1, "board": {"points": 24, "slots": 1000000, "bar_slots": 0, "adc_bits": 12}, "calibration": {}, "match": {"length": 1}}`,
		`{"t": 0, "frame": []}`, ``, `{"trace": 1, "extra": true}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		tr, err := NewTraceReader(strings.NewReader(header+"\n"), nil)
		if err != nil {
			var te *TraceError
			if !errors.As(err, &te) || te.Line < 1 || te.Line > 1+strings.Count(header, "\n") {
				t.Fatalf("error %v: want a *TraceError on the header's line", err)
			}
			return
		}
		h := tr.Header()
		if err := h.Calibration.ValidatePartial(); err != nil || h.Calibration.Board != h.Board {
			t.Fatalf("header accepted with calibration %+v for board %+v: %v", h.Calibration, h.Board, err)
		}
		if len(tr.frame) != h.Board.Sensors() {
			t.Fatalf("a frame of %d readings for %d sensors", len(tr.frame), h.Board.Sensors())
		}
	})
}
