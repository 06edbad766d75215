package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
)

// checker is a checker on a pile, resting on its slot (seat 1) or part
// way there, being set down, lifted or slid over.
type checker struct {
	side engine.Side
	seat float64
	// off is the share of its field the slot above reads: a checker set
	// down off-centre, between its slot and the next.
	off float64
	// strength is its magnet's field against the nominal one (1): magnet
	// grade and glue depth differ from checker to checker.
	strength float64
}

// Stacked magnets add only a few percent to a slot's field.
const stackShare = 0.04

// boardStream is the PCG stream of NewBoard's random generator.
const boardStream = 0x5eed

// ErrMove is wrapped by the errors of Board.Move.
var ErrMove = errors.New("cannot move the checker")

// Board is a simulated board: checkers on points, on the bar and off, read
// by hall sensors with per-sensor calibration levels and noise. A checker
// part way down, up or sliding past reads part of its level; a stacked one
// adds a few percent to its slot's. Simulate's hand drives one, frame by
// frame through each checker's motion; "gammond -sim" moves its checkers
// at once with Move and Place and scans it with Frame. Its exported
// methods are safe for concurrent use.
type Board struct {
	mu  sync.Mutex
	geo calib.Geometry
	cal calib.Calibration
	rng *rand.Rand
	// Frame's noise: the share of sensors whose noise changes a frame,
	// and its standard deviation in counts of a 12-bit ADC.
	noiseShare, noiseCounts float64

	base  []float64    // each sensor's baseline
	gain  [][2]float64 // each sensor's White gain and Black gain
	scale float64      // counts of this ADC per count of a 12-bit one
	// points[p-1] is board point p's pile, bottom first; bar[side] is
	// side's half of the bar; trays[side] holds the magnet strengths of
	// side's checkers off the board (borne off, or not set up yet), and
	// hand[side] that of side's checker last taken up.
	points  [24][]checker
	bar     [2][]checker
	trays   [2][]float64
	hand    [2]float64
	noise   []float64 // each sensor's noise, in counts
	level   []float64 // scratch: each sensor's field, in checker levels
	reading []uint16  // what each sensor reads now
	held    []uint16  // what the trace holds for each sensor
	changed []int     // scratch: the sensors a frame changes
	// spike is the sensor reading spikeAt for one frame, -1 for none.
	spike   int
	spikeAt uint16
	// drift is each sensor's drift now, in counts of this ADC; fault is
	// each sensor's fault, if any.
	drift []float64
	fault []Fault
}

// Fault is what can be wrong with a simulated sensor.
type Fault uint8

// The faults SetFault gives a sensor.
const (
	Healthy Fault = iota
	// Dead: reads its baseline (noise and drift included) whatever stands
	// on it.
	Dead
	// Weak: a tenth of its gain, below calib.MinGain.
	Weak
	// Swapped: mounted upside down: White reads below the baseline, Black
	// above.
	Swapped
	// Noisy: eight times the board's noise.
	Noisy
	// Stuck: reads its baseline, without noise, for good: a channel that
	// never changes.
	Stuck
)

// String returns the fault's name.
func (f Fault) String() string {
	switch f {
	case Healthy:
		return "healthy"
	case Dead:
		return "dead"
	case Weak:
		return "weak"
	case Swapped:
		return "swapped polarity"
	case Noisy:
		return "noisy"
	case Stuck:
		return "stuck"
	}
	return fmt.Sprintf("Fault(%d)", uint8(f))
}

// SetFault gives sensor i the fault f (Healthy mends it). Calibration
// still returns the levels of a healthy sensor: what a calibration of the
// sensor would find were it sound.
func (b *Board) SetFault(i int, f Fault) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if i < 0 || i >= len(b.fault) {
		return fmt.Errorf("sim: no sensor %d: the board has %d", i, len(b.fault))
	}
	if f > Stuck {
		return fmt.Errorf("sim: sensor %d: %v", i, f)
	}
	b.fault[i] = f
	return nil
}

// NewBoard returns a simulated reference board (calib.ReferenceBoard) set
// up for a new game, its calibration and noise drawn from seed: the same
// seed and moves give the same frames.
func NewBoard(seed uint64) *Board { return newGameBoard(calib.ReferenceBoard, seed) }

// NewBoardOf is NewBoard for a board of geometry g (the limits of
// Opts.Board): one whose sensors count taller piles, say.
func NewBoardOf(g calib.Geometry, seed uint64) (*Board, error) {
	o := DefaultOpts
	o.Board = g
	if err := o.validate(); err != nil {
		return nil, err
	}
	return newGameBoard(g, seed), nil
}

