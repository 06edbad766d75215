// Package board is one backgammon board's match, from what it senses to
// what it shows and records: the application core of gammond.
//
// A Board opens a state directory and replays its journal (Open), runs the
// items of one sensing.Source through the referee's pipeline (Run),
// journalling every input before the referee acts on it, applies the
// director's and the page's actions (Do), and serves as the page's
// web.Board. What the world sees of the match goes through Outputs
// registered on it: the .mat file, the page's event log, the panel of LEDs
// and displays, MQTT to the director's desk.
//
// One goroutine, Run's, owns the referee; everything else reaches it
// through Do. The daemon (cmd/gammond) keeps the flags, the config, the
// hardware and the signals.
package board

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"time"

	"gammond/calib"
	"gammond/display/panel"
	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/record"
	"gammond/record/journal"
	"gammond/record/mat"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/dice"
	"gammond/sensing/health"
	"gammond/web"
)

// Options are what a Board is opened with.
type Options struct {
	// StateDir holds the journal and the match records; it is created if
	// missing.
	StateDir string
	// Match is the match to begin when the journal holds none.
	Match Match
	// Fresh begins Match whatever the state directory holds: an earlier
	// journal there is removed once the directory is locked (a scratch
	// directory's replay of a trace, run again).
	Fresh bool
	// Calibration is the board's sensors': the referee's sensor model
	// starts from it (referee.Referee.SetCalibration).
	Calibration *calib.Calibration
	// DoneGrace is how long a DONE that finds a checker still in the hand
	// waits for it (referee.Pipeline.DoneGrace); 0 means
	// referee.DefaultDoneGrace.
	DoneGrace time.Duration
	// ClockDelay, above 0, replaces the clock rules' delay.
	ClockDelay time.Duration
	// EnteredDice says the dice are rolled by hand and entered on the
	// page: a ROLL press is refused.
	EnteredDice bool
	// InferredDice says the dice are rolled by hand and entered nowhere:
	// the referee infers each roll from the play (referee.SetInferredDice),
	// and a ROLL press is refused.
	InferredDice bool
	// Hints lights the points a lifted checker may land on.
	Hints bool
	// Health watches every frame for sensor faults (a real board's):
	// the panel shows what it finds.
	Health bool
	// Look is how the panel shows things; the zero Look is
	// panel.DefaultLook.
	Look panel.Look
	// Sim is the simulated board the page plays on; nil on a real board.
	Sim SimBoard
	// Presses takes the page's presses on a simulated board into the
	// Source the board runs on (a sensing.Live); required with Sim.
	Presses Presser
	// TraceLimit, above 0, has the board keep its own trace of each match
	// (what its sensors read, which buttons were pressed) beside the
	// match's record, every such trace in the state directory within
	// TraceLimit bytes, the oldest removed first.
	TraceLimit int64
	// Alive, when set, is called after each item the board takes in: the
	// daemon pings systemd's watchdog from it.
	Alive func()
	// Logger logs what the board does; nil discards it.
	Logger *slog.Logger
}

// SimBoard is a simulated board, as the page plays it: checkers moved by
// hand, placed when the match starts again.
type SimBoard interface {
	// Move moves one of side's checkers as a hand does, from a board
	// point 1..24 (White's numbering) or engine.Bar to one or engine.Off.
	Move(side engine.Side, from, to int) error
	// Place puts every checker where l says.
	Place(l engine.Layout)
	// Layout says where every checker is.
	Layout() engine.Layout
}

// Presser takes a press into the board's Source and returns once the board
// is done with it; *sensing.Live is one.
type Presser interface {
	Press(ctx context.Context, at time.Time, e sensing.Event) error
}

var _ Presser = (*sensing.Live)(nil)

// Board is one board's match. Open returns it; Run runs it.
type Board struct {
	log     *slog.Logger
	opts    Options
	header  Match
	clock   *sensing.VirtualClock
	pipe    *referee.Pipeline
	ref     *referee.Referee
	welsh   *welsh.Recorder // the Welsh match's record; nil for the standard game
	match   *engine.Match
	journal *journal.Journal
	lock    *journal.DirLock
	roller  *dice.Roller
	tr      *record.Transcript
	matPath string
	look    panel.Look
	recent  panel.Recent

	outputs []Output
	page    *page
	session *session       // a money session's ledger, a chouette's books
	trace   *traceRecorder // nil when the board keeps no trace

	actions chan func()
	stopped chan struct{} // closed when Run returns

	// replaying is set while the journal is replayed at start.
	replaying bool
	// skip counts inputs a replayed source (a trace) gives again that the
	// journal already holds; replayed is how many the journal held at
	// start, resumeAt the last one's time.
	skip, replayed int
	resumeAt       time.Time
	ended          bool  // the journal holds the end of the board's input (End)
	delivered      bool  // an input reached the referee since the status was last shown
	err            error // the journal's first write error: the board stops
	shown          referee.Status
	shownSession   *web.Session // the session as last shown with shown
	lastTick       time.Time    // when the running clock's times were last shown
}

