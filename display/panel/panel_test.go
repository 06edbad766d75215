package panel

import (
	"errors"
	"fmt"
	"image/color"
	"strings"
	"sync"
	"testing"
	"time"

	"gammond/display/leds"
	"gammond/display/oled"
	"gammond/display/segment"
)

// recorder stands in for every device: it logs each write as a line, and
// fails the next write when fail is set.
type recorder struct {
	log  []string
	fail error
}

func (r *recorder) write(format string, args ...any) error {
	if err := r.fail; err != nil {
		r.fail = nil
		return err
	}
	r.log = append(r.log, fmt.Sprintf(format, args...))
	return nil
}

// take returns the writes since the last take.
func (r *recorder) take() string {
	s := strings.Join(r.log, "; ")
	r.log = r.log[:0]
	return s
}

type fakeStrip struct{ *recorder }

// Show logs the lit LEDs as index=RRGGBB.
func (f fakeStrip) Show(c []color.NRGBA) error {
	var lit []string
	for i, v := range c {
		if v.R|v.G|v.B != 0 {
			lit = append(lit, fmt.Sprintf("%d=%02x%02x%02x", i, v.R, v.G, v.B))
		}
	}
	return f.write("strip [%s]", strings.Join(lit, " "))
}
func (f fakeStrip) Halt() error { return f.write("strip halt") }

type fakeCube struct{ *recorder }

func (f fakeCube) Show(c segment.Cells) error     { return f.write("cube %x", c) }
func (f fakeCube) SetBlink(b segment.Blink) error { return f.write("blink %#x", byte(b)) }
func (f fakeCube) Halt() error                    { return f.write("cube halt") }

type fakeScreen struct{ *recorder }

func (f fakeScreen) Show(s *oled.Screen) error { return f.write("screen %q", s.Message) }
func (f fakeScreen) Halt() error               { return f.write("screen halt") }

type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time { return c.now }

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func newTestPanel(t *testing.T, o Opts) (*Panel, *recorder, *fakeClock) {
	t.Helper()
	rec := &recorder{}
	clock := &fakeClock{now: t0}
	p, err := New(Devices{Strip: fakeStrip{rec}, Cube: fakeCube{rec}, Screen: fakeScreen{rec}}, clock, &o)
	if err != nil {
		t.Fatal(err)
	}
	return p, rec, clock
}

var red = color.NRGBA{R: 0xFF, A: 0xFF}

// flagged is a state with points 8 and 13 blinking red, "ILL" blinking.
func flagged() State {
	var s State
	s.LEDs[leds.Point(8)] = LED{Color: red, Blink: true}
	s.LEDs[leds.Point(13)] = LED{Color: red, Blink: true}
	s.LEDs[leds.BlackBar] = LED{Color: DefaultLook.ToAct}
	s.Cube, s.CubeBlink = wordIll, true
	s.Screen.Message = "ILLEGAL 13 8"
	return s
}

func TestUpdateWritesOnlyChanges(t *testing.T) {
	p, rec, _ := newTestPanel(t, DefaultOpts)
	var s State
	steps := []struct {
		name   string
		change func()
		want   string
	}{
		{"first update writes all", func() {}, `strip []; cube 00000000; blink 0x0; screen ""`},
		{"same state: nothing", func() {}, ""},
		{"a LED", func() { s.LEDs[leds.WhiteBar] = LED{Color: DefaultLook.ToAct} }, "strip [24=303030]"},
		{"the cube", func() { s.Cube = wordCraw }, "cube 3950777e"},
		{"the cube blinks", func() { s.CubeBlink = true }, "blink 0x4"},
		{"the screen", func() { s.Screen.Message = "WHITE ROLLS 63" }, `screen "WHITE ROLLS 63"`},
		{"the cube steady again", func() { s.CubeBlink = false }, "blink 0x0"},
		{"same state again: nothing", func() {}, ""},
	}
	for _, step := range steps {
		step.change()
		if err := p.Update(s); err != nil {
			t.Fatal(err)
		}
		if got := rec.take(); got != step.want {
			t.Errorf("%s: wrote %q, want %q", step.name, got, step.want)
		}
	}
}

