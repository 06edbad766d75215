package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"time"

	"gammond/calib"
	"gammond/display/panel"
	"gammond/engine"
	"gammond/record"
	"gammond/record/journal"
	"gammond/record/mat"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/dice"
	"gammond/web"
	"gammond/web/mqtt"
)

// daemon runs one board. One goroutine (run) owns the pipeline and the
// referee: it takes the board's frames and the players' presses, journals
// every input for the referee before the referee acts on it, and hands the
// referee's events to the outputs. Everything else reaches the referee
// through do.
type daemon struct {
	log     *slog.Logger
	cfg     Config
	header  matchHeader
	clock   *sensing.VirtualClock
	pipe    *referee.Pipeline
	ref     *referee.Referee
	match   *engine.Match
	journal *journal.Journal
	cal     *calib.Calibration
	roller  *dice.Roller
	tr      *record.Transcript
	matPath string
	actions chan func()

	// replaying is set while the journal is replayed at start: outputs
	// that act on the world (display, MQTT) stay quiet.
	replaying bool
	// skip counts inputs a replayed source (a trace) gives again that the
	// journal already holds: replayed, the source's inputs the journal held
	// at start. resumeAt is the last journalled input's time.
	skip      int
	replayed  int
	delivered bool // an input reached the referee since the status was last taken
	resumeAt  time.Time

	// notify pings systemd's watchdog while frames keep coming: a stalled
	// scan stops the pings and systemd restarts the service.
	notify    notifier
	lastAlive time.Time
	// lastTick is when the running clock's times were last shown.
	lastTick time.Time

	// pub publishes the match to the director's desk (MQTT).
	pub mqtt.Sink

	// panel shows the match on the LEDs and displays; nil without them.
	panel  *panel.Panel
	look   panel.Look
	recent panel.Recent
	// board is the last settled occupancy, for hint mode.
	board engine.Occupancy

	view view
}

// matchHeader is the journal's first record: the match it is the journal
// of.
type matchHeader struct {
	Board   string    `json:"board"`
	Started time.Time `json:"started"`
	Length  int       `json:"length"`
	White   string    `json:"white"`
	Black   string    `json:"black"`
	Rules   string    `json:"rules"`
	Clock   string    `json:"clock,omitempty"` // ClockNone when empty
}

// journalRecord is one record of the journal: the match header, then the
// referee's inputs. Outside marks an input that did not come from the
// board's source (the page, the director, the clock): a replayed source
// gives again only the others.
type journalRecord struct {
	Match   *matchHeader   `json:"match,omitempty"`
	Input   *referee.Input `json:"input,omitempty"`
	Outside bool           `json:"outside,omitempty"`
}

// view is what readers outside the daemon's goroutine see: the web page
// and the director's desk. Its own lock guards it.
type view struct {
	mu      sync.Mutex
	status  referee.Status
	players [2]string
	rules   string
	clocks  *web.Clocks
	leds    []web.LED
	events  []referee.Summary
	mat     []byte
	subs    map[chan referee.Summary]struct{}
}

// journalName is the journal's file in the state directory.
const journalName = "journal"

// openDaemon opens the board's journal in the state directory, replays it
// and returns the daemon ready to run. cal is the board's calibration.
func openDaemon(log *slog.Logger, cfg Config, cal *calib.Calibration, started time.Time) (*daemon, error) {
	if err := os.MkdirAll(cfg.StateDir, 0o750); err != nil {
		return nil, fmt.Errorf("state directory: %w", err)
	}
	d := &daemon{log: log, cfg: cfg, cal: cal, roller: dice.New(nil), actions: make(chan func()), pub: mqtt.Discard, look: panel.DefaultLook}
	if err := d.openJournal(); err != nil {
		return nil, err
	}
	j := d.journal
	d.clock = sensing.NewVirtualClock(started)
	d.view.subs = map[chan referee.Summary]struct{}{}
	var inputs []referee.Input
	var err error
	for seq, payload := range j.Records() {
		if err = d.readRecord(seq, payload, &inputs); err != nil {
			break
		}
	}
	if err == nil && d.header.Board == "" {
		d.header = matchHeader{Board: cfg.BoardID, Started: started, Length: cfg.Match.Length,
			White: cfg.Match.White, Black: cfg.Match.Black, Rules: cfg.Match.Rules, Clock: cfg.Match.Clock}
		err = d.append(journalRecord{Match: &d.header})
	}
	if err == nil {
		err = d.setUp(cal)
	}
	if err != nil {
		j.Close()
		return nil, err
	}
	d.replay(inputs)
	return d, nil
}

