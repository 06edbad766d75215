package calib

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"gammond/engine"
)

// Arrangement is one step of the calibration procedure: where a person
// puts the checkers, on board points 1..24 (Points[p-1]) and on each bar
// half (either colour on either half). The empty one is the empty board.
type Arrangement struct {
	Points [24]Stack
	Bar    [2]Stack
}

// Stack is N checkers of Side on one point or bar half.
type Stack struct {
	Side engine.Side
	N    int
}

// String says where the checkers go, for the person placing them:
// "empty board" or "White: 6 on point 1, 6 on point 2; Black: ...".
func (a *Arrangement) String() string {
	var parts []string
	for _, side := range []engine.Side{engine.White, engine.Black} {
		var where []string
		for p, s := range a.Points {
			if s.N > 0 && s.Side == side {
				where = append(where, fmt.Sprintf("%d on point %d", s.N, p+1))
			}
		}
		for h, s := range a.Bar {
			if s.N > 0 && s.Side == side {
				where = append(where, fmt.Sprintf("%d on the bar's %s half", s.N, engine.Side(h)))
			}
		}
		if len(where) > 0 {
			parts = append(parts, fmt.Sprintf("%s: %s", side, strings.Join(where, ", ")))
		}
	}
	if len(parts) == 0 {
		return "empty board"
	}
	return strings.Join(parts, "; ")
}

// onSlot returns the checkers a puts on sensor i's slot of g: a pile
// fills its slots from slot 0, then stacks from it again.
func (a *Arrangement) onSlot(g Geometry, i int) Stack {
	pl := g.Place(i)
	s, slots := a.Bar[pl.Half], g.BarSlots
	if pl.Point > 0 {
		s, slots = a.Points[pl.Point-1], g.Slots
	}
	if s.N <= pl.Slot {
		return Stack{}
	}
	return Stack{s.Side, (s.N - pl.Slot + slots - 1) / slots} // the checkers k ≡ Slot (mod slots)
}

// reads names what a slot under s reads: "empty", "White" or "Black".
func (s Stack) reads() string {
	if s.N == 0 {
		return "empty"
	}
	return s.Side.String()
}

// Plan returns the procedure's arrangements for g after the empty board:
// each colour's checkers fill whole points and bar halves, the two
// colours on opposite sides of the board, so that every slot is covered
// once by each colour. On the reference board: 14 arrangements.
func Plan(g Geometry) []Arrangement {
	per := max(engine.CheckersPerSide/g.Slots, 1)
	var plan []Arrangement
	for first := 0; first < g.Points; first += per {
		var a Arrangement
		for k := first; k < min(first+per, g.Points); k++ {
			a.Points[k] = Stack{engine.White, g.Slots}
			a.Points[(k+g.Points/2)%g.Points] = Stack{engine.Black, g.Slots}
		}
		plan = append(plan, a)
	}
	if g.BarSlots > 0 {
		plan = append(plan,
			Arrangement{Bar: [2]Stack{{engine.White, g.BarSlots}, {engine.Black, g.BarSlots}}},
			Arrangement{Bar: [2]Stack{{engine.Black, g.BarSlots}, {engine.White, g.BarSlots}}})
	}
	return plan
}

// Measurement is the calibration procedure's findings for one sensor.
type Measurement struct {
	Sensor int
	Place  Place
	// Baseline, White and Black are the mean readings empty and with one
	// checker of each colour; Noise the readings' standard deviation
	// within a step, pooled over the steps.
	Baseline, White, Black float64
	Noise                  float64
	// Problem is what is wrong with the sensor, "" for nothing: "dead",
	// "weak", "swapped polarity" or "noisy".
	Problem string
}

// String names the sensor, its levels and its problem.
func (m Measurement) String() string {
	s := fmt.Sprintf("%s (sensor %d): baseline %.0f, White %+.0f, Black %+.0f, noise %.1f",
		m.Place, m.Sensor, m.Baseline, m.White-m.Baseline, m.Black-m.Baseline, m.Noise)
	if m.Problem != "" {
		s += ": " + m.Problem
	}
	return s
}

