package calib

import (
	"testing"

	"gammond/engine"
)

// TestPlanCoversEverySlot: the plan covers every slot of the reference
// board with one checker of each colour, using at most a side's 15
// checkers an arrangement.
func TestPlanCoversEverySlot(t *testing.T) {
	g := ReferenceBoard
	plan := Plan(g)
	if len(plan) != 14 {
		t.Errorf("%d arrangements, want 14", len(plan))
	}
	covered := make([][2]int, g.Sensors())
	for k, a := range plan {
		var used [2]int
		for _, s := range a.Points {
			used[s.Side] += s.N
		}
		for _, s := range a.Bar {
			used[s.Side] += s.N
		}
		if used[engine.White] > engine.CheckersPerSide || used[engine.Black] > engine.CheckersPerSide {
			t.Errorf("arrangement %d uses %v checkers", k, used)
		}
		for i := range g.Sensors() {
			if on := a.onSlot(g, i); on.N == 1 {
				covered[i][on.Side]++
			}
		}
	}
	for i, c := range covered {
		if c[0] == 0 || c[1] == 0 {
			t.Errorf("%s covered %v times by White and Black", g.Place(i), c)
		}
	}
}

// TestArrangementOnSlot: a point fills its slots from slot 0, then
// stacks from it again: eight checkers on six slots put two on slots 0
// and 1, one on each other; the bar half likewise.
func TestArrangementOnSlot(t *testing.T) {
	g := ReferenceBoard
	a := Arrangement{Bar: [2]Stack{engine.Black: {engine.White, 1}}}
	a.Points[7-1] = Stack{engine.Black, 8}
	for slot, want := range []int{2, 2, 1, 1, 1, 1} {
		if got := a.onSlot(g, g.Sensor(Place{Point: 7, Slot: slot})); got != (Stack{engine.Black, want}) {
			t.Errorf("point 7 slot %d: %+v, want %d of Black's", slot, got, want)
		}
	}
	if got := a.onSlot(g, g.Sensor(Place{Point: 8})); got.N != 0 {
		t.Errorf("point 8: %+v, want none", got)
	}
	if got := a.onSlot(g, g.Sensor(Place{Half: engine.Black})); got != (Stack{engine.White, 1}) {
		t.Errorf("Black's bar half slot 0: %+v, want one of White's", got)
	}
	if got := a.onSlot(g, g.Sensor(Place{Half: engine.Black, Slot: 1})); got.N != 0 {
		t.Errorf("Black's bar half slot 1: %+v, want none", got)
	}
}
