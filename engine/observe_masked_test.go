package engine

import (
	"slices"
	"testing"
)

// TestMatchMaskedKeepsBoth takes two legal plays of 6-5 from the start
// whose results differ only in how many checkers of one side stand on
// some points, and masks the slots where they differ: both plays fit, so
// the referee keeps both as hypotheses; with the slots unmasked, one does.
func TestMatchMaskedKeepsBoth(t *testing.T) {
	var m Matcher
	m.Start(StartingBoard, White, Dice{6, 5})
	plays := m.Plays()
	found := false
	for a := range plays {
		for b := a + 1; b < len(plays) && !found; b++ {
			aa, bb := plays[a].After.Swap(), plays[b].After.Swap()
			oa, ob := OccupancyOf(&aa, White, 6, 4), OccupancyOf(&bb, White, 6, 4)
			o, ok := maskDifferences(oa, ob)
			if !ok {
				continue
			}
			found = true
			got, _ := m.Match(&o)
			if !slices.Contains(got, a) || !slices.Contains(got, b) {
				t.Errorf("masked: Match = %v, want both %d and %d", got, a, b)
			}
			if got, _ := m.Match(&oa); slices.Contains(got, b) {
				t.Errorf("unmasked: play %d fits play %d's result", b, a)
			}
		}
	}
	if !found {
		t.Fatal("no two plays of 6-5 differ only in counts of one side")
	}
}

// maskDifferences returns the occupancy that sees the smaller count where
// a and b differ and masks the slots between; ok is false when they differ
// by colour, or on the bar.
func maskDifferences(a, b Occupancy) (Occupancy, bool) {
	o := a
	for p := range a.Points {
		pa, pb := a.Points[p], b.Points[p]
		if pa == pb {
			continue
		}
		for s := range 2 {
			other := 1 - s
			if pa[other] != 0 || pb[other] != 0 {
				continue
			}
			lo, hi := min(pa[s], pb[s]), max(pa[s], pb[s])
			o.Points[p][s], o.Masked[p] = lo, hi-lo
		}
		if o.Masked[p] == 0 {
			return o, false
		}
	}
	return o, a.Bar == b.Bar
}

// TestFitsMasked checks the count range a masked slot opens.
func TestFitsMasked(t *testing.T) {
	b := board(points{6: 5, 8: 3, 13: 5, 24: 2}, points{6: 5, 8: 3, 13: 5, 24: 2})
	o := OccupancyOf(&b, White, 6, 4)
	o.Points[6-1][White], o.Masked[6-1] = 4, 1
	if !o.Fits(&b, White) {
		t.Error("5 checkers do not fit 4 seen and 1 masked")
	}
	o.Masked[6-1] = 0
	if o.Fits(&b, White) {
		t.Error("5 checkers fit 4 seen")
	}
	o.Points[6-1][White], o.Masked[6-1] = 2, 2
	if o.Fits(&b, White) {
		t.Error("5 checkers fit 2 seen and 2 masked")
	}
	if d := o.Diff(nil, &b, White); !slices.Equal(d, []int{6}) {
		t.Errorf("Diff = %v, want [6]", d)
	}
}
