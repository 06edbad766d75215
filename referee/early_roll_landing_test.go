package referee

import (
	"testing"

	"gammond/sensing/sim"
)

// TestEarlyRollEndsTheWaitInHand: with the opponent's early roll held
// (US 4.6) the mover's DONE is judged with the hand empty, as a roll
// after the DONE would have it: the roller has its dice and may move at
// once, so the board moving after the DONE is no checker of the mover's
// landing. Waiting for one, the referee judged the mover's play on a
// frame that showed the roller's checkers on their way (White's 7->2 on
// Black's DONE, match-011 seed 231; White's 6->4, match-005 seed 362; a
// checker leaving the bar, match-005 seed 371), flagged it, and the
// flag's last word let the wrong position stand.
func TestEarlyRollEndsTheWaitInHand(t *testing.T) {
	checkSimulated(t, []simulatedCase{
		{"match-011-7pt", 231, func(o *sim.Opts) {
			o.DriftCounts, o.DriftMinutes, o.Dead = 2.38, 2.24, []int{114, 67, 139}
			o.HoverRate, o.HoverShare, o.HoverSeconds, o.HoverAstrayRate = 0.0822, 0.55, 1.78, 0.151
			o.MagnetSpread, o.GlitchesPerMinute, o.LateDoneRate, o.EarlyRollRate = 0.191, 8.75, 0.189, 0.157
		}},
		{"match-005-5pt", 362, func(o *sim.Opts) {
			o.DriftCounts, o.DriftMinutes, o.Dead = 140, 2.35, []int{79, 48}
			o.HoverRate, o.HoverShare, o.HoverSeconds, o.HoverAstrayRate = 0.384, 0.283, 0.624, 0.433
			o.MagnetSpread, o.GlitchesPerMinute, o.EarlyRollRate, o.Header = 0.211, 0.025, 0.189, sim.NoCalibration
		}},
		{"match-005-5pt", 371, func(o *sim.Opts) {
			o.DriftCounts, o.DriftMinutes, o.Dead = 47.4, 3.81, []int{109}
			o.HoverRate, o.HoverShare, o.HoverSeconds, o.HoverAstrayRate = 0.0314, 0.308, 0.343, 0.122
			o.MagnetSpread, o.StallRate, o.GlitchesPerMinute, o.EarlyRollRate = 0.0787, 0.22, 0.692, 0.12
		}},
	})
}
