package leds

import (
	"bytes"
	"fmt"
	"image/color"
	"strings"
	"testing"

	"periph.io/x/conn/v3/conntest"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spitest"
)

var (
	off   = color.NRGBA{}
	red   = color.NRGBA{R: 0xFF, A: 0xFF}
	green = color.NRGBA{G: 0xFF, A: 0xFF}
	blue  = color.NRGBA{B: 0xFF, A: 0xFF}
	mixed = color.NRGBA{R: 0x12, G: 0x34, B: 0x56, A: 0x00} // Alpha is ignored.
)

// apa102Frame is what an APA102 strip of n LEDs receives for rgb (3 bytes
// per LED, already scaled): start frame 4×0x00, per LED 0xFF (global
// brightness 31) then B, G, R, and periph's end frame of n/16+1 bytes 0xFF.
func apa102Frame(n int, rgb ...byte) []byte {
	b := []byte{0x00, 0x00, 0x00, 0x00}
	for i := range n {
		var r, g, bl byte
		if 3*i < len(rgb) {
			r, g, bl = rgb[3*i], rgb[3*i+1], rgb[3*i+2]
		}
		b = append(b, 0xFF, bl, g, r)
	}
	return append(b, bytes.Repeat([]byte{0xFF}, n/16+1)...)
}

func newPlayback(ops ...[]byte) *spitest.Playback {
	p := &spitest.Playback{Playback: conntest.Playback{DontPanic: true}}
	for _, w := range ops {
		p.Ops = append(p.Ops, conntest.IO{W: w})
	}
	return p
}

// checkDone fails unless every expected transfer was sent.
func checkDone(t *testing.T, p *spitest.Playback) {
	t.Helper()
	if err := p.Close(); err != nil {
		t.Error(err)
	}
}

func TestAPA102Show(t *testing.T) {
	tests := []struct {
		name       string
		brightness uint8
		colors     []color.NRGBA
		want       []byte
	}{
		{"nothing", 255, nil, apa102Frame(Count)},
		{"point 1 red", 255, []color.NRGBA{red}, apa102Frame(Count, 0xFF, 0, 0)},
		{"points 1-3 rgb", 255, []color.NRGBA{red, green, blue},
			apa102Frame(Count, 0xFF, 0, 0, 0, 0xFF, 0, 0, 0, 0xFF)},
		{"alpha ignored", 255, []color.NRGBA{mixed}, apa102Frame(Count, 0x12, 0x34, 0x56)},
		{"half brightness", 128, []color.NRGBA{red, mixed},
			// 0xFF*128/255 = 0x80; 0x12*128/255 = 9.03; 0x34 → 26.1; 0x56 → 43.2.
			apa102Frame(Count, 0x80, 0, 0, 0x09, 0x1A, 0x2B)},
		{"brightness 0", 0, []color.NRGBA{red}, apa102Frame(Count)},
		{"bars", 255, barColors(), apa102Frame(Count, append(make([]byte, 3*WhiteBar), 0xFF, 0, 0, 0, 0, 0xFF)...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPlayback(tt.want)
			d, err := NewAPA102(p, &Opts{NumPixels: Count, Brightness: tt.brightness})
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Show(tt.colors); err != nil {
				t.Fatal(err)
			}
			checkDone(t, p)
		})
	}
}

func barColors() []color.NRGBA {
	var c [Count]color.NRGBA
	c[WhiteBar], c[BlackBar] = red, blue
	return c[:]
}

func TestAPA102ShowTwiceClearsTail(t *testing.T) {
	p := newPlayback(apa102Frame(Count, 0xFF, 0, 0, 0, 0xFF, 0), apa102Frame(Count, 0, 0, 0xFF))
	d, err := NewAPA102(p, &DefaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	d.brightness = 255
	if err := d.Show([]color.NRGBA{red, green}); err != nil {
		t.Fatal(err)
	}
	if err := d.Show([]color.NRGBA{blue}); err != nil {
		t.Fatal(err)
	}
	checkDone(t, p)
}

func TestAPA102Halt(t *testing.T) {
	// periph's Halt sends global brightness 1 (0xE1) with every colour 0.
	want := []byte{0, 0, 0, 0}
	for range Count {
		want = append(want, 0xE1, 0, 0, 0)
	}
	want = append(want, 0xFF, 0xFF)
	p := newPlayback(want)
	d, err := NewAPA102(p, &DefaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Halt(); err != nil {
		t.Fatal(err)
	}
	checkDone(t, p)
}

func TestAPA102LongStrip(t *testing.T) {
	// 40 LEDs: the end frame grows to 40/16+1 = 3 bytes.
	p := newPlayback(apa102Frame(40, 0xFF, 0, 0))
	d, err := NewAPA102(p, &Opts{NumPixels: 40, Brightness: 255})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(apa102Frame(40)), 4+4*40+3; got != want {
		t.Fatalf("frame length %d, want %d", got, want)
	}
	if err := d.Show([]color.NRGBA{red}); err != nil {
		t.Fatal(err)
	}
	checkDone(t, p)
}

// nrz encodes v as WS2812 bits over SPI at 2.5 MHz, MSB first: 0 → 1000,
// 1 → 1110.
func nrz(v byte) []byte {
	out := make([]byte, 4)
	for bit := range 8 {
		sym := byte(0x8)
		if v&(0x80>>bit) != 0 {
			sym = 0xE
		}
		out[bit/2] |= sym << (4 * (1 - bit%2))
	}
	return out
}

// ws2812Frame is what a WS2812 strip of n LEDs receives for rgb: 3 zero bytes
// of reset, per LED G, R, B NRZ-encoded, 3 zero bytes of latch.
func ws2812Frame(n int, rgb ...byte) []byte {
	b := []byte{0, 0, 0}
	for i := range n {
		var r, g, bl byte
		if 3*i < len(rgb) {
			r, g, bl = rgb[3*i], rgb[3*i+1], rgb[3*i+2]
		}
		b = append(b, nrz(g)...)
		b = append(b, nrz(r)...)
		b = append(b, nrz(bl)...)
	}
	return append(b, 0, 0, 0)
}

func TestNRZ(t *testing.T) {
	// From the WS2812B datasheet's bit timings at 400 ns per SPI bit.
	tests := []struct {
		v    byte
		want []byte
	}{
		{0x00, []byte{0x88, 0x88, 0x88, 0x88}},
		{0xFF, []byte{0xEE, 0xEE, 0xEE, 0xEE}},
		{0x80, []byte{0xE8, 0x88, 0x88, 0x88}},
		{0x01, []byte{0x88, 0x88, 0x88, 0x8E}},
		{0xA5, []byte{0xE8, 0xE8, 0x8E, 0x8E}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%#02x", tt.v), func(t *testing.T) {
			if got := nrz(tt.v); !bytes.Equal(got, tt.want) {
				t.Errorf("got % x, want % x", got, tt.want)
			}
		})
	}
}

func TestWS2812Show(t *testing.T) {
	tests := []struct {
		name       string
		brightness uint8
		colors     []color.NRGBA
		want       []byte
	}{
		{"nothing", 255, nil, ws2812Frame(Count)},
		{"points 1-3 rgb", 255, []color.NRGBA{red, green, blue},
			ws2812Frame(Count, 0xFF, 0, 0, 0, 0xFF, 0, 0, 0, 0xFF)},
		{"mixed", 255, []color.NRGBA{mixed}, ws2812Frame(Count, 0x12, 0x34, 0x56)},
		{"half brightness", 128, []color.NRGBA{mixed}, ws2812Frame(Count, 0x09, 0x1A, 0x2B)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPlayback(tt.want)
			d, err := NewWS2812(p, &Opts{NumPixels: Count, Brightness: tt.brightness})
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Show(tt.colors); err != nil {
				t.Fatal(err)
			}
			checkDone(t, p)
		})
	}
}

