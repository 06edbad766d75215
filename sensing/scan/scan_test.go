package scan

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// board is a fake of R1's hardware: it remembers the select value, and ADC
// a's channel k reads a*1000 + k*100 + select, so a frame shows where every
// reading came from.
type board struct {
	sel    int
	log    []string // "select 3", "wait 20µs", "adc 0 [0 1]"
	logOn  bool
	selErr error
}

func (b *board) Select(ch int) error {
	if b.selErr != nil {
		return b.selErr
	}
	b.sel = ch
	b.record("select %d", ch)
	return nil
}

func (b *board) Wait(d time.Duration) { b.record("wait %s", d) }

func (b *board) record(format string, args ...any) {
	if b.logOn {
		b.log = append(b.log, fmt.Sprintf(format, args...))
	}
}

type fakeADC struct {
	b      *board
	n      int
	err    error
	failAt int // fail on this call, counting from 1; 0 never
	calls  int
}

func (a *fakeADC) ReadChannels(chs []int, dst []uint16) error {
	a.calls++
	if a.err != nil && a.calls >= a.failAt {
		return a.err
	}
	a.b.record("adc %d %v", a.n, chs)
	for i, k := range chs {
		dst[i] = uint16(a.n*1000 + k*100 + a.b.sel)
	}
	return nil
}

func fakeR1() (*board, []ADC) {
	b := &board{}
	return b, []ADC{&fakeADC{b: b, n: 0}, &fakeADC{b: b, n: 1}}
}

