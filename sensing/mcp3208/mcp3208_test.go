package mcp3208

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/conntest"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spitest"
)

// playback returns a port that expects exactly ops, one Tx each.
func playback(ops ...conntest.IO) *spitest.Playback {
	return &spitest.Playback{Playback: conntest.Playback{Ops: ops, DontPanic: true}}
}

func newDev(t *testing.T, p spi.Port, batch int) *Dev {
	t.Helper()
	d, err := New(p, &Opts{Freq: physic.MegaHertz, Batch: batch})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Commands and replies from the datasheet's figure 6-1: the reply's high
// nibble of byte 1 is undefined and must be ignored.
func TestRead(t *testing.T) {
	for _, tc := range []struct {
		name string
		ch   int
		w, r []byte
		want uint16
	}{
		{"ch0 zero", 0, []byte{0x06, 0x00, 0x00}, []byte{0x00, 0x00, 0x00}, 0},
		{"ch0 full scale", 0, []byte{0x06, 0x00, 0x00}, []byte{0x00, 0x0F, 0xFF}, 0xFFF},
		{"ch1 undefined bits set", 1, []byte{0x06, 0x40, 0x00}, []byte{0xFF, 0xF8, 0x00}, 0x800},
		{"ch2", 2, []byte{0x06, 0x80, 0x00}, []byte{0x00, 0x01, 0x23}, 0x123},
		{"ch3", 3, []byte{0x06, 0xC0, 0x00}, []byte{0x00, 0x07, 0xFF}, 0x7FF},
		{"ch4 sets D2", 4, []byte{0x07, 0x00, 0x00}, []byte{0x00, 0x08, 0x01}, 0x801},
		{"ch5", 5, []byte{0x07, 0x40, 0x00}, []byte{0x00, 0x0C, 0x00}, 0xC00},
		{"ch6", 6, []byte{0x07, 0x80, 0x00}, []byte{0x00, 0x00, 0xFF}, 0x0FF},
		{"ch7", 7, []byte{0x07, 0xC0, 0x00}, []byte{0x3C, 0x0A, 0x5C}, 0xA5C},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := playback(conntest.IO{W: tc.w, R: tc.r})
			got, err := newDev(t, p, 1).Read(tc.ch)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("Read(%d) = %#03x, want %#03x", tc.ch, got, tc.want)
			}
			if err := p.Close(); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestReadChannelsTx(t *testing.T) {
	p := playback(
		conntest.IO{W: []byte{0x07, 0xC0, 0x00}, R: []byte{0x00, 0x0F, 0xFE}},
		conntest.IO{W: []byte{0x06, 0x00, 0x00}, R: []byte{0x00, 0x00, 0x01}},
		conntest.IO{W: []byte{0x07, 0x00, 0x00}, R: []byte{0x00, 0x08, 0x00}},
	)
	dst := make([]uint16, 3)
	if err := newDev(t, p, 1).ReadChannels([]int{7, 0, 4}, dst); err != nil {
		t.Fatal(err)
	}
	want := []uint16{0xFFE, 0x001, 0x800}
	for i := range want {
		if dst[i] != want[i] {
			t.Errorf("dst[%d] = %#03x, want %#03x", i, dst[i], want[i])
		}
	}
	if err := p.Close(); err != nil {
		t.Error(err)
	}
}

// packetPort is an spi.Port and spi.Conn that logs every port call and
// replies to a conversion of channel ch with the reading 0x100*ch+ch, the
// undefined bits set.
type packetPort struct {
	calls [][]spi.Packet // one entry per call, Tx logged as one packet
	err   error
	log   bool
}

func (p *packetPort) String() string                    { return "fake" }
func (p *packetPort) Duplex() conn.Duplex               { return conn.Full }
func (p *packetPort) LimitSpeed(physic.Frequency) error { return nil }
func (p *packetPort) Connect(physic.Frequency, spi.Mode, int) (spi.Conn, error) {
	return p, nil
}

func (p *packetPort) Tx(w, r []byte) error {
	return p.TxPackets([]spi.Packet{{W: w, R: r}})
}

func (p *packetPort) TxPackets(pkts []spi.Packet) error {
	if p.err != nil {
		return p.err
	}
	if p.log {
		call := make([]spi.Packet, len(pkts))
		for i, k := range pkts {
			call[i] = spi.Packet{W: bytes.Clone(k.W), KeepCS: k.KeepCS}
		}
		p.calls = append(p.calls, call)
	}
	for _, k := range pkts {
		ch := k.W[0]&1<<2 | k.W[1]>>6
		k.R[0], k.R[1], k.R[2] = 0xFF, 0xF0|ch, ch
	}
	return nil
}

func TestReadChannelsBatch(t *testing.T) {
	cmd := func(ch int) []byte { c := command(ch); return c[:] }
	for _, tc := range []struct {
		name  string
		batch int
		chs   []int
		calls [][]int // channels of each port call
	}{
		{"one Tx per channel", 1, []int{3, 1}, [][]int{{3}, {1}}},
		{"one batch", 4, []int{0, 1, 2, 3}, [][]int{{0, 1, 2, 3}}},
		{"batches and a single Tx", 4, []int{0, 1, 2, 3, 4, 5, 6, 7, 2}, [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}, {2}}},
		{"all in one", 8, []int{7, 6, 5, 4, 3, 2, 1, 0}, [][]int{{7, 6, 5, 4, 3, 2, 1, 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &packetPort{log: true}
			dst := make([]uint16, len(tc.chs))
			if err := newDev(t, p, tc.batch).ReadChannels(tc.chs, dst); err != nil {
				t.Fatal(err)
			}
			for i, ch := range tc.chs {
				if want := uint16(ch)<<8 | uint16(ch); dst[i] != want {
					t.Errorf("dst[%d] = %#03x, want %#03x", i, dst[i], want)
				}
			}
			if len(p.calls) != len(tc.calls) {
				t.Fatalf("%d port calls, want %d", len(p.calls), len(tc.calls))
			}
			for i, call := range p.calls {
				if len(call) != len(tc.calls[i]) {
					t.Fatalf("call %d: %d packets, want %d", i, len(call), len(tc.calls[i]))
				}
				for j, k := range call {
					if want := cmd(tc.calls[i][j]); !bytes.Equal(k.W, want) {
						t.Errorf("call %d packet %d: W = % x, want % x", i, j, k.W, want)
					}
					if k.KeepCS {
						t.Errorf("call %d packet %d: KeepCS set: each conversion needs its own CS pulse", i, j)
					}
				}
			}
		})
	}
}

var errBus = errors.New("bus fault")

func TestReadChannelsErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		port *packetPort
		chs  []int
		dst  int
		is   error
		msg  string
	}{
		{"channel 8", &packetPort{log: true}, []int{0, 8}, 2, ErrChannel, "MCP3208{fake}: channel 8"},
		{"channel -1", &packetPort{log: true}, []int{-1}, 1, ErrChannel, "MCP3208{fake}: channel -1"},
		{"short dst", &packetPort{log: true}, []int{0, 1}, 1, nil, "2 channels into 1 readings"},
		{"bus error", &packetPort{err: errBus}, []int{5, 6}, 2, errBus, "MCP3208{fake}: read channels [5 6]: bus fault"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := newDev(t, tc.port, 4).ReadChannels(tc.chs, make([]uint16, tc.dst))
			if err == nil {
				t.Fatal("no error")
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %q does not wrap %q", err, tc.is)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q does not say %q", err, tc.msg)
			}
			if len(tc.port.calls) != 0 {
				t.Errorf("%d port calls on a bad request", len(tc.port.calls))
			}
		})
	}
}