// ErrMeasure is wrapped by the errors of Measurer.
var ErrMeasure = errors.New("calibration refused")

// Measurer accumulates the calibration procedure's frames: the empty
// board (Empty), each arrangement of Plan (Arranged), then Result.
type Measurer struct {
	board Geometry
	empty []tally    // each sensor's step means with its slot empty
	one   [][2]tally // with one checker of each colour on it
	// variance sums each sensor's variance over the steps.
	variance []float64
	steps    int
	seen     []bool // the sensor's reading changed at least once
	first    []uint16
	base     []float64
}

// tally adds up a sensor's step means of one level.
type tally struct {
	sum float64
	n   int
}

func (t *tally) add(r float64) { t.sum += r; t.n++ }

func (t tally) mean() float64 { return t.sum / float64(t.n) }

// NewMeasurer returns a Measurer for a board of geometry g.
func NewMeasurer(g Geometry) (*Measurer, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	n := g.Sensors()
	return &Measurer{board: g, empty: make([]tally, n), one: make([][2]tally, n),
		variance: make([]float64, n), seen: make([]bool, n)}, nil
}

// Empty takes the frames of the empty board. It refuses a board whose
// sensors do not all read alike (a checker left on it, or a sensor far
// from the others), naming them, and leaves the Measurer as it was.
func (m *Measurer) Empty(frames [][]uint16) error {
	mean, variance, err := m.step(frames)
	if err != nil {
		return err
	}
	mid := slices.Sorted(slices.Values(mean))[len(mean)/2] // the median
	limit := 0.5 * nominalGain * m.board.scale()
	var off []string
	for i, r := range mean {
		if math.Abs(r-mid) > limit {
			off = append(off, fmt.Sprintf("%s reads %.0f, the others about %.0f", m.board.Place(i), r, mid))
		}
	}
	if len(off) > 0 {
		return fmt.Errorf("%w: the board is not empty: %s: clear it and start again", ErrMeasure, strings.Join(off, "; "))
	}
	m.base = mean
	m.take(&Arrangement{}, frames, mean, variance)
	return nil
}

// Arranged takes the frames of the board set up as a. It refuses a board
// with more than three slots reading what a does not put there (one or
// two are faulty sensors, which Result names), leaving the Measurer as it was.
func (m *Measurer) Arranged(a *Arrangement, frames [][]uint16) error {
	if m.base == nil {
		return fmt.Errorf("%w: the empty board comes first", ErrMeasure)
	}
	mean, variance, err := m.step(frames)
	if err != nil {
		return err
	}
	minGain := MinGain * m.board.scale()
	var wrong []string
	for i, r := range mean {
		var got Stack
		switch d := r - m.base[i]; {
		case d >= minGain:
			got = Stack{engine.White, 1}
		case d <= -minGain:
			got = Stack{engine.Black, 1}
		}
		if want := a.onSlot(m.board, i); got.reads() != want.reads() {
			wrong = append(wrong, fmt.Sprintf("%s reads %s, want %s", m.board.Place(i), got.reads(), want.reads()))
		}
	}
	if len(wrong) > 3 {
		return fmt.Errorf("%w: the board does not show %s: %s", ErrMeasure, a, strings.Join(wrong[:4], "; "))
	}
	m.take(a, frames, mean, variance)
	return nil
}

// step checks a step's frames and returns each sensor's mean and
// variance, for take once the step is taken: a step refused leaves none.
func (m *Measurer) step(frames [][]uint16) (mean, variance []float64, err error) {
	n := m.board.Sensors()
	if len(frames) < 2 {
		return nil, nil, fmt.Errorf("%w: %d frames in a step, want 2 or more", ErrMeasure, len(frames))
	}
	mean, variance = make([]float64, n), make([]float64, n)
	for k, f := range frames {
		if len(f) != n {
			return nil, nil, fmt.Errorf("%w: frame %d: %d readings, want %d", ErrFrameLength, k, len(f), n)
		}
		for i, r := range f {
			mean[i] += float64(r)
		}
	}
	for i := range mean {
		mean[i] /= float64(len(frames))
		for _, f := range frames {
			variance[i] += sq(float64(f[i]) - mean[i])
		}
		variance[i] /= float64(len(frames) - 1)
	}
	return mean, variance, nil
}

