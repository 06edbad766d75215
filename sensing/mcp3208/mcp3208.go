package mcp3208

import (
	"errors"
	"fmt"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// Channels is the number of analog inputs of an MCP3208, numbered 0 to 7.
const Channels = 8

// maxBatch bounds Opts.Batch: one batch can hold every channel once.
const maxBatch = Channels

// Opts are the settings of an MCP3208.
type Opts struct {
	// Freq is the SPI clock. The chip needs at least 10 kHz (its sampled
	// charge holds for 1.2 ms) and takes at most 1 MHz at 2.7 V, 2 MHz at
	// 5 V (datasheet, electrical characteristics, fCLK).
	Freq physic.Frequency
	// Batch is how many conversions go to the port in one TxPackets call,
	// 1 to 8. With 1 every conversion is a plain Tx, which every spi.Conn
	// supports (spitest.Playback, for one); more saves a system call per
	// conversion on ports that implement TxPackets, as periph's sysfs SPI
	// does, each packet with its own chip-select pulse.
	Batch int
}

// DefaultOpts are the settings for the reference board R1.
var DefaultOpts = Opts{
	Freq:  physic.MegaHertz, // the datasheet's limit at 2.7 V: safe on the Pi's 3.3 V rail
	Batch: 4,                // periph's sysfs SPI keeps 4 transfer descriptors: more allocates on every call
}

// Dev is an MCP3208 on an SPI chip select. It is not safe for concurrent
// use: its transfer buffers are shared between calls.
type Dev struct {
	c     spi.Conn
	name  string
	batch int
	// Transfer buffers, one 3-byte command and reply per conversion in a
	// batch, allocated once with the Dev.
	w, r [maxBatch][3]byte
	pkts [maxBatch]spi.Packet
	ch   [1]int
	out  [1]uint16
}

var _ conn.Resource = &Dev{}

// New connects to an MCP3208 on port p in SPI mode 0.
func New(p spi.Port, o *Opts) (*Dev, error) {
	if o.Batch < 1 || o.Batch > maxBatch {
		return nil, fmt.Errorf("mcp3208 on %s: batch %d out of range 1..%d", p, o.Batch, maxBatch)
	}
	c, err := p.Connect(o.Freq, spi.Mode0, 8)
	if err != nil {
		return nil, fmt.Errorf("mcp3208 on %s: %w", p, err)
	}
	if c.Duplex() == conn.Half {
		return nil, fmt.Errorf("mcp3208 on %s: needs full duplex SPI", p)
	}
	d := &Dev{c: c, name: fmt.Sprintf("MCP3208{%s}", c), batch: o.Batch}
	for i := range d.pkts {
		d.pkts[i] = spi.Packet{W: d.w[i][:], R: d.r[i][:]}
	}
	return d, nil
}

// String names the chip and its SPI port.
func (d *Dev) String() string { return d.name }

// Halt does nothing: the chip converts only when asked.
func (d *Dev) Halt() error { return nil }

// Read returns the single-ended reading of channel ch (0..7), 0 to 4095.
func (d *Dev) Read(ch int) (uint16, error) {
	d.ch[0] = ch
	err := d.ReadChannels(d.ch[:], d.out[:])
	return d.out[0], err
}

// ReadChannels converts the channels chs in order, single-ended, into
// dst[:len(chs)]. It does not allocate.
func (d *Dev) ReadChannels(chs []int, dst []uint16) error {
	if len(dst) < len(chs) {
		return fmt.Errorf("%s: %d channels into %d readings", d.name, len(chs), len(dst))
	}
	for len(chs) > 0 {
		n := min(len(chs), d.batch)
		if err := d.convert(chs[:n], dst[:n]); err != nil {
			return err
		}
		chs, dst = chs[n:], dst[n:]
	}
	return nil
}

// ErrChannel is wrapped by the error for a channel outside 0..7.
var ErrChannel = errors.New("no such channel")

// convert runs up to one batch of conversions in a single port call.
func (d *Dev) convert(chs []int, dst []uint16) error {
	for i, ch := range chs {
		if ch < 0 || ch >= Channels {
			return fmt.Errorf("%s: channel %d: %w", d.name, ch, ErrChannel)
		}
		d.w[i] = command(ch)
	}
	var err error
	if len(chs) == 1 {
		err = d.c.Tx(d.w[0][:], d.r[0][:])
	} else {
		err = d.c.TxPackets(d.pkts[:len(chs)])
	}
	if err != nil {
		return fmt.Errorf("%s: read channels %v: %w", d.name, chs, err)
	}
	for i := range chs {
		dst[i] = reading(d.r[i])
	}
	return nil
}

// command is the 3-byte single-ended conversion request for channel ch:
// start bit, SGL/DIFF=1, then D2 D1 D0.
func command(ch int) [3]byte {
	return [3]byte{0x06 | byte(ch>>2), byte(ch&3) << 6, 0x00}
}

// reading extracts the 12-bit result; the high nibble of the second byte is
// clocked out while the chip samples and is undefined.
func reading(r [3]byte) uint16 {
	return uint16(r[1]&0x0F)<<8 | uint16(r[2])
}