func TestBlinkPeriod(t *testing.T) {
	o := DefaultOpts
	o.BlinkPeriod = 800 * time.Millisecond
	p, rec, clock := newTestPanel(t, o)
	clock.now = t0.Add(5 * time.Second)
	if err := p.Update(flagged()); err != nil {
		t.Fatal(err)
	}
	rec.take()
	lit, dark := "strip [7=ff0000 12=ff0000 25=303030]", "strip [25=303030]"
	for _, tick := range []struct {
		after time.Duration
		want  string
	}{
		{0, ""},
		{399 * time.Millisecond, ""},
		{400 * time.Millisecond, dark},
		{799 * time.Millisecond, ""},
		{800 * time.Millisecond, lit},
		{1000 * time.Millisecond, ""},
		{1250 * time.Millisecond, dark},
		{2400 * time.Millisecond, lit}, // a late tick catches up with the phase
		{2800 * time.Millisecond, dark},
	} {
		if err := p.Tick(clock.now.Add(tick.after)); err != nil {
			t.Fatal(err)
		}
		if got := rec.take(); got != tick.want {
			t.Errorf("tick at +%v: wrote %q, want %q", tick.after, got, tick.want)
		}
	}
}

func TestBlinkRestartsLitOnANewFlag(t *testing.T) {
	p, rec, clock := newTestPanel(t, DefaultOpts)
	s := flagged()
	if err := p.Update(s); err != nil {
		t.Fatal(err)
	}
	clock.now = t0.Add(600 * time.Millisecond)
	if err := p.Tick(clock.now); err != nil {
		t.Fatal(err)
	}
	rec.take() // dark now
	// A change that keeps the blinking LEDs keeps their phase.
	s.LEDs[leds.Point(20)] = LED{Color: DefaultLook.Hint}
	if err := p.Update(s); err != nil {
		t.Fatal(err)
	}
	if got, want := rec.take(), "strip [19=0000ff 25=303030]"; got != want {
		t.Errorf("hint added: wrote %q, want %q", got, want)
	}
	// Another point flagged: lit at once, a cycle from now.
	s.LEDs[leds.Point(1)] = LED{Color: red, Blink: true}
	if err := p.Update(s); err != nil {
		t.Fatal(err)
	}
	if got, want := rec.take(), "strip [0=ff0000 7=ff0000 12=ff0000 19=0000ff 25=303030]"; got != want {
		t.Errorf("new flag: wrote %q, want %q", got, want)
	}
	for _, tick := range []struct {
		after time.Duration
		want  string
	}{{499 * time.Millisecond, ""}, {500 * time.Millisecond, "strip [19=0000ff 25=303030]"}} {
		if err := p.Tick(clock.now.Add(tick.after)); err != nil {
			t.Fatal(err)
		}
		if got := rec.take(); got != tick.want {
			t.Errorf("tick at +%v: wrote %q, want %q", tick.after, got, tick.want)
		}
	}
}