// newGameBoard returns a board of geometry g set up for a new game.
func newGameBoard(g calib.Geometry, seed uint64) *Board {
	b := newBoard(g, rand.New(rand.NewPCG(seed, boardStream)))
	b.noiseShare, b.noiseCounts = DefaultOpts.NoiseShare, DefaultOpts.NoiseCounts
	b.stir(1, b.noiseCounts)
	start := engine.LayoutOf(&engine.StartingBoard, engine.White)
	b.place(&start)
	return b
}

// newBoard returns an empty board (every checker in its tray) of a
// geometry Opts.validate accepts, with a random calibration like the
// reference board's: baselines 1900..2200 counts, gains 480..760.
func newBoard(g calib.Geometry, rng *rand.Rand) *Board {
	n := g.Sensors()
	b := &Board{
		geo:     g,
		cal:     calib.Calibration{Board: g, Baseline: make([]uint16, n), White: make([]uint16, n), Black: make([]uint16, n)},
		rng:     rng,
		base:    make([]float64, n),
		gain:    make([][2]float64, n),
		scale:   float64(g.MaxReading()) / 4095,
		noise:   make([]float64, n),
		level:   make([]float64, n),
		reading: make([]uint16, n),
		held:    make([]uint16, n),
		changed: make([]int, 0, n),
		spike:   -1,
		trays:   [2][]float64{nominalCheckers(), nominalCheckers()},
		hand:    [2]float64{1, 1},
		drift:   make([]float64, n),
		fault:   make([]Fault, n),
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

// Move moves one of side's checkers from a board point (1..24, White's
// numbering) or engine.Bar to a board point or engine.Off, as a hand
// would: a lone opposing checker where it lands goes to the bar. Rules are
// the referee's business; only what a hand cannot do is refused, with an
// error wrapping ErrMove.
func (b *Board) Move(side engine.Side, from, to int) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	other := side.Other()
	l := b.layout()
	switch {
	case side > engine.Black:
		return fmt.Errorf("%w: no side %d", ErrMove, side)
	case from < 1 || from > engine.Bar || to < engine.Off || to > 24:
		return fmt.Errorf("%w from %d to %d: points are 1-24, %d the bar, %d off", ErrMove, from, to, engine.Bar, engine.Off)
	case l[side][from] == 0:
		return fmt.Errorf("%w: %v has no checker on %s", ErrMove, side, engine.PointName(from))
	case to != engine.Off && l[other][to] > 1:
		return fmt.Errorf("%w: %v holds %s", ErrMove, other, engine.PointName(to))
	}
	b.take(side, from)
	if to != engine.Off && l[other][to] == 1 {
		b.take(other, to)
		b.put(other, engine.Bar)
	}
	b.put(side, to)
	return nil
}

// Place puts the checkers where l says, each resting on its slot: a
// restart, an undo, a new match. It takes l as it is, rules or not, but a
// count is held to 0..engine.CheckersPerSide.
func (b *Board) Place(l engine.Layout) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.place(&l)
}

// PlaceBar puts n of side's checkers on bar half half (engine.White's
// or engine.Black's), as a calibration asks, whichever checkers were
// there before going to side's tray. A bar half holds what its slots and
// a side's checkers allow.
func (b *Board) PlaceBar(half, side engine.Side, n int) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if half > engine.Black || side > engine.Black {
		return fmt.Errorf("sim: no bar half %d or side %d", half, side)
	}
	l := b.layout()
	if n < 0 || n > b.geo.BarSlots || n > l[side][engine.Off]+countOf(b.bar[half], side) {
		return fmt.Errorf("sim: %d %v checkers on bar half %d: want 0..%d, from the tray", n, side, half, b.geo.BarSlots)
	}
	for _, c := range b.bar[half] {
		b.trays[c.side] = append(b.trays[c.side], c.strength)
	}
	b.bar[half] = b.bar[half][:0]
	for range n {
		b.bar[half] = append(b.bar[half], checker{side: side, seat: 1, strength: b.fromTray(side)})
	}
	return nil
}

// nominalCheckers returns the magnet strengths of one side's checkers,
// every one nominal.
func nominalCheckers() []float64 {
	s := make([]float64, engine.CheckersPerSide)
	for i := range s {
		s[i] = 1
	}
	return s
}

