package referee

import (
	"testing"

	"gammond/sensing/sim"
)

// TestEarlyRollConfirmsAFlagAtOnce: the opponent rolls while the mover
// sets down its last checker (US 4.6), on a slot whose sensor is dead
// and not yet known dead: at DONE the board reads the pile a checker
// short, and the play is flagged. The roll came first, so the flag has
// its last word at once, whichever way the DONE was judged (on a board
// already settled, or once a checker in the hand had time to land): the
// model doubts the sensors no field has read on, the legal play stands
// and the held roll is played. Left flagged, the roller's checkers moved
// under a turn not its own, and the match derailed.
func TestEarlyRollConfirmsAFlagAtOnce(t *testing.T) {
	checkSimulated(t, []simulatedCase{
		{"match-009-5pt", 378, func(o *sim.Opts) {
			o.Dead, o.MagnetSpread, o.EarlyRollRate = []int{37}, 0.0699, 0.0989
		}},
		{"match-009-5pt", 145, func(o *sim.Opts) {
			o.DriftCounts, o.DriftMinutes, o.Dead = 122, 3.78, []int{115, 48, 139}
			o.HoverRate, o.HoverShare, o.HoverSeconds = 0.241, 0.567, 2.21
			o.MagnetSpread, o.LateDoneRate, o.EarlyRollRate = 0.0191, 0.043, 0.0995
		}},
	})
}