func newScanner(t testing.TB, sel Selector, adcs []ADC, o Opts, w Waiter) *Scanner {
	t.Helper()
	o.Waiter = w
	s, err := New(sel, adcs, &o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// R1's default map: mux m (ADC m/8, channel m%8) channel c is sensor m*16+c.
func TestScanDefaultMap(t *testing.T) {
	b, adcs := fakeR1()
	s := newScanner(t, b, adcs, DefaultOpts, b)
	frame := make([]uint16, 152)
	if err := s.Scan(frame); err != nil {
		t.Fatal(err)
	}
	for m := range 10 {
		for c := range 16 {
			sensor := m*16 + c
			if sensor >= 152 {
				continue
			}
			if want := uint16(m/8*1000 + m%8*100 + c); frame[sensor] != want {
				t.Errorf("sensor %d (mux %d channel %d) = %d, want %d", sensor, m, c, frame[sensor], want)
			}
		}
	}
}

// Each step selects, settles once, then converts each ADC's used channels in
// one call; mux 9's channels 8-15 read nothing, so ADC 1 then converts only
// mux 8.
func TestScanSequence(t *testing.T) {
	b, adcs := fakeR1()
	b.logOn = true
	s := newScanner(t, b, adcs, DefaultOpts, b)
	if err := s.Scan(make([]uint16, 152)); err != nil {
		t.Fatal(err)
	}
	var want []string
	for c := range 16 {
		want = append(want, fmt.Sprintf("select %d", c), "wait 20µs", "adc 0 [0 1 2 3 4 5 6 7]")
		if c < 8 {
			want = append(want, "adc 1 [0 1]")
		} else {
			want = append(want, "adc 1 [0]")
		}
	}
	if !slices.Equal(b.log, want) {
		t.Errorf("scan did\n%s\nwant\n%s", strings.Join(b.log, "\n"), strings.Join(want, "\n"))
	}
}

// A builder's board: 3 sensors on 2 multiplexers on one ADC, wired in odd
// places; steps with nothing wired are skipped.
func TestScanCustomMap(t *testing.T) {
	b := &board{logOn: true}
	adcs := []ADC{&fakeADC{b: b}}
	none := [Channels]int{}
	for i := range none {
		none[i] = NoSensor
	}
	m0, m1 := none, none
	m0[3], m1[3], m1[15] = 2, 0, 1
	o := Opts{Sensors: 3, Muxes: []Mux{{ADC: 0, Channel: 5, Sensors: m0}, {ADC: 0, Channel: 2, Sensors: m1}}, Settle: time.Microsecond, Rate: 10}
	s := newScanner(t, b, adcs, o, b)
	frame := make([]uint16, 3)
	if err := s.Scan(frame); err != nil {
		t.Fatal(err)
	}
	if want := []uint16{203, 215, 503}; !slices.Equal(frame, want) {
		t.Errorf("frame = %v, want %v", frame, want)
	}
	want := []string{"select 3", "wait 1µs", "adc 0 [5 2]", "select 15", "wait 1µs", "adc 0 [2]"}
	if !slices.Equal(b.log, want) {
		t.Errorf("scan did %q, want %q", b.log, want)
	}
}

func TestNewErrors(t *testing.T) {
	edit := func(f func(o *Opts)) Opts {
		o := DefaultOpts
		o.Muxes = slices.Clone(o.Muxes)
		f(&o)
		return o
	}
	for _, tc := range []struct {
		name string
		o    Opts
		msg  string
	}{
		{"no sensors", edit(func(o *Opts) { o.Sensors = 0 }), "scan: 0 sensors"},
		{"settle", edit(func(o *Opts) { o.Settle = 2 * time.Millisecond }), "scan: settle 2ms out of range 0..1ms"},
		{"rate", edit(func(o *Opts) { o.Rate = 0 }), "scan: rate 0 out of range 1..1000 frames/s"},
		{"no such ADC", edit(func(o *Opts) { o.Muxes[9].ADC = 2 }), "scan: multiplexer 9 on ADC 2 channel 1, have ADCs 0..1"},
		{"ADC channel shared", edit(func(o *Opts) { o.Muxes[9].Channel = 0 }), "scan: multiplexers 8 and 9 both on ADC 1 channel 0"},
		{"sensor out of range", edit(func(o *Opts) { o.Muxes[9].Sensors[8] = 152 }), "scan: multiplexer 9 channel 8: sensor 152 out of range 0..151"},
		{"sensor twice", edit(func(o *Opts) { o.Muxes[1].Sensors[0] = 3 }), "scan: sensor 3 on both multiplexer 0 channel 3 and multiplexer 1 channel 0"},
		{"sensor missing", edit(func(o *Opts) { o.Muxes[9].Sensors[7] = NoSensor }), "scan: sensor 151 on no multiplexer channel"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, adcs := fakeR1()
			_, err := New(b, adcs, &tc.o)
			if err == nil || err.Error() != tc.msg {
				t.Errorf("New: %v, want %q", err, tc.msg)
			}
		})
	}
}

var errSPI = errors.New("spi: ioctl failed")

func TestScanErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		frame int
		sel   error
		adc   error
		is    error
		msg   string
	}{
		{"frame length", 151, nil, nil, nil, "scan: frame of 151 readings for 152 sensors"},
		{"select", 152, errSPI, nil, errSPI, "scan: spi: ioctl failed"},
		{"adc", 152, nil, errSPI, errSPI, "scan: multiplexer channel 0: spi: ioctl failed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, adcs := fakeR1()
			b.selErr = tc.sel
			adcs[1].(*fakeADC).err = tc.adc
			s := newScanner(t, b, adcs, DefaultOpts, b)
			err := s.Scan(make([]uint16, tc.frame))
			if err == nil || err.Error() != tc.msg || (tc.is != nil && !errors.Is(err, tc.is)) {
				t.Errorf("Scan: %v, want %q wrapping %v", err, tc.msg, tc.is)
			}
		})
	}
}

// chanTicker is a Ticker the test feeds.
type chanTicker struct {
	c       chan time.Time
	period  time.Duration
	stopped bool
}

func (t *chanTicker) Ticks() <-chan time.Time { return t.c }
func (t *chanTicker) Stop()                   { t.stopped = true }

func runOpts(tk *chanTicker, w Waiter) Opts {
	o := DefaultOpts
	o.Waiter = w
	o.NewTicker = func(d time.Duration) Ticker { tk.period = d; return tk }
	return o
}

