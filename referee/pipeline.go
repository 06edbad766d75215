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
	// Deliver, when set, receives every input for the referee instead of
	// the referee: the daemon journals it first, then applies it.
	Deliver func(Input)

	occ     engine.Occupancy
	pending bool      // the settler was waiting for the board to hold still
	last    time.Time // the last item's time

	// A frame that changed the occupancy is held back until the next one:
	// if that one, within SpikeMax, shows the occupancy before it again, it
	// was a spike, and the settler never sees it (else a spike would
	// restart the settle window, and a DONE waiting for the board would
	// wait past the opponent's roll).
	seen    engine.Occupancy // the occupancy the settler saw last
	held    engine.Occupancy
	heldAt  time.Time
	holding bool
}

// SpikeMax is the longest a changed occupancy may last and still be taken
// for a spike: two frames at 100 a second. Nothing a hand does on the board
// comes and goes that fast.
const SpikeMax = 20 * time.Millisecond

// Run feeds the referee until the source ends, then tells it so (End); it
// returns nil at io.EOF.
func (p *Pipeline) Run() error {
	for {
		it, err := p.Source.Next()
		if errors.Is(err, io.EOF) {
			p.release()
			p.deliver(Input{At: p.last, Kind: InputEnd})
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
	p.last = it.At
	switch it.Kind {
	case sensing.FrameItem:
		if err := p.Classifier.Classify(it.Frame, &p.occ); err != nil {
			return fmt.Errorf("frame at %v: %w", it.At, err)
		}
		if p.Health != nil {
			p.Health.Observe(it.At, it.Frame)
		}
		p.frame(it.At)
	case sensing.EventItem:
		p.release() // a press is judged on every frame before it
		p.settle(p.Settler.Advance(it.At))
		p.event(it.Event)
	}
	return nil
}

// frame passes the occupancy read at at to the settler, holding back one
// that changed until the next frame tells whether it was a spike.
func (p *Pipeline) frame(at time.Time) {
	if p.holding {
		p.holding = false
		if p.occ == p.seen && at.Sub(p.heldAt) <= SpikeMax {
			p.observe(at, &p.occ) // the held frame was a spike: drop it
			return
		}
		p.observe(p.heldAt, &p.held)
	}
	if p.occ != p.seen {
		p.held, p.heldAt, p.holding = p.occ, at, true
		p.settle(p.Settler.Advance(at))
		return
	}
	p.observe(at, &p.occ)
}

// release passes a frame held back to the settler.
func (p *Pipeline) release() {
	if p.holding {
		p.holding = false
		p.observe(p.heldAt, &p.held)
	}
}

// observe gives the settler the occupancy read at at.
func (p *Pipeline) observe(at time.Time, o *engine.Occupancy) {
	p.seen = *o
	p.settle(p.Settler.Advance(at))
	p.settle(p.Settler.Observe(at, o))
}

// settle tells the referee when the board starts moving and when it holds
// still again, whether on a new occupancy or back on the one settled before.
func (p *Pipeline) settle(changed bool) {
	pending := p.Settler.Pending()
	if pending && !p.pending {
		p.deliver(Input{At: p.last, Kind: InputUnsettled})
	}
	if changed || (p.pending && !pending) {
		if o, _, ok := p.Settler.Settled(); ok {
			p.deliver(Input{At: p.last, Kind: InputSettled, Board: &o})
		}
	}
	p.pending = pending
}

// deliver passes an input on to Deliver, or to the referee.
func (p *Pipeline) deliver(in Input) {
	if p.Deliver != nil {
		p.Deliver(in)
		return
	}
	p.Referee.Apply(in)
}

// inputKinds maps the board's button events to the referee's inputs.
var inputKinds = map[sensing.EventKind]InputKind{
	sensing.Roll: InputRoll, sensing.Done: InputDone, sensing.Double: InputDouble,
	sensing.Take: InputTake, sensing.Drop: InputDrop, sensing.Cube: InputCube, sensing.Pass: InputCube,
}

func (p *Pipeline) event(e sensing.Event) {
	if kind, ok := inputKinds[e.Kind]; ok {
		p.deliver(Input{At: p.last, Kind: kind, Side: e.Side, Dice: e.Dice, Long: e.Kind == sensing.Pass})
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
