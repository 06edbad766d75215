package calib

import (
	"math"
	"math/rand/v2"
	"time"
)

// testCalibration is a reference board whose sensors differ in baseline
// and gains the way the real ones do (baselines 1900..2200, gains
// 480..760).
func testCalibration() *Calibration {
	g := ReferenceBoard
	n := g.Sensors()
	c := &Calibration{Board: g, Baseline: make([]uint16, n), White: make([]uint16, n), Black: make([]uint16, n)}
	for i := range n {
		base := 1900 + (i*37)%300
		c.Baseline[i] = uint16(base)
		c.White[i] = uint16(base + 480 + (i*53)%280)
		c.Black[i] = uint16(base - 480 - (i*71)%280)
	}
	return c
}

// whiteGain is sensor i's gain towards White in c: its White level less
// its baseline.
func whiteGain(c *Calibration, i int) float64 {
	return float64(c.White[i]) - float64(c.Baseline[i])
}

// reading is what sensor i of c reads at u on its scale: 0 the baseline,
// 1 its White level, -1 its Black level.
func reading(c *Calibration, i int, u float64) uint16 {
	base := float64(c.Baseline[i])
	gain := float64(c.White[i]) - base
	if u < 0 {
		gain = base - float64(c.Black[i])
	}
	return uint16(math.Round(base + u*gain))
}

// noisy adds the reference board's noise, up to ±12 counts, to r.
func noisy(rng *rand.Rand, r uint16) uint16 { return uint16(int(r) + rng.IntN(25) - 12) }

// tick is the time of frame k at 100 frames a second.
func tick(k int) time.Time { return time.Unix(0, 0).Add(time.Duration(k) * 10 * time.Millisecond) }
