// Package scan reads the board's hall sensors: one frame is every sensor's
// 12-bit reading, taken through banks of analog multiplexers that share
// their select lines and feed SPI ADCs.
//
// A frame steps the shared select value through 0..15; at each step it sets
// the select lines, waits for the multiplexers' outputs to settle, then has
// every ADC convert the channels that carry a used multiplexer. On the
// reference board R1 (shared/design/HARDWARE.md) that is 10 CD74HC4067
// multiplexers on two MCP3208 ADCs, 16 steps of 10 conversions, 152 sensors.
//
// Sensor order, the index into a frame, is HARDWARE.md's: point p (1..24)
// slot s (0..5) is (p-1)*6+s, then the bar's slots 144..151. Which
// multiplexer channel reads which sensor is a table in Opts.Muxes.
//
// Scan, the hot path, allocates nothing: see BenchmarkScan.
package scan

import (
	"context"
	"fmt"
	"time"
)

// Channels is the number of channels per multiplexer (a CD74HC4067 has 16)
// and so of steps per frame.
const Channels = 16

// NoSensor marks a multiplexer channel that reads no sensor.
const NoSensor = -1

// Selector sets the shared select lines of the multiplexers; *mux.Dev is
// one.
type Selector interface {
	Select(ch int) error
}

// ADC converts several of its channels in one call; *mcp3208.Dev is one.
type ADC interface {
	ReadChannels(chs []int, dst []uint16) error
}

// Waiter waits for the multiplexers' outputs to settle. Tests give one that
// returns at once.
type Waiter interface {
	Wait(d time.Duration)
}

// Ticker paces Run; NewTicker makes one from time.Ticker, tests make one
// from a channel they feed.
type Ticker interface {
	// Ticks delivers the time of every tick.
	Ticks() <-chan time.Time
	// Stop stops the ticks.
	Stop()
}

// Mux is one multiplexer: where its output is wired and which sensor each
// of its channels reads.
type Mux struct {
	ADC     int           // index of its ADC in New's adcs
	Channel int           // its ADC's channel
	Sensors [Channels]int // Sensors[c]: the sensor on channel c, or NoSensor
}

// Opts are the settings of a Scanner.
type Opts struct {
	// Sensors is the length of a frame, 1 or more: 152 on R1.
	Sensors int
	// Muxes are the multiplexers. Every sensor must be on exactly one
	// multiplexer channel, and no two multiplexers on one ADC channel.
	Muxes []Mux
	// Settle is the wait between setting the select lines and converting,
	// 0 to 1 ms: the multiplexer's switching time plus the charging of the
	// traces and the ADC's sample capacitor through the sensor's output.
	Settle time.Duration
	// Rate is how many frames Run scans per second, 1 to 1000. A frame
	// cannot take less than its 16 settle waits and conversions: about
	// 4.5 ms on R1 at 1 MHz SPI, so R1 tops out near 200.
	Rate int
	// Waiter waits Settle; nil busy-waits (Spin).
	Waiter Waiter
	// NewTicker makes Run's ticker; nil uses NewTicker.
	NewTicker func(period time.Duration) Ticker
}

// R1 geometry: 24 points of 6 slots, then the bar's 2 halves of 4.
const (
	r1Sensors = 24*6 + 2*4
	r1Muxes   = 10
)

// DefaultOpts are the settings for the reference board R1.
var DefaultOpts = Opts{
	Sensors: r1Sensors,                        // 152: HARDWARE.md's sensor order
	Muxes:   DefaultMuxes(r1Muxes, r1Sensors), // muxes 0-7 on ADC 0, 8-9 on ADC 1
	Settle:  20 * time.Microsecond,            // HARDWARE.md: the CD74HC4067 switches in under 1 µs; the rest lets the traces and the ADC's 20 pF sample capacitor charge
	Rate:    100,                              // HARDWARE.md's target, leaving the Pi more than half of every 10 ms
}

// DefaultMuxes wires n multiplexers in order: multiplexer m's output on
// eight-channel ADC m/8, channel m%8, and its channel c reading sensor
// m*16+c while that is below sensors.
func DefaultMuxes(n, sensors int) []Mux {
	muxes := make([]Mux, n)
	for m := range muxes {
		muxes[m].ADC, muxes[m].Channel = m/8, m%8
		for c := range muxes[m].Sensors {
			muxes[m].Sensors[c] = NoSensor
			if s := m*Channels + c; s < sensors {
				muxes[m].Sensors[c] = s
			}
		}
	}
	return muxes
}

// Spin is a Waiter that busy-waits: time.Sleep oversleeps a 20 µs wait by
// tens of microseconds (timer slack, scheduler wake-up), sixteen times a
// frame.
type Spin struct{}

// Wait returns once d has passed.
func (Spin) Wait(d time.Duration) {
	for start := time.Now(); time.Since(start) < d; {
	}
}

// timeTicker is a time.Ticker as a Ticker.
type timeTicker struct{ *time.Ticker }

func (t timeTicker) Ticks() <-chan time.Time { return t.C }

// NewTicker returns a Ticker on time.Ticker: slow handlers lose ticks, they
// do not queue them.
func NewTicker(period time.Duration) Ticker { return timeTicker{time.NewTicker(period)} }

// conversion is one ADC call of a step: which channels, into which sensors.
type conversion struct {
	adc     ADC
	chs     []int
	sensors []int
}

// Scanner scans frames. It is not safe for concurrent use.
type Scanner struct {
	name      string
	sel       Selector
	settle    time.Duration
	period    time.Duration
	wait      Waiter
	newTicker func(time.Duration) Ticker
	steps     [Channels][]conversion
	buf       []uint16 // one ADC call's readings
	frame     []uint16 // Run's frame
}

