package calib

import (
	"testing"
	"time"

	"gammond/engine"
)

// TestModelOffCentreAtRestIsOneChecker: the top checker of a point set
// down between two slots and left there while the game goes on, the
// board at rest and followed once a second: neither slot's baseline is
// measured again (a slot under a part of a field teaches nothing), so
// both grow as uncertain as a minute's drift makes them (over 100
// counts), and two weak magnets, one on each slot, read alike. The
// checker's own readings, held since it came to rest, still read one
// checker set down off-centre, not one more on the slot above: never
// three, and decisively two on nine boards in ten (without its readings
// held: none).
func TestModelOffCentreAtRestIsOneChecker(t *testing.T) {
	const p = 24 // White's two checkers: the top one set down towards slot 2
	more := start
	more[engine.White][p]++
	cases, decisive := 0, 0
	for seed := uint64(1); seed <= 8; seed++ {
		for _, share := range []float64{0.3, 0.5, 0.7} {
			b, m := calibratedModel(t, seed)
			b.offCentre[p] = share
			at := time.Unix(0, 0)
			frame := b.frame(&start)
			show(m, &at, frame)
			m.Learn(at, m.Frame(), &start)
			for range 60 {
				at = at.Add(time.Second)
				show(m, &at, frame)
				m.Follow(at)
			}
			lead := m.Score(&start) - m.Score(&more)
			if lead <= 0 {
				t.Errorf("seed %d, %.0f%% towards slot 2: the point reads three checkers by %.1f nats over its two", seed, 100*share, -lead)
			}
			cases++
			if lead >= FitMargin {
				decisive++
			}
		}
	}
	if decisive*10 < cases*9 {
		t.Errorf("the point read its two checkers decisively on %d boards of %d, want nine in ten", decisive, cases)
	}
}

// TestModelBandEdgesAsUncertainAsTheirFields: a calibrated gain is one
// checker's reading, as uncertain as a magnet (±14%); a checker's
// weakest field is 0.75 of it, known to 0.75 of that uncertainty, its
// strongest 1.25, to 1.25 of it. A reading as far below the weakest as
// another is above the strongest is the less likely.
func TestModelBandEdgesAsUncertainAsTheirFields(t *testing.T) {
	_, m := calibratedModel(t, 3)
	e := &m.est[0]
	base, g := e.x.base, e.x.gain[engine.White]
	gap := 0.4 * g
	below := e.band(engine.White, base+(1-MagnetSpread)*g-gap, 1-MagnetSpread, 1+MagnetSpread)
	above := e.band(engine.White, base+(1+MagnetSpread)*g+gap, 1-MagnetSpread, 1+MagnetSpread)
	if below >= above-1 {
		t.Errorf("a reading %.0f counts below a checker's weakest field scores %.2f, %.0f above its strongest %.2f: want the first lower by a nat or more", gap, below, gap, above)
	}
}
