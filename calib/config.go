package calib

import "gammond/check"

// DefaultGeometry is reference board R1's: 6 sensed slots under each of
// the 24 points, 4 on each bar half, 12-bit readings.
var DefaultGeometry = Geometry{Points: 24, Slots: 6, BarSlots: 4, ADCBits: 12}

// Check reports, for the [board] section of gammond's config file, every
// setting out of the range the reference hardware allows (narrower than
// Validate's: at least 8 ADC bits).
func (g *Geometry) Check(p *check.Problems) {
	p.Check("points", g.Points == 24, "%d: a backgammon board has 24 points", g.Points)
	p.IntRange("slots", g.Slots, 1, maxSlots)
	p.IntRange("bar_slots", g.BarSlots, 0, maxSlots)
	p.IntRange("adc_bits", g.ADCBits, 8, maxADCBits)
}
