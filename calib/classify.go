package calib

import (
	"errors"
	"fmt"
	"math"

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

// span is an inclusive range of readings.
type span struct{ lo, hi uint16 }

func (s span) has(r uint16) bool { return s.lo <= r && r <= s.hi }

// bands are one sensor's Thresholds in ADC counts.
type bands struct {
	emptyEnter, emptyStay span
	whiteEnter, whiteStay span
	blackEnter, blackStay span
	inRange               span // readings a slot can give: not out of range
}

func newBands(base, white, black, max int, t *Thresholds) bands {
	gw, gb := float64(white-base), float64(base-black)
	// at is the reading a fraction f of the way to a level, kept off the
	// ADC's rails: a railed reading is a fault, never a class.
	at := func(f float64) uint16 {
		r := math.Round(float64(base) + f)
		return uint16(math.Min(math.Max(r, 1), float64(max-1)))
	}
	return bands{
		emptyEnter: span{at(-t.EmptyEnter * gb), at(t.EmptyEnter * gw)},
		emptyStay:  span{at(-t.EmptyStay * gb), at(t.EmptyStay * gw)},
		whiteEnter: span{at(t.CheckerEnter * gw), at(t.CheckerMax * gw)},
		whiteStay:  span{at(t.CheckerStay * gw), at(t.CheckerStayMax * gw)},
		blackEnter: span{at(-t.CheckerMax * gb), at(-t.CheckerEnter * gb)},
		blackStay:  span{at(-t.CheckerStayMax * gb), at(-t.CheckerStay * gb)},
		inRange:    span{at(-t.CheckerStayMax * gb), at(t.CheckerStayMax * gw)},
	}
}

// classify returns the class of reading r for a slot that had class prev.
func (b *bands) classify(r uint16, prev Class) Class {
	switch {
	case prev == Empty && b.emptyStay.has(r),
		prev == WhiteChecker && b.whiteStay.has(r),
		prev == BlackChecker && b.blackStay.has(r):
		return prev
	case b.emptyEnter.has(r):
		return Empty
	case b.whiteEnter.has(r):
		return WhiteChecker
	case b.blackEnter.has(r):
		return BlackChecker
	}
	return Unsure
}

// Classifier reads frames into occupancies, one board's worth of slots at a
// time. It keeps each slot's class between frames for hysteresis, so it
// must see every frame of one board, in order. It is not safe for
// concurrent use.
type Classifier struct {
	board Geometry
	bands []bands
	class []Class
}

// NewClassifier returns a Classifier for the calibrated board, with the
// DefaultThresholds when t is nil. Every slot starts unsure.
func NewClassifier(c *Calibration, t *Thresholds) (*Classifier, error) {
	if t == nil {
		t = &DefaultThresholds
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	n, max := c.Board.Sensors(), c.Board.MaxReading()
	cl := &Classifier{board: c.Board, bands: make([]bands, n), class: make([]Class, n)}
	for i := range n {
		cl.bands[i] = newBands(int(c.Baseline[i]), int(c.White[i]), int(c.Black[i]), max, t)
	}
	return cl, nil
}

// ErrFrameLength is wrapped by the error Classify returns for a frame that
// does not have one reading per sensor.
var ErrFrameLength = errors.New("frame length differs from the board's sensors")

// Classify reads a frame (one reading per sensor, in sensor order) into o,
// which it overwrites, and updates every slot's class. A point's count for a
// side is the number of its slots that side's checkers cover, the stack's
// bottom checker giving a slot its colour.
//
// Classify is on the per-frame path: it allocates nothing
// (BenchmarkClassify).
func (c *Classifier) Classify(frame []uint16, o *engine.Occupancy) error {
	if len(frame) != len(c.class) {
		return fmt.Errorf("%w: %d readings, want %d", ErrFrameLength, len(frame), len(c.class))
	}
	*o = engine.Occupancy{SlotsPerPoint: uint8(c.board.Slots), SlotsPerBarHalf: uint8(c.board.BarSlots)}
	i := 0
	for p := range o.Points {
		i = c.count(frame, i, c.board.Slots, &o.Points[p], &o.Unsure)
	}
	for h := range o.Bar {
		i = c.count(frame, i, c.board.BarSlots, &o.Bar[h], &o.Unsure)
	}
	return nil
}

// count classifies the n slots of one point or bar half, starting at sensor
// i, into covered; it returns the next sensor.
func (c *Classifier) count(frame []uint16, i, n int, covered *[2]uint8, unsure *uint8) int {
	for end := i + n; i < end; i++ {
		cl := c.bands[i].classify(frame[i], c.class[i])
		c.class[i] = cl
		if side, ok := cl.Side(); ok {
			covered[side]++
		} else if cl == Unsure && *unsure < math.MaxUint8 {
			*unsure++
		}
	}
	return i
}

// Class returns the class sensor i's slot had at the last Classify.
func (c *Classifier) Class(i int) Class {
	if i < 0 || i >= len(c.class) {
		return Unsure
	}
	return c.class[i]
}

// Board returns the geometry the Classifier reads.
func (c *Classifier) Board() Geometry { return c.board }

// Reset forgets every slot's class, as after a gap in the frames: the next
// frame is read without hysteresis.
func (c *Classifier) Reset() { clear(c.class) }
