package buttons

import (
	"fmt"
	"sync"
	"time"

	"gammond/engine"
	"gammond/sensing"

	"github.com/warthog618/go-gpiocdev"
)

// Button is one of a side's push buttons.
type Button uint8

// The buttons of a side.
const (
	DoneButton Button = iota // ends the turn
	CubeButton               // doubles, takes; held, passes
	RollButton               // rolls the electronic dice
)

// String is the button's label on the board.
func (b Button) String() string {
	switch b {
	case DoneButton:
		return "DONE"
	case CubeButton:
		return "CUBE"
	case RollButton:
		return "ROLL"
	}
	return fmt.Sprintf("Button(%d)", uint8(b))
}

// Event is a side's button press, in the board's one vocabulary of a press:
// sensing.Done when DONE is pressed (the clock's moment), sensing.Roll when
// ROLL is pressed, sensing.Cube when CUBE is released within the long press
// and sensing.Pass when it has been held that long, sensing.Resign when
// DONE is pressed while CUBE is held short of that.
type Event struct {
	Kind sensing.EventKind
	Side engine.Side
	// At is when it was decided, on the kernel's event clock
	// (CLOCK_MONOTONIC since Linux 5.7): the deciding edge's timestamp, or
	// the press's plus the long press for a sensing.Pass decided by the timer.
	At time.Duration
}

// String says who did what when: "Black pass at 1.5s".
func (e Event) String() string { return fmt.Sprintf("%s %s at %s", e.Side, e.Kind, e.At) }

// Line is a button's GPIO line.
type Line struct {
	Side   engine.Side
	Button Button
	Name   string // line name ("GPIO17"), "" to go by Offset
	Offset int    // offset on the chip, if Name is "" or not found; -1 for none
}

