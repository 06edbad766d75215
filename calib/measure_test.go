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
			if c, one := a.expect(g, i); one {
				side, _ := c.Side()
				covered[i][side]++
			}
		}
	}
	for i, c := range covered {
		if c[0] == 0 || c[1] == 0 {
			t.Errorf("%s covered %v times by White and Black", g.Place(i), c)
		}
	}
}