// openJournal opens the journal in the state directory, cutting a torn
// last record.
func (d *daemon) openJournal() error {
	j, rec, err := journal.Open(filepath.Join(d.cfg.StateDir, journalName), nil)
	if err != nil {
		return err
	}
	if rec != nil && rec.Cut > 0 {
		d.log.Warn("journal: cut a torn last record", "recovery", rec.String())
	}
	d.journal = j
	return nil
}

// readRecord reads one journal record at start.
func (d *daemon) readRecord(seq uint64, payload []byte, inputs *[]referee.Input) error {
	var r journalRecord
	if err := json.Unmarshal(payload, &r); err != nil {
		return fmt.Errorf("journal record %d: %w", seq, err)
	}
	switch {
	case r.Match != nil && d.header.Board == "":
		d.header = *r.Match
	case r.Input != nil && d.header.Board != "":
		if err := r.Input.Validate(); err != nil {
			return fmt.Errorf("journal record %d: %w", seq, err)
		}
		*inputs = append(*inputs, *r.Input)
		if !r.Outside {
			d.replayed++
		}
	default:
		return fmt.Errorf("journal record %d: want the match header first, then inputs: %s", seq, payload)
	}
	return nil
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only our own types, which always marshal
	}
	return b
}

// setUp builds the match, the referee and the pipeline for the header.
func (d *daemon) setUp(cal *calib.Calibration) error {
	m, err := engine.NewMatch(d.header.Length, engine.MatchOpts{})
	if err != nil {
		return err
	}
	cl, err := calib.NewClassifier(cal, nil)
	if err != nil {
		return fmt.Errorf("calibration: %w", err)
	}
	d.match = m
	d.ref = referee.New(m, d.clock, d.emit)
	if err := d.setClock(); err != nil {
		return err
	}
	d.pipe = &referee.Pipeline{Classifier: cl, Settler: sensing.NewSettler(d.cfg.Scan.Settle), Referee: d.ref, Deliver: d.deliver}
	d.tr = record.NewTranscript(d.header.Length, [2]string{d.header.White, d.header.Black})
	d.view.mu.Lock()
	d.view.players, d.view.rules = [2]string{d.header.White, d.header.Black}, d.header.Rules
	d.view.mu.Unlock()
	d.tr.Match().SetTag(mat.TagBoardID, d.header.Board)
	d.tr.Match().SetTag(mat.TagEventDate, d.header.Started.Format("2006.01.02"))
	d.matPath = filepath.Join(d.cfg.StateDir, fmt.Sprintf("%s-%s.mat", d.header.Board, d.header.Started.UTC().Format("20060102-150405")))
	d.publishStatus()
	return nil
}

// setClock gives the referee the match's clock, if it is clocked.
func (d *daemon) setClock() error {
	if d.header.Clock == "" || d.header.Clock == ClockNone {
		return nil
	}
	rules, err := engine.ClockRulesNamed(d.header.Clock)
	if err != nil {
		return err
	}
	if d.cfg.Match.ClockDelay > 0 {
		rules.Delay = d.cfg.Match.ClockDelay
	}
	c, err := engine.NewClock(rules, d.header.Length, [2]int{})
	if err != nil {
		return err
	}
	d.ref.SetClock(c)
	return nil
}