// Clock runs a function later: the long-press timer. Tests give a fake
// they advance by hand.
type Clock interface {
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending AfterFunc; *time.Timer is one.
type Timer interface {
	Stop() bool
}

// SystemClock is the Clock of package time.
type SystemClock struct{}

// AfterFunc calls time.AfterFunc.
func (SystemClock) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

// NextMatchHold is how long both ROLL buttons are held together for
// sensing.NextMatch: long enough that no player's roll makes it.
const NextMatchHold = 2 * time.Second

// rollChord is both ROLL buttons held together, since at; decided once
// it has made its sensing.NextMatch, which a release ends.
type rollChord struct {
	at      time.Duration
	timer   Timer
	decided bool
}

// press is a CUBE button being held.
type press struct {
	at      time.Duration // the press edge's timestamp
	timer   Timer
	decided bool // sensing.Pass emitted by the timer
}

// Decoder turns the line events of active-low button lines into Events. Its
// methods are safe to call from the gpiocdev event handler and the
// clock's timers at once.
type Decoder struct {
	lines map[int]Line
	long  time.Duration
	clock Clock
	emit  func(Event)

	mu        sync.Mutex
	held      map[int]*press // CUBE lines down, by offset
	rolling   [2]bool        // each side's ROLL down
	bothRolls *rollChord     // both ROLLs down since; nil once one is up
}

// NewDecoder returns a Decoder for lines, keyed by their offsets as
// requested, that passes each Event to emit. emit is called with the
// Decoder locked: it must return promptly and not call the Decoder.
func NewDecoder(lines map[int]Line, long time.Duration, c Clock, emit func(Event)) *Decoder {
	return &Decoder{lines: lines, long: long, clock: c, emit: emit, held: map[int]*press{}}
}

// Handle decodes one edge; it is a gpiocdev.EventHandler.
func (d *Decoder) Handle(e gpiocdev.LineEvent) {
	l, ok := d.lines[e.Offset]
	if !ok {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	down := e.Type == gpiocdev.LineEventRisingEdge
	switch {
	case l.Button == CubeButton && down:
		d.pressCube(e.Offset, l.Side, e.Timestamp)
	case l.Button == CubeButton:
		d.releaseCube(e.Offset, l.Side, e.Timestamp)
	case down && l.Button == DoneButton && d.chord(l.Side):
		d.emit(Event{sensing.Resign, l.Side, e.Timestamp})
	case down && l.Button == DoneButton:
		d.emit(Event{sensing.Done, l.Side, e.Timestamp})
	case down && l.Button == RollButton:
		d.emit(Event{sensing.Roll, l.Side, e.Timestamp})
		d.pressRoll(l.Side, e.Timestamp)
	case l.Button == RollButton:
		d.releaseRoll(l.Side)
	}
}

// pressRoll notes side's ROLL down; with the other side's down too, it
// starts the timer that makes the two a sensing.NextMatch.
func (d *Decoder) pressRoll(side engine.Side, at time.Duration) {
	d.rolling[side] = true
	if !d.rolling[side.Other()] || d.bothRolls != nil {
		return
	}
	c := &rollChord{at: at}
	c.timer = d.clock.AfterFunc(NextMatchHold, func() { d.holdRolls(side, c) })
	d.bothRolls = c
}

// holdRolls makes the chord c a sensing.NextMatch, unless a ROLL has been
// released meanwhile.
func (d *Decoder) holdRolls(side engine.Side, c *rollChord) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.bothRolls != c {
		return
	}
	c.decided = true
	d.emit(Event{sensing.NextMatch, side, c.at + NextMatchHold})
}

// releaseRoll ends side's ROLL press, and the chord it was part of.
func (d *Decoder) releaseRoll(side engine.Side) {
	d.rolling[side] = false
	if d.bothRolls != nil {
		d.bothRolls.timer.Stop()
		d.bothRolls = nil
	}
}

// pressCube starts a CUBE press and the timer that makes it a sensing.Pass. A press
// without a release before it (an edge lost) starts over.
func (d *Decoder) pressCube(offset int, side engine.Side, at time.Duration) {
	if p := d.held[offset]; p != nil {
		p.timer.Stop()
	}
	p := &press{at: at}
	p.timer = d.clock.AfterFunc(d.long, func() { d.timeout(offset, side, p) })
	d.held[offset] = p
}

// timeout makes press p a sensing.Pass, unless it has been released meanwhile.
func (d *Decoder) timeout(offset int, side engine.Side, p *press) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.held[offset] != p {
		return
	}
	p.decided = true
	d.emit(Event{sensing.Pass, side, p.at + d.long})
}

// chord reports whether side's CUBE is held, not yet a pass, as its DONE
// goes down: CUBE then DONE held together is a resignation (the referee
// offers a single, or raises side's offer), a gesture no single slip makes.
// The CUBE press is used up: its release says nothing.
func (d *Decoder) chord(side engine.Side) bool {
	for offset, p := range d.held {
		if d.lines[offset].Side == side && !p.decided {
			p.timer.Stop()
			p.decided = true
			return true
		}
	}
	return false
}

// releaseCube ends a CUBE press: sensing.Cube if short, sensing.Pass if held long and
// the timer has not said so yet.
func (d *Decoder) releaseCube(offset int, side engine.Side, at time.Duration) {
	p := d.held[offset]
	if p == nil {
		return
	}
	delete(d.held, offset)
	p.timer.Stop()
	switch {
	case p.decided:
	case at-p.at >= d.long:
		d.emit(Event{sensing.Pass, side, p.at + d.long})
	default:
		d.emit(Event{sensing.Cube, side, at})
	}
}

// Stop cancels the long-press timers of the buttons being held.
func (d *Decoder) Stop() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for offset, p := range d.held {
		p.timer.Stop()
		delete(d.held, offset)
	}
	if d.bothRolls != nil {
		d.bothRolls.timer.Stop()
		d.bothRolls = nil
	}
	d.rolling = [2]bool{}
}
