package segment

import (
	"strings"
	"testing"

	"periph.io/x/conn/v3/i2c/i2ctest"
)

// Glyphs as the datasheet's ROW bits: a=0x01 ... g=0x40, dp=0x80.
const (
	g0    = 0x3F
	g1    = 0x06
	g2    = 0x5B
	g3    = 0x4F
	g4    = 0x66
	g6    = 0x7D
	g8    = 0x7F
	dash  = 0x40
	dp    = 0x80
	lineC = 0x39
	lineR = 0x50
	lineA = 0x77
	lineW = 0x7E
	lineI = 0x30
	lineL = 0x38
)

// initOps is what New sends with DefaultOpts: oscillator on, RAM blanked,
// dimming 8/15, display on without blinking.
var initOps = []i2ctest.IO{
	{Addr: 0x70, W: []byte{0x21}},
	{Addr: 0x70, W: ram()},
	{Addr: 0x70, W: []byte{0xE8}},
	{Addr: 0x70, W: []byte{0x81}},
}

// ram is the write of the whole display RAM from address 0x00 with the given
// low bytes of rows 0, 1, ...; every high byte and later row is 0.
func ram(rows ...byte) []byte {
	b := make([]byte, 17)
	for i, r := range rows {
		b[1+2*i] = r
	}
	return b
}

func newPlayback(ops ...[]i2ctest.IO) *i2ctest.Playback {
	p := &i2ctest.Playback{DontPanic: true}
	for _, o := range ops {
		p.Ops = append(p.Ops, o...)
	}
	return p
}

func writes(addr uint16, ws ...[]byte) []i2ctest.IO {
	var ops []i2ctest.IO
	for _, w := range ws {
		ops = append(ops, i2ctest.IO{Addr: addr, W: w})
	}
	return ops
}

func checkDone(t *testing.T, p *i2ctest.Playback) {
	t.Helper()
	if err := p.Close(); err != nil {
		t.Error(err)
	}
}

func TestNew(t *testing.T) {
	tests := []struct {
		name string
		opts Opts
		want []i2ctest.IO
	}{
		{"default", DefaultOpts, initOps},
		{"address 0x71, full brightness", Opts{Addr: 0x71, Digits: [4]uint8{0, 1, 3, 4}, Brightness: 15},
			writes(0x71, []byte{0x21}, ram(), []byte{0xEF}, []byte{0x81})},
		{"dimmest", Opts{Addr: 0x70, Digits: [4]uint8{0, 1, 2, 3}},
			writes(0x70, []byte{0x21}, ram(), []byte{0xE0}, []byte{0x81})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPlayback(tt.want)
			if _, err := New(p, &tt.opts); err != nil {
				t.Fatal(err)
			}
			checkDone(t, p)
		})
	}
}

func TestNewErrors(t *testing.T) {
	opts := func(f func(*Opts)) Opts {
		o := DefaultOpts
		f(&o)
		return o
	}
	tests := []struct {
		name string
		opts Opts
		ops  []i2ctest.IO
		want string
	}{
		{"address", opts(func(o *Opts) { o.Addr = 0x3C }), nil, "address 0x3c"},
		{"brightness", opts(func(o *Opts) { o.Brightness = 16 }), nil, "brightness 16"},
		{"white end", opts(func(o *Opts) { o.WhiteEnd = 2 }), nil, "white end 2"},
		{"row twice", opts(func(o *Opts) { o.Digits = [4]uint8{0, 1, 1, 4} }), nil, "digit rows [0 1 1 4]"},
		{"row 8", opts(func(o *Opts) { o.Digits = [4]uint8{0, 1, 3, 8} }), nil, "digit rows [0 1 3 8]"},
		{"no chip", DefaultOpts, nil, "command 0x21"},
		{"blanking fails", DefaultOpts, initOps[:1], "show 00000000"},
		{"dimming fails", DefaultOpts, initOps[:2], "command 0xe8"},
		{"display on fails", DefaultOpts, initOps[:3], "command 0x81"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(newPlayback(tt.ops), &tt.opts)
			wantErr(t, err, tt.want)
		})
	}
}

// wantErr fails unless err names the device and contains what.
func wantErr(t *testing.T, err error, what string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one about %q", what)
	}
	if s := err.Error(); !strings.HasPrefix(s, "segment: HT16K33{playback, 0x") || !strings.Contains(s, what) {
		t.Errorf("error %q: want it to name the HT16K33 and contain %q", s, what)
	}
}

func TestCube(t *testing.T) {
	tests := []struct {
		name  string
		value int
		dead  bool
		want  Cells
	}{
		{"1", 1, false, Cells{0, 0, g1, 0}},
		{"2", 2, false, Cells{0, 0, g2, 0}},
		{"64", 64, false, Cells{0, g6, g4, 0}},
		{"128", 128, false, Cells{0, g1, g2, g8}},
		{"1024", 1024, false, Cells{g1, g0, g2, g4}},
		{"dead 8", 8, true, Cells{dash, dash, g8, dash}},
		{"dead 64", 64, true, Cells{dash, g6, g4, dash}},
		{"dead 128", 128, true, Cells{dash, g1, g2, g8}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Cube(tt.value, tt.dead)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got % x, want % x", got, tt.want)
			}
		})
	}
	for _, v := range []int{0, -2, 16384} {
		if _, err := Cube(v, false); err == nil || !strings.Contains(err.Error(), "cube value") {
			t.Errorf("Cube(%d): error %v, want one about the cube value", v, err)
		}
	}
}

