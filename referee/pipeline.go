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
)

// Pipeline carries a board's inputs to the referee: each button event
// becomes the referee's call, and the frames tell it when the board
// moves and when it holds still. While the sensor model judges
// (JudgeModel, the default) the board settles on the raw readings, each
// settled input carrying its frame (pipeline_model.go). For the
// classifier's judgement each frame is classified into an occupancy,
// settled (sensing.SettleStage) and passed on once it holds still, and
// the classifier learns from every position the referee comes to know
// (Learn). Health, when set, reads every frame through the classifier.
type Pipeline struct {
	Source     sensing.Source
	Classifier *calib.Classifier
	// Settler settles the occupancies, behind the spike hold-back of a
	// sensing.SettleStage.
	Settler *sensing.Settler
	Referee *Referee
	// Health, when set, watches every frame for sensor faults; a sensor
	// it finds stuck or dead is masked (calib.Classifier.Mask).
	Health *calib.Monitor
	// Deliver, when set, receives every input for the referee instead of
	// the referee: the daemon journals it first, then applies it.
	Deliver func(Input)
	// DoneGrace is how long after a DONE the referee waits for a checker
	// still in the hand (InputDoneGrace); 0 means DefaultDoneGrace.
	DoneGrace time.Duration

	occ   engine.Occupancy
	frame []uint16 // the last frame classified, for Learn
	// graceEnds is when the grace period of the last DONE ends, zero when
	// none runs. It follows the presses alone, not the referee's state, so
	// a source fed again gives the journal the same inputs.
	graceEnds time.Time
	stage     *sensing.SettleStage // settles with Settler; made at the first item
	last      time.Time            // the last item's time
	// frames settles the raw frames while the sensor model judges
	// (JudgeModel), nil otherwise (pipeline_model.go). framesAt is since
	// when the board has held still as last told the referee; still,
	// that the readings have not moved since; stallEnds, when the scan
	// can no longer be stalled on the motion the last DONE ended.
	frames    *calib.Model
	framesAt  time.Time
	still     bool
	stallEnds time.Time
}

