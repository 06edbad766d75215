package referee

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
	"gammond/sensing/health"
)

// Pipeline carries a board's inputs to the referee: each button event
// becomes the referee's call, and the raw frames tell it when the board
// moves and when it holds still. The board settles when every reading
// holds still within its noise for calib.SettleWindow (calib.Model.Observe),
// and each settled input carries its frame, from which the referee's
// sensor model reads the board and judges; a frame of bus garbage is
// dropped first.
type Pipeline struct {
	Source  sensing.Source
	Referee *Referee
	// Health, when set, watches every frame for sensor faults.
	Health *health.Monitor
	// Deliver, when set, receives every input for the referee instead of
	// the referee: the daemon journals it first, then applies it.
	Deliver func(Input)
	// DoneGrace is how long after a DONE the referee waits for a checker
	// still in the hand (InputDoneGrace); 0 means DefaultDoneGrace.
	DoneGrace time.Duration

	// graceEnds is when the grace period of the last DONE ends, zero when
	// none runs. It follows the presses alone, not the referee's state, so
	// a source fed again gives the journal the same inputs.
	graceEnds time.Time
	last      time.Time // the last item's time
	// frames settles the raw frames, made at the first frame from the
	// referee's model's geometry. still says the readings have not moved
	// since the referee was last told the board settled; stallEnds, when
	// the scan can no longer be stalled on the motion the last DONE ended.
	frames    *calib.Model
	still     bool
	stallEnds time.Time
}

// scanStall is the longest the scan may stall while a checker is set
// down or lifted (HARDWARE.md: 30-250 ms): a trace writes no frame then,
// so the readings look still while the board is not. A DONE is judged
// on the board as it reads once the scan cannot still be stalled on the
// motion it ended.
const scanStall = 250 * time.Millisecond

// errNoModel is a frame for a pipeline with no referee, whose sensor
// model would give the board's geometry.
var errNoModel = errors.New("no referee to read the frames by its sensor model")

