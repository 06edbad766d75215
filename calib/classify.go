package calib

import (
	"errors"
	"fmt"

	"gammond/engine"
)

// Class is what a slot's reading says.
type Class uint8

// The classes of a slot. Unsure is the zero value: a slot not yet read is
// not known to be empty.
const (
	Unsure       Class = iota // part-way, or a reading no band explains
	Empty                     // no checker
	WhiteChecker              // a White checker (at the bottom of the stack)
	BlackChecker              // a Black checker (at the bottom of the stack)
)

// String returns the class's name: "unsure", "empty", "White" or "Black".
func (c Class) String() string {
	switch c {
	case Unsure:
		return "unsure"
	case Empty:
		return "empty"
	case WhiteChecker:
		return "White"
	case BlackChecker:
		return "Black"
	}
	return fmt.Sprintf("Class(%d)", uint8(c))
}

// Side returns whose checker covers the slot, and false when the slot is
// empty or unsure.
func (c Class) Side() (engine.Side, bool) {
	switch c {
	case WhiteChecker:
		return engine.White, true
	case BlackChecker:
		return engine.Black, true
	}
	return 0, false
}

// Thresholds place the Classifier's bands on each sensor's own scale: a
// fraction of the sensor's gain, the distance from its baseline to its White
// level (above) or its Black level (below). 0 is the baseline, 1 one checker.
//
// A slot enters a class when its reading falls in the class's enter band,
// and keeps the class while the reading stays in the wider stay band; a
// reading in no band that applies leaves the slot unsure. The gap between
// enter and stay is the hysteresis: a reading wandering around one threshold
// cannot change the class back and forth.
type Thresholds struct {
	// EmptyEnter: a reading within this fraction of the baseline, either
	// way, is an empty slot. 0 < EmptyEnter <= EmptyStay.
	EmptyEnter float64
	// EmptyStay: an empty slot stays empty while its reading is within this
	// fraction of the baseline. EmptyStay < CheckerStay.
	EmptyStay float64
	// CheckerEnter and CheckerMax bound the band, towards the White or the
	// Black level, where a reading is a checker of that colour.
	// CheckerStay <= CheckerEnter < 1 < CheckerMax.
	CheckerEnter, CheckerMax float64
	// CheckerStay and CheckerStayMax bound the band where a covered slot
	// stays covered. A reading beyond CheckerStayMax, or at either end of
	// the ADC's range, is out of range: unsure, and a health finding.
	// CheckerMax <= CheckerStayMax.
	CheckerStay, CheckerStayMax float64
}

// DefaultThresholds are chosen from the readings of the reference board's
// traces (shared/traces, 4 matches, about 190,000 readings) placed on each
// sensor's scale: empty slots read within ±0.025 of the baseline (±12
// counts), one checker within ±0.025 of its level (a stack a few percent
// more); a checker set down reads about 0.35, 0.70 and 0.95 on three frames
// before it lands, lifted the same way back, ending with a frame at 0.05;
// single-frame spikes read anywhere, from 0.1 to 4 times the gain. Each
// stay band reaches 0.1 past its enter band, 48..76 counts: four times the
// noise's peak, so noise alone never takes a slot across and back.
var DefaultThresholds = Thresholds{
	// Six times the noise; the lift's last frame (0.05) is already empty.
	EmptyEnter: 0.15,
	// The set-down's first frame (0.30..0.37) leaves empty: unsure.
	EmptyStay: 0.25,
	// Six times the noise below the level; the set-down's 0.95 frame is
	// the checker, there.
	CheckerEnter: 0.85,
	// The lift's 0.68..0.73 frame leaves the checker: unsure.
	CheckerStay: 0.75,
	// Stacked magnets add a few percent; a spike beyond 1.3 is not a
	// checker.
	CheckerMax: 1.3,
	// Beyond 1.4 no magnet explains the reading: out of range.
	CheckerStayMax: 1.4,
}

// ErrThresholds is wrapped by every error Thresholds.Validate returns.
var ErrThresholds = errors.New("bad thresholds")

// Validate reports thresholds whose bands overlap or are out of order.
func (t *Thresholds) Validate() error {
	ordered := 0 < t.EmptyEnter && t.EmptyEnter <= t.EmptyStay &&
		t.EmptyStay < t.CheckerStay && t.CheckerStay <= t.CheckerEnter &&
		t.CheckerEnter < 1 && 1 < t.CheckerMax && t.CheckerMax <= t.CheckerStayMax
	if !ordered {
		return fmt.Errorf("%w: want 0 < EmptyEnter <= EmptyStay < CheckerStay <= CheckerEnter < 1 < CheckerMax <= CheckerStayMax, got %+v", ErrThresholds, *t)
	}
	return nil
}