// Run feeds the referee until the source ends, then tells it so (End); it
// returns nil at io.EOF.
func (p *Pipeline) Run() error {
	for {
		it, err := p.Source.Next()
		if errors.Is(err, io.EOF) {
			p.catchUpAll()
			p.settleStage().Release()
			p.catchUpFramesAll()
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
	p.catchUp(it.At)
	p.catchUpFrames(it.At, it.Kind == sensing.EventItem)
	p.last = it.At
	switch it.Kind {
	case sensing.FrameItem:
		if m := p.frameModel(); m != nil {
			return p.modelFrame(m, it)
		}
		if err := p.classify(it.At, it.Frame); err != nil {
			return err
		}
		p.watchHealth(it)
		p.settleStage().Frame(it.At, &p.occ)
		p.checkGrace()
	case sensing.EventItem:
		if p.frameModel() == nil {
			p.settleStage().Advance(it.At) // a press is judged on every frame before it
		}
		p.checkGrace()
		p.event(it.Event)
	}
	return nil
}

// classify reads the frame at at into the occupancy, keeping it for
// Learn.
func (p *Pipeline) classify(at time.Time, frame []uint16) error {
	if err := p.Classifier.ClassifyAt(at, frame, &p.occ); err != nil {
		return fmt.Errorf("frame at %v: %w", at, err)
	}
	p.frame = append(p.frame[:0], frame...) // no allocation once it has grown
	return nil
}

// catchUp reads the last frame again at each time before at that the
// classifier says it may read otherwise (calib.Classifier.Wake): a trace
// sends no frame while the readings hold, and a part of a checker held
// still for long enough is the checker set down off-centre. A changed
// occupancy is a frame for the settling stage, never a spike, read at the
// last item's time: the readings have held since, so the board settles
// at once if that was a settle window ago.
func (p *Pipeline) catchUp(at time.Time) {
	if len(p.frame) == 0 || p.frames != nil {
		return
	}
	for w := p.Classifier.Wake(); !w.IsZero() && w.Before(at); w = p.Classifier.Wake() {
		before := p.occ
		p.Classifier.ReclassifyAt(w, &p.occ)
		if p.occ == before {
			continue
		}
		// The readings have held since the last item: the board has been
		// still since then, read otherwise only now.
		p.settleStage().Frame(p.last, &p.occ)
		p.settleStage().Release()
		p.last = w
		p.settleStage().Advance(w)
		p.checkGrace()
	}
}

// catchUpAll runs catchUp through every time the classifier still waits
// for at the end of the source: a part of a checker held still since the
// last frame is judged before the board's last position is.
func (p *Pipeline) catchUpAll() {
	if p.frames != nil {
		return
	}
	for w := p.Classifier.Wake(); !w.IsZero(); w = p.Classifier.Wake() {
		p.catchUp(w.Add(time.Nanosecond))
	}
}

// watchHealth lets Health check the frame, and masks the sensors it
// finds stuck or dead.
func (p *Pipeline) watchHealth(it sensing.Item) {
	if p.Health == nil {
		return
	}
	p.Health.Observe(it.At, it.Frame)
	for _, i := range p.Health.Failed() {
		p.Classifier.Mask(i)
	}
}

// Learn teaches the classifier from the position an event of the
// referee's makes known, read in the last frame classified: the position a
// play judged unambiguous leaves, or a flagged play let stand (a checker
// no sensor shows where the legal result it is one short of has it: a
// sensor that reads nothing under it is masked), the starting position
// once a game starts or a board being set up differs from it on
// setupLearnMax points or fewer. Call it with every event the referee emits, on the pipeline's
// goroutine (OpenTrace's pipeline does); other events teach nothing.
func (p *Pipeline) Learn(e Event) {
	if len(p.frame) == 0 {
		return // no frame yet (a journal replayed): nothing to learn from
	}
	var known *engine.Layout
	switch {
	case e.Kind == PlayMade && !e.Ambiguous, e.Kind == IllegalAccepted:
		l := engine.LayoutOf(&e.Board, e.OnRoll)
		known = &l
	case e.Kind == GameStarted, e.Kind == SetupWrong && len(e.Points) <= setupLearnMax:
		known = &startingLayout
	default:
		return
	}
	// The frame passed Classify, so it has the board's length: Learn's
	// only error cannot arise.
	_ = p.Classifier.Learn(p.frame, known)
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

// settleStage returns the settling stage, made on first use so that a
// Pipeline is set up with its Settler alone.
func (p *Pipeline) settleStage() *sensing.SettleStage {
	if p.stage == nil {
		p.stage = sensing.NewSettleStage(p.Settler, p.unsettled, p.settled)
	}
	return p.stage
}

// unsettled tells the referee that the board started moving.
func (p *Pipeline) unsettled() { p.deliver(Input{At: p.last, Kind: InputUnsettled}) }

// settled tells the referee that the board holds still on the frame
// last classified, read as o.
func (p *Pipeline) settled(*engine.Occupancy) {
	p.deliver(Input{At: p.last, Kind: InputSettled, Frame: slices.Clone(p.frame), FrameAt: p.last})
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
		if p.frames != nil {
			p.doneFrames(p.last)
		}
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
// newReferee makes for its header, each event taught to the classifier
// (Learn) before emit has it.
func openTrace(r io.Reader, emit func(Event), newReferee func(*sensing.Header, sensing.Clock, func(Event)) (*Referee, error)) (*Pipeline, *sensing.Header, error) {
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
	p := &Pipeline{Source: tr, Classifier: cl, Settler: sensing.NewSettler(sensing.DefaultSettleWindow)}
	p.Referee, err = newReferee(h, clock, func(e Event) {
		p.Learn(e)
		emit(e)
	})
	if err != nil {
		return nil, nil, err
	}
	if err := p.Referee.SetCalibration(&h.Calibration); err != nil {
		return nil, nil, fmt.Errorf("trace calibration: %w", err)
	}
	return p, h, nil
}