// New returns a Scanner of the multiplexers behind sel, read by adcs.
func New(sel Selector, adcs []ADC, o *Opts) (*Scanner, error) {
	if err := o.validate(len(adcs)); err != nil {
		return nil, fmt.Errorf("scan: %w", err)
	}
	s := &Scanner{
		name:      fmt.Sprintf("scan{%d sensors, %d multiplexers, %d ADCs, %d frames/s}", o.Sensors, len(o.Muxes), len(adcs), o.Rate),
		sel:       sel,
		settle:    o.Settle,
		period:    time.Second / time.Duration(o.Rate),
		wait:      o.Waiter,
		newTicker: o.NewTicker,
		buf:       make([]uint16, len(o.Muxes)),
		frame:     make([]uint16, o.Sensors),
	}
	if s.wait == nil {
		s.wait = Spin{}
	}
	if s.newTicker == nil {
		s.newTicker = NewTicker
	}
	for ch := range s.steps {
		s.steps[ch] = plan(ch, adcs, o.Muxes)
	}
	return s, nil
}

// plan groups step ch's conversions by ADC, in multiplexer order.
func plan(ch int, adcs []ADC, muxes []Mux) []conversion {
	var convs []conversion
	for a, adc := range adcs {
		c := conversion{adc: adc}
		for _, m := range muxes {
			if m.ADC == a && m.Sensors[ch] != NoSensor {
				c.chs = append(c.chs, m.Channel)
				c.sensors = append(c.sensors, m.Sensors[ch])
			}
		}
		if len(c.chs) > 0 {
			convs = append(convs, c)
		}
	}
	return convs
}

// String sums up the hardware scanned and the rate.
func (s *Scanner) String() string { return s.name }

// Period is the time between two of Run's frames.
func (s *Scanner) Period() time.Duration { return s.period }

// Scan reads every sensor into frame, which must have one element per
// sensor. It does not allocate.
func (s *Scanner) Scan(frame []uint16) error {
	if len(frame) != len(s.frame) {
		return fmt.Errorf("scan: frame of %d readings for %d sensors", len(frame), len(s.frame))
	}
	for ch, convs := range s.steps {
		if len(convs) == 0 {
			continue // nothing wired: don't wait for it
		}
		if err := s.sel.Select(ch); err != nil {
			return fmt.Errorf("scan: %w", err)
		}
		s.wait.Wait(s.settle)
		for _, c := range convs {
			if err := c.adc.ReadChannels(c.chs, s.buf[:len(c.chs)]); err != nil {
				return fmt.Errorf("scan: multiplexer channel %d: %w", ch, err)
			}
			for i, sensor := range c.sensors {
				frame[sensor] = s.buf[i]
			}
		}
	}
	return nil
}

// Run scans a frame at every tick of a ticker at Opts.Rate and hands it to
// fn with the tick's time. fn must not keep the frame: the next scan
// overwrites it. Run returns nil once ctx is done, or the first scan error
// with the frame's number.
func (s *Scanner) Run(ctx context.Context, fn func(at time.Time, frame []uint16)) error {
	t := s.newTicker(s.period)
	defer t.Stop()
	for n := 0; ; n++ {
		select {
		case <-ctx.Done():
			return nil
		case at := <-t.Ticks():
			if err := s.Scan(s.frame); err != nil {
				return fmt.Errorf("frame %d at %s: %w", n, at.Format(time.StampMicro), err)
			}
			fn(at, s.frame)
		}
	}
}

// validate checks o against the hardware it is for: nadc ADCs.
func (o *Opts) validate(nadc int) error {
	switch {
	case o.Sensors < 1:
		return fmt.Errorf("%d sensors", o.Sensors)
	case o.Settle < 0 || o.Settle > time.Millisecond:
		return fmt.Errorf("settle %s out of range 0..1ms", o.Settle)
	case o.Rate < 1 || o.Rate > 1000:
		return fmt.Errorf("rate %d out of range 1..1000 frames/s", o.Rate)
	}
	if err := o.validateWiring(nadc); err != nil {
		return err
	}
	return o.validateSensors()
}

// validateWiring checks that each multiplexer has an ADC channel of its own.
func (o *Opts) validateWiring(nadc int) error {
	type input struct{ adc, ch int }
	wired := map[input]int{}
	for m, mx := range o.Muxes {
		if mx.ADC < 0 || mx.ADC >= nadc || mx.Channel < 0 {
			return fmt.Errorf("multiplexer %d on ADC %d channel %d, have ADCs 0..%d", m, mx.ADC, mx.Channel, nadc-1)
		}
		in := input{mx.ADC, mx.Channel}
		if prev, ok := wired[in]; ok {
			return fmt.Errorf("multiplexers %d and %d both on ADC %d channel %d", prev, m, mx.ADC, mx.Channel)
		}
		wired[in] = m
	}
	return nil
}

// place is a multiplexer channel.
type place struct{ mux, ch int }

func (p place) String() string { return fmt.Sprintf("multiplexer %d channel %d", p.mux, p.ch) }

// validateSensors checks that every sensor is on exactly one channel.
func (o *Opts) validateSensors() error {
	where := make([]*place, o.Sensors)
	for m, mx := range o.Muxes {
		for c, s := range mx.Sensors {
			here := place{m, c}
			switch {
			case s == NoSensor:
			case s < 0 || s >= o.Sensors:
				return fmt.Errorf("%s: sensor %d out of range 0..%d", here, s, o.Sensors-1)
			case where[s] != nil:
				return fmt.Errorf("sensor %d on both %s and %s", s, where[s], here)
			default:
				where[s] = &here
			}
		}
	}
	for s, w := range where {
		if w == nil {
			return fmt.Errorf("sensor %d on no multiplexer channel", s)
		}
	}
	return nil
}
