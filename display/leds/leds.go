// Package leds drives the board's point LEDs: one RGB LED at the base of each
// point and one per bar half, on an APA102 strip (reference board R1) or a
// WS2812 strip, both on an SPI port through periph.io's drivers.
//
// # LED numbering
//
// LED p-1 sits at point p (1..24, numbered from White's side as in
// shared/design/HARDWARE.md); LED 24 (WhiteBar) lights White's bar half and
// LED 25 (BlackBar) Black's. A strip may be longer than Count: the LEDs past
// the ones a caller sets stay dark.
//
// Datasheets: APA102
// https://cdn-shop.adafruit.com/product-files/2343/APA102C.pdf, WS2812B
// https://cdn-shop.adafruit.com/datasheets/WS2812B.pdf.
package leds

import (
	"fmt"
	"image/color"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/devices/v3/apa102"
	"periph.io/x/devices/v3/nrzled"
)

// The board's LEDs, in strip order.
const (
	Points   = 24 // LEDs 0..23: points 1..24.
	WhiteBar = 24 // White's bar half.
	BlackBar = 25 // Black's bar half.
	Count    = 26 // LEDs the board uses.
)

// Point returns the index of the LED at point p (1..24).
func Point(p int) int { return p - 1 }

// Strip is a row of RGB LEDs. The indicator logic talks to this, not to a
// chip.
type Strip interface {
	// Show lights LED i with colors[i] (alpha ignored); LEDs past
	// len(colors) go dark.
	Show(colors []color.NRGBA) error
	// Halt turns every LED off.
	Halt() error
}

// Opts configures a strip.
type Opts struct {
	// NumPixels is the number of LEDs on the strip, Count or more. LEDs past
	// those a caller sets are sent dark.
	NumPixels int
	// Brightness scales every colour channel linearly: out = in*Brightness/255,
	// rounded. 255 shows colours as given; 0 turns everything off.
	Brightness uint8
}

// DefaultOpts is reference board R1's strip.
var DefaultOpts = Opts{
	NumPixels:  Count, // 24 points and 2 bar halves.
	Brightness: 64,    // The LEDs sit under the players' eyes; full power dazzles and draws ~1.5 A.
}

// Dev is a strip of LEDs on an SPI port. It implements Strip.
type Dev struct {
	name       string
	brightness uint8
	w          writeHalter
	rgb        []byte // R, G, B per LED, sent by every Show. Cached to reduce heap fragmentation.
}

// writeHalter is what periph's apa102.Dev and nrzled.Dev have in common.
type writeHalter interface {
	Write(rgb []byte) (int, error)
	Halt() error
}

// NewAPA102 connects to an APA102 strip on p.
//
// The driver runs in periph's pass-through mode: global brightness fixed at
// 31 (0xFF, so the 580 Hz global PWM cannot flicker), no colour temperature
// correction, no perceptual curve. Each LED's frame is 0xFF, B, G, R with
// the colour scaled by Opts.Brightness, so the bytes on the wire are exactly
// predictable. periph connects at up to 20 MHz; lower it with
// spi.PortCloser.LimitSpeed before calling NewAPA102 if the wires are long.
func NewAPA102(p spi.Port, o *Opts) (*Dev, error) {
	if err := o.check(); err != nil {
		return nil, fmt.Errorf("leds: APA102 on %s: %w", p, err)
	}
	ao := apa102.PassThruOpts
	ao.NumPixels = o.NumPixels
	d, err := apa102.New(p, &ao)
	if err != nil {
		return nil, fmt.Errorf("leds: APA102 on %s: %w", p, err)
	}
	return newDev("APA102", p, d, o), nil
}

// NewWS2812 connects to a WS2812 (NRZ) strip on p. The port must run at
// 2.5 MHz: periph's nrzled sends each data bit as 4 SPI bits (0 as 1000,
// 1 as 1110), in G, R, B order.
func NewWS2812(p spi.Port, o *Opts) (*Dev, error) {
	if err := o.check(); err != nil {
		return nil, fmt.Errorf("leds: WS2812 on %s: %w", p, err)
	}
	no := nrzled.Opts{NumPixels: o.NumPixels, Channels: 3, Freq: 2500 * physic.KiloHertz}
	d, err := nrzled.NewSPI(p, &no)
	if err != nil {
		return nil, fmt.Errorf("leds: WS2812 on %s: %w", p, err)
	}
	return newDev("WS2812", p, d, o), nil
}

func (o *Opts) check() error {
	if o.NumPixels < Count {
		return fmt.Errorf("NumPixels %d: the board needs at least %d", o.NumPixels, Count)
	}
	return nil
}

func newDev(chip string, p spi.Port, w writeHalter, o *Opts) *Dev {
	return &Dev{
		name:       fmt.Sprintf("%s{%s, %d LEDs}", chip, p, o.NumPixels),
		brightness: o.Brightness,
		w:          w,
		rgb:        make([]byte, 3*o.NumPixels),
	}
}

// String names the chip, the port and the strip length.
func (d *Dev) String() string { return d.name }

// Show implements Strip.
func (d *Dev) Show(colors []color.NRGBA) error {
	if len(colors) > len(d.rgb)/3 {
		return fmt.Errorf("leds: %s: %d colours for %d LEDs", d, len(colors), len(d.rgb)/3)
	}
	for i, c := range colors {
		d.rgb[3*i], d.rgb[3*i+1], d.rgb[3*i+2] = d.scale(c.R), d.scale(c.G), d.scale(c.B)
	}
	clear(d.rgb[3*len(colors):])
	if _, err := d.w.Write(d.rgb); err != nil {
		return fmt.Errorf("leds: %s: %w", d, err)
	}
	return nil
}

// Halt implements Strip.
func (d *Dev) Halt() error {
	if err := d.w.Halt(); err != nil {
		return fmt.Errorf("leds: %s: %w", d, err)
	}
	return nil
}

// scale applies the brightness, rounding to nearest.
func (d *Dev) scale(v uint8) uint8 {
	return uint8((uint16(v)*uint16(d.brightness) + 127) / 255)
}

var _ Strip = &Dev{}
