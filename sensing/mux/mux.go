package mux

import (
	"errors"
	"fmt"

	"github.com/warthog618/go-gpiocdev"
)

// Channels is the number of channels of a CD74HC4067, selected as 0 to 15.
const Channels = 16

// selectLines is the number of select lines, S0 to S3.
const selectLines = 4

// Lines is a requested set of output lines: S0, S1, S2, S3 in that order.
// *gpiocdev.Lines is one; tests use a fake.
type Lines interface {
	// SetValues sets every line of the set at once, 1 high, 0 low.
	SetValues(values []int) error
	// Close releases the lines.
	Close() error
	// Chip is the name of the lines' chip.
	Chip() string
	// Offsets are the lines' offsets on the chip.
	Offsets() []int
}

var _ Lines = (*gpiocdev.Lines)(nil)

// Opts are the settings of the multiplexers' select lines.
type Opts struct {
	// Pins are S0, S1, S2 and S3, in that order.
	Pins Pins
	// Consumer labels the lines while they are requested, for gpioinfo.
	Consumer string
}

// DefaultOpts are the settings for the reference board R1
// (shared/design/HARDWARE.md): S0-S3 on the header's GPIO5, 6, 13 and 26
// (not GPIO19, which is SPI1 MISO, the LED strip's bus), found by name on
// the Pi's header chip.
var DefaultOpts = Opts{
	Pins: Pins{
		Chips:   PiChips,
		Names:   []string{"GPIO5", "GPIO6", "GPIO13", "GPIO26"},
		Offsets: []int{5, 6, 13, 26},
	},
	Consumer: "gammond-mux",
}

// Dev is the select lines of a bank of CD74HC4067 multiplexers. It is not
// safe for concurrent use.
type Dev struct {
	l    Lines
	name string
	vals [selectLines]int
}

// ErrChannel is wrapped by Select's error for a channel outside 0..15.
var ErrChannel = errors.New("no such channel")

// Open finds the select lines of o and requests them as outputs, low
// (channel 0).
func Open(o *Opts) (*Dev, error) {
	chip, offsets, err := o.Pins.Find()
	if err != nil {
		return nil, fmt.Errorf("CD74HC4067 select lines: %w", err)
	}
	l, err := gpiocdev.RequestLines(chip, offsets, gpiocdev.AsOutput(0, 0, 0, 0), gpiocdev.WithConsumer(o.Consumer))
	if err != nil {
		return nil, fmt.Errorf("CD74HC4067 select lines %s%v: %w", chip, offsets, err)
	}
	d, err := New(l)
	if err != nil {
		l.Close()
	}
	return d, err
}

// New drives the multiplexers through l, already requested as outputs.
func New(l Lines) (*Dev, error) {
	name := fmt.Sprintf("CD74HC4067{%s%v}", l.Chip(), l.Offsets())
	if n := len(l.Offsets()); n != selectLines {
		return nil, fmt.Errorf("%s: %d select lines, want %d", name, n, selectLines)
	}
	return &Dev{l: l, name: name}, nil
}

// String names the part and its select lines.
func (d *Dev) String() string { return d.name }

// Select connects every multiplexer's common pin to channel ch (0..15). It
// is one system call and does not allocate.
func (d *Dev) Select(ch int) error {
	if ch < 0 || ch >= Channels {
		return fmt.Errorf("%s: select %d: %w", d.name, ch, ErrChannel)
	}
	for i := range d.vals {
		d.vals[i] = ch >> i & 1
	}
	if err := d.l.SetValues(d.vals[:]); err != nil {
		return fmt.Errorf("%s: select %d: %w", d.name, ch, err)
	}
	return nil
}

// Close releases the select lines.
func (d *Dev) Close() error {
	if err := d.l.Close(); err != nil {
		return fmt.Errorf("%s: %w", d.name, err)
	}
	return nil
}
