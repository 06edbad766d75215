package sim

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gammond/calib"
	"gammond/engine"
)

// place is where a checker can be: a board point (places 0..23 are board
// points 1..24, White's numbering), a side's half of the bar, or off the
// board (borne off, or not yet set up: the side's tray, not sensed).
type place int8

const (
	barWhite place = 24 // White's half of the bar: bar half 0
	barBlack place = 25 // Black's half: bar half 1
	off      place = 26 // the trays
	places         = 27
)

// pointPlace returns the place of board point p (1..24).
func pointPlace(p int) place { return place(p - 1) }

// barPlace returns the bar half where side's hit checkers go.
func barPlace(s engine.Side) place { return barWhite + place(s) }

// placeOf returns the place of a side's own point p (1..24, engine.Bar or
// engine.Off).
func placeOf(s engine.Side, p int) place {
	switch p {
	case engine.Bar:
		return barPlace(s)
	case engine.Off:
		return off
	}
	return pointPlace(engine.BoardPoint(s, p))
}

// row returns which side of the board a point is on (board points 1..12
// or 13..24), and -1 for the bar and the trays: a checker slides only
// along a row.
func (p place) row() int {
	if p >= barWhite {
		return -1
	}
	return int(p) / 12
}

func (p place) String() string {
	switch p {
	case barWhite, barBlack:
		return fmt.Sprintf("bar half %d", p-barWhite)
	case off:
		return "off"
	}
	return fmt.Sprintf("point %d", p+1)
}

// layout counts each colour's checkers on each place.
type layout [places][2]int

// layoutOf returns where a board's checkers are, its side on roll being of
// colour onRoll.
func layoutOf(b *engine.Board, onRoll engine.Side) layout {
	var l layout
	white, black := b.Colours(onRoll)
	for s, h := range [2]*engine.Half{white, black} {
		side := engine.Side(s)
		for p := 1; p <= 24; p++ {
			l[placeOf(side, p)][s] = h.On(p)
		}
		l[barPlace(side)][s] = h.On(engine.Bar)
		l[off][s] = h.BorneOff()
	}
	return l
}

// emptyLayout has every checker in its tray: the board before a match.
var emptyLayout = layout{off: {engine.CheckersPerSide, engine.CheckersPerSide}}

// checker is a checker on a place, resting on its slot (seat 1) or part
// way there, being set down or lifted.
type checker struct {
	side engine.Side
	seat float64
}

// Stacked magnets add only a few percent to a slot's field.
const stackShare = 0.04

// board is the virtual board: where the checkers are, each sensor's
// calibration, and what each sensor reads.
type board struct {
	geo     calib.Geometry
	cal     calib.Calibration
	base    []float64    // each sensor's baseline
	gain    [][2]float64 // each sensor's White gain and Black gain
	scale   float64      // counts of this ADC per count of a 12-bit one
	piles   [off][]checker
	trays   [2]int
	noise   []float64 // each sensor's noise, in counts
	level   []float64 // scratch: each sensor's field, in checker levels
	reading []uint16  // what each sensor reads now
	held    []uint16  // what the trace holds for each sensor
	changed []int     // scratch: the sensors a frame changes
	// spike is the sensor reading spikeAt for one frame, -1 for none.
	spike   int
	spikeAt uint16
}

// newBoard returns an empty board of the geometry with a random
// calibration like the reference board's.
func newBoard(g calib.Geometry, rng *rand.Rand) *board {
	n := g.Sensors()
	b := &board{
		geo:     g,
		cal:     calib.Calibration{Board: g, Baseline: make([]uint16, n), White: make([]uint16, n), Black: make([]uint16, n)},
		base:    make([]float64, n),
		gain:    make([][2]float64, n),
		scale:   float64(g.MaxReading()) / 4095,
		noise:   make([]float64, n),
		level:   make([]float64, n),
		reading: make([]uint16, n),
		held:    make([]uint16, n),
		changed: make([]int, 0, n),
		spike:   -1,
		trays:   [2]int{engine.CheckersPerSide, engine.CheckersPerSide},
	}
	for i := range n {
		base := b.counts(1900 + 300*rng.Float64())
		b.cal.Baseline[i] = base
		b.cal.White[i] = base + b.counts(480+280*rng.Float64())
		b.cal.Black[i] = base - b.counts(480+280*rng.Float64())
		b.base[i] = float64(base)
		b.gain[i] = [2]float64{float64(b.cal.White[i] - base), float64(base - b.cal.Black[i])}
	}
	return b
}

