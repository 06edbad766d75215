package panel

import (
	"errors"
	"fmt"
	"image/color"
	"sync"
	"time"

	"gammond/display/leds"
	"gammond/display/oled"
	"gammond/display/segment"
)

// CubeDisplay is the cube display; *segment.Dev is one.
type CubeDisplay interface {
	Show(segment.Cells) error
	SetBlink(segment.Blink) error
	Halt() error
}

// Screen is the OLED; *oled.Dev is one.
type Screen interface {
	Show(*oled.Screen) error
	Halt() error
}

var (
	_ CubeDisplay = (*segment.Dev)(nil)
	_ Screen      = (*oled.Dev)(nil)
)

// Clock tells the time; sensing.SystemClock and sensing.VirtualClock are
// clocks.
type Clock interface {
	Now() time.Time
}

// Devices are the indicators a Panel drives.
type Devices struct {
	Strip  leds.Strip
	Cube   CubeDisplay
	Screen Screen // nil without an OLED
}

// Opts configures a Panel.
type Opts struct {
	// BlinkPeriod is a blinking LED's cycle: lit for the first half, dark
	// for the second. 200 ms to 2 s reads as blinking; Tick must be called
	// a few times a half period.
	BlinkPeriod time.Duration
	// CubeBlink is the cube display's blink rate when it blinks: the
	// HT16K33 blinks by itself, so the display needs no write per blink.
	CubeBlink segment.Blink
	// Brightness scales every LED colour: out = in*Brightness/255. 255
	// shows the State's colours as the strip's own brightness makes them;
	// lower dims the indicators without reopening the strip.
	Brightness uint8
}

// DefaultOpts blink LEDs and the cube display together at 1 Hz.
var DefaultOpts = Opts{
	BlinkPeriod: time.Second,      // 1 Hz: urgent without being frantic.
	CubeBlink:   segment.Blink1Hz, // The same rate as the LEDs.
	Brightness:  255,              // The strip's Brightness sets the level.
}

// Panel writes States to the indicators: only the devices whose part of
// the State changed, and the LEDs again at each half blink period while
// some blink. A write that failed is tried again at the next Update or
// Tick. Its methods are safe for concurrent use: the referee's events
// Update it, a ticker Ticks it.
type Panel struct {
	mu    sync.Mutex
	dev   Devices
	clock Clock
	opts  Opts

	state State
	// Parts of state not yet written, or whose write failed.
	staleLEDs, staleCube, staleBlink, staleScreen bool

	halted bool // Halt: nothing written until the next Update

	blinking   bool      // some LED blinks
	blinkSince time.Time // when the blinking LEDs last began a cycle, lit
	lit        bool      // the blinking LEDs are in their lit half

	colors [leds.Count]color.NRGBA // the strip's colours. Cached: Tick allocates nothing.
}

// New returns a panel driving dev, taking the time from clock. Nothing is
// written until the first Update, which writes every device.
func New(dev Devices, clock Clock, o *Opts) (*Panel, error) {
	switch {
	case dev.Strip == nil || dev.Cube == nil:
		return nil, errors.New("panel: a strip and a cube display are needed")
	case clock == nil:
		return nil, errors.New("panel: no clock")
	case o.BlinkPeriod < time.Millisecond:
		return nil, fmt.Errorf("panel: blink period %v: want 1ms or more", o.BlinkPeriod)
	}
	switch o.CubeBlink {
	case segment.Blink2Hz, segment.Blink1Hz, segment.BlinkHalfHz:
	default:
		return nil, fmt.Errorf("panel: cube blink %#x: want one of segment's blink rates", byte(o.CubeBlink))
	}
	return &Panel{dev: dev, clock: clock, opts: *o,
		staleLEDs: true, staleCube: true, staleBlink: true, staleScreen: dev.Screen != nil}, nil
}

// Update shows s, writing only what differs from the State shown, and
// what earlier writes failed to show.
func (p *Panel) Update(s State) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	old := p.state
	p.state, p.halted = s, false
	mask := blinkMask(&s)
	if s.LEDs != old.LEDs {
		p.staleLEDs = true
		if mask != blinkMask(&old) {
			p.blinkSince, p.lit = p.clock.Now(), true // a new flag lights at once
		}
	}
	p.blinking = mask != [leds.Count]bool{}
	p.staleCube = p.staleCube || s.Cube != old.Cube
	p.staleBlink = p.staleBlink || s.CubeBlink != old.CubeBlink
	p.staleScreen = p.staleScreen || (p.dev.Screen != nil && s.Screen != old.Screen)
	return p.flush()
}

// Tick moves the blinking LEDs on to now, writing them when they turn on
// or off. Call it from a ticker a few times each half blink period.
// Allocation budget: none (BenchmarkTick).
func (p *Panel) Tick(now time.Time) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.blinking {
		half := p.opts.BlinkPeriod / 2
		lit := max(now.Sub(p.blinkSince), 0)/half%2 == 0
		p.staleLEDs = p.staleLEDs || lit != p.lit
		p.lit = lit
	}
	return p.flush()
}

// Halt turns every indicator off; Tick leaves them off. The next Update
// writes them all again.
func (p *Panel) Halt() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.halted = true
	p.staleLEDs, p.staleCube, p.staleBlink, p.staleScreen = true, true, true, p.dev.Screen != nil
	err := errors.Join(p.dev.Strip.Halt(), p.dev.Cube.Halt())
	if p.dev.Screen != nil {
		err = errors.Join(err, p.dev.Screen.Halt())
	}
	return err
}

// flush writes the stale parts of the state.
func (p *Panel) flush() error {
	if p.halted {
		return nil
	}
	var errs [4]error
	if p.staleLEDs {
		errs[0] = p.dev.Strip.Show(p.paint())
		p.staleLEDs = errs[0] != nil
	}
	if p.staleCube {
		errs[1] = p.dev.Cube.Show(p.state.Cube)
		p.staleCube = errs[1] != nil
	}
	if p.staleBlink {
		rate := segment.BlinkOff
		if p.state.CubeBlink {
			rate = p.opts.CubeBlink
		}
		errs[2] = p.dev.Cube.SetBlink(rate)
		p.staleBlink = errs[2] != nil
	}
	if p.staleScreen {
		errs[3] = p.dev.Screen.Show(&p.state.Screen)
		p.staleScreen = errs[3] != nil
	}
	return errors.Join(errs[:]...)
}

// paint returns the strip's colours now: blinking LEDs dark in the second
// half of their cycle, every colour scaled by the brightness.
func (p *Panel) paint() []color.NRGBA {
	for i, led := range p.state.LEDs {
		c := led.Color
		if led.Blink && !p.lit {
			c = color.NRGBA{}
		}
		p.colors[i] = color.NRGBA{R: p.scale(c.R), G: p.scale(c.G), B: p.scale(c.B), A: c.A}
	}
	return p.colors[:]
}

func (p *Panel) scale(v uint8) uint8 {
	return uint8((uint16(v)*uint16(p.opts.Brightness) + 127) / 255)
}

// blinkMask says which LEDs of s blink.
func blinkMask(s *State) [leds.Count]bool {
	var m [leds.Count]bool
	for i, led := range s.LEDs {
		m[i] = led.Blink
	}
	return m
}
