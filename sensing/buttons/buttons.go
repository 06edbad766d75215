package buttons

import (
	"fmt"
	"time"

	"gammond/engine"
	"gammond/sensing/mux"

	"github.com/warthog618/go-gpiocdev"
)

// Opts are the settings of the buttons.
type Opts struct {
	// Chips are the candidate GPIO chips, best first, by label or device
	// name, as in mux.Pins.
	Chips []string
	// Lines are the buttons wired, at most one per side and button; a
	// board without ROLL buttons leaves them out.
	Lines []Line
	// Debounce is the kernel's debounce period, 0 (none) to 1 s: longer
	// than the switch's bounce, shorter than a quick double press.
	Debounce time.Duration
	// LongPress is how long CUBE is held to pass, 100 ms to 10 s and longer
	// than Debounce.
	LongPress time.Duration
	// Clock runs the long-press timer; nil is SystemClock.
	Clock Clock
	// Consumer labels the lines while they are requested, for gpioinfo.
	Consumer string
}

// DefaultOpts are the settings for the reference board R1.
var DefaultOpts = Opts{
	Chips: mux.PiChips,
	Lines: []Line{
		{engine.White, DoneButton, "GPIO17", 17},
		{engine.Black, DoneButton, "GPIO27", 27},
		{engine.White, CubeButton, "GPIO22", 22},
		{engine.Black, CubeButton, "GPIO23", 23},
		{engine.White, RollButton, "GPIO24", 24},
		{engine.Black, RollButton, "GPIO25", 25},
	},
	Debounce:  10 * time.Millisecond, // tactile switches bounce for 1-5 ms; a deliberate second press takes 100 ms or more
	LongPress: time.Second,           // HARDWARE.md: pass is a one-second press
	Consumer:  "gammond-buttons",
}

// Dev is the board's buttons, requested and decoding.
type Dev struct {
	l    *gpiocdev.Lines
	dec  *Decoder
	name string
}

// Open requests the buttons' lines as debounced active-low inputs with
// pull-ups and edge events, and passes every Event to emit (see
// NewDecoder) until Close.
func Open(o *Opts, emit func(Event)) (*Dev, error) {
	if err := o.validate(); err != nil {
		return nil, fmt.Errorf("buttons: %w", err)
	}
	chip, offsets, err := o.pins().Find()
	if err != nil {
		return nil, fmt.Errorf("buttons: %w", err)
	}
	dec := NewDecoder(o.byOffset(offsets), o.LongPress, o.clock(), emit)
	l, err := gpiocdev.RequestLines(chip, offsets,
		gpiocdev.WithPullUp,
		gpiocdev.AsActiveLow,
		gpiocdev.WithBothEdges,
		gpiocdev.WithDebounce(o.Debounce),
		gpiocdev.WithEventHandler(dec.Handle),
		gpiocdev.WithConsumer(o.Consumer))
	if err != nil {
		return nil, fmt.Errorf("buttons %s%v: %w", chip, offsets, err)
	}
	return &Dev{l: l, dec: dec, name: fmt.Sprintf("buttons{%s%v}", chip, offsets)}, nil
}

// String names the buttons' chip and lines.
func (d *Dev) String() string { return d.name }

// Close releases the lines, waiting for a running event handler, and stops
// the long-press timers: no Event follows it. Do not call it from emit.
func (d *Dev) Close() error {
	err := d.l.Close()
	d.dec.Stop()
	if err != nil {
		return fmt.Errorf("%s: %w", d.name, err)
	}
	return nil
}

func (o *Opts) validate() error {
	switch {
	case o.Debounce < 0 || o.Debounce > time.Second:
		return fmt.Errorf("debounce %s out of range 0..1s", o.Debounce)
	case o.LongPress < 100*time.Millisecond || o.LongPress > 10*time.Second:
		return fmt.Errorf("long press %s out of range 100ms..10s", o.LongPress)
	case o.LongPress <= o.Debounce:
		return fmt.Errorf("long press %s not above debounce %s", o.LongPress, o.Debounce)
	case len(o.Lines) == 0:
		return fmt.Errorf("no buttons")
	}
	type key struct {
		side   engine.Side
		button Button
	}
	seen := map[key]bool{}
	for _, l := range o.Lines {
		if l.Side > engine.Black || l.Button > RollButton {
			return fmt.Errorf("line %q/%d: no button %s of %s", l.Name, l.Offset, l.Button, l.Side)
		}
		k := key{l.Side, l.Button}
		if seen[k] {
			return fmt.Errorf("two %s %s buttons", l.Side, l.Button)
		}
		seen[k] = true
	}
	return nil
}

func (o *Opts) pins() *mux.Pins {
	p := &mux.Pins{Chips: o.Chips, Names: make([]string, len(o.Lines)), Offsets: make([]int, len(o.Lines))}
	for i, l := range o.Lines {
		p.Names[i], p.Offsets[i] = l.Name, l.Offset
	}
	return p
}

// byOffset keys the lines by their resolved offsets.
func (o *Opts) byOffset(offsets []int) map[int]Line {
	m := make(map[int]Line, len(offsets))
	for i, off := range offsets {
		m[off] = o.Lines[i]
	}
	return m
}

func (o *Opts) clock() Clock {
	if o.Clock == nil {
		return SystemClock{}
	}
	return o.Clock
}
