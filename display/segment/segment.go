package segment

import (
	"fmt"

	"periph.io/x/conn/v3/i2c"
)

// I2CAddr is the HT16K33's address with A0-A2 open.
const I2CAddr uint16 = 0x70

// HT16K33 commands (datasheet, "Command Summary").
const (
	cmdOscillatorOn = 0x21 // System setup: S=1, normal operation.
	cmdDisplayOn    = 0x81 // Display setup: D=1; blink in bits 1-2.
	cmdDimming      = 0xE0 // Dimming set: duty (n+1)/16 in bits 0-3.
	ramRows         = 8    // COM0-COM7, 2 bytes each from address 0x00.
)

// Blink is the display's hardware blink rate.
type Blink byte

// Blink rates (display setup bits B1, B0).
const (
	BlinkOff    Blink = 0x00
	Blink2Hz    Blink = 0x02
	Blink1Hz    Blink = 0x04
	BlinkHalfHz Blink = 0x06
)

// Owner is who owns the cube.
type Owner uint8

// Cube owners.
const (
	Centered Owner = iota
	White
	Black
)

// Opts configures the display.
type Opts struct {
	// Addr is the chip's I2C address, 0x70 to 0x77 (A0-A2 jumpers).
	Addr uint16
	// Digits are the RAM rows (0-7) of the digits, left to right, all
	// different.
	Digits [NumDigits]uint8
	// Brightness is the dimming level 0 (duty 1/16) to 15 (16/16).
	Brightness uint8
	// WhiteEnd is the end of the display on White's side; Black's is the
	// other. The owner's decimal point lights at the owner's end.
	WhiteEnd End
}

// DefaultOpts is reference board R1's display.
var DefaultOpts = Opts{
	Addr:       I2CAddr,                      // No address jumper.
	Digits:     [NumDigits]uint8{0, 1, 3, 4}, // Adafruit backpack; row 2 is the colon.
	Brightness: 8,                            // Readable in a lit club room without glare.
	WhiteEnd:   Left,                         // HARDWARE.md does not say: set it in the config.
}

// Dev is a 4-digit 7-segment display on an HT16K33.
type Dev struct {
	c    i2c.Dev
	opts Opts
	buf  [1 + 2*ramRows]byte // RAM address 0x00, then all 16 RAM bytes. Cached to reduce heap fragmentation.
}

// New sets up the HT16K33 at o.Addr on bus: oscillator on, display RAM
// blanked (its power-on content is undefined), dimming, display on without
// blinking.
func New(bus i2c.Bus, o *Opts) (*Dev, error) {
	d := &Dev{c: i2c.Dev{Bus: bus, Addr: o.Addr}, opts: *o}
	if err := o.check(); err != nil {
		return nil, fmt.Errorf("segment: %s: %w", d, err)
	}
	if err := d.command(cmdOscillatorOn); err != nil {
		return nil, err
	}
	if err := d.Show(Cells{}); err != nil {
		return nil, err
	}
	if err := d.command(cmdDimming | o.Brightness); err != nil {
		return nil, err
	}
	if err := d.command(cmdDisplayOn); err != nil {
		return nil, err
	}
	return d, nil
}

func (o *Opts) check() error {
	if o.Addr < 0x70 || o.Addr > 0x77 {
		return fmt.Errorf("address %#x: want 0x70 to 0x77", o.Addr)
	}
	if o.Brightness > 15 {
		return fmt.Errorf("brightness %d: want 0 to 15", o.Brightness)
	}
	if o.WhiteEnd > Right {
		return fmt.Errorf("white end %d: want left or right", o.WhiteEnd)
	}
	var used [ramRows]bool
	for _, r := range o.Digits {
		if r >= ramRows || used[r] {
			return fmt.Errorf("digit rows %v: want 4 different rows 0 to 7", o.Digits)
		}
		used[r] = true
	}
	return nil
}

// String names the chip, its bus and address and the layout.
func (d *Dev) String() string {
	return fmt.Sprintf("HT16K33{%s, %#x, digits on rows %v, White %s}", d.c.Bus, d.c.Addr, d.opts.Digits, d.opts.WhiteEnd)
}

// Show displays c in one I2C transaction: the whole display RAM, so rows
// that are not digits (the colon) stay dark.
func (d *Dev) Show(c Cells) error {
	clear(d.buf[:]) // Byte 0 is RAM address 0x00.
	for i, row := range d.opts.Digits {
		d.buf[1+2*row] = c[i]
	}
	if err := d.c.Tx(d.buf[:], nil); err != nil {
		return fmt.Errorf("segment: %s: show %x: %w", d, c, err)
	}
	return nil
}

// ShowCube displays the cube: its value, the owner's decimal point, dashes
// if it is dead (see the package doc).
func (d *Dev) ShowCube(value int, owner Owner, dead bool) error {
	c, err := Cube(value, dead)
	if err != nil {
		return err
	}
	switch owner {
	case White:
		c = c.WithDot(d.opts.WhiteEnd)
	case Black:
		c = c.WithDot(Right - d.opts.WhiteEnd)
	}
	return d.Show(c)
}

// SetBlink makes the whole display blink at rate b, or stop with BlinkOff.
func (d *Dev) SetBlink(b Blink) error {
	switch b {
	case BlinkOff, Blink2Hz, Blink1Hz, BlinkHalfHz:
	default:
		return fmt.Errorf("segment: %s: blink %#x: want one of the Blink rates", d, byte(b))
	}
	return d.command(cmdDisplayOn | byte(b))
}

// Halt blanks the display.
func (d *Dev) Halt() error {
	return d.Show(Cells{})
}

func (d *Dev) command(b byte) error {
	d.buf[0] = b
	if err := d.c.Tx(d.buf[:1], nil); err != nil {
		return fmt.Errorf("segment: %s: command %#02x: %w", d, b, err)
	}
	return nil
}
