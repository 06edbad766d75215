package calib

import (
	"math"
	"testing"
	"time"

	"gammond/engine"
)

// TestModelFieldKnownBetterThanItsBaseline: with no calibration, the
// starting position teaches the sensor under the top checker of a pile
// its baseline plus (White) or minus (Black) its gain, not the two
// apart: the baseline stays about as uncertain as the board's range,
// the reading of that field is known to what one checker's reading
// leaves. A share of the field near the whole is known nearly as well:
// the baseline's and the gain's errors cancel in it, they do not add.
// Counted as adding, a reading a part of a field never reaches (a
// second checker over a dead slot) read as one checker off-centre
// below it about as well.
func TestModelFieldKnownBetterThanItsBaseline(t *testing.T) {
	for seed := range uint64(8) {
		b, m := startLearntUncalibrated(t, seed+1)
		for _, c := range []struct {
			side  engine.Side
			point int
		}{{engine.White, 24}, {engine.Black, 1}} {
			e := &m.est[b.geo.Sensor(Place{Point: c.point, Slot: 1})]
			baseline := e.noise + e.p.base.base
			for _, share := range []float64{1, PartShare * (1 + MagnetSpread)} {
				if v := e.fieldVar(c.side, share); v >= baseline {
					t.Errorf("seed %d, %v's %d-point: %.2f of the field learnt read to ±%.0f counts, its baseline to ±%.0f: want it known better",
						seed+1, c.side, c.point, share, math.Sqrt(v), math.Sqrt(baseline))
				}
			}
		}
	}
}

// startLearntUncalibrated returns a board drawn from seed and a model of
// it given no calibration, taught the starting position.
func startLearntUncalibrated(t *testing.T, seed uint64) (*physBoard, *Model) {
	t.Helper()
	b := newPhysBoard(seed)
	m, err := NewModel(&Calibration{Board: b.geo})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Unix(0, 0)
	show(m, &at, b.frame(&start))
	m.Learn(at, m.Frame(), &start)
	return b, m
}
