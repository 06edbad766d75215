package buttons

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/sensing"
	"gammond/sensing/mux"

	"github.com/warthog618/go-gpiocdev"
)

// fakeClock runs AfterFunc's functions when the test advances it.
type fakeClock struct {
	now    time.Duration
	timers []*fakeTimer
}

type fakeTimer struct {
	at      time.Duration
	f       func()
	pending bool
}

func (t *fakeTimer) Stop() bool {
	was := t.pending
	t.pending = false
	return was
}

func (c *fakeClock) AfterFunc(d time.Duration, f func()) Timer {
	t := &fakeTimer{at: c.now + d, f: f, pending: true}
	c.timers = append(c.timers, t)
	return t
}

// advanceTo moves the clock to now, running the timers due in the order
// they fall due.
func (c *fakeClock) advanceTo(now time.Duration) {
	for {
		var next *fakeTimer
		for _, t := range c.timers {
			if t.pending && t.at <= now && (next == nil || t.at < next.at) {
				next = t
			}
		}
		if next == nil {
			break
		}
		c.now = next.at
		next.pending = false
		next.f()
	}
	c.now = now
}

func r1Decoder(c Clock, emit func(Event)) *Decoder {
	lines := map[int]Line{}
	for _, l := range DefaultOpts.Lines {
		lines[l.Offset] = l
	}
	return NewDecoder(lines, time.Second, c, emit)
}

// step is a line edge at a time or, with offset 0, the clock reaching it.
type step struct {
	ms      int
	offset  int
	pressed bool
}

func down(ms, offset int) step    { return step{ms, offset, true} }
func release(ms, offset int) step { return step{ms, offset, false} }
func tick(ms int) step            { return step{ms: ms} }

func ev(k sensing.EventKind, s engine.Side, ms int) Event {
	return Event{k, s, time.Duration(ms) * time.Millisecond}
}

func TestDecoder(t *testing.T) {
	const (
		wDone, bDone = 17, 27
		wCube, bCube = 22, 23
		wRoll, bRoll = 24, 25
	)
	W, B := engine.White, engine.Black
	for _, tc := range []struct {
		name  string
		steps []step
		want  []Event
	}{
		{"done on press", []step{down(100, wDone), tick(150), release(180, wDone)}, []Event{ev(sensing.Done, W, 100)}},
		{"black done", []step{down(5, bDone), release(60, bDone)}, []Event{ev(sensing.Done, B, 5)}},
		{"roll on press", []step{down(7, bRoll), release(90, bRoll), down(2000, wRoll)}, []Event{ev(sensing.Roll, B, 7), ev(sensing.Roll, W, 2000)}},
		{"cube short press on release", []step{down(0, wCube), tick(300), release(300, wCube), tick(5000)}, []Event{ev(sensing.Cube, W, 300)}},
		{"cube 999 ms is a double", []step{down(0, bCube), tick(999), release(999, bCube), tick(3000)}, []Event{ev(sensing.Cube, B, 999)}},
		{"pass by the timer", []step{down(0, bCube), tick(999), tick(1000), release(1500, bCube)}, []Event{ev(sensing.Pass, B, 1000)}},
		{"pass on release before the timer ran", []step{down(0, wCube), tick(990), release(1000, wCube), tick(2000)}, []Event{ev(sensing.Pass, W, 1000)}},
		{"pass once when both could", []step{down(0, wCube), tick(1200), release(1200, wCube)}, []Event{ev(sensing.Pass, W, 1000)}},
		{"lost release: the second press starts over", []step{down(0, wCube), tick(500), down(500, wCube), tick(1000), tick(1500)}, []Event{ev(sensing.Pass, W, 1500)}},
		{"resign: DONE while CUBE is held (US 11.1)", []step{
			down(0, wCube), down(400, wDone), release(500, wDone), tick(1500), release(1600, wCube),
		}, []Event{ev(sensing.Resign, W, 400)}},
		{"DONE after a pass is DONE", []step{
			down(0, bCube), tick(1000), down(1200, bDone), release(1300, bCube),
		}, []Event{ev(sensing.Pass, B, 1000), ev(sensing.Done, B, 1200)}},
		{"the other side's CUBE makes no resignation", []step{
			down(0, wCube), down(100, bDone), release(200, wCube),
		}, []Event{ev(sensing.Done, B, 100), ev(sensing.Cube, W, 200)}},
		{"both ROLLs held 2 s: the next match", []step{
			down(0, wRoll), down(300, bRoll), tick(2299), tick(2300), release(2500, wRoll), release(2600, bRoll),
		}, []Event{ev(sensing.Roll, W, 0), ev(sensing.Roll, B, 300), ev(sensing.NextMatch, B, 2300)}},
		{"a ROLL released before 2 s: no next match", []step{
			down(0, bRoll), down(100, wRoll), release(2000, bRoll), tick(5000), release(5100, wRoll),
		}, []Event{ev(sensing.Roll, B, 0), ev(sensing.Roll, W, 100)}},
		{"one ROLL held long: no next match", []step{down(0, wRoll), tick(5000), release(5000, wRoll)}, []Event{ev(sensing.Roll, W, 0)}},
		{"release without press", []step{release(10, wCube), release(20, wDone)}, nil},
		{"unknown line", []step{down(10, 4), release(20, 4)}, nil},
		{"sides at once", []step{
			down(0, wCube), down(100, bDone), release(150, bDone), tick(1000), down(1100, bCube), release(1300, bCube), release(1400, wCube),
		}, []Event{ev(sensing.Done, B, 100), ev(sensing.Pass, W, 1000), ev(sensing.Cube, B, 1300)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &fakeClock{}
			var got []Event
			d := r1Decoder(c, func(e Event) { got = append(got, e) })
			for _, s := range tc.steps {
				at := time.Duration(s.ms) * time.Millisecond
				if s.offset == 0 {
					c.advanceTo(at)
					continue
				}
				e := gpiocdev.LineEvent{Offset: s.offset, Timestamp: at, Type: gpiocdev.LineEventFallingEdge}
				if s.pressed {
					e.Type = gpiocdev.LineEventRisingEdge
				}
				d.Handle(e)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("events %v, want %v", got, tc.want)
			}
		})
	}
}

