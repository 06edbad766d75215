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
// pipeline to replay. The trace's nominate and offer events (the page's
// options, TRACE.md) reach the referee as InputOption, each once the
// pipeline has taken in the event's item.
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
	p := &Pipeline{Classifier: cl, Settler: sensing.NewSettler(sensing.DefaultSettleWindow)}
	p.Source = &optionSource{Source: tr, p: p}
	w := NewWelsh(welsh.NewRecorder(h.Match.White, h.Match.Black, 0), clock, func(e Event) {
		p.Learn(e)
		emit(e)
	})
	p.Judge = w
	return p, w, h, nil
}

// optionSource passes a trace's items on to its pipeline and delivers the
// Welsh options the pipeline's button events do not carry (a nominate's
// throw, an offer's games) as InputOption. An option is delivered when the
// pipeline asks for the next item, so the frames and presses before it have
// been judged first, as the pipeline judges a press.
type optionSource struct {
	sensing.Source
	p       *Pipeline
	pending *Input
}

// Next delivers the option of the item returned last, if any, and returns
// the next item.
func (s *optionSource) Next() (sensing.Item, error) {
	if s.pending != nil {
		s.p.deliver(*s.pending)
		s.pending = nil
	}
	it, err := s.Source.Next()
	if err == nil && it.Kind == sensing.EventItem {
		s.pending = welshOption(it.At, it.Event)
	}
	return it, err
}

// welshOption returns the option a trace event takes up, nil for a press
// the pipeline maps itself.
func welshOption(at time.Time, e sensing.Event) *Input {
	switch e.Kind {
	case sensing.Nominate:
		return &Input{At: at, Kind: InputOption, Option: OptionNominate, Side: e.Side, Dice: e.Dice}
	case sensing.Offer:
		return &Input{At: at, Kind: InputOption, Option: OptionOffer, Side: e.Side, Points: e.Points}
	}
	return nil
}