func TestTickWithoutBlinkingWritesNothing(t *testing.T) {
	p, rec, _ := newTestPanel(t, DefaultOpts)
	var s State
	s.LEDs[3] = LED{Color: DefaultLook.LastPlay}
	if err := p.Update(s); err != nil {
		t.Fatal(err)
	}
	rec.take()
	for i := range 10 {
		if err := p.Tick(t0.Add(time.Duration(i) * 300 * time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	if got := rec.take(); got != "" {
		t.Errorf("ticks wrote %q", got)
	}
}

func TestBrightness(t *testing.T) {
	o := DefaultOpts
	o.Brightness = 128
	p, rec, _ := newTestPanel(t, o)
	var s State
	s.LEDs[0] = LED{Color: red}
	s.LEDs[1] = LED{Color: DefaultLook.ToAct}
	if err := p.Update(s); err != nil {
		t.Fatal(err)
	}
	// 0xFF*128/255 = 0x80; 0x30*128/255 = 24.1 = 0x18.
	if got, want := rec.take(), `strip [0=800000 1=181818]; cube 00000000; blink 0x0; screen ""`; got != want {
		t.Errorf("wrote %q, want %q", got, want)
	}
}

func TestFailedWriteRetried(t *testing.T) {
	p, rec, _ := newTestPanel(t, DefaultOpts)
	broken := errors.New("bus broken")
	rec.fail = broken
	if err := p.Update(flagged()); !errors.Is(err, broken) {
		t.Fatalf("Update: error %v, want %v", err, broken)
	}
	if got, want := rec.take(), `cube 30383800; blink 0x4; screen "ILLEGAL 13 8"`; got != want {
		t.Errorf("first update wrote %q, want %q", got, want)
	}
	if err := p.Tick(t0); err != nil {
		t.Fatal(err)
	}
	if got, want := rec.take(), "strip [7=ff0000 12=ff0000 25=303030]"; got != want {
		t.Errorf("tick wrote %q, want the strip again: %q", got, want)
	}
}

func TestHalt(t *testing.T) {
	p, rec, _ := newTestPanel(t, DefaultOpts)
	s := flagged()
	if err := p.Update(s); err != nil {
		t.Fatal(err)
	}
	rec.take()
	if err := p.Halt(); err != nil {
		t.Fatal(err)
	}
	if got, want := rec.take(), "strip halt; cube halt; screen halt"; got != want {
		t.Errorf("Halt wrote %q, want %q", got, want)
	}
	if err := p.Tick(t0.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	if got := rec.take(); got != "" {
		t.Errorf("Tick after Halt wrote %q", got)
	}
	if err := p.Update(s); err != nil {
		t.Fatal(err)
	}
	if got, want := rec.take(), `strip [7=ff0000 12=ff0000 25=303030]; cube 30383800; blink 0x4; screen "ILLEGAL 13 8"`; got != want {
		t.Errorf("Update after Halt wrote %q, want %q", got, want)
	}
}

func TestNoScreen(t *testing.T) {
	rec := &recorder{}
	p, err := New(Devices{Strip: fakeStrip{rec}, Cube: fakeCube{rec}}, &fakeClock{now: t0}, &DefaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Update(flagged()); err != nil {
		t.Fatal(err)
	}
	if err := p.Halt(); err != nil {
		t.Fatal(err)
	}
	if got, want := rec.take(), "strip [7=ff0000 12=ff0000 25=303030]; cube 30383800; blink 0x4; strip halt; cube halt"; got != want {
		t.Errorf("wrote %q, want %q", got, want)
	}
}

func TestNewErrors(t *testing.T) {
	rec := &recorder{}
	devs := Devices{Strip: fakeStrip{rec}, Cube: fakeCube{rec}}
	slow, badRate := DefaultOpts, DefaultOpts
	slow.BlinkPeriod = time.Microsecond
	badRate.CubeBlink = segment.BlinkOff
	for _, tt := range []struct {
		name  string
		devs  Devices
		clock Clock
		opts  Opts
		want  string
	}{
		{"no strip", Devices{Cube: fakeCube{rec}}, &fakeClock{}, DefaultOpts, "a strip and a cube display"},
		{"no cube", Devices{Strip: fakeStrip{rec}}, &fakeClock{}, DefaultOpts, "a strip and a cube display"},
		{"no clock", devs, nil, DefaultOpts, "no clock"},
		{"blink period", devs, &fakeClock{}, slow, "blink period 1µs"},
		{"cube blink", devs, &fakeClock{}, badRate, "cube blink 0x0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.devs, tt.clock, &tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
}

// quietStrip takes colours without allocating.
type quietStrip struct{ last [leds.Count]color.NRGBA }

func (q *quietStrip) Show(c []color.NRGBA) error { copy(q.last[:], c); return nil }
func (q *quietStrip) Halt() error                { return nil }

func newQuietPanel(tb testing.TB) *Panel {
	rec := &recorder{}
	p, err := New(Devices{Strip: &quietStrip{}, Cube: fakeCube{rec}}, &fakeClock{now: t0}, &DefaultOpts)
	if err != nil {
		tb.Fatal(err)
	}
	if err := p.Update(flagged()); err != nil {
		tb.Fatal(err)
	}
	return p
}

func TestTickDoesNotAllocate(t *testing.T) {
	p := newQuietPanel(t)
	now := t0
	allocs := testing.AllocsPerRun(100, func() {
		now = now.Add(500 * time.Millisecond) // a write every tick
		if err := p.Tick(now); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Tick allocates %v times", allocs)
	}
}

func BenchmarkTick(b *testing.B) {
	p := newQuietPanel(b)
	now := t0
	for b.Loop() {
		now = now.Add(250 * time.Millisecond)
		if err := p.Tick(now); err != nil {
			b.Fatal(err)
		}
	}
}

// TestConcurrentUpdateTick is for the race detector: events Update the
// panel while a ticker Ticks it.
func TestConcurrentUpdateTick(t *testing.T) {
	rec := &recorder{}
	p, err := New(Devices{Strip: &quietStrip{}, Cube: fakeCube{rec}}, &fakeClock{now: t0}, &DefaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 200 {
			if err := p.Tick(t0.Add(time.Duration(i) * 100 * time.Millisecond)); err != nil {
				t.Error(err)
			}
		}
	})
	for i := range 200 {
		s := flagged()
		if i%2 == 0 {
			s = State{}
		}
		if err := p.Update(s); err != nil {
			t.Error(err)
		}
	}
	wg.Wait()
}