func TestDecoderStop(t *testing.T) {
	c := &fakeClock{}
	var got []Event
	d := r1Decoder(c, func(e Event) { got = append(got, e) })
	d.Handle(gpiocdev.LineEvent{Offset: 22, Type: gpiocdev.LineEventRisingEdge})
	d.Stop()
	c.advanceTo(2 * time.Second)
	d.Handle(gpiocdev.LineEvent{Offset: 22, Timestamp: 2 * time.Second, Type: gpiocdev.LineEventFallingEdge})
	if len(got) != 0 {
		t.Errorf("events after Stop: %v", got)
	}
}

// The timer runs on its own goroutine with SystemClock: the race detector
// checks the locking. The test waits for the event; it does not sleep.
func TestDecoderSystemClock(t *testing.T) {
	events := make(chan Event, 1)
	lines := map[int]Line{22: DefaultOpts.Lines[2]}
	d := NewDecoder(lines, time.Millisecond, SystemClock{}, func(e Event) { events <- e })
	d.Handle(gpiocdev.LineEvent{Offset: 22, Timestamp: time.Hour, Type: gpiocdev.LineEventRisingEdge})
	select {
	case e := <-events:
		if want := (Event{sensing.Pass, engine.White, time.Hour + time.Millisecond}); e != want {
			t.Errorf("event %v, want %v", e, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no pass from the timer")
	}
	d.Handle(gpiocdev.LineEvent{Offset: 22, Timestamp: 2 * time.Hour, Type: gpiocdev.LineEventFallingEdge})
	if len(events) != 0 {
		t.Errorf("second event %v", <-events)
	}
}

func TestStrings(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{ev(sensing.Pass, engine.Black, 1500).String(), "Black pass at 1.5s"},
		{ev(sensing.Done, engine.White, 20).String(), "White done at 20ms"},
		{DoneButton.String() + CubeButton.String() + RollButton.String(), "DONECUBEROLL"},
		{Button(7).String(), "Button(7)"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestOpenErrors(t *testing.T) {
	edit := func(f func(o *Opts)) *Opts {
		o := DefaultOpts
		o.Lines = slices.Clone(o.Lines)
		f(&o)
		return &o
	}
	for _, tc := range []struct {
		name string
		o    *Opts
		msg  string
	}{
		{"debounce", edit(func(o *Opts) { o.Debounce = 2 * time.Second }), "buttons: debounce 2s out of range 0..1s"},
		{"long press within debounce", edit(func(o *Opts) { o.Debounce, o.LongPress = 500*time.Millisecond, 500*time.Millisecond }), "buttons: long press 500ms not above debounce 500ms"},
		{"long press", edit(func(o *Opts) { o.LongPress = 0 }), "buttons: long press 0s out of range 100ms..10s"},
		{"no lines", edit(func(o *Opts) { o.Lines = nil }), "buttons: no buttons"},
		{"twice", edit(func(o *Opts) { o.Lines[1].Side = engine.White }), "buttons: two White DONE buttons"},
		{"bad side", edit(func(o *Opts) { o.Lines[0].Side = 2 }), `buttons: line "GPIO17"/17: no button DONE of Side(2)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Open(tc.o, func(Event) {}); err == nil || err.Error() != tc.msg {
				t.Errorf("Open: %v, want %q", err, tc.msg)
			}
		})
	}
}

// Without GPIO chips (CI, a laptop) Open fails and says what it looked for.
func TestOpenWithoutChips(t *testing.T) {
	if len(gpiocdev.Chips()) != 0 {
		t.Skip("this machine has GPIO chips")
	}
	_, err := Open(&DefaultOpts, func(Event) {})
	if !errors.Is(err, mux.ErrNoChip) || !strings.HasPrefix(err.Error(), "buttons: gpio: none of") {
		t.Errorf("Open = %v, want mux.ErrNoChip", err)
	}
}

func TestPinsAndOffsets(t *testing.T) {
	o := DefaultOpts
	p := o.pins()
	if want := []string{"GPIO17", "GPIO27", "GPIO22", "GPIO23", "GPIO24", "GPIO25"}; !slices.Equal(p.Names, want) {
		t.Errorf("names %q, want %q", p.Names, want)
	}
	if want := []int{17, 27, 22, 23, 24, 25}; !slices.Equal(p.Offsets, want) {
		t.Errorf("offsets %v, want %v", p.Offsets, want)
	}
	// Names found at other offsets (another board's device tree) key the
	// decoder by where the lines really are.
	m := o.byOffset([]int{1, 2, 3, 4, 5, 6})
	if l := m[3]; l.Side != engine.White || l.Button != CubeButton {
		t.Errorf("line at offset 3 is %s %s, want White CUBE", l.Side, l.Button)
	}
}
