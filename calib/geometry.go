package calib

import (
	"errors"
	"fmt"
	"math"
	"math/bits"

	"gammond/check"
	"gammond/engine"
)

// Geometry is how many sensors a board has and where they sit, as a trace
// header's "board" and the calibration file state it. Board point p slot s
// is sensor (p-1)*Slots + s, slot 0 at the board's edge; the bar's sensors
// follow, White's half first. Checkers fill a point from slot 0, then
// stack from it again: a point with all its slots covered holds that many
// checkers or more.
type Geometry struct {
	// Points is the number of board points: 24, the only board there is.
	Points int `json:"points" toml:"points"`
	// Slots is the number of sensed slots under each point (1..15: no
	// more than a side's checkers).
	Slots int `json:"slots" toml:"slots"`
	// BarSlots is the number of sensed slots on each bar half (0..15).
	BarSlots int `json:"bar_slots" toml:"bar_slots"`
	// ADCBits is the resolution of a reading (1..16: a frame holds
	// uint16s): readings are 0..2^ADCBits-1.
	ADCBits int `json:"adc_bits" toml:"adc_bits"`
}

// ReferenceBoard is board R1's geometry (shared/design/HARDWARE.md): 6
// slots under each point, 4 on each bar half, 12-bit readings.
var ReferenceBoard = Geometry{Points: 24, Slots: 6, BarSlots: 4, ADCBits: 12}

// ErrFrameLength is wrapped by the errors for a frame that does not have
// one reading per sensor.
var ErrFrameLength = errors.New("frame length differs from the board's sensors")

// ErrGeometry is wrapped by every error Geometry.Validate returns.
var ErrGeometry = errors.New("bad board geometry")

// Validate reports a geometry this package cannot read.
func (g Geometry) Validate() error {
	switch {
	case g.Points != len(engine.Occupancy{}.Points):
		return fmt.Errorf("%w: %d points, want %d", ErrGeometry, g.Points, len(engine.Occupancy{}.Points))
	case g.Slots < 1 || g.Slots > engine.CheckersPerSide:
		return fmt.Errorf("%w: %d slots per point, want 1..%d", ErrGeometry, g.Slots, engine.CheckersPerSide)
	case g.BarSlots < 0 || g.BarSlots > engine.CheckersPerSide:
		return fmt.Errorf("%w: %d slots per bar half, want 0..%d", ErrGeometry, g.BarSlots, engine.CheckersPerSide)
	case g.ADCBits < 1 || g.ADCBits > readingBits():
		return fmt.Errorf("%w: %d ADC bits, want 1..%d", ErrGeometry, g.ADCBits, readingBits())
	}
	return nil
}

// Check reports, for the [board] section of gammond's config file, every
// setting out of the range the hardware allows (Validate's, 8 ADC bits up).
func (g *Geometry) Check(p *check.Problems) {
	p.Check("points", g.Points == 24, "%d: a backgammon board has 24 points", g.Points)
	p.IntRange("slots", g.Slots, 1, engine.CheckersPerSide)
	p.IntRange("bar_slots", g.BarSlots, 0, engine.CheckersPerSide)
	p.IntRange("adc_bits", g.ADCBits, 8, readingBits())
}

// readingBits returns the most bits a reading has: a frame holds uint16s.
func readingBits() int { return bits.Len16(math.MaxUint16) }

// Sensors returns how many sensors the board has: the length of a frame.
func (g Geometry) Sensors() int { return g.Points*g.Slots + 2*g.BarSlots }

// MaxReading returns the highest reading the ADC gives.
func (g Geometry) MaxReading() int { return 1<<g.ADCBits - 1 }

// scale returns the counts of the board's ADC per count of a 12-bit one:
// the unit HARDWARE.md's figures, and this package's, are given in.
func (g Geometry) scale() float64 { return float64(g.MaxReading()) / 4095 }

// Pile returns pile k's first sensor and its slots: the board points 1..24
// at k 0..23, then the bar's halves, White's first.
func (g Geometry) Pile(k int) (first, slots int) {
	if k < g.Points {
		return g.Sensor(Place{Point: k + 1}), g.Slots
	}
	return g.Sensor(Place{Half: engine.Side(k - g.Points)}), g.BarSlots
}

// Place returns where sensor i sits, for a valid geometry and 0 <= i <
// Sensors(); other arguments give a meaningless Place, not a panic.
func (g Geometry) Place(i int) Place {
	if g.Slots < 1 {
		return Place{}
	}
	if pointSensors := g.Points * g.Slots; i >= pointSensors && g.BarSlots > 0 {
		i -= pointSensors
		return Place{Half: engine.Side(i / g.BarSlots), Slot: i % g.BarSlots}
	}
	return Place{Point: i/g.Slots + 1, Slot: i % g.Slots}
}

// Sensor returns the index of the sensor at p, the inverse of Place.
func (g Geometry) Sensor(p Place) int {
	if p.Point == 0 {
		return g.Points*g.Slots + int(p.Half)*g.BarSlots + p.Slot
	}
	return (p.Point-1)*g.Slots + p.Slot
}

// Place is where a sensor sits: a slot of a board point, or of a bar half.
type Place struct {
	// Point is the board point, 1..24 in White's numbering, or 0 for the bar.
	Point int
	// Half is the bar half when Point is 0: White's half or Black's.
	Half engine.Side
	// Slot counts from 0 at the board's edge (on the bar, from the first
	// slot checkers fill).
	Slot int
}

// String returns the place as a player names it: "point 7 slot 2" or
// "bar White's half slot 0".
func (p Place) String() string {
	if p.Point == 0 {
		return fmt.Sprintf("bar %s's half slot %d", p.Half, p.Slot)
	}
	return fmt.Sprintf("point %d slot %d", p.Point, p.Slot)
}
