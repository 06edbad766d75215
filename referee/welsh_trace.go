package referee

import (
	"io"

	"gammond/engine/welsh"
	"gammond/sensing"
)

// OpenWelshTrace returns the pipeline that replays a recorded trace of a
// Welsh match (a header with "rules": "welsh", or any trace the caller
// says is one) with the trace's calibration, on virtual time, and the
// recorder of the match it transcribes. Run the pipeline to replay.
func OpenWelshTrace(r io.Reader, emit func(Event)) (*Pipeline, *welsh.Recorder, *sensing.Header, error) {
	var rec *welsh.Recorder
	p, h, err := openTrace(r, emit, func(h *sensing.Header, clock sensing.Clock, emit func(Event)) (*Referee, error) {
		rec = welsh.NewRecorder(h.Match.White, h.Match.Black, 0)
		return NewWelsh(rec, clock, emit), nil
	})
	return p, rec, h, err
}