// take notes the step of the board set up as a: each sensor's level and
// variance, and whether it changed.
func (m *Measurer) take(a *Arrangement, frames [][]uint16, mean, variance []float64) {
	if m.first == nil {
		m.first = slices.Clone(frames[0])
	}
	for _, f := range frames {
		for i, r := range f {
			m.seen[i] = m.seen[i] || r != m.first[i]
		}
	}
	for i, r := range mean {
		m.variance[i] += variance[i]
		switch on := a.onSlot(m.board, i); on.N {
		case 0:
			m.empty[i].add(r)
		case 1:
			m.one[i][on.Side].add(r)
		}
	}
	m.steps++
}

// Result returns every sensor's measurement, and the calibration unless a
// sensor is dead, weak or of swapped polarity (its levels would lie: nil
// until it is mended); a noisy one is named but calibrated. It refuses a
// procedure left unfinished and a sensor that never changed.
func (m *Measurer) Result() ([]Measurement, *Calibration, error) {
	g := m.board
	n := g.Sensors()
	var stuck []string
	for i := range n {
		if !m.seen[i] {
			stuck = append(stuck, g.Place(i).String())
		}
	}
	if len(stuck) > 0 {
		return nil, nil, fmt.Errorf("%w: never changed, whatever was on it: %s: check its wiring", ErrMeasure, strings.Join(stuck, ", "))
	}
	ms := make([]Measurement, n)
	noise := make([]float64, n)
	for i, v := range m.variance {
		noise[i] = math.Sqrt(v / float64(max(m.steps, 1)))
	}
	sorted := slices.Sorted(slices.Values(noise))
	noisy := max(3*sorted[n/2], 8*g.scale())
	minGain := MinGain * g.scale()
	cal := &Calibration{Board: g, Baseline: make([]uint16, n), White: make([]uint16, n), Black: make([]uint16, n), Noise: make([]float64, n)}
	whole := true
	for i := range n {
		white, black := m.one[i][engine.White], m.one[i][engine.Black]
		if min(m.empty[i].n, white.n, black.n) == 0 {
			return nil, nil, fmt.Errorf("%w: %s was not measured empty and under each colour: finish the procedure", ErrMeasure, g.Place(i))
		}
		me := Measurement{Sensor: i, Place: g.Place(i), Noise: noise[i],
			Baseline: m.empty[i].mean(), White: white.mean(), Black: black.mean()}
		gw, gb := me.White-me.Baseline, me.Baseline-me.Black
		switch {
		case math.Abs(gw) < minGain/4 && math.Abs(gb) < minGain/4:
			me.Problem = "dead" // a quarter of MinGain: a few times the noise
		case gw <= -minGain && gb <= -minGain:
			me.Problem = "swapped polarity"
		case gw < minGain || gb < minGain:
			me.Problem = "weak"
		case me.Noise > noisy:
			me.Problem = "noisy"
		}
		if me.Problem != "" && me.Problem != "noisy" {
			whole = false
		}
		cal.Baseline[i], cal.White[i], cal.Black[i] = level(me.Baseline), level(me.White), level(me.Black)
		cal.Noise[i] = noiseFigure(me.Noise)
		ms[i] = me
	}
	if !whole || cal.Validate() != nil {
		return ms, nil, nil
	}
	return ms, cal, nil
}

// noiseFigure rounds a measured noise to a tenth of a count, no less than
// an ADC's own rounding gives (0.3 counts), even where every frame read alike.
func noiseFigure(sd float64) float64 { return math.Round(max(sd, 0.3)*10) / 10 }

// level rounds a mean reading to a level.
func level(r float64) uint16 { return uint16(math.Round(max(r, 0))) }