// fromTray takes one of side's checkers out of its tray and returns its
// magnet strength; the caller has checked the tray has one.
func (b *Board) fromTray(side engine.Side) float64 {
	t := b.trays[side]
	s := t[len(t)-1]
	b.trays[side] = t[:len(t)-1]
	return s
}

func countOf(pile []checker, side engine.Side) int {
	n := 0
	for _, c := range pile {
		if c.side == side {
			n++
		}
	}
	return n
}

// Layout returns where the checkers are.
func (b *Board) Layout() engine.Layout {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.layout()
}

// Frame fills dst with every sensor's reading now, in the order of the
// geometry's sensors (calib.Geometry.Sensor), a share of the sensors'
// noise drawn anew. A dst shorter than the board's sensors gets the first
// ones. Allocation budget: none.
func (b *Board) Frame(dst []uint16) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.stir(b.noiseShare, b.noiseCounts)
	b.render()
	copy(dst, b.reading)
}

// Calibration returns the levels a calibration of this board finds: its
// own copy, for calib.NewModel.
func (b *Board) Calibration() *calib.Calibration {
	b.mu.Lock()
	defer b.mu.Unlock()
	c := b.cal
	c.Baseline, c.White, c.Black = clone(c.Baseline), clone(c.White), clone(c.Black)
	return &c
}

func clone(s []uint16) []uint16 { return append([]uint16(nil), s...) }

// counts converts counts of a 12-bit ADC to this board's.
func (b *Board) counts(c float64) uint16 { return uint16(math.Round(c * b.scale)) }

// place empties the board and puts the checkers where l says, each
// side's magnets among them as they come.
func (b *Board) place(l *engine.Layout) {
	for p := range b.points {
		for _, c := range b.points[p] {
			b.trays[c.side] = append(b.trays[c.side], c.strength)
		}
		b.points[p] = b.points[p][:0]
	}
	for s := range b.bar {
		for _, c := range b.bar[s] {
			b.trays[c.side] = append(b.trays[c.side], c.strength)
		}
		b.bar[s] = b.bar[s][:0]
	}
	for s := range l {
		side := engine.Side(s)
		for p := 1; p <= engine.Bar; p++ {
			for range checkers(l[s][p]) {
				b.hand[s] = 1 // a checker the layout adds to the side's
				if len(b.trays[s]) > 0 {
					b.hand[s] = b.fromTray(side)
				}
				b.put(side, p)
			}
		}
		b.trays[s] = b.trays[s][:min(len(b.trays[s]), checkers(l[s][engine.Off]))]
		for len(b.trays[s]) < checkers(l[s][engine.Off]) {
			b.trays[s] = append(b.trays[s], 1)
		}
	}
}

// checkers holds a layout's count to what a side has.
func checkers(n int) int { return min(max(n, 0), engine.CheckersPerSide) }

// pile returns side's pile on board point p (1..24) or its half of the bar
// (engine.Bar).
func (b *Board) pile(side engine.Side, p int) *[]checker {
	if p == engine.Bar {
		return &b.bar[side]
	}
	return &b.points[p-1]
}

// sensor returns the sensor under the i-th checker of side's pile on p
// (a board point or engine.Bar): a point's k-th checker sits on slot k-1,
// its 7th stacked on slot 0 again, and so on; the bar's likewise on side's
// half.
func (b *Board) sensor(side engine.Side, p, i int) int {
	if p == engine.Bar {
		return b.geo.Sensor(calib.Place{Half: side, Slot: i % b.geo.BarSlots})
	}
	return b.geo.Sensor(calib.Place{Point: p, Slot: i % b.geo.Slots})
}

// layout returns where the checkers are.
func (b *Board) layout() engine.Layout {
	var l engine.Layout
	for p, pile := range b.points {
		for _, c := range pile {
			l[c.side][p+1]++
		}
	}
	for _, pile := range b.bar {
		for _, c := range pile {
			l[c.side][engine.Bar]++
		}
	}
	l[engine.White][engine.Off], l[engine.Black][engine.Off] = len(b.trays[engine.White]), len(b.trays[engine.Black])
	return l
}

// top returns the index of side's checker highest on its pile on p: the
// one a hand takes.
func (b *Board) top(side engine.Side, p int) (int, error) {
	pile := *b.pile(side, p)
	for i := len(pile) - 1; i >= 0; i-- {
		if pile[i].side == side {
			return i, nil
		}
	}
	return 0, fmt.Errorf("no %v checker on %s", side, engine.PointName(p))
}