func TestRun(t *testing.T) {
	b, adcs := fakeR1()
	t0 := time.Date(2025, 5, 1, 12, 0, 0, 0, time.UTC)
	tk := &chanTicker{c: make(chan time.Time, 3)}
	for i := range 3 {
		tk.c <- t0.Add(time.Duration(i) * 10 * time.Millisecond)
	}
	o := runOpts(tk, b)
	s, err := New(b, adcs, &o)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var got []time.Time
	err = s.Run(ctx, func(at time.Time, frame []uint16) {
		if frame[151] != 1107 { // mux 9 (ADC 1 channel 1) channel 7
			t.Errorf("frame %d: sensor 151 = %d, want 1107", len(got), frame[151])
		}
		if got = append(got, at); len(got) == 3 {
			cancel()
		}
	})
	if err != nil {
		t.Errorf("Run = %v, want nil after cancel", err)
	}
	if len(got) != 3 || !got[2].Equal(t0.Add(20*time.Millisecond)) {
		t.Errorf("frames at %v", got)
	}
	if tk.period != 10*time.Millisecond || !tk.stopped {
		t.Errorf("ticker period %s stopped %t, want 10ms and stopped", tk.period, tk.stopped)
	}
}

func TestRunError(t *testing.T) {
	b, adcs := fakeR1()
	adcs[0].(*fakeADC).err, adcs[0].(*fakeADC).failAt = errSPI, 17 // first call of frame 1
	tk := &chanTicker{c: make(chan time.Time, 2)}
	tk.c <- time.Date(2025, 5, 1, 12, 0, 0, 0, time.UTC)
	tk.c <- time.Date(2025, 5, 1, 12, 0, 0, 10e6, time.UTC)
	o := runOpts(tk, b)
	s, err := New(b, adcs, &o)
	if err != nil {
		t.Fatal(err)
	}
	frames := 0
	err = s.Run(context.Background(), func(time.Time, []uint16) { frames++ })
	want := "frame 1 at May  1 12:00:00.010000: scan: multiplexer channel 0: spi: ioctl failed"
	if err == nil || err.Error() != want || !errors.Is(err, errSPI) {
		t.Errorf("Run = %v, want %q", err, want)
	}
	if frames != 1 || !tk.stopped {
		t.Errorf("%d frames, ticker stopped %t; want 1, true", frames, tk.stopped)
	}
}

func TestSpin(t *testing.T) {
	start := time.Now()
	Spin{}.Wait(50 * time.Microsecond)
	if d := time.Since(start); d < 50*time.Microsecond {
		t.Errorf("Spin.Wait(50µs) returned after %s", d)
	}
}

func TestPeriodString(t *testing.T) {
	b, adcs := fakeR1()
	o := DefaultOpts
	o.Rate = 250
	s := newScanner(t, b, adcs, o, b)
	if got := s.Period(); got != 4*time.Millisecond {
		t.Errorf("Period() = %s at 250 frames/s, want 4ms", got)
	}
	if got, want := s.String(), "scan{152 sensors, 10 multiplexers, 2 ADCs, 250 frames/s}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// nopWait and nopSel stand in for the hardware at no cost.
type (
	nopWait struct{}
	nopSel  struct{}
	nopADC  struct{}
)

func (nopWait) Wait(time.Duration) {}
func (nopSel) Select(int) error    { return nil }
func (nopADC) ReadChannels(chs []int, dst []uint16) error {
	for i := range chs {
		dst[i] = 2048
	}
	return nil
}

func TestScanAllocs(t *testing.T) {
	s := newScanner(t, nopSel{}, []ADC{nopADC{}, nopADC{}}, DefaultOpts, nopWait{})
	frame := make([]uint16, 152)
	if n := testing.AllocsPerRun(100, func() {
		if err := s.Scan(frame); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("Scan: %v allocations per frame, want 0", n)
	}
}

// BenchmarkScan is the scan loop's own cost per R1 frame (16 steps, 152
// conversions) with free hardware. Budget: 0 allocations.
func BenchmarkScan(b *testing.B) {
	s := newScanner(b, nopSel{}, []ADC{nopADC{}, nopADC{}}, DefaultOpts, nopWait{})
	frame := make([]uint16, 152)
	b.ReportAllocs()
	for b.Loop() {
		if err := s.Scan(frame); err != nil {
			b.Fatal(err)
		}
	}
}