// replay applies the journalled inputs, rebuilding the referee's state and
// the record, with the outputs quiet.
func (d *daemon) replay(inputs []referee.Input) {
	d.replaying = true
	for _, in := range inputs {
		d.clock.Set(in.At)
		d.ref.Apply(in)
	}
	d.replaying = false
	if len(inputs) > 0 {
		d.resumeAt = inputs[len(inputs)-1].At
		d.log.Info("journal replayed", "inputs", len(inputs), "events", len(d.view.events), "until", d.resumeAt)
	}
	d.publishStatus()
}

// errJournal means an input could not be journalled: the daemon stops
// rather than act on what a power cut would lose.
var errJournal = errors.New("journal")

// deliver journals an input, then gives it to the referee. An input a
// replayed source gives again, already in the journal, is skipped.
func (d *daemon) deliver(in referee.Input) {
	if d.skip > 0 {
		d.skip--
		return
	}
	d.apply(journalRecord{Input: &in})
}

// apply journals an input, then gives it to the referee.
func (d *daemon) apply(r journalRecord) {
	if err := d.append(r); err != nil {
		panic(fmt.Errorf("%w: %v", errJournal, err)) // recovered by run, which stops the daemon
	}
	if r.Input.Kind == referee.InputSettled {
		d.board = *r.Input.Board
	}
	d.ref.Apply(*r.Input)
	d.delivered = true
}

func (d *daemon) append(r journalRecord) error {
	_, err := d.journal.Append(mustJSON(r))
	return err
}

// emit receives the referee's events, in order.
func (d *daemon) emit(e referee.Event) {
	d.tr.Event(e)
	d.recent.Observe(e)
	s := e.Summary()
	d.view.mu.Lock()
	s.Seq = uint64(len(d.view.events) + 1)
	d.view.events = append(d.view.events, s)
	for ch := range d.view.subs {
		select {
		case ch <- s:
		default: // a slow reader catches up by sequence number
		}
	}
	d.view.mu.Unlock()
	if e.Kind == referee.GameOver || e.Kind == referee.MatchOver {
		d.writeMatch()
	}
	if d.replaying {
		return
	}
	if e.Kind != referee.Rolled {
		d.log.Info(s.Text, "event", s.Kind, "game", s.Game, "turn", s.Turn)
	}
	if err := d.pub.Event(s); err != nil {
		d.log.Warn("MQTT event", "err", err)
	}
}

// writeMatch writes the match record atomically: a crash leaves the last
// complete one.
func (d *daemon) writeMatch() {
	var b bytes.Buffer
	if _, err := d.tr.Match().WriteTo(&b); err != nil {
		d.log.Error("match record", "err", err)
		return
	}
	d.view.mu.Lock()
	d.view.mat = b.Bytes()
	d.view.mu.Unlock()
	if err := journal.WriteFileAtomic(d.matPath, b.Bytes(), 0o644); err != nil {
		d.log.Error("match record", "file", d.matPath, "err", err)
	}
	d.publishMatch()
}

// publishMatch sends the match record to the director's desk.
func (d *daemon) publishMatch() {
	if d.replaying {
		return
	}
	d.view.mu.Lock()
	m := d.view.mat
	d.view.mu.Unlock()
	_, over := d.match.Winner()
	if err := d.pub.Match([2]string{d.header.White, d.header.Black}, m, over); err != nil {
		d.log.Warn("MQTT match", "err", err)
	}
}

// publishStatus takes the referee's status for readers.
func (d *daemon) publishStatus() {
	d.delivered = false
	s := d.ref.Status()
	state := d.indicators(s)
	d.view.mu.Lock()
	changed := !reflect.DeepEqual(d.view.status, s)
	d.view.status = s
	d.view.clocks = nil
	if c := d.ref.Clock(); c != nil {
		d.view.clocks = web.ClocksOf(c, d.clock.Now())
	}
	d.view.leds = webLEDs(&state)
	d.view.mu.Unlock()
	if changed && !d.replaying {
		d.show(state)
		if err := d.pub.State(s); err != nil {
			d.log.Warn("MQTT state", "err", err)
		}
	}
}

