package sim

import (
	"io"
	"math"
	"math/rand/v2"
	"testing"

	"gammond/engine"
)

// TestSensors: the k-th checker of a place sits on its slot k-1, stacking
// on slot 0 from the 7th on; bar halves hold 4 (HARDWARE.md).
func TestSensors(t *testing.T) {
	b := newBoard(DefaultOpts.Board, rand.New(rand.NewPCG(1, 2)))
	for _, tc := range []struct {
		side engine.Side
		p    int
		i    int
		want int
	}{
		{engine.White, 1, 0, 0},
		{engine.Black, 1, 5, 5},
		{engine.White, 1, 6, 0},
		{engine.White, 24, 2, 140},
		{engine.Black, 24, 13, 139},
		{engine.White, engine.Bar, 0, 144},
		{engine.White, engine.Bar, 4, 144},
		{engine.Black, engine.Bar, 3, 151},
	} {
		if got := b.sensor(tc.side, tc.p, tc.i); got != tc.want {
			t.Errorf("%v checker %d of %v: sensor %d, want %d", engine.PointName(tc.p), tc.i, tc.side, got, tc.want)
		}
	}
}

// TestRender: with no noise a resting checker reads its colour's level, a
// stacked one adds a few percent, one part way down reads part of it.
func TestRender(t *testing.T) {
	opts := DefaultOpts
	opts.NoiseCounts = 0
	r := newRun(io.Discard, &opts)
	b := r.b
	for range 7 {
		b.push(engine.White, 6, 1)
	}
	b.push(engine.Black, 19, 0.35)
	b.render()
	cal := &b.cal
	level := func(s int, f float64) uint16 {
		return uint16(math.Round(float64(cal.Baseline[s]) + f*(float64(cal.White[s])-float64(cal.Baseline[s]))))
	}
	black19 := 18 * 6
	for _, tc := range []struct {
		name   string
		sensor int
		want   uint16
	}{
		{"point 6 slot 0: a checker and a stacked one", 30, level(30, 1+stackShare)},
		{"point 6 slot 1: one checker", 31, level(31, 1)},
		{"point 7 slot 0: empty", 36, cal.Baseline[36]},
		{"point 19 slot 0: Black part way down", black19, uint16(math.Round(float64(cal.Baseline[black19]) - 0.35*float64(cal.Baseline[black19]-cal.Black[black19])))},
	} {
		if got := b.reading[tc.sensor]; got != tc.want {
			t.Errorf("%s: reads %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestTickAllocatesNothing: a frame of checkers moving costs no allocation.
func TestTickAllocatesNothing(t *testing.T) {
	r := newRun(io.Discard, &DefaultOpts)
	r.setDown(6, engine.White)
	seat := &r.b.points[5][0].seat
	if n := testing.AllocsPerRun(100, func() { *seat = 1 - *seat; r.tick() }); n != 0 {
		t.Errorf("%v allocations a frame", n)
	}
}

// BenchmarkTick renders and writes a frame of a checker moving: no
// allocation.
func BenchmarkTick(b *testing.B) {
	r := newRun(io.Discard, &DefaultOpts)
	r.setDown(6, engine.White)
	seat := &r.b.points[5][0].seat
	b.ReportAllocs()
	for b.Loop() {
		*seat = 1 - *seat
		r.tick()
	}
}
