package scan_test

import (
	"testing"
	"time"

	"gammond/sensing/mcp3208"
	"gammond/sensing/mux"
	"gammond/sensing/scan"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// selectLines is a free set of four GPIO output lines.
type selectLines struct{}

func (selectLines) SetValues([]int) error { return nil }
func (selectLines) Close() error          { return nil }
func (selectLines) Chip() string          { return "gpiochip0" }
func (selectLines) Offsets() []int        { return []int{5, 6, 13, 26} }

// spiPort is a free SPI port whose MCP3208 reads mid-scale on every channel.
type spiPort struct{ name string }

func (p *spiPort) String() string                                            { return p.name }
func (p *spiPort) Duplex() conn.Duplex                                       { return conn.Full }
func (p *spiPort) Connect(physic.Frequency, spi.Mode, int) (spi.Conn, error) { return p, nil }
func (p *spiPort) Tx(w, r []byte) error                                      { r[1], r[2] = 0x08, 0x00; return nil }
func (p *spiPort) TxPackets(pkts []spi.Packet) error {
	for _, k := range pkts {
		k.R[1], k.R[2] = 0x08, 0x00
	}
	return nil
}

type noWait struct{}

func (noWait) Wait(time.Duration) {}

// BenchmarkScanDrivers is a whole R1 frame through the real mux and
// mcp3208 drivers on free fakes: the Go cost the Pi pays on top of the bus
// and the settle waits. Budget: 0 allocations.
func BenchmarkScanDrivers(b *testing.B) {
	sel, err := mux.New(selectLines{})
	if err != nil {
		b.Fatal(err)
	}
	var adcs []scan.ADC
	for _, name := range []string{"SPI0.0", "SPI0.1"} {
		adc, err := mcp3208.New(&spiPort{name}, &mcp3208.DefaultOpts)
		if err != nil {
			b.Fatal(err)
		}
		adcs = append(adcs, adc)
	}
	o := scan.DefaultOpts
	o.Waiter = noWait{}
	s, err := scan.New(sel, adcs, &o)
	if err != nil {
		b.Fatal(err)
	}
	frame := make([]uint16, o.Sensors)
	b.ReportAllocs()
	for b.Loop() {
		if err := s.Scan(frame); err != nil {
			b.Fatal(err)
		}
	}
	if frame[151] != 0x800 {
		b.Errorf("sensor 151 = %#x, want 0x800", frame[151])
	}
}