// webLEDs are the LEDs of an indicator state, for the page.
func webLEDs(s *panel.State) []web.LED {
	out := make([]web.LED, len(s.LEDs))
	for i, l := range s.LEDs {
		out[i] = web.LED{Color: l.Color, Blink: l.Blink}
	}
	return out
}

// press delivers a player's press at the time now: DONE, CUBE, or ROLL with
// the board's electronic dice. The roll is journalled before it is shown.
func (d *daemon) press(now time.Time, side engine.Side, kind referee.InputKind, long bool) error {
	in := referee.Input{At: now, Kind: kind, Side: side, Long: long}
	if kind == referee.InputRoll && d.cfg.Match.Dice == DiceEntered {
		return fmt.Errorf("%w: the dice are entered on the page, not rolled by the board", web.ErrConflict)
	}
	if kind == referee.InputRoll {
		var err error
		if in.Side, in.Dice, err = d.rollDice(side); err != nil {
			return err
		}
	}
	d.input(in)
	return nil
}

// input delivers an input from outside the board's sensors: a press, the
// director's ruling.
func (d *daemon) input(in referee.Input) {
	d.clock.Set(in.At)
	d.apply(journalRecord{Input: &in, Outside: true})
	d.publishStatus()
}

// checkTime ends the match of a side whose time has run out.
func (d *daemon) checkTime() {
	if _, out := d.ref.TimedOut(); out {
		d.input(referee.Input{At: d.clock.Now(), Kind: referee.InputTimeout})
	}
}

// rollDice rolls for side: between games the opening roll, one die each,
// whose winner opens with both.
func (d *daemon) rollDice(side engine.Side) (engine.Side, engine.Dice, error) {
	if d.ref.Status().Phase != referee.PhaseSettingUp {
		dice, err := d.roller.Roll()
		return side, dice, err
	}
	o, err := d.roller.Opening()
	return o.Opener(), o.Roll(), err
}

// do runs f on the daemon's goroutine and waits for it.
func (d *daemon) do(ctx context.Context, f func() error) error {
	done := make(chan error, 1)
	select {
	case d.actions <- func() { done <- f() }:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// run feeds the board's items to the pipeline until the items end or ctx is
// done. A journal that cannot be written stops it with an error.
func (d *daemon) run(ctx context.Context, items <-chan itemOrErr) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); ok && errors.Is(e, errJournal) {
				err = e
				return
			}
			panic(r)
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return nil
		case f := <-d.actions:
			f()
		case it, ok := <-items:
			if !ok {
				return nil
			}
			if it.err != nil {
				return it.err
			}
			d.clock.Set(it.item.At)
			if err := d.pipe.Step(it.item); err != nil {
				return err
			}
			if d.delivered {
				d.publishStatus() // only when the referee heard something: not per frame
			}
			d.checkTime()
			d.tickClocks()
			d.alive()
		}
	}
}

// tickClocks shows a running clock's times anew each second: between
// events nothing else would.
func (d *daemon) tickClocks() {
	c := d.ref.Clock()
	if c == nil {
		return
	}
	now := d.clock.Now()
	if _, running := c.Running(); !running || now.Sub(d.lastTick) < time.Second {
		return
	}
	d.lastTick = now
	d.view.mu.Lock()
	d.view.clocks = web.ClocksOf(c, now)
	s := d.view.status
	d.view.mu.Unlock()
	d.show(d.indicators(s))
}

// alive pings the watchdog at most once a second.
func (d *daemon) alive() {
	if now := time.Now(); now.Sub(d.lastAlive) >= time.Second {
		if err := d.notify.send("WATCHDOG=1"); err != nil {
			d.log.Warn("systemd watchdog", "err", err)
		}
		d.lastAlive = now
	}
}

// end tells the referee the board's input has ended (a trace's last line).
func (d *daemon) end() {
	d.input(referee.Input{At: d.clock.Now(), Kind: referee.InputEnd})
}

// close closes the journal.
func (d *daemon) close() error { return d.journal.Close() }