// Open opens the board's journal in the state directory and replays it:
// the board is as it was when it stopped, ready to Run.
func Open(o Options) (*Board, error) {
	if err := os.MkdirAll(o.StateDir, 0o750); err != nil {
		return nil, fmt.Errorf("state directory: %w", err)
	}
	if o.Calibration == nil {
		return nil, errors.New("board: no calibration")
	}
	lock, err := journal.Lock(o.StateDir)
	if err != nil {
		return nil, err
	}
	if (o.Sim == nil) != (o.Presses == nil) {
		return nil, errors.New("board: a simulated board needs Presses, and only it")
	}
	b := &Board{log: o.Logger, opts: o, lock: lock, roller: dice.New(nil), look: o.Look,
		actions: make(chan func()), stopped: make(chan struct{}), page: newPage(), session: &session{}}
	if b.log == nil {
		b.log = slog.New(slog.DiscardHandler)
	}
	if b.look == (panel.Look{}) {
		b.look = panel.DefaultLook
	}
	b.outputs = []Output{&matFile{}, b.page, b.session}
	if o.TraceLimit > 0 {
		b.trace = &traceRecorder{log: b.log, limit: o.TraceLimit}
	}
	if o.Fresh {
		if err := os.Remove(filepath.Join(o.StateDir, journalName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			lock.Unlock()
			return nil, err
		}
	}
	if err := b.openJournal(); err != nil {
		lock.Unlock()
		return nil, err
	}
	b.clock = sensing.NewVirtualClock(o.Match.Started)
	inputs, err := b.readJournal()
	if err == nil {
		err = b.setUp()
	}
	if err == nil {
		err = b.replay(inputs)
	}
	if err == nil {
		err = b.placeSim()
	}
	if err != nil {
		b.journal.Close()
		lock.Unlock()
		return nil, err
	}
	return b, nil
}

// Close closes the journal and lets another daemon have the state
// directory. Call it once Run has returned.
func (b *Board) Close() error {
	if b.trace != nil {
		b.trace.close()
	}
	return errors.Join(b.journal.Close(), b.lock.Unlock())
}

// Register adds an output, brought up to date at once: the match as it
// stands, shown. Register before Run.
func (b *Board) Register(o Output) {
	b.outputs = append(b.outputs, o)
	b.report(o, o.Begin(b.begin(true)))
	b.report(o, o.Show(b.shownNow(true)))
}

// Match returns the match on the board, as journalled.
func (b *Board) Match() Match { return b.header }

// ResumeSource says the board runs on a source that gives again, from its
// beginning, the inputs the journal already holds (a recorded trace): those
// are skipped, and every input when the journal holds the source's end
// (Ended). It returns the time of the last input journalled, before which
// the source may go as fast as it reads.
func (b *Board) ResumeSource() time.Time {
	b.skip = b.replayed
	if b.ended {
		b.skip = math.MaxInt
	}
	return b.resumeAt
}

// Ended says the board's input has ended (End), in this run or in the one
// whose journal it carries on: a replayed source has nothing more to give.
func (b *Board) Ended() bool { return b.ended }

// RecordPath is where the match record is written.
func (b *Board) RecordPath() string { return b.matPath }

// setUp builds the match, the referee and the pipeline for the header.
func (b *Board) setUp() error {
	b.welsh = nil // a new match's rules may not be the last one's
	if b.header.Rules == engine.RulesWelsh {
		b.setUpWelsh()
	} else if err := b.setUpStandard(); err != nil {
		return err
	}
	if err := b.ref.SetCalibration(b.opts.Calibration); err != nil {
		return fmt.Errorf("calibration: %w", err)
	}
	b.pipe = &referee.Pipeline{Referee: b.ref, Deliver: b.deliver, DoneGrace: b.opts.DoneGrace}
	if b.opts.Health {
		b.pipe.Health = health.NewMonitor(b.ref.SensorModel(), nil)
	}
	b.tr = record.NewTranscript(b.header.Length, b.header.players())
	b.tr.Match().SetInfo(mat.Info{Site: b.header.Site, Event: b.header.Event, Round: b.header.Round,
		Date: b.header.Started, Transcriber: "gammond", Clock: b.clockSettings(), BoardID: b.header.Board})
	b.matPath = b.header.recordPath(b.opts.StateDir)
	b.openTrace()
	b.recent = panel.Recent{}
	b.beginOutputs(false)
	b.showStatus()
	return nil
}

// setUpStandard builds the standard game's match and referee.
func (b *Board) setUpStandard() error {
	m, err := engine.NewMatch(b.header.Length, b.header.opts(matchOpts(b.header.Rules)))
	if err != nil {
		return err
	}
	b.match = m
	ref := referee.New(m, b.clock, b.emit)
	ref.SetRules(b.header.Rules)
	b.ref = ref
	if b.opts.InferredDice {
		ref.SetInferredDice()
	}
	return b.setClock(ref)
}

// clockSettings says which clock the match is played with, for the
// record's header; "" without one.
func (b *Board) clockSettings() string {
	if !b.header.clocked() {
		return ""
	}
	if b.opts.ClockDelay > 0 {
		return fmt.Sprintf("%s, %v delay", b.header.Clock, b.opts.ClockDelay)
	}
	return string(b.header.Clock)
}

// setClock gives the referee the match's clock, if it is clocked.
func (b *Board) setClock(ref *referee.Referee) error {
	if !b.header.clocked() {
		return nil
	}
	rules, err := engine.ClockRulesNamed(b.header.Clock)
	if err != nil {
		return err
	}
	if b.opts.ClockDelay > 0 {
		rules.Delay = b.opts.ClockDelay
	}
	c, err := engine.NewClock(rules, b.header.Length, [2]int{})
	if err != nil {
		return err
	}
	ref.SetClock(c)
	return nil
}

// matchOpts returns the engine's options for a rule set: the US rules
// freeze a dead cube (US 5.6: the game is played out at the cube's level);
// the Danish rules say nothing of it.
func matchOpts(rules engine.RuleSet) engine.MatchOpts {
	return engine.MatchOpts{FreezeDeadCube: rules == engine.RulesUS}
}
