package referee

import (
	"fmt"
	"testing"

	"gammond/sensing/sim"
)

// TestSetUpReadsTheStartUnlessDecisive: with no calibration in the
// header, nothing is known of a sensor before the first game starts, so
// a stack of five whose top checker the hand left off-centre, or a
// strong magnet under a weak one, reads as one checker more or fewer
// about as well. The board being set up reads the starting position
// unless the frame departs from it decisively: read from the set-up as
// last seen, such a point stayed wrong, the game started on a "wrong"
// set-up the model did not learn, and the first turns, judged on priors
// alone, let an illegal play stand and derailed the match.
func TestSetUpReadsTheStartUnlessDecisive(t *testing.T) {
	cases := []struct {
		match string
		seed  uint64
		set   func(*sim.Opts)
	}{
		{"match-010-1pt", 21, func(o *sim.Opts) {
			o.DriftCounts, o.DriftMinutes, o.OffCentreRate = 214, 9.59, 0.26
			o.HoverRate, o.HoverShare, o.HoverSeconds = 0.284, 0.679, 0.4
			o.MagnetSpread, o.LateDoneRate = 0.199, 0.122
		}},
		{"match-006-1pt", 56, func(o *sim.Opts) {
			o.DriftCounts, o.DriftMinutes = 214, 5.64
			o.HoverRate, o.HoverShare, o.HoverSeconds, o.HoverAstrayRate = 0.248, 0.246, 2.42, 0.0218
			o.MagnetSpread, o.StallRate, o.GlitchesPerMinute, o.EarlyRollRate = 0.121, 0.184, 9.89, 0.0423
		}},
		{"match-006-1pt", 217, func(o *sim.Opts) {
			o.DriftCounts, o.DriftMinutes, o.OffCentreRate = 232, 6.66, 0.312
			o.MagnetSpread, o.StallRate, o.GlitchesPerMinute, o.EarlyRollRate = 0.0249, 0.233, 3.18, 0.13
		}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/seed=%d", c.match, c.seed), func(t *testing.T) {
			t.Parallel()
			trace, want := simulateShared(t, c.match, c.seed, func(o *sim.Opts) {
				o.Header = sim.NoCalibration
				c.set(o)
			})
			events := replay(t, trace)
			var wrong []int // the points the set-up read wrong at as the game started
			for _, e := range events {
				if e.Kind == GameStarted {
					break
				}
				if e.Kind == SetupWrong {
					wrong = e.Points
				}
			}
			if len(wrong) > setupLearnMax {
				t.Errorf("the game started on a set-up read wrong at points %v, too many for the model to learn it", wrong)
			}
			checkReplay(t, events, want)
		})
	}
}
