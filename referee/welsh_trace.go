package referee

import (
	"fmt"
	"io"
	"time"

	"gammond/calib"
	"gammond/engine/welsh"
	"gammond/sensing"
)

// OpenWelshTrace returns the pipeline that replays a recorded trace of a
// Welsh match (a header with "rules": "welsh", or any trace the caller
// says is one) with the trace's calibration, on virtual time, and the
// Welsh referee it feeds: its Record is the match transcribed. Run the
// pipeline to replay.
func OpenWelshTrace(r io.Reader, emit func(Event)) (*Pipeline, *Welsh, *sensing.Header, error) {
	clock := sensing.NewVirtualClock(time.Unix(0, 0).UTC())
	tr, err := sensing.NewTraceReader(r, &sensing.TraceOpts{Clock: clock})
	if err != nil {
		return nil, nil, nil, err
	}
	h := tr.Header()
	cl, err := calib.NewClassifier(&h.Calibration, nil)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("trace calibration: %w", err)
	}
	p := &Pipeline{Source: tr, Classifier: cl, Settler: sensing.NewSettler(sensing.DefaultSettleWindow)}
	w := NewWelsh(welsh.NewRecorder(h.Match.White, h.Match.Black, 0), clock, func(e Event) {
		p.Learn(e)
		emit(e)
	})
	p.Judge = w
	return p, w, h, nil
}
