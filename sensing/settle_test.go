package sensing

import (
	"testing"
	"time"

	"gammond/engine"
)

// Occupancies the settle tests show the board: A the starting position, B
// after a move, C after another, U with a checker half set down.
var (
	occA = func() engine.Occupancy {
		var o engine.Occupancy
		o.SlotsPerPoint, o.SlotsPerBarHalf = 6, 4
		o.Points[24-1][engine.White], o.Points[13-1][engine.White] = 2, 5
		o.Points[1-1][engine.Black], o.Points[12-1][engine.Black] = 2, 5
		return o
	}()
	occB = moved(occA, 24, 18)
	occC = moved(occB, 13, 7)
	occU = func() engine.Occupancy { o := occB; o.Unsure = 1; return o }()
)

// moved is o with one White checker moved from board point from to to.
func moved(o engine.Occupancy, from, to int) engine.Occupancy {
	o.Points[from-1][engine.White]--
	o.Points[to-1][engine.White]++
	return o
}

// ms is t milliseconds after the test's epoch.
func ms(t int) time.Time { return time.Unix(1000, 0).Add(time.Duration(t) * time.Millisecond) }

func TestSettler(t *testing.T) {
	type step struct {
		t       int               // ms
		o       *engine.Occupancy // observed; nil: Advance
		settles bool              // Observe or Advance reports a new settled occupancy
		pending bool
	}
	// settledA holds A from 0 until it settles at 150 (frames every 10 ms
	// would change nothing: sample and hold).
	settledA := []step{{0, &occA, false, true}, {100, &occA, false, true}, {150, &occA, true, false}}
	steps := func(more ...step) []step { return append(append([]step(nil), settledA...), more...) }
	for _, tc := range []struct {
		name        string
		window      time.Duration
		steps       []step
		settled     *engine.Occupancy // Settled at the end
		settledAt   int
		settleCount int
	}{
		{
			name: "holds for the window", window: 150 * time.Millisecond,
			steps: steps(step{160, &occA, false, false}, step{5000, nil, false, false}), settled: &occA, settledAt: 150, settleCount: 1,
		},
		{
			name: "nothing yet", window: 150 * time.Millisecond,
			steps: []step{{0, &occA, false, true}, {149, &occA, false, true}, {149, nil, false, true}}, settleCount: 0,
		},
		{
			name: "one-frame spike", window: 150 * time.Millisecond,
			steps:   steps(step{200, &occB, false, true}, step{210, &occA, false, true}, step{359, &occA, false, true}, step{360, &occA, false, false}),
			settled: &occA, settledAt: 150, settleCount: 1,
		},
		{
			name: "two-frame spike", window: 150 * time.Millisecond,
			steps:   steps(step{200, &occB, false, true}, step{210, &occC, false, true}, step{220, &occA, false, true}, step{400, nil, false, false}),
			settled: &occA, settledAt: 150, settleCount: 1,
		},
		{
			name: "a move settles", window: 150 * time.Millisecond,
			steps:   steps(step{1000, &occU, false, true}, step{1030, &occB, false, true}, step{1170, &occB, false, true}, step{1180, &occB, true, false}),
			settled: &occB, settledAt: 1180, settleCount: 2,
		},
		{
			name: "unsure never settles", window: 150 * time.Millisecond,
			steps:   steps(step{1000, &occU, false, true}, step{9000, &occU, false, true}, step{20000, nil, false, true}),
			settled: &occA, settledAt: 150, settleCount: 1,
		},
		{
			name: "settles between frames (sample and hold)", window: 150 * time.Millisecond,
			steps:   steps(step{1000, &occB, false, true}, step{3000, &occC, true, true}),
			settled: &occB, settledAt: 1150, settleCount: 2,
		},
		{
			name: "DONE after the board held still", window: 150 * time.Millisecond,
			steps:   steps(step{1000, &occB, false, true}, step{1149, nil, false, true}, step{1150, nil, true, false}),
			settled: &occB, settledAt: 1150, settleCount: 2,
		},
		{
			name: "a move taken back settles on the old occupancy, unreported", window: 150 * time.Millisecond,
			steps:   steps(step{1000, &occB, false, true}, step{1100, &occA, false, true}, step{1250, nil, false, false}),
			settled: &occA, settledAt: 150, settleCount: 1,
		},
		{
			name: "window 0", window: 0,
			steps:   []step{{0, &occA, true, false}, {10, &occU, false, true}, {20, &occB, true, false}, {30, &occB, false, false}},
			settled: &occB, settledAt: 20, settleCount: 2,
		},
		{
			name: "time running backwards", window: 150 * time.Millisecond,
			steps:       []step{{1000, &occA, false, true}, {500, &occA, false, true}, {900, nil, false, true}},
			settleCount: 0,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSettler(tc.window)
			if !s.Pending() {
				t.Error("a new Settler is not pending")
			}
			count := 0
			for k, st := range tc.steps {
				var settles bool
				if st.o != nil {
					o := *st.o
					settles = s.Observe(ms(st.t), &o)
				} else {
					settles = s.Advance(ms(st.t))
				}
				if settles {
					count++
				}
				if settles != st.settles || s.Pending() != st.pending {
					t.Fatalf("step %d (t=%d): settles %v pending %v, want %v %v", k, st.t, settles, s.Pending(), st.settles, st.pending)
				}
			}
			o, at, ok := s.Settled()
			if count != tc.settleCount || ok != (tc.settled != nil) {
				t.Fatalf("%d settled (Settled ok %v), want %d", count, ok, tc.settleCount)
			}
			if ok && (o != *tc.settled || !at.Equal(ms(tc.settledAt))) {
				t.Errorf("Settled %+v at %v, want %+v at %v", o, at, *tc.settled, ms(tc.settledAt))
			}
		})
	}
}

func TestSettlerNegativeWindow(t *testing.T) {
	s := NewSettler(-time.Second)
	o := occA
	if !s.Observe(ms(0), &o) {
		t.Error("a negative window does not act as 0")
	}
}

// BenchmarkSettler feeds frames at 100 a second where the board changes
// every 20 frames: the per-frame budget is no allocation.
func BenchmarkSettler(b *testing.B) {
	s := NewSettler(DefaultSettleWindow)
	occs := [...]engine.Occupancy{occA, occB, occU, occC}
	b.ReportAllocs()
	for k := 0; b.Loop(); k++ {
		s.Observe(ms(10*k), &occs[k/20%len(occs)])
	}
}
