package sensing

import (
	"slices"
	"testing"

	"gammond/engine"
)

func TestSettleStage(t *testing.T) {
	names := map[engine.Occupancy]string{occA: "A", occB: "B", occC: "C"}
	type step struct {
		t       int               // ms
		o       *engine.Occupancy // a frame; nil: Advance, or Release if release
		release bool
	}
	// framesOf is o read every 10 ms from from to to, both included.
	framesOf := func(o *engine.Occupancy, from, to int) []step {
		var out []step
		for ms := from; ms <= to; ms += 10 {
			out = append(out, step{t: ms, o: o})
		}
		return out
	}
	steps := func(parts ...[]step) []step { return slices.Concat(parts...) }
	settledA := []string{"unsettled", "settled A"} // A read from 0 settles at 150
	for _, tc := range []struct {
		name  string
		steps []step
		want  []string
	}{
		{
			name:  "A settles",
			steps: framesOf(&occA, 0, 400),
			want:  settledA,
		},
		{
			name:  "a one-frame spike never reaches the settler",
			steps: steps(framesOf(&occA, 0, 190), framesOf(&occB, 200, 200), framesOf(&occA, 210, 400)),
			want:  settledA,
		},
		{
			name:  "a two-frame change is a move",
			steps: steps(framesOf(&occA, 0, 190), framesOf(&occB, 200, 400)),
			want:  append(slices.Clone(settledA), "unsettled", "settled B"),
		},
		{
			name:  "a change longer than SpikeMax is not a spike",
			steps: steps(framesOf(&occA, 0, 190), framesOf(&occB, 200, 200), framesOf(&occA, 230, 500)),
			want:  append(slices.Clone(settledA), "unsettled", "settled A"),
		},
		{
			name:  "a press counts the frame held back",
			steps: steps(framesOf(&occA, 0, 190), framesOf(&occB, 200, 200), []step{{t: 205}, {t: 350}}),
			want:  append(slices.Clone(settledA), "unsettled", "settled B"),
		},
		{
			name:  "the end of the source counts the frame held back",
			steps: steps(framesOf(&occA, 0, 190), framesOf(&occB, 200, 200), []step{{release: true}}),
			want:  append(slices.Clone(settledA), "unsettled"),
		},
		{
			name:  "a spike while a move settles does not restart its window",
			steps: steps(framesOf(&occA, 0, 190), framesOf(&occB, 200, 250), framesOf(&occC, 260, 260), framesOf(&occB, 270, 360)),
			want:  append(slices.Clone(settledA), "unsettled", "settled B"),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			st := NewSettleStage(NewSettler(DefaultSettleWindow),
				func() { got = append(got, "unsettled") },
				func(o *engine.Occupancy) { got = append(got, "settled "+names[*o]) })
			for _, s := range tc.steps {
				switch {
				case s.release:
					st.Release()
				case s.o == nil:
					st.Advance(ms(s.t))
				default:
					o := *s.o
					st.Frame(ms(s.t), &o)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("reported %q, want %q", got, tc.want)
			}
		})
	}
}

// BenchmarkSettleStage feeds frames at 100 a second where the board changes
// every 20 frames, with a one-frame spike in each: the per-frame budget is
// no allocation.
func BenchmarkSettleStage(b *testing.B) {
	st := NewSettleStage(NewSettler(DefaultSettleWindow), func() {}, func(*engine.Occupancy) {})
	occs := [...]engine.Occupancy{occA, occB, occU, occC}
	b.ReportAllocs()
	for k := 0; b.Loop(); k++ {
		o := &occs[k/20%len(occs)]
		if k%20 == 10 {
			o = &occs[(k/20+1)%len(occs)]
		}
		st.Frame(ms(10*k), o)
	}
}