func TestWS2812Halt(t *testing.T) {
	want := append(append([]byte{0, 0, 0}, bytes.Repeat([]byte{0x88}, 12*Count)...), 0, 0, 0)
	p := newPlayback(want)
	d, err := NewWS2812(p, &DefaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Halt(); err != nil {
		t.Fatal(err)
	}
	checkDone(t, p)
}

func TestErrors(t *testing.T) {
	newDevs := map[string]func(*spitest.Playback, *Opts) (*Dev, error){
		"APA102": func(p *spitest.Playback, o *Opts) (*Dev, error) { return NewAPA102(p, o) },
		"WS2812": func(p *spitest.Playback, o *Opts) (*Dev, error) { return NewWS2812(p, o) },
	}
	for chip, newDev := range newDevs {
		t.Run(chip+"/short strip", func(t *testing.T) {
			_, err := newDev(newPlayback(), &Opts{NumPixels: 25})
			wantErr(t, err, chip, "NumPixels 25")
		})
		t.Run(chip+"/too many colours", func(t *testing.T) {
			d, err := newDev(newPlayback(), &DefaultOpts)
			if err != nil {
				t.Fatal(err)
			}
			wantErr(t, d.Show(make([]color.NRGBA, Count+1)), chip, "27 colours")
		})
		t.Run(chip+"/bus error", func(t *testing.T) {
			d, err := newDev(newPlayback(), &DefaultOpts) // Expects no transfer.
			if err != nil {
				t.Fatal(err)
			}
			wantErr(t, d.Show(nil), chip, "unexpected Tx")
			wantErr(t, d.Halt(), chip, "unexpected Tx")
		})
		t.Run(chip+"/connect error", func(t *testing.T) {
			p := newPlayback()
			p.Initialized = true // A second Connect fails.
			_, err := newDev(p, &DefaultOpts)
			wantErr(t, err, chip, "Connect")
		})
	}
}

// wantErr fails unless err names the chip and contains what.
func wantErr(t *testing.T, err error, chip, what string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one about %q", what)
	}
	if s := err.Error(); !strings.HasPrefix(s, "leds: "+chip) || !strings.Contains(s, what) {
		t.Errorf("error %q: want it to start with %q and contain %q", s, "leds: "+chip, what)
	}
}

func TestString(t *testing.T) {
	d, err := NewAPA102(newPlayback(), &DefaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.String(), "APA102{playback, 26 LEDs}"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestPoint(t *testing.T) {
	if got := Point(1); got != 0 {
		t.Errorf("Point(1) = %d, want 0", got)
	}
	if got := Point(24); got != Points-1 {
		t.Errorf("Point(24) = %d, want %d", got, Points-1)
	}
}

// discard is an SPI port that drops every transfer, without allocating.
type discard struct{ conntest.Discard }

func (d *discard) Connect(physic.Frequency, spi.Mode, int) (spi.Conn, error) { return d, nil }
func (d *discard) TxPackets([]spi.Packet) error                              { return nil }

func TestShowDoesNotAllocate(t *testing.T) {
	for name, newDev := range map[string]func(spi.Port, *Opts) (*Dev, error){"APA102": NewAPA102, "WS2812": NewWS2812} {
		t.Run(name, func(t *testing.T) {
			d, err := newDev(&discard{}, &DefaultOpts)
			if err != nil {
				t.Fatal(err)
			}
			c := barColors()
			if n := testing.AllocsPerRun(10, func() { _ = d.Show(c) }); n != 0 {
				t.Errorf("Show allocates %v times, want 0", n)
			}
		})
	}
}
