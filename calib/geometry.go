package calib

import (
	"errors"
	"fmt"

	"gammond/engine"
)

// Geometry is how many sensors a board has and where they sit, as a trace
// header's "board" and the calibration file state it.
type Geometry struct {
	// Points is the number of board points: 24, the only board there is.
	Points int `json:"points" toml:"points"`
	// Slots is the number of sensed slots under each point (1..15).
	Slots int `json:"slots" toml:"slots"`
	// BarSlots is the number of sensed slots on each bar half (0..15).
	BarSlots int `json:"bar_slots" toml:"bar_slots"`
	// ADCBits is the resolution of a reading (1..16): readings are
	// 0..2^ADCBits-1.
	ADCBits int `json:"adc_bits" toml:"adc_bits"`
}

// ReferenceBoard is the geometry of board R1 (shared/design/HARDWARE.md).
var ReferenceBoard = Geometry{Points: 24, Slots: 6, BarSlots: 4, ADCBits: 12}

// Limits of a Geometry: Points is fixed by engine.Occupancy, the slot counts
// by its uint8 counters and the readings by their uint16.
const (
	maxSlots   = 15
	maxADCBits = 16
)

// ErrGeometry is wrapped by every error Geometry.Validate returns.
var ErrGeometry = errors.New("bad board geometry")

// Validate reports a geometry this package cannot read.
func (g Geometry) Validate() error {
	switch {
	case g.Points != len(engine.Occupancy{}.Points):
		return fmt.Errorf("%w: %d points, want %d", ErrGeometry, g.Points, len(engine.Occupancy{}.Points))
	case g.Slots < 1 || g.Slots > maxSlots:
		return fmt.Errorf("%w: %d slots per point, want 1..%d", ErrGeometry, g.Slots, maxSlots)
	case g.BarSlots < 0 || g.BarSlots > maxSlots:
		return fmt.Errorf("%w: %d slots per bar half, want 0..%d", ErrGeometry, g.BarSlots, maxSlots)
	case g.ADCBits < 1 || g.ADCBits > maxADCBits:
		return fmt.Errorf("%w: %d ADC bits, want 1..%d", ErrGeometry, g.ADCBits, maxADCBits)
	}
	return nil
}

// Sensors returns how many sensors the board has: the length of a frame.
func (g Geometry) Sensors() int { return g.Points*g.Slots + 2*g.BarSlots }

// MaxReading returns the highest reading the ADC gives.
func (g Geometry) MaxReading() int { return 1<<g.ADCBits - 1 }

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