// counts converts counts of a 12-bit ADC to this board's.
func (b *board) counts(c float64) uint16 { return uint16(math.Round(c * b.scale)) }

// slots returns how many sensed slots a place has.
func (b *board) slots(p place) int {
	if p >= barWhite {
		return b.geo.BarSlots
	}
	return b.geo.Slots
}

// sensor returns the sensor under the i-th checker of a place.
func (b *board) sensor(p place, i int) int {
	if p >= barWhite {
		return b.geo.Points*b.geo.Slots + int(p-barWhite)*b.geo.BarSlots + i%b.geo.BarSlots
	}
	return int(p)*b.geo.Slots + i%b.geo.Slots
}

// layout returns where the checkers are.
func (b *board) layout() layout {
	var l layout
	for p, pile := range b.piles {
		for _, c := range pile {
			l[p][c.side]++
		}
	}
	l[off] = b.trays
	return l
}

// top returns the index of side's checker highest on a place's pile: the
// one a hand takes.
func (b *board) top(p place, side engine.Side) (int, error) {
	pile := b.piles[p]
	for i := len(pile) - 1; i >= 0; i-- {
		if pile[i].side == side {
			return i, nil
		}
	}
	return 0, fmt.Errorf("no %v checker on %v", side, p)
}

// remove takes the i-th checker off a place's pile; the pile's top checker
// drops into its slot.
func (b *board) remove(p place, i int) {
	pile := b.piles[p]
	last := len(pile) - 1
	pile[i] = pile[last]
	b.piles[p] = pile[:last]
}

// render computes every sensor's reading from the checkers on it, its
// noise and any spike. Allocation budget: none.
func (b *board) render() {
	clear(b.level)
	for p := range b.piles {
		n := b.slots(place(p))
		for i, c := range b.piles[p] {
			share := c.seat
			if i >= n {
				share *= stackShare
			}
			if c.side == engine.Black {
				share = -share
			}
			b.level[b.sensor(place(p), i)] += share
		}
	}
	top := float64(b.geo.MaxReading())
	for s, lv := range b.level {
		gain := b.gain[s][0]
		if lv < 0 {
			gain = b.gain[s][1]
		}
		r := b.base[s] + lv*gain + b.noise[s]*b.scale
		b.reading[s] = uint16(min(max(r, 0), top) + 0.5)
	}
	if b.spike >= 0 {
		b.reading[b.spike] = b.spikeAt
	}
}

// diff records the sensors whose reading differs from what the trace
// holds, and holds the new readings.
func (b *board) diff() []int {
	b.changed = b.changed[:0]
	for s, r := range b.reading {
		if r != b.held[s] {
			b.changed = append(b.changed, s)
			b.held[s] = r
		}
	}
	return b.changed
}

// stir draws new noise for each sensor with the chance share, skipping
// from one sensor stirred to the next by a geometric draw rather than
// drawing for every sensor.
func (b *board) stir(rng *rand.Rand, share, sd float64) {
	if share <= 0 {
		return
	}
	n := len(b.noise)
	rate := -math.Log1p(-min(share, 1)) // +Inf at 1: no sensor skipped
	skip := func() int { return int(min(rng.ExpFloat64()/rate, float64(n))) }
	for s := skip(); s < n; s += 1 + skip() {
		b.noise[s] = max(-3*sd, min(3*sd, rng.NormFloat64()*sd))
	}
}
