package referee

import (
	"fmt"
	"testing"

	"gammond/sensing/sim"
)

// simulatedCase is a shared match simulated with illegal plays at 0.15
// and the physics set gives it.
type simulatedCase struct {
	match string
	seed  uint64
	set   func(*sim.Opts)
}

// checkSimulated replays each case's trace, in parallel, and checks it
// transcribes the match as played.
func checkSimulated(t *testing.T, cases []simulatedCase) {
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/seed=%d", c.match, c.seed), func(t *testing.T) {
			t.Parallel()
			trace, want := simulateShared(t, c.match, c.seed, c.set)
			checkReplay(t, replay(t, trace), want)
		})
	}
}

// TestUnprovenSensorAtTheLastWord: a sensor dead from the start, never
// seen to read a field, under the checker a legal play lands on: at DONE
// the frame reads that checker missing and the play is flagged; at the
// flag's last word (here an early roll held, US 4.6) the sensors no field
// has read on are doubted, and the legal play stands. The frame may read
// the play short of its end (the checker still on the point it left,
// match-003 seed 184: its sensor is dead too), not only illegal; and a
// turn where the mover may bear off questions only its home board, the
// checker missing here being the opponent's, on a point the play leaves
// as it was (match-009 seed 62). Left flagged, the roller's checkers
// moved under a turn not its own, and the match derailed.
func TestUnprovenSensorAtTheLastWord(t *testing.T) {
	checkSimulated(t, []simulatedCase{
		{"match-003-7pt", 184, func(o *sim.Opts) {
			o.Dead = []int{139, 84, 54}
			o.HoverRate, o.HoverShare, o.HoverSeconds, o.HoverAstrayRate = 0.163, 0.25, 1.44, 0.491
			o.GlitchesPerMinute, o.LateDoneRate, o.EarlyRollRate = 5.79, 0.0525, 0.044
		}},
		{"match-009-5pt", 62, func(o *sim.Opts) {
			o.DriftCounts, o.DriftMinutes, o.Dead = 198, 9.6, []int{72, 49, 139}
			o.OffCentreRate, o.HoverRate, o.HoverShare, o.HoverSeconds = 0.366, 0.00922, 0.112, 2.33
			o.EarlyRollRate, o.Header = 0.0685, sim.BaselinesOnly
		}},
	})
}

// TestDeadStartingSensorNotProven: with no calibration, a sensor dead
// under a starting checker reads its baseline, which learning the start
// takes for an unknown baseline plus a field. That baseline, learnt from
// the reading itself, proves nothing: the sensor is proven alive only by
// departing from a baseline known apart from it, or from the first
// frame's reading by more than drift moves a dead sensor's. Taken for
// alive, it read the checker still there once a legal play took it away,
// and the flag stood at the last word (match-002 seed 59).
func TestDeadStartingSensorNotProven(t *testing.T) {
	checkSimulated(t, []simulatedCase{
		{"match-002-5pt", 59, func(o *sim.Opts) {
			o.Dead, o.MagnetSpread, o.LateDoneRate, o.Header = []int{79, 138}, 0.00718, 0.287, sim.NoCalibration
		}},
	})
}