// remove takes the i-th checker off side's pile on p into side's hand;
// the pile's top checker drops into its slot.
func (b *Board) remove(side engine.Side, p, i int) {
	pile := b.pile(side, p)
	last := len(*pile) - 1
	b.hand[side] = (*pile)[i].strength
	(*pile)[i] = (*pile)[last]
	(*pile)[i].off = 0 // it drops into the slot, centred
	*pile = (*pile)[:last]
}

// push sets side's checker in hand on top of its pile on p, seated that
// far down; it returns the checker's index.
func (b *Board) push(side engine.Side, p int, seat float64) int {
	pile := b.pile(side, p)
	for i := range *pile {
		(*pile)[i].off = 0 // a hand setting a checker down nudges the pile in
	}
	*pile = append(*pile, checker{side: side, seat: seat, strength: b.hand[side]})
	return len(*pile) - 1
}

// take lifts side's top checker off p (a point, the bar, or the tray at
// engine.Off) at once; the caller has checked there is one.
func (b *Board) take(side engine.Side, p int) {
	if p == engine.Off {
		b.hand[side] = b.fromTray(side)
		return
	}
	if i, err := b.top(side, p); err == nil {
		b.remove(side, p, i)
	}
}

// put sets a checker of side down on p at once.
func (b *Board) put(side engine.Side, p int) {
	if p == engine.Off {
		b.trays[side] = append(b.trays[side], b.hand[side])
		return
	}
	b.push(side, p, 1)
}

// render computes every sensor's reading from the checkers on it, its
// noise and any spike. Allocation budget: none.
func (b *Board) render() {
	clear(b.level)
	for p, pile := range b.points {
		for i, c := range pile {
			f := c.field(i >= b.geo.Slots)
			s := b.sensor(c.side, p+1, i)
			if c.off > 0 && i+1 < b.geo.Slots {
				b.level[s+1] += f * c.off
				f *= 1 - c.off
			}
			b.level[s] += f
		}
	}
	for h, pile := range b.bar {
		for i, c := range pile {
			b.level[b.sensor(engine.Side(h), engine.Bar, i)] += c.field(i >= b.geo.BarSlots)
		}
	}
	top := float64(b.geo.MaxReading())
	for s, lv := range b.level {
		noise := b.noise[s]
		switch b.fault[s] {
		case Dead:
			lv = 0
		case Weak:
			lv *= 0.1
		case Swapped:
			lv = -lv
		case Noisy:
			noise *= 8
		case Stuck:
			lv, noise = 0, 0
		}
		gain := b.gain[s][0]
		if lv < 0 {
			gain = b.gain[s][1]
		}
		r := b.base[s] + b.drift[s] + lv*gain + noise*b.scale
		b.reading[s] = uint16(min(max(r, 0), top) + 0.5)
	}
	if b.spike >= 0 {
		b.reading[b.spike] = b.spikeAt
	}
}

// field returns what a checker adds to its slot's reading, in checker
// levels: White's up, Black's down, a stacked one's a few percent, each
// as strong as its magnet.
func (c checker) field(stacked bool) float64 {
	f := c.seat * c.strength
	if stacked {
		f *= stackShare
	}
	if c.side == engine.Black {
		return -f
	}
	return f
}

// diff records the sensors whose reading differs from what the trace
// holds, and holds the new readings.
func (b *Board) diff() []int {
	b.changed = b.changed[:0]
	for s, r := range b.reading {
		if r != b.held[s] {
			b.changed = append(b.changed, s)
			b.held[s] = r
		}
	}
	return b.changed
}

// stir draws new noise of standard deviation sd for each sensor with the
// chance share, skipping from one sensor stirred to the next by a
// geometric draw rather than drawing for every sensor.
func (b *Board) stir(share, sd float64) {
	if share <= 0 {
		return
	}
	n := len(b.noise)
	rate := -math.Log1p(-min(share, 1)) // +Inf at 1: no sensor skipped
	skip := func() int { return int(min(b.rng.ExpFloat64()/rate, float64(n))) }
	for s := skip(); s < n; s += 1 + skip() {
		b.noise[s] = max(-3*sd, min(3*sd, b.rng.NormFloat64()*sd))
	}
}

// Scan reads the board's sensors into src every period, as a scanner does,
// until ctx is done: gammond -sim's board, and tests of the daemon's.
func (b *Board) Scan(ctx context.Context, src *sensing.Live, every time.Duration) {
	frame := make([]uint16, b.geo.Sensors())
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case at := <-tick.C:
			b.Frame(frame)
			src.Frame(at, frame)
		case <-ctx.Done():
			return
		}
	}
}