// Run feeds the referee until the source ends, then tells it so (End); it
// returns nil at io.EOF.
func (p *Pipeline) Run() error {
	for {
		it, err := p.Source.Next()
		if errors.Is(err, io.EOF) {
			if p.frames != nil && !p.still {
				// The readings have held still since they last moved.
				p.settled(p.frames.SettledAt())
			}
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
	p.catchUp(it.At, it.Kind == sensing.EventItem)
	p.last = it.At
	switch it.Kind {
	case sensing.FrameItem:
		if err := p.frame(it); err != nil {
			return err
		}
		p.checkGrace()
	case sensing.EventItem:
		p.checkGrace()
		p.event(it.Event)
	}
	return nil
}

// frame lets the settling model observe the item's frame, and Health
// check it; the referee is told the board moved when the readings leave
// the stillness it was told of.
func (p *Pipeline) frame(it sensing.Item) error {
	if p.frames == nil {
		if p.Referee == nil {
			return fmt.Errorf("frame at %v: %w", it.At, errNoModel)
		}
		// A calibration of the board's geometry alone is valid: the
		// readings' stillness and the ADC's rails need no levels.
		p.frames, _ = calib.NewModel(&calib.Calibration{Board: p.Referee.SensorModel().Geometry()})
	}
	if n := p.frames.Geometry().Sensors(); len(it.Frame) != n {
		return fmt.Errorf("frame at %v: %w: %d readings, want %d", it.At, calib.ErrFrameLength, len(it.Frame), n)
	}
	if settled := p.frames.Observe(it.At, it.Frame); p.still && !settled {
		p.still = false
		p.deliver(Input{At: p.last, Kind: InputUnsettled})
	}
	if p.Health != nil {
		p.Health.Observe(it.At, it.Frame)
	}
	return nil
}

// catchUp tells the referee that the board has settled once the raw
// readings have held still, by at, since they last moved: once the scan
// cannot be stalled on the motion a DONE ended, or at a press (a hand on
// a button has left the board). It is told at at, the time of the item
// that shows it, as the referee's clock has it (a trace writes no frame
// while the readings hold); the input's FrameAt says since when the
// board has held still.
func (p *Pipeline) catchUp(at time.Time, press bool) {
	m := p.frames
	if m == nil || p.still || !m.Settled(at) {
		return
	}
	still := m.SettledAt()
	if still.Before(p.stallEnds) {
		still = p.stallEnds
		if press && at.Before(still) {
			still = at
		}
	}
	if still.After(at) {
		return
	}
	p.last = at
	p.settled(still)
}

// settled tells the referee the board holds still on the frames, as it
// has since still: the input carries the frame.
func (p *Pipeline) settled(still time.Time) {
	p.still = true
	p.deliver(Input{At: p.last, Kind: InputSettled, Frame: slices.Clone(p.frames.Frame()), FrameAt: still})
	p.checkGrace()
}

// checkGrace tells the referee when the grace period of a DONE is over.
func (p *Pipeline) checkGrace() {
	if p.graceEnds.IsZero() || p.last.Before(p.graceEnds) {
		return
	}
	p.graceEnds = time.Time{}
	p.deliver(Input{At: p.last, Kind: InputDoneGrace})
}

// doneGrace returns the grace period after a DONE.
func (p *Pipeline) doneGrace() time.Duration {
	if p.DoneGrace > 0 {
		return p.DoneGrace
	}
	return DefaultDoneGrace
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
	sensing.Resign: InputResign, sensing.Accept: InputAccept, sensing.Reject: InputReject,
	sensing.Nominate: InputNominate, sensing.Offer: InputConcede,
}

func (p *Pipeline) event(e sensing.Event) {
	if e.Kind == sensing.Done {
		p.graceEnds = p.last.Add(p.doneGrace())
		p.holdAfterDone()
	}
	kind, ok := inputKinds[e.Kind]
	if !ok {
		return
	}
	in := Input{At: p.last, Kind: kind, Side: e.Side, Dice: e.Dice, Long: e.Kind == sensing.Pass, Points: e.Points}
	if kind == InputConcede {
		in.Games, in.Points = e.Points, 0
	}
	p.deliver(in)
}

// holdAfterDone holds the board unsettled for scanStall after a DONE, so
// that the play is judged on what the board reads once the scan has
// caught up with the hand.
func (p *Pipeline) holdAfterDone() {
	p.stallEnds = p.last.Add(scanStall)
	if p.still {
		p.still = false
		p.deliver(Input{At: p.last, Kind: InputUnsettled})
	}
}

// OpenTrace returns the pipeline that replays a recorded trace (TRACE.md)
// of a standard match with the trace's calibration and match, on virtual
// time: the referee's events are stamped with the trace's times. Run it to
// replay.
func OpenTrace(r io.Reader, emit func(Event)) (*Pipeline, *sensing.Header, error) {
	return openTrace(r, emit, func(h *sensing.Header, clock sensing.Clock, emit func(Event)) (*Referee, error) {
		m, err := engine.NewMatch(h.Match.Length, engine.MatchOpts{})
		if err != nil {
			return nil, fmt.Errorf("trace match: %w", err)
		}
		ref := New(m, clock, emit)
		ref.SetRules(h.Match.RuleSet()) // the header's, US when it names none
		return ref, nil
	})
}

// openTrace returns the pipeline that replays a trace into the referee
// newReferee makes for its header, its sensor model started from the
// header's calibration.
func openTrace(r io.Reader, emit func(Event), newReferee func(*sensing.Header, sensing.Clock, func(Event)) (*Referee, error)) (*Pipeline, *sensing.Header, error) {
	clock := sensing.NewVirtualClock(time.Unix(0, 0).UTC())
	tr, err := sensing.NewTraceReader(r, &sensing.TraceOpts{Clock: clock})
	if err != nil {
		return nil, nil, err
	}
	h := tr.Header()
	ref, err := newReferee(h, clock, emit)
	if err != nil {
		return nil, nil, err
	}
	if err := ref.SetCalibration(&h.Calibration); err != nil {
		return nil, nil, fmt.Errorf("trace calibration: %w", err)
	}
	return &Pipeline{Source: tr, Referee: ref}, h, nil
}