func TestNewErrors(t *testing.T) {
	used := playback()
	used.Initialized = true
	for _, tc := range []struct {
		name  string
		port  spi.Port
		batch int
		msg   string
	}{
		{"batch 0", playback(), 0, "batch 0 out of range 1..8"},
		{"batch 9", playback(), 9, "batch 9 out of range 1..8"},
		{"connect fails", used, 1, "mcp3208 on playback: spitest: Connect cannot be called twice"},
		{"half duplex", &spitest.Playback{Playback: conntest.Playback{D: conn.Half}}, 1, "needs full duplex"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.port, &Opts{Freq: physic.MegaHertz, Batch: tc.batch})
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("New: error %v, want %q", err, tc.msg)
			}
		})
	}
}

func TestString(t *testing.T) {
	if got, want := newDev(t, playback(), 1).String(), "MCP3208{playback}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// The scan loop reads 10 channels 16 times a frame: no allocation allowed.
func TestReadChannelsAllocs(t *testing.T) {
	d := newDev(t, &packetPort{}, DefaultOpts.Batch)
	chs := []int{0, 1, 2, 3, 4, 5, 6, 7}
	dst := make([]uint16, len(chs))
	if n := testing.AllocsPerRun(100, func() {
		if err := d.ReadChannels(chs, dst); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("ReadChannels: %v allocations, want 0", n)
	}
}

func BenchmarkReadChannels8(b *testing.B) {
	d, err := New(&packetPort{}, &DefaultOpts)
	if err != nil {
		b.Fatal(err)
	}
	chs := []int{0, 1, 2, 3, 4, 5, 6, 7}
	dst := make([]uint16, len(chs))
	b.ReportAllocs()
	for b.Loop() {
		if err := d.ReadChannels(chs, dst); err != nil {
			b.Fatal(err)
		}
	}
}
