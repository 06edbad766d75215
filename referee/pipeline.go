package referee

import (
	"errors"
	"fmt"
	"io"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
)

// Pipeline carries a board's inputs to the referee: each frame is
// classified into an occupancy, settled, and passed on once it holds still;
// each button event becomes the referee's call.
type Pipeline struct {
	Source     sensing.Source
	Classifier *calib.Classifier
	Settler    *sensing.Settler
	Referee    *Referee
	// Health, when set, watches every frame for sensor faults.
	Health *calib.Monitor

	occ     engine.Occupancy
	pending bool // the settler was waiting for the board to hold still
}

// Run feeds the referee until the source ends, then tells it so (End); it
// returns nil at io.EOF.
func (p *Pipeline) Run() error {
	for {
		it, err := p.Source.Next()
		if errors.Is(err, io.EOF) {
			p.Referee.End()
			return nil
		}
		if err != nil {
			return err
		}
		if err := p.Step(it); err != nil {
			return err
		}
	}
}

// Step feeds one item. Per frame it allocates nothing (see the benchmark).
func (p *Pipeline) Step(it sensing.Item) error {
	p.settle(p.Settler.Advance(it.At))
	switch it.Kind {
	case sensing.FrameItem:
		if err := p.Classifier.Classify(it.Frame, &p.occ); err != nil {
			return fmt.Errorf("frame at %v: %w", it.At, err)
		}
		if p.Health != nil {
			p.Health.Observe(it.At, it.Frame)
		}
		p.settle(p.Settler.Observe(it.At, &p.occ))
	case sensing.EventItem:
		p.event(it.Event)
	}
	return nil
}

// settle tells the referee when the board starts moving and when it holds
// still again, whether on a new occupancy or back on the one settled before.
func (p *Pipeline) settle(changed bool) {
	pending := p.Settler.Pending()
	if pending && !p.pending {
		p.Referee.Unsettled()
	}
	if changed || (p.pending && !pending) {
		if o, _, ok := p.Settler.Settled(); ok {
			p.Referee.Settled(&o)
		}
	}
	p.pending = pending
}

func (p *Pipeline) event(e sensing.Event) {
	r := p.Referee
	switch e.Kind {
	case sensing.Roll:
		r.Roll(e.Side, e.Dice)
	case sensing.Done:
		r.Done(e.Side)
	case sensing.Double:
		r.Double(e.Side)
	case sensing.Take:
		r.Take(e.Side)
	case sensing.Drop:
		r.Drop(e.Side)
	}
}

// OpenTrace returns the pipeline that replays a recorded trace (TRACE.md)
// with the trace's calibration and match, on virtual time: the referee's
// events are stamped with the trace's times. Run it to replay.
func OpenTrace(r io.Reader, emit func(Event)) (*Pipeline, *sensing.Header, error) {
	clock := sensing.NewVirtualClock(time.Unix(0, 0).UTC())
	tr, err := sensing.NewTraceReader(r, &sensing.TraceOpts{Clock: clock})
	if err != nil {
		return nil, nil, err
	}
	h := tr.Header()
	cl, err := calib.NewClassifier(&h.Calibration, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("trace calibration: %w", err)
	}
	m, err := engine.NewMatch(h.Match.Length, engine.MatchOpts{})
	if err != nil {
		return nil, nil, fmt.Errorf("trace match: %w", err)
	}
	return &Pipeline{
		Source:     tr,
		Classifier: cl,
		Settler:    sensing.NewSettler(sensing.DefaultSettleWindow),
		Referee:    New(m, clock, emit),
	}, h, nil
}