func TestDice(t *testing.T) {
	got, err := Dice(6, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Cells{0, g6, dash, g3}); got != want {
		t.Errorf("6-3: got % x, want % x", got, want)
	}
	for _, d := range [][2]int{{0, 3}, {6, 7}} {
		if _, err := Dice(d[0], d[1]); err == nil || !strings.Contains(err.Error(), "dice") {
			t.Errorf("Dice(%d, %d): error %v, want one about the dice", d[0], d[1], err)
		}
	}
}

func TestText(t *testing.T) {
	tests := []struct {
		text string
		want Cells
	}{
		{"CRAW", Cells{lineC, lineR, lineA, lineW}},
		{"craw", Cells{lineC, lineR, lineA, lineW}},
		{"ILL", Cells{lineI, lineL, lineL, 0}},
		{"-", Cells{dash, 0, 0, 0}},
		{"", Cells{}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got, err := Text(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got % x, want % x", got, tt.want)
			}
		})
	}
	for _, s := range []string{"ILLEGAL", "K", "6.3"} {
		if _, err := Text(s); err == nil || !strings.Contains(err.Error(), s) {
			t.Errorf("Text(%q): error %v, want one quoting the text", s, err)
		}
	}
}

func TestShowCube(t *testing.T) {
	tests := []struct {
		name     string
		whiteEnd End
		value    int
		owner    Owner
		dead     bool
		want     []byte
	}{
		// Rows 0, 1, 3, 4 hold the digits; row 2 (the colon) stays dark.
		{"centred 1", Left, 1, Centered, false, ram(0, 0, 0, g1, 0)},
		{"White owns 2, White left", Left, 2, White, false, ram(dp, 0, 0, g2, 0)},
		{"Black owns 4, White left", Left, 4, Black, false, ram(0, 0, 0, g4, dp)},
		{"White owns 64, White right", Right, 64, White, false, ram(0, g6, 0, g4, dp)},
		{"Black owns 64, White right", Right, 64, Black, false, ram(dp, g6, 0, g4, 0)},
		{"Black owns dead 16, White left", Left, 16, Black, true, ram(dash, g1, 0, g6, dash|dp)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPlayback(initOps, writes(0x70, tt.want))
			o := DefaultOpts
			o.WhiteEnd = tt.whiteEnd
			d, err := New(p, &o)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.ShowCube(tt.value, tt.owner, tt.dead); err != nil {
				t.Fatal(err)
			}
			checkDone(t, p)
		})
	}
}

func TestShowLayout(t *testing.T) {
	// A bare 4-digit display on rows 4-7, right to left.
	o := Opts{Addr: 0x70, Digits: [4]uint8{7, 6, 5, 4}, Brightness: 8}
	c, err := Text("CRAW")
	if err != nil {
		t.Fatal(err)
	}
	p := newPlayback(initOps, writes(0x70, ram(0, 0, 0, 0, lineW, lineA, lineR, lineC)))
	d, err := New(p, &o)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Show(c); err != nil {
		t.Fatal(err)
	}
	checkDone(t, p)
}

func TestSetBlink(t *testing.T) {
	tests := []struct {
		name string
		b    Blink
		want byte
	}{
		{"off", BlinkOff, 0x81},
		{"2 Hz", Blink2Hz, 0x83},
		{"1 Hz", Blink1Hz, 0x85},
		{"0.5 Hz", BlinkHalfHz, 0x87},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPlayback(initOps, writes(0x70, []byte{tt.want}))
			d, err := New(p, &DefaultOpts)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.SetBlink(tt.b); err != nil {
				t.Fatal(err)
			}
			checkDone(t, p)
		})
	}
	d, err := New(newPlayback(initOps), &DefaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	wantErr(t, d.SetBlink(1), "blink 0x1")
}

func TestErrorsAfterNew(t *testing.T) {
	d, err := New(newPlayback(initOps), &DefaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	wantErr(t, d.Halt(), "show 00000000")
	if err := d.ShowCube(0, White, false); err == nil || !strings.Contains(err.Error(), "cube value 0") {
		t.Errorf("ShowCube(0): error %v, want one about the cube value", err)
	}
}

func TestHalt(t *testing.T) {
	p := newPlayback(initOps, writes(0x70, ram(dash, dash, 0, dash, dash), ram()))
	d, err := New(p, &DefaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Show(Cells{dash, dash, dash, dash}); err != nil {
		t.Fatal(err)
	}
	if err := d.Halt(); err != nil {
		t.Fatal(err)
	}
	checkDone(t, p)
}

func TestString(t *testing.T) {
	d, err := New(newPlayback(initOps), &DefaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.String(), "HT16K33{playback, 0x70, digits on rows [0 1 3 4], White left}"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestShowDoesNotAllocate(t *testing.T) {
	d, err := New(&i2ctest.Record{}, &DefaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	d.c.Bus = &discard{}
	if n := testing.AllocsPerRun(10, func() { _ = d.ShowCube(64, White, false) }); n != 0 {
		t.Errorf("ShowCube allocates %v times, want 0", n)
	}
}

// discard is an I2C bus that drops every write.
type discard struct{ i2ctest.Playback }

func (*discard) Tx(uint16, []byte, []byte) error { return nil }
